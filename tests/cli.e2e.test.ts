/**
 * The commands as users run them: the compiled `bin/synth.js` and `bin/tfAdopt.js` (see
 * tests/compiled.ts) in child processes. They print exactly what the in-process runs of
 * tests/commands.ts print, which the other CLI tests (synth, synth-atmos, lifecycle, hostile) use;
 * and what only a process can show: exit codes and a reader that closes the pipe early.
 */
import * as assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { synthCommand, tfAdoptCommand } from "./commands";
import { compiledRoot, ROOT } from "./compiled";
import { lines, STACK_VARS } from "./stack-helpers";

/** Runs a compiled command (`bin/synth.js`, `bin/tfAdopt.js`) in a child process, in the project's directory. */
function run(command: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
    const result = spawnSync(process.execPath, [path.join(compiledRoot(), "bin", command), ...args], {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
        timeout: 60_000,
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the commands in child processes", function () {
    this.timeout(60_000);
    let dir: string;
    before(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-e2e-"));
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("synth prints the plan the in-process command prints, and exits 0", async () => {
        const args = [path.join(ROOT, "examples", "stack.yaml"), "--json"];
        const child = run("synth.js", args);
        assert.equal(child.status, 0, child.stderr);
        assert.deepEqual(child, await synthCommand(args, { NO_COLOR: "1" }));
        assert.ok(child.stdout.length > 0);
    });

    it("synth refuses an invalid stack file as the in-process command does: exit 1, stdout empty", async () => {
        const file = path.join(dir, "ue2-prod.yaml");
        fs.writeFileSync(
            file,
            lines(
                STACK_VARS,
                "components:",
                "  terraform:",
                "    rule:",
                "      metadata: {component: eventbridge}",
                "      vars: {name: ecs, event_log_retention_in_days: 4}",
            ),
        );
        const child = run("synth.js", [file]);
        assert.deepEqual([child.status, child.stdout], [1, ""]);
        assert.match(child.stderr, /event_log_retention_in_days/);
        assert.deepEqual(child, await synthCommand([file], { NO_COLOR: "1" }));
    });

    it("synth ends quietly when its reader closes the pipe early (synth --json | head -1)", async () => {
        const instances = Array.from({ length: 60 }, (_, i) => [
            `    rule-${i}:`,
            "      metadata: {component: eventbridge}",
            `      vars: {name: rule-${i}}`,
        ]).flat();
        const file = path.join(dir, "many.yaml");
        fs.writeFileSync(file, lines(STACK_VARS, "components:", "  terraform:", ...instances));
        const child = spawn(process.execPath, [path.join(compiledRoot(), "bin", "synth.js"), file, "--json"], {
            cwd: ROOT,
            stdio: ["ignore", "pipe", "pipe"],
        });
        let stderr = "";
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        child.stdout.once("data", () => child.stdout.destroy());
        const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
        assert.equal(stderr, "");
        assert.equal(code, 0);
    });

    it("tf-adopt exits 2 with its usage on a bad command line, as the in-process command does", () => {
        const child = run("tfAdopt.js", ["--bogus"]);
        assert.equal(child.status, 2);
        assert.match(child.stderr, /^usage: npm run tf-adopt/);
        assert.deepEqual(child, tfAdoptCommand(["--bogus"]));
    });
});
