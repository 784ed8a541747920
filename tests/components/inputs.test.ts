/**
 * The components composed with Pulumi Inputs, as a TypeScript program would (issue 24): Outputs
 * of other resources as arguments, the region from the AWS provider, names per provider, values
 * found invalid only once known, a preview with values still unknown, and the shipped mocks
 * (`testing/`) that a user's own test installs.
 */
import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import { Provider } from "@pulumi/aws/provider";
import * as grafana from "@pulumi/aws/grafana";
import * as sns from "@pulumi/aws/sns";
import { installMocks, type InstalledMocks, type MockOptions } from "../../testing";
import { unwrap, withUnhandledRejections } from "../helpers/outputs";

type Components = typeof import("../../components");

const LABELS = { namespace: "eg", environment: "ue2", stage: "prod" } as const;

/** The registrations of one type, by name. */
function ofType(mocks: InstalledMocks, type: string) {
    return mocks.resources.filter((r) => r.type === type);
}

/** Runs a program expected to fail after construction; returns the failures and what was registered. */
async function failedRun(options: MockOptions, program: (mocks: InstalledMocks) => void | Promise<void>) {
    let mocks: InstalledMocks | undefined;
    const { rejections } = await withUnhandledRejections(async () => {
        mocks = await installMocks(options);
        await program(mocks);
        for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    });
    return { rejections: rejections.map((e) => (e instanceof Error ? e.message : String(e))), mocks: mocks! };
}

