/**
 * Go templates in Atmos stack manifests, where Atmos processes them: import files, import paths and the component
 * pass (the contributors' Design notes). Pure apart from `env`-reading functions; no Pulumi import.
 */
import { yaml } from "../util/yaml";
import {
    fn,
    FunctionError,
    GoTemplate,
    type SoleValue,
    NAMESPACE,
    TemplateError,
    compileRegex,
    dictOf,
    goJson,
    goYaml,
    isTrue,
    quoteGo,
    regexReplace,
    replaceAllGo,
    sprigFunctions,
    strval,
    title,
    toFloat64,
    toInt64,
    toLowerGo,
    toUpperGo,
    TemplateLimitExceeded,
    UnknownValue,
    unknownThrough,
    unsupportedFunction,
    type FuncMap,
    type GoFunc,
} from "../gotemplate";
import { getOwn, hasOwn, isPlainObject } from "../util/objects";
import { compareGoStrings } from "../util/goOrder";
import { CloudposseError } from "../util/errors";
import { checkStringLength, regexTest, splitGo, TEMPLATE_LIMITS, trimCutset } from "../gotemplate";

/**
 * The marks (`unknownThrough`) of the JSON functions, whose result for a value known only at deploy
 * time is that value's JSON text: Sprig's `toJson`/`mustToJson` (Go's json.Marshal, HTML escaped),
 * `toRawJson`/`mustToRawJson` (without HTML escapes), Gomplate's `data.ToJSON`/`toJSON` (ugorji's
 * codec: gomplate v3.11.8 data/data.go 387-405, whose text differs from json.Marshal's: `1.0`).
 * At load time Gomplate's are HTML escaped too: ugorji's JsonHandle leaves `HTMLCharsAsIs` false (codec/v1.2.7
 * codec/json.go 1322-1326, 1400-1404: `<`, `>` and `&` as `\u003c`...). Its `1.0` for a whole float64 is not
 * reproduced: a template's numbers carry no Go kind here (YAML's `1.0` is the integer 1).
 */
export const JSON_MARKS = { sprig: "json", sprigRaw: "json-raw", gomplate: "json-gomplate" } as const;
const GOMPLATE_JSON = JSON_MARKS.gomplate;

/** An environment to read: a record (`LoadOptions.env`), else `process.env`. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** atmos.yaml `templates.settings`, with Atmos's defaults applied. */
export interface TemplateSettings {
    /** `templates.settings.enabled`: whether the component pass runs. */
    readonly enabled: boolean;
    /** `templates.settings.sprig.enabled`. */
    readonly sprig: boolean;
    /** `templates.settings.gomplate.enabled` (this port implements a subset of Gomplate's functions). */
    readonly gomplate: boolean;
    /** `templates.settings.evaluations`: how many times the component pass renders. @default 1 */
    readonly evaluations: number;
    /** `templates.settings.delimiters`. @default ["{{", "}}"] */
    readonly delimiters: readonly [string, string];
    /** `templates.settings.ignore_missing_template_values` (import templates). */
    readonly ignoreMissingTemplateValues: boolean;
    /** `templates.settings.env`: variables set while templates run. */
    readonly env: Readonly<Record<string, string>>;
    /**
     * The environment templates' `env`-reading functions see under {@link env} (the loader's
     * `LoadOptions.env`, as `!env` reads it). @default process.env
     */
    readonly processEnv?: Environment;
}

/**
 * Reads `templates.settings` from a parsed atmos.yaml. With no atmos.yaml at all, Atmos enables
 * templates, Sprig and Gomplate (`pkg/config/default.go`); with one, each flag defaults to false.
 */
export function templateSettingsFrom(atmosConfig: unknown, hasConfigFile = true): TemplateSettings {
    const settings = dig(atmosConfig, ["templates", "settings"]);
    const flag = (value: unknown): boolean => (value === undefined || value === null ? !hasConfigFile : value === true);
    const delims = dig(settings, ["delimiters"]);
    const envSection = dig(settings, ["env"]);
    const evaluations = dig(settings, ["evaluations"]);
    return {
        enabled: flag(dig(settings, ["enabled"])),
        sprig: flag(dig(settings, ["sprig", "enabled"])),
        gomplate: flag(dig(settings, ["gomplate", "enabled"])),
        // atmos.yaml past the cap is refused where it is read (atmosConfig.ts); here it is only bounded.
        // Atmos: `lo.Coalesce(evaluations, 1)` passes (template_utils.go 252-253, 263): 0 is 1, a
        // negative number no pass at all (the values keep their templates).
        evaluations:
            typeof evaluations === "number" && Math.trunc(evaluations) !== 0
                ? Math.max(0, Math.min(Math.trunc(evaluations), TEMPLATE_LIMITS.maxEvaluations))
                : 1,
        delimiters:
            Array.isArray(delims) && delims.length === 2 && delims.every((d) => typeof d === "string" && d !== "")
                ? [delims[0] as string, delims[1] as string]
                : ["{{", "}}"],
        ignoreMissingTemplateValues: dig(settings, ["ignore_missing_template_values"]) === true,
        env: isPlainObject(envSection)
            ? Object.fromEntries(Object.entries(envSection).map(([k, v]) => [k, v === null ? "" : strval(v)]))
            : {},
    };
}

function dig(value: unknown, path: readonly string[]): unknown {
    let v = value;
    for (const key of path) {
        if (!isPlainObject(v)) return undefined;
        v = getOwn(v, key);
    }
    return v;
}

