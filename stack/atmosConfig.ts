/**
 * `atmos.yaml`: found and read as Atmos 1.x does, reduced to what stack loading needs (base paths, included and
 * excluded paths, stack naming, list merge strategy, Go templates). Discovery order: the contributors' Design notes.
 */
import * as nodePath from "node:path";
import { TEMPLATE_LIMITS } from "../gotemplate";
import { yaml } from "../util/yaml";
import { goYamlLineBreaks, goYamlOptions } from "../util/goYaml";
import {
    climbsOut,
    OutsideRepositoryError,
    outsideReason,
    readConfined,
    SymlinkLoopError,
    type Confinement,
} from "./confine";
import { globBase, globMatches, hasGlobMeta, type FileSystem } from "./files";
import { compareGoStrings } from "../util/goOrder";
import { getOwn, isPlainObject, setOwn } from "../util/objects";
import { CloudposseError } from "../util/errors";

/** Atmos's `settings.list_merge_strategy`. */
export type ListMergeStrategy = "replace" | "append" | "merge";

/** The parts of Atmos's CLI configuration that stack loading uses. */
export interface AtmosConfig {
    /** The config files read, lowest first (empty when Atmos's defaults apply). */
    readonly files: readonly string[];
    /** The directory of the most specific config file (where relative base paths start). */
    readonly configDir?: string;
    /** Absolute `base_path`. */
    readonly basePath: string;
    /** Absolute `stacks.base_path`. */
    readonly stacksBasePath: string;
    /** `stacks.included_paths`, as written (relative to the stacks base path). */
    readonly includedPaths: readonly string[];
    /** `stacks.excluded_paths`, as written. */
    readonly excludedPaths: readonly string[];
    /** `stacks.name_pattern` (deprecated by Atmos in favour of `name_template`). */
    readonly namePattern?: string;
    /** `stacks.name_template`, a Go template. */
    readonly nameTemplate?: string;
    /** `settings.list_merge_strategy`. */
    readonly listMergeStrategy: ListMergeStrategy;
    /** `templates.settings.enabled`: Go templates in component sections are rendered. */
    readonly templatesEnabled: boolean;
    /** `templates.settings.sprig.enabled`. */
    readonly sprigEnabled: boolean;
    /** `templates.settings.gomplate.enabled`. */
    readonly gomplateEnabled: boolean;
    /** `stacks.inherit.metadata` (default true). */
    readonly inheritMetadata: boolean;
    /**
     * The repository that holds the atmos.yaml found (its git root): the current directory's when
     * the file was found from there, else the file's own (without a file, the manifest's). Base
     * paths follow Atmos's git-root rule in it; undefined when there is none, or with
     * ATMOS_GIT_ROOT_BASEPATH=false.
     */
    readonly gitRoot?: string;
    /**
     * The repository a load reads from (see `repositoryOf`): every file read stays under it
     * unless the user opts in. Absent in a hand-made config: then the git repository holding
     * `configDir` (else `basePath`), else that directory.
     */
    readonly repository?: string;
    /** Base paths the user's environment set (`ATMOS_BASE_PATH`, `ATMOS_STACKS_BASE_PATH`): read from too. */
    readonly userPaths?: readonly string[];
    /** The user opted in to reading outside `repository` (`allowOutsideRepository`). */
    readonly allowOutsideRepository?: boolean;
    /** `env:` of atmos.yaml, the lowest layer of every component's env. */
    readonly env: Readonly<Record<string, unknown>>;
    /** The whole merged configuration, as plain data. */
    readonly raw: Readonly<Record<string, unknown>>;
    /**
     * True when templates' `.version` is known to be an empty map: the Version Tracker's lock file
     * (`version.lock_file`, else `versions.lock.yaml`, under `base_path`) does not exist and
     * atmos.yaml configures no `version.tracks` or `version.dependencies`.
     */
    readonly versionsUnlocked?: boolean;
}

/** Where to look for atmos.yaml. */
export interface AtmosConfigOptions {
    /** The current directory. @default process.cwd() */
    readonly cwd?: string;
    /** The environment (`ATMOS_*` variables). @default process.env */
    readonly env?: Readonly<Record<string, string | undefined>>;
    /** A manifest: when no config is found from `cwd`, its directory and ancestors are searched. */
    readonly manifest?: string;
    /** The file system. */
    readonly files: FileSystem;
    /**
     * Read outside the repository too (atmos.yaml imports, base paths, and later the stack's
     * files); off, such a read is refused. @default false
     */
    readonly allowOutsideRepository?: boolean;
    /** Atmos's `--config` files (else `ATMOS_CONFIG`, comma-separated): they replace discovery. */
    readonly configFiles?: readonly string[];
    /** Atmos's `--config-path` directories (else `ATMOS_CONFIG_PATH`): they replace discovery. */
    readonly configDirs?: readonly string[];
    /** Atmos's `--profile` names (else `ATMOS_PROFILE`, else atmos.yaml's `profiles.default`). */
    readonly profiles?: readonly string[];
}

/** An atmos.yaml that cannot be read or is invalid. */
export class AtmosConfigError extends CloudposseError {
    readonly code = "ATMOS_CONFIG";
    override readonly name = "AtmosConfigError";
    constructor(
        readonly file: string,
        reason: string,
        /** Where in `file` the setting is written, when known. */
        readonly position?: { readonly line: number; readonly column: number },
        /** `true` when the reason is a read outside the repository. */
        readonly outside = false,
    ) {
        super(`${file}${position === undefined ? "" : `:${position.line}:${position.column}`}: ${reason}`);
    }
    /** The message without the file and position. */
    get reason(): string {
        const prefix = `${this.file}${this.position === undefined ? "" : `:${this.position.line}:${this.position.column}`}: `;
        return this.message.slice(prefix.length);
    }
}

const CONFIG_NAMES = ["atmos.yaml", ".atmos.yaml"];
const LOCAL_CONFIG_MARKERS = ["atmos.yaml", ".atmos.yaml", ".atmos", ".atmos.d", "atmos.d"];

/** Atmos's built-in configuration when no atmos.yaml exists (`pkg/config/default.go`). */
const NO_CONFIG_DEFAULTS: Record<string, unknown> = {
    base_path: ".",
    stacks: {
        base_path: "stacks",
        included_paths: ["orgs/**/*"],
        excluded_paths: ["**/_defaults.yaml"],
        name_pattern: "{tenant}-{environment}-{stage}",
    },
    templates: { settings: { enabled: true, sprig: { enabled: true }, gomplate: { enabled: true } } },
    settings: { list_merge_strategy: "replace" },
};

