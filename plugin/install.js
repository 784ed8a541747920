/**
 * Run by `npm install` in this folder (its `postinstall`), as Pulumi's Node.js language host does before starting the
 * plugin: in a fresh clone, installs the repository's dependencies and builds ../dist; in the installed package,
 * nothing. Either way it removes the package-lock.json npm writes here.
 */
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const here = __dirname;
const root = path.join(here, "..");
const PACKAGE = "pulumi-cloudposse-components";

/** Stops the install with a message for `pulumi package add`'s output. */
function fail(message) {
    process.stderr.write(`${PACKAGE} plugin: ${message}\n`);
    process.exit(1);
}

/**
 * The settings of the npm running this script that are about this folder's install and would
 * change the repository's: where the project is, which dependency kinds (Pulumi's `production`
 * option makes it `--production`, which would leave out the compiler), the lock file.
 */
const OUTER_SETTING =
    /^npm_(lifecycle_|package_|config_(local_prefix|prefix|global|omit|include|production|only|also|dev|package_lock|package_lock_only|save|workspaces?)$)/i;

/** Runs npm in the repository's root. */
function npm(args) {
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !OUTER_SETTING.test(key)));
    const run = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", args, {
        cwd: root,
        env,
        stdio: ["ignore", "inherit", "inherit"],
        shell: process.platform === "win32",
    });
    if (run.error !== undefined) fail(`npm ${args.join(" ")} could not start: ${run.error.message}`);
    if (run.status !== 0) fail(`npm ${args.join(" ")} in ${root} exited with ${String(run.status)}`);
}

// npm writes a lock of this folder (no dependencies, nothing to lock): not left in the package.
const lock = path.join(here, "package-lock.json");
try {
    const { packages } = JSON.parse(fs.readFileSync(lock, "utf8"));
    if (Object.keys(packages ?? {}).every((key) => key === "")) fs.rmSync(lock);
} catch {
    // No lock (package-lock=false), or one this script did not expect: left alone.
}

const built = () => fs.existsSync(path.join(root, "dist", "provider", "provider.js"));
if (!built()) {
    let manifest;
    try {
        manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    } catch {
        manifest = undefined;
    }
    if (manifest?.name !== PACKAGE || !fs.existsSync(path.join(root, "tsconfig.json"))) {
        fail(`${root} is neither the installed package (no dist/) nor a clone of its repository`);
    }
    // A clone: its dependencies, then dist/ (npm ci compiles nothing: the package has no install-time script).
    if (!fs.existsSync(path.join(root, "node_modules"))) {
        npm(["ci", "--loglevel=error", "--no-audit", "--no-fund"]);
    }
    if (!built()) npm(["run", "build", "--silent"]);
    if (!built()) fail(`${path.join(root, "dist")} was not built`);
}
