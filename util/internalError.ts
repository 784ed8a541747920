/**
 * Programming errors of this package (a `ReferenceError`, or a `TypeError` from faulty code), told apart from
 * problems of a user's input: rethrown, and printed by the commands as internal errors. Pure.
 */

/** The messages V8 gives a TypeError raised by faulty code rather than by a check on a value. */
const FAULTY_CODE =
    /is not a function|is not a constructor|Cannot read properties of|Cannot set properties of|is not iterable|Cannot destructure|Cannot access '.*' before initialization/;

/** Whether `error` is a programming error of this package, never a problem of the user's input. */
export function isInternalError(error: unknown): error is Error {
    return error instanceof ReferenceError || (error instanceof TypeError && FAULTY_CODE.test(error.message));
}

/** Throws `error` again when it is a programming error (see {@link isInternalError}). */
export function rethrowIfInternal(error: unknown): void {
    if (isInternalError(error)) throw error;
}

/** The one line a command prints for a programming error: what it is, where to report it, no stack. */
export function internalErrorText(command: string, error: Error): string {
    return `${command}: internal error (a bug in this package, not a problem of your files): ${error.name}: ${error.message}`;
}
