/**
 * The variables each component takes in a stack file, in the spec's snake_case names, with the
 * camelCase argument each one maps to. Pure data: the stack-file loader, the program and the
 * README's reference all read it, so a variable is declared exactly once.
 */

/** The Terraform-like type of a stack-file variable. */
export type VarType =
    | "string"
    | "number"
    | "bool"
    | "list(string)"
    | "set(string)"
    | "map(string)"
    /** Any JSON-like value (an object for `event_rule_pattern`, `context`, `descriptor_formats`). */
    | "any";

/** One variable a component takes. */
export interface VarSpec {
    /** The camelCase argument of the component's TypeScript API that this variable sets. */
    readonly arg: string;
    /** The variable's type; a value of another type is refused. */
    readonly type: VarType;
    /** True when the component cannot be created without it. */
    readonly required?: boolean;
    /** The default, as written in the README (prose, not a value). */
    readonly default: string;
    /** The values allowed, when the set is closed. */
    readonly allowed?: readonly (string | number)[];
    /** One line for the README's reference. */
    readonly description: string;
}

/** A component as the stack file sees it. */
export interface ComponentSchema {
    /** The component path of `metadata.component`. */
    readonly path: string;
    /** Every variable the component takes, by snake_case name (context variables included). */
    readonly vars: Readonly<Record<string, VarSpec>>;
    /** Original Cloud Posse variable names accepted with a warning, mapped to the spec's name. */
    readonly aliases: Readonly<Record<string, string>>;
    /** The spec's snake_case output names, mapped to the component's camelCase outputs. */
    readonly outputs: Readonly<Record<string, string>>;
}

/** The label (null-label 0.25.0 `context.tf`) variables both components take. */
export const CONTEXT_VARS: Readonly<Record<string, VarSpec>> = {
    enabled: {
        arg: "enabled",
        type: "bool",
        default: "null (true)",
        description: "When false, no resources are created.",
    },
    namespace: {
        arg: "namespace",
        type: "string",
        default: "null",
        description: "Id element, usually an organization abbreviation.",
    },
    tenant: {
        arg: "tenant",
        type: "string",
        default: "null",
        description: "Id element for the customer the instance is for; not in the default label order.",
    },
    environment: {
        arg: "environment",
        type: "string",
        default: "null",
        description: "Id element, usually a region or role abbreviation.",
    },
    stage: {
        arg: "stage",
        type: "string",
        default: "null",
        description: "Id element, usually a role such as prod, staging, test.",
    },
    name: {
        arg: "name",
        type: "string",
        default: "null",
        description: "Id element, usually the component or solution name; not a tag.",
    },
    delimiter: {
        arg: "delimiter",
        type: "string",
        default: "null (`-`)",
        description: "Delimiter between id elements; an empty string means none.",
    },
    attributes: {
        arg: "attributes",
        type: "list(string)",
        default: "[]",
        description: "Extra id elements, appended in order and joined by the delimiter.",
    },
    tags: { arg: "tags", type: "map(string)", default: "{}", description: "Extra tags, not modified." },
    additional_tag_map: {
        arg: "additionalTagMap",
        type: "map(string)",
        default: "{}",
        description: "Extra key-value pairs for each map of tags_as_list_of_maps.",
    },
    label_order: {
        arg: "labelOrder",
        type: "list(string)",
        default: "null (namespace, environment, stage, name, attributes)",
        description: "Order of the labels in the id.",
    },
    regex_replace_chars: {
        arg: "regexReplaceChars",
        type: "string",
        default: "null (`/[^-a-zA-Z0-9]/`)",
        description: "Terraform regular expression; matching characters are removed from id elements.",
    },
    id_length_limit: {
        arg: "idLengthLimit",
        type: "number",
        default: "null (0, unlimited)",
        description: "Maximum id length, at least 6; 0 means unlimited.",
    },
    label_key_case: {
        arg: "labelKeyCase",
        type: "string",
        default: "null (title)",
        allowed: ["lower", "title", "upper"],
        description: "Letter case of generated tag keys.",
    },
    label_value_case: {
        arg: "labelValueCase",
        type: "string",
        default: "null (lower)",
        allowed: ["lower", "title", "upper", "none"],
        description: "Letter case of id elements.",
    },
    descriptor_formats: {
        arg: "descriptorFormats",
        type: "any",
        default: "{}",
        description: "Map of descriptor name to `{format, labels}`.",
    },
    labels_as_tags: {
        arg: "labelsAsTags",
        type: "set(string)",
        default: '["default"]',
        description: "Labels included as tags; `[]` suppresses generated tags.",
    },
    context: {
        arg: "context",
        type: "any",
        default: "null",
        description: "A whole null-label context at once (snake_case keys).",
    },
};

