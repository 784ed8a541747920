/**
 * Whether dist/ is what `tsc -p tsconfig.json` would build from the sources now (`staleSource`), an atomic, locked
 * rebuild when it is not (`ensureBuilt`), and `readingDist`, which keeps a rebuild from replacing dist/ mid-load.
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

/** The directories of a rebuild beside dist/: the writer's lock, the readers' marks, the build and the replaced dist/. */
function buildPaths(root) {
    return {
        dist: path.join(root, "dist"),
        lock: path.join(root, ".dist-lock"),
        readers: path.join(root, ".dist-readers"),
        build: path.join(root, `.dist-build-${process.pid}`),
        old: path.join(root, `.dist-old-${process.pid}`),
    };
}

/** Blocks the thread for `ms` milliseconds (the commands start synchronously). */
function sleep(ms) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Whether process `pid` still runs. */
function alive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    } catch (error) {
        return error.code === "EPERM";
    }
}

/**
 * Whether the rebuild lock is held by a live process (a lock left by a process that died is removed). The owner
 * file appears whole (written beside it, then renamed in), so a lock without one was taken a moment ago.
 */
function lockHeld(lock) {
    let owner;
    try {
        owner = Number(fs.readFileSync(path.join(lock, "owner"), "utf8"));
    } catch {
        owner = undefined;
    }
    if (owner === undefined || !Number.isInteger(owner) || owner <= 0) {
        const stat = fs.statSync(lock, { throwIfNoEntry: false });
        if (stat === undefined) return false;
        // taken a moment ago, its owner not written yet; a lock without an owner for a minute is left over
        if (Date.now() - stat.mtimeMs < 60_000) return true;
        fs.rmSync(lock, { recursive: true, force: true });
        return false;
    }
    if (alive(owner)) return true;
    fs.rmSync(lock, { recursive: true, force: true });
    return false;
}

/** Takes the rebuild lock (a directory: mkdir either creates it or fails), waiting while another process holds it. */
function takeLock(lock) {
    for (;;) {
        try {
            fs.mkdirSync(lock);
            // a reader never sees the owner file empty (an empty owner read as a dead one removed a held lock)
            const written = path.join(lock, `owner-${process.pid}`);
            fs.writeFileSync(written, String(process.pid));
            fs.renameSync(written, path.join(lock, "owner"));
            return;
        } catch (error) {
            if (error.code !== "EEXIST") throw error;
        }
        if (lockHeld(lock)) sleep(100);
    }
}

/** The live readers now loading from dist/ (marks of processes that died are removed). */
function liveReaders(readers) {
    let names;
    try {
        names = fs.readdirSync(readers);
    } catch {
        return [];
    }
    return names.filter((name) => {
        const pid = Number(name.split("-")[0]);
        if (pid === process.pid || alive(pid)) return true;
        fs.rmSync(path.join(readers, name), { force: true });
        return false;
    });
}

/**
 * Runs `load` (requiring modules from dist/) while no rebuild can replace dist/: the process
 * leaves a mark in .dist-readers/ for as long as `load` runs, taken only while no rebuild holds
 * the lock; a rebuild waits for the marks to go before it swaps its build in.
 * @template T @param {string} root @param {() => T} load @returns {T}
 */
function readingDist(root, load) {
    const { lock, readers } = buildPaths(root);
    const mark = path.join(readers, `${process.pid}-${Math.random().toString(36).slice(2)}`);
    for (;;) {
        while (lockHeld(lock)) sleep(100);
        fs.mkdirSync(readers, { recursive: true });
        fs.writeFileSync(mark, "");
        // a rebuild that took the lock meanwhile goes first
        if (!lockHeld(lock)) break;
        fs.rmSync(mark, { force: true });
    }
    try {
        return load();
    } finally {
        fs.rmSync(mark, { force: true });
    }
}

/**
 * Rebuilds dist/ when a source is newer than its compiled file (or dist/ is missing). Throws when the
 * build fails or TypeScript is not installed (an install without devDependencies cannot build).
 *
 * Several commands may start at once (six `npm run synth` from one checkout): one rebuilds, under a
 * lock (.dist-lock/), into a directory of its own, and swaps it in for dist/ by renaming once no
 * command is loading modules from dist/ (see {@link readingDist}); the others wait for the lock
 * and find dist/ fresh. No command ever loads a half-written dist/.
 * @param {string} root the project's directory
 */
function ensureBuilt(root) {
    if (staleSource(root) === undefined) {
        return;
    }
    let tsc;
    try {
        tsc = require.resolve("typescript/bin/tsc", { paths: [root] });
    } catch {
        throw new Error(
            `${staleSource(root)} is newer than dist/ (or dist/ is missing), and TypeScript is not installed to rebuild it: ` +
                "install with the dev dependencies (npm ci) and run npm run build",
        );
    }
    const paths = buildPaths(root);
    takeLock(paths.lock);
    try {
        // another command may have rebuilt it while this one waited
        const stale = staleSource(root);
        if (stale === undefined) {
            return;
        }
        process.stderr.write(`${stale} is newer than dist/: rebuilding dist/ (npm run build)\n`);
        fs.rmSync(paths.build, { recursive: true, force: true });
        const build = spawnSync(
            process.execPath,
            [tsc, "-p", path.join(root, "tsconfig.json"), "--outDir", paths.build],
            { cwd: root, stdio: ["ignore", 2, 2] },
        );
        if (build.status !== 0) {
            fs.rmSync(paths.build, { recursive: true, force: true });
            throw new Error(`npm run build failed (tsc exited ${build.status ?? build.signal})`);
        }
        // commands loading the old dist/ finish loading first (a minute at most: a reader that hangs is not waited for)
        const deadline = Date.now() + 60_000;
        while (liveReaders(paths.readers).length > 0 && Date.now() < deadline) sleep(50);
        if (fs.existsSync(paths.dist)) fs.renameSync(paths.dist, paths.old);
        fs.renameSync(paths.build, paths.dist);
        fs.rmSync(paths.old, { recursive: true, force: true });
    } finally {
        fs.rmSync(paths.lock, { recursive: true, force: true });
    }
}

module.exports = { staleSource, ensureBuilt, readingDist, lockHeld, takeLock };
