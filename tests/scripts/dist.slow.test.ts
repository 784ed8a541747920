/**
 * scripts/dist.js under concurrency: six `npm run synth` started together from a checkout whose dist/ must be
 * rebuilt (scripts/dist.js) share one rebuild, swapped in whole, and all print the same plan.
 * Before, each started its own `tsc` writing into the same dist/, and a command loading modules
 * while another's tsc wrote them failed (`(0 , manifest_1.processManifest) is not a function`).
 * Runs in a copy of the project's sources (node_modules linked), never in the working tree's dist/.
 */
import * as assert from "node:assert/strict";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "../helpers/compiled";
import { inBackground, startBeforeTests, type ProcessRun } from "../helpers/processes";

/** What the commands need: the sources tsconfig.json compiles (its `include`), the scripts and the example. */
const COPIED = [
    "package.json",
    "tsconfig.json",
    ...new Set(
        (JSON.parse(fs.readFileSync(path.join(ROOT, "tsconfig.json"), "utf8")) as { include: string[] }).include.map(
            (pattern) => pattern.split("/")[0],
        ),
    ),
    "scripts",
    "examples",
];

let dir: string | undefined;
after(() => {
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
});

/** `node scripts/dist.js bin/synth.js examples/stack.yaml` in `cwd`, started after `delayMs`; all at once, not in turn. */
function synthAfter(cwd: string, delayMs: number): Promise<ProcessRun> {
    return new Promise((resolve, reject) => {
        setTimeout(() => {
            const child = inBackground(
                spawn(process.execPath, ["scripts/dist.js", "bin/synth.js", "examples/stack.yaml"], {
                    cwd,
                    env: { ...process.env, NO_COLOR: "1" },
                    stdio: ["ignore", "pipe", "pipe"],
                }),
            );
            let stdout = "";
            let stderr = "";
            child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
            child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
            const timer = setTimeout(() => child.kill("SIGKILL"), 240_000);
            child.on("error", reject);
            child.on("close", (status) => {
                clearTimeout(timer);
                resolve({ status, stdout, stderr });
            });
        }, delayMs);
    });
}

const runs = startBeforeTests(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "dist-rebuild-"));
    for (const name of COPIED) fs.cpSync(path.join(ROOT, name), path.join(dir, name), { recursive: true });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    // no dist/: the first command rebuilds; the others start while it does (0.3 s apart)
    return Promise.all(Array.from({ length: 6 }, (_, i) => synthAfter(dir!, i * 300)));
});

describe("six commands started together rebuild dist/ once (issue 30)", function () {
    this.timeout(300_000);

    it("all exit 0 with the same plan, one rebuild said once, nothing left behind", async () => {
        const results = await runs();
        for (const [i, run] of results.entries()) assert.equal(run.status, 0, `run ${i}: ${run.stderr}`);
        assert.ok(results[0].stdout.length > 0);
        for (const run of results) assert.equal(run.stdout, results[0].stdout);
        const rebuilds = results.flatMap((run) => run.stderr.match(/rebuilding dist\//g) ?? []);
        assert.equal(rebuilds.length, 1, results.map((run) => run.stderr).join("\n---\n"));
        for (const run of results) assert.doesNotMatch(run.stderr, /internal error|is not a function|\n\s+at /);
        const left = fs.readdirSync(dir!).filter((name) => /^\.dist-(lock|build-|old-)/.test(name));
        assert.deepEqual(left, []);
        assert.ok(fs.existsSync(path.join(dir!, "dist", "bin", "synth.js")));
    });
});
