/**
 * The pure core of `managed-dashboards/api-key`: defaults, validation, label, names, SSM path and workspace stack
 * name. No Pulumi import (the deployment comes in as an argument).
 */
import type { DeployedCredential } from "../kit/credentialGuard";
import { instanceProjectName, instanceStackName } from "../kit/deployTime";
import { format, type Label } from "../../label";
import type { ResolveOptions } from "../kit/common";
import { declaredInstance } from "../kit/declaredArgs";
import { isUnknownValue } from "../../util/unknown";
import type { UncheckedArgs } from "../kit/definition";
import { AWS_LIMITS, checkTags, codePointLength, ssmArnPrefix, ssmNameLimit, stringViolations } from "../kit/awsLimits";
import { PROVIDER_REGION, type NameClaim } from "../kit/collisions";
import { argProblem, ComponentArgsError, type ArgProblem, type ArgProblemInput } from "../kit/errors";
import { problem } from "../../util/problem";
import { adoptionRegionProblem } from "../kit/lifecycle";
import { DEFAULT_RUN_CADENCE_MINUTES, DEFAULT_SSM_KMS_KEY_ID, planRotation, serviceAccountName } from "./rotation";
import {
    API_KEY_DEFINITION,
    WORKSPACE_ID,
    DASHBOARDS_API_KEY_DEFAULTS,
    type DashboardsApiKeyArgs,
    type DashboardsCredentialType,
    type DashboardsKeyRole,
} from "./definition";
import { describeValue } from "../../util/describeValue";
import { isSet, resolvedBrand } from "../kit/resolved";

/** The component path, as written in a stack file's `metadata.component`. */
const COMPONENT = API_KEY_DEFINITION.path;

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
/** The workspace stack's output holding the workspace's Grafana version (optional; e.g. `"10.4"`). */
export const WORKSPACE_GRAFANA_VERSION_OUTPUT = "workspace_grafana_version";

/** Whether `value` is a workspace id (`g-` and ten lower-case hex digits). */
export function isWorkspaceId(value: unknown): value is string {
    return typeof value === "string" && WORKSPACE_ID.test(value);
}
/** A Pulumi project name: letters, digits, `_`, `.`, `-`, at most 100 characters. */
const PROJECT_NAME = /^[A-Za-z0-9_.-]{1,100}$/;
/** The characters SSM allows in a parameter name. */
const SSM_NAME_CHARACTER = /[a-zA-Z0-9_.\-/]/g;

/** Where the workspace comes from. */
export type DashboardsWorkspaceSource =
    /** Given directly: no stack reference (`""` while the id is not known yet). */
    | { readonly kind: "workspaceId"; readonly workspaceId: string }
    /**
     * The outputs of the workspace stack. `stackName` is absent when the resolver was called
     * without a deployment and the stack name is mapped from the component name, or when the
     * stack name given is not known yet.
     */
    | {
          readonly kind: "stack";
          readonly stackName?: string;
          readonly componentName: string;
          readonly project: string;
          /** True when the stack was named (`dashboardsStackName`), not found from `dashboardsComponentName`. */
          readonly byName?: boolean;
      };

import type { PulumiDeployment } from "../kit/lifecycle";
export type { PulumiDeployment } from "../kit/lifecycle";

