import { strict as assert } from "node:assert";
import { evaluateVar, type EvaluationContext } from "../../stack/evaluate";
import { componentTemplateContext, templateSettingsFrom } from "../../stack/templating";
import { parseYamlTree, toPlain, type MapNode } from "../../stack/tree";

const file = "stacks/dev.yaml";
const vars = (yaml: string): MapNode => parseYamlTree(yaml, file).root as MapNode;
const ctx = (over: Partial<EvaluationContext> = {}): EvaluationContext => ({
    templates: templateSettingsFrom({ templates: { settings: { enabled: true, sprig: { enabled: true } } } }),
    templateData: componentTemplateContext({
        instance: "alerts",
        stack: "dev",
        stackFile: "dev",
        component: "eventbridge",
        sections: { vars: { stage: "dev" }, settings: { team: "ops" } },
    }),
    functions: { processEnv: { REGION: "us-east-2" } },
    instance: "alerts",
    who: 'eventbridge "alerts"',
    ...over,
});

describe("evaluating the vars an instance uses", () => {
    it("renders templates, then runs YAML functions on the result, keeping the location", () => {
        const m = vars(
            'name: "{{ .vars.stage }}-x"\nregion: "!env {{ upper \\"region\\" }}"\ntags:\n  Team: "{{ .settings.team }}"\n',
        );
        const name = evaluateVar("name", m.entries.get("name")!.value, ctx());
        assert.ok(name.kind === "value");
        assert.deepEqual([toPlain(name.node), name.node.loc.line], ["dev-x", 1]);
        const region = evaluateVar("region", m.entries.get("region")!.value, ctx());
        assert.ok(region.kind === "value" && toPlain(region.node) === "us-east-2");
        const tags = evaluateVar("tags", m.entries.get("tags")!.value, ctx());
        assert.ok(tags.kind === "value");
        assert.deepEqual(toPlain(tags.node), { Team: "ops" });
    });

    it("gives a problem naming the instance, the var, the file and the line", () => {
        const m = vars("a: 1\nname: '{{ nosuch }}'\n");
        const r = evaluateVar("name", m.entries.get("name")!.value, ctx());
        assert.ok(r.kind === "problem");
        assert.equal(r.problem.code, "TEMPLATE_ERROR");
        assert.equal(
            r.problem.message,
            'stacks/dev.yaml:2:7: eventbridge "alerts": name: template: stacks/dev.yaml:2: function "nosuch" not defined',
        );
        const exec = evaluateVar("name", vars("name: '!exec date'\n").entries.get("name")!.value, ctx());
        assert.ok(
            exec.kind === "problem" &&
                exec.problem.code === "YAML_FUNCTION" &&
                /--allow-exec/.test(exec.problem.reason),
        );
    });

    it("returns deploy-time references for whole vars and refuses them inside lists and maps", () => {
        const whole = evaluateVar(
            "workspace_id",
            vars("w: '!terraform.output grafana workspace_id'\n").entries.get("w")!.value,
            ctx(),
        );
        assert.ok(
            whole.kind === "deploy-time" &&
                whole.reference.kind === "stack-output" &&
                whole.reference.component === "grafana",
        );
        const inside = evaluateVar(
            "tags",
            vars("tags:\n  A: '!terraform.output grafana x'\n").entries.get("tags")!.value,
            ctx(),
        );
        assert.ok(inside.kind === "problem" && inside.problem.code === "DEPLOY_TIME_VALUE");
    });

    // Written quoted: Atmos evaluates "!env X" exactly like the tagged form.
    it("drops a key whose value is !unset and evaluates functions returning structures", () => {
        const r = evaluateVar(
            "tags",
            vars("tags:\n  A: '!unset'\n  B: '!template {\"x\": [1]}'\n").entries.get("tags")!.value,
            ctx(),
        );
        assert.ok(r.kind === "value");
        assert.deepEqual(toPlain(r.node), { B: { x: [1] } });
    });
});
