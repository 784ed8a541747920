/**
 * The guides' reference tables, generated from the component definitions. Pure. `npm run docs` writes them between
 * `<!-- generated:NAME -->` markers; a test checks the guides hold exactly what this renders.
 */
import {
    typeNode,
    typeText,
    type ArgDefinition,
    type ComponentDefinition,
    type FieldDefinition,
    type OutputDefinition,
    type TypeNode,
} from "./definition";
import { LABEL_ARGS } from "./labelArgs";
import { COMPONENT_DEFINITIONS } from "../registry";
import { adoptionTable, declaredChecksTable, LIFECYCLE_GUIDE, MIGRATING_GUIDE } from "./componentLists";

type Row = readonly string[];

function table(header: Row, rows: readonly Row[]): string {
    const line = (cells: Row) => `| ${cells.join(" | ")} |`;
    return [line(header), `|${header.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n");
}

const code = (text: string | number) => `\`${text}\``;

/**
 * `text` with each mention of a guide (`docs/migrating.md`, as the definitions' TSDoc writes it,
 * from the package's root) made a link that works from docs/, where the tables are written.
 */
function linkGuides(text: string): string {
    return text.replace(/\bdocs\/([a-z0-9-]+\.md)\b/g, "[$1]($1)");
}

function entries(args: object): [string, ArgDefinition][] {
    return Object.entries(args as Readonly<Record<string, ArgDefinition>>);
}

function isLabelArg(arg: string): boolean {
    return Object.prototype.hasOwnProperty.call(LABEL_ARGS, arg);
}

/** The component's own arguments (the label's are listed once for all components). */
function ownArgs(definition: ComponentDefinition): [string, ArgDefinition][] {
    return entries(definition.args as object).filter(([arg]) => !isLabelArg(arg));
}

/** The TypeScript argument table of a component (its own arguments), then the fields of its object types. */
export function argumentsTable(definition: ComponentDefinition): string {
    const args = table(
        ["Argument", "Stack-file var (Cloud Posse name)", "Default", "Allowed values"],
        ownArgs(definition).map(([arg, spec]) => [
            code(arg),
            code(spec.var) +
                (spec.aliases?.length
                    ? ` (${spec.aliases.map(code).join(", ")})`
                    : spec.origin !== undefined
                      ? ` (${spec.origin})`
                      : ""),
            spec.defaultTs ?? spec.defaultText,
            linkGuides(spec.rule ?? ""),
        ]),
    );
    return [args, ...fieldTables(ownArgs(definition), "typescript")].join("\n\n");
}

/** An object type inside an argument's type: where it is, in either vocabulary, and its fields. */
interface ObjectAt {
    /** Its path in stack files (`subscribers[*]`, `rules[*].filter`; `[*]`: any key or index). */
    readonly stack: string;
    /** Its path in TypeScript (`subscribers[*]`, `rules[*].filter`). */
    readonly typescript: string;
    readonly fields: Readonly<Record<string, FieldDefinition>>;
}

/** Every object type inside `type`, outermost first, at the paths `at` starts. */
function objectsIn(type: TypeNode, at: Omit<ObjectAt, "fields">): ObjectAt[] {
    switch (type.kind) {
        case "list":
        case "set":
        case "map": {
            const inner = type.kind === "map" ? type.values : type.items;
            return objectsIn(inner, { stack: `${at.stack}[*]`, typescript: `${at.typescript}[*]` });
        }
        case "object":
            return [
                { ...at, fields: type.fields },
                ...Object.entries(type.fields).flatMap(([key, field]) =>
                    objectsIn(typeNode(field.type), {
                        stack: `${at.stack}.${field.var}`,
                        typescript: `${at.typescript}.${key}`,
                    }),
                ),
            ];
        default:
            return [];
    }
}

/** A field's default in words: `required`, its value, or `unset`. */
function fieldDefault(field: FieldDefinition): string {
    if (field.required) return "required";
    return field.default === undefined ? "unset" : code(JSON.stringify(field.default));
}

/** A field's meaning with its rule: the values allowed, the smallest and largest (a string's length). */
function fieldMeaning(field: FieldDefinition): string {
    const unit = field.type === "string" ? " characters" : "";
    const bounds = [
        ...(field.min !== undefined ? [`at least ${code(field.min)}${unit}`] : []),
        ...(field.max !== undefined ? [`at most ${code(field.max)}${unit}`] : []),
    ];
    const rule = bounds.join(", ");
    return (
        linkGuides(field.doc) +
        (field.allowed ? ` One of ${field.allowed.map((value) => code(JSON.stringify(value))).join(", ")}.` : "") +
        (rule === "" ? "" : ` ${rule.charAt(0).toUpperCase()}${rule.slice(1)}.`)
    );
}

/**
 * A table of the fields of each object type inside the arguments' types (`[*]` standing for any map key or list
 * index), named in the guide's vocabulary: stack-file keys first in the stack-file reference, camelCase fields first
 * in a component's guide.
 */
function fieldTables(args: [string, ArgDefinition][], vocabulary: "stack" | "typescript"): string[] {
    const stackFirst = vocabulary === "stack";
    return args.flatMap(([arg, spec]) =>
        objectsIn(typeNode(spec.type), { stack: spec.var, typescript: arg }).map((object) =>
            [
                `Fields of ${code(stackFirst ? object.stack : object.typescript)}:`,
                "",
                table(
                    stackFirst
                        ? ["key", "field", "type", "default", "meaning"]
                        : ["Field", "Stack-file key", "Type", "Default", "Meaning"],
                    Object.entries(object.fields).map(([key, field]) => [
                        code(stackFirst ? field.var : key),
                        code(stackFirst ? key : field.var),
                        code(typeText(field.type)),
                        fieldDefault(field),
                        fieldMeaning(field),
                    ]),
                ),
            ].join("\n"),
        ),
    );
}

/** The TypeScript output table of a component. */
export function outputsTable(definition: ComponentDefinition): string {
    return table(
        ["Output", "Stack output", "Value"],
        Object.entries(definition.outputs).map(([property, output]) => [
            code(property),
            output.spec === undefined ? "none" : code(output.spec),
            linkGuides(output.doc),
        ]),
    );
}

function varRows(args: [string, ArgDefinition][]): Row[] {
    return args.map(([arg, spec]) => [
        code(spec.var),
        code(arg),
        typeText(spec.type) + (spec.required ? " (required)" : ""),
        spec.defaultText,
        linkGuides(spec.doc) +
            (spec.aliases?.length ? ` Replaces ${spec.aliases.map(code).join(", ")}.` : "") +
            (spec.allowed ? ` One of ${spec.allowed.map(code).join(", ")}.` : ""),
    ]);
}

const VAR_HEADER: Row = ["var", "argument", "type", "default", "meaning"];

/** The stack-file variable reference: each component's own vars, the label vars, the outputs. */
export function variableReference(definitions: readonly ComponentDefinition[] = COMPONENT_DEFINITIONS): string {
    const parts: string[] = [];
    for (const definition of definitions) {
        const own = ownArgs(definition);
        parts.push(`### \`${definition.path}\``, "", table(VAR_HEADER, varRows(own)), "");
        for (const fields of fieldTables(own, "stack")) parts.push(fields, "");
    }
    parts.push(
        "### Label (context) vars, all components",
        "",
        "These follow null-label 0.25.0 exactly (see [label.md](label.md)).",
        "",
        table(VAR_HEADER, varRows(entries(LABEL_ARGS))),
        "",
        "Outputs, exported by the program under these names for each instance:",
        "",
        table(
            ["Component", "Output", "Meaning"],
            definitions.flatMap((definition) =>
                Object.values(definition.outputs as Readonly<Record<string, OutputDefinition>>)
                    .filter((output) => output.spec !== undefined)
                    .map((output) => [
                        code(definition.path),
                        code(output.spec as string),
                        linkGuides(output.doc) + (output.original ? ` (the original's ${code(output.original)})` : ""),
                    ]),
            ),
        ),
    );
    return parts.join("\n");
}

/** The table of original Cloud Posse var names and the spec's names replacing them. */
export function aliasTable(definitions: readonly ComponentDefinition[] = COMPONENT_DEFINITIONS): string {
    return table(
        ["original name", "use"],
        definitions.flatMap((definition) =>
            entries(definition.args as object).flatMap(([, spec]) =>
                (spec.aliases ?? []).map((alias) => [code(alias), code(spec.var)]),
            ),
        ),
    );
}

/** The label arguments as the guides list them in a sentence: `` `enabled`, `namespace`, ... ``. */
export function labelArgList(): string {
    return Object.keys(LABEL_ARGS).map(code).join(", ");
}

/** The guide of a component, from the package's root: `docs/<last segment of its path>.md`. */
export function guideOf(definition: ComponentDefinition): string {
    return `docs/${definition.path.split("/").pop() ?? definition.path}.md`;
}

/** The guide that holds the stack-file reference (the aliases and the variable reference). */
export const STACK_FILES_GUIDE = "docs/stack-files.md";

/** The class (or resource) name of a component: the last segment of its type token. */
function className(definition: ComponentDefinition): string {
    return definition.typeToken.split(":").pop() ?? definition.typeToken;
}

/** The README's table of components: path, class, what it deploys, guide. */
export function componentTable(definitions: readonly ComponentDefinition[] = COMPONENT_DEFINITIONS): string {
    return table(
        ["Component path", "Class", "What it deploys", "Guide"],
        definitions.map((definition) => [
            code(definition.path),
            code(className(definition)),
            definition.doc,
            `[${guideOf(definition)}](${guideOf(definition)})`,
        ]),
    );
}

/**
 * docs/languages.md's table of components: type token, the arguments that take an Output in every
 * language (a Pulumi Input in TypeScript), and the outputs.
 */
export function languagesTable(definitions: readonly ComponentDefinition[] = COMPONENT_DEFINITIONS): string {
    return table(
        ["Component (type token)", "Arguments taking an Output", "Outputs"],
        definitions.map((definition) => [
            code(definition.typeToken),
            entries(definition.args as object)
                .filter(([, spec]) => spec.input === true)
                .map(([arg]) => code(arg))
                .join(", "),
            Object.entries(definition.outputs as Readonly<Record<string, OutputDefinition>>)
                .map(([property, output]) => code(property) + (output.secret ? " (secret)" : ""))
                .join(", "),
        ]),
    );
}

/** The README, whose component table is generated. */
export const README = "README.md";

/** The guide to the other languages, whose component table is generated. */
export const LANGUAGES_GUIDE = "docs/languages.md";

/** Every generated block, by file (from the package's root), then by marker name. */
export function generatedBlocks(
    definitions: readonly ComponentDefinition[] = COMPONENT_DEFINITIONS,
): ReadonlyMap<string, ReadonlyMap<string, string>> {
    const files = new Map<string, Map<string, string>>();
    const add = (file: string, name: string, content: string) => {
        const blocks = files.get(file) ?? new Map<string, string>();
        blocks.set(name, content);
        files.set(file, blocks);
    };
    for (const definition of definitions) {
        add(guideOf(definition), `${definition.path}:arguments`, argumentsTable(definition));
        add(guideOf(definition), `${definition.path}:outputs`, outputsTable(definition));
    }
    add(README, "components", componentTable(definitions));
    add(LANGUAGES_GUIDE, "components", languagesTable(definitions));
    add(STACK_FILES_GUIDE, "aliases", aliasTable(definitions));
    add(STACK_FILES_GUIDE, "variable-reference", variableReference(definitions));
    add(MIGRATING_GUIDE, "adoption", adoptionTable(definitions));
    add(LIFECYCLE_GUIDE, "declared-checks", declaredChecksTable(definitions));
    return files;
}

/**
 * `text` (the contents of `file`) with each generated block replaced by `blocks`; throws when a
 * marker is missing or unbalanced.
 */
export function withGeneratedBlocks(file: string, text: string, blocks: ReadonlyMap<string, string>): string {
    let out = text;
    for (const [name, content] of blocks) {
        const open = `<!-- generated:${name} -->`;
        const close = `<!-- /generated:${name} -->`;
        const start = out.indexOf(open);
        const end = out.indexOf(close);
        if (start < 0 || end < start || out.indexOf(open, start + 1) >= 0) {
            throw new Error(
                `${file}: expected one ${open} ... ${close} block (put the empty pair in the guide; npm run docs fills it)`,
            );
        }
        out = `${out.slice(0, start + open.length)}\n\n${content}\n\n${out.slice(end)}`;
    }
    return out;
}
