import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as nodePath from "node:path";
import {
    componentTemplateContext,
    renderComponentScalar,
    renderComponentString,
    renderComponentValue,
    renderImportPath,
    renderImportText,
    StackTemplateError,
    templateSettingsFrom,
} from "../../stack/templating";
import { evaluateInclude, includeNode, parseDotenv, parseHclAttributes } from "../../stack/include";
import { parseYamlTree, toPlain } from "../../stack/tree";
import { UnknownValue } from "../../gotemplate";
import {
    evaluateYamlFunction,
    isDeployTimeReference,
    parseYqPath,
    splitArguments,
    UNSET,
    YamlFunctionError,
} from "../../stack/yamlFunctions";

const on = templateSettingsFrom({
    templates: { settings: { enabled: true, sprig: { enabled: true }, gomplate: { enabled: true } } },
});
const ctx = componentTemplateContext({
    instance: "ecs-alerts",
    stack: "ue2-prod",
    stackFile: "orgs/acme/ue2-prod",
    component: "eventbridge",
    sections: { vars: { stage: "prod", tags: { Team: "ops" } }, settings: { config: { a: "x" } }, env: { E: "1" } },
});
const src = { file: "stacks/orgs/acme/ue2-prod.yaml", line: 10 };

describe("stack templating: atmos.yaml templates.settings", () => {
    it("defaults every flag to false when atmos.yaml exists, and to true when none does", () => {
        const withFile = templateSettingsFrom({});
        assert.deepEqual(
            [withFile.enabled, withFile.sprig, withFile.gomplate, withFile.evaluations],
            [false, false, false, 1],
        );
        const noFile = templateSettingsFrom(undefined, false);
        assert.deepEqual([noFile.enabled, noFile.sprig, noFile.gomplate], [true, true, true]);
    });

    it("reads delimiters, evaluations and env", () => {
        const s = templateSettingsFrom({
            templates: { settings: { enabled: true, evaluations: 2, delimiters: ["<<", ">>"], env: { A: "b" } } },
        });
        assert.deepEqual(s.delimiters, ["<<", ">>"]);
        assert.equal(s.evaluations, 2);
        assert.deepEqual(s.env, { A: "b" });
    });
});

