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
        ...(inner.realPath !== undefined ? { realPath: remembered(inner.realPath.bind(inner)) } : {}),
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
