/**
 * The stack-file loader: reads an Atmos-shaped YAML stack file (and the files it imports) into
 * typed component instances, or fails with a `StackFileError` that lists every problem with its
 * file, line and column.
 *
 * Atmos behaviour reproduced:
 * - `import` merges the listed files in order, then the importing file's own content on top
 *   (paths relative to the importing file; `.yaml` appended to a path without an extension).
 * - vars are deep-merged: stack-level `vars`, then `terraform.vars`, then each base of
 *   `metadata.inherits` (left to right, each with its own bases first), then the instance's own
 *   vars. Maps merge key by key, lists are replaced, and a later `null` unsets.
 * - `metadata` is inherited with the vars, except `metadata.inherits` and `metadata.type`
 *   (Atmos' `stacks.inherit.metadata`, on by default). `metadata.type: abstract` instances are
 *   bases only; `metadata.enabled: false` instances are left out.
 * - an instance without `metadata.component` uses its own name as the component path.
 *
 * Pure: no Pulumi import, and files are read through `options.readFile` (by default
 * `fs.readFileSync(path, "utf8")`).
 */
import * as fs from "node:fs";
import * as nodePath from "node:path";
import { fromTerraformContext } from "../label";
import { convertValue, describeValue } from "./convert";
import {
    formatLocation,
    makeProblem,
    ProblemList,
    StackFileError,
    type SourceLocation,
    type StackFileProblem,
} from "./errors";
import { COMPONENT_SCHEMAS, type ComponentSchema } from "./schema";
import { shapeFile } from "./shape";
import { closestMatch, didYouMean } from "../util/suggest";
import { evaluateVar, type EvaluationContext } from "./evaluate";
import { componentTemplateContext, templateSettingsFrom } from "./templating";
import type { DeployTimeReference } from "./yamlFunctions";
import {
    decodeUtf8,
    emptyMap,
    mergeMaps,
    mergeNodes,
    parseYamlTree,
    toPlain,
    type Location,
    type MapEntry,
    type MapNode,
    type ParsedFile,
    type TreeNode,
} from "./tree";

/** One deployable component instance of a stack file. */
export interface StackInstance {
    /** The instance name: its key under `components.terraform`. */
    readonly name: string;
    /** The component path (`eventbridge`, `managed-dashboards/api-key`). */
    readonly component: string;
    /** The component's variable registry. */
    readonly schema: ComponentSchema;
    /** The merged vars by snake_case name, converted to their types; unset (null) vars are left out. */
    readonly vars: Readonly<Record<string, unknown>>;
    /** The same values by camelCase arg, ready for the component's constructor (`context` as a `LabelContext`). */
    readonly args: Readonly<Record<string, unknown>>;
    /** Where the instance is declared (its key under `components.terraform`). */
    readonly location: SourceLocation;
    /** Where each var's value is written (the layer that won the merge), by snake_case name. */
    readonly varLocations: Readonly<Record<string, SourceLocation>>;
}

/** A loaded stack file. */
export interface LoadedStack {
    /** The stack file, as given. */
    readonly file: string;
    /** The deployable instances in file order (imported ones first); abstract and disabled ones are left out. */
    readonly instances: readonly StackInstance[];
    /** Deprecation warnings (original Cloud Posse var names), one line each, for the caller to print. */
    readonly warnings: readonly string[];
}

/** Options of `loadStackFile` and `parseStack`. */
export interface LoadOptions {
    /**
     * Reads a file (the stack file and its imports). A missing file is signalled by throwing an
     * error whose `code` is `ENOENT`, as `fs.readFileSync` does.
     * @default (path) => fs.readFileSync(path, "utf8")
     */
    readonly readFile?: (path: string) => string;
    /** Whether the `!exec` YAML function may run commands (`allowExec` config, `--allow-exec`). @default false */
    readonly allowExec?: boolean;
}

