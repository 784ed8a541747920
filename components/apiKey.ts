/**
 * Component `managed-dashboards/api-key`: a port of Cloud Posse's Terraform component
 * `aws-managed-grafana-api-key` (`managed-grafana/api-key`), with the parameter store module
 * `cloudposse/ssm-parameter-store/aws` 0.13.0 it uses.
 *
 * It creates one Amazon Managed Grafana credential (a workspace API key, or a service account and
 * its token), rotates it on a schedule with a `time` `Rotating` resource, and stores it as a
 * SecureString SSM parameter at `format(ssmPathFormatApiKey, id)`. The workspace is found through
 * the outputs of the workspace component's Pulumi stack, or given directly by `workspaceId`.
 *
 * {@link resolveDashboardsApiKeyArgs} is the pure core (defaults, validation, label, names, path,
 * stack name); {@link DashboardsApiKey} is the Pulumi wiring on top of it.
 */
import * as pulumi from "@pulumi/pulumi";
import * as grafana from "@pulumi/aws/grafana";
import * as ssm from "@pulumi/aws/ssm";
import { Rotating } from "@pulumiverse/time";
import type * as grafanaSdk from "@pulumiverse/grafana";
import { format, type Label, type LabelInput } from "../label";
import { checkOneOf, checkRegion, checkUnknownArgs, LABEL_INPUT_KEYS, labelInputOf, tryLabel } from "./common";
import { AWS_LIMITS, checkTags, codePointLength, ssmArnPrefix, ssmNameLimit, stringViolations } from "./awsLimits";
import { programRegistry, type NameClaim } from "./collisions";
import { camelCaseField, ComponentArgsError, describeValue, type ArgProblem } from "./errors";

/** The component path, as written in a stack file's `metadata.component`. */
const COMPONENT = "managed-dashboards/api-key";

/** The Pulumi type token of {@link DashboardsApiKey}. */
const TYPE_TOKEN = "cloudposse:managed-dashboards:DashboardsApiKey";

/** Permission level of a key (a Grafana role): upper case, as the AWS API takes it. */
export type DashboardsKeyRole = "VIEWER" | "EDITOR" | "ADMIN";

/** The kind of credential created. */
export type DashboardsCredentialType = "api-key" | "service-account-token";

const KEY_ROLES: readonly DashboardsKeyRole[] = ["VIEWER", "EDITOR", "ADMIN"];
const CREDENTIAL_TYPES: readonly DashboardsCredentialType[] = ["api-key", "service-account-token"];

/** Defaults of the component's own arguments (the spec's variable defaults). */
export const DASHBOARDS_API_KEY_DEFAULTS = {
    dashboardsComponentName: "managed-dashboards/workspace",
    keyRole: "ADMIN",
    minutesToLive: 43200,
    ssmPathFormatApiKey: "/dashboards/%s/api_key",
    credentialType: "api-key",
} as const;

/** Longest lifetime of a key or token: 30 days (the API's `secondsToLive` is at most 2,592,000). */
export const MAX_MINUTES_TO_LIVE = 43200;

/** Longest workspace API key name (`keyName`). */
const MAX_KEY_NAME = 100;
/** Longest service account or service account token name. */
const MAX_SERVICE_ACCOUNT_NAME = 128;
/** Deepest SSM parameter hierarchy. */
const MAX_SSM_LEVELS = 15;
/** The workspace stack's output holding the workspace id (as the `aws-managed-grafana` workspace component names it). */
export const WORKSPACE_ID_OUTPUT = "workspace_id";
/** The workspace stack's output holding the workspace's host name (optional). */
export const WORKSPACE_ENDPOINT_OUTPUT = "workspace_endpoint";

/** Amazon Managed Grafana workspace ids: `g-` and ten lower-case hex digits (the API's pattern). */
const WORKSPACE_ID = /^g-[0-9a-f]{10}$/;
/** A Pulumi project name: letters, digits, `_`, `.`, `-`, at most 100 characters. */
const PROJECT_NAME = /^[A-Za-z0-9_.-]{1,100}$/;
/** One part of a full stack name (organization, project or stack). */
const STACK_NAME_PART = /^[A-Za-z0-9_.-]{1,100}$/;
/** The characters SSM allows in a parameter name. */
const SSM_NAME_CHARACTERS = /^[a-zA-Z0-9_.\-/]*$/;

