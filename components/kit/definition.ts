/**
 * The declarative description of a component: path, type token, every argument and its outputs. Pure data; the
 * resolver's argument list, the stack-file schema, message names and the guides' tables derive from it.
 */

import { getOwn } from "../../util/objects";
import type { PathNaming } from "../../util/problem";

/** A scalar type: a stack file's value of another scalar type is converted as Terraform converts tfvars. */
export type ScalarType = "string" | "number" | "bool";

/**
 * The Terraform-like type of a variable (and of a field inside one): a scalar; a list, set or map of a type; an
 * object of declared fields; or any JSON-like value. `list(string)`, `set(string)` and `map(string)` are shorthands of
 * `{ list: "string" }`, `{ set: "string" }` and `{ map: "string" }`.
 */
export type VarType =
    | ScalarType
    | "list(string)"
    | "set(string)"
    | "map(string)"
    /** Any JSON-like value (an object for `event_rule_pattern`, `descriptor_formats`), checked by the component. */
    | "any"
    | ListType
    | SetType
    | MapType
    | ObjectType;

/** A list of `list`'s type: `list(...)`. */
export interface ListType {
    readonly list: VarType;
    /**
     * True when an item may be a Pulumi Input known later (another resource's Output), each checked once known; else
     * every item must be known when the component is created (the list itself may still be an Input: see `input`).
     */
    readonly inputItems?: boolean;
}

/** A set of `set`'s type (`set(...)`): deduplicated and sorted, as Terraform does. */
export interface SetType {
    readonly set: VarType;
}

/** A map from the user's own keys (never renamed) to values of `map`'s type: `map(...)`. */
export interface MapType {
    readonly map: VarType;
    /** True when a value may be a Pulumi Input known later, checked once known (see {@link ListType.inputItems}). */
    readonly inputValues?: boolean;
}

/**
 * An object of declared fields, by camelCase key (TypeScript and the plugin's languages); stack files write each
 * field under its `var` (snake_case), and a problem inside it is named as the stack file writes it. A key not
 * declared is refused.
 */
export interface ObjectType {
    readonly object: Readonly<Record<string, FieldDefinition>>;
}

/** One field of an {@link ObjectType}: what an argument declares about itself, less what only a top-level var has. */
export interface FieldDefinition {
    /** The field's key in stack files (snake_case). */
    readonly var: string;
    /** The field's type. */
    readonly type: VarType;
    /** True when the object is refused without it. */
    readonly required?: boolean;
    /** True when the field may be a Pulumi Input known later (checked once known); else it must be known. */
    readonly input?: boolean;
    /** The default, when it is a constant (absent when required). */
    readonly default?: unknown;
    /** The values allowed, when the set is closed. */
    readonly allowed?: readonly (string | number)[];
    /** Smallest value allowed (numbers). */
    readonly min?: number;
    /** Largest value allowed (numbers), or the longest string (code points). */
    readonly max?: number;
    /** A string's rule beyond its length (see {@link TextPattern}). */
    readonly pattern?: TextPattern;
    /** What a refusal of `allowed` or `min`..`max` says after the rule (` (upper case)`). */
    readonly note?: string;
    /** One line for the guides. */
    readonly doc: string;
}

/**
 * The rule a string follows beyond its length, stated once: a string that does not match `regex` is refused with
 * `code` and `rule`, any other value than a string with `TYPE_MISMATCH` and the same `rule`.
 */
export interface TextPattern {
    /** What the whole text must match; absent: any string (only the type is checked, in `rule`'s words). */
    readonly regex?: RegExp;
    /** The problem's code for a string that does not match (`BAD_TARGET_ID`). */
    readonly code: string;
    /** The rule in words, starting with a verb (`must be an EventBridge target id: ...`). */
    readonly rule: string;
}

/** A {@link VarType} with its shorthands written out: what the kit's checks, schemas and conversions walk. */
export type TypeNode =
    | { readonly kind: ScalarType | "any" }
    | { readonly kind: "list"; readonly items: TypeNode; readonly inputItems: boolean }
    | { readonly kind: "set"; readonly items: TypeNode }
    | { readonly kind: "map"; readonly values: TypeNode; readonly inputValues: boolean }
    | { readonly kind: "object"; readonly fields: Readonly<Record<string, FieldDefinition>> };

