/**
 * The pure part of the `eventbridge` component (a port of Cloud Posse's `aws-eventbridge`): defaults, validation,
 * labels, names and tags of the children. No Pulumi import. What it ports: the contributors' Design notes.
 */
import { EVENT_PATTERN_PROVIDER_MAX_LENGTH, EventPatternError, inspectEventPattern } from "../../event-pattern";
import { formatCount, refuse, ROOT_PATH } from "../../event-pattern/errors";
import type { Label, LabelInput } from "../../label";
import { isLabelName } from "../../label/id";
import { tryLabel, type ResolveOptions } from "../kit/common";
import { declaredInstance } from "../kit/declaredArgs";
import { holdsUnknown, isUnknownValue } from "../../util/unknown";
import { argNames, type UncheckedArgs } from "../kit/definition";
import {
    AWS_LIMITS,
    checkTags,
    codePointLength,
    logGroupArn,
    resourcesText,
    stringViolations,
    type TagFinding,
} from "../kit/awsLimits";
import { MAX_ACCOUNT_LOGS_POLICIES, PROVIDER_REGION, type NameClaim } from "../kit/collisions";
import { argProblem, type ArgProblem, type ArgProblemInput } from "../kit/errors";
import { hasValue, problem, type Problem } from "../../util/problem";
import { jsonencode } from "../kit/jsonencode";
import { EVENTBRIDGE_LIMITS } from "./limits";
import { adoptionRegionProblem, eventTargetImportId, regionalImportId } from "../kit/lifecycle";
import {
    DEFAULT_EVENT_RULE_PATTERN,
    EVENTBRIDGE_DEFINITION,
    MAX_RULE_DESCRIPTION_LENGTH,
    type EventBridgeArgs,
    type LogsPolicyScope,
} from "./definition";
import { describeValue } from "../../util/describeValue";
import { isUnset, resolvedBrand } from "../kit/resolved";

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

/** Every argument {@link EventBridge} takes: its own and the label's. */
export const EVENTBRIDGE_ARG_KEYS: readonly string[] = argNames(EVENTBRIDGE_DEFINITION);

/** Tags of one resource. */
export type Tags = Readonly<Record<string, string>>;