describe("the components composed with Inputs", () => {
    let c: Components;
    let mocks: InstalledMocks;

    before(async () => {
        mocks = await installMocks();
        c = await import("../../components");
    });
    beforeEach(async () => {
        mocks = await installMocks();
    });

    it("takes a Grafana workspace's id as workspaceId, and references no stack", async () => {
        const workspace = new grafana.Workspace("ws", {
            accountAccessType: "CURRENT_ACCOUNT",
            authenticationProviders: ["AWS_SSO"],
            permissionType: "SERVICE_MANAGED",
        });
        const key = new c.DashboardsApiKey("key", {
            ...LABELS,
            name: "grafana",
            region: "us-east-2",
            workspaceId: workspace.id,
        });
        // The shipped mocks give a program's own workspace an id shaped as AWS's.
        const id = await unwrap(workspace.id);
        assert.match(id, /^g-[0-9a-f]{10}$/);
        assert.equal(await unwrap(key.workspaceId), id);
        await mocks.settle();
        assert.deepEqual(ofType(mocks, "pulumi:pulumi:StackReference"), []);
        const token = ofType(mocks, "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken");
        assert.equal(token.length, 1);
        assert.equal(token[0].inputs.workspaceId, id);
    });

    it("takes a pattern holding a topic's ARN, an interpolated description, tags from an Output and a known retention", async () => {
        const topic = new sns.Topic("alerts", {});
        const rule = new c.EventBridge("sns-events", {
            ...LABELS,
            name: "sns",
            region: "us-east-2",
            eventRulePattern: { source: ["aws.sns"], resources: [topic.arn] },
            eventRuleDescription: pulumi.interpolate`Events of ${topic.arn}`,
            eventLogRetentionInDays: pulumi.output(14),
            tags: topic.arn.apply((arn) => ({ Topic: arn })),
        });
        await unwrap(rule.eventRuleArn);
        await mocks.settle();
        const [registered] = ofType(mocks, "aws:cloudwatch/eventRule:EventRule");
        assert.equal(
            registered.inputs.eventPattern,
            '{"resources":["arn:aws:sns:us-east-1:111111111111:alerts"],"source":["aws.sns"]}',
        );
        assert.equal(registered.inputs.description, "Events of arn:aws:sns:us-east-1:111111111111:alerts");
        assert.deepEqual(registered.inputs.tags, {
            Environment: "ue2",
            Name: "eg-ue2-prod-sns",
            Namespace: "eg",
            Stage: "prod",
            Topic: "arn:aws:sns:us-east-1:111111111111:alerts",
        });
        const [logGroup] = ofType(mocks, "aws:cloudwatch/logGroup:LogGroup");
        assert.equal(logGroup.inputs.retentionInDays, 14);
    });

    it("puts every child in the region of its AWS provider when no region is given", async () => {
        const provider = new Provider("ireland", { region: "eu-west-1" });
        const rule = new c.EventBridge("irish", { ...LABELS, name: "irish" }, { providers: [provider] });
        assert.match(await unwrap(rule.logsLogGroupArn), /^arn:aws:logs:eu-west-1:/);
        assert.match(await unwrap(rule.eventRuleArn), /^arn:aws:events:eu-west-1:/);
        await mocks.settle();
        const children = mocks.resources.filter((r) => r.parent === "cloudposse:eventbridge:EventBridge::irish");
        assert.equal(children.length, 4);
        for (const child of children) {
            assert.equal(child.inputs.region, undefined, child.type);
            assert.match(child.provider ?? "", /ireland/, child.type);
        }
    });

    it("lets a given region win over the provider's", async () => {
        const provider = new Provider("ireland", { region: "eu-west-1" });
        const rule = new c.EventBridge("ohio", { ...LABELS, name: "ohio", region: "us-east-2" }, { provider });
        assert.match(await unwrap(rule.eventRuleArn), /^arn:aws:events:us-east-2:/);
    });

    it("creates two instances with the same labels under two providers in one region", async () => {
        const one = new Provider("account-one", { region: "us-east-2" });
        const two = new Provider("account-two", { region: "us-east-2" });
        const args = { ...LABELS, name: "same", region: "us-east-2" };
        new c.EventBridge("in-one", args, { providers: [one] });
        new c.EventBridge("in-two", args, { providers: [two] });
        new c.DashboardsApiKey("key-one", { ...args, workspaceId: "g-0123456789" }, { providers: [one] });
        new c.DashboardsApiKey("key-two", { ...args, workspaceId: "g-abcdef0123" }, { providers: [two] });
        await mocks.settle();
        assert.equal(ofType(mocks, "aws:cloudwatch/logGroup:LogGroup").length, 2);
        assert.equal(ofType(mocks, "aws:ssm/parameter:Parameter").length, 2);
    });

    it("still refuses the same names under one provider, at once", async () => {
        const one = new Provider("account-one", { region: "us-east-2" });
        const args = { ...LABELS, name: "same", region: "us-east-2" };
        new c.EventBridge("first", args, { providers: [one] });
        assert.throws(
            () => new c.EventBridge("second", args, { providers: [one] }),
            /eventbridge "second": name gives the log group name and the event rule name "eg-ue2-prod-same" in us-east-2, which eventbridge "first" also uses/,
        );
    });

    it("refuses names that clash once a region given as an Output is known, before the children reach AWS", async () => {
        const { rejections, mocks: run } = await failedRun({}, () => {
            const args = { ...LABELS, name: "late" };
            new c.EventBridge("known", { ...args, region: "us-east-2" });
            new c.EventBridge("later", { ...args, region: pulumi.output("us-east-2") });
        });
        assert.ok(rejections.length > 0);
        for (const message of rejections) {
            assert.match(
                message,
                /eventbridge "later": name gives the log group name and the event rule name "eg-ue2-prod-late" in us-east-2/,
            );
        }
        const children = run.resources.filter((r) => r.parent === "cloudposse:eventbridge:EventBridge::later");
        assert.deepEqual(children, []);
    });

    it("refuses a pattern that becomes invalid once known, naming the instance, the field and source, with no rule registered", async () => {
        const { rejections, mocks: run } = await failedRun({}, () => {
            const topic = new sns.Topic("alerts", {});
            new c.EventBridge("bad-pattern", {
                ...LABELS,
                name: "bad",
                region: "us-east-2",
                // A bare leaf, as a JavaScript caller may give it (the types refuse it): checked once known.
                eventRulePattern: topic.arn.apply((arn) => ({ source: arn })) as never,
            });
        });
        assert.ok(rejections.length > 0);
        for (const message of rejections) {
            assert.match(
                message,
                /eventbridge "bad-pattern": eventRulePattern\["source"\] is not valid in an event pattern: leaf values must be a non-empty array, got "arn:aws:sns:us-east-1:111111111111:alerts"$/,
            );
            assert.doesNotMatch(message, /pulumi Output/);
        }
        assert.deepEqual(ofType(run, "aws:cloudwatch/eventRule:EventRule"), []);
    });

    it("gives the program's own Grafana workspace an id the api-key accepts, as the README's program uses it", async () => {
        const workspace = new grafana.Workspace("dashboards", {
            accountAccessType: "CURRENT_ACCOUNT",
            authenticationProviders: ["AWS_SSO"],
            permissionType: "SERVICE_MANAGED",
        });
        const key = new c.DashboardsApiKey("key", { ...LABELS, name: "grafana", workspaceId: workspace.id });
        await mocks.settle();
        const id = await unwrap(key.workspaceId);
        assert.match(id, /^g-[0-9a-f]{10}$/);
        const token = ofType(mocks, "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken");
        assert.equal(token.length, 1);
        assert.equal(token[0].inputs.workspaceId, id);
    });

    it("settle() rejects with the message of an Output a component refused, instead of never returning", async () => {
        let settled: unknown = "settle() returned";
        await withUnhandledRejections(async () => {
            const run = await installMocks();
            new c.EventBridge("late-retention", {
                ...LABELS,
                name: "late",
                region: "us-east-2",
                eventLogRetentionInDays: pulumi.output(4),
            });
            settled = await run.settle().then(
                () => "settle() returned",
                (error: unknown) => error,
            );
        });
        assert.ok(settled instanceof Error, String(settled));
        assert.match(
            settled.message,
            /eventbridge "late-retention": eventLogRetentionInDays must be one of 1, 3, .*, got 4$/,
        );
    });

    it("refuses an invalid value known later with the message a plain value gets", async () => {
        const plain = (() => {
            try {
                new c.EventBridge("bad-retention", {
                    ...LABELS,
                    name: "r",
                    region: "us-east-2",
                    // A plain 4, as a JavaScript caller gives it (the type refuses the literal).
                    eventLogRetentionInDays: 4 as never,
                });
            } catch (error) {
                return (error as Error).message;
            }
            assert.fail("a retention of 4 days was accepted");
        })();
        const { rejections, mocks: run } = await failedRun({}, () => {
            new c.EventBridge("bad-retention", {
                ...LABELS,
                name: "r",
                region: "us-east-2",
                eventLogRetentionInDays: pulumi.output(4),
            });
        });
        assert.ok(rejections.length > 0);
        // (Pulumi says which inputs of which child it was resolving before the message.)
        for (const message of rejections) assert.ok(message.endsWith(plain), message);
        assert.deepEqual(ofType(run, "aws:cloudwatch/logGroup:LogGroup"), []);
    });

    it("checks what is known of a pattern at once, whatever is not known yet", () => {
        const topic = new sns.Topic("alerts", {});
        assert.throws(
            () =>
                new c.EventBridge("shape", {
                    ...LABELS,
                    name: "shape",
                    region: "us-east-2",
                    // A bare leaf, as a JavaScript caller may give it (the types refuse it).
                    eventRulePattern: { source: "aws.sns" as never, resources: [topic.arn] },
                }),
            /eventbridge "shape": eventRulePattern\["source"\] is not valid in an event pattern: leaf values must be a non-empty array/,
        );
    });

    it("raises its own message when a user's mocks give a stack reference no outputs", async () => {
        const { rejections } = await withUnhandledRejections(async () => {
            await pulumi.runtime.setMocks(
                {
                    newResource: (args) => ({
                        id: `${args.name}_id`,
                        state: args.type.startsWith("pulumi:pulumi:") ? {} : args.inputs,
                    }),
                    call: (args) => args.inputs,
                },
                "project",
                "stack",
                false,
            );
            const key = new c.DashboardsApiKey("no-outputs", { ...LABELS, name: "k", region: "us-east-2" });
            await assert.rejects(
                unwrap(key.workspaceId),
                /managed-dashboards\/api-key "no-outputs": the workspace stack "organization\/managed-dashboards-workspace\/stack" has no output "workspace_id" \(got undefined\)/,
            );
        });
        assert.ok(
            rejections.every((e) => !(e instanceof TypeError)),
            rejections.map(String).join("\n"),
        );
    });
});

