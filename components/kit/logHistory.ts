/**
 * Log history across runs: what happens to an `eventbridge` log group's stored events when a run renames it or finds
 * it kept outside the state, decided from the last deployment's outputs. Pure; the eventbridge kit's guard applies it.
 */
import { describeValue } from "../../util/describeValue";
import { CloudposseError } from "../../util/errors";
import type { OptInDeclaration } from "./definition";

/** Log groups a run would lose or cannot create (the eventbridge kit's log-history guard). */
export class LogHistoryError extends CloudposseError {
    readonly code = "LOG_HISTORY";
    constructor(readonly refusals: readonly string[]) {
        super(
            `log groups this run would lose or cannot create:\n` + refusals.join("\n"),
            refusals.map((refusal) => ({ code: "LOG_HISTORY", path: [], rule: refusal, message: refusal })),
        );
        this.name = "LogHistoryError";
    }
}

/** A log group as the last deployment left it (its instance's outputs). */
export interface DeployedLogGroup {
    readonly instance: string;
    readonly name: string;
    /**
     * `logs_log_group_retained` of the last deployment: true or false as deployed, undefined when the
     * deployment did not say (one made by a version of this package that did not record it, whose
     * default was to delete the group).
     */
    readonly retained: boolean | undefined;
}

/** A log group of the stack file, as this run would register it. */
export interface PlannedLogGroup {
    readonly instance: string;
    readonly name: string;
    /** Previous instance names (`aliases`). */
    readonly aliases: readonly string[];
    /** Whether this run registers it to be kept on delete. */
    readonly retained: boolean;
}

/** The program output that records whether a deployed log group is kept on delete. */
export const RETAINED_OUTPUT = "logs_log_group_retained";
/** The program output that holds a log group's name (a spec output). */
export const LOG_GROUP_NAME_OUTPUT = "logs_log_group_name";

/** The log groups of a last deployment, from its outputs (`{ instance: { output: value } }`). */
export function deployedLogGroups(outputs: Readonly<Record<string, unknown>>): DeployedLogGroup[] {
    const groups: DeployedLogGroup[] = [];
    for (const [instance, named] of Object.entries(outputs)) {
        if (typeof named !== "object" || named === null || Array.isArray(named)) continue;
        const values = named as Record<string, unknown>;
        const name = Object.prototype.hasOwnProperty.call(values, LOG_GROUP_NAME_OUTPUT)
            ? values[LOG_GROUP_NAME_OUTPUT]
            : undefined;
        if (typeof name !== "string" || name === "") continue;
        const retained = Object.prototype.hasOwnProperty.call(values, RETAINED_OUTPUT)
            ? values[RETAINED_OUTPUT]
            : undefined;
        groups.push({ instance, name, retained: typeof retained === "boolean" ? retained : undefined });
    }
    return groups;
}

/** A log group this run renames: the deployed one and its successor. */
export interface RenamedLogGroup {
    readonly instance: string;
    readonly oldName: string;
    readonly newName: string;
    /** Kept on delete as deployed (undefined: the deployment did not say). */
    readonly deployedRetained: boolean | undefined;
    /** Kept on delete from this run on. */
    readonly retained: boolean;
}

/**
 * The log groups whose name changes in this run: for each planned group whose instance (under its
 * name or an alias) had a group of another name in the last deployment.
 */
export function renamedLogGroups(
    deployed: readonly DeployedLogGroup[],
    planned: readonly PlannedLogGroup[],
): RenamedLogGroup[] {
    const byInstance = new Map(deployed.map((group) => [group.instance, group]));
    const renamed: RenamedLogGroup[] = [];
    for (const group of planned) {
        for (const name of [group.instance, ...group.aliases]) {
            const old = byInstance.get(name);
            if (old === undefined) continue;
            if (old.name !== group.name) {
                renamed.push({
                    instance: group.instance,
                    oldName: old.name,
                    newName: group.name,
                    deployedRetained: old.retained,
                    retained: group.retained,
                });
            }
            break;
        }
    }
    return renamed;
}

/** True when an instance (by its name or an alias) was in the last deployment with a log group. */
export function wasDeployed(deployed: readonly DeployedLogGroup[], group: PlannedLogGroup): boolean {
    const names = new Set([group.instance, ...group.aliases]);
    return deployed.some((old) => names.has(old.instance));
}

/**
 * The log-history guard's opt-in: the config key that lets this run delete the named instances' old log groups (also
 * a disabled or removed instance's, the `holdsData` opt-in of a log group), synth's flag of that name and its help.
 */
