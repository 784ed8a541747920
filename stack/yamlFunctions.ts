/**
 * Atmos YAML functions (`!env`, `!exec`, `!terraform.output`, `!store`, ...) with Atmos's argument syntax: evaluated
 * while loading, returned as deploy-time references, or refused by name. Pure apart from `!exec`, `!env`,
 * `!repo-root`.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as nodePath from "node:path";
import { checkJsonDepth } from "../gotemplate";
import { deployTimeReference as reference } from "../components/kit/deployTime";
import { isPlainObject } from "../util/objects";
import { compareGoStrings } from "../util/goOrder";

export { isDeployTimeReference } from "../components/kit/deployTime";
import type { SsmParameterReference } from "../components/kit/deployTime";
import { CloudposseError } from "../util/errors";
export type { DeployTimeReference, SsmParameterReference, StackOutputReference } from "../components/kit/deployTime";

/** Every YAML function (tag) Atmos defines in stack manifests. */
export const ATMOS_YAML_FUNCTIONS = [
    "!include",
    "!include.raw",
    "!append",
    "!literal",
    "!template",
    "!exec",
    "!env",
    "!terraform.output",
    "!terraform.state",
    "!store",
    "!store.get",
    "!repo-root",
    "!git.root",
    "!cwd",
    "!unset",
    "!git.sha",
    "!git.ref",
    "!git.branch",
    "!git.repository",
    "!git.owner",
    "!git.name",
    "!git.host",
    "!git.url",
    "!aws.account_id",
    "!aws.caller_identity_arn",
    "!aws.caller_identity_user_id",
    "!aws.region",
    "!aws.organization_id",
    "!secret",
    "!emulator",
    "!version",
    "!tags",
    "!labels",
    "!labels.keys",
    "!labels.values",
    "!random",
    "!cel",
] as const;

/** The functions a loader hands to {@link evaluateYamlFunction} (those not acting at parse time). */
const VALUE_FUNCTIONS = new Set<string>(
    ATMOS_YAML_FUNCTIONS.filter((f) => !["!include", "!include.raw", "!append", "!literal"].includes(f)),
);

/** Why each refused function is refused. */
const REFUSED: Record<string, string> = {
    "!git.sha": "reads the Git repository while loading",
    "!git.ref": "reads the Git repository while loading",
    "!git.branch": "reads the Git repository while loading",
    "!git.repository": "reads the Git repository while loading",
    "!git.owner": "reads the Git repository while loading",
    "!git.name": "reads the Git repository while loading",
    "!git.host": "reads the Git repository while loading",
    "!git.url": "reads the Git repository while loading",
    "!aws.account_id": "calls AWS STS while loading; use the program's AWS provider (aws.getCallerIdentity) instead",
    "!aws.caller_identity_arn": "calls AWS STS while loading",
    "!aws.caller_identity_user_id": "calls AWS STS while loading",
    "!aws.region": "reads the AWS SDK configuration while loading; set region in vars",
    "!aws.organization_id": "calls AWS Organizations while loading",
    "!secret": "reads an Atmos secrets store; pass secrets as Pulumi secret config instead",
    "!emulator": "points at an Atmos emulator",
    "!version": "reads Atmos's version requirements",
};

/**
 * Functions Atmos accepts in a stack manifest but never evaluates there: the parser keeps them as
 * the text `!tag args` (pkg/utils/yaml_utils.go 826-833), and the component pass has no case for
 * them (internal/exec/yaml_func_utils.go processSimpleTags 300-473), so the value is that text.
 * `!cwd` and `!random` are evaluated only in atmos.yaml (pkg/config/process_yaml.go 473-476, 643-646).
 */
const LEFT_AS_TEXT: Record<string, string> = {
    "!cwd": "Atmos evaluates !cwd only in atmos.yaml",
    "!random": "Atmos evaluates !random only in atmos.yaml",
    "!cel": "Atmos does not evaluate !cel in stack manifests",
};

/** Returned by `!unset`: the key is removed. */
export const UNSET: unique symbol = Symbol("atmos.unset");

/** A YAML function that failed or is refused. */
export class YamlFunctionError extends CloudposseError {
    readonly code = "YAML_FUNCTION";
    /** The function's tag (`!env`). */
    readonly tag: string;
    constructor(tag: string, message: string) {
        super(message);
        this.name = "YamlFunctionError";
        this.tag = tag;
    }
}

