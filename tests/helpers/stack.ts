/** Helpers shared by the stack-file loader tests. */
import * as assert from "node:assert/strict";
import * as path from "node:path";
import { StackFileError, type FileSystem } from "../../stack";
import { compareGoStrings } from "../../util/goOrder";

/** Joins lines into YAML text (so a test can read off line numbers). */
export function lines(...text: string[]): string {
    return `${text.join("\n")}\n`;
}

/** A `readFile` over an in-memory file system; a missing file throws like fs does (code ENOENT). */
export function memoryReader(files: Readonly<Record<string, string>>): (path: string) => string {
    return (path) => {
        if (Object.prototype.hasOwnProperty.call(files, path)) return files[path];
        throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: "ENOENT" });
    };
}

/** Runs `fn`, which must throw a `StackFileError`, and returns the error. */
export function stackError(fn: () => unknown): StackFileError {
    try {
        fn();
    } catch (error) {
        assert.ok(error instanceof StackFileError, `expected a StackFileError, got ${String(error)}`);
        return error;
    }
    assert.fail("expected a StackFileError, but nothing was thrown");
}

/** Stack-level vars that satisfy every component's required vars. */
export const STACK_VARS = "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: prod}";

/** The root of the in-memory repositories of {@link memoryFiles}. */
export const ROOT = "/repo";

/** A file system holding `files` (paths relative to /repo); directories are implied. */
export function memoryFiles(files: Readonly<Record<string, string>>): FileSystem {
    const absolute = new Map(Object.entries(files).map(([p, text]) => [path.join(ROOT, p), text]));
    const isDirectory = (dir: string) => [...absolute.keys()].some((p) => p.startsWith(`${dir}/`));
    return {
        readFile: (p) => {
            const text = absolute.get(p);
            if (text === undefined) throw Object.assign(new Error(`ENOENT: ${p}`), { code: "ENOENT" });
            return text;
        },
        isFile: (p) => absolute.has(p),
        isDirectory,
        readDir: (dir) => {
            const entries = new Map<string, boolean>();
            for (const p of absolute.keys()) {
                if (!p.startsWith(`${dir}/`)) continue;
                const [name, ...rest] = p.slice(dir.length + 1).split("/");
                entries.set(name, (entries.get(name) ?? false) || rest.length > 0);
            }
            return [...entries].map(([name, dir]) => ({ name, dir })).sort((a, b) => compareGoStrings(a.name, b.name));
        },
    };
}
