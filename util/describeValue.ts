/**
 * How every error message of the package shows the value it received (after `got`): strings
 * quoted, other values as JSON, shortened past a length. Pure; shared by the label, event-pattern,
 * stack-file and component modules.
 */

/** How long a shown value may be, and what marks the cut. */
export interface Shortening {
    /** Longest text shown, the ellipsis included. */
    readonly maxLength: number;
    /** Appended where the text is cut. */
    readonly ellipsis: string;
}

/** A value as an error message shows it: `"WARN"`, `4`, `[1,2]`, `undefined`, `NaN`, `a function`. */
export function describeValue(value: unknown, { maxLength, ellipsis }: Shortening): string {
    let text: string;
    if (value === undefined) {
        text = "undefined";
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
    return text.length > maxLength ? text.slice(0, maxLength - ellipsis.length) + ellipsis : text;
}
