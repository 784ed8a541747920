/**
 * The file system as the stack loader sees it (injectable for tests), and glob matching as Go's `doublestar` v4
 * (Atmos's) matches and orders it. Why the walk is ours: the contributors' Design notes.
 */
import * as fs from "node:fs";
import * as nodePath from "node:path";
import { CloudposseError } from "../util/errors";
import { compareGoStrings } from "../util/goOrder";
import { braceAlternatives, compileSegment, globBudget, GlobLimitError, pathMatcher, segmentMatches } from "./glob";

/**
 * A file's bytes as UTF-8 text (a byte-order mark dropped). Anything else is refused with the
 * file's name, rather than decoded with replacement characters (`café` in Latin-1 would become
 * `caf\uFFFD`).
 * @throws Error with `code: "EILSEQ"`.
 */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
    try {
        return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
        const lenient = new TextDecoder("utf-8").decode(bytes);
        const bad = Math.max(0, lenient.indexOf("\uFFFD"));
        const offset = Buffer.byteLength(lenient.slice(0, bad), "utf8");
        const line = lenient.slice(0, bad).split("\n").length;
        const byte = bytes[offset] ?? 0;
        throw Object.assign(
            new Error(
                `not UTF-8 text (line ${line}: byte 0x${byte.toString(16).toUpperCase().padStart(2, "0")} ` +
                    `at offset ${offset}); save it as UTF-8`,
            ),
            { code: "EILSEQ", path: file },
        );
    }
}

/** What the loader needs from a file system. Paths are absolute. */
export interface FileSystem {
    /** The text of a file; throws an error with `code: "ENOENT"` when it does not exist. */
    readFile(path: string): string;
    /** True when `path` is an existing regular file. */
    isFile(path: string): boolean;
    /** True when `path` is an existing directory. */
    isDirectory(path: string): boolean;
    /** The entries of a directory, sorted by name (byte order); [] when it is not a directory. */
    readDir(path: string): readonly { readonly name: string; readonly dir: boolean }[];
    /**
     * The path with every symbolic link resolved (`fs.realpathSync`); throws an error with `code`
     * `ENOENT` when it does not exist, `ELOOP` for a loop of links. Without it, confinement to the
     * repository checks paths as written only.
     */
    realPath?(path: string): string;
    /**
     * `readFile`, calling `check` with the real path of the file it opened before reading a
     * byte of it (`check` throws to refuse): the file read is the file checked, whatever changes
     * on the disk meanwhile. Without it, confinement checks the path, then reads it.
     */
    readFileChecked?(path: string, check: (real: string) => void): string;
    /** `readDir`, calling `check` with the real path of the directory it opened before listing it. */
    readDirChecked?(
        path: string,
        check: (real: string) => void,
    ): readonly { readonly name: string; readonly dir: boolean }[];
}

/**
 * Largest file the loader reads: a stack manifest, an import, an `!include` target, atmos.yaml,
 * a `--stack-outputs` file (1 MiB). Cloud Posse's largest stack files are a few tens of KB; the
 * cap keeps the worst file (hundreds of thousands of one-line keys) within seconds of parsing.
 */
export const MAX_FILE_BYTES = 1024 * 1024;

/** A file refused before or while reading it: not a regular file, or larger than the cap. */
export class FileReadError extends CloudposseError {
    override readonly name = "FileReadError";
    constructor(
        message: string,
        /** `ENOTREG` (a directory, device, FIFO or socket) or `EFBIG` (over the cap). */
        readonly code: "ENOTREG" | "EFBIG",
        readonly path: string,
    ) {
        super(message);
    }
}

/**
 * The system's refusal to read a file, in words (`file not found`, `cannot read the file: permission
 * denied`), for a command to print after the path instead of Node's `ENOENT: ..., open '...'`;
 * undefined for any other error, whose message already says what happened.
 */
export function readFailureText(error: unknown): string | undefined {
    if (isNotFound(error)) return "file not found";
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === "EACCES" || code === "EPERM") return "cannot read the file: permission denied";
    if (code === "ENAMETOOLONG") return "cannot read the file: its name is too long for the file system";
    return undefined;
}