describe("stack templating: the component pass", () => {
    it("renders a component's context: vars, settings, atmos_component, atmos_stack, workspace", () => {
        assert.equal(
            renderComponentString(
                "{{ .vars.stage }}-{{ .settings.config.a }}-{{ .atmos_component }}-{{ .atmos_stack }}-{{ .workspace }}-{{ .atmos_stack_file }}",
                ctx,
                on,
                src,
            ),
            "prod-x-ecs-alerts-ue2-prod-ue2-prod-orgs/acme/ue2-prod",
        );
    });

    it("prints <no value> for a missing key, as Atmos's component pass does", () => {
        assert.equal(renderComponentString("{{ .vars.missing }}", ctx, on, src), "<no value>");
    });

    it("leaves templates alone when templates.settings.enabled is not true", () => {
        assert.equal(
            renderComponentString("{{ .vars.stage }}", ctx, templateSettingsFrom({}), src),
            "{{ .vars.stage }}",
        );
    });

    it("needs sprig.enabled for Sprig's functions and gomplate.enabled for Gomplate's", () => {
        const noSprig = templateSettingsFrom({ templates: { settings: { enabled: true } } });
        assert.throws(
            () => renderComponentString('{{ "a" | upper }}', ctx, noSprig, src),
            /function "upper" not defined/,
        );
        assert.equal(renderComponentString("{{ .vars.stage | strings.Title }}", ctx, on, src), "Prod");
        assert.throws(
            () => renderComponentString("{{ strings.Title .vars.stage }}", ctx, noSprig, src),
            /function "strings" not defined/,
        );
    });

    it("writes JSON as each library does: Gomplate's (ugorji) and Sprig's toJson HTML-escaped, toRawJson not", () => {
        // gomplate v3.11.8 data/data.go 387-405 (codec.JsonHandle, HTMLCharsAsIs false: ugorji codec/v1.2.7
        // codec/json.go 1322-1326, 1400-1404); Sprig v3 defaults.go toJson (json.Marshal) and toRawJson.
        const value = '{{ dict "a" "<b> & c" | XX }}';
        const rendered = (fn: string) => renderComponentString(value.replace("XX", fn), ctx, on, src);
        assert.equal(rendered("toJSON"), '{"a":"\\u003cb\\u003e \\u0026 c"}');
        assert.equal(rendered("data.ToJSON"), '{"a":"\\u003cb\\u003e \\u0026 c"}');
        assert.equal(rendered("toJson"), '{"a":"\\u003cb\\u003e \\u0026 c"}');
        assert.equal(rendered("toRawJson"), '{"a":"<b> & c"}');
    });

    it("names an unknown function with the file and the line of the value", () => {
        assert.throws(
            () =>
                renderComponentString("{{ nosuch .vars.stage }}", ctx, on, {
                    ...src,
                    what: 'vars.name of instance "ecs-alerts"',
                }),
            (e: unknown) =>
                e instanceof StackTemplateError &&
                e.message ===
                    'vars.name of instance "ecs-alerts": template: stacks/orgs/acme/ue2-prod.yaml:10: function "nosuch" not defined' &&
                e.line === 10,
        );
    });

    it("refuses atmos.Component where no component pass describes components, naming where it works", () => {
        // Without a describer (import templates, import paths, name templates): refused by name.
        // In the component pass it describes the component (tests/stack/atmosComponent.test.ts).
        assert.throws(
            () => renderComponentString('{{ (atmos.Component "vpc" .stack).outputs.vpc_id }}', ctx, on, src),
            /function "atmos\.Component" is not supported here by this port: it describes a component only in the values of components/,
        );
    });

    it("gives atmos.Component the component pass's describer; a value known only later stays text-less", () => {
        // renderComponentString must give text: a whole value known only later is refused there
        // (renderComponentScalar gives it back; tests/stack/atmosComponent.test.ts).
        const outputs = new UnknownValue('(atmos.Component "vpc" "s").outputs', "is known only at deploy time", {});
        const describe = (component: string, stack: string) => ({ vars: { id: `${component}@${stack}` }, outputs });
        const render = (text: string) => renderComponentString(text, ctx, on, src, describe);
        assert.equal(render('{{ (atmos.Component "vpc" .stack).vars.id }}'), "vpc@ue2-prod");
        for (const text of [
            '{{ (atmos.Component "vpc" .stack).outputs.id }}',
            'a{{ (atmos.Component "vpc" .stack).outputs.id }}',
        ]) {
            assert.throws(
                () => render(text),
                (e: unknown) =>
                    e instanceof StackTemplateError &&
                    /^template: stacks\/orgs\/acme\/ue2-prod\.yaml:10(:\d+)?: .*\(atmos\.Component "vpc" "s"\)\.outputs\.id is known only at deploy time$/.test(
                        e.message,
                    ),
                text,
            );
        }
        assert.equal(
            renderComponentScalar('{{ (atmos.Component "vpc" .stack).outputs.id }}', ctx, on, src, describe) instanceof
                UnknownValue,
            true,
        );
    });

    it("renders evaluations times, so a template may produce another", () => {
        const twice = templateSettingsFrom({ templates: { settings: { enabled: true, evaluations: 2 } } });
        const c = { ...ctx, vars: { a: "{{ .vars.b }}", b: "deep" } };
        assert.equal(renderComponentString("{{ .vars.a }}", c, twice, src), "deep");
        assert.equal(renderComponentString("{{ .vars.a }}", c, on, src), "{{ .vars.b }}");
    });

    it("uses atmos.yaml's delimiters", () => {
        const custom = templateSettingsFrom({ templates: { settings: { enabled: true, delimiters: ["${", "}"] } } });
        assert.equal(renderComponentString("${ .vars.stage }-{{ x }}", ctx, custom, src), "prod-{{ x }}");
    });

    it("renders strings inside maps and lists", () => {
        assert.deepEqual(
            renderComponentValue({ a: ["{{ .vars.stage }}", 1], b: { c: "{{ .vars.tags.Team }}" } }, ctx, on, src),
            {
                a: ["prod", 1],
                b: { c: "ops" },
            },
        );
    });
});

