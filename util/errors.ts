/** The base of every error the package throws on purpose, and what `problems` holds in each. */
import { hasValue, type Problem, type ReportedProblem } from "./problem";

/**
 * An error of this package: `code` is a stable UPPER_SNAKE word (for a list of problems, the first
 * one's), `message` the text for people, `problems` every problem found as data (one for an error
 * about one thing). Test with `instanceof CloudposseError` and read `code` or `problems`.
 */
export abstract class CloudposseError<P extends ReportedProblem = ReportedProblem> extends Error {
    /** A stable word for what went wrong, e.g. `NOT_ONE_OF`, `FILE_NOT_FOUND`. */
    abstract readonly code: string;
    readonly #problems: readonly P[] | undefined;

    /**
     * @param message - The text for people (for a list of problems, their lines).
     * @param problems - Every problem found; absent for an error about one thing, whose one problem
     *   is its `code` and `message`.
     * @param options - The error's `cause`. Spelled out rather than as the `ErrorOptions` of the
     *   ES2022 library, which a program compiled for ES2020 (`pulumi new typescript`'s tsconfig) lacks.
     */
    constructor(message: string, problems?: readonly P[], options?: { readonly cause?: unknown }) {
        super(message, options);
        this.#problems = problems === undefined ? undefined : Object.freeze([...problems]);
    }

    /**
     * Every problem found, in the order of the message: each the package's one problem model
     * (`code`, `path`, `rule`, `value`, `detail`) with its `message` line and, when it is about a
     * field, the `field` as the reader names it. Errors add what they know (a file position, an instance).
     */
    get problems(): readonly P[] {
        return (
            this.#problems ?? [{ code: this.code, path: [], rule: this.message, message: this.message } as unknown as P]
        );
    }

    /** The problems in the bare model (`code`, `path`, `rule`, `value`, `detail`), without their wording. */
    get details(): readonly Problem[] {
        return this.problems.map(problemModel);
    }
}

/** An error about one file or glob pattern of the file system: `path` is it, as given. */
export abstract class PathError extends CloudposseError {
    constructor(
        message: string,
        /** The file's path or the glob pattern, as given. */
        readonly path: string,
    ) {
        super(message);
    }
}

// Pulumi's runtime prints a RunError's message alone, not the stack of the package's compiled
// frames (pulumi/pulumi sdk/nodejs/cmd/run/run.ts 418-420: `if (RunError.isInstance(err))
// log.error(err.message)`), and knows one by a `__pulumiRunError` member that is `true`
// (sdk/nodejs/errors.ts RunError.isInstance, utils.ts isInstance): each error here is one for people.
Object.defineProperty(CloudposseError.prototype, "__pulumiRunError", { value: true });

/** A problem reduced to the model: code, path, rule, and the value and detail when it has them. */
export function problemModel(p: Problem): Problem {
    return {
        code: p.code,
        path: p.path,
        rule: p.rule,
        ...(hasValue(p) ? { value: p.value } : {}),
        ...(p.detail !== undefined ? { detail: p.detail } : {}),
    };
}
