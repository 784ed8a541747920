/**
 * Values not known yet: Pulumi's `unknown` (what an `Output` holds during a preview before the
 * resource that computes it exists), recognised by its marker without loading the SDK, so that
 * the pure resolvers can skip exactly the checks that depend on such a value.
 * tests/sdkAdapter.test.ts checks that this agrees with `pulumi.isUnknown`.
 */

/** True for Pulumi's `unknown` (a `__pulumiUnknown` member that is `true`). */
export function isUnknownValue(value: unknown): boolean {
    return (
        typeof value === "object" && value !== null && (value as { __pulumiUnknown?: unknown }).__pulumiUnknown === true
    );
}

/** True when `value` is, or holds at any depth, Pulumi's `unknown`. */
export function holdsUnknown(value: unknown, seen: Set<object> = new Set()): boolean {
    if (typeof value !== "object" || value === null) return false;
    if (isUnknownValue(value)) return true;
    if (seen.has(value)) return false;
    seen.add(value);
    return Object.values(value).some((item) => holdsUnknown(item, seen));
}
