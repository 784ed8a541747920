/**
 * Which vars take a value known only at deploy time (`!terraform.output`, `!terraform.state`, `!store`;
 * issue 42, item 4): every var whose argument takes an Output (the definitions' `input: true`, the
 * list docs/languages.md prints), and no other. The lists are derived from the component definitions.
 */
import { strict as assert } from "node:assert";
import { argOf } from "../../components/kit/definition";
import { isDeployTimeReference } from "../../components/kit/deployTime";
import { COMPONENT_SCHEMAS, parseStack, StackFileError } from "../../stack";
import { stackFileValue } from "../../stack/schema";

/** A stack whose one instance, of `component`, has valid `given` vars and `varName` set to `value`. */
function stackWith(component: string, given: Record<string, string>, varName: string, value: string): string {
    const vars = { ...given, [varName]: value };
    const lines = Object.entries(vars).map(([k, v]) => `        ${k}: ${v}`);
    return [
        "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: dev}",
        "components:",
        "  terraform:",
        "    one:",
        `      metadata: {component: ${component}}`,
        "      vars:",
        ...lines,
        "",
    ].join("\n");
}

/**
 * Valid vars of a component: its documented example's arguments, as stack-file vars (JSON is YAML's flow style; an
 * object's fields under their stack-file keys).
 */
function exampleVars(path: string): Record<string, string> {
    const { definition } = COMPONENT_SCHEMAS[path];
    return Object.fromEntries(
        Object.entries(definition.example.args as Readonly<Record<string, unknown>>).map(([arg, value]) => {
            const spec = argOf(definition, arg)!;
            return [spec.var, JSON.stringify(stackFileValue(spec.type, value))];
        }),
    );
}

/** Valid vars per component: these for the shipped ones, any other component's from its example. */
const VALID: Readonly<Record<string, Record<string, string>>> = {
    ...Object.fromEntries(Object.keys(COMPONENT_SCHEMAS).map((path) => [path, exampleVars(path)])),
    eventbridge: { name: "alerts", event_rule_pattern: "{source: [aws.ecs]}" },
    "managed-dashboards/api-key": { name: "grafana", workspace_id: "g-0123456789" },
};

describe("deploy-time values: every var whose argument takes an Output, and only those", () => {
    it("covers every component", () => {
        assert.deepEqual(Object.keys(VALID).sort(), Object.keys(COMPONENT_SCHEMAS).sort());
        // The examples are valid vars too: each shipped component's parses as its own table does.
        for (const path of ["eventbridge", "managed-dashboards/api-key"]) {
            const vars = exampleVars(path);
            const [first] = Object.keys(vars);
            assert.doesNotThrow(() =>
                parseStack(stackWith(path, vars, first, vars[first]), "/tmp/stacks/ue2-dev.yaml"),
            );
        }
    });

    for (const [path, schema] of Object.entries(COMPONENT_SCHEMAS)) {
        for (const [varName, spec] of Object.entries(schema.vars)) {
            const input = argOf(schema.definition, spec.arg)?.input === true;
            it(`${path} ${varName}: ${input ? "taken" : "refused"}`, () => {
                const text = stackWith(path, VALID[path], varName, '"!terraform.output other some_output"');
                if (input) {
                    const loaded = parseStack(text, "/tmp/stacks/ue2-dev.yaml");
                    assert.ok(isDeployTimeReference(loaded.instances[0].vars[varName]), varName);
                } else {
                    assert.throws(
                        () => parseStack(text, "/tmp/stacks/ue2-dev.yaml"),
                        (error: unknown) =>
                            error instanceof StackFileError &&
                            error.problems.some(
                                (p) =>
                                    p.code === "DEPLOY_TIME_VALUE" &&
                                    p.message.includes(`${varName}: !terraform.output`),
                            ),
                    );
                }
            });
        }
    }
});
