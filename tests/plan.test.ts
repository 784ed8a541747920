/** The readable plan: every value in full, tags on one line, reads apart, nothing raw reaching the terminal. */
import * as assert from "node:assert/strict";

import { planToText, showText } from "../program/plan";
import type { SynthPlan } from "../program/synth";

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
