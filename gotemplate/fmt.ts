/**
 * Go's `fmt` for template values, as `fmt.Sprint`, `Sprintln` and `Sprintf` print them (`<no value>`, `<nil>`, int
 * and float64, `[]interface {}`, `map[string]interface {}` with sorted keys).
 */
import { checkValue, TEMPLATE_LIMITS } from "./limits";
import { isPlainObject as isMap } from "../util/objects";
import { compareGoStrings } from "../util/goOrder";

export { isMap };

/** The Go type name of a value, as `%T` prints it. */
export function goTypeName(v: unknown): string {
    if (v === null || v === undefined) return "<nil>";
    if (typeof v === "string") return "string";
    if (typeof v === "boolean") return "bool";
    if (typeof v === "number") return Number.isInteger(v) ? "int" : "float64";
    if (typeof v === "bigint") return "int64";
    if (Array.isArray(v)) return "[]interface {}";
    if (typeof v === "function") return "func";
    if (v instanceof Uint8Array) return "[]uint8";
    return "map[string]interface {}";
}

/** A decimal as strconv keeps one: the value is 0.`digits` × 10^`dp`; no trailing zeros; "" for zero. */
interface Decimal {
    readonly digits: string;
    readonly dp: number;
}

/** The exact decimal value of a finite, non-negative double (a = mantissa × 2^e, so × 5^-e / 10^-e). */
function exactDecimal(a: number): Decimal {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, a);
    const bits = view.getBigUint64(0);
    const biased = Number((bits >> 52n) & 0x7ffn);
    const fraction = bits & ((1n << 52n) - 1n);
    const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
    const e = biased === 0 ? -1074 : biased - 1075;
    if (mantissa === 0n) return { digits: "", dp: 0 };
    const all = e >= 0 ? (mantissa << BigInt(e)).toString() : (mantissa * 5n ** BigInt(-e)).toString();
    return { digits: all.replace(/0+$/, ""), dp: all.length + Math.min(e, 0) };
}

/** The shortest decimal that reads back as `a` (what %v and a precision-less %g print). */
function shortestDecimal(a: number): Decimal {
    if (a === 0) return { digits: "", dp: 0 };
    const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(a.toExponential())!;
    return { digits: (m[1] + (m[2] ?? "")).replace(/0+$/, ""), dp: Number(m[3]) + 1 };
}

/** strconv's decimal.Round: to `nd` digits, an exact half to even. */
function roundDecimal(d: Decimal, nd: number): Decimal {
    if (nd < 0 || nd >= d.digits.length) return d;
    const next = d.digits[nd];
    const halfway = next === "5" && nd + 1 === d.digits.length;
    const up = halfway ? nd > 0 && Number(d.digits[nd - 1]) % 2 === 1 : next >= "5";
    if (!up) return { digits: d.digits.slice(0, nd).replace(/0+$/, ""), dp: d.dp };
    let i = nd - 1;
    while (i >= 0 && d.digits[i] === "9") i--;
    if (i < 0) return { digits: "1", dp: d.dp + 1 };
    return { digits: d.digits.slice(0, i) + String(Number(d.digits[i]) + 1), dp: d.dp };
}

/** strconv's %e of a decimal with `prec` digits after the point. */
function expForm(d: Decimal, prec: number): string {
    const digits = d.digits || "0";
    let s = digits[0];
    if (prec > 0) s += "." + digits.slice(1, prec + 1).padEnd(prec, "0");
    const exp = d.digits ? d.dp - 1 : 0;
    return s + "e" + (exp < 0 ? "-" : "+") + String(Math.abs(exp)).padStart(2, "0");
}

/** strconv's %f of a decimal with `prec` digits after the point. */
function fixedForm(d: Decimal, prec: number): string {
    let s = d.dp > 0 ? d.digits.slice(0, d.dp).padEnd(d.dp, "0") : "0";
    if (prec > 0) {
        s += ".";
        for (let i = 1; i <= prec; i++) {
            const j = d.dp + i - 1;
            s += j >= 0 && j < d.digits.length ? d.digits[j] : "0";
        }
    }
    return s;
}