/** What {@link EventBridge} creates, settled from its args: names, tags and settings of each child. */
export interface ResolvedEventBridge {
    /** False when the label is disabled: nothing is created (names and tags are then empty). */
    readonly enabled: boolean;
    /**
     * AWS region of every child; undefined when the TypeScript API was given none (the children
     * then take their AWS provider's) or it is not known yet.
     */
    readonly region: string | undefined;
    /** The component label's id (the default description; the account-scoped policy's name). */
    readonly id: string;
    /** The log group receiving the events. */
    readonly logGroup: {
        /** Log group name: the id of the label with `cloudwatch-logs`' `regexReplaceChars`. */
        readonly name: string;
        readonly retentionInDays: number;
        /** Keep it in AWS when Pulumi deletes it (Pulumi's `retainOnDelete` option; `retainLogGroupOnDelete`). */
        readonly retainOnDelete: boolean;
        /** Import the group of this name that exists outside the state (`adoptLogGroup`): its import id. */
        readonly adopt: string | undefined;
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
    /** The target's `targetId`, when given (`adoptEventTargetId`); else the provider picks one. */
    readonly targetId: string | undefined;
    /**
     * Import ids of the resources a Terraform deployment created (`adoptExisting`), by child; absent
     * when not adopting. The policy is adopted only with the `account` scope (the original's).
     */
    readonly adopt:
        | {
              readonly logGroup: string;
              readonly rule: string;
              readonly policy: string | undefined;
              readonly target: string;
          }
        | undefined;
    /** Previous instance names (Pulumi aliases of the component). */
    readonly aliases: readonly string[];
    /** Things worth telling the user that do not stop the deployment (e.g. a long pattern). */
    readonly warnings: readonly ArgProblem[];
}

/**
 * Settles defaults, validates every argument and works out the labels, names and tags of the
 * children. Pure: creates no resource. Takes known values (not Outputs: the component takes those);
 * an unset `region` is the AWS provider's.
 * @param name The instance (the Pulumi resource name), used in error messages.
 * @throws ComponentArgsError listing every problem found.
 */
export function resolveEventBridgeArgs(name: string, args: EventBridgeArgs): ResolvedEventBridge {
    return resolveEventBridge(name, args, { regionFromProvider: true });
}

/**
 * {@link resolveEventBridgeArgs} for arguments of unknown types (a stack file's record, or
 * JavaScript): every value is checked.
 * @throws ComponentArgsError listing every problem found.
 */
export function resolveEventBridge(
    name: string,
    args: UncheckedArgs<EventBridgeArgs>,
    options: ResolveOptions = {},
): ResolvedEventBridge {
    let eventPattern: string | undefined;
    const declared = declaredInstance(EVENTBRIDGE_DEFINITION, name, args, options, {
        eventRuleDescription: (value, _, warnings) => checkDescription(value, warnings),
        eventRulePattern: (value, problems, warnings) => (eventPattern = checkEventPattern(value, problems, warnings)),
    });
    const { values, problems, warnings, region, label } = declared;
    args ??= {}; // from JavaScript: reported as a missing region
    const description = isUnknownValue(args.eventRuleDescription) ? "" : (values.eventRuleDescription ?? "");
    const retentionInDays = values.eventLogRetentionInDays as number;
    const scope = values.logsPolicyScope as LogsPolicyScope;
    const { adoptExisting, adoptLogGroup, adoptEventTargetId: targetId } = values;
    const retainOnDelete = values.retainLogGroupOnDelete;
    if (adoptExisting === true && region !== undefined) {
        const refused = adoptionRegionProblem(region);
        if (refused !== undefined) problems.push(refused);
    }
    if (adoptLogGroup === true && adoptExisting !== true && region !== undefined) {
        const refused = adoptionRegionProblem(region, "adoptLogGroup");
        if (refused !== undefined) problems.push(refused);
    }

    // cloudwatch-events 0.9.1 (`rule_label`) and cloudwatch-logs 0.6.9 (`log_group_label`) each
    // build a label over the context they are given; their settings override the context's (so
    // the rule's limit is 64 even when the context's idLengthLimit is smaller). The modules'
    // own `module.this` in between is left out: a label's `context` passed on is unchanged.
    const ruleLabel = label && derivedLabel({ context: label.context, idLengthLimit: RULE_ID_LENGTH_LIMIT }, problems);
    const logGroupLabel =
        label &&
        derivedLabel({ context: label.context, regexReplaceChars: LOG_GROUP_REGEX_REPLACE_CHARS }, problems, label);

    if (label?.enabled && ruleLabel && logGroupLabel) {
        // (The problems of the names, from here: an id too long for several of them is one problem.)
        const namesFrom = problems.length;
        checkNames(label, ruleLabel.id, logGroupLabel, problems);
        if (region !== undefined) checkTaggedLogGroupArn(region, logGroupLabel, label, problems);
        const origin = { inputTags: label.context.tags, delimiter: label.delimiter };
        const tagFindings = checkTags(
            [
                { tags: logGroupLabel.tags, limits: AWS_LIMITS.logs, resource: "log group" },
                { tags: label.tags, limits: EVENTBRIDGE_LIMITS.events, resource: "event rule" },
            ],
            origin,
            problems,
        );
        if (
            description === "" &&
            !isUnknownValue(args.eventRuleDescription) &&
            codePointLength(label.id) > MAX_RULE_DESCRIPTION_LENGTH
        ) {
            // (Not set at all: no value to show. The id can also be shortened with the label's length limit.)
            const rule =
                `must be set, or the id shortened (its length limit lowered): when it is empty the rule is ` +
                `described by the id, but the id has ${codePointLength(label.id)} characters (at most ${MAX_RULE_DESCRIPTION_LENGTH})`;
            problems.push(
                isUnset(args.eventRuleDescription)
                    ? { code: "ID_TOO_LONG_FOR_DESCRIPTION", path: ["eventRuleDescription"], rule }
                    : problem("ID_TOO_LONG_FOR_DESCRIPTION", ["eventRuleDescription"], rule, args.eventRuleDescription),
            );
        }
        const found = problems.slice(namesFrom);
        problems.splice(namesFrom, found.length, ...oneTooLongId(label, found, logGroupLabel, tagFindings));
    }

    if (adoptExisting === true && label?.enabled && isUnset(args.adoptEventTargetId)) {
        problems.push(
            problem(
                "REQUIRED",
                ["adoptEventTargetId"],
                "must be set when adoptExisting is true: the id of the target Terraform created on the rule " +
                    "(npm run tf-adopt reads it from the Terraform state); without it a second target would deliver every event twice",
                args.adoptEventTargetId,
            ),
        );
    }
    if (adoptExisting === true && label?.enabled && scope === "resource") {
        warnings.push(
            problem(
                "POLICY_NOT_ADOPTED",
                ["adoptExisting"],
                `does not adopt the original's account-scoped logs policy "${label.id}" with logsPolicyScope ` +
                    '"resource" (a new resource-scoped policy is created); delete it once migrated (aws logs ' +
                    `delete-resource-policy --policy-name ${label.id}), or set logsPolicyScope "account" to adopt it`,
            ),
        );
    }

    const valid = declared.ready();
    if (!ruleLabel || !logGroupLabel || eventPattern === undefined) return declared.fail();
    return markResolved({
        enabled: valid.enabled,
        region,
        id: valid.id,
        logGroup: {
            name: logGroupLabel.id,
            retentionInDays,
            retainOnDelete: retainOnDelete === true,
            // (adoptExisting imports it too, with the rest of what Terraform created.)
            adopt:
                adoptLogGroup === true && adoptExisting !== true && valid.enabled
                    ? importId(logGroupLabel.id, region)
                    : undefined,
            tags: logGroupLabel.tags,
        },
        rule: { name: ruleLabel.id, description: description || valid.id, eventPattern, tags: valid.tags },
        policy: { scope, name: scope === "account" ? valid.id : undefined },
        targetId,
        adopt:
            adoptExisting === true && valid.enabled && targetId !== undefined
                ? {
                      logGroup: importId(logGroupLabel.id, region),
                      rule: importId(ruleLabel.id, region),
                      policy: scope === "account" ? importId(valid.id, region) : undefined,
                      target: importId(eventTargetImportId(ruleLabel.id, targetId), region),
                  }
                : undefined,
        aliases: declared.aliases,
        warnings: warnings.map(argProblem),
    });
}

/** An import id in `region`, or in the provider's region when none is given. */
function importId(id: string, region: string | undefined): string {
    return region === undefined ? id : regionalImportId(id, region);
}

/** The results of {@link resolveEventBridgeArgs} (frozen), so that a constructor can take one as is. */
const RESOLVED = resolvedBrand<ResolvedEventBridge>((r) => [
    r.logGroup,
    r.rule,
    r.policy,
    r.warnings,
    r.aliases,
    r.adopt,
]);
const markResolved = RESOLVED.mark;

/** True for a result of {@link resolveEventBridgeArgs} (validated, frozen); false for anything else. */
export function isResolvedEventBridge(value: unknown): value is ResolvedEventBridge {
    return RESOLVED.has(value);
}

/** `eventRuleDescription` (its declared checks passed): a warning when its UTF-8 bytes exceed what the provider takes. */
function checkDescription(value: unknown, warnings: ArgProblemInput[]): void {
    if (typeof value !== "string") return;
    const length = codePointLength(value);
    // PutRule counts characters, but the AWS provider's own check (StringLenBetween) counts bytes.
    const bytes = Buffer.byteLength(value, "utf8");
    if (bytes > MAX_RULE_DESCRIPTION_LENGTH) {
        warnings.push({
            code: "DESCRIPTION_BYTES",
            path: ["eventRuleDescription"],
            rule:
                `is within PutRule's ${MAX_RULE_DESCRIPTION_LENGTH} characters (has ${length}), but it is ` +
                `${bytes} bytes in UTF-8, and the AWS provider checks at most ` +
                `${MAX_RULE_DESCRIPTION_LENGTH} bytes before calling AWS, so pulumi preview may refuse it; ` +
                `use fewer multi-byte characters`,
        });
    }
}

/** `eventRulePattern`: validated by the event-pattern module; returns its JSON text. */
function checkEventPattern(
    value: unknown,
    problems: ArgProblemInput[],
    warnings: ArgProblemInput[],
): string | undefined {
    if (isUnknownValue(value)) return ""; // checked once known
    // Parts not known yet stand as "" (a leaf) or [""] (a field's values): the shape is still checked.
    const unknownParts = holdsUnknown(value);
    try {
        const pattern = isUnset(value) ? DEFAULT_EVENT_RULE_PATTERN : unknownParts ? placeheld(value) : value;
        const { pattern: parsed, warnings: patternWarnings } = inspectEventPattern(pattern);
        warnings.push(
            ...patternWarnings.map((warning) =>
                problem("PATTERN_WARNING", ["eventRulePattern"], `is accepted, but ${warning}`),
            ),
        );
        if (unknownParts) return ""; // its size is checked once known
        // The original sends `jsonencode(pattern)`: the same text keeps a migrated rule unchanged.
        const text = jsonencode(parsed);
        // That text is what the plan registers, so it must fit PutRule's EventPattern too. It can be
        // longer than the pattern as measured above: jsonencode writes <, > and & as \u003c, \u003e and
        // \u0026, and numbers in full (1e300 as 301 digits). Counted in UTF-8 bytes, as the provider counts.
        const bytes = Buffer.byteLength(text, "utf8");
        if (bytes > EVENT_PATTERN_PROVIDER_MAX_LENGTH) {
            problems.push({
                code: "PATTERN_TOO_LARGE",
                path: ["eventRulePattern"],
                rule: "is not a valid event pattern",
                detail:
                    `the JSON sent to AWS (written as Terraform's jsonencode writes it: <, > and & escaped as ` +
                    `\\u003c, \\u003e and \\u0026, numbers in full) is ${formatCount(bytes)} bytes; ` +
                    `PutRule accepts at most ${formatCount(EVENT_PATTERN_PROVIDER_MAX_LENGTH)}`,
            });
            return undefined;
        }
        return text;
    } catch (error) {
        if (error instanceof EventPatternError) {
            problems.push(...error.details.map((p) => eventPatternProblem(p)));
            return undefined;
        }
        throw error;
    }
}

/** {@link withPlaceholders}, a pattern nested too deeply to copy refused as the event-pattern module refuses it. */
function placeheld(value: unknown): unknown {
    try {
        return withPlaceholders(value);
    } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        return refuse(ROOT_PATH, "PATTERN_TOO_DEEP", "the pattern is nested too deeply");
    }
}

