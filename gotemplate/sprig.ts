/**
 * Sprig v3 functions with Sprig's argument order and quiet `spf13/cast` conversions. Functions not ported are listed
 * in {@link SPRIG_UNSUPPORTED}: a template naming one fails naming it.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import * as path from "node:path";
import { RE2JS } from "re2js";
import { lower, title, upper } from "../util/goStrings";
import { yaml } from "../util/yaml";
import { getOwn, hasOwn, setOwn } from "../util/objects";
import { FunctionError } from "./errors";
import type { FuncMap, GoFunc } from "./exec";
import { isTrue } from "./exec";
import { fn, unknownThrough } from "./builtins";
import { formatValue, goTypeName, isMap, quoteGo } from "./fmt";
import { compareGoStrings } from "../util/goOrder";
import {
    chargeWork,
    checkJsonDepth,
    checkListLength,
    checkStringLength,
    checkValue,
    mapOf,
    regexBudget,
    TemplateLimitExceeded,
} from "./limits";

/** Go's strings.ToUpper, strings.ToLower and strings.Title, for template functions beyond Sprig's (Gomplate's). */
export { upper as toUpperGo, lower as toLowerGo, title } from "../util/goStrings";

/** A variable of the process's environment, `""` when unset: own keys only (`env "constructor"` is no variable). */
function processEnv(name: string): string {
    return (hasOwn(process.env, name) ? process.env[name] : undefined) ?? "";
}

function fail(message: string): never {
    throw new FunctionError(message);
}

/** Sprig's strval: strings as they are, everything else as fmt's %v. */
export function strval(v: unknown): string {
    if (typeof v === "string") return v;
    if (v instanceof Uint8Array) return Buffer.from(v).toString("utf8");
    return formatValue(v);
}

/** Sprig's strslice: a list's items as strings, nil items dropped; a scalar as a one-item list. */
function strslice(v: unknown): string[] {
    if (Array.isArray(v)) return v.filter((e) => e !== null && e !== undefined).map(strval);
    if (v === null || v === undefined) return [];
    return [strval(v)];
}

/** spf13/cast ToInt64 (errors become 0). */
export function toInt64(v: unknown): number {
    if (typeof v === "number") return Number.isFinite(v) ? Math.trunc(v) : 0;
    if (typeof v === "boolean") return v ? 1 : 0;
    if (typeof v === "string") {
        let s = v;
        if (/^[+-]?\d+\.0*$/.test(s)) s = s.replace(/\.0*$/, "");
        const m = /^([+-]?)(0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|0[0-7_]*|[1-9][0-9_]*)$/.exec(s);
        if (!m) return 0;
        const sign = m[1] === "-" ? -1 : 1;
        const body = m[2].replace(/_/g, "");
        let n: number;
        if (/^0[xX]/.test(body)) n = parseInt(body.slice(2), 16);
        else if (/^0[bB]/.test(body)) n = parseInt(body.slice(2), 2);
        else if (/^0[oO]/.test(body)) n = parseInt(body.slice(2), 8);
        else if (/^0[0-7]+$/.test(body)) n = parseInt(body, 8);
        else n = parseInt(body, 10);
        return sign * n;
    }
    return 0;
}

/** spf13/cast ToFloat64 (errors become 0). */
export function toFloat64(v: unknown): number {
    if (typeof v === "number") return v;
    if (typeof v === "boolean") return v ? 1 : 0;
    if (typeof v === "string") {
        const s = v.trim() === v ? v : "";
        if (/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s) || /^[+-]?(Inf|inf|NaN)$/.test(s)) {
            return s.endsWith("Inf") || s.endsWith("inf") ? (s.startsWith("-") ? -Infinity : Infinity) : Number(s);
        }
        return 0;
    }
    return 0;
}

/** Sprig's empty: nil, zero numbers, false, "" and empty lists or maps. */
export function isEmpty(v: unknown): boolean {
    if (v === null || v === undefined) return true;
    if (typeof v === "string") return v.length === 0;
    if (typeof v === "number") return v === 0;
    if (typeof v === "boolean") return !v;
    if (Array.isArray(v)) return v.length === 0;
    if (isMap(v)) return Object.keys(v).length === 0;
    return false;
}

/** A deep copy (maps and lists); refuses a value past the value limits first. */
function deepCopy(v: unknown): unknown {
    checkValue(v);
    return copyTree(v);
}

function copyTree(v: unknown): unknown {
    if (Array.isArray(v)) return v.map(copyTree);
    if (isMap(v)) return mapOf(Object.keys(v).map((k) => [k, copyTree(v[k])]));
    return v;
}

/** mergo.Merge: fills dst's missing (or empty) keys from src, recursing into maps. */
function merge(dst: Record<string, unknown>, srcs: unknown[], overwrite: boolean): Record<string, unknown> {
    for (const src of srcs) {
        if (!isMap(src)) continue;
        checkValue(src);
        mergeInto(dst, src, overwrite);
    }
    return dst;
}