/** Whether a read failed because there is no such file (`ENOENT`, or a path through a non-directory). */
export function isNotFound(error: unknown): boolean {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * A failed read as the stack loader words it, naming `file` when given: `file <file> not found`
 * (`file not found`), else `cannot read <file>: <the error's message>` (`cannot read the file: ...`).
 */
export function readProblemText(error: unknown, file?: string): string {
    if (isNotFound(error)) return file === undefined ? "file not found" : `file ${file} not found`;
    return `cannot read ${file ?? "the file"}: ${error instanceof Error ? error.message : String(error)}`;
}

/** What a non-regular file is, in words. */
function kindOf(stat: fs.Stats): string {
    if (stat.isDirectory()) return "a directory";
    if (stat.isCharacterDevice()) return "a character device";
    if (stat.isBlockDevice()) return "a block device";
    if (stat.isFIFO()) return "a named pipe (FIFO)";
    if (stat.isSocket()) return "a socket";
    return "not a regular file";
}

/** `n` bytes in words: `1 MiB`, `64 MiB`, `1,500 bytes`. */
export function formatBytes(n: number): string {
    return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : `${n.toLocaleString("en-US")} bytes`;
}

/**
 * The bytes of `path`, read only when it is a regular file (symbolic links followed) of at most
 * `maxBytes` bytes: a directory, a device (`/dev/zero`, `/dev/null`), a FIFO (which would block)
 * or a socket is refused before any read, and a file larger than the cap (or one that grows past
 * it while read) is refused without reading more than the cap. Opened without blocking, so a FIFO
 * never waits for a writer.
 * @throws FileReadError (`ENOTREG`, `EFBIG`); the system's error (`ENOENT`, `EACCES`, ...) otherwise.
 */
export function readFileBounded(path: string, maxBytes: number = MAX_FILE_BYTES): Buffer {
    return readOpened(fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0)), path, maxBytes);
}

/**
 * {@link readFileBounded} of the file `path` leads to, refused by `check` (called with that file's
 * real path) before a byte is read. The path's links are resolved by the system
 * (`realpath(3)`, so `link/..` is the link's parent, as the kernel opens it); the real path is
 * opened without following a link (`O_NOFOLLOW`), and the opened descriptor's own path (Linux's
 * `/proc/self/fd`, else its device and inode against the checked path's) is checked again: a file
 * or directory swapped for a link between the check and the open is refused, never read.
 * @throws what `check` throws; {@link FileReadError}; the system's error (`ENOENT`, `ELOOP`, ...)
 */
export function readFileBoundedChecked(
    path: string,
    check: (real: string) => void,
    maxBytes: number = MAX_FILE_BYTES,
): Buffer {
    return readOpened(openChecked(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0), check), path, maxBytes);
}

/** Whether the system names an open descriptor's file (`/proc/self/fd`), asked once when first needed. */
let procFd: boolean | undefined;

/** The path of the file an open descriptor reads, as the system resolved it; undefined where it cannot say. */
function openedPath(fd: number): string | undefined {
    procFd ??= process.platform === "linux" && fs.existsSync("/proc/self/fd");
    if (!procFd) return undefined;
    try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
        return undefined;
    }
}

/** Attempts at opening a path whose links change while it is opened. */
const OPEN_ATTEMPTS = 3;

/**
 * A descriptor of the file `path` leads to, opened with `flags` once `check` accepted its real
 * path, and checked again on the descriptor (see {@link readFileBoundedChecked}).
 */
function openChecked(path: string, flags: number, check: (real: string) => void): number {
    for (let attempt = 1; ; attempt++) {
        const real = fs.realpathSync.native(path);
        check(real);
        let fd: number;
        try {
            fd = fs.openSync(real, flags | (fs.constants.O_NOFOLLOW ?? 0));
        } catch (error) {
            // The real path became a link since it was resolved (ELOOP; ENOTDIR for a directory
            // opened with O_DIRECTORY): resolve it again.
            const code = (error as NodeJS.ErrnoException).code;
            const becameLink =
                code === "ELOOP" ||
                (code === "ENOTDIR" &&
                    (flags & (fs.constants.O_DIRECTORY ?? 0)) !== 0 &&
                    fs.lstatSync(real, { throwIfNoEntry: false })?.isSymbolicLink() === true);
            if (!becameLink) throw error;
            if (attempt < OPEN_ATTEMPTS) continue;
            throw changedWhileOpened(path);
        }
        try {
            const opened = openedPath(fd);
            if (opened !== undefined) {
                if (opened !== real) check(opened);
                return fd;
            }
            const held = fs.fstatSync(fd);
            const named = fs.lstatSync(real);
            if (held.dev === named.dev && held.ino === named.ino) return fd;
        } catch (error) {
            fs.closeSync(fd);
            throw error;
        }
        fs.closeSync(fd);
        if (attempt >= OPEN_ATTEMPTS) throw changedWhileOpened(path);
    }
}

function changedWhileOpened(path: string): Error {
    return Object.assign(
        new Error(`${path} changed while it was opened (a symbolic link appeared); nothing was read`),
        {
            code: "ECHANGED",
            path,
        },
    );
}

