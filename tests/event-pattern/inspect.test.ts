import * as assert from "node:assert/strict";
import {
    EVENT_PATTERN_DEFAULT_MAX_LENGTH,
    EVENT_PATTERN_PROVIDER_MAX_LENGTH,
    EventPatternError,
    inspectEventPattern,
} from "../../event-pattern";

/** `{"a":["xxx…"]}`, exactly `length` characters of JSON. */
function patternOfLength(length: number): object {
    return { a: ["x".repeat(length - '{"a":[""]}'.length)] };
}

describe("inspectEventPattern", () => {
    it("returns the pattern as compact JSON, keeping key order", () => {
        const pattern = {
            detail: { state: ["running"] },
            source: ["aws.ec2"],
            "detail-type": ["EC2 Instance State-change Notification"],
        };
        assert.deepEqual(inspectEventPattern(pattern), {
            json: '{"detail":{"state":["running"]},"source":["aws.ec2"],"detail-type":["EC2 Instance State-change Notification"]}',
            pattern,
            warnings: [],
        });
    });

    it("reformats JSON text", () => {
        const text = `{
      "source": [ "aws.ecs" ],
      "detail": { "$or": [ { "eventType": [ "WARN", "ERROR" ] }, { "agentConnected": [ false ] } ] }
    }`;
        assert.deepEqual(inspectEventPattern(text), {
            json: '{"source":["aws.ecs"],"detail":{"$or":[{"eventType":["WARN","ERROR"]},{"agentConnected":[false]}]}}',
            pattern: {
                source: ["aws.ecs"],
                detail: { $or: [{ eventType: ["WARN", "ERROR"] }, { agentConnected: [false] }] },
            },
            warnings: [],
        });
    });

    it("keeps number and string values as JSON writes them", () => {
        assert.equal(inspectEventPattern({ a: [1.5e3, -0.25, "\u00e9\n"] }).json, '{"a":[1500,-0.25,"é\\n"]}');
    });

    it("gives no size warning at exactly 2,048 characters", () => {
        const { json, warnings } = inspectEventPattern(patternOfLength(2048));
        assert.equal(json.length, 2048);
        assert.deepEqual(warnings, []);
    });

    it("warns over EventBridge's default quota of 2,048 characters", () => {
        assert.deepEqual(inspectEventPattern(patternOfLength(2049)).warnings, [
            "$: the pattern is 2,049 characters as JSON, over EventBridge's default quota of 2,048 characters; " +
                "PutRule fails unless that quota has been raised for the account and region",
        ]);
    });

    it("accepts exactly 4,096 characters, with the warning", () => {
        const { json, warnings } = inspectEventPattern(patternOfLength(4096));
        assert.equal(json.length, 4096);
        assert.equal(warnings.length, 1);
    });

    it("refuses more than 4,096 characters, the provider's limit", () => {
        assert.throws(() => inspectEventPattern(patternOfLength(4097)), {
            name: "EventPatternError",
            path: "$",
            reason: "the pattern is 4,097 characters as JSON; the AWS provider accepts at most 4,096",
            code: "PATTERN_TOO_LARGE",
        });
        const error = (() => {
            try {
                inspectEventPattern(patternOfLength(4097));
            } catch (e) {
                return e as EventPatternError;
            }
        })();
        assert.deepEqual(error?.details, [
            {
                code: "PATTERN_TOO_LARGE",
                path: [],
                rule: "the pattern is 4,097 characters as JSON; the AWS provider accepts at most 4,096",
            },
        ]);
    });

    it("exports the two size limits", () => {
        assert.equal(EVENT_PATTERN_DEFAULT_MAX_LENGTH, 2048);
        assert.equal(EVENT_PATTERN_PROVIDER_MAX_LENGTH, 4096);
    });

    it("warns when a field given outside $or is replaced by an alternative", () => {
        assert.deepEqual(inspectEventPattern({ a: ["x"], $or: [{ a: ["y"] }, { b: ["z"] }] }).warnings, [
            '$.$or[0].a: field "a" is also given at $.a; EventBridge keeps only the later one, so the two are not both required',
        ]);
    });

    it("warns when a nested field is given again after $or", () => {
        assert.deepEqual(inspectEventPattern({ detail: { $or: [{ a: ["1"] }, { b: ["2"] }], a: ["3"] } }).warnings, [
            '$.detail.a: field "detail.a" is also given at $.detail.$or[0].a; EventBridge keeps only the later one, so the two are not both required',
        ]);
    });

    it("warns about exact numbers compared as text", () => {
        assert.deepEqual(inspectEventPattern({ account: [123456789012] }).warnings, [
            "$.account[0]: 123456789012 is outside ±5,000,000,000, so EventBridge compares it as text, not as a number" +
                " (write it as the event writes it; if the event holds a string, quote it)",
        ]);
    });

    it("names a number as written when a double cannot hold its digits", () => {
        assert.deepEqual(inspectEventPattern('{"account": [12345678901234567891]}').warnings, [
            "$.account[0]: 12345678901234567891 is outside ±5,000,000,000, so EventBridge compares it as text, not as a number" +
                " (write it as the event writes it; if the event holds a string, quote it)",
        ]);
    });

    it("validates first", () => {
        assert.throws(
            () => inspectEventPattern({ detail: { eventType: "WARN" } }),
            (error: unknown) => {
                assert.ok(error instanceof EventPatternError);
                assert.equal(error.message, '$.detail.eventType: leaf values must be a non-empty array, got "WARN"');
                assert.deepEqual(error.details, [
                    {
                        code: "LEAF_NOT_ARRAY",
                        path: [{ key: "detail" }, { key: "eventType" }],
                        rule: "leaf values must be a non-empty array",
                        value: "WARN",
                    },
                ]);
                return true;
            },
        );
        assert.throws(
            () => inspectEventPattern("not json"),
            (error: unknown) =>
                error instanceof EventPatternError &&
                /^\$: the pattern is not valid JSON text \(/.test(error.message) &&
                error.code === "NOT_JSON",
        );
    });
});
