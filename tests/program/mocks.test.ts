/**
 * AwsMocks as CONTRIBUTING describes it: the state each resource type gets (ARNs in the region's
 * partition, provider-side defaults, names generated when not given), referenced stacks' outputs,
 * and a refusal for any type or invoke it does not know. Called directly, without the SDK.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import { COMPONENT_KITS } from "../../components/kits";
import {
    AwsMocks,
    EXAMPLE_ACCOUNT_ID,
    EXAMPLE_DEFAULT_REGION,
    EXAMPLE_NOW,
    redactSecrets,
    SECRET_PLACEHOLDER,
} from "../../program/mocks";
import { EXAMPLE_GRAFANA_VERSION, EXAMPLE_WORKSPACE_OUTPUTS } from "../../testing";

type Args = pulumi.runtime.MockResourceArgs;
const custom = (type: string, name: string, inputs: Record<string, unknown>): Args => ({
    type,
    name,
    inputs,
    custom: true,
});

describe("AwsMocks: the state of each resource", () => {
    const mocks = new AwsMocks();
    const cases: [name: string, args: Args, id: string | undefined, state: Record<string, unknown>][] = [
        [
            "a log group named by the component, in the default region",
            custom("aws:cloudwatch/logGroup:LogGroup", "lg", { name: "g" }),
            "g",
            {
                name: "g",
                region: EXAMPLE_DEFAULT_REGION,
                arn: `arn:aws:logs:${EXAMPLE_DEFAULT_REGION}:${EXAMPLE_ACCOUNT_ID}:log-group:g`,
                tagsAll: {},
            },
        ],
        [
            "a log group without a name (the provider generates one) in China",
            custom("aws:cloudwatch/logGroup:LogGroup", "lg", { region: "cn-north-1", tags: { A: "1" } }),
            "lg-0000000",
            {
                region: "cn-north-1",
                tags: { A: "1" },
                name: "lg-0000000",
                arn: `arn:aws-cn:logs:cn-north-1:${EXAMPLE_ACCOUNT_ID}:log-group:lg-0000000`,
                tagsAll: { A: "1" },
            },
        ],
        [
            "a rule in GovCloud, without a name",
            custom("aws:cloudwatch/eventRule:EventRule", "r", { region: "us-gov-west-1" }),
            "r-0000000",
            {
                region: "us-gov-west-1",
                name: "r-0000000",
                arn: `arn:aws-us-gov:events:us-gov-west-1:${EXAMPLE_ACCOUNT_ID}:rule/r-0000000`,
                eventBusName: "default",
                tagsAll: {},
            },
        ],
        [
            "an SSM parameter in the European Sovereign Cloud, a name without a leading slash, defaults",
            custom("aws:ssm/parameter:Parameter", "p", { name: "x/y", type: "String", region: "eusc-de-east-1" }),
            "x/y",
            {
                name: "x/y",
                type: "String",
                region: "eusc-de-east-1",
                arn: `arn:aws-eusc:ssm:eusc-de-east-1:${EXAMPLE_ACCOUNT_ID}:parameter/x/y`,
                version: 1,
                tier: "Standard",
                dataType: "text",
                keyId: undefined,
                tagsAll: {},
            },
        ],
        [
            "a SecureString parameter named by its resource, with the AWS-managed key",
            custom("aws:ssm/parameter:Parameter", "/a/b", { type: "SecureString", tier: "Advanced", dataType: "text" }),
            "/a/b",
            {
                type: "SecureString",
                name: "/a/b",
                region: EXAMPLE_DEFAULT_REGION,
                arn: `arn:aws:ssm:${EXAMPLE_DEFAULT_REGION}:${EXAMPLE_ACCOUNT_ID}:parameter/a/b`,
                version: 1,
                tier: "Advanced",
                dataType: "text",
                keyId: "alias/aws/ssm",
                tagsAll: {},
            },
        ],
        [
            "a target without an id",
            custom("aws:cloudwatch/eventTarget:EventTarget", "t", { rule: "r" }),
            "r-t-target",
            { rule: "r", region: EXAMPLE_DEFAULT_REGION, targetId: "t-target", eventBusName: "default" },
        ],
        [
            "an account-scoped logs policy named by its resource",
            custom("aws:cloudwatch/logResourcePolicy:LogResourcePolicy", "pol", { policyDocument: "{}" }),
            "pol",
            {
                policyDocument: "{}",
                policyName: "pol",
                region: EXAMPLE_DEFAULT_REGION,
                policyScope: "ACCOUNT",
                revisionId: "1",
            },
        ],
        [
            "a rotating time rotating after days, hours and minutes",
            custom("time:index/rotating:Rotating", "rot", { rotationDays: 1, rotationHours: 2, rotationMinutes: 3 }),
            EXAMPLE_NOW,
            {
                rotationDays: 1,
                rotationHours: 2,
                rotationMinutes: 3,
                rfc3339: EXAMPLE_NOW,
                rotationRfc3339: "2026-01-02T02:03:00Z",
                unix: Date.parse(EXAMPLE_NOW) / 1000,
                year: 2026,
                month: 1,
                day: 1,
                hour: 0,
                minute: 0,
                second: 0,
            },
        ],
        [
            "a provider, its inputs as its state",
            custom("pulumi:providers:aws", "p", { region: "eu-west-1" }),
            "p_id",
            { region: "eu-west-1" },
        ],
        ["a component, no state", { type: "x:y:Z", name: "c", inputs: {}, custom: false }, undefined, {}],
    ];
    for (const [name, args, id, state] of cases) {
        it(name, () => {
            assert.deepEqual(mocks.newResource(args), { id, state });
        });
    }

    it("rotates from the resource time when one is given, else from now", () => {
        const fromNow = new AwsMocks({ now: "2026-06-01T00:00:00Z" }).newResource(
            custom("time:index/rotating:Rotating", "r", { rotationMinutes: 90 }),
        );
        assert.equal(fromNow.state.rotationRfc3339, "2026-06-01T01:30:00Z");
        const kept = new AwsMocks({ now: "2026-06-01T00:00:00Z", resourceTime: "2026-05-01T00:00:00Z" }).newResource(
            custom("time:index/rotating:Rotating", "r", {}),
        );
        assert.equal(kept.state.rotationRfc3339, "2026-05-01T00:00:00Z");
    });

    it("looks up only the log groups it is given (getLogGroup), with their retention", () => {
        const withGroups = new AwsMocks({ logGroups: { old: 90 } });
        const call = (name: string) =>
            withGroups.call({ token: "aws:cloudwatch/getLogGroup:getLogGroup", inputs: { name, region: "us-east-2" } });
        assert.deepEqual(
            [call("old").retentionInDays, call("old").arn],
            [90, `arn:aws:logs:us-east-2:${EXAMPLE_ACCOUNT_ID}:log-group:old`],
        );
        assert.throws(() => call("other"), /reading CloudWatch Logs Log Group \(other\): empty result/);
        assert.throws(() => call("constructor"), /empty result/);
    });

    it("refuses a type it does not know, and every invoke but the region, workspace and log group lookups", () => {
        assert.throws(() => mocks.newResource(custom("aws:s3/bucket:Bucket", "b", {})), {
            message: "Mock not implemented: aws:s3/bucket:Bucket (b)",
        });
        assert.throws(() => mocks.call({ token: "aws:index/getCallerIdentity:getCallerIdentity", inputs: {} }), {
            message: "Mock not implemented: aws:index/getCallerIdentity:getCallerIdentity",
        });
    });

    it("answers getRegion with the region asked, else the explicit provider's, else the default provider's", () => {
        const regional = new AwsMocks({ region: "eu-west-1" });
        const provider = regional.newResource(custom("pulumi:providers:aws", "west", { region: "us-west-2" }));
        const ref = `urn:pulumi:stack::project::pulumi:providers:aws::west::${provider.id}`;
        const region = (inputs: Record<string, unknown>, via?: string) =>
            regional.call({ token: "aws:index/getRegion:getRegion", inputs, provider: via }).region;
        assert.deepEqual(
            [region({}), region({}, ref), region({ region: "ap-south-1" }, ref)],
            ["eu-west-1", "us-west-2", "ap-south-1"],
        );
    });
});

describe("AwsMocks: referenced stacks", () => {
    const ref = (name: string): Args => custom("pulumi:pulumi:StackReference", name, { name });
    it("gives a listed stack its outputs, others the default, and fails for a stack that does not exist", () => {
        const mocks = new AwsMocks({
            stackOutputs: { "o/p/listed": { a: 1 }, "o/p/gone": null },
            defaultStackOutputs: { b: 2 },
        });
        assert.deepEqual(mocks.newResource(ref("o/p/listed")).state.outputs, { a: 1 });
        assert.deepEqual(mocks.newResource(ref("o/p/other")).state.outputs, { b: 2 });
        assert.throws(() => mocks.newResource(ref("o/p/gone")), { message: 'unknown stack "o/p/gone"' });
    });

    it("gives every stack the example workspace's outputs by default, and none with a null default", () => {
        assert.deepEqual(new AwsMocks().newResource(ref("o/p/s")).state, {
            name: "o/p/s",
            outputs: { ...EXAMPLE_WORKSPACE_OUTPUTS },
            secretOutputNames: [],
        });
        assert.throws(() => new AwsMocks({ defaultStackOutputs: null }).newResource(ref("o/p/s")), {
            message: 'unknown stack "o/p/s"',
        });
    });
});

describe("AwsMocks: what the components declare (their kits' mockedTypes, mockedInvokes, mockedStackOutputs)", () => {
    it("names in program/mocks.ts no type, invoke or stack output a component declares", () => {
        const source = fs.readFileSync(path.join(__dirname, "..", "..", "program", "mocks.ts"), "utf8");
        const declared = COMPONENT_KITS.flatMap((kit) => [
            ...Object.keys(kit.mockedTypes ?? {}),
            ...Object.keys(kit.mockedInvokes ?? {}),
            ...Object.keys(kit.mockedStackOutputs ?? {}),
        ]);
        assert.ok(declared.includes("aws:grafana/getWorkspace:getWorkspace"), declared.join(", "));
        assert.deepEqual(
            declared.filter((token) => source.includes(token)),
            [],
        );
    });

    it("gives a program's own Grafana workspace (the api-key's declared type) an id shaped as AWS's, in its region", () => {
        const answer = (mocks: AwsMocks, inputs: Record<string, unknown>) =>
            mocks.newResource(custom("aws:grafana/workspace:Workspace", "dashboards", inputs));
        // sha256("dashboards") starts 21b2e2095f.
        const arn = `arn:aws:grafana:us-east-2:${EXAMPLE_ACCOUNT_ID}:/workspaces/g-21b2e2095f`;
        assert.deepEqual(answer(new AwsMocks(), { permissionType: "SERVICE_MANAGED", region: "us-east-2" }), {
            id: "g-21b2e2095f",
            state: {
                permissionType: "SERVICE_MANAGED",
                region: "us-east-2",
                arn,
                endpoint: "g-21b2e2095f.grafana-workspace.us-east-2.amazonaws.com",
                grafanaVersion: EXAMPLE_GRAFANA_VERSION,
            },
        });
        // The version it is given, else the mocks' option, else the example's.
        const versioned = new AwsMocks({ grafanaVersion: "12.0" });
        assert.equal(answer(versioned, {}).state.grafanaVersion, "12.0");
        assert.equal(answer(versioned, { grafanaVersion: "9.4" }).state.grafanaVersion, "9.4");
        assert.equal(answer(new AwsMocks(), {}).state.region, EXAMPLE_DEFAULT_REGION);
    });

    it("answers getWorkspace (the api-key's declared invoke) in the region asked, with the Grafana version of the options", () => {
        const lookUp = (mocks: AwsMocks, inputs: Record<string, unknown>) =>
            mocks.call({ token: "aws:grafana/getWorkspace:getWorkspace", inputs });
        assert.deepEqual(lookUp(new AwsMocks(), { workspaceId: "g-1", region: "eu-west-1" }), {
            id: "g-1",
            workspaceId: "g-1",
            region: "eu-west-1",
            grafanaVersion: EXAMPLE_GRAFANA_VERSION,
            endpoint: "g-1.grafana-workspace.eu-west-1.amazonaws.com",
            status: "ACTIVE",
        });
        const versioned = lookUp(new AwsMocks({ grafanaVersion: "12.0", region: "us-west-2" }), { workspaceId: "g-2" });
        assert.equal(versioned.grafanaVersion, "12.0");
        assert.equal(versioned.region, "us-west-2");
    });
});

describe("installMocks: a program's own Grafana workspace, looked up", () => {
    it("answers getWorkspace for a workspace the program declared with its own version and endpoint; others as the options say", () => {
        const mocks = new AwsMocks({ grafanaVersion: "11.0" });
        const created = mocks.newResource(
            custom("aws:grafana/workspace:Workspace", "dashboards", { grafanaVersion: "12.4", region: "eu-west-1" }),
        );
        const lookUp = (workspaceId: string) =>
            mocks.call({ token: "aws:grafana/getWorkspace:getWorkspace", inputs: { workspaceId } });
        assert.equal(created.id, "g-21b2e2095f");
        assert.equal(lookUp("g-21b2e2095f").grafanaVersion, "12.4");
        assert.equal(lookUp("g-21b2e2095f").endpoint, "g-21b2e2095f.grafana-workspace.eu-west-1.amazonaws.com");
        assert.equal(lookUp("g-0123456789").grafanaVersion, "11.0");
        // A new program run (reset) has no workspace of its own any more.
        mocks.forgetAnswered();
        assert.equal(lookUp("g-21b2e2095f").grafanaVersion, "11.0");
    });

    it("refuses an api-key credential on a declared Grafana 12 workspace, as a real preview would", async () => {
        const { installMocks } = await import("../../program/mocks");
        const mocks = await installMocks({ stack: "ue2-prod" });
        const { Workspace } = await import("@pulumi/aws/grafana/workspace");
        const { DashboardsApiKey } = await import("../../components/apiKey");
        const workspace = new Workspace("dashboards", {
            accountAccessType: "CURRENT_ACCOUNT",
            authenticationProviders: ["AWS_SSO"],
            permissionType: "SERVICE_MANAGED",
            grafanaVersion: "12.4",
        });
        new DashboardsApiKey("key", {
            region: "us-east-2",
            namespace: "eg",
            name: "grafana",
            workspaceId: workspace.id,
            credentialType: "api-key",
        });
        await assert.rejects(
            mocks.settle(),
            /it runs Grafana 12\.4, and Amazon Managed Grafana removed API keys in Grafana 12/,
        );
        mocks.reset();
    });
});

describe("redactSecrets", () => {
    it("replaces secrets at any depth, in lists and maps, and leaves the rest", () => {
        const secret = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "k" };
        assert.deepEqual(redactSecrets({ a: [1, secret, { b: secret }], c: null, d: "x" }), {
            a: [1, SECRET_PLACEHOLDER, { b: SECRET_PLACEHOLDER }],
            c: null,
            d: "x",
        });
    });
});

describe("installMocks: the options of each registration", () => {
    it("records every option set, resources as type::name, and nothing for a resource without options", async () => {
        const { installMocks } = await import("../../program/mocks");
        const pulumiSdk = await import("@pulumi/pulumi");
        const aws = await import("@pulumi/aws");
        const mocks = await installMocks();
        const provider = new aws.Provider("east", { region: "us-east-1" });
        const group = new aws.cloudwatch.LogGroup("first", { name: "first" });
        new aws.cloudwatch.LogGroup(
            "second",
            { name: "second", tags: { From: "first" } },
            {
                provider,
                protect: true,
                retainOnDelete: true,
                ignoreChanges: ["tags"],
                replaceOnChanges: ["name"],
                deleteBeforeReplace: false,
                dependsOn: [group],
                aliases: [{ name: "old-second" }],
                import: "second",
                replacementTrigger: pulumiSdk.secret("rotate"),
            },
        );
        await mocks.settle();
        const byName = Object.fromEntries(mocks.resources.map((r) => [r.name, r.options]));
        assert.deepEqual(byName, {
            east: undefined,
            first: undefined,
            second: {
                replacementTrigger: SECRET_PLACEHOLDER,
                deleteBeforeReplace: false,
                import: "second",
                aliases: [{ name: "old-second" }],
                protect: true,
                retainOnDelete: true,
                dependsOn: ["aws:cloudwatch/logGroup:LogGroup::first"],
                ignoreChanges: ["tags"],
                replaceOnChanges: ["name"],
                provider: "pulumi:providers:aws::east",
            },
        });
    });
});

describe("installMocks: a program that failed", () => {
    it("settle() records the failure as `pulumi up` does, so the SDK reports no leak at exit; the next program starts clean", async () => {
        const { installMocks } = await import("../../program/mocks");
        const pulumiSdk = await import("@pulumi/pulumi");
        const aws = await import("@pulumi/aws");
        // (@internal in the SDK's types: runtime/debuggable.ts leakedPromises, what the exit check reads.)
        const { leakedPromises } = (await import("@pulumi/pulumi/runtime/debuggable")) as unknown as {
            leakedPromises: () => [Set<unknown>, string];
        };
        const mocks = await installMocks();
        // A registration whose input fails leaves its outputs unresolved: the SDK's leak candidates,
        // which runtime/debuggable.ts reports at exit only when no error was logged (log.hasErrors()).
        new aws.cloudwatch.LogGroup("failed", { name: pulumiSdk.output(Promise.reject(new Error("check failed"))) });
        await assert.rejects(mocks.settle(), /check failed/);
        assert.equal(pulumiSdk.log.hasErrors(), true);
        // (leakedPromises() empties the list it reads: the run had pending promises, not reported.)
        assert.ok(leakedPromises()[0].size > 0);
        await installMocks();
        assert.equal(pulumiSdk.log.hasErrors(), false);
    });
});

describe("AwsMocks: a preview, the region, the program's own resources", () => {
    it("gives a new resource its inputs and nothing computed in a preview, as the engine does", () => {
        const preview = new AwsMocks({ preview: true });
        for (const type of [
            "aws:cloudwatch/logGroup:LogGroup",
            "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken",
            "time:index/static:Static",
        ]) {
            assert.deepEqual(preview.newResource(custom(type, "r", { name: "n", secondsToLive: 60 })), {
                id: undefined,
                state: { name: "n", secondsToLive: 60 },
            });
        }
        // Adopted with `import`: the engine reads it, so its state is known.
        const adopted = preview.newResource({
            ...custom("aws:cloudwatch/logGroup:LogGroup", "r", { name: "n" }),
            id: "n",
        });
        assert.equal(adopted.state.arn, `arn:aws:logs:${EXAMPLE_DEFAULT_REGION}:${EXAMPLE_ACCOUNT_ID}:log-group:n`);
    });

    it("computes nothing from an unknown input (the SDK hands the mocks Pulumi's unknown in a preview)", async () => {
        const { unknown } = await import("@pulumi/pulumi");
        const state = new AwsMocks({ preview: true }).newResource({
            ...custom("aws:cloudwatch/eventRule:EventRule", "r", { name: "n", region: unknown }),
            id: "n",
        });
        assert.deepEqual(state, { id: undefined, state: { name: "n", region: unknown } });
    });

    it("puts a resource without region or provider in the default provider's region", () => {
        const mocks = new AwsMocks({ region: "eu-central-1" });
        assert.equal(
            mocks.newResource(custom("aws:cloudwatch/logGroup:LogGroup", "lg", { name: "g" })).state.arn,
            `arn:aws:logs:eu-central-1:${EXAMPLE_ACCOUNT_ID}:log-group:g`,
        );
    });

    it("gives the program's ECS cluster, SNS topic, SQS queue and Lambda function AWS's ARN shapes", () => {
        const echo = new AwsMocks({ otherResources: "echo", region: "us-west-2" });
        const arn = (type: string, name: string) => echo.newResource(custom(type, name, {})).state.arn;
        assert.deepEqual(
            [
                arn("aws:ecs/cluster:Cluster", "app"),
                arn("aws:sns/topic:Topic", "alerts"),
                arn("aws:sqs/queue:Queue", "jobs"),
                arn("aws:lambda/function:Function", "handler"),
            ],
            [
                `arn:aws:ecs:us-west-2:${EXAMPLE_ACCOUNT_ID}:cluster/app`,
                `arn:aws:sns:us-west-2:${EXAMPLE_ACCOUNT_ID}:alerts`,
                `arn:aws:sqs:us-west-2:${EXAMPLE_ACCOUNT_ID}:jobs`,
                `arn:aws:lambda:us-west-2:${EXAMPLE_ACCOUNT_ID}:function:handler`,
            ],
        );
        assert.equal(
            echo.newResource(custom("aws:sqs/queue:Queue", "jobs", {})).state.url,
            `https://sqs.us-west-2.amazonaws.com/${EXAMPLE_ACCOUNT_ID}/jobs`,
        );
        assert.deepEqual(
            new AwsMocks({ otherResources: "echo", preview: true }).newResource(custom("aws:sns/topic:Topic", "t", {})),
            {
                id: undefined,
                state: {},
            },
        );
    });
});
