/**
 * Remembering a function's answers by argument, failures included: the second call with the same
 * argument returns the same value, or throws the same error, without calling the function again.
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
