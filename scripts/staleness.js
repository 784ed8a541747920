/**
 * Whether dist/ is what `tsc -p tsconfig.json` would build from the sources now: `staleSource(root)`
 * gives the first source file (.ts under tsconfig.json's include roots) whose compiled .js in dist/
 * is missing or older, or undefined when there is none; `ensureBuilt(root)` rebuilds dist/ then
 * (`tsc -p tsconfig.json`), saying so on stderr. Used by scripts/dist.js and scripts/program.js
 * (rebuild before running a command or the Pulumi program) and tests/package.slow.test.ts (pack the
 * dist/ already built).
 */
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { spawnSync } = require("node:child_process");

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

/**
 * Rebuilds dist/ when a source is newer than its compiled file (or dist/ is missing). Throws when the
 * build fails or TypeScript is not installed (an install without devDependencies cannot build).
 * @param {string} root the project's directory
 */
function ensureBuilt(root) {
    const stale = staleSource(root);
    if (stale === undefined) {
        return;
    }
    let tsc;
    try {
        tsc = require.resolve("typescript/bin/tsc", { paths: [root] });
    } catch {
        throw new Error(
            `${stale} is newer than dist/ (or dist/ is missing), and TypeScript is not installed to rebuild it: ` +
                "install with the dev dependencies (npm ci) and run npm run build",
        );
    }
    process.stderr.write(`${stale} is newer than dist/: rebuilding dist/ (npm run build)\n`);
    const build = spawnSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.json")], {
        cwd: root,
        stdio: ["ignore", 2, 2],
    });
    if (build.status !== 0) {
        throw new Error(`npm run build failed (tsc exited ${build.status ?? build.signal})`);
    }
}

module.exports = { staleSource, ensureBuilt };
