/**
 * Mixed estates (issue 42, item 4): a `!terraform.state`/`!terraform.output` naming a component still
 * Terraform's is read at deploy time from its state object in S3, where Cloud Posse's remote-state
 * module reads it; one naming an instance of this package from its Pulumi stack. The repository is
 * tests/fixtures/atmos/mixed; the states are real ones Terraform 1.11 wrote
 * (tests/fixtures/terraform-state, from the module beside them), served by the mocks' s3.getObject.
 *
 * Followed: Terraform's S3 backend keeps workspace W at `<workspace_key_prefix>/W/<key>` and the
 * default workspace at `<key>` (hashicorp/terraform internal/backend/remote-state/s3/backend_state.go
 * 258-264), `workspace_key_prefix` defaulting to `env:` (30), and writes the state as
 * application/json (client.go 202-207), which `s3.getObject` returns as `body`; Atmos fills an empty
 * S3 `workspace_key_prefix` with `metadata.name`, else the Terraform component, else the instance,
 * `/` as `-` (cloudposse/atmos internal/exec/stack_processor_backend.go 130-143, 386-401) and
 * computes the workspace as BuildTerraformWorkspace does (internal/exec/stack_utils.go 16-71);
 * Cloud Posse's remote-state reads `remote_state_backend(_type)` before `backend(_type)`
 * (terraform-yaml-stack-config modules/remote-state/main.tf 19-31, data-source.tf 45-54).
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { stateOutput, StateOutputError } from "../../components/kit/terraformStateOutputs";
import { synth, type SynthPlan } from "../../program/synth";
import { installMocks } from "../../program/mocks";
import { deployStack } from "../../program/deploy";
import { deployTimeValue } from "../../program/deployTimeValues";
import { loadAtmosStack, type LoadedStack } from "../../stack";
import { s3StateKey } from "../../stack/terraformState";
import { StackFileError } from "../../stack/errors";
import { synthCommand } from "../helpers/commands";

const REPO = path.join("tests", "fixtures", "atmos", "mixed");
const STATES = path.join("tests", "fixtures", "terraform-state", "workspace");
const PROD_STATE = fs.readFileSync(
    path.join(STATES, "terraform.tfstate.d", "acme-ue2-prod", "terraform.tfstate"),
    "utf8",
);
const DEFAULT_STATE = fs.readFileSync(path.join(STATES, "terraform.tfstate"), "utf8");
const PROD_OBJECT = "s3://acme-ue2-root-tfstate/managed-grafana-workspace/acme-ue2-prod/terraform.tfstate";
const ALERTS_STACK = "organization/eventbridge-alerts/acme-ue2-prod";
const ALERTS_OUTPUTS = { event_rule_arn: "arn:aws:events:us-east-2:111111111111:rule/acme-ue2-prod-alerts" };

function load(stack: string, atmosDir = REPO): LoadedStack {
    return loadAtmosStack(stack, { atmosDir, env: {} });
}

async function plan(
    loaded: LoadedStack,
    states: Record<string, string> = { [PROD_OBJECT]: PROD_STATE },
): Promise<SynthPlan> {
    return synth(loaded.file, {
        loaded,
        terraformStates: states,
        stackOutputs: { [ALERTS_STACK]: ALERTS_OUTPUTS },
    });
}

function inputsOf(p: SynthPlan, type: string, name: string): Record<string, unknown> {
    const found = p.resources.find((r) => r.type === type && r.name === name);
    assert.ok(found, `${type} ${name} not registered`);
    return found.inputs;
}

/** A copy of the mixed repository with `edit` applied to one of its files. */
function editedRepo(file: string, edit: (text: string) => string): string {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), "mixed-estate-"));
    fs.cpSync(REPO, repo, { recursive: true });
    const target = path.join(repo, file);
    fs.writeFileSync(target, edit(fs.readFileSync(target, "utf8")));
    return repo;
}