/** A variable of `env`, never a property it inherits (`constructor`). */
export function readEnvironment(env: Environment, name: string): string | undefined {
    return hasOwn(env, name) ? env[name] : undefined;
}

/** Whether a string holds a template action for the given delimiters. */
export function hasTemplate(text: string, delimiters: readonly [string, string] = ["{{", "}}"]): boolean {
    const at = text.indexOf(delimiters[0]);
    return at >= 0 && text.indexOf(delimiters[1], at + delimiters[0].length) >= 0;
}

function namespace(name: string, members: Record<string, GoFunc>): FuncMap {
    const ns = { ...members } as FuncMap & { [NAMESPACE]?: string };
    Object.defineProperty(ns, NAMESPACE, { value: name, enumerable: false });
    return ns;
}

/**
 * Gomplate's top-level functions (gomplate v3.11.8, the one Atmos uses: funcs/*.go `Create*Funcs`):
 * each is its namespace's function of the same name, except `contains`, `hasPrefix`, `hasSuffix`,
 * `split`, `splitN` and `trim`, which are Go's `strings` functions (the string first).
 */
const GOMPLATE_ALIASES: Readonly<Record<string, readonly [namespace: string, member: string]>> = {
    replaceAll: ["strings", "ReplaceAll"],
    title: ["strings", "Title"],
    toUpper: ["strings", "ToUpper"],
    toLower: ["strings", "ToLower"],
    trimSpace: ["strings", "TrimSpace"],
    indent: ["strings", "Indent"],
    quote: ["strings", "Quote"],
    squote: ["strings", "Squote"],
    has: ["coll", "Has"],
    slice: ["coll", "Slice"],
    dict: ["coll", "Dict"],
    keys: ["coll", "Keys"],
    join: ["conv", "Join"],
    default: ["conv", "Default"],
    add: ["math", "Add"],
    sub: ["math", "Sub"],
    mul: ["math", "Mul"],
    div: ["math", "Div"],
};

/** Gomplate v3.11.8's other top-level functions: refused by name when called (datasources have their own message). */
const GOMPLATE_NOT_IMPLEMENTED = [
    "assert",
    "bool",
    "csv",
    "csvByColumn",
    "csvByRow",
    "datasourceExists",
    "datasourceReachable",
    "ec2dynamic",
    "ec2meta",
    "ec2region",
    "ec2tag",
    "ec2tags",
    "fail",
    "flatten",
    "isKind",
    "jsonArray",
    "jsonpath",
    "kind",
    "listDatasources",
    "merge",
    "append",
    "prepend",
    "pow",
    "rem",
    "required",
    "reverse",
    "seq",
    "shellQuote",
    "sort",
    "ternary",
    "toCSV",
    "toTOML",
    "toml",
    "uniq",
    "urlParse",
    "values",
    "yamlArray",
];

/** Gomplate's functions this port implements (a subset; other members fail naming themselves). */
export function gomplateFunctions(env: Environment = process.env): FuncMap {
    const funcs = gomplateNamespaces(env);
    for (const [alias, [ns, member]] of Object.entries(GOMPLATE_ALIASES)) {
        funcs[alias] = (funcs[ns] as Record<string, GoFunc>)[member];
    }
    // Go's strings.Contains, HasPrefix, HasSuffix: the string first (funcs/strings.go 28-30)
    funcs.contains = fn("ss", (s: string, sub: string) => s.includes(sub));
    funcs.hasPrefix = fn("ss", (s: string, p: string) => s.startsWith(p));
    funcs.hasSuffix = fn("ss", (s: string, p: string) => s.endsWith(p));
    // Go's strings.Split, SplitN, Trim: the string first (funcs/strings.go 61-63)
    funcs.split = fn("ss", (s: string, sep: string) => splitGo(s, sep));
    funcs.splitN = fn("ssn", (s: string, sep: string, n: number) => splitGo(s, sep, n));
    funcs.trim = fn("ss", (s: string, cutset: string) => trimCutset(s, cutset));
    for (const name of GOMPLATE_NOT_IMPLEMENTED) {
        funcs[name] ??= unsupportedFunction(name, "(a Gomplate function) is not supported by this port");
    }
    return funcs;
}