/**
 * Arguments of {@link DashboardsApiKey}: the spec's variables camelCased, plus the label
 * (context) arguments. `null` and `undefined` both mean "not set".
 */
export interface DashboardsApiKeyArgs extends LabelInput {
    /** AWS region of every AWS resource, e.g. `us-east-2`; required; mirrors `region`. */
    readonly region: string;
    /**
     * Name of the workspace component; its stack is `<organization>/<name with "/" as "-">/<this stack>`;
     * mirrors `dashboards_component_name` (the original's `grafana_component_name`).
     * @default "managed-dashboards/workspace"
     */
    readonly dashboardsComponentName?: string;
    /**
     * Full name `organization/project/stack` of the workspace stack; overrides the mapping from
     * `dashboardsComponentName`; mirrors `dashboards_stack_name` (an addition of this port).
     * @default the mapped stack name
     */
    readonly dashboardsStackName?: string;
    /**
     * Workspace id (`g-` and ten hex digits); when given, no stack is referenced;
     * mirrors `workspace_id` (an addition of this port).
     * @default the `workspace_id` output of the workspace stack
     */
    readonly workspaceId?: string;
    /** Permission level of the key: `VIEWER`, `EDITOR` or `ADMIN` (upper case); mirrors `key_role`. @default "ADMIN" */
    readonly keyRole?: DashboardsKeyRole;
    /** Minutes until the key expires: an integer from 1 to 43200 (30 days); mirrors `minutes_to_live`. @default 43200 */
    readonly minutesToLive?: number;
    /**
     * Minutes between key rotations: an integer from 1 to `minutesToLive`; mirrors `rotation_minutes`
     * (an addition of this port; the original rotates only when the key expires).
     * @default Math.ceil(minutesToLive / 2)
     */
    readonly rotationMinutes?: number;
    /**
     * SSM parameter path of the key, a Terraform `format()` string taking one argument, the label id;
     * mirrors `ssm_path_format_api_key`.
     * @default "/dashboards/%s/api_key"
     */
    readonly ssmPathFormatApiKey?: string;
    /**
     * Kind of credential: `api-key` (a workspace API key) or `service-account-token` (a service account
     * and its token, Grafana 9+ workspaces); mirrors `credential_type` (an addition of this port).
     * @default "api-key"
     */
    readonly credentialType?: DashboardsCredentialType;
    /**
     * KMS key (id, ARN or alias) that encrypts the SecureString parameter; mirrors `kms_key_id`
     * (the parameter store module's `kms_arn`).
     * @default the account's `alias/aws/ssm`
     */
    readonly kmsKeyId?: string;
}

/** Where the workspace comes from. */
export type DashboardsWorkspaceSource =
    /** Given directly: no stack reference. */
    | { readonly kind: "workspaceId"; readonly workspaceId: string }
    /**
     * The outputs of the workspace stack. `stackName` is absent only when the resolver was called
     * without a deployment and the stack name is mapped from the component name.
     */
    | { readonly kind: "stack"; readonly stackName?: string; readonly componentName: string; readonly project: string };

/** The Pulumi organization, project and stack being deployed (`pulumi.getOrganization()`, ...). */
export interface PulumiDeployment {
    readonly organization: string;
    readonly project: string;
    readonly stack: string;
}

/**
 * The deployment this program runs in. The organization is `organization` where the runtime has
 * none (self-managed backends name it so; unit-test mocks may leave it unset).
 */
export function currentDeployment(): PulumiDeployment {
    let organization = "organization";
    try {
        organization = pulumi.getOrganization();
    } catch {
        // No organization configured (e.g. `setMocks` without one): keep the backends' default.
    }
    return { organization, project: pulumi.getProject(), stack: pulumi.getStack() };
}

