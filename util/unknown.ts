/**
 * Values not known yet: Pulumi's `unknown` (an `Output`'s value in a preview before its resource exists), recognised
 * by its marker without loading the SDK, so the pure resolvers skip exactly the checks that depend on one.
 * tests/sdk/adapter.test.ts checks that this agrees with `pulumi.isUnknown` on the SDK's own unknowns.
 */

/**
 * True for Pulumi's `unknown`: an instance of the SDK's class for it (a `__pulumiUnknown` member that
 * is `true`, on an object that is not a plain one). A plain object carrying the marker (a stack
 * file's `{__pulumiUnknown: true}`, JSON) is a value like any other and is checked as such: it
 * must never make a check be skipped.
 */
export function isUnknownValue(value: unknown): boolean {
    if (typeof value !== "object" || value === null) return false;
    if ((value as { __pulumiUnknown?: unknown }).__pulumiUnknown !== true) return false;
    const proto: unknown = Object.getPrototypeOf(value);
    return proto !== Object.prototype && proto !== null && !Array.isArray(value);
}

/**
 * True when `value` is, or holds at any depth, Pulumi's `unknown`. Walks without recursion, each
 * object once: a value nested thousands deep, or that holds itself, is answered, never a stack
 * overflow (the checks that follow report it).
 */
export function holdsUnknown(value: unknown): boolean {
    const seen = new Set<object>();
    const pending: unknown[] = [value];
    while (pending.length > 0) {
        const item = pending.pop();
        if (typeof item !== "object" || item === null || seen.has(item)) continue;
        if (isUnknownValue(item)) return true;
        seen.add(item);
        for (const child of Object.values(item)) pending.push(child);
    }
    return false;
}
