/**
 * One top-level stack manifest and everything it imports, merged as Atmos merges them (imports, globs, overrides,
 * templated imports). The rules, with Atmos sources: the contributors' Design notes.
 */
import * as nodePath from "node:path";
import type { AtmosConfig } from "./atmosConfig";
import { makeProblem, type ProblemList, type SourceLocation } from "./errors";
import { outsideReason, SymlinkLoopError, type Confinement } from "./confine";
import { describeNode } from "./convert";
import { globBase, globMatches, hasGlobMeta, isNotFound, readProblemText, type FileSystem } from "./files";
import { mergeAll, mergeTree } from "./merge";
import { mergeLayers } from "./mergeLayers";
import {
    emptyMap,
    isOptionalBool,
    parseYamlTree,
    toPlain,
    type Location,
    type MapEntry,
    type MapNode,
    type TreeNode,
} from "./tree";
import { expandKeyDelimiters } from "./keyDelimiter";
import { renderManifestText } from "./locals";
import { renderImportPath, StackTemplateError, templateSettingsFrom } from "./templating";
import { isPlainObject } from "../util/objects";
import { includeTags } from "./include";
import { rethrowIfInternal } from "../util/internalError";

/** Deepest import chain accepted (Atmos has no limit; real repositories stay under ten). */
export const MAX_IMPORT_DEPTH = 64;
/** Most files read for one manifest, counting each re-import (guards against exponential diamonds). */
export const MAX_IMPORTED_FILES = 20_000;

/** A file's text before parsing (replaces the Go-template step of `.tmpl` files, import `context`, `locals`). */
export type RenderFile = (text: string, file: string) => string;

/** What processing a manifest needs. */
export interface ManifestContext {
    readonly config: AtmosConfig;
    readonly files: FileSystem;
    readonly problems: ProblemList;
    /** How a file is named in messages (relative to the current directory). */
    readonly display: (absolute: string) => string;
    readonly renderFile?: RenderFile;
    /** The working directory (`!include` paths that are not `./`). @default process.cwd() */
    readonly cwd?: string;
    /** The environment file templates and `locals` YAML functions read (`LoadOptions.env`). @default process.env */
    readonly env?: Readonly<Record<string, string | undefined>>;
    /** Whether `!exec` in `locals` may run commands. @default false */
    readonly allowExec?: boolean;
    /** Shared by the manifests of one run: each file is parsed, and each import processed, once. */
    readonly cache?: ManifestCache;
    /** What may be read (imports and `!include` targets are checked against it before any lookup). @default anything */
    readonly confinement?: Confinement;
}

/**
 * What the manifests of one run (listing a repository's stacks, loading a stack by name) share,
 * so that a file imported by every stack is read, rendered, parsed and merged once per run rather
 * than once per stack. Only what loaded without a problem is kept (a problem is reported where it
 * happens, for each manifest that meets it).
 */
export interface ManifestCache {
    /** Parsed files by path, template context and flags; `text` is the file's text when parsed. */
    readonly parsed: Map<string, { readonly text: string; readonly root: TreeNode | null }>;
    /** Processed imports (a file with its own imports merged) by path and template context. */
    readonly results: Map<string, CachedResult>;
    /** Why each path may not be read (undefined: it may), by confinement and path. */
    readonly refusals: WeakMap<Confinement, Map<string, string | undefined>>;
    /** The files an import path names (found, and not refused), by base directory and path. */
    readonly imports: Map<string, readonly string[]>;
}

/** A processed import, with how deep and how many files below it (the limits still apply on reuse). */
interface CachedResult {
    readonly result: FileResult;
    readonly depth: number;
    readonly reads: number;
}

/** An empty run cache. */
export function manifestCache(): ManifestCache {
    return { parsed: new Map(), results: new Map(), refusals: new WeakMap(), imports: new Map() };
}

/** The merged result of one file and its imports. */
interface FileResult {
    readonly merged: MapNode;
    /** The file's inline overrides (with its importers' inline overrides on top). */
    readonly inline: MapNode;
    /**
     * The overrides its imports added to the run's sequence (see `ManifestProcessor.overrides`), in
     * order: kept for a result the run caches (empty otherwise, where nothing reads it).
     */
    readonly added: readonly MapNode[];
}