/** Everything {@link DashboardsApiKey} needs, settled: defaults applied, names worked out. */
export interface ResolvedDashboardsApiKey {
    /** The instance (the Pulumi resource name). */
    readonly instance: string;
    /** False when the label is disabled: nothing is created. */
    readonly enabled: boolean;
    readonly region: string;
    /** The label of the instance. */
    readonly label: Label;
    /** Name of the key, service account and token: the label id ("" when disabled). */
    readonly keyName: string;
    readonly keyRole: DashboardsKeyRole;
    readonly minutesToLive: number;
    /** `minutesToLive * 60`, the API's `secondsToLive`. */
    readonly secondsToLive: number;
    readonly rotationMinutes: number;
    readonly credentialType: DashboardsCredentialType;
    /** The SSM parameter name: `format(ssmPathFormatApiKey, id)`. */
    readonly ssmPath: string;
    /** Description of the SSM parameter. */
    readonly ssmDescription: string;
    readonly kmsKeyId?: string;
    /** Tags of the SSM parameter: the label's tags. */
    readonly tags: Readonly<Record<string, string>>;
    readonly workspace: DashboardsWorkspaceSource;
    /** Arguments that are valid but probably not what was meant (the component logs them). */
    readonly warnings: readonly ArgProblem[];
}

/** The component's own arguments (not label arguments). */
const OWN_KEYS = [
    "region",
    "dashboardsComponentName",
    "dashboardsStackName",
    "workspaceId",
    "keyRole",
    "minutesToLive",
    "rotationMinutes",
    "ssmPathFormatApiKey",
    "credentialType",
    "kmsKeyId",
] as const satisfies readonly (keyof DashboardsApiKeyArgs)[];

const KNOWN_KEYS: readonly string[] = [...OWN_KEYS, ...LABEL_INPUT_KEYS];

/** Names of the original Terraform component that this port renamed. */
const RENAMED: Readonly<Record<string, string>> = {
    grafanaComponentName: "dashboardsComponentName",
    grafana_component_name: "dashboardsComponentName",
};

function isSet<T>(value: T | null | undefined): value is T {
    return value !== undefined && value !== null;
}