/** What YAML functions may read. */
export interface YamlFunctionContext {
    /** The component's merged `env` section (read before the process environment by `!env`). */
    readonly componentEnv?: Readonly<Record<string, unknown>>;
    /** The process environment. @default process.env */
    readonly processEnv?: Readonly<Record<string, string | undefined>>;
    /** The working directory (`!cwd`; where `!repo-root` starts looking). @default process.cwd() */
    readonly cwd?: string;
    /** Whether `!exec` may run commands (`allowExec` config / `--allow-exec`). @default false */
    readonly allowExec?: boolean;
    /** Runs a shell command and returns its standard output. @default `sh -c` */
    readonly runCommand?: (command: string) => string;
    /** atmos.yaml `stores`, by name. */
    readonly stores?: Readonly<Record<string, unknown>>;
    /** The current stack name (for `!store` without a stack). */
    readonly stack?: string;
    /** The component's merged `metadata` section (`!tags`, `!labels`, `!labels.keys`, `!labels.values`). */
    readonly metadata?: Readonly<Record<string, unknown>>;
    /** Told when a function's value is not what its name suggests (`!cwd` in a stack manifest). */
    readonly warn?: (message: string) => void;
}

/** A string that starts with a known function tag, split into tag and argument text. */
export function parseYamlFunction(value: string): { tag: string; args: string } | undefined {
    if (!value.startsWith("!")) return undefined;
    // Atmos matches the tag as a prefix, so `!template["a"]` (a `{{-` template ate the space) is `!template`.
    const m = /^(![A-Za-z0-9_.-]+)([\s\S]*)$/.exec(value);
    if (!m) return undefined;
    if (!(ATMOS_YAML_FUNCTIONS as readonly string[]).includes(m[1])) return undefined;
    if (m[2] !== "" && !/^[ \t\r\n]/.test(m[2]) && !/^[[{"']/.test(m[2])) return undefined;
    return { tag: m[1], args: m[2].trim() };
}

/** Whether a string is a YAML function the loader evaluates per component (`!env HOME`, not `!include`). */
export function isValueFunction(value: unknown): value is string {
    if (typeof value !== "string") return false;
    const call = parseYamlFunction(value);
    return call !== undefined && VALUE_FUNCTIONS.has(call.tag);
}

/**
 * The tokens of a YAML function's arguments as Atmos's lexer finds them (pkg/function/parser/
 * parser.go 79-84: whitespace, a quoted string with doubled quotes inside, `|`, other text), each
 * with where it starts; whitespace is left out. The rules are Go's regular expressions, whose `\s`
 * is ASCII whitespace only (a no-break space is text). A text token starting with a quote (a quote
 * left open) is refused, as Atmos refuses it (parser.go 117-119).
 */
export function argumentTokens(text: string, tag: string): { readonly value: string; readonly start: number }[] {
    // whitespace | quoted | pipe | text, tried in that order as participle's lexer does
    const token = /([\t\n\f\r ]+)|("(?:[^"\r\n]|"")*"|'(?:[^'\r\n]|'')*')|(\|)|([^\t\n\f\r |]+)/y;
    const out: { value: string; start: number }[] = [];
    for (let at = 0; at < text.length;) {
        token.lastIndex = at;
        const m = token.exec(text);
        if (m === null) break; // unreachable: the last rule takes any other character
        if (m[4] !== undefined && (m[4][0] === "'" || m[4][0] === '"')) {
            throw new YamlFunctionError(
                tag,
                `${tag}: the quote opened at column ${at + 1} of ${JSON.stringify(text)} is not closed (Atmos refuses an unterminated quoted value)`,
            );
        }
        if (m[1] === undefined) out.push({ value: m[0], start: at });
        at += m[0].length;
    }
    return out;
}

/** A token without its quotes, a doubled quote inside as one (parser.go unquote 149-162). */
export function unquoteArgument(value: string): string {
    const v = value.trim();
    if (v.length < 2 || v[0] !== v[v.length - 1] || (v[0] !== "'" && v[0] !== '"')) return v;
    return v
        .slice(1, -1)
        .split(v[0] + v[0])
        .join(v[0]);
}

/** Whether a token starts an expression rather than naming a stack (parser.go isExpressionStart 164-170). */
function isExpressionStart(value: string): boolean {
    return ".[{|'\"".includes(value.trim()[0] ?? " ");
}

/**
 * `!terraform.output` and `!terraform.state`'s `component [stack] expression` as Atmos's
 * ParseTerraform splits them (parser.go 192-218): the expression is everything from its first
 * token on, unquoted; the second token is the expression when there are two tokens or it starts
 * one. Undefined when the arguments are not that shape.
 */
function terraformArguments(
    text: string,
    tag: string,
): { component: string; stack?: string; expression: string } | undefined {
    const tokens = argumentTokens(text, tag);
    if (tokens.length < 2) return undefined;
    const from = (i: number) => unquoteArgument(text.slice(tokens[i].start));
    const component = unquoteArgument(tokens[0].value);
    if (tokens.length === 2 || isExpressionStart(tokens[1].value)) return { component, expression: from(1) };
    if (tokens.length > 3 && !isExpressionStart(tokens[2].value)) return undefined;
    return { component, stack: unquoteArgument(tokens[1].value), expression: from(2) };
}

/** Splits arguments on spaces; `"..."` and `'...'` group, a doubled quote inside is one quote. */
export function splitArguments(text: string): string[] {
    const out: string[] = [];
    let cur = "";
    let inToken = false;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '"' || c === "'") {
            inToken = true;
            let j = i + 1;
            for (; j < text.length; j++) {
                if (text[j] === c) {
                    if (text[j + 1] === c) {
                        cur += c;
                        j++;
                        continue;
                    }
                    break;
                }
                cur += text[j];
            }
            i = j;
            continue;
        }
        if (c === " " || c === "\t" || c === "\n" || c === "\r") {
            if (inToken) out.push(cur);
            cur = "";
            inToken = false;
            continue;
        }
        cur += c;
        inToken = true;
    }
    if (inToken) out.push(cur);
    return out;
}

/** Splits on `|` outside quotes. */
function splitPipes(text: string): string[] {
    const out: string[] = [];
    let cur = "";
    let quote = "";
    for (const c of text) {
        if (quote) {
            if (c === quote) quote = "";
        } else if (c === '"' || c === "'") quote = c;
        else if (c === "|") {
            out.push(cur.trim());
            cur = "";
            continue;
        }
        cur += c;
    }
    out.push(cur.trim());
    return out;
}

/**
 * A yq path (`.a.b[0]`, `.["a-b"]`, `a`) as keys and indexes; anything else (pipes, operators,
 * functions) is refused, naming the expression.
 */
export function parseYqPath(expression: string, tag: string): (string | number)[] {
    let s = expression.trim();
    if (s === "" || s === ".") return [];
    if (!s.startsWith(".") && !s.startsWith("[")) s = "." + s;
    const out: (string | number)[] = [];
    let i = 0;
    const bad = (): never => {
        throw new YamlFunctionError(
            tag,
            `${tag}: the yq expression ${JSON.stringify(expression)} is not supported by this port; only a path such as .a.b[0] or .["key"] is`,
        );
    };
    while (i < s.length) {
        if (s[i] === ".") {
            i++;
            if (s[i] === "[") continue;
            const m = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(s.slice(i)) ?? /^"((?:[^"\\]|\\.)*)"/.exec(s.slice(i));
            if (!m) bad();
            out.push(m![0].startsWith('"') ? (JSON.parse(m![0]) as string) : m![0]);
            i += m![0].length;
        } else if (s[i] === "[") {
            const m = /^\[\s*(?:(-?\d+)|"((?:[^"\\]|\\.)*)"|'([^']*)')\s*\]/.exec(s.slice(i));
            if (!m) bad();
            out.push(
                m![1] !== undefined
                    ? Number(m![1])
                    : m![2] !== undefined
                      ? (JSON.parse(`"${m![2]}"`) as string)
                      : m![3],
            );
            i += m![0].length;
        } else bad();
    }
    return out;
}