/** Processes a top-level manifest (absolute path); its problems go to `context.problems`. */
export function processManifest(file: string, context: ManifestContext): MapNode {
    const processor = new ManifestProcessor(context);
    const loc = { file: context.display(file), line: 1, column: 1 };
    const empty = emptyMap(loc);
    const result = processor.process(file, [], empty, undefined);
    return result?.merged ?? empty;
}

class ManifestProcessor {
    private readonly parsed = new Map<string, { root: TreeNode | null; failed: boolean }>();
    private readCount = 0;
    private tooMany = false;
    /** Deepest import chain met so far, and how many import paths were rendered (results that used none are cached). */
    private deepest = 0;
    private pathRenders = 0;
    /**
     * The overrides gathered from imports so far, as a sequence of non-empty layers in the order
     * Atmos merges them (each processed import's inline overrides, after its own imports'): what
     * reaches a file's components is their merge, then the file's inline overrides. Kept as layers
     * and merged only for a file that defines components (and from the last merge on), so that
     * thousands of imports with overrides cost their own size, not the size gathered so far each.
     */
    private readonly overrides: MapNode[] = [];
    private overridesMerged: { readonly upTo: number; readonly value: MapNode | undefined } = {
        upTo: 0,
        value: undefined,
    };

    constructor(private readonly context: ManifestContext) {}

    private get strategy() {
        return this.context.config.listMergeStrategy;
    }

    /** `chain` holds the importing files, outermost first; `at` is where the import was written. */
    process(
        file: string,
        chain: readonly string[],
        parentInline: MapNode,
        at: SourceLocation | undefined,
        templates: FileTemplates = NO_TEMPLATES,
    ): FileResult | undefined {
        const { problems, display } = this.context;
        const shown = display(file);
        if (chain.length >= MAX_IMPORT_DEPTH) {
            problems.add(
                makeProblem(
                    "IMPORT_TOO_DEEP",
                    at ?? { file: shown },
                    `import chain deeper than ${MAX_IMPORT_DEPTH} files at ${shown} (imported from ${display(chain[chain.length - 1])}, which is ${chain.length} imports below ${display(chain[0])})`,
                    { field: "import" },
                ),
            );
            return undefined;
        }
        if (++this.readCount > MAX_IMPORTED_FILES) {
            if (!this.tooMany) {
                this.tooMany = true;
                problems.add(
                    makeProblem(
                        "IMPORT_TOO_DEEP",
                        at ?? { file: shown },
                        `more than ${MAX_IMPORTED_FILES} files imported for ${display(chain[0] ?? file)} (counting each re-import); last one ${shown}`,
                        { field: "import" },
                    ),
                );
            }
            return undefined;
        }
        // A processed import is the same wherever it is imported when no overrides come from above
        // and no import path below it was rendered from its importers' sections.
        const shared = this.context.cache;
        const cacheKey =
            shared !== undefined && chain.length > 0 && parentInline.entries.size === 0 && this.overrides.length === 0
                ? `${file}\0${JSON.stringify(templates.context)}\0${templates.ignoreMissing}\0${templates.skip}`
                : undefined;
        if (cacheKey !== undefined) {
            const hit = shared!.results.get(cacheKey);
            if (
                hit !== undefined &&
                chain.length + hit.depth < MAX_IMPORT_DEPTH &&
                this.readCount + hit.reads <= MAX_IMPORTED_FILES
            ) {
                this.readCount += hit.reads - 1;
                this.deepest = Math.max(this.deepest, chain.length + hit.depth);
                for (const layer of hit.result.added) this.overrides.push(layer);
                return hit.result;
            }
        }
        const before = { problems: problems.size, reads: this.readCount, renders: this.pathRenders };
        const deepestBefore = this.deepest;
        this.deepest = chain.length;
        const root = this.parse(file, at, templates);
        const addedFrom = this.overrides.length;
        const result = this.processFile(file, chain, parentInline, templates, root);
        const depth = this.deepest - chain.length;
        this.deepest = Math.max(deepestBefore, this.deepest);
        if (
            cacheKey !== undefined &&
            result !== undefined &&
            problems.size === before.problems &&
            this.pathRenders === before.renders
        ) {
            // What its imports added to the overrides, replayed when the result is taken from the cache.
            const cached = { ...result, added: this.overrides.slice(addedFrom) };
            shared!.results.set(cacheKey, { result: cached, depth, reads: this.readCount - before.reads + 1 });
        }
        return result;
    }

