/**
 * The `eventbridge` component: one EventBridge rule on the default bus that sends the events
 * matching a pattern to a CloudWatch Logs log group.
 *
 * A port of the Cloud Posse component `aws-eventbridge` (`src/main.tf`, `src/policies.tf`) with its
 * modules `cloudposse/cloudwatch-logs/aws` 0.6.9 (the log group) and
 * `cloudposse/cloudwatch-events/aws` 0.9.1 (the rule and its target):
 * - log group: named by a label over the component's context with
 *   `regex_replace_chars = "/[^a-zA-Z0-9-_\\/]/"` (keeps `_` and `/`), tagged with that label's tags;
 * - rule: named by a label over the component's context with `id_length_limit = 64`, described by
 *   `event_rule_description` or else the component's id, state `ENABLED`, tagged with the
 *   component's tags; its one target is the log group (no role, a provider-generated target id);
 * - a CloudWatch Logs resource policy letting `events.amazonaws.com` and
 *   `delivery.logs.amazonaws.com` create streams and put events in the log group.
 *
 * {@link resolveEventBridgeArgs} is the pure part (defaults, validation, labels, names, tags);
 * {@link EventBridge} only wires its result to `@pulumi/aws` resources.
 */
import * as cloudwatch from "@pulumi/aws/cloudwatch";
import * as pulumi from "@pulumi/pulumi";

import { EventPatternError, inspectEventPattern } from "../event-pattern";
import type { Label, LabelInput } from "../label";
import { checkOneOf, checkRegion, checkUnknownArgs, LABEL_INPUT_KEYS, labelInputOf, tryLabel } from "./common";
import { AWS_LIMITS, checkTags, codePointLength } from "./awsLimits";
import { MAX_ACCOUNT_LOGS_POLICIES, programRegistry, type NameClaim } from "./collisions";
import { ComponentArgsError, describeValue, type ArgProblem } from "./errors";
import { jsonencode } from "./jsonencode";

/** The log retention periods CloudWatch Logs accepts, in days. */
export const EVENT_LOG_RETENTION_DAYS = [
    1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
] as const;

/** Where the logs resource policy applies: `resource` (the log group only) or `account` (the region). */
export type LogsPolicyScope = "resource" | "account";

/** The scopes {@link LogsPolicyScope} allows. */
const LOGS_POLICY_SCOPES: readonly LogsPolicyScope[] = ["resource", "account"];

/** The default of `eventRulePattern`, as in `aws-eventbridge`'s `variables.tf`. */
const DEFAULT_EVENT_RULE_PATTERN = { source: ["aws.ec2"] } as const;

/** The default of `eventLogRetentionInDays`. */
const DEFAULT_EVENT_LOG_RETENTION_IN_DAYS = 3;

/** The longest rule description EventBridge accepts (code points). */
const MAX_RULE_DESCRIPTION_LENGTH = AWS_LIMITS.events.ruleDescription.max;

/** The id length limit `cloudwatch-events` 0.9.1 sets on its rule label (the rule name limit). */
const RULE_ID_LENGTH_LIMIT = 64;

/** `cloudwatch-logs` 0.6.9's `regex_replace_chars`: keeps letters, digits, `-`, `_` and `/`. */
const LOG_GROUP_REGEX_REPLACE_CHARS = "/[^a-zA-Z0-9-_\\/]/";

