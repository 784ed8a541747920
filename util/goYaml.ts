/**
 * Plain YAML scalars resolved as Atmos's go-yaml v3.0.1 resolves them (`resolve.go`): `010` is 8, `yes` a string,
 * and the `yaml` package options that read every stack file that way. Pure. Examples: the contributors' Design notes.
 */
import type { CollectionTag, ParseOptions, DocumentOptions, SchemaOptions, ScalarTag } from "yaml";

/** yaml.v3's long tag prefix (`!!int` is `tag:yaml.org,2002:int`). */
const TAG = "tag:yaml.org,2002:";

/** The tags a scalar resolves to (yaml.v3's short names without `!!`). */
export type GoYamlTag = "str" | "int" | "float" | "bool" | "null" | "timestamp";

/**
 * A timestamp (yaml.v3 decodes it as a Go `time.Time`). Atmos's merge deep-copies every value,
 * and copies a struct by its exported fields (pkg/merge/merge.go `structToMapReflect`), of which
 * `time.Time` has none: the value Atmos ends with is an empty map. It is represented here as an
 * empty object that remembers the text written (under a symbol, so it is `{}` to everything else).
 */
export const TIMESTAMP_TEXT: unique symbol = Symbol("yaml.v3 timestamp");

/** An empty object standing for a timestamp, the text written under {@link TIMESTAMP_TEXT}. */
export interface GoYamlTimestamp {
    readonly [TIMESTAMP_TEXT]: string;
}

/** What a plain scalar resolves to: its tag and value (a number that a JavaScript number cannot hold exactly is the digits' text). */
export interface GoYamlScalar {
    readonly tag: GoYamlTag;
    readonly value: string | number | boolean | null | GoYamlTimestamp;
}

/** resolve.go `resolveMapList`: the values looked up whole. */
const RESOLVE_MAP: ReadonlyMap<string, GoYamlScalar> = new Map<string, GoYamlScalar>([
    ...["true", "True", "TRUE"].map((s) => [s, { tag: "bool", value: true }] as const),
    ...["false", "False", "FALSE"].map((s) => [s, { tag: "bool", value: false }] as const),
    ...["", "~", "null", "Null", "NULL"].map((s) => [s, { tag: "null", value: null }] as const),
    ...[".nan", ".NaN", ".NAN"].map((s) => [s, { tag: "float", value: NaN }] as const),
    ...[".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"].map((s) => [s, { tag: "float", value: Infinity }] as const),
    ...["-.inf", "-.Inf", "-.INF"].map((s) => [s, { tag: "float", value: -Infinity }] as const),
] as [string, GoYamlScalar][]);

/** resolve.go `yamlStyleFloat`. */
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** resolve.go `resolveTable`: the first character's hint (0: a string without further look). */
function hint(text: string): string {
    if (text === "") return "N";
    const c = text[0];
    if (c === "+" || c === "-") return "S";
    if (c >= "0" && c <= "9") return "D";
    if ("yYnNtTfFoO~".includes(c)) return "M";
    if (c === ".") return ".";
    return "";
}

/** Digits of `base` (Go's `strconv` accepts upper and lower case hex). */
const DIGITS: Readonly<Record<number, RegExp>> = {
    2: /^[01]+$/,
    8: /^[0-7]+$/,
    10: /^[0-9]+$/,
    16: /^[0-9a-fA-F]+$/,
};

/** The integer of `digits` in `base` (digits already checked). */
function bigOf(digits: string, base: number): bigint {
    const prefix = base === 16 ? "0x" : base === 8 ? "0o" : base === 2 ? "0b" : "";
    return BigInt(prefix + digits);
}

/**
 * Go's `strconv.ParseInt(s, base, 64)` (`unsigned` false) or `ParseUint` (true), without
 * underscores (yaml.v3 drops them first): the value, or undefined for a syntax or range error.
 * Base 0 reads a `0x`, `0o`, `0b` (either case) or `0` prefix.
 */
