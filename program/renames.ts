/**
 * The rename guard of the program: an instance renamed in the stack file without an alias would be
 * created anew under the same physical names (taking over the rule and the SSM parameter in place)
 * and the old instance deleted afterwards, deleting them from under it. Before registering any
 * instance, the program reads its own stack's outputs from the last deployment (instance name ->
 * the spec's outputs, which hold the physical names) and refuses such a rename.
 */
import * as pulumi from "@pulumi/pulumi";
import { getLogGroup } from "@pulumi/aws/cloudwatch";
import { currentDeployment } from "../components/apiKey/component";
import { isResolvedEventBridge } from "../components/eventbridge";
import type { ComponentDefinition } from "../components/definition";
import {
    logGroupReplacementWarning,
    replacedLogGroups,
    unaliasedRenames,
    type DeployedInstance,
} from "../components/lifecycle";
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
        );
        this.name = "UnaliasedRenameError";
    }
}

/**
 * `deployStack` (program/deploy.ts), after refusing renames without an alias: validates every instance (once:
 * the instances created are the ones validated here), then reads the outputs this stack's last
 * deployment exported (a `StackReference` to the stack itself, `previous-deployment`; empty on the
 * first deployment) and compares the physical names.
 * @throws StackVarsError before anything is registered, when an instance is invalid.
 * @throws UnaliasedRenameError before any instance is registered.
 */
export async function deployStackGuardingRenames(stack: LoadedStack): Promise<StackOutputs> {
    const prepared = prepareStack(stack);
    const { organization, project, stack: stackName } = currentDeployment();
    const self = new pulumi.StackReference("previous-deployment", { name: `${organization}/${project}/${stackName}` });
    const outputs = await new Promise<Record<string, unknown>>((resolve) =>
        self.outputs.apply((value) => resolve((value ?? {}) as Record<string, unknown>)),
    );
    const renames = unaliasedRenames(previousInstances(outputs), currentInstances(stack, prepared));
    if (renames.length > 0) {
        throw new UnaliasedRenameError(renames);
    }
    for (const warning of await logGroupReplacementWarnings(outputs, stack, prepared)) {
        void pulumi.log.warn(warning);
    }
    return deployPrepared(stack, prepared);
}

/**
 * Warnings for the log groups this run replaces because their name changed (a label change): the old
 * group, with its stored events, is deleted at the end of the run unless retained. Each names the old
 * group and its retention, read from AWS (`logs:DescribeLogGroups`; unknown when it cannot be read).
 */
export async function logGroupReplacementWarnings(
    outputs: Readonly<Record<string, unknown>>,
    stack: LoadedStack,
    prepared: readonly PreparedInstance[],
): Promise<string[]> {
    const previous: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [instance, named] of Object.entries(outputs)) {
        const name = (named as Record<string, unknown> | null)?.logs_log_group_name;
        if (typeof name === "string" && name !== "") previous[instance] = name;
    }
    const current = stack.instances.flatMap((instance, i) => {
        const resolved = prepared[i].resolved;
        return isResolvedEventBridge(resolved) && resolved.enabled
            ? [
                  {
                      instance: instance.name,
                      logGroupName: resolved.logGroup.name,
                      aliases: prepared[i].aliases,
                      resolved,
                  },
              ]
            : [];
    });
    const warnings: string[] = [];
    for (const replaced of replacedLogGroups(previous, current)) {
        const { resolved } = current.find((c) => c.instance === replaced.instance)!;
        let retention: number | undefined;
        try {
            const group = await getLogGroup({ name: replaced.oldName, region: resolved.region });
            retention = group.retentionInDays;
        } catch {
            retention = undefined;
        }
        warnings.push(logGroupReplacementWarning(replaced, retention, resolved.logGroup.retainOnDelete));
    }
    return warnings;
}
