/**
 * The component plugin as Pulumi runs it: `node @pulumi/pulumi/cmd/run-plugin <package>/plugin
 * <engine>` (what the Node.js language host runs for a `PulumiPlugin.yaml` with `runtime: nodejs`),
 * over gRPC, against an in-test engine and resource monitor (tests/helpers/resourceMonitor.ts), no
 * Pulumi CLI. One plugin process for the whole file, started beside the unit tier, the package laid
 * out as it ships (tests/helpers/pluginHost.ts).
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import type * as grpc from "@grpc/grpc-js";
import * as pulumi from "@pulumi/pulumi";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";

import { resolveEventBridgeArgs } from "../../components/eventbridge/resolve";
import { AwsMocks } from "../../program/mocks";
import { readOutput } from "../../program/outputs";
import { packageSchema, type PackageSchema } from "../../provider/schema";
import { ROOT } from "../helpers/compiled";
import {
    childrenOf,
    construct as constructOn,
    pluginBeforeTests,
    unary,
    type ConstructOptions,
} from "../helpers/pluginHost";
import type { TestEngine } from "../helpers/resourceMonitor";

const EVENTBRIDGE = "cloudposse:eventbridge:EventBridge";
const API_KEY = "cloudposse:managed-dashboards:DashboardsApiKey";
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

const started = pluginBeforeTests();

/** Sends a Construct request (tests/helpers/pluginHost.ts), with the engine it called back. */
async function construct(
    type: string,
    name: string,
    inputs: Record<string, unknown>,
    options: ConstructOptions = {},
): Promise<{ urn: string; state: Record<string, unknown>; engine: TestEngine }> {
    const plugin = await started();
    return { ...(await constructOn(plugin, type, name, inputs, options)), engine: plugin.engine };
}

const EVENTBRIDGE_CHILDREN = [
    EVENTBRIDGE,
    "aws:cloudwatch/logGroup:LogGroup",
    "aws:cloudwatch/eventRule:EventRule",
    "aws:cloudwatch/logResourcePolicy:LogResourcePolicy",
    "aws:cloudwatch/eventTarget:EventTarget",
];

