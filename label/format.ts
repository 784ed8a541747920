/**
 * Terraform's `format()` (cty `stdlib.Format`) for plain JavaScript values, with cty's refusals and messages.
 * Verbs, flags and values supported: the contributors' Design notes.
 */
import { length as graphemeLength, nfc, sortedKeys, substr } from "./strings";
import { CloudposseError } from "../util/errors";
import { isPlainObject } from "../util/objects";

interface Verb {
    raw: string;
    offset: number;
    argNum: number;
    mode: string;
    zero: boolean;
    sharp: boolean;
    plus: boolean;
    minus: boolean;
    space: boolean;
    width: number; // -1: none
    prec: number; // -1: none
}

/** The error of {@link format}: its message starts with `format: `. */
class FormatError extends CloudposseError {
    readonly code = "BAD_FORMAT";
}

function err(message: string): never {
    throw new FormatError(`format: ${message}`);
}

/** UTF-8 length of one UTF-16 code unit sequence position (for cty's byte offsets). */
function utf8Bytes(s: string, from: number, to: number): number {
    let n = 0;
    for (let i = from; i < to; i++) {
        const c = s.charCodeAt(i);
        if (c < 0x80) n += 1;
        else if (c < 0x800) n += 2;
        else if (c >= 0xd800 && c <= 0xdbff) {
            n += 4;
            i++;
        } else n += 3;
    }
    return n;
}

/** Go's `%q` of a rune, as cty quotes an unexpected format character. */
function quoteRune(ch: string): string {
    const named: Record<string, string> = {
        "'": "\\'",
        "\\": "\\\\",
        "\n": "\\n",
        "\r": "\\r",
        "\t": "\\t",
        "\x07": "\\a",
        "\b": "\\b",
        "\f": "\\f",
        "\v": "\\v",
    };
    if (named[ch]) return `'${named[ch]}'`;
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x20 || cp === 0x7f) return `'\\x${cp.toString(16).padStart(2, "0")}'`;
    return `'${ch}'`;
}

/** Go's `%q` of a string (strconv.Quote) as used for a verb in messages; verbs are ASCII. */
function quoteString(s: string): string {
    return JSON.stringify(s);
}

/** JSON of a string as Go's encoding/json writes it (HTML characters and U+2028/9 escaped). */
function jsonString(str: string): string {
    const s = nfc(str);
    let out = '"';
    for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        const ch = s[i];
        if (ch === '"') out += '\\"';
        else if (ch === "\\") out += "\\\\";
        else if (c === 0x0a) out += "\\n";
        else if (c === 0x0d) out += "\\r";
        else if (c === 0x09) out += "\\t";
        else if (c === 0x08) out += "\\b";
        else if (c === 0x0c) out += "\\f";
        else if (c < 0x20 || ch === "<" || ch === ">" || ch === "&" || c === 0x2028 || c === 0x2029) {
            out += "\\u" + c.toString(16).padStart(4, "0");
        } else out += ch;
    }
    return out + '"';
}

/** cty's `Text('f', -1)` of a number: plain decimal, no exponent. */
function numberToPlainString(n: number): string {
    if (Object.is(n, -0)) return "0";
    const s = String(n);
    if (!/e/i.test(s)) return s;
    const { digits, exp, negative } = decimalDigits(n);
    return (negative ? "-" : "") + placeDecimal(digits, exp);
}

/** The shortest decimal digits of `n` with exponent `exp` such that n = 0.d1d2d3... x 10^exp. */
function decimalDigits(n: number): { digits: string; exp: number; negative: boolean } {
    const negative = n < 0 || Object.is(n, -0);
    const [mant, e] = Math.abs(n).toExponential().split("e");
    const digits = mant.replace(".", "").replace(/0+$/, "") || "0";
    return { digits, exp: Number(e) + 1, negative };
}

/**
 * Digits 0.d1d2... x 10^exp written as a plain decimal, for a number JavaScript writes with an
 * exponent: non-zero, and either below 1e-6 (exp <= 0) or an integer from 1e21 on.
 */
function placeDecimal(digits: string, exp: number): string {
    return exp <= 0 ? "0." + "0".repeat(-exp) + digits : digits + "0".repeat(exp - digits.length);
}

