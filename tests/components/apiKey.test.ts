/**
 * Tests of `managed-dashboards/api-key` (components/apiKey/): the pure resolver with tables of
 * inputs and exact results or refusals, then the Pulumi wiring under the strict mocks of
 * program/mocks.ts (exact children, inputs, parents, secrets and replacement options).
 */
import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import fc from "fast-check";
import type { InstalledMocks, MockOptions, RecordedResource } from "../../program/mocks";
import type { ComponentArgsError } from "../../components/kit/errors";
import type { UncheckedArgs } from "../../components/kit/definition";
import { disabledOutputMessage, drained, readingDisabled, unwrap, withUnhandledRejections } from "../helpers/outputs";
import { formatRule } from "../../util/problem";

type ApiKeyModule = typeof import("../../components/apiKey");
type Args = import("../../components/apiKey").DashboardsApiKeyArgs;

const COMPONENT_TYPE = "cloudposse:managed-dashboards:DashboardsApiKey";
const PREFIX = 'managed-dashboards/api-key "grafana-key": ';
/** The deployment every mock test runs as. */
const DEPLOYMENT = { organization: "acme", project: "dashboards", stack: "ue2-prod" } as const;
const WORKSPACE_STACK = "acme/managed-dashboards-workspace/ue2-prod";
const WORKSPACE_OUTPUTS = {
    workspace_id: "g-aaaaaaaaaa",
    workspace_endpoint: "g-aaaaaaaaaa.grafana-workspace.us-east-2.amazonaws.com",
};
/** Labels of the examples: id `eg-ue2-prod-grafana`. */
const LABELS = { namespace: "eg", environment: "ue2", stage: "prod", name: "grafana" } as const;
const BASE: Args = { region: "us-east-2", ...LABELS };
const TAGS = { Environment: "ue2", Name: "eg-ue2-prod-grafana", Namespace: "eg", Stage: "prod" };

/** The error a function throws (failing when it does not throw). */
function thrown(fn: () => unknown): ComponentArgsError {
    try {
        fn();
    } catch (error) {
        return error as ComponentArgsError;
    }
    assert.fail("expected an error");
}

/** A resource as the tests compare it. */
function summary(r: RecordedResource): Pick<RecordedResource, "type" | "name" | "parent" | "inputs"> {
    return { type: r.type, name: r.name, parent: r.parent, inputs: r.inputs };
}

const COMPONENT_PARENT = `${COMPONENT_TYPE}::grafana-key`;

