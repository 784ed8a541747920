/**
 * The plugin's schema for declared composite types (tests/helpers/compositeDefinition.ts, a synthetic component):
 * object types as named types referenced by `$ref`, lists as `items`, maps as `additionalProperties`, `plain` at each
 * position as Pulumi binds it, composite outputs, and type names that cannot collide.
 */
import * as assert from "node:assert/strict";
import type { ComponentDefinition, FieldDefinition } from "../../components/kit/definition";
import { EVENTBRIDGE_DEFINITION } from "../../components/eventbridge/definition";
import { packageSchema, type PackageSchema, type SchemaObjectType } from "../../provider/schema";
import { WIDGET_DEFINITION } from "../helpers/compositeDefinition";
import { metaschemaValidator } from "../helpers/metaschema";

const WIDGET = WIDGET_DEFINITION as ComponentDefinition;
const schema = packageSchema("1.0.0", [WIDGET], []);
const inputs = schema.resources[WIDGET.typeToken].inputProperties;
const outputs = schema.resources[WIDGET.typeToken].properties;
const objectType = (token: string) => schema.types[token] as SchemaObjectType;
/** The properties of an object type of `of`. */
const propertiesIn = (of: PackageSchema, token: string) => (of.types[token] as SchemaObjectType).properties;

/** A definition with `args` and `outputs` replacing the widget's. */
function widgetWith(args: object, outputs: object = {}): ComponentDefinition {
    return { ...WIDGET, args: args as never, outputs: outputs as never };
}
const field = (name: string, type: FieldDefinition["type"]): FieldDefinition => ({ var: name, type, doc: name });