/** The entries of the directory `path` leads to, listed through a descriptor `check` accepted (Linux), else by its real path. */
function readDirChecked(path: string, check: (real: string) => void): fs.Dirent[] {
    const fd = openChecked(path, fs.constants.O_RDONLY | (fs.constants.O_DIRECTORY ?? 0), check);
    try {
        const through = openedPath(fd) === undefined ? fs.realpathSync.native(path) : `/proc/self/fd/${fd}`;
        return fs.readdirSync(through, { withFileTypes: true });
    } finally {
        fs.closeSync(fd);
    }
}

/** The bytes of an opened file (closed after), as {@link readFileBounded} reads them. */
function readOpened(fd: number, path: string, maxBytes: number): Buffer {
    try {
        const stat = fs.fstatSync(fd);
        if (!stat.isFile()) {
            throw new FileReadError(`${path} is ${kindOf(stat)}, not a regular file`, "ENOTREG", path);
        }
        const tooLarge = () =>
            new FileReadError(
                `${path} is larger than ${formatBytes(maxBytes)}, the most a file read here may hold`,
                "EFBIG",
                path,
            );
        if (stat.size > maxBytes) throw tooLarge();
        // Read to the end, whatever the size said (a file may grow, or report 0 as /proc does).
        let buffer = Buffer.alloc(Math.min(maxBytes + 1, Math.max(stat.size + 1, 64 * 1024)));
        let length = 0;
        for (;;) {
            if (length === buffer.length) {
                if (length > maxBytes) throw tooLarge();
                const grown = Buffer.alloc(Math.min(maxBytes + 1, buffer.length * 2));
                buffer.copy(grown);
                buffer = grown;
            }
            const read = fs.readSync(fd, buffer, length, buffer.length - length, null);
            if (read === 0) return buffer.subarray(0, length);
            length += read;
        }
    } finally {
        fs.closeSync(fd);
    }
}

/** {@link readFileBounded} as UTF-8 text (a byte-order mark dropped; other encodings refused). */
export function readTextFileBounded(path: string, maxBytes: number = MAX_FILE_BYTES): string {
    return decodeUtf8(readFileBounded(path, maxBytes), path);
}

/** The real file system. */
export const NODE_FILE_SYSTEM: FileSystem = {
    readFile: (path) => readTextFileBounded(path),
    readFileChecked: (path, check) => decodeUtf8(readFileBoundedChecked(path, check), path),
    isFile: (path) => statOf(path)?.isFile() === true,
    isDirectory: (path) => statOf(path)?.isDirectory() === true,
    readDir: (path) => listing(path, () => fs.readdirSync(path, { withFileTypes: true })),
    readDirChecked: (path, check) => listing(path, () => readDirChecked(path, check)),
    // The system's realpath(3): `link/..` is the link target's parent, as an open resolves it
    // (Node's own realpathSync removes `..` before resolving links).
    realPath: (path) => fs.realpathSync.native(path),
};

/** A directory's entries sorted by name, [] when it cannot be listed (a refusal is thrown). */
function listing(path: string, list: () => fs.Dirent[]): ReturnType<FileSystem["readDir"]> {
    let entries: fs.Dirent[];
    try {
        entries = list();
    } catch (error) {
        // The system could not list it (as readdir failing); a refusal is no system error, thrown.
        if (typeof (error as NodeJS.ErrnoException).syscall === "string") return [];
        throw error;
    }
    return entries
        .map((e) => ({
            name: e.name,
            dir: e.isDirectory() || (e.isSymbolicLink() && statOf(nodePath.join(path, e.name))?.isDirectory() === true),
        }))
        .sort((a, b) => compareGoStrings(a.name, b.name));
}

function statOf(path: string): fs.Stats | undefined {
    try {
        return fs.statSync(path);
    } catch {
        return undefined;
    }
}

/**
 * A file system that only knows how to read files (the `readFile` option of `loadStackFile`):
 * a file exists when it can be read; there are no directories to list, so globs match nothing.
 */
export function readerFileSystem(readFile: (path: string) => string): FileSystem {
    return {
        readFile,
        isFile: (path) => {
            try {
                readFile(path);
                return true;
            } catch (error) {
                // A file that exists but cannot be read still exists (reading it reports why).
                const code = (error as { code?: unknown } | null)?.code;
                return code !== undefined && code !== "ENOENT" && code !== "ENOTDIR";
            }
        },
        isDirectory: () => false,
        readDir: () => [],
    };
}

