/**
 * The numbers EventBridge compares as numbers (numeric, anything-but with numbers): the user guide
 * limits them to -5.0e9..+5.0e9 inclusive, "with 15 digits of precision, or six digits to the
 * right of the decimal point".
 */

/** Values EventBridge compares as numbers lie in this range (EventBridge user guide). */
export const NUMERIC_LIMIT = 5e9;

/** Digits right of the decimal point the guide keeps in a compared number. */
export const MAX_DECIMALS = 6;

const SCALE = 10 ** MAX_DECIMALS;

/**
 * The number as EventBridge compares it: to six digits right of the decimal point, the rest
 * dropped (Event Ruler's original comparable form floors the value scaled by 10^6). The tiny
 * offset keeps a decimal like 1.005, stored as 1.00499999..., at its written value.
 */
export function quantize(value: number): number {
  return Math.floor(value * SCALE + 1e-7) / SCALE;
}

/** Why EventBridge cannot compare `value` as a number, or undefined when it can. */
export function notComparable(value: number): string | undefined {
  if (!Number.isFinite(value) || Math.abs(value) > NUMERIC_LIMIT) {
    return `numbers compared by EventBridge must be between -5,000,000,000 and 5,000,000,000, got ${value}`;
  }
  return undefined;
}

/** True when EventBridge compares this value as a number. */
export function isComparableNumber(value: unknown): value is number {
  return typeof value === "number" && notComparable(value) === undefined;
}
