/**
 * Did-you-mean suggestions on hostile input (util/suggest.ts): the edit distance stops once it
 * passes the best so far, with the same suggestions as the full table; unknown bases among many
 * instances (n problems, n candidates each) are suggested while a budget of comparisons lasts.
 */
import * as assert from "node:assert/strict";
import fc from "fast-check";
import { parseStack } from "../../stack";
import { closestMatch, editDistance, SuggestionBudget } from "../../util/suggest";
import { lines, stackError, STACK_VARS } from "../helpers/stack";

/** The optimal-string-alignment distance by its full table (the definition). */
function fullDistance(a: string, b: string): number {
    const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
            d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.length][b.length];
}

/** closestMatch's rule by the full distance: case-insensitive match, nearest within a third, containing. */
function closestByDefinition(name: string, candidates: readonly string[]): string | undefined {
    const lower = name.toLowerCase();
    const list = candidates.filter((c) => c !== name);
    let best: string | undefined;
    let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
    for (const c of list) {
        const distance = fullDistance(lower, c.toLowerCase());
        if (distance < bestDistance) [best, bestDistance] = [c, distance];
    }
    if (best !== undefined || lower.length < 4) return best;
    return list.find((c) => c.toLowerCase().includes(lower));
}

// Short words over few letters, so that near misses, swaps and repeats are common.
const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "A", "_"), maxLength: 12 });

describe("did-you-mean suggestions", () => {
    it("gives the full table's distance, and past a bound a number past it", () => {
        fc.assert(
            fc.property(word, word, fc.nat(8), (a, b, max) => {
                const exact = fullDistance(a, b);
                assert.equal(editDistance(a, b), exact);
                const bounded = editDistance(a, b, max);
                if (exact <= max) assert.equal(bounded, exact);
                else assert.ok(bounded > max, `${a} ${b} ${max}: ${bounded}`);
            }),
            { numRuns: 2000 },
        );
    });

    it("suggests what the full table suggests", () => {
        fc.assert(
            fc.property(word, fc.array(word, { maxLength: 12 }), (name, candidates) => {
                assert.equal(closestMatch(name, candidates), closestByDefinition(name, candidates));
            }),
            { numRuns: 2000 },
        );
    });

    it("spends a budget of comparisons, all or nothing", () => {
        const budget = new SuggestionBudget(10);
        assert.deepEqual(
            [budget.spend(6), budget.spend(5), budget.spend(4), budget.spend(1)],
            [true, false, true, false],
        );
    });

    it("suggests bases for unknown ones among 601 instances while 100,000 comparisons last, and names every one", () => {
        const bases = Array.from({ length: 300 }, (_, i) => `    base-${i}: {metadata: {type: abstract}}`);
        const instances = Array.from({ length: 300 }, (_, i) => `    inst-${i}: {metadata: {inherits: [bse-${i}]}}`);
        const text = lines(
            STACK_VARS,
            "components:",
            "  terraform:",
            ...bases,
            ...instances,
            "    eventbridge: {vars: {name: x}}",
        );
        const error = stackError(() => parseStack(text, "s.yaml"));
        assert.equal(error.problems.length, 300);
        const suggested = error.problems.filter((p) => /names bse-(\d+), .*; did you mean base-\1\?$/.test(p.message));
        // Each unknown base compares the 601 instances: 166 suggestions fit in 100,000, the first ones.
        assert.equal(suggested.length, Math.floor(100_000 / 601));
        assert.deepEqual(
            suggested.map((p) => p.line),
            Array.from({ length: 166 }, (_, i) => 304 + i),
        );
        assert.match(
            error.problems[299].message,
            /^s\.yaml:603:38: .*names bse-299, which is not a component of this stack$/,
        );
    });
});
