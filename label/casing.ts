/**
 * `label_value_case` and `label_key_case` as null-label 0.25.0 applies them.
 */
import type { LabelKeyCase, LabelValueCase } from "./types";
import { isAscii, lower, nfc, title, upper } from "./strings";

/**
 * A label value in `label_value_case` (title is `title(lower(v))`). Like every cty string
 * function, each step's result is NFC-normalised.
 */
export function caseValue(value: string, valueCase: LabelValueCase): string {
    if (valueCase === "none") return value;
    if (isAscii(value)) {
        // ASCII in, ASCII out: nothing to re-normalise.
        if (valueCase === "upper") return value.toUpperCase();
        return valueCase === "title" ? title(value.toLowerCase()) : value.toLowerCase();
    }
    switch (valueCase) {
        case "title":
            return nfc(title(nfc(lower(value))));
        case "upper":
            return nfc(upper(value));
        default:
            return nfc(lower(value));
    }
}

/** The hash suffix in `label_value_case`: title is `title()` without lowering first. */
export function caseHash(hash: string, valueCase: LabelValueCase): string {
    switch (valueCase) {
        case "title":
            return title(hash);
        case "upper":
            return upper(hash);
        case "lower":
            return lower(hash);
        default:
            return hash;
    }
}

/** A generated tag key (a label name) in `label_key_case`. */
export function caseKey(key: string, keyCase: LabelKeyCase): string {
    switch (keyCase) {
        case "upper":
            return upper(key);
        case "lower":
            return lower(key);
        default:
            return title(lower(key));
    }
}