/** Finds and reads atmos.yaml as Atmos does. */
export function loadAtmosConfig(options: AtmosConfigOptions): AtmosConfig {
    const cwd = nodePath.resolve(options.cwd ?? process.cwd());
    const env = options.env ?? process.env;
    const files = options.files;
    const gitRootsOn = env.ATMOS_GIT_ROOT_BASEPATH !== "false";
    const cwdGitRoot = gitRootsOn ? repositoryOf(cwd, files) : undefined;

    const configFiles: string[] = [];
    // --config / --config-path (else ATMOS_CONFIG / ATMOS_CONFIG_PATH) replace discovery
    // (pkg/config/load.go 455-477, load_config_args.go 47-88): files first, then directories.
    const selection = configSelection(options, env, cwd, files);
    const cliConfigPath = selection === undefined ? env.ATMOS_CLI_CONFIG_PATH : "selected";
    const cwdHasConfig = hasLocalConfig(cwd, files);
    if (selection !== undefined) {
        configFiles.push(...selection.sources.map((s) => s.file));
    } else if (!cliConfigPath) {
        if (!cwdHasConfig) {
            const parent = findUpward(nodePath.dirname(cwd), files);
            if (parent) configFiles.push(parent);
            const atGitRoot = cwdGitRoot === undefined ? undefined : configFileIn(cwdGitRoot, files);
            if (atGitRoot) configFiles.push(atGitRoot);
        }
        const local = configFileIn(cwd, files);
        if (local) configFiles.push(local);
    } else {
        const dir = nodePath.resolve(cwd, cliConfigPath);
        const named = files.isFile(dir) ? dir : configFileIn(dir, files);
        if (named) configFiles.push(named);
    }
    const manifest = options.manifest === undefined ? undefined : nodePath.resolve(cwd, options.manifest);
    // Atmos's discovery found nothing (or there was nothing to find): the manifest's own repository.
    const fromManifest = configFiles.length === 0 && manifest !== undefined;
    if (fromManifest) {
        const found = findUpward(nodePath.dirname(manifest), files);
        if (found) configFiles.push(found);
    }
    const unique = [...new Set(configFiles)];
    const configDir =
        selection !== undefined
            ? selection.baseDir
            : unique.length === 0
              ? undefined
              : nodePath.dirname(unique[unique.length - 1]);
    // Atmos's git-root rule (pkg/config/git_root.go applyGitRootBasePath) is about the repository
    // Atmos runs in: the current directory's when atmos.yaml was found from there (or named by
    // ATMOS_CLI_CONFIG_PATH), as in Atmos. Found from the manifest instead, it is the repository that
    // holds that atmos.yaml, and the load is what Atmos gives run from the atmos.yaml's directory
    // (without one, from the manifest's repository's root): the same from any current directory.
    const gitRoot = !gitRootsOn
        ? undefined
        : fromManifest
          ? repositoryOf(configDir ?? nodePath.dirname(manifest), files)
          : cwdGitRoot;
    const runDir = fromManifest ? (configDir ?? gitRoot ?? cwd) : cwd;
    // hasLocalAtmosConfig (git_root.go:91-110) of the directory Atmos is taken to run in.
    const localConfig = runDir === cwd ? cwdHasConfig : hasLocalConfig(runDir, files);
    const allowOutside = options.allowOutsideRepository === true;
    // Base paths the user's environment names are the user's choice, read from as the repository
    // is (Cloud Posse's Geodesic sets ATMOS_CLI_CONFIG_PATH and ATMOS_BASE_PATH this way).
    const userPaths: string[] = [];
    if (env.ATMOS_BASE_PATH) {
        const dir = resolveBasePath(env.ATMOS_BASE_PATH, configDir, cwd, gitRoot, files, "runtime");
        userPaths.push(repositoryOf(dir, files) ?? dir);
    }

    let raw: Record<string, unknown>;
    if (unique.length === 0) {
        raw = structuredClone(NO_CONFIG_DEFAULTS);
        // Without a config file Atmos still reads the git root's atmos.d/ and .atmos.d/ over its
        // defaults (pkg/config/load.go LoadConfig, "Also search git root for .atmos.d even with
        // default config": mergeDefaultImports(gitRoot)).
        if (gitRoot !== undefined) {
            const confinement: Confinement = { root: gitRoot, also: userPaths, allowOutside };
            for (const path of defaultImportFiles(gitRoot, files)) {
                refuseOutside(path, confinement, files, undefined, [], `${defaultImportDir(path)} file ${path}`);
                raw = mergePlain(raw, readDefaultImport(path, files, env, gitRoot, confinement));
            }
        }
        // Without a config file, profiles are looked for from the current directory (profiles.go 33-48).
        const confinement: Confinement = { root: gitRoot ?? cwd, also: userPaths, allowOutside };
        raw = withProfiles(raw, options.profiles, env, [cwd], cwd, undefined, files, gitRoot, confinement);
    } else {
        // The repository is the one holding the atmos.yaml found: its files, and everything they
        // name, are read from it.
        const confinement: Confinement = {
            root: configRepository(configDir!, fromManifest ? undefined : cwd, files),
            also: userPaths,
            allowOutside,
        };
        const reading: ConfigReading = { files, env, gitRoot, confinement };
        raw = {};
        if (selection !== undefined) {
            for (const source of selection.sources) {
                raw = mergePlain(
                    raw,
                    source.kind === "dir"
                        ? readConfigWithImports(source.file, reading, new Set(), true)
                        : readSelectedFile(source.file, reading),
                );
            }
        } else {
            for (const file of unique) {
                // A file ATMOS_CLI_CONFIG_PATH names is the user's choice; one found by looking around
                // must not lead elsewhere through a link.
                if (!cliConfigPath) refuseOutside(file, confinement, files, undefined, [], `the Atmos config ${file}`);
                raw = mergePlain(raw, readConfigWithImports(file, reading, new Set(), Boolean(cliConfigPath)));
            }
        }
        // Profiles merge over the configuration (load.go 531-595, profiles.go).
        const profileDirs =
            selection !== undefined ? selection.sources.map((s) => nodePath.dirname(s.file)) : [configDir!];
        raw = withProfiles(
            raw,
            options.profiles,
            env,
            profileDirs,
            selection?.profilesDir ?? configDir!,
            unique[unique.length - 1],
            files,
            gitRoot,
            confinement,
        );
    }
    const config = interpret(raw, unique, configDir, runDir, cwd, env, gitRoot, files, localConfig);
    let repository: string;
    if (configDir !== undefined) repository = configRepository(configDir, fromManifest ? undefined : cwd, files);
    else {
        // No atmos.yaml: the repository holding the manifest (else the current directory), else
        // outside git the base path, or the manifest's directory when it is not under it.
        const manifestDir =
            options.manifest === undefined ? undefined : nodePath.dirname(nodePath.resolve(cwd, options.manifest));
        const fromGit = repositoryOf(manifestDir ?? cwd, files);
        repository =
            fromGit ??
            (manifestDir !== undefined && climbsOut(nodePath.relative(config.basePath, manifestDir))
                ? manifestDir
                : config.basePath);
    }
    if (env.ATMOS_STACKS_BASE_PATH) {
        userPaths.push(repositoryOf(config.stacksBasePath, files) ?? config.stacksBasePath);
    }
    if (!env.ATMOS_BASE_PATH && raw.base_path === undefined && configDir !== undefined) {
        // No file sets base_path: Atmos's default, the current directory's git root (or the
        // config's directory) was chosen by where the user runs, not by a file.
        userPaths.push(repositoryOf(config.basePath, files) ?? config.basePath);
    }
    const confinement: Confinement = { root: repository, also: userPaths, allowOutside };
    checkBasePaths(config, confinement, files, env);
    checkDelimiters(config, files);
    checkExperimental(config, files, env);
    return {
        ...config,
        repository,
        ...(userPaths.length > 0 ? { userPaths } : {}),
        ...(allowOutside ? { allowOutsideRepository: true } : {}),
    };
}

