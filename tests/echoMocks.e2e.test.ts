/**
 * The components under the plainest mocks a user's own unit tests would write: `setMocks` without
 * an organization, and `newResource` echoing the inputs (so no ARN, no rfc3339, no computed field).
 * Both cases run in one fresh process (the mocks are global to the runtime), one after the other
 * as in a user's test file, on the compiled package (tests/compiled.ts); the process starts before
 * the first test (tests/helpers/processes.ts).
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { compiledRoot, ROOT } from "./compiled";
import { runNode, startBeforeTests } from "./helpers/processes";

/** What each case printed, by case name, from one process running the cases' bodies in turn under the echo mocks. */
async function runWithEchoMocks(cases: Readonly<Record<string, string>>): Promise<{
    status: number | null;
    results: Record<string, unknown>;
    stderr: string;
}> {
    const bodies = Object.entries(cases)
        .map(([name, body]) => `results[${JSON.stringify(name)}] = await (async () => { ${body} })();`)
        .join("\n");
    const script = `
        const pulumi = require("@pulumi/pulumi");
        pulumi.runtime.setMocks({
            newResource(args) {
                const state = { ...args.inputs };
                if (args.type === "pulumi:pulumi:StackReference") state.outputs = { workspace_id: "g-abcdef0123" };
                return { id: args.name + "_id", state };
            },
            call(args) { return args.inputs; },
        }, "project", "stack", false);
        const lib = require(${JSON.stringify(path.join(compiledRoot(), "index"))});
        const { unwrap } = require(${JSON.stringify(path.join(compiledRoot(), "tests", "helpers", "outputs"))});
        const value = (output) => output === undefined ? Promise.resolve("(undefined)") : unwrap(output);
        const results = {};
        (async () => { ${bodies} process.stdout.write(JSON.stringify(results)); })()
            .catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exitCode = 1; });`;
    const run = await runNode(["-e", script], { cwd: ROOT });
    return {
        status: run.status,
        results: run.status === 0 ? (JSON.parse(run.stdout) as Record<string, unknown>) : {},
        stderr: run.stderr,
    };
}

const echo = startBeforeTests(() =>
    runWithEchoMocks({
        apiKey: `
            const key = new lib.DashboardsApiKey("k", { region: "us-east-2", name: "k" });
            const byId = new lib.DashboardsApiKey("i", { region: "us-east-2", name: "i", workspaceId: "g-0123456789" });
            const off = new lib.DashboardsApiKey("o", { region: "us-east-2", name: "o", enabled: false });
            return [await value(key.ssmPathDashboardsApiKey), await value(key.workspaceId),
                await value(byId.workspaceId), await value(off.ssmPathDashboardsApiKey)];`,
        eventBridge: `
            const rule = new lib.EventBridge("e", { region: "us-east-2", name: "e" });
            return [await value(rule.eventRuleName), await value(rule.logsLogGroupName)];`,
    }),
);

describe("components under echo mocks without an organization", function () {
    this.timeout(120_000);

    it("DashboardsApiKey works, enabled and disabled, with or without a workspace id", async () => {
        const run = await echo();
        assert.equal(run.status, 0, run.stderr);
        assert.deepEqual(run.results.apiKey, ["/dashboards/k/api_key", "g-abcdef0123", "g-0123456789", "(undefined)"]);
    });

    it("EventBridge works although the mocks give no ARN", async () => {
        const run = await echo();
        assert.equal(run.status, 0, run.stderr);
        assert.deepEqual(run.results.eventBridge, ["e", "e"]);
    });
});
