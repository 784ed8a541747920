/**
 * What a user's mocha suite sees of `pulumi-cloudposse-components/testing` (issue 29): previews as
 * Pulumi's, one message per failure, settle() and reset() per program, the region, realistic ARNs,
 * collisions under the default provider, plain-only arguments. Self-contained on purpose: it imports
 * only the package's two entry points (`../testing`, `../index`), the Pulumi SDKs and Node, so that
 * tests/testing/userSuite.slow.test.ts runs this very file as a user's suite against the packed tarball
 * (imports renamed), compiled with `tsc --strict`.
 *
 * Pulumi's behaviour it compares with, read in pulumi/pulumi (sdk/nodejs, commit 1b59498):
 * - runtime/mocks.ts `MockMonitor.registerResource` (~191-215): the mocks' `newResource` gets the
 *   inputs deserialized (an unknown one as Pulumi's `unknown` in a preview) and its `state` is what
 *   the program sees; runtime/resource.ts `resolveOutputs` (~1284-1307) adds the inputs only outside
 *   a preview, and runtime/rpc.ts `resolveProperties` (~321-334) makes every output missing from the
 *   state unknown in a preview. So plain `setMocks(..., preview = true)` with mocks that echo their
 *   inputs is the reference: a new resource's computed outputs are unknown.
 * - runtime/rpc.ts `serializeProperties` (~186-195) prefixes a failed input's message with
 *   `error serializing property "<key>": ` and rethrows the same error; cmd/run/run.ts
 *   `uncaughtHandler` (~408-449) reports each failure once, by identity.
 */
import { strict as assert } from "node:assert";
import * as pulumi from "@pulumi/pulumi";
// Submodules, as the package imports them: the root of @pulumi/aws loads every service's module.
import * as ecs from "@pulumi/aws/ecs";
import * as lambda from "@pulumi/aws/lambda";
import * as sns from "@pulumi/aws/sns";
import * as sqs from "@pulumi/aws/sqs";
import { installMocks, type InstalledMocks, type RecordedResource } from "../../testing";
import { DashboardsApiKey, EventBridge } from "../../index";

const LABELS = { namespace: "eg", stage: "test" };
/** `[secret]` for a secret, `<unknown>` for Pulumi's unknown, at any depth: comparable values. */
function shape(value: unknown): unknown {
    if (pulumi.isUnknown(value)) return "<unknown>";
    if (pulumi.runtime.isRpcSecret(value)) return "[secret]";
    if (Array.isArray(value)) return value.map(shape);
    if (typeof value === "object" && value !== null) {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
    }
    return value;
}
/** What an Output holds, and whether it is known, as a preview leaves it. */
async function seen(output: pulumi.Output<unknown> | undefined): Promise<{ known: boolean; value: unknown }> {
    assert.ok(output !== undefined);
    return new Promise((resolve) => {
        let ran = false;
        output.apply((value) => {
            ran = true;
            resolve({ known: true, value });
        });
        // An unknown Output never runs apply: the registrations have all been answered by now.
        setTimeout(() => {
            if (!ran) resolve({ known: false, value: undefined });
        }, 50);
    });
}
/**
 * {@link seen} for each Output of `outputs`, all at once (each unknown one takes seen's wait, in
 * parallel): for a program whose registrations are all answered (after the mocks' settle()).
 */
async function seenAll<K extends string>(
    outputs: Record<K, pulumi.Output<unknown> | undefined>,
): Promise<Record<K, { known: boolean; value: unknown }>> {
    const entries = Object.entries(outputs) as [K, pulumi.Output<unknown> | undefined][];
    const values = await Promise.all(entries.map(([, output]) => seen(output)));
    return Object.fromEntries(entries.map(([name], i) => [name, values[i]])) as Record<
        K,
        { known: boolean; value: unknown }
    >;
}
/**
 * The unhandled rejections while `run` runs, and a little after: how many promises, and the distinct
 * failures. (Mocha hands each rejection back to the process's other listeners: heard twice.)
 */