/**
 * The repository a load reads from, as the directory that holds `dir`: the root of its git
 * repository (the nearest ancestor with `.git`), or undefined when `dir` is not in one. One
 * function for the loader's confinement and for the git-root rule of base paths.
 */
export function repositoryOf(dir: string, files: FileSystem): string | undefined {
    return findGitRoot(dir, files);
}

/**
 * The repository holding the atmos.yaml found in `configDir`: its git repository; outside git (a
 * source tarball, a Docker build context, a CI artifact), the directory the command runs from
 * (`runDir`, given when Atmos's discovery from there found the file) when the atmos.yaml is in or
 * below it and it is not the file system's root, as that tree with `.git` would give; else the
 * atmos.yaml's own directory.
 */
function configRepository(configDir: string, runDir: string | undefined, files: FileSystem): string {
    const git = repositoryOf(configDir, files);
    if (git !== undefined) return git;
    if (runDir === undefined || nodePath.dirname(runDir) === runDir) return configDir;
    const relative = nodePath.relative(runDir, configDir);
    return climbsOut(relative) ? configDir : runDir;
}

/** The repository a config reads from (its `repository`, or, in a hand-made config, the one around its directory). */
export function repositoryRoot(config: AtmosConfig, files: FileSystem): string {
    if (config.repository !== undefined) return config.repository;
    const dir = config.configDir ?? config.basePath;
    return repositoryOf(dir, files) ?? dir;
}

/** What a load under `config` may read: its repository and the base paths the user's environment set. */
export function confinementOf(config: AtmosConfig, files: FileSystem, allowOutside: boolean): Confinement {
    return {
        root: repositoryRoot(config, files),
        ...(config.userPaths !== undefined ? { also: config.userPaths } : {}),
        allowOutside: allowOutside || config.allowOutsideRepository === true,
    };
}

/** Throws an {@link AtmosConfigError} when `path` may not be read (outside the repository, or a link loop). */
function refuseOutside(
    path: string,
    confinement: Confinement,
    files: FileSystem,
    file: string | undefined,
    keyPath: readonly (string | number)[],
    what: string,
): void {
    let reason: string | undefined;
    try {
        reason = outsideReason(path, confinement, files);
    } catch (error) {
        if (!(error instanceof SymlinkLoopError)) throw error;
        reason = error.message;
    }
    if (reason === undefined) return;
    const position = file === undefined || keyPath.length === 0 ? undefined : positionOf(file, keyPath, files);
    throw new AtmosConfigError(file ?? path, `${what}: ${reason}`, position, true);
}

/**
 * Where `keyPath` is set: the last of `configFiles` that writes it (a later file's value wins) and
 * its position there; else the last file (or `atmos.yaml`), without a position.
 */
export function writtenAt(
    configFiles: readonly string[],
    keyPath: readonly (string | number)[],
    files: FileSystem,
): { file: string; position?: { line: number; column: number } } {
    for (let i = configFiles.length - 1; i >= 0; i--) {
        const position = positionOf(configFiles[i], keyPath, files);
        if (position !== undefined) return { file: configFiles[i], position };
    }
    return { file: configFiles[configFiles.length - 1] ?? "atmos.yaml" };
}

/** Where `keyPath` is written in the config file `file` (its value's line and column), if it is. */
export function positionOf(
    file: string,
    keyPath: readonly (string | number)[],
    files: FileSystem,
): { line: number; column: number } | undefined {
    try {
        const { LineCounter, parseDocument } = yaml();
        const counter = new LineCounter();
        const document = parseDocument(goYamlLineBreaks(files.readFile(file)), {
            lineCounter: counter,
            uniqueKeys: false,
        });
        const node = document.getIn(keyPath, true) as { range?: [number, number, number] } | undefined;
        if (node?.range === undefined) return undefined;
        const { line, col } = counter.linePos(node.range[0]);
        return { line, column: col };
    } catch {
        return undefined;
    }
}

/**
 * Refuses a base path (atmos.yaml's `base_path`, `stacks.base_path`, or `ATMOS_BASE_PATH`,
 * `ATMOS_STACKS_BASE_PATH`) outside the repository, naming the setting and where it is written.
 */
