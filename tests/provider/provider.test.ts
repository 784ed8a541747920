/**
 * The component plugin: its schema, derived from the component definitions (checked against the
 * definitions, Pulumi's package metaschema and the reviewed snapshot), and its provider's
 * `construct` under strict mocks, given inputs as the SDK's `deserializeInputs` makes them from a
 * `Construct` request. tests/plugin/runPlugin.slow.test.ts runs the same provider over gRPC.
 */
import * as assert from "node:assert/strict";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";

import { typeNode, type ArgDefinition, type ComponentDefinition } from "../../components/kit/definition";
import { kitOf } from "../../components/kits";
import { COMPONENT_DEFINITIONS } from "../../components/registry";
import { API_KEY_DEFINITION } from "../../components/apiKey/definition";
import { EVENTBRIDGE_DEFINITION } from "../../components/eventbridge/definition";
import { resolveEventBridgeArgs } from "../../components/eventbridge/resolve";
import { resolveDashboardsApiKeyArgs } from "../../components/apiKey/resolve";
import { installMocks, type InstalledMocks } from "../../program/mocks";
import {
    isEnumType,
    PACKAGE_NAME,
    packageSchema,
    UNSENT_DEFAULTS,
    type PackageSchema,
    type SchemaEnumType,
    type SchemaProperty,
} from "../../provider/schema";
import type { ComponentsProvider } from "../../provider/provider";
import { drained, unwrap, withUnhandledRejections } from "../helpers/outputs";
import { SCHEMA_SNAPSHOT, SNAPSHOT_VERSION } from "../helpers/schemaSnapshot";
import { wireInputs } from "../helpers/wireInputs";
import { METASCHEMA, metaschemaValidator } from "../helpers/metaschema";

const ROOT = path.join(__dirname, "..", "..");

const EVENTBRIDGE = EVENTBRIDGE_DEFINITION.typeToken;
const API_KEY = API_KEY_DEFINITION.typeToken;

const argsOf = (definition: ComponentDefinition) =>
    Object.entries(definition.args as Readonly<Record<string, ArgDefinition>>);

/** The schema's type of a declared list, set, map or object. */
const COMPOSITE_KINDS: Readonly<Record<string, string>> = {
    list: "array",
    set: "array",
    map: "object",
    object: "object",
};

/** The schema's type of an input, resolving an enum reference to the enum's underlying type. */
function resolvedType(schema: PackageSchema, property: SchemaProperty): string | undefined {
    if (property.$ref?.startsWith("#/types/")) return schema.types[property.$ref.slice("#/types/".length)].type;
    return property.type;
}