async function rejectionsDuring(run: () => Promise<void>): Promise<{ total: number; distinct: unknown[] }> {
    const all: unknown[] = [];
    const promises = new Set<Promise<unknown>>();
    const listener = (reason: unknown, promise: Promise<unknown>) => {
        all.push(reason);
        promises.add(promise);
    };
    process.on("unhandledRejection", listener);
    try {
        await run();
        await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
        process.off("unhandledRejection", listener);
    }
    return { total: promises.size, distinct: [...new Set(all)] };
}
/** An Output known only later (a timer away), with no resource behind it. */
function later<T>(value: T): pulumi.Output<pulumi.Unwrap<T>> {
    return pulumi.output(new Promise<T>((resolve) => setTimeout(() => resolve(value), 5)));
}
/** An Output known only once `open` is called, with no resource behind it. */
function gated<T>(value: T): { output: pulumi.Output<pulumi.Unwrap<T>>; open: () => void } {
    let open = () => undefined as void;
    const output = pulumi.output(new Promise<T>((resolve) => (open = () => resolve(value))));
    return { output, open };
}
/** A value unknown in a preview: derived from a new resource's computed output. */
function unknownFrom<T>(resource: { arn: pulumi.Output<string> }, value: T): pulumi.Output<T> {
    return resource.arn.apply(() => value);
}

/** The same program, in a preview: unknown region, pattern leaf, key role and lifetime. */
function previewProgram(): { events: EventBridge; key: DashboardsApiKey } {
    const topic = new sns.Topic("alerts", {});
    const events = new EventBridge("events", {
        ...LABELS,
        name: "events",
        region: unknownFrom(topic, "us-east-2"),
        eventRulePattern: { source: ["aws.sns"], resources: [topic.arn] },
        eventRuleDescription: pulumi.interpolate`Events of ${topic.name}`,
    });
    const key = new DashboardsApiKey("key", {
        ...LABELS,
        name: "grafana",
        region: "us-east-2",
        workspaceId: "g-0123456789",
        keyRole: unknownFrom(topic, "ADMIN" as const),
        minutesToLive: unknownFrom(topic, 43200),
    });
    return { events, key };
}

const recorded = (mocks: InstalledMocks) =>
    mocks.resources.map((r: RecordedResource) => ({ resource: `${r.type}::${r.name}`, inputs: shape(r.inputs) }));

