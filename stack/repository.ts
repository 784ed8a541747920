/**
 * The stacks of an Atmos repository: its top-level manifests (`stacks.included_paths` minus
 * `stacks.excluded_paths`, under the stacks base path) and the Atmos name of each, so a stack can
 * be listed and selected by name as `atmos ... -s <stack>` selects it.
 */
import * as nodePath from "node:path";
import { withLoadBudget } from "../gotemplate";
import { didYouMean } from "../util/suggest";
import { loadAtmosConfig, confinementOf, positionOf, type AtmosConfig } from "./atmosConfig";
import { confinedFileSystem, outsideReason } from "./confine";
import { makeProblem, ProblemList, StackFileError } from "./errors";
import { globBase, globMatches, globPathMatcher, NODE_FILE_SYSTEM, type FileSystem } from "./files";
import { compareGoStrings } from "../util/goOrder";
import { atmosConfigFailure, displayPath } from "./environment";
import { mergeCustomComponents, PULUMI_COMPONENT_TYPE } from "./customTypes";
import { mergeComponents } from "./inheritance";
import { loadManifest } from "./loader";
import type { LoadedStack, LoadOptions, StackComponent } from "./loadTypes";
import { componentStackName } from "./naming";
import { goExtension, processManifest } from "./manifest";
import { newLoadRun, type LoadRun } from "./run";
import { remembered } from "../util/remember";
import { instanceSearch, requireInstance } from "./onlyInstance";

/** One stack of a repository. */
export interface AtmosStackEntry {
    /** The stack's Atmos name. */
    readonly name: string;
    /** The top-level manifest (absolute path). */
    readonly manifest: string;
    /** Why the manifest could not be read (then `name` is its file name), if it could not. */
    readonly error?: string;
}

/** Where the repository is. */
export interface RepositoryOptions {
    /** The directory Atmos would be run in (where atmos.yaml is found). @default process.cwd() */
    readonly atmosDir?: string;
    /** The environment (`ATMOS_CLI_CONFIG_PATH`, ...). @default process.env */
    readonly env?: Readonly<Record<string, string | undefined>>;
    /** The file system. @default the real one */
    readonly files?: FileSystem;
    /** Where the paths in messages are relative to (the user's directory). @default `atmosDir` */
    readonly displayDir?: string;
    /** Read outside the repository too (see `LoadOptions.allowOutsideRepository`). @default false */
    readonly allowOutsideRepository?: boolean;
}

const STACK_EXTENSIONS = [".yaml", ".yml", ".yaml.tmpl", ".yml.tmpl"];

/**
 * The user's directory: where the command was typed. Run as a script of a package (`npm run synth`,
 * `npm --prefix <package> run synth`), npm starts it in the package's directory and says where it
 * was typed in `INIT_CWD`; anything else runs where it was started. A script that changes
 * directory itself (`cd infra && ...`) is taken at its word.
 */
export function userDirectory(
    env: Readonly<Record<string, string | undefined>> = process.env,
    cwd: string = process.cwd(),
): string {
    const typedIn = env.npm_lifecycle_event !== undefined ? env.INIT_CWD : undefined;
    if (typedIn === undefined || typedIn === "") return cwd;
    const scriptDir = env.npm_package_json === undefined ? undefined : nodePath.dirname(env.npm_package_json);
    if (scriptDir !== undefined && nodePath.resolve(scriptDir) !== nodePath.resolve(cwd)) return cwd;
    return nodePath.resolve(cwd, typedIn);
}

/** The top-level manifests of a repository, sorted by path. */
export function stackManifests(config: AtmosConfig, files: FileSystem): string[] {
    const found = new Set<string>();
    const confinement = confinementOf(config, files, false);
    config.includedPaths.forEach((included, index) => {
        if (included === "") return;
        const pattern = nodePath.join(config.stacksBasePath, included);
        // An included path reaching out of the repository is refused, naming where it is set.
        const refuseOutside = (reason: string) =>
            new StackFileError([
                makeProblem(
                    "OUTSIDE_REPOSITORY",
                    { file: config.files[config.files.length - 1] ?? config.stacksBasePath },
                    `stacks.included_paths ${included}: ${reason}`,
                ),
            ]);
        const outside = outsideReason(globBase(pattern), confinement, files);
        if (outside !== undefined) throw refuseOutside(outside);
        const patterns = goExtension(included) === "" ? STACK_EXTENSIONS.map((e) => pattern + e) : [pattern];
        for (const p of patterns) {
            let matches: string[];
            try {
                matches = globMatches(p, files);
            } catch (error) {
                const code = (error as { code?: unknown } | null)?.code;
                if (code === "EGLOB") throw settingError(config, files, "included_paths", index, included, error);
                if (code !== "EOUTSIDE" && code !== "ELOOP") throw error;
                throw refuseOutside((error as Error).message);
            }
            for (const match of matches) if (files.isFile(match)) found.add(match);
        }
    });
    // Each excluded pattern compiled once for every manifest it is tested against.
    const excluded = config.excludedPaths.flatMap((written, index) => {
        if (written === "") return [];
        const fail = (error: unknown) => settingError(config, files, "excluded_paths", index, written, error);
        try {
            const matches = globPathMatcher(nodePath.join(config.stacksBasePath, written));
            return [{ matches, fail }];
        } catch (error) {
            throw fail(error);
        }
    });
    const kept = [...found].filter(
        (manifest) =>
            !excluded.some(({ matches, fail }) => {
                try {
                    return matches(manifest);
                } catch (error) {
                    throw fail(error);
                }
            }),
    );
    return kept.sort(compareGoStrings);
}

