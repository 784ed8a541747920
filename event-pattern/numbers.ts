/**
 * The numbers EventBridge compares as numbers (numeric, anything-but with numbers): the user guide
 * limits them to -5.0e9..+5.0e9 inclusive, "with 15 digits of precision, or six digits to the
 * right of the decimal point".
 */

/** Values EventBridge compares as numbers lie in this range (EventBridge user guide). */
export const NUMERIC_LIMIT = 5e9;

/** Digits right of the decimal point the guide keeps in a compared number. */
export const MAX_DECIMALS = 6;

/**
 * The number as EventBridge compares it: its decimal text cut after six digits right of the
 * decimal point, as an exact integer count of millionths (1.0000009 and 1 compare equal). Read
 * from the shortest decimal text of the double, so 1.005 stays 1.005 and 0.1 + 0.2 is 0.3.
 */
export function quantize(value: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (match === null) {
    return 0n; // not reached for finite numbers
  }
  const [, sign, whole, fraction = "", exponentText] = match;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  // digits × 10^(exponent - fraction.length), kept to 10^-MAX_DECIMALS.
  const digits = `${whole}${fraction}`;
  const shift = exponent - fraction.length + MAX_DECIMALS;
  let millionths: bigint;
  if (shift >= 0) {
    millionths = BigInt(digits) * 10n ** BigInt(shift);
  } else {
    const kept = digits.slice(0, Math.max(0, digits.length + shift));
    millionths = kept === "" ? 0n : BigInt(kept);
  }
  return sign === "-" ? -millionths : millionths;
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
