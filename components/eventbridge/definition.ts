/**
 * The `eventbridge` component, declared: its arguments (`EventBridgeArgs`), their stack-file vars,
 * defaults and allowed values, and its outputs. Pure data, no Pulumi import.
 */
import type * as pulumi from "@pulumi/pulumi";
import { switchArg, type ComponentDefinition } from "../kit/definition";
import { INSTANCE_ARGS, REGION_ARG, type InstanceArgs } from "../kit/instanceArgs";
import { LABEL_ARGS, type ComponentLabelArgs } from "../kit/labelArgs";
import { EVENT_TARGET_ID } from "../kit/lifecycle";
import { ALLOW_LOG_GROUP_DELETION } from "../kit/logHistory";
import { EVENTBRIDGE_LIMITS } from "./limits";

/** The log retention periods CloudWatch Logs accepts, in days. */
export const EVENT_LOG_RETENTION_DAYS = [
    1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
] as const;

/** A retention period CloudWatch Logs accepts, in days: one of {@link EVENT_LOG_RETENTION_DAYS}. */
export type EventLogRetentionInDays = (typeof EVENT_LOG_RETENTION_DAYS)[number];

/** Where the logs resource policy applies: `resource` (the log group only) or `account` (the region). */
export type LogsPolicyScope = "resource" | "account";

/** The scopes {@link LogsPolicyScope} allows. */
export const LOGS_POLICY_SCOPES: readonly LogsPolicyScope[] = ["resource", "account"];

/** The default of `eventRulePattern`, as in `aws-eventbridge`'s `variables.tf`. */
export const DEFAULT_EVENT_RULE_PATTERN = { source: ["aws.ec2"] } as const;

/** The default of `eventLogRetentionInDays`. */
export const DEFAULT_EVENT_LOG_RETENTION_IN_DAYS = 3;

/** The default of `logsPolicyScope`. */
export const DEFAULT_LOGS_POLICY_SCOPE: LogsPolicyScope = "resource";

/** The longest rule description EventBridge accepts (code points). */
export const MAX_RULE_DESCRIPTION_LENGTH = EVENTBRIDGE_LIMITS.events.ruleDescription.max;

/**
 * A field's value in an event pattern: an object of fields, or a list of the values or matchers to
 * match (EventBridge refuses a bare string, number or boolean there: "leaf values must be a
 * non-empty array"), any part of it possibly a Pulumi Input, e.g. `{ source: ["aws.sns"], resources: [topic.arn] }`.
 */
export type EventPatternValue = pulumi.Input<EventPatternObject | pulumi.Input<EventPatternItem>[]>;

/**
 * One item of a list in an event pattern: a value to match (`"aws.sns"`, `42`, `true`, `null`), a
 * matcher (`{ prefix: "prod-" }`, `{ numeric: [">", 0] }`), or in `$or` a pattern.
 */
export type EventPatternItem = string | number | boolean | null | EventPatternMatcher;

/** A matcher of a list item, or a pattern inside `$or`: operators (or fields) by name, each value possibly an Input. */
export interface EventPatternMatcher {
    readonly [operator: string]:
        | pulumi.Input<string | number | boolean | null | EventPatternMatcher | pulumi.Input<EventPatternItem>[]>
        | undefined;
}

/** An event pattern, or an object inside one: fields by name, each value possibly an Input. */
export interface EventPatternObject {
    readonly [field: string]: EventPatternValue | undefined;
}

/**
 * Arguments of {@link EventBridge}: the component's variables and the null-label context
 * variables, camelCased. An unset argument takes its default.
 *
 * `region`, `eventRuleDescription`, `eventRulePattern` (and any value inside it),
 * `eventLogRetentionInDays`, `tags` and `additionalTagMap` take Pulumi Inputs: a value only known
 * later is validated as soon as it is known, with the same message, before any AWS call. The
 * label inputs that make the names stay plain values (see {@link ComponentLabelArgs}).
 */
