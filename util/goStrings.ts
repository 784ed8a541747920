/**
 * Go's per-rune `strings.ToUpper`, `ToLower` and `Title` (Unicode 15.0), as Terraform and Atmos run them; shared
 * by the label port and the template engine. Every function has an ASCII fast path.
 */

/** True when every UTF-16 unit of `s` is 7-bit ASCII. */
export function isAscii(s: string): boolean {
    for (let i = 0; i < s.length; i++) {
        if (s.charCodeAt(i) > 0x7f) return false;
    }
    return true;
}

/** The set of code points a list of code points and inclusive ranges names. */
export function codePointSet(list: ReadonlyArray<number | readonly [number, number]>): Set<number> {
    const out = new Set<number>();
    for (const r of list) {
        if (typeof r === "number") out.add(r);
        else for (let c = r[0]; c <= r[1]; c++) out.add(c);
    }
    return out;
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
 * Case pairs added after Unicode 15.0, the version of Go's tables in Terraform and Atmos: Go
 * leaves these code points as they are. Measured against Terraform 1.11's upper() and lower().
 */
const NEW_UPPER = codePointSet([
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
const NEW_LOWER = codePointSet([
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

/** Go `strings.ToUpper` (Terraform's `upper()`, Sprig's `upper`). */
export function upper(s: string): string {
    return isAscii(s) ? s.toUpperCase() : mapRunes(s, true);
}

/** Go `strings.ToLower` (Terraform's `lower()`, Sprig's `lower`). */
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
 * Go `strings.Title` (Terraform's `title()`, Sprig's `title`): title-cases the first rune of every word,
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
