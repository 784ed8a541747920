/**
 * The null-label 0.25.0 (`context.tf`) arguments every component takes, declared once. Pure data.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { LabelInput } from "../../label";
import { CONTEXT_KEYS, LABEL_KEY_CASES, LABEL_VALUE_CASES } from "../../label/context";
import type { ArgTable } from "./definition";

/**
 * The label (null-label context) arguments of a component, as {@link LabelInput} but with `tags` and
 * `additionalTagMap` taking Pulumi Inputs (they name nothing). The other label inputs stay plain
 * values: they make the names of the children (the id), which must be known before anything is
 * registered, in a preview too, for the program's rename guard and the name collision checks.
 */
export interface ComponentLabelArgs extends Omit<LabelInput, "tags" | "additionalTagMap"> {
    /**
     * Extra tags, not modified; an Input, and each value may be one (e.g. another resource's output).
     * Checked against AWS's tag rules once known; mirrors `tags`.
     * @default {}
     */
    readonly tags?: pulumi.Input<Record<string, pulumi.Input<string>>>;
    /**
     * Extra key-value pairs for each map of `tagsAsListOfMaps`; an Input, and each value may be one;
     * mirrors `additional_tag_map`.
     * @default {}
     */
    readonly additionalTagMap?: pulumi.Input<Record<string, pulumi.Input<string>>>;
}

/** The label (context) arguments, in `context.tf` order. */
export const LABEL_ARGS: ArgTable<LabelInput> = {
    enabled: {
        var: "enabled",
        type: "bool",
        defaultText: "null (true)",
        doc: "When false, no resources are created.",
    },
    namespace: {
        var: "namespace",
        type: "string",
        defaultText: "null",
        doc: "Id element, usually an organization abbreviation.",
    },
    tenant: {
        var: "tenant",
        type: "string",
        defaultText: "null",
        doc: "Id element for the customer the instance is for; not in the default label order.",
    },
    environment: {
        var: "environment",
        type: "string",
        defaultText: "null",
        doc: "Id element, usually a region or role abbreviation.",
    },
    stage: {
        var: "stage",
        type: "string",
        defaultText: "null",
        doc: "Id element, usually a role such as prod, staging, test.",
    },
    name: {
        var: "name",
        type: "string",
        defaultText: "null",
        doc: "Id element, usually the component or solution name; not a tag.",
    },
    delimiter: {
        var: "delimiter",
        type: "string",
        defaultText: "null (`-`)",
        doc: "Delimiter between id elements; an empty string means none.",
    },
    attributes: {
        var: "attributes",
        type: "list(string)",
        defaultText: "[]",
        doc: "Extra id elements, appended in order and joined by the delimiter.",
    },
    tags: {
        input: true,
        var: "tags",
        type: { map: "string", inputValues: true },
        defaultText: "{}",
        doc: "Extra tags, not modified; checked against AWS's tag rules (see docs/validation.md).",
    },
    additionalTagMap: {
        input: true,
        var: "additional_tag_map",
        type: { map: "string", inputValues: true },
        defaultText: "{}",
        doc: "Extra key-value pairs for each map of tags_as_list_of_maps.",
    },
    labelOrder: {
        var: "label_order",
        type: "list(string)",
        defaultText: "null (namespace, environment, stage, name, attributes)",
        doc: "Order of the labels in the id.",
    },
    regexReplaceChars: {
        var: "regex_replace_chars",
        type: "string",
        defaultText: "null (`/[^-a-zA-Z0-9]/`)",
        doc: "Terraform regular expression; matching characters are removed from id elements.",
    },
    idLengthLimit: {
        var: "id_length_limit",
        type: "number",
        defaultText: "null (0, unlimited)",
        doc: "Maximum id length, at least 6; 0 means unlimited.",
    },
    labelKeyCase: {
        var: "label_key_case",
        type: "string",
        defaultText: "null (title)",
        allowed: LABEL_KEY_CASES,
        doc: "Letter case of generated tag keys.",
    },
    labelValueCase: {
        var: "label_value_case",
        type: "string",
        defaultText: "null (lower)",
        allowed: LABEL_VALUE_CASES,
        doc: "Letter case of id elements.",
    },
    descriptorFormats: {
        var: "descriptor_formats",
        type: "any",
        defaultText: "{}",
        doc: "Map of descriptor name to `{format, labels}`.",
    },
    labelsAsTags: {
        var: "labels_as_tags",
        type: "set(string)",
        defaultText: '["default"]',
        doc: "Labels included as tags; `[]` suppresses generated tags.",
    },
    context: {
        var: "context",
        type: "any",
        defaultText: "null",
        doc: "A whole null-label context at once (snake_case keys).",
        keys: Object.fromEntries(CONTEXT_KEYS),
    },
};

/** The label arguments' camelCase names, in `context.tf` order. */
export const LABEL_INPUT_KEYS = Object.keys(LABEL_ARGS) as readonly (keyof LabelInput)[];
