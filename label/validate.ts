/**
 * Type and rule checks of label inputs. Every error names the field (camelCase, prefixed with
 * `context.` for a context value), states the rule and shows the value received.
 */
import { describeValue } from "../util/describeValue";

/** A value shown in an error message: strings quoted, objects as JSON. */
export function show(value: unknown): string {
    return describeValue(value, { maxLength: 203, ellipsis: "..." });
}

/**
 * The error thrown for invalid label input. `message` is the single problem, or
 * `invalid label input: ` followed by every problem joined with `; `. Each problem reads
 * `<field> <rule>, got <value>`, the field camelCased (`context.` for a context value).
 */
export class LabelError extends Error {
    /** Every problem found, each starting with the field it is about. */
    readonly problems: readonly string[];

    constructor(problems: readonly string[]) {
        super(problems.length === 1 ? problems[0] : `invalid label input: ${problems.join("; ")}`);
        this.name = "LabelError";
        this.problems = problems;
    }
}

/** Throws `<field> <rule>, got <value>`. */
export function fail(field: string, rule: string, value: unknown): never {
    throw new LabelError([`${field} ${rule}, got ${show(value)}`]);
}

/** A string, or null for null/undefined. */
export function optString(field: string, value: unknown): string | null {
    if (value === null || value === undefined) return null;
    if (typeof value !== "string") fail(field, "must be a string", value);
    return value;
}

/** A boolean, or null for null/undefined. */
export function optBoolean(field: string, value: unknown): boolean | null {
    if (value === null || value === undefined) return null;
    if (typeof value !== "boolean") fail(field, "must be a boolean", value);
    return value;
}

/** A whole number, or null for null/undefined. */
export function optWholeNumber(field: string, value: unknown): number | null {
    if (value === null || value === undefined) return null;
    if (typeof value !== "number" || Number.isNaN(value)) fail(field, "must be a number", value);
    if (!Number.isInteger(value)) fail(field, "must be a whole number", value);
    return value;
}

/** A list of strings (a JS array), or null for null/undefined. */
export function optStringList(field: string, value: unknown): readonly string[] | null {
    if (value === null || value === undefined) return null;
    if (!Array.isArray(value)) fail(field, "must be a list of strings", value);
    for (let i = 0; i < value.length; i++) {
        if (typeof value[i] !== "string") fail(`${field}[${i}]`, "must be a string", value[i]);
    }
    return value as readonly string[];
}

/** True for a plain object usable as a map. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
}

/** A map of strings (a plain object), or null for null/undefined. */
export function optStringMap(field: string, value: unknown): Readonly<Record<string, string>> | null {
    if (value === null || value === undefined) return null;
    if (!isPlainObject(value)) fail(field, "must be a map of strings", value);
    for (const k in value) {
        if (typeof value[k] !== "string") fail(`${field}[${JSON.stringify(k)}]`, "must be a string", value[k]);
    }
    return value as Readonly<Record<string, string>>;
}

/** Validates an allowed-values field (null allowed). */
export function optOneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T | null {
    if (value === null || value === undefined) return null;
    if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
        fail(field, `must be one of ${allowed.map((a) => `"${a}"`).join(", ")}`, value);
    }
    return value as T;
}

/** Sets an own enumerable property, safe for keys such as `__proto__` (tag keys are user data). */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
    if (key === "__proto__") {
        Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
    } else {
        obj[key] = value;
    }
}
