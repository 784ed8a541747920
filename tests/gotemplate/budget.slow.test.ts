/**
 * Budgets by work, at full size: each case runs in its own child process
 * (tests/helpers/bounded.ts) with a 1 GB heap, killed after 30 s, and must end with its located
 * error naming the limit (or its result). Before the budgets these took 14 s to hours and up to
 * 2.4 GB; how long they take now is measured by `npm run bench`, never asserted here. The cases of
 * budget.test.ts whose inputs are too big for the unit tier run here in-process.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startBeforeTests } from "../helpers/processes";
import { describeRun, runBoundedCommand, runBoundedScript, type BoundedRun } from "../helpers/bounded";
import { lines, STACK_VARS } from "../helpers/stack";
import { limitError } from "../helpers/templates";

const LIMITS = { memoryMb: 1024, timeoutMs: 30_000 } as const;

/** A case: `run` renders with the compiled gotemplate (`t`); the outcome is printed as one JSON line. */
interface Case {
    readonly name: string;
    readonly template: string;
    /** The error's message, or the output when the case must succeed. */
    readonly expected: RegExp | string;
}

const EIGHT_MB = 'repeat 8000000 "a"';
const TEMPLATES: readonly Case[] = [
    {
        name: "regexReplaceAll over an 8 MB string (23 s, 2.4 GB before)",
        template: `{{ regexReplaceAll "a" (${EIGHT_MB}) "b" | len }}`,
        expected:
            /^template: t:1:3: executing "t" at <regexReplaceAll "a" \(repeat 8000000 "a"\) "b">: error calling regexReplaceAll: template ran more than 5,000,000 steps \(template limit maxOperations\)$/,
    },
    {
        name: "regexFindAll over an 8 MB string (17-20 s, 2.2 GB before)",
        template: `{{ regexFindAll "a" (${EIGHT_MB}) -1 | len }}`,
        expected:
            /error calling regexFindAll: template ran more than 5,000,000 steps \(template limit maxOperations\)$/,
    },
    {
        name: "regexSplit over an 8 MB string",
        template: `{{ regexSplit "a" (${EIGHT_MB}) -1 | len }}`,
        expected: /error calling regexSplit: template ran more than 5,000,000 steps \(template limit maxOperations\)$/,
    },
    {
        // each search runs to the end of the string before settling for `a`: quadratic (in Go too)
        name: "a+b|a over 40,000 characters (65 s before)",
        template: '{{ regexReplaceAll "a+b|a" (repeat 40000 "a") "b" | len }}',
        expected:
            /error calling regexReplaceAll: regular expressions took more than 3,000 ms of CPU in this template .*\(template limit maxRegexMilliseconds = 3,000\)$/,
    },
    {
        name: "sha256sum of 8 MB in a range of 1,000 (14 s before)",
        template: `{{ $s := ${EIGHT_MB} }}{{ range until 1000 }}{{ sha256sum $s | len }}{{ end }}`,
        expected:
            /^template: t:1:\d+: executing "t" at <sha256sum \$s>: error calling sha256sum: template ran more than 5,000,000 steps/,
    },
    {
        name: "deepEqual of two 900,000-item lists, 100 times (past 60 s before)",
        template: "{{ $a := until 900000 }}{{ $b := until 900000 }}{{ range until 100 }}{{ deepEqual $a $b }}{{ end }}",
        expected: /error calling deepEqual: template ran more than 5,000,000 steps/,
    },
    {
        name: "100 regexReplaceAll over 1 MB",
        template: '{{ $s := repeat 1000000 "ab" }}{{ range until 100 }}{{ $s = regexReplaceAll "b" $s "b" }}{{ end }}',
        expected: /error calling regexReplaceAll: template ran more than 5,000,000 steps/,
    },
    {
        name: "trim of 200,000 inner spaces (54 s before)",
        template: '{{ trim (print "x" (repeat 200000 " ") "x") | len }}',
        expected: "200002",
    },
    {
        name: "snakecase of 200,000 capitals",
        template: '{{ snakecase (repeat 200000 "A") | len }}',
        expected: "200000",
    },
    {
        name: "float64 of 200,000 digits and a letter",
        template: '{{ float64 (print (repeat 200000 "1") "x") }}',
        expected: "0",
    },
];

const script = (template: string) =>
    `const t = require(root + "/gotemplate");
try {
    process.stdout.write(JSON.stringify({ ok: true, output: t.renderTemplate("t", ${JSON.stringify(template)}, {}) }));
} catch (error) {
    process.stdout.write(JSON.stringify({ ok: false, message: String(error && error.message) }));
}`;

let dir: string | undefined;
after(() => {
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
});

