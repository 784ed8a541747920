/**
 * Plain objects as maps of untrusted keys: the package's one plain-object test and its own-key
 * helpers, which never read or write through `Object.prototype` (`__proto__` stays a key).
 */

/** A plain object (prototype `Object.prototype` or null): not an array, an Output or another class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const proto: unknown = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
}

/** A promise or any other object with a `then` method (a thenable; a function with one is not counted). */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
    return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/** Whether `key` is an own property of `object` (never one it inherits, such as `constructor`). */
export function hasOwn(object: object, key: string): boolean {
    return Object.prototype.hasOwnProperty.call(object, key);
}

/** `object[key]` when `key` is an own property of `object`, else `undefined`. */
export function getOwn(object: Readonly<Record<string, unknown>>, key: string): unknown {
    return hasOwn(object, key) ? object[key] : undefined;
}

/** Sets `object[key]` as an own, enumerable property; `__proto__` becomes an ordinary key. */
export function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
    if (key === "__proto__") {
        Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    } else {
        object[key] = value;
    }
}
