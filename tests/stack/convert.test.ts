import * as assert from "node:assert/strict";
import { convertValue } from "../../stack/convert";
import { closestMatch, editDistance } from "../../util/suggest";
import { mergeNodes, parseYamlTree, toPlain, type TreeNode } from "../../stack/tree";

/** The tree of a YAML snippet (which must parse). */
function tree(text: string): TreeNode {
    const parsed = parseYamlTree(text, "t.yaml");
    assert.deepEqual(parsed.problems, []);
    assert.ok(parsed.root);
    return parsed.root;
}

describe("editDistance", () => {
    const cases: [string, string, number][] = [
        ["region", "region", 0],
        ["regoin", "region", 1], // an adjacent swap costs 1
        ["regin", "region", 1],
        ["stage", "stages", 1],
        ["event_log_retention_days", "event_log_retention_in_days", 3],
        ["", "abc", 3],
    ];
    for (const [a, b, distance] of cases) {
        it(`is ${distance} from ${JSON.stringify(a)} to ${JSON.stringify(b)}`, () =>
            assert.equal(editDistance(a, b), distance));
    }
});

describe("closestMatch", () => {
    const names = ["region", "stage", "tags", "tenant", "event_log_retention_in_days"];
    const cases: [string, string | undefined][] = [
        ["Region", "region"], // case only
        ["regoin", "region"],
        ["event_log_retention", "event_log_retention_in_days"], // contained
        ["retention", "event_log_retention_in_days"],
        ["tag", "tags"],
        ["vpc_id", undefined],
        ["x", undefined],
    ];
    for (const [name, match] of cases) {
        it(`suggests ${String(match)} for ${name}`, () => assert.equal(closestMatch(name, names), match));
    }
});

describe("convertValue", () => {
    it("reports every bad element of a list at once", () => {
        const result = convertValue(tree("[a, [b], {c: d}]"), "list(string)", "attributes");
        assert.equal(result.value, undefined);
        assert.deepEqual(
            result.failures.map((f) => [f.field, f.expected, f.got, f.loc.column]),
            [
                ["attributes[1]", "a string", '["b"]', 5],
                ["attributes[2]", "a string", '{"c":"d"}', 10],
            ],
        );
    });

    const numbers: [string, number | undefined][] = [
        ['"+7"', 7],
        ['"0.5"', 0.5],
        ['".5"', 0.5],
        ['"1e3"', 1000],
        ['" 7"', undefined],
        ['"0x1F"', undefined],
        ['"NaN"', undefined],
        ['"1e999"', undefined],
        ["0x1F", 31], // a YAML hex integer is a number already
    ];
    for (const [yaml, value] of numbers) {
        it(`${value === undefined ? "refuses" : "converts"} ${yaml} as a number`, () => {
            assert.equal(convertValue(tree(yaml), "number", "n").value, value);
        });
    }
});

describe("mergeNodes", () => {
    const cases: [string, string, string, unknown][] = [
        ["merges maps deeply", "{a: {b: 1, c: 2}}", "{a: {c: 3, d: 4}}", { a: { b: 1, c: 3, d: 4 } }],
        ["replaces lists", "{a: [1, 2]}", "{a: [3]}", { a: [3] }],
        ["replaces a map with a scalar", "{a: {b: 1}}", "{a: x}", { a: "x" }],
        ["lets a later null unset", "{a: 1}", "{a: null}", { a: null }],
        ["keeps the first position of a key", "{a: 1, b: 2}", "{c: 3, a: 4}", { a: 4, b: 2, c: 3 }],
    ];
    for (const [title, base, over, expected] of cases) {
        it(title, () => {
            const merged = toPlain(mergeNodes(tree(base), tree(over)));
            assert.deepEqual(merged, expected);
            assert.deepEqual(Object.keys(merged as object), Object.keys(expected as object));
        });
    }

    it("does not change either input", () => {
        const base = tree("{a: {b: 1}}");
        mergeNodes(base, tree("{a: {c: 2}}"));
        assert.deepEqual(toPlain(base), { a: { b: 1 } });
    });
});

describe("toPlain", () => {
    it("keeps a __proto__ key as a plain property", () => {
        const plain = toPlain(tree('{"__proto__": {polluted: true}}')) as Record<string, unknown>;
        assert.equal(Object.getPrototypeOf(plain), Object.prototype);
        assert.deepEqual(Object.keys(plain), ["__proto__"]);
        assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });
});
