/**
 * The package as a Pulumi TypeScript user lives it: a fresh program that installs the
 * packed tarball (tests/helpers/packed.ts), compiles under `tsc --strict` with no casts, and runs
 * under `pulumi.runtime.setMocks`, once with the user's own mocks and then with the package's
 * (`pulumi-cloudposse-components/testing`): a Grafana workspace's id as `workspaceId`, an SNS topic's
 * ARN in a pattern, an interpolated description, tags from an Output, an `EventBridge` without
 * `region` under an `aws.Provider` for eu-west-1, two instances with identical labels under two
 * providers, a pattern found invalid once known, and a preview with those values unknown. The
 * program prints what it saw as JSON; the tests here check it.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { compiledInProject } from "../helpers/packed";
import { awaitedLater, runNode, startBeforeTests } from "../helpers/processes";

/** The user's infrastructure: one function per program, as a user's tests would call them. */
const INFRA = `
import * as aws from "@pulumi/aws";
import * as pulumi from "@pulumi/pulumi";
import { DashboardsApiKey, EventBridge } from "pulumi-cloudposse-components";

const labels = { namespace: "eg", stage: "prod" };

/** The components composed with Outputs of the program's own resources. */
export function composed() {
    const workspace = new aws.grafana.Workspace("dashboards", {
        accountAccessType: "CURRENT_ACCOUNT",
        authenticationProviders: ["AWS_SSO"],
        permissionType: "SERVICE_MANAGED",
    });
    const topic = new aws.sns.Topic("alerts");
    const ireland = new aws.Provider("ireland", { region: "eu-west-1" });
    const key = new DashboardsApiKey("grafana-key", { ...labels, name: "grafana", workspaceId: workspace.id });
    const events = new EventBridge(
        "sns-events",
        {
            ...labels,
            name: "sns-events",
            eventRulePattern: { source: ["aws.sns"], resources: [topic.arn] },
            eventRuleDescription: pulumi.interpolate\`Events of \${topic.name}\`,
            tags: topic.arn.apply((arn) => ({ Topic: arn })),
        },
        { providers: [ireland] },
    );
    return { key, events };
}

/** Two instances with the same labels, under two accounts' providers in one region. */
export function twoAccounts() {
    const one = new aws.Provider("account-one", {
        region: "us-east-2",
        assumeRoles: [{ roleArn: "arn:aws:iam::111111111111:role/deploy" }],
    });
    const two = new aws.Provider("account-two", {
        region: "us-east-2",
        assumeRoles: [{ roleArn: "arn:aws:iam::222222222222:role/deploy" }],
    });
    const args = { ...labels, name: "audit", region: "us-east-2" };
    return [
        new EventBridge("audit-one", args, { provider: one }),
        new EventBridge("audit-two", args, { provider: two }),
    ];
}

/** A pattern that only becomes invalid once the topic's ARN is known. */
export function invalidOnceKnown() {
    const topic = new aws.sns.Topic("alerts");
    return new EventBridge("bad-pattern", {
        ...labels,
        name: "bad",
        region: "us-east-2",
        eventRulePattern: topic.arn.apply((arn) => ({ source: ["aws.sns"], detail: { size: [{ numeric: [">", arn] }] } })),
    });
}

/**
 * A plain value refused at once, before anything is registered (a retention of 4 no longer
 * compiles: its type lists the days CloudWatch Logs accepts).
 */
export function invalidNow() {
    return new EventBridge("bad-tags", { ...labels, name: "r", region: "us-east-2", tags: { "aws:owner": "me" } });
}
`;

