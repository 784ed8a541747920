/**
 * What every component's resolver shares beyond the declared checks: telling an unset argument (it takes its
 * default), and the brand of its results (frozen, so that a constructor can take one as is, and recognised as
 * the resolver's own, never a copy). Pure.
 */

/** A JavaScript `undefined` or a Terraform-like `null`: the argument takes its default. */
export function isUnset(value: unknown): value is null | undefined {
    return value === undefined || value === null;
}

/** Any value but `undefined` and `null` (the argument is given; see {@link isUnset}). */
export function isSet<T>(value: T | null | undefined): value is T {
    return !isUnset(value);
}

/** How one resolver brands its results. */
export interface ResolvedBrand<R extends object> {
    /** Freezes `resolved` and its parts, then marks it as the resolver's result; returns it. */
    readonly mark: (resolved: R) => R;
    /** True for a result {@link ResolvedBrand.mark} returned; false for anything else (a copy, a look-alike). */
    readonly has: (value: unknown) => value is R;
}

/**
 * One resolver's brand. `parts`: the objects inside a result that are frozen with it (an absent one,
 * `undefined`, is skipped).
 */
export function resolvedBrand<R extends object>(
    parts: (resolved: R) => readonly (object | undefined)[],
): ResolvedBrand<R> {
    const results = new WeakSet<object>();
    return {
        mark: (resolved) => {
            for (const part of parts(resolved)) if (part !== undefined) Object.freeze(part);
            Object.freeze(resolved);
            results.add(resolved);
            return resolved;
        },
        has: (value): value is R => typeof value === "object" && value !== null && results.has(value),
    };
}