/** `managed-dashboards/api-key`: an Amazon Managed Grafana API key stored in SSM. */
export const API_KEY_SCHEMA: ComponentSchema = {
    path: "managed-dashboards/api-key",
    vars: {
        region: {
            arg: "region",
            type: "string",
            required: true,
            default: "none (required)",
            description: "AWS region of every resource.",
        },
        dashboards_component_name: {
            arg: "dashboardsComponentName",
            type: "string",
            default: "`managed-dashboards/workspace`",
            description: "Component whose stack holds the workspace; mapped to a stack reference.",
        },
        dashboards_stack_name: {
            arg: "dashboardsStackName",
            type: "string",
            default: "null (derived from dashboards_component_name)",
            description: "Full `organization/project/stack` name of the workspace stack.",
        },
        workspace_id: {
            arg: "workspaceId",
            type: "string",
            default: "null (read from the workspace stack)",
            description: "Workspace id (`g-` and ten hex digits); no stack reference when set.",
        },
        key_role: {
            arg: "keyRole",
            type: "string",
            default: "`ADMIN`",
            allowed: ["VIEWER", "EDITOR", "ADMIN"],
            description: "Permission level of the key (upper case).",
        },
        minutes_to_live: {
            arg: "minutesToLive",
            type: "number",
            default: "43200",
            description: "Minutes until the key expires, 1 to 43200 (30 days).",
        },
        rotation_minutes: {
            arg: "rotationMinutes",
            type: "number",
            default: "half of minutes_to_live, rounded up",
            description: "Minutes between rotations; at most minutes_to_live.",
        },
        ssm_path_format_api_key: {
            arg: "ssmPathFormatApiKey",
            type: "string",
            default: "`/dashboards/%s/api_key`",
            description: "Terraform format() string for the SSM path; takes the id.",
        },
        credential_type: {
            arg: "credentialType",
            type: "string",
            default: "`api-key`",
            allowed: ["api-key", "service-account-token"],
            description: "Workspace API key, or a service account and its token (Grafana 9+).",
        },
        kms_key_id: {
            arg: "kmsKeyId",
            type: "string",
            default: 'null or `""` (the account\'s `alias/aws/ssm`)',
            description: "KMS key that encrypts the SSM SecureString.",
        },
        ...CONTEXT_VARS,
    },
    aliases: { grafana_component_name: "dashboards_component_name" },
    // The spec's outputs only; the component's `expiresAt`, `workspaceId` and `workspaceEndpoint`
    // are for TypeScript programs.
    outputs: { ssm_path_dashboards_api_key: "ssmPathDashboardsApiKey" },
};

/** `eventbridge`: an EventBridge rule delivering matching events to a CloudWatch log group. */
export const EVENTBRIDGE_SCHEMA: ComponentSchema = {
    path: "eventbridge",
    vars: {
        region: {
            arg: "region",
            type: "string",
            required: true,
            default: "none (required)",
            description: "AWS region of every resource.",
        },
        event_rule_description: {
            arg: "eventRuleDescription",
            type: "string",
            default: '`""` (the component\'s id)',
            description: "Description of the rule, at most 512 characters.",
        },
        event_rule_pattern: {
            arg: "eventRulePattern",
            type: "any",
            default: "`{source: [aws.ec2]}`",
            description: "EventBridge event pattern (an object, or JSON text).",
        },
        event_log_retention_in_days: {
            arg: "eventLogRetentionInDays",
            type: "number",
            default: "3",
            allowed: [
                1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
            ],
            description: "Days the log group keeps events.",
        },
        logs_policy_scope: {
            arg: "logsPolicyScope",
            type: "string",
            default: "`resource`",
            allowed: ["resource", "account"],
            description:
                "Logs resource policy scoped to the log group, or account-wide as in the original (10 per region).",
        },
        ...CONTEXT_VARS,
    },
    aliases: {
        cloudwatch_event_rule_description: "event_rule_description",
        cloudwatch_event_rule_pattern: "event_rule_pattern",
    },
    outputs: {
        event_rule_arn: "eventRuleArn",
        event_rule_name: "eventRuleName",
        logs_log_group_arn: "logsLogGroupArn",
        logs_log_group_name: "logsLogGroupName",
    },
};

/** Every component a stack file may name in `metadata.component`, by path. */
export const COMPONENT_SCHEMAS: Readonly<Record<string, ComponentSchema>> = {
    [API_KEY_SCHEMA.path]: API_KEY_SCHEMA,
    [EVENTBRIDGE_SCHEMA.path]: EVENTBRIDGE_SCHEMA,
};
