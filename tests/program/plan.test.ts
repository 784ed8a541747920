/** The readable plan: every value in full, tags on one line, reads apart, nothing raw reaching the terminal. */
import * as assert from "node:assert/strict";

import { planToText, showText } from "../../program/plan";
import type { SynthPlan } from "../../program/synth";

const POLICY = JSON.stringify({
    Version: "2012-10-17",
    Statement: [
        {
            Effect: "Allow",
            Action: ["logs:PutLogEvents"],
            Resource: "arn:aws:logs:us-east-2:1:log-group:" + "g".repeat(132),
        },
    ],
});

const PLAN: SynthPlan = {
    resources: [
        { type: "cloudposse:eventbridge:EventBridge", name: "rule", parent: null, inputs: {} },
        {
            type: "aws:cloudwatch/logGroup:LogGroup",
            name: "rule",
            parent: "cloudposse:eventbridge:EventBridge::rule",
            inputs: { name: "l".repeat(132), tags: { Name: "eg", Team: "a\u001b[31mred" } },
        },
        {
            type: "aws:cloudwatch/logResourcePolicy:LogResourcePolicy",
            name: "rule",
            parent: "cloudposse:eventbridge:EventBridge::rule",
            inputs: { policyDocument: POLICY },
        },
        { type: "pulumi:pulumi:StackReference", name: "ws", parent: null, inputs: { name: "o/p/s" } },
    ],
    outputs: { rule: { name: "line\nbreak" } },
    skipped: [],
};

describe("the readable plan", () => {
    const text = planToText(PLAN);

    it("shows every value in full, long JSON spread over lines", () => {
        assert.ok(text.includes(`name: ${"l".repeat(132)}`));
        assert.ok(text.includes(`"Resource": "arn:aws:logs:us-east-2:1:log-group:${"g".repeat(132)}"`));
        assert.ok(!text.includes("..."));
    });

    it("shows tags on one line, with escapes made visible", () => {
        assert.ok(text.includes('tags: {Name=eg, Team="a\\u001b[31mred"}'), text);
        assert.ok(!text.includes("\u001b"));
    });

    it("escapes control characters in outputs", () => {
        assert.ok(text.includes('name: "line\\nbreak"'));
    });

    it("shows a stack reference as a read, and counts it apart", () => {
        assert.ok(text.includes("> pulumi:pulumi:StackReference  ws  (read)"));
        assert.ok(text.includes("Resources: + 3 to create, 1 to read\n"));
        assert.ok(
            text.endsWith(
                "By type: 1 cloudposse:eventbridge:EventBridge, 1 aws:cloudwatch/logGroup:LogGroup, " +
                    "1 aws:cloudwatch/logResourcePolicy:LogResourcePolicy, 1 pulumi:pulumi:StackReference (read)\n",
            ),
        );
    });

    it("shows printable text as is, and quotes and escapes anything a terminal would act on", () => {
        assert.equal(showText("café ☕"), "café ☕");
        assert.equal(showText("a\u0000b"), '"a\\u0000b"');
        assert.equal(showText("x\u202ey"), '"x\\u202ey"');
        assert.equal(showText("\u009b2J"), '"\\u009b2J"');
    });
});

describe("the readable plan: imports, disabled instances, skipped components, colours", () => {
    const plan: SynthPlan = {
        resources: [
            {
                type: "t:a:A",
                name: "a",
                parent: null,
                inputs: {
                    unset: undefined,
                    n: 1,
                    tags: "not a map",
                    tagsAll: { K: 1, L: "v" },
                    p: "{not json",
                    q: '{"x":"\u202e"}',
                },
            },
            { type: "t:b:B", name: "b", parent: "t:a:A::a", import: "id-1", inputs: {} },
        ],
        outputs: { off: null, on: { v: [1] } },
        skipped: [
            { instance: "vpc", component: "vpc" },
            { instance: "net/x", component: "net" },
        ],
    };

    it("marks an import with = and its id, a disabled instance's outputs, and the components left to Terraform", () => {
        assert.equal(
            planToText(plan, { title: "Plan of x.yaml" }),
            [
                "Plan of x.yaml",
                "+ t:a:A  a",
                "      n: 1",
                '      tags: "not a map"',
                "      tagsAll: {K=1, L=v}",
                "      p: {not json",
                '      q: {"x":"\\u202e"}',
                "    = t:b:B  b  (import id-1)",
                "",
                "Outputs:",
                "    off: (disabled)",
                "    on:",
                "        v: [1]",
                "",
                "Left to Terraform (components this package does not implement):",
                "    vpc",
                "    net/x (net)",
                "",
                "Resources: + 1 to create, = 1 to import",
                "By type: 1 t:a:A, 1 t:b:B",
                "",
            ].join("\n"),
        );
    });

    it("has no By type line for a plan without resources (every instance disabled)", () => {
        const text = planToText({ ...plan, resources: [] }, { title: "Plan of x.yaml" });
        assert.ok(text.endsWith("Resources: + 0 to create\n"), text);
        assert.doesNotMatch(text, /By type/);
    });

    it("colours marks, names and headings with ANSI only when asked", () => {
        const coloured = planToText(plan, { color: true, title: "T" });
        assert.ok(coloured.startsWith("\x1b[1mT\x1b[0m\n\x1b[32m+\x1b[0m t:a:A  \x1b[1ma\x1b[0m\n"));
        assert.ok(coloured.includes("\x1b[32m=\x1b[0m t:b:B  \x1b[1mb\x1b[0m\x1b[2m  (import id-1)\x1b[0m"));
        assert.ok(coloured.includes("    off: \x1b[2m(disabled)\x1b[0m\n"));
        assert.ok(coloured.includes("Resources: \x1b[32m+ 1 to create\x1b[0m, \x1b[32m= 1 to import\x1b[0m\n"));
        assert.ok(!planToText(plan).includes("\x1b"));
    });
});