describe("managed-dashboards/api-key", () => {
    let mod: ApiKeyModule;
    let mocks: InstalledMocks;
    let install: (options?: MockOptions) => Promise<InstalledMocks>;

    before(async () => {
        ({ installMocks: install } = await import("../../program/mocks"));
        mocks = await install(DEPLOYMENT);
        mod = await import("../../components/apiKey");
    });

    describe("resolveDashboardsApiKeyArgs", () => {
        const API_KEY_BASE: Args = { ...BASE, credentialType: "api-key" };
        const resolve = (args: Args, ...deployment: [typeof DEPLOYMENT | undefined] | []) =>
            mod.resolveDashboardsApiKeyArgs("grafana-key", args, deployment.length === 0 ? DEPLOYMENT : deployment[0]);
        /** The message of the refusal of `args`. */
        const refusal = (args: Args) => thrown(() => resolve(args)).message;

        it("accepts any lifetime the original takes (1 to 43200) when no cadence is given, warning against a weekly one", () => {
            for (const minutesToLive of [1, 60, 1440, 10080, 20000]) {
                const resolved = resolve({ ...API_KEY_BASE, minutesToLive });
                assert.equal(resolved.minutesToLive, minutesToLive);
                assert.ok(resolved.rotationMinutes >= 1 && resolved.rotationMinutes <= Math.ceil(minutesToLive / 2));
                assert.equal(resolved.warnings.length, 1, `${minutesToLive}: ${JSON.stringify(resolved.warnings)}`);
            }
            assert.deepEqual(
                resolve({ ...API_KEY_BASE, minutesToLive: 1440 }).warnings.map((w) => w.message),
                [
                    "minutesToLive leaves no rotation that keeps a valid key, got 1440: minutesToLive 1440 must be more " +
                        "than runCadenceMinutes 10080 (a week, the default), because a key must outlive the gap between " +
                        "two runs plus at least one minute of rotation; run pulumi up more often or let keys live longer; " +
                        "set runCadenceMinutes (run_cadence_minutes in a stack file) to how often pulumi up really runs " +
                        "(a week is assumed)",
                ],
            );
            // With the real cadence stated, the same lifetime is valid and quiet.
            assert.deepEqual(resolve({ ...API_KEY_BASE, minutesToLive: 1440, runCadenceMinutes: 60 }).warnings, []);
        });

        it("takes null for every optional argument as its default (JavaScript, stack files)", () => {
            // The Input-typed arguments admit no null in TypeScript; the resolver still takes it.
            const nulls: UncheckedArgs<Args> = {
                ...BASE,
                dashboardsComponentName: null,
                dashboardsStackName: null,
                keyRole: null,
                minutesToLive: null,
                rotationMinutes: null,
                runCadenceMinutes: null,
                ssmPathFormatApiKey: null,
                credentialType: null,
                kmsKeyId: null,
                adoptExisting: null,
                aliases: null,
            };
            const { label: _a, ...withNulls } = mod.resolveDashboardsApiKey("grafana-key", nulls, DEPLOYMENT);
            const { label: _b, ...defaults } = resolve(BASE);
            assert.deepEqual(withNulls, defaults);
        });

        it("applies the spec's defaults", () => {
            const resolved = resolve(BASE);
            assert.deepEqual(
                { ...resolved, label: undefined },
                {
                    instance: "grafana-key",
                    enabled: true,
                    region: "us-east-2",
                    label: undefined,
                    keyName: "eg-ue2-prod-grafana",
                    serviceAccountName: "eg-ue2-prod-grafana-admin",
                    keyRole: "ADMIN",
                    minutesToLive: 43200,
                    secondsToLive: 2592000,
                    rotationMinutes: 21600,
                    runCadenceMinutes: 10080,
                    credentialType: "service-account-token",
                    adoptExisting: false,
                    aliases: [],
                    ssmPath: "/dashboards/eg-ue2-prod-grafana/api_key",
                    ssmDescription: "Grafana Workspace Service Account Token",
                    kmsKeyId: "alias/aws/ssm",
                    tags: TAGS,
                    workspace: {
                        kind: "stack",
                        stackName: WORKSPACE_STACK,
                        componentName: "managed-dashboards/workspace",
                        project: "managed-dashboards-workspace",
                    },
                    warnings: [],
                },
            );
            assert.equal(resolved.label.id, "eg-ue2-prod-grafana");
        });

        it("takes every argument as given", () => {
            const resolved = resolve({
                ...BASE,
                keyRole: "VIEWER",
                minutesToLive: 120,
                rotationMinutes: 30,
                runCadenceMinutes: 60,
                ssmPathFormatApiKey: "/grafana/%s/api_key",
                credentialType: "service-account-token",
                kmsKeyId: "alias/dashboards",
                workspaceId: "g-0123456789",
            });
            assert.deepEqual(
                [
                    resolved.keyRole,
                    resolved.minutesToLive,
                    resolved.secondsToLive,
                    resolved.rotationMinutes,
                    resolved.ssmPath,
                    resolved.credentialType,
                    resolved.kmsKeyId,
                    resolved.ssmDescription,
                    resolved.workspace,
                ],
                [
                    "VIEWER",
                    120,
                    7200,
                    30,
                    "/grafana/eg-ue2-prod-grafana/api_key",
                    "service-account-token",
                    "alias/dashboards",
                    "Grafana Workspace Service Account Token",
                    { kind: "workspaceId", workspaceId: "g-0123456789" },
                ],
            );
        });

        it("treats null like an argument not given", () => {
            const resolved = resolve({
                ...BASE,
                keyRole: null,
                minutesToLive: null,
                kmsKeyId: null,
            } as unknown as Args);
            assert.deepEqual(
                [resolved.keyRole, resolved.minutesToLive, resolved.kmsKeyId],
                ["ADMIN", 43200, "alias/aws/ssm"],
            );
            // As the SSM module's empty `kms_arn`: "" means the account's default key, named (N3: the
            // provider keeps the previous key when keyId is left out, so clearing it must send the default).
            assert.equal(resolve({ ...BASE, kmsKeyId: "" }).kmsKeyId, "alias/aws/ssm");
        });

        describe("rotates after half the lifetime by default (rounded up), earlier to survive a missed run, later only when the cadence needs it", () => {
            for (const [minutesToLive, runCadenceMinutes, rotationMinutes] of [
                [2, 1, 1],
                [3, 1, 1],
                [4, 1, 2],
                [25000, 10080, 4840],
                [60, 30, 30],
                [60, 45, 15],
                [43199, 10080, 21600],
                [43200, 10080, 21600],
                [43200, 1440, 21600],
                [43200, 30000, 13200],
                [20000, 10080, 9920],
            ]) {
                it(`minutesToLive ${minutesToLive}, runCadenceMinutes ${runCadenceMinutes} -> rotationMinutes ${rotationMinutes}`, () => {
                    assert.equal(
                        resolve({ ...BASE, minutesToLive, runCadenceMinutes }).rotationMinutes,
                        rotationMinutes,
                    );
                });
            }
        });

        describe("maps the workspace component to its Pulumi stack", () => {
            const cases: [string, Args, typeof DEPLOYMENT | undefined, unknown][] = [
                [
                    "the default component, same organization and stack name",
                    BASE,
                    DEPLOYMENT,
                    {
                        kind: "stack",
                        stackName: WORKSPACE_STACK,
                        componentName: "managed-dashboards/workspace",
                        project: "managed-dashboards-workspace",
                    },
                ],
                [
                    'every "/" of the component name as "-"',
                    { ...BASE, dashboardsComponentName: "grafana/dashboards/workspace" },
                    DEPLOYMENT,
                    {
                        kind: "stack",
                        stackName: "acme/grafana-dashboards-workspace/ue2-prod",
                        componentName: "grafana/dashboards/workspace",
                        project: "grafana-dashboards-workspace",
                    },
                ],
                [
                    'a component name without "/"',
                    { ...BASE, dashboardsComponentName: "grafana" },
                    { organization: "o", project: "p", stack: "s" } as never,
                    { kind: "stack", stackName: "o/grafana/s", componentName: "grafana", project: "grafana" },
                ],
                [
                    "dashboardsStackName over the mapping",
                    { ...BASE, dashboardsStackName: "ops/monitoring/prod" },
                    DEPLOYMENT,
                    {
                        kind: "stack",
                        stackName: "ops/monitoring/prod",
                        componentName: "managed-dashboards/workspace",
                        project: "monitoring",
                    },
                ],
                [
                    "no stack name without a deployment",
                    BASE,
                    undefined,
                    {
                        kind: "stack",
                        componentName: "managed-dashboards/workspace",
                        project: "managed-dashboards-workspace",
                    },
                ],
                [
                    "no stack at all with workspaceId",
                    { ...BASE, workspaceId: "g-0123456789" },
                    DEPLOYMENT,
                    { kind: "workspaceId", workspaceId: "g-0123456789" },
                ],
            ];
            for (const [title, args, deployment, expected] of cases) {
                it(title, () => assert.deepEqual(resolve(args, deployment).workspace, expected));
            }
            it("workspaceStackName() is the same mapping", () => {
                assert.equal(mod.workspaceStackName("managed-dashboards/workspace", DEPLOYMENT), WORKSPACE_STACK);
            });
        });

        describe("builds the SSM path with format()", () => {
            const cases: [string, string][] = [
                ["/dashboards/%s/api_key", "/dashboards/eg-ue2-prod-grafana/api_key"],
                ["/%s", "/eg-ue2-prod-grafana"],
                ["/grafana/%[1]s/key", "/grafana/eg-ue2-prod-grafana/key"],
                ["/keys/%v", "/keys/eg-ue2-prod-grafana"],
                ["/my-ssm/aws/%s", "/my-ssm/aws/eg-ue2-prod-grafana"],
            ];
            for (const [spec, expected] of cases) {
                it(`${spec} -> ${expected}`, () =>
                    assert.equal(resolve({ ...BASE, ssmPathFormatApiKey: spec }).ssmPath, expected));
            }
        });

        it("uses the label: context, attributes and tags", () => {
            const resolved = resolve({
                region: "us-east-2",
                context: { enabled: true, namespace: "eg", stage: "prod", tags: { Team: "obs" } },
                name: "grafana",
                attributes: ["admin"],
                labelsAsTags: ["namespace"],
            });
            assert.deepEqual(
                [resolved.keyName, resolved.ssmPath, resolved.tags],
                [
                    "eg-prod-grafana-admin",
                    "/dashboards/eg-prod-grafana-admin/api_key",
                    { Namespace: "eg", Team: "obs" },
                ],
            );
        });

        it("is disabled by enabled: false, and still validates", () => {
            const resolved = resolve({ ...BASE, enabled: false });
            assert.deepEqual(
                [resolved.enabled, resolved.keyName, resolved.ssmPath, resolved.tags],
                [false, "", "", {}],
            );
            assert.equal(
                refusal({ ...BASE, enabled: false, keyRole: "admin" as never }),
                `${PREFIX}keyRole must be one of "VIEWER", "EDITOR", "ADMIN" (upper case), got "admin"`,
            );
        });

        describe("warns about arguments that are valid but ignored or risky", () => {
            const cases: [string, Args, [string, string][]][] = [
                [
                    "dashboardsStackName and dashboardsComponentName with workspaceId",
                    {
                        ...BASE,
                        workspaceId: "g-0123456789",
                        dashboardsStackName: "a/b/c",
                        dashboardsComponentName: "x",
                    },
                    [
                        [
                            "dashboardsStackName",
                            'is ignored: the workspace id is given, so no stack is referenced, got "a/b/c"',
                        ],
                        [
                            "dashboardsComponentName",
                            'is ignored: the workspace id is given, so no stack is referenced, got "x"',
                        ],
                    ],
                ],
                [
                    "dashboardsComponentName with dashboardsStackName",
                    { ...BASE, dashboardsStackName: "a/b/c", dashboardsComponentName: "x" },
                    [["dashboardsComponentName", 'is ignored: the workspace stack is named directly, got "x"']],
                ],
                [
                    "a schedule that survives no missed run",
                    { ...BASE, minutesToLive: 43200, rotationMinutes: 30000 },
                    [
                        [
                            "rotationMinutes",
                            "leaves no room for a missed run, got 30000: rotationMinutes 30000 + 2 × runCadenceMinutes 10080 (a week, the default) = " +
                                "50160 > minutesToLive 43200, so if one scheduled run does not happen the key expires " +
                                "before the next one; rotate at most every 23040 minutes to tolerate one",
                        ],
                    ],
                ],
            ];
            for (const [title, args, expected] of cases) {
                it(title, () =>
                    assert.deepEqual(
                        resolve(args).warnings.map((w) => [w.field, formatRule(w)]),
                        expected,
                    ),
                );
            }
        });

        describe("refuses, with the exact message", () => {
            const long = "a".repeat(1000);
            const cases: [string, Args, string][] = [
                [
                    "a region that is not a region name",
                    { ...BASE, region: "Ohio" },
                    'region must be an AWS region name such as "us-east-2", got "Ohio"',
                ],
                [
                    "a lower-case key role",
                    { ...BASE, keyRole: "admin" as never },
                    'keyRole must be one of "VIEWER", "EDITOR", "ADMIN" (upper case), got "admin"',
                ],
                [
                    "an unknown key role",
                    { ...BASE, keyRole: "OWNER" as never },
                    'keyRole must be one of "VIEWER", "EDITOR", "ADMIN" (upper case), got "OWNER"',
                ],
                [
                    "minutesToLive 0",
                    { ...BASE, minutesToLive: 0 },
                    "minutesToLive must be an integer from 1 to 43200 (30 days, the longest a key may live), got 0",
                ],
                [
                    "minutesToLive over 30 days",
                    { ...BASE, minutesToLive: 43201 },
                    "minutesToLive must be an integer from 1 to 43200 (30 days, the longest a key may live), got 43201",
                ],
                [
                    "a fractional minutesToLive",
                    { ...BASE, minutesToLive: 1.5 },
                    "minutesToLive must be an integer from 1 to 43200 (30 days, the longest a key may live), got 1.5",
                ],
                [
                    "minutesToLive as a string",
                    { ...BASE, minutesToLive: "60" as never },
                    'minutesToLive must be an integer from 1 to 43200 (30 days, the longest a key may live), got "60"',
                ],
                [
                    "rotationMinutes 0",
                    { ...BASE, rotationMinutes: 0 },
                    "rotationMinutes must be an integer from 1 to 43200, got 0",
                ],
                [
                    "runCadenceMinutes 0",
                    { ...BASE, runCadenceMinutes: 0 },
                    "runCadenceMinutes must be an integer from 1 to 43200, got 0",
                ],
                [
                    "a rotation that, with a weekly cadence, outlives the key",
                    { ...BASE, rotationMinutes: 40000, runCadenceMinutes: 10080 },
                    "rotationMinutes lets the key expire between runs, got 40000: rotationMinutes 40000 + runCadenceMinutes " +
                        "10080 = 50080 > minutesToLive 43200, so a key is replaced up to 50080 " +
                        "minutes after it was created, 6880 minutes after it expired; set rotationMinutes to at most 33120",
                ],
                [
                    "a rotation only at expiry",
                    { ...BASE, minutesToLive: 60, rotationMinutes: 60, runCadenceMinutes: 10 },
                    "rotationMinutes must be less than the key's lifetime, got 60: rotationMinutes 60 >= minutesToLive 60, so a " +
                        "key is still in use after it expires, whatever the run cadence; set rotationMinutes below 60, " +
                        "leaving room for the gap between runs",
                ],
                [
                    "a lifetime no longer than a weekly cadence",
                    { ...BASE, minutesToLive: 1440, runCadenceMinutes: 10080 },
                    "minutesToLive leaves no rotation that keeps a valid key, got 1440: minutesToLive 1440 must be more than " +
                        "runCadenceMinutes 10080, because a key must outlive the gap between two " +
                        "runs plus at least one minute of rotation; run pulumi up more often or let keys live longer",
                ],
                [
                    "a cadence no shorter than the default lifetime",
                    { ...BASE, runCadenceMinutes: 43200 },
                    "runCadenceMinutes leaves no rotation that keeps a valid key, got 43200: minutesToLive 43200 must be more than " +
                        "runCadenceMinutes 43200, because a key must outlive the gap between two runs plus at least one " +
                        "minute of rotation; run pulumi up more often or let keys live longer",
                ],
                [
                    "adoptExisting that is not a boolean",
                    { ...BASE, adoptExisting: "yes" as never },
                    'adoptExisting must be true or false, got "yes"',
                ],
                [
                    "aliases that are not a list of names",
                    { ...BASE, aliases: "old" as never },
                    'aliases must be a list of the instance\'s previous names (non-empty strings), got "old"',
                ],
                [
                    "an alias that is the instance's own name",
                    { ...BASE, aliases: ["grafana-key"] },
                    'aliases[0] must be a previous name, not the instance\'s own name, got "grafana-key"',
                ],
                [
                    "a path format that is not a string",
                    { ...BASE, ssmPathFormatApiKey: 42 as never },
                    'ssmPathFormatApiKey must be a format() string with one "%s" for the id, got 42',
                ],
                [
                    "a path format without a verb",
                    { ...BASE, ssmPathFormatApiKey: "/dashboards/api_key" },
                    'ssmPathFormatApiKey must take exactly one argument, the id (format: too many arguments; no verbs in format string), got "/dashboards/api_key"',
                ],
                [
                    "a path format with two verbs",
                    { ...BASE, ssmPathFormatApiKey: "/%s/%s" },
                    'ssmPathFormatApiKey must take exactly one argument, the id (format: not enough arguments for "%s" at 4: need index 2 but have 1 total), got "/%s/%s"',
                ],
                [
                    'a path without the leading "/"',
                    { ...BASE, ssmPathFormatApiKey: "dashboards/%s" },
                    'ssmPathFormatApiKey must give an SSM parameter name SSM accepts, got "dashboards/%s": the name "dashboards/eg-ue2-prod-grafana" must start with "/"',
                ],
                [
                    "a path with other characters",
                    { ...BASE, ssmPathFormatApiKey: "/dash boards/%s:key" },
                    'ssmPathFormatApiKey must give an SSM parameter name SSM accepts, got "/dash boards/%s:key": the name "/dash boards/eg-ue2-prod-grafana:key" may only contain a-z, A-Z, 0-9, "_", ".", "-" and "/" (found " ", ":")',
                ],
                [
                    "a path under /aws",
                    { ...BASE, ssmPathFormatApiKey: "/AWS/%s" },
                    'ssmPathFormatApiKey must give an SSM parameter name SSM accepts, got "/AWS/%s": the name "/AWS/eg-ue2-prod-grafana" must not begin with "aws" or "ssm" (in any case) at its first level',
                ],
                [
                    "a path whose first level begins with ssm",
                    { ...BASE, ssmPathFormatApiKey: "/ssmkeys/%s" },
                    'ssmPathFormatApiKey must give an SSM parameter name SSM accepts, got "/ssmkeys/%s": the name "/ssmkeys/eg-ue2-prod-grafana" must not begin with "aws" or "ssm" (in any case) at its first level',
                ],
                [
                    "a path with an empty level",
                    { ...BASE, ssmPathFormatApiKey: "/dashboards//%s/" },
                    'ssmPathFormatApiKey must give an SSM parameter name SSM accepts, got "/dashboards//%s/": the name "/dashboards//eg-ue2-prod-grafana/" must not have an empty level ("//" or a trailing "/")',
                ],
                [
                    "a path of 16 levels",
                    { ...BASE, ssmPathFormatApiKey: "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/%s" },
                    'ssmPathFormatApiKey must give an SSM parameter name SSM accepts, got "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/%s": the name "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/eg-ue2-prod-grafana" must have at most 15 levels, has 16',
                ],
                [
                    "a path over 1011 characters",
                    { ...BASE, ssmPathFormatApiKey: `/${long}/%s` },
                    `ssmPathFormatApiKey must give an SSM parameter name SSM accepts, got "/${"a".repeat(195)}...: the name "/${"a".repeat(195)}... must be at most 967 characters in us-east-2 ` +
                        '(1,011 with the ARN prefix "arn:aws:ssm:us-east-2:111111111111:parameter" before it), has 1021',
                ],
                [
                    "a path breaking several rules",
                    { ...BASE, ssmPathFormatApiKey: "aws %s" },
                    'ssmPathFormatApiKey must give an SSM parameter name SSM accepts, got "aws %s": the name "aws eg-ue2-prod-grafana" ' +
                        'may only contain a-z, A-Z, 0-9, "_", ".", "-" and "/" (found " "); must not begin with "aws" or "ssm" (in any case) at its first level',
                ],
                [
                    "an empty id (the key name)",
                    { region: "us-east-2", credentialType: "api-key" },
                    'name must be set (or another label: namespace, tenant, environment, stage, attributes): the id is the API key name, and it is empty, got ""',
                ],
                [
                    "an id over 100 characters for an API key",
                    { region: "us-east-2", name: "k".repeat(101), credentialType: "api-key" },
                    `idLengthLimit must be set to at most 100: the id is the API key name, which may have at most 100 characters, got 0: the id "${"k".repeat(101)}" has 101`,
                ],
                [
                    "an id over 128 characters for a service account",
                    { region: "us-east-2", name: "k".repeat(129), credentialType: "service-account-token" },
                    `idLengthLimit must be set to at most 128: the id is the service account and token name, which may have at most 128 characters, got 0: the id "${"k".repeat(129)}" has 129`,
                ],
                [
                    "a workspace id of the wrong shape",
                    { ...BASE, workspaceId: "g-ABCDEF1234" },
                    'workspaceId must be a workspace id: "g-" and ten lower-case hex digits, e.g. "g-0123456789", got "g-ABCDEF1234"',
                ],
                [
                    "a workspace id without its prefix",
                    { ...BASE, workspaceId: "0123456789" },
                    'workspaceId must be a workspace id: "g-" and ten lower-case hex digits, e.g. "g-0123456789", got "0123456789"',
                ],
                [
                    "a stack name of two parts",
                    { ...BASE, dashboardsStackName: "acme/monitoring" },
                    'dashboardsStackName must be a full stack name "organization/project/stack" (each part letters, digits, "_", "." or "-", not "." or ".."), got "acme/monitoring"',
                ],
                [
                    "a stack name with an empty part",
                    { ...BASE, dashboardsStackName: "acme//prod" },
                    'dashboardsStackName must be a full stack name "organization/project/stack" (each part letters, digits, "_", "." or "-", not "." or ".."), got "acme//prod"',
                ],
                [
                    // Issue 40: refused as `synth --stack ..` is (stack/names.ts pulumiNameProblem).
                    "a stack name with a .. part",
                    { ...BASE, dashboardsStackName: "org/../x" },
                    'dashboardsStackName must be a full stack name "organization/project/stack" (each part letters, digits, "_", "." or "-", not "." or ".."), got "org/../x"',
                ],
                [
                    "an empty component name",
                    { ...BASE, dashboardsComponentName: "" },
                    'dashboardsComponentName must be a non-empty component path such as "managed-dashboards/workspace", got ""',
                ],
                [
                    "a component name that cannot name a project",
                    { ...BASE, dashboardsComponentName: "grafana workspace" },
                    'dashboardsComponentName must be a component path of letters, digits, "_", ".", "-" and "/" (at most 100 characters; ' +
                        'it names the Pulumi project of the workspace stack), got "grafana workspace"',
                ],
                [
                    "an unknown credential type",
                    { ...BASE, credentialType: "token" as never },
                    'credentialType must be one of "api-key", "service-account-token", got "token"',
                ],
                [
                    "a blank KMS key",
                    { ...BASE, kmsKeyId: " " },
                    'kmsKeyId must be a non-empty KMS key id, ARN or alias (e.g. "alias/dashboards"), got " "',
                ],
                [
                    "a snake_case argument",
                    { ...BASE, key_role: "ADMIN" } as Args,
                    "key_role is not an argument of managed-dashboards/api-key (did you mean keyRole?)",
                ],
                [
                    "the original's name of an argument",
                    { ...BASE, grafanaComponentName: "grafana" } as Args,
                    "grafanaComponentName is not an argument of managed-dashboards/api-key (did you mean dashboardsComponentName?)",
                ],
                [
                    "an unknown argument",
                    { ...BASE, ttl: 5 } as Args,
                    "ttl is not an argument of managed-dashboards/api-key",
                ],
                [
                    "a label error",
                    { ...BASE, labelKeyCase: "camel" as never },
                    'labelKeyCase must be one of "lower", "title", "upper", got "camel"',
                ],
                [
                    "a workspace stack that is this stack",
                    { ...BASE, dashboardsStackName: "acme/dashboards/ue2-prod" },
                    'dashboardsStackName must lead to the workspace\'s stack, not to the stack being deployed, got "acme/dashboards/ue2-prod"',
                ],
            ];
            for (const [title, args, message] of cases) {
                it(title, () => assert.equal(refusal(args), PREFIX + message));
            }

            it("a missing region in a stack file's instance (TypeScript takes the AWS provider's)", () => {
                assert.equal(resolve({ ...LABELS } as Args).region, undefined);
                assert.equal(
                    thrown(() => mod.resolveDashboardsApiKey("grafana-key", { ...LABELS }, DEPLOYMENT)).message,
                    PREFIX + 'region is required (the AWS region of every resource, e.g. "us-east-2"), got undefined',
                );
            });

            it("a component name mapped to this very stack", () => {
                assert.equal(
                    refusal({ ...BASE, dashboardsComponentName: "dashboards" }),
                    `${PREFIX}dashboardsComponentName must lead to the workspace's stack, not to the stack being deployed (it leads to "acme/dashboards/ue2-prod"), got "dashboards"`,
                );
            });

            it("every problem at once, in argument order, as a ComponentArgsError", () => {
                const error = thrown(() =>
                    resolve({
                        region: "",
                        keyRole: "admin" as never,
                        minutesToLive: 50000,
                        rotationMinutes: 0,
                        workspaceId: "g-1",
                        name: "grafana",
                        unknown: true,
                    } as Args),
                );
                assert.equal(error.name, "ComponentArgsError");
                assert.deepEqual([error.component, error.instance], ["managed-dashboards/api-key", "grafana-key"]);
                assert.deepEqual(
                    error.problems.map((p) => p.field),
                    ["unknown", "region", "workspaceId", "keyRole", "minutesToLive", "rotationMinutes"],
                );
                assert.equal(
                    error.message,
                    [
                        "unknown is not an argument of managed-dashboards/api-key",
                        'region is required (the AWS region of every resource, e.g. "us-east-2"), got ""',
                        'workspaceId must be a workspace id: "g-" and ten lower-case hex digits, e.g. "g-0123456789", got "g-1"',
                        'keyRole must be one of "VIEWER", "EDITOR", "ADMIN" (upper case), got "admin"',
                        "minutesToLive must be an integer from 1 to 43200 (30 days, the longest a key may live), got 50000",
                        "rotationMinutes must be an integer from 1 to 43200, got 0",
                    ]
                        .map((line) => PREFIX + line)
                        .join("\n"),
                );
            });

            it("the path's problems together with the label's", () => {
                assert.equal(
                    refusal({ ...BASE, labelValueCase: "snake" as never, ssmPathFormatApiKey: "/%s/%s" }),
                    [
                        'labelValueCase must be one of "lower", "title", "upper", "none", got "snake"',
                        'ssmPathFormatApiKey must take exactly one argument, the id (format: not enough arguments for "%s" at 4: need index 2 but have 1 total), got "/%s/%s"',
                    ]
                        .map((line) => PREFIX + line)
                        .join("\n"),
                );
            });

            it("args that are not an object", () => {
                assert.equal(
                    thrown(() => mod.resolveDashboardsApiKeyArgs("grafana-key", null as never)).message,
                    `${PREFIX}args must be an object, got null`,
                );
            });
        });

        describe("properties", () => {
            it("every accepted schedule replaces a key before it expires when runs keep the cadence", () => {
                fc.assert(
                    fc.property(
                        fc.integer({ min: 1, max: 43200 }),
                        fc.integer({ min: 1, max: 43200 }),
                        fc.option(fc.integer({ min: 1, max: 43200 }), { nil: undefined }),
                        (minutesToLive, runCadenceMinutes, rotationMinutes) => {
                            let resolved;
                            try {
                                resolved = resolve({ ...BASE, minutesToLive, runCadenceMinutes, rotationMinutes });
                            } catch {
                                // Refused only when no valid key survives the cadence with this rotation.
                                const rotation = rotationMinutes ?? 1;
                                return (
                                    minutesToLive <= runCadenceMinutes || rotation + runCadenceMinutes > minutesToLive
                                );
                            }
                            return (
                                resolved.rotationMinutes >= 1 &&
                                resolved.rotationMinutes + runCadenceMinutes <= minutesToLive &&
                                resolved.secondsToLive === minutesToLive * 60 &&
                                resolved.secondsToLive <= 2_592_000
                            );
                        },
                    ),
                );
            });

            it("every lifetime outside 1..43200 is refused", () => {
                fc.assert(
                    fc.property(
                        fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 43201 }), fc.double({ noInteger: true })),
                        (minutesToLive) => {
                            const message = refusal({ ...BASE, minutesToLive });
                            return message.startsWith(`${PREFIX}minutesToLive must be an integer from 1 to 43200`);
                        },
                    ),
                );
            });

            it("every id of the default label characters gives a valid path under the default format", () => {
                fc.assert(
                    fc.property(fc.stringMatching(/^[a-z0-9]{1,60}$/), (name) => {
                        return resolve({ region: "us-east-2", name }).ssmPath === `/dashboards/${name}/api_key`;
                    }),
                );
            });
        });
    });

    describe("DashboardsApiKey", () => {
        /** A fresh component under fresh mocks. */
        async function deploy(
            args: Args,
            options: MockOptions = {},
        ): Promise<import("../../components/apiKey").DashboardsApiKey> {
            mocks = await install({ ...DEPLOYMENT, ...options });
            const component = new mod.DashboardsApiKey("grafana-key", args);
            await mocks.settle();
            return component;
        }

        const withWorkspace: MockOptions = { stackOutputs: { [WORKSPACE_STACK]: WORKSPACE_OUTPUTS } };

        it("has its component path and type token", () => {
            assert.equal(mod.DashboardsApiKey.componentPath, "managed-dashboards/api-key");
            assert.equal(mod.DashboardsApiKey.typeToken, COMPONENT_TYPE);
        });

        /** The parameter as the tests expect it, for a description. */
        const parameter = (description: string) => ({
            type: "aws:ssm/parameter:Parameter",
            name: "grafana-key-parameter",
            parent: COMPONENT_PARENT,
            inputs: {
                name: "/dashboards/eg-ue2-prod-grafana/api_key",
                description,
                type: "SecureString",
                value: "[secret]",
                tier: "Standard",
                dataType: "text",
                keyId: "alias/aws/ssm",
                // The owner tag: this stack (issue 32).
                tags: { ...TAGS, "pulumi:stack": "acme/dashboards/ue2-prod" },
                region: "us-east-2",
            },
        });
        const reference = {
            type: "pulumi:pulumi:StackReference",
            name: "grafana-key-workspace",
            parent: COMPONENT_PARENT,
            inputs: { name: WORKSPACE_STACK },
        };
        /** The window of the default rotation (21600 minutes from the epoch) that 2026-01-01 falls in. */
        const WINDOW = "2025-12-23T00:00:00Z";
        /** The names of this window's credentials: `<id>-<window start>-<digest of type, role, lifetime>`. */
        const TOKEN_NAME = "eg-ue2-prod-grafana-20251223T000000Z-6e68";
        const KEY_NAME = "eg-ue2-prod-grafana-20251223T000000Z-c90c";
        const API_KEY: Args = { ...BASE, credentialType: "api-key" };

        it("by default creates a service account and a rotated token, after looking up the workspace's version", async () => {
            const component = await deploy(BASE, withWorkspace);
            assert.deepEqual(mocks.resources.map(summary), [
                { type: COMPONENT_TYPE, name: "grafana-key", parent: null, inputs: {} },
                reference,
                {
                    type: "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount",
                    name: "grafana-key-service-account",
                    parent: COMPONENT_PARENT,
                    inputs: {
                        name: "eg-ue2-prod-grafana-admin-20251223T000000Z",
                        grafanaRole: "ADMIN",
                        workspaceId: "g-aaaaaaaaaa",
                        region: "us-east-2",
                    },
                },
                {
                    type: "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken",
                    name: "grafana-key-token",
                    parent: COMPONENT_PARENT,
                    inputs: {
                        name: TOKEN_NAME,
                        secondsToLive: 2592000,
                        serviceAccountId: "1",
                        workspaceId: "g-aaaaaaaaaa",
                        region: "us-east-2",
                    },
                },
                parameter("Grafana Workspace Service Account Token"),
            ]);
            assert.deepEqual(mocks.errors, []);
            // The workspace's version, and the owner tags of SSM parameters (one parameter, one owner).
            assert.deepEqual([...mocks.calls].sort(), [
                "aws:grafana/getWorkspace:getWorkspace",
                "aws:resourcegroupstaggingapi/getResources:getResources",
            ]);
            // The token's own expiry.
            assert.equal(await unwrap(component.expiresAt), "2026-01-31T00:00:00Z");
            assert.equal(await pulumi.isSecret(component.apiKey as pulumi.Output<string>), true);
        });

        it("registers the options: the window trigger, create-first pinned (deleteBeforeReplace false), and a changed lifetime replaces", async () => {
            await deploy(BASE, withWorkspace);
            const withOptions = () => mocks.resources.filter((r) => r.options).map((r) => [r.name, r.options]);
            // deleteBeforeReplace false is sent as set (the Node.js SDK's deleteBeforeReplaceDefined,
            // @pulumi/pulumi runtime/resource.js 372-373), and a set goal overrides the provider's request
            // (pulumi/pulumi pkg/resource/deploy/step_generator.go 2043-2046).
            assert.deepEqual(withOptions(), [
                ["grafana-key-service-account", { deleteBeforeReplace: false }],
                [
                    "grafana-key-token",
                    {
                        deleteBeforeReplace: false,
                        replaceOnChanges: ["secondsToLive"],
                        replacementTrigger: { windowStart: WINDOW, rotationMinutes: 21600 },
                    },
                ],
            ]);
            await deploy(API_KEY, withWorkspace);
            assert.deepEqual(withOptions(), [
                ["grafana-key-issued", { deleteBeforeReplace: false }],
                [
                    "grafana-key-key",
                    {
                        deleteBeforeReplace: false,
                        // The window, and the id of the record of its issue time (a time.Static's id is
                        // the time it was created: under the mocks, this run's time), so that whatever
                        // replaces the record replaces the key.
                        replacementTrigger: {
                            windowStart: WINDOW,
                            rotationMinutes: 21600,
                            issued: "2026-01-01T00:00:00Z",
                        },
                        replaceOnChanges: ["secondsToLive"],
                        dependsOn: ["time:index/static:Static::grafana-key-issued"],
                    },
                ],
            ]);
        });

        it("api-key: registers when the key was issued, the key and the parameter, in that order", async () => {
            const component = await deploy(API_KEY, withWorkspace);
            assert.deepEqual(mocks.resources.map(summary), [
                { type: COMPONENT_TYPE, name: "grafana-key", parent: null, inputs: {} },
                reference,
                {
                    type: "time:index/static:Static",
                    name: "grafana-key-issued",
                    parent: COMPONENT_PARENT,
                    inputs: {
                        triggers: {
                            window: WINDOW,
                            minutesToLive: "43200",
                            keyName: KEY_NAME,
                            keyRole: "ADMIN",
                            workspaceId: "g-aaaaaaaaaa",
                            region: "us-east-2",
                        },
                    },
                },
                {
                    type: "aws:grafana/workspaceApiKey:WorkspaceApiKey",
                    name: "grafana-key-key",
                    parent: COMPONENT_PARENT,
                    inputs: {
                        keyName: KEY_NAME,
                        keyRole: "ADMIN",
                        secondsToLive: 2592000,
                        workspaceId: "g-aaaaaaaaaa",
                        region: "us-east-2",
                    },
                },
                parameter("Grafana Workspace API Key"),
            ]);
            assert.deepEqual(mocks.errors, []);
            assert.equal(await unwrap(component.expiresAt), "2026-01-31T00:00:00Z");
        });

        describe("two runs at different times: the trigger changes only in a new rotation window", () => {
            // The window part of the trigger. (An API key's trigger also carries its issue record's id,
            // which a real run keeps from its state until the record is replaced; the mocks keep no
            // state, so every simulated run would create the record anew.)
            const triggerAt = async (now: string, args: Args = BASE) => {
                await deploy(args, { ...withWorkspace, now });
                const trigger = mocks.resources.find(
                    (r) => r.name === "grafana-key-token" || r.name === "grafana-key-key",
                )?.options?.replacementTrigger as { windowStart: string } | undefined;
                return trigger?.windowStart;
            };
            it("a run 6 days later, in the same window, keeps the key", async () => {
                assert.deepEqual(
                    [await triggerAt("2026-01-01T00:00:00Z"), await triggerAt("2026-01-06T23:59:00Z")],
                    [WINDOW, WINDOW],
                );
            });
            it("a run in the next window (from 2026-01-07) replaces it, without any refresh", async () => {
                assert.deepEqual(
                    [await triggerAt("2026-01-06T23:59:00Z"), await triggerAt("2026-01-07T00:00:00Z")],
                    [WINDOW, "2026-01-07T00:00:00Z"],
                );
            });
            it("a key created just before a window ends is still replaced within rotationMinutes + the cadence", async () => {
                // rotationMinutes 300 with runs every 60 minutes: windows start at 23:00, 04:00, ...
                const args: Args = { ...API_KEY, minutesToLive: 600, rotationMinutes: 300, runCadenceMinutes: 60 };
                assert.deepEqual(
                    [
                        await triggerAt("2026-01-01T03:59:00Z", args),
                        await triggerAt("2026-01-01T04:00:00Z", args),
                        await triggerAt("2026-01-01T08:59:00Z", args),
                    ],
                    ["2025-12-31T23:00:00Z", "2026-01-01T04:00:00Z", "2026-01-01T04:00:00Z"],
                );
            });
            it("the issue time of an API key follows the window and the lifetime", async () => {
                await deploy({ ...API_KEY, minutesToLive: 20000 }, { ...withWorkspace, now: "2026-01-07T00:00:00Z" });
                const issued = mocks.resources.find((r) => r.name === "grafana-key-issued");
                // rotationMinutes: 20000 - 10080 = 9920 (half would leave less than a week).
                assert.deepEqual(issued?.inputs, {
                    triggers: {
                        window: "2026-01-07T00:00:00Z",
                        minutesToLive: "20000",
                        keyName: "eg-ue2-prod-grafana-20260107T000000Z-1906",
                        keyRole: "ADMIN",
                        workspaceId: "g-aaaaaaaaaa",
                        region: "us-east-2",
                    },
                });
            });
            it("the issue time of an API key follows every change that makes a new key (role, name, workspace)", async () => {
                const triggersOf = async (args: Args, options: MockOptions = withWorkspace) => {
                    await deploy(args, options);
                    return mocks.resources.find((r) => r.name === "grafana-key-issued")?.inputs.triggers;
                };
                const base = await triggersOf(API_KEY);
                const changed = [
                    await triggersOf({ ...API_KEY, keyRole: "VIEWER" }),
                    await triggersOf({ ...API_KEY, name: "other" }),
                    await triggersOf(API_KEY, {
                        stackOutputs: { [WORKSPACE_STACK]: { ...WORKSPACE_OUTPUTS, workspace_id: "g-cccccccccc" } },
                    }),
                ];
                for (const triggers of changed) {
                    assert.notDeepEqual(triggers, base);
                }
            });
        });

        describe("warns when the live key expires before the next scheduled run", () => {
            const warnings = async (args: Args, options: MockOptions) => {
                const warned: string[] = [];
                const original = console.warn;
                console.warn = (message: string) => void warned.push(message);
                try {
                    await deploy(args, { ...withWorkspace, ...options });
                    // The expiry check runs once the key's outputs resolve.
                    await drained();
                } finally {
                    console.warn = original;
                }
                return warned;
            };
            it("an API key issued 25 days ago by an earlier run: 5 days left, the cadence is a week", async () => {
                assert.deepEqual(
                    await warnings(API_KEY, { now: "2026-01-26T00:00:00Z", resourceTime: "2026-01-01T00:00:00Z" }),
                    [
                        `warning: [runtime] ${PREFIX}the live key expires at 2026-01-31T00:00:00Z, in 7200 minutes, before the ` +
                            "next scheduled run (every 10080 minutes); the first pulumi up at or after 2026-02-06T00:00:00Z " +
                            "replaces it: run it then, before the key expires; if the key was deleted outside Pulumi (a refresh " +
                            "never sees it), run pulumi up --replace " +
                            "'urn:pulumi:ue2-prod::dashboards::cloudposse:managed-dashboards:DashboardsApiKey$aws:grafana/workspaceApiKey:WorkspaceApiKey::grafana-key-key' " +
                            "--replace 'urn:pulumi:ue2-prod::dashboards::cloudposse:managed-dashboards:DashboardsApiKey$time:index/static:Static::grafana-key-issued' " +
                            "(checked at 2026-01-26T00:00:00Z)",
                    ],
                );
            });
            it("a token that has expired", async () => {
                const warned = await warnings(BASE, {
                    now: "2026-02-02T00:00:00Z",
                    resourceTime: "2026-01-01T00:00:00Z",
                });
                assert.equal(warned.length, 1);
                assert.match(
                    warned[0],
                    /the live key expired at 2026-01-31T00:00:00Z \(2880 minutes ago\) and this run does not replace it; clients of the key get 401 until it is replaced; the first pulumi up at or after 2026-02-06T00:00:00Z replaces it; if the service account 'urn:pulumi:ue2-prod::dashboards::cloudposse:managed-dashboards:DashboardsApiKey\$aws:grafana\/workspaceServiceAccount:WorkspaceServiceAccount::grafana-key-service-account' or its token was deleted outside Pulumi, run pulumi refresh \(it drops them from the state\), then pulumi up creates them again/,
                );
            });
            it("a fresh key: no warning", async () => {
                assert.deepEqual(await warnings(API_KEY, {}), []);
            });
        });

        it("takes the lifetime, rotation, cadence, role, path format and KMS key", async () => {
            const component = await deploy(
                {
                    ...API_KEY,
                    keyRole: "EDITOR",
                    minutesToLive: 1440,
                    rotationMinutes: 600,
                    runCadenceMinutes: 60,
                    ssmPathFormatApiKey: "/grafana/%s/key",
                    kmsKeyId: "alias/dashboards",
                },
                withWorkspace,
            );
            const byName = Object.fromEntries(mocks.resources.map((r) => [r.name, r.inputs]));
            assert.deepEqual(byName["grafana-key-issued"], {
                triggers: {
                    window: "2025-12-31T18:00:00Z",
                    minutesToLive: "1440",
                    keyName: "eg-ue2-prod-grafana-20251231T180000Z-23da",
                    keyRole: "EDITOR",
                    workspaceId: "g-aaaaaaaaaa",
                    region: "us-east-2",
                },
            });
            assert.deepEqual(
                [byName["grafana-key-key"].keyRole, byName["grafana-key-key"].secondsToLive],
                ["EDITOR", 86400],
            );
            assert.deepEqual(
                [byName["grafana-key-parameter"].name, byName["grafana-key-parameter"].keyId],
                ["/grafana/eg-ue2-prod-grafana/key", "alias/dashboards"],
            );
            assert.equal(await unwrap(component.expiresAt), "2026-01-02T00:00:00Z");
        });

        it("references dashboardsStackName when given", async () => {
            const component = await deploy(
                { ...BASE, dashboardsStackName: "ops/monitoring/prod" },
                { stackOutputs: { "ops/monitoring/prod": { workspace_id: "g-bbbbbbbbbb" } } },
            );
            assert.deepEqual(mocks.resources.filter((r) => r.type === "pulumi:pulumi:StackReference").map(summary), [
                {
                    type: "pulumi:pulumi:StackReference",
                    name: "grafana-key-workspace",
                    parent: COMPONENT_PARENT,
                    inputs: { name: "ops/monitoring/prod" },
                },
            ]);
            assert.equal(await unwrap(component.workspaceId), "g-bbbbbbbbbb");
        });

        it("takes a resolved result as is, without resolving again", async () => {
            // Resolved for another deployment: re-resolving would reference acme/...; as is, other/....
            const resolved = mod.resolveDashboardsApiKeyArgs("grafana-key", BASE, {
                organization: "other",
                project: "dashboards",
                stack: "ue2-prod",
            });
            assert.ok(mod.isResolvedDashboardsApiKey(resolved));
            assert.ok(!mod.isResolvedDashboardsApiKey({ ...resolved }), "a copy is not a resolved result");
            assert.ok(Object.isFrozen(resolved));
            mocks = await install({
                ...DEPLOYMENT,
                stackOutputs: { "other/managed-dashboards-workspace/ue2-prod": WORKSPACE_OUTPUTS },
            });
            // The stack program's path (its kit), typed apart from the public Args.
            const { FromStackProgram } = await import("../../components/kit/preamble");
            new mod.DashboardsApiKey("grafana-key", new FromStackProgram(resolved));
            await mocks.settle();
            assert.deepEqual(
                mocks.resources.filter((r) => r.type === "pulumi:pulumi:StackReference").map((r) => r.inputs),
                [{ name: "other/managed-dashboards-workspace/ue2-prod" }],
            );
        });

        it("derives the endpoint from the id and region when the stack has no endpoint output", async () => {
            const component = await deploy(BASE, {
                stackOutputs: { [WORKSPACE_STACK]: { workspace_id: "g-cccccccccc" } },
            });
            assert.equal(
                await unwrap(component.workspaceEndpoint),
                "g-cccccccccc.grafana-workspace.us-east-2.amazonaws.com",
            );
        });

        it("looks up the live workspace's Grafana version even when the stack has an output (the higher one decides)", async () => {
            await deploy(API_KEY, {
                stackOutputs: { [WORKSPACE_STACK]: { ...WORKSPACE_OUTPUTS, workspace_grafana_version: "9.4" } },
                grafanaVersion: "10.4",
            });
            // The workspace's version, and the owner tags of SSM parameters (one parameter, one owner).
            assert.deepEqual([...mocks.calls].sort(), [
                "aws:grafana/getWorkspace:getWorkspace",
                "aws:resourcegroupstaggingapi/getResources:getResources",
            ]);
            assert.deepEqual(mocks.errors, []);
        });

        it("references no stack when workspaceId is given", async () => {
            const component = await deploy({ ...BASE, workspaceId: "g-0123456789", region: "eu-west-1" });
            assert.deepEqual(
                mocks.resources.map((r) => r.type),
                [
                    COMPONENT_TYPE,
                    "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount",
                    "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken",
                    "aws:ssm/parameter:Parameter",
                ],
            );
            assert.deepEqual(
                mocks.resources.filter((r) => r.custom && r.type.startsWith("aws:")).map((r) => r.inputs.region),
                ["eu-west-1", "eu-west-1", "eu-west-1"],
            );
            assert.deepEqual(await Promise.all([unwrap(component.workspaceId), unwrap(component.workspaceEndpoint)]), [
                "g-0123456789",
                "g-0123456789.grafana-workspace.eu-west-1.amazonaws.com",
            ]);
        });

        it("adoptExisting imports the SSM parameter by its path; nothing else", async () => {
            await deploy({ ...API_KEY, adoptExisting: true }, withWorkspace);
            assert.deepEqual(
                mocks.resources.filter((r) => r.importId !== undefined).map((r) => [r.name, r.importId]),
                [["grafana-key-parameter", "/dashboards/eg-ue2-prod-grafana/api_key@us-east-2"]],
            );
            // Only adopting overwrites (Terraform's parameter, imported first).
            assert.deepEqual(
                mocks.resources
                    .filter((r) => r.inputs.overwrite !== undefined)
                    .map((r) => [r.name, r.inputs.overwrite]),
                [["grafana-key-parameter", true]],
            );
            await deploy(API_KEY, withWorkspace);
            assert.deepEqual(
                mocks.resources.filter((r) => r.importId !== undefined),
                [],
            );
        });

        it("one parameter, one owner: a path another stack owns fails naming the path and the owner; this stack's own passes (issue 32)", async () => {
            const path = "/dashboards/eg-ue2-prod-grafana/api_key";
            // Both credential types: a refusal registers no Grafana credential (nor the api key's issue
            // record), only the component, so that the failed run leaves nothing in the workspace.
            for (const args of [BASE, API_KEY]) {
                await assert.rejects(
                    deploy(args, { ...withWorkspace, ssmParameterOwners: { [path]: "acme/other-project/ue2-prod" } }),
                    (error: Error) => {
                        // (The SDK's serialization prefix, which issue 29 removes, aside.) The field in
                        // TypeScript's words only (camelCase, as every TypeScript message names it).
                        assert.equal(
                            error.message.replace(/^error serializing property "\w+": /, ""),
                            'managed-dashboards/api-key "grafana-key": the SSM parameter "/dashboards/eg-ue2-prod-grafana/api_key" ' +
                                'belongs to the stack "acme/other-project/ue2-prod" (its pulumi:stack tag), and one parameter has ' +
                                "one owner: this stack (acme/dashboards/ue2-prod) would neither take it over nor delete it; give " +
                                "this instance another path (its label or ssmPathFormatApiKey), or, if " +
                                "acme/other-project/ue2-prod is this stack's former name (pulumi stack rename), retag the " +
                                "parameter: aws ssm add-tags-to-resource --resource-type Parameter --resource-id " +
                                "/dashboards/eg-ue2-prod-grafana/api_key --tags Key=pulumi:stack,Value=acme/dashboards/ue2-prod. " +
                                // A legacy shared parameter (issue 38): how to drop it from this stack's state; the URN
                                // by pulumi/pulumi sdk/go/common/resource/urn/urn.go 80-93 (a top-level component).
                                "If this stack's state still holds the parameter (releases that wrote it with overwrite: " +
                                "true let two stacks share it), this stack's pulumi destroy, or removing the instance, " +
                                "would still delete it from under acme/other-project/ue2-prod: drop it from this stack's " +
                                "state first with pulumi state delete 'urn:pulumi:ue2-prod::dashboards::" +
                                "cloudposse:managed-dashboards:DashboardsApiKey$aws:ssm/parameter:Parameter::" +
                                "grafana-key-parameter' (the parameter stays in AWS)",
                        );
                        return true;
                    },
                );
                assert.deepEqual(
                    mocks.resources.map((r) => [r.type, r.name]),
                    [
                        [COMPONENT_TYPE, "grafana-key"],
                        ["pulumi:pulumi:StackReference", "grafana-key-workspace"],
                    ],
                    String(args.credentialType),
                );
            }
            await deploy(API_KEY, { ...withWorkspace, ssmParameterOwners: { [path]: "acme/dashboards/ue2-prod" } });
            assert.equal(mocks.resources.filter((r) => r.type === "aws:ssm/parameter:Parameter").length, 1);
        });

        it("one parameter, one owner: the check runs in a preview too; an unknown path leaves it, and the Grafana children's workspace id, unknown", async () => {
            const path = "/dashboards/eg-ue2-prod-grafana/api_key";
            // The lookup is an invoke, which the SDK sends in a preview as in an update: runtime/invoke.ts
            // invokeAsync checks no dry-run flag: it answers unknown only for unknown arguments and
            // otherwise calls monitor.invoke (pulumi/pulumi sdk/nodejs/runtime/invoke.ts invokeAsync; in
            // the installed 3.248.0, node_modules/@pulumi/pulumi/runtime/invoke.js lines 143-216);
            // so a preview refuses as the update would, and registers no credential either.
            await assert.rejects(
                deploy(API_KEY, {
                    ...withWorkspace,
                    preview: true,
                    ssmParameterOwners: { [path]: "acme/other-project/ue2-prod" },
                }),
                /belongs to the stack "acme\/other-project\/ue2-prod"/,
            );
            assert.ok(mocks.calls.includes("aws:resourcegroupstaggingapi/getResources:getResources"));
            assert.deepEqual(
                mocks.resources.map((r) => r.type),
                [COMPONENT_TYPE, "pulumi:pulumi:StackReference"],
            );
            // A region known only after a resource is created: the path, so the check, waits for it; in
            // a preview the children are registered with their workspace id unknown, never a known one.
            mocks = await install({ ...DEPLOYMENT, preview: true });
            const { Topic } = await import("@pulumi/aws/sns");
            const topic = new Topic("topic", {});
            new mod.DashboardsApiKey("grafana-key", {
                ...BASE,
                workspaceId: "g-0123456789",
                region: topic.arn.apply(() => "us-east-2"),
            });
            await mocks.settle();
            assert.ok(!mocks.calls.includes("aws:resourcegroupstaggingapi/getResources:getResources"));
            const grafanaChildren = mocks.resources.filter((r) => r.type.startsWith("aws:grafana/"));
            assert.deepEqual(
                grafanaChildren.map((r) => [r.name, pulumi.isUnknown(r.inputs.workspaceId)]),
                [
                    ["grafana-key-service-account", true],
                    ["grafana-key-token", true],
                ],
            );
        });

        it("aliases: the component keeps its resources under a previous name", async () => {
            await deploy({ ...BASE, aliases: ["grafana"] }, withWorkspace);
            assert.deepEqual(
                mocks.resources.filter((r) => r.aliases).map((r) => [r.name, r.aliases]),
                [["grafana-key", [{ name: "grafana" }]]],
            );
        });

        it("logs each warning of the resolver, naming the instance", async () => {
            const warned: string[] = [];
            const original = console.warn;
            console.warn = (message: string) => void warned.push(message);
            try {
                await deploy({ ...BASE, workspaceId: "g-0123456789", dashboardsComponentName: "grafana" });
            } finally {
                console.warn = original;
            }
            // Without an engine (as under mocks) Pulumi prints warnings to stderr with this prefix.
            assert.deepEqual(warned, [
                `warning: [runtime] ${PREFIX}dashboardsComponentName is ignored: the workspace id is given, so no stack is referenced, got "grafana"`,
            ]);
        });

        it("registers only the component when disabled: no stack reference, no outputs", async () => {
            const component = await deploy({ ...BASE, enabled: false });
            assert.deepEqual(mocks.resources.map(summary), [
                { type: COMPONENT_TYPE, name: "grafana-key", parent: null, inputs: {} },
            ]);
            // Every declared output refuses to be read, naming itself (components/declaredOutputs.ts).
            const outputs = Object.keys(mod.DashboardsApiKey.definition.outputs);
            assert.deepEqual(
                readingDisabled(component, outputs),
                outputs.map((output) =>
                    disabledOutputMessage(mod.DashboardsApiKey.componentPath, "grafana-key", output),
                ),
            );
            assert.equal(component.isEnabled(), false);
        });

        // As tests/eventbridge.test.ts "a disabled instance's Inputs known later" (the SDK's path cited
        // there): the check's failure reaches the user through the outputs the component registers.
        for (const [given, role] of [
            ["an Output", () => pulumi.output("admin")],
            ["a Promise", () => Promise.resolve("admin")],
        ] as const) {
            it(`when disabled, still refuses a bad value given as ${given} once known, once`, async () => {
                const message = `${PREFIX}keyRole must be one of "VIEWER", "EDITOR", "ADMIN" (upper case), got "admin"`;
                assert.equal(
                    thrown(
                        () =>
                            new mod.DashboardsApiKey("grafana-key", {
                                ...BASE,
                                enabled: false,
                                keyRole: "admin" as never,
                            }),
                    ).message,
                    message,
                );
                mocks = await install(DEPLOYMENT);
                const { result: failure, rejections } = await withUnhandledRejections(async () => {
                    const component = new mod.DashboardsApiKey("grafana-key", {
                        ...BASE,
                        enabled: false,
                        keyRole: role() as never,
                    });
                    const failed = await mocks.settle().then(
                        () => undefined,
                        (error: unknown) => error,
                    );
                    assert.equal(component.isEnabled(), false);
                    return failed;
                });
                assert.ok(failure instanceof Error, "the program fails");
                assert.equal(failure.message, message);
                assert.deepEqual([...new Set(rejections)], [failure]);
                assert.deepEqual(mocks.resources.map(summary), [
                    { type: COMPONENT_TYPE, name: "grafana-key", parent: null, inputs: {} },
                ]);
            });
        }

        it("when disabled, accepts a good value given as an Output, and in a preview an unknown one", async () => {
            for (const preview of [false, true]) {
                const component = await deploy(
                    {
                        ...BASE,
                        enabled: false,
                        keyRole: pulumi.output("EDITOR") as never,
                        minutesToLive: pulumi.output(43200),
                    },
                    { preview },
                );
                assert.equal(component.isEnabled(), false);
                assert.deepEqual(mocks.resources.map(summary), [
                    { type: COMPONENT_TYPE, name: "grafana-key", parent: null, inputs: {} },
                ]);
            }
            const unknown = await deploy(
                { ...BASE, enabled: false, keyRole: pulumi.output(pulumi.unknown) as never },
                { preview: true },
            );
            assert.equal(unknown.isEnabled(), false);
            mocks = await install(DEPLOYMENT);
        });

        it("registers nothing at all for any refused argument", async () => {
            mocks = await install(DEPLOYMENT);
            const refused: Args[] = [
                { ...BASE, keyRole: "admin" as never },
                { ...BASE, minutesToLive: 0 },
                { ...BASE, rotationMinutes: 50000 },
                { ...BASE, ssmPathFormatApiKey: "/aws/%s" },
                { ...BASE, ssmPathFormatApiKey: "/%s/%s" },
                { region: "us-east-2" },
                { ...BASE, workspaceId: "x" },
                { ...BASE, dashboardsStackName: "x" },
                { ...BASE, credentialType: "x" as never },
                { ...BASE, kmsKeyId: " " },
                { ...BASE, extra: 1 } as Args,
                { ...BASE, idLengthLimit: 3 },
                { ...BASE, enabled: false, keyRole: "x" as never },
            ];
            for (const args of refused) {
                const error = thrown(() => new mod.DashboardsApiKey("grafana-key", args));
                assert.equal(error.name, "ComponentArgsError");
                assert.equal(
                    error.message,
                    thrown(() => mod.resolveDashboardsApiKeyArgs("grafana-key", args, DEPLOYMENT)).message,
                );
            }
            await mocks.settle();
            assert.deepEqual(mocks.resources, []);
        });
    });

    describe("createDashboardsProvider", () => {
        it("registers a Grafana provider for the workspace URL, authenticated by the secret key", async () => {
            mocks = await install({ ...DEPLOYMENT, stackOutputs: { [WORKSPACE_STACK]: WORKSPACE_OUTPUTS } });
            const component = new mod.DashboardsApiKey("grafana-key", BASE);
            const provider = mod.createDashboardsProvider("grafana", component);
            await mocks.settle();
            assert.deepEqual(mocks.resources.filter((r) => r.type.startsWith("pulumi:providers:")).map(summary), [
                {
                    type: "pulumi:providers:grafana",
                    name: "grafana",
                    parent: null,
                    inputs: { url: "https://g-aaaaaaaaaa.grafana-workspace.us-east-2.amazonaws.com", auth: "[secret]" },
                },
            ]);
            assert.equal(pulumi.ProviderResource.isInstance(provider), true);
        });

        it("takes another URL and resource options", async () => {
            mocks = await install(DEPLOYMENT);
            const component = new mod.DashboardsApiKey("grafana-key", { ...BASE, workspaceId: "g-0123456789" });
            mod.createDashboardsProvider(
                "grafana",
                component,
                { url: "https://grafana.example.com/" },
                { parent: component },
            );
            await mocks.settle();
            assert.deepEqual(mocks.resources.filter((r) => r.type === "pulumi:providers:grafana").map(summary), [
                {
                    type: "pulumi:providers:grafana",
                    name: "grafana",
                    parent: COMPONENT_PARENT,
                    inputs: { url: "https://grafana.example.com/", auth: "[secret]" },
                },
            ]);
        });

        it("refuses a disabled key component", async () => {
            mocks = await install(DEPLOYMENT);
            const component = new mod.DashboardsApiKey("grafana-key", { ...BASE, enabled: false });
            assert.throws(() => mod.createDashboardsProvider("grafana", component), {
                message:
                    'createDashboardsProvider "grafana": managed-dashboards/api-key "grafana-key" is disabled, so it has no key',
            });
            await mocks.settle();
            assert.deepEqual(
                mocks.resources.map((r) => r.type),
                [COMPONENT_TYPE],
            );
        });

        it("without @pulumiverse/grafana installed, says which package to install, before registering anything", async () => {
            mocks = await install(DEPLOYMENT);
            const component = new mod.DashboardsApiKey("grafana-key", { ...BASE, workspaceId: "g-0123456789" });
            const asked: string[] = [];
            mod.setGrafanaSdkLoader((name) => {
                asked.push(name);
                const error = new Error(
                    `Cannot find module '${name}'\nRequire stack:\n- x.js`,
                ) as NodeJS.ErrnoException;
                error.code = "MODULE_NOT_FOUND";
                throw error;
            });
            try {
                assert.throws(() => mod.createDashboardsProvider("grafana", component), {
                    message:
                        'createDashboardsProvider "grafana": needs the optional peer dependency @pulumiverse/grafana ' +
                        "(>=0.14.0 <3.0.0), which is not installed; install it beside this package: " +
                        "npm install '@pulumiverse/grafana@>=0.14.0 <3.0.0'",
                });
            } finally {
                mod.setGrafanaSdkLoader();
            }
            assert.deepEqual(asked, ["@pulumiverse/grafana"]);
            await mocks.settle();
            assert.equal(mocks.resources.filter((r) => r.type.startsWith("pulumi:providers:grafana")).length, 0);
        });

        it("passes on other failures to load @pulumiverse/grafana as they are", async () => {
            mocks = await install(DEPLOYMENT);
            const component = new mod.DashboardsApiKey("grafana-key", { ...BASE, workspaceId: "g-0123456789" });
            // A dependency of the SDK missing: not the case the install hint explains.
            const inner = Object.assign(new Error("Cannot find module 'some-dependency'"), {
                code: "MODULE_NOT_FOUND",
            });
            mod.setGrafanaSdkLoader(() => {
                throw inner;
            });
            try {
                assert.throws(
                    () => mod.createDashboardsProvider("grafana", component),
                    (error) => error === inner,
                );
            } finally {
                mod.setGrafanaSdkLoader();
            }
            await mocks.settle();
        });
    });

    // A failed registration leaves the SDK's wait for registrations pending for good, so each of these
    // runs under mocks of its own and installs fresh ones after it.
    describe("refusals while the program runs (preview and up), before any key is touched", () => {
        /** Deploys `args`, expecting `output` of the component to fail with `expected`; returns the types registered. */
        async function refusedAtRun(
            args: Args,
            options: MockOptions,
            expected: string,
            output?: (c: import("../../components/apiKey").DashboardsApiKey) => pulumi.Output<unknown> | undefined,
        ): Promise<string[]> {
            try {
                const { rejections } = await withUnhandledRejections(async () => {
                    mocks = await install({ ...DEPLOYMENT, ...options });
                    const component = new mod.DashboardsApiKey("grafana-key", args);
                    if (output) {
                        await assert.rejects(unwrap(output(component)), (error: Error) =>
                            error.message.endsWith(expected),
                        );
                    }
                });
                // A failed registration surfaces as an unhandled rejection (as Pulumi reports it and stops).
                assert.ok(
                    rejections.length > 0 && rejections.every((e) => (e as Error).message.endsWith(expected)),
                    `unexpected rejections: ${rejections.map(String).join("\n")}`,
                );
                return mocks.resources.map((r) => r.type);
            } finally {
                mocks = await install(DEPLOYMENT);
            }
        }
        const workspace: MockOptions = { stackOutputs: { [WORKSPACE_STACK]: WORKSPACE_OUTPUTS } };

        it("api-key on a workspace the AWS lookup shows on Grafana 12", async () => {
            const types = await refusedAtRun(
                { ...BASE, credentialType: "api-key" },
                { ...workspace, grafanaVersion: "12.4" },
                `${PREFIX}credentialType "api-key" does not work on this workspace: it runs Grafana 12.4, and Amazon ` +
                    'Managed Grafana removed API keys in Grafana 12; use "service-account-token" (the default) (workspace g-aaaaaaaaaa)',
                (c) => c.workspaceId,
            );
            // No key, and no record of its issue time: only what does not need the checked workspace id.
            assert.deepEqual(types, [COMPONENT_TYPE, "pulumi:pulumi:StackReference"]);
        });

        it("api-key on a workspace upgraded to Grafana 12 in the console while its stack still says 9.4 (N4)", async () => {
            await refusedAtRun(
                { ...BASE, credentialType: "api-key" },
                {
                    stackOutputs: { [WORKSPACE_STACK]: { ...WORKSPACE_OUTPUTS, workspace_grafana_version: "9.4" } },
                    grafanaVersion: "12.0",
                },
                "it runs Grafana 12.0, and Amazon Managed Grafana removed API keys in Grafana 12; " +
                    'use "service-account-token" (the default) (workspace g-aaaaaaaaaa)',
                (c) => c.workspaceId,
            );
        });

        it("api-key on a workspace whose stack says Grafana 12", async () => {
            await refusedAtRun(
                { ...BASE, credentialType: "api-key" },
                { stackOutputs: { [WORKSPACE_STACK]: { ...WORKSPACE_OUTPUTS, workspace_grafana_version: "12.4" } } },
                'use "service-account-token" (the default) (workspace g-aaaaaaaaaa)',
                (c) => c.workspaceId,
            );
        });

        it("service-account-token (the default) on a Grafana 8 workspace", async () => {
            const types = await refusedAtRun(
                { ...BASE, workspaceId: "g-0123456789" },
                { grafanaVersion: "8.4" },
                `${PREFIX}credentialType "service-account-token" does not work on this workspace: it runs Grafana 8.4, ` +
                    'and service accounts need Grafana 9 or later; set credentialType to "api-key" or upgrade the workspace (workspace g-0123456789)',
                (c) => c.workspaceId,
            );
            assert.deepEqual(types, [COMPONENT_TYPE]);
        });

        it("a Pulumi CLI that cannot honour the replacement trigger", async () => {
            const lifecycle = await import("../../components/kit/engine");
            const ranges: string[] = [];
            lifecycle.setEngineVersionCheck(async (range) => {
                ranges.push(range);
                throw new Error('Pulumi CLI version 3.200.0 does not satisfy the version range ">=3.226.0"');
            });
            try {
                const types = await refusedAtRun(
                    BASE,
                    workspace,
                    `${PREFIX}needs Pulumi CLI 3.226.0 or later (the key rotates through the replacementTrigger option, ` +
                        "which older engines drop or compare wrongly); upgrade the CLI (Pulumi CLI version 3.200.0 does " +
                        'not satisfy the version range ">=3.226.0")',
                );
                // The token never reaches the engine without its trigger.
                assert.ok(!types.includes("aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken"));
                assert.deepEqual(ranges, [">=3.226.0"]);
            } finally {
                lifecycle.setEngineVersionCheck();
            }
        });

        it("adoption asks for the CLI that imports safely", async () => {
            const lifecycle = await import("../../components/kit/engine");
            const ranges: string[] = [];
            lifecycle.setEngineVersionCheck(async (range) => void ranges.push(range));
            try {
                mocks = await install({ ...DEPLOYMENT, ...workspace });
                new mod.DashboardsApiKey("grafana-key", { ...BASE, adoptExisting: true });
                await mocks.settle();
                assert.deepEqual(ranges, [">=3.252.0"]);
            } finally {
                lifecycle.setEngineVersionCheck();
            }
        });
    });

    describe("a workspace stack without the workspace_id output", () => {
        it("fails with an error naming the instance, the stack and the output", async () => {
            const expected =
                `${PREFIX}the workspace stack "${WORKSPACE_STACK}" has no output "workspace_id" (got undefined); ` +
                'deploy the workspace component "managed-dashboards/workspace" in that stack first, or give the workspace\'s stack name or id';
            try {
                const { rejections } = await withUnhandledRejections(async () => {
                    mocks = await install({
                        ...DEPLOYMENT,
                        stackOutputs: { [WORKSPACE_STACK]: { workspace_endpoint: "x" } },
                    });
                    const component = new mod.DashboardsApiKey("grafana-key", BASE);
                    // The SDK prefixes the message with the input it was serializing when the value failed.
                    await assert.rejects(unwrap(component.workspaceId), (error: Error) =>
                        error.message.endsWith(expected),
                    );
                });
                assert.ok(
                    rejections.length > 0 && rejections.every((e) => (e as Error).message.endsWith(expected)),
                    `unexpected rejections: ${rejections.map(String).join("\n")}`,
                );
                // Nothing that needs the workspace id was created.
                assert.deepEqual(
                    mocks.resources.map((r) => r.type),
                    [COMPONENT_TYPE, "pulumi:pulumi:StackReference"],
                );
            } finally {
                mocks = await install(DEPLOYMENT);
            }
        });
    });

    // Issue 30: a workspace id read from the workspace stack is checked as the workspaceId arg is
    // (it names the workspace in every call and in the SSM path), and a stack's outputs holding a
    // key __proto__ are refused by the mocks: the SDK copies them by assignment (pulumi/pulumi
    // sdk/nodejs/runtime/rpc.ts serializeAllKeys, lines 638-647 at 1b5949891b), which made the
    // key the outputs' prototype, and StackReference.getOutput reads `os[n]` through it
    // (sdk/nodejs/stackReference.ts line 81).
    describe("a workspace stack whose workspace_id is not a workspace id, or whose outputs hold __proto__", () => {
        const cases: [string, Record<string, unknown>, string][] = [
            [
                "a 900,000-character id with an ESC",
                { workspace_id: `g-\u001b[2J${"a".repeat(900_000)}` },
                `${PREFIX}the output "workspace_id" of the workspace stack "${WORKSPACE_STACK}" must be a workspace id: "g-" and ten lower-case hex digits, e.g. "g-0123456789", got "g-\\u001b[2Jaaa`,
            ],
            [
                "an id of another shape",
                { workspace_id: "g-XYZ" },
                `${PREFIX}the output "workspace_id" of the workspace stack "${WORKSPACE_STACK}" must be a workspace id: "g-" and ten lower-case hex digits, e.g. "g-0123456789", got "g-XYZ"`,
            ],
            [
                "a __proto__ key supplying workspace_id",
                JSON.parse('{"__proto__": {"workspace_id": "g-1111111111"}}') as Record<string, unknown>,
                `the outputs of stack "${WORKSPACE_STACK}" hold a key named __proto__ (at ["__proto__"])`,
            ],
        ];
        for (const [name, outputs, expected] of cases) {
            it(`fails on ${name}, naming the instance or the stack, before anything needs the id`, async () => {
                try {
                    const { rejections } = await withUnhandledRejections(async () => {
                        mocks = await install({ ...DEPLOYMENT, stackOutputs: { [WORKSPACE_STACK]: outputs } });
                        const component = new mod.DashboardsApiKey("grafana-key", BASE);
                        await assert.rejects(unwrap(component.workspaceId), (error: Error) => {
                            assert.ok(error.message.includes(expected), error.message.slice(0, 600));
                            assert.ok(error.message.length < 5_000, `${error.message.length} characters`);
                            assert.doesNotMatch(error.message, /\u001b/);
                            return true;
                        });
                    });
                    assert.ok(rejections.length > 0);
                    assert.ok(
                        !mocks.resources.some(
                            (r) => r.type.startsWith("aws:ssm/") || r.type.startsWith("aws:grafana/"),
                        ),
                        "a resource that needs the workspace id was created",
                    );
                } finally {
                    mocks = await install(DEPLOYMENT);
                }
            });
        }
    });
});
