/**
 * The one problem model of the package: a stable `code`, a `path` of segments (never text to parse), the `rule`
 * broken and the `value` received; renderers give the TypeScript, stack-file and JSON wordings. Pure.
 */
import { describeValue } from "./describeValue";
import { escapeText } from "./terminalText";

/** A map key chosen by the user (a tag key, a descriptor name, an event-pattern field): never renamed. */
export interface UserKey {
    readonly key: string;
}

/** One step of a path: a field of the package's vocabulary, a list index, or a user's key. */
export type PathSegment = string | number | UserKey;

/** Where a problem is: from the argument (or var, or pattern root) down. */
export type ProblemPath = readonly PathSegment[];

/** A user's key as a path segment. */
export function userKey(key: string): UserKey {
    return { key };
}

/** One problem: what is wrong, where, with which value. */
export interface Problem {
    /** A stable code a program can switch on (`NOT_ONE_OF`, `TYPE_MISMATCH`, ...). */
    readonly code: string;
    /** Where the problem is; `[]` for the whole input. */
    readonly path: ProblemPath;
    /** The rule broken, in words, starting with a verb: `must be one of "lower", "title", "upper"`. */
    readonly rule: string;
    /** The value received (absent when no single value applies; present even when `undefined`). */
    readonly value?: unknown;
    /** More about the failure, after the value (`: invalid nested repetition operator`). */
    readonly detail?: string;
}

/** A problem; `value` is recorded only when given (an explicit `undefined` is a value received). */
export function problem(
    code: string,
    path: ProblemPath,
    rule: string,
    ...rest: [] | [unknown] | [unknown, string]
): Problem {
    if (rest.length === 0) return { code, path, rule };
    if (rest.length === 1) return { code, path, rule, value: rest[0] };
    return { code, path, rule, value: rest[0], detail: rest[1] };
}

/** True when the problem records the value received. */
export function hasValue(p: Problem): boolean {
    return Object.prototype.hasOwnProperty.call(p, "value");
}

/**
 * How a reader names the fields of a path: `field(name, parents)` gives the name of a field
 * segment, `parents` being the field segments before it (user keys and indexes left out).
 */
export interface PathNaming {
    field(name: string, parents: readonly string[]): string;
}

/** The TypeScript API's names: fields as declared (camelCase). */
export const TYPESCRIPT_NAMING: PathNaming = { field: (name) => name };

/** A path as text: `eventLogRetentionInDays`, `context.label_key_case`, `tags["OwnerTeam"]`, `attributes[1]`. */
export function formatPath(path: ProblemPath, naming: PathNaming = TYPESCRIPT_NAMING): string {
    let text = "";
    const parents: string[] = [];
    for (const segment of path) {
        if (typeof segment === "number") {
            text += `[${segment}]`;
        } else if (typeof segment === "string") {
            const name = naming.field(segment, parents);
            text += text === "" ? name : `.${name}`;
            parents.push(segment);
        } else {
            text += `[${escapeText(JSON.stringify(segment.key))}]`;
        }
    }
    return text;
}

/** The rule and the value of a problem, without its path: `must be one of 1, 3, got 4`. */
export function formatRule(p: Problem): string {
    const got = hasValue(p) ? `, got ${describeValue(p.value)}` : "";
    return `${p.rule}${got}${p.detail !== undefined ? `: ${p.detail}` : ""}`;
}

/** A problem as one line: `<path> <rule>, got <value>[: <detail>]`. */
export function formatProblem(p: Problem, naming: PathNaming = TYPESCRIPT_NAMING): string {
    const path = formatPath(p.path, naming);
    return path === "" ? formatRule(p) : `${path} ${formatRule(p)}`;
}

/** A problem as JSON-safe data (for `--json` output and logs). */
export interface ProblemJson {
    readonly code: string;
    /** The path's segments; a user's key is `{ "key": ... }`. */
    readonly path: readonly (string | number | UserKey)[];
    /** The path as text, in the naming asked for. */
    readonly field: string;
    readonly rule: string;
    /** The value received, as messages show it (strings quoted, the rest as JSON, shortened). */
    readonly value?: string;
    readonly detail?: string;
    /** The one-line message. */
    readonly message: string;
}

/** A problem as JSON-safe data. */
export function problemToJson(p: Problem, naming: PathNaming = TYPESCRIPT_NAMING): ProblemJson {
    return {
        code: p.code,
        path: p.path.map((segment) => (typeof segment === "object" ? { key: segment.key } : segment)),
        field: formatPath(p.path, naming),
        rule: p.rule,
        ...(hasValue(p) ? { value: describeValue(p.value) } : {}),
        ...(p.detail !== undefined ? { detail: p.detail } : {}),
        message: formatProblem(p, naming),
    };
}
