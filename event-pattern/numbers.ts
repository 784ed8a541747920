/**
 * The numbers EventBridge compares as numbers: -5.0e9..+5.0e9 inclusive (EventBridge user guide), compared as
 * doubles, as Event Ruler compares them.
 */

/** Values EventBridge compares as numbers lie in this range (EventBridge user guide). */
export const NUMERIC_LIMIT = 5e9;

/** The rule a number outside that range breaks (the number is the value received). */
export const NUMERIC_RANGE_RULE = "numbers compared by EventBridge must be between -5,000,000,000 and 5,000,000,000";

/** True when EventBridge compares this value as a number. */
export function isComparableNumber(value: unknown): value is number {
    return typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= NUMERIC_LIMIT;
}