/** Follows a path of keys and indexes into a value; undefined when it leads nowhere. */
export function followPath(value: unknown, path: readonly (string | number)[]): unknown {
    let v = value;
    for (const k of path) {
        if (typeof k === "number" && Array.isArray(v)) v = v[k < 0 ? v.length + k : k];
        else if (typeof k === "string" && isPlainObject(v)) v = v[k];
        else return undefined;
    }
    return v;
}

function jsonOrText(text: string): unknown {
    try {
        checkJsonDepth(text);
    } catch (e) {
        throw new YamlFunctionError("!template", `!template: ${(e as Error).message}`);
    }
    try {
        return JSON.parse(text);
    } catch {
        return text;
    }
}

/** The nearest directory holding `.git`, from `start` upwards. */
export function findRepoRoot(start: string): string | undefined {
    let dir = nodePath.resolve(start);
    for (;;) {
        if (fs.existsSync(nodePath.join(dir, ".git"))) return dir;
        const parent = nodePath.dirname(dir);
        if (parent === dir) return undefined;
        dir = parent;
    }
}

function defaultRun(command: string): string {
    return execFileSync("sh", ["-c", command], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * Evaluates one YAML function written as a string (`!env HOME`), after templates, as Atmos does
 * per component. Returns the value, a {@link DeployTimeReference}, or {@link UNSET}; throws a
 * {@link YamlFunctionError} for a refused or failing function.
 */
export function evaluateYamlFunction(value: string, context: YamlFunctionContext = {}): unknown {
    const call = parseYamlFunction(value);
    if (!call) return value;
    const { tag, args } = call;
    const env = context.processEnv ?? process.env;
    const cwd = context.cwd ?? process.cwd();
    if (REFUSED[tag]) throw new YamlFunctionError(tag, `${tag} is not supported by this port: it ${REFUSED[tag]}`);
    if (LEFT_AS_TEXT[tag]) {
        context.warn?.(
            `${tag} is left as the text ${JSON.stringify(value)}, as Atmos leaves it in a stack manifest (${LEFT_AS_TEXT[tag]})`,
        );
        return value;
    }
    switch (tag) {
        case "!tags":
        case "!labels":
        case "!labels.keys":
        case "!labels.values":
            return ownMetadata(tag, args, context.metadata ?? {});
        case "!unset":
            return UNSET;
        case "!template":
            if (args === "") throw new YamlFunctionError(tag, "!template needs an argument");
            return jsonOrText(args);
        case "!env": {
            // Atmos's ParseEnv (pkg/function/parser/parser.go 243-259): one or two tokens, unquoted
            const parts = argumentTokens(args, tag).map((t) => unquoteArgument(t.value));
            if (parts.length < 1 || parts.length > 2) {
                throw new YamlFunctionError(
                    tag,
                    `!env takes a variable name and an optional default, got ${JSON.stringify(args)}`,
                );
            }
            const [name, fallback] = parts;
            const componentEnv = context.componentEnv;
            const own =
                componentEnv && Object.prototype.hasOwnProperty.call(componentEnv, name)
                    ? componentEnv[name]
                    : undefined;
            if (own !== undefined && own !== null) return String(own);
            // os.LookupEnv: a variable set to "" is set, and beats the default (an inherited `constructor` is not set).
            const fromProcess = Object.prototype.hasOwnProperty.call(env, name) ? env[name] : undefined;
            if (fromProcess !== undefined) return fromProcess;
            return fallback ?? "";
        }
        case "!repo-root":
        case "!git.root": {
            const root = findRepoRoot(cwd);
            if (root !== undefined) return root;
            if (args !== "") return splitArguments(args)[0] ?? args;
            throw new YamlFunctionError(tag, `${tag}: ${cwd} is not inside a Git repository, and no default was given`);
        }
        case "!exec": {
            if (!context.allowExec) {
                throw new YamlFunctionError(
                    tag,
                    `!exec runs a command (${JSON.stringify(args)}); it is refused unless you opt in with the allowExec config or --allow-exec`,
                );
            }
            let out: string;
            try {
                out = (context.runCommand ?? defaultRun)(args);
            } catch (e) {
                throw new YamlFunctionError(
                    tag,
                    `!exec ${JSON.stringify(args)} failed: ${e instanceof Error ? e.message : String(e)}`,
                );
            }
            return jsonOrText(out.trim());
        }
        case "!terraform.output":
        case "!terraform.state": {
            const parsed = terraformArguments(args, tag);
            if (parsed === undefined || parsed.component === "" || parsed.expression === "") {
                throw new YamlFunctionError(
                    tag,
                    `${tag} takes a component, an optional stack and an output (\`${tag} <component> [<stack>] <output>\`), got ${JSON.stringify(args)}`,
                );
            }
            const { component, stack, expression } = parsed;
            const path = parseYqPath(expression, tag);
            if (path.length === 0 || typeof path[0] !== "string") {
                throw new YamlFunctionError(tag, `${tag}: ${JSON.stringify(expression)} does not name an output`);
            }
            return reference({
                kind: "stack-output",
                function: tag,
                component,
                ...(stack !== undefined && stack !== "" ? { stack } : {}),
                output: path[0],
                path: path.slice(1),
                text: value,
            });
        }
        case "!store":
        case "!store.get":
            return storeReference(tag, args, value, context);
    }
    throw new YamlFunctionError(tag, `${tag} is not supported by this port`);
}

/**
 * `!tags` and `!labels[.keys|.values]`: the component's own merged `metadata.tags` (its strings, in
 * order) and `metadata.labels` (its string values; keys sorted as Go's sort.Strings sorts them),
 * as internal/exec/yaml_func_tags.go 52-99 and pkg/tags/convert.go 12-72 compute them. Atmos
 * matches the tag exactly (yaml_func_utils.go 449-470): with arguments it is not these functions.
 */
function ownMetadata(tag: string, args: string, metadata: Readonly<Record<string, unknown>>): unknown {
    if (args !== "") {
        throw new YamlFunctionError(
            tag,
            `${tag} takes no arguments, got ${JSON.stringify(args)} (Atmos would leave the text unevaluated)`,
        );
    }
    if (tag === "!tags") {
        const tags = metadata.tags;
        return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
    }
    const raw = metadata.labels;
    const labels = new Map<string, string>();
    if (isPlainObject(raw)) {
        for (const [key, value] of Object.entries(raw)) if (typeof value === "string") labels.set(key, value);
    }
    const keys = [...labels.keys()].sort(compareGoStrings);
    if (tag === "!labels.keys") return keys;
    if (tag === "!labels.values") return keys.map((k) => labels.get(k)!);
    return Object.fromEntries(keys.map((k) => [k, labels.get(k)!]));
}

function storeReference(
    tag: "!store" | "!store.get",
    args: string,
    text: string,
    context: YamlFunctionContext,
): SsmParameterReference {
    const [main, ...modifiers] = splitPipes(args);
    const parts = splitArguments(main);
    let fallback: unknown = undefined;
    let path: (string | number)[] = [];
    for (const m of modifiers) {
        const [word, ...rest] = splitArguments(m);
        if (word === "default" && rest.length === 1) fallback = rest[0];
        else if (word === "query" && rest.length === 1) path = parseYqPath(rest[0], tag);
        else
            throw new YamlFunctionError(
                tag,
                `${tag}: unknown modifier ${JSON.stringify(m)} (expected "| default <value>" or "| query <expression>")`,
            );
    }
    const storeName = parts[0];
    const stores = context.stores ?? {};
    const store = storeName === undefined ? undefined : stores[storeName];
    if (storeName === undefined) throw new YamlFunctionError(tag, `${tag} needs a store name`);
    if (!isPlainObject(store)) {
        throw new YamlFunctionError(
            tag,
            `${tag}: no store ${JSON.stringify(storeName)} in atmos.yaml stores${Object.keys(stores).length ? ` (known: ${Object.keys(stores).join(", ")})` : ""}`,
        );
    }
    if (store.type !== "aws-ssm-parameter-store") {
        throw new YamlFunctionError(
            tag,
            `${tag}: store ${JSON.stringify(storeName)} has type ${JSON.stringify(store.type)}; this port reads only aws-ssm-parameter-store stores`,
        );
    }
    const options = isPlainObject(store.options) ? store.options : {};
    const prefix = typeof options.prefix === "string" ? options.prefix : "";
    const delimiter = typeof options.stack_delimiter === "string" ? options.stack_delimiter : "-";
    const region = typeof options.region === "string" ? options.region : undefined;
    let parameter: string;
    if (tag === "!store.get") {
        if (parts.length !== 2)
            throw new YamlFunctionError(tag, `!store.get takes a store and a key, got ${JSON.stringify(main)}`);
        // Atmos's SSMStore.GetKey: the prefix, a slash and the key, with a leading slash.
        const name = prefix !== "" ? `${prefix}/${parts[1]}` : parts[1];
        parameter = name.startsWith("/") ? name : `/${name}`;
    } else {
        if (parts.length < 3 || parts.length > 4) {
            throw new YamlFunctionError(
                tag,
                `!store takes a store, an optional stack, a component and a key, got ${JSON.stringify(main)}`,
            );
        }
        const [stack, component, key] = parts.length === 3 ? [context.stack ?? "", parts[1], parts[2]] : parts.slice(1);
        const segments = [
            prefix,
            ...(stack ? stack.split(delimiter) : []),
            ...(component ? component.split("/") : []),
            key,
        ];
        parameter = segments.join("/").replace(/\/\//g, "/");
    }
    return reference({
        kind: "ssm-parameter",
        function: tag,
        store: storeName,
        parameter,
        ...(region !== undefined ? { region } : {}),
        ...(fallback !== undefined ? { default: fallback } : {}),
        path,
        text,
    });
}
