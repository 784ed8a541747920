/**
 * Amazon EventBridge event patterns: validation, matching and the JSON to send to AWS, with EventBridge's semantics
 * as its engine Event Ruler implements them. Pure: no AWS call, no Pulumi import.
 * @see https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-event-patterns.html
 */

import { compilePattern, providerPatternLength } from "./compile";
import { EventPatternError, formatCount, ROOT_PATH } from "./errors";
import { flattenEvent, readEvent } from "./event";
import { combinationMatches } from "./match";

/** EventBridge's default quota for the size of an event pattern, in characters (adjustable). */
export const EVENT_PATTERN_DEFAULT_MAX_LENGTH = 2048;
/**
 * The largest event pattern the AWS provider accepts: 4,096 bytes of its JSON in UTF-8 (the
 * provider's `len`), so 4,096 characters when the pattern is ASCII, fewer otherwise.
 */
export const EVENT_PATTERN_PROVIDER_MAX_LENGTH = 4096;

/**
 * Checks that `pattern` (an object or its JSON text) is an event pattern EventBridge accepts, as `PutRule` checks it;
 * size quotas are {@link inspectEventPattern}'s. What is refused: docs/event-patterns.md.
 *
 * @throws EventPatternError with `path` (e.g. `$.detail.state[0].numeric`), `code` (one of
 * {@link EventPatternProblemCode}, e.g. `BAD_NUMERIC_RANGE`) and `reason`.
 */
export function validateEventPattern(pattern: unknown): void {
    compilePattern(pattern);
}

/**
 * True when EventBridge would deliver `event` to a rule with this `pattern`. Use it in unit
 * tests to prove that a rule catches the events you care about and ignores the rest.
 *
 * The pattern is validated first (throws {@link EventPatternError} as {@link validateEventPattern} does). `event` is
 * an object or its JSON text; it must be a JSON object (a `TypeError` otherwise) but need not carry the envelope
 * fields AWS adds. The matching rules, EventBridge's: docs/event-patterns.md.
 *
 * @example
 * ```ts
 * const pattern = { source: ["aws.ecs"], detail: { $or: [{ eventType: ["WARN", "ERROR"] }, { agentConnected: [false] }] } };
 * matchesEventPattern(pattern, { source: "aws.ecs", detail: { eventType: "ERROR" } }); // true
 * matchesEventPattern(pattern, { source: "aws.ecs", detail: { agentConnected: "false" } }); // false: a string, not a boolean
 * ```
 */
export function matchesEventPattern(pattern: object | string, event: object | string): boolean {
    const compiled = compilePattern(pattern);
    const flat = flattenEvent(readEvent(event));
    return compiled.combinations.some((combination) => combinationMatches(combination, flat));
}

/** The refusal of a pattern whose JSON is `bytes` long as the AWS provider counts it. */
function tooLarge(json: string, bytes: number): EventPatternError {
    return new EventPatternError(
        ROOT_PATH,
        "PATTERN_TOO_LARGE",
        bytes === json.length
            ? `the pattern is ${formatCount(json.length)} characters as JSON; ` +
                  `the AWS provider accepts at most ${formatCount(EVENT_PATTERN_PROVIDER_MAX_LENGTH)}`
            : `the pattern is ${formatCount(bytes)} bytes as JSON in UTF-8, as the AWS provider counts it ` +
                  `(${formatCount([...json].length)} characters); it accepts at most ${formatCount(EVENT_PATTERN_PROVIDER_MAX_LENGTH)} bytes`,
    );
}

/**
 * Past this size, a pattern is refused before it is compiled even when it holds `$or`: compiling
 * rewrites a pattern with a field repeated inside `$or` without the repetition, which can only
 * shorten it by the repeated fields, never by a factor of 16.
 */
const NEVER_COMPILED_LENGTH = 16 * EVENT_PATTERN_PROVIDER_MAX_LENGTH;

/**
 * Refuses a pattern too large for the provider before compiling it (a 300,000-key pattern, 4.7 MB,
 * took 9 s and half a gigabyte to compile, and was refused only then): its JSON as given is what is
 * sent unless compiling rewrites a `$or` with repeated fields, so without `$or` it is measured
 * exactly, with one only past {@link NEVER_COMPILED_LENGTH}. A pattern that is not JSON is left
 * to the compiler, which says why.
 */
function refuseTooLargeBeforeCompiling(pattern: unknown): void {
    let json: string | undefined;
    try {
        json = typeof pattern === "string" ? JSON.stringify(JSON.parse(pattern)) : JSON.stringify(pattern);
    } catch {
        return;
    }
    if (typeof json !== "string") return;
    const bytes = providerPatternLength(json);
    const limit = json.includes('"$or"') ? NEVER_COMPILED_LENGTH : EVENT_PATTERN_PROVIDER_MAX_LENGTH;
    if (bytes > limit) throw tooLarge(json, bytes);
}

/** What {@link inspectEventPattern} returns. */
export interface EventPatternInspection {
    /** The JSON text to send to AWS: `JSON.stringify` of the pattern, key order kept. */
    readonly json: string;
    /** The pattern as a JSON value (parsed, when it was given as text). */
    readonly pattern: unknown;
    /** Valid but noteworthy: over the default size quota, a field given twice, ... */
    readonly warnings: string[];
}

/**
 * Validates `pattern` (throws {@link EventPatternError} as {@link validateEventPattern} does),
 * and returns the canonical JSON text to send to AWS with warnings.
 *
 * Size: over 4,096 bytes of JSON in UTF-8 is refused (the provider's limit, as the provider counts
 * it: `é` is 2 bytes, an emoji 4; for an ASCII pattern, 4,096 characters); over EventBridge's default quota of
 * 2,048 characters gives a warning (the quota can be raised). Other warnings: a field given both
 * outside and inside `$or` (EventBridge keeps only the later one), and exact numbers outside
 * ±5,000,000,000 (compared as text).
 */
export function inspectEventPattern(pattern: unknown): EventPatternInspection {
    refuseTooLargeBeforeCompiling(pattern);
    const compiled = compilePattern(pattern);
    const json = JSON.stringify(compiled.source);
    const warnings = [...compiled.warnings];
    const bytes = providerPatternLength(json);
    if (bytes > EVENT_PATTERN_PROVIDER_MAX_LENGTH) throw tooLarge(json, bytes);
    if (json.length > EVENT_PATTERN_DEFAULT_MAX_LENGTH) {
        warnings.unshift(
            `$: the pattern is ${formatCount(json.length)} characters as JSON, over EventBridge's default quota of ` +
                `${formatCount(EVENT_PATTERN_DEFAULT_MAX_LENGTH)} characters; ` +
                `PutRule fails unless that quota has been raised for the account and region`,
        );
    }
    return { json, pattern: compiled.source, warnings };
}
