/**
 * Template limits: every way a template can make work or memory grow
 * ends in a located error naming the limit of `TEMPLATE_LIMITS`; printf follows Go's fmt for
 * widths and precisions past 1e6. These inputs are small or reach their limit at once; the big
 * ones (20,000 levels, 200,000 appends, a width of 1e6) and the ones that used to hang or exhaust
 * memory (in a child process with a heap limit) run in limits.slow.test.ts.
 */
import * as assert from "node:assert/strict";

import { renderTemplate, TEMPLATE_LIMITS, TemplateError, TemplateLimitExceeded } from "../../gotemplate";
import { createLabel, format } from "../../label";
import { parseStack } from "../../stack";
import { processTmpl, renderImportText } from "../../stack/templating";
import { evaluateYamlFunction, YamlFunctionError } from "../../stack/yamlFunctions";
import { lines, stackError, STACK_VARS } from "../helpers/stack";
import { limitError, nestedIfs, nestedParens } from "../helpers/templates";

const doublingDefines = (n: number, text: string) =>
    `{{define "t0"}}${text}{{end}}` +
    Array.from({ length: n }, (_, i) => `{{define "t${i + 1}"}}{{template "t${i}"}}{{template "t${i}"}}{{end}}`).join(
        "",
    ) +
    `{{template "t${n}"}}`;

