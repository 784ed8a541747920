/**
 * The error thrown for an event pattern that EventBridge would refuse, the codes of its problems,
 * and the helpers that build its JSON path.
 */
import { formatRule, problem, userKey, type Problem, type UserKey } from "../util/problem";
import { CloudposseError } from "../util/errors";

/**
 * Why an event pattern is refused, as a stable code a program can switch on (one per kind of
 * refusal; the `rule` says it in words and the `value` is the one received).
 */
export type EventPatternProblemCode =
    /** Pattern text that is not valid JSON (the parser's message is in the rule). */
    | "NOT_JSON"
    /** A pattern that is not a JSON object (an array, a string, a number, `null`, ...). */
    | "PATTERN_NOT_OBJECT"
    /** A value JSON cannot carry in a pattern object: `undefined`, a function, a bigint, `NaN`, `Infinity`. */
    | "NOT_JSON_VALUE"
    /** A class instance (a `Date`, a `Map`, ...) in a pattern object: only plain objects and arrays reach AWS as written. */
    | "NOT_PLAIN_OBJECT"
    /** A pattern object that contains itself (a cycle cannot be written as JSON). */
    | "PATTERN_CYCLE"
    /** A pattern nested thousands of levels deep. */
    | "PATTERN_TOO_DEEP"
    /** A pattern whose JSON is over the 4,096 bytes (UTF-8) the AWS provider accepts. */
    | "PATTERN_TOO_LARGE"
    /** The pattern, or an object inside it, is empty (`{}`). */
    | "EMPTY_OBJECT"
    /** A field whose value is neither an object nor an array of match values (`"source": "aws.ec2"`). */
    | "LEAF_NOT_ARRAY"
    /** An empty list of match values, for a field or for `anything-but`. */
    | "EMPTY_ARRAY"
    /** A match value that is not a string, number, boolean, `null` or operator object (a nested array, ...). */
    | "BAD_MATCH_VALUE"
    /** An operator object with no operator or with several (`{"prefix": "a", "suffix": "b"}`). */
    | "NOT_ONE_OPERATOR"
    /** An operator EventBridge does not document for event buses (`contains`, `regex`, Event Ruler's `exactly`). */
    | "UNKNOWN_OPERATOR"
    /** A `prefix`, `suffix`, `equals-ignore-case`, `wildcard` or `cidr` value (or an anything-but operator's list element) that is not a string. */
    | "NOT_A_STRING"
    /** A `prefix` or `suffix` object other than `{"equals-ignore-case": "..."}`. */
    | "NOT_STRING_OR_IGNORE_CASE"
    /** An `exists` value that is not `true` or `false`. */
    | "NOT_A_BOOLEAN"
    /** An `anything-but` value that is not a string, a number, a list of either or an operator object. */
    | "BAD_ANYTHING_BUT"
    /** An element of an `anything-but` list that is not a string or a number. */
    | "BAD_ANYTHING_BUT_ELEMENT"
    /** An `anything-but` list mixing strings and numbers. */
    | "MIXED_ANYTHING_BUT"
    /** An `anything-but` operator object other than one of `prefix`, `suffix`, `equals-ignore-case` or `wildcard`. */
    | "BAD_ANYTHING_BUT_OPERATOR"
    /** An anything-but operator's value that is neither a string nor a list of strings. */
    | "NOT_STRING_OR_STRING_LIST"
    /** An empty `anything-but` prefix or suffix (it would exclude every string). */
    | "EMPTY_ANYTHING_BUT_AFFIX"
    /** A wildcard with two unescaped `*` in a row. */
    | "CONSECUTIVE_WILDCARDS"
    /** A wildcard with a backslash followed by anything but `*` or `\` (or by nothing). */
    | "BAD_WILDCARD_ESCAPE"
    /** A `numeric` value that is not an array. */
    | "NUMERIC_NOT_ARRAY"
    /** A `numeric` array that ends where a comparison operator or a number is needed. */
    | "NUMERIC_TOO_SHORT"
    /** A `numeric` array with elements after its last comparison. */
    | "NUMERIC_TOO_LONG"
    /** A comparison operator that is not one of `=`, `<`, `<=`, `>`, `>=` (or not a string). */
    | "BAD_NUMERIC_OPERATOR"
    /** A numeric range whose operators are out of order (the upper bound first, or two lower bounds). */
    | "RANGE_OPERATOR_ORDER"
    /** A numeric range whose lower bound is not strictly below its upper bound. */
    | "BAD_NUMERIC_RANGE"
    /** A value after a comparison operator that is not a number. */
    | "NOT_A_NUMBER"
    /** A number in `numeric` or `anything-but` outside ±5,000,000,000 (or not finite). */
    | "NUMBER_OUT_OF_RANGE"
    /** A CIDR block that cannot be read: not exactly one `/`, a prefix length that is not a non-negative integer, or a bad address. */
    | "BAD_CIDR"
    /** A CIDR prefix length over 31 (IPv4) or 127 (IPv6), which EventBridge refuses: give the address itself instead. */
    | "CIDR_PREFIX_TOO_LONG"
    /** `$or` that is not an array. */
    | "OR_NOT_ARRAY"
    /** A `$or` alternative that is not a pattern object. */
    | "OR_ALTERNATIVE_NOT_OBJECT"
    /** `$or` with fewer than two alternatives. */
    | "TOO_FEW_ALTERNATIVES"
    /** An operator name (`prefix`, `numeric`, ...) as a field name inside `$or`. */
    | "OPERATOR_NAME_IN_OR"
    /** `$or` alternatives that expand to more than 1,000 combinations. */
    | "TOO_MANY_COMBINATIONS";