describe("the plugin's schema of composite types", () => {
    it("is a valid package schema by Pulumi's metaschema, whatever the nesting", () => {
        const validate = metaschemaValidator();
        assert.equal(validate(JSON.parse(JSON.stringify(schema))), true, JSON.stringify(validate.errors, null, 2));
        const arg = (type: FieldDefinition["type"]) => ({ var: "x", type, input: true, defaultText: "", doc: "x" });
        const nested = widgetWith(
            {
                grid: arg({ list: { list: "number", inputItems: true } }),
                anyMap: arg({ map: "any", inputValues: true }),
                objectSet: arg({ set: { object: { a: field("a", { map: { list: "bool" } }) } } }),
                deep: arg({ object: { b: field("b", { object: { c: field("c", { list: { object: {} } }) } }) } }),
            },
            { grid: { type: { list: { list: "string" } }, doc: "g" } },
        );
        const deep = packageSchema("1.0.0", [nested], []);
        assert.equal(validate(JSON.parse(JSON.stringify(deep))), true, JSON.stringify(validate.errors, null, 2));
        assert.deepEqual(Object.keys(deep.types).sort(), [
            "cloudposse:widget:WidgetDeep",
            "cloudposse:widget:WidgetDeepB",
            "cloudposse:widget:WidgetDeepBC",
            "cloudposse:widget:WidgetObjectSet",
        ]);
        assert.deepEqual(deep.resources[WIDGET.typeToken].inputProperties.grid, {
            type: "array",
            // The outer list's items plain (no inputItems), the inner list's items Inputs (inputItems).
            items: { type: "array", items: { type: "integer" }, plain: true },
            description: "x",
        });
    });

    // A position is an Input unless its own type spec says plain (pkg/codegen/schema/bind.go 1207-1211, the items
    // 1227-1240 and additionalProperties 1241-1262 bound alike, an object type's properties at 1418); e.g. a plain
    // list of unmarked items is `[]FooInput` in Go (tests/testdata/codegen/simple-plain-schema-with-root-package/go/
    // component.go 58-68).
    it("writes a map of objects whose values may be Inputs: plain map, unmarked values, one object type", () => {
        assert.deepEqual(inputs.subscribers, {
            type: "object",
            additionalProperties: { $ref: "#/types/cloudposse:widget:WidgetSubscribers" },
            description: "Subscribers by name.",
            plain: true,
        });
        assert.deepEqual(objectType("cloudposse:widget:WidgetSubscribers"), {
            type: "object",
            description: "Subscribers by name.",
            properties: {
                // A closed set of strings is an enum, named after the object and the field.
                protocol: {
                    $ref: "#/types/cloudposse:widget:WidgetSubscribersProtocol",
                    description: "How messages are delivered.",
                    plain: true,
                },
                // `input: true`: an Input (no plain mark).
                endpoint: { type: "string", description: "Where messages go." },
                // A field's default is described, never a schema default (generators would send it).
                rawMessageDelivery: {
                    type: "boolean",
                    description: "Whether messages go unwrapped. Default: `false`.",
                    plain: true,
                },
                filter: {
                    $ref: "#/types/cloudposse:widget:WidgetSubscribersFilter",
                    description: "Which messages go.",
                    plain: true,
                },
            },
            required: ["protocol", "endpoint"],
        });
        assert.deepEqual(schema.types["cloudposse:widget:WidgetSubscribersProtocol"], {
            type: "string",
            description: "How messages are delivered.",
            enum: [
                { name: "Sqs", value: "sqs" },
                { name: "Lambda", value: "lambda" },
            ],
        });
        assert.deepEqual(objectType("cloudposse:widget:WidgetSubscribersFilter"), {
            type: "object",
            description: "Which messages go.",
            properties: { scope: { type: "string", description: "What is filtered.", plain: true } },
            required: [],
        });
    });

    it("writes lists with their items' plain mark, sets with plain items, objects with nested shorthands", () => {
        // An Input list whose items may be Inputs: nothing plain.
        assert.deepEqual(inputs.ports, { type: "array", items: { type: "integer" }, description: "Ports to open." });
        // A plain set: plain items too (a set is deduplicated once known).
        assert.deepEqual(inputs.zones, {
            type: "array",
            items: { type: "string", plain: true },
            description: "Zones to use.",
            plain: true,
        });
        assert.deepEqual(inputs.limits, {
            $ref: "#/types/cloudposse:widget:WidgetLimits",
            description: "Rate limits.",
        });
        // Inside a composite a shorthand is written out: map(string)'s values plain unless declared otherwise.
        assert.deepEqual(objectType("cloudposse:widget:WidgetLimits").properties, {
            burst: { type: "integer", description: "Burst size. One of 1, 2." },
            labels: {
                type: "object",
                additionalProperties: { type: "string", plain: true },
                description: "Labels of the limits.",
                plain: true,
            },
        });
    });

    it("reads a shorthand field that takes an Input as taking Inputs inside, as tags always have", () => {
        const tags = { var: "tags", type: "map(string)", input: true, doc: "t" } as const;
        const names = { var: "names", type: "list(string)", input: true, doc: "n" } as const;
        const definition = widgetWith({
            x: { var: "x", type: { object: { tags, names } }, defaultText: "", doc: "x" },
        });
        assert.deepEqual(propertiesIn(packageSchema("1.0.0", [definition], []), "cloudposse:widget:WidgetX"), {
            tags: { type: "object", additionalProperties: { type: "string" }, description: "t" },
            names: { type: "array", items: { type: "string" }, description: "n" },
        });
    });

    it("marks the items of a plain-only shorthand list and the values of a plain-only map plain", () => {
        // A plain property's unmarked items are Inputs: Go types them `[]FooInput` (pulumi tests/testdata/codegen/
        // simple-plain-schema-with-root-package: schema.json 104-110, go/component.go 60-61), marked plain they are
        // plain (go-plain-ref-repro: schema.json `containers`, go/repro/ecs/fargateTaskDefinition.go 38 and 44).
        const properties = packageSchema("1.0.0", [EVENTBRIDGE_DEFINITION]).resources[EVENTBRIDGE_DEFINITION.typeToken]
            .inputProperties;
        assert.deepEqual(properties.attributes, {
            type: "array",
            items: { type: "string", plain: true },
            description: EVENTBRIDGE_DEFINITION.args.attributes.doc,
            plain: true,
        });
        // `tags` takes an Input, and Inputs inside (each value is checked once known).
        assert.deepEqual(properties.tags.additionalProperties, { type: "string" });
        assert.equal(properties.tags.plain, undefined);
    });

    it("writes composite outputs with camelCase fields and no plain mark (plain is about inputs)", () => {
        assert.deepEqual(outputs.endpoints, {
            type: "object",
            additionalProperties: { type: "string" },
            description: "Endpoints by subscriber.",
        });
        assert.deepEqual(outputs.arns, { type: "array", items: { type: "string" }, description: "ARNs." });
        assert.deepEqual(outputs.summary, {
            $ref: "#/types/cloudposse:widget:WidgetSummary",
            description: "What the widget made.",
        });
        assert.deepEqual(objectType("cloudposse:widget:WidgetSummary"), {
            type: "object",
            description: "What the widget made.",
            properties: {
                topicArn: { type: "string", description: "The topic's ARN." },
                subscriberCount: { type: "integer", description: "How many subscribers." },
                byName: {
                    type: "object",
                    additionalProperties: { $ref: "#/types/cloudposse:widget:WidgetSummaryByName" },
                    description: "Per subscriber.",
                },
            },
            required: [],
        });
        assert.deepEqual(objectType("cloudposse:widget:WidgetSummaryByName").properties, {
            queueUrl: { type: "string", description: "URL." },
        });
        assert.deepEqual(schema.resources[WIDGET.typeToken].required, []);
    });

    it("names each object type after its component's class and the path to it, never twice", () => {
        const object = (fields: Record<string, FieldDefinition>) => ({
            var: "x",
            type: { object: fields },
            defaultText: "none",
            doc: "x",
        });
        // Two components in two modules: the class prefix and the module keep their types apart.
        const other = { ...WIDGET, path: "fixture/other", typeToken: "cloudposse:other:Other" };
        const both = packageSchema("1.0.0", [WIDGET, other as ComponentDefinition], []);
        assert.ok("cloudposse:widget:WidgetSubscribers" in both.types);
        assert.ok("cloudposse:other:OtherSubscribers" in both.types);
        const cases: [string, ComponentDefinition, RegExp][] = [
            // `fooBar` and `foo.bar` would both be WidgetFooBar.
            [
                "a field's path",
                widgetWith({
                    fooBar: object({ a: field("a", "string") }),
                    foo: object({ bar: field("bar", { object: { b: field("b", "string") } }) }),
                }),
                /fixture\/widget argument foo\.bar would name the type cloudposse:widget:WidgetFooBar, which fixture\/widget argument fooBar \(cloudposse:widget:WidgetFooBar\) names/,
            ],
            // Names that differ in case only (C# and Java write a file per type).
            [
                "a case",
                widgetWith({
                    fooBar: object({ a: field("a", "string") }),
                    foobar: object({ a: field("a", "string") }),
                }),
                /argument foobar would name the type cloudposse:widget:WidgetFoobar, which fixture\/widget argument fooBar \(cloudposse:widget:WidgetFooBar\) names/,
            ],
            // An argument and an output of the same name.
            [
                "an output",
                widgetWith(
                    { summary: object({ a: field("a", "string") }) },
                    { summary: { type: { object: { a: field("a", "string") } }, doc: "x" } },
                ),
                /fixture\/widget output summary would name the type cloudposse:widget:WidgetSummary/,
            ],
            // Go's names derived from the component (`WidgetArgs`, `WidgetMap`) or from a type (`WidgetXArray`).
            [
                "the component's args",
                widgetWith({ args: object({ a: field("a", "string") }) }),
                /cloudposse:widget:WidgetArgs, which the component fixture\/widget \(cloudposse:widget:Widget; Go derives Args\)/,
            ],
            [
                "a type's array",
                widgetWith({ x: object({ a: field("a", "string") }), xArray: object({ a: field("a", "string") }) }),
                /cloudposse:widget:WidgetXArray, which fixture\/widget argument x \(cloudposse:widget:WidgetX; Go derives Array\)/,
            ],
        ];
        for (const [what, definition, message] of cases) {
            assert.throws(() => packageSchema("1.0.0", [definition], []), message, what);
        }
    });
});
