/**
 * expandKeyDelimiters, Atmos's `settings.yaml.key_delimiter` expansion (pkg/yaml/expand/expand.go
 * at cloudposse/atmos 0a1cb44): sequences' items are expanded (56-59), and a later key meeting an
 * earlier one of another kind replaces its value in place (mergeIntoContent, 158-190).
 */
import { strict as assert } from "node:assert";
import { expandKeyDelimiters } from "../../stack/keyDelimiter";
import { parseYamlTree, toPlain, type TreeNode } from "../../stack/tree";
import { lines } from "../helpers/stack";

function tree(...text: string[]): TreeNode {
    const parsed = parseYamlTree(lines(...text), "s.yaml");
    assert.deepEqual(parsed.problems, []);
    assert.ok(parsed.root !== null);
    return parsed.root;
}

describe("expandKeyDelimiters (settings.yaml.key_delimiter)", () => {
    it("expands the maps inside a sequence's items", () => {
        const root = tree("list:", "  - a.b: 1", "  - plain", "  - [c.d: 2]");
        assert.deepEqual(toPlain(expandKeyDelimiters(root, ".")), {
            list: [{ a: { b: 1 } }, "plain", [{ c: { d: 2 } }]],
        });
    });

    it("lets a later value of another kind replace the earlier one, where the earlier key was", () => {
        const root = tree("a: {x: 1}", "b: 0", "c.d: {e: 1}", "a.y: 2", "b.z: 3", "c: {d: 5}");
        const expanded = expandKeyDelimiters(root, ".");
        assert.deepEqual(toPlain(expanded), { a: { x: 1, y: 2 }, b: { z: 3 }, c: { d: 5 } });
        assert.ok(expanded.kind === "map");
        assert.deepEqual([...expanded.entries.keys()], ["a", "b", "c"]);
        // The entry keeps the first key's location (the value is the later one's).
        assert.equal(expanded.entries.get("b")?.keyLoc.line, 2);
    });

    it("leaves the tree as written for an empty delimiter (atmos.yaml's unset key_delimiter)", () => {
        const root = tree("a.b: 1");
        assert.equal(expandKeyDelimiters(root, ""), root);
    });
    describe("a key written twice (yaml.v3 keeps both in its Node; expand.go merges them, 61-80 and 158-179)", () => {
        const keeping = (...text: string[]) => {
            const parsed = parseYamlTree(lines(...text), "s.yaml", { repeatedKeys: "keep" });
            assert.deepEqual(parsed.problems, []);
            assert.ok(parsed.root !== null);
            return parsed.root;
        };

        it("merges two maps and lets the later scalar win, in the order written", () => {
            // expand.go 61-80: entries in order; `a: {b: 1}`, then `a.b: 2`, then `a: {b: 3}`: the last wins.
            const root = keeping(
                "a: {b: 1, c: 1}",
                "a.b: 2",
                "a: {b: 3}",
                "s: x",
                "s: y",
                "m: {k: {p: 1}}",
                "m: {k: {q: 2}}",
            );
            assert.deepEqual(toPlain(expandKeyDelimiters(root, ".")), {
                a: { b: 3, c: 1 },
                s: "y",
                m: { k: { p: 1, q: 2 } },
            });
        });

        it("keeps repeated keys inside nested maps and sequences too", () => {
            const root = keeping("list:", "  - {x: 1, x: 2}", "vars:", "  tags: {A: '1'}", "  tags: {B: '2'}");
            assert.deepEqual(toPlain(expandKeyDelimiters(root, ".")), {
                list: [{ x: 2 }],
                vars: { tags: { A: "1", B: "2" } },
            });
        });

        it("is refused without a delimiter, as yaml.v3's decode refuses it", () => {
            const parsed = parseYamlTree(lines("a: 1", "a: 2"), "s.yaml");
            assert.deepEqual(
                parsed.problems.map((p) => p.message),
                ["s.yaml:2:1: invalid YAML: Map keys must be unique"],
            );
        });
    });
});
