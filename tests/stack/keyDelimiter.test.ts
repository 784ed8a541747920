/**
 * expandKeyDelimiters, Atmos's `settings.yaml.key_delimiter` expansion (pkg/yaml/expand/expand.go
 * at cloudposse/atmos 0a1cb44): sequences' items are expanded (56-59), and a later key meeting an
 * earlier one of another kind replaces its value in place (mergeIntoContent, 158-190).
 */
import { strict as assert } from "node:assert";
import { loadStackFile } from "../../stack";
import type { StackFileProblem } from "../../stack/errors";
import { expandKeyDelimiters } from "../../stack/keyDelimiter";
import { parseYamlTree, toPlain, type MapEntry, type MapNode, type TreeNode } from "../../stack/tree";
import { lines, memoryFiles, ROOT, stackError } from "../helpers/stack";

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

    describe("merging in place (each entry moved or merged once)", () => {
        const keeping = (text: string) => {
            const parsed = parseYamlTree(text, "s.yaml", { repeatedKeys: "keep" });
            assert.deepEqual(parsed.problems, []);
            assert.ok(parsed.root !== null);
            return parsed.root;
        };
        // expand.go 158-190: the first key of a name keeps its place; maps merge, anything else is replaced.
        const cases: { name: string; text: string[]; expected: unknown }[] = [
            {
                name: "three levels merged from dotted and written keys",
                text: ["a.b.c: 1", "a.b.d: 2", "a: {b: {c: 3}, e: 4}"],
                expected: { a: { b: { c: 3, d: 2 }, e: 4 } },
            },
            {
                name: "a scalar replaced by a later map",
                text: ["a.b: 1", "a.b.c: 2"],
                expected: { a: { b: { c: 2 } } },
            },
            { name: "a map replaced by a later scalar", text: ["a.b.c: 2", "a.b: 1"], expected: { a: { b: 1 } } },
            { name: "a map replaced by a later list", text: ["a.b.c: 2", "a.b: [1]"], expected: { a: { b: [1] } } },
            {
                name: "a quoted key kept whole beside the expanded one",
                text: ["'a.b': 1", "a.b: 2", '"a.b": 3'],
                expected: { "a.b": 3, a: { b: 2 } },
            },
            {
                name: "keys inside an expanded key's value expanded too (bottom-up, 56-59)",
                text: ["x.y: [{p.q: 1}, {r: {s.t: 2}}]", "x.y2.z: {u.v: 3}"],
                expected: { x: { y: [{ p: { q: 1 } }, { r: { s: { t: 2 } } }], y2: { z: { u: { v: 3 } } } } },
            },
            // An unquoted timestamp is a scalar node in yaml.v3 (resolve.go: !!timestamp), not a
            // MappingNode: a later map replaces it, and it replaces an earlier map (expand.go 166-173).
            {
                name: "a timestamp replaced by a later map",
                text: ["a: 2001-12-14", "a.b: 1"],
                expected: { a: { b: 1 } },
            },
            { name: "a map replaced by a later timestamp", text: ["a.b: 1", "a: 2001-12-14"], expected: { a: {} } },
            {
                name: "a map merged into one merged before",
                text: ["m.k.a: 1", "m: {k: {b: 2}}", "m.k: {c: 3}", "m.k.a: 4"],
                expected: { m: { k: { a: 4, b: 2, c: 3 } } },
            },
        ];
        for (const c of cases) {
            it(c.name, () => {
                assert.deepEqual(toPlain(expandKeyDelimiters(keeping(lines(...c.text)), ".")), c.expected);
            });
        }

        it("merges 3,000 keys of one prefix in the order first written, each where its key first was", () => {
            const text: string[] = [];
            for (let i = 0; i < 1000; i++) text.push(`a.k${i}: ${i}`, `a: {k${i}: {x: ${i}}}`, `a.k${i}.y: ${i}`);
            const expanded = expandKeyDelimiters(keeping(lines(...text)), ".") as MapNode;
            assert.deepEqual([...expanded.entries.keys()], ["a"]);
            const a = expanded.entries.get("a")!;
            assert.equal(a.keyLoc.line, 1);
            const inner = a.value;
            assert.ok(inner.kind === "map");
            // The map keeps the first key's location (the chain's map stands at the key).
            assert.deepEqual([inner.loc.line, inner.loc.column], [1, 1]);
            const keys = [...inner.entries.keys()];
            assert.deepEqual(
                keys,
                Array.from({ length: 1000 }, (_, i) => `k${i}`),
            );
            for (let i = 0; i < 1000; i += 111) {
                const entry: MapEntry = inner.entries.get(`k${i}`)!;
                assert.equal(entry.keyLoc.line, 3 * i + 1);
                assert.deepEqual(toPlain(entry.value), { x: i, y: i });
                // A scalar replaced by a map: the map written on the second line.
                assert.equal(entry.value.loc.line, 3 * i + 2);
            }
        });

        it("leaves the parsed tree as it was (a parsed file is cached and expanded once per load)", () => {
            const root = keeping(lines("a: {b: {c: 1}}", "a.b.d: 2", "a: {b: {e: 3}}"));
            const before = toPlain(root);
            const first = toPlain(expandKeyDelimiters(root, "."));
            assert.deepEqual(toPlain(root), before);
            assert.deepEqual(toPlain(expandKeyDelimiters(root, ".")), first);
            assert.deepEqual(first, { a: { b: { c: 1, d: 2, e: 3 } } });
        });
    });

    describe("nesting (the parser's limit of 1,000 levels, stack/limits.ts MAX_NESTING)", () => {
        const dotted = (parts: number) => Array.from({ length: parts }, (_, i) => `k${i % 10}`).join(".");
        const written = (levels: number) => `${"{a: ".repeat(levels)}1${"}".repeat(levels)}`;
        const expanded = (text: string) => {
            const problems: StackFileProblem[] = [];
            const parsed = parseYamlTree(text, "s.yaml", { repeatedKeys: "keep" });
            assert.ok(parsed.root !== null);
            expandKeyDelimiters(parsed.root, ".", problems);
            return [...parsed.problems, ...problems].map((p) => p.message);
        };
        const TOO_DEEP =
            "invalid YAML: lists and maps nested deeper than 1,000 levels once settings.yaml.key_delimiter " +
            "has expanded the keys (a key of n parts is n nested maps)";
        // A key of n parts is n nested maps: at the root, its value is n levels down, and the parser
        // refuses a node 1,000 levels down (stack/tree.ts `build`: depth >= MAX_NESTING).
        for (const parts of [998, 999, 1000, 1001]) {
            it(`${parts < 1000 ? "takes" : "refuses"} a key of ${parts} parts at the root, at the key`, () => {
                // An implicit key is at most 1,024 characters; `? key` is not.
                assert.deepEqual(
                    expanded(lines(`? ${dotted(parts)}`, ": 1")),
                    parts < 1000 ? [] : [`s.yaml:1:3: ${TOO_DEEP}`],
                );
            });
        }

        it("counts the levels above the key, once, at the first place", () => {
            // b's map is 1 level down, c's 2: a key of 998 parts in it puts its value 1,000 down.
            const text = lines("b:", "  c:", `    ? ${dotted(998)}`, "    : 1", `  ? ${dotted(999)}`, "  : 1");
            assert.deepEqual(expanded(text), [`s.yaml:3:7: ${TOO_DEEP}`]);
            assert.deepEqual(expanded(lines("b:", "  c:", `    ? ${dotted(997)}`, "    : 1")), []);
        });

        it("counts the value's own levels, refused at the first map too deep", () => {
            // The key's value is 901 levels down; its 100th map is 1,000 down.
            const text = lines("b:", `  ? ${dotted(900)}`, `  : ${written(150)}`);
            assert.deepEqual(expanded(text), [`s.yaml:3:${5 + 4 * 99}: ${TOO_DEEP}`]);
            assert.deepEqual(expanded(lines("b:", `  ? ${dotted(900)}`, `  : ${written(98)}`)), []);
        });

        it("fails the stack file with the located problem", () => {
            const error = stackError(() =>
                loadStackFile("stacks/dev.yaml", {
                    cwd: ROOT,
                    env: {},
                    files: memoryFiles({
                        "atmos.yaml": lines(
                            "stacks: {base_path: stacks, name_pattern: '{stage}'}",
                            "settings:",
                            "  yaml: {key_delimiter: '.'}",
                        ),
                        "stacks/dev.yaml": lines("vars: {stage: dev}", "settings:", `  ? ${dotted(20_000)}`, "  : 1"),
                    }),
                }),
            );
            assert.deepEqual(
                error.problems.map((p) => `${p.code} ${p.message}`),
                [`YAML_SYNTAX stacks/dev.yaml:3:5: ${TOO_DEEP}`],
            );
        });
    });

    it("keeps a timestamp's text only where it is the value (not in a map that replaced it)", () => {
        const parsed = parseYamlTree(lines("a: 2001-12-14", "a.b: 1", "c.d: 1", "c: 2001-12-14"), "s.yaml", {
            repeatedKeys: "keep",
        });
        const expanded = expandKeyDelimiters(parsed.root!, ".") as MapNode;
        const a = expanded.entries.get("a")!.value;
        const c = expanded.entries.get("c")!.value;
        assert.ok(a.kind === "map" && c.kind === "map");
        assert.deepEqual([a.timestamp, a.loc.line, [...a.entries.keys()]], [undefined, 2, ["b"]]);
        assert.deepEqual([c.timestamp, c.loc.line, [...c.entries.keys()]], ["2001-12-14", 4, []]);
    });
});