describe("stack templating: imports", () => {
    it("renders an import's text with its context, missing keys failing", () => {
        assert.equal(renderImportText("a: {{ .x }}\n", { x: "1" }, "f.yaml", { contextFromOutside: true }), "a: 1\n");
        assert.throws(
            () => renderImportText("a: {{ .y }}\n", { x: "1" }, "f.yaml", { contextFromOutside: true }),
            /map has no entry for key "y"/,
        );
        assert.equal(
            renderImportText("a: {{ .y }}\n", {}, "f.yaml", { contextFromOutside: true, ignoreMissing: true }),
            "a: <no value>\n",
        );
    });

    it("keeps the raw text when no context came from outside and rendering fails", () => {
        assert.equal(renderImportText("a: {{ .y }}\n", {}, "f.yaml", { contextFromOutside: false }), "a: {{ .y }}\n");
    });

    it("gives a scalar that is exactly one field the typed context value", () => {
        const out = renderImportText(
            'a: "{{ .m }}"\nb: {{ .n }}\nc: x-{{ .n }}\n- {{ .l }}\n',
            { m: { k: 1 }, n: 5, l: [1, "x"] },
            "f.yaml",
            {
                contextFromOutside: true,
            },
        );
        assert.equal(out, 'a: {"k":1}\nb: 5\nc: x-5\n- [1,"x"]\n');
    });

    it("finds a typed scalar after list dashes, and a key that starts at the last dash", () => {
        const ctx = { m: { k: 1 } };
        const render = (text: string) => renderImportText(text, ctx, "f.yaml", { contextFromOutside: true });
        const cases: [string, string][] = [
            ["- - {{ .m }}\n", '- - {"k":1}\n'],
            ["- - k: {{ .m }} # c\n", '- - k: {"k":1} # c\n'],
            // no key after the dashes: the last dash starts one (`- : x` is a key of its own)
            ["- : {{ .m }}\n", '- : {"k":1}\n'],
            ['- "x: {{ .m }}\n', '- "x: {"k":1}\n'],
            // a long line of dashes with no colon holds none
            [`${"- ".repeat(2_000)}{{ .m }}x\n`, `${"- ".repeat(2_000)}map[k:1]x\n`],
        ];
        for (const [text, expected] of cases) assert.equal(render(text), expected, JSON.stringify(text));
    });

    // Atmos (cloudposse/atmos 0a1cb4480b3d) types an import's exact scalars in two ways. When the raw
    // file parses as YAML, every string value that is exactly one field action takes the context's
    // typed value wherever it sits, list item or map value, quoted or not, before the text is rendered
    // (internal/exec/stack_processor_utils.go:1183-1198, processStructuredTemplateRefs at :360-384;
    // pkg/template/ast.go:229-291). An unquoted `{{ .n }}` is a flow mapping keyed by a mapping, which
    // go-yaml refuses (decode.go:844-845, "invalid map key"), so such a file is only rendered as text
    // and go-yaml types `- 5` and `b: true` as it resolves them (resolve.go:52, :161, :180-192): for a
    // number or a bool the same value. So a scalar's type never depends on the lines before it: the
    // old match let a key run across lines to the next colon, and the line holding the key lost its
    // typed scalar; and a one-line flow collection's quoted values were never typed.
    it("types each line's exact scalar on its own, as Atmos types each YAML scalar", () => {
        const context = { m: { k: 1 }, n: 5, t: true };
        const render = (text: string) => renderImportText(text, context, "f.yaml", { contextFromOutside: true });
        const parsed = (text: string) => {
            const { root, problems } = parseYamlTree(text, "f.yaml");
            assert.deepEqual(problems, [], text);
            assert.ok(root, text);
            return toPlain(root);
        };
        // [input, old output, new output, Atmos's value]
        const cases: [string, string, string, unknown][] = [
            // the list item before a key line lost its type (quoted: Atmos's structured pass types both)
            [
                'x:\n  - "{{ .m }}"\nb: "{{ .n }}"\n',
                'x:\n  - "map[k:1]"\nb: 5\n',
                'x:\n  - {"k":1}\nb: 5\n',
                { x: [{ k: 1 }], b: 5 },
            ],
            [
                'x:\n  - "{{ .n }}"\nb: "{{ .t }}"\n',
                'x:\n  - "5"\nb: true\n',
                "x:\n  - 5\nb: true\n",
                { x: [5], b: true },
            ],
            // quoted keys: the old match took none (unless a line before ran into them)
            ['"a b": "{{ .m }}"\n', '"a b": "map[k:1]"\n', '"a b": {"k":1}\n', { "a b": { k: 1 } }],
            ["'a''b': \"{{ .n }}\"\n", "'a''b': \"5\"\n", "'a''b': 5\n", { "a'b": 5 }],
            // a one-line flow collection's quoted values (Atmos types them; keys stay text, then render)
            ['k: ["{{ .n }}", x]\n', 'k: ["5", x]\n', "k: [5, x]\n", { k: [5, "x"] }],
            [
                "- ['{{ .t }}', \"{{ .m }}\"] # c\n",
                "- ['true', \"map[k:1]\"] # c\n",
                '- [true, {"k":1}] # c\n',
                [[true, { k: 1 }]],
            ],
            [
                'k: {a: "{{ .n }}", "{{ .n }}": 1, b: [x, "{{ .t }}"]}\n',
                'k: {a: "5", "5": 1, b: [x, "true"]}\n',
                'k: {a: 5, "5": 1, b: [x, true]}\n',
                { k: { a: 5, "5": 1, b: ["x", true] } },
            ],
            // unchanged: a quoted scalar that only looks like a flow collection
            ["k: '[\"{{ .n }}\"]'\n", "k: '[\"5\"]'\n", "k: '[\"5\"]'\n", { k: '["5"]' }],
            // unchanged: unquoted numbers and bools (Atmos: text, then go-yaml's resolve)
            ["x:\n  - {{ .n }}\nb: {{ .t }}\n", "x:\n  - 5\nb: true\n", "x:\n  - 5\nb: true\n", { x: [5], b: true }],
            // unchanged: a value on the line after its key, and an explicit key's `:` line
            ['b:\n  "{{ .m }}"\n', 'b:\n  {"k":1}\n', 'b:\n  {"k":1}\n', { b: { k: 1 } }],
            ['? k\n: "{{ .m }}"\n', '? k\n: {"k":1}\n', '? k\n: {"k":1}\n', { k: { k: 1 } }],
            // unchanged: a later line's key, after lines with no colon
            ['- x\n- y: "{{ .n }}"\n', "- x\n- y: 5\n", "- x\n- y: 5\n", ["x", { y: 5 }]],
        ];
        for (const [text, old, expected, atmos] of cases) {
            assert.equal(render(text), expected, JSON.stringify(text));
            assert.deepEqual(parsed(expected), atmos, JSON.stringify(text));
            // where the old output differs, it read back as a value other than Atmos's
            if (old !== expected) assert.notDeepEqual(parsed(old), atmos, JSON.stringify(text));
        }
    });

    it("renders a templated import path from settings and context", () => {
        assert.equal(
            renderImportPath("catalog/{{ .settings.ref }}/svc", { settings: { ref: "v2" } }, "f.yaml"),
            "catalog/v2/svc",
        );
    });
});

