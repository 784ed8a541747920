/**
 * The component kit (components/kit/kit.ts, the list in components/registry.ts): a small fixture
 * component, declared and wired as a component folder would be, is found by everything that
 * derives from the list when it is given the fixture's kit: the program's kinds (what synth and
 * `pulumi up` prepare and create), the plugin's schema, the mocks and the guides' tables. The
 * fixture is never added to the shipped list.
 */
import * as assert from "node:assert/strict";
import * as cloudwatch from "@pulumi/aws/cloudwatch";
import * as pulumi from "@pulumi/pulumi";
import { stackVarNaming, type ComponentDefinition } from "../../components/kit/definition";
import { formatPath } from "../../util/problem";
import { argKinds, physicalNamesOf, specOutputsOf, type ComponentKit } from "../../components/kit/kit";
import { declareOutputs, setOutputs } from "../../components/kit/declaredOutputs";
import { COMPONENT_KITS, kitOf } from "../../components/kits";
import { generatedBlocks, LANGUAGES_GUIDE, README, STACK_FILES_GUIDE } from "../../components/kit/reference";
import { COMPONENT_DEFINITIONS } from "../../components/registry";
import { deployPrepared, prepareStack } from "../../program/deploy";
import { installMocks } from "../../program/mocks";
import { examplePrograms } from "../../provider/examples";
import { packageSchema } from "../../provider/schema";
import type { LoadedStack } from "../../stack";
import { COMPONENT_SCHEMAS, schemaOf } from "../../stack/schema";
import { unwrap } from "../helpers/outputs";

/** The fixture's arguments. */
interface WidgetArgs {
    /** The region of its log group. */
    readonly region?: pulumi.Input<string>;
    /** The name of its log group. */
    readonly widgetName: string;
}

const WIDGET_DEFINITION: ComponentDefinition<WidgetArgs, "fixture/widget"> = {
    path: "fixture/widget",
    typeToken: "cloudposse:fixture:Widget",
    doc: "A fixture component: one CloudWatch log group.",
    args: {
        region: {
            var: "region",
            type: "string",
            input: true,
            defaultText: "the provider's region",
            doc: "The region of the widget's log group.",
        },
        widgetName: {
            var: "widget_name",
            type: "string",
            required: true,
            defaultText: "required",
            aliases: ["widget_label"],
            doc: "The name of the widget's log group.",
        },
    },
    outputs: {
        logGroupName: { spec: "widget_log_group_name", physicalName: true, doc: "The widget's log group name." },
    },
    example: {
        variable: "widget",
        name: "w1",
        args: { region: "us-west-2", widgetName: "widget-one" },
        exports: { widgetGroup: "logGroupName" },
    },
};

class Widget extends pulumi.ComponentResource {
    static readonly definition = WIDGET_DEFINITION;
    static {
        declareOutputs(this);
    }
    /** The widget's log group name. */
    declare readonly logGroupName: pulumi.Output<string>;

    constructor(name: string, args: WidgetArgs, opts: pulumi.ComponentResourceOptions = {}) {
        super(WIDGET_DEFINITION.typeToken, name, {}, opts);
        const group = new cloudwatch.LogGroup(
            `${name}-log-group`,
            { name: args.widgetName, region: args.region },
            { parent: this },
        );
        const outputs = { logGroupName: group.name };
        setOutputs(this, { component: WIDGET_DEFINITION.path, instance: name, enabled: true, values: outputs });
        this.registerOutputs(outputs);
    }
}

const WIDGET_KIT: ComponentKit = {
    definition: WIDGET_DEFINITION,
    component: Widget,
    args: argKinds<WidgetArgs>()(["widgetName"]),
    resolve: (_name, args) => ({ widgetName: String(args.widgetName), region: args.region as string | undefined }),
    prepare: (name, args) => {
        const widgetArgs = { widgetName: String(args.widgetName), region: args.region as string | undefined };
        return {
            claims: [],
            physicalNames: physicalNamesOf(WIDGET_DEFINITION, true, { logGroupName: widgetArgs.widgetName }),
            aliases: [],
            resolved: widgetArgs,
            warnings: [],
            create: (opts) => specOutputsOf(new Widget(name, widgetArgs, opts), WIDGET_DEFINITION.outputs),
        };
    },
};

