/**
 * Properties of createLabel over generated, well-typed inputs (fast-check).
 */
import * as assert from "node:assert/strict";
import fc from "fast-check";
import { createLabel, fromTerraformContext, LabelInput, toTerraformContext } from "../../label";

const LABELS = ["namespace", "tenant", "environment", "stage", "name", "attributes"] as const;

/** Short strings, mostly label-like, sometimes any Unicode. */
const labelString = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9 ._\-+/]{0,12}$/),
    fc.string({ maxLength: 10, unit: "grapheme" }),
    fc.constantFrom("", "eg", "UAT", "Winston Churchroom", "H.R.H", "ǆemal", "straße", "İ"),
);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
const tagMap = fc.dictionary(
    fc.oneof(fc.stringMatching(/^[A-Za-z0-9_:./-]{1,8}$/), fc.constantFrom("Name", "10", "9", "key", "value")),
    labelString,
    { maxKeys: 4 },
);
/** Regexes closed under case mapping of what they keep, so the id survives its own regex. */
const caseStableRegex = fc.constantFrom(undefined, "", "/[^-a-zA-Z0-9]/", "/[^-a-zA-Z0-9.]/", "/[^[:alnum:]-]/");
const anyRegex = fc.oneof(
    caseStableRegex,
    fc.constantFrom("/[^a-zA-Z0-9]/", "x", ".", "/", "//", "/[0-9]/", "/(?i)a+/", "/\\s/", "ab"),
);

/** A well-typed input whose values all pass validation. */
function inputArb(regex: fc.Arbitrary<string | undefined>, delimiter: fc.Arbitrary<string>): fc.Arbitrary<LabelInput> {
    return fc.record(
        {
            enabled: optional(fc.boolean()),
            namespace: optional(labelString),
            tenant: optional(labelString),
            environment: optional(labelString),
            stage: optional(labelString),
            name: optional(labelString),
            delimiter: optional(delimiter),
            attributes: optional(fc.array(labelString, { maxLength: 4 })),
            tags: optional(tagMap),
            additionalTagMap: optional(tagMap),
            labelOrder: optional(fc.array(fc.constantFrom(...LABELS), { maxLength: 7 })),
            regexReplaceChars: regex,
            idLengthLimit: optional(fc.oneof(fc.constant(0), fc.integer({ min: 6, max: 64 }))),
            labelKeyCase: optional(fc.constantFrom("lower" as const, "title" as const, "upper" as const)),
            labelValueCase: optional(
                fc.constantFrom("lower" as const, "title" as const, "upper" as const, "none" as const),
            ),
            labelsAsTags: optional(fc.array(fc.constantFrom(...LABELS, "default", "unknown"), { maxLength: 4 })),
            descriptorFormats: optional(
                fc.dictionary(
                    fc.stringMatching(/^[a-z_]{1,6}$/),
                    fc.array(fc.constantFrom(...LABELS), { maxLength: 3 }).map((labels) => ({
                        format: labels.map(() => "%v").join("/") || "fixed",
                        labels,
                    })),
                    { maxKeys: 2 },
                ),
            ),
        },
        { requiredKeys: [] },
    );
}

const anyInput = inputArb(anyRegex, fc.constantFrom("-", "", "_", "__", "+", ".", "~~", "é"));
/** Inputs whose regex keeps the delimiter's characters and is stable under case mapping. */
const stableInput = fc.oneof(
    inputArb(caseStableRegex, fc.constantFrom("-", "", "--")),
    inputArb(fc.constant("/[^a-zA-Z0-9]/"), fc.constant("")).map((input) => ({ ...input, delimiter: "" })),
);
/** Chains: a first label, then an input that takes its context or normalized context. */
const chained = fc.tuple(anyInput, anyInput, fc.boolean()).map(([a, b, normalized]) => {
    const parent = createLabel(a);
    return { ...b, context: normalized ? parent.normalizedContext : parent.context };
});

const graphemes = (s: string) => [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(s)].length;
const RUNS = { numRuns: 300 };

