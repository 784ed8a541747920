/**
 * Tags of null-label 0.25.0: generated tags for `labels_as_tags`, merged under the input tags,
 * and `tags_as_list_of_maps`.
 */
import type { LabelKeyCase, TagMap } from "./types";
import type { IdContext } from "./id";
import { caseKey } from "./casing";
import { compareGoStrings } from "../util/goOrder";
import { sortMap } from "./context";
import { setOwn } from "../util/objects";

/** The labels that `labelsAsTags: ["default"]` stands for: `keys(local.tags_context)`, sorted. */
export const DEFAULT_LABELS_AS_TAGS: readonly string[] = Object.freeze([
    "attributes",
    "environment",
    "name",
    "namespace",
    "stage",
    "tenant",
]);

/** Generated tag keys for each `labelKeyCase`. */
const CASED_KEYS: Record<LabelKeyCase, Record<string, string>> = { lower: {}, title: {}, upper: {} };
for (const keyCase of ["lower", "title", "upper"] as const) {
    for (const l of DEFAULT_LABELS_AS_TAGS) CASED_KEYS[keyCase][l] = caseKey(l, keyCase);
}

/** `local.labels_as_tags`: any "default" means all six labels. */
export function resolveLabelsAsTags(labelsAsTags: readonly string[]): readonly string[] {
    return labelsAsTags.includes("default") ? DEFAULT_LABELS_AS_TAGS : labelsAsTags;
}

/**
 * `local.tags`: tags generated for the labels in `labelsAsTags` (the `name` tag holds the id,
 * empty values dropped, keys cased), merged under `inputTags` (input wins). Keys sorted.
 */
export function buildTags(
    tagsContext: IdContext,
    labelsAsTags: readonly string[],
    keyCase: LabelKeyCase,
    inputTags: Readonly<Record<string, string>>,
): Record<string, string> {
    const generated: Record<string, string> = {};
    for (const l of DEFAULT_LABELS_AS_TAGS) {
        if (!labelsAsTags.includes(l)) continue;
        const v = tagsContext[l as keyof IdContext];
        if (v.length > 0) generated[CASED_KEYS[keyCase][l]] = v;
    }
    for (const k in inputTags) setOwn(generated, k, inputTags[k]);
    return sortMap(generated, true);
}

/** `tags_as_list_of_maps`: one map per tag in bytewise key order, `additionalTagMap` merged last. */
export function buildTagsAsListOfMaps(
    tags: Readonly<Record<string, string>>,
    additionalTagMap: Readonly<Record<string, string>>,
): TagMap[] {
    const keys = Object.keys(tags).sort(compareGoStrings);
    const extraKeys = Object.keys(additionalTagMap);
    if (extraKeys.length === 0) return keys.map((key) => ({ key, value: tags[key] }));
    // The key order of each map is the same: sort it once.
    const order = Array.from(new Set(["key", "value", ...extraKeys])).sort(compareGoStrings);
    return keys.map((key) => {
        const merged: Record<string, string> = { key, value: tags[key], ...additionalTagMap };
        const out: Record<string, string> = {};
        for (const k of order) setOwn(out, k, merged[k]);
        return out;
    });
}