describe("testing: a preview is Pulumi's", () => {
    let ours: { type: string; resources: unknown[]; outputs: Record<string, unknown> } | undefined;

    it("registers every child, unknowns unknown, and nothing built from them (no [object Object], no guessed region)", async () => {
        const mocks = await installMocks({ preview: true });
        const { events, key } = previewProgram();
        await mocks.settle();
        const resources = recorded(mocks);
        const text = JSON.stringify(resources);
        assert.doesNotMatch(text, /\[object Object\]/);
        assert.doesNotMatch(text, /arn:aws/, "no ARN is known in a preview: every resource is new");
        // (Registered in the order their inputs are ready: compared as a set.)
        assert.deepEqual(resources.map((r) => r.resource).sort(), [
            "aws:cloudwatch/eventRule:EventRule::events",
            "aws:cloudwatch/eventTarget:EventTarget::events",
            "aws:cloudwatch/logGroup:LogGroup::events",
            "aws:cloudwatch/logResourcePolicy:LogResourcePolicy::events",
            "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount::key-service-account",
            "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken::key-token",
            "aws:sns/topic:Topic::alerts",
            "aws:ssm/parameter:Parameter::key-parameter",
            "cloudposse:eventbridge:EventBridge::events",
            "cloudposse:managed-dashboards:DashboardsApiKey::key",
        ]);
        assert.equal(resources.length, 10);
        const inputsOf = (resource: string) =>
            resources.find((r) => r.resource === resource)?.inputs as Record<string, unknown>;
        // The unknown region stays unknown in every child (not dropped, not us-east-1).
        for (const child of [
            "logGroup:LogGroup",
            "eventRule:EventRule",
            "logResourcePolicy:LogResourcePolicy",
            "eventTarget:EventTarget",
        ]) {
            assert.equal(inputsOf(`aws:cloudwatch/${child}::events`).region, "<unknown>", child);
        }
        assert.equal(inputsOf("aws:cloudwatch/eventRule:EventRule::events").eventPattern, "<unknown>");
        assert.equal(inputsOf("aws:cloudwatch/eventRule:EventRule::events").name, "eg-test-events");
        const token = inputsOf("aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken::key-token");
        assert.equal(token.secondsToLive, "<unknown>");
        assert.equal(token.serviceAccountId, "<unknown>");
        assert.equal(inputsOf("aws:ssm/parameter:Parameter::key-parameter").value, "<unknown>");
        const outputs = await seenAll({
            eventRuleArn: events.eventRuleArn,
            logsLogGroupArn: events.logsLogGroupArn,
            apiKey: key.apiKey,
            expiresAt: key.expiresAt,
            ssmPathDashboardsApiKey: key.ssmPathDashboardsApiKey,
        });
        assert.deepEqual(outputs, {
            eventRuleArn: { known: false, value: undefined },
            logsLogGroupArn: { known: false, value: undefined },
            apiKey: { known: false, value: undefined },
            expiresAt: { known: false, value: undefined },
            ssmPathDashboardsApiKey: { known: true, value: "/dashboards/eg-test-grafana/api_key" },
        });
        ours = { type: "ours", resources, outputs };
    });

    it("matches the same program under the SDK's plain setMocks in preview mode, echoing inputs", async () => {
        assert.ok(ours, "the test before ran");
        const plain: { resource: string; inputs: unknown }[] = [];
        await pulumi.runtime.setMocks(
            {
                newResource(args) {
                    plain.push({ resource: `${args.type}::${args.name}`, inputs: shape(args.inputs) });
                    return { id: undefined, state: args.inputs };
                },
                call: (args) => args.inputs,
            },
            "project",
            "stack",
            true,
        );
        const { events, key } = previewProgram();
        await new Promise((resolve) => setTimeout(resolve, 200));
        const sorted = (list: { resource: string; inputs: unknown }[]) =>
            [...list].sort((a, b) => a.resource.localeCompare(b.resource));
        assert.deepEqual(sorted(plain), sorted(ours.resources as { resource: string; inputs: unknown }[]));
        // One after the other, as before: under the SDK's plain mocks no settle() says when the
        // registrations are answered, and each unknown one's wait gives the known one more time.
        assert.deepEqual(
            {
                eventRuleArn: await seen(events.eventRuleArn),
                logsLogGroupArn: await seen(events.logsLogGroupArn),
                apiKey: await seen(key.apiKey),
                expiresAt: await seen(key.expiresAt),
                ssmPathDashboardsApiKey: await seen(key.ssmPathDashboardsApiKey),
            },
            ours.outputs,
        );
    });

    it("makes every new ARN, id and key unknown, also with every input known", async () => {
        const mocks = await installMocks({ preview: true });
        const events = new EventBridge("known", { ...LABELS, name: "known", region: "us-east-2" });
        const key = new DashboardsApiKey("known-key", {
            ...LABELS,
            name: "known",
            region: "us-east-2",
            workspaceId: "g-0123456789",
            credentialType: "api-key",
        });
        await mocks.settle();
        assert.doesNotMatch(JSON.stringify(recorded(mocks)), /arn:aws|\[object Object\]/);
        const outputs = await seenAll({
            eventRuleArn: events.eventRuleArn,
            logsLogGroupArn: events.logsLogGroupArn,
            apiKey: key.apiKey,
            expiresAt: key.expiresAt,
        });
        for (const [name, output] of Object.entries(outputs)) {
            assert.equal(output.known, false, name);
        }
    });
});

