/**
 * Whether dist/ is what `tsc -p tsconfig.json` would build from the sources now: `staleSource(root)`
 * gives the first source file (.ts under tsconfig.json's include roots) whose compiled .js in dist/
 * is missing or older, or undefined when there is none. Used by scripts/dist.js (rebuild before
 * running a command) and tests/package.e2e.test.ts (pack the dist/ already built).
 */
"use strict";
const fs = require("node:fs");
const path = require("node:path");

/** @param {string} root the project's directory @returns {string | undefined} a path relative to root */
function staleSource(root) {
    const config = JSON.parse(fs.readFileSync(path.join(root, "tsconfig.json"), "utf8"));
    const tops = new Set(config.include.map((pattern) => pattern.split("/")[0]));
    const pending = [...tops].map((top) => path.join(root, top));
    while (pending.length > 0) {
        const file = pending.pop();
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        if (stat === undefined) {
            continue;
        }
        if (stat.isDirectory()) {
            for (const name of fs.readdirSync(file)) {
                pending.push(path.join(file, name));
            }
        } else if (file.endsWith(".ts") && !file.endsWith(".d.ts")) {
            const compiled = path.join(root, "dist", path.relative(root, file)).replace(/\.ts$/, ".js");
            const built = fs.statSync(compiled, { throwIfNoEntry: false });
            if (built === undefined || built.mtimeMs < stat.mtimeMs) {
                return path.relative(root, file);
            }
        }
    }
    return undefined;
}

module.exports = { staleSource };