describe("createLabel properties", () => {
    it("never throws on a well-typed, valid input (also chained)", () => {
        fc.assert(
            fc.property(anyInput, (input) => void createLabel(input)),
            RUNS,
        );
        fc.assert(
            fc.property(chained, (input) => void createLabel(input)),
            RUNS,
        );
    });

    it("keeps id within idLengthLimit (in characters) when a limit is set", () => {
        fc.assert(
            fc.property(fc.oneof(anyInput, chained), (input) => {
                const label = createLabel(input);
                if (label.idLengthLimit >= 6)
                    assert.ok(graphemes(label.id) <= label.idLengthLimit, `${label.id} > ${label.idLengthLimit}`);
            }),
            RUNS,
        );
    });

    it("keeps an ASCII id within idLengthLimit in UTF-16 units with the default regex", () => {
        fc.assert(
            fc.property(inputArb(fc.constant(undefined), fc.constant("-")), (input) => {
                const label = createLabel(input);
                if (label.idLengthLimit >= 6) assert.ok(label.id.length <= label.idLengthLimit);
            }),
            RUNS,
        );
    });

    it("produces an id that survives its own regex", () => {
        fc.assert(
            fc.property(stableInput, (input) => {
                const label = createLabel(input);
                const again = createLabel({
                    name: label.id,
                    regexReplaceChars: label.regexReplaceChars,
                    labelValueCase: "none",
                });
                assert.equal(again.name, label.id);
            }),
            RUNS,
        );
    });

    it("reproduces id and tags from its normalizedContext with no other input", () => {
        fc.assert(
            fc.property(stableInput, (input) => {
                const label = createLabel(input);
                const copy = createLabel({ context: label.normalizedContext });
                assert.equal(copy.id, label.id);
                assert.equal(copy.idFull, label.idFull);
                assert.deepEqual(copy.tags, label.tags);
                assert.deepEqual(copy.normalizedContext, label.normalizedContext);
            }),
            RUNS,
        );
    });

    it("is deterministic, key order included", () => {
        fc.assert(
            fc.property(fc.oneof(anyInput, chained), (input) => {
                assert.equal(JSON.stringify(createLabel(input)), JSON.stringify(createLabel(input)));
            }),
            RUNS,
        );
    });

    it("blanks exactly the documented outputs when disabled", () => {
        fc.assert(
            fc.property(anyInput, (input) => {
                const on = createLabel({ ...input, enabled: true });
                const off = createLabel({ ...input, enabled: false });
                assert.deepEqual(
                    [
                        off.id,
                        off.idFull,
                        off.namespace,
                        off.tenant,
                        off.environment,
                        off.stage,
                        off.name,
                        off.delimiter,
                        off.attributes,
                        off.tags,
                    ],
                    ["", "", "", "", "", "", "", "", [], {}],
                );
                assert.deepEqual(off.tagsAsListOfMaps, on.tagsAsListOfMaps);
                assert.deepEqual(off.descriptors, on.descriptors);
                assert.deepEqual({ ...off.normalizedContext, enabled: true }, on.normalizedContext);
            }),
            RUNS,
        );
    });

    it("sorts tagsAsListOfMaps by key bytewise", () => {
        fc.assert(
            fc.property(anyInput, (input) => {
                const keys = createLabel(input).tagsAsListOfMaps.map((m) => m.key);
                const sorted = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
                assert.deepEqual(keys, sorted);
            }),
            RUNS,
        );
    });

    it("round-trips a context through toTerraformContext and fromTerraformContext", () => {
        fc.assert(
            fc.property(fc.oneof(anyInput, chained), (input) => {
                const label = createLabel(input);
                assert.deepEqual(fromTerraformContext(toTerraformContext(label.context)), label.context);
                assert.deepEqual(
                    fromTerraformContext(toTerraformContext(label.normalizedContext)),
                    label.normalizedContext,
                );
            }),
            RUNS,
        );
    });
});