export function goParseInt(s: string, base: 0 | 2 | 8, unsigned: boolean): bigint | undefined {
    let rest = s;
    let negative = false;
    if (!unsigned && (rest.startsWith("+") || rest.startsWith("-"))) {
        negative = rest[0] === "-";
        rest = rest.slice(1);
    }
    let radix: number = base;
    if (base === 0) {
        radix = 10;
        if (rest.length > 1 && rest[0] === "0") {
            const p = rest[1].toLowerCase();
            if (p === "x" || p === "o" || p === "b") {
                radix = p === "x" ? 16 : p === "o" ? 8 : 2;
                rest = rest.slice(2);
            } else {
                radix = 8;
                rest = rest.slice(1);
            }
        }
    }
    if (!DIGITS[radix].test(rest)) return undefined;
    const magnitude = bigOf(rest, radix);
    const value = negative ? -magnitude : magnitude;
    if (unsigned) return value <= UINT64_MAX ? value : undefined;
    return value >= INT64_MIN && value <= INT64_MAX ? value : undefined;
}

/** An integer as a JavaScript value: a number when exact, else its decimal digits (as Go prints it). */
function intValue(value: bigint): GoYamlScalar {
    const n = Number(value);
    return { tag: "int", value: Number.isSafeInteger(n) ? n : value.toString() };
}

/**
 * A float parsed from `text` (which matches the YAML float form): the number, or the text when a
 * JavaScript number cannot hold the digits exactly (nothing is silently rounded), or undefined
 * when it overflows (Go's `ParseFloat` then fails and yaml.v3 keeps the string).
 */
function floatValue(text: string): GoYamlScalar | undefined {
    const n = Number(text);
    if (!Number.isFinite(n)) return undefined;
    return { tag: "float", value: representsDecimal(text, n) ? n : text };
}

/** Whether `n` is exactly the decimal literal `text` (significant digits and exponent compared). */
function representsDecimal(text: string, n: number): boolean {
    const written = decimalDigits(text);
    if (written === undefined) return true;
    return written === decimalDigits(n.toExponential().replace(/^-/, text.startsWith("-") ? "-" : ""));
}

/** A decimal literal as sign, significant digits and exponent (`-1.50e2` -> `-15e1`), or undefined. */
export function decimalDigits(text: string): string | undefined {
    const match = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text);
    if (!match || (match[2] === "" && (match[3] ?? "") === "")) return undefined;
    const [, sign, whole, fraction = "", exponent = "0"] = match;
    let digits = (whole + fraction).replace(/^0+/, "");
    let scale = Number(exponent) - fraction.length;
    if (digits === "") return "0";
    const trailing = /0*$/.exec(digits)?.[0].length ?? 0;
    digits = digits.slice(0, digits.length - trailing);
    scale += trailing;
    return `${sign === "-" ? "-" : ""}${digits}e${scale}`;
}

/** Days in a month of a (proleptic Gregorian) year, as Go's `time` counts them. */
function daysIn(month: number, year: number): number {
    if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
    return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The four layouts of resolve.go `allowedTimestampFormats`, as Go's `time.Parse` reads them:
 * `2006-1-2T15:4:5.999999999Z07:00` (also with `t`), `2006-1-2 15:4:5.999999999`, `2006-1-2`.
 * Month, day, hour, minute and second take one or two digits, the fraction is optional (up to
 * nine digits after `.` or `,`), the zone is `Z` or `±hh:mm`.
 */
const TIMESTAMP =
    /^(\d{4})-(\d\d?)-(\d\d?)(?:(?:([Tt])|( ))(\d\d?):(\d\d?):(\d\d?)(?:[.,](\d{1,9}))?(Z|[-+](\d\d):(\d\d))?)?$/;

/** resolve.go `parseTimestamp`: whether `text` is a timestamp yaml.v3 accepts. */
export function isGoYamlTimestamp(text: string): boolean {
    const m = TIMESTAMP.exec(text);
    if (m === null) return false;
    const [, year, month, day, t, space, hour, minute, second, , zone, zoneHour, zoneMinute] = m;
    // With `T`, a zone is required; with a space, none is allowed.
    if (t !== undefined && zone === undefined) return false;
    if (space !== undefined && zone !== undefined) return false;
    const mo = Number(month);
    if (mo < 1 || mo > 12 || Number(day) < 1 || Number(day) > daysIn(mo, Number(year))) return false;
    if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59)) return false;
    if (zoneHour !== undefined && (Number(zoneHour) > 24 || Number(zoneMinute) > 60)) return false;
    return true;
}