/** The Pulumi project of a component: its path with `/` written `-` (`managed-dashboards-workspace`). */
export function workspaceProjectName(componentName: string): string {
    return componentName.replace(/\//g, "-");
}

/**
 * The full name of the workspace stack for a component name: Atmos deploys every component of a
 * stack under the same stack name, so the workspace lives in the project named after its component
 * (`/` written `-`), in the same organization and under the same stack name as this one.
 */
export function workspaceStackName(
    componentName: string,
    deployment: Pick<PulumiDeployment, "organization" | "stack">,
): string {
    return `${deployment.organization}/${workspaceProjectName(componentName)}/${deployment.stack}`;
}

/** Checks an SSM parameter name as SSM does, recording what is wrong with it under `field`. */
function checkSsmPath(path: string, region: string | undefined, field: string, problems: ArgProblem[]): void {
    const gives = `gives the SSM parameter name ${describeValue(path)}`;
    const rules: string[] = [];
    if (!path.startsWith("/")) {
        rules.push('must start with "/"');
    }
    if (!SSM_NAME_CHARACTERS.test(path)) {
        const bad = [...new Set(path.replace(/[a-zA-Z0-9_.\-/]/g, ""))].map((c) => describeValue(c)).join(", ");
        rules.push(`may only contain a-z, A-Z, 0-9, "_", ".", "-" and "/" (found ${bad})`);
    }
    const levels = path.replace(/^\//, "").split("/");
    if (/^(aws|ssm)/i.test(levels[0])) {
        rules.push('must not begin with "aws" or "ssm" (in any case) at its first level');
    }
    if (path.startsWith("/") && levels.some((level) => level === "")) {
        rules.push('must not have an empty level ("//" or a trailing "/")');
    }
    if (levels.length > MAX_SSM_LEVELS) {
        rules.push(`must have at most ${MAX_SSM_LEVELS} levels, has ${levels.length}`);
    }
    if (region !== undefined && codePointLength(path) > ssmNameLimit(region)) {
        // SSM counts the ARN before the name within its 1,011 characters (a 12-digit account id).
        rules.push(
            `must be at most ${ssmNameLimit(region)} characters in ${region} (1,011 with the ARN prefix ` +
                `${describeValue(ssmArnPrefix(region))} before it), has ${codePointLength(path)}`,
        );
    }
    if (rules.length > 0) {
        problems.push({ field, message: `${gives}, which ${rules.join("; ")}` });
    }
}

/** Checks an optional string argument that must be non-empty when set; returns it or undefined. */
function optionalString(
    args: Record<string, unknown>,
    field: string,
    rule: string,
    problems: ArgProblem[],
): string | undefined {
    const value = args[field];
    if (!isSet(value)) return undefined;
    if (typeof value !== "string" || value.trim() === "") {
        problems.push({ field, message: `${rule}, got ${describeValue(value)}` });
        return undefined;
    }
    return value;
}

/** Checks an optional integer argument in [min, max]: the value, null when not set, undefined when invalid. */
function optionalInteger(
    args: Record<string, unknown>,
    field: string,
    min: number,
    max: number,
    range: string,
    problems: ArgProblem[],
): number | undefined | null {
    const value = args[field];
    if (!isSet(value)) return null;
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
        problems.push({ field, message: `must be an integer from ${min} to ${range}, got ${describeValue(value)}` });
        return undefined;
    }
    return value;
}

/**
 * Settles the arguments of one instance: applies the defaults, validates every argument (all
 * problems at once), builds the label, the key name, the SSM path and the workspace stack name.
 * Pure: the Pulumi organization, project and stack come in `deployment` (without it a mapped
 * stack name is left out).
 *
 * @throws ComponentArgsError listing every invalid argument.
 */
export function resolveDashboardsApiKeyArgs(
    name: string,
    args: DashboardsApiKeyArgs,
    deployment?: PulumiDeployment,
): ResolvedDashboardsApiKey {
    const problems: ArgProblem[] = [];
    const warnings: ArgProblem[] = [];
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
        throw new ComponentArgsError(COMPONENT, name, [
            { field: "args", message: `must be an object, got ${describeValue(args)}` },
        ]);
    }
    const raw = args as unknown as Record<string, unknown>;

    checkUnknownArgs(COMPONENT, raw, KNOWN_KEYS, problems, RENAMED);

    checkRegion(raw.region, problems);
    const region = problems.some((p) => p.field === "region") ? undefined : (raw.region as string);

    const componentName =
        optionalString(
            raw,
            "dashboardsComponentName",
            'must be a non-empty component path such as "managed-dashboards/workspace"',
            problems,
        ) ?? DASHBOARDS_API_KEY_DEFAULTS.dashboardsComponentName;
    if (
        isSet(raw.dashboardsComponentName) &&
        typeof raw.dashboardsComponentName === "string" &&
        raw.dashboardsComponentName.trim() !== "" &&
        !PROJECT_NAME.test(workspaceProjectName(componentName))
    ) {
        problems.push({
            field: "dashboardsComponentName",
            message:
                'must be a component path of letters, digits, "_", ".", "-" and "/" (at most 100 characters; ' +
                `it names the Pulumi project of the workspace stack), got ${describeValue(componentName)}`,
        });
    }

    const stackNameArg = raw.dashboardsStackName;
    let explicitStackName: string | undefined;
    if (isSet(stackNameArg)) {
        const parts = typeof stackNameArg === "string" ? stackNameArg.split("/") : [];
        if (parts.length !== 3 || !parts.every((part) => STACK_NAME_PART.test(part))) {
            problems.push({
                field: "dashboardsStackName",
                message:
                    'must be a full stack name "organization/project/stack" (each part letters, digits, "_", "." or "-"), ' +
                    `got ${describeValue(stackNameArg)}`,
            });
        } else {
            explicitStackName = stackNameArg as string;
        }
    }

    const workspaceIdArg = raw.workspaceId;
    let workspaceId: string | undefined;
    if (isSet(workspaceIdArg)) {
        if (typeof workspaceIdArg !== "string" || !WORKSPACE_ID.test(workspaceIdArg)) {
            problems.push({
                field: "workspaceId",
                message: `must be a workspace id: "g-" and ten lower-case hex digits, e.g. "g-0123456789", got ${describeValue(workspaceIdArg)}`,
            });
        } else {
            workspaceId = workspaceIdArg;
        }
    }

    const keyRole = checkOneOf(
        raw.keyRole,
        "keyRole",
        KEY_ROLES,
        DASHBOARDS_API_KEY_DEFAULTS.keyRole,
        problems,
        " (upper case)",
    );

    const minutesArg = optionalInteger(
        raw,
        "minutesToLive",
        1,
        MAX_MINUTES_TO_LIVE,
        `${MAX_MINUTES_TO_LIVE} (30 days, the longest a key may live)`,
        problems,
    );
    const minutesToLive = minutesArg ?? DASHBOARDS_API_KEY_DEFAULTS.minutesToLive;
    const rotationMax = minutesArg === undefined ? MAX_MINUTES_TO_LIVE : minutesToLive;
    const rotationArg = optionalInteger(
        raw,
        "rotationMinutes",
        1,
        rotationMax,
        minutesArg === undefined ? `${MAX_MINUTES_TO_LIVE}` : `${minutesToLive} (the key's lifetime)`,
        problems,
    );
    const rotationMinutes = rotationArg ?? Math.ceil(minutesToLive / 2);
    if (minutesArg !== undefined && rotationArg !== undefined && rotationMinutes === minutesToLive) {
        warnings.push({
            field: "rotationMinutes",
            message:
                `equals the key's lifetime (${minutesToLive} minutes): the key is replaced only after it has ` +
                "expired, so until the next refresh and update there is no valid key; rotate earlier",
        });
    }

    const credentialType = checkOneOf(
        raw.credentialType,
        "credentialType",
        CREDENTIAL_TYPES,
        DASHBOARDS_API_KEY_DEFAULTS.credentialType,
        problems,
    );

    // `""` means the default key, as the SSM module's empty `kms_arn` does.
    const kmsKeyId =
        raw.kmsKeyId === ""
            ? undefined
            : optionalString(
                  raw,
                  "kmsKeyId",
                  'must be a non-empty KMS key id, ARN or alias (e.g. "alias/dashboards")',
                  problems,
              );
    if (kmsKeyId !== undefined) {
        const broken = stringViolations(kmsKeyId, AWS_LIMITS.ssm.keyId);
        if (broken.length > 0) {
            problems.push({
                field: "kmsKeyId",
                message: `must be a KMS key id, ARN or alias (${AWS_LIMITS.ssm.keyId.source}: ${broken.join(", ")}), got ${describeValue(kmsKeyId)}`,
            });
        }
    }

    const label = tryLabel(labelInputOf(args), problems);
    const enabled = label?.enabled ?? true;
    const keyName = label?.id ?? "";

    let ssmPath = "";
    const pathFormat = raw.ssmPathFormatApiKey;
    if (isSet(pathFormat) && typeof pathFormat !== "string") {
        problems.push({
            field: "ssmPathFormatApiKey",
            message: `must be a format() string with one "%s" for the id, got ${describeValue(pathFormat)}`,
        });
    } else {
        const spec = (pathFormat as string | null | undefined) ?? DASHBOARDS_API_KEY_DEFAULTS.ssmPathFormatApiKey;
        try {
            ssmPath = format(spec, keyName);
        } catch (error) {
            problems.push({
                field: "ssmPathFormatApiKey",
                message: `must take exactly one argument, the id (${(error as Error).message}), got ${describeValue(spec)}`,
            });
            ssmPath = "";
        }
        // An empty id is reported below; the path it gives ("/dashboards//api_key") would only repeat it.
        if (label && enabled && keyName !== "" && ssmPath !== "") {
            checkSsmPath(ssmPath, region, "ssmPathFormatApiKey", problems);
        }
    }

    if (label && enabled) {
        const limit = credentialType === "api-key" ? MAX_KEY_NAME : MAX_SERVICE_ACCOUNT_NAME;
        const what = credentialType === "api-key" ? "API key name" : "service account and token name";
        if (keyName === "") {
            problems.push({
                field: "name",
                message: `must be set (or another label: namespace, tenant, environment, stage, attributes): the id is the ${what}, and it is empty`,
            });
        } else if (codePointLength(keyName) > limit) {
            problems.push({
                field: "idLengthLimit",
                message:
                    `must be set to at most ${limit}: the id ${describeValue(keyName)} is the ${what}, which may have at most ${limit} characters, ` +
                    `and it has ${codePointLength(keyName)}`,
            });
        }
        if (label) {
            checkTags(
                [{ tags: label.tags, service: "ssm", resource: "SSM parameter" }],
                { inputTags: label.context.tags, delimiter: label.delimiter },
                problems,
            );
        }
    }

    if (workspaceId !== undefined) {
        if (isSet(raw.dashboardsStackName)) {
            warnings.push({
                field: "dashboardsStackName",
                message: "is ignored: the workspace id is given, so no stack is referenced",
            });
        }
        if (isSet(raw.dashboardsComponentName)) {
            warnings.push({
                field: "dashboardsComponentName",
                message: "is ignored: the workspace id is given, so no stack is referenced",
            });
        }
    } else if (explicitStackName !== undefined && isSet(raw.dashboardsComponentName)) {
        warnings.push({
            field: "dashboardsComponentName",
            message: "is ignored: the workspace stack is named directly",
        });
    }

    const stackName = explicitStackName ?? (deployment ? workspaceStackName(componentName, deployment) : undefined);
    if (
        workspaceId === undefined &&
        deployment &&
        stackName !== undefined &&
        stackName === `${deployment.organization}/${deployment.project}/${deployment.stack}`
    ) {
        problems.push({
            field: explicitStackName !== undefined ? "dashboardsStackName" : "dashboardsComponentName",
            message: `must lead to the workspace's stack, not to the stack being deployed (${describeValue(stackName)})`,
        });
    }

    if (problems.length > 0) {
        throw new ComponentArgsError(COMPONENT, name, problems);
    }

    const workspace: DashboardsWorkspaceSource =
        workspaceId !== undefined
            ? { kind: "workspaceId", workspaceId }
            : {
                  kind: "stack",
                  ...(stackName !== undefined ? { stackName } : {}),
                  componentName,
                  project:
                      explicitStackName !== undefined
                          ? explicitStackName.split("/")[1]
                          : workspaceProjectName(componentName),
              };
    return {
        instance: name,
        enabled,
        region: region as string,
        label: label as Label,
        keyName,
        keyRole,
        minutesToLive,
        secondsToLive: minutesToLive * 60,
        rotationMinutes,
        credentialType,
        ssmPath: enabled ? ssmPath : "",
        ssmDescription:
            credentialType === "api-key" ? "Grafana Workspace API Key" : "Grafana Workspace Service Account Token",
        ...(kmsKeyId !== undefined ? { kmsKeyId } : {}),
        tags: (label as Label).tags,
        workspace,
        warnings,
    };
}