/** Loads the stack file at `file` and everything it imports. */
export function loadStackFile(file: string, options: LoadOptions = {}): LoadedStack {
    const readFile = options.readFile ?? defaultReadFile;
    let text: string;
    try {
        text = readFile(file);
    } catch (error) {
        throw new StackFileError([readProblem(error, { file }, file, undefined, [file])]);
    }
    return parseStack(text, file, options);
}

/** Loads a stack file from its text; imports are resolved relative to `file`'s directory. */
export function parseStack(text: string, file = "<stack>", options: LoadOptions = {}): LoadedStack {
    const loader = new Loader(options.readFile ?? defaultReadFile);
    const root = loader.loadFile(file, text, []);
    loader.problems.throwIfAny();
    return resolveStack(file, root ?? emptyMap({ file, line: 1, column: 1 }), loader.problems, options);
}

function defaultReadFile(path: string): string {
    return decodeUtf8(fs.readFileSync(path), path);
}

// ---------------------------------------------------------------------------------------------
// Files and imports

class Loader {
    readonly problems = new ProblemList();
    private readonly parsed = new Map<string, ParsedFile>();

    constructor(private readonly readFile: (path: string) => string) {}

    /**
     * The merged content of `file` (its imports in order, then its own content), or undefined when
     * it could not be parsed. `chain` is the files importing it, outermost first.
     */
    loadFile(file: string, text: string, chain: readonly string[]): MapNode | undefined {
        const key = nodePath.resolve(file);
        let parsed = this.parsed.get(key);
        if (parsed === undefined) {
            parsed = parseYamlTree(text, file);
            this.parsed.set(key, parsed);
        }
        for (const problem of parsed.problems) this.problems.add(problem);
        if (parsed.problems.some((p) => p.code === "YAML_SYNTAX")) return undefined;
        const shaped = shapeFile(parsed.root, file, this.problems);
        if (shaped === undefined) return undefined;

        const layers: MapNode[] = [];
        const here = [...chain, file];
        for (const entry of shaped.imports) {
            const target = importTarget(file, entry.path);
            if (here.some((f) => nodePath.resolve(f) === nodePath.resolve(target))) {
                this.problems.add(
                    makeProblem("IMPORT_CYCLE", entry.loc, `import cycle: ${[...here, target].join(" -> ")}`, {
                        field: "import",
                    }),
                );
                continue;
            }
            let imported: string;
            try {
                imported = this.readFile(target);
            } catch (error) {
                if (entry.skipIfMissing && isNotFound(error)) continue;
                this.problems.add(readProblem(error, entry.loc, target, `import ${entry.path}`, [...here, target]));
                continue;
            }
            const content = this.loadFile(target, imported, here);
            if (content !== undefined) layers.push(content);
        }
        layers.push(shaped.content);
        return mergeMaps(layers, shaped.content.loc);
    }
}

/** Where an import points: relative to the importing file, `.yaml` added when there is no extension. */
export function importTarget(importingFile: string, path: string): string {
    const withExtension = nodePath.extname(path) === "" ? `${path}.yaml` : path;
    return nodePath.isAbsolute(withExtension)
        ? withExtension
        : nodePath.join(nodePath.dirname(importingFile), withExtension);
}

function isNotFound(error: unknown): boolean {
    const code = (error as { code?: unknown } | null)?.code;
    return code === "ENOENT" || code === "ENOTDIR";
}

/** A file that could not be read: the stack file itself (`what` undefined) or an import. */
function readProblem(
    error: unknown,
    at: { file: string; line?: number; column?: number },
    target: string,
    what: string | undefined,
    chain: readonly string[],
): StackFileProblem {
    const details = what === undefined ? {} : { field: "import" };
    const chainText = what === undefined ? "" : ` (import chain: ${chain.join(" -> ")})`;
    if (isNotFound(error)) {
        const reason = what === undefined ? "file not found" : `${what}: file ${target} not found${chainText}`;
        return makeProblem("FILE_NOT_FOUND", at, reason, details);
    }
    const cause = error instanceof Error ? error.message : String(error);
    const reason =
        what === undefined ? `cannot read the file: ${cause}` : `${what}: cannot read ${target}: ${cause}${chainText}`;
    return makeProblem("FILE_UNREADABLE", at, reason, details);
}