export const LOG_HISTORY_OPT_IN: OptInDeclaration = {
    key: "allowLogGroupDeletion",
    allows: "these instances' old log groups may be deleted with their events",
    refused: "a change that would delete a log group's stored events (renamed, disabled or removed)",
};

/** The config key (and synth flag) that lets this run delete the named instances' old log groups. */
export const ALLOW_LOG_GROUP_DELETION = LOG_HISTORY_OPT_IN.key;

/** What this run does to a renamed group's events, as the guard decides it. */
export type RenameVerdict =
    | { readonly kind: "kept"; readonly message: string }
    | { readonly kind: "deleted"; readonly message: string }
    | { readonly kind: "refused"; readonly message: string };

/** How long a log group keeps events, in words. */
function retentionText(retentionInDays: number | undefined): string {
    return retentionInDays === undefined
        ? "its retention is unknown (the log group could not be read)"
        : retentionInDays === 0
          ? "it keeps events forever"
          : `it keeps events for ${retentionInDays} days`;
}

/**
 * The verdict on a renamed group. The old group is deleted before its successor is created (the
 * bridge's delete-before-replace), with the `retainOnDelete` of the deployed state:
 * - deployed as kept: its events stay in AWS (a warning says so, and that it is outside the state);
 * - deployed as deleted (`retain_log_group_on_delete: false` was deployed: the user said so): a warning;
 * - the deployment did not say (made by a version whose default was to delete): refused, unless this
 *   run's opt-in names the instance, with the two-step way that keeps the events.
 */
export function renameVerdict(
    renamed: RenamedLogGroup,
    retentionInDays: number | undefined,
    allowed: boolean,
): RenameVerdict {
    const head =
        `"${renamed.instance}": the log group ${describeValue(renamed.oldName)} (${retentionText(retentionInDays)}) ` +
        `is replaced by ${describeValue(renamed.newName)}, because its name changed (a label change)`;
    if (renamed.deployedRetained === true) {
        return {
            kind: "kept",
            message:
                `${head}; the last deployment keeps it on delete, so the old group and its events stay in AWS, ` +
                `outside Pulumi's state (delete it with aws logs delete-log-group --log-group-name ` +
                `${renamed.oldName} once its events are no longer needed)` +
                (renamed.retained
                    ? ""
                    : "; retain_log_group_on_delete false applies to the new group from this run on"),
        };
    }
    const deletes = `the old group and every event stored in it are deleted in this run (before the new group is created)`;
    if (renamed.deployedRetained === false) {
        return {
            kind: "deleted",
            message: `${head}; ${deletes}, as the deployed retain_log_group_on_delete false says`,
        };
    }
    if (allowed) {
        return {
            kind: "deleted",
            message: `${head}; ${deletes}, as the config ${ALLOW_LOG_GROUP_DELETION} allows for this instance`,
        };
    }
    return {
        kind: "refused",
        message:
            `${head}; the last deployment did not keep it on delete (it was made by a version that deleted log ` +
            `groups by default), so this run would delete the old group and its events, and setting ` +
            `retain_log_group_on_delete now is too late (Pulumi reads it from the deployed state). To keep them: ` +
            `run pulumi up once with the old label values (this records retain_log_group_on_delete, true by ` +
            `default, in the state), then change the label. To delete them: pulumi config set ` +
            `${ALLOW_LOG_GROUP_DELETION} '${renamed.instance}' (a comma-separated list of instances), then pulumi up`,
    };
}

/**
 * The message for a new instance whose log group already exists in AWS outside the state (kept by an
 * earlier `pulumi destroy` or rename, or made elsewhere): creating it would fail (CreateLogGroup
 * refuses an existing name), so the run is refused before anything is registered.
 */
export function existingLogGroupMessage(instance: string, name: string, region: string | undefined): string {
    const where = region === undefined ? "" : ` --region ${region}`;
    return (
        `"${instance}": the log group ${describeValue(name)} already exists in AWS but not in this stack's last ` +
        `deployment (kept by an earlier pulumi destroy or rename, or made elsewhere), and AWS refuses to create it ` +
        `again; to take it back with its events, set adopt_log_group: true (adoptLogGroup) for one pulumi up and ` +
        `remove it afterwards; or delete it first (aws logs delete-log-group --log-group-name ${name}${where}); ` +
        `a group a Terraform deployment still manages is adopted with adopt_existing instead (docs/migrating.md)`
    );
}

/** The instances a comma-separated opt-in names (`allowLogGroupDeletion`). */
export function parseInstanceList(value: string | undefined): ReadonlySet<string> {
    return new Set(
        (value ?? "")
            .split(",")
            .map((item) => item.trim())
            .filter((item) => item !== ""),
    );
}
