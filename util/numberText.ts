/**
 * Numbers written with more digits than a double holds (a 20-digit id, a 25-digit decimal), remembered beside the
 * container holding their rounded value, so that JSON sent on keeps the digits as Terraform's `jsonencode` does. Pure.
 */
import { decimalDigits } from "./goYaml";

/** The digits written of the numbers a container holds, by key (or index as text). */
const TEXTS = new WeakMap<object, Map<string, string>>();

/** Whether the decimal literal `text` is exactly the double `Number(text)`. */
export function isExactNumber(text: string): boolean {
    const n = Number(text);
    if (!Number.isFinite(n)) return false;
    const written = decimalDigits(text);
    if (written === undefined) return true;
    return written === decimalDigits(n.toExponential().replace(/^-/, text.trim().startsWith("-") ? "-" : ""));
}

/**
 * A decimal literal as Go's `big.Float.Text('f', -1)` writes it, as Terraform's `jsonencode` writes
 * a number: plain digits, no exponent, no `+`, no leading or trailing zeros (`1.50e2` is `150`).
 */
export function plainDecimal(text: string): string {
    const parts = decimalDigits(text);
    if (parts === undefined || parts === "0") return "0";
    const [, sign, digits, exponent] = /^(-?)(\d+)e(-?\d+)$/.exec(parts) as RegExpExecArray;
    const scale = Number(exponent);
    if (scale >= 0) return sign + digits + "0".repeat(scale);
    const point = digits.length + scale;
    return point > 0
        ? `${sign}${digits.slice(0, point)}.${digits.slice(point)}`
        : `${sign}0.${"0".repeat(-point)}${digits}`;
}

/** Records that `container[key]` is the number written `text` (its double rounds it). */
export function keepNumberText(container: object, key: string | number, text: string): void {
    let texts = TEXTS.get(container);
    if (texts === undefined) TEXTS.set(container, (texts = new Map<string, string>()));
    texts.set(String(key), plainDecimal(text));
}

/** The digits kept for `container[key]` by {@link keepNumberText}, if any. */
export function numberTextAt(container: object, key: string | number): string | undefined {
    return TEXTS.get(container)?.get(String(key));
}