const SHORTHANDS: Readonly<Record<string, TypeNode>> = {
    string: { kind: "string" },
    number: { kind: "number" },
    bool: { kind: "bool" },
    any: { kind: "any" },
    "list(string)": { kind: "list", items: { kind: "string" }, inputItems: false },
    "set(string)": { kind: "set", items: { kind: "string" } },
    "map(string)": { kind: "map", values: { kind: "string" }, inputValues: false },
};

/** `type` with its shorthands written out (a declaration's data, never user input). */
export function typeNode(type: VarType): TypeNode {
    if (typeof type === "string") {
        const node = SHORTHANDS[type];
        if (node === undefined) throw new TypeError(`unknown variable type ${JSON.stringify(type)}`);
        return node;
    }
    if ("list" in type) return { kind: "list", items: typeNode(type.list), inputItems: type.inputItems === true };
    if ("set" in type) return { kind: "set", items: typeNode(type.set) };
    if ("map" in type) return { kind: "map", values: typeNode(type.map), inputValues: type.inputValues === true };
    return { kind: "object", fields: type.object };
}

/**
 * The type of a position (an argument, an object's field) as the kit's checks walk it. A shorthand type
 * (`map(string)`, `list(string)`) at a position that takes an Input keeps the meaning it had before composite types:
 * its items or values may be Inputs too (`tags`' values), as the object forms say with `inputItems` / `inputValues`.
 */
export function positionNode(position: { readonly type: VarType; readonly input?: boolean }): TypeNode {
    const node = typeNode(position.type);
    if (typeof position.type !== "string" || position.input !== true) return node;
    if (node.kind === "list") return { ...node, inputItems: true };
    if (node.kind === "map") return { ...node, inputValues: true };
    return node;
}

/** `type` as Terraform writes it, e.g. `map(object({ format = string, labels = list(string) }))` (stack-file keys). */
export function typeText(type: VarType | TypeNode): string {
    const node = typeof type === "object" && "kind" in type ? type : typeNode(type);
    switch (node.kind) {
        case "list":
        case "set":
            return `${node.kind}(${typeText(node.items)})`;
        case "map":
            return `map(${typeText(node.values)})`;
        case "object": {
            const fields = Object.values(node.fields).map((field) => `${field.var} = ${typeText(field.type)}`);
            return `object({ ${fields.join(", ")} })`;
        }
        default:
            return node.kind;
    }
}

/** One argument of a component. */
export interface ArgDefinition {
    /** The stack-file variable (snake_case, the spec's name). */
    readonly var: string;
    /** The variable's type; a stack-file value of another type is refused by the loader. */
    readonly type: VarType;
    /** True when the component cannot be created without it. */
    readonly required?: boolean;
    /**
     * True when the TypeScript argument takes a `pulumi.Input` (an Output known later, checked once
     * known); otherwise it is plain-only: it must be known when the component is created (names,
     * the schedule, switches), and an Output or a secret given there is refused. Inside a list, map or object type,
     * `inputItems`, `inputValues` and a field's `input` say which parts may be Inputs (see `positionNode` for a
     * shorthand type).
     */
    readonly input?: boolean;
    /** The default value, when it is a constant (absent when required or computed). */
    readonly default?: unknown;
    /** The default in words, for the guides (the stack-file reference's wording). */
    readonly defaultText: string;
    /** The default in words for the TypeScript reference, when it differs from `defaultText`. */
    readonly defaultTs?: string;
    /**
     * The values allowed, when the set is closed. For a list, set or map of scalars, this and `min`, `max` and
     * `pattern` are each item's rules.
     */
    readonly allowed?: readonly (string | number)[];
    /** Smallest value allowed (numbers). */
    readonly min?: number;
    /** Largest value allowed (numbers), or the longest string. */
    readonly max?: number;
    /** A string's rule beyond its length (see {@link TextPattern}). */
    readonly pattern?: TextPattern;
    /** What a refusal of `allowed` or `min`..`max` says after the rule (` (upper case)`). */
    readonly note?: string;
    /** The allowed values in words, for the guides' argument table (the component's own arguments). */
    readonly rule?: string;
    /** Original Cloud Posse var names, accepted in stack files with a deprecation warning. */
    readonly aliases?: readonly string[];
    /**
     * The original Cloud Posse component's default, where it differs from `default`: an instance a
     * stack file declares under the original names (a `pathAliases` path, or any `aliases` var)
     * takes it when the var is unset, so that nothing the original named in AWS moves.
     */
    readonly originalDefault?: unknown;
    /** Args (camelCase) any of which, when set, makes this arg unused: its original default is then not kept. */
    readonly unusedWhenSet?: readonly string[];
    /**
     * A value known only at deploy time that a stack file may give this var, read by the component
     * itself: `!terraform.output <component> [<stack>] <output>` (mapped to a StackReference) whose
     * output is `output`. Every other var is validated, or names resources, before deploying.
     */
    readonly deployTimeOutput?: {
        /** The referenced stack's output the var may read. */
        readonly output: string;
        /** What the refusal of any other deploy-time reference adds, to say what is accepted. */
        readonly hint: string;
    };
    /**
     * An `any` argument's fixed keys: each camelCase key -> its name in stack files (`labelKeyCase` ->
     * `label_key_case` in `context`), so that a problem inside it names the field as the stack file writes it. (An
     * object type's fields are named by their own `var`, at any depth.)
     */
    readonly keys?: Readonly<Record<string, string>>;
    /**
     * Why the plugin's schema leaves the default out (it is described in words instead): the SDKs of other languages
     * send a schema default as if written, and sending this one changes what the component does.
     */
    readonly unsentDefault?: string;
    /** Where the var comes from when it has no alias, e.g. `added by this port`, `the module's kms_arn`. */
    readonly origin?: string;
    /**
     * For a switch that imports existing resources (Pulumi's `import` option): the physical-name
     * outputs it imports. The stack program refuses it on an instance whose last deployment already
     * holds those names (components/deploymentGuards.ts: importing again deletes them).
     */
    readonly adopts?: readonly string[];
    /** One line for the guides' reference. */
    readonly doc: string;
}

