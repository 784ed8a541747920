/**
 * Tests of the rules that keep deployments working over time (components/kit/lifecycle.ts), of
 * adoption from Terraform (the `import` option, migrate/, bin/tfAdopt.ts) and of instance renames
 * (aliases): pure functions with tables of cases, then the registered options under mocks.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type * as EventBridgeModule from "../../components/eventbridge";
import type * as EngineModule from "../../components/kit/engine";
import { adoptionRegionProblem, unaliasedRenames } from "../../components/kit/lifecycle";
import {
    attemptCredentialName,
    credentialName,
    credentialProblem,
    expiryWarning,
    grafanaMajor,
    higherGrafanaVersion,
    planRotation,
    rotationLine,
    rotationSchedule,
    rotationWindowStart,
    serviceAccountName,
    type CredentialIdentity,
} from "../../components/apiKey/rotation";
import { formatPath, type Problem } from "../../util/problem";
import { adoptionPlan, adoptionPlanText } from "../../migrate/adoptionPlan";
import { adoptionReport, readTerraformState, TerraformStateError } from "../../migrate/terraformState";
import { installMocks, type InstalledMocks } from "../../program/mocks";
import { parseStack, type LoadedStack } from "../../stack";
import { synthCommand, tfAdoptCommand } from "../helpers/commands";
import { lines, STACK_VARS } from "../helpers/stack";

/** A Cloud Posse `eventbridge` deployment as `terraform show -json` prints it (shape and names as the modules write them). */
const SHOW_JSON = {
    format_version: "1.0",
    terraform_version: "1.11.0",
    values: {
        root_module: {
            resources: [
                {
                    address: "aws_cloudwatch_log_resource_policy.eventbridge_cloudwatch_logs_policy[0]",
                    mode: "managed",
                    type: "aws_cloudwatch_log_resource_policy",
                    name: "eventbridge_cloudwatch_logs_policy",
                    index: 0,
                    values: {
                        policy_name: "eg-ue2-prod-ecs-faults",
                        policy_document:
                            '{"Statement":[{"Action":["logs:CreateLogStream","logs:PutLogEvents"],"Resource":"arn:aws:logs:us-east-2:111111111111:log-group:eg-ue2-prod-ecs-faults:*"}]}',
                    },
                },
                {
                    address: "data.aws_iam_policy_document.x",
                    mode: "data",
                    type: "aws_iam_policy_document",
                    name: "x",
                    values: {},
                },
            ],
            child_modules: [
                {
                    address: "module.cloudwatch_logs[0]",
                    resources: [
                        {
                            address: "module.cloudwatch_logs[0].aws_cloudwatch_log_group.default[0]",
                            mode: "managed",
                            type: "aws_cloudwatch_log_group",
                            name: "default",
                            index: 0,
                            values: {
                                name: "eg-ue2-prod-ecs-faults",
                                arn: "arn:aws:logs:us-east-2:111111111111:log-group:eg-ue2-prod-ecs-faults",
                            },
                        },
                    ],
                    child_modules: [
                        {
                            address: "module.cloudwatch_logs[0].module.role",
                            resources: [
                                {
                                    address: "module.cloudwatch_logs[0].module.role.aws_iam_role.default[0]",
                                    mode: "managed",
                                    type: "aws_iam_role",
                                    name: "default",
                                    index: 0,
                                    values: { name: "eg-ue2-prod-ecs-faults-log-group" },
                                },
                            ],
                        },
                    ],
                },
                {
                    address: "module.cloudwatch_event[0]",
                    resources: [
                        {
                            address: "module.cloudwatch_event[0].aws_cloudwatch_event_rule.this",
                            mode: "managed",
                            type: "aws_cloudwatch_event_rule",
                            name: "this",
                            index: 0,
                            values: { name: "eg-ue2-prod-ecs-faults", event_bus_name: "default" },
                        },
                        {
                            address: "module.cloudwatch_event[0].aws_cloudwatch_event_target.this",
                            mode: "managed",
                            type: "aws_cloudwatch_event_target",
                            name: "this",
                            index: 0,
                            values: {
                                rule: "eg-ue2-prod-ecs-faults",
                                target_id: "terraform-20240315120000123400000001",
                                arn: "arn:aws:logs:us-east-2:111111111111:log-group:eg-ue2-prod-ecs-faults",
                            },
                        },
                    ],
                },
            ],
        },
    },
};

/** A Cloud Posse `managed-grafana/api-key` deployment as a state file (format 4). */
const TFSTATE = {
    version: 4,
    terraform_version: "1.11.0",
    resources: [
        {
            mode: "managed",
            type: "aws_grafana_workspace_api_key",
            name: "key",
            provider: 'provider["registry.terraform.io/hashicorp/aws"]',
            instances: [{ attributes: { key_name: "eg-ue2-prod-grafana", workspace_id: "g-0123456789" } }],
        },
        {
            module: "module.ssm_parameters",
            mode: "managed",
            type: "aws_ssm_parameter",
            name: "default",
            provider: 'provider["registry.terraform.io/hashicorp/aws"]',
            instances: [
                {
                    index_key: "/grafana/eg-ue2-prod-grafana/api_key",
                    attributes: { name: "/grafana/eg-ue2-prod-grafana/api_key", type: "SecureString" },
                },
            ],
        },
        {
            mode: "managed",
            type: "time_rotating",
            name: "ttl",
            provider: 'provider["registry.terraform.io/hashicorp/time"]',
            instances: [{ attributes: {} }],
        },
        { mode: "data", type: "aws_caller_identity", name: "current", instances: [{ attributes: {} }] },
    ],
};

const STACK = lines(
    STACK_VARS,
    "components:",
    "  terraform:",
    "    eventbridge/ecs-alerts:",
    "      metadata: {component: eventbridge}",
    "      vars: {name: ecs-faults}",
    "    managed-dashboards/api-key:",
    "      metadata: {component: managed-dashboards/api-key}",
    '      vars: {name: grafana, workspace_id: g-0123456789, ssm_path_format_api_key: "/grafana/%s/api_key"}',
);

