/**
 * Object outputs (components/kit/declaredOutputs.ts): camelCase on the component, each field under its `var` in what
 * the stack program exports (`specOutputsOf`), at any depth, map keys kept; secret and unknown as the output is.
 */
import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import { exportedOutput } from "../../components/kit/declaredOutputs";
import { stackFileValue } from "../../components/kit/stackFileValue";
import { typeNode, type OutputDefinition, type VarType } from "../../components/kit/definition";
import { specOutputsOf } from "../../components/kit/kit";
import { installMocks, type InstalledMocks } from "../../program/mocks";
import { isKnown } from "../../sdk/adapter";
import { Widget, WIDGET_DEFINITION } from "../helpers/compositeDefinition";
import { unwrap } from "../helpers/outputs";

const OBJECT: VarType = {
    object: {
        topicArn: { var: "topic_arn", type: "string", doc: "" },
        byName: {
            var: "by_name",
            type: { map: { object: { queueUrl: { var: "queue_url", type: "string", doc: "" } } } },
            doc: "",
        },
        ports: {
            var: "port_list",
            type: { list: { object: { fromPort: { var: "from_port", type: "number", doc: "" } } } },
            doc: "",
        },
    },
};

describe("object outputs as the stack program exports them", () => {
    it("names each field by its var, at any depth; keeps map keys, other shapes and undeclared fields", () => {
        const cases: [VarType, unknown, unknown][] = [
            [
                OBJECT,
                { topicArn: "a", byName: { opsTeam: { queueUrl: "q" } }, ports: [{ fromPort: 80 }] },
                { topic_arn: "a", by_name: { opsTeam: { queue_url: "q" } }, port_list: [{ from_port: 80 }] },
            ],
            // A key `__proto__` of the user's map stays a key.
            [{ map: "string" }, JSON.parse('{"__proto__": "x"}'), JSON.parse('{"__proto__": "x"}')],
            [OBJECT, { topicArn: null, extra: 1 }, { topic_arn: null, extra: 1 }],
            [OBJECT, "not an object", "not an object"],
            [{ list: OBJECT }, [{ topicArn: "a" }, null], [{ topic_arn: "a" }, null]],
            ["string", "x", "x"],
        ];
        for (const [type, value, expected] of cases) {
            const out = stackFileValue(typeNode(type), value);
            assert.deepEqual(out, expected, JSON.stringify(value));
            if (typeof expected === "object" && expected !== null)
                assert.deepEqual(Object.keys(out as object), Object.keys(expected));
        }
    });

    describe("under mocks", () => {
        let mocks: InstalledMocks;
        before(async () => {
            mocks = await installMocks();
        });
        beforeEach(() => mocks.reset());

        it("exports an object output under its vars, other outputs as they are", async () => {
            const widget = new Widget(
                "w",
                { subscribers: { ops: { protocol: "sqs", endpoint: "arn:q" } } },
                {},
            ) as unknown as Record<string, pulumi.Output<unknown>>;
            // On the component: camelCase.
            assert.deepEqual(await unwrap(widget.summary), {
                topicArn: "arn:aws:sns:us-east-2:111111111111:w",
                subscriberCount: 1,
                byName: { ops: { queueUrl: "arn:q" } },
            });
            const exported = specOutputsOf(widget, WIDGET_DEFINITION.outputs);
            // The outputs with a spec name only (`arns` has none).
            assert.deepEqual(Object.keys(exported), ["endpoints", "widget_summary"]);
            assert.deepEqual(await unwrap(exported.widget_summary), {
                topic_arn: "arn:aws:sns:us-east-2:111111111111:w",
                subscriber_count: 1,
                by_name: { ops: { queue_url: "arn:q" } },
            });
            // A map of strings holds no object: the component's own Output.
            assert.equal(exported.endpoints, widget.endpoints);
        });

        it("keeps a secret secret and an unknown unknown", async () => {
            const output: OutputDefinition = { type: OBJECT, doc: "" };
            const secret = exportedOutput(output, pulumi.secret({ topicArn: "a" }))!;
            assert.equal(await pulumi.isSecret(secret), true);
            assert.deepEqual(await unwrap(secret), { topic_arn: "a" });
            // A preview's computed value.
            const unknown = pulumi.output({ topicArn: pulumi.unknown });
            assert.equal(await isKnown(unknown), false);
            assert.equal(await isKnown(exportedOutput(output, unknown as pulumi.Output<unknown>)!), false);
            assert.equal(exportedOutput(output, undefined), undefined);
            const text = pulumi.output("x");
            assert.equal(exportedOutput({ doc: "" }, text), text);
        });
    });
});
