"use strict";
/**
 * The yardstick of the Atmos benchmark (`npm run bench`): a naive loader of a generated Atmos
 * repository (bench/atmosRepo.ts) that parses each file once (the `yaml` package) and deep-merges
 * the imports of every top-level stack (imports in order, then the file itself; maps merged key by
 * key, anything else replaced), then names each stack by `{tenant}-{environment}-{stage}` from its
 * vars. No inheritance, templates, YAML functions, checks or locations: what any loader must do at
 * least.
 *
 *   node bench/naiveLoader.js <repository>   prints "<stacks> stacks, <components> components"
 */
const fs = require("node:fs");
const path = require("node:path");
const { parse } = require("yaml");

const root = path.resolve(process.argv[2]);
const stacksDir = path.join(root, "stacks");
const parsed = new Map();

function read(file) {
    let doc = parsed.get(file);
    if (doc === undefined) {
        doc = parse(fs.readFileSync(file, "utf8")) ?? {};
        parsed.set(file, doc);
    }
    return doc;
}

function isMap(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

function merge(base, over) {
    if (!isMap(base) || !isMap(over)) return over;
    const out = { ...base };
    for (const [key, value] of Object.entries(over)) out[key] = key in out ? merge(out[key], value) : value;
    return out;
}

function load(file) {
    const doc = read(file);
    let merged = {};
    for (const entry of doc.import ?? []) merged = merge(merged, load(path.join(stacksDir, `${entry}.yaml`)));
    const { import: _ignored, ...own } = doc;
    return merge(merged, own);
}

function manifests(dir) {
    const out = [];
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) out.push(...manifests(full));
        else if (entry.name.endsWith(".yaml") && entry.name !== "_defaults.yaml") out.push(full);
    }
    return out;
}

let stacks = 0;
let components = 0;
const names = new Set();
for (const manifest of manifests(path.join(stacksDir, "orgs"))) {
    const stack = load(manifest);
    const vars = stack.vars ?? {};
    names.add(`${vars.tenant}-${vars.environment}-${vars.stage}`);
    components += Object.keys(stack.components?.terraform ?? {}).length;
    stacks++;
}
process.stdout.write(`${stacks} stacks (${names.size} names), ${components} components\n`);