/**
 * A glob of `stacks.<key>` past a limit of its work, as a problem at the entry of atmos.yaml that
 * sets it (or at the file, when the environment sets it); other errors as they are.
 */
function settingError(
    config: AtmosConfig,
    files: FileSystem,
    key: "included_paths" | "excluded_paths",
    index: number,
    written: string,
    error: unknown,
): unknown {
    if ((error as { code?: unknown } | null)?.code !== "EGLOB") return error;
    const keyPath = ["stacks", key, index];
    const setBy = [...config.files].reverse().find((f) => positionOf(f, keyPath, files) !== undefined);
    const file = setBy ?? config.files[config.files.length - 1] ?? config.stacksBasePath;
    const position = setBy === undefined ? undefined : positionOf(setBy, keyPath, files);
    return new StackFileError([
        makeProblem(
            "BAD_ATMOS_CONFIG",
            { file, ...(position !== undefined ? { line: position.line, column: position.column } : {}) },
            `stacks.${key} ${written}: ${(error as Error).message}`,
        ),
    ]);
}

/** A repository's stacks, named, with the run that named them (its caches serve the loads that follow). */
interface StackIndex {
    readonly cwd: string;
    readonly config: AtmosConfig;
    readonly run: LoadRun;
    readonly entries: readonly AtmosStackEntry[];
    /**
     * The components of the stack named `name`, merged in full with their own stack names (for a
     * `!terraform.state` that names another stack); undefined when no manifest defines it.
     */
    readonly componentsOf: (name: string) => readonly StackComponent[] | undefined;
}

/**
 * Names every stack of the repository. Each manifest is processed with the run's caches (a file
 * imported by every stack is parsed and merged once), and with a `name_pattern` only the vars it
 * reads are merged per component; a `name_template` may read any section, so then everything is.
 */
function indexStacks(options: RepositoryOptions): StackIndex {
    return withLoadBudget(() => indexWithin(options));
}

