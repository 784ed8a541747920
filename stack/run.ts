/**
 * What one run of the loader shares between the manifests it reads (listing a repository's stacks,
 * then loading the one asked for): the file system's answers and the manifest cache, so that each
 * file is read, stat'ed, parsed and processed once per run however many stacks import it. A run
 * is short-lived: files are assumed not to change while it lasts.
 */
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
    const texts = new Map<string, { text: string } | { error: unknown }>();
    const isFile = new Map<string, boolean>();
    const isDirectory = new Map<string, boolean>();
    const listings = new Map<string, ReturnType<FileSystem["readDir"]>>();
    const realPaths = new Map<string, { path: string } | { error: unknown }>();
    return {
        ...(inner.realPath !== undefined
            ? {
                  realPath(path: string) {
                      let answer = realPaths.get(path);
                      if (answer === undefined) {
                          try {
                              answer = { path: inner.realPath!(path) };
                          } catch (error) {
                              answer = { error };
                          }
                          realPaths.set(path, answer);
                      }
                      if ("error" in answer) throw answer.error;
                      return answer.path;
                  },
              }
            : {}),
        readFile(path) {
            let read = texts.get(path);
            if (read === undefined) {
                try {
                    read = { text: inner.readFile(path) };
                } catch (error) {
                    read = { error };
                }
                texts.set(path, read);
            }
            if ("error" in read) throw read.error;
            return read.text;
        },
        isFile(path) {
            let answer = isFile.get(path);
            if (answer === undefined) isFile.set(path, (answer = inner.isFile(path)));
            return answer;
        },
        isDirectory(path) {
            let answer = isDirectory.get(path);
            if (answer === undefined) isDirectory.set(path, (answer = inner.isDirectory(path)));
            return answer;
        },
        readDir(path) {
            let answer = listings.get(path);
            if (answer === undefined) listings.set(path, (answer = inner.readDir(path)));
            return answer;
        },
    };
}
