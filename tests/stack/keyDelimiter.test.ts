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
});
