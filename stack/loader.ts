/**
 * The stack loader: reads a stack manifest of an Atmos repository (and everything it imports) as
 * Atmos 1.x reads it, and returns the instances of the components this package implements, with
 * their final vars, or fails with a `StackFileError` listing every problem with its file, line
 * and column.
 *
 * - `atmos.yaml` is found as Atmos finds it (see `atmosConfig.ts`): base paths, stack names,
 *   `settings.list_merge_strategy`.
 * - Imports, overrides and merges as Atmos does them (`manifest.ts`, `merge.ts`).
 * - Per component (`components.terraform.<instance>`): vars are the merge of the stack's `vars`
 *   and `terraform.vars`, the bases (the deprecated `component:` first, then
 *   `metadata.inherits` in order, each with its own bases first), the instance's own `vars`, and
 *   its `overrides.vars`. `metadata` is inherited too (not `inherits` and `type`), over the
 *   manifest's global `metadata`.
 * - The component path is the `metadata.component` of the merged metadata (the instance's own, else
 *   a base's when `stacks.inherit.metadata` is on), else its deprecated `component:`, else its name.
 *   Instances of other components are skipped (left to Terraform), abstract ones are bases only,
 *   `metadata.enabled: false` ones are left out.
 * - Sections and keys Atmos uses for other purposes (settings, env, backend, providers, hooks,
 *   other component types, custom metadata, anchor-holding top-level keys) are ignored; the vars
 *   of this package's instances are checked strictly.
 *
 * Go templates and YAML functions: Atmos's component pass (`evaluate.ts`: templates, then YAML
 * functions) runs on the vars this package's instances take, after merging; `LoadOptions.renderFile`
 * is the hook for templates in whole files (before YAML parsing).
 *
 * Pure: no Pulumi import; files are read through `options.files` / `options.readFile`.
 */
import * as nodePath from "node:path";
import { argOf, type ComponentDefinition } from "../components/definition";
import { COMPONENT_DEFINITIONS } from "../components/registry";
import { fromTerraformContext } from "../label";
import { closestMatch, didYouMean, editDistance } from "../util/suggest";
import {
    AtmosConfigError,
    loadAtmosConfig,
    confinementOf,
    type AtmosConfig,
    type ListMergeStrategy,
} from "./atmosConfig";
import { confinedFileSystem, type Confinement } from "./confine";
import { convertValue, describeNode } from "./convert";
import { formatLocation, makeProblem, ProblemList, StackFileError, type SourceLocation } from "./errors";
import { isNotFound, NODE_FILE_SYSTEM, readerFileSystem, readProblemText, type FileSystem } from "./files";
import { processManifest, type RenderFile } from "./manifest";
import { mergeAll } from "./merge";
import { fileStackName, readNamePattern } from "./names";
import { evaluateVar, type Evaluated, type EvaluationContext } from "./evaluate";
import { withLoadBudget } from "../gotemplate";
import { componentTemplateContext, processTmpl, templateSettingsFrom, type TemplateSettings } from "./templating";
import { isValueFunction, parseYamlFunction, type DeployTimeReference } from "./yamlFunctions";
import { COMPONENT_SCHEMAS, type ComponentSchema } from "./schema";
import { emptyMap, toPlain, type Location, type MapEntry, type MapNode, type TreeNode } from "./tree";
import type { LoadRun } from "./run";
import { PATTERN_TOKENS } from "./names";
import { hasOwn, isPlainObject } from "../util/objects";
import { rethrowIfInternal } from "../util/internalError";

