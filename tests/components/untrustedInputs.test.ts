/**
 * The components' Input paths against hostile and careless values: Outputs resolving to NaN, a huge
 * string, an object with a `__proto__` key, an invalid value held in a secret (never shown), a failed
 * Output, tags of the wrong type, Outputs deep inside a pattern, patterns nested too deeply or
 * holding themselves, and plain objects carrying Pulumi's unknown marker. Each fails with the
 * component's own message (instance, field, rule, value) before any child reaches AWS, or works.
 */
import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import { installMocks, type InstalledMocks } from "../../testing";
import { resolveDashboardsApiKeyArgs } from "../../components/apiKey";
import { resolveEventBridgeArgs } from "../../components/eventbridge";
import { withUnhandledRejections } from "../helpers/outputs";

type Components = typeof import("../../components");
const BASE = { namespace: "eg", stage: "prod", region: "us-east-2" } as const;
const WORKSPACE = "g-0123456789";

/** The child types of the two components: none may be registered when a value is refused. */
const CHILDREN = /^aws:(cloudwatch|grafana|ssm)\//;

/** Runs a program whose children are expected to fail: the distinct messages, and what was registered. */
async function failedRun(program: (c: Components) => void) {
    let mocks: InstalledMocks | undefined;
    const { rejections } = await withUnhandledRejections(async () => {
        mocks = await installMocks();
        program(await import("../../components"));
        for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    });
    const messages = [...new Set(rejections.map((e) => (e instanceof Error ? e.message : String(e))))];
    return { messages, children: mocks!.resources.filter((r) => CHILDREN.test(r.type)).map((r) => r.type) };
}

/** The component's messages among a failed run's (a failed Input of the user's own also surfaces as itself). */
function ours(messages: readonly string[], instance: string): string[] {
    return messages.filter((m) => m.includes(` "${instance}": `));
}

/** Asserts the run failed with `expected` (the end of the message, after Pulumi's prefix) and registered no child. */
function refused(run: { messages: string[]; children: string[] }, instance: string, expected: string | RegExp) {
    const found = ours(run.messages, instance);
    assert.ok(found.length > 0, `no message of ${instance}: ${run.messages.join("\n")}`);
    for (const message of found) {
        if (typeof expected === "string") assert.ok(message.endsWith(expected), message);
        else assert.match(message, expected);
    }
    assert.deepEqual(run.children, []);
}

/** The message a component throws at once for `build`. */
function thrown(build: () => unknown): string {
    try {
        build();
    } catch (error) {
        return (error as Error).message;
    }
    return assert.fail("accepted");
}

