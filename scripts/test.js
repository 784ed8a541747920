#!/usr/bin/env node
/**
 * `npm test`: both tiers at once, each in its own mocha process. The unit tier (tests/*.test.ts,
 * in-process) runs serially in one process: on two cores that is as fast as mocha's parallel mode
 * and spends a third less CPU, since each parallel worker loads the SDKs again. The end-to-end
 * tier (tests/*.e2e.test.ts) spends most of its time waiting for its child processes, so it runs
 * beside it. The unit tier's output is shown as it comes, the end-to-end tier's when it ends; the
 * exit code is non-zero when either fails. Extra arguments go to both mocha runs.
 */
"use strict";
const { spawn } = require("node:child_process");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const mocha = require.resolve("mocha/bin/mocha.js", { paths: [root] });
const extra = process.argv.slice(2);

/** Runs one tier; resolves with its exit code, its output (also shown as it comes when `stream`) and its wall time. */
function tier(args, stream) {
    const start = process.hrtime.bigint();
    return new Promise((resolve) => {
        const child = spawn(process.execPath, [mocha, ...args, ...extra], {
            cwd: root,
            stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (chunk) => {
            output += chunk;
            if (stream) process.stdout.write(chunk);
        });
        child.stderr.on("data", (chunk) => {
            output += chunk;
            if (stream) process.stderr.write(chunk);
        });
        child.on("close", (code, signal) =>
            resolve({ code: code ?? (signal ? 1 : 0), output, seconds: Number(process.hrtime.bigint() - start) / 1e9 }),
        );
    });
}

/** mocha's `N passing` / `N failing` / `N pending` counts in a tier's output. */
function counts(output) {
    const count = (word) => Number((new RegExp(`^\\s*(\\d+) ${word}`, "m").exec(output) ?? [0, 0])[1]);
    return { passed: count("passing"), failed: count("failing"), skipped: count("pending") };
}

void (async () => {
    process.stdout.write("unit tier (tests/*.test.ts) and end-to-end tier (tests/*.e2e.test.ts), side by side\n");
    const e2e = tier(["--parallel", "--jobs", "2", "tests/**/*.e2e.test.ts"], false);
    const unit = await tier(["tests/**/!(*.e2e).test.ts"], true);
    const ended = await e2e;
    process.stdout.write(`\nend-to-end tier:\n${ended.output}`);
    process.stdout.write(
        `\nwall time: unit tier ${unit.seconds.toFixed(1)} s, end-to-end tier ${ended.seconds.toFixed(1)} s\n`,
    );
    const [a, b] = [counts(unit.output), counts(ended.output)];
    const failedTiers = [unit.code !== 0 && "unit", ended.code !== 0 && "end-to-end"].filter(Boolean);
    // A tier that exits non-zero with no failing test (a crash, a load error) counts as one failure.
    const failed = Math.max(a.failed + b.failed, failedTiers.length);
    const skipped = a.skipped + b.skipped;
    process.stdout.write(
        `\ntests: ${a.passed + b.passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}\n`,
    );
    if (failedTiers.length > 0) process.stdout.write(`failed tier: ${failedTiers.join(", ")}\n`);
    process.exitCode = failedTiers.length > 0 ? 1 : 0;
})();
