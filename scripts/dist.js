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
const { staleSource } = require("./staleness");

const root = path.resolve(__dirname, "..");
const [entry, ...args] = process.argv.slice(2);
if (entry === undefined || !/^[\w/.-]+\.js$/.test(entry)) {
    process.stderr.write("usage: node scripts/dist.js <path under dist/, e.g. bin/synth.js> [args...]\n");
    process.exit(2);
}

const stale = staleSource(root);
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
