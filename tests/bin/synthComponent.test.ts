/**
 * `synth --atmos-stack <stack> --component <instance>` (issue 42, item 2): exactly one instance of
 * the stack is planned, in the Pulumi project named after it; an instance the stack does not have
 * is refused, naming the stack, with a did-you-mean. The repository is tests/fixtures/atmos/repo.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { synthCommand } from "../helpers/commands";

const REPO = path.join("tests", "fixtures", "atmos", "repo");

function synthCli(...args: string[]) {
    return synthCommand(args, { NO_COLOR: "1" });
}

interface Plan {
    resources: { type: string; name: string; inputs: Record<string, unknown> }[];
    outputs: Record<string, unknown>;
    skipped: unknown[];
}

describe("synth --component (one instance of an Atmos stack)", function () {
    this.timeout(120_000);

    it("plans that instance only: no other instance's resources, outputs or skipped components", async () => {
        const run = await synthCli(
            "--atmos-stack",
            "acme-ue2-dev",
            "--component",
            "eventbridge/alerts",
            "--atmos-dir",
            REPO,
            "--json",
        );
        assert.equal(run.status, 0, run.stderr);
        const plan = JSON.parse(run.stdout) as Plan;
        assert.deepEqual(Object.keys(plan.outputs), ["eventbridge/alerts"]);
        assert.deepEqual(plan.skipped, []);
        assert.ok(plan.resources.some((r) => r.type === "aws:cloudwatch/eventRule:EventRule"));
        assert.ok(!plan.resources.some((r) => r.type.startsWith("grafana:") || r.type.startsWith("aws:ssm/")));
        assert.doesNotMatch(run.stderr, /left to Terraform/);
    });

    it("names the instance in the text plan's title", async () => {
        const run = await synthCli(
            "--atmos-stack",
            "acme-ue2-dev",
            "--component",
            "eventbridge/alerts",
            "--atmos-dir",
            REPO,
        );
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stdout, /Plan of instance eventbridge\/alerts of Atmos stack acme-ue2-dev/);
    });

    it("runs in the instance's Pulumi project (its name with / as -) unless --project says otherwise", async () => {
        // The guards read this stack's last deployment under its full name: with --component, the
        // instance's project (organization/grafana-api-key/acme-ue2-dev).
        const own = "organization/grafana-api-key/acme-ue2-dev";
        const outputs = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "synth-component-")), "outputs.json");
        fs.writeFileSync(outputs, JSON.stringify({ [own]: { "grafana/api-key": {} } }));
        const run = await synthCli(
            "--atmos-stack",
            "acme-ue2-dev",
            "--component",
            "grafana/api-key",
            "--atmos-dir",
            REPO,
            "--json",
            "--stack-outputs",
            outputs,
        );
        // The key the guards read is this project's: no "nothing read the key" refusal.
        assert.equal(run.status, 0, run.stderr);
        const other = await synthCli(
            "--atmos-stack",
            "acme-ue2-dev",
            "--component",
            "grafana/api-key",
            "--atmos-dir",
            REPO,
            "--json",
            "--stack-outputs",
            outputs,
            "--project",
            "cloudposse-components",
        );
        assert.equal(other.status, 1);
        assert.match(other.stderr, /--project grafana-api-key/);
    });

    for (const [title, instance, expected] of [
        [
            "an unknown instance, with a did-you-mean naming the stack",
            "eventbridge/alert",
            /the Atmos stack acme-ue2-dev has no component instance "eventbridge\/alert"; did you mean eventbridge\/alerts\?/,
        ],
        [
            "an instance left to Terraform, saying how Atmos plans it",
            "vpc",
            /instance "vpc" of the Atmos stack acme-ue2-dev is component "vpc", which this package does not implement \(it is left to Terraform: atmos terraform plan vpc -s acme-ue2-dev\)/,
        ],
        [
            "an abstract instance",
            "eventbridge/defaults",
            /instance "eventbridge\/defaults" of the Atmos stack acme-ue2-dev is abstract/,
        ],
    ] as const) {
        it(`refuses ${title}`, async () => {
            const run = await synthCli("--atmos-stack", "acme-ue2-dev", "--component", instance, "--atmos-dir", REPO);
            assert.equal(run.status, 1);
            assert.match(run.stderr, expected);
            assert.equal(run.stdout, "");
        });
    }

    it("refuses a components.pulumi instance of a component this package does not have, saying so", async () => {
        const repo = fs.mkdtempSync(path.join(os.tmpdir(), "synth-component-"));
        fs.cpSync(REPO, repo, { recursive: true });
        const manifest = path.join(repo, "stacks", "orgs", "acme", "dev", "us-east-2.yaml");
        fs.appendFileSync(manifest, "  pulumi:\n    cdk-app:\n      metadata: {component: cdk/app}\n");
        const run = await synthCli("--atmos-stack", "acme-ue2-dev", "--component", "cdk-app", "--atmos-dir", repo);
        assert.equal(run.status, 1);
        assert.match(
            run.stderr,
            /instance "cdk-app" of the Atmos stack acme-ue2-dev is under components\.pulumi but not one of this package's components; there is nothing to deploy/,
        );
    });

    it("does not resolve the stack's other instances: their problems are not this run's", async () => {
        const repo = fs.mkdtempSync(path.join(os.tmpdir(), "synth-component-"));
        fs.cpSync(REPO, repo, { recursive: true });
        const manifest = path.join(repo, "stacks", "orgs", "acme", "dev", "us-east-2.yaml");
        fs.appendFileSync(
            manifest,
            "    eventbridge/broken:\n      metadata: {component: eventbridge}\n      vars: {no_such_var: 1}\n",
        );
        const whole = await synthCli("--atmos-stack", "acme-ue2-dev", "--atmos-dir", repo);
        assert.equal(whole.status, 1);
        assert.match(whole.stderr, /unknown var no_such_var/);
        const one = await synthCli(
            "--atmos-stack",
            "acme-ue2-dev",
            "--component",
            "eventbridge/alerts",
            "--atmos-dir",
            repo,
            "--json",
        );
        assert.equal(one.status, 0, one.stderr);
    });

    for (const [title, args, expected] of [
        ["without --atmos-stack", ["examples/stack.yaml", "--component", "x"], /--component goes with --atmos-stack/],
        [
            "an instance that cannot name a Pulumi project",
            ["--atmos-stack", "s", "--component", "a b"],
            /--component a b: project name "a b" is not a Pulumi project name/,
        ],
    ] as const) {
        it(`refuses --component ${title}, as a usage error`, async () => {
            const run = await synthCli(...args);
            assert.equal(run.status, 2);
            assert.match(run.stderr, expected);
        });
    }
});
