/**
 * The plugin's Construct for declared composite types (a synthetic component, tests/helpers/compositeDefinition.ts):
 * Outputs, secrets and unknowns inside lists, maps and object fields reach the component where TypeScript would hold
 * them, are refused before anything is registered where the declaration takes none, and an object output goes back
 * with camelCase fields. The engine sends a secret, unknown or dependent value at any depth as an output value: the
 * resource monitor reads the program's inputs upgrading every secret and unknown to an output value (pulumi
 * pkg/resource/deploy/source_eval.go 2358-2368, `UpgradeToOutputValues`; pkg/resource/plugin/rpc.go 663-667 and
 * 680-686), and Construct writes output values as such (provider_plugin.go 2043-2052, `KeepOutputValues` for a
 * provider that accepts outputs, as the Node.js server says it does: @pulumi/pulumi provider/server.js 122-124;
 * rpc.go 203-232); the SDK's `deserializeProperty`
 * makes each an Output in place (runtime/rpc.js 716-727) and `deserializeInputs` leaves an input that holds Outputs
 * as it is (provider/server.js 549-561).
 */
import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import type { ComponentDefinition } from "../../components/kit/definition";
import { installMocks, type InstalledMocks } from "../../program/mocks";
import { misplacedOutputs } from "../../provider/plainInputs";
import type { ComponentsProvider } from "../../provider/provider";
import { isKnown } from "../../sdk/adapter";
import { received, Widget, WIDGET_DEFINITION } from "../helpers/compositeDefinition";
import { unwrap } from "../helpers/outputs";
import { wireInputs } from "../helpers/wireInputs";

const WIDGET = WIDGET_DEFINITION as ComponentDefinition;
const BUCKET_URN = "urn:pulumi:stack::project::aws:s3/bucketV2:BucketV2::events";

/** An output value as the engine sends it inside a Construct request's inputs. */
const outputValue = (value: unknown, extra: { secret?: boolean; dependencies?: string[] } = {}) => ({
    [pulumi.runtime.specialSigKey]: pulumi.runtime.specialOutputValueSig,
    ...(value !== undefined ? { value } : {}),
    ...extra,
});

const KIT = { definition: WIDGET, component: Widget, args: { required: [] } };