describe("the components in a preview with values still unknown", () => {
    it("registers every child of both components, their unknown inputs unknown", async () => {
        const mocks = await installMocks({ preview: true });
        const c = await import("../../components");
        const workspace = new grafana.Workspace("ws", {
            accountAccessType: "CURRENT_ACCOUNT",
            authenticationProviders: ["AWS_SSO"],
            permissionType: "SERVICE_MANAGED",
        });
        const topic = new sns.Topic("alerts", {});
        const tags = topic.arn.apply((arn) => ({ Topic: arn }));
        new c.DashboardsApiKey("key", {
            ...LABELS,
            name: "grafana",
            region: "us-east-2",
            workspaceId: workspace.id,
            tags,
        });
        new c.EventBridge("events", {
            ...LABELS,
            name: "events",
            region: "us-east-2",
            eventRulePattern: { source: ["aws.sns"], resources: [topic.arn] },
            tags,
        });
        await mocks.settle();
        const types = (parent: string) => mocks.resources.filter((r) => r.parent === parent).map((r) => r.type);
        assert.deepEqual(types("cloudposse:eventbridge:EventBridge::events"), [
            "aws:cloudwatch/logGroup:LogGroup",
            "aws:cloudwatch/eventRule:EventRule",
            "aws:cloudwatch/logResourcePolicy:LogResourcePolicy",
            "aws:cloudwatch/eventTarget:EventTarget",
        ]);
        assert.deepEqual(types("cloudposse:managed-dashboards:DashboardsApiKey::key"), [
            "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount",
            "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken",
            "aws:ssm/parameter:Parameter",
        ]);
        const [rule] = ofType(mocks, "aws:cloudwatch/eventRule:EventRule");
        // Known names stay known; the pattern and the tags wait for the topic.
        assert.equal(rule.inputs.name, "eg-ue2-prod-events");
        assert.ok(pulumi.isUnknown(rule.inputs.eventPattern));
        assert.ok(pulumi.isUnknown(rule.inputs.tags));
        const [account] = ofType(mocks, "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount");
        assert.match(String(account.inputs.name), /^eg-ue2-prod-grafana-admin-\d{8}T\d{6}Z$/); // <id>-<role>-<window> (issues 19, 32)
        assert.ok(pulumi.isUnknown(account.inputs.workspaceId));
        await installMocks();
    });
});