function indexWithin(options: RepositoryOptions): StackIndex {
    const cwd = nodePath.resolve(options.atmosDir ?? process.cwd());
    const run = newLoadRun(options.files ?? NODE_FILE_SYSTEM);
    const allowOutside = options.allowOutsideRepository === true;
    let config: AtmosConfig;
    try {
        config = loadAtmosConfig({
            cwd,
            env: options.env ?? process.env,
            files: run.files,
            ...(allowOutside ? { allowOutsideRepository: true } : {}),
        });
    } catch (error) {
        throw atmosConfigFailure(error, (p) => p);
    }
    const confinement = confinementOf(config, run.files, allowOutside);
    const files = confinedFileSystem(run.files, confinement);
    const displayDir = nodePath.resolve(options.displayDir ?? cwd);
    // Each file is named once per run (every stack names the catalog files it imports).
    const display = remembered((p: string) => displayPath(p, displayDir, config.gitRoot));
    if (!files.isDirectory(config.stacksBasePath)) {
        // As Atmos: no stacks directory is an error, not a repository without stacks (a mistyped
        // --atmos-dir, or a directory outside the repository, would otherwise list nothing).
        const from =
            config.files.length > 0
                ? `stacks.base_path of ${config.files.map(display).join(", ")}`
                : "no atmos.yaml found: Atmos's default stacks/ under the base path";
        throw new StackFileError([
            makeProblem(
                "BAD_ATMOS_CONFIG",
                { file: cwd },
                `the stacks directory ${display(config.stacksBasePath)} does not exist (${from})`,
            ),
        ]);
    }
    // One manifest of the run, imports and templates processed (each file read once: run.manifests).
    const readManifest = (manifest: string, problems: ProblemList) =>
        processManifest(manifest, {
            config,
            files,
            problems,
            display,
            cwd,
            confinement,
            cache: run.manifests,
            ...(options.env !== undefined ? { env: options.env } : {}),
        });
    const entries: AtmosStackEntry[] = [];
    for (const manifest of stackManifests(config, files)) {
        const problems = new ProblemList();
        const root = readManifest(manifest, problems);
        const components =
            problems.size === 0
                ? [
                      ...mergeComponents(root, config, problems, { namesOnly: config.nameTemplate === undefined }),
                      ...mergeCustomComponents(root, PULUMI_COMPONENT_TYPE, config, problems, []),
                  ]
                : [];
        if (problems.size > 0) {
            const error = problems.items.map((p) => p.message).join("\n");
            entries.push({
                name: componentStackName(undefined, root, manifest, config, options.env).name,
                manifest,
                error,
            });
            continue;
        }
        const real = components.filter((c) => !c.abstract);
        const names = new Map<string, string | undefined>();
        for (const component of real.length > 0 ? real : [undefined]) {
            const named = componentStackName(component, root, manifest, config, options.env);
            // A name_template that reached a template limit is said, never hidden behind the file
            // name it falls back to (other failures fall back as Atmos's describe stacks does).
            const problem =
                named.problem === undefined || named.limit !== true
                    ? undefined
                    : `${config.files.length > 0 ? `${display(config.files[config.files.length - 1])}: ` : ""}${named.problem}`;
            if (!names.has(named.name) || problem !== undefined)
                names.set(named.name, problem ?? names.get(named.name));
        }
        for (const [name, error] of names) entries.push({ name, manifest, ...(error !== undefined ? { error } : {}) });
    }
    // Each stack merged once per run, however many references name it.
    const merged = new Map<string, readonly StackComponent[] | undefined>();
    const componentsOf = (name: string): readonly StackComponent[] | undefined => {
        if (!merged.has(name)) merged.set(name, mergeStack(name));
        return merged.get(name);
    };
    const mergeStack = (name: string): readonly StackComponent[] | undefined => {
        const manifests = [
            ...new Set(entries.filter((e) => e.name === name && e.error === undefined).map((e) => e.manifest)),
        ];
        if (manifests.length === 0) return undefined;
        return manifests.flatMap((manifest) => {
            const problems = new ProblemList();
            const root = readManifest(manifest, problems);
            const merged = problems.size === 0 ? mergeComponents(root, config, problems) : [];
            return merged
                .filter((c) => !c.abstract)
                .map((component) => ({
                    component,
                    stack: componentStackName(component, root, manifest, config, options.env).name,
                    manifest,
                }))
                .filter((c) => c.stack === name);
        });
    };
    return { cwd, config, run, entries, componentsOf };
}

/** Every stack of the repository with its Atmos name(s), one entry per name and manifest. */
export function listStacks(options: RepositoryOptions = {}): AtmosStackEntry[] {
    return [...indexStacks(options).entries];
}

/**
 * The manifests of the stack named `name` (its Atmos name, or its manifest path under the stacks
 * base path), and whether it was matched by its name (then only the components named so belong to it).
 */
function matchStack(
    name: string,
    index: StackIndex,
    options: RepositoryOptions,
): { manifests: string[]; byName: boolean } {
    const { entries, config } = index;
    let matches = entries.filter((e) => e.name === name);
    const byName = matches.length > 0;
    if (!byName && name.includes("/")) {
        matches = entries.filter((e) => {
            const relative = nodePath.relative(config.stacksBasePath, e.manifest).split(nodePath.sep).join("/");
            return relative === name || relative.replace(/\.ya?ml(\.tmpl)?$/, "") === name;
        });
    }
    const manifests = [...new Set(matches.map((m) => m.manifest))];
    if (manifests.length === 0) {
        const names = [...new Set(entries.map((e) => e.name))];
        // Paths as every other message prints them: from the user's directory (--list-stacks's too).
        const atmosDir = nodePath.resolve(options.atmosDir ?? process.cwd());
        const display = (p: string) => displayPath(p, nodePath.resolve(options.displayDir ?? atmosDir), config.gitRoot);
        // Located at the atmos.yaml that says where the stacks are (not `.`, the directory it was run in).
        const where = config.files.length > 0 ? config.files[config.files.length - 1] : atmosDir;
        throw new StackFileError([
            makeProblem(
                "STACK_NAME",
                { file: display(where) },
                `no Atmos stack named ${name}${didYouMean(name, names)}${names.length > 0 && names.length <= 20 ? ` (stacks: ${names.join(", ")})` : ""}`,
            ),
            // A manifest that could not be read may be the one named so: say why it could not.
            ...entries
                .filter((e) => e.error !== undefined)
                .map((e) =>
                    makeProblem("STACK_NAME", { file: display(e.manifest) }, `not read, so not named: ${e.error}`),
                ),
        ]);
    }
    return { manifests, byName };
}