/**
 * A string argument with a closed set of values and a constant default: its default and rule in
 * words derived from them (`"resource"`, `` `"resource"`, `"account"` ``).
 */
export function choiceArg<T extends string>(spec: {
    readonly var: string;
    readonly default: T;
    readonly allowed: readonly T[];
    readonly origin?: string;
    readonly doc: string;
}): ArgDefinition {
    return {
        var: spec.var,
        type: "string",
        default: spec.default,
        defaultText: `\`${spec.default}\``,
        defaultTs: `\`"${spec.default}"\``,
        allowed: spec.allowed,
        rule: spec.allowed.map((value) => `\`"${value}"\``).join(", "),
        ...(spec.origin !== undefined ? { origin: spec.origin } : {}),
        doc: spec.doc,
    };
}

/** A bool argument that is off unless set: its default in words derived. */
export function switchArg(spec: {
    readonly var: string;
    readonly rule: string;
    readonly origin?: string;
    readonly doc: string;
    readonly adopts?: readonly string[];
}): ArgDefinition {
    return {
        var: spec.var,
        type: "bool",
        default: false,
        defaultText: "false",
        defaultTs: "`false`",
        rule: spec.rule,
        ...(spec.origin !== undefined ? { origin: spec.origin } : {}),
        ...(spec.adopts !== undefined ? { adopts: spec.adopts } : {}),
        doc: spec.doc,
    };
}

/** One output of a component. */
export interface OutputDefinition {
    /** The spec's snake_case output name, exported by the program; absent for TypeScript-only outputs. */
    readonly spec?: string;
    /**
     * True for a name the component's resources hold in AWS (a rule name, an SSM path): the
     * program's rename guard compares these with the last deployment's before registering anything.
     */
    readonly physicalName?: boolean;
    /**
     * The snake_case name under which the program also exports it (not a spec output): what the next
     * run's guards read from the last deployment (program/renames.ts), e.g. whether a log group was
     * kept on delete, or when the stored key expires.
     */
    readonly deployment?: string;
    /**
     * For a physical name whose change replaces its resource delete-first: what the resource is, and
     * what a move does; the stack program refuses the move unless the opt-in names the instance
     * (components/deploymentGuards.ts).
     */
    readonly whenRenamed?: WhenRenamed;
    /**
     * For a physical name whose resource holds the user's data (a log group's events): how the last
     * deployment says it is kept; the stack program refuses dropping it when that was not said
     * (components/deploymentGuards.ts).
     */
    readonly holdsData?: HoldsData;
    /** The original Cloud Posse output name, when it differs from `spec`. */
    readonly original?: string;
    /**
     * The output's type: `"string"`, `"boolean"`, or a list, map or object of declared fields (an object output's
     * fields are camelCase in every language). @default "string"
     */
    readonly type?: "string" | "boolean" | ListType | MapType | ObjectType;
    /** True for an output that is always a secret (the plugin's schema marks it `secret`). */
    readonly secret?: boolean;
    /** One line for the guides. */
    readonly doc: string;
}