function gomplateNamespaces(env: Environment): FuncMap {
    const toBool = (v: unknown): boolean =>
        typeof v === "boolean"
            ? v
            : typeof v === "string"
              ? ["1", "t", "true", "yes", "on"].includes(v.toLowerCase())
              : toInt64(v) !== 0;
    const fromData = (s: string): unknown => {
        try {
            return yaml().parse(s);
        } catch (e) {
            throw new FunctionError(e instanceof Error ? e.message : String(e));
        }
    };
    const joinList = (l: unknown, sep: string): string => (Array.isArray(l) ? l.map(strval).join(sep) : strval(l));
    return {
        strings: namespace("strings", {
            Title: fn("i", (s) => title(strval(s))),
            ToUpper: fn("i", (s) => toUpperGo(strval(s))),
            ToLower: fn("i", (s) => toLowerGo(strval(s))),
            TrimSpace: fn("i", (s) => strval(s).trim()),
            Trim: fn("ii", (cut, s) => {
                const set = new Set([...strval(cut)]);
                const c = [...strval(s)];
                let a = 0;
                let b = c.length;
                while (a < b && set.has(c[a])) a++;
                while (b > a && set.has(c[b - 1])) b--;
                return c.slice(a, b).join("");
            }),
            TrimPrefix: fn("ii", (p, s) =>
                strval(s).startsWith(strval(p)) ? strval(s).slice(strval(p).length) : strval(s),
            ),
            TrimSuffix: fn("ii", (p, s) =>
                strval(p) && strval(s).endsWith(strval(p)) ? strval(s).slice(0, -strval(p).length) : strval(s),
            ),
            Replace: fn("iii", (o, n, s) => replaceAllGo(strval(s), strval(o), strval(n))),
            ReplaceAll: fn("iii", (o, n, s) => replaceAllGo(strval(s), strval(o), strval(n))),
            Contains: fn("ii", (sub, s) => strval(s).includes(strval(sub))),
            HasPrefix: fn("ii", (p, s) => strval(s).startsWith(strval(p))),
            HasSuffix: fn("ii", (p, s) => strval(s).endsWith(strval(p))),
            Split: fn("ii", (sep, s) => strval(s).split(strval(sep))),
            Quote: fn("i", (s) => quoteGo(strval(s))),
            Squote: fn("i", (s) => `'${strval(s).replace(/'/g, "''")}'`),
            Indent: fn("ii*", (...a) => {
                const s = strval(a[a.length - 1]);
                const width = a.length > 1 ? toInt64(a[0]) : 1;
                const pad = a.length > 2 ? strval(a[1]) : " ";
                // the result's length is bounded before it is built (each line gets the padding)
                checkStringLength(s.length + pad.length * Math.max(0, width) * s.split("\n").length);
                return s
                    .split("\n")
                    .map((l) => (l ? pad.repeat(width) + l : l))
                    .join("\n");
            }),
            Repeat: fn("ii", (n, s) => {
                const count = Math.max(0, toInt64(n));
                checkStringLength(count * strval(s).length);
                return strval(s).repeat(count);
            }),
            Slug: fn("i", (s) =>
                strval(s)
                    .toLowerCase()
                    .replace(/[^a-z0-9]+/g, "-")
                    .replace(/^-|-$/g, ""),
            ),
            SnakeCase: fn("i", (s) =>
                strval(s)
                    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
                    .replace(/[\s-]+/g, "_")
                    .toLowerCase(),
            ),
            KebabCase: fn("i", (s) =>
                strval(s)
                    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
                    .replace(/[\s_]+/g, "-")
                    .toLowerCase(),
            ),
            Trunc: fn("ii", (n, s) => [...strval(s)].slice(0, toInt64(n)).join("")),
        }),
        regexp: namespace("regexp", {
            Replace: fn("iii", (re, repl, s) => regexReplace(compileRegex(strval(re)), strval(s), strval(repl), false)),
            ReplaceLiteral: fn("iii", (re, repl, s) =>
                regexReplace(compileRegex(strval(re)), strval(s), strval(repl), true),
            ),
            Match: fn("ii", (re, s) => regexTest(compileRegex(strval(re)), strval(s))),
            QuoteMeta: fn("i", (s) => strval(s).replace(/[\\.+*?()|[\]{}^$]/g, "\\$&")),
        }),
        conv: namespace("conv", {
            ToString: fn("i", strval),
            ToInt: fn("i", toInt64),
            ToInt64: fn("i", toInt64),
            ToFloat64: fn("i", toFloat64),
            ToBool: fn("i", toBool),
            // template.IsTrue(in) (funcs/conv.go 148-153): an empty list or map is the default too
            Default: fn("ii", (d, v) => (isTrue(v) ? v : d)),
            Join: fn("ii", (l, sep) => joinList(l, strval(sep))),
        }),
        data: namespace("data", {
            JSON: fn("i", (s) => fromData(strval(s))),
            YAML: fn("i", (s) => fromData(strval(s))),
            ToJSON: unknownThrough(
                GOMPLATE_JSON,
                fn("i", (v) => goJson(v, "", false)),
            ),
            ToJSONPretty: fn("ii", (indent, v) => goJson(v, strval(indent), false)),
            ToYAML: fn("i", (v) => goYaml(v) + "\n"),
        }),
        env: namespace("env", {
            Getenv: fn("ii*", (name, ...d) => readEnvironment(env, strval(name)) || (d.length ? strval(d[0]) : "")),
        }),
        math: namespace("math", {
            Add: fn("i*", (...a) => a.reduce<number>((x, y) => x + toFloat64(y), 0)),
            Sub: fn("ii", (a, b) => toFloat64(a) - toFloat64(b)),
            Mul: fn("i*", (...a) => a.reduce<number>((x, y) => x * toFloat64(y), 1)),
            Div: fn("ii", (a, b) => toFloat64(a) / toFloat64(b)),
        }),
        coll: namespace("coll", {
            Dict: fn("i*", (...kv) => dictOf(kv)),
            Slice: fn("i*", (...a: unknown[]) => a),
            Has: fn("ii", (c, k) =>
                isPlainObject(c) ? hasOwn(c, strval(k)) : Array.isArray(c) ? c.includes(k) : false,
            ),
            Keys: fn("i*", (...ms) =>
                ms.flatMap((m) => (isPlainObject(m) ? Object.keys(m).sort(compareGoStrings) : [])),
            ),
        }),
        getenv: fn("ii*", (name, ...d) => readEnvironment(env, strval(name)) || (d.length ? strval(d[0]) : "")),
        json: fn("i", (s) => fromData(strval(s))),
        yaml: fn("i", (s) => fromData(strval(s))),
        toJSON: unknownThrough(
            GOMPLATE_JSON,
            fn("i", (v) => goJson(v, "", false)),
        ),
        toJSONPretty: fn("ii", (indent, v) => goJson(v, strval(indent), false)),
        toYAML: fn("i", (v) => goYaml(v) + "\n"),
        datasource: unsupportedFunction("datasource", "(a Gomplate datasource) is not supported by this port"),
        ds: unsupportedFunction("ds", "(a Gomplate datasource) is not supported by this port"),
        include: unsupportedFunction("include", "(a Gomplate datasource) is not supported by this port"),
        defineDatasource: unsupportedFunction("defineDatasource", "is not supported by this port"),
        aws: namespace("aws", {}),
        file: namespace("file", {}),
        filepath: namespace("filepath", {}),
        path: namespace("path", {}),
        crypto: namespace("crypto", {}),
        base64: namespace("base64", {}),
        time: namespace("time", {}),
        net: namespace("net", {}),
        random: namespace("random", {}),
        semver: namespace("semver", {}),
        sockaddr: namespace("sockaddr", {}),
        test: namespace("test", {}),
        uuid: namespace("uuid", {}),
        gcp: namespace("gcp", {}),
        tmpl: namespace("tmpl", {}),
    };
}