/** Go's formatting of a float64 with a float verb (strconv.FormatFloat); `v` is `%v` (shortest `%g`). */
export function formatFloat(f: number, verb: "g" | "G" | "e" | "E" | "f" | "F" | "v" = "v", prec = -1): string {
    if (Number.isNaN(f)) return "NaN";
    if (f === Infinity) return "+Inf";
    if (f === -Infinity) return "-Inf";
    const neg = f < 0 || Object.is(f, -0);
    const a = Math.abs(f);
    let body: string;
    switch (verb) {
        case "e":
        case "E": {
            const p = prec < 0 ? 6 : prec;
            body = expForm(roundDecimal(exactDecimal(a), p + 1), p);
            break;
        }
        case "f":
        case "F": {
            const p = prec < 0 ? 6 : prec;
            const exact = exactDecimal(a);
            body = fixedForm(roundDecimal(exact, exact.dp + p), p);
            break;
        }
        default: {
            // %g / %v, as strconv's formatDigits
            const shortest = prec < 0;
            let p = prec === 0 ? 1 : prec;
            const d = shortest ? shortestDecimal(a) : roundDecimal(exactDecimal(a), p);
            const nd = d.digits.length;
            if (shortest) p = nd;
            let eprec = shortest ? 6 : p;
            if (!shortest && eprec > nd && nd >= d.dp) eprec = nd;
            const exp = d.dp - 1;
            if (exp < -4 || exp >= eprec) body = expForm(d, Math.min(p, nd) - 1);
            else body = fixedForm(d, Math.max((p > d.dp ? nd : p) - d.dp, 0));
        }
    }
    if (verb === "E" || verb === "G") body = body.toUpperCase();
    return (neg ? "-" : "") + body;
}

/** Go's `%v` for a float, as fmt prints it (shortest digits, exponent form when exp < -4 or >= 6... as strconv's 'g'). */
function floatV(f: number): string {
    return formatFloat(f, "v");
}

/** Go's `fmt.Sprint` of one value with `%v` (nested values too). */
export function formatValue(v: unknown, plus = false, top = true): string {
    if (top) checkValue(v);
    if (v === undefined) return "<nil>";
    if (v === null) return "<nil>";
    if (typeof v === "string") return v;
    if (typeof v === "boolean") return v ? "true" : "false";
    if (typeof v === "number") return Number.isInteger(v) && Math.abs(v) < 1e21 ? intString(v) : floatV(v);
    if (typeof v === "bigint") return v.toString();
    if (v instanceof Uint8Array) return "[" + Array.from(v).join(" ") + "]";
    if (Array.isArray(v)) return "[" + v.map((e) => formatValue(e, plus, false)).join(" ") + "]";
    if (typeof v === "function") return "0x" + "0".repeat(6);
    if (isMap(v)) {
        const keys = Object.keys(v).sort(compareGoStrings);
        return "map[" + keys.map((k) => k + ":" + formatValue(v[k], plus, false)).join(" ") + "]";
    }
    return String(v);
}

function intString(n: number): string {
    if (Object.is(n, -0)) return "0";
    return Number.isSafeInteger(n) ? String(n) : BigInt(n).toString();
}

/** Go's `%#v` (Go-syntax) representation. */
export function formatGoSyntax(v: unknown, top = true): string {
    if (top) checkValue(v);
    if (v === null || v === undefined) return top ? "<nil>" : "interface {}(nil)";
    if (typeof v === "string") return quoteGo(v);
    if (typeof v === "boolean" || typeof v === "number") return formatValue(v);
    if (Array.isArray(v)) return "[]interface {}{" + v.map((e) => formatGoSyntax(e, false)).join(", ") + "}";
    if (isMap(v)) {
        const keys = Object.keys(v).sort(compareGoStrings);
        return (
            "map[string]interface {}{" +
            keys.map((k) => quoteGo(k) + ":" + formatGoSyntax(v[k], false)).join(", ") +
            "}"
        );
    }
    return formatValue(v);
}