// ---------------------------------------------------------------------------------------------
// Instances, inheritance and vars

/** An instance's vars as written in one place (its own, or one of its bases'). */
interface VarLayer {
    /** The instance the vars were written under. */
    readonly instance: string;
    readonly vars: MapNode;
}

/** An instance after `metadata.inherits`: its var layers (bases first) and its merged metadata. */
interface Inherited {
    readonly layers: readonly VarLayer[];
    readonly metadata: MapNode;
}

/**
 * What templates and YAML functions in an instance's vars see (Atmos's component pass): its
 * merged vars, settings, env and metadata, its names, and the loader's options. With no
 * atmos.yaml, Atmos enables templates with Sprig and Gomplate.
 */
function evaluationContext(
    file: string,
    root: MapNode,
    own: MapNode,
    name: string,
    componentPath: string,
    schema: ComponentSchema,
    stackVars: MapNode,
    inherited: Inherited,
    options: LoadOptions,
): EvaluationContext {
    const section = (key: string): Record<string, unknown> =>
        toPlain(
            mergeMaps(
                [childMap(root, key), childMap(childMap(root, "terraform"), key), childMap(own, key)].filter(
                    (m): m is MapNode => m !== undefined,
                ),
                root.loc,
            ),
        ) as Record<string, unknown>;
    const vars = toPlain(mergeMaps([stackVars, ...inherited.layers.map((l) => l.vars)], stackVars.loc));
    const env = section("env");
    const stack = nodePath.basename(file).replace(/\.(ya?ml)(\.tmpl)?$/, "");
    return {
        templates: templateSettingsFrom(undefined, false),
        templateData: componentTemplateContext({
            instance: name,
            stack,
            stackFile: stack,
            component: componentPath,
            sections: { vars, settings: section("settings"), env, metadata: toPlain(inherited.metadata) },
        }),
        functions: { componentEnv: env, allowExec: options.allowExec === true, stack },
        instance: name,
        who: `${schema.path} ${JSON.stringify(name)}`,
    };
}

function resolveStack(file: string, root: MapNode, problems: ProblemList, options: LoadOptions = {}): LoadedStack {
    const stackVars = mergeMaps(
        [childMap(root, "vars"), childMap(childMap(root, "terraform"), "vars")].filter(
            (m): m is MapNode => m !== undefined,
        ),
        root.loc,
    );
    const instanceEntries = childMap(childMap(root, "components"), "terraform")?.entries ?? new Map<string, MapEntry>();
    const inheritance = new InheritanceResolver(instanceEntries, problems);
    const warnings: string[] = [];
    const instances: StackInstance[] = [];

    for (const entry of instanceEntries.values()) {
        const name = entry.key;
        const own = entry.value as MapNode;
        if (scalarAt(childMap(own, "metadata"), "type") === "abstract") continue;
        const inherited = inheritance.resolve(name, []);
        if (scalarAt(inherited.metadata, "enabled") === false) continue;

        const componentNode = inherited.metadata.entries.get("component")?.value;
        const componentPath = componentNode?.kind === "scalar" ? String(componentNode.value) : name;
        const schema = hasOwn(COMPONENT_SCHEMAS, componentPath) ? COMPONENT_SCHEMAS[componentPath] : undefined;
        if (schema === undefined) {
            const known = Object.keys(COMPONENT_SCHEMAS);
            const suggestion = didYouMean(componentPath, known);
            const knownText = `${suggestion === "" ? "; known" : " Known"} components: ${known.join(", ")}`;
            const reason = componentNode
                ? `instance ${JSON.stringify(name)}: unknown component ${componentPath} in metadata.component${suggestion}${knownText}`
                : `instance ${JSON.stringify(name)}: no metadata.component, and the instance name is not a known component path${suggestion}${knownText}`;
            problems.add(
                makeProblem("UNKNOWN_COMPONENT", componentNode?.loc ?? entry.keyLoc, reason, {
                    instance: name,
                    field: "metadata.component",
                }),
            );
            continue;
        }
        const evaluation = evaluationContext(
            file,
            root,
            own,
            name,
            componentPath,
            schema,
            stackVars,
            inherited,
            options,
        );
        const instance = resolveInstance(
            name,
            entry.keyLoc,
            schema,
            stackVars,
            inherited.layers,
            problems,
            warnings,
            evaluation,
        );
        if (instance) instances.push(instance);
    }
    problems.throwIfAny();
    return { file, instances, warnings: [...new Set(warnings)] };
}

