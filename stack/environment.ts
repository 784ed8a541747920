/**
 * The setting of a load: the file system it reads through (confined to the repository), the
 * Atmos configuration that governs the manifest, and how files are named in messages.
 */
import * as nodePath from "node:path";
import { AtmosConfigError, confinementOf, loadAtmosConfig, type AtmosConfig } from "./atmosConfig";
import { climbsOut, confinedFileSystem, type Confinement } from "./confine";
import { makeProblem, StackFileError } from "./errors";
import { NODE_FILE_SYSTEM, readerFileSystem, type FileSystem } from "./files";
import type { InternalLoad, LoadOptions } from "./loadTypes";

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
            ...(inner.readFileChecked !== undefined
                ? {
                      readFileChecked: (path: string, check: (real: string) => void) =>
                          path === target ? text : inner.readFileChecked!(path, check),
                  }
                : {}),
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
            if (climbsOut(nodePath.relative(config.stacksBasePath, absolute))) {
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
    if (!climbsOut(relative)) return relative;
    const inside = (p: string) => repository !== undefined && !climbsOut(nodePath.relative(repository, p));
    return inside(absolute) && inside(dir) ? relative : absolute;
}
