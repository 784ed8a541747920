/**
 * String primitives with the semantics of Terraform's (cty's) string functions: NFC, Go's per-rune case mapping,
 * grapheme-based `length`/`substr`, bytewise key order. Each has an ASCII fast path.
 */

import { compareGoStrings } from "../util/goOrder";
import { codePointSet, isAscii } from "../util/goStrings";

export { isAscii, lower, title, upper } from "../util/goStrings";

/** cty normalises every string value to Unicode NFC; so do we. */
export function nfc(s: string): string {
    return isAscii(s) ? s : s.normalize("NFC");
}

let segmenter: Intl.Segmenter | undefined;

function segmentCount(s: string): number {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
    let n = 0;
    for (const _ of segmenter.segment(s)) n++;
    return n;
}

const LETTER = /^\p{L}$/u;
const EXTEND_OR_ZWJ = /^[\p{Grapheme_Extend}\u200d]$/u;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;

/**
 * Marks (Extend or SpacingMark) added after Unicode 15.0: unknown to Terraform's tables, so each
 * starts a cluster of its own there. Measured against Terraform 1.11's length().
 */
const NEW_MARKS = codePointSet([
    0x897,
    [0x1acf, 0x1add],
    [0x1ae0, 0x1aeb],
    [0x10d69, 0x10d6d],
    [0x10efa, 0x10efc],
    [0x113b8, 0x113c0],
    0x113c2,
    0x113c5,
    [0x113c7, 0x113ca],
    [0x113cc, 0x113d0],
    0x113d2,
    0x113e1,
    0x113e2,
    [0x11b60, 0x11b67],
    0x11f5a,
    [0x1611e, 0x1612f],
    0x1e5ee,
    0x1e5ef,
    0x1e6e3,
    0x1e6e6,
    0x1e6ee,
    0x1e6ef,
    0x1e6f5,
]);
/** Prepend in ICU's tables, unknown to Terraform's. */
const NEW_PREPEND = "\u{113d1}";
/** Prepend in Terraform's Unicode 15.0 tables but no longer in ICU's. */
const OLD_PREPEND = "\u{11a3a}";

/**
 * Terraform segments with the Unicode 15.0 rules (go-textseg v15), which lack rule GB9c of 15.1
 * (Indic conjuncts: consonant + virama + consonant is one cluster). Splits an ICU cluster where
 * only GB9c joined it: before a letter that would not extend a plain letter ("a" + it is two
 * clusters), right after an Extend or ZWJ.
 */
function splitConjuncts(cluster: string, out: string[]): void {
    const cps = Array.from(cluster);
    let start = 0;
    for (let i = 1; i < cps.length; i++) {
        const c = cps[i];
        if (
            (NEW_MARKS.has(c.codePointAt(0) as number) && cps[i - 1] !== OLD_PREPEND) ||
            (cps[i - 1] === NEW_PREPEND && segmentCount("a" + c) === 2) ||
            (LETTER.test(c) && !PICTOGRAPHIC.test(c) && EXTEND_OR_ZWJ.test(cps[i - 1]) && segmentCount("a" + c) === 2)
        ) {
            out.push(cps.slice(start, i).join(""));
            start = i;
        }
    }
    out.push(cps.slice(start).join(""));
}

/** The grapheme clusters of `s` (Terraform's unit for `length` and `substr`). */
function graphemes(s: string): string[] {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
    const out: string[] = [];
    for (const seg of segmenter.segment(s)) {
        const g = seg.segment;
        const first = out.length;
        // A cluster of one code point or of ASCII needs no split.
        if (g.length === 1 || (g.length === 2 && (g.codePointAt(0) as number) > 0xffff) || isAscii(g)) out.push(g);
        else splitConjuncts(g, out);
        // GB9b: the old Prepend joins whatever follows it (unless a control).
        if (first > 0 && out[first - 1].endsWith(OLD_PREPEND) && !/^[\r\n\p{Cc}]/u.test(out[first])) {
            out[first - 1] += out[first];
            out.splice(first, 1);
        }
    }
    return out;
}

/** Terraform `length()` of a string: the number of grapheme clusters. */
export function length(s: string): number {
    if (isAscii(s)) {
        // "\r\n" is a single grapheme cluster.
        return s.includes("\r\n") ? graphemes(s).length : s.length;
    }
    return graphemes(s).length;
}

/**
 * Terraform `substr(s, offset, length)` for offset >= 0: grapheme clusters, a length
 * of -1 (or past the end) takes the rest of the string.
 */
export function substr(s: string, offset: number, len: number): string {
    if (isAscii(s) && !s.includes("\r\n")) {
        return len < 0 ? s.slice(offset) : s.slice(offset, offset + len);
    }
    const g = graphemes(s);
    return (len < 0 ? g.slice(offset) : g.slice(offset, offset + len)).join("");
}

/** The keys of `obj` in Terraform's map order (Go's string order, by UTF-8 bytes). */
export function sortedKeys(obj: object): string[] {
    return Object.keys(obj).sort(compareGoStrings);
}
