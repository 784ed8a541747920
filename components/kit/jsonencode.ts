/**
 * Terraform's `jsonencode()` for values that came from JSON, so a migrated rule's pattern is sent as the same text
 * (keys sorted bytewise, no white space, Terraform's escapes and plain decimal numbers).
 */
import { compareGoStrings } from "../../util/goOrder";
import { numberTextAt } from "../../util/numberText";

const ESCAPED: Readonly<Record<string, string>> = {
    "<": "\\u003c",
    ">": "\\u003e",
    "&": "\\u0026",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
};

function encodeString(text: string): string {
    return JSON.stringify(text).replace(/[<>&\u2028\u2029]/g, (c) => ESCAPED[c]);
}

/** A finite number in plain decimal notation, as Go's `big.Float.Text('f', -1)` writes it. */
function encodeNumber(value: number): string {
    if (!Number.isFinite(value)) {
        throw new TypeError(`jsonencode: ${value} is not a JSON number`);
    }
    if (Object.is(value, -0)) {
        return "-0"; // as Terraform writes a negative zero
    }
    const text = String(value);
    const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
    if (!match) {
        return text; // already plain: JavaScript uses exponents only below 1e-6 and from 1e21
    }
    const [, sign, lead, fraction = "", exponentText] = match;
    const digits = lead + fraction;
    const exponent = Number(exponentText);
    if (exponent >= 0) {
        // The point moves right past the fraction: pad with zeros.
        return sign + digits + "0".repeat(exponent - fraction.length);
    }
    return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
}

/**
 * A member of a container: a number written with more digits than its double holds (kept by
 * util/numberText.ts from the JSON text or stack file it came from) as those digits, as
 * Terraform's numbers keep them; anything else encoded.
 */
function member(container: object, key: string | number, value: unknown): string {
    return (typeof value === "number" && numberTextAt(container, key)) || jsonencode(value);
}

/** Encodes a JSON value (as parsed by `JSON.parse`) the way Terraform's `jsonencode` does. */
export function jsonencode(value: unknown): string {
    if (value === null) {
        return "null";
    }
    switch (typeof value) {
        case "string":
            return encodeString(value);
        case "number":
            return encodeNumber(value);
        case "boolean":
            return String(value);
        case "object":
            if (Array.isArray(value)) {
                return `[${value.map((item, i) => member(value, i, item)).join(",")}]`;
            }
            return `{${Object.keys(value)
                .sort(compareGoStrings)
                .map((key) => `${encodeString(key)}:${member(value, key, (value as Record<string, unknown>)[key])}`)
                .join(",")}}`;
        default:
            throw new TypeError(`jsonencode: a ${typeof value} is not a JSON value`);
    }
}