/** Resolves `metadata.inherits` chains, remembering each instance's result. */
class InheritanceResolver {
    private readonly done = new Map<string, Inherited>();

    constructor(
        private readonly instances: ReadonlyMap<string, MapEntry>,
        private readonly problems: ProblemList,
    ) {}

    /** `chain` holds the instances inheriting from `name`, outermost first (to find cycles). */
    resolve(name: string, chain: readonly string[]): Inherited {
        const known = this.done.get(name);
        if (known) return known;
        const own = this.instances.get(name)!.value as MapNode;
        const ownMetadata = childMap(own, "metadata") ?? emptyMap(own.loc);
        const layers: VarLayer[] = [];
        let metadata: MapNode = emptyMap(ownMetadata.loc);
        const inherits = ownMetadata.entries.get("inherits")?.value;
        for (const item of inherits?.kind === "seq" ? inherits.items : []) {
            const base = String((item as { value: unknown }).value);
            const details = { instance: name, field: "metadata.inherits" };
            if (!this.instances.has(base)) {
                const candidates = [...this.instances.keys()].filter((k) => k !== name);
                this.problems.add(
                    makeProblem(
                        "UNKNOWN_BASE",
                        item.loc,
                        `instance ${JSON.stringify(name)}: metadata.inherits names ${base}, which is not an instance of this stack${didYouMean(base, candidates)}`,
                        details,
                    ),
                );
                continue;
            }
            if (base === name || chain.includes(base)) {
                const cycle = [...chain, name, base];
                this.problems.add(
                    makeProblem(
                        "INHERITS_CYCLE",
                        item.loc,
                        `instance ${JSON.stringify(name)}: metadata.inherits cycle: ${cycle.slice(cycle.indexOf(base)).join(" -> ")}`,
                        details,
                    ),
                );
                continue;
            }
            const inherited = this.resolve(base, [...chain, name]);
            layers.push(...inherited.layers);
            metadata = mergeNodes(metadata, withoutKeys(inherited.metadata, ["inherits", "type"])) as MapNode;
        }
        layers.push({ instance: name, vars: childMap(own, "vars") ?? emptyMap(own.loc) });
        metadata = mergeNodes(metadata, ownMetadata) as MapNode;
        const result = { layers, metadata };
        this.done.set(name, result);
        return result;
    }
}

