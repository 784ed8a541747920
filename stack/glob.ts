/**
 * Glob patterns as Go's doublestar v4 (Atmos's) reads them (`*`, `?`, `[...]`, nested `{a,b}`, `\`, `**`),
 * compiled once per pattern, bounded by brace alternatives and by steps of matching, refused by name past either.
 */
import { PathError } from "../util/errors";

/** Most alternatives the braces of one pattern may give (`{a,b}{c,d}` gives 4). */
export const MAX_BRACE_ALTERNATIVES = 1_000;

/** Most steps (a character of a name compared with a pattern's) one glob, or one path test, may take. */
export const MAX_GLOB_STEPS = 10_000_000;

/** A glob pattern (its `path`) past one of the limits of its work (`code` `EGLOB`). */
export class GlobLimitError extends PathError {
    override readonly name = "GlobLimitError";
    readonly code = "EGLOB";
}

/** What a glob may still spend, shared by the tests of one glob. */
export interface GlobBudget {
    steps: number;
    readonly pattern: string;
}

/** A new budget of {@link MAX_GLOB_STEPS} for `pattern`. */
export function globBudget(pattern: string): GlobBudget {
    return { steps: MAX_GLOB_STEPS, pattern };
}

type Token =
    | { readonly kind: "star" }
    | { readonly kind: "one" }
    | { readonly kind: "char"; readonly char: string }
    | { readonly kind: "class"; readonly negated: boolean; readonly items: readonly (readonly [string, string])[] };

/** One segment of a pattern (no `/`), as the alternatives its braces give, each a list of tokens. */
export interface SegmentMatcher {
    readonly alternatives: readonly (readonly Token[])[];
}

const ALTERNATIVES_FORMAT = new Intl.NumberFormat("en-US");

function tooManyAlternatives(pattern: string, count: number): GlobLimitError {
    const shown = Number.isFinite(count) ? ALTERNATIVES_FORMAT.format(count) : "too many";
    return new GlobLimitError(
        `glob ${pattern}: its braces give ${shown} alternatives, more than the ${ALTERNATIVES_FORMAT.format(MAX_BRACE_ALTERNATIVES)} a pattern may have (limit MAX_BRACE_ALTERNATIVES)`,
        pattern,
    );
}

/** A brace structure: text, and groups of alternatives, each a sequence again. */
type Part = string | readonly Sequence[];
type Sequence = readonly Part[];

/**
 * The parts of `text` (from `start`, until an unescaped `,` or `}` at this depth when `nested`),
 * as doublestar's indexMatchedClosingAlt and indexNextAlt split them; a `{` without its `}` is
 * literal text here (doublestar refuses the pattern; nothing matches it either way).
 */
function parseSequence(text: string, start: number, nested: boolean): { parts: Part[]; end: number } {
    const parts: Part[] = [];
    let literal = "";
    let i = start;
    while (i < text.length) {
        const c = text[i];
        if (c === "\\" && i + 1 < text.length) {
            literal += text.slice(i, i + 2);
            i += 2;
            continue;
        }
        if (nested && (c === "," || c === "}")) break;
        if (c === "{" && closingBrace(text, i + 1) >= 0) {
            if (literal !== "") parts.push(literal);
            literal = "";
            const group: Sequence[] = [];
            let j = i + 1;
            for (;;) {
                const inner = parseSequence(text, j, true);
                group.push(inner.parts);
                j = inner.end + 1;
                if (text[inner.end] === "}") break;
            }
            parts.push(group);
            i = j;
            continue;
        }
        literal += c;
        i++;
    }
    if (literal !== "") parts.push(literal);
    return { parts, end: i };
}

/** Index of the `}` closing a group opened before `from`, or -1. */
function closingBrace(text: string, from: number): number {
    let depth = 1;
    for (let i = from; i < text.length; i++) {
        const c = text[i];
        if (c === "\\") i++;
        else if (c === "{") depth++;
        else if (c === "}" && --depth === 0) return i;
    }
    return -1;
}

/** How many alternatives a sequence gives (counted, not built; Infinity past a double). */
function countOf(sequence: Sequence): number {
    let product = 1;
    for (const part of sequence) {
        if (typeof part === "string") continue;
        let sum = 0;
        for (const alternative of part) sum += countOf(alternative);
        product *= sum;
    }
    return product;
}

function expandSequence(sequence: Sequence): string[] {
    let out = [""];
    for (const part of sequence) {
        if (typeof part === "string") out = out.map((prefix) => prefix + part);
        else {
            const options = part.flatMap(expandSequence);
            out = out.flatMap((prefix) => options.map((option) => prefix + option));
        }
    }
    return out;
}

/**
 * The alternatives the braces of `text` give (escapes kept), refused past
 * {@link MAX_BRACE_ALTERNATIVES} before any is built.
 * @throws GlobLimitError
 */
export function braceAlternatives(text: string, pattern: string = text): string[] {
    if (!text.includes("{")) return [text];
    const { parts } = parseSequence(text, 0, false);
    const count = countOf(parts);
    if (count > MAX_BRACE_ALTERNATIVES) throw tooManyAlternatives(pattern, count);
    return expandSequence(parts);
}

/** The tokens of one brace-free segment. */
function tokenize(segment: string): Token[] {
    const tokens: Token[] = [];
    const chars = Array.from(segment);
    for (let i = 0; i < chars.length; i++) {
        const c = chars[i];
        if (c === "*") {
            if (tokens[tokens.length - 1]?.kind !== "star") tokens.push({ kind: "star" });
        } else if (c === "?") tokens.push({ kind: "one" });
        else if (c === "\\" && i + 1 < chars.length) tokens.push({ kind: "char", char: chars[++i] });
        else if (c === "[") {
            const parsed = parseClass(chars, i + 1);
            if (parsed === undefined) tokens.push({ kind: "char", char: c });
            else {
                tokens.push(parsed.token);
                i = parsed.end;
            }
        } else tokens.push({ kind: "char", char: c });
    }
    return tokens;
}

