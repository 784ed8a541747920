/**
 * Go's `fmt` for the values a template handles, as `fmt.Sprint`, `Sprintln` and `Sprintf` print
 * them: `undefined` is a missing value (`<no value>` in template output), `null` is nil
 * (`<nil>`), integral numbers are `int`, other numbers `float64`, arrays `[]interface {}` and
 * plain objects `map[string]interface {}` (keys sorted, as Go prints maps).
 */

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

export function isMap(v: unknown): v is Record<string, unknown> {
    return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

/** Go's formatting of a float64 with a float verb; `v` is `%v` (shortest `%g`). */
export function formatFloat(f: number, verb: "g" | "G" | "e" | "E" | "f" | "F" | "v" = "v", prec = -1): string {
    if (Number.isNaN(f)) return "NaN";
    if (f === Infinity) return "+Inf";
    if (f === -Infinity) return "-Inf";
    const neg = f < 0 || Object.is(f, -0);
    const a = Math.abs(f);
    let body: string;
    switch (verb) {
        case "e":
        case "E":
            body = expForm(a, prec < 0 ? 6 : prec);
            break;
        case "f":
        case "F":
            body = fixedForm(a, prec < 0 ? 6 : prec);
            break;
        default: {
            // %g / %v
            let digits: string;
            let exp: number;
            if (prec < 0) {
                const e = a.toExponential(); // shortest round-trip digits
                const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(e)!;
                digits = m[1] + (m[2] ?? "");
                exp = Number(m[3]);
            } else {
                const p = prec === 0 ? 1 : prec;
                const e = a.toExponential(p - 1);
                const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(e)!;
                digits = (m[1] + (m[2] ?? "")).replace(/0+$/, "") || "0";
                exp = Number(m[3]);
            }
            if (a === 0) {
                digits = "0";
                exp = 0;
            }
            let eprec = prec < 0 ? 6 : prec === 0 ? 1 : prec;
            if (prec >= 0 && eprec > digits.length && digits.length >= exp + 1) eprec = digits.length;
            const useExp = exp < -4 || exp >= eprec;
            if (useExp) {
                const mant = digits.length > 1 ? digits[0] + "." + digits.slice(1) : digits;
                body = mant + "e" + (exp < 0 ? "-" : "+") + String(Math.abs(exp)).padStart(2, "0");
            } else if (exp < 0) {
                body = "0." + "0".repeat(-exp - 1) + digits;
            } else if (digits.length <= exp + 1) {
                body = digits + "0".repeat(exp + 1 - digits.length);
            } else {
                body = digits.slice(0, exp + 1) + "." + digits.slice(exp + 1);
            }
        }
    }
    if (verb === "E" || verb === "G") body = body.toUpperCase();
    return (neg && !(a === 0 && !Object.is(f, -0)) ? "-" : "") + body;
}

function expForm(a: number, prec: number): string {
    const e = a.toExponential(prec);
    const m = /^([\d.]+)e([+-])(\d+)$/.exec(e)!;
    return m[1] + "e" + m[2] + m[3].padStart(2, "0");
}

function fixedForm(a: number, prec: number): string {
    if (a < 1e21) {
        // Go rounds an exact tie to even (2.5 -> "2"); toFixed rounds it up
        const scale = Math.pow(10, prec);
        const scaled = a * scale;
        if (Number.isFinite(scaled) && scaled - Math.floor(scaled) === 0.5 && scaled / scale === a) {
            const down = Math.floor(scaled);
            const even = down % 2 === 0 ? down : down + 1;
            return prec > 0 ? (even / scale).toFixed(prec) : String(even);
        }
        return a.toFixed(prec);
    }
    // toFixed switches to exponent form at 1e21: expand by hand
    const big = BigInt(Math.round(a)).toString();
    return prec > 0 ? big + "." + "0".repeat(prec) : big;
}

/** Go's `%v` for a float, as fmt prints it (shortest digits, exponent form when exp < -4 or >= 6... as strconv's 'g'). */
function floatV(f: number): string {
    return formatFloat(f, "v");
}

/** Go's `fmt.Sprint` of one value with `%v` (nested values too). */
export function formatValue(v: unknown, plus = false, top = true): string {
    if (v === undefined) return top ? "<nil>" : "<nil>";
    if (v === null) return "<nil>";
    if (typeof v === "string") return v;
    if (typeof v === "boolean") return v ? "true" : "false";
    if (typeof v === "number") return Number.isInteger(v) && Math.abs(v) < 1e21 ? intString(v) : floatV(v);
    if (typeof v === "bigint") return v.toString();
    if (v instanceof Uint8Array) return "[" + Array.from(v).join(" ") + "]";
    if (Array.isArray(v)) return "[" + v.map((e) => formatValue(e, plus, false)).join(" ") + "]";
    if (typeof v === "function") return "0x" + "0".repeat(6);
    if (isMap(v)) {
        const keys = Object.keys(v).sort(compareKeys);
        return "map[" + keys.map((k) => k + ":" + formatValue(v[k], plus, false)).join(" ") + "]";
    }
    return String(v);
}

/** Go sorts map keys by byte order of their UTF-8 encoding; code-point order is the same. */
export function compareKeys(a: string, b: string): number {
    if (a === b) return 0;
    const ca = [...a];
    const cb = [...b];
    for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
        const x = ca[i].codePointAt(0)!;
        const y = cb[i].codePointAt(0)!;
        if (x !== y) return x - y;
    }
    return ca.length - cb.length;
}