describe("the component plugin over gRPC (run-plugin, an in-test engine)", function () {
    this.timeout(60_000);

    it("starts from plugin/ under run-plugin, prints its port and reports the package's version", async () => {
        const { plugin, client } = await started();
        assert.match(plugin.firstLine, /^\d+$/);
        const info = await unary<emptyproto.Empty, plugproto.PluginInfo>(
            client.getPluginInfo.bind(client),
            client,
            new emptyproto.Empty(),
        );
        assert.equal(info.getVersion(), VERSION);
    });

    it("serves the schema derived from the definitions: both components complete, every input described", async () => {
        const { client } = await started();
        const request = new provproto.GetSchemaRequest();
        const response = await unary<provproto.GetSchemaRequest, provproto.GetSchemaResponse>(
            client.getSchema.bind(client),
            client,
            request,
        );
        const schema = JSON.parse(response.getSchema()) as PackageSchema;
        assert.deepEqual(schema, JSON.parse(JSON.stringify(packageSchema(VERSION))));
        const inputs = (token: string) => schema.resources[token].inputProperties;
        const composable: Record<string, string[]> = {
            [EVENTBRIDGE]: [
                "region",
                "eventRuleDescription",
                "eventRulePattern",
                "eventLogRetentionInDays",
                "tags",
                "additionalTagMap",
            ],
            [API_KEY]: [
                "region",
                "dashboardsStackName",
                "workspaceId",
                "keyRole",
                "minutesToLive",
                "kmsKeyId",
                "tags",
                "additionalTagMap",
            ],
        };
        const label = ["namespace", "tenant", "environment", "stage", "name", "attributes", "tags", "labelOrder"];
        for (const arg of ["region", "eventRulePattern", "eventRuleDescription", "eventLogRetentionInDays", ...label]) {
            assert.ok(arg in inputs(EVENTBRIDGE), `EventBridge lacks ${arg}`);
        }
        for (const arg of [
            "region",
            "workspaceId",
            "keyRole",
            "minutesToLive",
            "ssmPathFormatApiKey",
            "dashboardsComponentName",
            ...label,
        ]) {
            assert.ok(arg in inputs(API_KEY), `DashboardsApiKey lacks ${arg}`);
        }
        for (const token of [EVENTBRIDGE, API_KEY]) {
            assert.equal(schema.resources[token].isComponent, true);
            for (const [arg, input] of Object.entries(inputs(token))) {
                assert.ok((input.description ?? "").length > 0, `${token} ${arg} has no description`);
                assert.equal(input.plain === true, !composable[token].includes(arg), `${token} ${arg}`);
            }
        }
        assert.deepEqual(Object.keys(schema.resources[API_KEY].properties), [
            "ssmPathDashboardsApiKey",
            "expiresAt",
            "workspaceId",
            "rotationWindowStart",
            "credentialName",
            "workspaceEndpoint",
            "apiKey",
        ]);
    });

    it("constructs an EventBridge from plain values: the children, parented to it, and the outputs", async () => {
        const { urn, state, engine } = await construct(EVENTBRIDGE, "plain-alerts", {
            region: "us-east-2",
            namespace: "eg",
            name: "plain-alerts",
            eventLogRetentionInDays: 14,
            eventRulePattern: { source: ["aws.ecs"] },
        });
        assert.equal(urn, `urn:pulumi:stack::project::${EVENTBRIDGE}::plain-alerts`);
        assert.deepEqual(childrenOf(engine, urn), EVENTBRIDGE_CHILDREN);
        const logGroup = engine.registrations.find((r) => r.parent === urn && r.type.endsWith(":LogGroup"));
        assert.equal(logGroup?.inputs.retentionInDays, 14);
        assert.equal(state.logsLogGroupName, "eg-plain-alerts");
        assert.equal(state.eventRuleName, "eg-plain-alerts");
        assert.equal(state.logsLogGroupArn, "arn:aws:logs:us-east-2:111111111111:log-group:eg-plain-alerts");
    });

    it("constructs a DashboardsApiKey for a given workspace, its key a secret in the state", async () => {
        const { urn, state, engine } = await construct(API_KEY, "grafana", {
            region: "us-east-2",
            name: "grafana",
            workspaceId: "g-0123456789",
        });
        const children = childrenOf(engine, urn);
        assert.equal(children[0], API_KEY);
        assert.ok(children.includes("aws:ssm/parameter:Parameter"), children.join(", "));
        assert.ok(engine.invokes.includes("aws:grafana/getWorkspace:getWorkspace"));
        assert.equal(state.ssmPathDashboardsApiKey, "/dashboards/grafana/api_key");
        assert.equal(state.workspaceId, "g-0123456789");
        // The key arrives as a secret whose plaintext is the token the mocks created for this token's
        // registration (their answer to the same inputs, read here again).
        const token = engine.registrations.find(
            (r) =>
                r.parent !== "" && r.type === "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken",
        );
        assert.ok(token !== undefined, children.join(", "));
        const mocked = new AwsMocks().newResource({
            type: token.type,
            name: token.name,
            inputs: token.inputs,
            custom: true,
        });
        const expected = await readOutput(mocked.state.key as pulumi.Output<string>);
        assert.ok(expected.known && typeof expected.value === "string" && expected.value.length > 20);
        assert.equal(pulumi.runtime.isRpcSecret(state.apiKey), true);
        assert.equal(pulumi.runtime.unwrapRpcSecret(state.apiKey), expected.value);
    });

    it("refuses an invalid value with the component's own message, registering nothing", async () => {
        const args = { region: "us-east-2", name: "bad", eventLogRetentionInDays: 2 };
        let expected = "";
        try {
            resolveEventBridgeArgs("bad-alerts", args as never);
        } catch (error) {
            expected = (error as Error).message;
        }
        assert.match(expected, /eventLogRetentionInDays/);
        const { engine } = await started();
        const before = engine.registrations.length;
        await assert.rejects(construct(EVENTBRIDGE, "bad-alerts", args), (error: grpc.ServiceError) => {
            assert.ok(error.details.includes(expected), `${error.details}\ndoes not include\n${expected}`);
            return true;
        });
        assert.equal(engine.registrations.length, before);
    });

    it("constructs from Outputs with dependencies and secrets: validated once known, the secret kept secret", async () => {
        const bucket = "urn:pulumi:stack::project::aws:s3/bucketV2:BucketV2::events";
        const { urn, state, engine } = await construct(
            EVENTBRIDGE,
            "composed-alerts",
            {
                region: "us-east-2",
                name: "composed-alerts",
                eventLogRetentionInDays: 30,
                eventRuleDescription: {
                    [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig,
                    value: "from another stack",
                },
                tags: { Team: "ops" },
            },
            { dependencies: { eventLogRetentionInDays: [bucket], tags: [bucket] } },
        );
        assert.deepEqual(childrenOf(engine, urn), EVENTBRIDGE_CHILDREN);
        const child = (type: string) => engine.registrations.find((r) => r.parent === urn && r.type === type);
        assert.equal(child("aws:cloudwatch/logGroup:LogGroup")?.inputs.retentionInDays, 30);
        assert.deepEqual(child("aws:cloudwatch/logGroup:LogGroup")?.inputs.tags, {
            Name: "composed-alerts",
            Team: "ops",
        });
        const description = child("aws:cloudwatch/eventRule:EventRule")?.inputs.description;
        assert.equal(pulumi.runtime.isRpcSecret(description), true);
        assert.equal(pulumi.runtime.unwrapRpcSecret(description), "from another stack");
        assert.equal(state.logsLogGroupName, "composed-alerts");
    });

    it("constructs in a preview from unknown values: every child registered, the unknowns unknown", async () => {
        const { urn, engine } = await construct(
            EVENTBRIDGE,
            "preview-alerts",
            {
                region: "us-east-2",
                name: "preview-alerts",
                eventLogRetentionInDays: pulumi.runtime.unknownValue,
                tags: { Team: pulumi.runtime.unknownValue },
            },
            {
                preview: true,
                dependencies: {
                    eventLogRetentionInDays: [
                        "urn:pulumi:stack::project::random:index/randomInteger:RandomInteger::days",
                    ],
                },
            },
        );
        assert.deepEqual(childrenOf(engine, urn), EVENTBRIDGE_CHILDREN);
        const logGroup = engine.registrations.find((r) => r.parent === urn && r.type.endsWith(":LogGroup"));
        assert.equal(logGroup?.inputs.name, "preview-alerts");
        assert.equal(pulumi.isUnknown(logGroup?.inputs.retentionInDays), true);
    });

    it("refuses an Output's invalid value once known, with the component's own message, creating no child", async () => {
        const args = { region: "us-east-2", name: "late", eventLogRetentionInDays: 2 };
        let expected = "";
        try {
            resolveEventBridgeArgs("late-alerts", args as never);
        } catch (error) {
            expected = (error as Error).message;
        }
        assert.match(expected, /eventLogRetentionInDays/);
        const { engine } = await started();
        await assert.rejects(
            construct(EVENTBRIDGE, "late-alerts", args, {
                dependencies: {
                    eventLogRetentionInDays: [
                        "urn:pulumi:stack::project::random:index/randomInteger:RandomInteger::days",
                    ],
                },
            }),
            (error: grpc.ServiceError) => {
                assert.ok(error.details.includes(expected), `${error.details}\ndoes not include\n${expected}`);
                return true;
            },
        );
        const component = engine.registrations.find((r) => r.name === "late-alerts" && r.type === EVENTBRIDGE);
        assert.deepEqual(
            engine.registrations.filter((r) => component !== undefined && r.parent === component.urn),
            [],
        );
    });
});
