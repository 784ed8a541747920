/**
 * The `main` of Pulumi.yaml: runs the compiled program (dist/program/index.js) from the project directory, which
 * `stackFile` and `atmosDir` are relative to, rebuilding dist/ first when a source is newer.
 */
"use strict";
const path = require("node:path");
const { ensureBuilt, readingDist } = require("./staleness");

const root = path.resolve(__dirname, "..");
// The Pulumi CLI runs `main` from its own directory (scripts/); the stack's paths are relative to the project's.
process.chdir(root);
ensureBuilt(root);
module.exports = readingDist(root, () => require(path.join(root, "dist", "program", "index.js")));