/**
 * Atmos's `atmos.Component "<component>" "<stack>"` (internal/exec/template_funcs.go 46-49): the
 * described component's sections. Given by the component pass of a stack load (stack/componentFunction.ts).
 */
export type ComponentFunction = (component: string, stack: string) => unknown;

/** The `atmos.Component` of the component pass running now (loads are synchronous); undefined elsewhere. */
let currentComponentFunction: ComponentFunction | undefined;

/** Runs `f` with `components` as `atmos.Component` (undefined: refused). */
function withComponentFunction<T>(components: ComponentFunction | undefined, f: () => T): T {
    const saved = currentComponentFunction;
    currentComponentFunction = components;
    try {
        return f();
    } finally {
        currentComponentFunction = saved;
    }
}

/**
 * Atmos's own template functions. `atmos.Component` describes another component in the values of
 * components (the component pass); elsewhere (import templates, import paths, name templates) it is
 * refused by name. The others need state this port does not read while loading, and are refused.
 */
export function atmosTemplateFunctions(): FuncMap {
    const refuse = (name: string, hint: string): GoFunc =>
        unsupportedFunction(`atmos.${name}`, `is not supported by this port: ${hint}`);
    return {
        atmos: namespace("atmos", {
            Component: fn("ss", (component: string, stack: string) => {
                if (currentComponentFunction === undefined) {
                    throw new FunctionError(
                        `function "atmos.Component" is not supported here by this port: it describes a component only in the values of components (vars, settings, env, ...), not in import templates, import paths or name templates`,
                    );
                }
                return currentComponentFunction(component, stack);
            }),
            Store: refuse("Store", "use the !store YAML function (SSM Parameter Store), read at deploy time"),
            GomplateDatasource: refuse("GomplateDatasource", "Gomplate datasources are not read"),
            Resolve: refuse("Resolve", "write the YAML function as the value itself"),
        }),
        collectKeys: unsupportedFunction("collectKeys"),
    };
}

/** Sprig's `env` and `expandenv`, reading `env` (Sprig's own read `process.env`). */
export function sprigEnvFunctions(env: Environment = process.env): FuncMap {
    const read = (name: string): string => readEnvironment(env, name) ?? "";
    return {
        env: fn("i", (s) => read(strval(s))),
        expandenv: fn("i", (s) =>
            strval(s).replace(/\$(\{([^}]*)\}|[A-Za-z0-9_]+)/g, (_a, x: string, braced?: string) => read(braced ?? x)),
        ),
    };
}

/**
 * The functions a component-pass template sees, as atmos.yaml's `templates.settings` enables them,
 * in Atmos's order: Gomplate's, then Sprig's (which win a clash: `env "USER"` is Sprig's), then
 * Atmos's. The `env`-reading functions read `env`.
 */
export function atmosFunctionMap(settings: Pick<TemplateSettings, "sprig" | "gomplate">, env?: Environment): FuncMap {
    const funcs: FuncMap = {};
    if (settings.gomplate) {
        const gomplate = gomplateFunctions(env);
        if (settings.sprig) for (const name of Object.keys(sprigFunctions())) delete gomplate[name];
        Object.assign(funcs, gomplate);
    }
    if (settings.sprig) {
        Object.assign(funcs, sprigEnvFunctions(env));
        for (const name of SPRIG_NOT_IMPLEMENTED) {
            funcs[name] = unsupportedFunction(name, "(a Sprig function) is not supported by this port");
        }
        // Helm's, not Sprig's: Atmos has no toYaml, and `required` only as Gomplate's.
        const helms = (name: string) =>
            unsupportedFunction(name, "is Helm's, not Sprig's, and Atmos does not define it here");
        funcs.toYaml = helms("toYaml");
        if (!settings.gomplate) funcs.required = helms("required");
    }
    Object.assign(funcs, atmosTemplateFunctions());
    return funcs;
}