function checkBasePaths(
    config: AtmosConfig,
    confinement: Confinement,
    files: FileSystem,
    env: Readonly<Record<string, string | undefined>>,
): void {
    if (confinement.allowOutside) return;
    const checks: [string, string | undefined, readonly string[]][] = [
        [config.basePath, env.ATMOS_BASE_PATH ? "ATMOS_BASE_PATH" : undefined, ["base_path"]],
        [
            config.stacksBasePath,
            env.ATMOS_STACKS_BASE_PATH ? "ATMOS_STACKS_BASE_PATH" : undefined,
            ["stacks", "base_path"],
        ],
    ];
    for (const [path, variable, keyPath] of checks) {
        // A default no file sets is not a file's choice.
        if (at(config.raw, ...keyPath) === undefined) continue;
        // Without a config file and a variable, the base path is Atmos's default (the current
        // directory or its git root): nothing from a file chose it.
        // A variable of the user's environment is the user's choice (and a root of its own).
        if (variable !== undefined || config.files.length === 0) continue;
        const setBy = [...config.files].reverse().find((f) => positionOf(f, keyPath, files) !== undefined);
        refuseOutside(
            path,
            confinement,
            files,
            setBy ?? config.files[config.files.length - 1],
            setBy === undefined ? [] : keyPath,
            keyPath.join("."),
        );
    }
}

/**
 * Refuses `templates.settings.delimiters` that Atmos refuses when it renders a component's
 * templates (internal/exec/template_utils.go 323-345: a list of two non-empty strings, or empty
 * for `{{` and `}}`), where it is written; only with templates on, as Atmos checks only then.
 */
function checkDelimiters(config: AtmosConfig, files: FileSystem): void {
    const keyPath = ["templates", "settings", "delimiters"];
    const delimiters = at(config.raw, ...keyPath);
    if (!config.templatesEnabled || delimiters === undefined || delimiters === null) return;
    const text = (d: unknown) => (typeof d === "string" ? d : typeof d === "number" ? String(d) : "");
    if (
        Array.isArray(delimiters) &&
        (delimiters.length === 0 || (delimiters.length === 2 && delimiters.every((d) => text(d) !== "")))
    )
        return;
    const { file, position } = writtenAt(config.files, keyPath, files);
    throw new AtmosConfigError(
        file,
        `templates.settings.delimiters must be a list of two non-empty strings, the left and right delimiters (as Atmos requires), got ${JSON.stringify(delimiters)}`,
        position,
    );
}

/**
 * Refuses Atmos's experimental settings, `settings.yaml.key_delimiter` and an edition pin
 * (atmos.yaml's `edition` or `ATMOS_EDITION`), when `settings.experimental` (or
 * `ATMOS_EXPERIMENTAL`, pkg/config/load.go 765) is `disable` or `error`: Atmos then stops before
 * any command (cmd/root.go checkExperimentalSettings 1094-1142, called at 632), at the first of
 * them it finds. Each is refused where it is written.
 */
function checkExperimental(
    config: AtmosConfig,
    files: FileSystem,
    env: Readonly<Record<string, string | undefined>>,
): void {
    const setting = at(config.raw, "settings", "experimental");
    const mode = env.ATMOS_EXPERIMENTAL || (typeof setting === "string" ? setting : "");
    if (mode !== "disable" && mode !== "error") return;
    const modeSetBy = env.ATMOS_EXPERIMENTAL ? "ATMOS_EXPERIMENTAL" : "settings.experimental";
    const refuse = (feature: string, keyPath: readonly string[], remedy: string): never => {
        const { file, position } = writtenAt(config.files, keyPath, files);
        throw new AtmosConfigError(
            file,
            `${feature} is an experimental setting, and ${modeSetBy} is ${JSON.stringify(mode)}: Atmos stops; set it to warn or silence, or ${remedy}`,
            position,
        );
    };
    const delimiter = at(config.raw, "settings", "yaml", "key_delimiter");
    if (typeof delimiter === "string" && delimiter !== "")
        refuse("settings.yaml.key_delimiter", ["settings", "yaml", "key_delimiter"], "remove key_delimiter");
    // Atmos's atmosConfig.Edition: the pin of --edition, ATMOS_EDITION or atmos.yaml (pkg/config/edition.go 37-39, 47-58)
    if (env.ATMOS_EDITION?.trim()) {
        throw new AtmosConfigError(
            "ATMOS_EDITION",
            `an edition pin is an experimental setting, and ${modeSetBy} is ${JSON.stringify(mode)}: Atmos stops; set it to warn or silence, or unset ATMOS_EDITION`,
        );
    }
    const edition = config.raw.edition;
    if ((typeof edition === "string" && edition.trim() !== "") || typeof edition === "number")
        refuse("edition (an edition pin)", ["edition"], "remove edition");
}

/** Whether `dir` holds an Atmos config of its own (Atmos's hasLocalAtmosConfig, git_root.go:91-110). */
function hasLocalConfig(dir: string, files: FileSystem): boolean {
    return LOCAL_CONFIG_MARKERS.some(
        (m) => files.isFile(nodePath.join(dir, m)) || files.isDirectory(nodePath.join(dir, m)),
    );
}

/** The nearest directory at or above `dir` holding an atmos.yaml, as that file's path. */
function findUpward(dir: string, files: FileSystem): string | undefined {
    for (let current = dir; ; current = nodePath.dirname(current)) {
        const found = configFileIn(current, files);
        if (found) return found;
        if (nodePath.dirname(current) === current) return undefined;
    }
}

function configFileIn(dir: string, files: FileSystem): string | undefined {
    for (const name of CONFIG_NAMES) {
        const path = nodePath.join(dir, name);
        if (files.isFile(path)) return path;
    }
    return undefined;
}

/** The nearest directory at or above `dir` holding `.git`. */
export function findGitRoot(dir: string, files: FileSystem): string | undefined {
    for (let current = dir; ; current = nodePath.dirname(current)) {
        const git = nodePath.join(current, ".git");
        if (files.isDirectory(git) || files.isFile(git)) return current;
        if (nodePath.dirname(current) === current) return undefined;
    }
}

/** How the config files of one load are read: where, with which environment, confined to where. */
interface ConfigReading {
    readonly files: FileSystem;
    readonly env: Readonly<Record<string, string | undefined>>;
    /** The git root (for `!repo-root`, and its atmos.d/ and .atmos.d/). */
    readonly gitRoot: string | undefined;
    readonly confinement: Confinement;
}