describe("testing: one failure, one message", () => {
    it("names the instance and the argument of a bad Output, once, with no unrelated prefix", async () => {
        const mocks = await installMocks();
        let failure: unknown;
        const { total, distinct } = await rejectionsDuring(async () => {
            new DashboardsApiKey("bad-role", {
                ...LABELS,
                name: "bad-role",
                region: "us-east-2",
                workspaceId: "g-0123456789",
                keyRole: later("admin") as unknown as pulumi.Output<"ADMIN">,
            });
            failure = await mocks.settle().then(
                () => undefined,
                (error: unknown) => error,
            );
        });
        assert.ok(failure instanceof Error);
        assert.equal(
            failure.message,
            'managed-dashboards/api-key "bad-role": keyRole must be one of "VIEWER", "EDITOR", "ADMIN" (upper case), got "admin"',
        );
        assert.deepEqual(distinct, [failure]);
        // One per child that takes the role (the service account, its token and the parameter) at most.
        assert.ok(total <= 5, `${total} unhandled rejections`);
    });

    it("reports an upstream rejection with the instance and the field, not as the raw error", async () => {
        const mocks = await installMocks();
        let failure: unknown;
        const { distinct } = await rejectionsDuring(async () => {
            new EventBridge("boom", {
                ...LABELS,
                name: "boom",
                region: "us-east-2",
                eventRuleDescription: pulumi.output(Promise.reject(new Error("upstream boom"))),
            });
            failure = await mocks.settle().then(
                () => undefined,
                (error: unknown) => error,
            );
        });
        assert.ok(failure instanceof Error);
        assert.equal(
            failure.message,
            'eventbridge "boom": eventRuleDescription must resolve to a value, but its Output failed: upstream boom',
        );
        assert.deepEqual(distinct, [failure]);
    });
});

describe("testing: settle() and reset()", () => {
    it("rejects when one of the program's own resources failed", async () => {
        const mocks = await installMocks();
        const own = new Error("own topic name failed");
        const failed = new Promise<string>((_, reject) => setTimeout(() => reject(own), 5));
        failed.catch(() => undefined);
        new sns.Topic("own", { name: failed });
        await assert.rejects(mocks.settle(), (error: unknown) => error === own);
    });

    it("lets a name be used again after reset()", async () => {
        const mocks = await installMocks();
        new EventBridge("first", { ...LABELS, name: "reused", region: "us-east-2" });
        await mocks.settle();
        mocks.reset();
        assert.equal(mocks.resources.length, 0);
        new EventBridge("second", { ...LABELS, name: "reused", region: "us-east-2" });
        await mocks.settle();
        assert.deepEqual(
            mocks.resources.filter((r) => r.type === "aws:cloudwatch/logGroup:LogGroup").map((r) => r.name),
            ["second"],
        );
    });

    it("keeps an earlier program's late failure out of the next one, and adds no process listener", async () => {
        const listeners = process.listeners("unhandledRejection").length;
        const first = await installMocks();
        new EventBridge("late", {
            ...LABELS,
            name: "late",
            region: "us-east-2",
            eventLogRetentionInDays: later(4),
        });
        // No settle(): the next test starts at once.
        const second = await installMocks();
        new EventBridge("next", { ...LABELS, name: "next", region: "us-east-2" });
        await new Promise((resolve) => setTimeout(resolve, 50));
        await second.settle();
        await assert.rejects(first.settle(), /eventbridge "late": eventLogRetentionInDays must be one of/);
        for (let i = 0; i < 12; i++) await installMocks();
        assert.ok(process.listeners("unhandledRejection").length <= listeners + 1);
    });

    // The SDK binds a registration to the monitor current when the resource is constructed
    // (runtime/resource.ts `registerResource`, `const monitor = getMonitor()` before it awaits the
    // inputs), and Node reports the rejected outputs of a failed one whenever it fails
    // (`runAsyncResourceOp`, `resourceOp.catch((err) => Promise.reject(err))`), by then maybe under
    // the next test's mocks. Mocha re-emits such a rejection to the process's other listeners
    // (mocha lib/runner.js `Runner#unhandled`); the failure reaches a test only through settle().
    it("keeps a check that fails only once the next program has started in the program that made it", async () => {
        const first = await installMocks();
        const retention = gated(4);
        new EventBridge("gated", {
            ...LABELS,
            name: "gated",
            region: "us-east-2",
            eventLogRetentionInDays: retention.output,
        });
        const second = await installMocks();
        new EventBridge("next", { ...LABELS, name: "next", region: "us-east-2" });
        retention.open();
        await new Promise((resolve) => setTimeout(resolve, 20));
        await second.settle();
        await assert.rejects(first.settle(), /eventbridge "gated": eventLogRetentionInDays must be one of/);
    });

    it("keeps an api-key's lookup failure found once the next program has started in the program that made it", async () => {
        // Both programs' workspaces run Grafana 12, where an API key no longer works.
        const first = await installMocks({ grafanaVersion: "12.0" });
        const workspaceId = gated("g-0123456789");
        new DashboardsApiKey("gated-key", {
            ...LABELS,
            name: "gated",
            region: "us-east-2",
            workspaceId: workspaceId.output,
            credentialType: "api-key",
        });
        const second = await installMocks({ grafanaVersion: "12.0" });
        new DashboardsApiKey("next-key", { ...LABELS, name: "next", region: "us-east-2", workspaceId: "g-0123456789" });
        workspaceId.open();
        await new Promise((resolve) => setTimeout(resolve, 20));
        await second.settle();
        await assert.rejects(
            first.settle(),
            /^Error: managed-dashboards\/api-key "gated-key": credentialType "api-key" does not work on this workspace/,
        );
    });
});

