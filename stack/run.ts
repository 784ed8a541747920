/**
 * What one run of the loader shares between the manifests it reads: the file system's answers and the manifest cache,
 * so each file is read and parsed once per run. A run is short-lived: files are assumed not to change during it.
 */
import { remembered } from "../util/remember";
import type { FileSystem } from "./files";
import { manifestCache, type ManifestCache } from "./manifest";

/** The state shared by the loads of one run. */
export interface LoadRun {
    /** The file system, each answer remembered. */
    readonly files: FileSystem;
    /** Parsed files and processed imports. */
    readonly manifests: ManifestCache;
}

/** A new run over `files`. */
export function newLoadRun(files: FileSystem): LoadRun {
    return { files: cachingFileSystem(files), manifests: manifestCache() };
}

/** `inner` with every answer remembered (a read that failed fails again with the same error). */
export function cachingFileSystem(inner: FileSystem): FileSystem {
    const listings = new Map<string, ReturnType<FileSystem["readDir"]>>();
    return {
        // Real paths are remembered for the checks that name a refused path where it is written
        // (an import, an `!include`); no read relies on them: a checked read resolves the file it
        // opens itself (`readFileChecked`), each time it is not remembered.
        ...(inner.realPath !== undefined ? { realPath: remembered(inner.realPath.bind(inner)) } : {}),
        ...(inner.readFileChecked !== undefined
            ? { readFileChecked: checkedOnce(inner.readFileChecked.bind(inner)) }
            : {}),
        ...(inner.readDirChecked !== undefined
            ? { readDirChecked: checkedOnce(inner.readDirChecked.bind(inner)) }
            : {}),
        readFile: remembered((path: string) => inner.readFile(path)),
        isFile: remembered((path: string) => inner.isFile(path)),
        isDirectory: remembered((path: string) => inner.isDirectory(path)),
        readDir(path) {
            let answer = listings.get(path);
            if (answer === undefined) listings.set(path, (answer = inner.readDir(path)));
            return answer;
        },
    };
}

/**
 * A checked read (`readFileChecked`, `readDirChecked`) done once per path: the answer is
 * remembered with the real path of what was read, and every later read checks that path again
 * (another load may confine differently). A refusal is not remembered.
 */
function checkedOnce<R>(
    read: (path: string, check: (real: string) => void) => R,
): (path: string, check: (real: string) => void) => R {
    const answers = new Map<string, { real: string | undefined; value: R } | { error: unknown }>();
    return (path, check) => {
        let answer = answers.get(path);
        if (answer === undefined) {
            let real: string | undefined;
            let refused = false;
            const checkAndKeep = (r: string) => {
                try {
                    check(r);
                } catch (error) {
                    refused = true;
                    throw error;
                }
                real = r;
            };
            try {
                answer = { real: undefined, value: read(path, checkAndKeep) };
                answer.real = real;
            } catch (error) {
                if (refused) throw error;
                answer = { error };
            }
            answers.set(path, answer);
            return unwrap(answer);
        }
        if ("real" in answer && answer.real !== undefined) check(answer.real);
        return unwrap(answer);
    };
}

function unwrap<R>(answer: { value: R } | { error: unknown }): R {
    if ("error" in answer) throw answer.error;
    return answer.value;
}
