#!/usr/bin/env node
/**
 * `node scripts/dist.js bin/synth.js [args...]`: runs one of the package's commands from its
 * compiled JavaScript in dist/ (what `npm start`, `npm run synth` and `npm run tf-adopt` use: no
 * TypeScript compilation at start-up). When a source file is newer than its compiled file, or dist/
 * is missing, it first rebuilds dist/ (`tsc -p tsconfig.json`), saying so on stderr, so an edited
 * checkout never runs stale code. stdout is left to the command.
 */
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { spawnSync } = require("node:child_process");

const root = path.resolve(__dirname, "..");
const [entry, ...args] = process.argv.slice(2);
if (entry === undefined || !/^[\w/.-]+\.js$/.test(entry)) {
    process.stderr.write("usage: node scripts/dist.js <path under dist/, e.g. bin/synth.js> [args...]\n");
    process.exit(2);
}

/** The first source file (.ts, outside tests) whose compiled .js is missing or older, or undefined. */
function staleSource() {
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

const stale = staleSource();
if (stale !== undefined) {
    process.stderr.write(`${stale} is newer than dist/: rebuilding dist/ (npm run build)\n`);
    const tsc = require.resolve("typescript/bin/tsc", { paths: [root] });
    const build = spawnSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.json")], {
        cwd: root,
        stdio: ["ignore", 2, 2],
    });
    if (build.status !== 0) {
        process.exit(build.status ?? 1);
    }
}

const compiled = path.join(root, "dist", entry);
process.argv = [process.argv[0], compiled, ...args];
require(compiled);
