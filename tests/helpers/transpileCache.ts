/**
 * A cache of swc's transpilations for the test runs, loaded by mocha right after ts-node
 * (.mocharc.json). ts-node (with `"swc": true` in tsconfig.json) transpiles each of the few
 * hundred TypeScript files a run loads, and ./compiled.ts the package again for the end-to-end
 * tier: about 0.6 s of each run's CPU time, the same output each time for files that did not change.
 *
 * An entry is keyed by everything swc's output depends on: swc's version, the options (the file's
 * name among them) and the source text; a changed file is a new key, so an entry is never stale.
 * Entries live in the system's temporary directory (never in the working tree), each written whole
 * (to a temporary file, then renamed), so that concurrent runs share them; entries not written for
 * 14 days are removed by the next run that writes one.
 */
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Options, Output } from "@swc/core";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object itself, whose export ts-node calls
const swc = require("@swc/core") as {
    version: string;
    transformSync: (input: string, options?: Options) => Output;
};

const DIR = path.join(os.tmpdir(), "cloudposse-components-swc-transpile");
const KEPT_MS = 14 * 24 * 60 * 60 * 1000;
const transformSync = swc.transformSync;
let pruned = false;

/** swc's `transformSync(input, options)`, from the cache when the same input was transpiled before. */
export function cachedTransformSync(input: string, options: Options = {}): Output {
    const key = crypto
        .createHash("sha256")
        .update(`${swc.version}\0${JSON.stringify(options)}\0${input}`)
        .digest("hex");
    const file = path.join(DIR, key.slice(0, 2), `${key}.json`);
    try {
        return JSON.parse(fs.readFileSync(file, "utf8")) as Output;
    } catch {
        // Not cached yet (or unreadable): transpiled below.
    }
    const output = transformSync(input, options);
    try {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(temporary, JSON.stringify({ code: output.code, map: output.map }));
        fs.renameSync(temporary, file);
        prune();
    } catch {
        // A cache that cannot be written only costs the next run the same transpilation.
    }
    return output;
}

/** Removes, once per process, the entries not written for KEPT_MS. */
function prune(): void {
    if (pruned) return;
    pruned = true;
    const before = Date.now() - KEPT_MS;
    for (const dir of fs.readdirSync(DIR)) {
        for (const name of fs.readdirSync(path.join(DIR, dir))) {
            const entry = path.join(DIR, dir, name);
            const stat = fs.statSync(entry, { throwIfNoEntry: false });
            if (stat !== undefined && stat.mtimeMs < before) fs.rmSync(entry, { force: true });
        }
    }
}

// ts-node's swc transpiler calls `transformSync` on this module object for each file it loads.
swc.transformSync = cachedTransformSync;