/** A problem of an event pattern: its path is the pattern's keys (as written) and list indexes. */
export interface EventPatternProblem extends Problem {
    /** Which kind of refusal it is. */
    readonly code: EventPatternProblemCode;
}

/**
 * Thrown when an event pattern is not one EventBridge would accept.
 *
 * `path` is a JSON path to the offending element (`$` is the pattern itself, e.g.
 * `$.detail.eventType`, `$.detail.x[0].numeric[1]`), `code` says which kind of refusal it is,
 * `reason` says what is wrong and shows the value received, and `message` is `${path}: ${reason}`.
 * `problems` holds the problem as data (code, path as segments, rule, value; `field` is `path`), and
 * `details` the same in the bare model.
 *
 * @example
 * ```ts
 * try { validateEventPattern({ detail: { eventType: "WARN" } }); }
 * catch (e) {
 *   (e as EventPatternError).message; // '$.detail.eventType: leaf values must be a non-empty array, got "WARN"'
 *   (e as EventPatternError).code;    // "LEAF_NOT_ARRAY"
 * }
 * ```
 */
export class EventPatternError extends CloudposseError {
    /** JSON path of the offending element, starting at `$` (the pattern). */
    readonly path: string;
    /** Which kind of refusal this is (the code of the problem in `details`). */
    readonly code: EventPatternProblemCode;
    /** What is wrong, in one sentence, with the value received (the problem's rule and value, rendered). */
    readonly reason: string;

    /**
     * @param path - Where the problem is.
     * @param code - Which kind of refusal it is.
     * @param rule - The rule broken, without the value.
     * @param rest - The value received (when one applies), then more about the failure.
     */
    constructor(
        path: PatternPath,
        code: EventPatternProblemCode,
        rule: string,
        ...rest: [] | [unknown] | [unknown, string]
    ) {
        const details = { ...problem(code, path.segments, rule, ...rest), code };
        const reason = formatRule(details);
        super(`${path}: ${reason}`, [{ ...details, field: String(path), message: `${path}: ${reason}` }]);
        this.name = "EventPatternError";
        this.path = String(path);
        this.code = code;
        this.reason = reason;
    }

    /** The problem as data: its code, its path as segments (the pattern's keys, never renamed), the rule and the value. */
    override get details(): readonly EventPatternProblem[] {
        return super.details as readonly EventPatternProblem[];
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

/** Why a parser (of a CIDR block, of a wildcard) refuses the text it was given, before it has a path. */
export interface Refusal {
    readonly code: EventPatternProblemCode;
    /** The rule broken; the text parsed is the value. */
    readonly rule: string;
    /** More about the failure, after the value. */
    readonly detail?: string;
}

/** Formats an integer with thousands separators, as in the AWS quota tables (`2,048`). */
export function formatCount(n: number): string {
    return n.toLocaleString("en-US");
}

/** Throws the {@link EventPatternError} for `path`: `refuse(path, code, rule[, value[, detail]])`. */
export function refuse(
    path: PatternPath,
    code: EventPatternProblemCode,
    rule: string,
    ...rest: [] | [unknown] | [unknown, string]
): never {
    throw new EventPatternError(path, code, rule, ...rest);
}
