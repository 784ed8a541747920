/**
 * The error thrown for an event pattern that EventBridge would refuse, and the helpers that
 * build its JSON path and describe the offending value.
 */
import { describeValue } from "../util/describeValue";
import { problem, userKey, type Problem, type UserKey } from "../util/problem";

/**
 * Thrown when an event pattern is not one EventBridge would accept.
 *
 * `path` is a JSON path to the offending element (`$` is the pattern itself, e.g.
 * `$.detail.eventType`, `$.detail.x[0].numeric[1]`), `reason` says what is wrong and shows the value
 * received, and `message` is `${path}: ${reason}`.
 *
 * @example
 * ```ts
 * try { validateEventPattern({ detail: { eventType: "WARN" } }); }
 * catch (e) { (e as EventPatternError).message; } // '$.detail.eventType: leaf values must be a non-empty array, got "WARN"'
 * ```
 */
export class EventPatternError extends Error {
    /** JSON path of the offending element, starting at `$` (the pattern). */
    readonly path: string;
    /** What is wrong, in one sentence, with the value received. */
    readonly reason: string;
    /** The problem as data: its path as segments (the pattern's keys, never renamed), the rule. */
    readonly details: readonly Problem[];

    constructor(path: PatternPath | string, reason: string) {
        super(`${path}: ${reason}`);
        this.name = "EventPatternError";
        this.path = String(path);
        this.reason = reason;
        this.details = [problem("INVALID_EVENT_PATTERN", typeof path === "string" ? [] : path.segments, reason)];
    }
}

/** Object keys written `.key`; anything else is written `["key"]`. AWS writes `$.detail-type`. */
const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/**
 * Where an element of a pattern is: its segments (the pattern's keys and list indexes) and the
 * JSON path AWS writes (`$.detail.eventType`, `$.detail["my key"][0]`), which `toString` gives.
 */
export class PatternPath {
    /** The pattern itself: `$`. */
    static readonly ROOT = new PatternPath([], "$");

    private constructor(
        /** The keys (as written in the pattern) and indexes from the root. */
        readonly segments: readonly (UserKey | number)[],
        private readonly text: string,
    ) {}

    /** The path of `key` inside the object here. */
    child(key: string): PatternPath {
        const text = PLAIN_KEY.test(key) ? `${this.text}.${key}` : `${this.text}[${JSON.stringify(key)}]`;
        return new PatternPath([...this.segments, userKey(key)], text);
    }

    /** The path of element `index` of the array here. */
    element(index: number): PatternPath {
        return new PatternPath([...this.segments, index], `${this.text}[${index}]`);
    }

    /** The JSON path: `$.detail.eventType`. */
    toString(): string {
        return this.text;
    }
}

/** The pattern itself, `$`. */
export const ROOT_PATH = PatternPath.ROOT;

/** The JSON path of `key` inside the object at `path`. */
export function childPath(path: PatternPath, key: string): PatternPath {
    return path.child(key);
}

/** The JSON path of element `index` of the array at `path`. */
export function elementPath(path: PatternPath, index: number): PatternPath {
    return path.element(index);
}

/** A short JSON-like rendering of a value for an error message: `"WARN"`, `[]`, `{"a":1}`, `undefined`. */
export function describe(value: unknown): string {
    return describeValue(value);
}

/** Formats an integer with thousands separators, as in the AWS quota tables (`2,048`). */
export function formatCount(n: number): string {
    return n.toLocaleString("en-US");
}

/** Throws the {@link EventPatternError} for `path`. */
export function refuse(path: PatternPath, reason: string): never {
    throw new EventPatternError(path, reason);
}