describe("YAML functions", () => {
    const env = { HOME: "/home/u", EMPTY: "" };

    it("splits arguments on spaces, with quotes grouping", () => {
        assert.deepEqual(splitArguments(`a "b c" 'd ''e''' "f""g"`), ["a", "b c", "d 'e'", 'f"g']);
    });

    it("!env reads the component's env first, then the process, then the default", () => {
        assert.equal(evaluateYamlFunction("!env HOME", { processEnv: env }), "/home/u");
        assert.equal(evaluateYamlFunction("!env HOME", { processEnv: env, componentEnv: { HOME: "/c" } }), "/c");
        assert.equal(evaluateYamlFunction('!env NOPE "a default"', { processEnv: env }), "a default");
        assert.equal(evaluateYamlFunction("!env NOPE", { processEnv: env }), "");
    });

    it("!template decodes JSON, else keeps the text", () => {
        assert.deepEqual(evaluateYamlFunction('!template ["a","b"]'), ["a", "b"]);
        assert.equal(evaluateYamlFunction("!template plain text"), "plain text");
    });

    it("!exec runs only with allowExec, and decodes JSON output", () => {
        assert.throws(() => evaluateYamlFunction("!exec echo hi"), /allowExec config or --allow-exec/);
        let ran = "";
        const runCommand = (c: string) => {
            ran = c;
            return '{"a": 1}\n';
        };
        assert.deepEqual(evaluateYamlFunction("!exec make-json --x", { allowExec: true, runCommand }), { a: 1 });
        assert.equal(ran, "make-json --x");
    });

    it("!terraform.output and !terraform.state become stack-output references", () => {
        const two = evaluateYamlFunction("!terraform.output vpc .vpc_id");
        assert.ok(isDeployTimeReference(two));
        assert.deepEqual(
            { ...two },
            {
                kind: "stack-output",
                function: "!terraform.output",
                component: "vpc",
                output: "vpc_id",
                path: [],
                text: "!terraform.output vpc .vpc_id",
            },
        );
        const three = evaluateYamlFunction("!terraform.state vpc plat-ue2-dev '.subnets[0].id'");
        assert.ok(isDeployTimeReference(three));
        assert.deepEqual(
            [three.kind === "stack-output" && three.stack, three.kind === "stack-output" && three.output, three.path],
            ["plat-ue2-dev", "subnets", [0, "id"]],
        );
        assert.throws(
            () => evaluateYamlFunction('!terraform.output vpc ".a | length"'),
            /yq expression ".a \| length" is not supported/,
        );
    });

    it("!store on an SSM store becomes a parameter reference named as Atmos's SSM store names it", () => {
        const stores = {
            ssm: { type: "aws-ssm-parameter-store", options: { region: "us-east-2", prefix: "/atmos" } },
            r: { type: "redis" },
        };
        const r = evaluateYamlFunction('!store ssm plat-ue2-dev vpc/main vpc_id | default "none"', { stores });
        assert.ok(isDeployTimeReference(r) && r.kind === "ssm-parameter");
        assert.equal(r.parameter, "/atmos/plat/ue2/dev/vpc/main/vpc_id");
        assert.equal(r.default, "none");
        const current = evaluateYamlFunction("!store ssm vpc id | query .a", { stores, stack: "a-b" });
        assert.ok(isDeployTimeReference(current) && current.kind === "ssm-parameter");
        assert.deepEqual([current.parameter, current.path], ["/atmos/a/b/vpc/id", ["a"]]);
        assert.throws(
            () => evaluateYamlFunction("!store r vpc id", { stores }),
            /type "redis"; this port reads only aws-ssm-parameter-store/,
        );
        assert.throws(() => evaluateYamlFunction("!store nope vpc id", { stores }), /no store "nope"/);
    });

    it("refuses the other Atmos functions by name", () => {
        for (const f of ["!git.sha", "!aws.account_id", "!secret x", "!version x"]) {
            assert.throws(
                () => evaluateYamlFunction(f),
                (e: unknown) =>
                    e instanceof YamlFunctionError &&
                    e.message.startsWith(f.split(" ")[0] + " is not supported by this port"),
            );
        }
    });

    it("!unset removes, text that is no function stays", () => {
        assert.equal(evaluateYamlFunction("!unset"), UNSET);
        assert.equal(evaluateYamlFunction("!important message"), "!important message");
    });

    // Atmos keeps !cwd, !random and !cel in a stack manifest as the text (pkg/utils/yaml_utils.go
    // 826-833) and its component pass has no case for them (internal/exec/yaml_func_utils.go
    // processSimpleTags 300-473): the value is the text, told as a warning.
    it("leaves !cwd, !random and !cel as their text, as Atmos does in a stack manifest, with a warning", () => {
        for (const f of ["!cwd", "!random 1 2", "!cel a > 1"]) {
            const warned: string[] = [];
            assert.equal(evaluateYamlFunction(f, { cwd: "/w", warn: (m) => warned.push(m) }), f);
            assert.equal(warned.length, 1);
            assert.match(warned[0], new RegExp(`^${f.split(" ")[0]} is left as the text`));
        }
    });

    // internal/exec/yaml_func_tags.go 52-99 over pkg/tags/convert.go 12-72: strings only, label
    // keys sorted by bytes, values in key order; an unset section gives an empty list or map.
    it("!tags and !labels[.keys|.values] return the component's own metadata", () => {
        const metadata = { tags: ["prod", 3, "api"], labels: { team: "core", Zone: "a", n: 1, é: "x" } };
        assert.deepEqual(evaluateYamlFunction("!tags", { metadata }), ["prod", "api"]);
        assert.deepEqual(evaluateYamlFunction("!labels", { metadata }), { Zone: "a", team: "core", é: "x" });
        assert.deepEqual(evaluateYamlFunction("!labels.keys", { metadata }), ["Zone", "team", "é"]);
        assert.deepEqual(evaluateYamlFunction("!labels.values", { metadata }), ["a", "core", "x"]);
        assert.deepEqual(evaluateYamlFunction("!tags", {}), []);
        assert.deepEqual(evaluateYamlFunction("!labels", { metadata: { labels: "x" } }), {});
        assert.throws(() => evaluateYamlFunction("!tags x", { metadata }), /!tags takes no arguments/);
    });

    it("parses yq paths", () => {
        assert.deepEqual(parseYqPath('.a.b[2]["c-d"]', "!x"), ["a", "b", 2, "c-d"]);
        assert.deepEqual(parseYqPath("name", "!x"), ["name"]);
    });
});

