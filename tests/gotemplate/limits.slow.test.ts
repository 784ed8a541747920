/**
 * Template limits, bounded: the templates and stack files that used to run for minutes,
 * abort V8 or take gigabytes run in child processes with a 512 MB heap, killed by the harness
 * (tests/helpers/bounded.ts) after 60 s. Each case must end with its located, named-limit error
 * (or its result), and leave Object.prototype untouched. The inputs are generated in the child.
 * The cases of limits.test.ts whose inputs are too big for the unit tier run here in-process.
 */
import * as assert from "node:assert/strict";

import { startBeforeTests } from "../helpers/processes";
import { renderTemplate } from "../../gotemplate";
import { describeRun, runBoundedScript, type BoundedRun } from "../helpers/bounded";
import { limitError, nestedIfs, nestedParens } from "../helpers/templates";

/** One case: `run` is a JavaScript expression over `t` (gotemplate), `s` (stack), `tm` (stack/templating), `l` (label). */
interface Case {
    readonly name: string;
    readonly run: string;
    /** The error's message, or "ok" when the case must succeed. */
    readonly expected: RegExp | "ok";
}

const STACK = (vars: string, extra = "") =>
    `"vars: {region: us-east-2, namespace: eg, environment: ue2, stage: prod}\\n${extra}components:\\n  terraform:\\n    r:\\n      metadata: {component: eventbridge}\\n      vars:\\n        event_rule_pattern: {source: [x]}\\n" + ${vars}`;

const TEMPLATES: readonly Case[] = [
    {
        name: "until 1e9",
        run: `t.renderTemplate("t", "{{ until 1000000000 }}", {})`,
        expected: /^template: t:1:3: .*maxListItems = 1,000,000\)$/,
    },
    {
        name: "untilStep 0 1e18 1",
        run: `t.renderTemplate("t", "{{ untilStep 0 1000000000000000000 1 }}", {})`,
        expected: /^template: t:1:3: .*maxListItems/,
    },
    {
        name: 'printf "%0500000000d"',
        run: `t.renderTemplate("t", '{{ printf "%0500000000d" 5 }}', {})`,
        expected: "ok",
    },
    {
        name: 'printf "%.400000000e"',
        run: `t.renderTemplate("t", '{{ printf "%.400000000e" 5.5 }}', {})`,
        expected: "ok",
    },
    {
        name: "range until 1e8",
        run: `t.renderTemplate("t", "{{ range until 100000000 }}x{{ end }}", {})`,
        expected: /^template: t:1:9: .*maxListItems/,
    },
    {
        name: "seq 1 1e8",
        run: `t.renderTemplate("t", "{{ seq 1 100000000 }}", {})`,
        expected: /^template: t:1:3: .*maxListItems/,
    },
    {
        name: "randAlphaNum 1e9",
        run: `t.renderTemplate("t", "{{ randAlphaNum 1000000000 }}", {})`,
        expected: /^template: t:1:3: .*maxString = 8,388,608\)$/,
    },
    {
        name: "a self-doubling define",
        run: `t.renderTemplate("t", '{{define "t0"}}' + "x".repeat(100) + '{{end}}' + Array.from({ length: 40 }, (_, i) => '{{define "t' + (i + 1) + '"}}{{template "t' + i + '"}}{{template "t' + i + '"}}{{end}}').join("") + '{{template "t40"}}', {})`,
        expected:
            /^template: t\d+:1:\d+: executing "t\d+" at <template "t\d+">: template output is longer than 8,388,608 characters \(template limit maxOutput\)$/,
    },
    {
        name: "a self-doubling define with no output",
        run: `t.renderTemplate("t", '{{define "t0"}}{{end}}' + Array.from({ length: 40 }, (_, i) => '{{define "t' + (i + 1) + '"}}{{template "t' + i + '"}}{{template "t' + i + '"}}{{end}}').join("") + '{{template "t40"}}', {})`,
        expected: /^template: t\d+:1:\d+: .*template ran more than 5,000,000 steps \(template limit maxOperations\)$/,
    },
    {
        name: "a self-doubling name_template",
        run: `tm.processTmpl("name_template", '{{ $s := "ab" }}{{ range until 40 }}{{ $s = print $s $s }}{{ end }}{{ $s }}', { vars: {} }, false)`,
        expected: /^template: name_template:1:\d+: .*maxString/,
    },
    {
        name: "a dict that holds itself",
        run: `t.renderTemplate("t", '{{ $d := dict }}{{ $_ := set $d "self" $d }}{{ $d }}', {})`,
        expected: /maxValueDepth = 1,000\)$/,
    },
    {
        name: "20,000 nested ifs",
        run: `t.renderTemplate("t", "{{ if true }}".repeat(20000) + "{{ end }}".repeat(20000), {})`,
        expected: /^template: t:1: blocks nested more than 500 levels deep \(template limit maxParseDepth\)$/,
    },
    {
        name: "20,000 nested parentheses",
        run: `t.renderTemplate("t", "{{ " + "(".repeat(20000) + "1" + ")".repeat(20000) + " }}", {})`,
        expected: /maxParseDepth/,
    },
    {
        name: "fromJson of 1,000,000 nested arrays",
        run: `t.renderTemplate("t", '{{ fromJson (repeat 1000000 "[") }}', {})`,
        expected: /JSON nested more than 1,000 levels deep/,
    },
    {
        name: 'format("%0999999999d")',
        run: `l.format("%0999999999d", 5)`,
        expected: /^format: width 999999999 of the verb at offset 0 is larger than 1,000,000/,
    },
];

