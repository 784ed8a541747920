/**
 * Types of the null-label 0.25.0 port: the module's variables (`LabelInput`), its `context`
 * object (`LabelContext`) and its outputs (`Label`), camelCased.
 */

/** Letter case of generated tag keys. */
export type LabelKeyCase = "lower" | "title" | "upper";

/** Letter case of label values (in `id`, tag values and the label outputs). */
export type LabelValueCase = "lower" | "title" | "upper" | "none";

/** The six labels (ID elements) that `labelOrder`, `labelsAsTags` and descriptors may name. */
export type LabelName = "namespace" | "tenant" | "environment" | "stage" | "name" | "attributes";

/** One entry of `descriptorFormats`: a Terraform `format()` string and the labels passed to it. */
export interface DescriptorFormat {
    /** Terraform `format()` string, e.g. `"%v-%v"`; it must use exactly the arguments given by `labels`. */
    readonly format: string;
    /** Labels passed in order to `format()`, each one of `namespace`, `tenant`, `environment`, `stage`, `name`, `attributes`. */
    readonly labels: readonly string[];
}

/**
 * The `context` object passed between labels (mirrors the Terraform `context` variable):
 * another label's `.context` (raw merged input) or `.normalizedContext` (final values).
 * `null` and `undefined` (or a missing key) mean "not set".
 */
export interface LabelContext {
    /** Mirrors `context.additional_tag_map`. @default {} */
    readonly additionalTagMap?: Readonly<Record<string, string>> | null;
    /** Mirrors `context.attributes`. @default [] */
    readonly attributes?: readonly string[] | null;
    /** Mirrors `context.delimiter`. @default null (meaning `-`) */
    readonly delimiter?: string | null;
    /** Mirrors `context.descriptor_formats` (missing in contexts older than 0.25.0). @default {} */
    readonly descriptorFormats?: Readonly<Record<string, DescriptorFormat>> | null;
    /** Mirrors `context.enabled`; must be set here or in the input. @default true */
    readonly enabled?: boolean | null;
    /** Mirrors `context.environment`. @default null */
    readonly environment?: string | null;
    /** Mirrors `context.id_length_limit`; not validated when it comes from a context. @default null (meaning 0, unlimited) */
    readonly idLengthLimit?: number | null;
    /** Mirrors `context.label_key_case`: `lower`, `title` or `upper`. @default null (meaning `title`) */
    readonly labelKeyCase?: LabelKeyCase | null;
    /** Mirrors `context.label_order`; `[]` means the default order. @default [] */
    readonly labelOrder?: readonly string[] | null;
    /** Mirrors `context.label_value_case`: `lower`, `title`, `upper` or `none`. @default null (meaning `lower`) */
    readonly labelValueCase?: LabelValueCase | null;
    /** Mirrors `context.labels_as_tags`; `["unset"]` (or missing) lets the input decide, anything else sticks. @default ["unset"] */
    readonly labelsAsTags?: readonly string[] | null;
    /** Mirrors `context.name`. @default null */
    readonly name?: string | null;
    /** Mirrors `context.namespace`. @default null */
    readonly namespace?: string | null;
    /** Mirrors `context.regex_replace_chars`. @default null (meaning `/[^-a-zA-Z0-9]/`) */
    readonly regexReplaceChars?: string | null;
    /** Mirrors `context.stage`. @default null */
    readonly stage?: string | null;
    /** Mirrors `context.tags`. @default {} */
    readonly tags?: Readonly<Record<string, string>> | null;
    /** Mirrors `context.tenant` (missing in contexts older than 0.25.0). @default null */
    readonly tenant?: string | null;
}

/**
 * The variables of null-label 0.25.0, camelCased. All optional; `null` and `undefined` both
 * mean "not set" (a Terraform null), in which case the value comes from `context`.
 */
