/**
 * The big inputs of guide.test.ts's robustness cases, in-process: events nested 20,000 deep (as
 * text and as objects) and strings of 200,000 characters.
 */
import * as assert from "node:assert/strict";

import { matchesEventPattern } from "../../event-pattern";

describe("robustness", () => {
    it("deeply nested events neither throw nor match wrongly", () => {
        let text = '"x"';
        for (let i = 0; i < 20000; i++) {
            text = `{"a": ${text}}`;
        }
        const event = `{"b": "y", "a": ${text}}`;
        assert.equal(matchesEventPattern({ b: ["y"] }, event), true);
        assert.equal(matchesEventPattern({ a: { a: ["x"] } }, event), false);
        let arrays = "1";
        for (let i = 0; i < 20000; i++) {
            arrays = `[${arrays}]`;
        }
        assert.equal(matchesEventPattern({ n: [1] }, `{"n": ${arrays}}`), true);
    });

    it("deeply nested event objects (not text) do not throw", () => {
        let deep: unknown = "x";
        for (let i = 0; i < 20000; i++) {
            deep = { a: deep };
        }
        assert.equal(matchesEventPattern({ b: ["y"] }, { b: "y", a: deep }), true);
        assert.equal(matchesEventPattern({ a: [{ exists: true }] }, { a: deep }), false);
    });

    it("very long strings match (their speed is measured by npm run bench)", () => {
        const long = "a".repeat(200000);
        assert.equal(matchesEventPattern({ s: [{ wildcard: "*a*a*a*b" }] }, { s: long }), false);
        assert.equal(matchesEventPattern({ s: [{ "equals-ignore-case": "A".repeat(200000) }] }, { s: long }), true);
        assert.equal(matchesEventPattern({ s: [{ suffix: { "equals-ignore-case": "AAB" } }] }, { s: long }), false);
    });
});