/** What stands for a matcher's operand not known yet: a value each operator accepts. */
const OPERAND_PLACEHOLDERS: Readonly<Record<string, unknown>> = {
    prefix: "",
    suffix: "",
    "equals-ignore-case": "",
    wildcard: "",
    "anything-but": "",
    exists: true,
    cidr: "10.0.0.0/8",
    numeric: [">", 0],
};

/**
 * A pattern with its parts not known yet replaced by values of the right shape: `""` in a list, a
 * matcher's operand by one it accepts, `[""]` as a field's values.
 */
function withPlaceholders(
    value: unknown,
    key?: string,
    inList = false,
    copies: Map<object, unknown> = new Map(),
): unknown {
    if (isUnknownValue(value)) {
        if (inList) return key === "numeric" ? 0 : "";
        return key !== undefined && Object.prototype.hasOwnProperty.call(OPERAND_PLACEHOLDERS, key)
            ? OPERAND_PLACEHOLDERS[key]
            : [""];
    }
    if (typeof value !== "object" || value === null) return value;
    // A pattern that holds itself keeps its cycle (the event-pattern module reports it where it is).
    const known = copies.get(value);
    if (known !== undefined) return known;
    if (Array.isArray(value)) {
        const copy: unknown[] = [];
        copies.set(value, copy);
        for (const item of value) copy.push(withPlaceholders(item, key, true, copies));
        return copy;
    }
    const copy: Record<string, unknown> = {};
    copies.set(value, copy);
    for (const [field, item] of Object.entries(value)) {
        Object.defineProperty(copy, field, {
            value: withPlaceholders(item, field, false, copies),
            enumerable: true,
            writable: true,
            configurable: true,
        });
    }
    return copy;
}

