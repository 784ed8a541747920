/**
 * The rebuild lock of scripts/staleness.js, one state at a time: a lock is stolen only from a process that died
 * or from an ownerless lock a minute old. A lock whose owner file was created but not yet written used to read
 * as owner 0, "dead", and was removed while held: two commands then rebuilt dist/ at once (the flaky
 * dist.slow test, CI of stop 44).
 */
import * as assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script shared with scripts/dist.js
const { lockHeld, takeLock } = require("../../scripts/staleness") as {
    lockHeld: (lock: string) => boolean;
    takeLock: (lock: string) => void;
};

/** A pid no process has: one that just exited (`node --version` prints and exits before Node starts up). */
function deadPid(): number {
    const child = spawnSync(process.execPath, ["--version"]);
    assert.equal(child.status, 0);
    return child.pid;
}

describe("the rebuild lock (scripts/staleness.js)", () => {
    let dir: string;
    let lock: string;
    beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "dist-lock-"));
        lock = path.join(dir, ".dist-lock");
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    /** A lock directory with `owner` holding `text` (none when undefined), its times `ageMs` in the past. */
    function lockWith(text: string | undefined, ageMs = 0): void {
        fs.mkdirSync(lock);
        if (text !== undefined) fs.writeFileSync(path.join(lock, "owner"), text);
        const when = new Date(Date.now() - ageMs);
        fs.utimesSync(lock, when, when);
    }

    const cases: { state: string; owner: () => string | undefined; ageMs: number; held: boolean }[] = [
        { state: "no lock", owner: () => undefined, ageMs: -1, held: false },
        { state: "owned by a live process", owner: () => String(process.pid), ageMs: 0, held: true },
        {
            state: "owned by a live process, taken long ago",
            owner: () => String(process.pid),
            ageMs: 3_600_000,
            held: true,
        },
        { state: "owned by a process that died", owner: () => String(deadPid()), ageMs: 0, held: false },
        { state: "just taken, owner not created yet", owner: () => undefined, ageMs: 0, held: true },
        { state: "just taken, owner created but empty", owner: () => "", ageMs: 0, held: true },
        { state: "just taken, owner half-written", owner: () => " ", ageMs: 0, held: true },
        { state: "ownerless for over a minute", owner: () => undefined, ageMs: 61_000, held: false },
        { state: "empty owner for over a minute", owner: () => "", ageMs: 61_000, held: false },
    ];
    for (const { state, owner, ageMs, held } of cases) {
        it(`${state}: ${held ? "held, kept" : "free, removed"}`, () => {
            if (ageMs >= 0) lockWith(owner(), ageMs);
            assert.equal(lockHeld(lock), held);
            assert.equal(fs.existsSync(lock), held);
        });
    }

    it("takeLock writes the owner whole, leaving only `owner` in the lock", () => {
        takeLock(lock);
        assert.deepEqual(fs.readdirSync(lock), ["owner"]);
        assert.equal(fs.readFileSync(path.join(lock, "owner"), "utf8"), String(process.pid));
        assert.equal(lockHeld(lock), true);
    });

    it("takeLock takes over a lock whose owner died", () => {
        lockWith(String(deadPid()));
        takeLock(lock);
        assert.equal(fs.readFileSync(path.join(lock, "owner"), "utf8"), String(process.pid));
    });
});
