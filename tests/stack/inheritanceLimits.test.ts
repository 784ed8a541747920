/**
 * metadata.inherits on hostile input: each instance's bases are met depth first with repeats kept,
 * as Atmos's ProcessBaseComponentConfig does (cloudposse/atmos 0a1cb44,
 * internal/exec/stack_processor_utils.go 2282-2420: no dedupe, only a cycle check on the current
 * path), so a base inherited twice by each of n bases is met 2^n times; past MAX_INHERITED_BASES
 * (stack/limits.ts) the instance is refused where the base is named. The merge of many bases is
 * mergeLayers's one pass, with the results of pairwise merging.
 */
import * as assert from "node:assert/strict";
import { parseStack } from "../../stack";
import { MAX_INHERITED_BASES } from "../../stack/limits";
import { lines, stackError, STACK_VARS } from "../helpers/stack";

function stack(...instanceLines: string[]): string {
    return lines(STACK_VARS, "components:", "  terraform:", ...instanceLines.map((l) => `    ${l}`));
}

/** c0 ... c<n-1>, each abstract with one tag, c<i> inheriting `inherits(i)`. */
function chain(n: number, inherits: (i: number) => string[]): string[] {
    return Array.from(
        { length: n },
        (_, i) =>
            `c${i}: {metadata: {type: abstract, inherits: [${inherits(i).join(", ")}]}, vars: {tags: {t${i}: x, last: c${i}}}}`,
    );
}

describe("metadata.inherits: many bases", () => {
    it("merges bases met twice as often as they are met, the last meeting winning", () => {
        // expand order: a, b, a (repeats kept): a's name and tags win over b's.
        const [x] = parseStack(
            stack(
                "a: {metadata: {type: abstract}, vars: {name: a, tags: {X: a}}}",
                "b: {metadata: {type: abstract}, vars: {name: b, tags: {X: b, Y: b}}}",
                "eventbridge: {metadata: {inherits: [a, b, a]}}",
            ),
            "s.yaml",
        ).instances;
        assert.deepEqual([x.vars.name, x.vars.tags], ["a", { X: "a", Y: "b" }]);
    });

    const diamond = (i: number) => (i === 0 ? [] : [`c${i - 1}`, `c${i - 1}`]);
    const cases: { name: string; instances: string[]; tags: number; problem?: string }[] = [
        {
            // c<i> of a diamond chain meets 2^(i+1) - 2 bases: 510 for c8.
            name: "a diamond chain meeting 510 bases",
            instances: [...chain(9, diamond), "eventbridge: {metadata: {inherits: [c8]}, vars: {name: x}}"],
            tags: 9,
        },
        {
            name: "a diamond chain meeting 1,022 bases, refused where the 1,001st is named",
            instances: [...chain(10, diamond), "eventbridge: {metadata: {inherits: [c8]}, vars: {name: x}}"],
            tags: 0,
            problem: 's.yaml:7:52: instance "c9": metadata.inherits leads to more than 1,000 bases',
        },
        {
            name: "a chain of 300 bases",
            instances: [
                ...chain(300, (i) => (i === 0 ? [] : [`c${i - 1}`])),
                "eventbridge: {metadata: {inherits: [c299]}, vars: {name: x}}",
            ],
            tags: 300,
        },
        {
            name: `one base named ${MAX_INHERITED_BASES.toLocaleString("en-US")} times`,
            instances: [
                ...chain(1, () => []),
                `eventbridge: {metadata: {inherits: [${"c0, ".repeat(MAX_INHERITED_BASES - 1)}c0]}, vars: {name: x}}`,
            ],
            tags: 1,
        },
        {
            name: "one base named once more, at the name that is one too many",
            instances: [
                ...chain(1, () => []),
                `eventbridge: {metadata: {inherits: [${"c0, ".repeat(MAX_INHERITED_BASES)}c0]}, vars: {name: x}}`,
            ],
            tags: 0,
            problem:
                `s.yaml:5:${41 + 4 * MAX_INHERITED_BASES}: instance "eventbridge": metadata.inherits leads to more than 1,000 bases ` +
                '(each counted as often as it is inherited, as Atmos merges it each time; here through "eventbridge"); inherit each base once',
        },
    ];
    for (const c of cases) {
        it(`${c.problem === undefined ? "takes" : "refuses"} ${c.name}`, () => {
            if (c.problem !== undefined) {
                const error = stackError(() => parseStack(stack(...c.instances), "s.yaml"));
                assert.equal(error.code, "INHERITS_CYCLE");
                // One problem for each instance that meets too many (c9 only, in the diamond).
                assert.equal(error.problems.length, 1);
                assert.ok(error.problems[0].message.startsWith(c.problem), error.problems[0].message);
                return;
            }
            const [x] = parseStack(stack(...c.instances), "s.yaml").instances;
            const tags = x.vars.tags as Record<string, string>;
            const expected: Record<string, string> = {};
            for (let i = 0; i < c.tags; i++) Object.assign(expected, { [`t${i}`]: "x", last: `c${i}` });
            assert.deepEqual(tags, expected);
            // In the order first written, as pairwise merging gives it.
            assert.deepEqual(Object.keys(tags), Object.keys(expected));
        });
    }
});
