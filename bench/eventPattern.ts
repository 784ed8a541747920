/**
 * Benchmark of wildcard matching on the input that makes backtracking matchers blow up: a pattern
 * of many stars against a long run of `a` with no `b`. Linear matching takes four times as long
 * when the value is four times as long; a backtracking one takes far more (16 times if quadratic). Run directly:
 *
 *   node -r ts-node/register/transpile-only bench/eventPattern.ts
 */
import { matchesEventPattern } from "../event-pattern";

const PATTERN = { x: [{ wildcard: "*a*a*a*a*a*a*a*a*a*a*a*a*b" }] };

/** Milliseconds for one miss and one hit on values of `length` characters, best of five. */
function timeAt(length: number): number {
    const miss = { x: "a".repeat(length) };
    const hit = { x: `${"a".repeat(length)}b` };
    let best = Infinity;
    for (let run = 0; run < 5; run++) {
        const start = process.hrtime.bigint();
        const results = [matchesEventPattern(PATTERN, miss), matchesEventPattern(PATTERN, hit)];
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        if (results[0] || !results[1]) throw new Error("wildcard matching gave a wrong answer");
        best = Math.min(best, ms);
    }
    return best;
}

/** The time at a million characters, and how much it grows when the value is four times as long. */
export function benchWildcard(): { msAt1M: number; growth: number } {
    timeAt(100_000); // warm-up
    const msAt1M = timeAt(1_000_000);
    const msAt4M = timeAt(4_000_000);
    return { msAt1M, growth: msAt4M / msAt1M };
}

/** One line of figures. */
export function describeWildcard({ msAt1M, growth }: { msAt1M: number; growth: number }): string {
    return (
        `wildcard "*a*a*...*b" against "aaa...": ${msAt1M.toFixed(1)} ms at 1,000,000 characters, ` +
        `x${growth.toFixed(2)} at 4,000,000 (linear: x4, quadratic: x16)`
    );
}

if (require.main === module) {
    console.log(describeWildcard(benchWildcard()));
}
