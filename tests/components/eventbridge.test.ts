/**
 * The `eventbridge` component: its pure resolver (defaults, names, tags, every refusal) and its
 * wiring under strict mocks (exact children, inputs, parents, outputs; nothing on invalid args).
 */
import * as assert from "node:assert/strict";
import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import * as fc from "fast-check";
import * as sqs from "@pulumi/aws/sqs";

import type * as EventBridgeModule from "../../components/eventbridge";
import type { ComponentArgsError } from "../../components/kit/errors";
import { stackVarNaming } from "../../components/kit/definition";
import { installMocks, type InstalledMocks, type RecordedResource } from "../../program/mocks";
import { ECS_PATTERN, ECS_PATTERN_JSON } from "../fixtures/spec";
import { disabledOutputMessage, readingDisabled, unwrap, withUnhandledRejections } from "../helpers/outputs";
import { formatRule } from "../../util/problem";

/** What `fn` throws, checked to be a ComponentArgsError. */
function thrownBy(fn: () => unknown): ComponentArgsError {
    try {
        fn();
    } catch (error) {
        assert.equal((error as Error).name, "ComponentArgsError", String(error));
        return error as ComponentArgsError;
    }
    assert.fail("nothing was thrown");
}

const ECS_ALERTS = {
    region: "us-east-2",
    namespace: "eg",
    environment: "ue2",
    stage: "prod",
    name: "ecs-faults",
    enabled: true,
    eventRuleDescription: "ECS failures and warnings",
    eventRulePattern: ECS_PATTERN,
} as const;
const ECS_TAGS = { Environment: "ue2", Name: "eg-ue2-prod-ecs-faults", Namespace: "eg", Stage: "prod" };

const COMPONENT = "cloudposse:eventbridge:EventBridge";
const ARN_PREFIX = "arn:aws:logs:us-east-2:111111111111:log-group:";

/** The retention periods CloudWatch Logs accepts (PutRetentionPolicy's retentionInDays), as the README lists them. */
const RETENTIONS =
    "1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653";