/**
 * Sprig v3.3.0's functions (functions.go genericMap, the version Atmos uses) this port does not
 * implement: dates and times, network lookups, cryptography and certificates, semver.
 */
const SPRIG_NOT_IMPLEMENTED = [
    "abbrevboth",
    "ago",
    "b32dec",
    "bcrypt",
    "biggest",
    "buildCustomCert",
    "date",
    "dateInZone",
    "dateModify",
    "date_in_zone",
    "date_modify",
    "decryptAES",
    "derivePassword",
    "duration",
    "durationRound",
    "encryptAES",
    "genCA",
    "genCAWithKey",
    "genPrivateKey",
    "genSelfSignedCert",
    "genSelfSignedCertWithKey",
    "genSignedCert",
    "genSignedCertWithKey",
    "getHostByName",
    "htmlDate",
    "htmlDateInZone",
    "htpasswd",
    "mustDateModify",
    "mustToDate",
    "must_date_modify",
    "now",
    "semver",
    "semverCompare",
    "toDate",
    "unixEpoch",
    "urlJoin",
];

/**
 * Atmos's `ProcessTmpl` (`internal/exec/template_utils.go`), used for `stacks.name_template` and
 * `metadata.terraform_workspace_template`: Gomplate's functions, then Sprig's, then Atmos's,
 * whatever `templates.settings` enables, `missingkey=error` unless `ignoreMissing`.
 */
export function processTmpl(
    name: string,
    text: string,
    data: unknown,
    ignoreMissing: boolean,
    env?: Environment,
): string {
    const funcs = atmosFunctionMap({ sprig: true, gomplate: true }, env);
    return GoTemplate.parse(name, text, {
        sprig: true,
        funcs,
        missingKey: ignoreMissing ? "default" : "error",
    }).execute(data);
}

/** Where a template is written, for error messages. */
export interface TemplateSource {
    readonly file: string;
    readonly line?: number;
    /** What the template is (`vars.name of instance "x"`), prefixed to errors. */
    readonly what?: string;
    /** What to do about the error, appended in parentheses. */
    readonly hint?: string;
}

/** A template that failed: the message names the file (and line), the function or key, as Go does. */
export class StackTemplateError extends CloudposseError {
    readonly code = "TEMPLATE_ERROR";
    readonly file: string;
    readonly line?: number;
    readonly functionName?: string;
    /** Whether a template limit was reached (such an error is never left unreported, as other template failures may be). */
    readonly limit: boolean;
    constructor(message: string, file: string, line?: number, functionName?: string, limit = false) {
        super(message);
        this.name = "StackTemplateError";
        this.file = file;
        this.line = line;
        this.functionName = functionName;
        this.limit = limit;
    }
}

/** Whether `e` is a template that reached a limit of `TEMPLATE_LIMITS`. */
export function isLimit(e: unknown): boolean {
    return e instanceof TemplateLimitExceeded || (e instanceof StackTemplateError && e.limit);
}

/** Parsed templates by environment (their functions read it), then by functions, file and text. */
const cache = new WeakMap<object, Map<string, GoTemplate>>();

function parseCached(
    text: string,
    source: TemplateSource,
    key: string,
    env: Environment,
    create: () => GoTemplate,
): GoTemplate {
    let byEnv = cache.get(env);
    if (!byEnv) {
        byEnv = new Map();
        cache.set(env, byEnv);
    }
    const k = key + "\0" + source.file + "\0" + text;
    let t = byEnv.get(k);
    if (!t) {
        t = create();
        if (byEnv.size > 5000) byEnv.clear();
        byEnv.set(k, t);
    }
    return t;
}

/** The environment component-pass templates read: the loader's, under `templates.settings.env`. */
const templateEnvironments = new WeakMap<TemplateSettings, Environment>();

function templateEnvironment(settings: TemplateSettings): Environment {
    const base = settings.processEnv ?? process.env;
    if (Object.keys(settings.env).length === 0) return base;
    let env = templateEnvironments.get(settings);
    if (!env) {
        env = { ...base, ...settings.env };
        templateEnvironments.set(settings, env);
    }
    return env;
}

function wrap(error: unknown, source: TemplateSource): never {
    if (error instanceof TemplateError) {
        // Go counts lines within the template; a scalar's template starts on the scalar's line
        const line = source.line !== undefined && error.line !== undefined ? source.line + error.line - 1 : error.line;
        const msg = error.message.replace(/^template: [^:]*:(\d+)/, (_m) => `template: ${source.file}:${line ?? 1}`);
        throw new StackTemplateError(
            (source.what ? `${source.what}: ` : "") + msg + (source.hint ? ` (${source.hint})` : ""),
            source.file,
            line,
            error.functionName,
            error instanceof TemplateLimitExceeded,
        );
    }
    throw error;
}

/**
 * The component pass for one string value: rendered `settings.evaluations` times over the
 * component's context, with `<no value>` for a missing key, `components` as `atmos.Component`. A
 * string without the delimiters is returned unchanged. Throws a {@link StackTemplateError}.
 */
export function renderComponentString(
    text: string,
    context: Readonly<Record<string, unknown>>,
    settings: TemplateSettings,
    source: TemplateSource,
    components?: ComponentFunction,
): string {
    const out = renderComponentScalar(text, context, settings, source, components);
    if (out instanceof UnknownValue) wrapUnknown(out, source);
    return out;
}

