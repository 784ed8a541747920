/**
 * Upstream examples/complete and test/src/examples_complete_test.go at null-label 0.25.0:
 * the same labels built with createLabel, and every assertion of the Go test, with its
 * literal expectations. (The `compatible` output compares with registry versions 0.22.1 and
 * 0.24.1, which are not part of this port; their 0.25.0 sides are in terraform.test.ts.)
 */
import * as assert from "node:assert/strict";
import { createLabel, Label, LabelContext } from "../../label";

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
const label1t1 = createLabel({ idLengthLimit: 32, context: label1.context });
const label1t2 = createLabel({ idLengthLimit: 33, context: label1.context });
const label2 = createLabel({
    context: label1.context,
    name: "Charlie",
    tenant: "",
    stage: "test",
    delimiter: "+",
    regexReplaceChars: "/[^a-zA-Z0-9-+]/",
    additionalTagMap: { propagate_at_launch: "true", additional_tag: "yes" },
    tags: { City: "London", Environment: "Public" },
    labelsAsTags: ["stage"],
});
const label3Args = {
    name: "Starfish",
    stage: "release",
    delimiter: ".",
    regexReplaceChars: "/[^-a-zA-Z0-9.]/",
    tags: { Eat: "Carrot", Animal: "Rabbit" },
};
const label3c = createLabel({ ...label3Args, context: label1.context });
const label3n = createLabel({ ...label3Args, context: label1.normalizedContext });
const label4 = createLabel({
    namespace: "CloudPosse",
    environment: "UAT",
    name: "Example Cluster",
    attributes: ["big", "fat", "honking", "cluster"],
    delimiter: "-",
    labelOrder: ["namespace", "stage", "environment", "attributes"],
    tags: { City: "Dublin", Environment: "Private" },
});
const label5 = createLabel({
    enabled: false,
    namespace: "eg",
    environment: "demo",
    name: "blue",
    attributes: ["cluster"],
    delimiter: "-",
    labelOrder: ["namespace", "stage", "environment", "attributes"],
    tags: {},
});
// module "this" with complete.auto.tfvars
const moduleThis = createLabel({
    namespace: "cp",
    environment: "uw2",
    stage: "prd",
    name: "null-label",
    delimiter: "",
    idLengthLimit: 6,
    labelKeyCase: "lower",
    labelValueCase: "upper",
});
const label6f = createLabel({ delimiter: "~", idLengthLimit: 0, context: moduleThis.context });
const label6t = createLabel({ context: moduleThis.context });
const label7a = createLabel({
    enabled: true,
    namespace: "eg",
    environment: "demo",
    name: "blue",
    attributes: ["cluster"],
    delimiter: "-",
    tags: {},
});
const label7 = createLabel({ attributes: ["nodegroup"], context: label7a.context });
const base8 = {
    enabled: true,
    namespace: "eg",
    environment: "demo",
    name: "blue",
    attributes: ["cluster"],
    delimiter: "-",
};
const label8d = createLabel({
    enabled: true,
    namespace: "eg",
    environment: "demo",
    tenant: "blue",
    attributes: ["cluster"],
    delimiter: "-",
    tags: { "kubernetes.io/cluster/": "shared" },
    labelOrder: ["namespace", "environment", "tenant", "attributes"],
    labelsAsTags: ["environment", "name", "attributes", "stage"],
});
const label8dChained = createLabel({ labelsAsTags: ["namespace"], context: label8d.context });
const label8dContext = createLabel({ context: label8d.context });
const label8dcd = createLabel({ ...base8, delimiter: "x" });
const label8dcdContext = createLabel({ context: label8dcd.context });
const label8dnd = createLabel({ ...base8, delimiter: "" });
const label8dndContext = createLabel({ context: label8dnd.context });
const label8l = createLabel({
    ...base8,
    labelKeyCase: "lower",
    labelValueCase: "lower",
    tags: { "kubernetes.io/cluster/": "shared", upperTEST: "testUPPER" },
});
const label8lContext = createLabel({ context: label8l.context });
const label8n = createLabel({
    ...base8,
    namespace: "EG",
    attributes: ["eks", "ClusteR"],
    labelValueCase: "none",
    tags: { "kubernetes.io/cluster/": "shared" },
});
const label8nContext = createLabel({ context: label8n.context });
const label8t = createLabel({
    ...base8,
    attributes: ["EKS", "cluster"],
    labelKeyCase: "title",
    labelValueCase: "title",
    tags: { "kubernetes.io/cluster/": "shared" },
});
const label8tContext = createLabel({ context: label8t.context });
const label8u = createLabel({
    ...base8,
    labelKeyCase: "upper",
    labelValueCase: "upper",
    tags: { "kubernetes.io/cluster/": "shared" },
});
const label8uContext = createLabel({ context: label8u.context });
const descriptors = createLabel({
    enabled: true,
    tenant: "H.R.H",
    namespace: "CloudPosse",
    environment: "UAT",
    stage: "build",
    name: "Winston Churchroom",
    delimiter: "+",
    attributes: ["fire", "water"],
    tags: { City: "Dublin", Environment: "Private" },
    additionalTagMap: { propagate: "true" },
    labelOrder: ["name", "environment", "stage", "attributes"],
    regexReplaceChars: "/[^a-tv-zA-Z0-9+]/",
    idLengthLimit: 6,
    descriptorFormats: {
        stack: { labels: ["tenant", "environment", "stage"], format: "%v-%v-%v" },
        account_name: { labels: ["stage", "tenant"], format: "%v-%v" },
    },
});
const chainedDescriptors = createLabel({ context: descriptors.context });

