/**
 * Terraform `replace(str, substr, "")` as null-label 0.25.0 uses it with `regex_replace_chars`: RE2 when written
 * `/.../`, else a literal. Regexes are cached; a plain ASCII bracket expression runs on the native engine,
 * anything else on re2js within {@link REGEX_LIMITS} (a stack file sets the pattern).
 */
import { RE2JS } from "re2js";
import { CloudposseError } from "../util/errors";
import { isAscii, nfc } from "./strings";
import { hasUnknownToTerraform, withUnicode15 } from "./unicode15";

/** Removes every match of the pattern from a string. */
export type Remover = (s: string) => string;

/**
 * What removing a `/.../` pattern run by re2js may cost. re2js (like Go's RE2) is linear in the
 * input for one search, but a search costs up to the compiled program's size per character, the
 * program may be large (RE2 accepts about 1.4 million instructions, seconds to compile), and
 * removing every match runs one search per match, each of which may scan to the end of the string.
 */
export const REGEX_LIMITS = Object.freeze({
    /** Instructions the pattern may compile to, estimated from its text before compiling (RE2 allows 1,398,101). */
    maxProgramSize: 10_000,
    /**
     * Steps one label's removals may take together: each search is charged the program's size times
     * the characters it may scan (from where it starts to the end of the string).
     */
    maxSteps: 20_000_000,
});

/** A pattern or its use over the limits of {@link REGEX_LIMITS}; the caller names the field. */
export class RegexLimitError extends CloudposseError {
    readonly code = "REGEX_LIMIT";
    override readonly name = "RegexLimitError";
}

/** The steps the removals of one label have taken, against `REGEX_LIMITS.maxSteps`. */
export class RegexBudget {
    /** Steps taken so far. */
    steps = 0;

    /** Charges `n` steps; throws a {@link RegexLimitError} past the limit. */
    spend(n: number): void {
        this.steps += n;
        if (this.steps > REGEX_LIMITS.maxSteps) {
            throw new RegexLimitError(
                `removing it from the labels would take more than ${count(REGEX_LIMITS.maxSteps)} steps (limit maxSteps: the compiled pattern's size times the characters each search may scan)`,
            );
        }
    }
}

function count(n: number): string {
    return n.toLocaleString("en-US");
}

/** The default of `regex_replace_chars`. */
export const DEFAULT_REGEX_REPLACE_CHARS = "/[^-a-zA-Z0-9]/";

