/**
 * The `managed-dashboards/api-key` component, declared: its arguments (`DashboardsApiKeyArgs`),
 * their stack-file vars, defaults and allowed values, and its outputs. Pure data, no Pulumi import.
 */
import type * as pulumi from "@pulumi/pulumi";
import { choiceArg, switchArg, type ComponentDefinition } from "../kit/definition";
import { INSTANCE_ARGS, REGION_ARG, type InstanceArgs } from "../kit/instanceArgs";
import { LABEL_ARGS, type ComponentLabelArgs } from "../kit/labelArgs";

/** Permission level of a key (a Grafana role): upper case, as the AWS API takes it. */
export type DashboardsKeyRole = "VIEWER" | "EDITOR" | "ADMIN";

/** The kind of credential created. */
export type DashboardsCredentialType = "api-key" | "service-account-token";

/** The key roles allowed. */
export const KEY_ROLES: readonly DashboardsKeyRole[] = ["VIEWER", "EDITOR", "ADMIN"];
/** The credential types allowed. */
export const CREDENTIAL_TYPES: readonly DashboardsCredentialType[] = ["api-key", "service-account-token"];

/**
 * Defaults of the original Cloud Posse component (`aws-managed-grafana-api-key` `src/variables.tf`)
 * where they differ from this package's: an instance declared under the original names keeps them.
 */
export const ORIGINAL_API_KEY_DEFAULTS = {
    grafanaComponentName: "managed-grafana/workspace",
    ssmPathFormatApiKey: "/grafana/%s/api_key",
} as const;

/** Defaults of the component's own arguments (the spec's variable defaults). */
export const DASHBOARDS_API_KEY_DEFAULTS = {
    dashboardsComponentName: "managed-dashboards/workspace",
    keyRole: "ADMIN",
    minutesToLive: 43200,
    ssmPathFormatApiKey: "/dashboards/%s/api_key",
    credentialType: "service-account-token",
    runCadenceMinutes: 10080,
} as const;

/** Longest lifetime of a key or token: 30 days (the API's `secondsToLive` is at most 2,592,000). */
export const MAX_MINUTES_TO_LIVE = 43200;

/**
 * Arguments of {@link DashboardsApiKey}: the spec's variables camelCased, plus the label
 * (context) arguments. An unset argument takes its default.
 *
 * `region`, `workspaceId`, `dashboardsStackName`, `keyRole`, `minutesToLive`, `kmsKeyId`, `tags` and
 * `additionalTagMap` take Pulumi Inputs: a value only known later is validated as soon as it is
 * known, with the same message, before any AWS call. The label inputs that make the names stay
 * plain values (see {@link ComponentLabelArgs}), and so do the arguments of the rotation schedule.
 */
export interface DashboardsApiKeyArgs extends InstanceArgs, ComponentLabelArgs {
    /**
     * AWS region of every AWS resource, e.g. `us-east-2`; when unset, the region of the AWS provider
     * the children get (the `provider`/`providers` option, or the default provider); when set, it
     * wins over the provider's region; mirrors `region` (required in stack files).
     * @default the AWS provider's region
     */
    readonly region?: pulumi.Input<string>;
    /**
     * Name of the workspace component; its stack is `<organization>/<name with "/" as "-">/<this stack>`;
     * mirrors `dashboards_component_name` (the original's `grafana_component_name`).
     * @default "managed-dashboards/workspace"
     */
    readonly dashboardsComponentName?: string | null;
    /**
     * Full name `organization/project/stack` of the workspace stack; overrides the mapping from
     * `dashboardsComponentName`; mirrors `dashboards_stack_name` (an addition of this port).
     * @default the mapped stack name
     */
    readonly dashboardsStackName?: pulumi.Input<string>;
    /**
     * Workspace id (`g-` and ten hex digits); when given, no stack is referenced;
     * mirrors `workspace_id` (an addition of this port).
     * @default the `workspace_id` output of the workspace stack
     */
    readonly workspaceId?: pulumi.Input<string>;
    /** Permission level of the key: `VIEWER`, `EDITOR` or `ADMIN` (upper case); mirrors `key_role`. @default "ADMIN" */
    readonly keyRole?: pulumi.Input<DashboardsKeyRole>;
    /** Minutes until the key expires: an integer from 1 to 43200 (30 days); mirrors `minutes_to_live`. @default 43200 */
    readonly minutesToLive?: pulumi.Input<number>;
    /**
     * Minutes between key rotations: less than `minutesToLive`, and with a stated `runCadenceMinutes`,
     * `rotationMinutes + runCadenceMinutes` may not exceed `minutesToLive` (with the cadence assumed, a
     * warning); mirrors `rotation_minutes` (an addition of this port; the original rotates only when
     * the key expires).
     * @default `Math.ceil(minutesToLive / 2)`, or `minutesToLive - 2 * runCadenceMinutes` when that is smaller and positive (a missed run is survived), or `minutesToLive - runCadenceMinutes` when that is smaller and positive
     */
    readonly rotationMinutes?: number | null;
    /**
     * The longest gap, in minutes, between two `pulumi up` runs of this stack that you commit to: the
     * schedule is checked so that a valid key survives it; mirrors `run_cadence_minutes`.
     * @default 10080 (weekly)
     */
    readonly runCadenceMinutes?: number | null;
    /**
     * SSM parameter path of the key, a Terraform `format()` string taking one argument, the label id;
     * mirrors `ssm_path_format_api_key`.
     * @default "/dashboards/%s/api_key"
     */
    readonly ssmPathFormatApiKey?: string | null;
    /**
     * Kind of credential: `service-account-token` (a service account and its token, Grafana 9+
     * workspaces, the only kind Grafana 12 has) or `api-key` (a workspace API key, Grafana 8 to 10);
     * mirrors `credential_type` (an addition of this port). `api-key` is refused for a workspace known
     * to run Grafana 12 or later.
     * @default "service-account-token"
     */
    readonly credentialType?: DashboardsCredentialType | null;
    /**
     * KMS key (id, ARN or alias) that encrypts the SecureString parameter; mirrors `kms_key_id`
     * (the parameter store module's `kms_arn`).
     * @default the account's `alias/aws/ssm`
     */
    readonly kmsKeyId?: pulumi.Input<string>;
    /**
     * Adopt the SSM parameter a Terraform deployment created at the same path (Pulumi's `import`
     * option) instead of creating it; the key itself is recreated (see docs/migrating.md); mirrors
     * `adopt_existing`. Turn it off after the first successful `pulumi up`.
     * @default false
     */
    readonly adoptExisting?: boolean | null;
}