/** EventBridge rule names: 1 to 64 of these characters. */
const RULE_NAME_CHARACTER = /[.\-_A-Za-z0-9]/;
/** CloudWatch Logs log group names: 1 to 512 of these characters. */
const LOG_GROUP_NAME_CHARACTER = /[.\-_/#A-Za-z0-9]/;
const MAX_LOG_GROUP_NAME_LENGTH = 512;

/** The services the logs resource policy lets write to the log group (as in `policies.tf`). */
const LOG_WRITING_SERVICES = ["events.amazonaws.com", "delivery.logs.amazonaws.com"] as const;

/**
 * Arguments of {@link EventBridge}: the component's variables and the null-label context
 * variables, camelCased. `null` and `undefined` both mean "use the default".
 */
export interface EventBridgeArgs extends LabelInput {
    /** AWS region of every resource, e.g. `us-east-2`; required; mirrors `region`. */
    readonly region: string;
    /**
     * Description of the rule; `""` means the component's label id; at most 512 characters;
     * mirrors `event_rule_description` (Cloud Posse: `cloudwatch_event_rule_description`).
     * @default ""
     */
    readonly eventRuleDescription?: string | null;
    /**
     * Event pattern of the rule: an object, or its JSON text; validated as EventBridge would
     * (a warning above the default 2,048-character quota); mirrors `event_rule_pattern`
     * (Cloud Posse: `cloudwatch_event_rule_pattern`).
     * @default { source: ["aws.ec2"] }
     */
    readonly eventRulePattern?: object | string | null;
    /**
     * Days the log group keeps the events: one of 1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365,
     * 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653; mirrors `event_log_retention_in_days`.
     * @default 3
     */
    readonly eventLogRetentionInDays?: number | null;
    /**
     * Scope of the logs resource policy: `resource` (attached to the log group; does not count
     * toward the 10 account-scoped policies per region) or `account` (named by the label id, as in
     * Cloud Posse's `policies.tf`); no Terraform variable (the original is always `account`).
     * @default "resource"
     */
    readonly logsPolicyScope?: LogsPolicyScope | null;
}

/** Every argument {@link EventBridge} takes: its own and the label's. */
export const EVENTBRIDGE_ARG_KEYS: readonly string[] = [
    "region",
    "eventRuleDescription",
    "eventRulePattern",
    "eventLogRetentionInDays",
    "logsPolicyScope",
    ...LABEL_INPUT_KEYS,
];

/** Tags of one resource. */
export type Tags = Readonly<Record<string, string>>;

/** What {@link EventBridge} creates, settled from its args: names, tags and settings of each child. */
export interface ResolvedEventBridge {
    /** False when the label is disabled: nothing is created (names and tags are then empty). */
    readonly enabled: boolean;
    /** AWS region of every child. */
    readonly region: string;
    /** The component label's id (the default description; the account-scoped policy's name). */
    readonly id: string;
    /** The log group receiving the events. */
    readonly logGroup: {
        /** Log group name: the id of the label with `cloudwatch-logs`' `regexReplaceChars`. */
        readonly name: string;
        readonly retentionInDays: number;
        /** That label's tags (its `Name` tag is the log group name). */
        readonly tags: Tags;
    };
    /** The event rule. */
    readonly rule: {
        /** Rule name: the id of the label with `idLengthLimit: 64`. */
        readonly name: string;
        /** `eventRuleDescription`, or the component's id when that is empty. */
        readonly description: string;
        /** The event pattern as JSON text, written as Terraform's `jsonencode` writes it (keys sorted). */
        readonly eventPattern: string;
        /** The component label's tags. */
        readonly tags: Tags;
    };
    /** The logs resource policy letting EventBridge write to the log group. */
    readonly policy: {
        readonly scope: LogsPolicyScope;
        /** The policy name (the component's id) for the `account` scope; none for `resource`. */
        readonly name: string | undefined;
    };
    /** Things worth telling the user that do not stop the deployment (e.g. a long pattern). */
    readonly warnings: readonly string[];
}

/** The component path, as in stack files and errors. */
const COMPONENT_PATH = "eventbridge";

/**
 * Settles defaults, validates every argument and works out the labels, names and tags of the
 * children. Pure: creates no resource.
 * @param name The instance (the Pulumi resource name), used in error messages.
 * @throws ComponentArgsError listing every problem found.
 */
export function resolveEventBridgeArgs(name: string, args: EventBridgeArgs): ResolvedEventBridge {
    args ??= {} as EventBridgeArgs; // from JavaScript: reported as a missing region
    const problems: ArgProblem[] = [];
    const warnings: string[] = [];

    checkUnknownArgs(COMPONENT_PATH, args, EVENTBRIDGE_ARG_KEYS, problems);
    checkRegion(args.region, problems);
    const description = checkDescription(args.eventRuleDescription, problems);
    const eventPattern = checkEventPattern(args.eventRulePattern, problems, warnings);
    const retentionInDays = checkRetention(args.eventLogRetentionInDays, problems);
    const scope = checkOneOf(args.logsPolicyScope, "logsPolicyScope", LOGS_POLICY_SCOPES, "resource", problems);

    const label = tryLabel(labelInputOf(args), problems);
    // cloudwatch-events 0.9.1 (`rule_label`) and cloudwatch-logs 0.6.9 (`log_group_label`) each
    // build a label over the context they are given; their settings override the context's (so
    // the rule's limit is 64 even when the context's idLengthLimit is smaller). The modules'
    // own `module.this` in between is left out: a label's `context` passed on is unchanged.
    const ruleLabel = label && tryLabel({ context: label.context, idLengthLimit: RULE_ID_LENGTH_LIMIT }, problems);
    const logGroupLabel =
        label && tryLabel({ context: label.context, regexReplaceChars: LOG_GROUP_REGEX_REPLACE_CHARS }, problems);

    if (label?.enabled && ruleLabel && logGroupLabel) {
        checkNames(label, ruleLabel.id, logGroupLabel.id, problems);
        const origin = { inputTags: label.context.tags, delimiter: label.delimiter };
        checkTags(
            [
                { tags: logGroupLabel.tags, service: "logs", resource: "log group" },
                { tags: label.tags, service: "events", resource: "event rule" },
            ],
            origin,
            problems,
        );
        if (description === "" && codePointLength(label.id) > MAX_RULE_DESCRIPTION_LENGTH) {
            problems.push({
                field: "eventRuleDescription",
                message:
                    `is empty, so the rule is described by the id, but the id has ${codePointLength(label.id)} characters ` +
                    `(at most ${MAX_RULE_DESCRIPTION_LENGTH}); set a description or idLengthLimit`,
            });
        }
    }

    if (problems.length > 0 || !label || !ruleLabel || !logGroupLabel || eventPattern === undefined) {
        throw new ComponentArgsError(COMPONENT_PATH, name, problems);
    }
    return {
        enabled: label.enabled,
        region: args.region,
        id: label.id,
        logGroup: { name: logGroupLabel.id, retentionInDays, tags: logGroupLabel.tags },
        rule: { name: ruleLabel.id, description: description || label.id, eventPattern, tags: label.tags },
        policy: { scope, name: scope === "account" ? label.id : undefined },
        warnings,
    };
}

/** A JavaScript `undefined` or a Terraform-like `null`: the argument takes its default. */
function isUnset(value: unknown): value is null | undefined {
    return value === undefined || value === null;
}

/** `eventRuleDescription`: a string of at most 512 characters; `""` (the default) means the id. */
function checkDescription(value: unknown, problems: ArgProblem[]): string {
    if (isUnset(value)) {
        return "";
    }
    if (typeof value !== "string") {
        problems.push({ field: "eventRuleDescription", message: `must be a string, got ${describeValue(value)}` });
        return "";
    }
    const length = codePointLength(value);
    if (length > MAX_RULE_DESCRIPTION_LENGTH) {
        problems.push({
            field: "eventRuleDescription",
            message: `must be at most ${MAX_RULE_DESCRIPTION_LENGTH} characters, got ${length}`,
        });
    }
    return value;
}

/** `eventRulePattern`: validated by the event-pattern module; returns its JSON text. */
function checkEventPattern(value: unknown, problems: ArgProblem[], warnings: string[]): string | undefined {
    const pattern = isUnset(value) ? DEFAULT_EVENT_RULE_PATTERN : value;
    try {
        const { pattern: parsed, warnings: patternWarnings } = inspectEventPattern(pattern);
        warnings.push(...patternWarnings.map((warning) => `eventRulePattern: ${warning}`));
        // The original sends `jsonencode(pattern)`: the same text keeps a migrated rule unchanged.
        return jsonencode(parsed);
    } catch (error) {
        if (error instanceof EventPatternError) {
            const where = error.path ? ` at ${error.path}` : "";
            problems.push({
                field: "eventRulePattern",
                message: `is not a valid event pattern${where}: ${error.reason}`,
            });
            return undefined;
        }
        throw error;
    }
}

/** `eventLogRetentionInDays`: one of the periods CloudWatch Logs allows. */
function checkRetention(value: unknown, problems: ArgProblem[]): number {
    if (isUnset(value)) {
        return DEFAULT_EVENT_LOG_RETENTION_IN_DAYS;
    }
    if (!(EVENT_LOG_RETENTION_DAYS as readonly unknown[]).includes(value)) {
        problems.push({
            field: "eventLogRetentionInDays",
            message: `must be one of ${EVENT_LOG_RETENTION_DAYS.join(", ")}, got ${describeValue(value)}`,
        });
    }
    return value as number;
}

/**
 * The names built from the labels must be names AWS accepts, or the deployment would fail half
 * way: rule names are 1-64 of `[.\-_A-Za-z0-9]`, log group names 1-512 of `[.\-_/#A-Za-z0-9]`.
 * The labels' regex keeps the label values clean; the delimiter is never filtered.
 */
function checkNames(label: Label, ruleName: string, logGroupName: string, problems: ArgProblem[]): void {
    if (label.id === "") {
        problems.push({
            field: "name",
            message:
                `is empty, and so are the other labels of the id (${label.labelOrder.join(", ")}): ` +
                "the event rule and the log group are named by the id, which must not be empty",
        });
        return;
    }
    const ruleProblem = nameProblem("event rule", ruleName, RULE_NAME_CHARACTER, "[.\\-_A-Za-z0-9]", label);
    if (ruleProblem) {
        problems.push(ruleProblem);
    }
    const logGroupProblem = nameProblem(
        "log group",
        logGroupName,
        LOG_GROUP_NAME_CHARACTER,
        "[.\\-_/#A-Za-z0-9]",
        label,
    );
    if (logGroupProblem && logGroupProblem.field !== ruleProblem?.field) {
        problems.push(logGroupProblem);
    }
    if (logGroupName === "") {
        // The log group's regex removes `.`, which the id's own regexReplaceChars may keep.
        problems.push({
            field: "regexReplaceChars",
            message:
                `leaves only characters the log group name drops (it keeps [a-zA-Z0-9-_/]): the id ${describeValue(label.id)} ` +
                `gives an empty log group name, got ${describeValue(label.regexReplaceChars)}`,
        });
    }
    const reserved = AWS_LIMITS.logs.logGroupName.forbiddenPrefixes.find((prefix) => logGroupName.startsWith(prefix));
    if (reserved !== undefined) {
        // Only a label value can bring the "/" (a "/" delimiter is refused by the rule name).
        const first = label.labelOrder.find((l) => {
            const v = (label as unknown as Record<string, unknown>)[l];
            return Array.isArray(v) ? v.length > 0 : typeof v === "string" && v !== "";
        });
        problems.push({
            field: first ?? "name",
            message:
                `gives the log group name ${describeValue(logGroupName)}, which must not begin with "${reserved}" ` +
                `(reserved by AWS; ${AWS_LIMITS.logs.logGroupName.source})`,
        });
    }
    if (codePointLength(logGroupName) > MAX_LOG_GROUP_NAME_LENGTH) {
        problems.push({
            field: "idLengthLimit",
            message:
                `must keep the log group name within ${MAX_LOG_GROUP_NAME_LENGTH} characters, ` +
                `got a name of ${logGroupName.length} (idLengthLimit ${label.idLengthLimit})`,
        });
    }
}

/** A problem when `resourceName` has characters AWS refuses: blamed on the delimiter, or else the regex. */
function nameProblem(
    what: string,
    resourceName: string,
    allowed: RegExp,
    allowedText: string,
    label: Label,
): ArgProblem | undefined {
    const bad = [...new Set([...resourceName].filter((character) => !allowed.test(character)))];
    if (bad.length === 0) {
        return undefined;
    }
    const inDelimiter = [...label.delimiter].some((character) => !allowed.test(character));
    const rule =
        `the ${what} name ${describeValue(resourceName)} has ${bad.map((c) => describeValue(c)).join(", ")}, ` +
        `but only ${allowedText} is allowed`;
    return inDelimiter
        ? {
              field: "delimiter",
              message: `must only use characters allowed in names: ${rule}, got ${describeValue(label.delimiter)}`,
          }
        : {
              field: "regexReplaceChars",
              message: `must remove the characters not allowed in names: ${rule}, got ${describeValue(label.regexReplaceChars)}`,
          };
}

/**
 * The names an instance needs to itself: its log group and rule names (unique per region) and,
 * for the account scope, its logs policy (unique, at most 10 per region). None when disabled.
 */
export function eventBridgeClaims(resolved: ResolvedEventBridge): NameClaim[] {
    if (!resolved.enabled) return [];
    const { region } = resolved;
    const claims: NameClaim[] = [
        { what: "log group", scope: region, name: resolved.logGroup.name, field: "name" },
        { what: "event rule", scope: region, name: resolved.rule.name, field: "name" },
    ];
    if (resolved.policy.scope === "account" && resolved.policy.name !== undefined) {
        claims.push({
            what: "account-scoped logs resource policy",
            scope: region,
            name: resolved.policy.name,
            field: "logsPolicyScope",
            limited: { max: MAX_ACCOUNT_LOGS_POLICIES, what: "account-scoped logs resource policie" },
        });
    }
    return claims;
}

/**
 * The logs resource policy document of `policies.tf`: EventBridge and log delivery may create
 * streams in and put events to the log group (`<log group ARN>:*`).
 */
export function eventBridgeLogsPolicyDocument(logGroupArn: string): string {
    return JSON.stringify({
        Version: "2012-10-17",
        Statement: [
            {
                Effect: "Allow",
                Principal: { Service: [...LOG_WRITING_SERVICES] },
                Action: ["logs:CreateLogStream", "logs:PutLogEvents"],
                Resource: `${withoutWildcard(logGroupArn)}:*`,
            },
        ],
    });
}

/** A log group ARN without the `:*` suffix some APIs add (targets and resource policies refuse it). */
function withoutWildcard(logGroupArn: string): string {
    // (Mocks that echo inputs give no ARN: pass that on rather than fail.)
    return typeof logGroupArn === "string" && logGroupArn.endsWith(":*") ? logGroupArn.slice(0, -2) : logGroupArn;
}

/**
 * An EventBridge rule sending the events that match a pattern to a new CloudWatch Logs log group,
 * with the logs resource policy that lets EventBridge write there. Component path `eventbridge`.
 *
 * Children (all named like the component, parented to it, in its region): the log group
 * (`aws:cloudwatch/logGroup:LogGroup`), the rule (`aws:cloudwatch/eventRule:EventRule`), the
 * resource policy (`aws:cloudwatch/logResourcePolicy:LogResourcePolicy`) and the target
 * (`aws:cloudwatch/eventTarget:EventTarget`, created after the policy). None when disabled.
 */
export class EventBridge extends pulumi.ComponentResource {
    /** The component path, as stack files name it. */
    static readonly componentPath = COMPONENT_PATH;

    /** ARN of the event rule; undefined when disabled; mirrors `event_rule_arn`. */
    readonly eventRuleArn?: pulumi.Output<string>;
    /** Name of the event rule; undefined when disabled; mirrors `event_rule_name`. */
    readonly eventRuleName?: pulumi.Output<string>;
    /** ARN of the log group (no `:*` suffix); undefined when disabled; mirrors `logs_log_group_arn`. */
    readonly logsLogGroupArn?: pulumi.Output<string>;
    /** Name of the log group; undefined when disabled; mirrors `logs_log_group_name`. */
    readonly logsLogGroupName?: pulumi.Output<string>;

    /**
     * @throws ComponentArgsError listing every invalid argument, before anything is registered.
     */
    constructor(name: string, args: EventBridgeArgs, opts: pulumi.ComponentResourceOptions = {}) {
        // Validate first: an invalid argument must leave no resource behind, not even this one.
        const resolved = resolveEventBridgeArgs(name, args);
        // Names another instance of this program already uses (the same log group, ...).
        const collisions =
            programRegistry()?.claim({ component: COMPONENT_PATH, instance: name }, eventBridgeClaims(resolved)) ?? [];
        if (collisions.length > 0) {
            throw new ComponentArgsError(COMPONENT_PATH, name, collisions);
        }
        super("cloudposse:eventbridge:EventBridge", name, {}, opts);

        for (const warning of resolved.warnings) {
            pulumi.log.warn(`${COMPONENT_PATH} "${name}": ${warning}`, this);
        }

        if (resolved.enabled) {
            // Every child has a different type, so each can take the component's name.
            const childOpts: pulumi.CustomResourceOptions = { parent: this };
            const { region } = resolved;

            const logGroup = new cloudwatch.LogGroup(
                name,
                {
                    region,
                    name: resolved.logGroup.name,
                    retentionInDays: resolved.logGroup.retentionInDays,
                    tags: resolved.logGroup.tags,
                },
                childOpts,
            );
            const logGroupArn = logGroup.arn.apply(withoutWildcard);

            const rule = new cloudwatch.EventRule(
                name,
                {
                    region,
                    name: resolved.rule.name,
                    description: resolved.rule.description,
                    eventPattern: resolved.rule.eventPattern,
                    state: "ENABLED",
                    tags: resolved.rule.tags,
                },
                childOpts,
            );

            const policy = new cloudwatch.LogResourcePolicy(
                name,
                {
                    region,
                    policyDocument: logGroupArn.apply(eventBridgeLogsPolicyDocument),
                    ...(resolved.policy.scope === "account"
                        ? { policyName: resolved.policy.name }
                        : { resourceArn: logGroupArn }),
                },
                childOpts,
            );

            // Logs targets take no role: the resource policy grants the access, so the target
            // waits for it (events delivered before would be dropped).
            new cloudwatch.EventTarget(
                name,
                {
                    region,
                    rule: rule.name,
                    arn: logGroupArn,
                },
                { ...childOpts, dependsOn: [policy] },
            );

            this.eventRuleArn = rule.arn;
            this.eventRuleName = rule.name;
            this.logsLogGroupArn = logGroupArn;
            this.logsLogGroupName = logGroup.name;
        }

        this.registerOutputs({
            eventRuleArn: this.eventRuleArn,
            eventRuleName: this.eventRuleName,
            logsLogGroupArn: this.logsLogGroupArn,
            logsLogGroupName: this.logsLogGroupName,
        });
    }
}