/** The fields of the Go test's NLContext struct. */
function nl(ctx: LabelContext) {
    const {
        additionalTagMap,
        attributes,
        delimiter,
        enabled,
        environment,
        labelOrder,
        name,
        namespace,
        regexReplaceChars,
        stage,
        tags,
        tenant,
    } = ctx;
    return {
        additionalTagMap,
        attributes,
        delimiter,
        enabled,
        environment,
        labelOrder,
        name,
        namespace,
        regexReplaceChars,
        stage,
        tags,
        tenant,
    };
}

const expectedLabel1Context = {
    enabled: true,
    namespace: "CloudPosse",
    tenant: "H.R.H",
    environment: "UAT",
    stage: "build",
    name: "Winston Churchroom",
    attributes: ["fire", "water", "earth", "air"],
    delimiter: null,
    labelOrder: ["name", "tenant", "environment", "stage", "attributes"],
    tags: { City: "Dublin", Environment: "Private" },
    additionalTagMap: {},
    regexReplaceChars: null,
};
const expectedLabel1NormalizedContext = {
    ...expectedLabel1Context,
    namespace: "cloudposse",
    tenant: "hrh",
    environment: "uat",
    name: "winstonchurchroom",
    delimiter: "-",
    regexReplaceChars: "/[^-a-zA-Z0-9]/",
    tags: {
        City: "Dublin",
        Environment: "Private",
        Namespace: "cloudposse",
        Stage: "build",
        Tenant: "hrh",
        Name: "winstonchurchroom-hrh-uat-build-fire-water-earth-air",
        Attributes: "fire-water-earth-air",
    },
};

const sortedLabelsAsTags = (l: Label) => [...(l.context.labelsAsTags ?? [])].sort().join("-");

