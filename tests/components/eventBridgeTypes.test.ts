/**
 * What `EventBridgeArgs`' types refuse when compiling (`npm run typecheck` fails on an unused
 * `@ts-expect-error`): a bare value where EventBridge wants a list ("leaf values must be a non-empty
 * array", event-pattern/), a retention CloudWatch Logs does not accept; and what they still take.
 */
import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import type { EventBridgeArgs } from "../../components";

/** The arguments, as the compiler sees them. */
const args = (given: EventBridgeArgs): EventBridgeArgs => given;

describe("EventBridgeArgs' types", () => {
    it("refuse a bare pattern leaf and a retention CloudWatch Logs does not accept", () => {
        const refused = [
            // @ts-expect-error -- a field's value is an object or a list, never a bare string
            args({ name: "x", eventRulePattern: { detail: { eventType: "WARN" } } }),
            // @ts-expect-error -- nor a bare number or boolean
            args({ name: "x", eventRulePattern: { source: ["a"], detail: { n: 1, b: true } } }),
            // @ts-expect-error -- 4 is not one of CloudWatch Logs' retention periods
            args({ name: "x", eventLogRetentionInDays: 4 }),
        ];
        assert.equal(refused.length, 3);
    });

    it("take lists of values and matchers, $or, Inputs at any depth, and a number known later", () => {
        const topic = pulumi.output("arn:aws:sns:us-east-2:111111111111:alerts");
        const taken = args({
            name: "x",
            eventRulePattern: {
                source: ["aws.sns"],
                resources: [topic],
                detail: { eventType: ["WARN", { prefix: "ERR" }], size: [{ numeric: [">", 0, "<=", 5] }] },
                $or: [{ "detail-type": ["A"] }, { detail: { state: [{ "anything-but": ["x"] }] } }],
            },
            eventLogRetentionInDays: pulumi.output(14 as number),
        });
        assert.equal(taken.name, "x");
        assert.equal(args({ name: "y", eventLogRetentionInDays: 30 }).eventLogRetentionInDays, 30);
    });
});
