/**
 * The `pulumi up` entry of Pulumi.yaml (program/index.ts), run as the Pulumi CLI runs it but under
 * the mocks, in a fresh process (the program runs when it is loaded): its config from the
 * environment, and the stack outputs it exports. tests/program/run.test.ts covers the config's
 * choices in-process.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { compiledRoot, ROOT } from "../helpers/compiled";
import { runNode, startBeforeTests, type ProcessRun } from "../helpers/processes";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script shared with scripts/dist.js
const { staleSource } = require("../../scripts/staleness") as { staleSource: (root: string) => string | undefined };

/**
 * Runs program/index.ts in a fresh process with the given project config; returns its exports,
 * resolved. `main`: the module the runtime loads (default: the compiled copy's program/index),
 * with the mocks of `mocksFrom` (the same copy of the package).
 */
function runProgram(
    config: Record<string, string>,
    main = path.join(compiledRoot(), "program", "index"),
    mocksFrom = compiledRoot(),
    cwd = ROOT,
): Promise<ProcessRun> {
    const script = `
        const { installMocks } = require(${JSON.stringify(path.join(mocksFrom, "program", "mocks"))});
        const { unwrap } = require(${JSON.stringify(path.join(compiledRoot(), "tests", "helpers", "outputs"))});
        installMocks({ project: "cloudposse-components", stack: "ue2-prod" }).then(async (mocks) => {
            // The program exports a promise of its outputs (it reads its previous deployment first).
            const outputs = await require(${JSON.stringify(main)});
            const resolved = {};
            for (const [instance, named] of Object.entries(outputs)) {
                resolved[instance] = {};
                for (const [name, output] of Object.entries(named)) {
                    resolved[instance][name] = output === undefined ? null : await unwrap(output, instance + "." + name);
                }
            }
            await mocks.settle();
            process.stdout.write(JSON.stringify({ outputs: resolved, resources: mocks.resources.length }));
        }).catch((error) => { process.stderr.write(String(error && error.message || error)); process.exitCode = 1; });`;
    return runNode(["-e", script], { cwd, env: { ...process.env, PULUMI_CONFIG: JSON.stringify(config) } });
}

/**
 * The program on examples/stack.yaml through Pulumi.yaml's main (scripts/program.js, on dist/), run
 * from its directory as the Pulumi CLI runs a program whose main is a file: stackFile is still
 * relative to the project directory. A stale dist/ would make scripts/program.js rebuild it in the
 * working tree, which no test may do: then the compiled copy of the sources runs the program.
 */
function runExampleThroughMain(): Promise<ProcessRun> {
    const distFresh = staleSource(ROOT) === undefined && fs.existsSync(path.join(ROOT, "dist", "program", "index.js"));
    const stackFile = { "cloudposse-components:stackFile": "examples/stack.yaml" };
    return distFresh
        ? runProgram(
              stackFile,
              path.join(ROOT, "scripts", "program.js"),
              path.join(ROOT, "dist"),
              path.join(ROOT, "scripts"),
          )
        : runProgram(stackFile);
}

const example = startBeforeTests(runExampleThroughMain);

describe("the Pulumi program (Pulumi.yaml)", function () {
    this.timeout(120_000);

    it("runs the compiled program, requires the CLI that honours the trigger, and declares the stackFile config", () => {
        const project = fs.readFileSync(path.join(ROOT, "Pulumi.yaml"), "utf8");
        assert.match(project, /^name: cloudposse-components$/m);
        // JavaScript: no ts-node (a devDependency) at run time.
        assert.match(project, /^main: scripts\/program\.js$/m);
        assert.match(project, /^ {4}typescript: false$/m);
        assert.match(project, /^requiredPulumiVersion: ">=3\.226\.0"$/m);
        // No refresh on every operation: `pulumi destroy` must work once the workspace stack is gone.
        assert.doesNotMatch(project, /^\s*refresh:/m);
        assert.match(project, /^ {2}stackFile:$/m);
    });

    it("deploys the stack file named by the stackFile config and exports each instance's outputs (through Pulumi.yaml's main when dist/ is up to date)", async () => {
        const run = await example();
        assert.equal(run.status, 0, run.stderr);
        const { outputs, resources } = JSON.parse(run.stdout) as {
            outputs: Record<string, Record<string, unknown>>;
            resources: number;
        };
        assert.deepEqual(Object.keys(outputs).sort(), ["eventbridge/ecs-alerts", "managed-dashboards/api-key"]);
        assert.deepEqual(outputs["eventbridge/ecs-alerts"], {
            event_rule_arn: "arn:aws:events:us-east-2:111111111111:rule/eg-ue2-prod-ecs-faults",
            event_rule_name: "eg-ue2-prod-ecs-faults",
            logs_log_group_arn: "arn:aws:logs:us-east-2:111111111111:log-group:eg-ue2-prod-ecs-faults",
            logs_log_group_name: "eg-ue2-prod-ecs-faults",
            // Beside the spec's outputs, what the next run's log-history guard reads (issue 32).
            logs_log_group_retained: true,
        });
        assert.equal(
            outputs["managed-dashboards/api-key"].ssm_path_dashboards_api_key,
            "/dashboards/eg-ue2-prod/api_key",
        );
        // And what its stored-key checks read: the key's window, expiry, workspace and name.
        assert.deepEqual(Object.keys(outputs["managed-dashboards/api-key"]).sort(), [
            "credential_name",
            "expires_at",
            "rotation_window_start",
            "ssm_path_dashboards_api_key",
            "workspace_id",
        ]);
        assert.equal(outputs["managed-dashboards/api-key"].rotation_window_start, "2025-12-23T00:00:00Z");
        // The instances' resources, and the reference to this stack's previous deployment (the rename guard).
        assert.equal(resources, 11);
    });
});