/**
 * The names an instance needs to itself: its SSM parameter (unique per region) and its key or
 * service account name (unique per workspace, when the workspace is known before deploying: the
 * same `workspaceId` or the same workspace stack). None when disabled.
 */
export function dashboardsApiKeyClaims(resolved: ResolvedDashboardsApiKey): NameClaim[] {
    if (!resolved.enabled) return [];
    const claims: NameClaim[] = [
        { what: "SSM parameter", scope: resolved.region, name: resolved.ssmPath, field: "ssmPathFormatApiKey" },
    ];
    const { workspace } = resolved;
    const scope =
        workspace.kind === "workspaceId"
            ? `workspace ${workspace.workspaceId}`
            : workspace.stackName !== undefined
              ? `workspace of stack ${workspace.stackName}`
              : undefined;
    if (scope !== undefined) {
        claims.push({
            what: resolved.credentialType === "api-key" ? "Grafana API key" : "Grafana service account",
            scope,
            name: resolved.keyName,
            field: "name",
        });
    }
    return claims;
}

/** Adds minutes to an RFC 3339 time, giving RFC 3339 in UTC without fractional seconds. */
export function addMinutesRfc3339(rfc3339: string, minutes: number): string {
    const time = Date.parse(rfc3339);
    if (Number.isNaN(time)) {
        throw new Error(`not an RFC 3339 time: ${describeValue(rfc3339)}`);
    }
    return new Date(time + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The host name of a workspace: `<id>.grafana-workspace.<region>.amazonaws.com`. */
export function workspaceEndpointOf(workspaceId: string, region: string): string {
    return `${workspaceId}.grafana-workspace.${region}.amazonaws.com`;
}

/**
 * An Amazon Managed Grafana credential, rotated on a schedule and stored as a SecureString SSM
 * parameter, for the Grafana provider of other dashboard components (see
 * {@link createDashboardsProvider}). Mirrors the Terraform component `managed-grafana/api-key`.
 *
 * Children (all parented to the component, AWS ones in `region`): a `pulumi.StackReference` to the
 * workspace stack (unless `workspaceId` is given), a `time` `Rotating`, the key (or a service
 * account and its token) and the SSM parameter. With `enabled: false` there is no child at all.
 *
 * The rotation is noticed only when the stack is refreshed: run with `--refresh` or set
 * `options: refresh: always` in `Pulumi.yaml`.
 */
export class DashboardsApiKey extends pulumi.ComponentResource {
    /** The component path, as written in a stack file's `metadata.component`. */
    static readonly componentPath = COMPONENT;
    /** The Pulumi type token. */
    static readonly typeToken = TYPE_TOKEN;

    /** SSM parameter path of the key; mirrors the output `ssm_path_dashboards_api_key`. */
    readonly ssmPathDashboardsApiKey?: pulumi.Output<string>;
    /** RFC 3339 time at which the current key expires (for an API key: its rotation start plus its lifetime). */
    readonly expiresAt?: pulumi.Output<string>;
    /** Id of the workspace the key belongs to. */
    readonly workspaceId?: pulumi.Output<string>;
    /** Host name of the workspace: the stack's `workspace_endpoint` output, else derived from the id and region. */
    readonly workspaceEndpoint?: pulumi.Output<string>;
    /** The key (or token) itself, always a secret. */
    readonly apiKey?: pulumi.Output<string>;
    /** The settled arguments. */
    readonly resolved: ResolvedDashboardsApiKey;

    constructor(name: string, args: DashboardsApiKeyArgs, opts: pulumi.ComponentResourceOptions = {}) {
        // Validate before anything is registered: an invalid argument leaves no trace.
        const resolved = resolveDashboardsApiKeyArgs(name, args, currentDeployment());
        // Names another instance of this program already uses (the same SSM parameter, ...).
        const collisions =
            programRegistry()?.claim({ component: COMPONENT, instance: name }, dashboardsApiKeyClaims(resolved)) ?? [];
        if (collisions.length > 0) {
            throw new ComponentArgsError(COMPONENT, name, collisions);
        }
        super(TYPE_TOKEN, name, {}, opts);
        this.resolved = resolved;
        for (const warning of resolved.warnings) {
            void pulumi.log.warn(ComponentArgsError.render(COMPONENT, name, [warning], camelCaseField), this);
        }
        if (!resolved.enabled) {
            this.registerOutputs({});
            return;
        }

        const { region } = resolved;
        const workspace = this.locateWorkspace(name, resolved);
        const rotation = new Rotating(
            `${name}-rotation`,
            { rotationMinutes: resolved.rotationMinutes },
            { parent: this },
        );
        // Every argument of a key forces a new key, and key names are unique per workspace: the old
        // key must go before the new one is created (a short window without a valid key, in exchange
        // for a stable name). The rotation time is the replacement trigger.
        // (`?? null`: mocks that echo inputs give no rfc3339, and the SDK cannot send `undefined`.)
        const trigger = rotation.rfc3339.apply((start) => start ?? null);
        const rotated: pulumi.CustomResourceOptions = {
            parent: this,
            replacementTrigger: trigger,
            deleteBeforeReplace: true,
        };

        let key: pulumi.Output<string>;
        let expiresAt: pulumi.Output<string>;
        if (resolved.credentialType === "api-key") {
            const apiKey = new grafana.WorkspaceApiKey(
                `${name}-key`,
                {
                    keyName: resolved.keyName,
                    keyRole: resolved.keyRole,
                    secondsToLive: resolved.secondsToLive,
                    workspaceId: workspace.id,
                    region,
                },
                rotated,
            );
            key = apiKey.key;
            // (Mocks that echo inputs give no rfc3339: then the expiry is unknown, not an error.)
            expiresAt = rotation.rfc3339.apply((start) =>
                start === undefined ? start : addMinutesRfc3339(start, resolved.minutesToLive),
            );
        } else {
            const serviceAccount = new grafana.WorkspaceServiceAccount(
                `${name}-service-account`,
                {
                    name: resolved.keyName,
                    grafanaRole: resolved.keyRole,
                    workspaceId: workspace.id,
                    region,
                },
                { parent: this },
            );
            const token = new grafana.WorkspaceServiceAccountToken(
                `${name}-token`,
                {
                    name: resolved.keyName,
                    secondsToLive: resolved.secondsToLive,
                    serviceAccountId: serviceAccount.serviceAccountId,
                    workspaceId: workspace.id,
                    region,
                },
                rotated,
            );
            key = token.key;
            expiresAt = token.expiresAt;
        }
        const secretKey = pulumi.secret(key);

        const parameter = new ssm.Parameter(
            `${name}-parameter`,
            {
                name: resolved.ssmPath,
                description: resolved.ssmDescription,
                type: "SecureString",
                value: secretKey,
                // As the 0.13.0 module: take over a parameter already at this path, update it in place.
                overwrite: true,
                tier: "Standard",
                dataType: "text",
                ...(resolved.kmsKeyId !== undefined ? { keyId: resolved.kmsKeyId } : {}),
                tags: { ...resolved.tags },
                region,
            },
            { parent: this },
        );

        this.ssmPathDashboardsApiKey = parameter.name;
        this.expiresAt = expiresAt;
        this.workspaceId = workspace.id;
        this.workspaceEndpoint = workspace.endpoint;
        this.apiKey = secretKey;
        this.registerOutputs({
            ssmPathDashboardsApiKey: this.ssmPathDashboardsApiKey,
            expiresAt: this.expiresAt,
            workspaceId: this.workspaceId,
            workspaceEndpoint: this.workspaceEndpoint,
            apiKey: this.apiKey,
        });
    }

    /** The workspace id and endpoint: given, or read from the workspace stack's outputs. */
    private locateWorkspace(
        name: string,
        resolved: ResolvedDashboardsApiKey,
    ): { id: pulumi.Output<string>; endpoint: pulumi.Output<string> } {
        const { workspace, region } = resolved;
        if (workspace.kind === "workspaceId") {
            return {
                id: pulumi.output(workspace.workspaceId),
                endpoint: pulumi.output(workspaceEndpointOf(workspace.workspaceId, region)),
            };
        }
        const stackName = workspace.stackName as string;
        const reference = new pulumi.StackReference(`${name}-workspace`, { name: stackName }, { parent: this });
        const id = pulumi.output(reference.getOutputDetails(WORKSPACE_ID_OUTPUT)).apply((details) => {
            const value = details.value ?? details.secretValue;
            if (typeof value !== "string" || value === "") {
                throw new Error(
                    `${COMPONENT} "${name}": the workspace stack ${describeValue(stackName)} has no output ` +
                        `"${WORKSPACE_ID_OUTPUT}" (got ${describeValue(value)}); deploy the workspace component ` +
                        `${describeValue(workspace.componentName)} in that stack first, or give the workspace's stack name or id`,
                );
            }
            return value;
        });
        const endpoint = pulumi
            .all([id, reference.getOutputDetails(WORKSPACE_ENDPOINT_OUTPUT)])
            .apply(([workspaceId, details]) => {
                const value = details.value ?? details.secretValue;
                return typeof value === "string" && value !== "" ? value : workspaceEndpointOf(workspaceId, region);
            });
        return { id, endpoint };
    }
}

/** Options of {@link createDashboardsProvider}. */
export interface DashboardsProviderArgs {
    /** URL of the Grafana API. @default `https://<workspaceEndpoint>` */
    readonly url?: pulumi.Input<string>;
}

/**
 * A Grafana provider (`@pulumiverse/grafana`) for the workspace of a {@link DashboardsApiKey},
 * authenticated with its key (a secret). The Grafana SDK is loaded only when this is called.
 *
 * @throws Error when the key component is disabled (it has no key).
 */
export function createDashboardsProvider(
    name: string,
    apiKey: DashboardsApiKey,
    args: DashboardsProviderArgs = {},
    opts: pulumi.CustomResourceOptions = {},
): grafanaSdk.Provider {
    if (apiKey.apiKey === undefined || apiKey.workspaceEndpoint === undefined) {
        throw new Error(
            `createDashboardsProvider "${name}": ${COMPONENT} "${apiKey.resolved.instance}" is disabled, so it has no key`,
        );
    }
    // Loaded here, not at the top: importing this package must not load the Grafana SDK.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const sdk = require("@pulumiverse/grafana") as typeof grafanaSdk;
    return new sdk.Provider(
        name,
        {
            url: args.url ?? pulumi.interpolate`https://${apiKey.workspaceEndpoint}`,
            auth: apiKey.apiKey,
        },
        opts,
    );
}
