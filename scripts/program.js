/**
 * The `main` of Pulumi.yaml: the program (program/index.ts, compiled in dist/program/index.js),
 * whose exports are the stack's outputs. dist/ is rebuilt first when a source is newer, as for
 * `npm run synth`, so an edited checkout never deploys stale code; the program itself runs as
 * JavaScript, with no TypeScript compiler at run time.
 *
 * The Pulumi CLI runs a program whose `main` is a file from that file's directory (here
 * `scripts/`), so the project directory is made the current one first: `stackFile` and
 * `atmosDir` are relative to it, as the README says.
 */
"use strict";
const path = require("node:path");
const { ensureBuilt, readingDist } = require("./staleness");

const root = path.resolve(__dirname, "..");
process.chdir(root);
ensureBuilt(root);
module.exports = readingDist(root, () => require(path.join(root, "dist", "program", "index.js")));
