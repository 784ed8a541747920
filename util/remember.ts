/**
 * Remembering a function's answers by argument, failures included: the second call with the same
 * argument returns the same value, or throws the same error, without calling the function again;
 * and values computed once, when first asked.
 */

/** `fn` with each answer (or error) remembered by its argument. */
export function remembered<A, R>(fn: (argument: A) => R): (argument: A) => R {
    const answers = new Map<A, { value: R } | { error: unknown }>();
    return (argument) => {
        let answer = answers.get(argument);
        if (answer === undefined) {
            try {
                answer = { value: fn(argument) };
            } catch (error) {
                answer = { error };
            }
            answers.set(argument, answer);
        }
        if ("error" in answer) throw answer.error;
        return answer.value;
    };
}

/** `compute`, run once when first asked. */
export function once<T>(compute: () => T): () => T {
    let done = false;
    let value: T | undefined;
    return () => {
        if (!done) {
            value = compute();
            done = true;
        }
        return value as T;
    };
}

/** An object whose fields are computed when first read (enumerable, so spread and iteration see them). */
export function lazyFields(fields: Readonly<Record<string, () => unknown>>): Readonly<Record<string, unknown>> {
    const object: Record<string, unknown> = {};
    for (const [key, compute] of Object.entries(fields)) {
        const value = once(compute);
        Object.defineProperty(object, key, { get: value, enumerable: true, configurable: false });
    }
    return object;
}
