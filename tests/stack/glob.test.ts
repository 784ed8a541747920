/**
 * Glob patterns from files (issue 40): matched as doublestar v4 matches them (bmatcuk/doublestar
 * match.go, doMatchWithSeparator 95-316: `*` single-star backtracking, `?`, classes with `^`/`!`
 * and ranges, `{...}` always alternatives, nested, `\` escapes, `**` only as a whole segment), each
 * pattern compiled once, and bounded by work: at most MAX_BRACE_ALTERNATIVES alternatives
 * (refused before any is built) and MAX_GLOB_STEPS steps of matching, refused where the pattern
 * is written, naming the limit. Time and memory budgets of the worst patterns: bench/glob.ts.
 */
import * as assert from "node:assert/strict";
import { listStacks, loadStackFile } from "../../stack";
import { globMatches, pathMatches } from "../../stack/files";
import {
    braceAlternatives,
    compileSegment,
    globBudget,
    MAX_BRACE_ALTERNATIVES,
    MAX_GLOB_STEPS,
    segmentMatches,
} from "../../stack/glob";
import { memoryFiles, ROOT, stackError, STACK_VARS, lines } from "../helpers/stack";

describe("glob segments as doublestar matches them (issue 40)", () => {
    // [pattern, name, matches]
    const cases: [string, string, boolean][] = [
        ["*", ".hidden", true], // dotfiles match (doublestar has no dot rule)
        ["*.yaml", "a.yaml", true],
        ["*.yaml", "a.yml", false],
        ["a*b*c", "aXbYc", true],
        ["a*b*c", "aXbY", false],
        ["*a*a*a*a*a*a*b", "a".repeat(200), false], // linear backtracking, no blow-up
        ["*a*a*a*a*a*a*b", `${"a".repeat(200)}b`, true],
        ["??.yml", "eu.yml", true],
        ["??.yml", "e.yml", false],
        ["[a-c]x", "bx", true],
        ["[a-c]x", "dx", false],
        ["[!a-c]x", "dx", true],
        ["[^a-c]x", "ax", false],
        ["[\\]]", "]", true],
        ["\\*", "*", true],
        ["\\*", "a", false],
        ["{a,b}.yaml", "b.yaml", true],
        ["{a,b}.yaml", "c.yaml", false],
        ["{a}.yaml", "a.yaml", true], // doublestar: `{a}` is one alternative (bash would keep it)
        ["{1..3}", "2", false], // no ranges in doublestar: the alternative is `1..3`
        ["{1..3}", "1..3", true],
        ["{a,{b,c}d}", "cd", true], // nested alternatives
        ["{a,}x", "x", true], // an empty alternative
        ["x{a,b", "x{a,b", true], // a `{` that never closes is text here (doublestar: a bad pattern)
        ["é?", "éa", true], // a character is a code point
        ["[abc", "[abc", true], // a class that never closes is text (doublestar: a bad pattern)
        ["[abc", "a", false],
        ["[]", "[]", true], // an empty class is no class: `[` and `]` as text
        ["[a-]", "-", true], // a `-` before the `]` is itself, not a range
        ["[a-]", "a", true],
        ["[a-]", "b", false],
        ["[a-\\c]", "b", true], // an escaped range end
        ["[a-\\c]", "d", false],
        ["a[b-", "a[b-", true], // a range cut off by the end of the pattern is text
        ["a*", "a", true], // a trailing star matches nothing
        ["*", "", true],
        ["{a\\,b,c}", "a,b", true], // an escaped `,` does not split alternatives
        ["{a\\,b,c}", "b", false],
        ["{a\\},b}", "a}", true], // an escaped `}` does not close the group
        ["{a,b}\\", "a\\", true], // a `\` ending the pattern is itself (doublestar: a bad pattern)
        ["{a,b}\\", "a", false],
    ];
    for (const [pattern, name, matches] of cases) {
        it(`${pattern} ${matches ? "matches" : "does not match"} ${name.length > 20 ? `${name.slice(0, 8)}... (${name.length})` : name}`, () =>
            assert.equal(segmentMatches(compileSegment(pattern), name, globBudget(pattern)), matches));
    }

    it("matches whole paths: `**` spans directories only as a whole segment, braces may hold `/`", () => {
        assert.equal(pathMatches("/s/**/_defaults.yaml", "/s/_defaults.yaml"), true);
        assert.equal(pathMatches("/s/**/_defaults.yaml", "/s/a/b/_defaults.yaml"), true);
        assert.equal(pathMatches("/s/**", "/s"), true);
        assert.equal(pathMatches("/s/**", "/s/a/b"), true);
        assert.equal(pathMatches("/s/a**.yaml", "/s/a/b.yaml"), false); // `**` inside a segment is `*`
        assert.equal(pathMatches("/s/a**.yaml", "/s/abc.yaml"), true);
        assert.equal(pathMatches("/s/{a,b/c}.yaml", "/s/b/c.yaml"), true);
        assert.equal(pathMatches("/s/*/x", "/s/a/b/x"), false);
        assert.equal(pathMatches(`/s${"/**".repeat(50)}/x`, "/s/a/b/c/d/x"), true); // a table, not backtracking
    });
});