/**
 * {@link renderComponentString}, except that a value whose whole text is one action giving a
 * value known only later (`{{ (atmos.Component "vpc" .stack).outputs.vpc_id }}`) is returned as
 * that {@link UnknownValue}, for the caller to read at deploy time. Any other use of such a value
 * fails (the template engine refuses it).
 */
export function renderComponentScalar(
    text: string,
    context: Readonly<Record<string, unknown>>,
    settings: TemplateSettings,
    source: TemplateSource,
    components?: ComponentFunction,
): string | UnknownValue {
    if (!settings.enabled || !hasTemplate(text, settings.delimiters)) return text;
    const env = templateEnvironment(settings);
    const funcs = atmosFunctionMap(settings, env);
    let out = text;
    for (let i = 0; i < settings.evaluations; i++) {
        if (!hasTemplate(out, settings.delimiters)) break;
        const current = out;
        try {
            const t = parseCached(
                current,
                source,
                `c${settings.sprig ? 1 : 0}${settings.gomplate ? 1 : 0}${settings.delimiters.join("")}`,
                env,
                () =>
                    GoTemplate.parse(source.file, current, {
                        delims: settings.delimiters,
                        sprig: settings.sprig,
                        funcs,
                        missingKey: "default",
                    }),
            );
            const result = withComponentFunction(components, () => {
                // only a call of atmos.Component gives an unknown value: other templates print as before
                if (components === undefined || !current.includes("Component")) return t.execute(context);
                // Each evaluation runs the template once: its value is printed, never run again.
                const whole = t.value(context);
                if (whole !== undefined) return whole.value instanceof UnknownValue ? whole.value : whole.print();
                const after = t.valueAfterText(context);
                if (after === undefined) return t.execute(context);
                return templateTagged(after) ?? after.print();
            });
            if (result instanceof UnknownValue) return result;
            out = result;
        } catch (e) {
            wrap(e, source);
        }
    }
    return out;
}

/**
 * `!template {{ <unknown> | toJson }}`: the YAML function `!template` reads the rendered text back
 * as JSON (internal/exec/yaml_func_template.go 25-30), so the text is the unknown value itself,
 * decoded. Only with a space after the tag, as Atmos writes a tagged scalar (tag, space, value:
 * pkg/utils/yaml_utils.go 861-865): without one (`{{-`), whether the text is still `!template`'s
 * depends on the value's first character (yaml_func_utils.go 254-266), so it is refused as any
 * other text around the value is. Undefined when the template is not that.
 */
function templateTagged(after: SoleValue): UnknownValue | undefined {
    if (!(after.value instanceof UnknownValue) || after.value.through === undefined) return undefined;
    if (!/^!template[ \t]+$/.test(after.text)) return undefined;
    const { text, why, origin, path } = after.value;
    return new UnknownValue(text, why, origin, path);
}

/** An unknown value where only text can be: the error the template engine gives for any other use. */
function wrapUnknown(value: UnknownValue, source: TemplateSource): never {
    const why = typeof value.why === "function" ? value.why(value) : value.why;
    throw new StackTemplateError(
        `${source.what ? `${source.what}: ` : ""}template: ${source.file}:${source.line ?? 1}: ${value.text} ${why}`,
        source.file,
        source.line,
        "atmos.Component",
    );
}

/**
 * The component pass for any value: strings inside maps and lists are rendered (keys are not).
 * A rendered string keeps its type, as a quoted YAML scalar does when Atmos re-parses the section.
 */
export function renderComponentValue(value: unknown, ...pass: ComponentPass): unknown {
    const render = (v: unknown): unknown => {
        if (typeof v === "string") return renderComponentString(v, ...pass);
        if (Array.isArray(v)) return v.map(render);
        return isPlainObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, render(x)])) : v;
    };
    return render(value);
}

/** What a component-pass template renders with: the component's context, the settings, the value's source. */
type ComponentPass = [context: Readonly<Record<string, unknown>>, settings: TemplateSettings, source: TemplateSource];

/**
 * The data a component-pass template sees: the component's merged sections plus Atmos's
 * `atmos_component`, `atmos_stack`, `atmos_stack_file`, `atmos_manifest`, `stack`, `component`
 * and `workspace`.
 */
export function componentTemplateContext(input: {
    /** The instance name (`atmos_component`). */
    readonly instance: string;
    /** The stack name (`atmos_stack`, `stack`). */
    readonly stack: string;
    /** The manifest path relative to the stacks directory, without extension (`atmos_stack_file`, `atmos_manifest`). */
    readonly stackFile: string;
    /** The Terraform component directory (`component`). */
    readonly component: string;
    /** The Terraform workspace. */
    readonly workspace?: string;
    /** The merged sections: vars, settings, env, metadata, providers, backend, backend_type, overrides, hooks, command, locals, inheritance, imports... */
    readonly sections: Readonly<Record<string, unknown>>;
}): Record<string, unknown> {
    return {
        vars: {},
        settings: {},
        env: {},
        metadata: {},
        providers: {},
        backend: {},
        overrides: {},
        hooks: {},
        ...input.sections,
        atmos_component: input.instance,
        atmos_stack: input.stack,
        stack: input.stack,
        atmos_stack_file: input.stackFile,
        atmos_manifest: input.stackFile,
        component: input.component,
        workspace: input.workspace ?? input.stack,
    };
}