/** The manifests of the stack named `name` (its Atmos name, or its manifest path under the stacks base path). */
export function findStackManifests(name: string, options: RepositoryOptions = {}): string[] {
    return matchStack(name, indexStacks(options), options).manifests;
}

/** The manifest of the stack named `name`; a stack defined by several manifests is refused (see `loadAtmosStack`). */
export function findStack(name: string, options: RepositoryOptions = {}): AtmosStackEntry {
    const manifests = findStackManifests(name, options);
    if (manifests.length > 1) {
        throw new StackFileError([
            makeProblem(
                "STACK_NAME",
                { file: nodePath.resolve(options.atmosDir ?? process.cwd()) },
                `the Atmos stack ${name} is defined by several manifests: ${manifests.join(", ")}; give the manifest path instead`,
            ),
        ]);
    }
    return { name, manifest: manifests[0] };
}

/**
 * Loads the stack named `name` of the repository at `options.atmosDir`. As in Atmos, a stack may be
 * made of several top-level manifests: their instances are put together, and an instance that
 * two manifests resolve differently is refused.
 */
export function loadAtmosStack(
    name: string,
    options: RepositoryOptions & Omit<LoadOptions, "cwd" | "env" | "files"> = {},
): LoadedStack {
    // listing the stacks and loading the one asked for share one template budget
    return withLoadBudget(() => loadNamedStack(name, options));
}

function loadNamedStack(
    name: string,
    options: RepositoryOptions & Omit<LoadOptions, "cwd" | "env" | "files">,
): LoadedStack {
    const index = indexStacks(options);
    const { manifests, byName } = matchStack(name, index, options);
    const { atmosDir: _atmosDir, displayDir, files: _files, ...loadOptions } = options;
    // One instance asked for: refused once every manifest of the stack has been searched.
    const search = options.component !== undefined ? instanceSearch(options.component) : undefined;
    const loads = manifests.map((manifest) =>
        loadManifest(
            manifest,
            { ...loadOptions, cwd: index.cwd, atmosConfig: index.config },
            {
                run: index.run,
                ...(displayDir !== undefined ? { displayDir } : {}),
                ...(byName ? { onlyStack: name } : {}),
                ...(search !== undefined ? { search } : {}),
                componentsOf: index.componentsOf,
            },
        ),
    );
    const combined = combineLoads(name, manifests, loads);
    return search === undefined
        ? combined
        : requireInstance(combined, search, { file: displayPath(manifests[0], displayDir ?? index.cwd) });
}

/** The loads of the manifests of one stack put together (see `loadAtmosStack`). */
function combineLoads(name: string, manifests: readonly string[], loads: readonly LoadedStack[]): LoadedStack {
    if (loads.length === 1) return loads[0];
    const instances = new Map<string, { instance: LoadedStack["instances"][number]; file: string }>();
    const skipped = new Map<string, LoadedStack["skipped"][number]>();
    const problems: ReturnType<typeof makeProblem>[] = [];
    loads.forEach((loaded, i) => {
        for (const instance of loaded.instances) {
            const earlier = instances.get(instance.name);
            if (earlier === undefined) instances.set(instance.name, { instance, file: manifests[i] });
            else if (JSON.stringify(earlier.instance.vars) !== JSON.stringify(instance.vars)) {
                problems.push(
                    makeProblem(
                        "STACK_NAME",
                        instance.location,
                        `instance ${JSON.stringify(instance.name)} of the Atmos stack ${name} is defined differently by ${earlier.file} and ${manifests[i]} (Atmos refuses this too)`,
                        { instance: instance.name },
                    ),
                );
            }
        }
        for (const s of loaded.skipped) if (!skipped.has(s.instance)) skipped.set(s.instance, s);
    });
    if (problems.length > 0) throw new StackFileError(problems);
    return {
        file: manifests[0],
        stackName: name,
        ...(loads[0].atmosStack !== undefined ? { atmosStack: name } : {}),
        instances: [...instances.values()].map((v) => v.instance),
        skipped: [...skipped.values()].filter((s) => !instances.has(s.instance)),
        warnings: [...new Set(loads.flatMap((l) => l.warnings))],
    };
}
