/**
 * Event patterns keep their meaning: pattern text is read in the order written (a later member
 * replaces an earlier one of the same name, wherever it is written; JavaScript objects would list
 * integer-like keys first), and what is sent to AWS means the same in any key order.
 */
import * as assert from "node:assert/strict";

import { inspectEventPattern, matchesEventPattern } from "../../event-pattern";
import { jsonencode } from "../../components/kit/jsonencode";

/** The text sent to AWS for a pattern: Terraform's `jsonencode` (keys sorted) of the inspected pattern. */
const sent = (pattern: string | object) => jsonencode(inspectEventPattern(pattern).pattern);

describe("event patterns keep their meaning", () => {
    const cases: { pattern: string; matching: object[]; notMatching: object[]; sent: string }[] = [
        {
            // "1" is written after $or, so it replaces the $or branch's "1".
            pattern: '{"$or":[{"1":["x"]},{"c":["y"]}],"1":["z"]}',
            matching: [{ "1": "z" }, { "1": "z", c: "y" }],
            notMatching: [{ "1": "x" }, { c: "y" }, { "1": "x", c: "y" }],
            sent: '{"$or":[{"1":["z"]},{"1":["z"],"c":["y"]}]}',
        },
        {
            // "z" inside $or is written later and replaces the outer one in that branch only.
            pattern: '{"z":["a"],"$or":[{"z":["b"]},{"c":["y"]}]}',
            matching: [{ z: "b" }, { z: "a", c: "y" }, { z: "b", c: "y" }],
            notMatching: [{ z: "a" }, { c: "y" }],
            sent: '{"$or":[{"z":["b"]},{"c":["y"],"z":["a"]}]}',
        },
        {
            // A member written twice: the later value replaces the earlier one.
            pattern: '{"a":["x"],"a":["y"]}',
            matching: [{ a: "y" }],
            notMatching: [{ a: "x" }],
            sent: '{"a":["y"]}',
        },
        {
            pattern: '{"2":["b"],"1":["a"]}',
            matching: [{ "1": "a", "2": "b" }],
            notMatching: [{ "1": "a" }],
            sent: '{"1":["a"],"2":["b"]}',
        },
    ];
    for (const { pattern, matching, notMatching, sent: expected } of cases) {
        it(`${pattern} matches as written, and is sent as ${expected}`, () => {
            for (const event of matching)
                assert.equal(matchesEventPattern(pattern, event), true, JSON.stringify(event));
            for (const event of notMatching) {
                assert.equal(matchesEventPattern(pattern, event), false, JSON.stringify(event));
            }
            assert.equal(sent(pattern), expected);
            // What AWS receives means the same.
            for (const event of matching) assert.equal(matchesEventPattern(expected, event), true);
            for (const event of notMatching) assert.equal(matchesEventPattern(expected, event), false);
        });
    }

    it("names the field written later in its warning", () => {
        assert.deepEqual(inspectEventPattern('{"$or":[{"1":["x"]},{"c":["y"]}],"1":["z"]}').warnings, [
            '$["1"]: field "1" is also given at $.$or[0]["1"]; EventBridge keeps only the later one, so the two are not both required',
        ]);
    });

    it("sends a pattern whose meaning does not depend on order as Terraform's jsonencode writes it", () => {
        assert.equal(
            sent('{"source":["aws.ec2"],"detail":{"b":[1],"a":[2]}}'),
            '{"detail":{"a":[2],"b":[1]},"source":["aws.ec2"]}',
        );
    });

    it("refuses invalid text with JSON.parse's message, and very deep text as too deeply nested", () => {
        assert.throws(() => inspectEventPattern('{"a":'), /the pattern is not valid JSON text/);
        assert.throws(
            () => inspectEventPattern("[".repeat(50_000) + "]".repeat(50_000)),
            /must be a JSON object|nested too deeply/,
        );
        assert.throws(
            () => inspectEventPattern('{"a":'.repeat(20_000) + '["x"]' + "}".repeat(20_000)),
            /nested too deeply/,
        );
    });
});