/** Options of {@link renderImportText}. */
export interface ImportTemplateOptions {
    /** `ignore_missing_template_values` of the import (or atmos.yaml): missing keys print `<no value>`. */
    readonly ignoreMissing?: boolean;
    /** Whether the context came from an importing file: without one, a failure leaves the raw text. */
    readonly contextFromOutside: boolean;
    /** The environment `env`-reading functions see. @default process.env */
    readonly env?: Environment;
    /** `.version` is an empty map (no Version Tracker lock file, see AtmosConfig's `versionsUnlocked`). */
    readonly versionsUnlocked?: boolean;
}

/**
 * A line whose scalar is exactly one field chain: `lead` (indentation, list dashes, a key), the
 * quoted or plain `{{ .path }}`, and `tail` (a comment). Everything stays on one line (a key never
 * runs across a line break), so each line is tried on its own, in time linear in the line: the
 * indentation and dashes are taken whole (a lookahead and its backreference: no backtracking into
 * them), and a key is tried from one place (a plain key after the dashes, or one starting at the
 * last dash, as `-` is a key's first character too; a quoted key; or the `:` of an explicit key).
 * Atmos types such a scalar wherever the YAML holds it, when the raw file parses
 * (`processStructuredTemplateRefs`, internal/exec/stack_processor_utils.go); an unquoted one it
 * renders as text, which go-yaml types the same way for a number or a bool.
 */
const KEY_CHAR = String.raw`[^:#\n\r\u2028\u2029]`;
const LEAD =
    String.raw`(?<lead>(?=(?<indent>[ \t]*(?:-[ \t]+)*))\k<indent>(?:` +
    [
        String.raw`[^\s#'"]${KEY_CHAR}*?:[ \t]+`,
        String.raw`(?<=-[ \t]+)${KEY_CHAR}*?:[ \t]+`,
        String.raw`"(?:[^"\\\n\r\u2028\u2029]|\\.)*"[ \t]*:[ \t]+`,
        String.raw`'(?:[^'\n\r\u2028\u2029]|'')*'[ \t]*:[ \t]+`,
        String.raw`:[ \t]+`,
        "",
    ].join("|") +
    "))";
/** `{{ .path }}`, trim markers allowed. */
const FIELD_ACTION = String.raw`\{\{-?[ \t]*(?<path>(?:\.[\p{L}_][\p{L}_0-9]*)+)[ \t]*-?\}\}`;
const EXACT_SCALAR = new RegExp(String.raw`^${LEAD}(?<q>["']?)${FIELD_ACTION}\k<q>(?<tail>[ \t]*(?:#.*)?)$`, "gmu");
/** A line whose value is a flow collection (`[...]` or `{...}`) starting on it. */
const FLOW_LINE = new RegExp(String.raw`^${LEAD}(?<flow>[[{][^\n\r\u2028\u2029]*)$`, "gmu");
/** A quoted scalar that is exactly one field chain. */
const QUOTED_FIELD = new RegExp(String.raw`^(?<q>["'])${FIELD_ACTION}\k<q>$`, "u");

/**
 * The quoted values of a one-line flow collection (`k: ["{{ .n }}", x]`) that are exactly one
 * field chain, given the typed value: Atmos types them as it types a block scalar (the file
 * parses, so `processStructuredTemplateRefs` sees them). Keys are left, as Atmos leaves them. A
 * collection that does not close on its line, or anything this scan does not know, is left whole.
 * One pass over the text: linear.
 */