const STACK_FILES: readonly Case[] = [
    {
        // 10,000 levels: 220,000 characters, under the 262,144 a stack-file value may hold.
        name: "10,000 nested ifs in a var",
        run: `s.parseStack(${STACK(`"        name: '" + "{{ if true }}".repeat(10000) + "x" + "{{ end }}".repeat(10000) + "'\\n"`)}, "stacks/deep.yaml")`,
        expected:
            /^stacks\/deep\.yaml:8:15: eventbridge "r": name: template: stacks\/deep\.yaml:8: blocks nested more than 500 levels deep \(template limit maxParseDepth\)$/,
    },
    {
        name: "a var whose template doubles a dict",
        run: `s.parseStack(${STACK(`"        name: '{{ $d := dict }}{{ range until 60 }}{{ $d = dict \\"a\\" $d \\"b\\" $d }}{{ end }}{{ toJson $d }}'\\n"`)}, "stacks/dag.yaml")`,
        expected:
            /^stacks\/dag\.yaml:8:15: eventbridge "r": name: template: stacks\/dag\.yaml:8:\d+: .*maxValueNodes = 1,000,000\)$/,
    },
    {
        name: "a chain of 20,000 locals",
        run: `s.parseStack("locals:\\n  l0: x\\n" + Array.from({ length: 20000 }, (_, i) => "  l" + (i + 1) + ": '{{ .locals.l" + i + " }}'\\n").join("") + ${STACK(`"        name: '{{ .locals.l20000 }}'\\n"`)}, "stacks/locals.yaml").instances[0].args.name`,
        expected: "ok",
    },
    {
        name: "100,000 attributes",
        // A flow sequence keeps the file under the 1 MiB a stack file may hold.
        run: `s.parseStack(${STACK(`"        name: n\\n        attributes: [" + Array.from({ length: 100000 }, (_, i) => "a" + i).join(",") + "]\\n"`)}, "stacks/attributes.yaml").instances[0].args.attributes`,
        expected: "ok",
    },
];

/** The child's script: each case's outcome as one JSON line, in order. */
function script(cases: readonly Case[]): string {
    return `const t = require(root + "/gotemplate");
const s = require(root + "/stack");
const tm = require(root + "/stack/templating");
const l = require(root + "/label");
const cases = [${cases.map((c) => `[${JSON.stringify(c.name)}, () => ${c.run}]`).join(",\n")}];
for (const [name, run] of cases) {
    let outcome;
    try {
        const result = run();
        outcome = { name, ok: true, length: result.length };
    } catch (error) {
        outcome = { name, ok: false, message: String(error && error.message) };
    }
    process.stdout.write(JSON.stringify(outcome) + "\\n");
}`;
}

const OPTIONS = { memoryMb: 512, timeoutMs: 60_000 };
const runs = startBeforeTests(() => ({
    templates: runBoundedScript(script(TEMPLATES), OPTIONS),
    stackFiles: runBoundedScript(script(STACK_FILES), OPTIONS),
}));

function check(group: "templates" | "stackFiles", cases: readonly Case[]): void {
    let run: BoundedRun;
    before(async function () {
        this.timeout(120_000);
        run = await (await runs())[group];
    });
    it("ends within the heap and time limits, exit 0, Object.prototype untouched", () => {
        assert.equal(run.timedOut, false, describeRun(run));
        assert.equal(run.status, 0, describeRun(run));
        assert.deepEqual(run.probe?.addedToObjectPrototype, [], describeRun(run));
        assert.equal(run.probe?.polluted, undefined);
    });
    cases.forEach((c, i) => {
        it(c.name, () => {
            const line = run.stdout.split("\n")[i];
            assert.ok(line, `no outcome (the child ended before this case): ${describeRun(run)}`);
            const outcome = JSON.parse(line) as { name: string; ok: boolean; message?: string; length?: number };
            assert.equal(outcome.name, c.name);
            if (c.expected === "ok") assert.equal(outcome.ok, true, outcome.message);
            else {
                assert.equal(outcome.ok, false, "rendered");
                assert.match(outcome.message!, c.expected);
            }
        });
    });
}

describe("template limits, bounded (issue 20, classes 5 and 9)", () => {
    describe("templates", () => check("templates", TEMPLATES));
    describe("stack files", () => check("stackFiles", STACK_FILES));
});

// The big inputs of limits.test.ts, in-process.
describe("template limits (issue 20, classes 5 and 9)", () => {
    describe("each ends with the place and the limit", () => {
        const cases: [string, string, RegExp][] = [
            [
                "20,000 nested ifs",
                nestedIfs(20_000),
                /^template: t:1: blocks nested more than 500 levels deep \(template limit maxParseDepth\)$/,
            ],
            [
                "20,000 nested parentheses",
                nestedParens(20_000),
                /^template: t:1: parentheses nested more than 500 levels deep \(template limit maxParseDepth\)$/,
            ],
            [
                "append in a loop",
                "{{ $l := list }}{{ range until 200000 }}{{ $l = append $l 1 }}{{ end }}",
                /template ran more than 5,000,000 steps \(template limit maxOperations\)$/,
            ],
        ];
        for (const [what, text, expected] of cases) {
            it(what, () => assert.match(limitError(text), expected));
        }
    });

    describe("printf refuses widths and precisions past 1e6 as Go's fmt does", () => {
        it("still pads to a width of 1e6", () => {
            assert.equal(renderTemplate("t", '{{ len (printf "%01000000d" 7) }}', {}), "1000000");
        });
    });
});