/** The user's test script: runs each program under mocks and prints what it saw. */
const CHECK = `
import * as pulumi from "@pulumi/pulumi";
import { installMocks, type InstalledMocks } from "pulumi-cloudposse-components/testing";
import * as infra from "./infra";

/** Lets the program's pending work run (the mocks answer through promises alone). */
async function drain(): Promise<void> {
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** An Output's value (undefined when unknown), as a test reads it. */
function valueOf<T>(output: pulumi.Output<T> | undefined): Promise<T | undefined> {
    return new Promise((resolve) => {
        if (output === undefined) return resolve(undefined);
        output.apply((value) => resolve(value));
        void drain().then(() => resolve(undefined));
    });
}

/** The registrations under one parent: type, provider, region input. */
function children(mocks: InstalledMocks, parent: string) {
    return mocks.resources
        .filter((r) => r.parent === parent)
        .map((r) => ({ type: r.type, provider: r.provider ?? "", region: r.inputs.region ?? null }));
}

/** The inputs of a registration. */
function inputsOf(mocks: InstalledMocks, type: string, name: string): Record<string, unknown> {
    const found = mocks.resources.find((r) => r.type === type && r.name === name);
    return found === undefined ? {} : found.inputs;
}

async function main() {
    const out: Record<string, unknown> = {};

    // 1. The user's own mocks: computed ids and ARNs, the inputs echoed.
    const registered: { type: string; name: string; inputs: Record<string, unknown> }[] = [];
    await pulumi.runtime.setMocks(
        {
            newResource(args) {
                registered.push({ type: args.type, name: args.name, inputs: args.inputs });
                const state: Record<string, unknown> = { ...args.inputs };
                if (args.type === "aws:sns/topic:Topic") state.arn = "arn:aws:sns:us-east-1:123456789012:" + args.name;
                if (args.type === "aws:sns/topic:Topic") state.name = args.name;
                return { id: args.type === "aws:grafana/workspace:Workspace" ? "g-0123456789" : args.name + "-id", state };
            },
            call(args) {
                return args.inputs;
            },
        },
        "project",
        "stack",
        false,
    );
    const own = infra.composed();
    await valueOf(own.events.eventRuleName);
    await valueOf(own.key.ssmPathDashboardsApiKey);
    await drain();
    const rule = registered.find((r) => r.type === "aws:cloudwatch/eventRule:EventRule" && r.name === "sns-events");
    out.ownMocks = {
        types: registered.map((r) => r.type),
        tokenWorkspaceId: registered.find((r) => r.type.endsWith("WorkspaceServiceAccountToken"))?.inputs.workspaceId,
        pattern: rule?.inputs.eventPattern,
        description: rule?.inputs.description,
        tags: rule?.inputs.tags,
    };

    // 2. The package's mocks: the same program, and two accounts.
    let mocks = await installMocks();
    const composed = infra.composed();
    infra.twoAccounts();
    await mocks.settle();
    out.composed = {
        stackReferences: mocks.resources.filter((r) => r.type === "pulumi:pulumi:StackReference").length,
        tokenWorkspaceId: inputsOf(mocks, "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken", "grafana-key-token")
            .workspaceId,
        pattern: inputsOf(mocks, "aws:cloudwatch/eventRule:EventRule", "sns-events").eventPattern,
        description: inputsOf(mocks, "aws:cloudwatch/eventRule:EventRule", "sns-events").description,
        tags: inputsOf(mocks, "aws:cloudwatch/eventRule:EventRule", "sns-events").tags,
        children: children(mocks, "cloudposse:eventbridge:EventBridge::sns-events"),
        arns: [await valueOf(composed.events.eventRuleArn), await valueOf(composed.events.logsLogGroupArn)],
        twins: ["audit-one", "audit-two"].map((name) =>
            children(mocks, "cloudposse:eventbridge:EventBridge::" + name).map((c) => c.type),
        ),
    };

    // 3. A pattern invalid once known: the failure, and what reached the mocks.
    mocks = await installMocks();
    const failures: string[] = [];
    const listener = (reason: unknown) => {
        failures.push(reason instanceof Error ? reason.message : String(reason));
    };
    process.on("unhandledRejection", listener);
    infra.invalidOnceKnown();
    await drain();
    process.off("unhandledRejection", listener);
    out.invalidOnceKnown = {
        failures: [...new Set(failures)],
        types: mocks.resources.map((r) => r.type),
    };

    // 4. A plain invalid value: thrown at once, nothing registered.
    mocks = await installMocks();
    let thrown: string | null = null;
    try {
        infra.invalidNow();
    } catch (error) {
        thrown = error instanceof Error ? error.message : String(error);
    }
    await drain();
    out.invalidNow = { thrown, registered: mocks.resources.length };

    // 5. A preview: the workspace id, the topic's ARN and the tags are not known yet.
    mocks = await installMocks({ preview: true });
    infra.composed();
    await mocks.settle();
    const rulePreview = inputsOf(mocks, "aws:cloudwatch/eventRule:EventRule", "sns-events");
    const accountPreview = inputsOf(mocks, "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount", "grafana-key-service-account");
    out.preview = {
        events: children(mocks, "cloudposse:eventbridge:EventBridge::sns-events").map((c) => c.type),
        key: children(mocks, "cloudposse:managed-dashboards:DashboardsApiKey::grafana-key").map((c) => c.type),
        ruleName: rulePreview.name,
        patternUnknown: pulumi.isUnknown(rulePreview.eventPattern),
        tagsUnknown: pulumi.isUnknown(rulePreview.tags),
        descriptionUnknown: pulumi.isUnknown(rulePreview.description),
        // <id>-<role>-<window start>: the window comes from the clock.
        accountName: String(accountPreview.name).replace(/-\\d{8}T\\d{6}Z$/, "-<window>"),
        workspaceIdUnknown: pulumi.isUnknown(accountPreview.workspaceId),
    };
    process.stdout.write(JSON.stringify(out));
}

main().catch((error: unknown) => {
    process.stderr.write(String(error instanceof Error ? error.stack : error));
    process.exitCode = 1;
});
`;