export interface LabelInput {
    /** Set to false to blank the id, labels and tags; mirrors `enabled`. @default true (from the context) */
    readonly enabled?: boolean | null;
    /** ID element, usually the organisation abbreviation, e.g. `eg`; mirrors `namespace`. @default null */
    readonly namespace?: string | null;
    /** ID element for a customer (not in the default `labelOrder`); mirrors `tenant`. @default null */
    readonly tenant?: string | null;
    /** ID element, usually the region, e.g. `ue2`; mirrors `environment`. @default null */
    readonly environment?: string | null;
    /** ID element, usually the role, e.g. `prod`; mirrors `stage`. @default null */
    readonly stage?: string | null;
    /** ID element, the component name, e.g. `app` (its tag `Name` holds the id); mirrors `name`. @default null */
    readonly name?: string | null;
    /** Delimiter between ID elements; `""` for none; mirrors `delimiter`. @default "-" */
    readonly delimiter?: string | null;
    /** Extra ID elements appended to the context's, joined by `delimiter`; mirrors `attributes`. @default [] */
    readonly attributes?: readonly string[] | null;
    /** Tags merged over the context's (never modified); mirrors `tags`. @default {} */
    readonly tags?: Readonly<Record<string, string>> | null;
    /** Extra key/value pairs added to each map of `tagsAsListOfMaps`; mirrors `additional_tag_map`. @default {} */
    readonly additionalTagMap?: Readonly<Record<string, string>> | null;
    /**
     * Order of the labels in `id`, each one of `namespace`, `tenant`, `environment`, `stage`, `name`,
     * `attributes`; `[]` means the default; mirrors `label_order`.
     * @default ["namespace", "environment", "stage", "name", "attributes"]
     */
    readonly labelOrder?: readonly string[] | null;
    /** Characters removed from labels: an RE2 regex written `/.../`, else a literal substring; `""` means the default; mirrors `regex_replace_chars`. @default "/[^-a-zA-Z0-9]/" */
    readonly regexReplaceChars?: string | null;
    /** Maximum length of `id` (longer ids are truncated with a hash): 0 (unlimited) or at least 6; mirrors `id_length_limit`. @default 0 */
    readonly idLengthLimit?: number | null;
    /** Case of generated tag keys: `lower`, `title` or `upper`; mirrors `label_key_case`. @default "title" */
    readonly labelKeyCase?: LabelKeyCase | null;
    /** Case of label values: `lower`, `title`, `upper` or `none`; mirrors `label_value_case`. @default "lower" */
    readonly labelValueCase?: LabelValueCase | null;
    /** Named descriptors to build with `format()` from labels, merged over the context's; mirrors `descriptor_formats`. @default {} */
    readonly descriptorFormats?: Readonly<Record<string, DescriptorFormat>> | null;
    /** Labels to emit as tags (`default` = all six); ignored once a context has set it; mirrors `labels_as_tags`. @default ["default"] */
    readonly labelsAsTags?: readonly string[] | null;
    /** Another label's `context` or `normalizedContext` to inherit from; mirrors `context`. @default the Terraform default context */
    readonly context?: LabelContext | null;
}

/** A context as output by a label (`context` output): every key present, `null` where not set. */
export interface LabelContextOutput extends LabelContext {
    /** The merged additional tag map (`additional_tag_map`). */
    readonly additionalTagMap: Readonly<Record<string, string>>;
    /** Context attributes then input attributes, de-duplicated, empties dropped, not normalised (`attributes`). */
    readonly attributes: readonly string[];
    /** The delimiter as given, `null` if never set (`delimiter`). */
    readonly delimiter: string | null;
    /** The merged descriptor formats (`descriptor_formats`). */
    readonly descriptorFormats: Readonly<Record<string, DescriptorFormat>>;
    /** Whether the label is enabled (`enabled`). */
    readonly enabled: boolean;
    /** The environment as given, `null` if never set (`environment`). */
    readonly environment: string | null;
    /** The length limit as given, `null` if never set (`id_length_limit`). */
    readonly idLengthLimit: number | null;
    /** The key case as given, `null` if never set (`label_key_case`). */
    readonly labelKeyCase: LabelKeyCase | null;
    /** The label order as given; `[]` for a first label without one (`label_order`). */
    readonly labelOrder: readonly string[] | null;
    /** The value case as given, `null` if never set (`label_value_case`). */
    readonly labelValueCase: LabelValueCase | null;
    /** The labels to tag, sorted; `["default"]` for a first label without one (`labels_as_tags`). */
    readonly labelsAsTags: readonly string[];
    /** The name as given, `null` if never set (`name`). */
    readonly name: string | null;
    /** The namespace as given, `null` if never set (`namespace`). */
    readonly namespace: string | null;
    /** The regex as given, `null` if never set (`regex_replace_chars`). */
    readonly regexReplaceChars: string | null;
    /** The stage as given, `null` if never set (`stage`). */
    readonly stage: string | null;
    /** Context tags merged with input tags (`tags`). */
    readonly tags: Readonly<Record<string, string>>;
    /** The tenant as given, `null` if never set (`tenant`). */
    readonly tenant: string | null;
}

