/** The `managed-dashboards/api-key` component, wired for the stack program and the plugin (components/kit/kit.ts). */
import { deployedCredential } from "../kit/credentialGuard";
import { isDeployTimeReference } from "../kit/deployTime";
import { argKinds, physicalNamesOf, specOutputsOf, type ComponentKit } from "../kit/kit";
import { FromStackProgram } from "../kit/preamble";
import { currentDeployment, DashboardsApiKey } from "./component";
import { API_KEY_DEFINITION, type DashboardsApiKeyArgs } from "./definition";
import {
    dashboardsApiKeyClaims,
    resolveDashboardsApiKey,
    withDeployedCredential,
    workspaceProjectName,
} from "./resolve";

/** The `managed-dashboards/api-key` kit. */
export const API_KEY_KIT: ComponentKit = {
    definition: API_KEY_DEFINITION,
    component: DashboardsApiKey,
    args: argKinds<DashboardsApiKeyArgs>()([]),
    prepare: (name, args) => {
        const deployment = currentDeployment();
        const resolved = resolveDashboardsApiKey(name, withWorkspaceReference(args, deployment), deployment);
        return {
            claims: dashboardsApiKeyClaims(resolved),
            physicalNames: physicalNamesOf(API_KEY_DEFINITION, resolved.enabled, {
                ssmPathDashboardsApiKey: resolved.ssmPath,
            }),
            aliases: resolved.aliases,
            resolved,
            warnings: resolved.warnings,
            // The key the last deployment stored (under this name or an alias), when it is known; none
            // stored (a first deployment) is known too: the token is then named after this run.
            create: (opts, lastDeployment) =>
                specOutputsOf(
                    new DashboardsApiKey(
                        name,
                        new FromStackProgram(
                            withDeployedCredential(
                                resolved,
                                lastDeployment &&
                                    (deployedCredential(lastDeployment, [name, ...resolved.aliases]) ?? {}),
                            ),
                        ),
                        opts,
                    ),
                    API_KEY_DEFINITION.outputs,
                ),
        };
    },
};

/**
 * `workspace_id: !terraform.output <component> [<stack>] workspace_id`: the workspace id is the
 * `workspace_id` output of that component's stack, which the api-key reads with its own
 * StackReference: the stack is named by the same rule (`<organization>/<component with / as
 * ->/<stack>`, the current stack when none is given).
 */
function withWorkspaceReference(
    args: Readonly<Record<string, unknown>>,
    deployment: ReturnType<typeof currentDeployment>,
): Readonly<Record<string, unknown>> {
    const reference = args.workspaceId;
    if (!isDeployTimeReference(reference) || reference.kind !== "stack-output") return args;
    const { workspaceId: _reference, ...rest } = args;
    void _reference;
    const stackName =
        reference.stack !== undefined
            ? `${deployment.organization}/${workspaceProjectName(reference.component)}/${reference.stack}`
            : undefined;
    return stackName !== undefined
        ? { ...rest, dashboardsStackName: stackName }
        : { ...rest, dashboardsComponentName: reference.component };
}