describe("the component plugin's schema", () => {
    const schema = packageSchema("1.2.3");

    it("lists every component as a component, under its own type token", () => {
        assert.equal(schema.name, PACKAGE_NAME);
        assert.equal(schema.version, "1.2.3");
        assert.deepEqual(Object.keys(schema.resources).sort(), COMPONENT_DEFINITIONS.map((d) => d.typeToken).sort());
        // The shipped components among them (a component added to the list adds its own).
        for (const token of ["cloudposse:eventbridge:EventBridge", "cloudposse:managed-dashboards:DashboardsApiKey"])
            assert.ok(Object.keys(schema.resources).includes(token), token);
        for (const definition of COMPONENT_DEFINITIONS) {
            const resource = schema.resources[definition.typeToken];
            assert.equal(resource.isComponent, true);
            assert.equal(resource.description, definition.doc);
            // The package users `pulumi package add` is the tokens' package.
            assert.equal(definition.typeToken.split(":")[0], schema.name);
        }
    });

    it("has one input per argument, described in the definition's words, with its default and required", () => {
        for (const definition of COMPONENT_DEFINITIONS) {
            const resource = schema.resources[definition.typeToken];
            assert.deepEqual(
                Object.keys(resource.inputProperties),
                argsOf(definition).map(([arg]) => arg),
            );
            for (const [arg, spec] of argsOf(definition)) {
                const input = resource.inputProperties[arg];
                assert.ok(input.description?.startsWith(spec.doc), `${definition.path} ${arg}`);
                assert.ok(spec.doc.length > 0);
                const constant = ["string", "number", "boolean"].includes(typeof spec.default);
                const unsent = arg in (UNSENT_DEFAULTS[definition.typeToken] ?? {});
                assert.equal(
                    input.default,
                    constant && !unsent ? spec.default : undefined,
                    `${definition.path} ${arg}`,
                );
                // A default the schema does not hold is in the description, as JSON.
                const described = `Default: \`${JSON.stringify(spec.default)}\`.`;
                assert.equal(
                    input.description?.endsWith(described),
                    spec.default !== undefined && input.default === undefined,
                    `${definition.path} ${arg}: ${input.description}`,
                );
            }
            // None: even region may come from the AWS provider given to the component, as in TypeScript.
            assert.deepEqual(resource.requiredInputs, []);
        }
        const eventbridge = schema.resources[EVENTBRIDGE].inputProperties;
        assert.equal(eventbridge.eventLogRetentionInDays.default, 3);
        assert.equal(eventbridge.eventRuleDescription.default, "");
        // An object default is not a schema default: the component applies it.
        assert.equal(eventbridge.eventRulePattern.default, undefined);
        assert.equal(schema.resources[API_KEY].inputProperties.keyRole.default, "ADMIN");
        // Sent by a generated SDK, these would change what the component does (tests/provider/schemaDefaults.test.ts).
        assert.deepEqual(Object.keys(UNSENT_DEFAULTS), [API_KEY]);
        for (const arg of ["dashboardsComponentName", "minutesToLive", "runCadenceMinutes"]) {
            assert.equal(schema.resources[API_KEY].inputProperties[arg].default, undefined, arg);
        }
        assert.equal(
            schema.resources[API_KEY].inputProperties.minutesToLive.description,
            "Minutes until the key expires, 1 to 43200 (30 days). Default: `43200`.",
        );
    });

    it("types each input by its var's type, closed sets as enums of the allowed values", () => {
        const expected: Record<string, string | undefined> = {
            string: "string",
            number: "integer",
            bool: "boolean",
            "list(string)": "array",
            "set(string)": "array",
            "map(string)": "object",
            any: undefined,
        };
        for (const definition of COMPONENT_DEFINITIONS) {
            for (const [arg, spec] of argsOf(definition)) {
                const input = schema.resources[definition.typeToken].inputProperties[arg];
                // A declared list or set is an array, a map or an object an object (tests/provider/schemaComposite.test.ts).
                const kind =
                    typeof spec.type === "string" ? expected[spec.type] : COMPOSITE_KINDS[typeNode(spec.type).kind];
                assert.equal(resolvedType(schema, input), kind, `${definition.path} ${arg}`);
                if (spec.type === "any") assert.equal(input.$ref, "pulumi.json#/Any");
                if (spec.allowed !== undefined && spec.type === "string") {
                    const ref = input.$ref ?? "";
                    assert.ok(ref.startsWith("#/types/"), `${arg} is an enum`);
                    const values = (schema.types[ref.slice("#/types/".length)] as SchemaEnumType).enum.map(
                        (e) => e.value,
                    );
                    assert.deepEqual(values, [...spec.allowed]);
                }
                if (spec.allowed !== undefined && spec.type === "number") {
                    // No integer enum: pulumi-yaml compares enum values as float64 (analyser.go 508-515).
                    assert.deepEqual([input.type, input.$ref], ["integer", undefined], arg);
                    assert.ok(input.description?.includes(`One of ${spec.allowed.join(", ")}.`), arg);
                }
            }
        }
        const ref = (token: string, arg: string) => schema.resources[token].inputProperties[arg].$ref;
        assert.equal(ref(API_KEY, "keyRole"), "#/types/cloudposse:managed-dashboards:KeyRole");
        assert.equal(ref(API_KEY, "credentialType"), "#/types/cloudposse:managed-dashboards:CredentialType");
        assert.equal(ref(EVENTBRIDGE, "logsPolicyScope"), "#/types/cloudposse:eventbridge:LogsPolicyScope");
        assert.equal(ref(EVENTBRIDGE, "eventLogRetentionInDays"), undefined);
        assert.equal(schema.resources[EVENTBRIDGE].inputProperties.eventLogRetentionInDays.type, "integer");
        // The label arguments, shared by every component, share one enum each.
        for (const token of [EVENTBRIDGE, API_KEY]) {
            assert.equal(ref(token, "labelKeyCase"), "#/types/cloudposse:index:LabelKeyCase");
            assert.equal(ref(token, "labelValueCase"), "#/types/cloudposse:index:LabelValueCase");
        }
        assert.deepEqual((schema.types["cloudposse:managed-dashboards:KeyRole"] as SchemaEnumType).enum, [
            { name: "Viewer", value: "VIEWER" },
            { name: "Editor", value: "EDITOR" },
            { name: "Admin", value: "ADMIN" },
        ]);
        // Every enum holds strings; no member name repeats its type's name (Go prefixes members with it,
        // pkg/codegen/go/utilities.go makeSafeEnumName).
        for (const [token, type] of Object.entries(schema.types)) {
            // The others are object types (declared objects: tests/provider/schemaComposite.test.ts).
            if (!isEnumType(type)) {
                assert.equal(type.type, "object", token);
                continue;
            }
            assert.equal(type.type, "string", token);
            const typeName = token.split(":")[2];
            for (const member of type.enum) {
                assert.equal(typeof member.value, "string", `${token} ${String(member.value)}`);
                assert.ok(!member.name.startsWith(typeName), `${token} ${member.name} stutters`);
            }
        }
        // Each enum in its component's module, or the shared one; the shipped components' (and the shared) ones:
        const modules = new Set(["index", ...COMPONENT_DEFINITIONS.map((d) => d.typeToken.split(":")[1])]);
        for (const token of Object.keys(schema.types)) assert.ok(modules.has(token.split(":")[1]), token);
        const shipped = new Set(["index", "eventbridge", "managed-dashboards"]);
        assert.deepEqual(
            Object.keys(schema.types)
                .filter((token) => shipped.has(token.split(":")[1]))
                .sort(),
            [
                "cloudposse:eventbridge:LogsPolicyScope",
                "cloudposse:index:LabelKeyCase",
                "cloudposse:index:LabelValueCase",
                "cloudposse:managed-dashboards:CredentialType",
                "cloudposse:managed-dashboards:KeyRole",
            ],
        );
        assert.deepEqual(schema.resources[EVENTBRIDGE].inputProperties.tags, {
            type: "object",
            additionalProperties: { type: "string" },
            description: EVENTBRIDGE_DEFINITION.args.tags.doc,
        });
    });

    it("declares integer for every numeric argument, each of which the components refuse as a fraction", () => {
        // Each component's resolver (its kit's, as its constructor calls it) from its documented example's arguments.
        const resolve = (definition: ComponentDefinition, args: Record<string, unknown>) =>
            kitOf(definition.path)!.resolve("x", { ...definition.example.args, ...args }, { regionFromProvider: true });
        assert.equal(
            resolveEventBridgeArgs("x", EVENTBRIDGE_DEFINITION.example.args as never).id,
            (resolve(EVENTBRIDGE_DEFINITION, {}) as { id: string }).id,
        );
        assert.equal(
            resolveDashboardsApiKeyArgs("x", API_KEY_DEFINITION.example.args as never).ssmPath,
            (resolve(API_KEY_DEFINITION, {}) as { ssmPath: string }).ssmPath,
        );
        const checked = new Map<string, number>();
        for (const definition of COMPONENT_DEFINITIONS) {
            for (const [arg, spec] of argsOf(definition)) {
                if (spec.type !== "number") continue;
                checked.set(definition.typeToken, (checked.get(definition.typeToken) ?? 0) + 1);
                assert.throws(
                    () => resolve(definition, { [arg]: 7.5 }),
                    (error: Error) => error.name === "ComponentArgsError" && error.message.includes(arg),
                    `${definition.path} ${arg} accepted 7.5`,
                );
            }
        }
        const shipped = (checked.get(EVENTBRIDGE) ?? 0) + (checked.get(API_KEY) ?? 0);
        assert.equal(shipped, 6, `only ${shipped} numeric arguments`);
    });

    it("leaves the inputs the components take as Pulumi Inputs composable, the others (names, identity) plain", () => {
        const composable = (token: string) =>
            Object.entries(schema.resources[token].inputProperties)
                .filter(([, input]) => input.plain !== true)
                .map(([arg]) => arg);
        assert.deepEqual(composable(EVENTBRIDGE), [
            "region",
            "eventRuleDescription",
            "eventRulePattern",
            "eventLogRetentionInDays",
            "tags",
            "additionalTagMap",
        ]);
        assert.deepEqual(composable(API_KEY), [
            "region",
            "dashboardsStackName",
            "workspaceId",
            "keyRole",
            "minutesToLive",
            "kmsKeyId",
            "tags",
            "additionalTagMap",
        ]);
        assert.equal(schema.resources[EVENTBRIDGE].inputProperties.name.plain, true);
        assert.equal(schema.resources[EVENTBRIDGE].inputProperties.aliases.plain, true);
    });

    it("has the definitions' outputs as properties of their declared type (string unless said), none required (a disabled instance has none), the key secret", () => {
        for (const definition of COMPONENT_DEFINITIONS) {
            const resource = schema.resources[definition.typeToken];
            assert.deepEqual(Object.keys(resource.properties), Object.keys(definition.outputs));
            for (const [property, output] of Object.entries(definition.outputs)) {
                const type = output.type ?? "string";
                assert.equal(
                    resolvedType(schema, resource.properties[property]),
                    typeof type === "string" ? type : COMPOSITE_KINDS[typeNode(type).kind],
                );
                assert.equal(resource.properties[property].description, output.doc);
            }
            assert.deepEqual(resource.required, []);
        }
        assert.deepEqual(Object.keys(schema.resources[EVENTBRIDGE].properties), [
            "eventRuleArn",
            "eventRuleName",
            "logsLogGroupArn",
            "logsLogGroupName",
            "logsLogGroupRetained",
        ]);
        assert.equal(schema.resources[EVENTBRIDGE].properties.logsLogGroupRetained.type, "boolean");
        const secrets = Object.entries(schema.resources[API_KEY].properties).filter(([, p]) => p.secret === true);
        assert.deepEqual(
            secrets.map(([name]) => name),
            ["apiKey"],
        );
    });

    it("is a valid package schema by Pulumi's metaschema (kept with its provenance)", () => {
        const provenance = fs.readFileSync(path.join(path.dirname(METASCHEMA), "PROVENANCE.md"), "utf8");
        const hash = createHash("sha256").update(fs.readFileSync(METASCHEMA)).digest("hex");
        assert.ok(provenance.includes(hash), "pulumi.json differs from the copy PROVENANCE.md describes");
        const validate = metaschemaValidator();
        assert.equal(validate(JSON.parse(JSON.stringify(schema))), true, JSON.stringify(validate.errors, null, 2));
        // The validator does refuse what Pulumi refuses: a type token of the wrong shape, an unknown type.
        const broken = JSON.parse(JSON.stringify(schema)) as { resources: Record<string, object> };
        broken.resources["cloudposse::"] = {};
        assert.equal(validate(broken), false);
        const badType = JSON.parse(JSON.stringify(schema)) as PackageSchema;
        (badType.resources[EVENTBRIDGE].inputProperties.region as { type: string }).type = "text";
        assert.equal(validate(badType), false);
    });

    it("matches the reviewed snapshot (npm run schema:update rewrites it, on purpose)", () => {
        const snapshot = JSON.parse(fs.readFileSync(path.join(ROOT, SCHEMA_SNAPSHOT), "utf8")) as unknown;
        assert.deepEqual(
            JSON.parse(JSON.stringify(packageSchema(SNAPSHOT_VERSION))),
            snapshot,
            `the plugin's schema differs from ${SCHEMA_SNAPSHOT}: review the change, then run npm run schema:update`,
        );
    });

    it("refuses a definition whose type token is not the package's", () => {
        const foreign = { ...EVENTBRIDGE_DEFINITION, typeToken: "other:eventbridge:EventBridge" };
        assert.throws(() => packageSchema("1.0.0", [foreign]), /other:eventbridge:EventBridge is not cloudposse:/);
    });
});

