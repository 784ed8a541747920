/**
 * Type and rule checks of label inputs. Every error names the field (camelCase, prefixed with
 * `context.` for a context value), states the rule and shows the value received.
 */
import { problem, reportedProblem, userKey, type Problem, type ProblemPath } from "../util/problem";
import { isPlainObject } from "../util/objects";
import { CloudposseError } from "../util/errors";

/**
 * The error thrown for invalid label input. `message` is the single problem, or
 * `invalid label input: ` followed by every problem joined with `; `. Each problem reads
 * `<field> <rule>, got <value>`, the field camelCased (`context.` for a context value).
 */
export class LabelError extends CloudposseError {
    /** The first problem's code. */
    readonly code: string;

    /** @param problems - Every problem found (a string is a rule about the whole input). */
    constructor(problems: readonly (Problem | string)[]) {
        const reported = problems.map((p) =>
            reportedProblem(typeof p === "string" ? problem("INVALID_LABEL", [], p) : p),
        );
        const texts = reported.map((p) => p.message);
        super(texts.length === 1 ? texts[0] : `invalid label input: ${texts.join("; ")}`, reported);
        this.name = "LabelError";
        this.code = reported[0]?.code ?? "INVALID_LABEL";
    }
}

/** Throws `<field> <rule>, got <value>`. */
export function fail(path: ProblemPath, rule: string, value: unknown, code = "INVALID_VALUE"): never {
    throw new LabelError([problem(code, path, rule, value)]);
}

/** A string, or null for null/undefined. */
export function optString(field: ProblemPath, value: unknown): string | null {
    if (value === null || value === undefined) return null;
    if (typeof value !== "string") fail(field, "must be a string", value, "TYPE_MISMATCH");
    return value;
}

/** A boolean, or null for null/undefined. */
export function optBoolean(field: ProblemPath, value: unknown): boolean | null {
    if (value === null || value === undefined) return null;
    if (typeof value !== "boolean") fail(field, "must be a boolean", value, "TYPE_MISMATCH");
    return value;
}

/** A whole number, or null for null/undefined. */
export function optWholeNumber(field: ProblemPath, value: unknown): number | null {
    if (value === null || value === undefined) return null;
    if (typeof value !== "number" || Number.isNaN(value)) fail(field, "must be a number", value, "TYPE_MISMATCH");
    if (!Number.isInteger(value)) fail(field, "must be a whole number", value, "TYPE_MISMATCH");
    return value;
}

/** A list of strings (a JS array), or null for null/undefined. */
export function optStringList(field: ProblemPath, value: unknown): readonly string[] | null {
    if (value === null || value === undefined) return null;
    if (!Array.isArray(value)) fail(field, "must be a list of strings", value, "TYPE_MISMATCH");
    for (let i = 0; i < value.length; i++) {
        if (typeof value[i] !== "string") fail([...field, i], "must be a string", value[i], "TYPE_MISMATCH");
    }
    return value as readonly string[];
}

/** A map of strings (a plain object), or null for null/undefined. */
export function optStringMap(field: ProblemPath, value: unknown): Readonly<Record<string, string>> | null {
    if (value === null || value === undefined) return null;
    if (!isPlainObject(value)) fail(field, "must be a map of strings", value, "TYPE_MISMATCH");
    for (const k in value) {
        if (typeof value[k] !== "string") fail([...field, userKey(k)], "must be a string", value[k], "TYPE_MISMATCH");
    }
    return value as Readonly<Record<string, string>>;
}

/** Validates an allowed-values field (null allowed). */
export function optOneOf<T extends string>(field: ProblemPath, value: unknown, allowed: readonly T[]): T | null {
    if (value === null || value === undefined) return null;
    if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
        fail(field, `must be one of ${allowed.map((a) => `"${a}"`).join(", ")}`, value, "NOT_ONE_OF");
    }
    return value as T;
}
