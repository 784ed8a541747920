/**
 * The commands as users run them: the compiled `bin/synth.js` and `bin/tfAdopt.js` (see
 * tests/helpers/compiled.ts) in child processes. They print exactly what the in-process runs of
 * tests/helpers/commands.ts print, which the other CLI tests (synth, synth-atmos, lifecycle, hostile) use;
 * and what only a process can show: exit codes and a reader that closes the pipe early. The
 * processes are asked for before the first test and run in turn (tests/helpers/processes.ts).
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { isArboristFile, isCompilerFile } from "../../program/deferCompiler";
import { synthCommand, tfAdoptCommand } from "../helpers/commands";
import { compiledRoot, ROOT } from "../helpers/compiled";
import { awaitedLater, runNode, startBeforeTests, type ProcessRun } from "../helpers/processes";
import { lines, STACK_VARS } from "../helpers/stack";

/**
 * Runs a compiled command (`bin/synth.js`, `bin/tfAdopt.js`) in a child process, in the project's
 * directory; `closeStdout`: its reader closes the pipe before reading.
 */
function run(
    command: string,
    args: readonly string[],
    { closeStdout = false, nodeArgs = [] }: { closeStdout?: boolean; nodeArgs?: readonly string[] } = {},
): Promise<ProcessRun> {
    return runNode([...nodeArgs, path.join(compiledRoot(), "bin", command), ...args], {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: "1" },
        closeStdout,
    });
}

/** A preload script writing, as its process exits, the files of require.cache to the file it names. */
const REPORT_MODULES = `"use strict";
process.on("exit", () => require("node:fs").writeFileSync(${"%FILE%"}, JSON.stringify(Object.keys(require.cache))));
`;

const EXAMPLE_ARGS = [path.join(ROOT, "examples", "stack.yaml"), "--json"];

/** The temporary directory of the stack files, removed after the last test. */
let dir: string | undefined;

const started = startBeforeTests(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-e2e-"));
    const invalidFile = path.join(dir, "ue2-prod.yaml");
    // A var the component refuses (a retention CloudWatch does not offer), after the Pulumi SDK has loaded.
    fs.writeFileSync(
        invalidFile,
        lines(
            STACK_VARS,
            "components:",
            "  terraform:",
            "    rule:",
            "      metadata: {component: eventbridge}",
            "      vars: {name: ecs, event_log_retention_in_days: 4}",
        ),
    );
    const modulesFile = path.join(dir, "modules.json");
    const reporter = path.join(dir, "report-modules.js");
    fs.writeFileSync(reporter, REPORT_MODULES.replace("%FILE%", JSON.stringify(modulesFile)));
    return {
        invalidFile,
        modulesFile,
        example: awaitedLater(run("synth.js", EXAMPLE_ARGS, { nodeArgs: ["--require", reporter] })),
        invalid: awaitedLater(run("synth.js", [invalidFile])),
        closedPipe: awaitedLater(run("synth.js", EXAMPLE_ARGS, { closeStdout: true })),
        tfAdopt: awaitedLater(run("tfAdopt.js", ["--bogus"])),
    };
});

after(async () => {
    const runs = await started().catch(() => undefined);
    if (runs !== undefined) {
        await Promise.allSettled([runs.example, runs.invalid, runs.closedPipe, runs.tfAdopt]);
    }
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the commands in child processes", function () {
    this.timeout(60_000);

    it("synth prints the plan the in-process command prints, and exits 0", async () => {
        const child = await (await started()).example;
        assert.equal(child.status, 0, child.stderr);
        assert.deepEqual(child, await synthCommand(EXAMPLE_ARGS, { NO_COLOR: "1" }));
        assert.ok(child.stdout.length > 0);
    });

    it("synth plans without loading the TypeScript compiler the Pulumi SDK loads (program/deferCompiler.ts)", async () => {
        const { example, modulesFile } = await started();
        assert.equal((await example).status, 0);
        const loaded = JSON.parse(fs.readFileSync(modulesFile, "utf8")) as string[];
        assert.ok(
            loaded.some((file) => file.includes(path.join("@pulumi", "pulumi", "runtime", "closure"))),
            "the SDK's closure serialization, which loads the compiler, was not even loaded",
        );
        assert.deepEqual(loaded.filter(isCompilerFile), []);
    });

    it("synth plans without loading the npm Arborist the Pulumi SDK loads (program/deferCompiler.ts)", async () => {
        const { example, modulesFile } = await started();
        assert.equal((await example).status, 0);
        const loaded = JSON.parse(fs.readFileSync(modulesFile, "utf8")) as string[];
        // node_modules/@pulumi/pulumi/runtime/closure/codePaths.js line 29 requires it when it loads.
        assert.ok(
            loaded.some((file) => file.endsWith(path.join("runtime", "closure", "codePaths.js"))),
            "the SDK's codePaths.js, which loads Arborist, was not even loaded",
        );
        // Only the stand-in's cache entry, under the entry point's name: none of Arborist's own modules.
        const entry = require.resolve("@npmcli/arborist", { paths: [path.dirname(require.resolve("@pulumi/pulumi"))] });
        assert.deepEqual(loaded.filter(isArboristFile), [entry]);
    });

    it("synth refuses an invalid stack file as the in-process command does: exit 1, stdout empty", async () => {
        const { invalid, invalidFile } = await started();
        const child = await invalid;
        assert.deepEqual([child.status, child.stdout], [1, ""]);
        assert.match(
            child.stderr,
            /:6:\d+: eventbridge "rule": event_log_retention_in_days must be one of 1, 3, 5, .* got 4$/m,
        );
        assert.deepEqual(child, await synthCommand([invalidFile], { NO_COLOR: "1" }));
    });

    it("synth ends quietly when its reader closes the pipe early (synth --json | head -1)", async () => {
        const { status, stderr } = await (await started()).closedPipe;
        assert.equal(stderr, "");
        assert.equal(status, 0);
    });

    it("tf-adopt exits 2 with its usage on a bad command line, as the in-process command does", async () => {
        const child = await (await started()).tfAdopt;
        assert.equal(child.status, 2);
        assert.match(child.stderr, /^usage: npm run tf-adopt/);
        assert.deepEqual(child, tfAdoptCommand(["--bogus"]));
    });
});