export interface EventBridgeArgs extends InstanceArgs, ComponentLabelArgs {
    /**
     * AWS region of every resource, e.g. `us-east-2`; when unset, the region of the AWS provider
     * the children get (the `provider`/`providers` option, or the default provider), as for any
     * `@pulumi/aws` resource; when set, it wins over the provider's region (its account and
     * credentials are still used); mirrors `region` (required in stack files).
     * @default the AWS provider's region
     */
    readonly region?: pulumi.Input<string>;
    /**
     * Description of the rule; `""` means the component's label id; at most 512 characters;
     * mirrors `event_rule_description` (Cloud Posse: `cloudwatch_event_rule_description`).
     * @default ""
     */
    readonly eventRuleDescription?: pulumi.Input<string>;
    /**
     * Event pattern of the rule: an object (whose values may be Inputs at any depth), or its JSON
     * text; validated as EventBridge would (a warning above the default 2,048-character quota);
     * mirrors `event_rule_pattern` (Cloud Posse: `cloudwatch_event_rule_pattern`).
     * @default { source: ["aws.ec2"] }
     */
    readonly eventRulePattern?: pulumi.Input<EventPatternObject | string>;
    /**
     * Days the log group keeps the events: one of 1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365,
     * 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653; mirrors `event_log_retention_in_days`.
     * A plain number is checked against the list when compiling; an Output or a promise (another
     * resource's number) once its value is known.
     * @default 3
     */
    readonly eventLogRetentionInDays?: pulumi.Input<EventLogRetentionInDays> | pulumi.Output<number> | Promise<number>;
    /**
     * Scope of the logs resource policy: `resource` (attached to the log group; does not count
     * toward the 10 account-scoped policies per region) or `account` (named by the label id, as in
     * Cloud Posse's `policies.tf`); mirrors `logs_policy_scope` (an addition of this port: the
     * original is always `account`).
     * @default "resource"
     */
    readonly logsPolicyScope?: LogsPolicyScope | null;
    /**
     * Adopt the log group, rule and logs policy a Terraform deployment created under the same names,
     * and its target (given by `adoptEventTargetId`), with Pulumi's `import` option instead of creating
     * them (see docs/migrating.md); mirrors `adopt_existing`. Turn it off after the first successful `pulumi up`.
     * @default false
     */
    readonly adoptExisting?: boolean | null;
    /**
     * The id of the rule's existing target (Terraform's `target_id`; `npm run tf-adopt` reads it from the
     * state), set as the target's `targetId` and, with `adoptExisting`, imported, so that no second
     * target delivers every event twice; mirrors `adopt_event_target_id`.
     * @default none: the provider picks the id of a new target
     */
    readonly adoptEventTargetId?: string | null;
    /**
     * Keep the log group and its stored events in AWS when Pulumi deletes it: on `pulumi destroy`, and
     * when a label change renames it (a replacement, which deletes the old group first). The group is
     * registered with Pulumi's `retainOnDelete` option, which the engine reads from the deployed state:
     * turning this off takes effect only after a run has deployed it. A kept group stays in AWS outside
     * Pulumi's state (see `adoptLogGroup` to take it back); mirrors `retain_log_group_on_delete` (an
     * addition of this port; the log groups of AWS CDK are kept the same way by default).
     * @default true
     */
    readonly retainLogGroupOnDelete?: boolean | null;
    /**
     * Adopt a log group of this instance's name that exists in AWS outside this stack's state (kept by
     * an earlier `pulumi destroy` or rename), with its stored events, instead of creating it (which AWS
     * refuses while it exists); mirrors `adopt_log_group`. The stack program refuses a new instance whose
     * group exists without it, and this set when the group does not exist. Turn it off after that run.
     * @default false
     */
    readonly adoptLogGroup?: boolean | null;
}