describe("lifecycle", () => {
    describe("planRotation: a key survives the run cadence", () => {
        const plan = (l: number | null, r: number | null, c: number | null) => {
            const problems: Problem[] = [];
            const warnings: Problem[] = [];
            const result = planRotation(l, r, c, problems, warnings);
            return {
                result,
                problems: problems.map((p) => formatPath(p.path)),
                warnings: warnings.map((w) => formatPath(w.path)),
            };
        };
        it("gives missed-run advice that is possible and enough", () => {
            const detail = (l: number, r: number | null, c: number) => {
                const warnings: Problem[] = [];
                planRotation(l, r, c, [], warnings);
                return warnings.map((w) => w.detail ?? "").join("\n");
            };
            // A set rotation of 30 needs 30 + 2 × 60 = 150 minutes of life, not 2 × 60 + 1.
            assert.match(detail(100, 30, 60), /set minutesToLive to at least 150 or run pulumi up more often$/);
            assert.match(
                detail(121, 30, 60),
                /rotate at most every 1 minutes to tolerate one, or set minutesToLive to at least 150$/,
            );
            // Past the 43,200-minute maximum only running more often helps.
            assert.match(
                detail(43200, null, 21601),
                /no minutesToLive up to 43200 tolerates one at this cadence \(it would take 43203\): run pulumi up more often$/,
            );
            assert.match(detail(43200, 30000, 10080), /rotate at most every 23040 minutes to tolerate one$/);
        });

        const cases: [string, [number | null, number | null, number | null], number, string[], string[]][] = [
            ["defaults", [null, null, null], 21600, [], []],
            ["daily runs", [43200, null, 1440], 21600, [], []],
            ["exactly at the limit", [43200, 33120, 10080], 33120, [], ["rotationMinutes"]],
            ["one minute over", [43200, 33121, 10080], 33121, ["rotationMinutes"], []],
            ["a lifetime equal to the cadence", [10080, null, 10080], 0, ["minutesToLive"], []],
            ["the default lifetime with a 30-day cadence", [null, null, 43200], 0, ["runCadenceMinutes"], []],
            // No rotation survives a missed run (20000 <= 2 × 10080): blamed on the lifetime, not the defaulted rotation.
            ["rotation defaulted late when half is too early", [20000, null, 10080], 9920, [], ["minutesToLive"]],
            ["rotation defaulted early enough to survive a missed run", [25000, null, 10080], 4840, [], []],
            // A rotation at or past the lifetime lapses whatever the cadence: refused even when it is assumed.
            ["a set rotation not before expiry, cadence assumed", [1440, 43200, null], 0, ["rotationMinutes"], []],
            ["a set rotation equal to the lifetime, cadence assumed", [20161, 20161, null], 0, ["rotationMinutes"], []],
            // Against the assumed cadence only: warnings.
            ["a short lifetime with the cadence assumed", [1440, null, null], 720, [], ["minutesToLive"]],
        ];
        for (const [title, [l, r, c], rotation, problems, warnings] of cases) {
            it(title, () => {
                const got = plan(l, r, c);
                assert.deepEqual(
                    [got.problems, got.warnings, ...(problems.length === 0 ? [got.result.rotationMinutes] : [])],
                    [problems, warnings, ...(problems.length === 0 ? [rotation] : [])],
                );
                // (Against an assumed cadence a schedule may fall short: a warning, with negative slack.)
                if (problems.length === 0 && warnings.length === 0) {
                    const { minutesToLive, rotationMinutes, runCadenceMinutes, slackMinutes } = got.result;
                    assert.equal(slackMinutes, minutesToLive - rotationMinutes - runCadenceMinutes);
                    assert.ok(slackMinutes >= 0);
                }
            });
        }
    });

    describe("rotationWindowStart", () => {
        it("counts windows from the epoch: the same start for every time inside, the next at its end", () => {
            const at = (t: string) => rotationWindowStart(Date.parse(t), 60);
            assert.deepEqual(
                [at("2026-03-01T10:00:00Z"), at("2026-03-01T10:59:59Z"), at("2026-03-01T11:00:00Z")],
                ["2026-03-01T10:00:00Z", "2026-03-01T10:00:00Z", "2026-03-01T11:00:00Z"],
            );
        });
        it("never lets a key outlive rotationMinutes before its window ends", () => {
            for (const minutes of [1, 7, 60, 1441, 21600, 43200]) {
                for (const t of [0, 1, 59_999, 1_767_225_600_000, 1_767_225_600_001]) {
                    const end = Date.parse(rotationWindowStart(t, minutes)) + minutes * 60_000;
                    assert.ok(end > t && end - t <= minutes * 60_000, `${minutes} ${t}`);
                }
            }
        });
    });

    describe("expiryWarning", () => {
        const now = Date.parse("2026-01-10T00:00:00Z");
        const token = {
            nextWindowStart: "2026-01-15T00:00:00Z",
            serviceAccountUrn: "urn:sa",
            credentialUrns: ["urn:t"],
        };
        const apiKey = { nextWindowStart: "2026-01-15T00:00:00Z", credentialUrns: ["urn:k", "urn:i"] };
        it("says nothing while the key outlives the next run", () => {
            assert.equal(expiryWarning("2026-01-20T00:00:00Z", now, 10080, token), undefined);
        });
        it("warns when the key expires before the next run: when the next window starts, and no --replace of a live token", () => {
            assert.equal(
                expiryWarning("2026-01-12T00:00:00Z", now, 10080, token),
                "the live key expires at 2026-01-12T00:00:00Z, in 2880 minutes, before the next scheduled run " +
                    "(every 10080 minutes); the first pulumi up at or after 2026-01-15T00:00:00Z replaces it: run it " +
                    "then, before the key expires; if the service account 'urn:sa' or its token was deleted outside " +
                    "Pulumi, run pulumi refresh (it drops them from the state), then pulumi up creates them again",
            );
        });
        it("for an API key (a refresh never sees it deleted): replacing the key and its issue record", () => {
            assert.match(
                expiryWarning("2026-01-12T00:00:00Z", now, 10080, apiKey) ?? "",
                /if the key was deleted outside Pulumi \(a refresh never sees it\), run pulumi up --replace 'urn:k' --replace 'urn:i'$/,
            );
        });
        it("says an expired key has expired (N5: the service account's URN and pulumi refresh)", () => {
            const warning = expiryWarning("2026-01-09T23:00:00Z", now, 10080, token) ?? "";
            assert.match(warning, /^the live key expired at 2026-01-09T23:00:00Z \(60 minutes ago\)/);
            assert.match(warning, /service account 'urn:sa'.*pulumi refresh/);
            assert.doesNotMatch(warning, /--replace/);
        });
        it("ignores a time it cannot read", () => {
            assert.equal(expiryWarning("soon", now, 10080, token), undefined);
        });
    });

    describe("credentialName: one name per rotation window, never the label id", () => {
        const base = {
            id: "eg-ue2-prod-grafana",
            credentialType: "service-account-token" as const,
            keyRole: "ADMIN",
            secondsToLive: 2592000,
            windowStart: "2025-12-23T00:00:00Z",
        };
        const name = credentialName(base);
        it("is the id, the window start and a digest of type, role and lifetime", () => {
            assert.match(name, /^eg-ue2-prod-grafana-20251223T000000Z-[0-9a-f]{4}$/);
            assert.notEqual(name, base.id);
        });
        it("differs for every input that replaces a credential (so old and new can be alive at once)", () => {
            const variants = [
                { windowStart: "2026-01-07T00:00:00Z" },
                { credentialType: "api-key" as const },
                { keyRole: "VIEWER" },
                { secondsToLive: 86400 },
                { id: "eg-ue2-prod-other" },
            ].map((change) => credentialName({ ...base, ...change }));
            assert.equal(new Set([name, ...variants]).size, variants.length + 1);
        });
        it("is stable within a window", () => {
            assert.equal(credentialName({ ...base }), name);
        });
        const long = (n: number) => "x".repeat(n);
        const cases: [string, "api-key" | "service-account-token", number, number][] = [
            ["an id that fits with the suffix", "api-key", 78, 100],
            ["an API key id too long for the suffix: cut to 100 with a digest", "api-key", 100, 100],
            ["a token id too long for the suffix: cut to 128", "service-account-token", 128, 128],
        ];
        for (const [title, credentialType, length, expected] of cases) {
            it(title, () => {
                const cut = credentialName({ ...base, credentialType, id: long(length) });
                assert.equal([...cut].length, expected);
                assert.ok(cut.endsWith(`-20251223T000000Z-${cut.slice(-4)}`));
            });
        }
        it("two long ids with a common prefix still give two names", () => {
            const a = credentialName({ ...base, credentialType: "api-key", id: long(99) + "a" });
            const b = credentialName({ ...base, credentialType: "api-key", id: long(99) + "b" });
            assert.notEqual(a, b);
            assert.ok([...a].length <= 100 && [...b].length <= 100);
        });
        it("counts code points (a long id of astral characters stays within the limit)", () => {
            assert.ok([...credentialName({ ...base, id: "😀".repeat(128) })].length <= 128);
        });
        it("serviceAccountName: the id and the role, bounded to 128", () => {
            assert.equal(serviceAccountName("eg-ue2-prod-grafana", "EDITOR"), "eg-ue2-prod-grafana-editor");
            assert.equal([...serviceAccountName(long(128), "VIEWER")].length, 128);
            assert.notEqual(serviceAccountName("a", "ADMIN"), serviceAccountName("a", "VIEWER"));
        });
        it("serviceAccountName of a window: the window start too, bounded to 128 (issue 32)", () => {
            const window = "2026-01-07T00:00:00Z";
            assert.equal(
                serviceAccountName("eg-ue2-prod-grafana", "ADMIN", window),
                "eg-ue2-prod-grafana-admin-20260107T000000Z",
            );
            assert.equal([...serviceAccountName(long(128), "VIEWER", window)].length, 128);
            assert.notEqual(
                serviceAccountName("a", "ADMIN", window),
                serviceAccountName("a", "ADMIN", "2025-12-23T00:00:00Z"),
            );
        });
        describe("attemptCredentialName: a name no failed attempt has taken (issue 32)", () => {
            const at = Date.parse("2026-01-07T06:30:15Z");
            const next = { ...base, windowStart: "2026-01-07T00:00:00Z" };
            const own = credentialName({ ...next, windowStart: "2026-01-07T06:30:15Z" });
            const cases: [string, Parameters<typeof attemptCredentialName>[1], CredentialIdentity, string][] = [
                ["no last deployment (a TypeScript program): the window's name", undefined, next, credentialName(next)],
                [
                    "the last deployment's window ended: this run's own time",
                    { windowStart: base.windowStart },
                    next,
                    own,
                ],
                [
                    "the same window, its stored token: kept",
                    { windowStart: base.windowStart, credentialName: name },
                    base,
                    name,
                ],
                [
                    "the same window, a stored name of the run's own time: kept",
                    { windowStart: next.windowStart, credentialName: own },
                    next,
                    own,
                ],
                [
                    "the same window, stored by a release without the name: the window's name",
                    { windowStart: base.windowStart },
                    base,
                    name,
                ],
                [
                    "the same window, another role: this run's own time",
                    { windowStart: base.windowStart, credentialName: name },
                    { ...base, keyRole: "VIEWER" },
                    credentialName({ ...base, keyRole: "VIEWER", windowStart: "2026-01-07T06:30:15Z" }),
                ],
                [
                    "the same window, a stored name that is not this package's: this run's own time",
                    { windowStart: base.windowStart, credentialName: "hand-made" },
                    base,
                    credentialName({ ...base, windowStart: "2026-01-07T06:30:15Z" }),
                ],
                [
                    "an API key: always the window's name",
                    { windowStart: base.windowStart },
                    { ...next, credentialType: "api-key" },
                    credentialName({ ...next, credentialType: "api-key" }),
                ],
            ];
            for (const [title, stored, identity, expected] of cases) {
                it(title, () => assert.equal(attemptCredentialName(identity, stored, at), expected));
            }
            it("a long id: the stored (cut) name is recognised and kept", () => {
                const longId = { ...base, id: long(128) };
                const stored = credentialName({ ...longId, windowStart: "2025-12-24T01:02:03Z" });
                assert.equal(
                    attemptCredentialName(longId, { windowStart: base.windowStart, credentialName: stored }, at),
                    stored,
                );
            });
        });
    });

    describe("rotationSchedule and the plan's line", () => {
        const time = Date.parse("2026-01-01T00:00:00Z");
        it("reads the window trigger back: next window, width, expiry of a credential made now", () => {
            const schedule = rotationSchedule(
                { windowStart: "2025-12-23T00:00:00Z", rotationMinutes: 21600 },
                2592000,
                time,
            );
            assert.deepEqual(schedule, {
                nextWindowStart: "2026-01-07T00:00:00Z",
                everyMinutes: 21600,
                expiresAt: "2026-01-31T00:00:00Z",
            });
            assert.equal(
                rotationLine(schedule!),
                "rotates: next window starts 2026-01-07T00:00:00Z (every 21600 min; expires 2026-01-31T00:00:00Z)",
            );
        });
        const notTriggers: [string, unknown][] = [
            ["a string", "2025-12-23T00:00:00Z"],
            ["null", null],
            ["no width", { windowStart: "2025-12-23T00:00:00Z" }],
            ["a bad time", { windowStart: "soon", rotationMinutes: 5 }],
            ["a zero width", { windowStart: "2025-12-23T00:00:00Z", rotationMinutes: 0 }],
        ];
        for (const [title, trigger] of notTriggers) {
            it(`nothing for ${title}`, () => assert.equal(rotationSchedule(trigger, 60, time), undefined));
        }
        it("no expiry without a lifetime", () => {
            assert.equal(
                rotationLine(
                    rotationSchedule({ windowStart: "2026-01-01T00:00:00Z", rotationMinutes: 60 }, undefined, time)!,
                ),
                "rotates: next window starts 2026-01-01T01:00:00Z (every 60 min)",
            );
        });
    });

    describe("higherGrafanaVersion (N4: the live version, or the higher of the two)", () => {
        const cases: [string | undefined, string | undefined, string | undefined][] = [
            ["9.4", "12.0", "12.0"],
            ["12.0", "9.4", "12.0"],
            ["10.4", "10.10", "10.10"],
            ["10.4.1", "10.4", "10.4.1"],
            [undefined, "10.4", "10.4"],
            ["9.4", undefined, "9.4"],
            ["banana", "8.4", "8.4"],
            ["10.4", "10.4", "10.4"],
            ["banana", "pear", "banana"],
            [undefined, "pear", "pear"],
            [undefined, undefined, undefined],
        ];
        for (const [a, b, expected] of cases) {
            it(`${a} vs ${b} -> ${expected}`, () => assert.equal(higherGrafanaVersion(a, b), expected));
        }
    });

    describe("adoptionRegionProblem (N8: regions an import id <id>@<region> cannot carry)", () => {
        const cases: [string, boolean][] = [
            ["us-east-2", true],
            ["us-gov-west-1", true],
            ["cn-northwest-1", true],
            ["ap-southeast-10", true],
            ["eusc-de-east-1", false],
            ["us-isob-east-1", true],
            ["us-iso-east-100", false],
        ];
        for (const [region, carried] of cases) {
            it(`${region}: ${carried ? "adoptable" : "refused"}`, () => {
                const refused = adoptionRegionProblem(region);
                assert.equal(refused === undefined, carried);
                if (refused) {
                    assert.deepEqual([refused.code, refused.path], ["ADOPTION_REGION", ["adoptExisting"]]);
                    assert.match(refused.rule, new RegExp(`cannot adopt in region "${region}"`));
                }
            });
        }
    });

    describe("both components refuse adoption in a region the import id cannot carry (N8), before anything is registered", () => {
        it("eventbridge", async () => {
            const { resolveEventBridgeArgs } = await import("../../components/eventbridge");
            const args = { region: "eusc-de-east-1", name: "x", adoptExisting: true, adoptEventTargetId: "t" };
            assert.throws(
                () => resolveEventBridgeArgs("eb", args),
                (error: Error) => /adoptExisting cannot adopt in region "eusc-de-east-1"/.test(error.message),
            );
            assert.doesNotThrow(() => resolveEventBridgeArgs("eb", { ...args, adoptExisting: false }));
            assert.equal(
                resolveEventBridgeArgs("eb", { ...args, region: "eu-central-1" }).adopt?.rule,
                "x@eu-central-1",
            );
        });
        it("eventbridge: retainLogGroupOnDelete must be a boolean, and is true when unset (kept, as CDK keeps log groups)", async () => {
            const { resolveEventBridge } = await import("../../components/eventbridge");
            assert.throws(
                () => resolveEventBridge("eb", { region: "us-east-2", name: "x", retainLogGroupOnDelete: "yes" }),
                (error: Error) => /retainLogGroupOnDelete must be true or false/.test(error.message),
            );
            assert.equal(
                resolveEventBridge("eb", { region: "us-east-2", name: "x", retainLogGroupOnDelete: null }).logGroup
                    .retainOnDelete,
                true,
            );
            assert.equal(
                resolveEventBridge("eb", { region: "us-east-2", name: "x", retainLogGroupOnDelete: false }).logGroup
                    .retainOnDelete,
                false,
            );
        });
        it("managed-dashboards/api-key", async () => {
            const { resolveDashboardsApiKeyArgs } = await import("../../components/apiKey");
            const args = { region: "eusc-de-east-1", name: "x", workspaceId: "g-0123456789", adoptExisting: true };
            assert.throws(
                () => resolveDashboardsApiKeyArgs("k", args),
                (error: Error) => /adoptExisting cannot adopt in region "eusc-de-east-1"/.test(error.message),
            );
            assert.doesNotThrow(() => resolveDashboardsApiKeyArgs("k", { ...args, adoptExisting: false }));
        });
    });

    describe("credentialProblem: the credential types each Grafana version has", () => {
        const cases: [string, string | undefined, boolean][] = [
            ["api-key", "8.4", true],
            ["api-key", "9.4", true],
            ["api-key", "10.4", true],
            ["api-key", "12.4", false],
            ["api-key", "13", false],
            ["service-account-token", "8.4", false],
            ["service-account-token", "9.4", true],
            ["service-account-token", "12.4", true],
            ["api-key", undefined, true],
            ["api-key", "unknown", true],
        ];
        for (const [type, version, works] of cases) {
            it(`${type} on ${String(version)}: ${works ? "works" : "refused"}`, () =>
                assert.equal(credentialProblem(type, version) === undefined, works));
        }
        it("reads major versions", () => {
            assert.deepEqual(["10.4", "v12.4.1", "9", "x", 12].map(grafanaMajor), [10, 12, 9, undefined, undefined]);
        });
    });

    describe("unaliasedRenames", () => {
        const previous = [
            { instance: "eventbridge/old", physicalNames: ["eg-ue2-prod-ecs-faults"] },
            { instance: "keep", physicalNames: ["/dashboards/x/api_key"] },
        ];
        it("refuses a rename that takes over a name without an alias", () => {
            assert.deepEqual(
                unaliasedRenames(previous, [
                    { instance: "eventbridge/new", physicalNames: ["eg-ue2-prod-ecs-faults"], aliases: [] },
                    { instance: "keep", physicalNames: ["/dashboards/x/api_key"], aliases: [] },
                ]),
                [
                    '"eventbridge/new": "eg-ue2-prod-ecs-faults" belonged to instance "eventbridge/old" in the last ' +
                        "deployment; a rename without an alias creates the new instance over the same name and then " +
                        'deletes it with the old one; add aliases: ["eventbridge/old"] to "eventbridge/new"',
                ],
            );
        });
        it("accepts the rename with an alias, and a name whose old owner is still deployed", () => {
            assert.deepEqual(
                unaliasedRenames(previous, [
                    {
                        instance: "eventbridge/new",
                        physicalNames: ["eg-ue2-prod-ecs-faults"],
                        aliases: ["eventbridge/old"],
                    },
                    { instance: "other", physicalNames: ["/dashboards/x/api_key"], aliases: [] },
                    { instance: "keep", physicalNames: [], aliases: [] },
                ]),
                [],
            );
        });
    });

    describe("reading Terraform state", () => {
        it("reads terraform show -json output, child modules included, data sources left out", () => {
            assert.deepEqual(
                readTerraformState(JSON.stringify(SHOW_JSON)).map((r) => r.address),
                [
                    "aws_cloudwatch_log_resource_policy.eventbridge_cloudwatch_logs_policy[0]",
                    "module.cloudwatch_logs[0].aws_cloudwatch_log_group.default[0]",
                    "module.cloudwatch_logs[0].module.role.aws_iam_role.default[0]",
                    "module.cloudwatch_event[0].aws_cloudwatch_event_rule.this",
                    "module.cloudwatch_event[0].aws_cloudwatch_event_target.this",
                ],
            );
        });
        it("reads a state file, with module prefixes and instance keys", () => {
            assert.deepEqual(
                readTerraformState(JSON.stringify(TFSTATE)).map((r) => r.address),
                [
                    "aws_grafana_workspace_api_key.key",
                    'module.ssm_parameters.aws_ssm_parameter.default["/grafana/eg-ue2-prod-grafana/api_key"]',
                    "time_rotating.ttl",
                ],
            );
        });
        it("reads an empty state", () => {
            assert.deepEqual(readTerraformState('{"format_version":"1.0"}'), []);
        });
        for (const [what, text, message] of [
            ["text that is not JSON", "{", /^not JSON: /],
            ["JSON that is not a state", "[]", /^not a Terraform state: the JSON is not an object$/],
            ["an old state format", '{"version":3,"modules":[]}', /^state format version 3 is not supported/],
            ["another object", '{"a":1}', /^not a Terraform state: expected the output of "terraform show -json"/],
        ] as const) {
            it(`refuses ${what}`, () => {
                assert.throws(
                    () => readTerraformState(text),
                    (error: Error) => error instanceof TerraformStateError && message.test(error.message),
                );
            });
        }
    });

    describe("adoption report and plan", () => {
        const resources = [
            ...readTerraformState(JSON.stringify(SHOW_JSON)),
            ...readTerraformState(JSON.stringify(TFSTATE)),
        ];
        const report = adoptionReport(resources);

        it("finds each rule's target id, log group and account policy", () => {
            assert.deepEqual(report.rules, [
                {
                    ruleName: "eg-ue2-prod-ecs-faults",
                    eventTargetId: "terraform-20240315120000123400000001",
                    logGroupName: "eg-ue2-prod-ecs-faults",
                    logsPolicyName: "eg-ue2-prod-ecs-faults",
                    addresses: [
                        "module.cloudwatch_event[0].aws_cloudwatch_event_rule.this",
                        "module.cloudwatch_event[0].aws_cloudwatch_event_target.this",
                        "module.cloudwatch_logs[0].aws_cloudwatch_log_group.default[0]",
                        "aws_cloudwatch_log_resource_policy.eventbridge_cloudwatch_logs_policy[0]",
                    ],
                },
            ]);
            assert.deepEqual(report.notAdopted, [
                "module.cloudwatch_logs[0].module.role.aws_iam_role.default[0]",
                "time_rotating.ttl",
            ]);
            assert.deepEqual(report.problems, []);
        });

        it("matches the stack file's instances by the names they would give, and writes their vars", () => {
            const plan = adoptionPlan(report, parseStack(STACK, "stacks/prod.yaml").instances);
            assert.deepEqual(plan.instances, [
                {
                    instance: "eventbridge/ecs-alerts",
                    what: 'rule "eg-ue2-prod-ecs-faults"',
                    vars: {
                        adopt_existing: true,
                        adopt_event_target_id: "terraform-20240315120000123400000001",
                        logs_policy_scope: "account",
                    },
                },
                {
                    instance: "managed-dashboards/api-key",
                    what: 'SSM parameter "/grafana/eg-ue2-prod-grafana/api_key"',
                    vars: { adopt_existing: true },
                },
            ]);
            assert.equal(
                plan.stateRm,
                "terraform state rm 'module.cloudwatch_event[0].aws_cloudwatch_event_rule.this' " +
                    "'module.cloudwatch_event[0].aws_cloudwatch_event_target.this' " +
                    "'module.cloudwatch_logs[0].aws_cloudwatch_log_group.default[0]' " +
                    "'aws_cloudwatch_log_resource_policy.eventbridge_cloudwatch_logs_policy[0]' " +
                    `'module.ssm_parameters.aws_ssm_parameter.default["/grafana/eg-ue2-prod-grafana/api_key"]'`,
            );
        });

        it("matches an instance ported as is (no path format, no workspace) by the original's path", () => {
            const ported = lines(
                STACK_VARS,
                "components:",
                "  terraform:",
                "    grafana/api-key:",
                "      metadata: {component: managed-dashboards/api-key}",
                "      vars: {name: grafana}",
            );
            const plan = adoptionPlan(report, parseStack(ported, "stacks/prod.yaml").instances);
            assert.deepEqual(plan.instances.at(-1), {
                instance: "grafana/api-key",
                what: 'SSM parameter "/grafana/eg-ue2-prod-grafana/api_key"',
                vars: {
                    adopt_existing: true,
                    ssm_path_format_api_key: "/grafana/%s/api_key",
                    workspace_id: "g-0123456789",
                },
            });
            assert.ok(!plan.notes.some((n) => n.includes("no instance of the stack file gives SSM parameter")));
        });

        it("without a matching instance, says so and suggests the original's path", () => {
            const plan = adoptionPlan(report);
            assert.deepEqual(
                plan.instances.map((i) => [i.instance, i.vars]),
                [
                    [
                        undefined,
                        {
                            adopt_existing: true,
                            adopt_event_target_id: "terraform-20240315120000123400000001",
                            logs_policy_scope: "account",
                        },
                    ],
                    [
                        undefined,
                        {
                            adopt_existing: true,
                            ssm_path_format_api_key: "/grafana/%s/api_key",
                            // From the key stored there, in the same state.
                            workspace_id: "g-0123456789",
                        },
                    ],
                ],
            );
            assert.ok(
                plan.notes.some((n) =>
                    n.startsWith('no instance of the stack file gives rule "eg-ue2-prod-ecs-faults"'),
                ),
            );
            assert.match(adoptionPlanText(plan), /^<instance>:\n {2}vars:\n {4}adopt_existing: true$/m);
        });

        it("reports a rule with two targets", () => {
            const second = {
                address: "aws_cloudwatch_event_target.extra",
                type: "aws_cloudwatch_event_target",
                attributes: { rule: "eg-ue2-prod-ecs-faults", target_id: "t2", arn: "arn:aws:sns:x" },
            };
            assert.deepEqual(adoptionReport([...resources, second]).problems, [
                'module.cloudwatch_event[0].aws_cloudwatch_event_rule.this: rule "eg-ue2-prod-ecs-faults" has 2 targets ' +
                    "in the state; the component creates exactly one (set adopt_event_target_id to the one sending to its log group)",
            ]);
        });
    });

    describe("npm run tf-adopt", function () {
        this.timeout(60_000);
        it("prints the vars and the state removal for a state file and a stack file", () => {
            const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tf-adopt-"));
            try {
                fs.writeFileSync(path.join(dir, "state.json"), JSON.stringify(SHOW_JSON));
                fs.writeFileSync(path.join(dir, "prod.yaml"), STACK);
                const run = tfAdoptCommand([path.join(dir, "state.json"), path.join(dir, "prod.yaml")]);
                assert.equal(run.status, 0, run.stderr);
                assert.match(
                    run.stdout,
                    /^eventbridge\/ecs-alerts:\n {2}vars:\n {4}adopt_existing: true\n {4}adopt_event_target_id: "terraform-20240315120000123400000001"\n {4}logs_policy_scope: "account"$/m,
                );
                assert.match(run.stdout, /^terraform state rm /m);
                const bad = tfAdoptCommand([path.join(dir, "prod.yaml")]);
                assert.deepEqual([bad.status, bad.stdout], [1, ""]);
                assert.match(bad.stderr, /^tf-adopt: .*prod\.yaml: not JSON: /);
            } finally {
                fs.rmSync(dir, { recursive: true, force: true });
            }
        });
    });

    describe("npm run synth shows what is adopted", function () {
        this.timeout(60_000);
        it("marks each imported resource with its import id, in JSON and in the readable plan", async () => {
            const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopt-synth-"));
            try {
                const file = path.join(dir, "prod.yaml");
                fs.writeFileSync(
                    file,
                    lines(
                        STACK_VARS,
                        "components:",
                        "  terraform:",
                        "    eventbridge/ecs-alerts:",
                        "      metadata: {component: eventbridge}",
                        "      vars:",
                        "        name: ecs-faults",
                        "        adopt_existing: true",
                        "        adopt_event_target_id: terraform-20240315120000123400000001",
                        "        logs_policy_scope: account",
                    ),
                );
                const synth = (...flags: string[]) => synthCommand([file, ...flags]);
                const json = await synth("--json");
                assert.equal(json.status, 0, json.stderr);
                const plan = JSON.parse(json.stdout) as { resources: { type: string; import?: string }[] };
                assert.deepEqual(
                    plan.resources.map((r) => [r.type, r.import]),
                    [
                        ["cloudposse:eventbridge:EventBridge", undefined],
                        ["aws:cloudwatch/logGroup:LogGroup", "eg-ue2-prod-ecs-faults@us-east-2"],
                        ["aws:cloudwatch/eventRule:EventRule", "eg-ue2-prod-ecs-faults@us-east-2"],
                        ["aws:cloudwatch/logResourcePolicy:LogResourcePolicy", "eg-ue2-prod-ecs-faults@us-east-2"],
                        [
                            "aws:cloudwatch/eventTarget:EventTarget",
                            "eg-ue2-prod-ecs-faults/terraform-20240315120000123400000001@us-east-2",
                        ],
                    ],
                );
                const text = await synth();
                assert.equal(text.status, 0, text.stderr);
                assert.match(
                    text.stdout,
                    /^ {4}= aws:cloudwatch\/eventTarget:EventTarget {2}eventbridge\/ecs-alerts {2}\(import eg-ue2-prod-ecs-faults\/terraform-20240315120000123400000001@us-east-2\)$/m,
                );
                assert.match(text.stdout, /^Resources: \+ 1 to create, = 4 to import$/m);
            } finally {
                fs.rmSync(dir, { recursive: true, force: true });
            }
        });
    });

    describe("the program's rename guard", () => {
        const SELF = "organization/cloudposse-components/ue2-prod";
        const renamed = (aliases: string) =>
            parseStack(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    eventbridge/ecs-faults:",
                    "      metadata: {component: eventbridge}",
                    `      vars: {name: ecs-faults${aliases}}`,
                ),
                "stacks/prod.yaml",
            );
        const previous = {
            "eventbridge/ecs-alerts": {
                event_rule_arn: "arn:aws:events:us-east-2:111111111111:rule/eg-ue2-prod-ecs-faults",
                event_rule_name: "eg-ue2-prod-ecs-faults",
                logs_log_group_name: "eg-ue2-prod-ecs-faults",
            },
        };
        const run = async (aliases: string | LoadedStack, outputs: Record<string, unknown> | undefined) => {
            const mocks = await installMocks({
                project: "cloudposse-components",
                stack: "ue2-prod",
                stackOutputs: outputs === undefined ? {} : { [SELF]: outputs },
            });
            const { deployStackGuardingRenames } = await import("../../program/renames");
            try {
                const result = await deployStackGuardingRenames(
                    typeof aliases === "string" ? renamed(aliases) : aliases,
                );
                await mocks.settle();
                return { result, types: mocks.resources.map((r) => r.type) };
            } catch (error) {
                await mocks.settle();
                return { error: error as Error, types: mocks.resources.map((r) => r.type) };
            }
        };

        it("refuses a rename that keeps the physical names without an alias, before registering any instance", async () => {
            const { error, types } = await run("", previous);
            assert.equal(error?.name, "UnaliasedRenameError");
            assert.equal(
                error?.message,
                "renamed instances without an alias (set the program config renameGuard to false to skip this check):\n" +
                    '"eventbridge/ecs-faults": "eg-ue2-prod-ecs-faults" belonged to instance "eventbridge/ecs-alerts" in the ' +
                    "last deployment; a rename without an alias creates the new instance over the same name and then " +
                    'deletes it with the old one; add aliases: ["eventbridge/ecs-alerts"] to "eventbridge/ecs-faults"',
            );
            // Only the reference to the previous deployment of this very stack.
            assert.deepEqual(types, ["pulumi:pulumi:StackReference"]);
        });

        it("deploys the renamed instance with its alias", async () => {
            const { error, result, types } = await run(", aliases: [eventbridge/ecs-alerts]", previous);
            assert.equal(error, undefined);
            assert.deepEqual(Object.keys(result ?? {}), ["eventbridge/ecs-faults"]);
            assert.equal(types.length, 6);
        });

        const stackOf = (...instance: string[]) =>
            parseStack(lines(STACK_VARS, "components:", "  terraform:", ...instance), "stacks/prod.yaml");

        it("validates every instance before reading the last deployment: an invalid stack registers nothing", async () => {
            const invalid = stackOf(
                "    eventbridge/ecs-faults:",
                "      metadata: {component: eventbridge}",
                "      vars: {name: ecs-faults, event_log_retention_in_days: 4}",
            );
            const { error, types } = await run(invalid, previous);
            assert.equal(error?.name, "StackVarsError");
            assert.match(
                error?.message ?? "",
                /stacks\/prod\.yaml:6:\d+: .*event_log_retention_in_days must be one of/,
            );
            assert.deepEqual(types, []);
        });

        it("guards the api-key's SSM path, the physical name its definition declares", async () => {
            const apiKey = (aliases: string) =>
                stackOf(
                    "    grafana/key:",
                    "      metadata: {component: managed-dashboards/api-key}",
                    `      vars: {name: grafana, workspace_id: g-0123456789${aliases}}`,
                );
            const before = {
                "grafana/old-key": { ssm_path_dashboards_api_key: "/dashboards/eg-ue2-prod-grafana/api_key" },
            };
            const refused = await run(apiKey(""), before);
            assert.equal(refused.error?.name, "UnaliasedRenameError");
            assert.match(
                refused.error?.message ?? "",
                /"grafana\/key": "\/dashboards\/eg-ue2-prod-grafana\/api_key" belonged to instance "grafana\/old-key"/,
            );
            assert.deepEqual(refused.types, ["pulumi:pulumi:StackReference"]);
            const aliased = await run(apiKey(", aliases: [grafana/old-key]"), before);
            assert.equal(aliased.error, undefined);
            assert.deepEqual(Object.keys(aliased.result ?? {}), ["grafana/key"]);
        });

        // The log-history guard (N7, issue 32) is tested in tests/components/logHistory.test.ts.

        it("the declared guards (issue 38): a path move and a re-adoption refused at the var, renameGuard false or not", async () => {
            const apiKey = (vars: string) =>
                stackOf(
                    "    grafana/key:",
                    "      metadata: {component: managed-dashboards/api-key}",
                    `      vars: {name: grafana, workspace_id: g-0123456789${vars}}`,
                );
            const path = "/dashboards/eg-ue2-prod-grafana/api_key";
            const moved = await run(apiKey(""), {
                "grafana/key": { ssm_path_dashboards_api_key: "/grafana/x/api_key" },
            });
            assert.equal(moved.error?.name, "DeploymentGuardError");
            assert.match(
                moved.error?.message ?? "",
                /\nstacks\/prod\.yaml:\d+:\d+: "grafana\/key": the SSM parameter's path moves from "\/grafana\/x\/api_key" to "\/dashboards\/eg-ue2-prod-grafana\/api_key"/,
            );
            assert.deepEqual(moved.types, ["pulumi:pulumi:StackReference"]);
            const readopted = await run(apiKey(", adopt_existing: true"), {
                "grafana/key": { ssm_path_dashboards_api_key: path },
            });
            assert.equal(readopted.error?.name, "DeploymentGuardError");
            assert.match(
                readopted.error?.message ?? "",
                /stacks\/prod\.yaml:6:\d+: "grafana\/key": adopt_existing is set/,
            );
            // renameGuard false turns off the rename check only.
            const mocks = await installMocks({
                project: "cloudposse-components",
                stack: "ue2-prod",
                stackOutputs: {},
            });
            const { deployStackGuardingRenames } = await import("../../program/renames");
            await assert.rejects(
                deployStackGuardingRenames(apiKey(", adopt_existing: true"), {
                    renameGuard: false,
                    lastDeployment: { "grafana/key": { ssm_path_dashboards_api_key: path } },
                }),
                { name: "DeploymentGuardError" },
            );
            await mocks.settle();
            assert.deepEqual(mocks.resources, []);
        });

        it("leaves a disabled instance, which creates nothing, out of the comparison", async () => {
            const disabled = stackOf(
                "    eventbridge/ecs-faults:",
                "      metadata: {component: eventbridge}",
                "      vars: {name: ecs-faults, enabled: false}",
            );
            // (The old instance's group kept on delete: dropping one that was not is refused, issue 38.)
            const kept = {
                "eventbridge/ecs-alerts": { ...previous["eventbridge/ecs-alerts"], logs_log_group_retained: true },
            };
            const { error, types } = await run(disabled, kept);
            assert.equal(error, undefined);
            assert.deepEqual(types, ["pulumi:pulumi:StackReference", "cloudposse:eventbridge:EventBridge"]);
            const dropped = await run(disabled, previous);
            assert.equal(dropped.error?.name, "DeploymentGuardError");
            assert.deepEqual(dropped.types, ["pulumi:pulumi:StackReference"]);
        });

        it("deploys on a first deployment (no previous outputs) and reads nothing but its own stack", async () => {
            const { error, types } = await run("", {});
            assert.equal(error, undefined);
            assert.equal(types[0], "pulumi:pulumi:StackReference");
        });
    });

    describe("EventBridge adoption and renames under mocks", () => {
        let eventbridge: typeof EventBridgeModule;
        let engine: typeof EngineModule;
        let mocks: InstalledMocks;
        const ARGS = {
            region: "us-east-2",
            namespace: "eg",
            environment: "ue2",
            stage: "prod",
            name: "ecs-faults",
        } as const;
        const TARGET_ID = "terraform-20240315120000123400000001";

        before(async () => {
            mocks = await installMocks();
            eventbridge = await import("../../components/eventbridge");
            engine = await import("../../components/kit/engine");
        });
        // Fresh mocks (and so a fresh name registry) for each test.
        beforeEach(async () => {
            mocks = await installMocks();
        });

        it("imports the log group, rule, account policy and target by the ids their names determine", async () => {
            const ranges: string[] = [];
            engine.setEngineVersionCheck(async (range) => void ranges.push(range));
            try {
                new eventbridge.EventBridge("ecs-alerts", {
                    ...ARGS,
                    adoptExisting: true,
                    adoptEventTargetId: TARGET_ID,
                    logsPolicyScope: "account",
                });
                await mocks.settle();
            } finally {
                engine.setEngineVersionCheck();
            }
            assert.deepEqual(
                mocks.resources.map((r) => [r.type, r.importId]),
                [
                    ["cloudposse:eventbridge:EventBridge", undefined],
                    // Every id names the region (the provider's `<id>@<region>`): each child sets its own region.
                    ["aws:cloudwatch/logGroup:LogGroup", "eg-ue2-prod-ecs-faults@us-east-2"],
                    ["aws:cloudwatch/eventRule:EventRule", "eg-ue2-prod-ecs-faults@us-east-2"],
                    ["aws:cloudwatch/logResourcePolicy:LogResourcePolicy", "eg-ue2-prod-ecs-faults@us-east-2"],
                    ["aws:cloudwatch/eventTarget:EventTarget", `eg-ue2-prod-ecs-faults/${TARGET_ID}@us-east-2`],
                ],
            );
            // The target keeps the adopted id, so no second target is created.
            assert.equal(mocks.resources[4].inputs.targetId, TARGET_ID);
            assert.deepEqual(ranges, [">=3.252.0"]);
        });

        it("with the resource scope, adopts all but the policy, and warns about the original's policy", async () => {
            const resolved = eventbridge.resolveEventBridgeArgs("ecs-alerts", {
                ...ARGS,
                adoptExisting: true,
                adoptEventTargetId: TARGET_ID,
            });
            assert.deepEqual(resolved.adopt, {
                logGroup: "eg-ue2-prod-ecs-faults@us-east-2",
                rule: "eg-ue2-prod-ecs-faults@us-east-2",
                policy: undefined,
                target: `eg-ue2-prod-ecs-faults/${TARGET_ID}@us-east-2`,
            });
            assert.deepEqual(
                resolved.warnings.map((w) => w.message),
                [
                    'adoptExisting does not adopt the original\'s account-scoped logs policy "eg-ue2-prod-ecs-faults" with ' +
                        'logsPolicyScope "resource" (a new resource-scoped policy is created); delete it once migrated ' +
                        "(aws logs delete-resource-policy --policy-name eg-ue2-prod-ecs-faults), or set logsPolicyScope " +
                        '"account" to adopt it',
                ],
            );
            // The stack program's path (its kit): the resolved result as is.
            const { FromStackProgram } = await import("../../components/kit/preamble");
            new eventbridge.EventBridge("ecs-alerts", new FromStackProgram(resolved));
            await mocks.settle();
            assert.deepEqual(
                mocks.resources.filter((r) => r.importId !== undefined).map((r) => r.type),
                [
                    "aws:cloudwatch/logGroup:LogGroup",
                    "aws:cloudwatch/eventRule:EventRule",
                    "aws:cloudwatch/eventTarget:EventTarget",
                ],
            );
        });

        it("imports nothing without adoptExisting, and keeps a given target id", async () => {
            new eventbridge.EventBridge("ecs-alerts", { ...ARGS, adoptEventTargetId: TARGET_ID });
            await mocks.settle();
            assert.deepEqual(
                mocks.resources.filter((r) => r.importId !== undefined),
                [],
            );
            assert.equal(mocks.resources[4].inputs.targetId, TARGET_ID);
        });

        it("refuses adoption without the target id, and a target id AWS would refuse", () => {
            assert.throws(() => eventbridge.resolveEventBridgeArgs("ecs-alerts", { ...ARGS, adoptExisting: true }), {
                message:
                    'eventbridge "ecs-alerts": adoptEventTargetId must be set when adoptExisting is true: the id of the ' +
                    "target Terraform created on the rule (npm run tf-adopt reads it from the Terraform state); without " +
                    "it a second target would deliver every event twice, got undefined",
            });
            assert.throws(
                () => eventbridge.resolveEventBridgeArgs("ecs-alerts", { ...ARGS, adoptEventTargetId: "a b" }),
                {
                    message:
                        'eventbridge "ecs-alerts": adoptEventTargetId must be an EventBridge target id: 1 to 64 characters ' +
                        'of ".-_A-Za-z0-9", got "a b"',
                },
            );
            assert.throws(
                () => eventbridge.resolveEventBridgeArgs("ecs-alerts", { ...ARGS, adoptExisting: "yes" as never }),
                { message: 'eventbridge "ecs-alerts": adoptExisting must be true or false, got "yes"' },
            );
        });

        it("aliases: the component is registered with its previous names", async () => {
            new eventbridge.EventBridge("eventbridge/new", { ...ARGS, aliases: ["eventbridge/old"] });
            await mocks.settle();
            assert.deepEqual(
                mocks.resources.filter((r) => r.aliases).map((r) => [r.name, r.aliases]),
                [["eventbridge/new", [{ name: "eventbridge/old" }]]],
            );
        });

        it("takes the adoption vars from a stack file", () => {
            const stack = parseStack(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    eventbridge/new:",
                    "      metadata: {component: eventbridge}",
                    "      vars:",
                    "        name: ecs-faults",
                    "        adopt_existing: true",
                    `        adopt_event_target_id: ${TARGET_ID}`,
                    "        aliases: [eventbridge/old]",
                ),
                "stacks/prod.yaml",
            );
            assert.deepEqual(stack.instances[0].args, {
                region: "us-east-2",
                namespace: "eg",
                environment: "ue2",
                stage: "prod",
                name: "ecs-faults",
                adoptExisting: true,
                adoptEventTargetId: TARGET_ID,
                aliases: ["eventbridge/old"],
            });
        });
    });
});