/** A bracket expression whose members have the same meaning in RE2 and JavaScript. */
const PORTABLE_CLASS = /^\[\^?[-A-Za-z0-9 .+*?(){}|$/,_:;=@#%&!~<>'"`]*\]$/;

/** A compiled pattern: removes its matches from `s`, charging `budget`. */
type Compiled = (s: string, budget: RegexBudget) => string;

const cache = new Map<string, Compiled>();

/** Thrown for a `/.../` pattern that RE2 refuses; the caller names the field. */
export class InvalidRegexError extends CloudposseError {
    readonly code = "BAD_REGEX";
}

/** Go's `\pC` (Cc, Cf, Co and Cs); re2js's also holds unassigned code points. */
const GO_C = "\\p{Cc}\\p{Cf}\\p{Co}\\p{Cs}";

/** Go's `\PC` inside brackets: every other category, and code points no category holds. */
const GO_NOT_C = "\\pL\\pM\\pN\\pP\\pS\\pZ\\p{Cn}";

/** Rewrites `\pC`, `\p{C}`, `\PC` and `\P{C}` to Go's meaning. */
function goOtherClass(source: string): string {
    if (!/\\[pP](C|\{C\})/.test(source)) return source;
    let out = "";
    let inClass = false;
    for (let i = 0; i < source.length; i++) {
        const ch = source[i];
        if (ch === "\\") {
            const m = /^\\([pP])(C|\{C\})/.exec(source.slice(i));
            if (m) {
                if (m[1] === "p") out += inClass ? GO_C : `[${GO_C}]`;
                else out += inClass ? GO_NOT_C : `[^${GO_C}]`;
                i += m[0].length - 1;
            } else {
                out += source.slice(i, i + 2);
                i++;
            }
            continue;
        }
        if (!inClass && ch === "[") {
            inClass = true;
            out += ch;
            // A leading ] (after an optional ^) is a literal member.
            if (source[i + 1] === "^") out += source[++i];
            if (source[i + 1] === "]") out += source[++i];
            continue;
        }
        if (inClass && ch === "[" && source[i + 1] === ":") {
            const end = source.indexOf(":]", i + 2);
            if (end > 0) {
                out += source.slice(i, end + 2);
                i = end + 1;
                continue;
            }
        }
        if (inClass && ch === "]") inClass = false;
        out += ch;
    }
    return out;
}

/** Unicode class names re2js accepts but Terraform's Go regexp (Unicode 15.0) refuses. */
const UNKNOWN_CLASS =
    /\\[pP]\{\^?(Cn|LC|Beria_Erfe|Garay|Gurung_Khema|Kirat_Rai|Ol_Onal|Sidetic|Sunuwar|Tai_Yo|Todhri|Tolong_Siki|Tulu_Tigalari)\}/;

function compile(pattern: string): Compiled {
    if (pattern.length > 1 && pattern.startsWith("/") && pattern.endsWith("/")) {
        const source = pattern.slice(1, -1);
        const estimate = estimateProgramSize(source);
        if (estimate > REGEX_LIMITS.maxProgramSize) {
            throw new RegexLimitError(
                `the pattern would compile to about ${count(estimate)} instructions, more than ${count(REGEX_LIMITS.maxProgramSize)} (limit maxProgramSize)`,
            );
        }
        let re2: RE2JS;
        try {
            RE2JS.compile(source);
            const unknown = UNKNOWN_CLASS.exec(source);
            if (unknown) throw new Error(`error parsing regexp: invalid character class range: \`${unknown[0]}\``);
            re2 = RE2JS.compile(goOtherClass(source));
        } catch (e) {
            throw new InvalidRegexError((e as Error).message);
        }
        if (source === "") return (s) => s;
        if (PORTABLE_CLASS.test(source) && !/^\[\^?\]/.test(source)) {
            let native: RegExp | undefined;
            try {
                native = new RegExp(source, "g");
            } catch {
                native = undefined;
            }
            if (native) {
                const re = native;
                return (s) => (s === "" ? s : s.replace(re, ""));
            }
        }
        const size = re2.programSize();
        // Matcher.replaceAll's loop (one search after another, the text between matches kept), each
        // search charged before it runs.
        const run = (s: string, budget: RegexBudget) => {
            const matcher = re2.matcher(s);
            let out = "";
            let kept = 0;
            budget.spend(size * (s.length + 1));
            while (matcher.find()) {
                out += s.slice(kept, matcher.start());
                kept = matcher.end();
                budget.spend(size * (s.length - kept + 1));
            }
            return out + s.slice(kept);
        };
        // A regex that names a post-15.0 character literally sees it as is; otherwise such characters
        // are hidden from re2js's newer Unicode classes, as Terraform's tables do not know them.
        if (hasUnknownToTerraform(source)) return (s, budget) => (s === "" ? s : run(s, budget));
        return (s, budget) => (s === "" ? s : withUnicode15(s, (t) => run(t, budget)));
    }
    if (pattern === "") return (s) => s;
    return (s) => (s.includes(pattern) ? s.split(pattern).join("") : s);
}

/**
 * An upper estimate of the instructions RE2 compiles `source` to, from its text alone: an atom (a
 * character, a class, an escape) is 1, an operator or a group adds 2, `{n,m}` copies what it
 * repeats and an operator m times (n + 1 for `{n,}`), nested repeats multiply. Lets the caller
 * refuse a program too large before compiling it.
 */
export function estimateProgramSize(source: string): number {
    let i = 0;
    const alternation = (): number => {
        let size = concatenation();
        while (source[i] === "|") {
            i++;
            size += concatenation() + 1;
        }
        return size;
    };
    const concatenation = (): number => {
        let size = 0;
        while (i < source.length && source[i] !== "|" && source[i] !== ")") size += repetition();
        return Math.max(size, 1); // an empty one compiles to a no-op instruction
    };
    const repetition = (): number => {
        let size = atom();
        for (;;) {
            const c = source[i];
            if (c === "*" || c === "+" || c === "?") {
                i++;
                size += 2;
            } else if (c === "{") {
                const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i, i + 24));
                if (m === null) break;
                i += m[0].length;
                const times = m[2] === undefined ? Number(m[1]) : m[3] === "" ? Number(m[1]) + 1 : Number(m[3]);
                size = (size + 2) * Math.max(1, times) + 2;
            } else break;
            if (source[i] === "?") i++; // non-greedy
        }
        return size;
    };
    const atom = (): number => {
        const c = source[i++];
        if (c === "(") {
            const size = alternation();
            if (source[i] === ")") i++;
            return size + 2;
        }
        if (c === "[") {
            // a class: one instruction, whatever it holds (`[]a]` and `[^]a]` hold `]`, `[[:alpha:]]` a name)
            if (source[i] === "^") i++;
            if (source[i] === "]") i++;
            while (i < source.length && source[i] !== "]") {
                if (source[i] === "\\") i++;
                else if (source[i] === "[" && source[i + 1] === ":") {
                    const end = source.indexOf(":]", i + 2);
                    if (end > 0) i = end + 1;
                }
                i++;
            }
            i++;
            return 1;
        }
        if (c === "\\") {
            const e = source[i++];
            if (e === "Q") {
                // a literal run up to \E: a character each
                const end = source.indexOf("\\E", i);
                const stop = end < 0 ? source.length : end;
                const size = stop - i;
                i = end < 0 ? stop : stop + 2;
                return size;
            }
            if ((e === "p" || e === "P" || e === "x") && source[i] === "{") {
                const end = source.indexOf("}", i);
                i = end < 0 ? source.length : end + 1;
            } else if (e === "p" || e === "P") i++;
            else if (e === "x") i += 2;
            return 1;
        }
        return 1;
    };
    let size = 0;
    while (i < source.length) {
        size += alternation();
        if (source[i] === ")") i++; // unbalanced: RE2 refuses it; keep counting
    }
    return size + 2;
}

/**
 * The cached remover for `pattern` (a Terraform regex `/.../` or a literal substring). Its result
 * is NFC-normalised, as cty normalises every string it builds (removing a character may leave a
 * letter next to a combining mark it then composes with).
 */
export function remover(pattern: string, budget: RegexBudget = new RegexBudget()): Remover {
    let raw = cache.get(pattern);
    if (raw === undefined) {
        raw = compile(pattern);
        if (cache.size >= 1000) cache.clear();
        cache.set(pattern, raw);
    }
    const compiled = raw;
    // Removing characters from an ASCII string leaves an ASCII string: nothing to re-normalise.
    return (s) => (isAscii(s) ? compiled(s, budget) : nfc(compiled(s, budget)));
}