/** How a physical name's move is guarded (see {@link OutputDefinition.whenRenamed}). */
export interface WhenRenamed {
    /** The resource, in words (`SSM parameter's path`). */
    readonly what: string;
    /** The camelCase arguments that change the name besides the label (named by their vars in messages). */
    readonly args: readonly string[];
    /** The config key (a comma-separated list of instances) that allows the move. */
    readonly optIn: string;
    /** What the move does, from the old name to the new one. */
    consequence(before: string, after: string): string;
    /** The steps before opting in to a move to `after`. */
    move(after: string): string;
}

/**
 * An opt-in a guard of the kit itself takes, whichever components use that guard (the log history's,
 * components/kit/logHistory.ts): its config key, and what synth's `--help` says of its flag. The opt-ins of
 * `whenRenamed` and `holdsData` are described from those declarations (components/kit/deploymentGuards.ts).
 */
export interface OptInDeclaration {
    /** The config key (a comma-separated list of instances); synth's flag is its kebab-case (`--allow-log-group-deletion`). */
    readonly key: string;
    /** What the instances it names may do (`these instances' old log groups may be deleted with their events`). */
    readonly allows: string;
    /** What the guards refuse without it, as `--help`'s closing sentence lists it. */
    readonly refused: string;
}

/** How a resource that holds data is kept (see {@link OutputDefinition.holdsData}). */
export interface HoldsData {
    /** The resource, in words (`log group`). */
    readonly what: string;
    /** The data lost with it, in words (`every event stored in it`). */
    readonly data: string;
    /** The deployment output that records whether it is kept on delete (true, false, or absent: not said). */
    readonly retainedOutput: string;
    /** The stack-file var that keeps it on delete. */
    readonly keepVar: string;
    /** The config key (a comma-separated list of instances) that allows deleting it. */
    readonly optIn: string;
    /** The command that deletes it once kept outside the state. */
    cleanUp(name: string): string;
}

/**
 * Arguments as an untyped caller gives them (a stack file's record, JavaScript): the names of
 * `Args`, every value still to be checked. A resolver reads these, never trusting the types.
 */
export type UncheckedArgs<Args> = { readonly [K in keyof Args]?: unknown };

/** Every argument of `Args`, each declared once (the compiler checks the names against `Args`). */
export type ArgTable<Args> = { readonly [K in keyof Args]-?: ArgDefinition };

/**
 * The component in the guides' example program (docs/languages.md), which `npm run docs` writes in every language
 * the plugin serves (provider/examples.ts).
 */
export interface ComponentExample<Args = unknown> {
    /** The program's variable holding the instance (`alerts`). */
    readonly variable: string;
    /** The instance name (`ecs-alerts`). */
    readonly name: string;
    /** Its arguments, JSON values (strings, numbers, booleans, lists and objects of them). */
    readonly args: { readonly [K in keyof Args]?: unknown };
    /** What the program exports: the stack output's name -> the component's output property. */
    readonly exports: Readonly<Record<string, string>>;
}

/** A component, declared once. */
export interface ComponentDefinition<Args = unknown, Path extends string = string> {
    /** The component path, as in a stack file's `metadata.component` and in error messages. */
    readonly path: Path;
    /** The Pulumi type token of the component resource. */
    readonly typeToken: string;
    /** Other component paths a stack file may name it by, with a warning (Cloud Posse's own names). */
    readonly pathAliases?: readonly string[];
    /** One line for the guides. */
    readonly doc: string;
    /** Every argument, by camelCase name, in the order the guides list them (own ones first). */
    readonly args: ArgTable<Args>;
    /** The component's outputs, by camelCase property name. */
    readonly outputs: Readonly<Record<string, OutputDefinition>>;
    /** The component in the guides' example program, in every language. */
    readonly example: ComponentExample<Args>;
}

/** The camelCase arguments of a definition, in declaration order. */
export function argNames(definition: ComponentDefinition): readonly string[] {
    return Object.keys(definition.args as object);
}

