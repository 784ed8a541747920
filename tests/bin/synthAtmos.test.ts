/**
 * `npm run synth` on an Atmos repository (tests/fixtures/atmos/repo, written for these tests):
 * --list-stacks, --atmos-stack with --atmos-dir, and the skipped instances of other components.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
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

    // Atmos's --profile and --config (pkg/config/load.go 244-275): the flag replaces its variable.
    it("--profile and --config select the configuration as atmos's flags do", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "synth-profile-"));
        fs.cpSync(REPO, dir, { recursive: true });
        fs.mkdirSync(path.join(dir, "profiles", "short"), { recursive: true });
        fs.writeFileSync(
            path.join(dir, "profiles", "short", "naming.yaml"),
            "stacks:\n  name_pattern: '{environment}-{stage}'\n",
        );
        fs.writeFileSync(
            path.join(dir, "other.yaml"),
            fs
                .readFileSync(path.join(dir, "atmos.yaml"), "utf8")
                .replace("{namespace}-{environment}-{stage}", "{stage}"),
        );
        const names = (run: { stdout: string }) =>
            run.stdout
                .split("\n")
                .filter(Boolean)
                .map((l) => l.split("\t")[0]);
        const profiled = await synthCli("--list-stacks", "--atmos-dir", dir, "--profile", "short");
        assert.equal(profiled.status, 0, profiled.stderr);
        assert.deepEqual(names(profiled), ["ue2-dev", "ue2-prod"]);
        const configured = await synthCli(
            "--list-stacks",
            "--atmos-dir",
            dir,
            "--config",
            path.join(dir, "other.yaml"),
        );
        assert.equal(configured.status, 0, configured.stderr);
        assert.deepEqual(names(configured), ["dev", "prod"]);
        const missing = await synthCli("--list-stacks", "--atmos-dir", dir, "--profile", "nope");
        assert.notEqual(missing.status, 0);
        assert.match(missing.stderr, /profile "nope" \(from --profile or ATMOS_PROFILE\) not found/);
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

    it("names the Atmos stack in an instance's value problems and warnings, as in the loader's", async () => {
        const repo = fs.mkdtempSync(path.join(os.tmpdir(), "synth-atmos-stack-"));
        try {
            fs.mkdirSync(path.join(repo, "stacks"));
            fs.writeFileSync(
                path.join(repo, "atmos.yaml"),
                'stacks:\n  base_path: stacks\n  included_paths: ["*.yaml"]\n  name_pattern: "{stage}"\n',
            );
            const manifest = (vars: string) =>
                fs.writeFileSync(
                    path.join(repo, "stacks", "dev.yaml"),
                    "vars: {region: us-east-2, namespace: eg, stage: dev2}\ncomponents:\n  terraform:\n" +
                        `    x:\n      metadata: {component: ${vars.includes("workspace") ? "managed-dashboards/api-key" : "eventbridge"}}\n` +
                        `      vars: {${vars}}\n`,
                );
            manifest("name: x, event_log_retention_in_days: 4");
            const bad = await synthCli("--atmos-stack", "dev2", "--atmos-dir", repo);
            assert.equal(bad.status, 1);
            assert.match(
                bad.stderr,
                /^.*dev\.yaml:6:\d+: eventbridge "x" \(stack dev2\): event_log_retention_in_days must be one of .*, got 4$/m,
            );
            manifest("name: k, workspace_id: g-0123456789, dashboards_component_name: ws");
            const warned = await synthCli("--atmos-stack", "dev2", "--atmos-dir", repo);
            assert.equal(warned.status, 0, warned.stderr);
            assert.match(
                warned.stderr,
                /^warning: .*dev\.yaml:6:\d+: managed-dashboards\/api-key "x" \(stack dev2\): dashboards_component_name is ignored/m,
            );
        } finally {
            fs.rmSync(repo, { recursive: true, force: true });
        }
    });
});
