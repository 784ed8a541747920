/**
 * The variables each component takes in a stack file, in the spec's snake_case names, with the
 * camelCase argument each one maps to. Derived from the component definitions
 * (`components/<component>/definition.ts`), where each argument is declared once. Pure data.
 */
import type { ArgDefinition, ComponentDefinition, VarType } from "../components/kit/definition";
import { specOutputs } from "../components/kit/definition";
import { LABEL_ARGS } from "../components/kit/labelArgs";
import { COMPONENT_DEFINITIONS } from "../components/registry";

export type { VarType };
/** A value as a stack file writes it (declared in the kit, where object outputs use it too). */
export { stackFileValue } from "../components/kit/stackFileValue";

/** One variable a component takes. */
export interface VarSpec {
    /** The camelCase argument of the component's TypeScript API that this variable sets. */
    readonly arg: string;
    /** The variable's type; a value of another type is refused. */
    readonly type: VarType;
    /** True when the component cannot be created without it. */
    readonly required?: boolean;
    /** The default, as written in the guides (prose, not a value). */
    readonly default: string;
    /** The values allowed, when the set is closed. */
    readonly allowed?: readonly (string | number)[];
    /** One line for the guides' reference. */
    readonly description: string;
}

/** A component as the stack file sees it. */
export interface ComponentSchema {
    /** The component path of `metadata.component`. */
    readonly path: string;
    /** Every variable the component takes, by snake_case name (context variables included). */
    readonly vars: Readonly<Record<string, VarSpec>>;
    /** Original Cloud Posse variable names accepted with a warning, mapped to the spec's name. */
    readonly aliases: Readonly<Record<string, string>>;
    /** The spec's snake_case output names, mapped to the component's camelCase outputs. */
    readonly outputs: Readonly<Record<string, string>>;
    /** The definition this schema is derived from. */
    readonly definition: ComponentDefinition;
}

function varSpec(arg: string, spec: ArgDefinition): VarSpec {
    return {
        arg,
        type: spec.type,
        ...(spec.required ? { required: true } : {}),
        default: spec.defaultText,
        ...(spec.allowed ? { allowed: spec.allowed } : {}),
        description: spec.doc,
    };
}

function varsOf(args: object): Record<string, VarSpec> {
    const vars: Record<string, VarSpec> = {};
    for (const [arg, spec] of Object.entries(args as Readonly<Record<string, ArgDefinition>>)) {
        vars[spec.var] = varSpec(arg, spec);
    }
    return vars;
}

/** The stack-file view of a component definition. */
export function schemaOf(definition: ComponentDefinition): ComponentSchema {
    const aliases: Record<string, string> = {};
    for (const spec of Object.values(definition.args as Readonly<Record<string, ArgDefinition>>)) {
        for (const alias of spec.aliases ?? []) aliases[alias] = spec.var;
    }
    return {
        path: definition.path,
        vars: Object.freeze(varsOf(definition.args as object)),
        aliases: Object.freeze(aliases),
        outputs: Object.freeze(specOutputs(definition)),
        definition,
    };
}

/** The label (null-label 0.25.0 `context.tf`) variables every component takes. */
export const CONTEXT_VARS: Readonly<Record<string, VarSpec>> = Object.freeze(varsOf(LABEL_ARGS));

/** Every component a stack file may name in `metadata.component`, by path (from the component list). */
export const COMPONENT_SCHEMAS: Readonly<Record<string, ComponentSchema>> = Object.freeze(
    Object.fromEntries(COMPONENT_DEFINITIONS.map((definition) => [definition.path, schemaOf(definition)])),
);