    private processFile(
        file: string,
        chain: readonly string[],
        parentInline: MapNode,
        templates: FileTemplates,
        root: MapNode | undefined,
    ): FileResult | undefined {
        const { problems, display } = this.context;
        const shown = display(file);
        if (root === undefined) return undefined;
        const strategy = this.strategy;
        const loc: Location = root.loc;

        // Overrides of this file: global, then terraform.* (wins), then the importers' inline (win).
        const terraform = sectionMap(root, "terraform", shown, problems);
        const ownGlobalOverrides = sectionMap(root, "overrides", shown, problems);
        const ownTerraformOverrides = terraform
            ? sectionMap(terraform, "overrides", shown, problems, "terraform.")
            : undefined;
        const inline =
            ownGlobalOverrides === undefined && ownTerraformOverrides === undefined
                ? parentInline
                : mergeAll([ownGlobalOverrides, ownTerraformOverrides, parentInline], loc, strategy);

        const layers: MapNode[] = [];
        const here = [...chain, file];
        // Atmos's accumulated import-path context: the importers' (a snapshot), then the
        // settings, vars and env of each import of this file once processed (computed only when
        // a templated import path reads it).
        let pathContext: () => Readonly<Record<string, unknown>> = templates.pathContext ?? (() => ({}));
        for (const entry of importEntries(root, shown, problems)) {
            // The entry's context under its importers' (theirs win), inherited by nested imports.
            const context = entry.context ? deepMergePlain(entry.context, templates.context) : templates.context;
            const childTemplates: FileTemplates = {
                context,
                ignoreMissing: entry.ignoreMissing,
                skip: entry.skipTemplates,
                pathContext,
            };
            const pathData = pathContext;
            const targets = this.resolveImport(file, entry, here, () =>
                entry.context ? deepMergePlain(pathData(), entry.context) : pathData(),
            );
            for (const target of targets) {
                const result = this.process(target, here, inline, entry.loc, childTemplates);
                if (result === undefined) continue;
                if (result.inline.entries.size > 0) this.overrides.push(result.inline);
                layers.push(result.merged);
                const previous = pathContext;
                pathContext = once(() => deepMergePlain(previous(), sectionsOf([result.merged])));
            }
        }

        const own = definesComponents(root) ? withOverrides(root, this.finalOverrides(inline, loc)) : root;
        if (own.entries.size > 0) layers.push(own);
        return { merged: mergeLayers(layers, loc, strategy), inline, added: [] };
    }

    /** The overrides a file's components get: those gathered so far, then the file's inline ones. */
    private finalOverrides(inline: MapNode, loc: Location): MapNode {
        const upTo = this.overrides.length;
        let gathered = this.overridesMerged.value;
        if (upTo > this.overridesMerged.upTo) {
            const pending = this.overrides.slice(this.overridesMerged.upTo, upTo);
            gathered = mergeLayers(gathered === undefined ? pending : [gathered, ...pending], loc, this.strategy);
            this.overridesMerged = { upTo, value: gathered };
        }
        if (gathered === undefined) return inline;
        return inline.entries.size === 0 ? gathered : mergeLayers([gathered, inline], loc, this.strategy);
    }