/**
 * Where Terraform's value of the decimal 0.<digits> x 10^exp lies relative to that decimal:
 * HCL parses number literals into 512-bit binary floats (nearest even), so a decimal that is
 * not exactly representable sits slightly above (+1) or below (-1) it; 0 when exact.
 */
function binaryOffset(digits: string, exp: number): number {
    const q = digits.length - exp; // value = M / 10^q
    if (q <= 0) return 0;
    const num = BigInt(digits);
    const den = 10n ** BigInt(q);
    if (num % 5n ** BigInt(q) === 0n) return 0; // a dyadic rational: exact in binary
    // Scale so that the quotient M * 2^shift / 10^q has exactly 512 bits, then round it to
    // nearest even as big.ParseFloat does; the remainder tells which way it went.
    const bits = (x: bigint) => x.toString(2).length;
    let shift = 512 - (bits(num) - bits(den));
    if (shift < 0) return 0; // cannot happen for a JS number's shortest decimal
    let quotient = (num << BigInt(shift)) / den;
    if (bits(quotient) > 512) shift--;
    else if (bits(quotient) < 512) shift++;
    const scaled = num << BigInt(shift);
    quotient = scaled / den;
    const twice = 2n * (scaled - quotient * den);
    if (twice > den || (twice === den && quotient % 2n === 1n)) return 1;
    return -1;
}

/**
 * Rounds decimal digits to `n` significant digits as Go's big.Float formatting does for
 * Terraform's 512-bit value: a decimal tie goes the way the binary value lies, and an exact
 * binary tie goes to even.
 */
function roundDigits(digits: string, exp: number, n: number): { digits: string; exp: number } {
    if (n < 0 || digits.length <= n) return { digits, exp };
    let up: boolean;
    const next = digits.charCodeAt(n) - 48;
    if (next > 5) up = true;
    else if (next < 5) up = false;
    else if (digits.length > n + 1) up = true;
    else {
        const offset = binaryOffset(digits, exp);
        up = offset > 0 || (offset === 0 && n > 0 && (digits.charCodeAt(n - 1) - 48) % 2 === 1);
    }
    if (n === 0) return up ? { digits: "1", exp: exp + 1 } : { digits: "0", exp };
    const arr = digits.slice(0, n).split("").map(Number);
    if (up) {
        let i = arr.length - 1;
        while (i >= 0 && arr[i] === 9) {
            arr[i] = 0;
            i--;
        }
        if (i < 0) {
            arr.unshift(1);
            arr.pop();
            exp += 1;
        } else arr[i]++;
    }
    const kept = arr.join("").replace(/0+$/, "");
    return { digits: kept === "" ? "0" : kept, exp };
}

function fmtE(digits: string, exp: number, prec: number, upperE: boolean): string {
    // d.ddddde±dd with `prec` fractional digits
    const first = digits[0] ?? "0";
    let frac = digits.slice(1);
    if (prec >= 0) frac = frac.padEnd(prec, "0").slice(0, prec);
    const e = digits === "0" ? 0 : exp - 1;
    const es = Math.abs(e) < 10 ? `0${Math.abs(e)}` : String(Math.abs(e));
    return first + (frac.length > 0 ? "." + frac : "") + (upperE ? "E" : "e") + (e < 0 ? "-" : "+") + es;
}

function fmtF(digits: string, exp: number, prec: number): string {
    let intPart: string;
    let fracPart: string;
    if (digits === "0") {
        intPart = "0";
        fracPart = "";
    } else if (exp <= 0) {
        intPart = "0";
        fracPart = "0".repeat(-exp) + digits;
    } else if (exp >= digits.length) {
        intPart = digits + "0".repeat(exp - digits.length);
        fracPart = "";
    } else {
        intPart = digits.slice(0, exp);
        fracPart = digits.slice(exp);
    }
    if (prec >= 0) fracPart = fracPart.padEnd(prec, "0").slice(0, prec);
    return intPart + (fracPart.length > 0 ? "." + fracPart : "");
}

