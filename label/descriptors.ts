/**
 * `descriptors` of null-label 0.25.0: `format(v.format, [for l in v.labels : id_context[l]]...)`
 * for each entry of `descriptor_formats`, using the cased labels (not the id).
 */
import type { DescriptorFormat } from "./types";
import type { IdContext } from "./id";
import { isLabelName, LABEL_NAMES } from "./id";
import { format } from "./format";
import { sortedKeys } from "./strings";
import { LabelError } from "./validate";
import { problem, userKey } from "../util/problem";
import { setOwn } from "../util/objects";

/** Builds every descriptor; errors name the descriptor. */
export function buildDescriptors(
    formats: Readonly<Record<string, DescriptorFormat>>,
    idContext: IdContext,
    source: (key: string) => readonly string[],
): Record<string, string> {
    const out: Record<string, string> = {};
    for (const key of sortedKeys(formats)) {
        const d = formats[key];
        const field = [...source(key), userKey(key)];
        const args = d.labels.map((l, i) => {
            if (!isLabelName(l)) {
                throw new LabelError([
                    problem("NOT_ONE_OF", [...field, "labels", i], `must be one of ${LABEL_NAMES.join(", ")}`, l),
                ]);
            }
            return idContext[l];
        });
        try {
            setOwn(out, key, format(d.format, ...args));
        } catch (e) {
            const reason = (e as Error).message.replace(/^format: /, "");
            throw new LabelError([
                problem(
                    "BAD_FORMAT",
                    [...field, "format"],
                    `must use exactly the ${args.length} value(s) of its labels ${JSON.stringify(d.labels)}`,
                    d.format,
                    reason,
                ),
            ]);
        }
    }
    return out;
}