    /** The parsed root map of a file (cached), or undefined when it cannot be used. */
    private parse(file: string, at: SourceLocation | undefined, templates: FileTemplates): MapNode | undefined {
        const { problems, display, files } = this.context;
        const shown = display(file);
        const key = `${file}\0${JSON.stringify(templates.context)}\0${templates.ignoreMissing}\0${templates.skip}`;
        let cached = this.parsed.get(key);
        if (cached === undefined) {
            let text: string | undefined;
            try {
                text = files.readFile(file);
            } catch (error) {
                problems.add(readProblem(error, at ?? { file: shown }, shown, at !== undefined));
            }
            const shared = text === undefined ? undefined : this.context.cache?.parsed.get(key);
            if (text === undefined) {
                cached = { root: null, failed: true };
            } else if (shared !== undefined && shared.text === text) {
                // Read, rendered and parsed by an earlier manifest of this run, without a problem.
                cached = { root: shared.root, failed: false };
            } else {
                const original = text;
                if (this.context.renderFile) text = this.context.renderFile(text, file);
                else if (!templates.skip) {
                    try {
                        text = renderManifestText(text, shown, {
                            context: templates.context,
                            // The import's flag, or atmos.yaml's (stack_processor_utils.go 626, 1624).
                            ignoreMissing: templates.ignoreMissing || this.ignoreMissingSetting(),
                            ...(this.context.config.versionsUnlocked === true ? { versionsUnlocked: true } : {}),
                            ...(this.context.env !== undefined ? { env: this.context.env } : {}),
                            ...(this.context.cwd !== undefined ? { cwd: this.context.cwd } : {}),
                            allowExec: this.context.allowExec === true,
                        });
                    } catch (error) {
                        if (!(error instanceof StackTemplateError)) throw error;
                        problems.add(
                            makeProblem("TEMPLATE_ERROR", at ?? { file: shown, line: 1, column: 1 }, error.message, {
                                field: "import",
                            }),
                        );
                        cached = { root: null, failed: true };
                        this.parsed.set(key, cached);
                        return undefined;
                    }
                }
                const delimiter = keyDelimiterOf(this.context.config);
                const tree = parseYamlTree(text, shown, {
                    ...(delimiter !== undefined ? { repeatedKeys: "keep" as const } : {}),
                    include: includeTags({
                        file,
                        cwd: this.context.cwd ?? process.cwd(),
                        basePath: this.context.config.basePath,
                        readFile: (p) => files.readFile(p),
                        exists: (p) => files.isFile(p),
                        ...(this.context.confinement !== undefined ? { refusal: (p: string) => this.refusal(p) } : {}),
                    }),
                });
                const found = [...tree.problems];
                const parsedRoot =
                    delimiter === undefined || tree.root === null
                        ? tree.root
                        : expandKeyDelimiters(tree.root, delimiter, found);
                for (const problem of found) problems.add(problem);
                const failed = found.length > 0;
                cached = { root: parsedRoot, failed };
                if (!failed) this.context.cache?.parsed.set(key, { text: original, root: parsedRoot });
            }
            this.parsed.set(key, cached);
        }
        if (cached.failed) return undefined;
        const root = cached.root;
        if (root === null) return emptyMap({ file: shown, line: 1, column: 1 });
        if (root.kind === "scalar" && root.value === null) return emptyMap(root.loc);
        if (root.kind !== "map") {
            problems.add(
                makeProblem("BAD_SHAPE", root.loc, `a stack manifest must be a map, got ${describeNode(root)}`, {
                    rule: "a stack manifest must be a map",
                    value: toPlain(root),
                }),
            );
            return undefined;
        }
        return root;
    }

    /** Why `path` may not be read (outside the repository, or a loop of symbolic links), if it may not. */
    /** atmos.yaml's templates.settings.ignore_missing_template_values (read once). */
    private ignoreMissingSetting(): boolean {
        if (this.ignoreMissing === undefined) {
            const { config } = this.context;
            this.ignoreMissing = templateSettingsFrom(config.raw, config.files.length > 0).ignoreMissingTemplateValues;
        }
        return this.ignoreMissing;
    }

    private ignoreMissing: boolean | undefined;

    private refusal(path: string): string | undefined {
        const confinement = this.context.confinement;
        if (confinement === undefined) return undefined;
        // Asked once per path in a run (every stack of a repository imports the same catalog).
        const refusals = this.context.cache?.refusals;
        let known = refusals?.get(confinement);
        if (refusals !== undefined && known === undefined)
            refusals.set(confinement, (known = new Map<string, string | undefined>()));
        if (known?.has(path)) return known.get(path);
        let reason: string | undefined;
        try {
            reason = outsideReason(path, confinement, this.context.files);
        } catch (error) {
            if (!(error instanceof SymlinkLoopError)) throw error;
            reason = error.message;
        }
        known?.set(path, reason);
        return reason;
    }

