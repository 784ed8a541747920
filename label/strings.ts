/**
 * String primitives with the semantics of Terraform's (cty's) string functions:
 * NFC normalisation of every string value, Go's simple per-rune case mapping
 * (`upper`, `lower`, `title` = Go `strings.Title`), grapheme-cluster based `length`
 * and `substr`, and bytewise (UTF-8) key ordering of maps.
 *
 * Every function has an ASCII fast path, since labels are almost always ASCII.
 */

/** True when every UTF-16 unit of `s` is 7-bit ASCII. */
export function isAscii(s: string): boolean {
    for (let i = 0; i < s.length; i++) {
        if (s.charCodeAt(i) > 0x7f) return false;
    }
    return true;
}

/** cty normalises every string value to Unicode NFC; so do we. */
export function nfc(s: string): string {
    return isAscii(s) ? s : s.normalize("NFC");
}

/**
 * Go's simple case mappings where JavaScript's full mapping expands to several code points
 * (e.g. "ᾳ".toUpperCase() is "ΑΙ", Go gives "ᾼ"; "İ".toLowerCase() is "i̇", Go gives "i").
 */
const SIMPLE_UPPER: Record<string, string> = { "\u1fb3": "\u1fbc", "\u1fc3": "\u1fcc", "\u1ff3": "\u1ffc" };
for (const base of [0x1f80, 0x1f90, 0x1fa0]) {
    for (let i = 0; i < 8; i++) SIMPLE_UPPER[String.fromCharCode(base + i)] = String.fromCharCode(base + 8 + i);
}
const SIMPLE_LOWER: Record<string, string> = { "\u0130": "i" };

/**
 * Case pairs added after Unicode 15.0, the version of Terraform's (Go's) tables: Terraform
 * leaves these code points as they are. Measured against Terraform 1.11's upper() and lower().
 */
function ranges(list: ReadonlyArray<number | readonly [number, number]>): Set<number> {
    const out = new Set<number>();
    for (const r of list) {
        if (typeof r === "number") out.add(r);
        else for (let c = r[0]; c <= r[1]; c++) out.add(c);
    }
    return out;
}
const NEW_UPPER = ranges([
    0x19b,
    0x264,
    0x1c8a,
    0xa7cd,
    0xa7cf,
    0xa7d3,
    0xa7d5,
    0xa7db,
    [0x10d70, 0x10d85],
    [0x16ebb, 0x16ed3],
]);
const NEW_LOWER = ranges([
    0x1c89,
    0xa7cb,
    0xa7cc,
    0xa7ce,
    0xa7d2,
    0xa7d4,
    0xa7da,
    0xa7dc,
    [0x10d50, 0x10d65],
    [0x16ea0, 0x16eb8],
]);

/** Go's simple case mapping of one code point: JS full mappings that expand to several code points are ignored. */
function mapRune(ch: string, toUpper: boolean): string {
    const simple = toUpper ? SIMPLE_UPPER[ch] : SIMPLE_LOWER[ch];
    if (simple !== undefined) return simple;
    if ((toUpper ? NEW_UPPER : NEW_LOWER).has(ch.codePointAt(0) as number)) return ch;
    const mapped = toUpper ? ch.toUpperCase() : ch.toLowerCase();
    // A full mapping (e.g. "ß" -> "SS", "İ" -> "i̇") has no simple equivalent in Go: keep the rune.
    const cp = mapped.codePointAt(0) as number;
    return mapped.length === (cp > 0xffff ? 2 : 1) ? mapped : ch;
}

function mapRunes(s: string, toUpper: boolean): string {
    let out = "";
    for (const ch of s) out += mapRune(ch, toUpper);
    return out;
}

/** Terraform `upper()` (Go `strings.ToUpper`). */
export function upper(s: string): string {
    return isAscii(s) ? s.toUpperCase() : mapRunes(s, true);
}

/** Terraform `lower()` (Go `strings.ToLower`). */
export function lower(s: string): string {
    return isAscii(s) ? s.toLowerCase() : mapRunes(s, false);
}

const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;
const SPACE = /^\s$/u;

/** Go `strings.Title`'s `isSeparator`: a rune that ends a word. */
function isSeparator(ch: string): boolean {
    const c = ch.codePointAt(0) as number;
    if (c <= 0x7f) {
        return !((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f);
    }
    if (LETTER_OR_DIGIT.test(ch)) return false;
    // Go's unicode.IsSpace: JS \s plus U+0085, minus U+FEFF.
    return (SPACE.test(ch) && c !== 0xfeff) || c === 0x85;
}

/** Go `unicode.ToTitle` differs from upper case only for the Latin digraphs and Georgian. */
const TITLE_CASE: Record<string, string> = {
    "\u01c4": "\u01c5",
    "\u01c5": "\u01c5",
    "\u01c6": "\u01c5",
    "\u01c7": "\u01c8",
    "\u01c8": "\u01c8",
    "\u01c9": "\u01c8",
    "\u01ca": "\u01cb",
    "\u01cb": "\u01cb",
    "\u01cc": "\u01cb",
    "\u01f1": "\u01f2",
    "\u01f2": "\u01f2",
    "\u01f3": "\u01f2",
};
// Georgian Mkhedruli letters are their own title case (their upper case is Mtavruli).
for (let c = 0x10d0; c <= 0x10ff; c++)
    if (c !== 0x10fb && c !== 0x10fc) TITLE_CASE[String.fromCharCode(c)] = String.fromCharCode(c);

/**
 * Terraform `title()` (Go `strings.Title`): upper-cases the first rune of every word,
 * where only letters, digits and `_` continue a word. Other runes are left as they are.
 */
export function title(s: string): string {
    let out = "";
    let prevIsSeparator = true;
    if (isAscii(s)) {
        for (let i = 0; i < s.length; i++) {
            const c = s.charCodeAt(i);
            const ch = s[i];
            out += prevIsSeparator ? ch.toUpperCase() : ch;
            prevIsSeparator = !(
                (c >= 0x30 && c <= 0x39) ||
                (c >= 0x41 && c <= 0x5a) ||
                (c >= 0x61 && c <= 0x7a) ||
                c === 0x5f
            );
        }
        return out;
    }
    for (const ch of s) {
        out += prevIsSeparator ? (TITLE_CASE[ch] ?? mapRune(ch, true)) : ch;
        prevIsSeparator = isSeparator(ch);
    }
    return out;
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
const NEW_MARKS = ranges([
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

/** Bytewise (UTF-8) comparison of two strings: the order in which Terraform iterates map keys. */
export function compareBytewise(a: string, b: string): number {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
        const x = a.charCodeAt(i);
        const y = b.charCodeAt(i);
        if (x !== y) {
            // UTF-16 order equals code point (and UTF-8 byte) order except that surrogates
            // (U+D800-DFFF, for code points above U+FFFF) sort below U+E000-U+FFFF.
            const xs = x >= 0xd800 && x <= 0xdfff;
            const ys = y >= 0xd800 && y <= 0xdfff;
            if (xs !== ys && x >= 0xd800 && y >= 0xd800) return xs ? 1 : -1;
            return x - y;
        }
    }
    return a.length - b.length;
}

/** The keys of `obj` in Terraform's map order. */
export function sortedKeys(obj: object): string[] {
    return Object.keys(obj).sort(compareBytewise);
}