/** A normalised context (`normalized_context` output): the final values used by a label. */
export interface NormalizedLabelContext extends LabelContextOutput {
    /** The delimiter used (`delimiter`). */
    readonly delimiter: string;
    /** The normalised environment, `""` if none (`environment`). */
    readonly environment: string;
    /** The length limit used, 0 meaning unlimited (`id_length_limit`). */
    readonly idLengthLimit: number;
    /** The key case used (`label_key_case`). */
    readonly labelKeyCase: LabelKeyCase;
    /** The label order used (`label_order`). */
    readonly labelOrder: readonly string[];
    /** The value case used (`label_value_case`). */
    readonly labelValueCase: LabelValueCase;
    /** The normalised name, `""` if none (`name`). */
    readonly name: string;
    /** The normalised namespace, `""` if none (`namespace`). */
    readonly namespace: string;
    /** The regex used (`regex_replace_chars`). */
    readonly regexReplaceChars: string;
    /** The normalised stage, `""` if none (`stage`). */
    readonly stage: string;
    /** Generated tags merged with the input tags (`tags`). */
    readonly tags: Readonly<Record<string, string>>;
    /** The normalised tenant, `""` if none (`tenant`). */
    readonly tenant: string;
    /** The labels tagged, sorted, with `default` resolved to all six (`labels_as_tags`). */
    readonly labelsAsTags: readonly string[];
}

/** One entry of `tagsAsListOfMaps`: `key`, `value` and the `additionalTagMap` entries. */
export type TagMap = Readonly<Record<string, string>>;

/** The outputs of null-label 0.25.0, camelCased. */
export interface Label {
    /** Disambiguated ID, at most `idLengthLimit` characters; `""` when disabled; mirrors output `id`. */
    readonly id: string;
    /** ID not limited in length; `""` when disabled; mirrors output `id_full`. */
    readonly idFull: string;
    /** True if the label is enabled; mirrors output `enabled`. */
    readonly enabled: boolean;
    /** Normalised namespace; `""` when disabled; mirrors output `namespace`. */
    readonly namespace: string;
    /** Normalised tenant; `""` when disabled; mirrors output `tenant`. */
    readonly tenant: string;
    /** Normalised environment; `""` when disabled; mirrors output `environment`. */
    readonly environment: string;
    /** Normalised stage; `""` when disabled; mirrors output `stage`. */
    readonly stage: string;
    /** Normalised name; `""` when disabled; mirrors output `name`. */
    readonly name: string;
    /** Delimiter between ID elements; `""` when disabled; mirrors output `delimiter`. */
    readonly delimiter: string;
    /** Normalised attributes; `[]` when disabled; mirrors output `attributes`. */
    readonly attributes: readonly string[];
    /** Generated tags merged with the input tags (input wins); `{}` when disabled; mirrors output `tags`. */
    readonly tags: Readonly<Record<string, string>>;
    /** The merged additional tag map; mirrors output `additional_tag_map`. */
    readonly additionalTagMap: Readonly<Record<string, string>>;
    /** The label order used to build the id; mirrors output `label_order`. */
    readonly labelOrder: readonly string[];
    /** The `regexReplaceChars` used to build the id; mirrors output `regex_replace_chars`. */
    readonly regexReplaceChars: string;
    /** The id length limit used, 0 meaning unlimited; mirrors output `id_length_limit`. */
    readonly idLengthLimit: number;
    /** One map per tag (sorted by key bytewise), with `key`, `value` and the additional tag map; mirrors output `tags_as_list_of_maps`. */
    readonly tagsAsListOfMaps: readonly TagMap[];
    /** Descriptors built from `descriptorFormats`; mirrors output `descriptors`. */
    readonly descriptors: Readonly<Record<string, string>>;
    /** Final values of this label, to pass as `context` to other labels; mirrors output `normalized_context`. */
    readonly normalizedContext: NormalizedLabelContext;
    /** Merged, otherwise unmodified input (nulls kept), to pass as `context`; mirrors output `context`. */
    readonly context: LabelContextOutput;
}
