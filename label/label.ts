/**
 * `createLabel`: null-label 0.25.0's main.tf and outputs.tf, in upstream's order of work (merge, replace characters,
 * case, drop empties, id with hashed truncation, tags, descriptors, blank when disabled).
 */
import type { Label, LabelInput, LabelKeyCase, LabelValueCase, NormalizedLabelContext } from "./types";
import { mergeInput, Problems } from "./context";
import { caseValue } from "./casing";
import { buildDescriptors } from "./descriptors";
import { buildId, buildIdFull, IdContext, isLabelName, LABEL_NAMES } from "./id";
import {
    DEFAULT_REGEX_REPLACE_CHARS,
    InvalidRegexError,
    RegexBudget,
    RegexLimitError,
    remover,
    type Remover,
} from "./regex";
import { buildTags, buildTagsAsListOfMaps, resolveLabelsAsTags } from "./tags";
import { LabelError } from "./validate";
import { nfc } from "./strings";
import { problem, type ProblemPath } from "../util/problem";

/** The default `label_order` (without tenant, which was added in 0.25.0). */
export const DEFAULT_LABEL_ORDER: readonly string[] = Object.freeze([
    "namespace",
    "environment",
    "stage",
    "name",
    "attributes",
]);
const DEFAULT_DELIMITER = "-";

/**
 * The remover of `regexReplaceChars` for one label, its work bounded by one {@link RegexBudget}: a
 * pattern RE2 refuses, or one over {@link REGEX_LIMITS}, is a problem of the field; the default
 * pattern (`byDefault`, which nobody set) running out of steps is a problem of the value's field.
 */
function compileRegex(pattern: string, fromContext: boolean, byDefault: boolean): FieldRemover {
    const field = fromContext ? ["context", "regexReplaceChars"] : ["regexReplaceChars"];
    const overLimit = (e: RegexLimitError) =>
        new LabelError([
            problem(
                "REGEX_LIMIT",
                field,
                "must be a regular expression this port can run in bounded time",
                pattern,
                e.message,
            ),
        ]);
    let remove: Remover;
    try {
        remove = remover(pattern, new RegexBudget());
    } catch (e) {
        if (e instanceof InvalidRegexError) {
            throw new LabelError([
                problem(
                    "BAD_REGEX",
                    field,
                    "must be a valid RE2 regular expression (written /.../)",
                    pattern,
                    e.message,
                ),
            ]);
        }
        if (e instanceof RegexLimitError) throw overLimit(e);
        throw e;
    }
    return (s, of) => {
        try {
            return remove(s);
        } catch (e) {
            if (!(e instanceof RegexLimitError)) throw e;
            // The work is the value's length times the pattern's size: a pattern nobody set leaves
            // the value as the cause (named with both); a pattern the input sets is blamed.
            if (of === undefined || !byDefault) throw overLimit(e);
            throw new LabelError([
                problem(
                    "REGEX_LIMIT",
                    of,
                    `is too long (${s.length.toLocaleString("en-US")} characters) for the pattern ${pattern} to be removed from it in bounded time`,
                    s,
                    e.message.replace(/^removing it from the labels/, "removing it"),
                ),
            ]);
        }
    };
}

/** A {@link Remover} told which field (`of`) the string is, so that a limit names it. */
type FieldRemover = (s: string, of?: ProblemPath) => string;

/** Normalises attributes: regex, then de-duplicate and drop empties, then case, then again. */
function normalizeAttributes(
    attributes: readonly string[],
    remove: FieldRemover,
    valueCase: LabelValueCase,
    field: ProblemPath,
): string[] {
    // Terraform's distinct() keeps first occurrences in order; a set makes it linear
    const normalized = distinctNonEmpty(attributes.map((a) => remove(a, field)));
    if (valueCase === "none") return normalized;
    return distinctNonEmpty(normalized.map((a) => caseValue(a, valueCase)));
}

/** The non-empty strings of `list`, each first occurrence once, in order. */
function distinctNonEmpty(list: readonly string[]): string[] {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const v of list) {
        if (v === "" || seen.has(v)) continue;
        seen.add(v);
        out.push(v);
    }
    return out;
}

/**
 * Builds a label from its input, like a `module "label" { source = "cloudposse/label/null",
 * version = "0.25.0" }` block. Pure and synchronous; on invalid input throws a `LabelError`
 * naming each field at fault, the rule and the value received.
 */