/** Go's big.Float `Format` for %e %E %f %g %G with flags, width and precision. */
function formatFloat(verb: Verb, n: number): string {
    const { digits: d0, exp: e0, negative } = decimalDigits(n);
    let body: string;
    const mode = verb.mode;
    if (mode === "e" || mode === "E") {
        const prec = verb.prec < 0 ? 6 : verb.prec;
        const r = roundDigits(d0, e0, prec + 1);
        body = fmtE(r.digits, r.exp, prec, mode === "E");
    } else if (mode === "f") {
        const prec = verb.prec < 0 ? 6 : verb.prec;
        const r = d0 === "0" ? { digits: d0, exp: e0 } : roundDigits(d0, e0, Math.max(0, e0 + prec));
        const zeroed = e0 + prec < 0 ? { digits: "0", exp: 0 } : r;
        body = fmtF(zeroed.digits, zeroed.exp, prec);
    } else {
        // g / G
        const shortest = verb.prec < 0;
        let prec = verb.prec;
        let r = { digits: d0, exp: e0 };
        if (!shortest) {
            if (prec === 0) prec = 1;
            r = roundDigits(d0, e0, prec);
        } else {
            prec = r.digits.length;
        }
        let eprec = prec;
        if (eprec > r.digits.length && r.digits.length >= r.exp) eprec = r.digits.length;
        if (shortest) eprec = 6;
        const exp = r.exp - 1;
        if (r.digits !== "0" && (exp < -4 || exp >= eprec)) {
            if (prec > r.digits.length) prec = r.digits.length;
            body = fmtE(r.digits, r.exp, prec - 1, mode === "G");
        } else {
            if (prec > r.exp) prec = r.digits.length;
            body = fmtF(r.digits, r.digits === "0" ? 1 : r.exp, Math.max(prec - r.exp, 0));
        }
    }
    const sign = negative && n !== 0 ? "-" : verb.plus ? "+" : verb.space ? " " : "";
    return padNumber(verb, sign, "", body);
}

/** Pads a formatted number (sign + prefix + digits) to the verb's width, as Go's fmt does. */
function padNumber(verb: Verb, sign: string, prefix: string, digits: string): string {
    const len = sign.length + prefix.length + digits.length;
    if (verb.width < 0 || len >= verb.width) return sign + prefix + digits;
    const d = verb.width - len;
    if (verb.minus) return sign + prefix + digits + " ".repeat(d);
    if (verb.zero) return sign + prefix + "0".repeat(d) + digits;
    return " ".repeat(d) + sign + prefix + digits;
}

/** Go's big.Int `Format` for %b %d %o %x %X with flags, width and precision. */
function formatInteger(verb: Verb, n: number): string {
    const negative = n < 0;
    const abs = BigInt(Math.abs(n));
    const base = { b: 2, d: 10, o: 8, x: 16, X: 16 }[verb.mode as "b" | "d" | "o" | "x" | "X"];
    let digits = abs.toString(base);
    if (verb.mode === "X") digits = digits.toUpperCase();
    let prefix = "";
    if (verb.sharp) prefix = { b: "0b", d: "", o: "0", x: "0x", X: "0X" }[verb.mode as "b" | "d" | "o" | "x" | "X"];
    const sign = negative ? "-" : verb.plus ? "+" : verb.space ? " " : "";
    let zeros = 0;
    if (verb.prec >= 0) {
        if (digits.length < verb.prec) zeros = verb.prec - digits.length;
        else if (digits === "0" && verb.prec === 0) return ""; // Go prints nothing, not even padding
    }
    const body = "0".repeat(zeros) + digits;
    if (verb.prec >= 0) return padNumber({ ...verb, zero: false }, sign, prefix, body);
    return padNumber(verb, sign, prefix, body);
}

/** Pads with spaces (or zeros with the 0 flag) to the width in grapheme clusters, as cty does. */
function padWidth(verb: Verb, s: string): string {
    if (verb.width < 0) return s;
    const len = graphemeLength(s);
    if (len >= verb.width) return s;
    const pads = (verb.zero ? "0" : " ").repeat(verb.width - len);
    return verb.minus ? s + pads : pads + s;
}

/**
 * Deepest nesting of lists and maps `%v`/`%#v` formats (1,000 levels, as deep as a stack file's
 * values may be): Terraform's values are finite trees, so a deeper or cyclic JavaScript value is
 * refused with a `format: ` message rather than exhausting the stack.
 */
const MAX_FORMAT_NESTING = 1000;