/** One deployable component instance of a stack. */
export interface StackInstance {
    /** The instance name: its key under `components.terraform`. */
    readonly name: string;
    /** The canonical component path (`eventbridge`, `managed-dashboards/api-key`). */
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

/** An instance of a component this package does not implement: left to Terraform. */
export interface SkippedInstance {
    /** The instance name. */
    readonly instance: string;
    /** Its component path (the Terraform component directory). */
    readonly component: string;
    /** Where the instance is declared. */
    readonly location: SourceLocation;
}

/** A loaded stack. */
export interface LoadedStack {
    /** The stack manifest, as given. */
    readonly file: string;
    /**
     * The stack's Atmos name (manifest `name:`, `name_template`, `name_pattern`, or the manifest's
     * path under the stacks base path).
     */
    readonly stackName: string;
    /** The Atmos stack name when an atmos.yaml governs the stack: instance problems name it. */
    readonly atmosStack?: string;
    /** The deployable instances in merge order; abstract and disabled ones are left out. */
    readonly instances: readonly StackInstance[];
    /** Instances of components this package does not implement (not errors), in merge order. */
    readonly skipped: readonly SkippedInstance[];
    /** Warnings (deprecated names, near-miss component paths, ...), one line each, for the caller to print. */
    readonly warnings: readonly string[];
}

/** Options of `loadStackFile` and `parseStack`. */
export interface LoadOptions {
    /**
     * Reads a file (the manifest and its imports), by its path relative to `cwd` when it is
     * under it. A missing file is signalled by throwing an error whose `code` is `ENOENT`, as
     * `fs.readFileSync` does. Without directory listings, glob imports match nothing; give
     * `files` for those.
     */
    readonly readFile?: (path: string) => string;
    /** The file system (absolute paths). @default the real one */
    readonly files?: FileSystem;
    /** The current directory, where atmos.yaml is looked for first. @default process.cwd() */
    readonly cwd?: string;
    /** The environment (`ATMOS_CLI_CONFIG_PATH`, `ATMOS_BASE_PATH`, ...). @default process.env */
    readonly env?: Readonly<Record<string, string | undefined>>;
    /** An already loaded Atmos configuration (skips discovery). */
    readonly atmosConfig?: AtmosConfig;
    /** Go-template step per file, before YAML parsing. */
    readonly renderFile?: RenderFile;
    /** Whether the `!exec` YAML function may run commands (`allowExec` config, `--allow-exec`). @default false */
    readonly allowExec?: boolean;
    /**
     * Whether files outside the repository may be read (`allowOutsideRepository` config,
     * `--allow-outside-repository`): imports, `!include` targets, atmos.yaml imports and base
     * paths. The repository is the git repository holding the atmos.yaml found (else the one
     * holding the manifest), else outside git the base path. The manifest named here is always read.
     * @default false
     */
    readonly allowOutsideRepository?: boolean;
}

/** The component paths accepted for another, with a warning (each definition's `pathAliases`). */
export const COMPONENT_ALIASES: Readonly<Record<string, string>> = Object.freeze(
    Object.fromEntries(
        COMPONENT_DEFINITIONS.flatMap((definition: ComponentDefinition) =>
            (definition.pathAliases ?? []).map((alias) => [alias, definition.path] as const),
        ),
    ),
);

/** Loads the stack manifest at `file` and everything it imports. */
export function loadStackFile(file: string, options: LoadOptions = {}): LoadedStack {
    return load(file, undefined, options);
}

/** What the repository functions add to a load (not public). */
export interface InternalLoad {
    /** The run this load belongs to (its caches). */
    readonly run?: LoadRun;
    /** Where printed paths are relative to. @default the load's `cwd` */
    readonly displayDir?: string;
    /**
     * Only the instances whose own Atmos stack name is this (Atmos computes a name per component,
     * from that component's vars); the other components of the manifest are neither planned nor skipped.
     */
    readonly onlyStack?: string;
}

/** `loadStackFile` within a run of the repository functions. */
export function loadManifest(file: string, options: LoadOptions, internal: InternalLoad): LoadedStack {
    return load(file, undefined, options, internal);
}

/** Loads a stack manifest from its text; `file` names it (imports resolve from there). */
export function parseStack(text: string, file = "<stack>", options: LoadOptions = {}): LoadedStack {
    return load(file, text, options);
}

/**
 * Where a non-relative import points without an atmos.yaml: the stacks base path. Kept for
 * callers of the earlier API: `./`/`../` paths are relative to the importing file, others to
 * `stacksBasePath` (default: the importing file's directory); `.yaml` is added without an extension.
 */
export function importTarget(importingFile: string, path: string, stacksBasePath?: string): string {
    const withExtension = nodePath.extname(path) === "" ? `${path}.yaml` : path;
    if (nodePath.isAbsolute(withExtension)) return withExtension;
    const first = path.split("/")[0];
    const base =
        first === "." || first === ".."
            ? nodePath.dirname(importingFile)
            : (stacksBasePath ?? nodePath.dirname(importingFile));
    return nodePath.join(base, withExtension);
}

/** The file system, display names and Atmos config of a load. */
export interface LoadEnvironment {
    readonly cwd: string;
    readonly files: FileSystem;
    readonly config: AtmosConfig;
    readonly display: (absolute: string) => string;
    /** What the load may read. */
    readonly confinement: Confinement;
}

/** An {@link AtmosConfigError} as the loader reports it (a `StackFileError` at its file and position); other errors as they are. */
export function atmosConfigFailure(error: unknown, display: (absolute: string) => string): unknown {
    if (!(error instanceof AtmosConfigError)) return error;
    return new StackFileError([
        makeProblem(
            error.outside ? "OUTSIDE_REPOSITORY" : "BAD_ATMOS_CONFIG",
            { file: display(error.file), ...(error.position ?? {}) },
            error.reason,
        ),
    ]);
}

/** Sets up a load: the file system and the Atmos configuration that governs `manifest`. */
export function loadEnvironment(
    manifest: string | undefined,
    options: LoadOptions,
    text?: string,
    internal: InternalLoad = {},
): LoadEnvironment {
    const cwd = nodePath.resolve(options.cwd ?? process.cwd());
    const displayDir = internal.displayDir === undefined ? cwd : nodePath.resolve(internal.displayDir);
    // The git repository around, known once atmos.yaml is read (messages before that name files as they are).
    const around: { root?: string } = {};
    const display = (absolute: string): string => displayPath(absolute, displayDir, around.root);
    let files: FileSystem =
        internal.run?.files ??
        options.files ??
        (options.readFile ? readerFileSystem((path) => options.readFile!(display(path))) : NODE_FILE_SYSTEM);
    if (text !== undefined && manifest !== undefined) {
        const target = nodePath.resolve(cwd, manifest);
        const inner = files;
        files = {
            ...inner,
            readFile: (path) => (path === target ? text : inner.readFile(path)),
            isFile: (path) => path === target || inner.isFile(path),
        };
    }
    let config: AtmosConfig;
    if (options.atmosConfig) {
        config = options.atmosConfig;
    } else {
        try {
            config = loadAtmosConfig({
                cwd,
                env: options.env ?? process.env,
                files,
                ...(manifest !== undefined ? { manifest } : {}),
                ...(options.allowOutsideRepository === true ? { allowOutsideRepository: true } : {}),
            });
        } catch (error) {
            throw atmosConfigFailure(error, display);
        }
        // Without an atmos.yaml, a manifest outside Atmos's default `stacks` directory is its own base.
        if (config.files.length === 0 && manifest !== undefined) {
            const absolute = nodePath.resolve(cwd, manifest);
            if (nodePath.relative(config.stacksBasePath, absolute).startsWith("..")) {
                config = { ...config, stacksBasePath: nodePath.dirname(absolute) };
            }
        }
    }
    // Files of the repository the user is in are named from where they are, `../` included.
    if (config.gitRoot !== undefined) around.root = config.gitRoot;
    const confinement = confinementOf(config, files, options.allowOutsideRepository === true);
    // The manifest the caller named is read wherever it is; everything else, inside the repository.
    const named = manifest !== undefined && internal.run === undefined ? nodePath.resolve(cwd, manifest) : undefined;
    const confined = confinedFileSystem(files, confinement);
    const guarded: FileSystem =
        named === undefined || confined === files
            ? confined
            : { ...confined, readFile: (path) => (path === named ? files.readFile(path) : confined.readFile(path)) };
    return { cwd, files: guarded, config, display, confinement };
}

/**
 * How a file is named in messages: relative to `dir` (the user's directory) when it is below it, or
 * when both are in the git repository `repository` (`../../stacks/x.yaml` from a subdirectory);
 * otherwise its absolute path.
 */
export function displayPath(absolute: string, dir: string, repository?: string): string {
    const relative = nodePath.relative(dir, absolute);
    if (relative === "") return ".";
    if (nodePath.isAbsolute(relative)) return absolute;
    if (!relative.startsWith("..")) return relative;
    const inside = (p: string) => repository !== undefined && !nodePath.relative(repository, p).startsWith("..");
    return inside(absolute) && inside(dir) ? relative : absolute;
}

function load(file: string, text: string | undefined, options: LoadOptions, internal: InternalLoad = {}): LoadedStack {
    // one budget for every template the load runs (all files, values and evaluations)
    return withLoadBudget(() => loadWithin(file, text, options, internal));
}

function loadWithin(file: string, text: string | undefined, options: LoadOptions, internal: InternalLoad): LoadedStack {
    const environment = loadEnvironment(file, options, text, internal);
    const { cwd, files, config, display, confinement } = environment;
    const absolute = nodePath.resolve(cwd, file);
    const problems = new ProblemList();
    const shown = display(absolute);
    if (text === undefined && !files.isFile(absolute)) {
        let cause: unknown;
        try {
            files.readFile(absolute);
        } catch (error) {
            cause = error;
        }
        const notFound = cause === undefined || isNotFound(cause);
        throw new StackFileError([
            makeProblem(
                notFound ? "FILE_NOT_FOUND" : "FILE_UNREADABLE",
                { file: shown },
                notFound ? "file not found" : readProblemText(cause),
            ),
        ]);
    }
    const root = processManifest(absolute, {
        config,
        files,
        problems,
        display,
        ...(options.renderFile ? { renderFile: options.renderFile } : {}),
        ...(options.cwd !== undefined ? { cwd: nodePath.resolve(options.cwd) } : {}),
        ...(options.env !== undefined ? { env: options.env } : {}),
        allowExec: options.allowExec === true,
        confinement,
        ...(internal.run ? { cache: internal.run.manifests } : {}),
    });
    problems.throwIfAny();
    const resolved = resolveStack(root, absolute, config, problems, options, display, internal.onlyStack);
    problems.throwIfAny();
    return { file, ...resolved };
}

// ---------------------------------------------------------------------------------------------
// Components

/** One component of the merged stack after inheritance. */
export interface MergedComponent {
    readonly name: string;
    readonly keyLoc: Location;
    /** The Terraform component directory (component path). */
    readonly component: string;
    /** Where the component path was written (undefined when it is the instance name). */
    readonly componentLoc?: Location;
    readonly abstract: boolean;
    readonly enabled: boolean;
    /** Final vars (all of them). */
    readonly vars: MapNode;
    /** The vars layers written under this instance and its bases (for strict checks), bases first. */
    readonly ownLayers: readonly { readonly instance: string; readonly vars: MapNode }[];
    /** Every vars layer in merge order (stack-level, bases, own, overrides), for Atmos's deferred merge. */
    readonly varLayers: readonly MapNode[];
    readonly strategy: ListMergeStrategy;
    /** Plain sections for templates and names. */
    readonly context: Readonly<Record<string, unknown>>;
}

const GLOBAL_METADATA_KEYS = ["labels", "tags", "custom", "enabled", "locked", "terraform_workspace_pattern"];

/**
 * Every Terraform component of a merged stack, with Atmos's merge applied. With `namesOnly`, only
 * what a `name_pattern` reads: whether the component is abstract, and its context's `vars` hold just
 * the pattern's tokens, as the merge of its vars layers gives them (nothing else is merged).
 */
export function mergeComponents(
    root: MapNode,
    config: AtmosConfig,
    problems: ProblemList,
    options: { readonly namesOnly?: boolean } = {},
): MergedComponent[] {
    const strategy = config.listMergeStrategy;
    const section = (node: MapNode | undefined, key: string, where: string, instance?: string): MapNode | undefined => {
        const value = node?.entries.get(key)?.value;
        if (value === undefined || (value.kind === "scalar" && value.value === null)) return undefined;
        if (value.kind === "map") return value;
        problems.add(
            makeProblem("BAD_SHAPE", value.loc, `${where}${key} must be a map, got ${describeNode(value)}`, {
                ...(instance !== undefined ? { instance } : {}),
                rule: "must be a map",
                value: toPlain(value),
                field: `${where}${key}`.replace(/^instance "[^"]*": /, ""),
            }),
        );
        return undefined;
    };
    const terraform = section(root, "terraform", "");
    const components = section(root, "components", "");
    const instances = section(components, "terraform", "components.");
    const loc = root.loc;
    const globalVars = mergeAll([section(root, "vars", ""), section(terraform, "vars", "terraform.")], loc, strategy);
    const globalSettings = mergeAll(
        [section(root, "settings", ""), section(terraform, "settings", "terraform.")],
        loc,
        strategy,
    );
    const globalEnv = mergeAll([section(root, "env", ""), section(terraform, "env", "terraform.")], loc, strategy);
    const globalProviders = section(terraform, "providers", "terraform.");
    const globalMetadataAll = section(root, "metadata", "");
    // Newer Atmos refuses other stack-level metadata keys; earlier 1.x releases ignored them, and
    // real repositories still hold them: they are ignored here (they cannot reach any instance).
    const globalMetadata =
        globalMetadataAll && withOnlyKeys(globalMetadataAll, (key) => GLOBAL_METADATA_KEYS.includes(key));
    if (!instances) return [];

    const maps = new Map<string, MapEntry>();
    for (const entry of instances.entries.values()) {
        if (entry.key === "") {
            problems.add(
                makeProblem("BAD_SHAPE", entry.keyLoc, "an instance under components.terraform has an empty name", {
                    field: "components.terraform",
                }),
            );
            continue;
        }
        if (entry.value.kind === "map") {
            maps.set(entry.key, entry);
        } else if (!(entry.value.kind === "scalar" && entry.value.value === null)) {
            problems.add(
                makeProblem(
                    "BAD_SHAPE",
                    entry.value.loc,
                    `instance ${JSON.stringify(entry.key)} must be a map, got ${describeNode(entry.value)}`,
                    { instance: entry.key, rule: "must be a map", value: toPlain(entry.value) },
                ),
            );
        } else {
            maps.set(entry.key, { ...entry, value: emptyMap(entry.keyLoc) });
        }
    }
    const own = (name: string): MapNode => maps.get(name)!.value as MapNode;
    const metadataOf = (name: string): MapNode | undefined =>
        section(own(name), "metadata", `instance ${JSON.stringify(name)}: `, name);

    /** The bases of `name` in merge order (depth first, repeats kept), Atmos's ProcessBaseComponentConfig. */
    const basesOf = (name: string): string[] => {
        const order: string[] = [];
        const visiting = new Set<string>();
        const visit = (base: string, from: string, at: TreeNode | undefined, viaInherits: boolean): void => {
            if (base === name) return; // self-reference is ignored
            const key = `${name}:${base}`;
            if (visiting.has(key)) {
                problems.add(
                    makeProblem(
                        "INHERITS_CYCLE",
                        at?.loc ?? maps.get(name)!.keyLoc,
                        `instance ${JSON.stringify(name)}: inheritance cycle through ${JSON.stringify(base)} (from ${JSON.stringify(from)})`,
                        { instance: name, field: "metadata.inherits" },
                    ),
                );
                return;
            }
            if (!maps.has(base)) {
                if (viaInherits) {
                    const candidates = [...maps.keys()].filter((k) => k !== name);
                    problems.add(
                        makeProblem(
                            "UNKNOWN_BASE",
                            at?.loc ?? maps.get(from)!.keyLoc,
                            `instance ${JSON.stringify(from)}: metadata.inherits names ${base}, which is not a component of this stack${didYouMean(base, candidates)}`,
                            { instance: from, field: "metadata.inherits" },
                        ),
                    );
                }
                return;
            }
            visiting.add(key);
            const baseMap = own(base);
            const baseMetadata = metadataOf(base);
            if (scalarAt(baseMetadata, "type") !== "abstract") {
                const deprecated = baseMap.entries.get("component")?.value;
                if (deprecated?.kind === "scalar" && typeof deprecated.value === "string")
                    visit(deprecated.value, base, deprecated, false);
            }
            for (const item of inheritsOf(base, baseMetadata)) visit(item.name, base, item.node, true);
            order.push(base);
            visiting.delete(key);
        };
        const deprecated = own(name).entries.get("component")?.value;
        if (deprecated !== undefined && !(deprecated.kind === "scalar" && typeof deprecated.value === "string")) {
            problems.add(
                makeProblem(
                    "BAD_SHAPE",
                    deprecated.loc,
                    `instance ${JSON.stringify(name)}: component must be a string, got ${describeNode(deprecated)}`,
                    {
                        instance: name,
                        field: "component",
                        rule: "must be a string",
                        value: toPlain(deprecated),
                    },
                ),
            );
        } else if (deprecated?.kind === "scalar") {
            visit(String(deprecated.value), name, deprecated, false);
        }
        for (const item of inheritsOf(name, metadataOf(name))) visit(item.name, name, item.node, true);
        return order;
    };
    const inheritsOf = (name: string, metadata: MapNode | undefined): { name: string; node: TreeNode }[] => {
        const value = metadata?.entries.get("inherits")?.value;
        if (value === undefined || (value.kind === "scalar" && value.value === null)) return [];
        if (value.kind !== "seq" || value.items.some((i) => i.kind !== "scalar" || typeof i.value !== "string")) {
            problems.add(
                makeProblem(
                    "BAD_SHAPE",
                    value.loc,
                    `instance ${JSON.stringify(name)}: metadata.inherits must be a list of component names, got ${describeNode(value)}`,
                    {
                        instance: name,
                        field: "metadata.inherits",
                        rule: "must be a list of component names",
                        value: toPlain(value),
                    },
                ),
            );
            return [];
        }
        return value.items.map((i) => ({ name: String((i as { value: unknown }).value), node: i }));
    };

    const result: MergedComponent[] = [];
    const globalTokens = options.namesOnly ? nameTokens([globalVars]) : {};
    for (const [name, entry] of maps) {
        const who = `instance ${JSON.stringify(name)}: `;
        const ownMap = own(name);
        if (options.namesOnly) {
            // What an instance contributes to its name is the same in every stack that imports it
            // unchanged (the same node, with the same nodes as bases): computed once per run.
            let named = NAME_PARTS.get(ownMap);
            if (named === undefined || !named.bases.every(([b, node]) => maps.get(b)?.value === node)) {
                const before = problems.size;
                const bases = basesOf(name);
                const overrides = section(ownMap, "overrides", who, name);
                const layer = (n: string) => section(own(n), "vars", `instance ${JSON.stringify(n)}: `, n);
                const type = metadataOf(name)?.entries.get("type")?.value;
                named = {
                    bases: bases.map((b) => [b, own(b)] as const),
                    abstract: type?.kind === "scalar" && type.value === "abstract",
                    tokens: nameTokens([
                        ...bases.map((b) => layer(b)),
                        layer(name),
                        section(overrides, "vars", `${who}overrides.`, name),
                    ]),
                };
                if (problems.size === before) NAME_PARTS.set(ownMap, named);
            }
            result.push({
                name,
                keyLoc: entry.keyLoc,
                component: name,
                abstract: named.abstract,
                enabled: true,
                vars: emptyMap(ownMap.loc),
                ownLayers: [],
                varLayers: [],
                strategy,
                context: { vars: { ...globalTokens, ...named.tokens } },
            });
            continue;
        }
        const ownMetadata = metadataOf(name) ?? emptyMap(ownMap.loc);
        const bases = basesOf(name);
        const overrides = section(ownMap, "overrides", who, name);
        const layer = (n: string, key: string) => section(own(n), key, `instance ${JSON.stringify(n)}: `, n);

        // The strategy: atmos.yaml's, unless the component's settings (or its overrides') set one.
        const settingsLayers = [
            globalSettings,
            ...bases.map((b) => layer(b, "settings")),
            layer(name, "settings"),
            section(overrides, "settings", `${who}overrides.`, name),
        ];
        const settings = mergeAll(settingsLayers, loc, strategy);
        const ownStrategy = scalarAt(settings, "list_merge_strategy");
        const componentStrategy: ListMergeStrategy =
            ownStrategy === "append" || ownStrategy === "merge" || ownStrategy === "replace" ? ownStrategy : strategy;

        const baseVars = bases.map((b) => ({ instance: b, vars: layer(b, "vars") ?? emptyMap(own(b).loc) }));
        const ownVars = { instance: name, vars: layer(name, "vars") ?? emptyMap(ownMap.loc) };
        const varLayers = [
            globalVars,
            ...baseVars.map((l) => l.vars),
            ownVars.vars,
            section(overrides, "vars", `${who}overrides.`, name),
        ].filter((l): l is MapNode => l !== undefined);
        const vars = mergeAll(varLayers, loc, componentStrategy);
        const env = mergeAll(
            [
                globalEnv,
                ...bases.map((b) => layer(b, "env")),
                layer(name, "env"),
                section(overrides, "env", `${who}overrides.`, name),
            ],
            loc,
            componentStrategy,
        );
        const providers = mergeAll(
            [
                globalProviders,
                ...bases.map((b) => layer(b, "providers")),
                layer(name, "providers"),
                section(overrides, "providers", `${who}overrides.`, name),
            ],
            loc,
            componentStrategy,
        );
        const inheritedMetadata = config.inheritMetadata
            ? bases.map((b) => {
                  const m = metadataOf(b);
                  return m === undefined ? undefined : withoutKeys(m, ["inherits", "type"]);
              })
            : [];
        const metadata = mergeAll([globalMetadata, ...inheritedMetadata, ownMetadata], loc, componentStrategy);

        // Atmos's ProcessComponentMetadata reads metadata.component from the merged metadata, so a
        // base's metadata.component (inherited with stacks.inherit.metadata) names the directory.
        const metadataComponent = (config.inheritMetadata ? metadata : ownMetadata).entries.get("component")?.value;
        const deprecated = ownMap.entries.get("component")?.value;
        let component = name;
        let componentLoc: Location | undefined;
        if (
            metadataComponent !== undefined &&
            !(metadataComponent.kind === "scalar" && metadataComponent.value === null)
        ) {
            const path = nonEmptyString(metadataComponent);
            if (path !== undefined) {
                component = path;
                componentLoc = metadataComponent.loc;
            } else {
                problems.add(
                    makeProblem(
                        "BAD_SHAPE",
                        metadataComponent.loc,
                        `${who}metadata.component must be a component path (a string), got ${describeNode(metadataComponent)}`,
                        {
                            instance: name,
                            field: "metadata.component",
                            rule: "must be a component path (a string)",
                            value: toPlain(metadataComponent),
                        },
                    ),
                );
            }
        } else {
            const path = nonEmptyString(deprecated);
            if (path !== undefined) {
                component = path;
                componentLoc = deprecated?.loc;
            }
        }
        // The component section's `component` (templates' `.component`): the instance's own
        // metadata.component, else its deprecated `component:`, else its name (not a base's metadata).
        const componentAttribute =
            nonEmptyString(ownMetadata.entries.get("component")?.value) ?? nonEmptyString(deprecated) ?? name;
        const type = ownMetadata.entries.get("type")?.value;
        const enabledNode = metadata.entries.get("enabled")?.value;
        if (
            enabledNode !== undefined &&
            !(enabledNode.kind === "scalar" && (typeof enabledNode.value === "boolean" || enabledNode.value === null))
        ) {
            problems.add(
                makeProblem(
                    "BAD_SHAPE",
                    enabledNode.loc,
                    `${who}metadata.enabled must be a bool, got ${describeNode(enabledNode)}`,
                    { instance: name, field: "metadata.enabled", rule: "must be a bool", value: toPlain(enabledNode) },
                ),
            );
        }
        const plain = (node: MapNode) => toPlain(node) as Record<string, unknown>;
        result.push({
            name,
            keyLoc: entry.keyLoc,
            component,
            ...(componentLoc ? { componentLoc } : {}),
            abstract: type?.kind === "scalar" && type.value === "abstract",
            enabled: !(enabledNode?.kind === "scalar" && enabledNode.value === false),
            vars,
            ownLayers: [...baseVars, ownVars],
            varLayers,
            strategy: componentStrategy,
            context: {
                vars: plain(vars),
                settings: plain(settings),
                env: plain(env),
                metadata: plain(metadata),
                providers: plain(providers),
                overrides: overrides ? plain(overrides) : {},
                component: componentAttribute,
                atmos_component: name,
            },
        });
    }
    return result;
}

/** What an instance adds to its stack's name: its bases (by node), whether it is abstract, its name tokens. */
interface NameParts {
    readonly bases: readonly (readonly [string, MapNode])[];
    readonly abstract: boolean;
    readonly tokens: Readonly<Record<string, unknown>>;
}

const NAME_PARTS = new WeakMap<MapNode, NameParts>();

/**
 * The `name_pattern` tokens that vars layers set, as their merge gives them: the last layer that
 * sets a token wins (two maps would merge, into a map: not a string either way, which is all a
 * name_pattern asks).
 */
function nameTokens(layers: readonly (MapNode | undefined)[]): Record<string, unknown> {
    const tokens: Record<string, unknown> = {};
    for (const token of PATTERN_TOKENS) {
        for (const l of layers) {
            const set = l?.entries.get(token);
            if (set !== undefined) tokens[token] = toPlain(set.value);
        }
    }
    return tokens;
}

/** The stack name of one component (Atmos computes names per component). */
export function componentStackName(
    component: MergedComponent | undefined,
    root: MapNode,
    manifest: string,
    config: AtmosConfig,
    env?: Readonly<Record<string, string | undefined>>,
): { name: string; problem?: string; warning?: string } {
    const nameNode = root.entries.get("name")?.value;
    if (nameNode?.kind === "scalar" && typeof nameNode.value === "string" && nameNode.value !== "")
        return { name: nameNode.value };
    // The file name only when nothing else names the stack (it is asked for once per component).
    let fileName: string | undefined;
    const fallbackName = () => (fileName ??= fileStackName(manifest, config.stacksBasePath));
    const context = component?.context ?? { vars: toPlain(mergeAll([], root.loc, "replace")) };
    if (config.nameTemplate) {
        // Atmos's ProcessTmpl: Gomplate's, Sprig's and Atmos's functions whatever templates.settings says.
        const settings = templateSettingsFrom(config.raw, config.files.length > 0);
        try {
            return {
                name: processTmpl(
                    "name_template",
                    config.nameTemplate,
                    context,
                    settings.ignoreMissingTemplateValues,
                    env,
                ),
            };
        } catch (error) {
            rethrowIfInternal(error);
            const message = (error as Error).message;
            if (/not supported/.test(message))
                return {
                    name: fallbackName(),
                    warning: `stacks.name_template ${JSON.stringify(config.nameTemplate)}: ${message}; the stack is named ${fallbackName()} after its file`,
                };
            return {
                name: fallbackName(),
                problem: `stacks.name_template ${JSON.stringify(config.nameTemplate)} cannot be rendered: ${message}`,
            };
        }
    }
    if (config.namePattern) {
        const read = readNamePattern(config.namePattern, (context.vars ?? {}) as Record<string, unknown>);
        if ("name" in read) return { name: read.name };
        return {
            name: fallbackName(),
            warning: `stacks.name_pattern ${JSON.stringify(config.namePattern)} cannot be applied (${read.failure}); the stack is named ${fallbackName()} after its file, as Atmos describe stacks does`,
        };
    }
    return { name: fallbackName() };
}

function resolveStack(
    root: MapNode,
    manifest: string,
    config: AtmosConfig,
    problems: ProblemList,
    options: LoadOptions,
    display: (absolute: string) => string,
    onlyStack?: string,
): Omit<LoadedStack, "file"> {
    const warnings: string[] = [];
    const instances: StackInstance[] = [];
    const skipped: SkippedInstance[] = [];
    const merged = mergeComponents(root, config, problems);
    const shown = display(manifest);

    // The stack name: from the first of this package's instances, else the first real component.
    const ours = merged.filter((c) => !c.abstract && canonicalPath(c.component) !== undefined);
    const namer = ours[0] ?? merged.find((c) => !c.abstract);
    const named = componentStackName(namer, root, manifest, config, options.env);
    if (named.problem)
        problems.add(
            makeProblem(
                "STACK_NAME",
                namer?.keyLoc ?? { file: shown },
                named.problem,
                namer ? { instance: namer.name } : {},
            ),
        );
    // Without an atmos.yaml the name is only informative: no warning about Atmos's default pattern.
    if (named.warning && config.files.length > 0) warnings.push(`${shown}: ${named.warning}`);
    const stackName = onlyStack ?? named.name;

    const known = [...Object.keys(COMPONENT_SCHEMAS), ...Object.keys(COMPONENT_ALIASES)];
    // An atmos.yaml that leaves templates off: a var holding `{{ ... }}` keeps it, as Atmos keeps it,
    // with a warning (the text would otherwise surface later as an unrelated refusal).
    const templatesOff =
        config.files.length > 0 && !templateSettingsFrom(config.raw, true).enabled
            ? display(config.files[config.files.length - 1])
            : undefined;
    const templates: TemplateSettings = {
        ...templateSettingsFrom(config.raw, config.files.length > 0),
        ...(options.env !== undefined ? { processEnv: options.env } : {}),
    };
    for (const component of merged) {
        if (component.abstract || !component.enabled) continue;
        // Atmos's `-s NAME` (findComponentInStacks): a component belongs to the stack its own vars name.
        const ownName = componentStackName(component, root, manifest, config, options.env).name;
        if (onlyStack !== undefined && ownName !== onlyStack) continue;
        const canonical = canonicalPath(component.component);
        if (canonical === undefined) {
            const near = nearMiss(component.component, known);
            if (near !== undefined) {
                warnings.push(
                    `${formatLocation(component.componentLoc ?? component.keyLoc)}: instance ${JSON.stringify(component.name)}: component ${component.component} is not implemented by this package and is left to Terraform (did you mean ${near}?)`,
                );
            }
            skipped.push({ instance: component.name, component: component.component, location: component.keyLoc });
            continue;
        }
        if (canonical !== component.component) {
            warnings.push(
                `${formatLocation(component.componentLoc ?? component.keyLoc)}: instance ${JSON.stringify(component.name)}: component path ${component.component} is Cloud Posse's name; this package calls it ${canonical}`,
            );
        }
        const schema = COMPONENT_SCHEMAS[canonical];
        const shownStack = config.files.length > 0 ? stackName : undefined;
        const who = `${schema.path} ${JSON.stringify(component.name)}${shownStack === undefined ? "" : ` (stack ${shownStack})`}`;
        const evaluation: EvaluationContext = {
            templates: componentTemplateSettings(templates, component.context.settings),
            templateData: componentTemplateContext({
                instance: component.name,
                stack: stackName,
                stackFile: fileStackName(manifest, config.stacksBasePath),
                component: String(component.context.component),
                workspace: terraformWorkspace(component, ownName, config, options.env),
                sections: component.context,
            }),
            functions: {
                componentEnv: (component.context.env ?? {}) as Record<string, unknown>,
                allowExec: options.allowExec === true,
                stack: stackName,
                ...(isPlainObject(config.raw.stores) ? { stores: config.raw.stores } : {}),
                ...(options.cwd !== undefined ? { cwd: nodePath.resolve(options.cwd) } : {}),
                ...(options.env !== undefined ? { processEnv: options.env } : {}),
            },
            instance: component.name,
            who,
        };
        const instance = resolveInstance(
            component,
            schema,
            who,
            evaluation,
            problems,
            warnings,
            templatesOff,
            canonical !== component.component ? component.component : undefined,
        );
        if (instance) instances.push(instance);
    }
    return {
        stackName,
        ...(config.files.length > 0 ? { atmosStack: stackName } : {}),
        instances,
        skipped,
        warnings: [...new Set(warnings)],
    };
}

/**
 * The component pass's template settings for one component: atmos.yaml's, with the component's
 * `settings.templates.settings.env` over atmos.yaml's `env` (Atmos's ProcessTmplWithDatasources).
 */
function componentTemplateSettings(templates: TemplateSettings, settings: unknown): TemplateSettings {
    const env = isPlainObject(settings) ? followRecord(settings, ["templates", "settings", "env"]) : undefined;
    if (env === undefined || Object.keys(env).length === 0) return templates;
    const own = Object.fromEntries(
        Object.entries(env).map(([k, v]) => [
            k,
            v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v),
        ]),
    );
    return { ...templates, env: { ...templates.env, ...own } };
}