/** The `eventbridge` component, declared once. */
export const EVENTBRIDGE_DEFINITION: ComponentDefinition<EventBridgeArgs, "eventbridge"> = {
    path: "eventbridge",
    typeToken: "cloudposse:eventbridge:EventBridge",
    doc: "One EventBridge rule matching an event pattern, a CloudWatch log group, the target that sends matching events there, and the logs resource policy that lets EventBridge write.",
    args: {
        region: REGION_ARG,
        eventRuleDescription: {
            input: true,
            var: "event_rule_description",
            type: "string",
            default: "",
            defaultText: '`""` (the component\'s id)',
            defaultTs: '`""`, which means the component\'s label id',
            max: MAX_RULE_DESCRIPTION_LENGTH,
            rule: `a string of at most ${MAX_RULE_DESCRIPTION_LENGTH} characters`,
            aliases: ["cloudwatch_event_rule_description"],
            doc: `Description of the rule, at most ${MAX_RULE_DESCRIPTION_LENGTH} characters.`,
        },
        eventRulePattern: {
            input: true,
            var: "event_rule_pattern",
            type: "any",
            default: DEFAULT_EVENT_RULE_PATTERN,
            defaultText: "`{source: [aws.ec2]}`",
            defaultTs: '`{ source: ["aws.ec2"] }`',
            rule:
                "an event pattern EventBridge accepts, given as an object or as JSON text; over 2,048 characters " +
                "logs a warning (the default quota), over 4,096 bytes of JSON in UTF-8 (the provider's count) is refused",
            aliases: ["cloudwatch_event_rule_pattern"],
            doc: "EventBridge event pattern (an object, or JSON text).",
        },
        eventLogRetentionInDays: {
            input: true,
            var: "event_log_retention_in_days",
            type: "number",
            default: DEFAULT_EVENT_LOG_RETENTION_IN_DAYS,
            defaultText: String(DEFAULT_EVENT_LOG_RETENTION_IN_DAYS),
            defaultTs: `\`${DEFAULT_EVENT_LOG_RETENTION_IN_DAYS}\``,
            allowed: EVENT_LOG_RETENTION_DAYS,
            rule: EVENT_LOG_RETENTION_DAYS.join(", "),
            doc: "Days the log group keeps events.",
        },
        logsPolicyScope: {
            var: "logs_policy_scope",
            type: "string",
            default: DEFAULT_LOGS_POLICY_SCOPE,
            // policies.tf of aws-eventbridge: one account-level policy named after the id.
            originalDefault: "account",
            defaultText: `\`${DEFAULT_LOGS_POLICY_SCOPE}\` (\`account\`, the original's, for an instance declared under the original names)`,
            defaultTs: `\`"${DEFAULT_LOGS_POLICY_SCOPE}"\``,
            allowed: LOGS_POLICY_SCOPES,
            rule: LOGS_POLICY_SCOPES.map((s) => `\`"${s}"\``).join(", "),
            origin: 'added by this port; the original behaves as `"account"`',
            doc: "Logs resource policy scoped to the log group, or account-wide as in the original (10 per region).",
        },
        adoptExisting: switchArg({
            var: "adopt_existing",
            rule:
                "`true` imports the log group, rule, logs policy (account scope) and target Terraform created " +
                "(see docs/migrating.md)",
            origin: "added by this port",
            doc: "Import the resources a Terraform deployment created under the same names (see docs/migrating.md).",
            adopts: ["eventRuleName", "logsLogGroupName"],
        }),
        adoptEventTargetId: {
            var: "adopt_event_target_id",
            type: "string",
            defaultText: "null (a new target, id chosen by the provider)",
            defaultTs: "none (a new target, id chosen by the provider)",
            max: 64,
            pattern: {
                regex: EVENT_TARGET_ID,
                code: "BAD_TARGET_ID",
                rule: 'must be an EventBridge target id: 1 to 64 characters of ".-_A-Za-z0-9"',
            },
            rule: "the existing target's id: 1 to 64 characters of `.-_A-Za-z0-9`; required with `adoptExisting`",
            origin: "added by this port",
            doc: "Id of the rule's existing target (Terraform's target_id), kept and, when adopting, imported.",
        },
        retainLogGroupOnDelete: {
            var: "retain_log_group_on_delete",
            type: "bool",
            default: true,
            defaultText: "true",
            defaultTs: "`true`",
            rule:
                "`true` keeps the log group and its events in AWS when Pulumi deletes it (destroy, or a label change " +
                "that renames it), outside Pulumi's state from then on; `false` takes effect once deployed",
            origin: "added by this port",
            doc: "Keep the log group and its stored events in AWS when Pulumi deletes it (destroy, rename).",
        },
        adoptLogGroup: {
            var: "adopt_log_group",
            type: "bool",
            default: false,
            defaultText: "false",
            defaultTs: "`false`",
            rule: "`true` imports the log group of this name that exists outside the stack's state instead of creating it",
            origin: "added by this port",
            doc: "Adopt a log group of this name kept in AWS by an earlier destroy or rename.",
            adopts: ["logsLogGroupName"],
        },
        ...INSTANCE_ARGS,
        ...LABEL_ARGS,
    },
    example: {
        variable: "alerts",
        name: "ecs-alerts",
        args: {
            region: "us-east-2",
            namespace: "eg",
            stage: "prod",
            name: "ecs-alerts",
            eventRuleDescription: "ECS tasks that stopped",
            eventRulePattern: { source: ["aws.ecs"], "detail-type": ["ECS Task State Change"] },
            eventLogRetentionInDays: 14,
            tags: { Team: "platform" },
        },
        exports: { logGroup: "logsLogGroupName" },
    },
    outputs: {
        eventRuleArn: { spec: "event_rule_arn", original: "cloudwatch_event_rule_arn", doc: "ARN of the rule" },
        eventRuleName: {
            spec: "event_rule_name",
            physicalName: true,
            original: "cloudwatch_event_rule_name",
            doc: "name of the rule",
        },
        logsLogGroupArn: {
            spec: "logs_log_group_arn",
            original: "cloudwatch_logs_log_group_arn",
            doc: "ARN of the log group (no `:*` suffix)",
        },
        logsLogGroupName: {
            spec: "logs_log_group_name",
            physicalName: true,
            holdsData: {
                what: "log group",
                data: "every event stored in it",
                retainedOutput: "logs_log_group_retained",
                keepVar: "retain_log_group_on_delete",
                optIn: ALLOW_LOG_GROUP_DELETION,
                cleanUp: (name) => `aws logs delete-log-group --log-group-name ${name}`,
            },
            original: "cloudwatch_logs_log_group_name",
            doc: "name of the log group",
        },
        logsLogGroupRetained: {
            deployment: "logs_log_group_retained",
            type: "boolean",
            doc: "whether the deployed log group is kept in AWS when Pulumi deletes it (`retainLogGroupOnDelete`)",
        },
    },
};