/** One config file with, under it, its atmos.d/.atmos.d files and its `import:` list. */
function readConfigWithImports(
    file: string,
    reading: ConfigReading,
    seen: Set<string>,
    named = false,
): Record<string, unknown> {
    const { files, env, gitRoot, confinement } = reading;
    if (seen.has(file)) return {};
    seen.add(file);
    // The file ATMOS_CLI_CONFIG_PATH names is read wherever it is; what it brings in, inside.
    const own = readConfigFile(file, files, env, gitRoot, named ? undefined : confinement);
    const dir = nodePath.dirname(file);
    let merged: Record<string, unknown> = {};
    // Atmos's mergeDefaultImports (pkg/config/load.go): the git root's atmos.d/ and .atmos.d/ when
    // it is another directory (loadAtmosDFromGitRoot), then the file's own.
    const defaults = [
        ...(gitRoot !== undefined && gitRoot !== dir ? defaultImportFiles(gitRoot, files) : []),
        ...defaultImportFiles(dir, files),
    ];
    for (const path of defaults) {
        refuseOutside(path, confinement, files, file, [], `${defaultImportDir(path)} file ${path}`);
        merged = mergePlain(merged, readDefaultImport(path, files, env, gitRoot, confinement));
    }
    merged = mergePlain(merged, mergeImportList(own, file, reading, seen));
    const { import: _ignored, ...rest } = own;
    return mergePlain(merged, rest);
}

/** The files of a config file's `import:` list, each with its own atmos.d and imports, merged in order. */
function mergeImportList(
    own: Record<string, unknown>,
    file: string,
    reading: ConfigReading,
    seen: Set<string>,
): Record<string, unknown> {
    const { files, confinement } = reading;
    const dir = nodePath.dirname(file);
    let merged: Record<string, unknown> = {};
    const imports = own.import;
    if (Array.isArray(imports)) {
        imports.forEach((entry, index) => {
            if (typeof entry !== "string" || entry === "" || /^[a-z][a-z0-9+.-]*:\/\//i.test(entry)) return;
            const path = nodePath.resolve(dir, entry);
            const what = `import ${entry}`;
            // Refused as written before anything is looked up: the glob's fixed part, or the path.
            const fixed = hasGlobMeta(path) ? globBase(path) : path;
            refuseOutside(fixed, confinement, files, file, ["import", index], what);
            const matches = hasGlobMeta(path)
                ? globOf(path, files, file, index, what)
                : files.isFile(path)
                  ? [path]
                  : files.isFile(`${path}.yaml`)
                    ? [`${path}.yaml`]
                    : [];
            for (const match of matches) {
                if (!files.isFile(match)) continue;
                refuseOutside(match, confinement, files, file, ["import", index], what);
                merged = mergePlain(merged, readConfigWithImports(match, reading, seen));
            }
        });
    }
    return merged;
}

/** One config source `--config` / `--config-path` selected: a file, or a directory's atmos.yaml. */
interface SelectedSource {
    readonly kind: "file" | "dir";
    /** The config file read. */
    readonly file: string;
}

/** What `--config` / `--config-path` (or ATMOS_CONFIG / ATMOS_CONFIG_PATH) select, if anything. */
interface ConfigSelection {
    readonly sources: readonly SelectedSource[];
    /** Where a relative base_path starts: the last source that sets base_path, else the first (load_config_args.go 143-161). */
    readonly baseDir: string;
    /** Where a relative profiles.base_path starts: the last source that sets it, else the first. */
    readonly profilesDir: string;
}

/** A comma-separated list of an environment variable, trimmed, empty items dropped (load.go 211-240). */
function commaItems(value: string | undefined): string[] {
    return (value ?? "")
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== "");
}

/**
 * The config sources `--config` files then `--config-path` directories select, relative to the
 * current directory; a flag not given falls back to its variable (load.go applyFallbacks 265-275).
 * A missing file or directory is an error naming the flag and its variable (validatedIsFiles,
 * validatedIsDirs: load_config_args.go 252-315).
 */
function configSelection(
    options: AtmosConfigOptions,
    env: Readonly<Record<string, string | undefined>>,
    cwd: string,
    files: FileSystem,
): ConfigSelection | undefined {
    const fileArgs = options.configFiles?.length ? [...options.configFiles] : commaItems(env.ATMOS_CONFIG);
    const dirArgs = options.configDirs?.length ? [...options.configDirs] : commaItems(env.ATMOS_CONFIG_PATH);
    if (fileArgs.length === 0 && dirArgs.length === 0) return undefined;
    const sources: SelectedSource[] = [];
    for (const arg of fileArgs) sources.push({ kind: "file", file: existing(arg, "file", cwd, files) });
    for (const arg of dirArgs) {
        const dir = existing(arg, "directory", cwd, files);
        const file = configFileIn(dir, files);
        if (file === undefined) {
            throw new AtmosConfigError(
                dir,
                "--config-path (ATMOS_CONFIG_PATH) directory holds no atmos.yaml or .atmos.yaml",
            );
        }
        sources.push({ kind: "dir", file });
    }
    const declares = (file: string, ...path: string[]): boolean => {
        try {
            return at(readConfigFile(file, files, {}, undefined), ...path) !== undefined;
        } catch {
            return false;
        }
    };
    const first = nodePath.dirname(sources[0].file);
    const lastSetting = (...path: string[]) => {
        const source = [...sources].reverse().find((s) => declares(s.file, ...path));
        return source === undefined ? first : nodePath.dirname(source.file);
    };
    return { sources, baseDir: lastSetting("base_path"), profilesDir: lastSetting("profiles", "base_path") };
}

/** The two selecting flags: `--config` takes a file, `--config-path` a directory. */
const SELECTING_FLAGS = {
    file: { flag: "--config", variable: "ATMOS_CONFIG", other: "directory" },
    directory: { flag: "--config-path", variable: "ATMOS_CONFIG_PATH", other: "file" },
} as const;

/**
 * `arg` of `--config` (a file) or `--config-path` (a directory), resolved from `cwd`; one that is
 * missing, or of the other kind, is refused naming the flag and its variable.
 */
function existing(arg: string, kind: "file" | "directory", cwd: string, files: FileSystem): string {
    const path = nodePath.resolve(cwd, arg);
    const { flag, variable, other } = SELECTING_FLAGS[kind];
    const is = (what: "file" | "directory") => (what === "file" ? files.isFile(path) : files.isDirectory(path));
    if (is(kind)) return path;
    throw new AtmosConfigError(
        path,
        is(other)
            ? `${flag} (${variable}) names a ${other}; ${flag} takes a ${kind} (${SELECTING_FLAGS[other].flag} takes a ${other})`
            : `${flag} (${variable}) ${kind} does not exist`,
    );
}

/**
 * A `--config` file as Atmos merges it (load_config_args.go mergeFiles 169-207): the file, then
 * its `import:` list over it; no atmos.d (mergeDefaultImports is given the file, not a directory).
 */
