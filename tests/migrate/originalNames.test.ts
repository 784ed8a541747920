/**
 * Moving from Cloud Posse's Terraform moves nothing: an instance declared under the original
 * component's names keeps the original's SSM path and workspace component.
 *
 * The original (cloudposse-terraform-components/aws-managed-grafana-api-key, src/variables.tf):
 * `grafana_component_name` defaults to "managed-grafana/workspace" and `ssm_path_format_api_key` to
 * "/grafana/%s/api_key"; src/main.tf stores the key at `format(var.ssm_path_format_api_key,
 * module.this.id)`, output `ssm_path_grafana_api_key`. Terraform 1.11.4 gives, for the id
 * "eg-ue2-prod-grafana-api-key", `format("/grafana/%s/api_key", id)` =
 * "/grafana/eg-ue2-prod-grafana-api-key/api_key" (the value asserted below).
 */
import * as assert from "node:assert/strict";
import { parseStack } from "../../stack";
import { synth } from "../../program/synth";
import { lines } from "../helpers/stack";

/** The README "Usage" of aws-managed-grafana-api-key, with the stack vars and a name. */
function readmeStack(...extra: string[]): string {
    return lines(
        "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: prod}",
        "components:",
        "  terraform:",
        "    grafana/api-key:",
        "      metadata:",
        "        component: managed-grafana/api-key",
        "      vars:",
        "        enabled: true",
        "        name: grafana-api-key",
        "        grafana_component_name: grafana",
        "        workspace_id: g-0123456789",
        ...extra.map((line) => `        ${line}`),
    );
}

async function ssmPathOf(text: string): Promise<unknown> {
    const loaded = parseStack(text, "ue2-prod.yaml");
    const plan = await synth("ue2-prod.yaml", { loaded });
    const parameter = plan.resources.find((r) => r.type === "aws:ssm/parameter:Parameter");
    assert.ok(parameter, "an SSM parameter is planned");
    const output = plan.outputs["grafana/api-key"]?.ssm_path_dashboards_api_key;
    assert.equal(parameter.inputs.name, output);
    return output;
}

describe("an instance declared under the original Cloud Posse names (issue 31)", () => {
    it("stores the key at the original's path, /grafana/<id>/api_key (the README example)", async () => {
        assert.equal(await ssmPathOf(readmeStack()), "/grafana/eg-ue2-prod-grafana-api-key/api_key");
    });

    it("does so for the original var name alone, under this package's component path", async () => {
        const text = readmeStack().replace(
            "component: managed-grafana/api-key",
            "component: managed-dashboards/api-key",
        );
        assert.equal(await ssmPathOf(text), "/grafana/eg-ue2-prod-grafana-api-key/api_key");
    });

    it("keeps an explicit ssm_path_format_api_key", async () => {
        assert.equal(
            await ssmPathOf(readmeStack('ssm_path_format_api_key: "/dashboards/%s/api_key"')),
            "/dashboards/eg-ue2-prod-grafana-api-key/api_key",
        );
    });

    it("says which defaults it kept, naming the vars, once", () => {
        const loaded = parseStack(readmeStack(), "ue2-prod.yaml");
        const kept = loaded.warnings.filter((w) => /keeps the original's defaults/.test(w));
        assert.deepEqual(kept, [
            'ue2-prod.yaml:4:5: managed-dashboards/api-key "grafana/api-key": declared under the original Cloud Posse names (component managed-grafana/api-key, grafana_component_name), so it keeps the original\'s defaults: ssm_path_format_api_key "/grafana/%s/api_key" (this package\'s: "/dashboards/%s/api_key"); set a var to choose otherwise',
        ]);
    });

    it("maps the original's workspace component when no name is given", () => {
        const text = lines(
            "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: prod}",
            "components:",
            "  terraform:",
            "    grafana/api-key:",
            "      metadata: {component: managed-grafana/api-key}",
            "      vars: {name: k}",
        );
        const vars = parseStack(text, "s.yaml").instances[0].vars;
        assert.equal(vars.dashboards_component_name, "managed-grafana/workspace");
        assert.equal(vars.ssm_path_format_api_key, "/grafana/%s/api_key");
    });

    it("keeps no workspace component when workspace_id is given, so warns only about the vars written", async () => {
        const warningsOf = async (text: string) => {
            const warnings: string[] = [];
            await synth("ue2-prod.yaml", {
                loaded: parseStack(text, "ue2-prod.yaml"),
                onWarning: (w) => void warnings.push(w),
            });
            return warnings;
        };
        // migrating.md step 3 (tf-adopt prints workspace_id): the user never wrote dashboards_component_name.
        const adopted = await warningsOf(
            lines(
                "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: prod}",
                "components:",
                "  terraform:",
                "    managed-grafana/api-key:",
                "      metadata: {component: managed-grafana/api-key}",
                '      vars: {name: grafana, adopt_existing: true, workspace_id: "g-abcdef0123"}',
            ),
        );
        assert.ok(!adopted.some((w) => w.includes("dashboards_component_name")), adopted.join("\n"));
        assert.ok(
            adopted.some((w) =>
                /keeps the original's defaults: ssm_path_format_api_key "\/grafana\/%s\/api_key"/.test(w),
            ),
        );
        // Written by the user (grafana_component_name), it is still said to be ignored.
        const written = await warningsOf(readmeStack());
        assert.ok(
            written.some((w) => /dashboards_component_name is ignored: the workspace id is given/.test(w)),
            written.join("\n"),
        );
    });

    it("leaves an instance declared under this package's names at this package's path", async () => {
        const text = readmeStack()
            .replace("component: managed-grafana/api-key", "component: managed-dashboards/api-key")
            .replace("grafana_component_name: grafana", "dashboards_component_name: grafana");
        assert.equal(await ssmPathOf(text), "/dashboards/eg-ue2-prod-grafana-api-key/api_key");
    });
});

describe("an eventbridge instance declared under the original var names (issue 31)", () => {
    // aws-eventbridge src/policies.tf: one aws_cloudwatch_log_resource_policy, policy_name = module.this.id
    // (account-level); this package's default scopes the policy to the log group instead.
    const text = (...extra: string[]) =>
        lines(
            "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: prod}",
            "components:",
            "  terraform:",
            "    eventbridge/ecs-alerts:",
            "      metadata: {component: eventbridge}",
            "      vars:",
            "        name: ecs-faults",
            "        cloudwatch_event_rule_pattern: {source: [aws.ecs]}",
            ...extra.map((line) => `        ${line}`),
        );
    const policies = async (stack: string) =>
        (await synth("ue2-prod.yaml", { loaded: parseStack(stack, "ue2-prod.yaml") })).resources.filter(
            (r) => r.type === "aws:cloudwatch/logResourcePolicy:LogResourcePolicy",
        );

    it("keeps the original's account-level logs policy named after the id", async () => {
        const found = await policies(text());
        assert.deepEqual(
            found.map((r) => r.inputs.policyName),
            ["eg-ue2-prod-ecs-faults"],
        );
    });

    it("keeps an explicit logs_policy_scope", async () => {
        const found = await policies(text("logs_policy_scope: resource"));
        assert.equal(found.length, 1);
        assert.equal(found[0].inputs.policyName, undefined);
        assert.ok("resourceArn" in found[0].inputs, "a policy on the log group");
    });
});
