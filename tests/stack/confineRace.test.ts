/**
 * The file read is the file checked (issue 40): a file or a directory swapped for a symbolic link
 * to outside the repository between the check and the read is refused, never read. Made to happen
 * at the worst moment (inside the check, between resolving the path and opening it), then with a
 * concurrent writer swapping a file for a link as fast as it can while the loader reads it.
 */
import * as assert from "node:assert/strict";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { loadStackFile, StackFileError } from "../../stack";
import { confinedFileSystem, type Confinement } from "../../stack/confine";
import { NODE_FILE_SYSTEM } from "../../stack/files";
import { newLoadRun } from "../../stack/run";
import { lines, STACK_VARS } from "../helpers/stack";

const SECRET = "TOPSECRET-race";

let base: string;
let count = 0;
before(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "confine-race-")));
});
after(() => fs.rmSync(base, { recursive: true, force: true }));

/** A repository (`repo/`, with `.git`) and beside it `outside/` holding the secret as `f.txt` and `d/f.txt`. */
function layout(): { repo: string; out: string; confinement: Confinement } {
    const d = path.join(base, `case-${++count}`);
    const repo = path.join(d, "repo");
    const out = path.join(d, "outside");
    fs.mkdirSync(path.join(repo, ".git"), { recursive: true });
    fs.mkdirSync(path.join(repo, "stacks", "d"), { recursive: true });
    fs.mkdirSync(path.join(out, "d"), { recursive: true });
    fs.writeFileSync(path.join(out, "f.txt"), SECRET);
    fs.writeFileSync(path.join(out, "d", "f.txt"), SECRET);
    fs.writeFileSync(path.join(repo, "stacks", "f.txt"), "inside");
    fs.writeFileSync(path.join(repo, "stacks", "d", "f.txt"), "inside");
    return { repo, out, confinement: { root: repo, allowOutside: false } };
}

/**
 * A check that runs `swap` the first time it is called (after the path was resolved, before it is
 * opened: the worst moment), then refuses any real path outside `repo`.
 */
function swappingCheck(repo: string, swap: () => void): (real: string) => void {
    let swapped = false;
    return (real) => {
        if (!swapped) {
            swapped = true;
            swap();
            return;
        }
        if (!real.startsWith(`${repo}/`)) throw new Error(`refused ${real}`);
    };
}

/** The error `read` throws (it must throw). */
function thrown(read: () => unknown): Error {
    try {
        read();
    } catch (error) {
        return error as Error;
    }
    assert.fail("the read was not refused");
}

