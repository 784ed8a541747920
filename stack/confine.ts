/**
 * Confinement of a load to its repository: every file the loader reads must be inside it, on the path as written and
 * the real path, unless the user opted in (`allowOutsideRepository`). The repository: `repositoryOf` (atmosConfig.ts).
 */
import * as nodePath from "node:path";
import { PathError } from "../util/errors";
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
export class OutsideRepositoryError extends PathError {
    override readonly name = "OutsideRepositoryError";
    readonly code = "EOUTSIDE";
}

/** A symbolic link that leads back to itself (`code` `ELOOP`). */
export class SymlinkLoopError extends PathError {
    override readonly name = "SymlinkLoopError";
    readonly code = "ELOOP";
    constructor(path: string) {
        super(`${path} is a loop of symbolic links`, path);
    }
}

/**
 * True when a relative path (`path.relative`'s answer) leaves its directory: `..`, `../x`, or
 * absolute (another drive); `..notes.txt` is a name, not a climb.
 */
export function climbsOut(relative: string): boolean {
    return (
        relative === ".." ||
        relative.startsWith(`..${nodePath.sep}`) ||
        relative.startsWith("../") ||
        nodePath.isAbsolute(relative)
    );
}

/** True when `path` is `dir` or below it (both absolute and normalized). */
export function isWithin(path: string, dir: string): boolean {
    return !climbsOut(nodePath.relative(dir, path));
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

/** The real paths of a confinement's directories (the repository's own, not a file's), found once per confinement. */
const REAL_ROOTS = new WeakMap<Confinement, string[]>();

/** A confinement's directories as written and with their links resolved. */
function rootsOf(confinement: Confinement, files: FileSystem): { root: string; roots: string[]; realRoots: string[] } {
    const root = nodePath.resolve(confinement.root);
    const roots = [root, ...(confinement.also ?? []).map((dir) => nodePath.resolve(dir))];
    let realRoots = REAL_ROOTS.get(confinement);
    if (realRoots === undefined) {
        realRoots = roots.map((dir) => realPathOf(dir, files) ?? dir);
        REAL_ROOTS.set(confinement, realRoots);
    }
    return { root, roots, realRoots };
}

/** Why the file `path` resolves to (`real`) may not be read, or undefined when it is inside. */
function realReason(path: string, real: string, confinement: Confinement, files: FileSystem): string | undefined {
    const { root, realRoots } = rootsOf(confinement, files);
    if (realRoots.some((dir) => isWithin(real, dir))) return undefined;
    return `${path} leads to ${real} through a symbolic link, outside the repository ${root}; reading it needs ${OPT_IN}`;
}

/**
 * Why reading `path` is refused, or undefined when it may be read: outside the repository as
 * written (`..` removed), or leading outside it once the system resolves it (links in order, a
 * `..` after a link going to the link target's parent, as opening it would). A path that does not
 * exist is not refused for that (reading it reports it missing), unless it is outside as written.
 * A read goes through {@link confinedFileSystem}, which checks the file it opened again.
 * @throws SymlinkLoopError when `path` is a loop of symbolic links.
 */
export function outsideReason(path: string, confinement: Confinement, files: FileSystem): string | undefined {
    if (confinement.allowOutside) return undefined;
    const absolute = nodePath.resolve(path);
    const { root, roots, realRoots } = rootsOf(confinement, files);
    if (!roots.some((dir) => isWithin(absolute, dir)) && !realRoots.some((dir) => isWithin(absolute, dir))) {
        return `${absolute} is outside the repository ${root}; reading it needs ${OPT_IN}`;
    }
    // Resolved as written, not after `..` is removed: `link/../x` is read through the link.
    const written = nodePath.isAbsolute(path) ? path : absolute;
    const real = realPathOf(written, files);
    return real === undefined ? undefined : realReason(written, real, confinement, files);
}

/**
 * The text of `path`, read only when it is inside `confinement`: checked as written and resolved
 * ({@link outsideReason}), then, where the file system can (`readFileChecked`), checked again on
 * the file it opened, so a file swapped for a link after the check is refused, not read.
 * @throws OutsideRepositoryError, SymlinkLoopError; the file system's errors.
 */
export function readConfined(path: string, confinement: Confinement, files: FileSystem): string {
    if (confinement.allowOutside) return files.readFile(path);
    refuseRead(path, confinement, files);
    if (files.readFileChecked === undefined) return files.readFile(path);
    return files.readFileChecked(path, checkerOf(path, confinement, files));
}

function refuseRead(path: string, confinement: Confinement, files: FileSystem): void {
    const reason = outsideReason(path, confinement, files);
    if (reason !== undefined) throw new OutsideRepositoryError(reason, path);
}

/** The check a read makes of the real path of the file it opened. */
function checkerOf(path: string, confinement: Confinement, files: FileSystem): (real: string) => void {
    const written = nodePath.isAbsolute(path) ? path : nodePath.resolve(path);
    return (real) => {
        const reason = realReason(written, real, confinement, files);
        if (reason !== undefined) throw new OutsideRepositoryError(reason, path);
    };
}

/**
 * `inner` confined to `confinement`: reading a file or listing a directory outside the
 * repository throws an {@link OutsideRepositoryError} (or a {@link SymlinkLoopError}) naming the
 * path. The loader checks paths itself before this, with the place that names them; this is the
 * guard behind every read, and checks the file or directory it opened (nothing is remembered
 * between two reads: a link changed meanwhile is seen).
 */
export function confinedFileSystem(inner: FileSystem, confinement: Confinement): FileSystem {
    if (confinement.allowOutside) return inner;
    return {
        readFile: (path) => readConfined(path, confinement, inner),
        isFile: (path) => inner.isFile(path),
        isDirectory: (path) => inner.isDirectory(path),
        readDir(path) {
            // A glob that walks into a directory outside (through a link) is refused, not emptied.
            refuseRead(path, confinement, inner);
            if (inner.readDirChecked === undefined) return inner.readDir(path);
            return inner.readDirChecked(path, checkerOf(path, confinement, inner));
        },
        ...(inner.realPath !== undefined ? { realPath: inner.realPath.bind(inner) } : {}),
    };
}