    /** The files an import entry names, in Atmos's order; problems for what cannot be imported. */
    private resolveImport(
        file: string,
        entry: ImportEntry,
        here: readonly string[],
        pathData: () => Record<string, unknown>,
    ): string[] {
        const { problems, display, files, config } = this.context;
        let path = entry.path;
        const field = { field: "import" };
        if (path.includes("{{")) {
            this.pathRenders++;
            // Atmos's renderImportPath: not with skip_templates_processing nor with templates
            // disabled; a missing value fails unless ignore_missing_template_values is set.
            const settings = templateSettingsFrom(config.raw, config.files.length > 0);
            if (!entry.skipTemplates && settings.enabled) {
                try {
                    path = renderImportPath(path, pathData(), display(file), {
                        ignoreMissing: entry.ignoreMissing || settings.ignoreMissingTemplateValues,
                        ...(this.context.env !== undefined ? { env: this.context.env } : {}),
                    });
                } catch (error) {
                    if (!(error instanceof StackTemplateError)) throw error;
                    problems.add(makeProblem("TEMPLATE_ERROR", entry.loc, error.message, field));
                    return [];
                }
            }
            // Still a template (left raw, or a value printed `<no value>`): no file matches it, skipped.
            if (path.includes("{{") || path.includes("<no value>")) return [];
        }
        if (isRemoteImport(path)) {
            problems.add(
                makeProblem(
                    "UNSUPPORTED",
                    entry.loc,
                    `import ${path}: remote imports (go-getter URLs) are not supported; vendor the file into the repository`,
                    field,
                ),
            );
            return [];
        }
        const firstSegment = path.split("/")[0];
        const relative = firstSegment === "." || firstSegment === "..";
        const base = relative ? nodePath.dirname(file) : config.stacksBasePath;
        // What a path names is the same for every stack of a run that imports it.
        const importKey = `${base}\0${path}`;
        const known = this.context.cache?.imports.get(importKey);
        if (known !== undefined) return this.withoutCycles(known, path, entry, here);
        // Refused as written (the glob's fixed part), before anything is looked up.
        const written = nodePath.join(base, path);
        const refused = this.refusal(hasGlobMeta(path) ? globBase(written) : written);
        if (refused !== undefined) {
            problems.add(makeProblem("OUTSIDE_REPOSITORY", entry.loc, `import ${path}: ${refused}`, field));
            return [];
        }
        let withExtension = path;
        const extension = goExtension(path);
        if (extension === "") {
            const found = [".yaml", ".yml", ".yaml.tmpl", ".yml.tmpl"].find((e) =>
                files.isFile(nodePath.join(base, path + e)),
            );
            withExtension = path + (found ?? ".yaml");
        } else if (extension === ".yaml" || extension === ".yml") {
            if (files.isFile(nodePath.join(base, `${path}.tmpl`))) withExtension = `${path}.tmpl`;
        }
        const full = nodePath.join(base, withExtension);
        if (full === file) {
            problems.add(makeProblem("IMPORT_CYCLE", entry.loc, `import ${path}: the manifest imports itself`, field));
            return [];
        }
        let matches: string[];
        try {
            matches = hasGlobMeta(withExtension)
                ? globMatches(full, files).filter((m) => files.isFile(m))
                : files.isFile(full)
                  ? [full]
                  : [];
        } catch (error) {
            rethrowIfInternal(error);
            const code = (error as { code?: unknown } | null)?.code;
            const outside = code === "EOUTSIDE" || code === "ELOOP";
            problems.add(
                makeProblem(
                    outside ? "OUTSIDE_REPOSITORY" : "BAD_IMPORT",
                    entry.loc,
                    `import ${path}: ${(error as Error).message}`,
                    field,
                ),
            );
            return [];
        }
        if (matches.length === 0 && !hasGlobMeta(withExtension)) {
            // A loop of symbolic links is not a missing file.
            const loop = this.refusal(full);
            if (loop !== undefined) {
                problems.add(makeProblem("OUTSIDE_REPOSITORY", entry.loc, `import ${path}: ${loop}`, field));
                return [];
            }
        }
        if (matches.length === 0) {
            if (!entry.skipIfMissing) {
                const where = relative
                    ? `relative to ${display(nodePath.dirname(file))}`
                    : `under the stacks base path ${display(config.stacksBasePath)}`;
                problems.add(
                    makeProblem(
                        "FILE_NOT_FOUND",
                        entry.loc,
                        `import ${path}: no file ${display(full)} (${where}; import chain: ${here.map(display).join(" -> ")})`,
                        field,
                    ),
                );
            }
            return [];
        }
        const allowed: string[] = [];
        for (const match of matches) {
            // A match may lead outside through a symbolic link.
            const outside = this.refusal(match);
            if (outside !== undefined) {
                problems.add(makeProblem("OUTSIDE_REPOSITORY", entry.loc, `import ${path}: ${outside}`, field));
                continue;
            }
            allowed.push(match);
        }
        if (allowed.length === matches.length) this.context.cache?.imports.set(importKey, allowed);
        return this.withoutCycles(allowed, path, entry, here);
    }