function mergeInto(dst: Record<string, unknown>, src: Record<string, unknown>, overwrite: boolean): void {
    // dst may hold itself: each level goes one deeper into src, which checkValue bounded
    for (const k of Object.keys(src)) {
        const sv = src[k];
        const has = hasOwn(dst, k);
        const dv = has ? dst[k] : undefined;
        if (isMap(dv) && isMap(sv)) mergeInto(dv, sv, overwrite);
        else if (!has || isEmpty(dv)) setOwn(dst, k, copyTree(sv));
        else if (overwrite && !isEmpty(sv)) setOwn(dst, k, copyTree(sv));
    }
}

function deepEqual(a: unknown, b: unknown): boolean {
    checkValue(a);
    checkValue(b);
    return equalTrees(a, b);
}

function equalTrees(a: unknown, b: unknown): boolean {
    if (a === b) return true;
    if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((e, i) => equalTrees(e, b[i]));
    if (isMap(a) && isMap(b)) {
        const ka = Object.keys(a);
        return ka.length === Object.keys(b).length && ka.every((k) => hasOwn(b, k) && equalTrees(a[k], b[k]));
    }
    return false;
}

function asList(v: unknown, name: string): unknown[] {
    if (Array.isArray(v)) return v;
    if (v === null || v === undefined) fail(`Cannot find ${name} on type <nil>`);
    // Sprig names the reflect.Kind ("map", "int"), not the type
    return fail(`Cannot find ${name} on type ${kindOf(v)}`);
}

/** Compiles a Go (RE2) regular expression. */
export function compileRegex(pattern: string): RE2JS {
    try {
        return RE2JS.compile(pattern);
    } catch (e) {
        return fail(`error parsing regexp: ${e instanceof Error ? e.message : String(e)}: \`${pattern}\``);
    }
}

/** A match: where it starts and ends, and its groups (read only when asked for: building them costs more than the search). */
interface Match {
    start: number;
    end: number;
    groups(): (string | null)[];
    named: Record<string, number>;
}

/**
 * Charges a search of `s` before it runs: RE2's work is linear in the input times the program,
 * a step per 64 instruction-characters (a pattern of 3 instructions on an 8 MiB string: 400,000).
 */
function chargeSearch(re: RE2JS, s: string): void {
    chargeWork((s.length * Math.max(1, re.programSize())) / 64);
}

/** Whether `re` matches anywhere in `s` (charged as a search). */
export function regexTest(re: RE2JS, s: string): boolean {
    chargeSearch(re, s);
    return timed(() => re.matcher(s).find());
}

/** The CPU time this process has used, in milliseconds (less sensitive to a busy machine than wall time). */
function cpuMilliseconds(): number {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
}

/** Runs `f`, adding the CPU time it takes to the regular-expression budget of the running template. */
function timed<T>(f: () => T): T {
    const budget = regexBudget();
    if (budget === undefined) return f();
    const started = cpuMilliseconds();
    try {
        return f();
    } finally {
        budget.spendRegexTime(cpuMilliseconds() - started);
    }
}

/**
 * Go's allMatches: each leftmost-first match in turn (an empty match right after the previous one
 * skipped), at most `limit` (-1: all), given to `visit`; `visit` returns false to stop. Each match
 * is charged (16 steps, its groups when read) and the CPU time searches take goes to the
 * regular-expression budget as they go: a search can scan far past its match, so the total is
 * quadratic for some patterns, in Go as here, and only time can bound that.
 */
function eachMatch(re: RE2JS, s: string, limit: number, visit: (m: Match) => boolean | void): void {
    chargeSearch(re, s);
    const budget = regexBudget();
    const m = re.matcher(s);
    const named = re.namedGroups();
    const groupCount = m.groupCount();
    let pos = 0;
    let lastEnd = -1;
    let found = 0;
    let searches = 0;
    let clock = budget !== undefined ? cpuMilliseconds() : 0;
    // the CPU time of the searches so far, read every 64 searches (a read costs about a microsecond)
    const tally = () => {
        if (budget === undefined) return;
        const now = cpuMilliseconds();
        budget.spendRegexTime(now - clock);
        clock = now;
    };
    while (pos <= s.length && (limit < 0 || found < limit)) {
        const hit = m.find(pos);
        if ((++searches & 63) === 0) tally();
        if (!hit) break;
        const start = m.start();
        const end = m.end();
        if (!(end === start && start === lastEnd)) {
            found++;
            // a match costs about as much as 16 steps of the executor (re2js's search and bookkeeping)
            chargeWork(16);
            const groups = () => {
                chargeWork(groupCount + 1);
                const out: (string | null)[] = [];
                for (let g = 0; g <= groupCount; g++) out.push(m.group(g));
                return out;
            };
            if (visit({ start, end, groups, named }) === false) break;
        }
        lastEnd = end;
        pos = end > start ? end : start + (s.codePointAt(start)! > 0xffff ? 2 : 1);
    }
    tally();
}

/** The texts `re` matches in `s` (at most `limit`, -1: all), refused past the list limit as they are found. */
function matchedTexts(re: RE2JS, s: string, limit = -1): string[] {
    const out: string[] = [];
    eachMatch(re, s, limit, (m) => {
        out.push(s.slice(m.start, m.end));
        checkListLength(out.length, "the list of matches");
    });
    return out;
}

