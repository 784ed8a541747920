/**
 * The generated per-language example programs (provider/examples.ts) for examples beyond the
 * shipped ones: each kind of input written as that language's SDK generated from the schema takes
 * it, and an example that does not match the schema refused by name, not generated wrong.
 */
import * as assert from "node:assert/strict";
import type { ComponentDefinition, VarType } from "../../components/kit/definition";
import { COMPONENT_DEFINITIONS } from "../../components/registry";
import { examplePrograms } from "../../provider/examples";
import { packageSchema } from "../../provider/schema";
import { WIDGET_DEFINITION } from "../helpers/compositeDefinition";

const EVENTBRIDGE = COMPONENT_DEFINITIONS.find((d) => d.typeToken === "cloudposse:eventbridge:EventBridge")!;

/** The EventBridge definition with its example's args extended by `args`. */
function withArgs(args: Record<string, unknown>): ComponentDefinition[] {
    return [{ ...EVENTBRIDGE, example: { ...EVENTBRIDGE.example, args: { ...EVENTBRIDGE.example.args, ...args } } }];
}

describe("provider/examples.ts", () => {
    it("writes plain booleans, lists, maps and Any values as each language takes them", () => {
        const programs = examplePrograms(
            withArgs({
                adoptExisting: true,
                retainLogGroupOnDelete: false,
                attributes: ["blue", "green"],
                context: { enabled: true, attributes: ["x", 1] },
            }),
        );
        const python = programs.get("python")!;
        assert.match(python, /adopt_existing=True/);
        assert.match(python, /retain_log_group_on_delete=False/);
        assert.match(python, /context=\{"enabled": True, "attributes": \["x", 1\]\}/);
        const go = programs.get("go")!;
        // An optional plain input is a pointer in Go (pulumi.BoolRef); a plain list a Go slice.
        assert.match(go, /AdoptExisting: +pulumi\.BoolRef\(true\)/);
        assert.match(go, /Attributes: +\[\]string\{"blue", "green"\}/);
        assert.match(
            go,
            /Context: pulumi\.Any\(map\[string\]interface\{\}\{\n\s+"enabled": +true,\n\s+"attributes": \[\]interface\{\}\{"x", 1\},/,
        );
    });

    it("refuses an example that sets no input, a definition not in the schema, an enum value not in its enum", () => {
        assert.throws(() => examplePrograms(withArgs({ colour: "blue" })), {
            message: "cloudposse:eventbridge:EventBridge: its example sets colour, which is no input",
        });
        const schema = packageSchema("0.0.0");
        assert.throws(() => examplePrograms([{ ...EVENTBRIDGE, typeToken: "cloudposse:x:Nothing" }], schema), {
            message: "cloudposse:x:Nothing: not in the schema",
        });
        assert.throws(() => examplePrograms(withArgs({ logsPolicyScope: "galaxy" })), {
            message: /^galaxy is not a value of cloudposse:eventbridge:LogsPolicyScope$/,
        });
    });
});

/**
 * The example programs of composite inputs (tests/helpers/compositeDefinition.ts), each written as the SDK that
 * language's generator makes from the schema takes it: object types by their input class (`<Type>Args`), collections
 * by `plain` (provider/examples.ts cites each generator's source).
 */
describe("provider/examples.ts: composite inputs", () => {
    const QUEUE: VarType = {
        object: {
            url: { var: "url", type: "string", required: true, doc: "u" },
            tags: { var: "tags", type: { list: "string", inputItems: true }, doc: "t" },
        },
    };
    /** The widget, its args and example replaced by `args` and `values` when given. */
    function widget(args?: Record<string, unknown>, values?: Record<string, unknown>) {
        const definition = {
            ...WIDGET_DEFINITION,
            ...(args !== undefined ? { args } : {}),
            example: { ...WIDGET_DEFINITION.example, ...(values !== undefined ? { args: values } : {}) },
        } as unknown as ComponentDefinition;
        return examplePrograms([definition], packageSchema("0.0.0", [definition], []));
    }
    const collections = () =>
        widget(
            {
                queues: { var: "queues", type: { list: QUEUE }, input: true, defaultText: "", doc: "q" },
                channels: { var: "channels", type: { map: QUEUE }, input: true, defaultText: "", doc: "c" },
                names: { var: "names", type: { list: "string", inputItems: true }, defaultText: "", doc: "n" },
            },
            { queues: [{ url: "q1", tags: ["a"] }, { url: "q2" }], channels: { ops: { url: "c1" } }, names: ["x"] },
        );

    it("Go: input structs, pointers where optional, collections by plain, enum constants", () => {
        const go = widget().get("go")!;
        // A plain map whose values are Inputs is a Go map of the Input interface (gen.go typeStringImpl/inputType);
        // a plain optional field a pointer (pulumi.BoolRef, &...Args); an Input object optional: &...Args (PtrInput).
        assert.ok(
            go.includes(`			Subscribers: map[string]widget.WidgetSubscribersInput{
				"ops": widget.WidgetSubscribersArgs{
					Protocol:           widget.WidgetSubscribersProtocolSqs,
					Endpoint:           pulumi.String("arn:aws:sqs:us-east-2:111111111111:ops"),
					RawMessageDelivery: pulumi.BoolRef(true),
					Filter: &widget.WidgetSubscribersFilterArgs{
						Scope: pulumi.StringRef("MessageBody"),
					},
				},
			},
			Ports: pulumi.IntArray{pulumi.Int(80), pulumi.Int(443)},
			Zones: []string{"a", "b"},
			Limits: &widget.WidgetLimitsArgs{
				Burst:  pulumi.Int(2),
				Labels: map[string]string{"Team": "ops"},
			},`),
            go,
        );
        const more = collections().get("go")!;
        // Input collections of objects: <Type>Array / <Type>Map of the Args structs (gen.go argsTypeImpl).
        assert.match(more, /Queues: widget\.WidgetQueuesArray\{\n\t+widget\.WidgetQueuesArgs\{\n\t+Url: +"q1",/);
        assert.match(more, /Tags: \[\]pulumi\.StringInput\{pulumi\.String\("a"\)\},/);
        assert.match(more, /Channels: widget\.WidgetChannelsMap\{\n\t+"ops": widget\.WidgetChannelsArgs\{/);
        // A plain list whose items are Inputs.
        assert.match(more, /Names: +\[\]pulumi\.StringInput\{pulumi\.String\("x"\)\},/);
        // A plain optional enum is a pointer to the enum type: a *string converted (no constant has an address).
        const mode = { object: { kind: { var: "kind", type: "string", allowed: ["a", "b"], doc: "k" } } };
        const optionalEnum = widget(
            { mode: { var: "mode", type: mode, defaultText: "", doc: "m" } },
            { mode: { kind: "a" } },
        );
        assert.match(
            optionalEnum.get("go")!,
            /Mode: &widget\.WidgetModeArgs\{\n\t+Kind: \(\*widget\.WidgetModeKind\)\(pulumi\.StringRef\("a"\)\),/,
        );
    });

    it("Python, C#, Java: the input classes of each module; YAML and TypeScript: the fields as they are", () => {
        const programs = widget();
        const python = programs.get("python")!;
        assert.ok(
            python.includes(`        "ops": cloudposse.widget.WidgetSubscribersArgs(
            protocol="sqs",
            endpoint="arn:aws:sqs:us-east-2:111111111111:ops",
            raw_message_delivery=True,
            filter=cloudposse.widget.WidgetSubscribersFilterArgs(scope="MessageBody"),
        ),`),
        );
        assert.match(python, /limits=cloudposse\.widget\.WidgetLimitsArgs\(burst=2, labels=\{"Team": "ops"\}\),/);
        const csharp = programs.get("csharp")!;
        assert.match(csharp, /using Pulumi\.Cloudposse\.Widget;\nusing Pulumi\.Cloudposse\.Widget\.Inputs;/);
        assert.ok(
            csharp.includes(`        Subscribers =
        {
            ["ops"] = new WidgetSubscribersArgs
            {
                Protocol = WidgetSubscribersProtocol.Sqs,`),
        );
        assert.match(csharp, /Ports = \{ 80, 443 \},\n\s+Zones = \{ "a", "b" \},\n\s+Limits = new WidgetLimitsArgs/);
        const java = programs.get("java")!;
        for (const name of [
            "com.pulumi.cloudposse.widget.enums.WidgetSubscribersProtocol",
            "com.pulumi.cloudposse.widget.inputs.WidgetSubscribersArgs",
            "com.pulumi.cloudposse.widget.inputs.WidgetSubscribersFilterArgs",
            "com.pulumi.cloudposse.widget.inputs.WidgetLimitsArgs",
        ])
            assert.ok(java.includes(`import ${name};`), name);
        assert.ok(
            java.includes(`                .subscribers(Map.of(
                    "ops", WidgetSubscribersArgs.builder()
                        .protocol(WidgetSubscribersProtocol.Sqs)`),
        );
        const yaml = programs.get("yaml")!;
        assert.ok(
            yaml.includes(`      subscribers:
        ops:
          protocol: sqs
          endpoint: arn:aws:sqs:us-east-2:111111111111:ops
          rawMessageDelivery: true
          filter:
            scope: MessageBody
      ports: [80, 443]`),
        );
        assert.match(programs.get("ts")!, /subscribers: \{\n {8}ops: \{\n {12}protocol: "sqs",/);
        const more = collections();
        assert.match(more.get("yaml")!, /queues:\n {8}- url: q1\n {10}tags: \[a\]\n {8}- url: q2\n/);
        assert.match(
            more.get("csharp")!,
            /Queues =\n\s+\{\n\s+new WidgetQueuesArgs\n\s+\{\n\s+Url = "q1",\n\s+Tags = \{ "a" \},/,
        );
        assert.match(more.get("java")!, /\.queues\(List\.of\(\n\s+WidgetQueuesArgs\.builder\(\)\n\s+\.url\("q1"\)/);
        assert.match(
            more.get("python")!,
            /queues=\[\n\s+cloudposse\.widget\.WidgetQueuesArgs\(url="q1", tags=\["a"\]\),/,
        );
    });

    it("refuses a field the object type lacks, a non-object for an object, a list inside a list in C#", () => {
        assert.throws(() => widget(undefined, { limits: { burst: 2, colour: "x" } }), {
            message: "WidgetLimits: the example sets colour, which is no field",
        });
        assert.throws(() => widget(undefined, { limits: "x" }), {
            message: 'WidgetLimits: the example gives "x", not an object',
        });
        const nested = { var: "grid", type: { list: { list: "number" } }, defaultText: "", doc: "g" };
        assert.throws(() => widget({ grid: nested }, { grid: [[1]] }), {
            message: "no C# initializer for a list or map inside another",
        });
    });
});