function resolveInstance(
    name: string,
    keyLoc: Location,
    schema: ComponentSchema,
    stackVars: MapNode,
    layers: readonly VarLayer[],
    problems: ProblemList,
    warnings: string[],
    evaluation?: EvaluationContext,
): StackInstance | undefined {
    const who = `${schema.path} ${JSON.stringify(name)}`;
    const before = problems.size;
    const aliasLayer = (vars: MapNode): MapNode => renameAliases(vars, schema, who, name, problems, warnings);

    // Stack-level vars: only those the component takes (the others are meant for other components).
    const stackLayer = withOnlyKeys(aliasLayer(stackVars), (key) => hasOwn(schema.vars, key));
    const ownLayers = layers.map((layer) => {
        const vars = aliasLayer(layer.vars);
        for (const entry of vars.entries.values()) {
            if (hasOwn(schema.vars, entry.key)) continue;
            const from = layer.instance === name ? "" : ` (inherited from ${JSON.stringify(layer.instance)})`;
            problems.add(
                makeProblem(
                    "UNKNOWN_VAR",
                    entry.keyLoc,
                    `${who}: unknown var ${entry.key}${from}${suggestVar(entry.key, schema)}`,
                    { instance: name, field: entry.key },
                ),
            );
        }
        return withOnlyKeys(vars, (key) => hasOwn(schema.vars, key));
    });
    const unevaluated = mergeMaps([stackLayer, ...ownLayers], stackVars.loc);

    // Templates, then YAML functions, in the vars the component takes (and only those).
    const evaluatedEntries = new Map<string, MapEntry>();
    const deployTime: Record<string, DeployTimeReference> = {};
    for (const entry of unevaluated.entries.values()) {
        const result = evaluation
            ? evaluateVar(entry.key, entry.value, evaluation)
            : { kind: "value" as const, node: entry.value };
        if (result.kind === "problem") problems.add(result.problem);
        else if (result.kind === "value") evaluatedEntries.set(entry.key, { ...entry, value: result.node });
        else if (result.kind === "deploy-time") {
            const refusal = deployTimeRefusal(schema, entry.key, result.reference);
            if (refusal === undefined) deployTime[entry.key] = result.reference;
            else {
                problems.add(
                    makeProblem("DEPLOY_TIME_VALUE", result.loc, `${who}: ${entry.key}: ${refusal}`, {
                        instance: name,
                        field: entry.key,
                    }),
                );
            }
        }
    }
    const merged: MapNode = { kind: "map", loc: unevaluated.loc, entries: evaluatedEntries };

    const vars: Record<string, unknown> = {};
    const args: Record<string, unknown> = {};
    const varLocations: Record<string, SourceLocation> = {};
    for (const entry of merged.entries.values()) {
        const node = entry.value;
        if (node.kind === "scalar" && node.value === null) continue; // null: unset, the component's default applies
        const spec = schema.vars[entry.key];
        varLocations[entry.key] = node.loc;
        if (entry.key === "context") {
            const context = convertContext(node, who, name, problems);
            if (context) {
                vars[entry.key] = context.plain;
                args[spec.arg] = context.label;
            }
            continue;
        }
        const converted = convertValue(node, spec.type, entry.key);
        for (const failure of converted.failures) {
            problems.add(
                makeProblem(
                    "TYPE_MISMATCH",
                    failure.loc,
                    `${who}: ${failure.field} must be ${failure.expected}, got ${failure.got}`,
                    { instance: name, field: failure.field, path: failure.path },
                ),
            );
        }
        if (converted.failures.length === 0) {
            vars[entry.key] = converted.value;
            args[spec.arg] = converted.value;
        }
    }
    for (const [varName, reference] of Object.entries(deployTime)) {
        vars[varName] = reference;
        args[schema.vars[varName].arg] = reference;
    }
    for (const [varName, spec] of Object.entries(schema.vars)) {
        if (
            spec.required &&
            !(varName in vars) &&
            !problems.items.some((p) => p.instance === name && p.field === varName)
        ) {
            problems.add(
                makeProblem(
                    "MISSING_REQUIRED",
                    keyLoc,
                    `${who}: ${varName} is required but not set (in the instance's vars or the stack-level vars)`,
                    { instance: name, field: varName },
                ),
            );
        }
    }
    if (problems.size > before) return undefined;
    return { name, component: schema.path, schema, vars, args, location: keyLoc, varLocations };
}

/**
 * Why a var cannot take a value known only at deploy time, or undefined when it can: the api-key's
 * `workspace_id` read from the workspace stack's `workspace_id` output, which the component reads
 * with its own StackReference. Everything else is validated, or names resources, before deploying.
 */
function deployTimeRefusal(
    schema: ComponentSchema,
    varName: string,
    reference: DeployTimeReference,
): string | undefined {
    if (
        schema.path === "managed-dashboards/api-key" &&
        varName === "workspace_id" &&
        reference.kind === "stack-output" &&
        reference.output === "workspace_id" &&
        reference.path.length === 0
    ) {
        return undefined;
    }
    const what =
        reference.kind === "stack-output"
            ? `${reference.text} reads a Pulumi stack output, known only at deploy time`
            : `${reference.text} reads an SSM parameter, known only at deploy time`;
    const hint =
        schema.path === "managed-dashboards/api-key" && varName === "workspace_id"
            ? "; this port takes only `!terraform.output <workspace component> [<stack>] workspace_id` here (read with the component's own StackReference)"
            : "";
    return `${what}, but the component needs this var before deploying (it is validated, or names resources)${hint}`;
}