/** Go's Regexp.Expand template: `$1`, `${1}`, `$name`, `${name}`, `$$`. */
function expand(template: string, m: Match): string {
    if (!template.includes("$")) return template;
    let groups: (string | null)[] | undefined;
    return template.replace(/\$(\$|\{([A-Za-z0-9_]+)\}|([A-Za-z0-9_]+))/g, (_all, d, braced, bare) => {
        if (d === "$") return "$";
        const name = (braced ?? bare) as string;
        groups ??= m.groups();
        if (/^\d+$/.test(name)) return groups[Number(name)] ?? "";
        const idx = m.named[name];
        return idx === undefined ? "" : (groups[idx] ?? "");
    });
}

/** Go's ReplaceAllString / ReplaceAllLiteralString (the result refused past the string limit as it grows). */
export function regexReplace(re: RE2JS, s: string, repl: string, literal: boolean): string {
    const parts: string[] = [];
    let length = 0;
    let last = 0;
    eachMatch(re, s, -1, (m) => {
        const piece = s.slice(last, m.start) + (literal ? repl : expand(repl, m));
        length += piece.length;
        checkStringLength(length + (s.length - m.end), "the replaced string");
        parts.push(piece);
        last = m.end;
    });
    parts.push(s.slice(last));
    return parts.join("");
}

/** Go's Regexp.Split, step by step: an empty match at 0 starts nothing, one at the end ends nothing. */
function regexSplit(re: RE2JS, s: string, n: number): string[] {
    if (n === 0) return [];
    if (re.pattern().length > 0 && s.length === 0) return [""];
    const out: string[] = [];
    let beg = 0;
    let end = 0;
    eachMatch(re, s, n, (m) => {
        if (n > 0 && out.length === n - 1) return false;
        end = m.start;
        if (m.end !== 0) {
            out.push(s.slice(beg, end));
            checkListLength(out.length + 1, "the list of pieces");
        }
        beg = m.end;
        return true;
    });
    if (end !== s.length) out.push(s.slice(beg));
    return out;
}

function words(s: string): string[] {
    return splitCapitalRuns(s.replace(/([a-z0-9])([A-Z])/g, "$1 $2"))
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
}

/**
 * A space before the last capital of a run of ASCII capitals that a lowercase letter follows
 * (`HTTPServer` to `HTTP Server`): what `s.replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")` does, in one
 * pass (the regular expression goes back over each run of capitals from every start: quadratic).
 */
function splitCapitalRuns(s: string): string {
    const isUpper = (c: number) => c >= 0x41 && c <= 0x5a;
    const isLower = (c: number) => c >= 0x61 && c <= 0x7a;
    let out = "";
    let from = 0;
    for (let i = 0; i < s.length;) {
        if (!isUpper(s.charCodeAt(i))) {
            i++;
            continue;
        }
        let j = i;
        while (j < s.length && isUpper(s.charCodeAt(j))) j++;
        if (j - i >= 2 && j < s.length && isLower(s.charCodeAt(j))) {
            out += s.slice(from, j - 1) + " ";
            from = j - 1;
        }
        i = j;
    }
    return out + s.slice(from);
}

/** Go's unicode.IsSpace as this port has always read it (JavaScript's \s, plus U+0085). */
const SPACE = /[\s\u0085\u00a0]/u;

/** `s` without leading and trailing spaces, in one pass (a regular expression `\s+$` is quadratic on inner runs). */
function trimSpace(s: string): string {
    let a = 0;
    let b = s.length;
    while (a < b && SPACE.test(s[a])) a++;
    while (b > a && SPACE.test(s[b - 1])) b--;
    return s.slice(a, b);
}

/** Go's encoding/json: sorted keys, HTML characters escaped unless `raw`. */
export function goJson(v: unknown, indent = "", raw = false): string {
    checkValue(v);
    const norm = (x: unknown): unknown => {
        if (x === undefined) return null;
        if (Array.isArray(x)) return x.map(norm);
        if (x instanceof Uint8Array) return Buffer.from(x).toString("base64");
        if (isMap(x)) {
            const o: Record<string, unknown> = {};
            for (const k of Object.keys(x).sort(compareGoStrings)) setOwn(o, k, norm(x[k]));
            return o;
        }
        if (typeof x === "number" && !Number.isFinite(x)) fail(`json: unsupported value: ${formatValue(x)}`);
        if (typeof x === "function") fail("json: unsupported type: func");
        return x;
    };
    let s = JSON.stringify(norm(v), null, indent) ?? "null";
    s = s.replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));
    if (!raw) s = s.replace(/[<>&]/g, (c) => "\\u00" + c.charCodeAt(0).toString(16));
    return s;
}

/** A YAML document as Helm's toYaml writes it (sorted keys, block style, no final newline). */
export function goYaml(v: unknown): string {
    checkValue(v);
    const sorted = (x: unknown): unknown => {
        if (Array.isArray(x)) return x.map(sorted);
        if (isMap(x))
            return Object.fromEntries(
                Object.keys(x)
                    .sort(compareGoStrings)
                    .map((k) => [k, sorted(x[k])]),
            );
        return x === undefined ? null : x;
    };
    return yaml().stringify(sorted(v), { indentSeq: false, lineWidth: 0 }).replace(/\n$/, "");
}

