/**
 * Finding a key named `__proto__` in plain data, for values handed to the Pulumi SDK, which copies
 * them by assignment and so turns such a key into the copy's prototype. Pure.
 */

/**
 * Where `value` holds an own key named `__proto__` (`["a"]["__proto__"]`), if it does. The SDK
 * copies values by assignment (sdk/nodejs/runtime/rpc.ts serializeAllKeys, `obj[k] = v`), which
 * turns such a key into the copy's prototype. Walked without recursion.
 */
export function protoKeyPath(value: unknown): string | undefined {
    const stack: [unknown, string][] = [[value, ""]];
    while (stack.length > 0) {
        const [current, path] = stack.pop()!;
        if (typeof current !== "object" || current === null) continue;
        for (const key of Object.keys(current)) {
            const here = `${path}[${JSON.stringify(key)}]`;
            if (key === "__proto__") return here;
            stack.push([(current as Record<string, unknown>)[key], here]);
        }
    }
    return undefined;
}