describe("the file read is the file checked (issue 40)", () => {
    it("refuses a file swapped for a link to outside after its path was resolved", () => {
        const { repo, out } = layout();
        const file = path.join(repo, "stacks", "f.txt");
        // The check is called with the resolved path, before the open: the swap happens there.
        // O_NOFOLLOW fails on the new link; the path is resolved again and checked again.
        const error = thrown(() =>
            NODE_FILE_SYSTEM.readFileChecked!(
                file,
                swappingCheck(repo, () => {
                    fs.rmSync(file);
                    fs.symlinkSync(path.join(out, "f.txt"), file);
                }),
            ),
        );
        assert.equal(error.message, `refused ${path.join(out, "f.txt")}`);
    });

    it("refuses, through the confined file system, a file that became a link after its check", () => {
        const { repo, out, confinement } = layout();
        const file = path.join(repo, "stacks", "f.txt");
        let swapped = false;
        const racing = {
            ...NODE_FILE_SYSTEM,
            // The confinement resolves the path (check), then reads: swap in between.
            readFileChecked(p: string, check: (real: string) => void) {
                if (!swapped) {
                    swapped = true;
                    fs.rmSync(file);
                    fs.symlinkSync(path.join(out, "f.txt"), file);
                }
                return NODE_FILE_SYSTEM.readFileChecked!(p, check);
            },
        };
        const error = thrown(() => confinedFileSystem(racing, confinement).readFile(file));
        assert.equal((error as { code?: string }).code, "EOUTSIDE");
        assert.match(
            error.message,
            /f\.txt leads to .*outside\/f\.txt through a symbolic link, outside the repository/,
        );
        assert.doesNotMatch(error.message, new RegExp(SECRET));
    });

    it("refuses a file whose directory was swapped for a link to outside between resolving and opening", () => {
        const { repo, out } = layout();
        const dir = path.join(repo, "stacks", "d");
        const file = path.join(dir, "f.txt");
        // O_NOFOLLOW guards the last component only: the opened descriptor's own path is checked.
        const error = thrown(() =>
            NODE_FILE_SYSTEM.readFileChecked!(
                file,
                swappingCheck(repo, () => {
                    fs.renameSync(dir, `${dir}-moved`);
                    fs.symlinkSync(path.join(out, "d"), dir);
                }),
            ),
        );
        assert.equal(error.message, `refused ${path.join(out, "d", "f.txt")}`);
    });

    it("refuses listing a directory swapped for a link to outside after its check (globs)", () => {
        const { repo, out } = layout();
        const dir = path.join(repo, "stacks", "d");
        const error = thrown(() =>
            NODE_FILE_SYSTEM.readDirChecked!(
                dir,
                swappingCheck(repo, () => {
                    fs.renameSync(dir, `${dir}-moved`);
                    fs.symlinkSync(path.join(out, "d"), dir);
                }),
            ),
        );
        assert.equal(error.message, `refused ${path.join(out, "d")}`);
    });

    it("checks again a file a run has read before (no remembered real path lets a later read through)", () => {
        const { repo, out, confinement } = layout();
        const file = path.join(repo, "stacks", "f.txt");
        const run = newLoadRun(NODE_FILE_SYSTEM);
        const inside = confinedFileSystem(run.files, confinement);
        assert.equal(inside.readFile(file), "inside");
        // Another confinement reading what the run read: checked against its own repository.
        const elsewhere = confinedFileSystem(run.files, { root: out, allowOutside: false });
        const error = thrown(() => elsewhere.readFile(file));
        assert.equal((error as { code?: string }).code, "EOUTSIDE");
        // Swapped for a link now: the run's next read of a new path sees the link.
        fs.rmSync(file);
        fs.symlinkSync(path.join(out, "f.txt"), path.join(repo, "stacks", "g.txt"));
        assert.equal(thrown(() => inside.readFile(path.join(repo, "stacks", "g.txt"))).name, "OutsideRepositoryError");
    });

    it("never reads the outside file while a concurrent writer swaps it for a link (200 loads or more)", async function () {
        this.timeout(120_000);
        const { repo, out } = layout();
        const stacks = path.join(repo, "stacks");
        fs.writeFileSync(path.join(stacks, "regular.txt"), "inside-text");
        fs.symlinkSync(path.join(out, "f.txt"), path.join(stacks, "evil.txt"));
        const manifest = path.join(stacks, "s.yaml");
        fs.writeFileSync(
            manifest,
            lines(
                STACK_VARS,
                "components:",
                "  terraform:",
                "    rule:",
                "      metadata: {component: eventbridge}",
                "      vars: {name: ecs, event_rule_description: !include.raw ./target.txt}",
            ),
        );
        // The writer: `target.txt` is the regular file, then the link to outside, swapped by
        // rename(2) (atomic) in a tight loop, in another process.
        const writer = spawn(
            process.execPath,
            [
                "-e",
                `const fs = require("fs"); const d = ${JSON.stringify(stacks)};
                 for (;;) {
                   try { fs.copyFileSync(d + "/regular.txt", d + "/tmp-r"); fs.renameSync(d + "/tmp-r", d + "/target.txt"); } catch {}
                   try { fs.symlinkSync(${JSON.stringify(path.join(out, "f.txt"))}, d + "/tmp-l"); fs.renameSync(d + "/tmp-l", d + "/target.txt"); } catch {}
                 }`,
            ],
            { stdio: "ignore" },
        );
        try {
            // Until the writer's loop has started: target.txt exists once it has swapped a first time.
            const target = path.join(stacks, "target.txt");
            const deadline = Date.now() + 30_000;
            while (fs.lstatSync(target, { throwIfNoEntry: false }) === undefined) {
                assert.ok(Date.now() < deadline, "the writer never wrote target.txt");
                await new Promise((resolve) => setTimeout(resolve, 5));
            }
            const outcomes = { read: 0, refused: 0, other: 0 };
            // On a loaded machine one side of the race can be missed for a while: go on (up to 5,000 loads)
            // until both are seen.
            const seenBoth = () => outcomes.read > 0 && outcomes.refused > 0;
            for (let i = 0; i < 200 || (!seenBoth() && i < 5_000); i++) {
                try {
                    const stack = loadStackFile(manifest, { cwd: repo, env: {} });
                    const description = JSON.stringify(stack);
                    assert.doesNotMatch(description, new RegExp(SECRET), `load ${i} read the outside file`);
                    outcomes.read++;
                } catch (error) {
                    if (!(error instanceof StackFileError)) throw error;
                    assert.doesNotMatch(error.message, new RegExp(SECRET), `load ${i} showed the outside file`);
                    if (error.problems.every((p) => p.code === "OUTSIDE_REPOSITORY")) outcomes.refused++;
                    else outcomes.other++;
                }
            }
            // Both sides of the race were seen, or the test proved nothing.
            assert.ok(seenBoth(), JSON.stringify(outcomes));
        } finally {
            writer.kill();
        }
    });
});