function readSelectedFile(file: string, reading: ConfigReading): Record<string, unknown> {
    const own = readConfigFile(file, reading.files, reading.env, reading.gitRoot);
    const { import: _ignored, ...rest } = own;
    return mergePlain(rest, mergeImportList(own, file, reading, new Set([file])));
}

/**
 * The configuration with the selected profiles merged over it, in order (load.go 531-595;
 * profiles.go): `profiles` given (Atmos's `--profile`), else `ATMOS_PROFILE` (comma-separated),
 * else the configuration's `profiles.default`. A profile is the first directory named after it
 * under `profiles.base_path` (from the config that sets it), each config directory's
 * `.atmos/profiles/`, `$XDG_CONFIG_HOME/atmos/profiles/` (default `~/.config`), each config
 * directory's `profiles/` (discoverProfileLocations 56-124); its `*.yaml`/`*.yml` files, shallower
 * first then by path, each with its `import:` list under it (loadProfileFiles,
 * mergeConfigFileWithImports). A profile found nowhere is an error listing where it was looked
 * for and the profiles there are.
 */
function withProfiles(
    raw: Record<string, unknown>,
    given: readonly string[] | undefined,
    env: Readonly<Record<string, string | undefined>>,
    dirs: readonly string[],
    profilesDir: string,
    configFile: string | undefined,
    files: FileSystem,
    gitRoot: string | undefined,
    confinement: Confinement,
): Record<string, unknown> {
    let names = given?.length ? given.map((n) => n.trim()).filter((n) => n !== "") : commaItems(env.ATMOS_PROFILE);
    let from = given?.length ? "--profile" : "--profile or ATMOS_PROFILE";
    if (names.length === 0) {
        const fallback = at(raw, "profiles", "default");
        if (typeof fallback !== "string" || fallback.trim() === "") return raw;
        names = [fallback.trim()];
        from = "profiles.default";
    }
    const locations: string[] = [];
    const basePath = at(raw, "profiles", "base_path");
    if (typeof basePath === "string" && basePath !== "") {
        locations.push(nodePath.isAbsolute(basePath) ? basePath : nodePath.join(profilesDir, basePath));
    }
    for (const dir of dirs) locations.push(nodePath.join(dir, ".atmos", "profiles"));
    const xdgHome = env.XDG_CONFIG_HOME || (env.HOME ? nodePath.join(env.HOME, ".config") : undefined);
    if (xdgHome !== undefined) locations.push(nodePath.join(xdgHome, "atmos", "profiles"));
    for (const dir of dirs) locations.push(nodePath.join(dir, "profiles"));
    let merged = raw;
    for (const name of names) {
        const dir = locations.map((l) => nodePath.join(l, name)).find((d) => files.isDirectory(d));
        if (dir === undefined) {
            const available = [
                ...new Set(
                    locations.flatMap((l) =>
                        files.isDirectory(l) && files.readDir !== undefined
                            ? files
                                  .readDir(l)
                                  .filter((e) => e.dir)
                                  .map((e) => e.name)
                            : [],
                    ),
                ),
            ].sort(compareGoStrings);
            const where = from === "profiles.default" && configFile !== undefined ? configFile : from;
            throw new AtmosConfigError(
                where,
                `profile ${JSON.stringify(name)} (from ${from}) not found; looked in ${locations.map((l) => nodePath.join(l, name)).join(", ")}; available profiles: ${available.length > 0 ? available.join(", ") : "none"}`,
                from === "profiles.default" && configFile !== undefined
                    ? positionOf(configFile, ["profiles", "default"], files)
                    : undefined,
            );
        }
        for (const file of configDirFiles(dir, files)) {
            const own = readConfigFile(file, files, env, gitRoot, confinement);
            const { import: _ignored, ...rest } = own;
            const imported = mergeImportList(own, file, { files, env, gitRoot, confinement }, new Set([file]));
            merged = mergePlain(mergePlain(merged, imported), rest);
        }
    }
    return merged;
}

/** The files a glob of atmos.yaml's `import:` matches; past a limit of its work, refused at its entry. */
function globOf(pattern: string, files: FileSystem, file: string, index: number, what: string): string[] {
    try {
        return globMatches(pattern, files);
    } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== "EGLOB") throw error;
        throw new AtmosConfigError(
            file,
            `${what}: ${(error as Error).message}`,
            positionOf(file, ["import", index], files),
        );
    }
}

/** Which default-import directory (`atmos.d/` or `.atmos.d/`) holds `path`, for messages. */
function defaultImportDir(path: string): string {
    return path.split(nodePath.sep).includes(".atmos.d") ? ".atmos.d/" : "atmos.d/";
}

/**
 * One file of an `atmos.d/` or `.atmos.d/`, merged as it is (load.go mergeConfigFile: neither its
 * own `atmos.d/` nor its `import:` list is read).
 */
function readDefaultImport(...read: Parameters<typeof readConfigFile>): Record<string, unknown> {
    const { import: _ignored, ...rest } = readConfigFile(...read);
    return rest;
}

/**
 * The files of `dir`'s `atmos.d/`, then of its `.atmos.d/`, in Atmos's order
 * (load.go loadAtmosDFromDirectory; imports.go SearchAtmosConfig): every `*.yaml` and `*.yml`
 * below, `x.yaml` chosen over `x.yml` beside it (detectPriorityFiles), shallower files first, then
 * by path (sortFilesByDepth).
 */
function defaultImportFiles(dir: string, files: FileSystem): string[] {
    return ["atmos.d", ".atmos.d"].flatMap((sub) => configDirFiles(nodePath.join(dir, sub), files));
}

/**
 * The config files under `root` in Atmos's order (imports.go SearchAtmosConfig 201-225): every
 * `*.yaml` and `*.yml` below, `x.yaml` chosen over `x.yml` beside it (detectPriorityFiles),
 * shallower files first, then by path (sortFilesByDepth).
 */
function configDirFiles(root: string, files: FileSystem): string[] {
    if (!files.isDirectory(root)) return [];
    const yaml = globMatches(nodePath.join(root, "**", "*.yaml"), files);
    const taken = new Set(yaml);
    const yml = globMatches(nodePath.join(root, "**", "*.yml"), files).filter(
        (path) => !taken.has(path.replace(/\.yml$/, ".yaml")),
    );
    const depth = (path: string) => nodePath.dirname(path).split(nodePath.sep).length;
    return [...yaml, ...yml].sort((a, b) => depth(a) - depth(b) || compareGoStrings(a, b));
}

