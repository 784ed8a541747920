/**
 * Confinement of a load to its repository: every file the loader reads must be inside it, on the path as written and
 * the real path, unless the user opted in (`allowOutsideRepository`). The repository: `repositoryOf` (atmosConfig.ts).
 */
import * as nodePath from "node:path";
import { remembered } from "../util/remember";
import type { FileSystem } from "./files";

/** What a load may read: the files under `root` (or `also`), or any file when `allowOutside`. */
export interface Confinement {
    /** The repository's directory (absolute). */
    readonly root: string;
    /** Directories the user's environment names besides (`ATMOS_BASE_PATH`, `ATMOS_STACKS_BASE_PATH`). */
    readonly also?: readonly string[];
    /** The user opted in to reading outside it. */
    readonly allowOutside: boolean;
}

/** How the user opts in, named in every refusal. */
export const OPT_IN =
    "--allow-outside-repository on synth, allowOutsideRepository in the program's config or the loader's options";

/** A read refused because its file is outside the repository (`code` `EOUTSIDE`). */
export class OutsideRepositoryError extends Error {
    override readonly name = "OutsideRepositoryError";
    readonly code = "EOUTSIDE";
    constructor(
        message: string,
        readonly path: string,
    ) {
        super(message);
    }
}

/** A symbolic link that leads back to itself (`code` `ELOOP`). */
export class SymlinkLoopError extends Error {
    override readonly name = "SymlinkLoopError";
    readonly code = "ELOOP";
    constructor(readonly path: string) {
        super(`${path} is a loop of symbolic links`);
    }
}

/** True when `path` is `dir` or below it (both absolute and normalized). */
export function isWithin(path: string, dir: string): boolean {
    const relative = nodePath.relative(dir, path);
    return relative === "" || (!relative.startsWith("..") && !nodePath.isAbsolute(relative));
}

/** The real path of `path` (links resolved), or undefined when it cannot be known (no such file, no `realPath`). */
function realPathOf(path: string, files: FileSystem): string | undefined {
    if (files.realPath === undefined) return undefined;
    try {
        return files.realPath(path);
    } catch (error) {
        if ((error as { code?: unknown } | null)?.code === "ELOOP") throw new SymlinkLoopError(path);
        return undefined;
    }
}

/** The real paths of a confinement's directories, found once per confinement. */
const REAL_ROOTS = new WeakMap<Confinement, string[]>();

/**
 * Why reading `path` is refused, or undefined when it may be read: outside the repository as
 * written, or leading outside it through a symbolic link. A path that does not exist is not
 * refused for that (reading it reports it missing), unless it is outside as written.
 * @throws SymlinkLoopError when `path` is a loop of symbolic links.
 */
export function outsideReason(path: string, confinement: Confinement, files: FileSystem): string | undefined {
    if (confinement.allowOutside) return undefined;
    const absolute = nodePath.resolve(path);
    const root = nodePath.resolve(confinement.root);
    const roots = [root, ...(confinement.also ?? []).map((dir) => nodePath.resolve(dir))];
    let realRoots = REAL_ROOTS.get(confinement);
    if (realRoots === undefined) {
        realRoots = roots.map((dir) => realPathOf(dir, files) ?? dir);
        REAL_ROOTS.set(confinement, realRoots);
    }
    if (!roots.some((dir) => isWithin(absolute, dir)) && !realRoots.some((dir) => isWithin(absolute, dir))) {
        return `${absolute} is outside the repository ${root}; reading it needs ${OPT_IN}`;
    }
    const real = realPathOf(absolute, files);
    if (real !== undefined && !realRoots.some((dir) => isWithin(real, dir))) {
        return `${absolute} leads to ${real} through a symbolic link, outside the repository ${root}; reading it needs ${OPT_IN}`;
    }
    return undefined;
}

/**
 * `inner` confined to `confinement`: reading a file or listing a directory outside the
 * repository throws an {@link OutsideRepositoryError} (or a {@link SymlinkLoopError}) naming the path. The loader checks paths itself before this, with the place
 * that names them; this is the guard behind every read.
 */
export function confinedFileSystem(inner: FileSystem, confinement: Confinement): FileSystem {
    if (confinement.allowOutside) return inner;
    // Each real path is asked of the system once (a load checks a file before reading it, and
    // again as the guard of the read).
    const realPath = inner.realPath === undefined ? undefined : remembered(inner.realPath.bind(inner));
    const self: FileSystem = {
        readFile(path) {
            const reason = outsideReason(path, confinement, self);
            if (reason !== undefined) throw new OutsideRepositoryError(reason, path);
            return inner.readFile(path);
        },
        isFile: (path) => inner.isFile(path),
        isDirectory: (path) => inner.isDirectory(path),
        readDir(path) {
            // A glob that walks into a directory outside (through a link) is refused, not emptied.
            const reason = outsideReason(path, confinement, self);
            if (reason !== undefined) throw new OutsideRepositoryError(reason, path);
            return inner.readDir(path);
        },
        ...(realPath !== undefined ? { realPath } : {}),
    };
    return self;
}
