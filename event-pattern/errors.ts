/**
 * The error thrown for an event pattern that EventBridge would refuse, and the helpers that
 * build its JSON path and describe the offending value.
 */
import { describeValue } from "../util/describeValue";

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

    constructor(path: string, reason: string) {
        super(`${path}: ${reason}`);
        this.name = "EventPatternError";
        this.path = path;
        this.reason = reason;
    }
}

/** Object keys written `.key`; anything else is written `["key"]`. AWS writes `$.detail-type`. */
const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** The JSON path of `key` inside the object at `path`. */
export function childPath(path: string, key: string): string {
    return PLAIN_KEY.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** The JSON path of element `index` of the array at `path`. */
export function elementPath(path: string, index: number): string {
    return `${path}[${index}]`;
}

const MAX_SHOWN = 60;

/** A short JSON-like rendering of a value for an error message: `"WARN"`, `[]`, `{"a":1}`, `undefined`. */
export function describe(value: unknown): string {
    return describeValue(value, { maxLength: MAX_SHOWN, ellipsis: "…" });
}

/** Formats an integer with thousands separators, as in the AWS quota tables (`2,048`). */
export function formatCount(n: number): string {
    return n.toLocaleString("en-US");
}

/** Throws the {@link EventPatternError} for `path`. */
export function refuse(path: string, reason: string): never {
    throw new EventPatternError(path, reason);
}
