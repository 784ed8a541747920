/**
 * Go's string order (Go's `<` on strings, `sort.Strings`, the key order of `fmt`, `encoding/json`, cty maps and
 * sets, `os.ReadDir`): by UTF-8 bytes, which is code point order. One comparator for every place that orders
 * strings as Go or Terraform does.
 */

/** The code point Go sees at `i` of `s`: a surrogate pair's, U+FFFD for a lone surrogate, else the unit. */
function goRuneAt(s: string, i: number): number {
    const unit = s.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) return unit;
    if (unit <= 0xdbff && i + 1 < s.length) {
        const low = s.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) return ((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
    }
    // Go has no string with a surrogate in it: a lone one reaches Go as U+FFFD (utf8.EncodeRune, encoding/json).
    return 0xfffd;
}

/**
 * Compares two strings as Go compares their UTF-8 bytes, without encoding them: negative when `a` comes first.
 *
 * A lone surrogate compares as U+FFFD, the character Go holds in its place; two strings Go would hold as the same
 * (`"\ud800"` and `"\ufffd"`) are then ordered by their UTF-16 units, so that a sort does not depend on the order
 * it was given.
 */
export function compareGoStrings(a: string, b: string): number {
    const length = Math.min(a.length, b.length);
    let i = 0;
    while (i < length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
    if (i === length) return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    // Below the surrogates UTF-16 order is Go's.
    if (x < 0xd800 && y < 0xd800) return x < y ? -1 : 1;
    // The character that differs may start one unit back, with a high surrogate both strings share.
    const back = i > 0 && (a.charCodeAt(i - 1) & 0xfc00) === 0xd800 ? 1 : 0;
    return compareFrom(a, b, i - back, length);
}

/** {@link compareGoStrings} from `start`, where both strings start a character after the same units. */
function compareFrom(a: string, b: string, start: number, length: number): number {
    let tie = 0;
    let i = start;
    while (i < length) {
        const x = a.charCodeAt(i);
        const y = b.charCodeAt(i);
        if (x === y && (x < 0xd800 || x > 0xdfff)) {
            i++;
            continue;
        }
        // A surrogate or a difference: compare the code points that start here (both strings are at one).
        const p = goRuneAt(a, i);
        const q = goRuneAt(b, i);
        if (p !== q) return p < q ? -1 : 1;
        if (tie === 0 && x !== y) tie = x < y ? -1 : 1;
        i += p > 0xffff ? 2 : 1;
    }
    if (a.length !== b.length) return a.length < b.length ? -1 : 1;
    return tie;
}