describe("the component plugin's provider (construct, in process)", () => {
    let mocks: InstalledMocks;
    let provider: ComponentsProvider;

    before(async () => {
        mocks = await installMocks();
        const { ComponentsProvider } = await import("../../provider/provider");
        provider = new ComponentsProvider("1.2.3");
    });

    beforeEach(() => mocks.reset());

    it("serves the schema derived from the definitions, at the package's version", async () => {
        assert.deepEqual(JSON.parse(await provider.getSchema()), JSON.parse(JSON.stringify(packageSchema("1.2.3"))));
    });

    it("constructs an EventBridge from plain values: its children, and its outputs as the state", async () => {
        const inputs = await wireInputs({
            region: "us-east-2",
            namespace: "eg",
            name: "alerts",
            eventLogRetentionInDays: 14,
            eventRulePattern: { source: ["aws.ecs"] },
            tags: { Team: "ops" },
        });
        // Plain values (no dependency, no secret) stay plain.
        assert.equal(pulumi.Output.isInstance(inputs.region), false);
        const result = await provider.construct("alerts", EVENTBRIDGE, inputs, {});
        await mocks.settle();
        assert.deepEqual(
            mocks.resources.map((r) => [r.type, r.parent]),
            [
                [EVENTBRIDGE, null],
                ["aws:cloudwatch/logGroup:LogGroup", `${EVENTBRIDGE}::alerts`],
                ["aws:cloudwatch/eventRule:EventRule", `${EVENTBRIDGE}::alerts`],
                ["aws:cloudwatch/logResourcePolicy:LogResourcePolicy", `${EVENTBRIDGE}::alerts`],
                ["aws:cloudwatch/eventTarget:EventTarget", `${EVENTBRIDGE}::alerts`],
            ],
        );
        assert.equal(mocks.resources[1].inputs.retentionInDays, 14);
        assert.equal(await unwrap(pulumi.output(result.urn)), mocks.resources[0].urn);
        assert.deepEqual(Object.keys(result.state), [
            "eventRuleArn",
            "eventRuleName",
            "logsLogGroupArn",
            "logsLogGroupName",
            "logsLogGroupRetained",
        ]);
        assert.equal(await unwrap(result.state.logsLogGroupName as pulumi.Output<string>), "eg-alerts");
    });

    it("constructs a DashboardsApiKey for a given workspace, its key a secret output", async () => {
        const inputs = await wireInputs({
            region: "us-east-2",
            name: "grafana",
            workspaceId: "g-0123456789",
            keyRole: "VIEWER",
        });
        const result = await provider.construct("grafana", API_KEY, inputs, {});
        await mocks.settle();
        assert.equal(mocks.resources[0].type, API_KEY);
        assert.ok(mocks.resources.some((r) => r.type === "aws:ssm/parameter:Parameter"));
        assert.deepEqual(Object.keys(result.state), Object.keys(API_KEY_DEFINITION.outputs));
        assert.equal(await pulumi.isSecret(result.state.apiKey as pulumi.Output<string>), true);
        assert.equal(
            await unwrap(result.state.ssmPathDashboardsApiKey as pulumi.Output<string>),
            "/dashboards/grafana/api_key",
        );
    });

    it("refuses an invalid value with the component's own message, before registering anything", async () => {
        const args = { region: "us-east-2", name: "alerts", eventLogRetentionInDays: 2, keyRole: "owner" };
        let expected: string | undefined;
        try {
            resolveEventBridgeArgs("alerts", args as never);
        } catch (error) {
            expected = (error as Error).message;
        }
        assert.ok(expected?.includes("eventLogRetentionInDays"), expected);
        await assert.rejects(
            async () => provider.construct("alerts", EVENTBRIDGE, await wireInputs(args), {}),
            (error: Error) => error.name === "ComponentArgsError" && error.message === expected,
        );
        await mocks.settle();
        assert.deepEqual(mocks.resources, []);
    });

    it("constructs a disabled instance with no children and an empty state", async () => {
        const inputs = await wireInputs({ region: "us-east-2", name: "off", enabled: false });
        const result = await provider.construct("off", EVENTBRIDGE, inputs, {});
        await mocks.settle();
        assert.deepEqual(
            mocks.resources.map((r) => r.type),
            [EVENTBRIDGE],
        );
        assert.deepEqual(
            Object.values(result.state).filter((v) => v !== undefined),
            [],
        );
    });

    it("refuses a type token it does not construct, naming the ones it does", async () => {
        await assert.rejects(provider.construct("x", "cloudposse:index:EventBridge", {}, {}), (error: Error) => {
            assert.match(error.message, /unknown resource type cloudposse:index:EventBridge; this plugin constructs /);
            // Every component of the list, sorted (the shipped ones: eventbridge, then managed-dashboards).
            const tokens = COMPONENT_DEFINITIONS.map((d) => d.typeToken).sort();
            assert.ok(error.message.endsWith(`this plugin constructs ${tokens.join(", ")}`), error.message);
            assert.ok(tokens.indexOf(EVENTBRIDGE) < tokens.indexOf(API_KEY));
            return true;
        });
    });
});