describe("testing: regions and ARNs", () => {
    it("reads aws:region from the config, and takes a region option over it", async () => {
        const arnOf = async (options: { region?: string }) => {
            const mocks = await installMocks(options);
            const events = new EventBridge("regional", { ...LABELS, name: "regional" });
            await mocks.settle();
            return (await seen(events.logsLogGroupArn)).value;
        };
        pulumi.runtime.setConfig("aws:region", "ap-south-1");
        try {
            assert.equal(await arnOf({}), "arn:aws:logs:ap-south-1:111111111111:log-group:eg-test-regional");
            assert.equal(
                await arnOf({ region: "eu-west-1" }),
                "arn:aws:logs:eu-west-1:111111111111:log-group:eg-test-regional",
            );
        } finally {
            pulumi.runtime.setConfig("aws:region", "us-east-1");
        }
        assert.equal(await arnOf({}), "arn:aws:logs:us-east-1:111111111111:log-group:eg-test-regional");
    });

    it("gives a program's ECS cluster, SNS topic, SQS queue and Lambda function ARNs shaped as AWS's", async () => {
        const mocks = await installMocks({ region: "us-east-2" });
        const cluster = new ecs.Cluster("app", {});
        const topic = new sns.Topic("alerts", {});
        const queue = new sqs.Queue("jobs", {});
        const fn = new lambda.Function("handler", {
            role: "arn:aws:iam::111111111111:role/handler",
            runtime: "nodejs20.x",
            handler: "index.handler",
            code: new pulumi.asset.AssetArchive({}),
        });
        await mocks.settle();
        assert.deepEqual(
            [
                (await seen(cluster.arn)).value,
                (await seen(topic.arn)).value,
                (await seen(queue.arn)).value,
                (await seen(fn.arn)).value,
            ],
            [
                "arn:aws:ecs:us-east-2:111111111111:cluster/app",
                "arn:aws:sns:us-east-2:111111111111:alerts",
                "arn:aws:sqs:us-east-2:111111111111:jobs",
                "arn:aws:lambda:us-east-2:111111111111:function:handler",
            ],
        );
    });
});

