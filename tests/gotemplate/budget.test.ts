/**
 * Budgets by work: a template function pays for what it is given and what it does
 * (strings by their length, value walks by their nodes, regular expressions by input, program and
 * matches), every template of a stack load draws on one budget, and atmos.yaml's
 * `templates.settings.evaluations` is capped. Small inputs that were accepted before at a cost far
 * beyond their step count. Inputs of a megabyte or more (a hash of 1 MB, deepEqual and the regular
 * expressions per match) and the full-size cases run in tests/gotemplate/budget.slow.test.ts.
 */
import * as assert from "node:assert/strict";
import { renderTemplate, TEMPLATE_LIMITS } from "../../gotemplate";
import { currentLoadBudget, withLoadBudget } from "../../gotemplate/limits";
import { loadStackFile } from "../../stack";
import { templateSettingsFrom } from "../../stack/templating";
import { lines, memoryFiles, ROOT, stackError, STACK_VARS } from "../helpers/stack";
import { limitError } from "../helpers/templates";

describe("templates are charged by their work (issue 30)", () => {
    it("regexMatch pays for the input times the program before it searches", () => {
        // 1,000 alternatives make a program of about 3,000 instructions: 200,000 characters cost ~9.4 million steps
        const pattern = Array.from({ length: 1000 }, (_, i) => `w${i}x`).join("|");
        assert.match(
            limitError(`{{ regexMatch "${pattern}" (repeat 200000 "w") }}`),
            /error calling regexMatch: template ran more than 5,000,000 steps/,
        );
    });

    it("the results of regular expressions are Go's (the matches are streamed now)", () => {
        assert.equal(renderTemplate("t", '{{ regexReplaceAll "a(x*)b" "-ab-axxb-" "${1}W" }}', {}), "-W-xxW-");
        assert.equal(
            renderTemplate("t", '{{ regexReplaceAllLiteral "a(x*)b" "-ab-axxb-" "${1}" }}', {}),
            "-${1}-${1}-",
        );
        assert.equal(renderTemplate("t", '{{ regexFindAll "a." "aXaYaZ" 2 }}', {}), "[aX aY]");
        assert.equal(renderTemplate("t", '{{ regexSplit "z+" "pizza" -1 }}', {}), "[pi a]");
        assert.equal(renderTemplate("t", '{{ regexSplit "" "abc" -1 }}', {}), "[a b c]");
        assert.equal(renderTemplate("t", '{{ regexFind "[0-9]+" "ab12cd34" }}', {}), "12");
    });

    it("strings.Repeat and strings.Indent refuse a result past maxString before building it", () => {
        // the Gomplate functions of the stack layer, which built the string first
        const error = stackError(() =>
            loadStackFile("stacks/s.yaml", {
                files: memoryFiles({
                    "stacks/s.yaml": lines(
                        STACK_VARS,
                        "components:",
                        "  terraform:",
                        "    r:",
                        "      metadata: {component: eventbridge}",
                        "      vars:",
                        "        name: '{{ strings.Repeat 400000000 \"ab\" }}'",
                        "        event_rule_pattern: {source: [x]}",
                    ),
                }),
                cwd: ROOT,
                env: {},
            }),
        );
        assert.match(
            error.message,
            /error calling Repeat: string would be 800,000,000 characters long \(template limit maxString = 8,388,608\)$/,
        );
    });

    it("trim, snakecase and float64 keep their results in one pass", () => {
        assert.equal(renderTemplate("t", '{{ trim "  \\t a b \\n" }}|{{ trim "x" }}|{{ trim "   " }}', {}), "a b|x|");
        // the same words as the regular expressions the one-pass split replaced
        const before = (s: string) =>
            s
                .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
                .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
                .split(/[^\p{L}\p{N}]+/u)
                .filter(Boolean)
                .map((w) => w.toLowerCase())
                .join("_");
        for (const s of ["HTTPServerURLs", "myHTTPServer2Go", "ABCdEFGhI", "AAb", "aÄBc", "X", "", "a-B_cD"])
            assert.equal(renderTemplate("t", "{{ snakecase . }}", s), before(s), s);
        assert.equal(
            renderTemplate(
                "t",
                '{{ float64 "1.5e3" }} {{ float64 "12." }} {{ float64 ".5" }} {{ float64 "1.2.3" }}',
                {},
            ),
            "1500 12 0.5 0",
        );
    });
});

describe("one template budget per stack load (issue 30)", () => {
    it("executions within a load draw on the same budget", () => {
        withLoadBudget(() => {
            const budget = currentLoadBudget()!;
            renderTemplate("a", "{{ range until 1000 }}{{ end }}", {});
            const afterOne = budget.steps;
            renderTemplate("b", "{{ range until 1000 }}{{ end }}", {});
            assert.ok(afterOne >= 2000, `one execution spent ${afterOne}`);
            assert.equal(budget.steps, afterOne * 2);
            // a nested load shares the outer one
            withLoadBudget(() => assert.equal(currentLoadBudget(), budget));
        });
        assert.equal(currentLoadBudget(), undefined);
    });

    it("the load's budget is maxLoadOperations, and its error names it", () => {
        assert.equal(TEMPLATE_LIMITS.maxLoadOperations, 10_000_000);
        withLoadBudget(() => {
            currentLoadBudget()!.steps = TEMPLATE_LIMITS.maxLoadOperations - 10;
            assert.match(
                limitError("{{ range until 100 }}{{ end }}"),
                /^template: t:1:\d+: executing "t" at <.*>: .*the templates of this stack load ran more than 10,000,000 steps together \(template limit maxLoadOperations = 10,000,000\)$/,
            );
        });
    });

    it("templates.settings.evaluations past 100 is refused in atmos.yaml, naming the limit", () => {
        const error = stackError(() =>
            loadStackFile("stacks/s.yaml", {
                files: memoryFiles({
                    "atmos.yaml": lines(
                        "base_path: .",
                        "stacks: {base_path: stacks}",
                        "templates: {settings: {enabled: true, evaluations: 1000000000}}",
                    ),
                    "stacks/s.yaml": lines(STACK_VARS),
                }),
                cwd: ROOT,
                env: {},
            }),
        );
        assert.match(
            error.message,
            /atmos\.yaml: templates\.settings\.evaluations is 1,000,000,000, more than the 100 passes a value may be rendered \(template limit maxEvaluations = 100\)/,
        );
        assert.equal(
            templateSettingsFrom({ templates: { settings: { enabled: true, evaluations: 1e9 } } }).evaluations,
            100,
        );
    });
});
