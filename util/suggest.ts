/** "Did you mean" suggestions by edit distance, for unknown vars, keys, arguments and instance names. */

/**
 * The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
 * adjacent characters each cost 1.
 */
export function editDistance(a: string, b: string): number {
    const rows = a.length + 1;
    const cols = b.length + 1;
    const d: number[][] = Array.from({ length: rows }, (_, i) =>
        Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    for (let i = 1; i < rows; i++) {
        for (let j = 1; j < cols; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
                d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
            }
        }
    }
    return d[rows - 1][cols - 1];
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
        const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
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
