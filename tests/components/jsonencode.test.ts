/** `jsonencode`: Terraform's `jsonencode()` of JSON values; expectations from `terraform console` (1.11). */
import { strict as assert } from "node:assert";
import { jsonencode } from "../../components/kit/jsonencode";
import { ECS_PATTERN, ECS_PATTERN_JSON } from "../fixtures/spec";

describe("jsonencode", () => {
    const cases: [string, unknown, string][] = [
        [
            "sorts object keys bytewise, $ first and upper case before lower",
            { b: 1, Z: 2, $or: [], a: 3 },
            '{"$or":[],"Z":2,"a":3,"b":1}',
        ],
        ["sorts non-ASCII keys by their UTF-8 bytes", { é: 1, z: 2, ä: 3 }, '{"z":2,"ä":3,"é":1}'],
        ["keeps array order", ["WARN", "ERROR"], '["WARN","ERROR"]'],
        ["escapes <, > and & as Go does", "<x>&y", '"\\u003cx\\u003e\\u0026y"'],
        ["escapes U+2028 and U+2029", "a\u2028b\u2029", '"a\\u2028b\\u2029"'],
        ["writes large numbers in plain decimal", 1e21, "1000000000000000000000"],
        ["writes small numbers in plain decimal", 1e-7, "0.0000001"],
        ["writes a whole float as an integer", 300.0, "300"],
        ["keeps a negative zero", -0, "-0"],
        ["writes the smallest double in full", 5e-324, "0." + "0".repeat(323) + "5"],
        ["writes null, true and false", [null, true, false], "[null,true,false]"],
        ["writes the spec's ECS pattern as the original component sends it", ECS_PATTERN, ECS_PATTERN_JSON],
    ];
    for (const [behaviour, value, expected] of cases) {
        it(behaviour, () => assert.equal(jsonencode(value), expected));
    }

    it("refuses values JSON cannot hold", () => {
        assert.throws(() => jsonencode(Number.NaN), /jsonencode: NaN is not a JSON number/);
        assert.throws(() => jsonencode(undefined), /jsonencode: a undefined is not a JSON value/);
    });
});