/** Go's strconv.Quote: a double-quoted Go string literal, non-printable characters escaped. */
export function quoteGo(s: string, asciiOnly = false): string {
    let out = '"';
    for (const ch of s) {
        const cp = ch.codePointAt(0)!;
        switch (ch) {
            case '"':
                out += '\\"';
                continue;
            case "\\":
                out += "\\\\";
                continue;
            case "\x07":
                out += "\\a";
                continue;
            case "\b":
                out += "\\b";
                continue;
            case "\f":
                out += "\\f";
                continue;
            case "\n":
                out += "\\n";
                continue;
            case "\r":
                out += "\\r";
                continue;
            case "\t":
                out += "\\t";
                continue;
            case "\v":
                out += "\\v";
                continue;
        }
        if (cp < 0x20 || cp === 0x7f) out += "\\x" + cp.toString(16).padStart(2, "0");
        else if (cp < 0x7f) out += ch;
        else if (!asciiOnly && isPrintable(ch)) out += ch;
        else if (cp === 0xfffd && ch !== "\ufffd") out += "\\ufffd";
        else if (cp < 0x10000) out += "\\u" + cp.toString(16).padStart(4, "0");
        else out += "\\U" + cp.toString(16).padStart(8, "0");
    }
    return out + '"';
}

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\u0020]$/u;
/** Go's unicode.IsPrint for one character. */
export function isPrintable(ch: string): boolean {
    return PRINTABLE.test(ch);
}

/** Go's `fmt.Sprint`: a space between operands when neither side is a string. */
export function sprint(args: unknown[]): string {
    let out = "";
    for (let i = 0; i < args.length; i++) {
        const isStr = typeof args[i] === "string";
        if (i > 0 && !isStr && typeof args[i - 1] !== "string") out += " ";
        out += formatValue(args[i]);
    }
    return out;
}

/** Go's `fmt.Sprintln`: operands separated by spaces, then a newline. */
export function sprintln(args: unknown[]): string {
    return args.map((a) => formatValue(a)).join(" ") + "\n";
}

interface Spec {
    minus: boolean;
    plus: boolean;
    sharp: boolean;
    space: boolean;
    zero: boolean;
    width: number;
    prec: number;
}

function pad(s: string, spec: Spec, numeric = false): string {
    const len = [...s].length;
    if (spec.width < 0 || len >= spec.width) return s;
    const n = spec.width - len;
    if (spec.minus) return s + " ".repeat(n);
    if (spec.zero && numeric) {
        // the zeros go after the sign
        const sign = /^[+\- ]/.test(s) ? s[0] : "";
        return sign + "0".repeat(n) + s.slice(sign.length);
    }
    if (spec.zero && !numeric) return "0".repeat(n) + s;
    return " ".repeat(n) + s;
}

function bad(verb: string, v: unknown): string {
    if (v === null || v === undefined) return `%!${verb}(<nil>)`;
    return `%!${verb}(${goTypeName(v)}=${formatValue(v)})`;
}

function fmtInt(n: number, verb: string, spec: Spec): string | null {
    const neg = n < 0;
    const a = BigInt(Math.abs(n));
    let base: number;
    switch (verb) {
        case "d":
        case "v":
            base = 10;
            break;
        case "b":
            base = 2;
            break;
        case "o":
        case "O":
            base = 8;
            break;
        case "x":
        case "X":
            base = 16;
            break;
        case "c":
            return pad(String.fromCodePoint(n), spec);
        case "q":
            return pad(
                "'" + quoteGo(String.fromCodePoint(n)).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'") + "'",
                spec,
            );
        case "U": {
            let s = "U+" + a.toString(16).toUpperCase().padStart(4, "0");
            if (spec.sharp) s += " '" + String.fromCodePoint(n) + "'";
            return pad(s, spec);
        }
        default:
            return null;
    }
    // As Go's fmtInteger: %.3d and %03d both ask for leading zero digits (the sign and the 0x
    // prefix come on top of them); with a precision, the 0 flag pads with spaces instead.
    let digits = a.toString(base);
    if (verb === "X") digits = digits.toUpperCase();
    let minDigits = 0;
    if (spec.prec >= 0) {
        minDigits = spec.prec;
        // precision 0 and value 0 print nothing (not even a sign) but the padding
        if (spec.prec === 0 && n === 0) return pad("", { ...spec, zero: false });
    } else if (spec.zero && !spec.minus && spec.width >= 0) {
        minDigits = spec.width - (neg || spec.plus || spec.space ? 1 : 0);
    }
    digits = digits.padStart(minDigits, "0");
    if (spec.sharp && base === 2) digits = "0b" + digits;
    if (spec.sharp && base === 8 && digits[0] !== "0") digits = "0" + digits;
    if (spec.sharp && base === 16) digits = (verb === "X" ? "0X" : "0x") + digits;
    if (verb === "O") digits = "0o" + digits;
    const sign = neg ? "-" : spec.plus ? "+" : spec.space ? " " : "";
    return pad(sign + digits, { ...spec, zero: false });
}