function until(start: number, stop: number, step: number): number[] {
    const out: number[] = [];
    if (step === 0) return out;
    checkListLength(Math.ceil((stop - start) / step), "the list");
    if (step > 0) for (let i = start; i < stop; i += step) out.push(i);
    else for (let i = start; i > stop; i += step) out.push(i);
    return out;
}

function uniq(list: unknown[]): unknown[] {
    // scalars by a set (linear), maps and lists by comparison with the kept ones
    const out: unknown[] = [];
    const seen = new Set<unknown>();
    const containers: unknown[] = [];
    for (const e of list) {
        if (typeof e === "object" && e !== null) {
            if (!containers.some((o) => deepEqual(o, e))) {
                containers.push(e);
                out.push(e);
            }
        } else if (!seen.has(e)) {
            seen.add(e);
            out.push(e);
        }
    }
    return out;
}

function randString(n: number, alphabet: string): string {
    checkStringLength(n);
    const bytes = randomBytes(Math.max(0, n));
    return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

function plain(f: (s: string) => string): GoFunc {
    return fn("s", f);
}

function guard<T>(must: boolean, f: () => T, fallback: T): T {
    if (must) return f();
    try {
        return f();
    } catch (e) {
        // a limit is never a quiet fallback
        if (e instanceof TemplateLimitExceeded) throw e;
        return fallback;
    }
}

/** `s` indented by `n` spaces after each newline (Sprig's indent and nindent). */
function indentText(n: number, s: string, lead: string): string {
    const pad = Math.max(0, n);
    let lines = 1;
    for (let i = s.indexOf("\n"); i >= 0; i = s.indexOf("\n", i + 1)) lines++;
    checkStringLength(lead.length + s.length + pad * lines);
    const spaces = " ".repeat(pad);
    return lead + spaces + s.split("\n").join("\n" + spaces);
}

/** fromJson: the parsed value, refusing nesting past the value limit before parsing. */
function parseJson(s: string): unknown {
    checkJsonDepth(s);
    return JSON.parse(s);
}

/** Functions Sprig defines that this port refuses by name. */
export const SPRIG_UNSUPPORTED = [
    "now",
    "date",
    "dateInZone",
    "date_in_zone",
    "dateModify",
    "date_modify",
    "mustDateModify",
    "ago",
    "duration",
    "durationRound",
    "toDate",
    "mustToDate",
    "unixEpoch",
    "htmlDate",
    "htmlDateInZone",
    "semver",
    "semverCompare",
    "genPrivateKey",
    "derivePassword",
    "buildCustomCert",
    "genCA",
    "genCAWithKey",
    "genSelfSignedCert",
    "genSelfSignedCertWithKey",
    "genSignedCert",
    "genSignedCertWithKey",
    "encryptAES",
    "decryptAES",
    "htpasswd",
    "getHostByName",
    "bcrypt",
];

/** The Sprig function map (text variant). */
export function sprigFunctions(): FuncMap {
    const regexFns = (must: boolean): FuncMap => ({
        [must ? "mustRegexMatch" : "regexMatch"]: fn("ss", (r, s) =>
            guard(must, () => regexTest(compileRegex(r), s), false),
        ),
        [must ? "mustRegexFind" : "regexFind"]: fn("ss", (r, s) =>
            guard(must, () => matchedTexts(compileRegex(r), s, 1)[0] ?? "", ""),
        ),
        [must ? "mustRegexFindAll" : "regexFindAll"]: fn("ssn", (r, s, n) =>
            guard(must, () => matchedTexts(compileRegex(r), s, n), [] as unknown[]),
        ),
        [must ? "mustRegexReplaceAll" : "regexReplaceAll"]: fn("sss", (r, s, repl) =>
            guard(must, () => regexReplace(compileRegex(r), s, repl, false), ""),
        ),
        [must ? "mustRegexReplaceAllLiteral" : "regexReplaceAllLiteral"]: fn("sss", (r, s, repl) =>
            guard(must, () => regexReplace(compileRegex(r), s, repl, true), ""),
        ),
        [must ? "mustRegexSplit" : "regexSplit"]: fn("ssn", (r, s, n) =>
            guard(must, () => regexSplit(compileRegex(r), s, n), [] as unknown[]),
        ),
    });
    const listFns = (must: boolean): FuncMap => {
        const p = (name: string) => (must ? "must" + name[0].toUpperCase() + name.slice(1) : name);
        return {
            [p("first")]: fn("i", (l) => {
                const a = asList(l, "first");
                return a.length ? a[0] : null;
            }),
            [p("last")]: fn("i", (l) => {
                const a = asList(l, "last");
                return a.length ? a[a.length - 1] : null;
            }),
            [p("rest")]: fn("i", (l) => asList(l, "rest").slice(1)),
            [p("initial")]: fn("i", (l) => asList(l, "initial").slice(0, -1)),
            [p("append")]: fn("ii", (l, v) => [...(l === null ? [] : asList(l, "append")), v]),
            [p("push")]: fn("ii", (l, v) => [...(l === null ? [] : asList(l, "push")), v]),
            [p("prepend")]: fn("ii", (l, v) => [v, ...(l === null ? [] : asList(l, "prepend"))]),
            [p("reverse")]: fn("i", (l) => [...asList(l, "reverse")].reverse()),
            [p("uniq")]: fn("i", (l) => uniq(asList(l, "uniq"))),
            [p("compact")]: fn("i", (l) => asList(l, "compact").filter((e) => !isEmpty(e))),
            [p("without")]: fn("ii*", (l, ...omit) =>
                asList(l, "without").filter((e) => !omit.some((o) => deepEqual(o, e))),
            ),
            [p("has")]: fn("ii", (needle, l) =>
                l === null ? false : asList(l, "has").some((e) => deepEqual(e, needle)),
            ),
            [p("slice")]: fn("ii*", (l, ...idx) => {
                const a = asList(l, "slice");
                const s = idx.length > 0 ? toInt64(idx[0]) : 0;
                const e = idx.length > 1 ? toInt64(idx[1]) : a.length;
                if (s < 0 || e > a.length || s > e) fail(`slice bounds out of range [${s}:${e}]`);
                return a.slice(s, e);
            }),
            [p("chunk")]: fn("ni", (size, l) => {
                const a = asList(l, "chunk");
                const out: unknown[][] = [];
                if (size < 1) fail(`chunk size must be at least 1, got ${size}`);
                for (let i = 0; i < a.length; i += size) out.push(a.slice(i, i + size));
                return out;
            }),
        };
    };
    const sum = (nums: unknown[]) => nums.reduce<number>((a, b) => a + toInt64(b), 0);
    return {
        // strings
        hello: fn("", () => "Hello!"),
        upper: plain(upper),
        lower: plain(lower),
        title: plain(title),
        untitle: plain((s) => s.replace(/(^|[^\p{L}\p{N}_])(\p{L})/gu, (_a, p, c) => p + c.toLowerCase())),
        swapcase: plain((s) => [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("")),
        substr: fn("nns", (start, end, s) => {
            const c = [...s];
            if (start < 0) return c.slice(0, end).join("");
            if (end < 0 || end > c.length) return c.slice(start).join("");
            return c.slice(start, end).join("");
        }),
        trunc: fn("ns", (n, s) => {
            const c = [...s];
            if (n < 0 && c.length + n > 0) return c.slice(c.length + n).join("");
            if (n >= 0 && c.length > n) return c.slice(0, n).join("");
            return s;
        }),
        abbrev: fn("ns", (w, s) => (w < 4 || [...s].length <= w ? s : [...s].slice(0, w - 3).join("") + "...")),
        trim: plain(trimSpace),
        trimAll: fn("ss", (cut, s) => trimCutset(s, cut)),
        trimall: fn("ss", (cut, s) => trimCutset(s, cut)),
        trimPrefix: fn("ss", (p, s) => (s.startsWith(p) ? s.slice(p.length) : s)),
        trimSuffix: fn("ss", (p, s) => (p && s.endsWith(p) ? s.slice(0, s.length - p.length) : s)),
        nospace: plain((s) => s.replace(/[\s\u0085\u00a0]/gu, "")),
        initials: plain((s) =>
            s
                .split(/\s+/)
                .filter(Boolean)
                .map((w) => [...w][0])
                .join(""),
        ),
        contains: fn("ss", (sub, s) => s.includes(sub)),
        hasPrefix: fn("ss", (p, s) => s.startsWith(p)),
        hasSuffix: fn("ss", (p, s) => s.endsWith(p)),
        quote: fn("i*", (...a) =>
            a
                .filter((x) => x !== null)
                .map((x) => quoteGo(strval(x)))
                .join(" "),
        ),
        squote: fn("i*", (...a) =>
            a
                .filter((x) => x !== null)
                .map((x) => `'${strval(x)}'`)
                .join(" "),
        ),
        cat: fn("i*", (...a) =>
            a
                .filter((x) => x !== null)
                .map((x) => formatValue(x))
                .join(" "),
        ),
        indent: fn("ns", (n, s) => indentText(n, s, "")),
        nindent: fn("ns", (n, s) => indentText(n, s, "\n")),
        replace: fn("sss", (o, n, s) => replaceAllGo(s, o, n)),
        plural: fn("ssn", (one, many, n) => (n === 1 ? one : many)),
        repeat: fn("ns", (n, s) => {
            if (n < 0) fail("strings: negative Repeat count");
            checkStringLength(n * s.length);
            return s.repeat(n);
        }),
        snakecase: plain((s) =>
            words(s)
                .map((w) => w.toLowerCase())
                .join("_"),
        ),
        kebabcase: plain((s) =>
            words(s)
                .map((w) => w.toLowerCase())
                .join("-"),
        ),
        camelcase: plain((s) =>
            s
                .split(/[_\s-]+/)
                .filter(Boolean)
                .map((w) => w[0].toUpperCase() + w.slice(1))
                .join(""),
        ),
        wrap: fn("ns", (n, s) => wrapText(s, n, "\n")),
        wrapWith: fn("nss", (n, sep, s) => wrapText(s, n, sep)),
        shuffle: plain((s) => [...s].sort(() => (randomBytes(1)[0] < 128 ? -1 : 1)).join("")),
        randAlphaNum: fn("n", (n) => randString(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")),
        randAlpha: fn("n", (n) => randString(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")),
        randNumeric: fn("n", (n) => randString(n, "0123456789")),
        randAscii: fn("n", (n) =>
            randString(n, Array.from({ length: 94 }, (_x, i) => String.fromCharCode(33 + i)).join("")),
        ),
        randBytes: fn("n", (n) => {
            checkStringLength((n * 4) / 3);
            return randomBytes(n).toString("base64");
        }),
        uuidv4: fn("", () => randomUUID()),
        toString: fn("i", strval),
        toStrings: fn("i", (l) => strslice(l)),
        split: fn("ss", (sep, s) => Object.fromEntries(splitGo(s, sep).map((p, i) => [`_${i}`, p]))),
        splitList: fn("ss", (sep, s) => splitGo(s, sep)),
        splitn: fn("sns", (sep, n, s) => Object.fromEntries(splitGo(s, sep, n).map((p, i) => [`_${i}`, p]))),
        join: fn("si", (sep, l) => strslice(l).join(sep)),
        sortAlpha: fn("i", (l) => strslice(l).sort(compareGoStrings)),
        // JSON of an unknown value is unknown JSON text: `json` as Go's json.Marshal writes it, `json-raw` without HTML escapes
        toJson: unknownThrough(
            "json",
            fn("i", (v) => guard(false, () => goJson(v), "")),
        ),
        mustToJson: unknownThrough(
            "json",
            fn("i", (v) => goJson(v)),
        ),
        toPrettyJson: fn("i", (v) => guard(false, () => goJson(v, "  "), "")),
        mustToPrettyJson: fn("i", (v) => goJson(v, "  ")),
        toRawJson: unknownThrough(
            "json-raw",
            fn("i", (v) => guard(false, () => goJson(v, "", true), "")),
        ),
        mustToRawJson: unknownThrough(
            "json-raw",
            fn("i", (v) => goJson(v, "", true)),
        ),
        fromJson: fn("s", (s) => guard(false, () => parseJson(s), null)),
        mustFromJson: fn("s", (s) => {
            try {
                return parseJson(s);
            } catch (e) {
                if (e instanceof TemplateLimitExceeded) throw e;
                return fail(e instanceof Error ? e.message : String(e));
            }
        }),
        // encoding and hashes
        b64enc: plain((s) => Buffer.from(s, "utf8").toString("base64")),
        b64dec: plain((s) =>
            /^[A-Za-z0-9+/]*={0,2}$/.test(s) && s.length % 4 === 0
                ? Buffer.from(s, "base64").toString("utf8")
                : "illegal base64 data at input byte " + Math.max(0, s.search(/[^A-Za-z0-9+/=]|=[^=]/)),
        ),
        b32enc: plain((s) => base32(Buffer.from(s, "utf8"))),
        sha256sum: plain((s) => createHash("sha256").update(s, "utf8").digest("hex")),
        sha1sum: plain((s) => createHash("sha1").update(s, "utf8").digest("hex")),
        sha512sum: plain((s) => createHash("sha512").update(s, "utf8").digest("hex")),
        adler32sum: plain((s) => String(adler32(Buffer.from(s, "utf8")))),
        // regular expressions
        ...regexFns(false),
        ...regexFns(true),
        regexQuoteMeta: plain((s) => s.replace(/[\\.+*?()|[\]{}^$]/g, "\\$&")),
        // defaults and flow
        default: fn("ii*", (d, ...given) => (given.length === 0 || isEmpty(given[0]) ? d : given[0])),
        empty: fn("i", isEmpty),
        coalesce: fn("i*", (...a) => a.find((x) => !isEmpty(x)) ?? null),
        all: fn("i*", (...a) => a.every((x) => !isEmpty(x))),
        any: fn("i*", (...a) => a.some((x) => !isEmpty(x))),
        ternary: fn("iib", (t, f, c) => (c ? t : f)),
        fail: fn("s", (msg) => fail(msg)),
        // environment and paths
        env: plain((s) => processEnv(s)),
        expandenv: plain((s) =>
            s.replace(/\$(\{([^}]*)\}|[A-Za-z0-9_]+)/g, (_a, x, braced) => processEnv(braced ?? x)),
        ),
        base: plain((s) => path.posix.basename(s) || (s.startsWith("/") ? "/" : ".")),
        dir: plain((s) => path.posix.dirname(s)),
        clean: plain((s) => (s === "" ? "." : path.posix.normalize(s).replace(/(.)\/$/, "$1"))),
        ext: plain((s) => path.posix.extname(s)),
        isAbs: plain((s) => path.posix.isAbsolute(s) as unknown as string),
        osBase: plain((s) => path.basename(s)),
        osDir: plain((s) => path.dirname(s)),
        osClean: plain((s) => path.normalize(s)),
        osExt: plain((s) => path.extname(s)),
        osIsAbs: plain((s) => path.isAbsolute(s) as unknown as string),
        // numbers
        atoi: plain((s) => (/^[+-]?\d+$/.test(s) ? parseInt(s, 10) : 0) as unknown as string),
        int: fn("i", toInt64),
        int64: fn("i", toInt64),
        float64: fn("i", toFloat64),
        toDecimal: fn("i", (v) => {
            const s = strval(v);
            return /^[0-7]+$/.test(s) ? parseInt(s, 8) : 0;
        }),
        add1: fn("i", (a) => toInt64(a) + 1),
        add: fn("i*", (...a) => sum(a)),
        sub: fn("ii", (a, b) => toInt64(a) - toInt64(b)),
        mul: fn("ii*", (a, ...r) => r.reduce<number>((x, y) => x * toInt64(y), toInt64(a))),
        div: fn("ii", (a, b) => {
            const d = toInt64(b);
            if (d === 0) fail("runtime error: integer divide by zero");
            return Math.trunc(toInt64(a) / d);
        }),
        mod: fn("ii", (a, b) => {
            const d = toInt64(b);
            if (d === 0) fail("runtime error: integer divide by zero");
            return toInt64(a) % d;
        }),
        max: fn("ii*", (a, ...r) => Math.max(toInt64(a), ...r.map(toInt64))),
        min: fn("ii*", (a, ...r) => Math.min(toInt64(a), ...r.map(toInt64))),
        addf: fn("i*", (...a) => a.reduce<number>((x, y) => x + toFloat64(y), 0)),
        add1f: fn("i", (a) => toFloat64(a) + 1),
        subf: fn("ii*", (a, ...r) => r.reduce<number>((x, y) => x - toFloat64(y), toFloat64(a))),
        mulf: fn("ii*", (a, ...r) => r.reduce<number>((x, y) => x * toFloat64(y), toFloat64(a))),
        divf: fn("ii*", (a, ...r) => r.reduce<number>((x, y) => x / toFloat64(y), toFloat64(a))),
        maxf: fn("ii*", (a, ...r) => Math.max(toFloat64(a), ...r.map(toFloat64))),
        minf: fn("ii*", (a, ...r) => Math.min(toFloat64(a), ...r.map(toFloat64))),
        floor: fn("i", (a) => Math.floor(toFloat64(a))),
        ceil: fn("i", (a) => Math.ceil(toFloat64(a))),
        round: fn("ii*", (a, p, ...r) => {
            const places = toInt64(p);
            const half = r.length ? toFloat64(r[0]) : 0.5;
            const pow = Math.pow(10, places);
            const digit = toFloat64(a) * pow;
            const [, frac] = [Math.trunc(digit), digit - Math.trunc(digit)];
            return (frac >= half ? Math.ceil(digit) : Math.floor(digit)) / pow;
        }),
        until: fn("n", (n) => until(0, n, n >= 0 ? 1 : -1)),
        untilStep: fn("nnn", (a, b, s) => until(a, b, s)),
        seq: fn("i*", (...a) => seq(a.map(toInt64))),
        randInt: fn(
            "ii",
            (lo, hi) => toInt64(lo) + (randomBytes(4).readUInt32BE() % Math.max(1, toInt64(hi) - toInt64(lo))),
        ),
        // lists
        list: fn("i*", (...a) => a),
        tuple: fn("i*", (...a) => a),
        concat: fn("i*", (...ls) => ls.flatMap((l) => (l === null ? [] : asList(l, "concat")))),
        ...listFns(false),
        ...listFns(true),
        // dictionaries
        dict: fn("i*", (...kv) => dictOf(kv)),
        get: fn("ms", (d, k) => (d && hasOwn(d, k) ? d[k] : "")),
        set: fn("msi", (d, k, v) => {
            if (!d) fail("assignment to entry in nil map");
            setOwn(d, k, v);
            return d;
        }),
        unset: fn("ms", (d, k) => {
            if (d && hasOwn(d, k)) delete d[k];
            return d;
        }),
        hasKey: fn("ms", (d, k) => !!d && hasOwn(d, k)),
        keys: fn("m*", (...ds) => ds.flatMap((d) => (d ? Object.keys(d).sort(compareGoStrings) : []))),
        values: fn("m", (d) =>
            d
                ? Object.keys(d)
                      .sort(compareGoStrings)
                      .map((k) => d[k])
                : [],
        ),
        pluck: fn("sm*", (k, ...ds) => ds.filter((d) => d && hasOwn(d, k)).map((d) => d[k])),
        pick: fn("ms*", (d, ...ks) => mapOf(ks.filter((k) => d && hasOwn(d, k)).map((k) => [k, d[k]]))),
        omit: fn("ms*", (d, ...ks) =>
            mapOf(
                Object.keys(d ?? {})
                    .filter((k) => !ks.includes(k))
                    .map((k) => [k, d[k]]),
            ),
        ),
        dig: fn("i*", (...a) => {
            if (a.length < 3) fail(`dig needs at least three arguments`);
            const d = a[a.length - 1];
            const def = a[a.length - 2];
            let cur: unknown = d;
            for (const k of a.slice(0, -2)) {
                if (!isMap(cur) || !hasOwn(cur, strval(k))) return def;
                cur = getOwn(cur, strval(k));
            }
            return cur;
        }),
        merge: fn("mm*", (dst, ...srcs) => merge(dst ?? {}, srcs, false)),
        mustMerge: fn("mm*", (dst, ...srcs) => merge(dst ?? {}, srcs, false)),
        mergeOverwrite: fn("mm*", (dst, ...srcs) => merge(dst ?? {}, srcs, true)),
        mustMergeOverwrite: fn("mm*", (dst, ...srcs) => merge(dst ?? {}, srcs, true)),
        deepCopy: fn("i", deepCopy),
        mustDeepCopy: fn("i", (v) => (v === null ? fail("must copy nil") : deepCopy(v))),
        // reflection
        typeOf: fn("i", goTypeName),
        kindOf: fn("i", kindOf),
        typeIs: fn("si", (t, v) => goTypeName(v) === t),
        typeIsLike: fn("si", (t, v) => goTypeName(v) === t || "*" + goTypeName(v) === t),
        kindIs: fn("si", (k, v) => kindOf(v) === k),
        deepEqual: fn("ii", deepEqual),
        // urls
        urlParse: plain((s) => {
            const u = new URL(s);
            return {
                scheme: u.protocol.replace(/:$/, ""),
                host: u.host,
                hostname: u.hostname,
                path: u.pathname,
                query: u.search.replace(/^\?/, ""),
                opaque: "",
                fragment: u.hash.replace(/^#/, ""),
                userinfo: u.username ? u.username + (u.password ? ":" + u.password : "") : "",
            } as unknown as string;
        }),
        // Helm's additions, common in Atmos repositories copied from charts
        toYaml: fn("i", (v) => guard(false, () => goYaml(v), "")),
        required: fn("si", (msg, v) => (v === null || v === "" ? fail(msg) : v)),
    };
}

function kindOf(v: unknown): string {
    if (v === null || v === undefined) return "invalid";
    if (typeof v === "string") return "string";
    if (typeof v === "boolean") return "bool";
    if (typeof v === "number") return Number.isInteger(v) ? "int" : "float64";
    if (Array.isArray(v)) return "slice";
    if (typeof v === "function") return "func";
    return "map";
}

/** Go's strings.ReplaceAll: an empty `old` matches before every character and at the end. */
export function replaceAllGo(s: string, old: string, replacement: string): string {
    if (old === "") {
        const chars = [...s];
        // the result's length is known before it is built
        checkStringLength(s.length + (chars.length + (s === "" ? 0 : 1)) * replacement.length, "the replaced string");
        return replacement + chars.join(replacement) + (s === "" ? "" : replacement);
    }
    const parts = s.split(old);
    checkStringLength(s.length + (parts.length - 1) * (replacement.length - old.length), "the replaced string");
    return parts.join(replacement);
}

/** Go's strings.Trim: `s` without the leading and trailing characters of `cut`. */
export function trimCutset(s: string, cut: string): string {
    const set = new Set([...cut]);
    const c = [...s];
    let a = 0;
    let b = c.length;
    while (a < b && set.has(c[a])) a++;
    while (b > a && set.has(c[b - 1])) b--;
    return c.slice(a, b).join("");
}

/** Go's strings.Split / SplitN (an empty separator splits into characters). */
export function splitGo(s: string, sep: string, n = -1): string[] {
    if (n === 0) return [];
    if (sep === "") {
        const chars = [...s];
        if (n > 0 && chars.length > n) return [...chars.slice(0, n - 1), chars.slice(n - 1).join("")];
        return chars;
    }
    const parts = s.split(sep);
    if (n > 0 && parts.length > n) return [...parts.slice(0, n - 1), parts.slice(n - 1).join(sep)];
    return parts;
}

function wrapText(s: string, width: number, sep: string): string {
    const out: string[] = [];
    for (const line of s.split("\n")) {
        let cur = "";
        for (const w of line.split(" ")) {
            if (cur && cur.length + 1 + w.length > width) {
                out.push(cur);
                cur = w;
            } else cur = cur ? cur + " " + w : w;
        }
        out.push(cur);
    }
    return out.join(sep);
}

/** Sprig's dict: keys as strings, a missing last value "", later keys win; `__proto__` an ordinary key. */
export function dictOf(kv: unknown[]): Record<string, unknown> {
    const d: Record<string, unknown> = {};
    for (let i = 0; i < kv.length; i += 2) setOwn(d, strval(kv[i]), i + 1 < kv.length ? kv[i + 1] : "");
    return d;
}

function seq(a: number[]): string {
    let start = 1;
    let step = 1;
    let end: number;
    if (a.length === 1) end = a[0];
    else if (a.length === 2) [start, end] = a;
    else if (a.length === 3) [start, step, end] = a;
    else return "";
    if (a.length < 3 && end < start) step = -1;
    if (step !== 0) checkListLength(Math.floor((end - start) / step) + 1, "the sequence");
    const out: number[] = [];
    if (step > 0) for (let i = start; i <= end; i += step) out.push(i);
    else if (step < 0) for (let i = start; i >= end; i += step) out.push(i);
    return out.join(" ");
}

function base32(b: Buffer): string {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let bits = 0;
    let value = 0;
    let out = "";
    for (const byte of b) {
        value = (value << 8) | byte;
        bits += 8;
        while (bits >= 5) {
            out += alphabet[(value >>> (bits - 5)) & 31];
            bits -= 5;
        }
    }
    if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
    while (out.length % 8) out += "=";
    return out;
}

function adler32(b: Buffer): number {
    let a = 1;
    let s = 0;
    for (const byte of b) {
        a = (a + byte) % 65521;
        s = (s + a) % 65521;
    }
    return ((s << 16) | a) >>> 0;
}

export { isTrue };