/**
 * A problem of the event-pattern module as a problem of `eventRulePattern`: its code (one of
 * `EventPatternProblemCode`), and its path inside the pattern (the pattern's keys as written, list
 * indexes) under the argument, e.g. `eventRulePattern["detail"]["state"][0]`, which names the place
 * once (not again as AWS's JSON path); the value received and the detail are the module's, so the
 * message reads `eventRulePattern["source"] is not valid in an event pattern: leaf values must be a
 * non-empty array, got "aws.ecs"`.
 */
function eventPatternProblem(p: Problem): Problem {
    const where = p.path.length > 0 ? "is not valid in an event pattern" : "is not a valid event pattern";
    return {
        code: p.code,
        path: ["eventRulePattern", ...p.path],
        rule: `${where}: ${p.rule}`,
        ...(hasValue(p) ? { value: p.value } : {}),
        ...(p.detail !== undefined ? { detail: p.detail } : {}),
    };
}

/**
 * The names built from the labels must be names AWS accepts, or the deployment would fail half
 * way: rule names are 1-64 of `[.\-_A-Za-z0-9]`, log group names 1-512 of `[.\-_/#A-Za-z0-9]`.
 * The labels' regex keeps the label values clean; the delimiter is never filtered.
 */
function checkNames(label: Label, ruleName: string, logGroupLabel: Label, problems: ArgProblemInput[]): void {
    const logGroupName = logGroupLabel.id;
    if (label.id === "") {
        problems.push(
            problem(
                "EMPTY_ID",
                ["name"],
                `must be set, or another label of the id (${label.labelOrder.join(", ")}): ` +
                    "the event rule and the log group are named by the id, which must not be empty",
                label.name,
            ),
        );
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
    if (logGroupProblem && logGroupProblem.path[0] !== ruleProblem?.path[0]) {
        problems.push(logGroupProblem);
    }
    if (logGroupName === "") {
        // The log group's regex removes `.`, which the id's own regexReplaceChars may keep.
        problems.push(
            problem(
                "EMPTY_NAME",
                ["regexReplaceChars"],
                `must not leave only characters the log group name drops (it keeps [a-zA-Z0-9-_/]): the id ` +
                    `${describeValue(label.id)} gives an empty log group name`,
                label.regexReplaceChars,
            ),
        );
    }
    const reserved = AWS_LIMITS.logs.logGroupName.forbiddenPrefixes.find((prefix) => logGroupName.startsWith(prefix));
    if (reserved !== undefined) {
        // Only a label value can bring the "/" (a "/" delimiter is refused by the rule name).
        const first = label.labelOrder.filter(isLabelName).find((l) => {
            const v = label[l];
            return typeof v === "string" ? v !== "" : v.length > 0;
        });
        problems.push(
            problem(
                "RESERVED_NAME",
                [first ?? "name"],
                `must not make the log group name begin with "${reserved}" (reserved by AWS; ` +
                    `${AWS_LIMITS.logs.logGroupName.source})`,
                logGroupLabel[first ?? "name"],
                `the log group name is ${describeValue(logGroupName)}`,
            ),
        );
    }
    if (codePointLength(logGroupName) > MAX_LOG_GROUP_NAME_LENGTH) {
        problems.push(
            problem(
                "NAME_TOO_LONG",
                ["idLengthLimit"],
                `must keep the log group name (${codePointLength(logGroupName)} characters) within ` +
                    `${MAX_LOG_GROUP_NAME_LENGTH} characters`,
                label.idLengthLimit,
            ),
        );
    }
}

/**
 * Whether `p` says the id is too long for a name, tag or description built from it: the log group name
 * or its ARN, the `Name` tag (blamed on the id's length limit), the rule's description that the id stands in for.
 */
function isIdTooLong(p: ArgProblemInput): boolean {
    return (
        (p.code === "NAME_TOO_LONG" && p.path[0] === "idLengthLimit") ||
        (p.code === "BAD_TAG_VALUE" && p.path[0] === "idLengthLimit") ||
        p.code === "ID_TOO_LONG_FOR_DESCRIPTION"
    );
}

/**
 * A label the component builds over the user's label's context (the rule's, the log group's): a
 * problem of a value of that context is the user's value's, named as the user wrote it (`name`,
 * not `context.name`).
 */
function derivedLabel(input: LabelInput, problems: ArgProblemInput[], user?: Label): Label | undefined {
    const own: ArgProblemInput[] = [];
    const built = tryLabel(input, own);
    for (const p of own) {
        if (user !== undefined && p.code === "REGEX_LIMIT" && p.path[0] === "regexReplaceChars") {
            // The component's own pattern (the log group's), which the user's label ran within its
            // budget: the length of the user's longest value is the cause.
            problems.push(longValueProblem(user, input.regexReplaceChars ?? "", p));
            continue;
        }
        const [head, field, ...rest] = p.path;
        problems.push(
            head === "context" && typeof field === "string" && field !== "regexReplaceChars"
                ? { ...p, path: [field, ...rest] }
                : p,
        );
    }
    return built;
}

/** A clean-up past its steps blamed on the longest value of `label` (as written), with its length and the pattern. */
function longValueProblem(label: Label, pattern: string, limit: ArgProblemInput): ArgProblemInput {
    const values: [string, string][] = [
        ["namespace", label.context.namespace ?? ""],
        ["tenant", label.context.tenant ?? ""],
        ["environment", label.context.environment ?? ""],
        ["stage", label.context.stage ?? ""],
        ["name", label.context.name ?? ""],
        ["attributes", label.context.attributes.join(label.delimiter)],
    ];
    const [field, value] = values.reduce((a, b) => (b[1].length > a[1].length ? b : a));
    const steps = (limit.detail ?? "").replace(/^removing it from the labels/, "removing it");
    return problem(
        "REGEX_LIMIT",
        [field],
        `is too long (${value.length.toLocaleString("en-US")} characters) for the pattern ${pattern} to be removed from it in bounded time`,
        field === "attributes" ? label.context.attributes : value,
        steps,
    );
}

/**
 * What an id-too-long problem says the id is too long for (its limit and the AWS member), from the
 * data its check reported (`tagFindings`) and the log group's id, not from the problem's text.
 */
function tooLongFor(p: ArgProblemInput, logGroupLabel: Label, tagFindings: readonly TagFinding[]): string {
    if (p.code === "ID_TOO_LONG_FOR_DESCRIPTION") {
        return `the rule's description, which is the id when none is given (at most ${MAX_RULE_DESCRIPTION_LENGTH}; ${EVENTBRIDGE_LIMITS.events.ruleDescription.source})`;
    }
    if (p.code === "BAD_TAG_VALUE") {
        const finding = tagFindings.find((f) => f.problem === p);
        return finding?.max === undefined
            ? p.rule
            : `the tag "Name" of ${resourcesText(finding.resources)} (at most ${finding.max}; ${finding.sources.join("; ")})`;
    }
    // The log group name's own check, else (the name within its limit) checkTaggedLogGroupArn's.
    return codePointLength(logGroupLabel.id) > MAX_LOG_GROUP_NAME_LENGTH
        ? `the log group name (at most ${MAX_LOG_GROUP_NAME_LENGTH}; ${AWS_LIMITS.logs.logGroupName.source})`
        : `the log group's ARN, which tagging takes (at most ${AWS_LIMITS.logs.resourceArn.max} with the ARN's prefix; ${AWS_LIMITS.logs.resourceArn.source})`;
}

/**
 * One cause, one message: the problems of the names, the ones saying the id is too long (for the log
 * group name, the `Name` tag, the rule's description) made one, naming all it is too long for. It is
 * blamed on the id's length limit when one is set (the id is cut to it), else on the label that makes
 * most of the id (as written, at its place in a stack file): the user did not set the limit.
 */
function oneTooLongId(
    label: Label,
    found: readonly ArgProblemInput[],
    logGroupLabel: Label,
    tagFindings: readonly TagFinding[],
): ArgProblemInput[] {
    const tooLong = found.filter(isIdTooLong);
    if (tooLong.length < 2) return [...found];
    const length = codePointLength(label.id);
    const reasons = tooLong.map((p) => tooLongFor(p, logGroupLabel, tagFindings));
    const what = `${reasons.slice(0, -1).join(", ")} and ${reasons[reasons.length - 1]}`;
    let merged: ArgProblemInput;
    if (label.idLengthLimit > 0) {
        merged = problem(
            "NAME_TOO_LONG",
            ["idLengthLimit"],
            `lets the id have ${length} characters, too many for ${what}; lower it`,
            label.idLengthLimit,
        );
    } else {
        const longest = label.labelOrder
            .filter(isLabelName)
            .reduce<{ name: string; size: number } | undefined>((best, l) => {
                const v = label[l];
                const size = typeof v === "string" ? codePointLength(v) : codePointLength(v.join(label.delimiter));
                return best === undefined || size > best.size ? { name: l, size } : best;
            }, undefined);
        // A label order naming labels again and again makes the id long, not any one label.
        const times = new Map<string, number>();
        for (const l of label.labelOrder) times.set(l, (times.get(l) ?? 0) + 1);
        const repeated = [...times].filter(([, n]) => n > 1);
        if (repeated.length > 0 && (longest === undefined || longest.size * 2 < length)) {
            const [most, count] = repeated.reduce((a, b) => (b[1] > a[1] ? b : a));
            merged = problem(
                "NAME_TOO_LONG",
                ["labelOrder"],
                `makes the id ${length} characters long by naming labels more than once (${most} ${count.toLocaleString("en-US")} times), too long for ${what}; name each label once`,
                label.labelOrder,
            );
        } else {
            const field = longest?.name ?? "name";
            merged = problem(
                "NAME_TOO_LONG",
                [field],
                `makes the id ${length} characters long, too long for ${what}; shorten it, or set a length limit for the id (it is cut to it)`,
                label[field as "name"],
            );
        }
    }
    const first = found.indexOf(tooLong[0]);
    const rest = found.filter((p) => !isIdTooLong(p));
    return [...rest.slice(0, first), merged, ...rest.slice(first)];
}

/**
 * A tagged log group is tagged by its ARN (`TagResource`), whose pattern refuses `#`, which log
 * group names allow: only the delimiter can bring one in (the log group's regex removes it from
 * the labels), through the truncated id (`<start><delimiter><hash>`) or an id of one label.
 */
function checkTaggedLogGroupArn(region: string, logGroupLabel: Label, label: Label, problems: ArgProblemInput[]): void {
    if (Object.keys(logGroupLabel.tags).length === 0 || logGroupLabel.id === "") return;
    const limit = AWS_LIMITS.logs.resourceArn;
    const arn = logGroupArn(region, logGroupLabel.id);
    if (stringViolations(arn, limit).length === 0) return;
    const bad = [...new Set([...logGroupLabel.id].filter((c) => !/^[\w+=/:,.@-]$/u.test(c)))];
    if (bad.length === 0) {
        // Only the ARN's length: a log group name past its own 512 characters is reported as such
        // by its own check; within them, the ARN's own limit is the reason.
        if (codePointLength(logGroupLabel.id) > MAX_LOG_GROUP_NAME_LENGTH) return;
        problems.push(
            problem(
                "NAME_TOO_LONG",
                ["idLengthLimit"],
                `must keep the log group's ARN within ${limit.max} characters: the log group has tags, and ` +
                    `${limit.source} takes its ARN, which has ${codePointLength(arn)}`,
                label.idLengthLimit,
            ),
        );
        return;
    }
    problems.push(
        problem(
            "BAD_NAME_CHARACTERS",
            [bad.some((c) => label.delimiter.includes(c)) ? "delimiter" : "regexReplaceChars"],
            `must not bring ${bad.map((c) => describeValue(c)).join(", ")} into the log group name ` +
                `${describeValue(logGroupLabel.id)}: the log group has tags, and ${limit.source} ` +
                `takes its ARN, which may only contain ${limit.patternText}`,
            bad.some((c) => label.delimiter.includes(c)) ? label.delimiter : label.regexReplaceChars,
        ),
    );
}

/** A problem when `resourceName` has characters AWS refuses: blamed on the delimiter, or else the regex. */
function nameProblem(
    what: string,
    resourceName: string,
    allowed: RegExp,
    allowedText: string,
    label: Label,
): Problem | undefined {
    const bad = [...new Set([...resourceName].filter((character) => !allowed.test(character)))];
    if (bad.length === 0) {
        return undefined;
    }
    const inDelimiter = [...label.delimiter].some((character) => !allowed.test(character));
    const rule =
        `the ${what} name ${describeValue(resourceName)} has ${bad.map((c) => describeValue(c)).join(", ")}, ` +
        `but only ${allowedText} is allowed`;
    return inDelimiter
        ? problem(
              "BAD_NAME_CHARACTERS",
              ["delimiter"],
              `must only use characters allowed in names: ${rule}`,
              label.delimiter,
          )
        : problem(
              "BAD_NAME_CHARACTERS",
              ["regexReplaceChars"],
              `must remove the characters not allowed in names: ${rule}`,
              label.regexReplaceChars,
          );
}

/**
 * The names an instance needs to itself: its log group and rule names (unique per region) and,
 * for the account scope, its logs policy (unique, at most 10 per region). None when disabled.
 */
export function eventBridgeClaims(resolved: ResolvedEventBridge): NameClaim[] {
    if (!resolved.enabled) return [];
    const region = resolved.region ?? PROVIDER_REGION;
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
export function withoutWildcard(logGroupArn: string): string {
    // (Mocks that echo inputs give no ARN: pass that on rather than fail.)
    return typeof logGroupArn === "string" && logGroupArn.endsWith(":*") ? logGroupArn.slice(0, -2) : logGroupArn;
}