function intString(n: number): string {
    if (Object.is(n, -0)) return "0";
    return Number.isSafeInteger(n) ? String(n) : BigInt(n).toString();
}

/** Go's `%#v` (Go-syntax) representation. */
export function formatGoSyntax(v: unknown, top = true): string {
    if (v === null || v === undefined) return top ? "<nil>" : "interface {}(nil)";
    if (typeof v === "string") return quoteGo(v);
    if (typeof v === "boolean" || typeof v === "number") return formatValue(v);
    if (Array.isArray(v)) return "[]interface {}{" + v.map((e) => formatGoSyntax(e, false)).join(", ") + "}";
    if (isMap(v)) {
        const keys = Object.keys(v).sort(compareKeys);
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
function isPrintable(ch: string): boolean {
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
        const sign = /^[+\- ]/.test(s) ? s[0] : "";
        const rest = sign ? s.slice(1) : s;
        const prefix = /^0[xXbo]/.test(rest) && spec.sharp ? rest.slice(0, 2) : "";
        return sign + prefix + "0".repeat(n) + rest.slice(prefix.length);
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
    let digits: string;
    switch (verb) {
        case "d":
        case "v":
            digits = a.toString(10);
            break;
        case "b":
            digits = a.toString(2);
            break;
        case "o":
            digits = a.toString(8);
            if (spec.sharp && digits[0] !== "0") digits = "0" + digits;
            break;
        case "O":
            digits = "0o" + a.toString(8);
            break;
        case "x":
            digits = a.toString(16);
            if (spec.sharp) digits = "0x" + digits;
            break;
        case "X":
            digits = a.toString(16).toUpperCase();
            if (spec.sharp) digits = "0X" + digits;
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
        case "e":
        case "E":
        case "f":
        case "F":
        case "g":
        case "G":
            return null;
        default:
            return null;
    }
    if (spec.prec >= 0) {
        const body = digits.replace(/^0[xX]/, "");
        const prefix = digits.slice(0, digits.length - body.length);
        digits = prefix + body.padStart(spec.prec, "0");
        if (spec.prec === 0 && n === 0) digits = "";
    }
    const sign = neg ? "-" : spec.plus ? "+" : spec.space ? " " : "";
    return pad(sign + digits, { ...spec, zero: spec.zero && spec.prec < 0 }, true);
}

function fmtFloatVerb(f: number, verb: string, spec: Spec): string | null {
    let s: string;
    switch (verb) {
        case "v":
        case "g":
        case "G":
            s = formatFloat(f, verb === "G" ? "G" : "g", spec.prec);
            break;
        case "e":
        case "E":
        case "f":
        case "F":
            s = formatFloat(f, verb as "e", spec.prec);
            break;
        default:
            return null;
    }
    if (spec.plus && !s.startsWith("-")) s = "+" + s;
    else if (spec.space && !s.startsWith("-")) s = " " + s;
    return pad(s, spec, Number.isFinite(f));
}

function fmtString(s: string, verb: string, spec: Spec): string | null {
    switch (verb) {
        case "v":
        case "s":
            if (spec.prec >= 0) s = [...s].slice(0, spec.prec).join("");
            return pad(s, spec);
        case "q":
            if (spec.sharp && !s.includes("`")) return pad("`" + s + "`", spec);
            return pad(quoteGo(s, spec.plus), spec);
        case "x":
        case "X": {
            const bytes = Buffer.from(s, "utf8");
            let h = Array.from(bytes, (b) => b.toString(16).padStart(2, "0"));
            if (spec.sharp) h = h.map((x) => "0x" + x);
            let out = h.join(spec.space ? " " : "");
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
        const keys = Object.keys(v).sort(compareKeys);
        return "map[" + keys.map((k) => formatOne(k, verb, spec) + ":" + formatOne(v[k], verb, spec)).join(" ") + "]";
    }
    return pad(formatValue(v), spec);
}

/** Go's `fmt.Sprintf`, with Go's `%!verb(type=value)`, `%!v(MISSING)` and `%!(EXTRA ...)` markers. */
export function sprintf(format: string, args: unknown[]): string {
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
        const argIndex = (): void => {
            const m = /^\[(\d+)\]/.exec(format.slice(i));
            if (m) {
                argNum = Number(m[1]) - 1;
                reordered = true;
                i += m[0].length;
            }
        };
        argIndex();
        if (format[i] === "*") {
            i++;
            const w = args[argNum++];
            if (typeof w === "number" && Number.isInteger(w)) {
                spec.width = Math.abs(w);
                if (w < 0) {
                    spec.minus = true;
                    spec.zero = false;
                }
            } else out += "%!(BADWIDTH)";
        } else {
            const m = /^\d+/.exec(format.slice(i));
            if (m) {
                spec.width = Number(m[0]);
                i += m[0].length;
            }
        }
        if (format[i] === ".") {
            i++;
            argIndex();
            if (format[i] === "*") {
                i++;
                const p = args[argNum++];
                if (typeof p === "number" && Number.isInteger(p) && p >= 0) spec.prec = p;
                else out += "%!(BADPREC)";
            } else {
                const m = /^\d+/.exec(format.slice(i));
                spec.prec = m ? Number(m[0]) : 0;
                if (m) i += m[0].length;
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