describe("testing: names under the default provider", () => {
    it("catches the same names in the default provider's region and in that region given", async () => {
        const mocks = await installMocks();
        new EventBridge("z1", { ...LABELS, name: "same" });
        new EventBridge("z2", { ...LABELS, name: "same", region: "us-east-1" });
        await assert.rejects(
            mocks.settle(),
            /eventbridge "z1": name gives the log group name and the event rule name "eg-test-same" in us-east-1, which eventbridge "z2" also uses/,
        );
    });
});

describe("testing: plain-only arguments", () => {
    it("refuses an Output (or a secret) for any plain-only argument with one message", async () => {
        await installMocks();
        const message = (make: () => unknown) => {
            try {
                make();
            } catch (error) {
                return (error as Error).message;
            }
            return "no error";
        };
        assert.deepEqual(
            [
                message(() => new EventBridge("n", { ...LABELS, name: pulumi.output("x") as unknown as string })),
                message(
                    () =>
                        new DashboardsApiKey("r", {
                            ...LABELS,
                            name: "r",
                            rotationMinutes: pulumi.output(100) as unknown as number,
                        }),
                ),
                message(
                    () =>
                        new EventBridge("s", { ...LABELS, name: "s", stage: pulumi.secret("x") as unknown as string }),
                ),
                message(() => new EventBridge("p", { ...LABELS, name: "p", stage: Promise.resolve("x") as never })),
                message(
                    () =>
                        new EventBridge("q", {
                            ...LABELS,
                            name: "q",
                            attributes: ["a", Promise.resolve("b")] as never,
                        }),
                ),
            ],
            [
                'eventbridge "n": name must be a plain value known when the component is created, got an Output',
                'managed-dashboards/api-key "r": rotationMinutes must be a plain value known when the component is created, got an Output',
                'eventbridge "s": stage must be a plain value known when the component is created, got an Output',
                'eventbridge "p": stage must be a plain value known when the component is created, got a Promise',
                'eventbridge "q": attributes must be a plain value known when the component is created, got a Promise',
            ],
        );
    });
});

describe("outputs of an instance that may be disabled", () => {
    it("types the outputs defined (no `!` under --strict); isEnabled() is false when disabled, whose outputs refuse to be read", async () => {
        const mocks = await installMocks();
        const on = new EventBridge("on", { ...LABELS, name: "on", region: "us-east-2" });
        const off = new DashboardsApiKey("off", { ...LABELS, name: "off", enabled: false });
        const arns: pulumi.Output<string>[] = [];
        if (on.isEnabled()) arns.push(on.eventRuleArn, on.logsLogGroupArn);
        if (off.isEnabled()) arns.push(off.ssmPathDashboardsApiKey);
        await mocks.settle();
        assert.equal(arns.length, 2);
        assert.equal((await seen(arns[0])).value, "arn:aws:events:us-east-2:111111111111:rule/eg-test-on");
        assert.deepEqual([on.isEnabled(), off.isEnabled()], [true, false]);
        assert.throws(() => off.apiKey, /"off": apiKey is not available: the instance was created with enabled: false/);
    });
});

describe("testing: unknown values (docs/testing.md, Unknown values)", () => {
    it("records an input not known yet as the marker pulumi.isUnknown tells, and takes pulumi.unknown for a stack output", async () => {
        const mocks = await installMocks({ preview: true, defaultStackOutputs: { workspace_id: pulumi.unknown } });
        const key = new DashboardsApiKey("key", { ...LABELS, name: "key", region: "us-east-2" });
        await mocks.settle();
        const parameter = mocks.resources.find((r) => r.type === "aws:ssm/parameter:Parameter");
        assert.ok(parameter);
        assert.equal(pulumi.isUnknown(parameter.inputs.value), true);
        assert.equal(JSON.stringify(parameter.inputs.value), '{"__pulumiUnknown":true}');
        assert.equal(pulumi.isUnknown(parameter.inputs.name), false);
        assert.deepEqual(await seen(key.workspaceId), { known: false, value: undefined });
    });
});