    /** `matches` without those already in the import chain `here` (each a cycle, reported). */
    private withoutCycles(
        matches: readonly string[],
        path: string,
        entry: ImportEntry,
        here: readonly string[],
    ): string[] {
        const { problems, display } = this.context;
        const field = { field: "import" };
        const result: string[] = [];
        for (const match of matches) {
            if (match === here[here.length - 1]) {
                problems.add(
                    makeProblem("IMPORT_CYCLE", entry.loc, `import ${path}: the manifest imports itself`, field),
                );
                continue;
            }
            if (here.includes(match)) {
                problems.add(
                    makeProblem(
                        "IMPORT_CYCLE",
                        entry.loc,
                        `import cycle: ${[...here, match].map(display).join(" -> ")}`,
                        field,
                    ),
                );
                continue;
            }
            result.push(match);
        }
        return result;
    }
}

/** One entry of a file's `import` list. */
export interface ImportEntry {
    readonly path: string;
    readonly loc: Location;
    readonly skipIfMissing: boolean;
    /** The entry's `context` (plain), when it has one. */
    readonly context?: Readonly<Record<string, unknown>>;
    /** `skip_templates_processing`. */
    readonly skipTemplates: boolean;
    /** `ignore_missing_template_values`. */
    readonly ignoreMissing: boolean;
}

/** How a file's text is templated: the import context it inherits and the entry's flags. */
interface FileTemplates {
    readonly context: Readonly<Record<string, unknown>>;
    readonly ignoreMissing: boolean;
    readonly skip: boolean;
    /**
     * The data templated import paths of the file see (Atmos's import-path context): the
     * `settings`, `vars` and `env` of the imports its importers processed before it.
     */
    readonly pathContext?: () => Readonly<Record<string, unknown>>;
}

/** `compute`, called at most once. */
function once<T>(compute: () => T): () => T {
    let done = false;
    let value: T;
    return () => {
        if (!done) {
            value = compute();
            done = true;
        }
        return value;
    };
}

const NO_TEMPLATES: FileTemplates = { context: {}, ignoreMissing: false, skip: false };

/** Deep-merges plain maps, `over` winning. */
function deepMergePlain(
    base: Readonly<Record<string, unknown>>,
    over: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(over)) {
        const b = out[k];
        out[k] = isPlainObject(b) && isPlainObject(v) ? deepMergePlain(b, v) : v;
    }
    return out;
}

/** The settings, vars and env of files merged so far (for templated import paths). */
function sectionsOf(maps: readonly MapNode[]): Record<string, unknown> {
    const out: Record<string, Record<string, unknown>> = { settings: {}, vars: {}, env: {} };
    for (const m of maps) {
        for (const key of ["settings", "vars", "env"]) {
            const node = m.entries.get(key)?.value;
            if (node?.kind === "map") out[key] = deepMergePlain(out[key], toPlain(node) as Record<string, unknown>);
        }
    }
    return out;
}

const IMPORT_KEYS = [
    "path",
    "skip_if_missing",
    "context",
    "skip_templates_processing",
    "ignore_missing_template_values",
    "nested_imports",
    "ttl",
];