const GLOB_META = /[*?[{\\]/;

/** True when a path holds glob syntax. */
export function hasGlobMeta(path: string): boolean {
    return GLOB_META.test(path);
}

/** The directory an absolute glob pattern starts from: its segments before the first with glob syntax. */
export function globBase(pattern: string): string {
    const segments = pattern.split(nodePath.sep).join("/").split("/");
    const firstMeta = segments.findIndex((s) => GLOB_META.test(s));
    if (firstMeta < 0) return pattern;
    return segments.slice(0, firstMeta).join("/") || "/";
}

/** Upper bound of entries visited by one glob (a guard against pathological trees). */
export const MAX_GLOB_VISITS = 200_000;

/**
 * The files and directories matching an absolute glob pattern, in doublestar's order.
 * A pattern without glob syntax matches itself when it exists. Each segment is compiled once
 * (its braces expanded once, at most MAX_BRACE_ALTERNATIVES alternatives for the pattern), and the
 * walk is bounded by entries visited and by the steps of matching (glob.ts).
 * @throws GlobLimitError past a limit; what the file system throws (a refusal to list outside)
 */
export function globMatches(pattern: string, files: FileSystem): string[] {
    const normalized = pattern.split(nodePath.sep).join("/");
    const segments = normalized.split("/");
    const firstMeta = segments.findIndex((s) => GLOB_META.test(s));
    if (firstMeta < 0) return files.isFile(pattern) || files.isDirectory(pattern) ? [pattern] : [];
    const base = segments.slice(0, firstMeta).join("/") || "/";
    // The alternatives of the whole pattern are bounded, not only each segment's.
    braceAlternatives(segments.slice(firstMeta).join("/"), pattern);
    const compiled = new Map<string, ReturnType<typeof compileSegment>>();
    for (const segment of segments.slice(firstMeta)) {
        if (segment !== "**" && GLOB_META.test(segment) && !compiled.has(segment)) {
            compiled.set(segment, compileSegment(segment, pattern));
        }
    }
    const budget = globBudget(pattern);
    const results: string[] = [];
    let visits = 0;
    const visit = () => {
        if (++visits > MAX_GLOB_VISITS) {
            throw new GlobLimitError(
                `glob ${pattern}: more than ${MAX_GLOB_VISITS.toLocaleString("en-US")} entries to visit, the most one pattern may walk (limit MAX_GLOB_VISITS)`,
                pattern,
            );
        }
    };
    const walk = (dir: string, rest: readonly string[]): void => {
        visit();
        if (rest.length === 0) {
            results.push(dir);
            return;
        }
        const [segment, ...tail] = rest;
        if (segment === "**") {
            // Zero or more directories: this one, then every directory below it in pre-order.
            if (tail.length === 0) {
                for (const path of descendants(dir, true)) results.push(path);
                return;
            }
            for (const sub of descendants(dir, false)) walk(sub, tail);
            return;
        }
        const matcher = compiled.get(segment);
        if (matcher === undefined) {
            const next = nodePath.join(dir, segment);
            if (tail.length === 0 ? files.isFile(next) || files.isDirectory(next) : files.isDirectory(next))
                walk(next, tail);
            return;
        }
        for (const entry of files.readDir(dir)) {
            visit();
            if (!segmentMatches(matcher, entry.name, budget)) continue;
            if (tail.length === 0) results.push(nodePath.join(dir, entry.name));
            else if (entry.dir) walk(nodePath.join(dir, entry.name), tail);
        }
    };
    /** `dir` and the directories below it (pre-order, by name); with `withFiles`, files too (not `dir` itself). */
    const descendants = (dir: string, withFiles: boolean): string[] => {
        const out: string[] = withFiles ? [] : [dir];
        const below = (d: string): void => {
            for (const entry of files.readDir(d)) {
                visit();
                const path = nodePath.join(d, entry.name);
                if (entry.dir) {
                    out.push(path);
                    below(path);
                } else if (withFiles) out.push(path);
            }
        };
        if (files.isDirectory(dir)) below(dir);
        return out;
    };
    if (files.isDirectory(base)) walk(base, segments.slice(firstMeta));
    return results;
}

/**
 * A whole-path matcher of doublestar's `Match` (`**` spans directories, dotfiles match), compiled
 * once for every path it tests (`excluded_paths` against each manifest).
 * @throws GlobLimitError
 */
export function globPathMatcher(pattern: string): (path: string) => boolean {
    const matches = pathMatcher(pattern.split(nodePath.sep).join("/"));
    return (path) => matches(path.split(nodePath.sep).join("/"));
}

/** doublestar's `Match` of a whole path against a pattern (`**` spans directories, dotfiles match). */
export function pathMatches(pattern: string, path: string): boolean {
    return globPathMatcher(pattern)(path);
}