describe("!include", () => {
    const dir = fs.mkdtempSync(nodePath.join(os.tmpdir(), "include-"));
    after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = nodePath.join(dir, "stacks", "dev.yaml");
    fs.mkdirSync(nodePath.dirname(file), { recursive: true });
    fs.writeFileSync(
        nodePath.join(dir, "stacks", "v.tfvars"),
        'environment = "dev"\ntags = {\n  Team = "platform" # c\n  "a-b" = 1\n}\nlist = [1, true, null]\n',
    );
    fs.writeFileSync(nodePath.join(dir, "stacks", "v.yaml"), "a:\n  b: [1, 2]\n");
    fs.writeFileSync(nodePath.join(dir, "stacks", "x.txt"), "raw text\n");

    it("parses a .tfvars file's attributes", () => {
        assert.deepEqual(evaluateInclude("./v.tfvars", false, { file }), {
            environment: "dev",
            tags: { Team: "platform", "a-b": 1 },
            list: [1, true, null],
        });
    });

    it("selects with a yq path, and inlines text with !include.raw", () => {
        assert.deepEqual(evaluateInclude("./v.yaml .a.b[1]", false, { file }), 2);
        assert.equal(evaluateInclude("./x.txt", false, { file }), "raw text\n");
        assert.equal(evaluateInclude("./v.yaml", true, { file }), "a:\n  b: [1, 2]\n");
    });

    it("resolves a bare path from the working directory, then the base path", () => {
        assert.deepEqual(evaluateInclude("stacks/v.yaml", false, { file, cwd: dir }), { a: { b: [1, 2] } });
        assert.deepEqual(
            evaluateInclude("v.yaml", false, { file, cwd: "/nonexistent", basePath: nodePath.join(dir, "stacks") }),
            { a: { b: [1, 2] } },
        );
    });

    it("refuses remote sources and names missing files", () => {
        assert.throws(() => evaluateInclude("https://x/y.yaml", false, { file }), /remote sources are not supported/);
        assert.throws(() => evaluateInclude("./none.yaml", false, { file }), /none.yaml not found/);
    });

    it("parses dotenv and refuses HCL blocks and expressions", () => {
        assert.deepEqual(parseDotenv('A=1\nexport B="two"\n# c\nC=x # tail\n'), { A: "1", B: "two", C: "x" });
        assert.throws(() => parseHclAttributes('resource "x" "y" {}'), /blocks are not supported/);
        assert.throws(() => parseHclAttributes("a = var.x"), /expressions are not supported/);
        assert.equal(parseHclAttributes("a = <<-EOT\n    x\n      y\n    EOT\n").a, "x\n  y\n");
    });
});

describe("includeNode (for a parser meeting an !include tag)", () => {
    it("gives the included value as located nodes, or a located problem", () => {
        const dir = fs.mkdtempSync(nodePath.join(os.tmpdir(), "include-node-"));
        try {
            fs.writeFileSync(nodePath.join(dir, "v.json"), '{"a": [1, "x"]}');
            const loc = { file: nodePath.join(dir, "stack.yaml"), line: 3, column: 7 };
            const r = includeNode("./v.json .a", false, loc, { file: loc.file });
            assert.ok("node" in r && r.node.kind === "seq" && r.node.loc.line === 3);
            assert.deepEqual(toPlain(r.node), [1, "x"]);
            const bad = includeNode("./none.json", false, loc, { file: loc.file });
            assert.ok("problem" in bad && bad.problem.code === "YAML_FUNCTION" && bad.problem.line === 3);
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