const KITS = [...COMPONENT_KITS, WIDGET_KIT];
const DEFINITIONS = [...COMPONENT_DEFINITIONS, WIDGET_DEFINITION];

/** A stack of one fixture instance, as the stack loader would give it. */
const STACK: LoadedStack = {
    file: "stacks/fixture.yaml",
    stackName: "fixture",
    instances: [
        {
            name: "w1",
            component: WIDGET_DEFINITION.path,
            schema: schemaOf(WIDGET_DEFINITION),
            vars: { widget_name: "widget-one", region: "us-west-2" },
            args: { widgetName: "widget-one", region: "us-west-2" },
            location: { file: "stacks/fixture.yaml", line: 3, column: 5 },
            varLocations: {},
        },
    ],
    skipped: [],
    warnings: [],
};

describe("a component added through the kit", () => {
    it("is not in the shipped list", () => {
        assert.equal(
            (COMPONENT_DEFINITIONS as readonly ComponentDefinition[]).some((d) => d.path === WIDGET_DEFINITION.path),
            false,
        );
        assert.equal(kitOf(WIDGET_DEFINITION.path), undefined);
        assert.throws(() => prepareStack(STACK), /"w1": component "fixture\/widget" has no implementation/);
    });

    it("is one of the program's kinds: prepared, then created under the mocks with its outputs", async () => {
        assert.equal(kitOf(WIDGET_DEFINITION.path, KITS), WIDGET_KIT);
        const mocks = await installMocks();
        const prepared = prepareStack(STACK, KITS);
        assert.deepEqual(prepared[0].physicalNames, ["widget-one"]);
        const outputs = deployPrepared(STACK, prepared, {}, () => assert.fail("no warning expected"));
        assert.deepEqual(Object.keys(outputs.w1), ["widget_log_group_name"]);
        assert.equal(await unwrap(outputs.w1.widget_log_group_name as pulumi.Output<string>), "widget-one");
        await mocks.settle();
        const registered = mocks.resources.map((r) => [r.type, r.name, r.parent, r.custom]);
        assert.deepEqual(registered, [
            ["cloudposse:fixture:Widget", "w1", null, false],
            ["aws:cloudwatch/logGroup:LogGroup", "w1-log-group", "cloudposse:fixture:Widget::w1", true],
        ]);
        const group = mocks.resources.find((r) => r.custom)!;
        assert.deepEqual(group.inputs, { name: "widget-one", region: "us-west-2" });
    });

    it("is in the plugin's schema: its inputs, which are plain, which required, its outputs", () => {
        const schema = packageSchema("1.2.3", DEFINITIONS, KITS);
        const widget = schema.resources["cloudposse:fixture:Widget"];
        assert.ok(widget !== undefined, "no schema resource for the fixture");
        assert.equal(widget.isComponent, true);
        assert.equal(widget.description, WIDGET_DEFINITION.doc);
        assert.deepEqual(widget.inputProperties, {
            region: { type: "string", description: "The region of the widget's log group." },
            widgetName: { type: "string", description: "The name of the widget's log group.", plain: true },
        });
        assert.deepEqual(widget.requiredInputs, ["widgetName"]);
        assert.deepEqual(Object.keys(widget.properties), ["logGroupName"]);
        assert.equal(packageSchema("1.2.3").resources["cloudposse:fixture:Widget"], undefined);
    });

    it("is a stack-file schema as each listed component is: its vars, aliases and outputs", () => {
        const widget = schemaOf(WIDGET_DEFINITION);
        assert.equal(widget.path, "fixture/widget");
        assert.deepEqual(Object.keys(widget.vars), ["region", "widget_name"]);
        assert.equal(widget.vars.widget_name.arg, "widgetName");
        assert.equal(widget.vars.widget_name.required, true);
        assert.deepEqual(widget.aliases, { widget_label: "widget_name" });
        assert.deepEqual(widget.outputs, { widget_log_group_name: "logGroupName" });
        // The loader's schemas are the list's, each made the same way: one line in the list adds one.
        assert.deepEqual(
            Object.keys(COMPONENT_SCHEMAS),
            COMPONENT_DEFINITIONS.map((d) => d.path),
        );
        for (const definition of COMPONENT_DEFINITIONS)
            assert.deepEqual(COMPONENT_SCHEMAS[definition.path], schemaOf(definition));
        assert.equal(COMPONENT_SCHEMAS["fixture/widget"], undefined);
    });

    it("is in the guides' tables: its own guide, the variable reference, the aliases, the README and languages tables", () => {
        const blocks = generatedBlocks(DEFINITIONS);
        const guide = blocks.get("docs/widget.md");
        assert.ok(guide !== undefined, "no generated blocks for docs/widget.md");
        assert.deepEqual([...guide.keys()], ["fixture/widget:arguments", "fixture/widget:outputs"]);
        assert.match(guide.get("fixture/widget:arguments")!, /widget_name/);
        assert.match(guide.get("fixture/widget:outputs")!, /widget_log_group_name/);
        const stackFiles = blocks.get(STACK_FILES_GUIDE)!;
        assert.match(stackFiles.get("variable-reference")!, /### `fixture\/widget`/);
        assert.match(stackFiles.get("aliases")!, /`widget_label` \| `widget_name`/);
        // The README's and docs/languages.md's component tables list it: no hand edit there.
        assert.match(
            blocks.get(README)!.get("components")!,
            /\| `fixture\/widget` \| `Widget` \|.*\[docs\/widget\.md\]/,
        );
        assert.match(
            blocks.get(LANGUAGES_GUIDE)!.get("components")!,
            /\| `cloudposse:fixture:Widget` \| `region` \| `logGroupName` \|/,
        );
        assert.equal(generatedBlocks().get("docs/widget.md"), undefined);
    });

    it("names a fixed key of its object arguments as the declaration says, in stack-file messages", () => {
        const definition: ComponentDefinition = {
            ...WIDGET_DEFINITION,
            args: {
                ...WIDGET_DEFINITION.args,
                shape: {
                    var: "widget_shape",
                    type: "any",
                    defaultText: "null",
                    keys: { cornerRadius: "corner_radius" },
                    doc: "The widget's shape.",
                },
            },
        };
        const naming = stackVarNaming(definition);
        const named = (path: readonly string[]) => formatPath(path, naming);
        assert.equal(named(["shape", "cornerRadius"]), "widget_shape.corner_radius");
        // A key it does not declare (the user's own, or one inherited from Object.prototype) keeps its name.
        assert.equal(named(["shape", "edges"]), "widget_shape.edges");
        assert.equal(named(["shape", "constructor"]), "widget_shape.constructor");
        assert.equal(named(["widgetName"]), "widget_name");
        // Every listed component's label context declares its keys the same way (null-label's context.tf names);
        // the fixture, without the label arguments, has no such argument.
        for (const listed of COMPONENT_DEFINITIONS)
            assert.equal(formatPath(["context", "labelKeyCase"], stackVarNaming(listed)), "context.label_key_case");
        assert.equal(formatPath(["context", "labelKeyCase"], naming), "context.labelKeyCase");
    });

    it("is in docs/languages.md's example program, in every language, from its own example", () => {
        const programs = examplePrograms(DEFINITIONS, packageSchema("1.2.3", DEFINITIONS, KITS));
        assert.match(
            programs.get("ts")!,
            /const widget = new Widget\("w1", \{\n {4}region: "us-west-2",\n {4}widgetName: "widget-one",\n\}\);/,
        );
        assert.match(
            programs.get("python")!,
            /widget = cloudposse\.fixture\.Widget\(\n {4}"w1",\n {4}region="us-west-2",\n {4}widget_name="widget-one",\n\)/,
        );
        // A plain required string is a Go string; an input one a pulumi.String.
        assert.match(programs.get("go")!, /Region: +pulumi\.String\("us-west-2"\),\n\t+WidgetName: +"widget-one",/);
        assert.match(programs.get("csharp")!, /WidgetName = "widget-one",/);
        assert.match(
            programs.get("java")!,
            /import com\.pulumi\.cloudposse\.fixture\.Widget;[\s\S]*\.widgetName\("widget-one"\)/,
        );
        assert.match(
            programs.get("yaml")!,
            / {2}widget:\n {4}type: cloudposse:fixture:Widget\n {4}properties:\n {6}region: us-west-2\n {6}widgetName: widget-one\n/,
        );
        assert.match(programs.get("yaml")!, / {2}widgetGroup: \$\{widget\.logGroupName\}/);
    });
});