/** Everything {@link DashboardsApiKey} needs, settled: defaults applied, names worked out. */
export interface ResolvedDashboardsApiKey {
    /** The instance (the Pulumi resource name). */
    readonly instance: string;
    /** False when the label is disabled: nothing is created. */
    readonly enabled: boolean;
    /**
     * AWS region of every AWS resource; undefined when the TypeScript API was given none (the
     * children then take their AWS provider's) or it is not known yet.
     */
    readonly region: string | undefined;
    /** The label of the instance. */
    readonly label: Label;
    /**
     * The label id ("" when disabled): the original component's key name, and the base of every
     * credential name (each rotation window's key or token is `<id>-<window start>-<digest>`, see
     * `credentialName`).
     */
    readonly keyName: string;
    /**
     * The base of the service accounts' names, `<id>-<role, lower case>` ("" when disabled): each
     * rotation window's account is named `<base>-<window start, compact>` (see `serviceAccountName`).
     */
    readonly serviceAccountName: string;
    readonly keyRole: DashboardsKeyRole;
    readonly minutesToLive: number;
    /** `minutesToLive * 60`, the API's `secondsToLive`. */
    readonly secondsToLive: number;
    readonly rotationMinutes: number;
    /** The run cadence the schedule was checked against. */
    readonly runCadenceMinutes: number;
    readonly credentialType: DashboardsCredentialType;
    /** Import the SSM parameter at `ssmPath` rather than create it. */
    readonly adoptExisting: boolean;
    /** Previous instance names (Pulumi aliases of the component). */
    readonly aliases: readonly string[];
    /** The SSM parameter name: `format(ssmPathFormatApiKey, id)`. */
    readonly ssmPath: string;
    /** Description of the SSM parameter. */
    readonly ssmDescription: string;
    /** The KMS key of the SecureString: the user's, else `alias/aws/ssm` (always sent, so clearing it takes effect). */
    readonly kmsKeyId: string;
    /** Tags of the SSM parameter: the label's tags. */
    readonly tags: Readonly<Record<string, string>>;
    readonly workspace: DashboardsWorkspaceSource;
    /** Arguments that are valid but probably not what was meant (the component logs them). */
    readonly warnings: readonly ArgProblem[];
    /**
     * The key the last deployment stored (its expiry, workspace and rotation window), when the stack
     * program read it from its outputs (`withDeployedCredential`); absent in the TypeScript API.
     */
    readonly deployed?: DeployedCredential;
}

/**
 * The Pulumi project of a component: its path with `/` written `-` (`managed-dashboards-workspace`),
 * the project `atmos pulumi up <instance> -s <stack>` deploys an instance in (one Pulumi stack per
 * Atmos stack and instance, components/deployTime.ts).
 */
export function workspaceProjectName(componentName: string): string {
    return instanceProjectName(componentName);
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
    return instanceStackName(deployment.organization, componentName, deployment.stack);
}

/**
 * Checks an SSM parameter name as SSM does, recording what is wrong with it under `field`, whose
 * value (`format`) gave the name.
 */
