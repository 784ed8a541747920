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
        const root = processManifest(manifest, {
            config,
            files,
            problems,
            display,
            ...(options.env !== undefined ? { env: options.env } : {}),
        });
        const components = problems.size === 0 ? mergeComponents(root, config, problems) : [];
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
        const names = new Set<string>();
        for (const component of real.length > 0 ? real : [undefined]) {
            names.add(componentStackName(component, root, manifest, config, options.env).name);
        }
        for (const name of names) entries.push({ name, manifest });
    }
    return entries;
}

/** The manifests of the stack named `name` (its Atmos name, or its manifest path under the stacks base path). */
export function findStackManifests(name: string, options: RepositoryOptions = {}): string[] {
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
    if (manifests.length === 0) {
        const names = [...new Set(entries.map((e) => e.name))];
        throw new StackFileError([
            makeProblem(
                "STACK_NAME",
                { file: nodePath.resolve(options.atmosDir ?? process.cwd()) },
                `no Atmos stack named ${name}${didYouMean(name, names)}${names.length > 0 && names.length <= 20 ? ` (stacks: ${names.join(", ")})` : ""}`,
            ),
        ]);
    }
    return manifests;
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
    const manifests = findStackManifests(name, options);
    const loads = manifests.map((manifest) =>
        loadStackFile(manifest, {
            ...options,
            cwd: nodePath.resolve(options.atmosDir ?? process.cwd()),
            ...(options.env ? { env: options.env } : {}),
            ...(options.files ? { files: options.files } : {}),
        }),
    );
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
        instances: [...instances.values()].map((v) => v.instance),
        skipped: [...skipped.values()].filter((s) => !instances.has(s.instance)),
        warnings: [...new Set(loads.flatMap((l) => l.warnings))],
    };
}