/** cty's JSON encoding of a value (object keys sorted). */
function toJson(value: unknown, where: string, open: Set<object> = new Set()): string {
    if (value === null || value === undefined) return "null";
    if (typeof value === "string") return jsonString(value);
    if (typeof value === "number") {
        if (!Number.isFinite(value)) err(`unsupported value for ${where}: a finite number is required`);
        return numberToPlainString(value);
    }
    if (typeof value === "boolean") return String(value);
    if (Array.isArray(value) || isPlainObject(value)) {
        if (open.has(value))
            err(`unsupported value for ${where}: the value contains itself, which Terraform values cannot`);
        if (open.size >= MAX_FORMAT_NESTING) {
            err(
                `unsupported value for ${where}: lists and maps nested deeper than ${MAX_FORMAT_NESTING.toLocaleString("en-US")} levels`,
            );
        }
        open.add(value);
        try {
            if (Array.isArray(value)) return "[" + value.map((v) => toJson(v, where, open)).join(",") + "]";
            return (
                "{" +
                sortedKeys(value)
                    .map((k) => jsonString(k) + ":" + toJson(value[k], where, open))
                    .join(",") +
                "}"
            );
        } finally {
            open.delete(value);
        }
    }
    return err(`unsupported value for ${where}: ${typeof value} values cannot be formatted`);
}

function toNumber(value: unknown, where: string): number {
    if (typeof value === "number") {
        if (!Number.isFinite(value)) err(`unsupported value for ${where}: a finite number is required`);
        return value;
    }
    if (typeof value === "string") {
        const t = value.trim();
        if (t !== value || t === "" || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) {
            err(`unsupported value for ${where}: a number is required`);
        }
        return Number(t);
    }
    // cty's conversion of a bool (or any other non-string) to a number fails as "number required".
    return err(`unsupported value for ${where}: number required`);
}

function appendVerb(verb: Verb, args: readonly unknown[]): string {
    const idx = verb.argNum - 1;
    if (idx >= args.length) {
        err(
            `not enough arguments for ${quoteString(verb.raw)} at ${verb.offset}: need index ${verb.argNum} but have ${args.length} total`,
        );
    }
    const given = args[idx];
    // cty holds every string in NFC.
    const arg = given === undefined ? null : typeof given === "string" ? nfc(given) : given;
    const where = `${quoteString(verb.raw)} at ${verb.offset}`;
    if (verb.mode !== "v" && arg === null) err(`unsupported value for ${where}: null value cannot be formatted`);
    switch (verb.mode) {
        case "v":
            if (!verb.sharp && typeof arg === "string") return padWidth(verb, arg);
            if (!verb.sharp && typeof arg === "number") {
                toNumber(arg, where);
                return padWidth(
                    verb,
                    formatFloat(
                        {
                            ...verb,
                            mode: "g",
                            prec: -1,
                            width: -1,
                            plus: false,
                            space: false,
                            zero: false,
                            minus: false,
                        },
                        arg,
                    ),
                );
            }
            return padWidth(verb, toJson(arg, where));
        case "t": {
            let b: boolean;
            if (typeof arg === "boolean") b = arg;
            else if (arg === "true" || arg === "false") b = arg === "true";
            else return err(`unsupported value for ${where}: bool required`);
            return b ? "true" : "false";
        }
        case "b":
        case "d":
        case "o":
        case "x":
        case "X": {
            const n = toNumber(arg, where);
            if (!Number.isInteger(n)) err(`unsupported value for ${where}: an integer is required`);
            return formatInteger(verb, n);
        }
        case "e":
        case "E":
        case "f":
        case "g":
        case "G":
            return formatFloat(verb, toNumber(arg, where));
        case "s":
        case "q": {
            let s: string;
            if (typeof arg === "string") s = arg;
            else if (typeof arg === "number") s = numberToPlainString(arg);
            else if (typeof arg === "boolean") s = String(arg);
            else return err(`unsupported value for ${where}: string required`);
            if (verb.prec > 0) s = substr(s, 0, verb.prec);
            return padWidth(verb, verb.mode === "q" ? jsonString(s) : s);
        }
        default:
            return err(
                `unsupported format verb ${quoteRune(verb.mode)} in ${quoteString(verb.raw)} at offset ${verb.offset}`,
            );
    }
}

function isDigit(c: string | undefined): boolean {
    return c !== undefined && c >= "0" && c <= "9";
}

