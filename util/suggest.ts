/** "Did you mean" suggestions by edit distance, for unknown vars, keys, arguments and instance names. */

/**
 * The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
 * adjacent characters each cost 1. Past `max`, some number above `max` (the rows stop once two
 * in a row exceed it: a row's least cell is at least the lesser of the row before's and one more
 * than the one before that's).
 */
export function editDistance(a: string, b: string, max = Infinity): number {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    const cols = b.length + 1;
    // Three rows: the one before the last (for swaps), the last, and the one being filled.
    let before = new Int32Array(cols);
    let last = Int32Array.from({ length: cols }, (_, j) => j);
    let row = new Int32Array(cols);
    let lastMin = 0;
    for (let i = 1; i <= a.length; i++) {
        row[0] = i;
        let rowMin = i;
        for (let j = 1; j < cols; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let d = Math.min(last[j] + 1, row[j - 1] + 1, last[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
            row[j] = d;
            if (d < rowMin) rowMin = d;
        }
        if (rowMin > max && lastMin > max) return max + 1;
        lastMin = rowMin;
        [before, last, row] = [last, row, before];
    }
    return last[cols - 1];
}

/**
 * Comparisons that many suggestions may make together (a did-you-mean for each of n unknown names
 * among n candidates is n² comparisons): once spent, no more suggestions are made.
 */
export class SuggestionBudget {
    constructor(private left: number = 100_000) {}

    /** Spends `comparisons`, or nothing and false when fewer are left. */
    spend(comparisons: number): boolean {
        if (comparisons > this.left) return false;
        this.left -= comparisons;
        return true;
    }
}

/**
 * The candidate closest to `name`, or undefined when none is close: a case-insensitive match
 * first, then the smallest edit distance within a third of the name's length (at least 2), then
 * a candidate that contains the name (of 4 characters or more: `retention` for
 * `event_log_retention_in_days`); ties go to the earlier candidate.
 */
export function closestMatch(name: string, candidates: Iterable<string>): string | undefined {
    const lower = name.toLowerCase();
    const list = [...candidates].filter((c) => c !== name);
    let best: string | undefined;
    let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
    for (const candidate of list) {
        const folded = candidate.toLowerCase();
        const distance = folded === lower ? 0 : editDistance(lower, folded, bestDistance - 1);
        if (distance < bestDistance) {
            best = candidate;
            bestDistance = distance;
        }
    }
    if (best !== undefined || lower.length < 4) return best;
    return list.find((c) => c.toLowerCase().includes(lower));
}

/** `; did you mean <x>?` or the empty string. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
    const match = closestMatch(name, candidates);
    return match === undefined ? "" : `; did you mean ${match}?`;
}