/** The `import` list of a file, checked as Atmos checks it. */
function importEntries(root: MapNode, shown: string, problems: ProblemList): ImportEntry[] {
    const node = root.entries.get("import")?.value;
    if (node === undefined || (node.kind === "scalar" && node.value === null)) return [];
    const field = { field: "import" };
    if (node.kind !== "seq") {
        problems.add(
            makeProblem("BAD_IMPORT", node.loc, `import must be a list, got ${describeNode(node)}`, {
                ...field,
                rule: "must be a list",
                value: toPlain(node),
            }),
        );
        return [];
    }
    const entries: ImportEntry[] = [];
    for (const item of node.items) {
        if (item.kind === "scalar" && typeof item.value === "string" && item.value !== "") {
            entries.push({
                path: item.value,
                loc: item.loc,
                skipIfMissing: false,
                skipTemplates: false,
                ignoreMissing: false,
            });
            continue;
        }
        if (item.kind !== "map") {
            problems.add(
                makeProblem(
                    "BAD_IMPORT",
                    item.loc,
                    `import entry must be a path or a map with path, got ${describeNode(item)}`,
                    { ...field, rule: "must list paths or maps with path", value: toPlain(item) },
                ),
            );
            continue;
        }
        const path = item.entries.get("path")?.value;
        if (path?.kind !== "scalar" || typeof path.value !== "string" || path.value === "") {
            problems.add(
                makeProblem(
                    "BAD_IMPORT",
                    item.loc,
                    `import entry must have a path (a string), got ${describeNode(item)}`,
                    { ...field, rule: "must give each entry a path (a string)", value: toPlain(item) },
                ),
            );
            continue;
        }
        const unknown = [...item.entries.keys()].filter((k) => !IMPORT_KEYS.includes(k));
        if (unknown.length > 0) {
            problems.add(
                makeProblem(
                    "BAD_IMPORT",
                    item.loc,
                    `import entry: unknown key ${unknown[0]} (Atmos takes ${IMPORT_KEYS.join(", ")})`,
                    field,
                ),
            );
            continue;
        }
        const contextNode = item.entries.get("context")?.value;
        let context: Record<string, unknown> | undefined;
        if (contextNode !== undefined && !(contextNode.kind === "scalar" && contextNode.value === null)) {
            if (contextNode.kind !== "map") {
                problems.add(
                    makeProblem(
                        "BAD_IMPORT",
                        contextNode.loc,
                        `import ${path.value}: context must be a map, got ${describeNode(contextNode)}`,
                        field,
                    ),
                );
                continue;
            }
            if (contextNode.entries.size > 0) context = toPlain(contextNode) as Record<string, unknown>;
        }
        const flag = (key: string) => {
            const v = item.entries.get(key)?.value;
            return v?.kind === "scalar" && v.value === true;
        };
        const nested = item.entries.get("nested_imports")?.value;
        if (nested?.kind === "scalar" && String(nested.value).toLowerCase() === "remote") {
            problems.add(
                makeProblem(
                    "UNSUPPORTED",
                    nested.loc,
                    `import ${path.value}: nested_imports: remote is not supported`,
                    field,
                ),
            );
            continue;
        }
        const skip = item.entries.get("skip_if_missing")?.value;
        if (skip !== undefined && !isOptionalBool(skip)) {
            problems.add(
                makeProblem(
                    "BAD_IMPORT",
                    skip.loc,
                    `import skip_if_missing must be a bool, got ${describeNode(skip)}`,
                    { ...field, rule: "must give skip_if_missing as a bool", value: toPlain(skip) },
                ),
            );
            continue;
        }
        entries.push({
            path: path.value,
            loc: path.loc,
            skipIfMissing: skip?.kind === "scalar" && skip.value === true,
            ...(context ? { context } : {}),
            skipTemplates: flag("skip_templates_processing"),
            ignoreMissing: flag("ignore_missing_template_values"),
        });
    }
    void shown;
    return entries;
}

/** The map under `key` (null counts as absent); a problem when it is something else. */
function sectionMap(
    node: MapNode,
    key: string,
    shown: string,
    problems: ProblemList,
    prefix = "",
): MapNode | undefined {
    const value = node.entries.get(key)?.value;
    if (value === undefined || (value.kind === "scalar" && value.value === null)) return undefined;
    if (value.kind === "map") return value;
    problems.add(
        makeProblem("BAD_SHAPE", value.loc, `${prefix}${key} must be a map, got ${describeNode(value)}`, {
            field: `${prefix}${key}`,
        }),
    );
    void shown;
    return undefined;
}