describe("glob work is bounded and refused where the pattern is written (issue 40)", () => {
    const seventeen = "{a,b}".repeat(17);

    it("refuses braces giving more alternatives than the limit before building any", () => {
        assert.throws(
            () => braceAlternatives(`${seventeen}*`),
            (error: Error) =>
                (error as { code?: string }).code === "EGLOB" &&
                /its braces give 131,072 alternatives, more than the 1,000 a pattern may have \(limit MAX_BRACE_ALTERNATIVES\)/.test(
                    error.message,
                ),
        );
        assert.equal(braceAlternatives("{a,b}".repeat(9)).length, 512);
        assert.equal(MAX_BRACE_ALTERNATIVES, 1_000);
        // Counted over the whole pattern, not per segment: 2^5 x 2^5 = 1,024 alternatives.
        const files = memoryFiles({ "stacks/a/a.yaml": "" });
        assert.throws(
            () => globMatches(`${ROOT}/stacks/${"{a,b}".repeat(5)}/${"{a,b}".repeat(5)}`, files),
            /braces give 1,024 alternatives/,
        );
    });

    it("says `too many` when the count of alternatives overflows a double", () => {
        const alternatives = braceAlternatives.bind(undefined, "{a,b}".repeat(1100));
        assert.throws(alternatives, (error: Error) => {
            assert.match(error.message, /its braces give too many alternatives, more than the 1,000/);
            return true;
        });
    });

    it("charges the steps of matching, refused past MAX_GLOB_STEPS", () => {
        // A star then 300 characters, against 300 names of 600: 300 x 600 x 300 steps, past the budget.
        const names = Object.fromEntries(
            Array.from({ length: 300 }, (_, i) => [`stacks/d/${"a".repeat(600)}${i}`, ""]),
        );
        assert.throws(
            () => globMatches(`${ROOT}/stacks/d/*${"a".repeat(300)}b`, memoryFiles(names)),
            new RegExp(
                `matching took more than ${MAX_GLOB_STEPS.toLocaleString("en-US")} steps .*\\(limit MAX_GLOB_STEPS\\)`,
            ),
        );
    });

    it("refuses an import whose braces give too many alternatives, at the import entry", () => {
        const files = memoryFiles({
            "stacks/s.yaml": lines("import:", `  - "${seventeen}*"`, STACK_VARS),
            "stacks/a.yaml": "",
        });
        const error = stackError(() => loadStackFile(`${ROOT}/stacks/s.yaml`, { cwd: ROOT, env: {}, files }));
        assert.equal(error.problems.length, 1);
        assert.equal(error.problems[0].code, "BAD_IMPORT");
        assert.match(error.message, /stacks\/s\.yaml:2:5: import \{a,b\}.*more than the 1,000 a pattern may have/);
    });

    it("refuses an atmos.yaml import past the limit, at its entry", () => {
        const files = memoryFiles({
            "atmos.yaml": lines("import:", `  - "${seventeen}*"`, "stacks: {base_path: stacks}"),
            "stacks/orgs/dev.yaml": STACK_VARS,
        });
        const error = stackError(() => listStacks({ atmosDir: ROOT, env: {}, files }));
        assert.equal(error.problems[0].code, "BAD_ATMOS_CONFIG");
        assert.match(error.message, /atmos\.yaml:2:5: import \{a,b\}.*more than the 1,000 a pattern may have/);
    });

    it("refuses stacks.excluded_paths and included_paths past the limit, at their line in atmos.yaml", () => {
        for (const key of ["excluded_paths", "included_paths"]) {
            const other = key === "excluded_paths" ? "included_paths" : "excluded_paths";
            const files = memoryFiles({
                "atmos.yaml": lines(
                    "stacks:",
                    "  base_path: stacks",
                    `  ${other}: ["orgs/**/*"]`,
                    `  ${key}:`,
                    `    - "orgs/${seventeen}*"`,
                    '  name_pattern: "{stage}"',
                ),
                "stacks/orgs/dev.yaml": STACK_VARS,
            });
            const error = stackError(() => listStacks({ atmosDir: ROOT, env: {}, files }));
            assert.equal(error.problems[0].code, "BAD_ATMOS_CONFIG");
            assert.match(
                error.message,
                new RegExp(`atmos\\.yaml:5:7: stacks\\.${key} orgs/.*more than the 1,000 a pattern may have`),
            );
        }
    });
});