describe("Terraform state read at deploy time (mixed estates)", function () {
    this.timeout(60_000);

    describe("where the state is", () => {
        for (const [title, key, prefix, workspace, expected] of [
            ["the default workspace: the key itself", "terraform.tfstate", "grafana", "default", "terraform.tfstate"],
            [
                "another workspace: <workspace_key_prefix>/<workspace>/<key>",
                "terraform.tfstate",
                "managed-grafana-workspace",
                "acme-ue2-prod",
                "managed-grafana-workspace/acme-ue2-prod/terraform.tfstate",
            ],
            ["Terraform's own default prefix", "state.json", "env:", "dev", "env:/dev/state.json"],
            ["a key with folders", "a/b.tfstate", "p", "w", "p/w/a/b.tfstate"],
        ] as const) {
            it(title, () => assert.equal(s3StateKey(key, prefix, workspace), expected));
        }

        it("a stack's Terraform component: its backend's bucket, region and the object of its workspace", () => {
            const reference = load("acme-ue2-prod").instances.find((i) => i.name === "managed-dashboards/api-key")!.vars
                .workspace_id as { source?: unknown };
            assert.deepEqual(reference.source, {
                backend: "s3",
                bucket: "acme-ue2-root-tfstate",
                key: "managed-grafana-workspace/acme-ue2-prod/terraform.tfstate",
                region: "us-east-2",
                workspace: "acme-ue2-prod",
                stack: "acme-ue2-prod",
            });
        });

        it("another stack's component, named by the function: that stack's workspace", () => {
            const reference = load("acme-ue2-dev").instances[0].vars.workspace_id as { source?: { key: string } };
            assert.equal(reference.source?.key, "managed-grafana-workspace/acme-ue2-prod/terraform.tfstate");
        });

        for (const [title, edit, expected] of [
            [
                "metadata.terraform_workspace names the workspace",
                (t: string) =>
                    t.replace(
                        "        name: grafana\n",
                        "        name: grafana\n      metadata:\n        terraform_workspace: shared\n",
                    ),
                "managed-grafana-workspace/shared/terraform.tfstate",
            ],
            [
                "a derived component: the workspace gets the instance, the prefix is the Terraform component",
                (t: string) =>
                    t.replace(
                        "    managed-grafana/workspace:\n",
                        "    managed-grafana/workspace:\n      metadata:\n        component: grafana/workspace\n",
                    ),
                "grafana-workspace/acme-ue2-prod-managed-grafana-workspace/terraform.tfstate",
            ],
            [
                "metadata.name is the prefix before the component",
                (t: string) =>
                    t.replace(
                        "    managed-grafana/workspace:\n",
                        "    managed-grafana/workspace:\n      metadata:\n        name: grafana-ws\n",
                    ),
                "grafana-ws/acme-ue2-prod/terraform.tfstate",
            ],
            [
                "an instance's backend.s3 over terraform.backend",
                (t: string) =>
                    t.replace(
                        "        name: grafana\n",
                        "        name: grafana\n      backend:\n        s3:\n          workspace_key_prefix: custom\n          key: other.tfstate\n",
                    ),
                "custom/acme-ue2-prod/other.tfstate",
            ],
            [
                "remote_state_backend over backend, as the remote-state module reads it",
                (t: string) =>
                    t.replace(
                        "        name: grafana\n",
                        "        name: grafana\n      remote_state_backend:\n        s3:\n          key: remote.tfstate\n",
                    ),
                "managed-grafana-workspace/acme-ue2-prod/remote.tfstate",
            ],
        ] as const) {
            it(title, () => {
                const repo = editedRepo(path.join("stacks", "catalog", "workspace.yaml"), edit);
                const reference = load("acme-ue2-prod", repo).instances.find(
                    (i) => i.name === "managed-dashboards/api-key",
                )!.vars.workspace_id as { source?: { key: string } };
                assert.equal(reference.source?.key, expected);
            });
        }

        it("workspaces disabled in atmos.yaml: the default workspace's object, the key itself", () => {
            const repo = editedRepo("atmos.yaml", (t) =>
                t.replace(
                    "    base_path: components/terraform\n",
                    "    base_path: components/terraform\n    workspaces_enabled: false\n",
                ),
            );
            const reference = load("acme-ue2-prod", repo).instances.find(
                (i) => i.name === "managed-dashboards/api-key",
            )!.vars.workspace_id as { source?: { key: string; workspace: string } };
            assert.deepEqual([reference.source?.key, reference.source?.workspace], ["terraform.tfstate", "default"]);
        });

        it("a backend type other than s3 is refused by name, at the var, naming the component and stack", () => {
            const repo = editedRepo(path.join("stacks", "orgs", "acme", "_defaults.yaml"), (t) =>
                t.replace("backend_type: s3", "backend_type: gcs"),
            );
            assert.throws(
                () => load("acme-ue2-prod", repo),
                (error: unknown) => {
                    assert.ok(error instanceof StackFileError);
                    assert.match(
                        error.message,
                        /prod\.yaml:\d+:\d+: managed-dashboards\/api-key "managed-dashboards\/api-key" \(stack acme-ue2-prod\): workspace_id !terraform\.state managed-grafana\/workspace workspace_id reads the Terraform state of component "managed-grafana\/workspace" in stack acme-ue2-prod \(.*workspace\.yaml:\d+:\d+\), but its state is in a backend of type "gcs", which this package does not read \(only s3\)/,
                    );
                    return true;
                },
            );
        });

        it("an instance under components.pulumi, reading and read: its Pulumi stack; Terraform's state still from S3", () => {
            // eventbridge/alerts and the api-key moved to components.pulumi (issue 42, item 3).
            const repo = editedRepo(path.join("stacks", "orgs", "acme", "prod.yaml"), (t) =>
                t
                    .replace(
                        "components:\n  terraform:\n    managed-dashboards/api-key:",
                        "components:\n  pulumi:\n    managed-dashboards/api-key:",
                    )
                    .replace("    eventbridge/audit:", "  terraform:\n    eventbridge/audit:"),
            );
            const instances = load("acme-ue2-prod", repo).instances;
            assert.deepEqual(
                instances.map((i) => [i.name, i.componentType]),
                [
                    ["eventbridge/audit", "terraform"],
                    ["managed-dashboards/api-key", "pulumi"],
                    ["eventbridge/alerts", "pulumi"],
                ],
            );
            const key = instances.find((i) => i.name === "managed-dashboards/api-key")!;
            assert.equal(
                (key.vars.workspace_id as { source?: { key: string } }).source?.key,
                "managed-grafana-workspace/acme-ue2-prod/terraform.tfstate",
            );
            const audit = instances.find((i) => i.name === "eventbridge/audit")!;
            assert.equal((audit.vars.event_rule_description as { source?: unknown }).source, undefined);
        });

        it("a backend value written as a Go template is refused, not misread", () => {
            const repo = editedRepo(path.join("stacks", "orgs", "acme", "_defaults.yaml"), (t) =>
                t.replace("bucket: acme-ue2-root-tfstate", 'bucket: "{{ .vars.namespace }}-tfstate"'),
            );
            assert.throws(
                () => load("acme-ue2-prod", repo),
                /its s3 backend's bucket holds a Go template \("\{\{ \.vars\.namespace \}\}-tfstate"\), which this package does not render in backend sections/,
            );
        });

        it("an instance of this package stays a read of its Pulumi stack", () => {
            const audit = load("acme-ue2-prod").instances.find((i) => i.name === "eventbridge/audit")!;
            assert.equal((audit.vars.event_rule_description as { source?: unknown }).source, undefined);
        });
    });

    describe("the state's outputs (real Terraform 1.11 states)", () => {
        it("an output, a path into it, and whether Terraform marked it sensitive", () => {
            assert.deepEqual(stateOutput(PROD_STATE, "workspace_id", []), { value: "g-0123456789", sensitive: false });
            assert.deepEqual(stateOutput(PROD_STATE, "team_tags", ["Team"]), {
                value: "observability",
                sensitive: false,
            });
            assert.deepEqual(stateOutput(DEFAULT_STATE, "admin_token", []), {
                value: "glsa_not_a_real_token",
                sensitive: true,
            });
        });

        for (const [title, text, output, at, expected] of [
            [
                "a missing output, with a did-you-mean and the outputs",
                PROD_STATE,
                "workspace_ids",
                [],
                /no output "workspace_ids"; did you mean workspace_id\? \(outputs: admin_token, kms_key_arn, team_tags, workspace_endpoint, workspace_id\)/,
            ],
            [
                "a path that leads nowhere",
                PROD_STATE,
                "team_tags",
                ["Nope"],
                /the output "team_tags" has nothing at \.Nope/,
            ],
            ["a document that is not JSON", "<html>", "x", [], /the state is not JSON/],
            [
                "a state of another format version",
                '{"version": 3, "modules": []}',
                "x",
                [],
                /not a Terraform state of format version 4 \(version 3\)/,
            ],
            [
                "an output named __proto__, not found through the prototype",
                PROD_STATE,
                "__proto__",
                [],
                /no output "__proto__"/,
            ],
        ] as const) {
            it(`refuses ${title}`, () => {
                assert.throws(
                    () => stateOutput(text, output, at),
                    (error: unknown) => error instanceof StateOutputError && expected.test(error.message),
                );
            });
        }
    });

    describe("the program, under the mocks", () => {
        it("gives every var its output from the state: an id, a KMS key, tags; a sensitive one as a secret", async () => {
            const p = await plan(load("acme-ue2-prod"));
            assert.equal(
                inputsOf(
                    p,
                    "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount",
                    "managed-dashboards/api-key-service-account",
                ).workspaceId,
                "g-0123456789",
            );
            assert.equal(
                inputsOf(p, "aws:ssm/parameter:Parameter", "managed-dashboards/api-key-parameter").keyId,
                "arn:aws:kms:us-east-2:111111111111:key/0a1b2c3d-1111-2222-3333-444455556666",
            );
            const rule = inputsOf(p, "aws:cloudwatch/eventRule:EventRule", "eventbridge/alerts");
            assert.deepEqual(rule.tags, {
                Environment: "ue2",
                Name: "acme-ue2-prod-alerts",
                Namespace: "acme",
                Owner: "sre",
                Stage: "prod",
                Team: "observability",
            });
            assert.equal(rule.description, "[secret]");
        });

        it("reads an instance of this package from its Pulumi stack (<organization>/<instance project>/<stack>)", async () => {
            const p = await plan(load("acme-ue2-prod"));
            assert.equal(
                inputsOf(p, "aws:cloudwatch/eventRule:EventRule", "eventbridge/audit").description,
                ALERTS_OUTPUTS.event_rule_arn,
            );
            assert.ok(
                p.resources.some((r) => r.type === "pulumi:pulumi:StackReference" && r.inputs.name === ALERTS_STACK),
            );
        });

        it("leaves a value unknown when the state cannot be read offline (no object body)", async () => {
            const p = await plan(load("acme-ue2-prod"), {});
            const rule = inputsOf(p, "aws:cloudwatch/eventRule:EventRule", "eventbridge/alerts");
            assert.equal(rule.description, undefined);
            assert.equal(rule.tags, undefined);
            assert.equal(
                inputsOf(
                    p,
                    "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount",
                    "managed-dashboards/api-key-service-account",
                ).workspaceId,
                undefined,
            );
        });

        it("in a preview reads no state: the values are unknown until the update", async () => {
            const mocks = await installMocks({
                preview: true,
                project: "cloudposse-components",
                stack: "acme-ue2-prod",
                terraformStates: { [PROD_OBJECT]: PROD_STATE },
                stackOutputs: { [ALERTS_STACK]: ALERTS_OUTPUTS },
            });
            deployStack(load("acme-ue2-prod"));
            await mocks.settle();
            assert.ok(!mocks.calls.includes("aws:s3/getObject:getObject"), mocks.calls.join(", "));
            const rule = mocks.resources.find(
                (r) => r.type === "aws:cloudwatch/eventRule:EventRule" && r.name === "eventbridge/alerts",
            );
            // Unknown, as the mocks record an unknown input (and as Pulumi's preview shows it).
            assert.equal(JSON.stringify(rule?.inputs.description), '{"__pulumiUnknown":true}');
            assert.equal(JSON.stringify(rule?.inputs.tags), '{"__pulumiUnknown":true}');
            // A Pulumi stack is read in a preview too (the engine reads it).
            const audit = mocks.resources.find(
                (r) => r.type === "aws:cloudwatch/eventRule:EventRule" && r.name === "eventbridge/audit",
            );
            assert.equal(audit?.inputs.description, ALERTS_OUTPUTS.event_rule_arn);
        });

        it("checks a value read from a state with the var's own rule and message, once known", async () => {
            const repo = editedRepo(path.join("stacks", "orgs", "acme", "prod.yaml"), (t) =>
                t.replace(
                    "        tags: !terraform.output managed-grafana/workspace team_tags\n",
                    "        event_log_retention_in_days: !terraform.output managed-grafana/workspace workspace_id\n",
                ),
            );
            await assert.rejects(
                plan(load("acme-ue2-prod", repo)),
                /eventbridge "eventbridge\/alerts": eventLogRetentionInDays must be one of/,
            );
        });

        it("names the var, the object and the output when the state lacks it", async () => {
            const p = plan(load("acme-ue2-prod"), {
                [PROD_OBJECT]: DEFAULT_STATE.replace('"workspace_id"', '"workspace_name"'),
            });
            await assert.rejects(
                p,
                /workspace_id !terraform\.state managed-grafana\/workspace workspace_id: reads the Terraform state s3:\/\/acme-ue2-root-tfstate\/managed-grafana-workspace\/acme-ue2-prod\/terraform\.tfstate \(component managed-grafana\/workspace, stack acme-ue2-prod, workspace acme-ue2-prod\), but the state has no output "workspace_id"/,
            );
        });

        it("reads an SSM parameter (!store) as a secret; refuses `| default`, which it cannot apply", async () => {
            const repo = editedRepo(
                "atmos.yaml",
                (t) =>
                    `${t}stores:\n  ssm:\n    type: aws-ssm-parameter-store\n    options:\n      region: us-east-2\n`,
            );
            const prod = path.join(repo, "stacks", "orgs", "acme", "prod.yaml");
            fs.writeFileSync(
                prod,
                fs
                    .readFileSync(prod, "utf8")
                    .replace(
                        "kms_key_id: !terraform.state managed-grafana/workspace kms_key_arn",
                        "kms_key_id: !store ssm grafana kms_key",
                    ),
            );
            const loaded = load("acme-ue2-prod", repo);
            const p = await synth(loaded.file, {
                loaded,
                terraformStates: { [PROD_OBJECT]: PROD_STATE },
                stackOutputs: { [ALERTS_STACK]: ALERTS_OUTPUTS },
                ssmParameters: { "/acme/ue2/prod/grafana/kms_key": "alias/grafana" },
            });
            assert.equal(
                inputsOf(p, "aws:ssm/parameter:Parameter", "managed-dashboards/api-key-parameter").keyId,
                "[secret]",
            );
            assert.deepEqual(
                p.reads?.find((r) => r.var === "kms_key_id"),
                {
                    instance: "managed-dashboards/api-key",
                    var: "kms_key_id",
                    function: "!store ssm grafana kms_key",
                    from: "ssm-parameter",
                    parameter: "/acme/ue2/prod/grafana/kms_key",
                    region: "us-east-2",
                },
            );
            fs.writeFileSync(
                prod,
                fs
                    .readFileSync(prod, "utf8")
                    .replace("!store ssm grafana kms_key", "!store ssm grafana kms_key | default alias/aws/ssm"),
            );
            assert.throws(
                () => load("acme-ue2-prod", repo),
                /kms_key_id: !store ssm grafana kms_key \| default alias\/aws\/ssm has a default, which this package does not apply at deploy time/,
            );
        });

        it("lists what it reads in the plan: the state's bucket and key, the Pulumi stack", async () => {
            const p = await plan(load("acme-ue2-prod"));
            assert.deepEqual(
                p.reads?.filter((r) => r.instance === "managed-dashboards/api-key"),
                [
                    {
                        instance: "managed-dashboards/api-key",
                        var: "workspace_id",
                        function: "!terraform.state managed-grafana/workspace workspace_id",
                        from: "terraform-state",
                        output: "workspace_id",
                        bucket: "acme-ue2-root-tfstate",
                        key: "managed-grafana-workspace/acme-ue2-prod/terraform.tfstate",
                        region: "us-east-2",
                        workspace: "acme-ue2-prod",
                        stack: "acme-ue2-prod",
                    },
                    {
                        instance: "managed-dashboards/api-key",
                        var: "kms_key_id",
                        function: "!terraform.state managed-grafana/workspace kms_key_arn",
                        from: "terraform-state",
                        output: "kms_key_arn",
                        bucket: "acme-ue2-root-tfstate",
                        key: "managed-grafana-workspace/acme-ue2-prod/terraform.tfstate",
                        region: "us-east-2",
                        workspace: "acme-ue2-prod",
                        stack: "acme-ue2-prod",
                    },
                ],
            );
            assert.deepEqual(
                p.reads?.find((r) => r.instance === "eventbridge/audit"),
                {
                    instance: "eventbridge/audit",
                    var: "event_rule_description",
                    function: "!terraform.output eventbridge/alerts event_rule_arn",
                    from: "pulumi-stack",
                    output: "event_rule_arn",
                    stack: ALERTS_STACK,
                },
            );
        });

        it("reports an instance's warnings once, at its var (the component does not repeat them)", async () => {
            const repo = editedRepo(path.join("stacks", "orgs", "acme", "prod.yaml"), (t) =>
                t.replace(
                    "        kms_key_id: !terraform.state managed-grafana/workspace kms_key_arn\n",
                    "        kms_key_id: !terraform.state managed-grafana/workspace kms_key_arn\n        minutes_to_live: 20000\n",
                ),
            );
            const outputs = path.join(repo, "outputs.json");
            fs.writeFileSync(outputs, JSON.stringify({ [ALERTS_STACK]: ALERTS_OUTPUTS }));
            const run = await synthCommand(
                ["--atmos-stack", "acme-ue2-prod", "--atmos-dir", repo, "--stack-outputs", outputs],
                { NO_COLOR: "1" },
            );
            assert.equal(run.status, 0, run.stderr);
            const warned = run.stderr.split("\n").filter((line) => /leaves no room for a missed run/.test(line));
            assert.equal(warned.length, 1, run.stderr);
            assert.match(
                warned[0],
                /prod\.yaml:\d+:\d+: managed-dashboards\/api-key "managed-dashboards\/api-key" \(stack acme-ue2-prod\): minutes_to_live/,
            );
        });

        it("synth prints what it reads, in the text plan and the JSON plan", async () => {
            const text = await synthCommand(["--atmos-stack", "acme-ue2-dev", "--atmos-dir", REPO], { NO_COLOR: "1" });
            assert.equal(text.status, 0, text.stderr);
            assert.match(
                text.stdout,
                /Read when deploying:\n {4}managed-dashboards\/api-key workspace_id: output workspace_id of the Terraform state s3:\/\/acme-ue2-root-tfstate\/managed-grafana-workspace\/acme-ue2-prod\/terraform\.tfstate \(region us-east-2, workspace acme-ue2-prod\)\n/,
            );
            const json = await synthCommand(["--atmos-stack", "acme-ue2-dev", "--atmos-dir", REPO, "--json"], {});
            assert.equal(json.status, 0, json.stderr);
            const reads = (JSON.parse(json.stdout) as SynthPlan).reads;
            assert.deepEqual(
                reads?.map((r) => [r.bucket, r.key]),
                [["acme-ue2-root-tfstate", "managed-grafana-workspace/acme-ue2-prod/terraform.tfstate"]],
            );
        });
    });
});

