/**
 * The `main` of Pulumi.yaml: the program (program/index.ts, compiled in dist/program/index.js),
 * whose exports are the stack's outputs. dist/ is rebuilt first when a source is newer, as for
 * `npm run synth`, so an edited checkout never deploys stale code; `pulumi up` itself runs
 * JavaScript, with no TypeScript compiler at run time.
 */
"use strict";
const path = require("node:path");
const { ensureBuilt } = require("./staleness");

const root = path.resolve(__dirname, "..");
ensureBuilt(root);
module.exports = require(path.join(root, "dist", "program", "index.js"));
