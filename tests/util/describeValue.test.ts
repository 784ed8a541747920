/** describeValue: how error messages show the value they received. */
import { strict as assert } from "node:assert";
import { describeValue, SECRET_VALUE } from "../../util/describeValue";

describe("describeValue", () => {
    const short = { maxLength: 10, ellipsis: "..." };
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const cases: [string, unknown, string][] = [
        ["quotes strings", "WARN", '"WARN"'],
        ["writes numbers, booleans and null as JSON", [4, true, null], "[4,true..."],
        ["names undefined", undefined, "undefined"],
        ["writes non-finite numbers, which JSON cannot", Number.NaN, "NaN"],
        ["marks bigints", 12n, "12n"],
        ["names functions", () => 1, "a function"],
        ["falls back to the object tag for a cyclic object", cyclic, "[object..."],
        ["keeps a value at the limit whole", "12345678", '"12345678"'],
        ["cuts a longer value, ellipsis included in the limit", "123456789", '"123456...'],
        [
            "says a Promise is one, whole (JSON would show {})",
            Promise.resolve(4),
            "a Promise (the resolve*Args functions take plain values: give Promises to the component itself, which checks them once they are known)",
        ],
        [
            "says a secret's stand-in is a secret, whole, never a value",
            SECRET_VALUE,
            "a secret (its value is not shown)",
        ],
    ];
    for (const [behaviour, value, expected] of cases) {
        it(behaviour, () => assert.equal(describeValue(value, short), expected));
    }
});
