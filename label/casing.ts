/**
 * `label_value_case` and `label_key_case` as null-label 0.25.0 applies them.
 */
import type { LabelKeyCase, LabelValueCase } from "./types";
import { lower, title, upper } from "./strings";

/** A label value in `label_value_case` (title is `title(lower(v))`). */
export function caseValue(value: string, valueCase: LabelValueCase): string {
  switch (valueCase) {
    case "none":
      return value;
    case "title":
      return title(lower(value));
    case "upper":
      return upper(value);
    default:
      return lower(value);
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
