/**
 * The program's edges as README's "Offline synth" and the stack-file reference describe them: the
 * stack name a synth defaults to, `!terraform.output <component> <output>` read from the current
 * stack, and how a failed run reads. In-process; temporary files under the system's temporary
 * directory.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { synth, SynthRunError } from "../../program/synth";

const EXAMPLE = path.join(__dirname, "..", "..", "examples", "stack.yaml");

describe("synth(): defaults and references", () => {
    let dir: string;
    before(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-test-"));
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it("loads the stack file itself and names the stack after the file, without its extension", async () => {
        const plan = await synth(EXAMPLE);
        const reference = plan.resources.find((r) => r.type === "pulumi:pulumi:StackReference");
        assert.deepEqual(reference?.inputs, { name: "organization/managed-dashboards-workspace/stack" });
        assert.deepEqual(plan.outputs["managed-dashboards/api-key"], {
            ssm_path_dashboards_api_key: "/dashboards/eg-ue2-prod/api_key",
        });
    });

    it("reads `!terraform.output <component> <output>` from the component's stack of the same name", async () => {
        const file = path.join(dir, "ue2-dev.yaml");
        fs.writeFileSync(
            file,
            [
                "vars:",
                "  region: us-east-2",
                "  namespace: eg",
                "  stage: dev",
                "components:",
                "  terraform:",
                "    key:",
                "      metadata:",
                "        component: managed-dashboards/api-key",
                "      vars:",
                '        workspace_id: "!terraform.output grafana/workspace workspace_id"',
                "",
            ].join("\n"),
        );
        const warnings: string[] = [];
        const plan = await synth(file, {
            stackOutputs: { "organization/grafana-workspace/ue2-dev": { workspace_id: "g-00000000de" } },
            onWarning: (w) => warnings.push(w),
        });
        const reference = plan.resources.find((r) => r.type === "pulumi:pulumi:StackReference");
        assert.equal(reference?.inputs.name, "organization/grafana-workspace/ue2-dev");
        const grafana = plan.resources.filter((r) => r.type.startsWith("aws:grafana/"));
        assert.ok(grafana.length > 0);
        for (const r of grafana) assert.equal(r.inputs.workspaceId, "g-00000000de");
        assert.deepEqual(warnings, []);
    });
});

describe("SynthRunError", () => {
    it("reads as its causes' messages, one per line, whatever was thrown", () => {
        const error = new SynthRunError([new Error("first"), "second", 3]);
        assert.equal(error.name, "SynthRunError");
        assert.equal(error.message, "first\nsecond\n3");
        assert.equal(error.causes.length, 3);
    });
});