function typeFlowItems(flow: string, typedValue: (path: string) => string | undefined): string | undefined {
    const stack: string[] = [];
    let out = "";
    let prev = "";
    let i = 0;
    let changed = false;
    while (i < flow.length) {
        const c = flow[i];
        if (stack.length === 0 && i > 0) {
            // after the collection: only a comment
            return /^[ \t]*(?:#.*)?$/u.test(flow.slice(i)) && changed ? out + flow.slice(i) : undefined;
        }
        if (c === "[" || c === "{") {
            stack.push(c);
            prev = c;
            out += c;
            i++;
        } else if (c === "]" || c === "}") {
            if (stack.pop() !== (c === "]" ? "[" : "{")) return undefined;
            prev = c;
            out += c;
            i++;
        } else if (c === "," || c === ":") {
            prev = c;
            out += c;
            i++;
        } else if (c === " " || c === "\t") {
            out += c;
            i++;
        } else if (c === '"' || c === "'") {
            let j = i + 1;
            for (;;) {
                if (j >= flow.length) return undefined;
                if (c === '"' && flow[j] === "\\") j += 2;
                else if (c === "'" && flow[j] === "'" && flow[j + 1] === "'") j += 2;
                else if (flow[j] === c) break;
                else j++;
            }
            const token = flow.slice(i, j + 1);
            let k = j + 1;
            while (flow[k] === " " || flow[k] === "\t") k++;
            const next = flow[k] ?? "";
            const inMapping = stack[stack.length - 1] === "{";
            const isValue = (next === "," || next === "]" || next === "}") && (inMapping ? prev === ":" : true);
            const match = isValue ? QUOTED_FIELD.exec(token) : null;
            const typed = match?.groups ? typedValue(match.groups.path) : undefined;
            out += typed ?? token;
            if (typed !== undefined) changed = true;
            prev = token;
            i = j + 1;
        } else if (c === "#") {
            return undefined;
        } else {
            // a plain scalar: up to a flow indicator or `: `
            let j = i;
            while (
                j < flow.length &&
                !",[]{}#".includes(flow[j]) &&
                !(flow[j] === ":" && /[\s,[\]{}]/u.test(flow[j + 1] ?? " "))
            )
                j++;
            if (j === i) return undefined;
            out += flow.slice(i, j);
            prev = flow.slice(i, j);
            i = j;
        }
    }
    return stack.length === 0 && changed ? out : undefined;
}

/**
 * An import file's text rendered before YAML parsing (a `.yaml.tmpl` file, or one imported with a
 * `context`). Sprig's and Gomplate's functions are available, `{{ }}` only.
 */
export function renderImportText(
    text: string,
    data: Readonly<Record<string, unknown>>,
    file: string,
    options: ImportTemplateOptions,
): string {
    if (!hasTemplate(text)) return text;
    // Atmos adds `.version` to a non-empty context when the file mentions it (stack_processor_utils.go
    // 455, 466; pkg/version/manager/context.go 30-55): an empty map without a lock file, else
    // refused by name where it is read.
    const context =
        Object.keys(data).length > 0 && !hasOwn(data, "version") && /\.version\b/.test(text)
            ? { ...data, version: options.versionsUnlocked === true ? {} : versionContextRefused() }
            : data;
    const typed = typeExactFields(text, context, false);
    // Atmos's ProcessTmpl: Gomplate's, then Sprig's, then Atmos's functions.
    const funcs = atmosFunctionMap({ sprig: true, gomplate: true }, options.env);
    try {
        const t = GoTemplate.parse(file, typed, {
            funcs,
            sprig: true,
            missingKey: options.ignoreMissing ? "default" : "error",
        });
        return t.execute(context);
    } catch (e) {
        // a limit is never left as the raw text: rendering it again would only reach it again
        if (!options.contextFromOutside && !(e instanceof TemplateLimitExceeded)) return text;
        const missing = e instanceof TemplateError && /map has no entry for key/.test(e.message);
        wrap(e, {
            file,
            what: "import template",
            // Atmos's ProcessTmpl (internal/exec/template_utils.go 53-95): missingkey=error unless set.
            ...(missing ? { hint: MISSING_KEY_HINT } : {}),
        });
    }
}

/**
 * Atmos's `.version`: the Atmos Version Tracker's lock file (pkg/version/manager/context.go 30-55,
 * lock.go 145-170), which this port does not read: refused by name where a template reads it.
 */
export function versionContextRefused(): UnknownValue {
    return refusedSection(
        ".version",
        "Atmos gives the versions of the Atmos Version Tracker's lock file (versions.lock.yaml), added when the YAML mentions .version (internal/exec/utils.go 1011-1016, stack_processor_utils.go 455-466, pkg/version/manager/context.go 30-55)",
    );
}

/** A section of the template data this port does not compute, refused by name (`text`) when a template reads it. */
export function refusedSection(text: string, reason: string): UnknownValue {
    return new UnknownValue(
        text,
        (v) => `is not given by this port: ${(v.origin as { reason: string }).reason}; write the value itself`,
        { kind: "refused", reason, code: "UNSUPPORTED" },
    );
}

/** What a missing key in an import template says (the setting that would print `<no value>`). */
const MISSING_KEY_HINT =
    "a missing value is an error in an import template; set ignore_missing_template_values: true on the import, or templates.settings.ignore_missing_template_values: true in atmos.yaml, to print <no value> instead";

/**
 * Scalars that are exactly one field chain found in `context`, replaced by the value (as JSON,
 * which YAML reads back), line by line and in one-line flow collections: Atmos's
 * processStructuredTemplateRefs (internal/exec/stack_processor_utils.go 360-385). Strings are
 * replaced too when `strings` (the text then stays unrendered otherwise); else only typed values
 * (the template pass renders strings).
 */
export function typeExactFields(text: string, context: Readonly<Record<string, unknown>>, strings: boolean): string {
    const typedValue = (path: string): string | undefined => {
        const value = dig(context, path.slice(1).split("."));
        if (value === undefined || (typeof value === "string" && !strings) || (value === null && !strings))
            return undefined;
        return goJson(value, "", true);
    };
    // flow collections first: the JSON the line pass writes is not scanned again
    return text
        .replace(FLOW_LINE, (whole, ...rest) => {
            const groups = rest[rest.length - 1] as Record<string, string>;
            const flow = groups.flow.includes("{{") ? typeFlowItems(groups.flow, typedValue) : undefined;
            return flow === undefined ? whole : groups.lead + flow;
        })
        .replace(EXACT_SCALAR, (whole, ...rest) => {
            const groups = rest[rest.length - 1] as Record<string, string>;
            const value = typedValue(groups.path);
            return value === undefined ? whole : groups.lead + value + groups.tail;
        });
}

/**
 * An import path holding a template (Atmos's renderImportPath), rendered with ProcessTmpl from the
 * settings, vars and env of the imports processed before it and the import's context. A missing
 * value fails (naming the file and the import) unless `ignoreMissing`.
 */
export function renderImportPath(
    path: string,
    context: Readonly<Record<string, unknown>>,
    file: string,
    options: { readonly ignoreMissing?: boolean; readonly env?: Environment } = {},
): string {
    if (!hasTemplate(path)) return path;
    try {
        return processTmpl(`import-path(${file})`, path, context, options.ignoreMissing === true, options.env);
    } catch (e) {
        wrap(e, { file, what: `import path ${JSON.stringify(path)} in ${file}` });
    }
}
