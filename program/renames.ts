/**
 * The rename guard of the program: an instance renamed in the stack file without an alias would be
 * created anew under the same physical names (taking over the rule and the SSM parameter in place)
 * and the old instance deleted afterwards, deleting them from under it. Before registering any
 * instance, the program reads its own stack's outputs from the last deployment (instance name ->
 * the spec's outputs, which hold the physical names) and refuses such a rename.
 */
import * as pulumi from "@pulumi/pulumi";
import { currentDeployment } from "../components/apiKey/component";
import type { ComponentDefinition } from "../components/definition";
import { unaliasedRenames, type DeployedInstance } from "../components/lifecycle";
import { COMPONENT_DEFINITIONS } from "../components/registry";
import type { LoadedStack } from "../stack";
import { deployPrepared, prepareStack, type PreparedInstance, type StackOutputs } from "./deploy";

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
export class UnaliasedRenameError extends Error {
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
    return deployPrepared(stack, prepared);
}