function isLetter(c: string | undefined): boolean {
    return c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z"));
}

/** The widest width or precision `format` pads to (Go's fmt refuses more, as `tooLarge`); more is refused. */
export const MAX_WIDTH = 1_000_000;

function tooWide(what: "width" | "precision", digits: string, offset: number): never {
    const shown = digits.length > 20 ? `${digits.slice(0, 20)}...` : digits;
    return err(
        `${what} ${shown} of the verb at offset ${offset} is larger than ${MAX_WIDTH.toLocaleString("en-US")}, the most this port pads to`,
    );
}

/**
 * Terraform's `format(spec, args...)`. Throws an `Error` starting with `format: ` on an invalid
 * spec, an impossible conversion, too few arguments, or arguments the spec does not use.
 *
 * @example format("%s-%03d", "web", 7) // "web-007"
 */
export function format(spec: string, ...args: unknown[]): string {
    if (typeof spec !== "string") err(`the format spec must be a string, got ${typeof spec}`);
    spec = nfc(spec);
    // Fast path: no verb at all.
    if (!spec.includes("%")) {
        if (args.length > 0) err("too many arguments; no verbs in format string");
        return spec;
    }
    let out = "";
    let nextArg = 1;
    let highest = 0;
    let i = 0;
    const n = spec.length;
    let byteOffset = 0; // UTF-8 offset of position i
    while (i < n) {
        const ch = spec[i];
        if (ch !== "%") {
            let j = i;
            while (j < n && spec[j] !== "%") j++;
            out += spec.slice(i, j);
            byteOffset += utf8Bytes(spec, i, j);
            i = j;
            continue;
        }
        const start = i;
        const startByte = byteOffset;
        const at = (k: number) => startByte + utf8Bytes(spec, start, k);
        const bad = (k: number): never => {
            if (k >= n) err(`invalid format string starting at offset ${at(n)}`);
            const cp = spec.codePointAt(k) as number;
            return err(`unrecognized format character ${quoteRune(String.fromCodePoint(cp))} at offset ${at(k)}`);
        };
        i++;
        if (spec[i] === "%") {
            out += "%";
            i++;
            byteOffset = at(i);
            continue;
        }
        const verb: Verb = {
            raw: "",
            offset: startByte,
            argNum: nextArg,
            mode: "",
            zero: false,
            sharp: false,
            plus: false,
            minus: false,
            space: false,
            width: -1,
            prec: -1,
        };
        for (;;) {
            const c = spec[i];
            if (c === "0") verb.zero = true;
            else if (c === "#") verb.sharp = true;
            else if (c === "-") verb.minus = true;
            else if (c === "+") verb.plus = true;
            else if (c === " ") verb.space = true;
            else break;
            i++;
        }
        // a width or a precision: digits, at most MAX_WIDTH
        const size = (what: "width" | "precision"): number => {
            let n = 0;
            const from = i;
            while (isDigit(spec[i])) n = n * 10 + (spec.charCodeAt(i++) - 48);
            if (n > MAX_WIDTH) tooWide(what, spec.slice(from, i), at(start));
            return n;
        };
        // width: a number without leading zero (a zero here was taken as a flag)
        if (isDigit(spec[i])) verb.width = size("width");
        if (spec[i] === ".") {
            i++;
            verb.prec = size("precision");
        }
        if (spec[i] === "[") {
            i++;
            if (!isDigit(spec[i]) || spec[i] === "0") bad(i);
            let a = 0;
            while (isDigit(spec[i])) a = a * 10 + (spec.charCodeAt(i++) - 48);
            if (spec[i] !== "]") bad(i);
            i++;
            verb.argNum = a;
        }
        if (!isLetter(spec[i])) bad(i);
        verb.mode = spec[i];
        i++;
        verb.raw = spec.slice(start, i);
        if (verb.argNum > highest) highest = verb.argNum;
        out += appendVerb(verb, args);
        nextArg = verb.argNum + 1;
        byteOffset = at(i);
    }
    if (highest < args.length) {
        if (highest === 0) err("too many arguments; no verbs in format string");
        err(`too many arguments; only ${highest} used by format string`);
    }
    // cty re-normalises every string it builds (a verb's output may combine with what precedes it).
    return nfc(out);
}