/** What {@link CHECK} printed. */
interface Seen {
    readonly ownMocks: {
        types: string[];
        tokenWorkspaceId: unknown;
        pattern: unknown;
        description: unknown;
        tags: unknown;
    };
    readonly composed: {
        stackReferences: number;
        tokenWorkspaceId: unknown;
        pattern: unknown;
        description: unknown;
        tags: unknown;
        children: { type: string; provider: string; region: unknown }[];
        arns: unknown[];
        twins: string[][];
    };
    readonly invalidOnceKnown: { failures: string[]; types: string[] };
    readonly invalidNow: { thrown: string | null; registered: number };
    readonly preview: {
        events: string[];
        key: string[];
        ruleName: unknown;
        patternUnknown: boolean;
        tagsUnknown: boolean;
        descriptionUnknown: boolean;
        accountName: unknown;
        workspaceIdUnknown: boolean;
    };
}

const started = startBeforeTests(() => {
    const run = async () => {
        const compiled = await compiledInProject("inputs-program", { "infra.ts": INFRA, "check.ts": CHECK });
        if (compiled.errors.size > 0) return { compiled, ran: undefined };
        const ran = await runNode([path.join(compiled.out, "check.js")], {
            cwd: compiled.out,
            timeoutMs: 170_000,
        });
        return { compiled, ran };
    };
    return { runs: awaitedLater(run()) };
});

/** What the program printed, once it compiled and ran. */
async function seen(): Promise<Seen> {
    const { compiled, ran } = await (await started()).runs;
    assert.deepEqual(Object.fromEntries(compiled.errors), {}, "tsc --strict");
    assert.ok(ran !== undefined);
    assert.equal(ran.status, 0, `the program: ${ran.stdout}${ran.stderr}`);
    return JSON.parse(ran.stdout) as Seen;
}

const ARN = "arn:aws:sns:us-east-1:111111111111:alerts";