/** A character class from after its `[`, with the index of its `]`; undefined when it does not close. */
function parseClass(chars: readonly string[], start: number): { token: Token; end: number } | undefined {
    let i = start;
    const negated = chars[i] === "!" || chars[i] === "^";
    if (negated) i++;
    const items: [string, string][] = [];
    while (i < chars.length && (chars[i] !== "]" || items.length === 0)) {
        if (chars[i] === "]") return undefined; // an empty class (doublestar: a bad pattern)
        let low = chars[i];
        if (low === "\\" && i + 1 < chars.length) low = chars[++i];
        i++;
        let high = low;
        if (chars[i] === "-" && i + 1 < chars.length && chars[i + 1] !== "]") {
            high = chars[i + 1] === "\\" && i + 2 < chars.length ? chars[i + 2] : chars[i + 1];
            i += chars[i + 1] === "\\" ? 3 : 2;
        }
        items.push([low, high]);
    }
    if (i >= chars.length) return undefined;
    return { token: { kind: "class", negated, items }, end: i };
}

/** A segment (no `/`) compiled: its brace alternatives, each tokenized. @throws GlobLimitError */
export function compileSegment(segment: string, pattern: string = segment): SegmentMatcher {
    return { alternatives: braceAlternatives(segment, pattern).map(tokenize) };
}

function charge(budget: GlobBudget, steps: number): void {
    budget.steps -= steps;
    if (budget.steps < 0) {
        throw new GlobLimitError(
            `glob ${budget.pattern}: matching took more than ${ALTERNATIVES_FORMAT.format(MAX_GLOB_STEPS)} steps (names compared with the pattern, character by character), the most one pattern may take (limit MAX_GLOB_STEPS)`,
            budget.pattern,
        );
    }
}

/** Whether one character matches a token other than a star (stars are matched by backtracking). */
function matchesOne(token: Exclude<Token, { kind: "star" }>, char: string): boolean {
    switch (token.kind) {
        case "one":
            return true;
        case "char":
            return token.char === char;
        case "class": {
            const inside = token.items.some(([low, high]) => low <= char && char <= high);
            return inside !== token.negated;
        }
    }
}

/**
 * Whether `name` (one path segment) matches `tokens`: doublestar's single-star backtracking
 * (match.go doMatchWithSeparator), at most |name| x |tokens| steps, each charged to `budget`.
 */
function matchTokens(tokens: readonly Token[], name: readonly string[], budget: GlobBudget): boolean {
    let p = 0;
    let n = 0;
    let starP = -1;
    let starN = 0;
    let steps = 0;
    try {
        while (n < name.length) {
            steps++;
            if (steps >= 4096) {
                charge(budget, steps);
                steps = 0;
            }
            const token = tokens[p];
            if (token?.kind === "star") {
                starP = ++p;
                starN = n;
                continue;
            }
            if (token !== undefined && matchesOne(token, name[n])) {
                p++;
                n++;
                continue;
            }
            if (starP < 0) return false;
            p = starP;
            n = ++starN;
        }
        while (tokens[p]?.kind === "star") p++;
        return p === tokens.length;
    } finally {
        charge(budget, steps + 1);
    }
}

/** Whether the segment `name` matches `segment`. @throws GlobLimitError past the budget */
export function segmentMatches(segment: SegmentMatcher, name: string, budget: GlobBudget): boolean {
    const chars = Array.from(name);
    return segment.alternatives.some((tokens) => matchTokens(tokens, chars, budget));
}

/**
 * A whole-path matcher for `pattern` (doublestar's `Match`: braces may hold `/`, `**` spans
 * directories, dot files match), compiled once; each test is charged to a budget of its own.
 * @throws GlobLimitError (too many alternatives at once; too many steps on a test)
 */
export function pathMatcher(pattern: string): (path: string) => boolean {
    const alternatives = braceAlternatives(pattern).map((alternative) =>
        alternative
            .split("/")
            .map((segment) => (segment === "**" ? ("**" as const) : compileSegment(segment, pattern))),
    );
    return (path) => {
        const names = path.split("/");
        const budget = globBudget(pattern);
        return alternatives.some((segments) => matchSegments(segments, names, budget));
    };
}

/**
 * Whether `names` match `segments` (`**` zero or more names): a table of (segment, name) answers
 * filled from the end, each cell charged, so several `**` cost |segments| x |names| at most.
 */
function matchSegments(
    segments: readonly (SegmentMatcher | "**")[],
    names: readonly string[],
    budget: GlobBudget,
): boolean {
    const count = names.length;
    // `after[n]`: whether the segments after the current one match names[n..].
    let after: boolean[] = Array.from({ length: count + 1 }, (_, n) => n === count);
    for (let s = segments.length - 1; s >= 0; s--) {
        const segment = segments[s];
        const here: boolean[] = new Array<boolean>(count + 1).fill(false);
        charge(budget, count + 1);
        for (let n = count; n >= 0; n--) {
            if (segment === "**") {
                // A trailing `**` matches everything below, and the directory itself.
                here[n] = s === segments.length - 1 || after[n] || (n < count && here[n + 1]);
            } else here[n] = n < count && after[n + 1] && segmentMatches(segment, names[n], budget);
        }
        after = here;
    }
    return after[0];
}
