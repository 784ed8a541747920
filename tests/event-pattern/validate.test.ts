import * as assert from "node:assert/strict";
import {
    EventPatternError,
    inspectEventPattern,
    validateEventPattern,
    type EventPatternProblemCode,
} from "../../event-pattern";
import { formatRule, hasValue } from "../../util/problem";
import { ECS_PATTERN } from "../fixtures/spec";

/** The value a refusal records: `[value]`, or `[]` when it records none. */
type Value = [] | [unknown];

/**
 * Every code of the union, once: TypeScript refuses this object when a code is missing or
 * unknown, so the coverage test below checks the union itself.
 */
const EVERY_CODE: Record<EventPatternProblemCode, true> = {
    NOT_JSON: true,
    PATTERN_NOT_OBJECT: true,
    NOT_JSON_VALUE: true,
    NOT_PLAIN_OBJECT: true,
    PATTERN_CYCLE: true,
    PATTERN_TOO_DEEP: true,
    PATTERN_TOO_LARGE: true,
    EMPTY_OBJECT: true,
    LEAF_NOT_ARRAY: true,
    EMPTY_ARRAY: true,
    BAD_MATCH_VALUE: true,
    NOT_ONE_OPERATOR: true,
    UNKNOWN_OPERATOR: true,
    NOT_A_STRING: true,
    NOT_STRING_OR_IGNORE_CASE: true,
    NOT_A_BOOLEAN: true,
    BAD_ANYTHING_BUT: true,
    BAD_ANYTHING_BUT_ELEMENT: true,
    MIXED_ANYTHING_BUT: true,
    BAD_ANYTHING_BUT_OPERATOR: true,
    NOT_STRING_OR_STRING_LIST: true,
    EMPTY_ANYTHING_BUT_AFFIX: true,
    CONSECUTIVE_WILDCARDS: true,
    BAD_WILDCARD_ESCAPE: true,
    NUMERIC_NOT_ARRAY: true,
    NUMERIC_TOO_SHORT: true,
    NUMERIC_TOO_LONG: true,
    BAD_NUMERIC_OPERATOR: true,
    RANGE_OPERATOR_ORDER: true,
    BAD_NUMERIC_RANGE: true,
    NOT_A_NUMBER: true,
    NUMBER_OUT_OF_RANGE: true,
    BAD_CIDR: true,
    CIDR_PREFIX_TOO_LONG: true,
    OR_NOT_ARRAY: true,
    OR_ALTERNATIVE_NOT_OBJECT: true,
    TOO_FEW_ALTERNATIVES: true,
    OPERATOR_NAME_IN_OR: true,
    TOO_MANY_COMBINATIONS: true,
};

/** The refusal `run` throws: an EventPatternError. */
function refusal(run: () => unknown): EventPatternError {
    try {
        run();
    } catch (error) {
        assert.ok(error instanceof EventPatternError, `expected an EventPatternError, got ${String(error)}`);
        return error;
    }
    assert.fail("expected an EventPatternError, nothing was thrown");
}

/**
 * Asserts that the error holds one problem with this code and value (`[]`: no value), and that its
 * reason is that problem rendered by the shared formatter.
 */
function assertProblem(error: EventPatternError, code: EventPatternProblemCode, value: Value): void {
    assert.equal(error.code, code);
    assert.deepEqual(
        error.details.map((d) => d.code),
        [code],
    );
    const [detail] = error.details;
    assert.deepEqual(hasValue(detail) ? [detail.value] : [], value);
    assert.equal(error.reason, formatRule(detail));
}

/** Asserts that `pattern` is refused with exactly this path, reason, code and value. */
function assertRefused(
    pattern: unknown,
    path: string,
    reason: string,
    code: EventPatternProblemCode,
    value: Value,
): void {
    const error = refusal(() => validateEventPattern(pattern));
    assert.equal(error.path, path);
    assert.equal(error.reason, reason);
    assert.equal(error.message, `${path}: ${reason}`);
    assert.equal(error.name, "EventPatternError");
    assertProblem(error, code, value);
}

/** A function in a pattern (refused: not a JSON value), the value its refusal records. */
const A_FUNCTION = (): number => 1;

/** `n` alternatives `{k: ["0"]}`, ..., `{k: ["n-1"]}`. */
function alternatives(key: string, n: number): object[] {
    return Array.from({ length: n }, (_, i) => ({ [key]: [String(i)] }));
}