const DEFAULTS = DASHBOARDS_API_KEY_DEFAULTS;

/** Amazon Managed Grafana workspace ids: `g-` and ten lower-case hex digits (the API's pattern). */
export const WORKSPACE_ID = /^g-[0-9a-f]{10}$/;

/** The rule a workspace id follows, as its problems state it (the `workspaceId` arg and the stack output alike). */
export const WORKSPACE_ID_RULE = 'must be a workspace id: "g-" and ten lower-case hex digits, e.g. "g-0123456789"';

/** One part of a full stack name (organization, project or stack): not `.` or `..` (path segments of the backend). */
const STACK_NAME_PART = String.raw`(?!\.\.?(?:/|$))[A-Za-z0-9_.-]{1,100}`;
/** A full stack name, `organization/project/stack`, as Pulumi's `--stack` takes it. */
const STACK_NAME = new RegExp(`^${STACK_NAME_PART}/${STACK_NAME_PART}/${STACK_NAME_PART}$`);

/** The `managed-dashboards/api-key` component, declared once. */
export const API_KEY_DEFINITION: ComponentDefinition<DashboardsApiKeyArgs, "managed-dashboards/api-key"> = {
    path: "managed-dashboards/api-key",
    typeToken: "cloudposse:managed-dashboards:DashboardsApiKey",
    pathAliases: ["managed-grafana/api-key"],
    doc: "One credential for an Amazon Managed Grafana workspace (a service-account token, or an API key), rotated before it expires (the new one created first) and stored as an SSM `SecureString`.",
    args: {
        region: REGION_ARG,
        dashboardsComponentName: {
            unsentDefault: "given with workspaceId or dashboardsStackName, it is reported as ignored",
            var: "dashboards_component_name",
            type: "string",
            default: DEFAULTS.dashboardsComponentName,
            originalDefault: ORIGINAL_API_KEY_DEFAULTS.grafanaComponentName,
            // A given workspace id or stack name leaves no stack to name (resolve.ts warns it is ignored).
            unusedWhenSet: ["workspaceId", "dashboardsStackName"],
            defaultText: `\`${DEFAULTS.dashboardsComponentName}\` (\`${ORIGINAL_API_KEY_DEFAULTS.grafanaComponentName}\` for an instance declared under the original names)`,
            defaultTs: `\`"${DEFAULTS.dashboardsComponentName}"\``,
            pattern: {
                regex: /\S/,
                code: "EMPTY",
                rule: 'must be a non-empty component path such as "managed-dashboards/workspace"',
            },
            rule:
                "a component path. With `/` written as `-`, it must be a valid Pulumi project name (letters, " +
                "digits, `_`, `.`, `-`; at most 100 characters)",
            aliases: ["grafana_component_name"],
            doc: "Component whose stack holds the workspace; mapped to a stack reference.",
        },
        dashboardsStackName: {
            input: true,
            var: "dashboards_stack_name",
            type: "string",
            defaultText: "null (derived from dashboards_component_name)",
            defaultTs: "the stack name mapped from `dashboardsComponentName`",
            pattern: {
                regex: STACK_NAME,
                code: "BAD_STACK_NAME",
                rule: 'must be a full stack name "organization/project/stack" (each part letters, digits, "_", "." or "-", not "." or "..")',
            },
            rule: "`organization/project/stack`",
            origin: "added by this port",
            doc: "Full `organization/project/stack` name of the workspace stack.",
        },
        workspaceId: {
            input: true,
            var: "workspace_id",
            type: "string",
            defaultText: "null (read from the workspace stack)",
            defaultTs: "read from the workspace stack",
            pattern: { regex: WORKSPACE_ID, code: "BAD_WORKSPACE_ID", rule: WORKSPACE_ID_RULE },
            rule: "`g-` followed by ten lower-case hex digits (the API's pattern). When set, no stack is referenced",
            deployTimeOutput: {
                output: "workspace_id",
                hint: "this port takes only `!terraform.output <workspace component> [<stack>] workspace_id` here (read with the component's own StackReference)",
            },
            origin: "added by this port",
            doc: "Workspace id (`g-` and ten hex digits); no stack reference when set.",
        },
        keyRole: {
            input: true,
            var: "key_role",
            type: "string",
            default: DEFAULTS.keyRole,
            defaultText: `\`${DEFAULTS.keyRole}\``,
            defaultTs: `\`"${DEFAULTS.keyRole}"\``,
            allowed: KEY_ROLES,
            note: " (upper case)",
            rule: KEY_ROLES.map((r) => `\`"${r}"\``).join(", ") + " (upper case)",
            doc: "Permission level of the key (upper case).",
        },
        minutesToLive: {
            unsentDefault: "given, a schedule problem blames it where the default would blame runCadenceMinutes",
            input: true,
            var: "minutes_to_live",
            type: "number",
            default: DEFAULTS.minutesToLive,
            defaultText: String(DEFAULTS.minutesToLive),
            defaultTs: `\`${DEFAULTS.minutesToLive}\``,
            min: 1,
            max: MAX_MINUTES_TO_LIVE,
            note: " (30 days, the longest a key may live)",
            rule: `an integer from 1 to ${MAX_MINUTES_TO_LIVE} (30 days; the API's \`secondsToLive\` is at most 2,592,000)`,
            doc: `Minutes until the key expires, 1 to ${MAX_MINUTES_TO_LIVE} (30 days).`,
        },
        rotationMinutes: {
            var: "rotation_minutes",
            type: "number",
            defaultText:
                "half of minutes_to_live (rounded up), or the largest that survives a missed run (minutes_to_live - 2 × run_cadence_minutes) if smaller, or minutes_to_live - run_cadence_minutes if no rotation survives one (half when that is not positive)",
            defaultTs:
                "`Math.ceil(minutesToLive / 2)`, or `minutesToLive - 2 * runCadenceMinutes` when that is smaller and positive, or `minutesToLive - runCadenceMinutes` when that is smaller and positive",
            min: 1,
            max: MAX_MINUTES_TO_LIVE,
            rule: "an integer from 1, less than `minutesToLive`; with `runCadenceMinutes` set, `rotationMinutes + runCadenceMinutes <= minutesToLive` (a warning when the cadence is assumed)",
            origin: "added by this port",
            doc: "Minutes between rotations, less than minutes_to_live; rotation_minutes + run_cadence_minutes <= minutes_to_live when run_cadence_minutes is set (a warning otherwise).",
        },
        runCadenceMinutes: {
            unsentDefault: "given, it is a stated cadence: a schedule that breaks it is refused, not warned about",
            var: "run_cadence_minutes",
            type: "number",
            default: DEFAULTS.runCadenceMinutes,
            defaultText: "10080 (weekly)",
            defaultTs: "`10080` (weekly)",
            min: 1,
            max: MAX_MINUTES_TO_LIVE,
            rule:
                "an integer from 1 to 43200, less than `minutesToLive`: the longest gap between two `pulumi up` runs " +
                "you commit to",
            origin: "added by this port",
            doc: "Longest gap between two `pulumi up` runs you commit to; the schedule must survive it.",
        },
        ssmPathFormatApiKey: {
            var: "ssm_path_format_api_key",
            type: "string",
            default: DEFAULTS.ssmPathFormatApiKey,
            originalDefault: ORIGINAL_API_KEY_DEFAULTS.ssmPathFormatApiKey,
            defaultText: `\`${DEFAULTS.ssmPathFormatApiKey}\` (\`${ORIGINAL_API_KEY_DEFAULTS.ssmPathFormatApiKey}\`, the original's, for an instance declared under the original names)`,
            pattern: { code: "TYPE_MISMATCH", rule: 'must be a format() string with one "%s" for the id' },
            defaultTs: `\`"${DEFAULTS.ssmPathFormatApiKey}"\` (the original's is \`${ORIGINAL_API_KEY_DEFAULTS.ssmPathFormatApiKey}\`)`,
            rule:
                "a Terraform `format()` string that takes exactly one argument, the id. The resulting path must be " +
                "a name SSM accepts (see below)",
            doc: "Terraform format() string for the SSM path; takes the id.",
        },
        credentialType: choiceArg<DashboardsCredentialType>({
            var: "credential_type",
            default: DEFAULTS.credentialType,
            allowed: CREDENTIAL_TYPES,
            origin: "added by this port",
            doc: "A service account and its token (Grafana 9+), or a workspace API key (Grafana 8 to 10).",
        }),
        kmsKeyId: {
            input: true,
            var: "kms_key_id",
            type: "string",
            defaultText: 'null or `""` (the account\'s `alias/aws/ssm`)',
            defaultTs: "the account's `alias/aws/ssm`",
            // `""` is the default key; only blanks are refused here (its length and characters: resolve.ts, by SSM's rule).
            pattern: {
                regex: /^$|\S/,
                code: "EMPTY",
                rule: 'must be a non-empty KMS key id, ARN or alias (e.g. "alias/dashboards")',
            },
            rule:
                "a KMS key id, ARN or alias: at most 256 of `a-zA-Z0-9:/_-` (SSM's `KeyId`); " +
                '`""` means the default, as the module\'s empty `kms_arn`',
            origin: "the module's `kms_arn`",
            doc: "KMS key that encrypts the SSM SecureString.",
        },
        adoptExisting: switchArg({
            var: "adopt_existing",
            rule: "`true` imports the SSM parameter at the path (see docs/migrating.md)",
            origin: "added by this port",
            doc: "Import the SSM parameter a Terraform deployment left at the path (see docs/migrating.md).",
            adopts: ["ssmPathDashboardsApiKey"],
        }),
        ...INSTANCE_ARGS,
        ...LABEL_ARGS,
    },
    example: {
        variable: "key",
        name: "grafana-viewer",
        args: {
            region: "us-east-2",
            namespace: "eg",
            stage: "prod",
            name: "grafana",
            workspaceId: "g-0123456789",
            keyRole: "VIEWER",
            minutesToLive: 10080,
            runCadenceMinutes: 1440,
        },
        exports: { keyPath: "ssmPathDashboardsApiKey" },
    },
    // The spec's one output is exported by the program; the others are for TypeScript programs.
    outputs: {
        ssmPathDashboardsApiKey: {
            spec: "ssm_path_dashboards_api_key",
            physicalName: true,
            // The bridge replaces an aws.ssm.Parameter whose name is set by hand delete-first
            // (pulumi-terraform-bridge pkg/tfbridge/provider.go 1275-1276): a move is refused unless opted in.
            whenRenamed: {
                what: "SSM parameter's path",
                args: ["ssmPathFormatApiKey"],
                optIn: "allowSsmPathChange",
                consequence: (before, after) =>
                    `the parameter is replaced delete-first (its name is set), so this run deletes ${before} before ` +
                    `${after} exists: its consumers fail from then on, and if a parameter is already at ${after} ` +
                    `(e.g. the Terraform component's) the create fails after the delete, and so does every later run`,
                move: (after) =>
                    `make sure no parameter is at ${after} (aws ssm get-parameter --name ${after} must fail with ` +
                    `ParameterNotFound), point its consumers at the new path once the run is done`,
            },
            original: "ssm_path_grafana_api_key",
            doc: "SSM parameter path of the key",
        },
        expiresAt: {
            deployment: "expires_at",
            doc: "RFC 3339 time at which the current key expires (a token's own expiry; an API key's issue time plus its lifetime)",
        },
        workspaceId: { deployment: "workspace_id", doc: "id of the workspace" },
        rotationWindowStart: {
            deployment: "rotation_window_start",
            doc: "RFC 3339 start of the rotation window of the current key (the first run after the window ends replaces it)",
        },
        credentialName: {
            deployment: "credential_name",
            doc: "name of the current credential (token or API key) in Grafana; the stack program's next run keeps it within the window",
        },
        workspaceEndpoint: { doc: "host name of the workspace (see below)" },
        apiKey: {
            secret: true,
            doc: "the key itself, always a secret (`pulumi.isSecret` is true). Use it for the provider",
        },
    },
};
