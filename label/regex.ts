/**
 * Terraform `replace(str, substr, "")` as null-label 0.25.0 uses it with `regex_replace_chars`:
 * `substr` is an RE2 regular expression when written `/.../` (more than one character,
 * starting and ending with `/`), otherwise a literal substring.
 *
 * Regexes are compiled once and cached. A regex that is a plain bracket expression of ASCII
 * characters (like the default `[^-a-zA-Z0-9]`) means the same in RE2 and JavaScript, so it
 * runs on the native engine after RE2 has accepted it; anything else runs on re2js.
 */
import { RE2JS } from "re2js";

/** Removes every match of the pattern from a string. */
export type Remover = (s: string) => string;

/** The default of `regex_replace_chars`. */
export const DEFAULT_REGEX_REPLACE_CHARS = "/[^-a-zA-Z0-9]/";

/** A bracket expression whose members have the same meaning in RE2 and JavaScript. */
const PORTABLE_CLASS = /^\[\^?[-A-Za-z0-9 .+*?(){}|$\/,_:;=@#%&!~<>'"`]*\]$/;

const cache = new Map<string, Remover>();

/** Thrown for a `/.../` pattern that RE2 refuses; the caller names the field. */
export class InvalidRegexError extends Error {}

function compile(pattern: string): Remover {
  if (pattern.length > 1 && pattern.startsWith("/") && pattern.endsWith("/")) {
    const source = pattern.slice(1, -1);
    let re2: RE2JS;
    try {
      re2 = RE2JS.compile(source);
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
    return (s) => (s === "" ? s : re2.matcher(s).replaceAll(""));
  }
  if (pattern === "") return (s) => s;
  return (s) => (s.includes(pattern) ? s.split(pattern).join("") : s);
}

/** The cached remover for `pattern` (a Terraform regex `/.../` or a literal substring). */
export function remover(pattern: string): Remover {
  let r = cache.get(pattern);
  if (r === undefined) {
    r = compile(pattern);
    if (cache.size >= 1000) cache.clear();
    cache.set(pattern, r);
  }
  return r;
}
