/**
 * The components under the plainest mocks a user's own unit tests would write: `setMocks` without
 * an organization, and `newResource` echoing the inputs (so no ARN, no rfc3339, no computed field).
 * Each case runs in a fresh process, as the mocks are global to the runtime, on the compiled
 * package (tests/compiled.ts).
 */
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { compiledRoot, ROOT } from "./compiled";

function runWithEchoMocks(body: string): { status: number | null; stdout: string; stderr: string } {
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
        (async () => { ${body} })().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exitCode = 1; });`;
    return spawnSync(process.execPath, ["-e", script], {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 60_000,
    });
}

describe("components under echo mocks without an organization", function () {
    this.timeout(120_000);

    it("DashboardsApiKey works, enabled and disabled, with or without a workspace id", () => {
        const run = runWithEchoMocks(`
            const key = new lib.DashboardsApiKey("k", { region: "us-east-2", name: "k" });
            const byId = new lib.DashboardsApiKey("i", { region: "us-east-2", name: "i", workspaceId: "g-0123456789" });
            const off = new lib.DashboardsApiKey("o", { region: "us-east-2", name: "o", enabled: false });
            process.stdout.write(JSON.stringify([await value(key.ssmPathDashboardsApiKey), await value(key.workspaceId),
                await value(byId.workspaceId), await value(off.ssmPathDashboardsApiKey)]));`);
        assert.equal(run.status, 0, run.stderr);
        assert.deepEqual(JSON.parse(run.stdout), [
            "/dashboards/k/api_key",
            "g-abcdef0123",
            "g-0123456789",
            "(undefined)",
        ]);
    });

    it("EventBridge works although the mocks give no ARN", () => {
        const run = runWithEchoMocks(`
            const rule = new lib.EventBridge("e", { region: "us-east-2", name: "e" });
            process.stdout.write(JSON.stringify([await value(rule.eventRuleName), await value(rule.logsLogGroupName)]));`);
        assert.equal(run.status, 0, run.stderr);
        assert.deepEqual(JSON.parse(run.stdout), ["e", "e"]);
    });
});
