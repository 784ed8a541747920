/**
 * The program's guards, run before any instance is registered: compare the run with the last deployment's outputs and
 * refuse a rename without an alias, and a run that would lose a log group's stored events or recreate one that exists.
 */
import * as pulumi from "@pulumi/pulumi";
import { getLogGroup, getLogGroups } from "@pulumi/aws/cloudwatch";
import { currentDeployment } from "../components/apiKey/component";
import { isResolvedEventBridge } from "../components/eventbridge";
import type { ComponentDefinition } from "../components/kit/definition";
import { unaliasedRenames, type DeployedInstance } from "../components/kit/lifecycle";
import {
    deployedLogGroups,
    existingLogGroupMessage,
    renamedLogGroups,
    renameVerdict,
    wasDeployed,
} from "../components/kit/logHistory";
import { describeValue } from "../util/describeValue";
import { COMPONENT_DEFINITIONS } from "../components/registry";
import type { LoadedStack } from "../stack";
import { deployPrepared, prepareStack, type PreparedInstance, type StackOutputs } from "./deploy";
import { CloudposseError } from "../util/errors";

/** The spec outputs that hold physical names (every definition's `physicalName` outputs). */
const NAME_OUTPUTS: readonly string[] = [
    ...new Set(
        COMPONENT_DEFINITIONS.flatMap((definition: ComponentDefinition) =>
            Object.values(definition.outputs).flatMap((output) =>
                output.physicalName && output.spec !== undefined ? [output.spec] : [],
            ),
        ),
    ),
];

/** The instances of a previous deployment, from its stack outputs (`{ instance: { output: value } }`). */
export function previousInstances(outputs: Readonly<Record<string, unknown>>): DeployedInstance[] {
    const instances: DeployedInstance[] = [];
    for (const [instance, named] of Object.entries(outputs)) {
        if (typeof named !== "object" || named === null || Array.isArray(named)) continue;
        const values = named as Record<string, unknown>;
        const physicalNames = NAME_OUTPUTS.map((output) => values[output]).filter(
            (value): value is string => typeof value === "string" && value !== "",
        );
        if (physicalNames.length > 0) instances.push({ instance, physicalNames });
    }
    return instances;
}

/**
 * The physical names and aliases of the stack file's instances, from their validation
 * ({@link prepareStack}: `prepared[i]` is `stack.instances[i]`); disabled instances have none.
 */
export function currentInstances(
    stack: LoadedStack,
    prepared: readonly PreparedInstance[],
): (DeployedInstance & { readonly aliases: readonly string[] })[] {
    return stack.instances
        .map((instance, i) => ({
            instance: instance.name,
            physicalNames: prepared[i].physicalNames,
            aliases: prepared[i].aliases,
        }))
        .filter((instance) => instance.physicalNames.length > 0);
}

/** A rename that would take over physical names without an alias. */
export class UnaliasedRenameError extends CloudposseError {
    readonly code = "UNALIASED_RENAME";
    constructor(readonly renames: readonly string[]) {
        super(
            `renamed instances without an alias (set the program config renameGuard to false to skip this check):\n` +
                renames.join("\n"),
            renames.map((rename) => ({ code: "UNALIASED_RENAME", path: [], rule: rename, message: rename })),
        );
        this.name = "UnaliasedRenameError";
    }
}

/** Log groups a run would lose or cannot create (program/renames.ts's log-history guard). */
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

/** Options of {@link deployStackGuardingRenames}. */
export interface GuardOptions {
    /** Receives the warnings (default: the Pulumi engine's log). */
    readonly onWarning?: (message: string) => void;
    /**
     * Instances whose old log group (and its events) this run may delete although the last deployment
     * did not say so (the program config `allowLogGroupDeletion`, a comma-separated list).
     */
    readonly allowLogGroupDeletion?: ReadonlySet<string>;
    /**
     * The last deployment's outputs, when known without asking the engine (synth's `--stack-outputs`
     * for this very stack): then no `StackReference` is registered.
     */
    readonly lastDeployment?: Readonly<Record<string, unknown>>;
    /**
     * Whether AWS cannot be read (synth's offline plan): log groups are then not looked up, and an
     * adopted one is planned as an import with a warning that its existence was not checked.
     */
    readonly offline?: boolean;
}

/** The outputs this stack's last deployment exported (empty on the first deployment). */
async function lastDeploymentOutputs(): Promise<Record<string, unknown>> {
    const { organization, project, stack: stackName } = currentDeployment();
    const self = new pulumi.StackReference("previous-deployment", { name: `${organization}/${project}/${stackName}` });
    return new Promise<Record<string, unknown>>((resolve) =>
        self.outputs.apply((value) => resolve((value ?? {}) as Record<string, unknown>)),
    );
}

/**
 * `deployStack` (program/deploy.ts), after the guards that compare with the last deployment: validates
 * every instance (once: the instances created are the ones validated here), then reads the outputs
 * this stack's last deployment exported (a `StackReference` to the stack itself,
 * `previous-deployment`; empty on the first deployment) and refuses renames without an alias, then
 * runs the log-history guard ({@link guardLogHistory}). Synth runs the same guards offline.
 * @throws StackVarsError before anything is registered, when an instance is invalid.
 * @throws UnaliasedRenameError before any instance is registered.
 * @throws LogHistoryError before any instance is registered.
 */
export async function deployStackGuardingRenames(
    stack: LoadedStack,
    options: GuardOptions = {},
): Promise<StackOutputs> {
    const onWarning = options.onWarning ?? ((message: string) => void pulumi.log.warn(message));
    const prepared = prepareStack(stack);
    const outputs = options.lastDeployment ?? (await lastDeploymentOutputs());
    const renames = unaliasedRenames(previousInstances(outputs), currentInstances(stack, prepared));
    if (renames.length > 0) {
        throw new UnaliasedRenameError(renames);
    }
    const { warnings, refusals } = await guardLogHistory(
        outputs,
        stack,
        prepared,
        options.allowLogGroupDeletion ?? new Set(),
        options.offline === true,
    );
    if (refusals.length > 0) {
        throw new LogHistoryError(refusals);
    }
    for (const warning of warnings) onWarning(warning);
    return deployPrepared(stack, prepared, {}, onWarning, outputs);
}

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
 *   not say, refused unless `allowed` names the instance;
 * - a new instance (not in the last deployment) whose log group exists in AWS is refused unless it
 *   adopts it (`adopt_log_group`), because creating it would fail; one that adopts a group that does not
 *   exist is refused too.
 * `offline` (synth): AWS is not read; every group is unknown, and an adopted one draws a warning instead.
 */
export async function guardLogHistory(
    outputs: Readonly<Record<string, unknown>>,
    stack: LoadedStack,
    prepared: readonly PreparedInstance[],
    allowed: ReadonlySet<string>,
    offline = false,
): Promise<{ warnings: string[]; refusals: string[] }> {
    const lookUp: typeof readLogGroup = offline ? () => Promise.resolve("unknown") : readLogGroup;
    const deployed = deployedLogGroups(outputs);
    const planned = stack.instances.flatMap((instance, i) => {
        const resolved = prepared[i].resolved;
        return isResolvedEventBridge(resolved) && resolved.enabled
            ? [
                  {
                      instance: instance.name,
                      name: resolved.logGroup.name,
                      aliases: prepared[i].aliases,
                      retained: resolved.logGroup.retainOnDelete,
                      resolved,
                  },
              ]
            : [];
    });
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
