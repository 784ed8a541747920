/** Helpers shared by the stack-file loader tests. */
import * as assert from "node:assert/strict";
import { StackFileError } from "../stack";

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