/**
 * resolve.go `resolve(tag, in)` for a plain scalar: `tag` "" when none is written, else the
 * explicit `!!int`, `!!float`, ... A value the explicit tag cannot take throws yaml.v3's message
 * ("cannot decode !!str `yes` as a !!bool").
 */
export function resolveGoYaml(text: string, tag: "" | GoYamlTag = ""): GoYamlScalar {
    if (tag === "str") return { tag: "str", value: text };
    const out = resolveUntagged(text, tag);
    if (tag === "" || out.tag === tag) return out;
    if (tag === "float" && out.tag === "int") {
        // resolve.go: an int given !!float becomes a float64.
        return { tag: "float", value: typeof out.value === "number" ? out.value : Number(out.value) };
    }
    throw new Error(`cannot decode !!${out.tag} \`${text}\` as a !!${tag}`);
}

function resolveUntagged(text: string, tag: "" | GoYamlTag): GoYamlScalar {
    const h = hint(text);
    if (h === "") return { tag: "str", value: text };
    const known = RESOLVE_MAP.get(text);
    if (known !== undefined) return known;
    if (h === ".") {
        // Go's ParseFloat on the text as written (no `_` allowed without a base prefix).
        if (/^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(text)) return floatValue(text) ?? { tag: "str", value: text };
        return { tag: "str", value: text };
    }
    if (h === "D" || h === "S") {
        if ((tag === "" || tag === "timestamp") && isGoYamlTimestamp(text)) {
            return { tag: "timestamp", value: Object.freeze({ [TIMESTAMP_TEXT]: text }) as GoYamlTimestamp };
        }
        const plain = text.replace(/_/g, "");
        const int = goParseInt(plain, 0, false) ?? goParseInt(plain, 0, true);
        if (int !== undefined) return intValue(int);
        if (YAML_STYLE_FLOAT.test(plain)) {
            const float = floatValue(plain);
            if (float !== undefined) return float;
        }
        // resolve.go's fallbacks: after `0b`/`0o` Go's ParseInt also takes a sign (`0b+101` is 5).
        for (const [prefix, base] of [
            ["0b", 2],
            ["0o", 8],
        ] as const) {
            if (plain.startsWith(prefix)) {
                const v = goParseInt(plain.slice(2), base, false) ?? goParseInt(plain.slice(2), base, true);
                if (v !== undefined) return intValue(v);
            } else if (plain.startsWith(`-${prefix}`)) {
                const v = goParseInt(`-${plain.slice(3)}`, base, false);
                if (v !== undefined) return intValue(v);
            }
        }
    }
    return { tag: "str", value: text };
}

/** The explicit tags yaml.v3 resolves (`!!str` is the failsafe schema's own). */
const EXPLICIT: readonly GoYamlTag[] = ["int", "float", "bool", "null", "timestamp"];

/**
 * The `yaml` package's tags that resolve like yaml.v3: one default tag for every plain scalar
 * (the failsafe schema keeps quoted and block scalars strings), one per explicit core tag.
 */
function goYamlTags(): ScalarTag[] {
    const plain: ScalarTag = {
        tag: `${TAG}go-yaml-v3-plain`,
        default: true,
        // Every plain scalar but a merge key `<<` (the `yaml` package's merge tag takes that one
        // at a key; elsewhere it stays a string, as in yaml.v3); the resolver keeps as a string
        // what yaml.v3 keeps.
        test: /^(?!<<$)[^]*$/,
        identify: () => false,
        resolve: (text: string) => resolveGoYaml(text).value,
    };
    const explicit = EXPLICIT.map((name): ScalarTag => ({
        tag: TAG + name,
        identify: () => false,
        resolve: (text: string, onError: (message: string) => void) => {
            try {
                return resolveGoYaml(text, name).value;
            } catch (error) {
                onError((error as Error).message);
                return text;
            }
        },
    }));
    return [plain, ...explicit];
}

/**
 * yaml.v3 gives no meaning to YAML 1.1's collection tags: `!!omap [{a: 1}]` is the list it is
 * written as, `!!pairs` and `!!set` the list or map (decode.go `unmarshal` decodes a node by its
 * kind, not its tag). Read as written, with their locations, rather than as the `yaml` package's
 * ordered maps.
 */
function goYamlCollectionTags(): CollectionTag[] {
    return [
        ["omap", "seq"],
        ["pairs", "seq"],
        ["set", "map"],
        ["omap", "map"],
        ["pairs", "map"],
    ].map(([name, collection]) => ({
        tag: TAG + name,
        collection: collection as "map" | "seq",
        resolve: (node) => node,
    }));
}