describe("template limits (issue 20, classes 5 and 9)", () => {
    it("are one error class: a function's limit is located by the executor, with code TEMPLATE_LIMIT", () => {
        assert.throws(
            () => renderTemplate("t", "{{ until 1000000000 }}", {}),
            (e: unknown) =>
                e instanceof TemplateLimitExceeded &&
                e.located &&
                e.template === "t" &&
                e.line === 1 &&
                e.code === "TEMPLATE_LIMIT" &&
                e.message.startsWith("template: t:1:3: "),
        );
    });

    describe("each ends with the place and the limit", () => {
        const cases: [string, string, RegExp][] = [
            [
                "until",
                "{{ until 1000000000 }}",
                /^template: t:1:3: .*the list would have 1,000,000,000 items \(template limit maxListItems = 1,000,000\)$/,
            ],
            [
                "untilStep",
                "{{ untilStep 0 1000000000000000000 1 }}",
                /^template: t:1:3: .*error calling untilStep: .*maxListItems/,
            ],
            ["range over until", "{{ range until 100000000 }}x{{ end }}", /^template: t:1:9: .*maxListItems/],
            [
                "seq",
                "{{ seq 1 100000000 }}",
                /^template: t:1:3: .*the sequence would have 100,000,000 items.*maxListItems/,
            ],
            [
                "randAlphaNum",
                "{{ randAlphaNum 1000000000 }}",
                /^template: t:1:3: .*1,000,000,000 characters long \(template limit maxString = 8,388,608\)$/,
            ],
            ["randAlpha", "{{ randAlpha 1000000000 }}", /maxString/],
            ["randBytes", "{{ randBytes 1000000000 }}", /maxString/],
            ["repeat", '{{ repeat 1000000000 "ab" }}', /^template: t:1:3: .*2,000,000,000 characters long.*maxString/],
            ["indent", '{{ indent 100000000 "a\\nb" }}', /maxString/],
            [
                "a self-doubling string",
                '{{ $s := "x" }}{{ range until 60 }}{{ $s = print $s $s }}{{ end }}',
                /^template: t:1:\d+: executing "t" at <print \$s \$s>: .*maxString/,
            ],
            [
                "a self-doubling define",
                doublingDefines(40, "x".repeat(64)),
                /^template: t\d+:1:\d+: .*template output is longer than 8,388,608 characters \(template limit maxOutput\)$/,
            ],
            [
                "output",
                '{{ $s := repeat 8000000 "a" }}{{ $s }}{{ $s }}',
                /^template: t:1:\d+: executing "t" at <\$s>: .*maxOutput/,
            ],
            [
                "endless recursion",
                '{{ define "r" }}{{ template "r" . }}{{ end }}{{ template "r" . }}',
                /maximum template depth \(template limit maxTemplateDepth = 1,000\)$/,
            ],
            [
                "a dict that holds itself",
                '{{ $d := dict }}{{ $_ := set $d "self" $d }}{{ $d }}',
                /^template: t:1:44: .*nested more than 1,000 levels deep.*maxValueDepth/,
            ],
            [
                "toJson of a dict that holds itself",
                '{{ $d := dict }}{{ $_ := set $d "self" $d }}{{ toJson $d }}',
                /error calling toJson: .*maxValueDepth/,
            ],
            [
                "deepCopy of a dict that holds itself",
                '{{ $d := dict }}{{ $_ := set $d "s" $d }}{{ deepCopy $d }}',
                /error calling deepCopy: .*maxValueDepth/,
            ],
            [
                "merge of a dict that holds itself",
                '{{ $d := dict }}{{ $_ := set $d "s" $d }}{{ merge (dict) $d }}',
                /error calling merge: .*maxValueDepth/,
            ],
            [
                "a list that holds itself",
                '{{ $l := list 1 }}{{ $d := dict "l" $l }}{{ $_ := set $d "d" $d }}{{ printf "%v" $d }}',
                /maxValueDepth/,
            ],
            [
                "a dict that holds another twice, sixty times over",
                '{{ $d := dict }}{{ range until 60 }}{{ $d = dict "a" $d "b" $d }}{{ end }}{{ toYaml $d }}',
                /maxValueNodes = 1,000,000/,
            ],
            [
                "501 nested ifs",
                nestedIfs(501),
                /^template: t:1: blocks nested more than 500 levels deep \(template limit maxParseDepth\)$/,
            ],
            [
                "501 nested parentheses",
                nestedParens(501),
                /^template: t:1: parentheses nested more than 500 levels deep \(template limit maxParseDepth\)$/,
            ],
            [
                "fromJson of deep arrays",
                '{{ fromJson (repeat 100000 "[") }}',
                /error calling fromJson: JSON nested more than 1,000 levels deep \(template limit maxValueDepth/,
            ],
            [
                "mustFromJson of deep arrays",
                '{{ mustFromJson (print (repeat 5000 "[") (repeat 5000 "]")) }}',
                /maxValueDepth/,
            ],
        ];
        for (const [what, text, expected] of cases) {
            it(what, () => assert.match(limitError(text), expected));
        }
    });

    it("allows what stays within the limits", () => {
        assert.equal(renderTemplate("t", nestedIfs(200), {}), "x");
        assert.equal(renderTemplate("t", nestedParens(200), {}), "1");
        assert.equal(renderTemplate("t", "{{ len (until 100000) }}", {}), "100000");
        assert.equal(renderTemplate("t", '{{ len (repeat 1000000 "ab") }}', {}), "2000000");
        assert.equal(renderTemplate("t", "{{ len (uniq (concat (until 50000) (until 50000))) }}", {}), "50000");
        assert.equal(
            renderTemplate(
                "t",
                '{{ $d := dict }}{{ range until 10 }}{{ $d = dict "a" $d "b" $d }}{{ end }}{{ len (toJson $d) }}',
                {},
            ),
            "13301",
        );
    });

    describe("printf refuses widths and precisions past 1e6 as Go's fmt does", () => {
        const cases: [string, unknown[], string][] = [
            ["%0500000000d", [5], "%!(NOVERB)%!(EXTRA int=5)"],
            ["%.400000000e", [5.5], "%!(NOVERB)%!(EXTRA float64=5.5)"],
            ["%*d", [2_000_000, 5], "%!(BADWIDTH)5"],
            ["%.*f", [2_000_000, 1.5], "%!(BADPREC)1.500000"],
            ["%-*d|", [-2_000_000, 5], "%!(BADWIDTH)5|"],
        ];
        for (const [fmt, args, expected] of cases) {
            it(`printf ${JSON.stringify(fmt)}`, () => {
                const text = `{{ printf ${JSON.stringify(fmt)} ${args.map((a) => (Number.isInteger(a) ? String(a) : (a as number).toFixed(1))).join(" ")} }}`;
                assert.equal(renderTemplate("t", text, {}), expected);
            });
        }
    });

    it("a string the engine cannot hold is reported as the string limit", () => {
        // 100 references to one 8 MB string, given as data (a template passing the string to a
        // function 100 times is stopped earlier, by the steps its arguments cost: below)
        const big = "a".repeat(8_000_000);
        assert.match(
            limitError('{{ join "" . }}', Array<string>(100).fill(big)),
            /error calling join: value too large \(template limits maxString = 8,388,608 characters/,
        );
    });

    it("charges a function for the strings it is given: 1,000 appends of an 8 MB string stop at maxOperations", () => {
        const text =
            '{{ $s := repeat 8000000 "a" }}{{ $l := list }}{{ range until 1000 }}{{ $l = append $l $s }}{{ end }}{{ join "" $l }}';
        assert.match(
            limitError(text),
            /^template: t:1:76: executing "t" at <append \$l \$s>: error calling append: template ran more than 5,000,000 steps \(template limit maxOperations\)$/,
        );
    });

    it("refuses what Go would panic on, and keeps Go's results for the rest", () => {
        assert.throws(
            () => renderTemplate("t", "{{ chunk 0 (list 1 2) }}", {}),
            /chunk size must be at least 1, got 0/,
        );
        assert.equal(renderTemplate("t", "{{ seq 1 0 3 }}|{{ seq 5 1 }}|{{ untilStep 0 10 0 }}", {}), "|5 4 3 2 1|[]");
        assert.equal(renderTemplate("t", '{{ toJson (merge nil (dict "a" 1)) }}', {}), '{"a":1}');
    });

    it("!template refuses JSON nested past the value limit", () => {
        assert.throws(
            () => evaluateYamlFunction(`!template ${"[".repeat(2000)}${"]".repeat(2000)}`),
            (e: Error) =>
                e instanceof YamlFunctionError &&
                /JSON nested more than 1,000 levels deep \(template limit maxValueDepth/.test(e.message),
        );
        assert.deepEqual(evaluateYamlFunction("!template [[1]]"), [[1]]);
    });

    it("a limit is never swallowed by a function's quiet fallback", () => {
        assert.throws(
            () => renderTemplate("t", '{{ $d := dict }}{{ $_ := set $d "s" $d }}{{ toJson $d }}', {}),
            TemplateLimitExceeded,
        );
        assert.equal(renderTemplate("t", '{{ toJson (fromJson "not json") }}', {}), "null");
    });

    it("a limit in an import template without a context is reported, not left as the raw text", () => {
        assert.throws(
            () =>
                renderImportText("a: {{ until 1000000000 }}\n", {}, "stacks/catalog/x.yaml.tmpl", {
                    contextFromOutside: false,
                }),
            (e: Error) => /stacks\/catalog\/x\.yaml\.tmpl:1.*maxListItems/.test(e.message),
        );
    });

    it("name_template: a self-doubling name ends with the limit", () => {
        const template = '{{ $s := "ab" }}{{ range until 40 }}{{ $s = print $s $s }}{{ end }}{{ $s }}';
        assert.throws(
            () => processTmpl("name_template", template, { vars: {} }, false),
            (e: Error) => e instanceof TemplateError && /maxString/.test(e.message),
        );
    });

    it("a stack file's var reports the file, line and column, and the limit", () => {
        const error = stackError(() =>
            parseStack(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    r:",
                    "      metadata: {component: eventbridge}",
                    "      vars:",
                    "        name: '{{ until 1000000000 }}'",
                ),
                "stacks/limits.yaml",
            ),
        );
        assert.match(
            error.message,
            /^stacks\/limits\.yaml:7:15: eventbridge "r": name: template: stacks\/limits\.yaml:7:3: .*maxListItems = 1,000,000\)$/m,
        );
    });

    it("declares each limit", () => {
        assert.deepEqual(Object.keys(TEMPLATE_LIMITS).sort(), [
            "maxEvaluations",
            "maxFormatWidth",
            "maxListItems",
            "maxLoadOperations",
            "maxOperations",
            "maxOutput",
            "maxParseDepth",
            "maxRegexMilliseconds",
            "maxString",
            "maxTemplateDepth",
            "maxValueDepth",
            "maxValueNodes",
        ]);
        assert.ok(Object.isFrozen(TEMPLATE_LIMITS));
    });

    describe("Terraform's format() in the label", () => {
        it("refuses a width or precision past 1e6 (it was a RangeError)", () => {
            assert.throws(
                () => format("%0999999999d", 5),
                /^Error: format: width 999999999 of the verb at offset 0 is larger than 1,000,000/,
            );
            assert.throws(
                () => format("x%.999999999f", 5),
                /^Error: format: precision 999999999 of the verb at offset 1 is larger/,
            );
            assert.equal(format("%01000000d", 5).length, 1_000_000);
        });
    });

    describe("label attributes are de-duplicated in linear time, in the same order", () => {
        it("keeps the first of each, drops empties, before and after casing", () => {
            const attributes = ["b", "A", "a", "", "b", "C!", "c", "a"];
            const label = createLabel({ namespace: "eg", name: "x", attributes, labelValueCase: "lower" });
            assert.deepEqual(label.attributes, ["b", "a", "c"]);
            assert.deepEqual(
                createLabel({ namespace: "eg", name: "x", attributes, labelValueCase: "none" }).attributes,
                ["b", "A", "a", "C", "c"],
            );
        });
    });
});