function fmtFloatVerb(f: number, verb: string, spec: Spec): string | null {
    if (!/^[vgGeEfF]$/.test(verb)) return null;
    if (!Number.isFinite(f)) {
        // As Go's fmtFloat: infinities and NaN are never zero-padded; NaN shows a sign only when
        // asked for one with + or space, and the space flag replaces a +.
        const sign = f < 0 ? "-" : spec.plus ? "+" : spec.space ? " " : Number.isNaN(f) ? "" : "+";
        return pad(sign + (Number.isNaN(f) ? "NaN" : "Inf"), { ...spec, zero: false });
    }
    let s = formatFloat(f, verb === "v" ? "g" : (verb as "g" | "G" | "e" | "E" | "f" | "F"), spec.prec);
    if (spec.plus && !s.startsWith("-")) s = "+" + s;
    else if (spec.space && !s.startsWith("-")) s = " " + s;
    return pad(s, spec, true);
}

function fmtString(s: string, verb: string, spec: Spec): string | null {
    switch (verb) {
        case "v":
        case "s":
            if (spec.prec >= 0) s = [...s].slice(0, spec.prec).join("");
            return pad(s, spec);
        case "q":
            if (spec.prec >= 0) s = [...s].slice(0, spec.prec).join("");
            if (spec.sharp && !s.includes("`")) return pad("`" + s + "`", spec);
            return pad(quoteGo(s, spec.plus), spec);
        case "x":
        case "X": {
            // As Go's fmtSbx: the precision limits the bytes; # puts 0x before the whole string,
            // or before each byte when the space flag separates them.
            let bytes = Buffer.from(s, "utf8");
            if (spec.prec >= 0) bytes = bytes.subarray(0, spec.prec);
            const h = Array.from(bytes, (b) => b.toString(16).padStart(2, "0"));
            const prefix = spec.sharp ? "0x" : "";
            let out = spec.space ? h.map((x) => prefix + x).join(" ") : h.length ? prefix + h.join("") : "";
            if (verb === "X") out = out.toUpperCase();
            return pad(out, spec);
        }
    }
    return null;
}

/** Formats one operand with one verb (no `%!` wrapping for the top level). */
function formatOne(v: unknown, verb: string, spec: Spec): string {
    if (verb === "T") return pad(goTypeName(v), spec);
    if (verb === "v" && spec.sharp) return pad(formatGoSyntax(v), spec);
    if (v === null || v === undefined) {
        return verb === "v" ? pad("<nil>", spec) : bad(verb, v);
    }
    if (typeof v === "boolean") {
        return verb === "v" || verb === "t" ? pad(String(v), spec) : bad(verb, v);
    }
    if (typeof v === "number") {
        // An integral number is an int, except for the float verbs: YAML's 10.0 reaches us as 10.
        const isFloatVerb = /^[eEfFgG]$/.test(verb);
        const r =
            Number.isInteger(v) && Math.abs(v) < 1e21 && !isFloatVerb
                ? fmtInt(v, verb, spec)
                : fmtFloatVerb(v, verb, spec);
        return r ?? bad(verb, v);
    }
    if (typeof v === "string") return fmtString(v, verb, spec) ?? bad(verb, v);
    if (Array.isArray(v)) {
        return "[" + v.map((e) => formatOne(e, verb, { ...spec })).join(" ") + "]";
    }
    if (isMap(v)) {
        const keys = Object.keys(v).sort(compareGoStrings);
        return "map[" + keys.map((k) => formatOne(k, verb, spec) + ":" + formatOne(v[k], verb, spec)).join(" ") + "]";
    }
    return pad(formatValue(v), spec);
}

/** Go's fmt `tooLarge`: widths and precisions beyond ±1e6 are refused. */
function tooLarge(x: number): boolean {
    return x > TEMPLATE_LIMITS.maxFormatWidth || x < -TEMPLATE_LIMITS.maxFormatWidth;
}