/**
 * Options for the `yaml` package's `parse`/`parseDocument` so that scalars resolve as yaml.v3
 * resolves them, merge keys `<<` merge (plain ones only, as yaml.v3's `isMerge`), and `extraTags`
 * (Atmos's YAML functions) are read by their own resolvers.
 */
export function goYamlOptions(extraTags: readonly ScalarTag[] = []): ParseOptions & DocumentOptions & SchemaOptions {
    // `resolveKnownTags` whatever a `%YAML 1.1` directive says (the `yaml` package turns it off
    // for 1.1, and `!!binary` would become its text): yaml.v3 reads every document alike.
    return {
        schema: "failsafe",
        customTags: [...goYamlTags(), ...goYamlCollectionTags(), ...extraTags],
        merge: true,
        resolveKnownTags: true,
    };
}

/**
 * The text as yaml.v3's scanner reads its line breaks: a carriage return alone is a line break
 * (scannerc.go `is_break`), which the `yaml` package reads as a character of the line; each is
 * made a newline (the text keeps its length, so offsets stay where they were).
 */
export function goYamlLineBreaks(text: string): string {
    return text.includes("\r") ? text.replace(/\r(?!\n)/g, "\n") : text;
}

/**
 * yaml.v3's refusal of a `%YAML` directive other than `%YAML 1.1` (parserc.go
 * yaml_parser_process_directives: "found incompatible YAML document"), with the directive's
 * offset in `text`; undefined when there is none or it is 1.1.
 */
export function goYamlVersionProblem(text: string): { offset: number; message: string } | undefined {
    // Directives stand before the document's `---`.
    const start = text.search(/^---/m);
    if (start < 0) return undefined;
    const match = /^%YAML[ \t]+([^ \t\n\r#]*)/m.exec(text.slice(0, start));
    if (match === null || match[1] === "1.1") return undefined;
    return {
        offset: match.index,
        message: `invalid YAML: %YAML ${match[1]} is not a version Atmos's parser (go-yaml v3) reads; it reads %YAML 1.1 only (found incompatible YAML document); remove the directive`,
    };
}

/** True for the value of a timestamp ({@link TIMESTAMP_TEXT}). */
export function isGoYamlTimestampValue(value: unknown): value is GoYamlTimestamp {
    return typeof value === "object" && value !== null && TIMESTAMP_TEXT in value;
}

/**
 * A plain map key as Atmos ends with it, for a key of a nested map: when the key resolves to
 * something other than a string, Atmos decodes its map as `map[interface{}]interface{}` (yaml.v3
 * `isStringMap`) and its merge writes each key with Go's `%v` (pkg/merge/merge.go
 * `normalizeMapReflect`): `010:` is `"8"`, `1.0:` is `"1"`, `~:` is `"<nil>"`. Undefined when the
 * key stays its text (a string; a timestamp, whose Go text depends on its zone, is left as written).
 */
export function goKeyText(text: string): string | undefined {
    const { tag, value } = resolveGoYaml(text);
    switch (tag) {
        case "null":
            return "<nil>";
        case "bool":
            return String(value);
        case "int":
            return String(value);
        case "float":
            return goFloatText(typeof value === "number" ? value : Number(value));
        default:
            return undefined;
    }
}

/**
 * Go's `%v` of a float64 (`strconv.FormatFloat(f, 'g', -1, 64)`: the shortest digits, in the
 * exponent form when the exponent is below -4 or at least 6, as strconv's ftoa.go decides for the
 * shortest precision): `1`, `1.5`, `1e+06`, `1.5e-05`, `+Inf`, `NaN`.
 */
export function goFloatText(n: number): string {
    if (Number.isNaN(n)) return "NaN";
    if (!Number.isFinite(n)) return n > 0 ? "+Inf" : "-Inf";
    if (n === 0) return Object.is(n, -0) ? "-0" : "0";
    const [mantissa, e] = n.toExponential().split("e");
    const power = Number(e);
    if (power < -4 || power >= 6) {
        return `${mantissa}e${power < 0 ? "-" : "+"}${String(Math.abs(power)).padStart(2, "0")}`;
    }
    return String(n);
}
