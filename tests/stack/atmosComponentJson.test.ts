/**
 * `atmos.Component`'s outputs passed on through a JSON function, as real Atmos repositories write
 * them (`!template '{{ (atmos.Component "vpc" .stack).outputs.ids | toJson }}'`), against
 * cloudposse/atmos 0a1cb44. Atmos renders the component section as YAML text and reads it back
 * (internal/exec/utils.go 989-1035: ConvertToYAMLPreservingDelimiters, ProcessTmplWithDatasources,
 * UnmarshalYAML), a template-holding string being a quoted scalar, so the JSON text comes back a
 * string; the YAML functions run after (1052-1065), and `!template` decodes JSON text
 * (internal/exec/yaml_func_template.go 25-30), written after the tag and a space
 * (pkg/utils/yaml_utils.go 861-865). So with `!template` the var is the output itself (the
 * reference `!terraform.output` gives); without it, the output's JSON text, a string.
 * Sprig's functions: Masterminds/sprig v3.3.0 defaults.go 108-153 (toJson: json.Marshal; toRawJson:
 * an encoder without HTML escapes); Gomplate's: gomplate v3.11.8 funcs/data.go 47, data/data.go 387-405.
 */
import { strict as assert } from "node:assert";
import { isDeployTimeReference } from "../../components/kit/deployTime";
import { loadStackFile, type LoadedStack } from "../../stack";
import { lines, memoryFiles, ROOT, stackError } from "../helpers/stack";

const ATMOS = [
    "base_path: .",
    "stacks:",
    "  base_path: stacks",
    "  name_pattern: '{stage}'",
    "  included_paths: ['*.yaml']",
    "templates:",
    "  settings: {enabled: true, sprig: {enabled: true}, gomplate: {enabled: true}}",
];

/** A stack whose eventbridge instance (line 7) has `vars`; `vpc` is a Terraform component with an S3 backend. */
function load(vars: string): LoadedStack {
    const stack = lines(
        "vars: {region: us-east-2, stage: dev}",
        "terraform: {backend_type: s3, backend: {s3: {bucket: tfstate, key: terraform.tfstate}}}",
        "components:",
        "  terraform:",
        `    vpc: {vars: {cidr: 10.0.0.0/16, kms: !terraform.output kms key_id, text: '{{ (atmos.Component "kms" .stack).outputs.ids | toJson }}'}}`,
        "    kms: {vars: {a: 1}}",
        `    eventbridge: {vars: {name: x, ${vars}}}`,
    );
    return loadStackFile("stacks/dev.yaml", {
        cwd: ROOT,
        env: {},
        files: memoryFiles({ "atmos.yaml": lines(...ATMOS), "stacks/dev.yaml": stack }),
    });
}

function varOf(stack: LoadedStack, name: string): unknown {
    return stack.instances.find((i) => i.name === "eventbridge")!.vars[name];
}

/** The reference of `var: value`, compared with others without its text (how it was written). */
function referenceOf(name: string, value: string): Record<string, unknown> {
    const r = varOf(load(`${name}: ${value}`), name);
    assert.ok(isDeployTimeReference(r), `${value} gives a deploy-time reference`);
    assert.equal(r.text, value.replace(/^'(.*)'$/, "$1").replace(/^!template '(.*)'$/, "!template $1"));
    return { ...r, text: "" };
}

const OUT = `(atmos.Component "vpc" .stack).outputs`;