/** A secret value as it travels in a request's struct. */
const wireSecret = (value: unknown) => ({ [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value });
const BUCKET_URN = "urn:pulumi:stack::project::aws:s3/bucketV2:BucketV2::events";

describe("the component plugin's provider given Outputs (construct, in process)", () => {
    let mocks: InstalledMocks;
    let provider: ComponentsProvider;

    before(async () => {
        mocks = await installMocks();
        const { ComponentsProvider } = await import("../../provider/provider");
        provider = new ComponentsProvider("1.2.3");
    });

    beforeEach(() => mocks.reset());

    it("accepts Outputs with dependencies and secrets, validated once known, as in TypeScript", async () => {
        const inputs = await wireInputs(
            {
                region: "us-east-2",
                name: "composed",
                eventLogRetentionInDays: 30,
                eventRuleDescription: wireSecret("from another stack"),
                tags: { Team: "ops" },
            },
            { eventLogRetentionInDays: [BUCKET_URN], tags: [BUCKET_URN] },
        );
        assert.equal(pulumi.Output.isInstance(inputs.eventLogRetentionInDays), true);
        assert.equal(pulumi.Output.isInstance(inputs.eventRuleDescription), true);
        const result = await provider.construct("composed", EVENTBRIDGE, inputs, {});
        await mocks.settle();
        const logGroup = mocks.resources.find((r) => r.type === "aws:cloudwatch/logGroup:LogGroup");
        assert.equal(logGroup?.inputs.retentionInDays, 30);
        assert.deepEqual(logGroup?.inputs.tags, { Name: "composed", Team: "ops" });
        const rule = mocks.resources.find((r) => r.type === "aws:cloudwatch/eventRule:EventRule");
        assert.equal(rule?.inputs.description, "[secret]");
        assert.equal(await unwrap(result.state.logsLogGroupName as pulumi.Output<string>), "composed");
    });

    it("refuses an Output or a secret given for a plain input, naming the argument, registering nothing", async () => {
        const cases: [string, Record<string, unknown>, Record<string, readonly string[]>][] = [
            // A secret (as a program's secret config or another stack's secret output arrives).
            ["name", { region: "us-east-2", name: wireSecret("alerts") }, {}],
            // A known value that depends on another resource (an Output in every language).
            ["stage", { region: "us-east-2", name: "alerts", stage: "prod" }, { stage: [BUCKET_URN] }],
            // Inside a list.
            ["attributes", { region: "us-east-2", name: "alerts", attributes: ["a", wireSecret("b")] }, {}],
        ];
        for (const [arg, values, dependencies] of cases) {
            const inputs = await wireInputs(values, dependencies);
            await assert.rejects(provider.construct("alerts", EVENTBRIDGE, inputs, {}), (error: Error) => {
                assert.equal(
                    error.message,
                    `eventbridge "alerts": ${arg} must be a plain value known when the component is created, got an Output`,
                );
                return true;
            });
            await mocks.settle();
            assert.deepEqual(mocks.resources, [], arg);
        }
        // The same values given plainly construct.
        await provider.construct(
            "alerts",
            EVENTBRIDGE,
            await wireInputs({ region: "us-east-2", name: "alerts", stage: "prod" }),
            {},
        );
        await mocks.settle();
        assert.equal(mocks.resources[0]?.type, EVENTBRIDGE);
    });

    it("refuses an Output's value once known with the message TypeScript gets", async () => {
        const args = { region: "us-east-2", name: "late", eventLogRetentionInDays: 2 };
        let expected = "";
        try {
            resolveEventBridgeArgs("late", args as never);
        } catch (error) {
            expected = (error as Error).message;
        }
        assert.match(expected, /eventLogRetentionInDays/);
        const inputs = await wireInputs(args, { eventLogRetentionInDays: [BUCKET_URN] });
        // The component is registered (its value was not known yet); the failure surfaces as a failed
        // registration does (pulumi up reports it and stops), and no child is registered.
        const { rejections } = await withUnhandledRejections(async () => {
            await provider.construct("late", EVENTBRIDGE, inputs, {});
            await drained();
        });
        assert.ok(
            rejections.some((r) => r instanceof Error && r.message.includes(expected)),
            rejections.map(String).join("\n"),
        );
        assert.deepEqual(
            mocks.resources.map((r) => r.type),
            [EVENTBRIDGE],
        );
        // The failed registrations are never answered: later tests get fresh mocks.
        mocks = await installMocks();
    });
});

describe("the component plugin's provider in a preview (construct, in process)", () => {
    let mocks: InstalledMocks;
    let provider: ComponentsProvider;

    before(async () => {
        mocks = await installMocks({ preview: true });
        const { ComponentsProvider } = await import("../../provider/provider");
        provider = new ComponentsProvider("1.2.3");
    });

    after(async () => {
        // The other test files' mocks are not previews.
        await installMocks();
    });

    it("accepts unknown values, creating the children with the values unknown", async () => {
        const inputs = await wireInputs(
            {
                region: "us-east-2",
                name: "unknowns",
                eventLogRetentionInDays: pulumi.runtime.unknownValue,
                tags: { Team: pulumi.runtime.unknownValue },
            },
            { eventLogRetentionInDays: [BUCKET_URN] },
        );
        await provider.construct("unknowns", EVENTBRIDGE, inputs, {});
        await mocks.settle();
        assert.deepEqual(
            mocks.resources.map((r) => r.type),
            [
                EVENTBRIDGE,
                "aws:cloudwatch/logGroup:LogGroup",
                "aws:cloudwatch/eventRule:EventRule",
                "aws:cloudwatch/logResourcePolicy:LogResourcePolicy",
                "aws:cloudwatch/eventTarget:EventTarget",
            ],
        );
    });
});