function followRecord(value: Record<string, unknown>, path: readonly string[]): Record<string, unknown> | undefined {
    let v: unknown = value;
    for (const key of path) v = isPlainObject(v) ? v[key] : undefined;
    return isPlainObject(v) ? v : undefined;
}

/**
 * The Terraform workspace of a component (Atmos's BuildTerraformWorkspace, `stack_utils.go`):
 * `default` when atmos.yaml disables workspaces; else `metadata.terraform_workspace_template`
 * (rendered), `metadata.terraform_workspace_pattern` (context tokens), `metadata.terraform_workspace`,
 * else the stack name, followed by `-<instance>` when the instance's Terraform component is not its
 * own name. Slashes become dashes.
 */
export function terraformWorkspace(
    component: MergedComponent,
    prefix: string,
    config: AtmosConfig,
    env?: Readonly<Record<string, string | undefined>>,
): string {
    const terraformConfig = followRecord(config.raw, ["components", "terraform"]);
    if (terraformConfig?.workspaces_enabled === false) return "default";
    const metadata = (component.context.metadata ?? {}) as Record<string, unknown>;
    const vars = (component.context.vars ?? {}) as Record<string, unknown>;
    const baseComponent = component.component === component.name ? "" : component.component;
    let workspace: string | undefined;
    if (typeof metadata.terraform_workspace_template === "string") {
        try {
            workspace = processTmpl(
                "terraform-workspace-template",
                metadata.terraform_workspace_template,
                component.context,
                false,
                env,
            );
        } catch {
            workspace = undefined;
        }
    } else if (typeof metadata.terraform_workspace_pattern === "string") {
        const text = (key: string): string => (typeof vars[key] === "string" ? (vars[key] as string) : "");
        const tokens: Record<string, string> = {
            "{base-component}": baseComponent.split("/").pop() ?? "",
            "{component}": component.name,
            "{namespace}": text("namespace"),
            "{environment}": text("environment"),
            "{region}": text("region"),
            "{tenant}": text("tenant"),
            "{stage}": text("stage"),
            "{attributes}": Array.isArray(vars.attributes) ? vars.attributes.map(String).join("-") : "",
        };
        workspace = metadata.terraform_workspace_pattern.replace(
            /\{(?:base-component|component|namespace|environment|region|tenant|stage|attributes)\}/g,
            (token) => tokens[token],
        );
    } else if (typeof metadata.terraform_workspace === "string") {
        workspace = metadata.terraform_workspace;
    }
    workspace ??= baseComponent === "" ? prefix : `${prefix}-${component.name}`;
    return workspace.replace(/\//g, "-");
}

/** The value of a scalar holding a non-empty string, else undefined. */
function nonEmptyString(node: TreeNode | undefined): string | undefined {
    return node?.kind === "scalar" && typeof node.value === "string" && node.value !== "" ? node.value : undefined;
}

/** The canonical path of a component this package implements, or undefined. */
export function canonicalPath(component: string): string | undefined {
    if (hasOwn(COMPONENT_SCHEMAS, component)) return component;
    if (hasOwn(COMPONENT_ALIASES, component)) return COMPONENT_ALIASES[component];
    return undefined;
}

function nearMiss(component: string, known: readonly string[]): string | undefined {
    let best: string | undefined;
    let bestDistance = Math.max(1, Math.floor(component.length / 5)) + 1;
    for (const candidate of known) {
        // The distance is at least the difference in length: most paths are too far to compare.
        if (Math.abs(candidate.length - component.length) >= bestDistance) continue;
        const distance = editDistance(component.toLowerCase(), candidate.toLowerCase());
        if (distance > 0 && distance < bestDistance) {
            best = canonicalPath(candidate);
            bestDistance = distance;
        }
    }
    return best;
}

function resolveInstance(
    component: MergedComponent,
    schema: ComponentSchema,
    who: string,
    evaluation: EvaluationContext,
    problems: ProblemList,
    warnings: string[],
    templatesOff?: string,
    originalPath?: string,
): StackInstance | undefined {
    const name = component.name;
    const mergedVars = component.vars;
    const before = problems.size;
    const details = (field: string) => ({ instance: name, field });

    // Vars written under the instance and its bases are checked strictly; stack-level and
    // overrides vars are for every component of the stack, so the ones it does not take are ignored.
    for (const layer of component.ownLayers) {
        for (const entry of layer.vars.entries.values()) {
            if (hasOwn(schema.vars, entry.key) || hasOwn(schema.aliases, entry.key)) continue;
            const from = layer.instance === name ? "" : ` (inherited from ${JSON.stringify(layer.instance)})`;
            problems.add(
                makeProblem(
                    "UNKNOWN_VAR",
                    entry.keyLoc,
                    `${who}: unknown var ${entry.key}${from}${suggestVar(entry.key, schema)}`,
                    details(entry.key),
                ),
            );
        }
        for (const [alias, target] of Object.entries(schema.aliases)) {
            const aliasEntry = layer.vars.entries.get(alias);
            if (aliasEntry === undefined) continue;
            if (layer.vars.entries.has(target)) {
                problems.add(
                    makeProblem(
                        "ALIAS_CONFLICT",
                        aliasEntry.keyLoc,
                        `${who}: ${alias} and ${target} are both set; ${alias} is the original Cloud Posse name of ${target}, keep only ${target}`,
                        details(alias),
                    ),
                );
            }
        }
    }
    for (const [alias, target] of Object.entries(schema.aliases)) {
        const aliasEntry = mergedVars.entries.get(alias);
        if (aliasEntry !== undefined)
            warnings.push(
                `${formatLocation(aliasEntry.keyLoc)}: ${who}: ${alias} is deprecated (the original Cloud Posse name); use ${target}`,
            );
    }

    // Final vars: aliases renamed (a later layer's alias and an earlier layer's new name: the later wins).
    const finalEntries = new Map<string, MapEntry>();
    for (const entry of mergedVars.entries.values()) {
        const target = hasOwn(schema.aliases, entry.key) ? schema.aliases[entry.key] : entry.key;
        if (!hasOwn(schema.vars, target)) continue;
        if (target !== entry.key && mergedVars.entries.has(target)) {
            const current = mergedVars.entries.get(target)!;
            const aliasLater = compareLocations(entry.value.loc, current.value.loc) > 0;
            if (!aliasLater) continue;
        }
        finalEntries.set(target, { key: target, keyLoc: entry.keyLoc, value: entry.value });
    }

    // Atmos's component pass on the vars the component takes (and only those): templates, then YAML functions.
    const evaluated = new Map<string, MapEntry>();
    const deployTime: Record<string, DeployTimeReference> = {};
    for (const entry of finalEntries.values()) {
        const result =
            deferredMerge(component, entry.key, schema, evaluation) ?? evaluateVar(entry.key, entry.value, evaluation);
        if (result.kind === "problem") problems.add(result.problem);
        else if (result.kind === "value") evaluated.set(entry.key, { ...entry, value: result.node });
        else if (result.kind === "deploy-time") {
            const refusal = deployTimeRefusal(schema, entry.key, result.reference);
            if (refusal === undefined) deployTime[entry.key] = result.reference;
            else
                problems.add(
                    makeProblem(
                        "DEPLOY_TIME_VALUE",
                        result.loc,
                        `${who}: ${entry.key}: ${refusal}`,
                        details(entry.key),
                    ),
                );
        }
    }

    const vars: Record<string, unknown> = {};
    const args: Record<string, unknown> = {};
    const varLocations: Record<string, SourceLocation> = {};
    for (const entry of evaluated.values()) {
        const node = entry.value;
        const literal = templatesOff === undefined ? undefined : literalTemplate(node);
        if (literal !== undefined) {
            warnings.push(
                `${formatLocation(literal.loc)}: ${who}: ${entry.key} holds a Go template (${literal.excerpt}), left as written because ${templatesOff} does not enable templates (templates.settings.enabled: true renders it, as Atmos would)`,
            );
        }
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
                    {
                        ...details(failure.field),
                        path: failure.path,
                        rule: `must be ${failure.expected}`,
                        value: failure.value,
                    },
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
    keepOriginalDefaults(component, schema, who, originalPath, vars, args, varLocations, warnings);
    for (const [varName, spec] of Object.entries(schema.vars)) {
        if (
            spec.required &&
            !(varName in vars) &&
            !problems.items.some((p) => p.instance === name && p.field === varName)
        ) {
            problems.add(
                makeProblem(
                    "MISSING_REQUIRED",
                    component.keyLoc,
                    `${who}: ${varName} is required but not set (in the instance's vars or the stack-level vars)`,
                    details(varName),
                ),
            );
        }
    }
    if (problems.size > before) return undefined;
    return { name, component: schema.path, schema, vars, args, location: component.keyLoc, varLocations };
}

/**
 * An instance declared under the original Cloud Posse names (the component path, or any of its
 * variables) keeps the original component's defaults where this package's differ (each
 * definition's `originalDefault`: the api-key's SSM path `/grafana/%s/api_key` and workspace
 * component `managed-grafana/workspace`), so nothing Terraform named moves; each one taken is
 * said in a warning naming the var that chooses otherwise.
 */
function keepOriginalDefaults(
    component: MergedComponent,
    schema: ComponentSchema,
    who: string,
    originalPath: string | undefined,
    vars: Record<string, unknown>,
    args: Record<string, unknown>,
    varLocations: Record<string, SourceLocation>,
    warnings: string[],
): void {
    // The instance's own declaration (its vars and its bases'), not stack-level vars shared by all.
    const originalNames = [
        ...(originalPath !== undefined ? [`component ${originalPath}`] : []),
        ...Object.keys(schema.aliases).filter((alias) =>
            component.ownLayers.some((layer) => layer.vars.entries.has(alias)),
        ),
    ];
    if (originalNames.length === 0) return;
    const kept: string[] = [];
    for (const [varName, spec] of Object.entries(schema.vars)) {
        const definition = argOf(schema.definition, spec.arg);
        const original = definition?.originalDefault;
        if (original === undefined || hasOwn(vars, varName)) continue;
        if (definition?.unusedWhenSet?.some((arg) => args[arg] !== undefined && args[arg] !== null)) continue;
        vars[varName] = original;
        args[spec.arg] = original;
        varLocations[varName] = component.keyLoc;
        kept.push(`${varName} ${JSON.stringify(original)} (this package's: ${JSON.stringify(definition?.default)})`);
    }
    if (kept.length > 0) {
        warnings.push(
            `${formatLocation(component.keyLoc)}: ${who}: declared under the original Cloud Posse names ` +
                `(${[...new Set(originalNames)].join(", ")}), so it keeps the original's defaults: ${kept.join(", ")}; ` +
                "set a var to choose otherwise",
        );
    }
}

/**
 * Atmos's deferred merge of YAML functions (`pkg/merge/deferred.go`): when a layer of a var holds a
 * YAML function, each layer's value is evaluated (templates, then functions) before the layers are
 * deep-merged, so a function's map merges with a map written in another layer instead of replacing
 * it. Undefined when no layer holds a function, when the var is also written under an alias, or
 * when a layer's value cannot be evaluated here (a deploy-time value, `!unset`, a failure): then
 * the merged value is evaluated as before, and a function a later layer overrides never runs.
 */
function deferredMerge(
    component: MergedComponent,
    key: string,
    schema: ComponentSchema,
    evaluation: EvaluationContext,
): Evaluated | undefined {
    const values = component.varLayers.map((layer) => layer.entries.get(key)).filter((e) => e !== undefined);
    if (values.length < 2 || !values.some((e) => holdsFunction(e.value))) return undefined;
    // Atmos never defers `!unset` (merge_yaml_functions.go): the marker is merged like a string and
    // removed afterwards, at any depth. Evaluating its layer first would drop the key from that layer
    // only, and the value of an earlier layer would come back.
    if (values.some((e) => holdsFunction(e.value, "!unset"))) return undefined;
    const aliases = Object.entries(schema.aliases).filter(([, target]) => target === key);
    if (aliases.some(([alias]) => component.varLayers.some((layer) => layer.entries.has(alias)))) return undefined;
    const evaluated: MapNode[] = [];
    for (const entry of values) {
        const result = evaluateVar(key, entry.value, evaluation);
        if (result.kind !== "value") return undefined;
        evaluated.push({ kind: "map", loc: entry.keyLoc, entries: new Map([[key, { ...entry, value: result.node }]]) });
    }
    const merged = mergeAll(evaluated, component.keyLoc, component.strategy).entries.get(key);
    return merged === undefined ? undefined : { kind: "value", node: merged.value };
}

/** The first string in `node` that holds a Go template (`{{` ... `}}`), with where it is and a short excerpt. */
function literalTemplate(node: TreeNode): { loc: Location; excerpt: string } | undefined {
    if (node.kind === "scalar") {
        if (typeof node.value !== "string") return undefined;
        const match = /\{\{.*?\}\}/s.exec(node.value);
        if (match === null) return undefined;
        const text = match[0].length > 40 ? `${match[0].slice(0, 37)}...` : match[0];
        return { loc: node.loc, excerpt: JSON.stringify(text) };
    }
    const children = node.kind === "seq" ? node.items : [...node.entries.values()].map((e) => e.value);
    for (const child of children) {
        const found = literalTemplate(child);
        if (found !== undefined) return found;
    }
    return undefined;
}

/** Whether `node` holds a YAML function anywhere (only the function `name`, when given). */
function holdsFunction(node: TreeNode, name?: string): boolean {
    if (node.kind === "scalar") {
        return isValueFunction(node.value) && (name === undefined || parseYamlFunction(node.value)?.tag === name);
    }
    if (node.kind === "seq") return node.items.some((item) => holdsFunction(item, name));
    return [...node.entries.values()].some((e) => holdsFunction(e.value, name));
}

/**
 * Why a var cannot take a value known only at deploy time, or undefined when it can: a var whose
 * definition names a `deployTimeOutput` takes `!terraform.output` of that output (the component
 * reads it with its own StackReference). Everything else is validated, or names resources, before
 * deploying.
 */
function deployTimeRefusal(
    schema: ComponentSchema,
    varName: string,
    reference: DeployTimeReference,
): string | undefined {
    const spec = hasOwn(schema.vars, varName) ? schema.vars[varName] : undefined;
    const accepted = spec === undefined ? undefined : argOf(schema.definition, spec.arg)?.deployTimeOutput;
    if (
        accepted !== undefined &&
        reference.kind === "stack-output" &&
        reference.output === accepted.output &&
        reference.path.length === 0
    ) {
        return undefined;
    }
    const what =
        reference.kind === "stack-output"
            ? `${reference.text} reads a Pulumi stack output, known only at deploy time`
            : `${reference.text} reads an SSM parameter, known only at deploy time`;
    const hint = accepted === undefined ? "" : `; ${accepted.hint}`;
    return `${what}, but the component needs this var before deploying (it is validated, or names resources)${hint}`;
}

function compareLocations(a: Location, b: Location): number {
    return a.file === b.file ? a.line - b.line || a.column - b.column : 0;
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
                `${who}: context must be a map (a null-label context), got ${describeNode(node)}`,
                { ...details, rule: "must be a map (a null-label context)", value: toPlain(node) },
            ),
        );
        return undefined;
    }
    const plain = toPlain(node) as object;
    try {
        return { plain, label: fromTerraformContext(plain) };
    } catch (error) {
        rethrowIfInternal(error);
        const reason = error instanceof Error ? error.message : String(error);
        problems.add(makeProblem("BAD_CONTEXT", node.loc, `${who}: ${reason}`, details));
        return undefined;
    }
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
