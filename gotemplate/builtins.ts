/**
 * Go's `text/template` built-in functions: `and or not len index slice eq ne lt le gt ge print
 * printf println html js urlquery call` (Go 1.23 semantics; `and`/`or` short-circuit in the
 * executor).
 */
import { FunctionError } from "./errors";
import type { FuncMap, GoFunc } from "./exec";
import { isTrue } from "./exec";
import { formatValue, goTypeName, isPrintable, sprint, sprintf, sprintln } from "./fmt";
import { getOwn, isPlainObject as isMap } from "../util/objects";
import { compareGoStrings } from "../util/goOrder";

/** Declares a function with a Go signature (see {@link GoFunc.sig}). */
export function fn(sig: string, f: (...args: any[]) => unknown): GoFunc {
    const g = f as GoFunc;
    g.sig = sig;
    return g;
}

/** Marks `f` as giving, for an unknown value, an unknown value marked `mark` (see `GoFunc.unknownThrough`). */
export function unknownThrough(mark: string, f: GoFunc): GoFunc {
    f.unknownThrough = mark;
    return f;
}

function fail(message: string): never {
    throw new FunctionError(message);
}

type Kind = "bool" | "int" | "float" | "string" | "nil" | "other";

function basicKind(v: unknown): Kind {
    if (v === null || v === undefined) return "nil";
    if (typeof v === "boolean") return "bool";
    if (typeof v === "number") return Number.isInteger(v) ? "int" : "float";
    if (typeof v === "string") return "string";
    return "other";
}

/** Go's `eq arg1 arg2...`: true if arg1 equals any later argument. */
function eq(arg1: unknown, ...rest: unknown[]): boolean {
    if (rest.length === 0) fail("missing argument for comparison");
    const k1 = basicKind(arg1);
    if (k1 === "other") fail("invalid type for comparison");
    for (const arg of rest) {
        const k2 = basicKind(arg);
        if (k2 === "other") fail("incompatible types for comparison");
        if (k1 === "nil" || k2 === "nil") {
            if (k1 === k2) return true;
            continue;
        }
        if (k1 !== k2) fail("incompatible types for comparison");
        if (arg1 === arg) return true;
    }
    return false;
}

function lt(a: unknown, b: unknown): boolean {
    const k1 = basicKind(a);
    const k2 = basicKind(b);
    // as Go's lt: a value of no basic kind first, then differing kinds, then a kind with no order
    if (k1 === "nil" || k1 === "other" || k2 === "nil" || k2 === "other") fail("invalid type for comparison");
    if (k1 !== k2) fail("incompatible types for comparison");
    if (k1 === "bool") fail("invalid type for comparison");
    if (typeof a === "string") return compareGoStrings(a, b as string) < 0;
    return (a as number) < (b as number);
}

/** Go's `len`: bytes of a string, items of a list or map. */
export function goLen(v: unknown): number {
    if (typeof v === "string") return Buffer.byteLength(v, "utf8");
    if (Array.isArray(v)) return v.length;
    if (v instanceof Uint8Array) return v.length;
    if (isMap(v)) return Object.keys(v).length;
    if (v === null || v === undefined) fail("len of nil pointer");
    return fail(`len of type ${goTypeName(v)}`);
}

function toIndex(i: unknown, cap: number): number {
    if (typeof i !== "number" || !Number.isInteger(i)) {
        if (i === null || i === undefined) fail("cannot index slice/array with nil");
        fail(`cannot index slice/array with type ${goTypeName(i)}`);
    }
    if (i < 0 || i > cap) fail(`index out of range: ${i}`);
    return i;
}

function index(item: unknown, ...indexes: unknown[]): unknown {
    if (item === null || item === undefined) fail("index of untyped nil");
    let v: unknown = item;
    for (const i of indexes) {
        // a nil reached through an index (a nil or missing map entry) is Go's nil interface
        if (v === null || v === undefined) fail("index of nil pointer");
        if (Array.isArray(v)) {
            const n = toIndex(i, v.length);
            if (n === v.length) fail(`index out of range: ${n}`);
            v = v[n];
        } else if (typeof v === "string") {
            const bytes = Buffer.from(v, "utf8");
            const n = toIndex(i, bytes.length);
            if (n === bytes.length) fail(`index out of range: ${n}`);
            v = bytes[n];
        } else if (isMap(v)) {
            if (typeof i !== "string") {
                if (i === null || i === undefined) fail("value is nil; should be of type string");
                fail(`value has type ${goTypeName(i)}; should be string`);
            }
            v = getOwn(v, i);
        } else {
            fail(`can't index item of type ${goTypeName(v)}`);
        }
    }
    return v;
}

