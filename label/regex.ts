/**
 * Terraform `replace(str, substr, "")` as null-label 0.25.0 uses it with `regex_replace_chars`: RE2 when written
 * `/.../`, else a literal. Regexes are cached; a plain ASCII bracket expression runs on the native engine.
 */
import { RE2JS } from "re2js";
import { isAscii, nfc } from "./strings";
import { hasUnknownToTerraform, withUnicode15 } from "./unicode15";

/** Removes every match of the pattern from a string. */
export type Remover = (s: string) => string;

/** The default of `regex_replace_chars`. */
export const DEFAULT_REGEX_REPLACE_CHARS = "/[^-a-zA-Z0-9]/";

/** A bracket expression whose members have the same meaning in RE2 and JavaScript. */
const PORTABLE_CLASS = /^\[\^?[-A-Za-z0-9 .+*?(){}|$/,_:;=@#%&!~<>'"`]*\]$/;

const cache = new Map<string, Remover>();

/** Thrown for a `/.../` pattern that RE2 refuses; the caller names the field. */
export class InvalidRegexError extends Error {}

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

function compile(pattern: string): Remover {
    if (pattern.length > 1 && pattern.startsWith("/") && pattern.endsWith("/")) {
        const source = pattern.slice(1, -1);
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
        const run = (s: string) => re2.matcher(s).replaceAll("");
        // A regex that names a post-15.0 character literally sees it as is; otherwise such characters
        // are hidden from re2js's newer Unicode classes, as Terraform's tables do not know them.
        if (hasUnknownToTerraform(source)) return (s) => (s === "" ? s : run(s));
        return (s) => (s === "" ? s : withUnicode15(s, run));
    }
    if (pattern === "") return (s) => s;
    return (s) => (s.includes(pattern) ? s.split(pattern).join("") : s);
}

/**
 * The cached remover for `pattern` (a Terraform regex `/.../` or a literal substring). Its result
 * is NFC-normalised, as cty normalises every string it builds (removing a character may leave a
 * letter next to a combining mark it then composes with).
 */
export function remover(pattern: string): Remover {
    let r = cache.get(pattern);
    if (r === undefined) {
        const raw = compile(pattern);
        // Removing characters from an ASCII string leaves an ASCII string: nothing to re-normalise.
        r = (s) => (isAscii(s) ? raw(s) : nfc(raw(s)));
        if (cache.size >= 1000) cache.clear();
        cache.set(pattern, r);
    }
    return r;
}
