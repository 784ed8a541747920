/** The base of every error the package throws on purpose. */

/**
 * An error of this package: `code` is a stable UPPER_SNAKE word (for a list of problems, the first
 * one's), `message` the text for people. Test with `instanceof CloudposseError` and read `code`.
 */
export abstract class CloudposseError extends Error {
    /** A stable word for what went wrong, e.g. `NOT_ONE_OF`, `FILE_NOT_FOUND`. */
    abstract readonly code: string;
}