function slice(item: unknown, ...indexes: unknown[]): unknown {
    if (item === null || item === undefined) fail("slice of untyped nil");
    if (indexes.length > 3) fail(`too many slice indexes: ${indexes.length}`);
    let len: number;
    let isString = false;
    let bytes: Buffer | null = null;
    if (typeof item === "string") {
        if (indexes.length === 3) fail("cannot 3-index slice a string");
        bytes = Buffer.from(item, "utf8");
        len = bytes.length;
        isString = true;
    } else if (Array.isArray(item)) {
        len = item.length;
    } else {
        return fail(`can't slice item of type ${goTypeName(item)}`);
    }
    const idx = [0, len];
    for (let i = 0; i < indexes.length; i++) idx[i] = toIndex(indexes[i], len);
    if (idx[0] > idx[1]) fail(`invalid slice index: ${idx[0]} > ${idx[1]}`);
    if (indexes.length === 3 && idx[1] > idx[2]) fail(`invalid slice index: ${idx[1]} > ${idx[2]}`);
    return isString ? bytes!.subarray(idx[0], idx[1]).toString("utf8") : (item as unknown[]).slice(idx[0], idx[1]);
}

/** Go's evalArgs for html/js/urlquery: one string argument as is, otherwise fmt.Sprint. */
function evalArgs(args: unknown[]): string {
    if (args.length === 1 && typeof args[0] === "string") return args[0];
    return sprint(args.map((a) => (a === undefined ? null : a)));
}

/** Go's template.HTMLEscapeString. */
export function htmlEscape(s: string): string {
    return s.replace(/[\0"'&<>]/g, (c) =>
        c === "\0" ? "\uFFFD" : { '"': "&#34;", "'": "&#39;", "&": "&amp;", "<": "&lt;", ">": "&gt;" }[c]!,
    );
}

/** Go's template.JSEscapeString: other control characters as \u00XX, and non-printable runes as \uXXXX. */
export function jsEscape(s: string): string {
    let out = "";
    for (const ch of s) {
        const cp = ch.codePointAt(0)!;
        switch (ch) {
            case "\\":
                out += "\\\\";
                continue;
            case "'":
                out += "\\'";
                continue;
            case '"':
                out += '\\"';
                continue;
            case "<":
                out += "\\u003C";
                continue;
            case ">":
                out += "\\u003E";
                continue;
            case "&":
                out += "\\u0026";
                continue;
            case "=":
                out += "\\u003D";
                continue;
        }
        if (cp < 0x20 || (cp >= 0x80 && !isPrintable(ch))) {
            out += "\\u" + cp.toString(16).toUpperCase().padStart(4, "0");
        } else out += ch;
    }
    return out;
}

/** Go's url.QueryEscape. */
export function queryEscape(s: string): string {
    let out = "";
    for (const b of Buffer.from(s, "utf8")) {
        const c = String.fromCharCode(b);
        if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
        else if (c === " ") out += "+";
        else out += "%" + b.toString(16).toUpperCase().padStart(2, "0");
    }
    return out;
}

/** The built-in functions of text/template. */
export function goBuiltins(): FuncMap {
    return {
        and: fn("i*", () => undefined), // evaluated lazily by the executor
        or: fn("i*", () => undefined),
        not: fn("i", (v) => !isTrue(v)),
        len: fn("i", goLen),
        index: fn("ii*", index),
        slice: fn("ii*", slice),
        eq: fn("ii*", eq),
        ne: fn("ii", (a, b) => !eq(a, b)),
        lt: fn("ii", lt),
        le: fn("ii", (a, b) => lt(a, b) || eq(a, b)),
        gt: fn("ii", (a, b) => !lt(a, b) && !eq(a, b)),
        ge: fn("ii", (a, b) => !lt(a, b)),
        print: fn("i*", (...a) => sprint(a)),
        printf: fn("si*", (f, ...a) => sprintf(f, a)),
        println: fn("i*", (...a) => sprintln(a)),
        html: fn("i*", (...a) => htmlEscape(evalArgs(a))),
        js: fn("i*", (...a) => jsEscape(evalArgs(a))),
        urlquery: fn("i*", (...a) => queryEscape(evalArgs(a))),
        call: fn("ii*", (f, ...a) => {
            if (typeof f !== "function") {
                if (f === null) fail("call of nil");
                fail(`non-function of type ${goTypeName(f)}`);
            }
            return (f as GoFunc)(...a);
        }),
    };
}

export { formatValue };