function checkSsmPath(
    path: string,
    region: string | undefined,
    field: string,
    format: string,
    problems: ArgProblemInput[],
    label?: { readonly delimiter: string; readonly regexReplaceChars: string },
    id?: string,
): void {
    const rules: string[] = [];
    // Characters the id holds and the format's own text does not came with the id: blamed on the
    // label input that let them through (the delimiter, else the regex that keeps the label values),
    // as the tag checks do. Anything else is the format's: its text, or what its verb adds (the
    // quotes of %q and %#v, the padding of %40s).
    const formatText = format.replace(/%[-+# 0]*(\d+|\*)?(\.(\d+|\*)?)?[a-zA-Z%]/g, "");
    const badInId =
        label === undefined || id === undefined
            ? []
            : refusedSsmCharacters(path).filter((c) => id.includes(c) && !formatText.includes(c));
    if (label !== undefined && badInId.length > 0) {
        const inDelimiter = badInId.some((c) => label.delimiter.includes(c));
        problems.push(
            problem(
                "BAD_SSM_NAME",
                [inDelimiter ? "delimiter" : "regexReplaceChars"],
                `must not bring ${badInId.map((c) => describeValue(c)).join(", ")} into the SSM parameter name ` +
                    `${describeValue(path)}, which may only contain a-z, A-Z, 0-9, "_", ".", "-" and "/"`,
                inDelimiter ? label.delimiter : label.regexReplaceChars,
            ),
        );
    }
    // What is left for the format to answer for.
    const blamedOnFormat = refusedSsmCharacters(path).filter((c) => !badInId.includes(c));
    // PutParameter.Name: "For parameters in a hierarchy, you must include a leading forward slash";
    // a name without any "/" is a top-level parameter.
    if (!path.startsWith("/") && path.includes("/")) {
        rules.push('must start with "/"');
    }
    if (blamedOnFormat.length > 0) {
        const bad = blamedOnFormat.map((c) => describeValue(c)).join(", ");
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
    // SSM counts the ARN before the name within its 1,011 characters (a 12-digit account id); the
    // ARN puts a "/" before a top-level name.
    const limit = region === undefined ? undefined : ssmNameLimit(region) - (path.startsWith("/") ? 0 : 1);
    if (region !== undefined && limit !== undefined && codePointLength(path) > limit) {
        rules.push(
            `must be at most ${limit} characters in ${region} (1,011 with the ARN prefix ` +
                `${describeValue(ssmArnPrefix(region) + (path.startsWith("/") ? "" : "/"))} before it), has ${codePointLength(path)}`,
        );
    }
    if (rules.length > 0) {
        problems.push(
            problem(
                "BAD_SSM_NAME",
                [field],
                "must give an SSM parameter name SSM accepts",
                format,
                `the name ${describeValue(path)} ${rules.join("; ")}`,
            ),
        );
    }
}

/** The distinct characters of `text` that SSM parameter names may not contain, in order. */
function refusedSsmCharacters(text: string): string[] {
    return [...new Set(text.replace(SSM_NAME_CHARACTER, ""))];
}

/** `dashboardsComponentName` (its declared checks passed): with `/` written `-`, a Pulumi project name. */
function checkComponentPath(value: unknown, problems: ArgProblemInput[]): void {
    if (typeof value !== "string" || PROJECT_NAME.test(workspaceProjectName(value))) return;
    problems.push(
        problem(
            "BAD_COMPONENT_PATH",
            ["dashboardsComponentName"],
            'must be a component path of letters, digits, "_", ".", "-" and "/" (at most 100 characters; ' +
                "it names the Pulumi project of the workspace stack)",
            value,
        ),
    );
}

/** `kmsKeyId` (its declared checks passed): SSM's `KeyId` rule; `""` is the default key. */
function checkKmsKeyId(value: unknown, problems: ArgProblemInput[]): void {
    if (typeof value !== "string" || value === "") return;
    const broken = stringViolations(value, AWS_LIMITS.ssm.keyId);
    if (broken.length > 0) {
        problems.push(
            problem(
                "BAD_KMS_KEY_ID",
                ["kmsKeyId"],
                `must be a KMS key id, ARN or alias (${AWS_LIMITS.ssm.keyId.source}: ${broken.join(", ")})`,
                value,
            ),
        );
    }
}

/**
 * Settles the arguments of one instance: applies the defaults, validates every argument (all
 * problems at once), builds the label, the key name, the SSM path and the workspace stack name.
 * Pure: the Pulumi organization, project and stack come in `deployment` (without it a mapped
 * stack name is left out). Takes known values (not Outputs: the component takes those); an unset
 * `region` is the AWS provider's.
 *
 * @throws ComponentArgsError listing every invalid argument.
 */
export function resolveDashboardsApiKeyArgs(
    name: string,
    args: DashboardsApiKeyArgs,
    deployment?: PulumiDeployment,
): ResolvedDashboardsApiKey {
    return resolveDashboardsApiKey(name, args, deployment, { regionFromProvider: true });
}

/**
 * {@link resolveDashboardsApiKeyArgs} for arguments of unknown types (a stack file's record, or
 * JavaScript): every value is checked.
 * @throws ComponentArgsError listing every invalid argument.
 */
export function resolveDashboardsApiKey(
    name: string,
    args: UncheckedArgs<DashboardsApiKeyArgs>,
    deployment?: PulumiDeployment,
    options: ResolveOptions = {},
): ResolvedDashboardsApiKey {
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
        throw new ComponentArgsError(COMPONENT, name, [problem("TYPE_MISMATCH", ["args"], "must be an object", args)]);
    }
    const raw = args;
    const declared = declaredInstance(API_KEY_DEFINITION, name, raw, options, {
        dashboardsComponentName: (value, problems) => checkComponentPath(value, problems),
        kmsKeyId: (value, problems) => checkKmsKeyId(value, problems),
    });
    const { values, problems, warnings, region, label } = declared;

    const componentName = values.dashboardsComponentName ?? DASHBOARDS_API_KEY_DEFAULTS.dashboardsComponentName;
    const stackNameLater = declared.later("dashboardsStackName");
    const explicitStackName = values.dashboardsStackName;
    const workspaceId = declared.later("workspaceId") ? "" : values.workspaceId;
    const keyRole = values.keyRole as DashboardsKeyRole;

    // The schedule is checked only when its parts are valid on their own (null: not given).
    const minute = (arg: "minutesToLive" | "rotationMinutes" | "runCadenceMinutes") =>
        declared.refused(arg) || declared.later(arg) ? undefined : declared.given(arg) ? (values[arg] as number) : null;
    const [minutesArg, rotationArg, cadenceArg] = [
        minute("minutesToLive"),
        minute("rotationMinutes"),
        minute("runCadenceMinutes"),
    ];
    const rotation =
        minutesArg !== undefined && rotationArg !== undefined && cadenceArg !== undefined
            ? planRotation(minutesArg, rotationArg, cadenceArg, problems, warnings)
            : undefined;
    const minutesToLive = rotation?.minutesToLive ?? minutesArg ?? DASHBOARDS_API_KEY_DEFAULTS.minutesToLive;
    const rotationMinutes = rotation?.rotationMinutes ?? rotationArg ?? 1;
    const runCadenceMinutes = rotation?.runCadenceMinutes ?? cadenceArg ?? DEFAULT_RUN_CADENCE_MINUTES;

    const credentialType = values.credentialType as DashboardsCredentialType;
    const adoptExisting = values.adoptExisting;
    const aliases = declared.aliases;
    if (adoptExisting === true && region !== undefined) {
        const refused = adoptionRegionProblem(region);
        if (refused !== undefined) problems.push(refused);
    }
    // `""` means the default key, as the SSM module's empty `kms_arn` does.
    const kmsKeyId = declared.refused("kmsKeyId") || values.kmsKeyId === "" ? undefined : values.kmsKeyId;

    const enabled = label?.enabled ?? true;
    const keyName = label?.id ?? "";

    let ssmPath = "";
    if (!declared.refused("ssmPathFormatApiKey")) {
        const spec = values.ssmPathFormatApiKey ?? DASHBOARDS_API_KEY_DEFAULTS.ssmPathFormatApiKey;
        try {
            ssmPath = format(spec, keyName);
        } catch (error) {
            problems.push(
                problem(
                    "BAD_FORMAT",
                    ["ssmPathFormatApiKey"],
                    `must take exactly one argument, the id (${(error as Error).message})`,
                    spec,
                ),
            );
            ssmPath = "";
        }
        // An empty id is reported below; the path it gives ("/dashboards//api_key") would only repeat it.
        if (label && enabled && keyName !== "" && ssmPath !== "") {
            checkSsmPath(ssmPath, region, "ssmPathFormatApiKey", spec, problems, label, keyName);
        }
    }

    if (label && enabled) {
        const limit = credentialType === "api-key" ? MAX_KEY_NAME : MAX_SERVICE_ACCOUNT_NAME;
        const what = credentialType === "api-key" ? "API key name" : "service account and token name";
        if (keyName === "") {
            problems.push(
                problem(
                    "EMPTY_ID",
                    ["name"],
                    `must be set (or another label: namespace, tenant, environment, stage, attributes): the id is the ${what}, and it is empty`,
                    label.name,
                ),
            );
        } else if (codePointLength(keyName) > limit) {
            problems.push(
                problem(
                    "NAME_TOO_LONG",
                    ["idLengthLimit"],
                    `must be set to at most ${limit}: the id is the ${what}, which may have at most ${limit} characters`,
                    label.idLengthLimit,
                    `the id ${describeValue(keyName)} has ${codePointLength(keyName)}`,
                ),
            );
        }
        if (label) {
            checkTags(
                [{ tags: label.tags, limits: AWS_LIMITS.ssm, resource: "SSM parameter" }],
                { inputTags: label.context.tags, delimiter: label.delimiter },
                problems,
            );
        }
    }

    if (workspaceId !== undefined) {
        for (const field of ["dashboardsStackName", "dashboardsComponentName"] as const) {
            if (isSet(raw[field])) {
                const rule = "is ignored: the workspace id is given, so no stack is referenced";
                warnings.push(
                    isUnknownValue(raw[field])
                        ? { code: "IGNORED", path: [field], rule }
                        : problem("IGNORED", [field], rule, raw[field]),
                );
            }
        }
    } else if ((explicitStackName !== undefined || stackNameLater) && isSet(raw.dashboardsComponentName)) {
        warnings.push(
            problem(
                "IGNORED",
                ["dashboardsComponentName"],
                "is ignored: the workspace stack is named directly",
                raw.dashboardsComponentName,
            ),
        );
    }

    const stackName = stackNameLater
        ? undefined
        : (explicitStackName ?? (deployment ? workspaceStackName(componentName, deployment) : undefined));
    if (
        workspaceId === undefined &&
        deployment &&
        stackName !== undefined &&
        stackName === `${deployment.organization}/${deployment.project}/${deployment.stack}`
    ) {
        const field = explicitStackName !== undefined ? "dashboardsStackName" : "dashboardsComponentName";
        problems.push(
            problem(
                "SELF_REFERENCE",
                [field],
                "must lead to the workspace's stack, not to the stack being deployed" +
                    (field === "dashboardsStackName" ? "" : ` (it leads to ${describeValue(stackName)})`),
                raw[field] ?? componentName,
            ),
        );
    }

    const valid = declared.ready();

    const workspace: DashboardsWorkspaceSource =
        workspaceId !== undefined
            ? { kind: "workspaceId", workspaceId }
            : {
                  kind: "stack",
                  ...(stackName !== undefined ? { stackName } : {}),
                  componentName,
                  ...(explicitStackName !== undefined || stackNameLater ? { byName: true } : {}),
                  project:
                      explicitStackName !== undefined
                          ? explicitStackName.split("/")[1]
                          : stackNameLater
                            ? ""
                            : workspaceProjectName(componentName),
              };
    return markResolved({
        instance: name,
        enabled,
        region,
        label: valid,
        keyName,
        serviceAccountName: enabled ? serviceAccountName(keyName, keyRole) : "",
        keyRole,
        minutesToLive,
        secondsToLive: minutesToLive * 60,
        rotationMinutes,
        runCadenceMinutes,
        credentialType,
        adoptExisting: adoptExisting === true,
        aliases,
        ssmPath: enabled ? ssmPath : "",
        ssmDescription:
            credentialType === "api-key" ? "Grafana Workspace API Key" : "Grafana Workspace Service Account Token",
        kmsKeyId: kmsKeyId ?? DEFAULT_SSM_KMS_KEY_ID,
        tags: valid.tags,
        workspace,
        warnings: warnings.map(argProblem),
    });
}

/** The results of {@link resolveDashboardsApiKeyArgs} (frozen), so that a constructor can take one as is. */
const RESOLVED = resolvedBrand<ResolvedDashboardsApiKey>((r) => [r.workspace, r.warnings, r.aliases]);
const markResolved = RESOLVED.mark;

/**
 * The same settled arguments, with the key the last deployment stored (the stack program reads it from
 * its outputs): the component then keeps a later deployed window, and says when that key has expired,
 * expires before the next run, or belongs to a workspace that is gone.
 */
export function withDeployedCredential(
    resolved: ResolvedDashboardsApiKey,
    deployed: DeployedCredential | undefined,
): ResolvedDashboardsApiKey {
    return deployed === undefined ? resolved : markResolved({ ...resolved, deployed: Object.freeze({ ...deployed }) });
}

/** True for a result of {@link resolveDashboardsApiKeyArgs} (validated, frozen); false for anything else. */
export function isResolvedDashboardsApiKey(value: unknown): value is ResolvedDashboardsApiKey {
    return RESOLVED.has(value);
}

/**
 * The names an instance needs to itself: its SSM parameter (unique per region) and its key or
 * service account name (unique per workspace, when the workspace is known before deploying: the
 * same `workspaceId` or the same workspace stack). None when disabled.
 */
export function dashboardsApiKeyClaims(resolved: ResolvedDashboardsApiKey): NameClaim[] {
    if (!resolved.enabled) return [];
    const claims: NameClaim[] = [
        {
            what: "SSM parameter",
            scope: resolved.region ?? PROVIDER_REGION,
            name: resolved.ssmPath,
            field: "ssmPathFormatApiKey",
        },
    ];
    const { workspace } = resolved;
    const scope =
        workspace.kind === "workspaceId"
            ? workspace.workspaceId === ""
                ? undefined // not known yet: claimed once it is
                : `workspace ${workspace.workspaceId}`
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