describe("upstream examples/complete (examples_complete_test.go)", () => {
    it("descriptors: stack is hrh-uat-bild and account_name is bild-hrh", () => {
        assert.equal(descriptors.descriptors.account_name, "bild-hrh");
        assert.equal(descriptors.descriptors.stack, "hrh-uat-bild");
    });

    it("chained_descriptors: a chained module outputs the same descriptors", () => {
        assert.equal(chainedDescriptors.descriptors.account_name, descriptors.descriptors.account_name);
        assert.equal(chainedDescriptors.descriptors.stack, descriptors.descriptors.stack);
    });

    it("label1: id, Name tag, input tags, context and normalized context", () => {
        assert.equal(label1.id, "winstonchurchroom-hrh-uat-build-fire-water-earth-air");
        assert.equal(label1.tags.Name, "winstonchurchroom-hrh-uat-build-fire-water-earth-air");
        assert.equal(label1.tags.City, "Dublin");
        assert.equal(label1.tags.Environment, "Private");
        assert.deepEqual(nl(label1.normalizedContext), expectedLabel1NormalizedContext);
        assert.deepEqual(nl(label1.context), expectedLabel1Context);
    });

    it("label1t1: an extra hash character is added when the trailing delimiter is removed", () => {
        assert.equal(label1t1.id, "winstonchurchroom-hrh-uat-6403d8");
        assert.equal(label1t1.idFull, label1.id, "id_full should not be truncated");
        assert.equal(label1t1.tags.Name, label1t1.id, "Name tag should match ID");
    });

    it("label1t2: truncated to 33", () => {
        assert.equal(label1t2.id, "winstonchurchroom-hrh-uat-b-6403d");
        assert.equal(label1t2.tags.Name, label1t2.id, "Name tag should match ID");
    });

    it("label2: chained with overrides", () => {
        assert.equal(label2.id, "charlie+uat+test+fire+water+earth+air");
        assert.equal(label2.tags.Name, "charlie+uat+test+fire+water+earth+air");
        assert.equal(label2.tags.City, "London");
        assert.equal(label2.tags.Environment, "Public");
    });

    it("label3c: chained from context", () => {
        assert.equal(label3c.id, "starfish.h.r.h.uat.release.fire.water.earth.air");
        assert.equal(label3c.tags.Name, "starfish.h.r.h.uat.release.fire.water.earth.air");
        assert.deepEqual(nl(label3c.context), {
            ...expectedLabel1Context,
            name: "Starfish",
            stage: "release",
            delimiter: ".",
            regexReplaceChars: "/[^-a-zA-Z0-9.]/",
            tags: { ...expectedLabel1Context.tags, Eat: "Carrot", Animal: "Rabbit" },
        });
    });

    it("label3n: chained from normalized context, whose tenant is hrh and whose tags win", () => {
        assert.equal(label3n.id, "starfish.hrh.uat.release.fire.water.earth.air");
        assert.equal(
            label3n.tags.Name,
            label1.tags.Name,
            "Tag from label1 normalized context should overwrite label3n generated tag",
        );
        assert.deepEqual(nl(label3n.context), {
            ...expectedLabel1NormalizedContext,
            name: "Starfish",
            stage: "release",
            delimiter: ".",
            regexReplaceChars: "/[^-a-zA-Z0-9.]/",
            tags: { ...expectedLabel1NormalizedContext.tags, Eat: "Carrot", Animal: "Rabbit" },
        });
    });

    it("label4: label_order without name", () => {
        assert.equal(label4.id, "cloudposse-uat-big-fat-honking-cluster");
        assert.equal(label4.tags.Name, "cloudposse-uat-big-fat-honking-cluster");
    });

    it("label5: disabled gives an empty id", () => {
        assert.equal(label5.id, "");
    });

    it("label6f: label_key_case lower, label_value_case upper, not truncated", () => {
        assert.equal(label6f.idFull, "CP~UW2~PRD~NULL-LABEL");
        assert.equal(label6f.id, label6f.idFull, "id should not be truncated");
        assert.equal(label6f.tags.name, label6f.id, "Name tag should match ID");
    });

    it("label6t: truncated to the context's id_length_limit", () => {
        assert.equal(label6t.idFull, "CPUW2PRDNULL-LABEL");
        assert.notEqual(label6t.id, label6t.idFull, "id should be truncated");
        assert.equal(label6t.tags.name, label6t.id, "Name tag should match ID");
        assert.equal(
            String(moduleThis.context.idLengthLimit),
            String(label6t.id.length),
            "Truncated ID length should equal length limit",
        );
    });

    it("label7: var.attributes are appended after context.attributes", () => {
        assert.equal(label7.id, "eg-demo-blue-cluster-nodegroup");
    });

    it("label8dnd: empty delimiter, and the same id from its context", () => {
        assert.equal(label8dnd.id, "egdemobluecluster");
        assert.equal(label8dndContext.id, label8dnd.id, "ID and context ID should be equal");
    });

    it("label8dcd: delimiter x, and the same id from its context", () => {
        assert.equal(label8dcd.id, "egxdemoxbluexcluster");
        assert.equal(label8dcdContext.id, label8dcd.id, "ID and context ID should be equal");
    });

    it("label8d: labels_as_tags limits the generated tags, and a chained value is ignored", () => {
        assert.equal(label8d.id, "eg-demo-blue-cluster");
        assert.equal(label8dContext.id, label8d.id, "ID and context ID should be equal");
        assert.equal(sortedLabelsAsTags(label8dChained), "attributes-environment-name-stage");
        assert.deepEqual(label8d.tags, {
            Attributes: "cluster",
            Environment: "demo",
            Name: "eg-demo-blue-cluster",
            "kubernetes.io/cluster/": "shared",
        });
        assert.deepEqual(label8dContext.tags, label8d.tags, "tags and context tags should be equal");
    });

    it("label8l: lower keys and values", () => {
        assert.equal(label8l.id, "eg-demo-blue-cluster");
        assert.equal(label8lContext.id, label8l.id);
        assert.deepEqual(label8l.tags, {
            attributes: "cluster",
            environment: "demo",
            name: "eg-demo-blue-cluster",
            namespace: "eg",
            "kubernetes.io/cluster/": "shared",
            upperTEST: "testUPPER",
        });
        assert.deepEqual(label8lContext.tags, label8l.tags);
    });

    it("label8t: title keys and values", () => {
        assert.equal(label8t.id, "Eg-Demo-Blue-Eks-Cluster");
        assert.equal(label8tContext.id, label8t.id);
        assert.deepEqual(label8t.tags, {
            Attributes: "Eks-Cluster",
            Environment: "Demo",
            Name: "Eg-Demo-Blue-Eks-Cluster",
            Namespace: "Eg",
            "kubernetes.io/cluster/": "shared",
        });
        assert.deepEqual(label8tContext.tags, label8t.tags);
    });

    it("label8u: upper keys and values", () => {
        assert.equal(label8u.id, "EG-DEMO-BLUE-CLUSTER");
        assert.equal(label8uContext.id, label8u.id);
        assert.deepEqual(label8u.tags, {
            ATTRIBUTES: "CLUSTER",
            ENVIRONMENT: "DEMO",
            NAME: "EG-DEMO-BLUE-CLUSTER",
            NAMESPACE: "EG",
            "kubernetes.io/cluster/": "shared",
        });
        assert.deepEqual(label8uContext.tags, label8u.tags);
    });

    it("label8n: value case none keeps the input's case", () => {
        assert.equal(label8n.id, "EG-demo-blue-eks-ClusteR");
        assert.equal(label8nContext.id, label8n.id);
        assert.deepEqual(label8n.tags, {
            Attributes: "eks-ClusteR",
            Environment: "demo",
            Name: "EG-demo-blue-eks-ClusteR",
            Namespace: "EG",
            "kubernetes.io/cluster/": "shared",
        });
        assert.deepEqual(label8nContext.tags, label8n.tags);
    });
});