/** Whether the file defines a component under components.terraform. */
function definesComponents(root: MapNode): boolean {
    const components = root.entries.get("components");
    if (components?.value.kind !== "map") return false;
    const terraform = components.value.entries.get("terraform");
    return terraform?.value.kind === "map" && terraform.value.entries.size > 0;
}

/** The file with `overrides` set in every component it defines under components.terraform (none when empty). */
function withOverrides(root: MapNode, overrides: MapNode): MapNode {
    if (overrides.entries.size === 0) return root;
    const components = root.entries.get("components");
    if (components?.value.kind !== "map") return root;
    const terraform = components.value.entries.get("terraform");
    if (terraform?.value.kind !== "map") return root;
    const instances = new Map<string, MapEntry>();
    for (const [name, entry] of terraform.value.entries) {
        if (entry.value.kind !== "map") {
            instances.set(name, entry);
            continue;
        }
        const fields = new Map(entry.value.entries);
        fields.set("overrides", { key: "overrides", keyLoc: overrides.loc, value: overrides });
        instances.set(name, { ...entry, value: { ...entry.value, entries: fields } });
    }
    const newTerraform: MapEntry = { ...terraform, value: { ...terraform.value, entries: instances } };
    const newComponents: MapEntry = {
        ...components,
        value: { ...components.value, entries: new Map(components.value.entries).set("terraform", newTerraform) },
    };
    return { ...root, entries: new Map(root.entries).set("components", newComponents) };
}

/** Go's `filepath.Ext`: from the last dot of the last element, or "". */
export function goExtension(path: string): string {
    for (let i = path.length - 1; i >= 0 && path[i] !== "/"; i--) if (path[i] === ".") return path.slice(i);
    return "";
}

/** What go-getter would download: Atmos's remote imports (`pkg/stack/imports/uri.go` IsRemote). */
export function isRemoteImport(path: string): boolean {
    if (path.startsWith("/") || path.startsWith("./") || path.startsWith("../")) return false;
    if (path.includes("://") || path.includes("::") || path.includes("//")) return true;
    if (/^[\w.-]+@[\w.-]+:/.test(path)) return true;
    const slash = path.indexOf("/");
    const host = (slash < 0 ? path : path.slice(0, slash)).toLowerCase();
    if (["github.com", "gitlab.com", "bitbucket.org"].some((h) => host === h || host.endsWith(`.${h}`))) return true;
    if (/\.git(\/|$)/.test(path.slice(slash < 0 ? path.length : slash)) || path.includes("/_git/")) return true;
    const dot = host.indexOf(".");
    if (dot <= 0 || dot >= host.length - 1) return false;
    const afterDot = host.slice(dot + 1);
    const suffixes = [
        "com",
        "org",
        "net",
        "io",
        "dev",
        "co",
        "edu",
        "gov",
        "mil",
        "uk",
        "de",
        "fr",
        "jp",
        "cn",
        "au",
        "ca",
        "nl",
        "se",
        "no",
    ];
    if (suffixes.some((s) => afterDot === s || afterDot.endsWith(`.${s}`))) return true;
    return afterDot.length >= 2 && !/^v?\d+(\.\d+)*$/.test(host) && slash > 0;
}

function readProblem(error: unknown, at: SourceLocation, shown: string, imported: boolean) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "EOUTSIDE" || code === "ELOOP") {
        return makeProblem("OUTSIDE_REPOSITORY", at, (error as Error).message, imported ? { field: "import" } : {});
    }
    return makeProblem(
        isNotFound(error) ? "FILE_NOT_FOUND" : "FILE_UNREADABLE",
        at,
        readProblemText(error, imported ? shown : undefined),
        imported ? { field: "import" } : {},
    );
}

/** Used by callers that need the merged sections of a map without re-merging. */
export { mergeTree };

/** atmos.yaml's `settings.yaml.key_delimiter`, when set (a non-empty string). */
function keyDelimiterOf(config: AtmosConfig): string | undefined {
    const settings = config.raw.settings;
    const yamlSettings = isPlainObject(settings) ? settings.yaml : undefined;
    const delimiter = isPlainObject(yamlSettings) ? yamlSettings.key_delimiter : undefined;
    return typeof delimiter === "string" && delimiter !== "" ? delimiter : undefined;
}