/** Parses one config file; `!env NAME` and `!repo-root` are evaluated, other YAML functions kept as text. */
function readConfigFile(
    file: string,
    files: FileSystem,
    env: Readonly<Record<string, string | undefined>>,
    gitRoot: string | undefined,
    confinement?: Confinement,
): Record<string, unknown> {
    let text: string;
    try {
        // Confined, the file read is the file checked (refuseOutside named the place before).
        text = confinement === undefined ? files.readFile(file) : readConfined(file, confinement, files);
    } catch (error) {
        if (error instanceof OutsideRepositoryError || error instanceof SymlinkLoopError) {
            throw new AtmosConfigError(file, `the Atmos config ${file}: ${error.message}`, undefined, true);
        }
        throw new AtmosConfigError(file, `cannot read: ${error instanceof Error ? error.message : String(error)}`);
    }
    const tag = (name: string, evaluate: (arg: string) => unknown) => ({
        tag: name,
        resolve: (value: string) => evaluate(value.trim()),
    });
    const customTags = [
        tag("!env", (arg) => {
            const [name, ...fallback] = arg.split(/\s+/);
            // Own keys only: `!env constructor` is no variable, not Object's constructor.
            const value = Object.prototype.hasOwnProperty.call(env, name) ? env[name] : undefined;
            return value ?? (fallback.length > 0 ? fallback.join(" ") : "");
        }),
        tag("!repo-root", (arg) => gitRoot ?? (arg === "" ? "." : arg)),
        tag("!git.root", (arg) => gitRoot ?? (arg === "" ? "." : arg)),
        ...[
            "!exec",
            "!include",
            "!include.raw",
            "!cwd",
            "!random",
            "!literal",
            "!store",
            "!store.get",
            "!template",
        ].map((name) => tag(name, (arg) => `${name} ${arg}`)),
    ];
    let parsed: unknown;
    try {
        parsed = yaml().parse(goYamlLineBreaks(text), {
            ...goYamlOptions(customTags),
            uniqueKeys: false,
            logLevel: "error",
        });
    } catch (error) {
        throw new AtmosConfigError(
            file,
            `invalid YAML: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
        );
    }
    if (parsed === null || parsed === undefined) return {};
    if (typeof parsed !== "object" || Array.isArray(parsed))
        throw new AtmosConfigError(file, "atmos.yaml must be a map");
    return parsed as Record<string, unknown>;
}

/** Deep merge of plain data, later wins, lists replaced (Atmos's config merge). */
export function mergePlain(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(over)) {
        // own keys only: a `__proto__` or `constructor` key is a key like any other (Go's maps)
        const previous = getOwn(out, key);
        setOwn(out, key, isPlainObject(previous) && isPlainObject(value) ? mergePlain(previous, value) : value);
    }
    return out;
}

function at(raw: Record<string, unknown>, ...path: string[]): unknown {
    let current: unknown = raw;
    for (const key of path) {
        if (!isPlainObject(current)) return undefined;
        current = current[key];
    }
    return current;
}

function stringList(value: unknown): string[] {
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
    if (typeof value === "string") return [value];
    return [];
}

/**
 * The configuration as Atmos reads it run from `runDir` (where bare paths are looked for and whose
 * own config decides the git-root rule); `ATMOS_BASE_PATH` is the user's, from `userCwd`.
 */
function interpret(
    raw: Record<string, unknown>,
    configFiles: readonly string[],
    configDir: string | undefined,
    runDir: string,
    userCwd: string,
    env: Readonly<Record<string, string | undefined>>,
    gitRoot: string | undefined,
    files: FileSystem,
    localConfig: boolean,
): AtmosConfig {
    const str = (value: unknown): string | undefined =>
        typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
    const commaList = (value: string): string[] =>
        value
            .split(",")
            .map((s) => s.trim())
            .filter((s) => s !== "");

    // base_path: ATMOS_BASE_PATH is a runtime source (its `./x` is the current directory's), atmos.yaml's a
    // config one. Atmos's applyGitRootBasePath (pkg/config/git_root.go): run from a directory without
    // an Atmos config of its own (a subdirectory, or a repository without atmos.yaml, whose default is
    // `.`), a base_path of "" or "." is the git root, so Atmos works from anywhere in the repository.
    const configBase = str(raw.base_path) ?? "";
    const basePath = env.ATMOS_BASE_PATH
        ? resolveBasePath(env.ATMOS_BASE_PATH, configDir, userCwd, gitRoot, files, "runtime")
        : gitRoot !== undefined && !localConfig && (configBase === "" || configBase === ".")
          ? gitRoot
          : resolveBasePath(configBase, configDir, runDir, gitRoot, files, "config");
    const stacksBase = env.ATMOS_STACKS_BASE_PATH ?? str(at(raw, "stacks", "base_path")) ?? "";
    const stacksBasePath = nodePath.isAbsolute(stacksBase) ? stacksBase : nodePath.join(basePath, stacksBase);

    const includedPaths = env.ATMOS_STACKS_INCLUDED_PATHS
        ? commaList(env.ATMOS_STACKS_INCLUDED_PATHS)
        : stringList(at(raw, "stacks", "included_paths"));
    const excludedPaths = env.ATMOS_STACKS_EXCLUDED_PATHS
        ? commaList(env.ATMOS_STACKS_EXCLUDED_PATHS)
        : stringList(at(raw, "stacks", "excluded_paths"));
    const namePattern = env.ATMOS_STACKS_NAME_PATTERN ?? str(at(raw, "stacks", "name_pattern"));
    const nameTemplate = env.ATMOS_STACKS_NAME_TEMPLATE ?? str(at(raw, "stacks", "name_template"));

    const strategyText =
        env.ATMOS_SETTINGS_LIST_MERGE_STRATEGY ?? str(at(raw, "settings", "list_merge_strategy")) ?? "";
    if (strategyText !== "" && !["replace", "append", "merge"].includes(strategyText)) {
        throw new AtmosConfigError(
            configFiles[configFiles.length - 1] ?? "ATMOS_SETTINGS_LIST_MERGE_STRATEGY",
            `settings.list_merge_strategy must be replace, append or merge, got ${JSON.stringify(strategyText)}`,
        );
    }
    const evaluations = at(raw, "templates", "settings", "evaluations");
    if (typeof evaluations === "number" && evaluations > TEMPLATE_LIMITS.maxEvaluations) {
        throw new AtmosConfigError(
            configFiles[configFiles.length - 1] ?? "atmos.yaml",
            `templates.settings.evaluations is ${evaluations.toLocaleString("en-US")}, more than the ${TEMPLATE_LIMITS.maxEvaluations} passes a value may be rendered (template limit maxEvaluations = ${TEMPLATE_LIMITS.maxEvaluations})`,
        );
    }
    const inherit = at(raw, "stacks", "inherit", "metadata");
    const edition = env.ATMOS_EDITION?.trim()
        ? editionAnchor(env.ATMOS_EDITION, () => ({ file: "ATMOS_EDITION" }))
        : editionAnchor(raw.edition, () => writtenAt(configFiles, ["edition"], files));
    const envSection = at(raw, "env");
    return {
        files: configFiles,
        ...(configDir !== undefined ? { configDir } : {}),
        basePath,
        stacksBasePath,
        includedPaths,
        excludedPaths,
        ...(namePattern ? { namePattern } : {}),
        ...(nameTemplate ? { nameTemplate } : {}),
        listMergeStrategy: (strategyText || "replace") as ListMergeStrategy,
        templatesEnabled: at(raw, "templates", "settings", "enabled") === true,
        sprigEnabled: at(raw, "templates", "settings", "sprig", "enabled") === true,
        gomplateEnabled: at(raw, "templates", "settings", "gomplate", "enabled") === true,
        inheritMetadata:
            inherit === undefined || inherit === null
                ? !(edition !== undefined && edition < INHERIT_METADATA_SINCE)
                : inherit !== false,
        ...(gitRoot !== undefined ? { gitRoot } : {}),
        env: isPlainObject(envSection) ? envSection : {},
        raw,
        ...(versionsUnlocked(raw, basePath, files) ? { versionsUnlocked: true } : {}),
    };
}

/**
 * Whether Atmos's `.version` is an empty map: VersionMap (pkg/version/manager/lock.go 145-170) reads
 * the lock file at LockFilePath (46-70: `version.lock_file`, else `versions.lock.yaml`, under the
 * base path), a missing one being an empty lock (LoadLock 73-80); with no track or dependency
 * configured, EffectiveEntries finds the track missing, which VersionMap tolerates (manager.go
 * 97-111). A lock file outside the base path is not looked for (unknown: false).
 */
function versionsUnlocked(raw: Readonly<Record<string, unknown>>, basePath: string, files: FileSystem): boolean {
    const some = (v: unknown) => (isPlainObject(v) && Object.keys(v).length > 0) || (Array.isArray(v) && v.length > 0);
    if (some(at(raw, "version", "tracks")) || some(at(raw, "version", "dependencies"))) return false;
    const written = at(raw, "version", "lock_file");
    const lockFile = typeof written === "string" && written !== "" ? written : "versions.lock.yaml";
    const path = nodePath.resolve(basePath, lockFile);
    if (climbsOut(nodePath.relative(basePath, path))) return false;
    return !files.isFile(path) && !files.isDirectory(path);
}

/**
 * The day `stacks.inherit.metadata` became true by default (pkg/edition/journal.go 113-120): an
 * edition pinned before it keeps the earlier default, false.
 */
const INHERIT_METADATA_SINCE = "2025-12-06";

/**
 * The date an edition pin (`ATMOS_EDITION`, else atmos.yaml's `edition`) stands for, as
 * `YYYY-MM-DD`: the last day of the year, month or the day written (pkg/edition/anchor.go
 * ParseAnchor 50-81); undefined without a pin. Atmos re-installs, for each default changed after
 * that day, the earlier default (pkg/config/edition.go applyEditionDefaults 22-44,
 * pkg/edition/resolve.go Overrides); of those, only `stacks.inherit.metadata` bears on loading
 * stacks. A pin that is not a date is refused, as Atmos refuses it.
 */
function editionAnchor(
    value: unknown,
    where: () => { file: string; position?: { line: number; column: number } },
): string | undefined {
    // Atmos reads it with viper's GetString (pkg/config/edition.go 52-57), cast.ToString: a number or
    // a boolean is its text, a map or a list is "" (no pin, ignored), as is null.
    const text =
        typeof value === "string"
            ? value.trim()
            : typeof value === "number" || typeof value === "boolean"
              ? String(value)
              : "";
    if (text === "") return undefined;
    const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text);
    const refuse = (): never => {
        const { file, position } = where();
        throw new AtmosConfigError(
            file,
            `edition must be a date written YYYY, YYYY-MM or YYYY-MM-DD, as Atmos requires, got ${JSON.stringify(text)}`,
            position,
        );
    };
    if (match === null) return refuse();
    const year = Number(match[1]);
    const month = match[2] === undefined ? 12 : Number(match[2]);
    if (month < 1 || month > 12) return refuse();
    const end = new Date(0);
    end.setUTCFullYear(year, month, 0);
    const lastDay = end.getUTCDate();
    const day = match[3] === undefined ? lastDay : Number(match[3]);
    if (day < 1 || day > lastDay) return refuse();
    return `${match[1]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * `base_path` as Atmos resolves it (`pkg/config/config.go` resolveAbsolutePath), from atmos.yaml
 * (`config`) or from `ATMOS_BASE_PATH` (`runtime`, as a shell user means it): `./x` and `../x` are
 * the config directory's or the current directory's; a bare `x` is the git root's when it exists
 * there, else the current directory's; without a git root, the config directory's first, except
 * that a runtime `x` is the current directory's first.
 */
function resolveBasePath(
    path: string,
    configDir: string | undefined,
    cwd: string,
    gitRoot: string | undefined,
    files: FileSystem,
    source: "config" | "runtime",
): string {
    if (nodePath.isAbsolute(path)) return path;
    const explicit = path === "." || path === ".." || path.startsWith("./") || path.startsWith("../");
    if (explicit) return nodePath.resolve(source === "runtime" ? cwd : (configDir ?? cwd), path);
    const exists = (p: string) => files.isDirectory(p) || files.isFile(p);
    const fromCwd = nodePath.resolve(cwd, path);
    // `path` under `dir` when it exists there or not under the current directory either.
    const under = (dir: string): string => {
        if (path === "") return dir;
        const joined = nodePath.join(dir, path);
        return exists(joined) || !exists(fromCwd) ? joined : fromCwd;
    };
    if (gitRoot !== undefined) return under(gitRoot);
    if (source === "runtime" && path !== "" && exists(fromCwd)) return fromCwd;
    return configDir !== undefined ? under(configDir) : fromCwd;
}