/** The definition of a camelCase argument (own properties only). */
export function argOf(definition: ComponentDefinition, arg: string): ArgDefinition | undefined {
    const args = definition.args as Readonly<Record<string, ArgDefinition>>;
    return Object.prototype.hasOwnProperty.call(args, arg) ? args[arg] : undefined;
}

/** The name tables of a definition: argument <-> stack-file var, and alias -> var. */
export interface NameTables {
    /** camelCase argument -> snake_case var. */
    readonly varOfArg: ReadonlyMap<string, string>;
    /** snake_case var -> camelCase argument. */
    readonly argOfVar: ReadonlyMap<string, string>;
    /** Original Cloud Posse var -> the spec's var. */
    readonly varOfAlias: ReadonlyMap<string, string>;
}

const tablesCache = new WeakMap<object, NameTables>();

/** The argument/var name tables of a definition (built once per definition). */
export function nameTables(definition: ComponentDefinition): NameTables {
    let tables = tablesCache.get(definition);
    if (tables === undefined) {
        const entries = Object.entries(definition.args as Readonly<Record<string, ArgDefinition>>);
        tables = {
            varOfArg: new Map(entries.map(([arg, spec]) => [arg, spec.var])),
            argOfVar: new Map(entries.map(([arg, spec]) => [spec.var, arg])),
            varOfAlias: new Map(entries.flatMap(([, spec]) => (spec.aliases ?? []).map((a) => [a, spec.var]))),
        };
        tablesCache.set(definition, tables);
    }
    return tables;
}

/**
 * Renamed arguments a resolver suggests for: each alias, as written in a stack file and
 * camelCased, mapped to the camelCase argument that replaces it.
 */
export function renamedArgs(definition: ComponentDefinition): Readonly<Record<string, string>> {
    const renamed: Record<string, string> = {};
    for (const [arg, spec] of Object.entries(definition.args as Readonly<Record<string, ArgDefinition>>)) {
        for (const alias of spec.aliases ?? []) {
            renamed[alias] = arg;
            renamed[snakeToCamelWord(alias)] = arg;
        }
    }
    return renamed;
}

/** `grafana_component_name` -> `grafanaComponentName`, for a fixed, known alias (never user data). */
function snakeToCamelWord(name: string): string {
    return name
        .split("_")
        .map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
        .join("");
}

/**
 * The stack file's names for the fields of a problem's path, by table: an argument is named by its
 * var (`eventLogRetentionInDays` -> `event_log_retention_in_days`), a field of an object type at any depth by its
 * declared `var` (`subscribers["ops"].rawMessageDelivery` -> `subscribers["ops"].raw_message_delivery`: the map's
 * key and a list's index are passed through), a fixed key of an `any` argument by the name its declaration gives it
 * (`keys`: `context.label_key_case`); other fields keep their names, and the user's own keys are never renamed
 * (`tags["OwnerTeam"]`).
 */
export function stackVarNaming(definition: ComponentDefinition): PathNaming {
    const { varOfArg } = nameTables(definition);
    return {
        field(name, parents) {
            if (parents.length === 0) return varOfArg.get(name) ?? name;
            const arg = argOf(definition, parents[0]);
            if (arg?.keys !== undefined)
                return parents.length === 1 ? ((getOwn(arg.keys, name) as string) ?? name) : name;
            // Down the declared type, one object field per field segment after the argument.
            let type: VarType | undefined = arg?.type;
            for (const parent of parents.slice(1)) {
                type = type === undefined ? undefined : fieldOf(typeNode(type), parent)?.type;
            }
            return (type === undefined ? undefined : fieldOf(typeNode(type), name)?.var) ?? name;
        },
    };
}

/**
 * The field `key` (camelCase) of the object `type` holds, through its lists, sets and maps (whose indexes and keys a
 * naming's `parents` leave out), or undefined.
 */
function fieldOf(type: TypeNode, key: string): FieldDefinition | undefined {
    let node = type;
    while (node.kind === "list" || node.kind === "set" || node.kind === "map")
        node = node.kind === "map" ? node.values : node.items;
    return node.kind === "object" ? (getOwn(node.fields, key) as FieldDefinition | undefined) : undefined;
}

/** The outputs the program exports, by the spec's name, mapped to the camelCase property. */
export function specOutputs(definition: ComponentDefinition): Readonly<Record<string, string>> {
    const outputs: Record<string, string> = {};
    for (const [property, output] of Object.entries(definition.outputs)) {
        if (output.spec !== undefined) outputs[output.spec] = property;
    }
    return outputs;
}
