/**
 * The program behind `pulumi up` and `npm run synth`: validates every instance of a loaded stack file before the first
 * resource is registered, creates them, and returns their outputs under the spec's snake_case names.
 */
import * as pulumi from "@pulumi/pulumi";
import { NameRegistry } from "../components/kit/collisions";
import { stackVarNaming } from "../components/kit/definition";
import { ComponentArgsError, type ArgProblem, type FieldNamer } from "../components/kit/errors";
import { markArgsWarningsReported, markWarningsReported } from "../components/kit/common";
import { specOutputsOf, type ComponentKit, type PreparedInstance } from "../components/kit/kit";
import { isDeployTimeReference } from "../components/kit/deployTime";
import { deployTimeValue, programReadArgs } from "./deployTimeValues";
import { COMPONENT_KITS, kitOf } from "../components/kits";
import { COMPONENT_DEFINITIONS } from "../components/registry";
import type { ComponentDefinition } from "../components/kit/definition";
import type { LoadedStack, StackInstance } from "../stack";
import { formatLocation, type SourceLocation } from "../stack/errors";
import { formatPath, hasValue, type ReportedProblem } from "../util/problem";
import type { ComponentSchema } from "../stack/schema";
import { CloudposseError } from "../util/errors";

export type { PreparedInstance } from "../components/kit/kit";

/**
 * The names under which the program exports outputs that are not the spec's, for the guards of its
 * next run (each definition's `deployment` outputs, e.g. `logs_log_group_retained`).
 */
export const DEPLOYMENT_OUTPUTS: ReadonlySet<string> = new Set(
    COMPONENT_DEFINITIONS.flatMap((definition: ComponentDefinition) =>
        Object.values(definition.outputs).flatMap((output) =>
            output.deployment !== undefined ? [output.deployment] : [],
        ),
    ),
);

/** The outputs of every instance: instance name, then the spec's output name. */
export type StackOutputs = Record<string, Record<string, pulumi.Output<unknown> | undefined>>;

/** Invalid vars in a stack file, every instance's problems at once, named as stack-file vars. */
export class StackVarsError extends CloudposseError<StackVarProblem> {
    /** The first problem's code. */
    readonly code: string;

    constructor(
        /** The stack file. */
        readonly file: string,
        /** One error per invalid instance, its fields named as the stack file's vars. */
        readonly errors: readonly ComponentArgsError[],
        message: string,
        /** Every problem, in the package's one model, with its instance and where its var is written. */
        problems: readonly StackVarProblem[],
    ) {
        super(message, problems);
        this.name = "StackVarsError";
        this.code = problems[0]?.code ?? errors[0]?.code ?? "INVALID_VARS";
    }
}

/** One invalid var of a stack file: the problem (code, path, rule, value), its instance and its place. */
export interface StackVarProblem extends ReportedProblem {
    /** The component path. */
    readonly component: string;
    /** The instance. */
    readonly instance: string;
    /** Where the var is written (the instance's key for a var left unset). */
    readonly location: SourceLocation;
    /** The path in the stack file's words: `context.label_key_case`, `tags["OwnerTeam"]`. */
    readonly field: string;
    /** The line of the error's message for this problem. */
    readonly message: string;
}

/** Names a problem's fields as the stack file's vars (`context.label_key_case`, `tags["OwnerTeam"]`), by table. */
export function stackVarNamer(schema: ComponentSchema): FieldNamer {
    return stackVarNaming(schema.definition);
}

function kindOf(instance: StackInstance, kits: readonly ComponentKit[]): ComponentKit {
    const kind = kitOf(instance.component, kits);
    if (!kind) {
        throw new Error(`"${instance.name}": component "${instance.component}" has no implementation`);
    }
    return kind;
}

/** Where a problem's var is written in the stack file, else the instance's key (a var left unset). */
function varLocation(instance: StackInstance, problem: ArgProblem, namer: FieldNamer): SourceLocation {
    const head = problem.path[0];
    const varName = typeof head === "string" ? namer.field(head, []) : undefined;
    return (varName !== undefined ? instance.varLocations[varName] : undefined) ?? instance.location;
}

/**
 * A component's problem or warning in stack-file terms, at its var:
 * `file:line:column: <component> "<instance>" (stack <atmos stack>): <var> ...`. The Atmos stack is
 * named when an atmos.yaml governs the stack, as the loader's messages do.
 */
function renderAtVar(
    component: string,
    instance: StackInstance,
    problem: ArgProblem,
    namer: FieldNamer,
    atmosStack: string | undefined,
): string {
    const within = atmosStack === undefined ? undefined : `stack ${atmosStack}`;
    const text = ComponentArgsError.render(component, instance.name, [problem], namer, within);
    return `${formatLocation(varLocation(instance, problem, namer))}: ${text}`;
}

/**
 * Validates every instance (registering nothing); returns how to create each, in order. `kits`:
 * the components it knows (every component of the list by default).
 * @throws StackVarsError with every problem of every instance, in stack-file vocabulary.
 */
