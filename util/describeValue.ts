/**
 * How every error message of the package shows the value it received (after `got`): strings
 * quoted, other values as JSON, shortened past a length. Pure; shared by the label, event-pattern,
 * stack-file and component modules.
 */
import { escapeText } from "./terminalText";
import { isThenable } from "./objects";

/** How long a shown value may be, and what marks the cut. */
export interface Shortening {
    /** Longest text shown, the ellipsis included. */
    readonly maxLength: number;
    /** Appended where the text is cut. */
    readonly ellipsis: string;
}

/** The one rule every message follows: at most 200 characters, cut with `...`. */
export const VALUE_SHORTENING: Shortening = { maxLength: 200, ellipsis: "..." };

/**
 * Stands, in a problem, for a value that arrived in a secret Output (`pulumi.secret`): messages say
 * {@link SECRET_SHOWN} and never show the value itself.
 */
export const SECRET_VALUE: unique symbol = Symbol("a secret value");

/** What a message shows for {@link SECRET_VALUE}. */
export const SECRET_SHOWN = "a secret (its value is not shown)";

/**
 * What a message shows for a `pulumi.Output`. Only the pure `resolve*Args` functions (and the stack
 * program) can meet one now: the components themselves take Outputs and check them once known.
 */
export const OUTPUT_SHOWN =
    "a pulumi Output (the resolve*Args functions take plain values: give Outputs to the component itself, which checks them once they are known)";

/** What a message shows for a Promise (any object with a `then` method), for the same reason. */
export const PROMISE_SHOWN =
    "a Promise (the resolve*Args functions take plain values: give Promises to the component itself, which checks them once they are known)";

/**
 * A value as an error message shows it: `"WARN"`, `4`, `[1,2]`, `undefined`, `NaN`, `a function`,
 * {@link OUTPUT_SHOWN} for an Output, {@link PROMISE_SHOWN} for a Promise, {@link SECRET_SHOWN} for {@link SECRET_VALUE}, shortened by {@link VALUE_SHORTENING} (every message of the package uses that default).
 */
export function describeValue(value: unknown, { maxLength, ellipsis }: Shortening = VALUE_SHORTENING): string {
    let text: string;
    if (value === undefined) {
        text = "undefined";
    } else if (value === SECRET_VALUE) {
        return SECRET_SHOWN;
    } else if (isPulumiOutput(value)) {
        return OUTPUT_SHOWN;
    } else if (isThenable(value)) {
        return PROMISE_SHOWN;
    } else if (typeof value === "number" && !Number.isFinite(value)) {
        text = String(value); // JSON would say null
    } else if (typeof value === "bigint") {
        text = `${value}n`;
    } else if (typeof value === "function" || typeof value === "symbol") {
        text = `a ${typeof value}`;
    } else {
        try {
            text = JSON.stringify(value) ?? String(value);
        } catch {
            text = Object.prototype.toString.call(value); // e.g. a cyclic object
        }
    }
    text = escapeText(text);
    return text.length > maxLength ? text.slice(0, maxLength - ellipsis.length) + ellipsis : text;
}

/**
 * A `pulumi.Output`, recognised as `pulumi.Output.isInstance` does (a `__pulumiOutput` member that
 * is `true`) without loading the SDK: the resolvers that use this module load no Pulumi.
 * tests/sdk/adapter.test.ts checks that both agree.
 */
function isPulumiOutput(value: unknown): boolean {
    return (
        (typeof value === "object" || typeof value === "function") &&
        value !== null &&
        (value as { __pulumiOutput?: unknown }).__pulumiOutput === true
    );
}
