/**
 * The bounded-case harness's time limit (tests/helpers/bounded.ts): charged on the child's CPU time
 * (read from /proc, proc(5)), so a case doing bounded work is not failed by a loaded machine, and
 * four times the limit in wall time for a child that waits without working.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import { cpuTimeMs, runBounded } from "./bounded";

const hasProc = fs.existsSync(`/proc/${process.pid}/stat`);

describe("the bounded harness's time limit", function () {
    this.timeout(30_000);

    it("reads a process's CPU time from /proc, growing with the work done", function () {
        if (!hasProc) this.skip();
        const before = cpuTimeMs(process.pid)!;
        const until = Date.now() + 150;
        while (Date.now() < until) {
            // busy for 150 ms of wall time, so at least some ticks of CPU
        }
        const after = cpuTimeMs(process.pid)!;
        assert.ok(before > 0 && after > before, `${before} ms, then ${after} ms`);
        assert.equal(cpuTimeMs(2 ** 22 + 1), undefined);
    });

    it("kills a child that works past the limit", async () => {
        const run = await runBounded(["-e", "for (;;) {}"], { timeoutMs: 300 });
        assert.equal(run.timedOut, true);
        assert.equal(run.signal, "SIGKILL");
    });

    it("lets a child that waits (no work) end when it ends, within four times the limit", async function () {
        if (!hasProc) this.skip();
        const run = await runBounded(["-e", "setTimeout(() => process.stdout.write('done'), 600)"], {
            timeoutMs: 500,
        });
        assert.equal(run.timedOut, false);
        assert.equal(run.stdout, "done");
        assert.ok(run.elapsedMs > 500, `${run.elapsedMs} ms`);
    });

    it("kills a child that waits past four times the limit", async () => {
        const run = await runBounded(["-e", "setInterval(() => {}, 1000)"], { timeoutMs: 250 });
        assert.equal(run.timedOut, true);
        assert.ok(run.elapsedMs >= 250, `${run.elapsedMs} ms`);
    });
});