describe("atmos.Component outputs through a JSON function (Atmos 0a1cb44)", () => {
    describe("with !template: the output itself, the reference !terraform.output gives", () => {
        // var, its type, the output path, the !template forms
        const cases: [string, string, string[]][] = [
            [
                "event_log_retention_in_days",
                "days",
                [
                    `'{{ ${OUT}.days | toJson }}'`,
                    `'{{ ${OUT}.days | mustToJson }}'`,
                    `'{{ ${OUT}.days | toRawJson }}'`,
                    `'{{ ${OUT}.days | mustToRawJson }}'`,
                    `'{{ ${OUT}.days | toJSON }}'`,
                    `'{{ ${OUT}.days | data.ToJSON }}'`,
                    `'{{ toJson ${OUT}.days }}'`,
                    `'{{ data.ToJSON ${OUT}.days }}'`,
                ],
            ],
            ["tags", "labels.all", [`'{{ ${OUT}.labels.all | toJson }}'`, `'{{ ${OUT}.labels.all | toJSON }}'`]],
            ["event_rule_pattern", "pattern", [`'{{ ${OUT}.pattern | toRawJson }}'`]],
            ["event_rule_description", "text", [`'{{ ${OUT}.text | toJson }}'`]],
        ];
        for (const [name, output, forms] of cases) {
            const tagged = referenceOf(name, `!terraform.output vpc dev ${output}`);
            for (const form of forms) {
                it(`${name}: !template ${form}`, () => {
                    assert.deepEqual(referenceOf(name, `!template ${form}`), tagged);
                });
            }
        }

        it("passes on a deploy-time YAML function of the described component, as without the JSON function", () => {
            assert.deepEqual(
                referenceOf(
                    "event_rule_description",
                    `!template '{{ (atmos.Component "vpc" .stack).vars.kms | toJson }}'`,
                ),
                referenceOf("event_rule_description", `'{{ (atmos.Component "vpc" .stack).vars.kms }}'`),
            );
        });
    });

    describe("without !template: the output's JSON text, a string, for a var that takes one", () => {
        // var (string or any), form, whether the text escapes <, >, & as json.Marshal does
        const cases: [string, string, boolean][] = [
            ["event_rule_pattern", `'{{ ${OUT}.pattern | toJson }}'`, true],
            ["event_rule_pattern", `'{{ ${OUT}.pattern | mustToJson }}'`, true],
            ["event_rule_pattern", `'{{ toJson ${OUT}.pattern }}'`, true],
            ["event_rule_pattern", `'{{ ${OUT}.pattern | toRawJson }}'`, false],
            ["event_rule_description", `'{{ ${OUT}.pattern | mustToRawJson }}'`, false],
        ];
        for (const [name, form, escapeHtml] of cases) {
            it(`${name}: ${form}`, () => {
                const plain = referenceOf(name, "!terraform.output vpc dev pattern");
                assert.deepEqual(referenceOf(name, form), { ...plain, jsonText: { escapeHtml } });
            });
        }

        it("passes on JSON text the described component gives, as its var is", () => {
            const r = referenceOf("event_rule_pattern", `'{{ (atmos.Component "vpc" .stack).vars.text }}'`);
            assert.deepEqual([r.component, r.output, r.jsonText], ["kms", "ids", { escapeHtml: true }]);
        });
    });

    describe("refused where the template is written, saying what to write", () => {
        // what, var: value, the message's end
        const cases: [string, string, RegExp][] = [
            [
                "JSON text (a string) for a number var",
                `event_log_retention_in_days: '{{ ${OUT}.days | toJson }}'`,
                /event_log_retention_in_days: \{\{ .* \| toJson \}\} gives the JSON text of the value, a string, .* and this var takes a number; write it as !template '\{\{ \.\.\. \}\}'/,
            ],
            [
                "JSON text (a string) for a map var",
                `tags: '{{ ${OUT}.tags | toRawJson }}'`,
                /tags: .* this var takes a map\(string\); write it as !template/,
            ],
            [
                "Gomplate's JSON text, which this port does not write at deploy time",
                `event_rule_pattern: '{{ ${OUT}.pattern | toJSON }}'`,
                /event_rule_pattern: \(atmos\.Component "vpc" "dev"\)\.outputs\.pattern \| toJSON is Gomplate's JSON text .*; write the var as !template/,
            ],
            [
                "a var needed before deploying, as !terraform.output is",
                `environment: !template '{{ ${OUT}.id | toJson }}'`,
                /environment: !template \{\{ .* \}\} reads another component's outputs, known only at deploy time, but the component needs this var before deploying/,
            ],
            [
                "a field of JSON text the described component gives",
                `event_rule_pattern: '{{ (atmos.Component "vpc" .stack).vars.text.a }}'`,
                /vars\.text\.a reads \{\{ \(atmos\.Component "kms" \.stack\)\.outputs\.ids \| toJson \}\} in stack dev, the JSON text of a value known only at deploy time: a string, with no fields/,
            ],
            [
                "JSON text the described component gives, through toJson again",
                `event_rule_pattern: '{{ (atmos.Component "vpc" .stack).vars.text | toJson }}'`,
                /vars\.text \| toJson reads .* which this port does not write as JSON again/,
            ],
            [
                "the whole outputs map",
                `event_rule_pattern: '{{ ${OUT} | toJson }}'`,
                /is the whole outputs map, known only at deploy time; a var takes one output/,
            ],
        ];
        for (const [what, vars, message] of cases) {
            it(what, () => {
                const error = stackError(() => load(vars));
                assert.equal(error.code, "DEPLOY_TIME_VALUE");
                assert.equal(error.problems.length, 1);
                assert.match(error.message, /^stacks\/dev\.yaml:7:\d+: eventbridge "eventbridge" \(stack dev\): /);
                assert.match(error.message, message);
            });
        }

        // Any other use would build text or a value from the unknown one: refused by the template
        // engine, as any use of it but a var's whole value.
        const templates: [string, string][] = [
            [
                "!template without a space before the JSON (its text depends on the value)",
                `!template '{{- ${OUT}.days | toJson }}'`,
            ],
            ["!template of the value printed, not JSON", `!template '{{ ${OUT}.days }}'`],
            ["text after the JSON", `!template '{{ ${OUT}.days | toJson }} '`],
            ["other text before it", `!template 'x{{ ${OUT}.days | toJson }}'`],
            ["JSON of the JSON", `'{{ ${OUT}.days | toJson | toJson }}'`],
            ["another function after it", `'{{ ${OUT}.days | toJson | upper }}'`],
            ["passed on to another function", `'{{ printf "%s" (toJson ${OUT}.days) }}'`],
            ["a field of the JSON text", `'{{ (${OUT}.days | toJson).a }}'`],
            ["pretty JSON (lines that YAML folds)", `'{{ ${OUT}.days | toPrettyJson }}'`],
            ["toJson with another argument first", `'{{ ${OUT}.days | toJSONPretty "  " }}'`],
            ["the described sections whole", `'{{ (atmos.Component "vpc" .stack).vars | toJson }}'`],
        ];
        for (const [what, value] of templates) {
            it(what, () => {
                const error = stackError(() => load(`event_log_retention_in_days: ${value}`));
                assert.equal(error.problems.length, 1);
                assert.match(
                    error.message,
                    /^stacks\/dev\.yaml:7:\d+: eventbridge "eventbridge" \(stack dev\): event_log_retention_in_days: template: stacks\/dev\.yaml:7:\d+: .* is (known only at deploy time|!terraform\.output kms key_id in stack dev, known only at deploy time)/,
                );
            });
        }
    });

    it("a static remote state backend's outputs, known while loading, go through toJson as any value", () => {
        const stack = loadStackFile("stacks/dev.yaml", {
            cwd: ROOT,
            env: {},
            files: memoryFiles({
                "atmos.yaml": lines(...ATMOS),
                "stacks/dev.yaml": lines(
                    "vars: {region: us-east-2, stage: dev}",
                    "components:",
                    "  terraform:",
                    "    vpc: {remote_state_backend_type: static, remote_state_backend: {static: {p: {source: ['a<b']}}}}",
                    `    eventbridge: {vars: {name: x, event_rule_pattern: '{{ ${OUT}.p | toJson }}', event_rule_description: '{{ ${OUT}.p.source | toRawJson }}'}}`,
                ),
            }),
        });
        assert.equal(varOf(stack, "event_rule_pattern"), '{"source":["a\\u003cb"]}');
        assert.equal(varOf(stack, "event_rule_description"), '["a<b"]');
    });
});
