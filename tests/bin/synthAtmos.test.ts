/**
 * `npm run synth` on an Atmos repository (tests/fixtures/atmos/repo, written for these tests):
 * --list-stacks, --atmos-stack with --atmos-dir, and the skipped instances of other components.
 */
import * as assert from "node:assert/strict";
import * as path from "node:path";
import { synthCommand } from "../helpers/commands";

const REPO = path.join("tests", "fixtures", "atmos", "repo");

/** The synth command as `npm run synth` runs it, in-process (NO_COLOR set, as the tests always did). */
function synthCli(...args: string[]) {
    return synthCommand(args, { NO_COLOR: "1" });
}

describe("npm run synth on an Atmos repository", function () {
    this.timeout(120_000);

    it("--list-stacks prints each stack's Atmos name and manifest, tab-separated", async () => {
        const run = await synthCli("--list-stacks", "--atmos-dir", REPO);
        assert.equal(run.status, 0, run.stderr);
        assert.equal(
            run.stdout,
            [
                `acme-ue2-dev\t${path.join(REPO, "stacks/orgs/acme/dev/us-east-2.yaml")}`,
                `acme-ue2-prod\t${path.join(REPO, "stacks/orgs/acme/prod/us-east-2.yaml")}`,
                "",
            ].join("\n"),
        );
    });

    it("--atmos-stack plans the stack Atmos names so, listing the other components under skipped", async () => {
        const run = await synthCli("--atmos-stack", "acme-ue2-dev", "--atmos-dir", REPO, "--json");
        assert.equal(run.status, 0, run.stderr);
        const plan = JSON.parse(run.stdout) as {
            outputs: Record<string, Record<string, unknown>>;
            skipped: { instance: string; component: string }[];
        };
        assert.deepEqual(plan.skipped, [{ instance: "vpc", component: "vpc" }]);
        assert.equal(plan.outputs["eventbridge/alerts"].event_rule_name, "acme-ue2-dev-alerts");
        assert.match(
            run.stderr,
            /note: 1 instance of components this package does not implement left to Terraform: vpc/,
        );
        assert.match(run.stderr, /managed-grafana\/api-key is Cloud Posse's name/);
    });

    it("applies the repository's overrides and glob imports", async () => {
        const run = await synthCli("--atmos-stack", "acme-ue2-prod", "--atmos-dir", REPO, "--json");
        assert.equal(run.status, 0, run.stderr);
        const plan = JSON.parse(run.stdout) as { resources: { type: string; inputs: Record<string, unknown> }[] };
        const logGroup = plan.resources.find((r) => r.type === "aws:cloudwatch/logGroup:LogGroup")!;
        assert.equal(logGroup.inputs.retentionInDays, 30);
        assert.deepEqual((logGroup.inputs.tags as Record<string, string>).Criticality, "high");
    });

    it("refuses an unknown stack name with the known names", async () => {
        const run = await synthCli("--atmos-stack", "acme-ue2-stage", "--atmos-dir", REPO);
        assert.equal(run.status, 1);
        assert.equal(run.stdout, "");
        assert.match(run.stderr, /no Atmos stack named acme-ue2-stage/);
    });
});
