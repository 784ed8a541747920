/**
 * String matching as Event Ruler does it: wildcards and case-insensitive comparison, on strings with their quotes
 * (`"abc"`; a prefix is `"abc`), as Event Ruler compares them.
 */

import type { Refusal } from "./errors";

/** A parsed wildcard: the literal pieces between the `*` characters (one more piece than stars). */
export type Wildcard = readonly string[];

/**
 * Parses a wildcard value, or returns why EventBridge refuses it (the text is the value). `*` matches any run of
 * characters (including none, and including `/`); `\*` is a literal star and `\\` a literal
 * backslash; any other escape, a trailing backslash and two unescaped stars in a row are refused.
 */
export function parseWildcard(text: string): Wildcard | Refusal {
    const pieces: string[] = [];
    let piece = "";
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === "*") {
            if (text[i + 1] === "*") {
                return { code: "CONSECUTIVE_WILDCARDS", rule: `consecutive wildcard characters at position ${i}` };
            }
            pieces.push(piece);
            piece = "";
        } else if (c === "\\") {
            const next = text[i + 1];
            if (next !== "*" && next !== "\\") {
                return {
                    code: "BAD_WILDCARD_ESCAPE",
                    rule: `invalid escape at position ${i}`,
                    detail: "only \\* (a literal star) and \\\\ (a literal backslash) may follow a backslash",
                };
            }
            piece += next;
            i++;
        } else {
            piece += c;
        }
    }
    pieces.push(piece);
    return pieces;
}

/** The wildcard with a quote added at both ends, to match against a quoted value. */
export function quoteWildcard(wildcard: Wildcard): Wildcard {
    const pieces = [...wildcard];
    pieces[0] = `"${pieces[0]}`;
    pieces[pieces.length - 1] = `${pieces[pieces.length - 1]}"`;
    return pieces;
}

/**
 * True when `value` matches the wildcard as a whole. Linear-time piece search, no backtracking:
 * the first piece anchors the start, the last anchors the end, and each middle piece is taken at
 * its leftmost occurrence (which is always safe when `*` matches anything).
 */
export function matchesWildcard(wildcard: Wildcard, value: string): boolean {
    if (wildcard.length === 1) {
        return value === wildcard[0];
    }
    const first = wildcard[0];
    const last = wildcard[wildcard.length - 1];
    if (value.length < first.length + last.length || !value.startsWith(first) || !value.endsWith(last)) {
        return false;
    }
    let position = first.length;
    const end = value.length - last.length;
    for (let i = 1; i < wildcard.length - 1; i++) {
        const piece = wildcard[i];
        const found = value.indexOf(piece, position);
        if (found < 0 || found + piece.length > end) {
            return false;
        }
        position = found + piece.length;
    }
    return true;
}

/**
 * A case-insensitive pattern: for each character of the pattern, the strings an event may have in
 * its place. Like Event Ruler, these are the character's lower-case and upper-case forms (root
 * locale), which may differ in length: `ß` accepts `ß` and `SS`.
 */
export type CaseFolded = readonly (readonly string[])[];

export function foldCase(pattern: string): CaseFolded {
    return Array.from(pattern, (c) => {
        const lower = c.toLowerCase();
        const upper = c.toUpperCase();
        return lower === upper ? [lower] : [lower, upper];
    });
}

/** Advances every position in `from` over `alternatives` read forwards from `value`. */
function stepForward(value: string, from: ReadonlySet<number>, alternatives: readonly string[]): Set<number> {
    const next = new Set<number>();
    for (const position of from) {
        for (const alternative of alternatives) {
            if (value.startsWith(alternative, position)) {
                next.add(position + alternative.length);
            }
        }
    }
    return next;
}

/** True when the whole `value` matches the case-insensitive pattern. */
export function equalsIgnoringCase(folded: CaseFolded, value: string): boolean {
    let positions: Set<number> = new Set([0]);
    for (const alternatives of folded) {
        positions = stepForward(value, positions, alternatives);
        if (positions.size === 0) {
            return false;
        }
    }
    return positions.has(value.length);
}

/** True when `value` starts with the case-insensitive pattern. */
export function startsWithIgnoringCase(folded: CaseFolded, value: string): boolean {
    let positions: Set<number> = new Set([0]);
    for (const alternatives of folded) {
        positions = stepForward(value, positions, alternatives);
        if (positions.size === 0) {
            return false;
        }
    }
    return true;
}

/** True when `value` ends with the case-insensitive pattern. */
export function endsWithIgnoringCase(folded: CaseFolded, value: string): boolean {
    let positions: Set<number> = new Set([value.length]);
    for (let i = folded.length - 1; i >= 0; i--) {
        const next = new Set<number>();
        for (const position of positions) {
            for (const alternative of folded[i]) {
                const start = position - alternative.length;
                if (start >= 0 && value.startsWith(alternative, start)) {
                    next.add(start);
                }
            }
        }
        positions = next;
        if (positions.size === 0) {
            return false;
        }
    }
    return true;
}