/** `context`: a null-label context object with snake_case keys, converted by the label module. */
function convertContext(
    node: TreeNode,
    who: string,
    name: string,
    problems: ProblemList,
): { plain: unknown; label: unknown } | undefined {
    const details = { instance: name, field: "context" };
    if (node.kind !== "map") {
        problems.add(
            makeProblem(
                "TYPE_MISMATCH",
                node.loc,
                `${who}: context must be a map (a null-label context), got ${describeValue(node)}`,
                details,
            ),
        );
        return undefined;
    }
    const plain = toPlain(node) as object;
    try {
        return { plain, label: fromTerraformContext(plain) };
    } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        problems.add(makeProblem("BAD_CONTEXT", node.loc, `${who}: ${reason}`, details));
        return undefined;
    }
}

/**
 * Renames original Cloud Posse var names to the spec's (with a warning), refusing a map that
 * sets both names.
 */
function renameAliases(
    vars: MapNode,
    schema: ComponentSchema,
    who: string,
    name: string,
    problems: ProblemList,
    warnings: string[],
): MapNode {
    const aliases = Object.entries(schema.aliases).filter(([alias]) => vars.entries.has(alias));
    if (aliases.length === 0) return vars;
    const entries = new Map<string, MapEntry>();
    for (const entry of vars.entries.values()) {
        const target = hasOwn(schema.aliases, entry.key) ? schema.aliases[entry.key] : undefined;
        if (target === undefined) {
            entries.set(entry.key, entry);
        } else if (vars.entries.has(target)) {
            problems.add(
                makeProblem(
                    "ALIAS_CONFLICT",
                    entry.keyLoc,
                    `${who}: ${entry.key} and ${target} are both set; ${entry.key} is the original Cloud Posse name of ${target}, keep only ${target}`,
                    {
                        instance: name,
                        field: entry.key,
                    },
                ),
            );
        } else {
            warnings.push(
                `${formatLocation(entry.keyLoc)}: ${who}: ${entry.key} is deprecated (the original Cloud Posse name); use ${target}`,
            );
            entries.set(target, { key: target, keyLoc: entry.keyLoc, value: entry.value });
        }
    }
    return { kind: "map", loc: vars.loc, entries };
}

/** `; did you mean x?` for an unknown var: its snake_case name when written as the camelCase arg, else the closest name. */
function suggestVar(key: string, schema: ComponentSchema): string {
    const byArg = Object.entries(schema.vars).find(([, spec]) => spec.arg.toLowerCase() === key.toLowerCase());
    if (byArg) return `; did you mean ${byArg[0]}?`;
    const match = closestMatch(key, [...Object.keys(schema.vars), ...Object.keys(schema.aliases)]);
    if (match === undefined) return "";
    return `; did you mean ${hasOwn(schema.aliases, match) ? schema.aliases[match] : match}?`;
}

// ---------------------------------------------------------------------------------------------
// Tree helpers

function hasOwn(object: object, key: string): boolean {
    return Object.prototype.hasOwnProperty.call(object, key);
}

function childMap(node: MapNode | undefined, key: string): MapNode | undefined {
    const child = node?.entries.get(key)?.value;
    return child?.kind === "map" ? child : undefined;
}

function scalarAt(node: MapNode | undefined, key: string): unknown {
    const child = node?.entries.get(key)?.value;
    return child?.kind === "scalar" ? child.value : undefined;
}

function withoutKeys(node: MapNode, keys: readonly string[]): MapNode {
    return withOnlyKeys(node, (key) => !keys.includes(key));
}

function withOnlyKeys(node: MapNode, keep: (key: string) => boolean): MapNode {
    return { kind: "map", loc: node.loc, entries: new Map([...node.entries].filter(([key]) => keep(key))) };
}
