/**
 * The `eventbridge` component's guard (its kit's `guards`), which `pulumi up` and synth run before any instance is
 * registered: the log history across runs. The rules are components/kit/logHistory.ts; this reads AWS.
 */
import { getLogGroup, getLogGroups } from "@pulumi/aws/cloudwatch";
import type { ComponentGuard, GuardContext, GuardFindings } from "../kit/kit";
import {
    deployedLogGroups,
    existingLogGroupMessage,
    LogHistoryError,
    renamedLogGroups,
    renameVerdict,
    wasDeployed,
} from "../kit/logHistory";
import { describeValue } from "../../util/describeValue";
import { isResolvedEventBridge } from "./resolve";

/**
 * Whether a log group exists in AWS, and its retention: listed by `logs:DescribeLogGroups` with its
 * name as prefix (`getLogGroups`, which finds nothing rather than failing), then read (`getLogGroup`).
 * `"absent"` when it does not exist; `"unknown"` when even the list failed (no permission, ...): the
 * guard then refuses nothing for want of it, and the retention is unknown.
 */
async function readLogGroup(
    name: string,
    region: string | undefined,
): Promise<{ readonly retentionInDays?: number } | "absent" | "unknown"> {
    const where = region !== undefined ? { region } : {};
    let names: readonly string[];
    try {
        names = (await getLogGroups({ logGroupNamePrefix: name, ...where })).logGroupNames ?? [];
    } catch {
        return "unknown";
    }
    if (!names.includes(name)) return "absent";
    try {
        return { retentionInDays: (await getLogGroup({ name, ...where })).retentionInDays };
    } catch {
        return {};
    }
}

/**
 * The log-history guard, before anything is registered (components/kit/logHistory.ts holds the rules):
 * - a log group a label change renames is deleted (delete-first) with the deployed `retainOnDelete`:
 *   kept (a warning), deleted as the deployed config says (a warning), or, when the last deployment did
 *   not say, refused unless `allowLogGroupDeletion` names the instance;
 * - a new instance (not in the last deployment) whose log group exists in AWS is refused unless it
 *   adopts it (`adopt_log_group`), because creating it would fail; one that adopts a group that does not
 *   exist is refused too.
 * `offline` (synth): AWS is not read; every group is unknown, and an adopted one draws a warning instead.
 */
export async function guardLogHistory(context: GuardContext): Promise<GuardFindings> {
    const { lastDeployment, instances, allowLogGroupDeletion: allowed, offline } = context;
    const lookUp: typeof readLogGroup = offline ? () => Promise.resolve("unknown") : readLogGroup;
    const deployed = deployedLogGroups(lastDeployment);
    const planned = instances.flatMap(({ instance, aliases, resolved }) =>
        isResolvedEventBridge(resolved) && resolved.enabled
            ? [
                  {
                      instance,
                      name: resolved.logGroup.name,
                      aliases,
                      retained: resolved.logGroup.retainOnDelete,
                      resolved,
                  },
              ]
            : [],
    );
    const warnings: string[] = [];
    const refusals: string[] = [];
    for (const renamed of renamedLogGroups(deployed, planned)) {
        const { resolved } = planned.find((group) => group.instance === renamed.instance)!;
        const old = await lookUp(renamed.oldName, resolved.region);
        const retention = typeof old === "object" ? old.retentionInDays : undefined;
        const verdict = renameVerdict(renamed, retention, allowed.has(renamed.instance));
        (verdict.kind === "refused" ? refusals : warnings).push(verdict.message);
    }
    for (const group of planned) {
        if (wasDeployed(deployed, group)) continue;
        const { resolved } = group;
        const found = await lookUp(group.name, resolved.region);
        const adopting = resolved.logGroup.adopt !== undefined || resolved.adopt !== undefined;
        if (typeof found === "object" && !adopting) {
            refusals.push(existingLogGroupMessage(group.instance, group.name, resolved.region));
        } else if (found === "absent" && resolved.logGroup.adopt !== undefined) {
            refusals.push(
                `"${group.instance}": adopt_log_group is set, but no log group ${describeValue(group.name)} exists ` +
                    `in AWS to adopt; remove adopt_log_group (a new group is then created)`,
            );
        } else if (offline && resolved.logGroup.adopt !== undefined) {
            warnings.push(
                `"${group.instance}": adopt_log_group is set: the plan imports log group ${describeValue(group.name)}, ` +
                    `which it cannot see offline (not checked); pulumi up refuses if it does not exist in AWS`,
            );
        }
    }
    return { warnings, refusals };
}

/** The guards of the `eventbridge` kit, in the order they run. */
export const EVENTBRIDGE_GUARDS: readonly ComponentGuard[] = [
    { name: "log history", check: guardLogHistory, refuse: (refusals) => new LogHistoryError(refusals) },
];