describe("a program that installs the packed package and composes the components with Outputs", function () {
    this.timeout(180_000);

    it("has no casts and compiles under tsc --strict", async () => {
        for (const source of [INFRA, CHECK]) {
            const code = source.replace(/\/\*[^]*?\*\/|\/\/.*$/gm, "");
            // \`x as T\`, \`<T>x\`, \`x!.y\` (namespace imports, \`* as aws\`, are no casts).
            assert.doesNotMatch(code, /[\w)\]]\s+as\s+[\w{[(]|(?<![\w.])<[A-Za-z]\w*>\s*[\w(]|\w[!][.);,]/);
        }
        await seen();
    });

    it("runs under the user's own setMocks: the workspace id, the topic's ARN, an interpolated description, tags from an Output", async () => {
        const { ownMocks } = await seen();
        assert.ok(!ownMocks.types.includes("pulumi:pulumi:StackReference"), ownMocks.types.join());
        assert.equal(ownMocks.tokenWorkspaceId, "g-0123456789");
        assert.equal(
            ownMocks.pattern,
            '{"resources":["arn:aws:sns:us-east-1:123456789012:alerts"],"source":["aws.sns"]}',
        );
        assert.equal(ownMocks.description, "Events of alerts");
        assert.deepEqual(ownMocks.tags, {
            Name: "eg-prod-sns-events",
            Namespace: "eg",
            Stage: "prod",
            Topic: "arn:aws:sns:us-east-1:123456789012:alerts",
        });
    });

    it("passes the workspace's id with no StackReference, under the package's mocks", async () => {
        const { composed } = await seen();
        assert.equal(composed.stackReferences, 0);
        assert.match(String(composed.tokenWorkspaceId), /^g-[0-9a-f]{10}$/);
    });

    it("sends the topic's ARN in the pattern, the interpolated description and the tags from the Output", async () => {
        const { composed } = await seen();
        assert.equal(composed.pattern, `{"resources":["${ARN}"],"source":["aws.sns"]}`);
        assert.equal(composed.description, "Events of alerts");
        assert.deepEqual(composed.tags, { Name: "eg-prod-sns-events", Namespace: "eg", Stage: "prod", Topic: ARN });
    });

    it("puts all four children of an EventBridge without region in its provider's eu-west-1", async () => {
        const { composed } = await seen();
        assert.deepEqual(
            composed.children.map((c) => c.type),
            [
                "aws:cloudwatch/logGroup:LogGroup",
                "aws:cloudwatch/eventRule:EventRule",
                "aws:cloudwatch/logResourcePolicy:LogResourcePolicy",
                "aws:cloudwatch/eventTarget:EventTarget",
            ],
        );
        for (const child of composed.children) {
            assert.match(child.provider, /::ireland::/, child.type);
            assert.equal(child.region, null, child.type);
        }
        assert.deepEqual(
            composed.arns.map((arn) => String(arn).split(":")[3]),
            ["eu-west-1", "eu-west-1"],
        );
    });

    it("creates both instances with identical labels under two providers in one region", async () => {
        const { composed } = await seen();
        const all = [
            "aws:cloudwatch/logGroup:LogGroup",
            "aws:cloudwatch/eventRule:EventRule",
            "aws:cloudwatch/logResourcePolicy:LogResourcePolicy",
            "aws:cloudwatch/eventTarget:EventTarget",
        ];
        assert.deepEqual(composed.twins, [all, all]);
    });

    it("refuses a pattern that becomes invalid once known, naming the instance, the field and source; no rule reaches the mocks", async () => {
        const { invalidOnceKnown } = await seen();
        const ours = invalidOnceKnown.failures.filter((m) => m.includes('eventbridge "bad-pattern"'));
        assert.ok(ours.length > 0, invalidOnceKnown.failures.join("\n"));
        for (const message of ours) {
            assert.ok(
                message.endsWith(
                    `eventbridge "bad-pattern": eventRulePattern["detail"]["size"][0]["numeric"][1] is not valid in an event pattern: the value of ">" must be a number, got "${ARN}"`,
                ),
                message,
            );
        }
        assert.ok(
            !invalidOnceKnown.types.includes("aws:cloudwatch/eventRule:EventRule"),
            invalidOnceKnown.types.join(),
        );
    });

    it("refuses a plain invalid value at once, registering nothing", async () => {
        const { invalidNow } = await seen();
        assert.deepEqual(invalidNow, {
            thrown: 'eventbridge "bad-tags": tags["aws:owner"] gives the log group and the event rule a tag key that must not begin with "aws:" (reserved by AWS) (CloudWatch Logs Tags key; EventBridge Tag.Key), got "aws:owner"',
            registered: 0,
        });
    });

    it("registers every child of both components in a preview, the inputs not known yet unknown and the names known", async () => {
        const { preview } = await seen();
        assert.deepEqual(preview, {
            events: [
                "aws:cloudwatch/logGroup:LogGroup",
                "aws:cloudwatch/eventRule:EventRule",
                "aws:cloudwatch/logResourcePolicy:LogResourcePolicy",
                "aws:cloudwatch/eventTarget:EventTarget",
            ],
            key: [
                "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount",
                "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken",
                "aws:ssm/parameter:Parameter",
            ],
            ruleName: "eg-prod-sns-events",
            patternUnknown: true,
            tagsUnknown: true,
            descriptionUnknown: true,
            accountName: "eg-prod-grafana-admin-<window>", // the service account is named <id>-<role>-<window>
            workspaceIdUnknown: true,
        });
    });
});
