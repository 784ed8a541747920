#!/usr/bin/env node
/**
 * `node scripts/dist.js bin/synth.js [args...]`: runs one of the package's commands from dist/ (`npm start`,
 * `npm run synth`, `npm run tf-adopt`), rebuilding dist/ first when a source is newer (scripts/staleness.js).
 */
"use strict";
const path = require("node:path");
const { ensureBuilt, readingDist } = require("./staleness");

const root = path.resolve(__dirname, "..");
const [entry, ...args] = process.argv.slice(2);
if (entry === undefined || !/^[\w/.-]+\.js$/.test(entry)) {
    process.stderr.write("usage: node scripts/dist.js <path under dist/, e.g. bin/synth.js> [args...]\n");
    process.exit(2);
}

try {
    ensureBuilt(root);
} catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
}

const compiled = path.join(root, "dist", entry);
process.argv = [process.argv[0], compiled, ...args];
// loaded while no other command's rebuild can swap dist/ (the command then runs from what it loaded)
readingDist(root, () => require(compiled));
