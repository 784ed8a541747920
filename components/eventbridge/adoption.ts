/**
 * What `tf-adopt` adopts of a Cloud Posse `eventbridge` deployment (components/kit/adoption.ts): per rule on the default
 * bus, its target's id, log group and account-scoped logs policy, matched to an instance by the rule's name. Pure.
 */
import {
    groupBy,
    sectionOf,
    stateString as str,
    type ComponentAdoption,
    type TerraformResource,
} from "../kit/adoption";
import { resolveEventBridge, withoutWildcard } from "./resolve";

/** What adopting one EventBridge rule of the `eventbridge` component takes (an item of the report's `rules`). */
export type AdoptableRule = {
    /** The rule's name (its import id on the default bus). */
    readonly ruleName: string;
    /** The id of the target sending the rule's events to its log group: `adopt_event_target_id`. */
    readonly eventTargetId: string;
    /** The log group the target delivers to, when the state has it. */
    readonly logGroupName?: string;
    /** The name of the account-scoped logs policy, when the state has one (adopt it with `logs_policy_scope: account`). */
    readonly logsPolicyName?: string;
    /** Terraform addresses of the rule, target, log group and policy: to remove from the Terraform state. */
    readonly addresses: readonly string[];
};

/** The log group name of a log group ARN (`arn:...:log-group:<name>`). */
function logGroupNameOfArn(arn: string): string | undefined {
    const match = /:log-group:(.+)$/.exec(withoutWildcard(arn));
    return match ? match[1] : undefined;
}

/** The characters of a CloudWatch Logs log group name (CreateLogGroup's `logGroupName` pattern `[\.\-_/#A-Za-z0-9]+`). */
const LOG_GROUP_NAME_CHARACTER = /[.\-_/#A-Za-z0-9]/;

/**
 * The log group names a policy document grants (the names after each `:log-group:`, up to the
 * first character a log group name cannot hold: `:*`, a quote, ...), read in one pass.
 */
function grantedLogGroups(document: string): string[] {
    const names: string[] = [];
    const mark = ":log-group:";
    for (let at = document.indexOf(mark); at >= 0; at = document.indexOf(mark, at + 1)) {
        let end = at + mark.length;
        while (end < document.length && LOG_GROUP_NAME_CHARACTER.test(document[end])) end++;
        if (end > at + mark.length) names.push(document.slice(at + mark.length, end));
    }
    return names;
}

/**
 * The rules of a state on the default bus, each with its one target, the log group that target
 * delivers to and the account policy granting it; linear in the state (each look-up goes through a
 * map built once: a state under the 64 MiB cap holds hundreds of thousands of resources).
 */
function readRules(ofType: (type: string) => readonly TerraformResource[]) {
    const used = new Set<string>();
    const problems: string[] = [];
    const targetsByRule = groupBy(ofType("aws_cloudwatch_event_target"), (t) => str(t.attributes.rule));
    const logGroupsByName = new Map<string, TerraformResource>();
    for (const group of ofType("aws_cloudwatch_log_group")) {
        const name = str(group.attributes.name);
        if (name !== undefined && !logGroupsByName.has(name)) logGroupsByName.set(name, group);
    }
    // The original's account-scoped policy is named like the rule's label id (not the rule's
    // 64-character-limited name): match it by the log group its document grants (the first policy
    // of the state that grants it).
    const policiesByLogGroup = new Map<string, TerraformResource>();
    for (const policy of ofType("aws_cloudwatch_log_resource_policy")) {
        for (const name of grantedLogGroups(str(policy.attributes.policy_document) ?? "")) {
            if (!policiesByLogGroup.has(name)) policiesByLogGroup.set(name, policy);
        }
    }
    const rules: AdoptableRule[] = [];
    for (const rule of ofType("aws_cloudwatch_event_rule")) {
        const ruleName = str(rule.attributes.name);
        const bus = str(rule.attributes.event_bus_name) ?? "default";
        if (ruleName === undefined) continue;
        if (bus !== "default") {
            problems.push(
                `${rule.address}: rule "${ruleName}" is on event bus "${bus}"; only the default bus is adopted`,
            );
            continue;
        }
        const ruleTargets = targetsByRule.get(ruleName) ?? [];
        if (ruleTargets.length !== 1) {
            problems.push(
                `${rule.address}: rule "${ruleName}" has ${ruleTargets.length} targets in the state; the component ` +
                    "creates exactly one (set adopt_event_target_id to the one sending to its log group)",
            );
            if (ruleTargets.length === 0) continue;
        }
        const target = ruleTargets[0];
        const eventTargetId = str(target.attributes.target_id);
        if (eventTargetId === undefined) {
            problems.push(`${target.address}: the target has no target_id in the state`);
            continue;
        }
        const targetArn = str(target.attributes.arn);
        const logGroupName = targetArn !== undefined ? logGroupNameOfArn(targetArn) : undefined;
        const logGroup = logGroupName !== undefined ? logGroupsByName.get(logGroupName) : undefined;
        const policy = logGroupName !== undefined ? policiesByLogGroup.get(logGroupName) : undefined;
        const addresses = [rule.address, target.address, logGroup?.address, policy?.address].filter(
            (a): a is string => a !== undefined,
        );
        addresses.forEach((a) => used.add(a));
        rules.push({
            ruleName,
            eventTargetId,
            ...(logGroupName !== undefined ? { logGroupName } : {}),
            ...(str(policy?.attributes.policy_name) !== undefined
                ? { logsPolicyName: str(policy?.attributes.policy_name) }
                : {}),
            addresses,
        });
    }
    // every address a rule adopts is in `used`
    const ruleNames = new Set(ofType("aws_cloudwatch_event_rule").map((r) => str(r.attributes.name)));
    for (const target of ofType("aws_cloudwatch_event_target")) {
        if (!used.has(target.address)) {
            const ruleName = str(target.attributes.rule);
            if (!ruleNames.has(ruleName)) {
                problems.push(`${target.address}: the target's rule "${ruleName}" is not in this state`);
            }
        }
    }
    return { rules, used: [...used], problems };
}

/** The `eventbridge` adoption: its instances match a state's rules by name. */
export const EVENTBRIDGE_ADOPTION: ComponentAdoption = {
    adopts: [{ what: "EventBridge rule on the default bus with its target", type: "aws_cloudwatch_event_rule" }],
    adoptionArgs: ["adoptExisting", "adoptEventTargetId"],
    names: (instance) => ({ rule: resolveEventBridge(instance.name, instance.args).rule.name }),
    read: (ofType) => {
        const { rules, used, problems } = readRules(ofType);
        return { sections: { rules }, used, problems };
    },
    steps: (sections) => ({
        adoptables: sectionOf<AdoptableRule>(sections, "rules").map((rule) => ({
            what: `rule "${rule.ruleName}"`,
            matchBy: [["rule", rule.ruleName]],
            addresses: rule.addresses,
            vars: () => ({
                adopt_existing: true,
                adopt_event_target_id: rule.eventTargetId,
                ...(rule.logsPolicyName !== undefined ? { logs_policy_scope: "account" } : {}),
            }),
        })),
        notes: [],
    }),
};