describe("the plugin's Construct of composite inputs and outputs", () => {
    let mocks: InstalledMocks;
    let provider: ComponentsProvider;

    before(async () => {
        mocks = await installMocks();
        const { ComponentsProvider } = await import("../../provider/provider");
        provider = new ComponentsProvider("1.2.3", [KIT]);
    });

    beforeEach(() => {
        mocks.reset();
        received.length = 0;
    });

    it("serves the schema of the components it was given", async () => {
        const schema = JSON.parse(await provider.getSchema()) as { resources: object; types: object };
        assert.deepEqual(Object.keys(schema.resources), [WIDGET.typeToken]);
        assert.ok("cloudposse:widget:WidgetSubscribers" in schema.types);
    });

    it("hands the component Outputs where they were, plain values around them, as TypeScript would", async () => {
        const inputs = await wireInputs({
            region: "us-east-2",
            subscribers: {
                // A map value whose endpoint depends on another resource, and one given whole as a secret.
                ops: {
                    protocol: "sqs",
                    endpoint: outputValue("arn:aws:sqs:us-east-2:111111111111:ops", { dependencies: [BUCKET_URN] }),
                    rawMessageDelivery: true,
                },
                audit: outputValue({ protocol: "lambda", endpoint: "arn:aws:lambda:fn" }, { secret: true }),
            },
            ports: [80, outputValue(443, { secret: true })],
            limits: { burst: outputValue(2, { dependencies: [BUCKET_URN] }), labels: { Team: "ops" } },
        });
        // The SDK kept each input that holds Outputs as it is: only the places are Outputs.
        assert.equal(pulumi.Output.isInstance(inputs.subscribers), false);
        await provider.construct("w", WIDGET.typeToken, inputs, {});
        await mocks.settle();
        const [args] = received;
        const subscribers = args.subscribers as Record<string, Record<string, unknown>>;
        assert.equal(subscribers.ops.protocol, "sqs");
        assert.equal(subscribers.ops.rawMessageDelivery, true);
        const endpoint = subscribers.ops.endpoint as pulumi.Output<string>;
        assert.equal(pulumi.Output.isInstance(endpoint), true);
        assert.equal(await unwrap(endpoint), "arn:aws:sqs:us-east-2:111111111111:ops");
        const audit = subscribers.audit as unknown as pulumi.Output<unknown>;
        assert.equal(await pulumi.isSecret(audit), true);
        assert.deepEqual(await unwrap(audit), { protocol: "lambda", endpoint: "arn:aws:lambda:fn" });
        const ports = args.ports as unknown[];
        assert.equal(ports[0], 80);
        assert.equal(await pulumi.isSecret(ports[1] as pulumi.Output<number>), true);
        const limits = args.limits as Record<string, unknown>;
        assert.equal(pulumi.Output.isInstance(limits.burst), true);
        assert.deepEqual(limits.labels, { Team: "ops" });
    });

    it("keeps an unknown inside a map unknown in a preview's way: an Output that is not known", async () => {
        const inputs = await wireInputs({
            subscribers: { ops: { protocol: "sqs", endpoint: outputValue(undefined, { dependencies: [BUCKET_URN] }) } },
        });
        await provider.construct("w", WIDGET.typeToken, inputs, {});
        await mocks.settle();
        const endpoint = (received[0].subscribers as Record<string, Record<string, unknown>>).ops.endpoint;
        assert.equal(await isKnown(endpoint as pulumi.Output<unknown>), false);
    });

    it("refuses an Output where the declaration takes none, naming the place, registering nothing", async () => {
        const cases: [Record<string, unknown>, string][] = [
            // A plain field of an object in a map (the map's values may be Inputs; this field may not).
            [
                { subscribers: { ops: { protocol: outputValue("sqs", { secret: true }), endpoint: "x" } } },
                'subscribers["ops"].protocol',
            ],
            // A field inside a plain field.
            [
                { subscribers: { ops: { protocol: "sqs", endpoint: "x", filter: { scope: outputValue("a") } } } },
                'subscribers["ops"].filter.scope',
            ],
            // A set's item (a set is deduplicated once known).
            [{ zones: ["a", outputValue("b", { dependencies: [BUCKET_URN] })] }, "zones[1]"],
            // A plain map's value inside an Input object.
            [{ limits: { labels: { Team: outputValue("ops", { secret: true }) } } }, 'limits.labels["Team"]'],
            // The whole plain map.
            [{ subscribers: outputValue({}, { secret: true }) }, "subscribers"],
        ];
        for (const [values, place] of cases) {
            const inputs = await wireInputs(values);
            await assert.rejects(provider.construct("w", WIDGET.typeToken, inputs, {}), (error: Error) => {
                assert.equal(
                    error.message,
                    `fixture/widget "w": ${place} must be a plain value known when the component is created, got an Output`,
                );
                return true;
            });
            await mocks.settle();
            assert.deepEqual(mocks.resources, [], place);
        }
        assert.deepEqual(received, []);
    });

    it("sends an object output back with its camelCase fields", async () => {
        const inputs = await wireInputs({
            subscribers: { ops: { protocol: "sqs", endpoint: outputValue("arn:q", { dependencies: [BUCKET_URN] }) } },
        });
        const result = await provider.construct("w", WIDGET.typeToken, inputs, {});
        await mocks.settle();
        assert.deepEqual(Object.keys(result.state), ["endpoints", "summary", "arns"]);
        // As the SDK's server serializes the state for the response (provider/server.js `construct`).
        const wire = await pulumi.runtime.serializeProperties("construct", result.state);
        assert.deepEqual(wire.summary, {
            topicArn: "arn:aws:sns:us-east-2:111111111111:w",
            subscriberCount: 1,
            byName: { ops: { queueUrl: "arn:q" } },
        });
        assert.deepEqual(wire.endpoints, { ops: "arn:q" });
    });

    it("walks each argument along its declared type (provider/plainInputs.ts), shorthands as the kit reads them", () => {
        const later = pulumi.output("x");
        const fields = {
            // A shorthand field that takes an Input takes Inputs as its values too (as `tags` always has).
            tags: { var: "tags", type: "map(string)", input: true, doc: "t" },
            names: { var: "names", type: "list(string)", doc: "n" },
        };
        const definition = {
            ...WIDGET,
            args: {
                ...WIDGET.args,
                x: { var: "x", type: { object: fields }, defaultText: "", doc: "x" },
                // A plain shorthand: nothing known later anywhere in it.
                plainList: { var: "plain_list", type: "list(string)", defaultText: "", doc: "p" },
                // A shorthand that takes an Input: anything in it may be.
                inputMap: { var: "input_map", type: "map(string)", input: true, defaultText: "", doc: "i" },
            },
        } as unknown as ComponentDefinition;
        const cases: [Record<string, unknown>, string[][]][] = [
            [{ x: { tags: { a: later } } }, []],
            [{ x: { tags: later } }, []],
            [{ x: { names: [later] } }, [["x", "names", "0"]]],
            [{ x: later }, [["x"]]],
            [{ plainList: ["a", later] }, [["plainList"]]],
            [{ inputMap: { a: later } }, []],
            // Undeclared arguments and fields are the component's to refuse; a value of another shape too.
            [{ colour: later, x: { colour: later } }, []],
            [{ zones: { a: later } }, [["zones"]]],
            [
                { subscribers: { ops: { endpoint: Promise.resolve("arn") }, b: { filter: later } } },
                [["subscribers", "b", "filter"]],
            ],
        ];
        for (const [inputs, expected] of cases) {
            const found = misplacedOutputs(definition, inputs).map((path) =>
                path.map((segment) => (typeof segment === "object" ? segment.key : String(segment))),
            );
            assert.deepEqual(found, expected, JSON.stringify(Object.keys(inputs)));
        }
    });
});