describe("validateEventPattern", () => {
    describe("accepts", () => {
        const valid: [string, unknown][] = [
            ["the spec's ECS pattern", ECS_PATTERN],
            [
                "the same pattern as JSON text",
                '{"source":["aws.ecs"],"detail":{"$or":[{"eventType":["WARN","ERROR"]},{"agentConnected":[false]}]}}',
            ],
            ["exact values of every JSON type", { a: ["x", "", 1, -2.5, 0, null, true, false] }],
            ["exact numbers beyond ±5e9 (compared as text)", { account: [123456789012] }],
            ["nested objects", { detail: { a: { b: { c: ["d"] } } } }],
            ["a dotted field name", { detail: { "a.b": ["x"] } }],
            ["operator names as field names outside $or", { prefix: ["x"], numeric: { cidr: ["y"] }, exists: [true] }],
            ["a pattern object with a null prototype", Object.assign(Object.create(null), { a: ["x"] })],
            ["prefix and suffix, empty too", { a: [{ prefix: "" }, { suffix: "" }, { prefix: "p" }, { suffix: "s" }] }],
            [
                "prefix and suffix ignoring case",
                { a: [{ prefix: { "equals-ignore-case": "P" } }, { suffix: { "equals-ignore-case": "" } }] },
            ],
            ["equals-ignore-case, empty too", { a: [{ "equals-ignore-case": "x" }, { "equals-ignore-case": "" }] }],
            [
                "wildcards with escapes",
                {
                    a: [
                        { wildcard: "" },
                        { wildcard: "*" },
                        { wildcard: "a*b*c" },
                        { wildcard: "a\\*b" },
                        { wildcard: "a\\\\b" },
                        { wildcard: "\\**" },
                    ],
                },
            ],
            [
                "anything-but, single and lists",
                {
                    a: [
                        { "anything-but": "x" },
                        { "anything-but": 5 },
                        { "anything-but": ["x", ""] },
                        { "anything-but": [1, 2.5, -3] },
                    ],
                },
            ],
            ["anything-but at the numeric limits", { a: [{ "anything-but": [5e9, -5e9] }] }],
            [
                "anything-but prefix and suffix, single and lists",
                { a: [{ "anything-but": { prefix: "p" } }, { "anything-but": { suffix: ["s", "t"] } }] },
            ],
            [
                "anything-but operator with an empty list",
                { a: [{ "anything-but": { prefix: [] } }, { "anything-but": { wildcard: [] } }] },
            ],
            [
                "anything-but equals-ignore-case and wildcard, empty strings too",
                {
                    a: [
                        { "anything-but": { "equals-ignore-case": ["A", ""] } },
                        { "anything-but": { wildcard: ["*/lib/*", ""] } },
                    ],
                },
            ],
            [
                "every numeric form",
                {
                    a: [
                        { numeric: ["=", 3.8] },
                        { numeric: ["<", 0] },
                        { numeric: ["<=", -4e-6] },
                        { numeric: [">", 55555] },
                        { numeric: [">=", 1e-3] },
                    ],
                    b: [
                        { numeric: [">", 0, "<", 1] },
                        { numeric: [">=", 0, "<", 1] },
                        { numeric: [">", 0, "<=", 1] },
                        { numeric: [">=", 0, "<=", 1] },
                    ],
                },
            ],
            ["numeric at the guide's limits", { a: [{ numeric: [">=", -5e9, "<=", 5e9] }, { numeric: ["=", 5e9] }] }],
            ["exists true and false", { a: [{ exists: true }], b: [{ exists: false }, "x"] }],
            [
                "CIDR blocks",
                {
                    a: [
                        { cidr: "10.0.0.0/24" },
                        { cidr: "0.0.0.0/0" },
                        { cidr: "10.0.0.1/31" },
                        { cidr: "::/0" },
                        { cidr: "2001:db8::/127" },
                        { cidr: "::1/24" },
                    ],
                },
            ],
            [
                "a CIDR prefix length with a leading zero or plus sign",
                { a: [{ cidr: "10.0.0.0/08" }, { cidr: "10.0.0.0/+8" }] },
            ],
            ["a CIDR with a trailing slash (Event Ruler ignores it)", { a: [{ cidr: "10.0.0.0/8/" }] }],
            ["an IPv6 CIDR with long zero-padded groups", { a: [{ cidr: "00002001:db8::/32" }] }],
            [
                "an operator object inside an array element of $or",
                { $or: [{ a: [{ prefix: "x" }] }, { b: [{ "anything-but": { wildcard: "*x" } }] }] },
            ],
            ["unicode field names and values", { détail: { 名前: ["値", { "equals-ignore-case": "ÉTÉ" }] } }],
            ["nested $or", { $or: [{ a: ["1"] }, { b: ["2"], $or: [{ c: ["3"] }, { d: ["4"] }] }] }],
            ["$or inside a nested object", { detail: { $or: [{ a: ["1"] }, { b: { c: ["2"] } }] } }],
            [
                "exactly 1,000 combinations",
                {
                    a: { $or: alternatives("x", 10) },
                    b: { $or: alternatives("y", 10) },
                    c: { $or: alternatives("z", 10) },
                },
            ],
            ["a field named $or-like but different", { $and: ["x"], $OR: ["y"] }],
        ];
        for (const [description, pattern] of valid) {
            it(description, () => assert.doesNotThrow(() => validateEventPattern(pattern)));
        }
    });

    describe("refuses", () => {
        const invalid: [string, unknown, string, string, EventPatternProblemCode, Value][] = [
            [
                "JSON text of an array",
                "[1,2,3]",
                "$",
                "an event pattern must be a JSON object, got [1,2,3]",
                "PATTERN_NOT_OBJECT",
                [[1, 2, 3]],
            ],
            [
                "JSON text of a string",
                '"x"',
                "$",
                'an event pattern must be a JSON object, got "x"',
                "PATTERN_NOT_OBJECT",
                ["x"],
            ],
            [
                "JSON text of a number",
                "42",
                "$",
                "an event pattern must be a JSON object, got 42",
                "PATTERN_NOT_OBJECT",
                [42],
            ],
            [
                "JSON text of null",
                "null",
                "$",
                "an event pattern must be a JSON object, got null",
                "PATTERN_NOT_OBJECT",
                [null],
            ],
            ["an empty array", [], "$", "an event pattern must be a JSON object, got []", "PATTERN_NOT_OBJECT", [[]]],
            ["null", null, "$", "an event pattern must be a JSON object, got null", "PATTERN_NOT_OBJECT", [null]],
            ["a number", 5, "$", "an event pattern must be a JSON object, got 5", "PATTERN_NOT_OBJECT", [5]],
            [
                "undefined",
                undefined,
                "$",
                "an event pattern must be a JSON object, got undefined",
                "PATTERN_NOT_OBJECT",
                [undefined],
            ],
            ["an empty pattern", {}, "$", "an event pattern must not be an empty object", "EMPTY_OBJECT", []],
            ["an empty pattern as text", "{}", "$", "an event pattern must not be an empty object", "EMPTY_OBJECT", []],
            [
                "a number as a leaf",
                { a: 1 },
                "$.a",
                "leaf values must be a non-empty array, got 1",
                "LEAF_NOT_ARRAY",
                [1],
            ],
            [
                "a string as a leaf",
                { detail: { eventType: "WARN" } },
                "$.detail.eventType",
                'leaf values must be a non-empty array, got "WARN"',
                "LEAF_NOT_ARRAY",
                ["WARN"],
            ],
            [
                "true as a leaf",
                { a: true },
                "$.a",
                "leaf values must be a non-empty array, got true",
                "LEAF_NOT_ARRAY",
                [true],
            ],
            [
                "null as a leaf",
                { a: null },
                "$.a",
                "leaf values must be a non-empty array, got null",
                "LEAF_NOT_ARRAY",
                [null],
            ],
            ["an empty array", { a: [] }, "$.a", "leaf values must be a non-empty array, got []", "EMPTY_ARRAY", [[]]],
            ["an empty nested object", { a: {} }, "$.a", "a pattern object must not be empty", "EMPTY_OBJECT", []],
            [
                "an empty deeper object",
                { detail: { x: {} } },
                "$.detail.x",
                "a pattern object must not be empty",
                "EMPTY_OBJECT",
                [],
            ],
            [
                "a field named with a hyphen",
                { "detail-type": "x" },
                "$.detail-type",
                'leaf values must be a non-empty array, got "x"',
                "LEAF_NOT_ARRAY",
                ["x"],
            ],
            [
                "a field named with a space",
                { "weird key": "x" },
                '$["weird key"]',
                'leaf values must be a non-empty array, got "x"',
                "LEAF_NOT_ARRAY",
                ["x"],
            ],
            [
                "a field named with a dot",
                { detail: { "a.b": 5 } },
                '$.detail["a.b"]',
                "leaf values must be a non-empty array, got 5",
                "LEAF_NOT_ARRAY",
                [5],
            ],
            [
                "a nested array",
                { a: [[1]] },
                "$.a[0]",
                "a match value must be a string, number, boolean, null or operator object, got [1]",
                "BAD_MATCH_VALUE",
                [[1]],
            ],
            [
                "a nested array of strings",
                { detail: { x: ["ok", ["x"]] } },
                "$.detail.x[1]",
                'a match value must be a string, number, boolean, null or operator object, got ["x"]',
                "BAD_MATCH_VALUE",
                [["x"]],
            ],
            [
                "an empty operator object",
                { a: [{}] },
                "$.a[0]",
                "an operator object must hold exactly one operator, got {}",
                "NOT_ONE_OPERATOR",
                [{}],
            ],
            [
                "an unknown operator",
                { a: [{ contains: "x" }] },
                "$.a[0].contains",
                'unknown operator "contains"; expected one of prefix, suffix, equals-ignore-case, wildcard, anything-but, numeric, exists, cidr',
                "UNKNOWN_OPERATOR",
                [],
            ],
            [
                "an object instead of an operator",
                { a: [{ x: 2 }] },
                "$.a[0].x",
                'unknown operator "x"; expected one of prefix, suffix, equals-ignore-case, wildcard, anything-but, numeric, exists, cidr',
                "UNKNOWN_OPERATOR",
                [],
            ],
            [
                "two operators in one object",
                { a: [{ prefix: "a", suffix: "b" }] },
                "$.a[0]",
                'an operator object must hold exactly one operator, got {"prefix":"a","suffix":"b"}',
                "NOT_ONE_OPERATOR",
                [{ prefix: "a", suffix: "b" }],
            ],
            [
                "anything-but with another key",
                { a: [{ "anything-but": "x", foo: [] }] },
                "$.a[0]",
                'an operator object must hold exactly one operator, got {"anything-but":"x","foo":[]}',
                "NOT_ONE_OPERATOR",
                [{ "anything-but": "x", foo: [] }],
            ],
            [
                "exists with another key",
                { x: [{ exists: true, extra: 1 }] },
                "$.x[0]",
                'an operator object must hold exactly one operator, got {"exists":true,"extra":1}',
                "NOT_ONE_OPERATOR",
                [{ exists: true, extra: 1 }],
            ],
            [
                "a numeric prefix",
                { a: [{ prefix: 3 }] },
                "$.a[0].prefix",
                "the value of prefix must be a string, got 3",
                "NOT_A_STRING",
                [3],
            ],
            [
                "a list as prefix",
                { a: [{ prefix: ["a"] }] },
                "$.a[0].prefix",
                'the value of prefix must be a string, got ["a"]',
                "NOT_A_STRING",
                [["a"]],
            ],
            [
                "a null prefix",
                { a: [{ prefix: null }] },
                "$.a[0].prefix",
                "the value of prefix must be a string, got null",
                "NOT_A_STRING",
                [null],
            ],
            [
                "prefix equals-ignore-case with a number",
                { a: [{ prefix: { "equals-ignore-case": 5 } }] },
                "$.a[0].prefix.equals-ignore-case",
                "the value of equals-ignore-case must be a string, got 5",
                "NOT_A_STRING",
                [5],
            ],
            [
                "prefix with an unknown inner operator",
                { a: [{ prefix: { foo: "x" } }] },
                "$.a[0].prefix",
                'prefix takes a string or {"equals-ignore-case": "..."}, got {"foo":"x"}',
                "NOT_STRING_OR_IGNORE_CASE",
                [{ foo: "x" }],
            ],
            [
                "prefix equals-ignore-case with another key",
                { a: [{ prefix: { "equals-ignore-case": "a", x: 1 } }] },
                "$.a[0].prefix",
                'prefix takes a string or {"equals-ignore-case": "..."}, got {"equals-ignore-case":"a","x":1}',
                "NOT_STRING_OR_IGNORE_CASE",
                [{ "equals-ignore-case": "a", x: 1 }],
            ],
            [
                "an empty prefix object",
                { a: [{ prefix: {} }] },
                "$.a[0].prefix",
                'prefix takes a string or {"equals-ignore-case": "..."}, got {}',
                "NOT_STRING_OR_IGNORE_CASE",
                [{}],
            ],
            [
                "a numeric suffix",
                { a: [{ suffix: 3 }] },
                "$.a[0].suffix",
                "the value of suffix must be a string, got 3",
                "NOT_A_STRING",
                [3],
            ],
            [
                "suffix equals-ignore-case with a list",
                { a: [{ suffix: { "equals-ignore-case": ["a"] } }] },
                "$.a[0].suffix.equals-ignore-case",
                'the value of equals-ignore-case must be a string, got ["a"]',
                "NOT_A_STRING",
                [["a"]],
            ],
            [
                "a numeric equals-ignore-case",
                { a: [{ "equals-ignore-case": 5 }] },
                "$.a[0].equals-ignore-case",
                "the value of equals-ignore-case must be a string, got 5",
                "NOT_A_STRING",
                [5],
            ],
            [
                "a list as equals-ignore-case",
                { a: [{ "equals-ignore-case": ["abc"] }] },
                "$.a[0].equals-ignore-case",
                'the value of equals-ignore-case must be a string, got ["abc"]',
                "NOT_A_STRING",
                [["abc"]],
            ],
            [
                "Event Ruler's exactly, which EventBridge does not document",
                { a: [{ exactly: "x" }] },
                "$.a[0].exactly",
                'unknown operator "exactly"; expected one of prefix, suffix, equals-ignore-case, wildcard, anything-but, numeric, exists, cidr',
                "UNKNOWN_OPERATOR",
                [],
            ],
            [
                "a numeric wildcard",
                { a: [{ wildcard: 5 }] },
                "$.a[0].wildcard",
                "the value of wildcard must be a string, got 5",
                "NOT_A_STRING",
                [5],
            ],
            [
                "a list as wildcard",
                { a: [{ wildcard: ["abc"] }] },
                "$.a[0].wildcard",
                'the value of wildcard must be a string, got ["abc"]',
                "NOT_A_STRING",
                [["abc"]],
            ],
            [
                "two stars in a row",
                { a: [{ wildcard: "a**b" }] },
                "$.a[0].wildcard",
                'consecutive wildcard characters at position 1, got "a**b"',
                "CONSECUTIVE_WILDCARDS",
                ["a**b"],
            ],
            [
                "only two stars",
                { a: [{ wildcard: "**" }] },
                "$.a[0].wildcard",
                'consecutive wildcard characters at position 0, got "**"',
                "CONSECUTIVE_WILDCARDS",
                ["**"],
            ],
            [
                "an escaped letter",
                { a: [{ wildcard: "a\\b" }] },
                "$.a[0].wildcard",
                'invalid escape at position 1, got "a\\\\b": only \\* (a literal star) and \\\\ (a literal backslash) may follow a backslash',
                "BAD_WILDCARD_ESCAPE",
                ["a\\b"],
            ],
            [
                "a trailing backslash",
                { a: [{ wildcard: "a\\" }] },
                "$.a[0].wildcard",
                'invalid escape at position 1, got "a\\\\": only \\* (a literal star) and \\\\ (a literal backslash) may follow a backslash',
                "BAD_WILDCARD_ESCAPE",
                ["a\\"],
            ],
            [
                "an escaped question mark",
                { a: [{ wildcard: "\\?" }] },
                "$.a[0].wildcard",
                'invalid escape at position 0, got "\\\\?": only \\* (a literal star) and \\\\ (a literal backslash) may follow a backslash',
                "BAD_WILDCARD_ESCAPE",
                ["\\?"],
            ],
            [
                "anything-but null",
                { a: [{ "anything-but": null }] },
                "$.a[0].anything-but",
                "anything-but takes a string, a number, a list of either, or an operator object, got null",
                "BAD_ANYTHING_BUT",
                [null],
            ],
            [
                "anything-but true",
                { a: [{ "anything-but": true }] },
                "$.a[0].anything-but",
                "anything-but takes a string, a number, a list of either, or an operator object, got true",
                "BAD_ANYTHING_BUT",
                [true],
            ],
            [
                "an empty anything-but list",
                { a: [{ "anything-but": [] }] },
                "$.a[0].anything-but",
                "anything-but needs at least one value, got []",
                "EMPTY_ARRAY",
                [[]],
            ],
            [
                "a mixed anything-but list",
                { a: [{ "anything-but": ["a", 1] }] },
                "$.a[0].anything-but",
                'anything-but list values must be all strings or all numbers, got ["a",1]',
                "MIXED_ANYTHING_BUT",
                [["a", 1]],
            ],
            [
                "null in an anything-but list",
                { a: [{ "anything-but": [1, null] }] },
                "$.a[0].anything-but[1]",
                "anything-but list values must be strings or numbers, got null",
                "BAD_ANYTHING_BUT_ELEMENT",
                [null],
            ],
            [
                "a boolean in an anything-but list",
                { a: [{ "anything-but": [true] }] },
                "$.a[0].anything-but[0]",
                "anything-but list values must be strings or numbers, got true",
                "BAD_ANYTHING_BUT_ELEMENT",
                [true],
            ],
            [
                "a list in an anything-but list",
                { a: [{ "anything-but": [["a"]] }] },
                "$.a[0].anything-but[0]",
                'anything-but list values must be strings or numbers, got ["a"]',
                "BAD_ANYTHING_BUT_ELEMENT",
                [["a"]],
            ],
            [
                "anything-but beyond 5e9",
                { a: [{ "anything-but": 6e9 }] },
                "$.a[0].anything-but",
                "numbers compared by EventBridge must be between -5,000,000,000 and 5,000,000,000, got 6000000000",
                "NUMBER_OUT_OF_RANGE",
                [6000000000],
            ],
            [
                "anything-but list beyond -5e9",
                { a: [{ "anything-but": [1, -5.5e9] }] },
                "$.a[0].anything-but[1]",
                "numbers compared by EventBridge must be between -5,000,000,000 and 5,000,000,000, got -5500000000",
                "NUMBER_OUT_OF_RANGE",
                [-5500000000],
            ],
            [
                "an empty anything-but object",
                { a: [{ "anything-but": {} }] },
                "$.a[0].anything-but",
                "anything-but takes one of prefix, suffix, equals-ignore-case, wildcard as operator object, got {}",
                "BAD_ANYTHING_BUT_OPERATOR",
                [{}],
            ],
            [
                "an unknown anything-but operator",
                { a: [{ "anything-but": { foo: 3 } }] },
                "$.a[0].anything-but",
                'anything-but takes one of prefix, suffix, equals-ignore-case, wildcard as operator object, got {"foo":3}',
                "BAD_ANYTHING_BUT_OPERATOR",
                [{ foo: 3 }],
            ],
            [
                "two anything-but operators",
                { a: [{ "anything-but": { prefix: "a", suffix: "b" } }] },
                "$.a[0].anything-but",
                'anything-but takes one of prefix, suffix, equals-ignore-case, wildcard as operator object, got {"prefix":"a","suffix":"b"}',
                "BAD_ANYTHING_BUT_OPERATOR",
                [{ prefix: "a", suffix: "b" }],
            ],
            [
                "anything-but numeric",
                { a: [{ "anything-but": { numeric: [">", 1] } }] },
                "$.a[0].anything-but",
                'anything-but takes one of prefix, suffix, equals-ignore-case, wildcard as operator object, got {"numeric":[">",1]}',
                "BAD_ANYTHING_BUT_OPERATOR",
                [{ numeric: [">", 1] }],
            ],
            [
                "anything-but exists",
                { a: [{ "anything-but": { exists: true } }] },
                "$.a[0].anything-but",
                'anything-but takes one of prefix, suffix, equals-ignore-case, wildcard as operator object, got {"exists":true}',
                "BAD_ANYTHING_BUT_OPERATOR",
                [{ exists: true }],
            ],
            [
                "a numeric anything-but prefix",
                { a: [{ "anything-but": { prefix: 27 } }] },
                "$.a[0].anything-but.prefix",
                "anything-but prefix takes a string or a list of strings, got 27",
                "NOT_STRING_OR_STRING_LIST",
                [27],
            ],
            [
                "an empty anything-but prefix",
                { a: [{ "anything-but": { prefix: "" } }] },
                "$.a[0].anything-but.prefix",
                "an anything-but prefix must not be empty (it would exclude every string)",
                "EMPTY_ANYTHING_BUT_AFFIX",
                [],
            ],
            [
                "an empty anything-but prefix in a list",
                { a: [{ "anything-but": { prefix: ["1", ""] } }] },
                "$.a[0].anything-but.prefix[1]",
                "an anything-but prefix must not be empty (it would exclude every string)",
                "EMPTY_ANYTHING_BUT_AFFIX",
                [],
            ],
            [
                "a number in an anything-but prefix list",
                { a: [{ "anything-but": { prefix: [1] } }] },
                "$.a[0].anything-but.prefix[0]",
                "anything-but prefix values must be strings, got 1",
                "NOT_A_STRING",
                [1],
            ],
            [
                "an empty anything-but suffix",
                { a: [{ "anything-but": { suffix: "" } }] },
                "$.a[0].anything-but.suffix",
                "an anything-but suffix must not be empty (it would exclude every string)",
                "EMPTY_ANYTHING_BUT_AFFIX",
                [],
            ],
            [
                "a number in an anything-but suffix list",
                { a: [{ "anything-but": { suffix: ["x", 2] } }] },
                "$.a[0].anything-but.suffix[1]",
                "anything-but suffix values must be strings, got 2",
                "NOT_A_STRING",
                [2],
            ],
            [
                "a numeric anything-but equals-ignore-case",
                { a: [{ "anything-but": { "equals-ignore-case": 1 } }] },
                "$.a[0].anything-but.equals-ignore-case",
                "anything-but equals-ignore-case takes a string or a list of strings, got 1",
                "NOT_STRING_OR_STRING_LIST",
                [1],
            ],
            [
                "a number in an anything-but equals-ignore-case list",
                { a: [{ "anything-but": { "equals-ignore-case": [1] } }] },
                "$.a[0].anything-but.equals-ignore-case[0]",
                "anything-but equals-ignore-case values must be strings, got 1",
                "NOT_A_STRING",
                [1],
            ],
            [
                "a numeric anything-but wildcard",
                { a: [{ "anything-but": { wildcard: 27 } }] },
                "$.a[0].anything-but.wildcard",
                "anything-but wildcard takes a string or a list of strings, got 27",
                "NOT_STRING_OR_STRING_LIST",
                [27],
            ],
            [
                "two stars in an anything-but wildcard",
                { a: [{ "anything-but": { wildcard: "foo**bar" } }] },
                "$.a[0].anything-but.wildcard",
                'consecutive wildcard characters at position 3, got "foo**bar"',
                "CONSECUTIVE_WILDCARDS",
                ["foo**bar"],
            ],
            [
                "a trailing backslash in an anything-but wildcard list",
                { a: [{ "anything-but": { wildcard: ["1", "foo\\"] } }] },
                "$.a[0].anything-but.wildcard[1]",
                'invalid escape at position 3, got "foo\\\\": only \\* (a literal star) and \\\\ (a literal backslash) may follow a backslash',
                "BAD_WILDCARD_ESCAPE",
                ["foo\\"],
            ],
            [
                "an empty numeric",
                { x: [{ numeric: [] }] },
                "$.x[0].numeric",
                "numeric needs a comparison operator at position 0, got []",
                "NUMERIC_TOO_SHORT",
                [[]],
            ],
            [
                "a number as numeric",
                { x: [{ numeric: 5 }] },
                "$.x[0].numeric",
                'numeric takes an array such as [">", 0, "<=", 5], got 5',
                "NUMERIC_NOT_ARRAY",
                [5],
            ],
            [
                "= true",
                { x: [{ numeric: ["=", true] }] },
                "$.x[0].numeric[1]",
                'the value of "=" must be a number, got true',
                "NOT_A_NUMBER",
                [true],
            ],
            [
                '= "5"',
                { x: [{ numeric: ["=", "5"] }] },
                "$.x[0].numeric[1]",
                'the value of "=" must be a number, got "5"',
                "NOT_A_NUMBER",
                ["5"],
            ],
            [
                "= without a value",
                { x: [{ numeric: ["="] }] },
                "$.x[0].numeric",
                '"=" needs a number after it, got ["="]',
                "NUMERIC_TOO_SHORT",
                [["="]],
            ],
            [
                "= with two values",
                { x: [{ numeric: ["=", 1, 2] }] },
                "$.x[0].numeric[2]",
                'too many elements in numeric, got ["=",1,2]',
                "NUMERIC_TOO_LONG",
                [["=", 1, 2]],
            ],
            [
                "the upper bound first",
                { x: [{ numeric: ["<", 1, ">", 0] }] },
                "$.x[0].numeric[2]",
                'in a two-sided range the lower bound (">" or ">=") comes first, got ["<",1,">",0]',
                "RANGE_OPERATOR_ORDER",
                [["<", 1, ">", 0]],
            ],
            [
                "two upper bounds",
                { x: [{ numeric: ["<=", 1, "<", 0] }] },
                "$.x[0].numeric[2]",
                'in a two-sided range the lower bound (">" or ">=") comes first, got ["<=",1,"<",0]',
                "RANGE_OPERATOR_ORDER",
                [["<=", 1, "<", 0]],
            ],
            [
                "operator <>",
                { x: [{ numeric: ["<>", 1] }] },
                "$.x[0].numeric[0]",
                'unknown numeric operator (expected one of =, <, <=, >, >=), got "<>"',
                "BAD_NUMERIC_OPERATOR",
                ["<>"],
            ],
            [
                "operator ==",
                { x: [{ numeric: ["==", 1] }] },
                "$.x[0].numeric[0]",
                'unknown numeric operator (expected one of =, <, <=, >, >=), got "=="',
                "BAD_NUMERIC_OPERATOR",
                ["=="],
            ],
            [
                "a number first",
                { x: [{ numeric: [5, "<"] }] },
                "$.x[0].numeric[0]",
                'expected a comparison operator at position 0, got 5: in numeric [5,"<"]',
                "BAD_NUMERIC_OPERATOR",
                [5],
            ],
            [
                "an empty open range",
                { x: [{ numeric: [">", 1, "<", 1] }] },
                "$.x[0].numeric",
                'the lower bound must be below the upper bound, got [">",1,"<",1]',
                "BAD_NUMERIC_RANGE",
                [[">", 1, "<", 1]],
            ],
            [
                "an empty closed range",
                { x: [{ numeric: [">=", 1, "<=", 1] }] },
                "$.x[0].numeric",
                'the lower bound must be below the upper bound, got [">=",1,"<=",1]',
                "BAD_NUMERIC_RANGE",
                [[">=", 1, "<=", 1]],
            ],
            [
                "bounds the wrong way round",
                { x: [{ numeric: [">", 30, "<", 1] }] },
                "$.x[0].numeric",
                'the lower bound must be below the upper bound, got [">",30,"<",1]',
                "BAD_NUMERIC_RANGE",
                [[">", 30, "<", 1]],
            ],
            [
                "a fifth element",
                { x: [{ numeric: [">", 1, "<", 30, false] }] },
                "$.x[0].numeric[4]",
                'too many elements in numeric, got [">",1,"<",30,false]',
                "NUMERIC_TOO_LONG",
                [[">", 1, "<", 30, false]],
            ],
            [
                "two lower bounds",
                { x: [{ numeric: [">", 1, ">", 30] }] },
                "$.x[0].numeric[2]",
                'the upper bound of a range takes "<" or "<=", got ">"',
                "RANGE_OPERATOR_ORDER",
                [">"],
            ],
            [
                "an upper operator without a value",
                { x: [{ numeric: [">", 1, "<"] }] },
                "$.x[0].numeric",
                '"<" needs a number after it, got [">",1,"<"]',
                "NUMERIC_TOO_SHORT",
                [[">", 1, "<"]],
            ],
            [
                "a number where the upper operator goes",
                { x: [{ numeric: [">", 1, 5] }] },
                "$.x[0].numeric[2]",
                'expected a comparison operator at position 2, got 5: in numeric [">",1,5]',
                "BAD_NUMERIC_OPERATOR",
                [5],
            ],
            [
                "a bound beyond 5e9",
                { x: [{ numeric: [">", 6e9] }] },
                "$.x[0].numeric[1]",
                "numbers compared by EventBridge must be between -5,000,000,000 and 5,000,000,000, got 6000000000",
                "NUMBER_OUT_OF_RANGE",
                [6000000000],
            ],
            [
                "a bound beyond -5e9",
                { x: [{ numeric: ["<", -5.1e9] }] },
                "$.x[0].numeric[1]",
                "numbers compared by EventBridge must be between -5,000,000,000 and 5,000,000,000, got -5100000000",
                "NUMBER_OUT_OF_RANGE",
                [-5100000000],
            ],
            [
                "= just beyond 5e9",
                { x: [{ numeric: ["=", 5000000000.5] }] },
                "$.x[0].numeric[1]",
                "numbers compared by EventBridge must be between -5,000,000,000 and 5,000,000,000, got 5000000000.5",
                "NUMBER_OUT_OF_RANGE",
                [5000000000.5],
            ],
            [
                'exists "true"',
                { x: [{ exists: "true" }] },
                "$.x[0].exists",
                'exists must be true or false, got "true"',
                "NOT_A_BOOLEAN",
                ["true"],
            ],
            [
                "exists null",
                { x: [{ exists: null }] },
                "$.x[0].exists",
                "exists must be true or false, got null",
                "NOT_A_BOOLEAN",
                [null],
            ],
            [
                "a CIDR without a slash",
                { x: [{ cidr: "foo" }] },
                "$.x[0].cidr",
                'malformed CIDR block, got "foo": exactly one "/" is required',
                "BAD_CIDR",
                ["foo"],
            ],
            [
                "a numeric CIDR",
                { x: [{ cidr: 10 }] },
                "$.x[0].cidr",
                "the value of cidr must be a string, got 10",
                "NOT_A_STRING",
                [10],
            ],
            [
                "an address without a prefix length",
                { x: [{ cidr: "10.0.0.0" }] },
                "$.x[0].cidr",
                'malformed CIDR block, got "10.0.0.0": exactly one "/" is required',
                "BAD_CIDR",
                ["10.0.0.0"],
            ],
            [
                "two slashes",
                { x: [{ cidr: "10.0.0.0/8/8" }] },
                "$.x[0].cidr",
                'malformed CIDR block, got "10.0.0.0/8/8": exactly one "/" is required',
                "BAD_CIDR",
                ["10.0.0.0/8/8"],
            ],
            [
                "a prefix length that is not a number",
                { x: [{ cidr: "10.0.0.0/x" }] },
                "$.x[0].cidr",
                'malformed CIDR block, got "10.0.0.0/x": the prefix length must be an integer',
                "BAD_CIDR",
                ["10.0.0.0/x"],
            ],
            [
                "a negative prefix length",
                { x: [{ cidr: "10.0.0.0/-1" }] },
                "$.x[0].cidr",
                'malformed CIDR block, got "10.0.0.0/-1": the prefix length must not be negative',
                "BAD_CIDR",
                ["10.0.0.0/-1"],
            ],
            [
                "IPv4 /32",
                { x: [{ cidr: "10.0.0.0/32" }] },
                "$.x[0].cidr",
                'an IPv4 prefix length must be at most 31, got "10.0.0.0/32": to match one address, give the address itself as an exact value',
                "CIDR_PREFIX_TOO_LONG",
                ["10.0.0.0/32"],
            ],
            [
                "IPv4 /33",
                { x: [{ cidr: "10.0.0.0/33" }] },
                "$.x[0].cidr",
                'an IPv4 prefix length must be at most 31, got "10.0.0.0/33": to match one address, give the address itself as an exact value',
                "CIDR_PREFIX_TOO_LONG",
                ["10.0.0.0/33"],
            ],
            [
                "IPv6 /128",
                { x: [{ cidr: "::/128" }] },
                "$.x[0].cidr",
                'an IPv6 prefix length must be at most 127, got "::/128": to match one address, give the address itself as an exact value',
                "CIDR_PREFIX_TOO_LONG",
                ["::/128"],
            ],
            [
                "IPv6 /222",
                { x: [{ cidr: "2400:6500:FF00::36FB:1F80/222" }] },
                "$.x[0].cidr",
                'an IPv6 prefix length must be at most 127, got "2400:6500:FF00::36FB:1F80/222": to match one address, give the address itself as an exact value',
                "CIDR_PREFIX_TOO_LONG",
                ["2400:6500:FF00::36FB:1F80/222"],
            ],
            [
                "an IPv4 part over 255",
                { x: [{ cidr: "700.1.1.1/8" }] },
                "$.x[0].cidr",
                'malformed CIDR block, got "700.1.1.1/8": "700.1.1.1" is not an IPv4 or IPv6 address',
                "BAD_CIDR",
                ["700.1.1.1/8"],
            ],
            [
                "a host name",
                { x: [{ cidr: "snorkle/3" }] },
                "$.x[0].cidr",
                'malformed CIDR block, got "snorkle/3": "snorkle" is not an IPv4 or IPv6 address',
                "BAD_CIDR",
                ["snorkle/3"],
            ],
            [
                "nine IPv6 groups",
                { x: [{ cidr: "1:2:3:4:5:6:7:8:9/64" }] },
                "$.x[0].cidr",
                'malformed CIDR block, got "1:2:3:4:5:6:7:8:9/64": "1:2:3:4:5:6:7:8:9" is not an IPv4 or IPv6 address',
                "BAD_CIDR",
                ["1:2:3:4:5:6:7:8:9/64"],
            ],
            [
                "no address",
                { x: [{ cidr: "/8" }] },
                "$.x[0].cidr",
                'malformed CIDR block, got "/8": "" is not an IPv4 or IPv6 address',
                "BAD_CIDR",
                ["/8"],
            ],
            [
                "$or as an object",
                { $or: {} },
                "$.$or",
                "$or must be an array of at least two pattern objects, got {}",
                "OR_NOT_ARRAY",
                [{}],
            ],
            [
                "$or as a string",
                { $or: "x" },
                "$.$or",
                '$or must be an array of at least two pattern objects, got "x"',
                "OR_NOT_ARRAY",
                ["x"],
            ],
            [
                "an empty $or",
                { $or: [] },
                "$.$or",
                "$or must have at least two alternatives, got []",
                "TOO_FEW_ALTERNATIVES",
                [[]],
            ],
            [
                "$or with one alternative",
                { $or: [{ a: ["1"] }] },
                "$.$or",
                '$or must have at least two alternatives, got [{"a":["1"]}]',
                "TOO_FEW_ALTERNATIVES",
                [[{ a: ["1"] }]],
            ],
            [
                "a string alternative",
                { $or: [{ a: ["1"] }, "b"] },
                "$.$or[1]",
                'each $or alternative must be a pattern object, got "b"',
                "OR_ALTERNATIVE_NOT_OBJECT",
                ["b"],
            ],
            [
                "an empty alternative",
                { $or: [{ a: ["1"] }, {}] },
                "$.$or[1]",
                "a pattern object must not be empty",
                "EMPTY_OBJECT",
                [],
            ],
            [
                "an operator name as a field inside $or",
                { $or: [{ a: ["1"] }, { numeric: ["1"] }] },
                "$.$or[1].numeric",
                '"numeric" is an operator name, which EventBridge refuses as a field name inside $or',
                "OPERATOR_NAME_IN_OR",
                [],
            ],
            [
                "an operator name deeper inside $or",
                { $or: [{ a: ["1"] }, { b: { prefix: ["x"] } }] },
                "$.$or[1].b.prefix",
                '"prefix" is an operator name, which EventBridge refuses as a field name inside $or',
                "OPERATOR_NAME_IN_OR",
                [],
            ],
            [
                "an operator name inside a nested $or",
                { $or: [{ a: ["1"] }, { $or: [{ b: ["1"] }, { cidr: ["x"] }] }] },
                "$.$or[1].$or[1].cidr",
                '"cidr" is an operator name, which EventBridge refuses as a field name inside $or',
                "OPERATOR_NAME_IN_OR",
                [],
            ],
            [
                "a bad leaf inside a nested $or",
                { detail: { $or: [{ a: ["1"] }, { b: [] }] } },
                "$.detail.$or[1].b",
                "leaf values must be a non-empty array, got []",
                "EMPTY_ARRAY",
                [[]],
            ],
            [
                "NaN",
                { a: [Number.NaN] },
                "$.a[0]",
                "a number in a pattern must be finite (JSON has no NaN or Infinity), got NaN",
                "NOT_JSON_VALUE",
                [Number.NaN],
            ],
            [
                "Infinity",
                { a: [Infinity] },
                "$.a[0]",
                "a number in a pattern must be finite (JSON has no NaN or Infinity), got Infinity",
                "NOT_JSON_VALUE",
                [Infinity],
            ],
            [
                "undefined in a list",
                { a: [undefined] },
                "$.a[0]",
                "a pattern must hold only JSON values, got undefined",
                "NOT_JSON_VALUE",
                [undefined],
            ],
            [
                "undefined as a leaf",
                { a: undefined },
                "$.a",
                "a pattern must hold only JSON values, got undefined",
                "NOT_JSON_VALUE",
                [undefined],
            ],
            [
                "a Date",
                { a: [new Date(0)] },
                "$.a[0]",
                'a pattern must hold only plain objects, arrays and JSON values, got "1970-01-01T00:00:00.000Z": an instance of Date',
                "NOT_PLAIN_OBJECT",
                [new Date(0)],
            ],
            [
                "a function",
                { a: [A_FUNCTION] },
                "$.a[0]",
                "a pattern must hold only JSON values, got a function",
                "NOT_JSON_VALUE",
                [A_FUNCTION],
            ],
            ["a bigint", { a: [1n] }, "$.a[0]", "a pattern must hold only JSON values, got 1n", "NOT_JSON_VALUE", [1n]],
        ];
        for (const [description, pattern, path, reason, code, value] of invalid) {
            it(`${description}: ${path}`, () => assertRefused(pattern, path, reason, code, value));
        }

        it("invalid JSON text, with the parser's message", () => {
            assert.throws(
                () => validateEventPattern('{"a": ["x"'),
                (error: unknown) => {
                    assert.ok(error instanceof EventPatternError);
                    assert.equal(error.path, "$");
                    assert.match(error.reason, /^the pattern is not valid JSON text \(.+\)$/);
                    assertProblem(error, "NOT_JSON", []);
                    return true;
                },
            );
        });
        it("a pattern that refers to itself", () => {
            assertRefused(
                selfReferring(),
                "$.b",
                "the pattern refers to itself (a cycle cannot be written as JSON)",
                "PATTERN_CYCLE",
                [],
            );
        });
        it("more than 1,000 combinations", () => {
            const pattern = {
                a: { $or: alternatives("x", 10) },
                b: { $or: alternatives("y", 10) },
                c: { $or: alternatives("z", 10) },
                d: { $or: alternatives("w", 2) },
            };
            assertRefused(
                pattern,
                "$",
                "the $or alternatives expand to 2,000 combinations; EventBridge accepts at most 1,000",
                "TOO_MANY_COMBINATIONS",
                [],
            );
        });
        it("more than 1,000 combinations from nested $or", () => {
            let pattern: object = { leaf: ["x"] };
            for (let depth = 0; depth < 10; depth++) {
                pattern = { $or: [pattern, { [`k${depth}`]: ["y"] }, { [`j${depth}`]: ["z"] }] };
            }
            // Each level adds two alternatives to the previous count: 1 + 2 * 10 = 21 combinations only.
            assert.doesNotThrow(() => validateEventPattern(pattern));
            let wide: object = { leaf: ["x"] };
            for (let depth = 0; depth < 10; depth++) {
                wide = { [`n${depth}`]: wide, $or: [{ a: ["1"] }, { b: ["2"] }] };
            }
            assertRefused(
                wide,
                "$",
                "the $or alternatives expand to 1,024 combinations; EventBridge accepts at most 1,000",
                "TOO_MANY_COMBINATIONS",
                [],
            );
        });
        it("an astronomically large number of combinations without expanding them", () => {
            let pattern: object = { leaf: ["x"] };
            for (let depth = 0; depth < 60; depth++) {
                pattern = { [`n${depth}`]: pattern, $or: [{ a: ["1"] }, { b: ["2"] }, { c: ["3"] }] };
            }
            assertRefused(
                pattern,
                "$",
                "the $or alternatives expand to more than 1,000,000,000 combinations; EventBridge accepts at most 1,000",
                "TOO_MANY_COMBINATIONS",
                [],
            );
        });
        it("a pattern nested too deeply", () => {
            assertRefused(nestedTooDeeply(), "$", "the pattern is nested too deeply", "PATTERN_TOO_DEEP", []);
        });

        it("every code of EventPatternProblemCode is produced by at least one case", () => {
            const produced = new Set<string>(
                invalid.map(([, pattern]) => refusal(() => validateEventPattern(pattern)).code),
            );
            for (const run of [
                () => validateEventPattern('{"a": ["x"'),
                () => validateEventPattern(selfReferring()),
                () => validateEventPattern(nestedTooDeeply()),
                () => validateEventPattern({ a: { $or: alternatives("x", 40) }, b: { $or: alternatives("y", 40) } }),
                () => inspectEventPattern({ a: ["x".repeat(4100)] }),
            ]) {
                produced.add(refusal(run).code);
            }
            assert.deepEqual(
                Object.keys(EVERY_CODE).filter((code) => !produced.has(code)),
                [],
                "codes no case produces",
            );
            assert.deepEqual(
                [...produced].filter((code) => !Object.prototype.hasOwnProperty.call(EVERY_CODE, code)),
                [],
                "codes outside the union",
            );
        });
    });
});

/** `{ a: ["x"], b: <itself> }`. */
function selfReferring(): Record<string, unknown> {
    const pattern: Record<string, unknown> = { a: ["x"] };
    pattern.b = pattern;
    return pattern;
}

/** A pattern object nested 20,000 levels deep. */
function nestedTooDeeply(): unknown {
    let deep: unknown = ["x"];
    for (let i = 0; i < 20000; i++) {
        deep = { a: deep };
    }
    return deep;
}
