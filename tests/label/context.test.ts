/**
 * fromTerraformContext / toTerraformContext: the bridge between a Terraform context object
 * (snake_case, e.g. `terraform output -json` of a null-label `context`) and LabelContext.
 */
import * as assert from "node:assert/strict";
import { createLabel, fromTerraformContext, toTerraformContext } from "../../label";

/** `module.label1.context` of upstream examples/complete, as printed by terraform output -json. */
const TERRAFORM_LABEL1_CONTEXT = {
    additional_tag_map: {},
    attributes: ["fire", "water", "earth", "air"],
    delimiter: null,
    descriptor_formats: {},
    enabled: true,
    environment: "UAT",
    id_length_limit: null,
    label_key_case: null,
    label_order: ["name", "tenant", "environment", "stage", "attributes"],
    label_value_case: null,
    labels_as_tags: ["default"],
    name: "Winston Churchroom",
    namespace: "CloudPosse",
    regex_replace_chars: null,
    stage: "build",
    tags: { City: "Dublin", Environment: "Private" },
    tenant: "H.R.H",
};

describe("fromTerraformContext", () => {
    it("camelCases the 17 context keys and keeps map keys and values as they are", () => {
        assert.deepEqual(fromTerraformContext(TERRAFORM_LABEL1_CONTEXT), {
            additionalTagMap: {},
            attributes: ["fire", "water", "earth", "air"],
            delimiter: null,
            descriptorFormats: {},
            enabled: true,
            environment: "UAT",
            idLengthLimit: null,
            labelKeyCase: null,
            labelOrder: ["name", "tenant", "environment", "stage", "attributes"],
            labelValueCase: null,
            labelsAsTags: ["default"],
            name: "Winston Churchroom",
            namespace: "CloudPosse",
            regexReplaceChars: null,
            stage: "build",
            tags: { City: "Dublin", Environment: "Private" },
            tenant: "H.R.H",
        });
    });

    it("gives the context that createLabel outputs for the same label", () => {
        const label1 = createLabel({
            namespace: "CloudPosse",
            tenant: "H.R.H",
            environment: "UAT",
            stage: "build",
            name: "Winston Churchroom",
            attributes: ["fire", "water", "earth", "air"],
            labelOrder: ["name", "tenant", "environment", "stage", "attributes"],
            tags: { City: "Dublin", Environment: "Private" },
        });
        assert.deepEqual(fromTerraformContext(TERRAFORM_LABEL1_CONTEXT), label1.context);
        assert.equal(createLabel({ context: fromTerraformContext(TERRAFORM_LABEL1_CONTEXT) }).id, label1.id);
    });

    it("keeps an older context's missing keys missing", () => {
        assert.deepEqual(fromTerraformContext({ enabled: true, namespace: "eg", label_order: [] }), {
            enabled: true,
            labelOrder: [],
            namespace: "eg",
        });
    });

    it("ignores keys Terraform would ignore", () => {
        assert.deepEqual(fromTerraformContext({ enabled: false, extra: 1 }), { enabled: false });
    });

    it("refuses camelCase keys, a sign of a context converted twice", () => {
        assert.throws(() => fromTerraformContext({ labelOrder: [] }), {
            message: "context.labelOrder is a camelCase key; fromTerraformContext expects label_order, got []",
        });
    });

    it("refuses what is not an object", () => {
        assert.throws(() => fromTerraformContext([] as unknown as object), {
            message: "context must be an object with snake_case keys, got []",
        });
    });

    it("copies, so the result does not share arrays or maps with its source", () => {
        const source = { enabled: true, attributes: ["a"], tags: { a: "1" } };
        const ctx = fromTerraformContext(source);
        assert.notEqual(ctx.attributes, source.attributes);
        assert.notEqual(ctx.tags, source.tags);
    });
});

describe("toTerraformContext", () => {
    it("snake_cases the keys in Terraform's (sorted) order", () => {
        const ctx = createLabel({ namespace: "eg", name: "app" }).normalizedContext;
        const tf = toTerraformContext(ctx);
        assert.deepEqual(Object.keys(tf), [
            "additional_tag_map",
            "attributes",
            "delimiter",
            "descriptor_formats",
            "enabled",
            "environment",
            "id_length_limit",
            "label_key_case",
            "label_order",
            "label_value_case",
            "labels_as_tags",
            "name",
            "namespace",
            "regex_replace_chars",
            "stage",
            "tags",
            "tenant",
        ]);
        assert.deepEqual((tf as Record<string, unknown>).tags, { Name: "eg-app", Namespace: "eg" });
    });

    it("round-trips with fromTerraformContext", () => {
        assert.deepEqual(toTerraformContext(fromTerraformContext(TERRAFORM_LABEL1_CONTEXT)), TERRAFORM_LABEL1_CONTEXT);
    });
});
