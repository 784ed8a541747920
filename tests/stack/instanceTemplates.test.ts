import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseStack, StackFileError } from "../../stack";
import { synthCommand } from "../helpers/commands";

const load = (text: string, options = {}) => parseStack(text, "/tmp/stacks/ue2-dev.yaml", options);

const base = `vars:
  region: us-east-2
  namespace: eg
  stage: dev
settings:
  team: ops
components:
  terraform:
    alerts:
      metadata:
        component: eventbridge
`;

function problems(f: () => unknown): { code: string; message: string }[] {
    try {
        f();
    } catch (e) {
        if (e instanceof StackFileError) return e.problems.map((p) => ({ code: p.code, message: p.message }));
        throw e;
    }
    assert.fail("expected a StackFileError");
}

describe("stack files: Go templates and YAML functions in the vars an instance uses", () => {
    it("renders templates with the instance's context (no atmos.yaml: templates, Sprig, Gomplate on)", () => {
        const stack = load(`${base}      vars:
        name: "{{ .vars.stage }}-x"
        tags:
          Component: "{{ .atmos_component }}"
          Stack: "{{ .atmos_stack }}"
          Team: "{{ .vars.stage | upper }}"
          Title: "{{ .vars.namespace | strings.Title }}"
`);
        const vars = stack.instances[0].vars;
        assert.equal(vars.name, "dev-x");
        assert.deepEqual(vars.tags, { Component: "alerts", Stack: "ue2-dev", Team: "DEV", Title: "Eg" });
    });

    it("checks a rendered value like any var", () => {
        const found = problems(() =>
            load(`${base}      vars:\n        event_log_retention_in_days: "{{ .vars.stage }}"\n`),
        );
        assert.deepEqual(
            found.map((p) => p.code),
            ["TYPE_MISMATCH"],
        );
    });

    it("names an unknown template function with the file and line", () => {
        const found = problems(() => load(`${base}      vars:\n        name: "{{ nosuch .vars.stage }}"\n`));
        assert.deepEqual(found, [
            {
                code: "TEMPLATE_ERROR",
                message:
                    '/tmp/stacks/ue2-dev.yaml:13:15: eventbridge "alerts": name: template: /tmp/stacks/ue2-dev.yaml:13: function "nosuch" not defined',
            },
        ]);
    });

    it("does not evaluate what the instance does not use: other sections, other components' vars", () => {
        const stack = load(`vars:
  region: us-east-2
  other_components_var: "{{ nosuch }}"
  run: "!exec rm -rf /"
settings:
  broken: "{{ .nope | nosuch }}"
components:
  terraform:
    alerts:
      metadata:
        component: eventbridge
      vars:
        name: x
`);
        assert.equal(stack.instances[0].vars.name, "x");
    });

    it("evaluates !env (quoted or tagged alike), refuses !exec without opt-in", () => {
        process.env.TEMPLATES_LOADER_TEST = "from-env";
        try {
            const stack = load(`${base}      vars:\n        name: "!env TEMPLATES_LOADER_TEST"\n`);
            assert.equal(stack.instances[0].vars.name, "from-env");
        } finally {
            delete process.env.TEMPLATES_LOADER_TEST;
        }
        const found = problems(() => load(`${base}      vars:\n        name: "!exec echo hi"\n`));
        assert.equal(found[0].code, "YAML_FUNCTION");
        assert.match(
            found[0].message,
            /ue2-dev.yaml:13:15: eventbridge "alerts": name: !exec runs a command \("echo hi"\); it is refused unless you opt in with the allowExec config or --allow-exec$/,
        );
        const allowed = load(`${base}      vars:\n        name: "!exec echo hi"\n`, { allowExec: true });
        assert.equal(allowed.instances[0].vars.name, "hi");
    });

    it("refuses a deploy-time value where the component needs it before deploying", () => {
        const found = problems(() => load(`${base}      vars:\n        name: "!terraform.output vpc .name"\n`));
        assert.deepEqual(
            found.map((p) => p.code),
            ["DEPLOY_TIME_VALUE"],
        );
        assert.match(
            found[0].message,
            /name: !terraform.output vpc .name reads another component's outputs, known only at deploy time, but the component needs this var before deploying/,
        );
        assert.doesNotMatch(found[0].message, /this port takes only/, "eventbridge's name takes no deploy-time value");
    });

    it("takes any output where a var's argument takes an Output (the api-key's workspace_id: issue 42)", () => {
        const keyBase = base
            .replace("alerts:", "key:")
            .replace("component: eventbridge", "component: managed-dashboards/api-key");
        const keyWith = (value: string) => load(`${keyBase}      vars:\n        workspace_id: "${value}"\n`);
        assert.deepEqual(
            {
                ...(keyWith("!terraform.output grafana/workspace workspace_id").instances[0].vars
                    .workspace_id as object),
            },
            {
                kind: "stack-output",
                function: "!terraform.output",
                component: "grafana/workspace",
                output: "workspace_id",
                path: [],
                text: "!terraform.output grafana/workspace workspace_id",
            },
        );
        // Another output, or a path into one, is read by the program (program/deployTimeValues.ts).
        for (const [value, output, at] of [
            ["!terraform.output grafana/workspace workspace_endpoint", "workspace_endpoint", []],
            ["!terraform.output grafana/workspace .workspace_id.value", "workspace_id", ["value"]],
        ] as const) {
            const reference = keyWith(value).instances[0].vars.workspace_id as { output: string; path: unknown };
            assert.deepEqual([reference.output, reference.path], [output, at], value);
        }
    });
});

describe("synth: workspace_id from !terraform.output, read with the api-key's StackReference", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "templates-synth-"));
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("reads the workspace_id output of the named component's stack (mocked with --stack-outputs)", async () => {
        const file = path.join(dir, "ue2-prod.yaml");
        fs.writeFileSync(
            file,
            `vars:\n  region: us-east-2\n  namespace: eg\n  stage: prod\ncomponents:\n  terraform:\n    key:\n      metadata:\n        component: managed-dashboards/api-key\n      vars:\n        workspace_id: "!terraform.output grafana/workspace plat-ue2-prod workspace_id"\n`,
        );
        const outputs = path.join(dir, "outputs.json");
        fs.writeFileSync(
            outputs,
            JSON.stringify({ "organization/grafana-workspace/plat-ue2-prod": { workspace_id: "g-0123456789" } }),
        );
        const run = await synthCommand([file, "--json", "--stack-outputs", outputs]);
        assert.equal(run.status, 0, run.stderr);
        const plan = JSON.parse(run.stdout) as { resources: { type: string; inputs: Record<string, unknown> }[] };
        const reference = plan.resources.find((r) => r.type === "pulumi:pulumi:StackReference");
        assert.equal(reference?.inputs.name, "organization/grafana-workspace/plat-ue2-prod");
        const grafana = plan.resources.filter((r) => r.type.startsWith("aws:grafana/"));
        assert.ok(grafana.length > 0);
        for (const r of grafana) assert.equal(r.inputs.workspaceId, "g-0123456789");
        assert.doesNotMatch(run.stderr, /warning/);
    });
});