describe("the components' Inputs against hostile values", () => {
    let c: Components;
    before(async () => {
        await installMocks();
        c = await import("../../components");
    });

    it("refuses a retention that resolves to NaN with the message the plain NaN gets", async () => {
        await installMocks();
        const plain = thrown(
            () => new c.EventBridge("nan", { ...BASE, name: "n", eventLogRetentionInDays: NaN as never }),
        );
        assert.match(plain, /^eventbridge "nan": eventLogRetentionInDays must be one of 1, 3, .*, got NaN$/);
        const run = await failedRun(
            (k) => new k.EventBridge("nan", { ...BASE, name: "n", eventLogRetentionInDays: pulumi.output(NaN) }),
        );
        refused(run, "nan", plain);
    });

    it("refuses a description that resolves to a huge string, showing a shortened value", async () => {
        const run = await failedRun(
            (k) =>
                new k.EventBridge("huge", {
                    ...BASE,
                    name: "h",
                    eventRuleDescription: pulumi.output("\u001b[31m" + "x".repeat(2_000_000)),
                }),
        );
        refused(
            run,
            "huge",
            /eventbridge "huge": eventRuleDescription must be at most 512 characters \(has 2000005\), got "\\u001b\[31mx+\.\.\.$/,
        );
        for (const message of ours(run.messages, "huge")) assert.ok(message.length < 600, `${message.length}`);
    });

    it("keeps a pattern's __proto__ key a key, with an Output beside it, as a plain pattern does; nothing is polluted", async () => {
        const pattern = () => JSON.parse('{"__proto__": {"polluted": ["yes"]}}') as Record<string, unknown>;
        const texts: unknown[] = [];
        for (const source of [["aws.sns"], [pulumi.output("aws.sns")]]) {
            const mocks = await installMocks();
            new c.EventBridge("proto", { ...BASE, name: "p", eventRulePattern: { ...pattern(), source } });
            await mocks.settle();
            texts.push(
                mocks.resources.find((r) => r.type === "aws:cloudwatch/eventRule:EventRule")?.inputs.eventPattern,
            );
        }
        assert.deepEqual(texts, [
            '{"__proto__":{"polluted":["yes"]},"source":["aws.sns"]}',
            '{"__proto__":{"polluted":["yes"]},"source":["aws.sns"]}',
        ]);
        assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });

    describe("an invalid value held in a secret", () => {
        const HIDDEN = "got a secret (its value is not shown)";
        const cases: [string, (k: Components) => unknown, string][] = [
            [
                "a retention",
                (k) => new k.EventBridge("s", { ...BASE, name: "s", eventLogRetentionInDays: pulumi.secret(4) }),
                `eventbridge "s": eventLogRetentionInDays must be one of 1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653, ${HIDDEN}`,
            ],
            [
                "a value deep in a pattern",
                (k) =>
                    new k.EventBridge("s", {
                        ...BASE,
                        name: "s",
                        eventRulePattern: { detail: { n: [{ numeric: [">", pulumi.secret("hunter2") as never] }] } },
                    }),
                `eventbridge "s": eventRulePattern["detail"]["n"][0]["numeric"][1] is not valid in an event pattern: the value of ">" must be a number, ${HIDDEN}`,
            ],
            [
                "a pattern's JSON text",
                (k) =>
                    new k.EventBridge("s", { ...BASE, name: "s", eventRulePattern: pulumi.secret('{"a": hunter2}') }),
                // (The parser's own message quotes the text.)
                `eventbridge "s": eventRulePattern is not a valid event pattern: the pattern is not valid JSON text`,
            ],
            [
                "a tag",
                (k) =>
                    new k.EventBridge("s", { ...BASE, name: "s", tags: { Team: pulumi.secret("hunter2".repeat(50)) } }),
                `eventbridge "s": tags["Team"] gives the log group and the event rule the tag "Team" a value that must have at most 256 characters (CloudWatch Logs Tags value; EventBridge Tag.Value), ${HIDDEN}`,
            ],
            // Nothing derived from a secret: neither its length nor the characters a pattern refuses.
            [
                "a tag with characters AWS refuses",
                (k) => new k.EventBridge("s", { ...BASE, name: "s", tags: { K: pulumi.secret("hunter2$!#%") } }),
                `eventbridge "s": tags["K"] gives the log group the tag "K" a value that may only contain letters, digits, spaces and _ . : / = + - @ (CloudWatch Logs Tags value), ${HIDDEN}`,
            ],
            [
                "a KMS key id",
                (k) =>
                    new k.DashboardsApiKey("s", {
                        ...BASE,
                        name: "s",
                        workspaceId: WORKSPACE,
                        kmsKeyId: pulumi.secret("hunter2 key!!"),
                    }),
                `managed-dashboards/api-key "s": kmsKeyId must be a KMS key id, ARN or alias (SSM PutParameter.KeyId: may only contain a-z, A-Z, 0-9, ":", "/", "_" and "-"), ${HIDDEN}`,
            ],
            // Issue 40: below a secret, the keys and the rule are the secret's too (a tag key, an operator).
            [
                "a key of a secret map of tags",
                (k) => new k.EventBridge("s", { ...BASE, name: "s", tags: pulumi.secret({ "aws:hunter2": "v" }) }),
                `eventbridge "s": tags holds a secret with a value that is not valid (BAD_TAG_KEY); the rule and the place inside the secret are not shown, as they would show part of it`,
            ],
            [
                "an unknown operator in a secret pattern",
                (k) =>
                    new k.EventBridge("s", {
                        ...BASE,
                        name: "s",
                        eventRulePattern: pulumi.secret({ detail: { x: [{ hunter2: 1 }] } }) as never,
                    }),
                `eventbridge "s": eventRulePattern holds a secret with a value that is not valid (UNKNOWN_OPERATOR); the rule and the place inside the secret are not shown, as they would show part of it`,
            ],
            [
                "an unknown operator in a secret part of a pattern",
                (k) =>
                    new k.EventBridge("s", {
                        ...BASE,
                        name: "s",
                        eventRulePattern: { source: ["aws.ec2"], detail: pulumi.secret({ hunter2: [{ hunter2: 1 }] }) },
                    }),
                `eventbridge "s": eventRulePattern["detail"] holds a secret with a value that is not valid (UNKNOWN_OPERATOR); the rule and the place inside the secret are not shown, as they would show part of it`,
            ],
            [
                "a workspace id",
                (k) => new k.DashboardsApiKey("s", { ...BASE, name: "s", workspaceId: pulumi.secret("hunter2") }),
                `managed-dashboards/api-key "s": workspaceId must be a workspace id: "g-" and ten lower-case hex digits, e.g. "g-0123456789", ${HIDDEN}`,
            ],
        ];
        for (const [what, program, expected] of cases) {
            it(`refuses ${what} without showing it`, async () => {
                const run = await failedRun(program);
                refused(run, "s", expected);
                assert.ok(
                    !run.messages.some((m) => m.includes("hunter2") || m.includes("got 4")),
                    run.messages.join("\n"),
                );
                assert.ok(!run.messages.some((m) => /\(found |has \d/.test(m)), run.messages.join("\n"));
            });
        }
    });

    it("names the instance and the argument whose Output failed, and registers no child", async () => {
        const description = await failedRun(
            (k) =>
                new k.EventBridge("failed", {
                    ...BASE,
                    name: "f",
                    eventRuleDescription: pulumi.output(Promise.reject(new Error("the description failed"))),
                }),
        );
        refused(
            description,
            "failed",
            'eventbridge "failed": eventRuleDescription must resolve to a value, but its Output failed: the description failed',
        );
        const workspace = await failedRun(
            (k) =>
                new k.DashboardsApiKey("failed", {
                    ...BASE,
                    name: "f",
                    workspaceId: pulumi.output(Promise.reject(new Error("no workspace"))),
                }),
        );
        refused(
            workspace,
            "failed",
            'managed-dashboards/api-key "failed": workspaceId must resolve to a value, but its Output failed: no workspace',
        );
    });

    it("refuses tags whose Output holds a value that is not a string, or is not a map", async () => {
        const cases: [pulumi.Input<Record<string, pulumi.Input<string>>>, string][] = [
            [pulumi.output({ Team: 5 as unknown as string }), 'eventbridge "t": tags["Team"] must be a string, got 5'],
            [{ Team: pulumi.output(5 as unknown as string) }, 'eventbridge "t": tags["Team"] must be a string, got 5'],
            [
                pulumi.output("x" as unknown as Record<string, string>),
                'eventbridge "t": tags must be a map of strings, got "x"',
            ],
        ];
        for (const [tags, expected] of cases) {
            refused(await failedRun((k) => new k.EventBridge("t", { ...BASE, name: "t", tags })), "t", expected);
        }
    });

    it("checks an Output deep inside a pattern's arrays once known, and sends a valid one", async () => {
        refused(
            await failedRun(
                (k) =>
                    new k.EventBridge("deep", {
                        ...BASE,
                        name: "d",
                        eventRulePattern: { detail: { a: { b: [pulumi.output({ numeric: [">", "x"] }) as never] } } },
                    }),
            ),
            "deep",
            'eventbridge "deep": eventRulePattern["detail"]["a"]["b"][0]["numeric"][1] is not valid in an event pattern: the value of ">" must be a number, got "x"',
        );
        const mocks = await installMocks();
        new c.EventBridge("deep", {
            ...BASE,
            name: "d",
            eventRulePattern: { detail: { a: { b: [{ prefix: pulumi.output("x") }, pulumi.output("y")] } } },
        });
        await mocks.settle();
        assert.equal(
            mocks.resources.find((r) => r.type === "aws:cloudwatch/eventRule:EventRule")?.inputs.eventPattern,
            '{"detail":{"a":{"b":[{"prefix":"x"},"y"]}}}',
        );
    });

    it("refuses at once a pattern nested thousands deep, or holding itself, with or without Outputs", async () => {
        await installMocks();
        let deep: unknown = ["x"];
        for (let i = 0; i < 5000; i++) deep = { a: deep };
        const cyclic: Record<string, unknown> = { source: ["x"] };
        cyclic.detail = cyclic;
        const cyclicWithOutput: Record<string, unknown> = { source: [pulumi.output("x")] };
        cyclicWithOutput.detail = cyclicWithOutput;
        const build = (pattern: unknown) => () =>
            new c.EventBridge("shape", { ...BASE, name: "s", eventRulePattern: pattern as Record<string, never> });
        assert.equal(
            thrown(build(deep)),
            'eventbridge "shape": eventRulePattern is not a valid event pattern: the pattern is nested too deeply',
        );
        const cycle =
            'eventbridge "shape": eventRulePattern["detail"] is not valid in an event pattern: the pattern refers to itself (a cycle cannot be written as JSON)';
        assert.equal(thrown(build(cyclic)), cycle);
        assert.equal(thrown(build(cyclicWithOutput)), cycle);
    });

    it("checks a plain object carrying Pulumi's unknown marker as the value it is, never skipping a check", () => {
        const marker = { __pulumiUnknown: true } as never;
        assert.throws(() => resolveEventBridgeArgs("m", { ...BASE, name: "m", eventRulePattern: marker }), {
            message:
                'eventbridge "m": eventRulePattern["__pulumiUnknown"] is not valid in an event pattern: leaf values must be a non-empty array, got true',
        });
        assert.throws(() => resolveDashboardsApiKeyArgs("m", { ...BASE, name: "m", workspaceId: marker }), {
            message:
                'managed-dashboards/api-key "m": workspaceId must be a workspace id: "g-" and ten lower-case hex digits, e.g. "g-0123456789", got {"__pulumiUnknown":true}',
        });
    });

    it("tells a caller of resolve*Args given Outputs to give them to the component", () => {
        const advice =
            "got a pulumi Output (the resolve*Args functions take plain values: give Outputs to the component itself, which checks them once they are known)";
        assert.throws(() => resolveEventBridgeArgs("o", { ...BASE, name: "o", tags: pulumi.output({ Team: "a" }) }), {
            message: `eventbridge "o": tags must be a map of strings, ${advice}`,
        });
        assert.throws(
            () => resolveDashboardsApiKeyArgs("o", { ...BASE, name: "o", workspaceId: pulumi.output(WORKSPACE) }),
            {
                message: `managed-dashboards/api-key "o": workspaceId must be a workspace id: "g-" and ten lower-case hex digits, e.g. "g-0123456789", ${advice}`,
            },
        );
    });
});