describe("eventbridge", () => {
    let mocks: InstalledMocks;
    let eventbridge: typeof EventBridgeModule;

    before(async () => {
        mocks = await installMocks();
        eventbridge = await import("../../components/eventbridge");
    });

    beforeEach(() => mocks.reset());

    describe("resolveEventBridgeArgs", () => {
        const resolve = (args: Record<string, unknown>, name = "ecs-alerts") =>
            eventbridge.resolveEventBridgeArgs(name, args as unknown as EventBridgeModule.EventBridgeArgs);
        const refusal = (args: Record<string, unknown>) => thrownBy(() => resolve(args)).message;

        it("settles the spec's ECS-alerts example", () => {
            assert.deepEqual(resolve(ECS_ALERTS), {
                enabled: true,
                region: "us-east-2",
                id: "eg-ue2-prod-ecs-faults",
                logGroup: {
                    name: "eg-ue2-prod-ecs-faults",
                    retentionInDays: 3,
                    retainOnDelete: true,
                    adopt: undefined,
                    tags: ECS_TAGS,
                },
                rule: {
                    name: "eg-ue2-prod-ecs-faults",
                    description: "ECS failures and warnings",
                    eventPattern: ECS_PATTERN_JSON,
                    tags: ECS_TAGS,
                },
                policy: { scope: "resource", name: undefined },
                targetId: undefined,
                adopt: undefined,
                aliases: [],
                warnings: [],
            });
        });

        describe("defaults", () => {
            const minimal = { region: "us-east-2", name: "events" };
            const cases: [string, (r: EventBridgeModule.ResolvedEventBridge) => unknown, unknown][] = [
                ["matches EC2 events", (r) => r.rule.eventPattern, '{"source":["aws.ec2"]}'],
                ["keeps the events 3 days", (r) => r.logGroup.retentionInDays, 3],
                ["describes the rule by the id", (r) => r.rule.description, "events"],
                ["scopes the logs policy to the log group", (r) => r.policy, { scope: "resource", name: undefined }],
                ["is enabled", (r) => r.enabled, true],
                ["warns about nothing", (r) => r.warnings, []],
            ];
            for (const [behaviour, pick, expected] of cases) {
                it(behaviour, () => assert.deepEqual(pick(resolve(minimal)), expected));
            }

            it("treats null like undefined for every argument of its own", () => {
                assert.deepEqual(
                    resolve({
                        ...minimal,
                        eventRuleDescription: null,
                        eventRulePattern: null,
                        eventLogRetentionInDays: null,
                        logsPolicyScope: null,
                    }),
                    resolve(minimal),
                );
            });
        });

        describe("description", () => {
            const cases: [string, unknown, string][] = [
                ["falls back to the id when empty", "", "eg-ue2-prod-ecs-faults"],
                ["falls back to the id when undefined", undefined, "eg-ue2-prod-ecs-faults"],
                ["keeps a given description", "ECS failures and warnings", "ECS failures and warnings"],
                ["accepts 512 characters", "d".repeat(512), "d".repeat(512)],
            ];
            for (const [behaviour, description, expected] of cases) {
                it(behaviour, () => {
                    assert.equal(
                        resolve({ ...ECS_ALERTS, eventRuleDescription: description }).rule.description,
                        expected,
                    );
                });
            }

            it("falls back to the component's id, not the rule's 64-character name", () => {
                const name = "a-very-long-name-for-the-event-rule-of-this-component-that-exceeds";
                const resolved = resolve({ ...ECS_ALERTS, name, eventRuleDescription: "" });
                assert.equal(resolved.rule.description, `eg-ue2-prod-${name}`);
                assert.equal(resolved.rule.name.length, 64);
            });
        });

        describe("names and tags", () => {
            it("names the rule, the log group and the account-scoped policy by the id", () => {
                const resolved = resolve({ ...ECS_ALERTS, logsPolicyScope: "account" });
                assert.equal(resolved.rule.name, "eg-ue2-prod-ecs-faults");
                assert.equal(resolved.logGroup.name, "eg-ue2-prod-ecs-faults");
                assert.deepEqual(resolved.policy, { scope: "account", name: "eg-ue2-prod-ecs-faults" });
            });

            it("truncates the rule name to 64 characters with the label's hash, as cloudwatch-events 0.9.1", () => {
                const name = "a-very-long-name-for-the-event-rule-of-this-component-that-exceeds";
                const idFull = `eg-ue2-prod-${name}`;
                const hash = createHash("md5").update(idFull).digest("hex").slice(0, 5);
                const resolved = resolve({ ...ECS_ALERTS, name });
                // 64 - 5 (hash) - 1 (delimiter) = 58 characters, a delimiter, then the hash.
                assert.equal(resolved.rule.name, `${idFull.slice(0, 58)}-${hash}`);
                assert.equal(resolved.rule.name, "eg-ue2-prod-a-very-long-name-for-the-event-rule-of-this-co-" + hash);
                assert.equal(resolved.logGroup.name, idFull);
                assert.equal(resolved.id, idFull);
            });

            it("gives the rule a 64-character limit even when the context sets a smaller one", () => {
                const resolved = resolve({ ...ECS_ALERTS, idLengthLimit: 10 });
                const hash = createHash("md5").update("eg-ue2-prod-ecs-faults").digest("hex").slice(0, 5);
                assert.equal(resolved.id, `eg-u-${hash}`);
                assert.equal(resolved.rule.name, "eg-ue2-prod-ecs-faults");
                assert.equal(resolved.logGroup.name, `eg-u-${hash}`);
                assert.equal(resolved.rule.description, "ECS failures and warnings");
            });

            it("keeps underscores and slashes in the log group name only, as cloudwatch-logs 0.6.9", () => {
                const resolved = resolve({ ...ECS_ALERTS, name: "ecs_faults", attributes: ["a/b", "c.d"] });
                assert.equal(resolved.id, "eg-ue2-prod-ecsfaults-ab-cd");
                assert.equal(resolved.rule.name, "eg-ue2-prod-ecsfaults-ab-cd");
                assert.equal(resolved.logGroup.name, "eg-ue2-prod-ecs_faults-a/b-cd");
                assert.equal(resolved.logGroup.tags.Name, "eg-ue2-prod-ecs_faults-a/b-cd");
                assert.equal(resolved.rule.tags.Name, "eg-ue2-prod-ecsfaults-ab-cd");
                assert.equal(resolved.logGroup.tags.Attributes, "a/b-cd");
                assert.equal(resolved.rule.tags.Attributes, "ab-cd");
            });

            it("merges the given tags over the generated ones on both resources", () => {
                const resolved = resolve({ ...ECS_ALERTS, tags: { Team: "sre", Stage: "production" } });
                const expected = { ...ECS_TAGS, Stage: "production", Team: "sre" };
                assert.deepEqual(resolved.rule.tags, expected);
                assert.deepEqual(resolved.logGroup.tags, expected);
            });

            it("builds on a context passed in", () => {
                const resolved = resolve({
                    region: "us-east-2",
                    context: { enabled: true, namespace: "eg", stage: "prod", tags: { Team: "sre" } },
                    name: "x",
                });
                assert.equal(resolved.rule.name, "eg-prod-x");
                assert.deepEqual(resolved.rule.tags, {
                    Name: "eg-prod-x",
                    Namespace: "eg",
                    Stage: "prod",
                    Team: "sre",
                });
            });

            it("accepts the pattern as JSON text and sends it as Terraform's jsonencode writes it", () => {
                const resolved = resolve({ ...ECS_ALERTS, eventRulePattern: JSON.stringify(ECS_PATTERN, null, 2) });
                assert.equal(resolved.rule.eventPattern, ECS_PATTERN_JSON);
            });

            it("resolves a disabled instance to empty names and tags", () => {
                const resolved = resolve({ ...ECS_ALERTS, enabled: false });
                assert.equal(resolved.enabled, false);
                assert.equal(resolved.rule.name, "");
                assert.equal(resolved.logGroup.name, "");
                assert.deepEqual(resolved.rule.tags, {});
            });

            it("does not require a non-empty id when disabled", () => {
                assert.equal(resolve({ region: "us-east-2", enabled: false }).enabled, false);
            });
        });

        describe("names AWS accepts", () => {
            const RULE_NAME = /^[.\-_A-Za-z0-9]{1,64}$/;
            const LOG_GROUP_NAME = /^[.\-_/#A-Za-z0-9]{1,512}$/;
            const label = fc.option(fc.string({ unit: fc.constantFrom(..."aZ09-_./+ #é"), maxLength: 40 }), {
                nil: undefined,
            });

            it("names the rule and the log group validly, or refuses the labels", () => {
                fc.assert(
                    fc.property(
                        fc.record(
                            {
                                namespace: label,
                                environment: label,
                                stage: label,
                                name: label,
                                attributes: fc.array(fc.string({ unit: fc.constantFrom(..."ab_/."), maxLength: 5 }), {
                                    maxLength: 3,
                                }),
                                delimiter: fc.option(fc.constantFrom("-", "_", ".", "", "/", "+"), { nil: undefined }),
                                regexReplaceChars: fc.option(fc.constantFrom("/[^a-zA-Z0-9.+]/", "/[^-_a-zA-Z0-9]/"), {
                                    nil: undefined,
                                }),
                                idLengthLimit: fc.option(fc.constantFrom(0, 6, 20, 64, 100), { nil: undefined }),
                            },
                            { requiredKeys: [] },
                        ),
                        (labels) => {
                            let resolved: EventBridgeModule.ResolvedEventBridge;
                            try {
                                resolved = resolve({ region: "us-east-2", ...labels });
                            } catch (error) {
                                assert.equal((error as Error).name, "ComponentArgsError", String(error));
                                return;
                            }
                            assert.match(resolved.rule.name, RULE_NAME);
                            assert.match(resolved.logGroup.name, LOG_GROUP_NAME);
                        },
                    ),
                    { numRuns: 500 },
                );
            });
        });

        describe("warnings", () => {
            it("warns when the pattern is over EventBridge's default 2,048-character quota", () => {
                const resolved = resolve({ ...ECS_ALERTS, eventRulePattern: { source: ["x".repeat(2100)] } });
                assert.deepEqual(
                    resolved.warnings.map((w) => [w.code, w.path, w.field, formatRule(w)]),
                    [
                        [
                            "PATTERN_WARNING",
                            ["eventRulePattern"],
                            "eventRulePattern",
                            "is accepted, but $: the pattern is 2,115 characters as JSON, over EventBridge's default quota of " +
                                "2,048 characters; PutRule fails unless that quota has been raised for the account and region",
                        ],
                    ],
                );
            });
        });

        describe("refusals", () => {
            const cases: [string, Record<string, unknown>, string][] = [
                [
                    "a malformed region",
                    { region: "us-east" },
                    'eventbridge "ecs-alerts": region must be an AWS region name such as "us-east-2", got "us-east"',
                ],
                [
                    "a retention CloudWatch does not offer",
                    { eventLogRetentionInDays: 4 },
                    `eventbridge "ecs-alerts": eventLogRetentionInDays must be one of ${RETENTIONS}, got 4`,
                ],
                [
                    "a fractional retention",
                    { eventLogRetentionInDays: 3.5 },
                    `eventbridge "ecs-alerts": eventLogRetentionInDays must be one of ${RETENTIONS}, got 3.5`,
                ],
                [
                    "a retention given as text",
                    { eventLogRetentionInDays: "3" },
                    `eventbridge "ecs-alerts": eventLogRetentionInDays must be one of ${RETENTIONS}, got "3"`,
                ],
                [
                    "a zero retention (never expire is not offered)",
                    { eventLogRetentionInDays: 0 },
                    `eventbridge "ecs-alerts": eventLogRetentionInDays must be one of ${RETENTIONS}, got 0`,
                ],
                [
                    "a description over 512 characters",
                    { eventRuleDescription: "d".repeat(513) },
                    `eventbridge "ecs-alerts": eventRuleDescription must be at most 512 characters (has 513), got "${"d".repeat(196)}...`,
                ],
                [
                    "a description that is not a string",
                    { eventRuleDescription: 42 },
                    'eventbridge "ecs-alerts": eventRuleDescription must be a string, got 42',
                ],
                [
                    "a pattern value that is not a list",
                    { eventRulePattern: { source: "aws.ecs" } },
                    'eventbridge "ecs-alerts": eventRulePattern["source"] is not valid in an event pattern at $.source: ' +
                        'leaf values must be a non-empty array, got "aws.ecs"',
                ],
                [
                    "an empty pattern",
                    { eventRulePattern: {} },
                    'eventbridge "ecs-alerts": eventRulePattern is not a valid event pattern: an event pattern must not be an empty object',
                ],
                [
                    "a pattern that is not JSON",
                    { eventRulePattern: "{source" },
                    'eventbridge "ecs-alerts": eventRulePattern is not a valid event pattern: ' +
                        "the pattern is not valid JSON text (Expected property name or '}' in JSON at position 1)",
                ],
                [
                    "an unknown policy scope",
                    { logsPolicyScope: "global" },
                    'eventbridge "ecs-alerts": logsPolicyScope must be one of "resource", "account", got "global"',
                ],
                [
                    "a misspelt argument, suggesting the right one",
                    { eventRulePatern: {} },
                    'eventbridge "ecs-alerts": eventRulePatern is not an argument of eventbridge (did you mean eventRulePattern?)',
                ],
                [
                    "a snake_case argument, suggesting the camelCase one",
                    { event_log_retention_in_days: 7 },
                    'eventbridge "ecs-alerts": event_log_retention_in_days is not an argument of eventbridge (did you mean eventLogRetentionInDays?)',
                ],
                [
                    "an argument it does not take at all",
                    { kmsKeyArn: "arn" },
                    'eventbridge "ecs-alerts": kmsKeyArn is not an argument of eventbridge',
                ],
                [
                    "an invalid label argument",
                    { idLengthLimit: 3 },
                    'eventbridge "ecs-alerts": idLengthLimit must be 0 (unlimited) or at least 6, got 3',
                ],
                [
                    "an invalid label in the context",
                    { context: { labelValueCase: "x" } },
                    'eventbridge "ecs-alerts": context.labelValueCase must be one of "lower", "title", "upper", "none", got "x"',
                ],
                [
                    "labels that leave the id empty",
                    { namespace: null, environment: null, stage: null, name: null },
                    'eventbridge "ecs-alerts": name must be set, or another label of the id ' +
                        "(namespace, environment, stage, name, attributes): the event rule and the log group are named by the id, " +
                        'which must not be empty, got ""',
                ],
                [
                    "a delimiter not allowed in a rule name",
                    { delimiter: "+" },
                    'eventbridge "ecs-alerts": delimiter must only use characters allowed in names: ' +
                        'the event rule name "eg+ue2+prod+ecs-faults" has "+", but only [.\\-_A-Za-z0-9] is allowed, got "+"',
                ],
                [
                    "a delimiter not allowed in a rule name, even if the log group takes it",
                    { delimiter: "/" },
                    'eventbridge "ecs-alerts": delimiter must only use characters allowed in names: ' +
                        'the event rule name "eg/ue2/prod/ecs-faults" has "/", but only [.\\-_A-Za-z0-9] is allowed, got "/"',
                ],
                [
                    "a regex keeping characters not allowed in a rule name",
                    { name: "ecs+faults", regexReplaceChars: "/[^a-zA-Z0-9+-]/" },
                    'eventbridge "ecs-alerts": regexReplaceChars must remove the characters not allowed in names: ' +
                        'the event rule name "eg-ue2-prod-ecs+faults" has "+", but only [.\\-_A-Za-z0-9] is allowed, got "/[^a-zA-Z0-9+-]/"',
                ],
                [
                    "a log group name over 512 characters",
                    { name: "n".repeat(520), labelsAsTags: [] },
                    'eventbridge "ecs-alerts": idLengthLimit must keep the log group name (532 characters) within 512 characters, ' +
                        "got 0",
                ],
            ];
            for (const [what, change, message] of cases) {
                it(`refuses ${what}`, () => assert.equal(refusal({ ...ECS_ALERTS, ...change }), message));
            }

            it("takes no region as the AWS provider's, where a stack file's instance needs one", () => {
                assert.equal(resolve({ ...ECS_ALERTS, region: undefined }).region, undefined);
                assert.equal(
                    thrownBy(() => eventbridge.resolveEventBridge("ecs-alerts", { ...ECS_ALERTS, region: undefined }))
                        .message,
                    'eventbridge "ecs-alerts": region is required (the AWS region of every resource, e.g. "us-east-2"), got undefined',
                );
            });

            it("refuses an id over 512 characters as the description when none is given", () => {
                // Dots the id keeps and the log group name drops: the description alone is too long.
                const dotted = { name: "n.".repeat(260), regexReplaceChars: "/[^a-zA-Z0-9.-]/", labelsAsTags: [] };
                assert.equal(
                    refusal({ ...ECS_ALERTS, ...dotted, eventRuleDescription: "" }),
                    'eventbridge "ecs-alerts": eventRuleDescription must be set, or the id shortened (its length limit lowered): ' +
                        'when it is empty the rule is described by the id, but the id has 532 characters (at most 512), got ""',
                );
                // Not given at all: no value to show.
                assert.match(
                    refusal({ ...ECS_ALERTS, ...dotted, eventRuleDescription: undefined }),
                    /eventRuleDescription must be set, or the id shortened .* \(at most 512\)$/,
                );
            });

            it("one cause, one message: an id too long for the log group name and the description is one problem, blamed on the label that makes it", () => {
                const message = refusal({
                    ...ECS_ALERTS,
                    eventRuleDescription: "",
                    name: "n".repeat(520),
                    labelsAsTags: [],
                });
                assert.equal(message.split("\n").length, 1, message);
                // (The value shown is the name, shortened as every long value is.)
                assert.ok(
                    message.startsWith(
                        'eventbridge "ecs-alerts": name makes the id 532 characters long, too long for the log group name ' +
                            "(at most 512; CloudWatch Logs CreateLogGroup.logGroupName) and the rule's description, which is " +
                            "the id when none is given (at most 512; EventBridge PutRule.Description); shorten it, or set a " +
                            'length limit for the id (it is cut to it), got "nnnnnnnnnn',
                    ),
                    message,
                );
                // A limit that was set lets the id be that long: it is blamed, with its value.
                assert.match(
                    refusal({
                        ...ECS_ALERTS,
                        eventRuleDescription: "",
                        name: "n".repeat(520),
                        idLengthLimit: 600,
                        labelsAsTags: [],
                    }),
                    /^eventbridge "ecs-alerts": idLengthLimit lets the id have 532 characters, too many for the log group name .*; lower it, got 600$/,
                );
            });

            it("lists every problem at once, with the instance and the fields", () => {
                const error = thrownBy(() =>
                    resolve({
                        ...ECS_ALERTS,
                        region: "Ohio",
                        eventLogRetentionInDays: 4,
                        logsPolicyScope: "global",
                        eventRulePattern: { source: "aws.ecs" },
                        labelKeyCase: "camel",
                        retention: 3,
                    }),
                );
                assert.equal(error.component, "eventbridge");
                assert.equal(error.instance, "ecs-alerts");
                assert.deepEqual(
                    error.problems.map((problem) => problem.field),
                    [
                        "retention",
                        "region",
                        'eventRulePattern["source"]',
                        "eventLogRetentionInDays",
                        "logsPolicyScope",
                        "labelKeyCase",
                    ],
                );
                assert.equal(
                    error.message,
                    [
                        'eventbridge "ecs-alerts": retention is not an argument of eventbridge (did you mean eventLogRetentionInDays?)',
                        'eventbridge "ecs-alerts": region must be an AWS region name such as "us-east-2", got "Ohio"',
                        'eventbridge "ecs-alerts": eventRulePattern["source"] is not valid in an event pattern at $.source: leaf values must be a non-empty array, got "aws.ecs"',
                        `eventbridge "ecs-alerts": eventLogRetentionInDays must be one of ${RETENTIONS}, got 4`,
                        'eventbridge "ecs-alerts": logsPolicyScope must be one of "resource", "account", got "global"',
                        'eventbridge "ecs-alerts": labelKeyCase must be one of "lower", "title", "upper", got "camel"',
                    ].join("\n"),
                );
            });

            it("validates its own arguments even when disabled", () => {
                assert.equal(
                    refusal({ ...ECS_ALERTS, enabled: false, eventLogRetentionInDays: 4 }),
                    `eventbridge "ecs-alerts": eventLogRetentionInDays must be one of ${RETENTIONS}, got 4`,
                );
            });

            it("renders fields in the stack file's names on request", () => {
                const error = thrownBy(() => resolve({ ...ECS_ALERTS, eventLogRetentionInDays: 4 }));
                assert.equal(
                    error.withFieldNames(stackVarNaming(eventbridge.EVENTBRIDGE_DEFINITION)).message,
                    `eventbridge "ecs-alerts": event_log_retention_in_days must be one of ${RETENTIONS}, got 4`,
                );
            });
        });
    });

    describe("eventBridgeLogsPolicyDocument", () => {
        it("lets EventBridge and log delivery create streams and put events in the log group", () => {
            assert.deepEqual(JSON.parse(eventbridge.eventBridgeLogsPolicyDocument(`${ARN_PREFIX}x`)), {
                Version: "2012-10-17",
                Statement: [
                    {
                        Effect: "Allow",
                        Principal: { Service: ["events.amazonaws.com", "delivery.logs.amazonaws.com"] },
                        Action: ["logs:CreateLogStream", "logs:PutLogEvents"],
                        Resource: `${ARN_PREFIX}x:*`,
                    },
                ],
            });
        });

        it("does not double the stream wildcard of an ARN that has it", () => {
            const document = JSON.parse(eventbridge.eventBridgeLogsPolicyDocument(`${ARN_PREFIX}x:*`));
            assert.equal(document.Statement[0].Resource, `${ARN_PREFIX}x:*`);
        });
    });

    describe("EventBridge", () => {
        const summary = (resources: RecordedResource[]) =>
            resources.map(({ type, name, parent, custom }) => ({ type, name, parent, custom }));
        const parent = `${COMPONENT}::ecs-alerts`;

        it("has the component path and type token", async () => {
            assert.equal(eventbridge.EventBridge.componentPath, "eventbridge");
            new eventbridge.EventBridge("ecs-alerts", ECS_ALERTS);
            await mocks.settle();
            assert.equal(mocks.resources[0].urn, `urn:pulumi:stack::project::${COMPONENT}::ecs-alerts`);
        });

        describe("the spec's ECS-alerts example", () => {
            let component: EventBridgeModule.EventBridge;
            let byType: Map<string, RecordedResource>;

            beforeEach(async () => {
                component = new eventbridge.EventBridge("ecs-alerts", ECS_ALERTS);
                await mocks.settle();
                byType = new Map(mocks.resources.map((resource) => [resource.type, resource]));
            });

            it("registers the component, then its four children, each parented to it", () => {
                assert.deepEqual(summary(mocks.resources), [
                    { type: COMPONENT, name: "ecs-alerts", parent: null, custom: false },
                    { type: "aws:cloudwatch/logGroup:LogGroup", name: "ecs-alerts", parent, custom: true },
                    { type: "aws:cloudwatch/eventRule:EventRule", name: "ecs-alerts", parent, custom: true },
                    {
                        type: "aws:cloudwatch/logResourcePolicy:LogResourcePolicy",
                        name: "ecs-alerts",
                        parent,
                        custom: true,
                    },
                    { type: "aws:cloudwatch/eventTarget:EventTarget", name: "ecs-alerts", parent, custom: true },
                ]);
                assert.deepEqual(mocks.calls, []);
            });

            it("gives the component no inputs", () => {
                assert.deepEqual(byType.get(COMPONENT)?.inputs, {});
            });

            it("creates the log group with the label's name, the retention and the log group label's tags", () => {
                assert.deepEqual(byType.get("aws:cloudwatch/logGroup:LogGroup")?.inputs, {
                    region: "us-east-2",
                    name: "eg-ue2-prod-ecs-faults",
                    retentionInDays: 3,
                    tags: ECS_TAGS,
                });
            });

            it("creates the rule with its name, description, pattern JSON, state and tags", () => {
                assert.deepEqual(byType.get("aws:cloudwatch/eventRule:EventRule")?.inputs, {
                    region: "us-east-2",
                    name: "eg-ue2-prod-ecs-faults",
                    description: "ECS failures and warnings",
                    eventPattern: ECS_PATTERN_JSON,
                    state: "ENABLED",
                    tags: ECS_TAGS,
                });
            });

            it("attaches a resource-scoped policy to the log group, with no name", () => {
                const inputs = byType.get("aws:cloudwatch/logResourcePolicy:LogResourcePolicy")?.inputs;
                assert.deepEqual(inputs, {
                    region: "us-east-2",
                    resourceArn: `${ARN_PREFIX}eg-ue2-prod-ecs-faults`,
                    policyDocument: eventbridge.eventBridgeLogsPolicyDocument(`${ARN_PREFIX}eg-ue2-prod-ecs-faults`),
                });
                assert.equal(
                    JSON.parse(String(inputs?.policyDocument)).Statement[0].Resource,
                    `${ARN_PREFIX}eg-ue2-prod-ecs-faults:*`,
                );
            });

            it("targets the log group from the rule, without a role", () => {
                assert.deepEqual(byType.get("aws:cloudwatch/eventTarget:EventTarget")?.inputs, {
                    region: "us-east-2",
                    rule: "eg-ue2-prod-ecs-faults",
                    arn: `${ARN_PREFIX}eg-ue2-prod-ecs-faults`,
                });
            });

            it("outputs the rule's and the log group's ARN and name", async () => {
                assert.deepEqual(
                    {
                        eventRuleArn: await unwrap(component.eventRuleArn),
                        eventRuleName: await unwrap(component.eventRuleName),
                        logsLogGroupArn: await unwrap(component.logsLogGroupArn),
                        logsLogGroupName: await unwrap(component.logsLogGroupName),
                    },
                    {
                        eventRuleArn: "arn:aws:events:us-east-2:111111111111:rule/eg-ue2-prod-ecs-faults",
                        eventRuleName: "eg-ue2-prod-ecs-faults",
                        logsLogGroupArn: `${ARN_PREFIX}eg-ue2-prod-ecs-faults`,
                        logsLogGroupName: "eg-ue2-prod-ecs-faults",
                    },
                );
            });
        });

        it("uses the defaults: EC2 events, 3 days, the id as description", async () => {
            new eventbridge.EventBridge("events", { region: "eu-west-1", namespace: "eg", name: "events" });
            await mocks.settle();
            const rule = mocks.resources.find((resource) => resource.type === "aws:cloudwatch/eventRule:EventRule");
            const logGroup = mocks.resources.find((resource) => resource.type === "aws:cloudwatch/logGroup:LogGroup");
            assert.deepEqual(rule?.inputs, {
                region: "eu-west-1",
                name: "eg-events",
                description: "eg-events",
                eventPattern: '{"source":["aws.ec2"]}',
                state: "ENABLED",
                tags: { Name: "eg-events", Namespace: "eg" },
            });
            assert.deepEqual(logGroup?.inputs, {
                region: "eu-west-1",
                name: "eg-events",
                retentionInDays: 3,
                tags: { Name: "eg-events", Namespace: "eg" },
            });
        });

        it("names an account-scoped policy by the id and gives it no resource ARN", async () => {
            new eventbridge.EventBridge("ecs-alerts", {
                ...ECS_ALERTS,
                logsPolicyScope: "account",
                eventLogRetentionInDays: 90,
            });
            await mocks.settle();
            const policy = mocks.resources.find(
                (resource) => resource.type === "aws:cloudwatch/logResourcePolicy:LogResourcePolicy",
            );
            assert.deepEqual(policy?.inputs, {
                region: "us-east-2",
                policyName: "eg-ue2-prod-ecs-faults",
                policyDocument: eventbridge.eventBridgeLogsPolicyDocument(`${ARN_PREFIX}eg-ue2-prod-ecs-faults`),
            });
            const logGroup = mocks.resources.find((resource) => resource.type === "aws:cloudwatch/logGroup:LogGroup");
            assert.equal(logGroup?.inputs.retentionInDays, 90);
        });

        it("names children after the instance, so two instances do not clash", async () => {
            new eventbridge.EventBridge("a", { ...ECS_ALERTS, name: "a" });
            new eventbridge.EventBridge("b", { ...ECS_ALERTS, name: "b" });
            await mocks.settle();
            assert.equal(mocks.resources.length, 10);
            assert.equal(new Set(mocks.resources.map((resource) => resource.urn)).size, 10);
            assert.deepEqual(
                mocks.resources
                    .filter((r) => r.custom)
                    .map((r) => `${r.parent} > ${r.name}`)
                    .sort(),
                [...Array(4).fill(`${COMPONENT}::a > a`), ...Array(4).fill(`${COMPONENT}::b > b`)],
            );
        });

        it("creates no child and no output when disabled", async () => {
            const component = new eventbridge.EventBridge("ecs-alerts", { ...ECS_ALERTS, enabled: false });
            await mocks.settle();
            assert.deepEqual(summary(mocks.resources), [
                { type: COMPONENT, name: "ecs-alerts", parent: null, custom: false },
            ]);
            // Every declared output refuses to be read, naming itself (components/declaredOutputs.ts).
            const outputs = Object.keys(eventbridge.EventBridge.definition.outputs);
            assert.deepEqual(
                readingDisabled(component, outputs),
                outputs.map((output) =>
                    disabledOutputMessage(eventbridge.EventBridge.componentPath, "ecs-alerts", output),
                ),
            );
            assert.equal(component.isEnabled(), false);
        });

        describe("a disabled instance's Inputs known later: checked once known, the program fails", () => {
            // How the failure reaches the user with no child to fail (@pulumi/pulumi 3.248.0 as
            // installed, node_modules/@pulumi/pulumi): the component gives registerOutputs a Promise
            // the check rejects. resource.js:667-675 registerOutputs -> runtime/resource.js:908-956
            // registerResourceOutputs awaits serializeProperties of it (runtime/rpc.js:352-358 awaits a
            // Promise) inside runAsyncResourceOp (runtime/resource.js:972-985): a failure that is not
            // gRPC's is rethrown (runtime/rpc.js:756-762) and again (runtime/resource.js:985), as
            // unhandled rejections of the one error. cmd/run/run.js:368-408 logs it once (same error
            // object: isErrorReported, cmd/run/index.js:259-260) and cmd/run/index.js:41-85 exits 1;
            // the rpcKeepAlive is released in the `finally` (runtime/resource.js:914,952-954), and the
            // Promise settles, so runtime/debuggable.js:80-110 reports no leak. The mocks' settle()
            // sees the same unhandled rejections (program/mocks.ts).
            const message = `eventbridge "off": eventLogRetentionInDays must be one of ${RETENTIONS}, got 4`;
            const disabled = { ...ECS_ALERTS, enabled: false } as const;

            for (const [given, retention] of [
                ["an Output", () => pulumi.output(4)],
                ["a Promise", () => Promise.resolve(4)],
            ] as const) {
                it(`refuses a bad value given as ${given}, with the message of the plain one, once`, async () => {
                    assert.throws(
                        () => new eventbridge.EventBridge("off", { ...disabled, eventLogRetentionInDays: 4 }),
                        {
                            message,
                        },
                    );
                    mocks.reset();
                    const { result: failure, rejections } = await withUnhandledRejections(async () => {
                        const component = new eventbridge.EventBridge("off", {
                            ...disabled,
                            eventLogRetentionInDays: retention(),
                        });
                        const failed = await mocks.settle().then(
                            () => undefined,
                            (error: unknown) => error,
                        );
                        assert.equal(component.isEnabled(), false, "no visible output added");
                        return failed;
                    });
                    assert.ok(failure instanceof Error, "the program fails");
                    assert.equal(failure.name, "ComponentArgsError");
                    assert.equal(failure.message, message);
                    // One error (the SDK rejects it more than once; Pulumi logs an error object once).
                    assert.deepEqual([...new Set(rejections)], [failure]);
                    assert.deepEqual(summary(mocks.resources), [
                        { type: COMPONENT, name: "off", parent: null, custom: false },
                    ]);
                });
            }

            it("accepts a good value given as an Output, registering no child and no output", async () => {
                const component = new eventbridge.EventBridge("off", {
                    ...disabled,
                    eventLogRetentionInDays: pulumi.output(14),
                    eventRuleDescription: pulumi.output("fine"),
                });
                await mocks.settle();
                assert.deepEqual(
                    mocks.resources.map(({ type, inputs }) => ({ type, inputs })),
                    [{ type: COMPONENT, inputs: {} }],
                );
                assert.equal(component.isEnabled(), false);
            });

            it("in a preview, an Input still unknown fails nothing", async () => {
                const preview = await installMocks({ preview: true });
                try {
                    const queue = new sqs.Queue("q");
                    new eventbridge.EventBridge("off", {
                        ...disabled,
                        eventLogRetentionInDays: queue.arn.apply(() => 4),
                    });
                    await preview.settle();
                    assert.deepEqual(preview.resources.map((r) => r.type).sort(), ["aws:sqs/queue:Queue", COMPONENT]);
                } finally {
                    mocks = await installMocks();
                }
            });
        });

        it("takes a resolved result as is: the same children and inputs as from the args", async () => {
            new eventbridge.EventBridge("ecs-alerts", ECS_ALERTS);
            await mocks.settle();
            const fromArgs = mocks.resources.map(({ type, name, parent, inputs }) => ({ type, name, parent, inputs }));
            mocks.reset();
            const resolved = eventbridge.resolveEventBridgeArgs("ecs-alerts", ECS_ALERTS);
            assert.ok(eventbridge.isResolvedEventBridge(resolved));
            assert.ok(!eventbridge.isResolvedEventBridge({ ...resolved }), "a copy is not a resolved result");
            assert.ok(Object.isFrozen(resolved) && Object.isFrozen(resolved.rule));
            // The stack program's path (its kit), typed apart from the public Args.
            const { FromStackProgram } = await import("../../components/kit/preamble");
            new eventbridge.EventBridge("ecs-alerts", new FromStackProgram(resolved));
            await mocks.settle();
            assert.equal(fromArgs.length, 5);
            assert.deepEqual(
                mocks.resources.map(({ type, name, parent, inputs }) => ({ type, name, parent, inputs })),
                fromArgs,
            );
        });

        it("declares outputs that the component has", () => {
            const component = new eventbridge.EventBridge("ecs-alerts", ECS_ALERTS);
            const outputs = Object.keys(eventbridge.EVENTBRIDGE_DEFINITION.outputs);
            assert.deepEqual(outputs, [
                "eventRuleArn",
                "eventRuleName",
                "logsLogGroupArn",
                "logsLogGroupName",
                "logsLogGroupRetained",
            ]);
            assert.deepEqual(
                outputs.filter((output) => !pulumi.Output.isInstance(Reflect.get(component, output))),
                [],
            );
        });

        it("registers nothing at all when an argument is invalid", async () => {
            assert.throws(
                () => new eventbridge.EventBridge("ecs-alerts", { ...ECS_ALERTS, eventLogRetentionInDays: 4 }),
                {
                    name: "ComponentArgsError",
                    message: `eventbridge "ecs-alerts": eventLogRetentionInDays must be one of ${RETENTIONS}, got 4`,
                },
            );
            await mocks.settle();
            assert.deepEqual(mocks.resources, []);
        });

        it("registers nothing at all when the labels leave the id empty", async () => {
            assert.throws(() => new eventbridge.EventBridge("ecs-alerts", { region: "us-east-2" }), {
                name: "ComponentArgsError",
            });
            await mocks.settle();
            assert.deepEqual(mocks.resources, []);
        });

        it("logs the resolver's warnings on the component", async () => {
            const warned: [string, pulumi.Resource | undefined][] = [];
            const warn = pulumi.log.warn;
            pulumi.log.warn = async (message: string, resource?: pulumi.Resource) => {
                warned.push([message, resource]);
            };
            try {
                const component = new eventbridge.EventBridge("ecs-alerts", {
                    ...ECS_ALERTS,
                    eventRulePattern: { source: ["x".repeat(2100)] },
                });
                await mocks.settle();
                assert.equal(warned.length, 1);
                assert.match(
                    warned[0][0],
                    /^eventbridge "ecs-alerts": eventRulePattern is accepted, but \$: the pattern is 2,115 characters as JSON, over EventBridge's default quota/,
                );
                assert.equal(warned[0][1], component);
            } finally {
                pulumi.log.warn = warn;
            }
        });
    });
});