export function createLabel(input: LabelInput = {}): Label {
    const problems = new Problems();
    const context = mergeInput(input ?? {}, problems);
    const fromContext = (key: keyof LabelInput) => input[key] === null || input[key] === undefined;

    const regexReplaceChars =
        context.regexReplaceChars === null || context.regexReplaceChars === ""
            ? DEFAULT_REGEX_REPLACE_CHARS
            : context.regexReplaceChars;
    const remove = problems.check(
        () =>
            compileRegex(
                regexReplaceChars,
                fromContext("regexReplaceChars"),
                regexReplaceChars === DEFAULT_REGEX_REPLACE_CHARS,
            ),
        (v: string) => v,
    );
    const valueCase: LabelValueCase = context.labelValueCase ?? "lower";
    const keyCase: LabelKeyCase = context.labelKeyCase ?? "title";
    const fieldOf = (key: keyof LabelInput): ProblemPath => (fromContext(key) ? ["context", key] : [key]);
    const label = (key: "namespace" | "tenant" | "environment" | "stage" | "name") =>
        problems.check(
            () => (context[key] === null ? "" : caseValue(remove(context[key], fieldOf(key)), valueCase)),
            "",
        );

    const namespace = label("namespace");
    const tenant = label("tenant");
    const environment = label("environment");
    const stage = label("stage");
    const name = label("name");
    const attributes = problems.check(
        () => normalizeAttributes(context.attributes, remove, valueCase, fieldOf("attributes")),
        [],
    );

    const delimiter = context.delimiter ?? DEFAULT_DELIMITER;
    const labelOrder =
        context.labelOrder === null || context.labelOrder.length === 0 ? DEFAULT_LABEL_ORDER : context.labelOrder;
    for (let i = 0; i < labelOrder.length; i++) {
        if (!isLabelName(labelOrder[i])) {
            const field = fromContext("labelOrder") ? ["context", "labelOrder"] : ["labelOrder"];
            problems.messages.push(
                problem("NOT_ONE_OF", [...field, i], `must be one of ${LABEL_NAMES.join(", ")}`, labelOrder[i]),
            );
        }
    }
    problems.throwIfAny();
    const idLengthLimit = context.idLengthLimit ?? 0;
    const labelsAsTags = resolveLabelsAsTags(context.labelsAsTags);

    const idContext: IdContext = {
        namespace,
        tenant,
        environment,
        stage,
        name,
        // join() builds a new string, which cty NFC-normalises.
        attributes: nfc(attributes.join(delimiter)),
    };
    const idFull = buildIdFull(idContext, labelOrder, delimiter);
    const id = buildId(idFull, idLengthLimit, delimiter, valueCase, remove);
    const tags = buildTags({ ...idContext, name: id }, labelsAsTags, keyCase, context.tags);
    const tagsAsListOfMaps = buildTagsAsListOfMaps(tags, context.additionalTagMap);
    const inputFormats = input.descriptorFormats ?? {};
    const descriptors = buildDescriptors(context.descriptorFormats, idContext, (key) =>
        Object.prototype.hasOwnProperty.call(inputFormats, key)
            ? ["descriptorFormats"]
            : ["context", "descriptorFormats"],
    );

    // normalizedContext gets its own top-level arrays and maps, not shared with other outputs.
    const normalizedContext: NormalizedLabelContext = {
        additionalTagMap: { ...context.additionalTagMap },
        attributes: attributes.slice(),
        delimiter,
        descriptorFormats: context.descriptorFormats,
        enabled: context.enabled,
        environment,
        idLengthLimit,
        labelKeyCase: keyCase,
        labelOrder: labelOrder.slice(),
        labelValueCase: valueCase,
        labelsAsTags: labelsAsTags.slice(),
        name,
        namespace,
        regexReplaceChars,
        stage,
        tags: { ...tags },
        tenant,
    };

    const on = context.enabled;
    // Keys in Terraform's order of the module's outputs (sorted by their snake_case names).
    return {
        additionalTagMap: { ...context.additionalTagMap },
        attributes: on ? attributes : [],
        context,
        delimiter: on ? delimiter : "",
        descriptors,
        enabled: on,
        environment: on ? environment : "",
        id: on ? id : "",
        idFull: on ? idFull : "",
        idLengthLimit,
        labelOrder: labelOrder.slice(),
        name: on ? name : "",
        namespace: on ? namespace : "",
        normalizedContext,
        regexReplaceChars,
        stage: on ? stage : "",
        tags: on ? tags : {},
        tagsAsListOfMaps,
        tenant: on ? tenant : "",
    };
}