describe("Terraform state and Pulumi stacks read at deploy time: roles and missing outputs", function () {
    this.timeout(60_000);

    // (First: a rejected deployment leaves the runtime's promises behind until the next mocks are installed.)
    it("names the Pulumi stack and the output it lacks, and says to deploy the instance first", async () => {
        await assert.rejects(
            synth(load("acme-ue2-prod").file, {
                loaded: load("acme-ue2-prod"),
                terraformStates: { [PROD_OBJECT]: PROD_STATE },
                stackOutputs: { [ALERTS_STACK]: { other: "x" } },
            }),
            /eventbridge "eventbridge\/audit": event_rule_description !terraform\.output eventbridge\/alerts event_rule_arn: the Pulumi stack organization\/eventbridge-alerts\/acme-ue2-prod has no output "event_rule_arn"; deploy eventbridge\/alerts in that stack first \(atmos pulumi up eventbridge\/alerts -s acme-ue2-prod\)/,
        );
    });

    it("reads a state through a provider assuming the backend's role_arn, in the backend's region", async () => {
        const repo = editedRepo(path.join("stacks", "orgs", "acme", "_defaults.yaml"), (t) =>
            t.replace(
                "      encrypt: true\n",
                "      encrypt: true\n      role_arn: arn:aws:iam::111111111111:role/tfstate-reader\n",
            ),
        );
        const mocks = await installMocks({
            project: "cloudposse-components",
            stack: "acme-ue2-prod",
            terraformStates: { [PROD_OBJECT]: PROD_STATE },
            stackOutputs: { [ALERTS_STACK]: ALERTS_OUTPUTS },
        });
        deployStack(load("acme-ue2-prod", repo));
        await mocks.settle();
        const provider = mocks.resources.find(
            (r) => r.type === "pulumi:providers:aws" && r.name === "managed-dashboards/api-key-workspace_id-state",
        );
        assert.ok(provider, mocks.resources.map((r) => `${r.type} ${r.name}`).join(", "));
        assert.equal(provider.inputs.region, "us-east-2");
        // A provider's object inputs reach the engine JSON-encoded (as the AWS provider's schema asks).
        assert.deepEqual(JSON.parse(String(provider.inputs.assumeRoles)), [
            { roleArn: "arn:aws:iam::111111111111:role/tfstate-reader" },
        ]);
        // The state is still read, through that provider.
        const account = mocks.resources.find(
            (r) =>
                r.type === "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount" &&
                r.name === "managed-dashboards/api-key-service-account",
        );
        assert.equal(account?.inputs.workspaceId, "g-0123456789");
    });
});