/**
 * Go's fmt `parsenum`: the number at `start`, or none; a number that grows past 1e6 before its
 * last digit is "crazy long", and the rest of the format is consumed (Go then prints %!(NOVERB)).
 */
function parsenum(s: string, start: number): { num: number; isnum: boolean; next: number } {
    let num = 0;
    let isnum = false;
    let i = start;
    for (; i < s.length && s[i] >= "0" && s[i] <= "9"; i++) {
        if (tooLarge(num)) return { num: 0, isnum: false, next: s.length };
        num = num * 10 + (s.charCodeAt(i) - 48);
        isnum = true;
    }
    return { num, isnum, next: i };
}

/** Go's `fmt.Sprintf`, with Go's `%!verb(type=value)`, `%!v(MISSING)` and `%!(EXTRA ...)` markers. */
export function sprintf(format: string, args: unknown[]): string {
    for (const a of args) checkValue(a);
    let out = "";
    let argNum = 0;
    let reordered = false;
    let i = 0;
    const n = format.length;
    while (i < n) {
        const pct = format.indexOf("%", i);
        if (pct < 0) {
            out += format.slice(i);
            break;
        }
        out += format.slice(i, pct);
        i = pct + 1;
        const spec: Spec = { minus: false, plus: false, sharp: false, space: false, zero: false, width: -1, prec: -1 };
        flags: for (; i < n; i++) {
            switch (format[i]) {
                case "-":
                    spec.minus = true;
                    spec.zero = false;
                    break;
                case "+":
                    spec.plus = true;
                    break;
                case "#":
                    spec.sharp = true;
                    break;
                case " ":
                    spec.space = true;
                    break;
                case "0":
                    spec.zero = !spec.minus;
                    break;
                default:
                    break flags;
            }
        }
        let goodArgNum = true;
        const argIndex = (): void => {
            const m = /^\[(\d+)\]/.exec(format.slice(i));
            if (m) {
                // as Go's argNumber: an index past the operands marks the verb BADINDEX
                reordered = true;
                const index = Number(m[1]) - 1;
                if (index >= 0 && index < args.length) argNum = index;
                else goodArgNum = false;
                i += m[0].length;
            }
        };
        argIndex();
        if (format[i] === "*") {
            i++;
            const w = args[argNum++];
            if (typeof w === "number" && Number.isInteger(w) && !tooLarge(w)) {
                spec.width = Math.abs(w);
                if (w < 0) {
                    spec.minus = true;
                    spec.zero = false;
                }
            } else out += "%!(BADWIDTH)";
        } else {
            const w = parsenum(format, i);
            if (w.isnum) spec.width = w.num;
            i = w.next;
        }
        if (format[i] === ".") {
            i++;
            argIndex();
            if (format[i] === "*") {
                i++;
                const p = args[argNum++];
                if (typeof p === "number" && Number.isInteger(p) && p >= 0 && !tooLarge(p)) spec.prec = p;
                else out += "%!(BADPREC)";
            } else {
                const p = parsenum(format, i);
                spec.prec = p.isnum ? p.num : 0;
                i = p.next;
            }
        }
        argIndex();
        if (i >= n) {
            out += "%!(NOVERB)";
            break;
        }
        const verb = String.fromCodePoint(format.codePointAt(i)!);
        i += verb.length;
        if (verb === "%") {
            out += "%";
            continue;
        }
        if (!goodArgNum) {
            out += `%!${verb}(BADINDEX)`;
            continue;
        }
        if (argNum >= args.length) {
            out += `%!${verb}(MISSING)`;
            continue;
        }
        const v = args[argNum++];
        if (!/^[vTtbcdoOqxXUeEfFgGsp]$/.test(verb)) {
            out += bad(verb, v);
            continue;
        }
        out += formatOne(v, verb, spec);
    }
    if (!reordered && argNum < args.length) {
        out +=
            "%!(EXTRA " +
            args
                .slice(argNum)
                .map((a) => (a === null || a === undefined ? "<nil>" : `${goTypeName(a)}=${formatValue(a)}`))
                .join(", ") +
            ")";
    }
    return out;
}