const runs = startBeforeTests(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "template-budget-"));
    const write = (name: string, text: string) => {
        const file = path.join(dir!, name);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, text);
        return file;
    };
    const rule = (...vars: string[]) =>
        lines(
            STACK_VARS,
            "components:",
            "  terraform:",
            "    rule:",
            "      metadata: {component: eventbridge}",
            "      vars:",
            "        name: ecs",
            "        event_rule_pattern: {source: [x]}",
            ...vars,
        );
    // 3,000 tags, each 2,000,000 steps (under the 5,000,000 of one template): 6,000,000,000 together
    const tags = write(
        "tags/stack.yaml",
        rule(
            "        tags:",
            ...Array.from({ length: 3000 }, (_, i) => `          t${i}: '{{ range until 1000000 }}{{ end }}x'`),
        ),
    );
    // a template that renders into itself, a billion times over
    write("evaluations/atmos.yaml", lines("templates: {settings: {enabled: true, evaluations: 1000000000}}"));
    const evaluations = write(
        "evaluations/stack.yaml",
        rule("        description: '{{ .vars.again }}'", "        again: '{{ .vars.again }}'"),
    );
    return {
        templates: TEMPLATES.map((c) => runBoundedScript(script(c.template), LIMITS)),
        tags: runBoundedCommand("synth", [tags], LIMITS),
        evaluations: runBoundedCommand("synth", [evaluations], { ...LIMITS, cwd: path.dirname(evaluations) }),
    };
});

function ended(run: BoundedRun, name: string): void {
    assert.equal(run.timedOut, false, `${name}: ${describeRun(run)}`);
    assert.ok(run.probe !== undefined, `${name} died without exiting: ${describeRun(run)}`);
    assert.doesNotMatch(run.stderr, /\n\s+at |node:internal/, `${name}: a stack trace: ${run.stderr}`);
}

describe("template budgets at the issue's sizes, bounded (issue 30)", function () {
    this.timeout(120_000);

    TEMPLATES.forEach((c, i) => {
        it(c.name, async () => {
            const run = await (await runs()).templates[i];
            ended(run, c.name);
            assert.equal(run.status, 0, describeRun(run));
            const outcome = JSON.parse(run.stdout) as { ok: boolean; output?: string; message?: string };
            if (typeof c.expected === "string") assert.equal(outcome.output, c.expected, outcome.message);
            else {
                assert.equal(outcome.ok, false, "rendered");
                assert.match(outcome.message!, c.expected);
            }
        });
    });

    it("3,000 tag values of 2,000,000 steps each stop at the load's budget, located", async () => {
        const run = await (await runs()).tags;
        ended(run, "tags");
        assert.equal(run.status, 1, describeRun(run));
        assert.match(
            run.stderr,
            /stack\.yaml:\d+:\d+: .*the templates of this stack load ran more than 10,000,000 steps together \(template limit maxLoadOperations = 10,000,000\)\n/,
        );
    });

    it("templates.settings.evaluations: 1000000000 is refused, naming the limit", async () => {
        const run = await (await runs()).evaluations;
        ended(run, "evaluations");
        assert.equal(run.status, 1, describeRun(run));
        assert.match(
            run.stderr,
            /atmos\.yaml: templates\.settings\.evaluations is 1,000,000,000, more than the 100 passes/,
        );
    });
});

// Inputs of a megabyte or more, from budget.test.ts.
describe("templates are charged by their work (issue 30)", () => {
    it("a hash pays for the bytes it hashes: sha256sum of 1 MB, 100 times, reaches maxOperations", () => {
        // 100 calls were 100 steps; each now costs 62,500 steps for its 1,000,000-character argument
        assert.match(
            limitError('{{ $s := repeat 1000000 "a" }}{{ range until 100 }}{{ sha256sum $s | len }}{{ end }}'),
            /^template: t:1:\d+: executing "t" at <sha256sum \$s>: error calling sha256sum: template ran more than 5,000,000 steps \(template limit maxOperations\)$/,
        );
    });

    it("deepEqual pays per element, even for a list compared with itself", () => {
        assert.match(
            limitError("{{ $a := until 100000 }}{{ range until 30 }}{{ deepEqual $a $a }}{{ end }}"),
            /error calling deepEqual: template ran more than 5,000,000 steps \(template limit maxOperations\)$/,
        );
    });

    for (const [name, call] of [
        ["regexReplaceAll", '(regexReplaceAll "a" $s "b")'],
        ["regexFindAll", '(regexFindAll "a" $s -1)'],
        ["regexSplit", '(regexSplit "a" $s -1)'],
    ] as const) {
        it(`${name} pays per match: 400,000 matches reach maxOperations before the result is built`, () => {
            assert.match(
                limitError(`{{ $s := repeat 400000 "a" }}{{ len ${call} }}`),
                new RegExp(
                    `error calling ${name}: template ran more than 5,000,000 steps \\(template limit maxOperations\\)$`,
                ),
            );
        });
    }
});
