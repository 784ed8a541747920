/**
 * The stacks of an Atmos repository: its top-level manifests (`stacks.included_paths` minus
 * `stacks.excluded_paths`, under the stacks base path) and the Atmos name of each, so a stack can
 * be listed and selected by name as `atmos ... -s <stack>` selects it.
 */
import * as nodePath from "node:path";
import { didYouMean } from "../util/suggest";
import { loadAtmosConfig, type AtmosConfig } from "./atmosConfig";
import { makeProblem, ProblemList, StackFileError } from "./errors";
import { compareBytes, globMatches, NODE_FILE_SYSTEM, pathMatches, type FileSystem } from "./files";
import { componentStackName, loadStackFile, mergeComponents, type LoadedStack, type LoadOptions } from "./loader";
import { goExtension, processManifest } from "./manifest";

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
}

const STACK_EXTENSIONS = [".yaml", ".yml", ".yaml.tmpl", ".yml.tmpl"];

/** The top-level manifests of a repository, sorted by path. */
export function stackManifests(config: AtmosConfig, files: FileSystem): string[] {
    const found = new Set<string>();
    for (const included of config.includedPaths) {
        if (included === "") continue;
        const pattern = nodePath.join(config.stacksBasePath, included);
        const patterns = goExtension(included) === "" ? STACK_EXTENSIONS.map((e) => pattern + e) : [pattern];
        for (const p of patterns) for (const match of globMatches(p, files)) if (files.isFile(match)) found.add(match);
    }
    const excluded = config.excludedPaths.filter((e) => e !== "").map((e) => nodePath.join(config.stacksBasePath, e));
    return [...found].filter((m) => !excluded.some((e) => pathMatches(e, m))).sort(compareBytes);
}

/** Every stack of the repository with its Atmos name(s), one entry per name and manifest. */
export function listStacks(options: RepositoryOptions = {}): AtmosStackEntry[] {
    const cwd = nodePath.resolve(options.atmosDir ?? process.cwd());
    const files = options.files ?? NODE_FILE_SYSTEM;
    const config = loadAtmosConfig({ cwd, env: options.env ?? process.env, files });
    const display = (p: string) => {
        const r = nodePath.relative(cwd, p);
        return r.startsWith("..") ? p : r;
    };
    const entries: AtmosStackEntry[] = [];
    for (const manifest of stackManifests(config, files)) {
        const problems = new ProblemList();
        const root = processManifest(manifest, { config, files, problems, display });
        const components = problems.size === 0 ? mergeComponents(root, config, problems) : [];
        if (problems.size > 0) {
            const error = problems.items.map((p) => p.message).join("\n");
            entries.push({ name: componentStackName(undefined, root, manifest, config).name, manifest, error });
            continue;
        }
        const real = components.filter((c) => !c.abstract);
        const names = new Set<string>();
        for (const component of real.length > 0 ? real : [undefined]) {
            names.add(componentStackName(component, root, manifest, config).name);
        }
        for (const name of names) entries.push({ name, manifest });
    }
    return entries;
}

/** The manifest of the stack named `name` (its Atmos name, or its manifest path under the stacks base path). */
export function findStack(name: string, options: RepositoryOptions = {}): AtmosStackEntry {
    const entries = listStacks(options);
    let matches = entries.filter((e) => e.name === name);
    if (matches.length === 0 && name.includes("/")) {
        const cwd = nodePath.resolve(options.atmosDir ?? process.cwd());
        const config = loadAtmosConfig({
            cwd,
            env: options.env ?? process.env,
            files: options.files ?? NODE_FILE_SYSTEM,
        });
        matches = entries.filter((e) => {
            const relative = nodePath.relative(config.stacksBasePath, e.manifest).split(nodePath.sep).join("/");
            return relative === name || relative.replace(/\.ya?ml(\.tmpl)?$/, "") === name;
        });
    }
    const manifests = [...new Set(matches.map((m) => m.manifest))];
    const where = { file: nodePath.resolve(options.atmosDir ?? process.cwd()) };
    if (manifests.length === 0) {
        const names = [...new Set(entries.map((e) => e.name))];
        throw new StackFileError([
            makeProblem(
                "STACK_NAME",
                where,
                `no Atmos stack named ${name}${didYouMean(name, names)}${names.length > 0 && names.length <= 20 ? ` (stacks: ${names.join(", ")})` : ""}`,
            ),
        ]);
    }
    if (manifests.length > 1) {
        throw new StackFileError([
            makeProblem(
                "STACK_NAME",
                where,
                `the Atmos stack ${name} is defined by several manifests: ${manifests.join(", ")}; give the manifest path instead`,
            ),
        ]);
    }
    return matches[0];
}

/** Loads the stack named `name` of the repository at `options.atmosDir`. */
export function loadAtmosStack(
    name: string,
    options: RepositoryOptions & Omit<LoadOptions, "cwd" | "env" | "files"> = {},
): LoadedStack {
    const entry = findStack(name, options);
    return loadStackFile(entry.manifest, {
        ...options,
        cwd: nodePath.resolve(options.atmosDir ?? process.cwd()),
        ...(options.env ? { env: options.env } : {}),
        ...(options.files ? { files: options.files } : {}),
    });
}