describe("deployTimeValue of a Pulumi stack's output (the SDK's own mocks)", () => {
    // StackReference.getOutputDetails gives `secretValue` for an output named in the stack's
    // secretOutputNames (pulumi/pulumi sdk/nodejs/stackReference.ts, getOutputDetails).
    it("keeps a secret output secret, path included; with no organization set, the self-managed backends' `organization`", async () => {
        const names: string[] = [];
        await pulumi.runtime.setMocks(
            {
                newResource: (args) => {
                    names.push(String(args.inputs.name));
                    return {
                        id: String(args.inputs.name),
                        state: {
                            name: args.inputs.name,
                            outputs: { token: { value: "s3cr3t" }, plain: "p" },
                            secretOutputNames: ["token"],
                        },
                    };
                },
                call: () => {
                    throw new Error("no invoke expected");
                },
            },
            "project",
            "acme-ue2-prod",
            false,
        );
        const reference = (output: string, path: (string | number)[]) =>
            ({
                kind: "stack-output",
                function: "!terraform.output",
                component: "eventbridge/alerts",
                output,
                path,
                text: `!terraform.output eventbridge/alerts ${output}`,
            }) as const;
        const site = { component: "eventbridge", instance: "eventbridge/audit", var: "event_rule_description" };
        const secret = deployTimeValue(reference("token", ["value"]), site);
        const plain = deployTimeValue(reference("plain", []), { ...site, var: "name" });
        const valueOf = (o: pulumi.Output<unknown>) => new Promise((resolve) => o.apply(resolve));
        assert.equal(await valueOf(secret), "s3cr3t");
        assert.equal(await pulumi.isSecret(secret), true);
        assert.equal(await valueOf(plain), "p");
        assert.equal(await pulumi.isSecret(plain), false);
        assert.deepEqual(names, [
            "organization/eventbridge-alerts/acme-ue2-prod",
            "organization/eventbridge-alerts/acme-ue2-prod",
        ]);
    });
});