export function prepareStack(stack: LoadedStack, kits: readonly ComponentKit[] = COMPONENT_KITS): PreparedInstance[] {
    const errors: ComponentArgsError[] = [];
    const lines: string[] = [];
    const problems: StackVarProblem[] = [];
    const prepared: PreparedInstance[] = [];
    // Names two instances would both use (same log group, rule, SSM parameter, ...), checked once
    // every instance is valid on its own.
    const registry = new NameRegistry();
    for (const instance of stack.instances) {
        try {
            const kit = kindOf(instance, kits);
            // Deploy-time values the program reads (a Terraform state, a Pulumi stack, an SSM
            // parameter): unknown while validating, so every check on a known value runs now.
            const later = programReadArgs(instance, kit.definition);
            const args: Record<string, unknown> = { ...instance.args };
            for (const arg of later) args[arg] = pulumi.unknown;
            const checked = kit.prepare(instance.name, args);
            const ready =
                later.length === 0 ? checked : { ...checked, create: readingLater(instance, kit, checked.warnings) };
            const collisions = registry.claim(
                { component: instance.component, instance: instance.name, where: formatLocation(instance.location) },
                ready.claims,
            );
            if (collisions.length > 0) {
                throw new ComponentArgsError(instance.component, instance.name, collisions);
            }
            prepared.push(ready);
        } catch (error) {
            if (!(error instanceof ComponentArgsError)) {
                throw error;
            }
            const namer = stackVarNamer(instance.schema);
            errors.push(error.withFieldNames(namer));
            // Each problem where its var is written (the instance's key for a var left unset).
            for (const problem of error.problems) {
                const line = renderAtVar(error.component, instance, problem, namer, stack.atmosStack);
                lines.push(line);
                problems.push({
                    code: problem.code,
                    path: problem.path,
                    rule: problem.rule,
                    ...(hasValue(problem) ? { value: problem.value } : {}),
                    ...(problem.detail !== undefined ? { detail: problem.detail } : {}),
                    component: error.component,
                    instance: error.instance,
                    location: varLocation(instance, problem, namer),
                    field: formatPath(problem.path, namer),
                    message: line,
                });
            }
        }
    }
    if (errors.length > 0) {
        throw new StackVarsError(stack.file, errors, lines.join("\n"), problems);
    }
    return prepared;
}

/**
 * How an instance given deploy-time values is created: through its component's TypeScript path
 * (`new Component(name, args)`), every such value an Output read at deploy time
 * (program/deployTimeValues.ts), checked once known with the same rule and message. Its known
 * values were validated with the stack's, before anything was registered.
 */
function readingLater(
    instance: StackInstance,
    kit: ComponentKit,
    warnings: readonly ArgProblem[],
): PreparedInstance["create"] {
    return (opts) => {
        const args: Record<string, unknown> = { ...instance.args };
        const namer = stackVarNamer(instance.schema);
        for (const [arg, value] of Object.entries(instance.args)) {
            if (!isDeployTimeReference(value)) continue;
            args[arg] = deployTimeValue(value, {
                component: instance.component,
                instance: instance.name,
                var: namer.field(arg, []),
            });
        }
        // Its warnings were reported with the stack's (at their vars), not again by the component.
        markArgsWarningsReported(
            args,
            warnings.map((w) => w.message),
        );
        return specOutputsOf(new kit.component(instance.name, args as never, opts), kit.definition.outputs);
    };
}

/**
 * Validates every instance of a stack, reporting all problems in stack-file vocabulary.
 * Registers nothing.
 */
export function validateStack(stack: LoadedStack): void {
    prepareStack(stack);
}

/** Where the program's warnings go by default: the Pulumi engine's log. */
const logWarning = (message: string): void => void pulumi.log.warn(message);

/**
 * Creates every instance of the stack (after validating them all, once) and returns their outputs
 * under the spec's output names. A disabled instance's outputs are undefined.
 */
export function deployStack(
    stack: LoadedStack,
    opts: pulumi.ComponentResourceOptions = {},
    onWarning: (message: string) => void = logWarning,
): StackOutputs {
    return deployPrepared(stack, prepareStack(stack), opts, onWarning);
}

/**
 * {@link deployStack} on instances {@link prepareStack} has validated (`prepared[i]` is
 * `stack.instances[i]`): reports their warnings, then creates them, validating nothing again.
 * `lastDeployment`: this stack's outputs from its last deployment (the guards' reading), which tell
 * the api-key instances the key they stored.
 */
export function deployPrepared(
    stack: LoadedStack,
    prepared: readonly PreparedInstance[],
    opts: pulumi.ComponentResourceOptions = {},
    onWarning: (message: string) => void = logWarning,
    lastDeployment?: Readonly<Record<string, unknown>>,
): StackOutputs {
    stack.instances.forEach((instance, i) => {
        for (const warning of prepared[i].warnings)
            onWarning(
                renderAtVar(instance.component, instance, warning, stackVarNamer(instance.schema), stack.atmosStack),
            );
        markWarningsReported(prepared[i].resolved);
    });
    const outputs: StackOutputs = {};
    stack.instances.forEach((instance, i) => {
        outputs[instance.name] = prepared[i].create(opts, lastDeployment);
    });
    return outputs;
}
