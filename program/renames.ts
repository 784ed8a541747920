/**
 * The rename guard of the program: an instance renamed in the stack file without an alias would be
 * created anew under the same physical names (taking over the rule and the SSM parameter in place)
 * and the old instance deleted afterwards, deleting them from under it. Before registering any
 * instance, the program reads its own stack's outputs from the last deployment (instance name ->
 * the spec's outputs, which hold the physical names) and refuses such a rename.
 */
import * as pulumi from "@pulumi/pulumi";
import { currentDeployment } from "../components/apiKey/component";
import { resolveDashboardsApiKey } from "../components/apiKey/resolve";
import { resolveEventBridge } from "../components/eventbridge/resolve";
import { unaliasedRenames, type DeployedInstance } from "../components/lifecycle";
import type { LoadedStack } from "../stack";
import { deployStack, type StackOutputs } from "./deploy";

/** The spec outputs that hold physical names. */
const NAME_OUTPUTS = ["event_rule_name", "logs_log_group_name", "ssm_path_dashboards_api_key"] as const;

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

/** The physical names and aliases of the stack file's instances (instances with invalid vars are left to validation). */
export function currentInstances(stack: LoadedStack): (DeployedInstance & { readonly aliases: readonly string[] })[] {
    const deployment = { organization: "organization", project: "rename-guard", stack: "current" };
    const out: (DeployedInstance & { readonly aliases: readonly string[] })[] = [];
    for (const instance of stack.instances) {
        try {
            if (instance.component === "eventbridge") {
                const resolved = resolveEventBridge(instance.name, instance.args);
                if (resolved.enabled) {
                    out.push({
                        instance: instance.name,
                        physicalNames: [resolved.rule.name, resolved.logGroup.name],
                        aliases: resolved.aliases,
                    });
                }
            } else if (instance.component === "managed-dashboards/api-key") {
                const resolved = resolveDashboardsApiKey(instance.name, instance.args, deployment);
                if (resolved.enabled) {
                    out.push({ instance: instance.name, physicalNames: [resolved.ssmPath], aliases: resolved.aliases });
                }
            }
        } catch {
            // Reported by the stack's validation, with the file and line.
        }
    }
    return out;
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
 * {@link deployStack}, after refusing renames without an alias: reads the outputs this stack's last
 * deployment exported (a `StackReference` to the stack itself, `previous-deployment`; empty on the
 * first deployment) and compares the physical names.
 * @throws UnaliasedRenameError before any instance is registered.
 */
export async function deployStackGuardingRenames(stack: LoadedStack): Promise<StackOutputs> {
    const { organization, project, stack: stackName } = currentDeployment();
    const self = new pulumi.StackReference("previous-deployment", { name: `${organization}/${project}/${stackName}` });
    const outputs = await new Promise<Record<string, unknown>>((resolve) =>
        self.outputs.apply((value) => resolve((value ?? {}) as Record<string, unknown>)),
    );
    const renames = unaliasedRenames(previousInstances(outputs), currentInstances(stack));
    if (renames.length > 0) {
        throw new UnaliasedRenameError(renames);
    }
    return deployStack(stack);
}
