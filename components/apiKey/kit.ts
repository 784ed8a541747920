/** The `managed-dashboards/api-key` component, wired for the stack program and the plugin (components/kit/kit.ts). */
import { deployedCredential } from "../kit/credentialGuard";
import { instanceStackName, isDeployTimeReference, readByComponent } from "../kit/deployTime";
import { currentDeployment } from "../kit/engine";
import { argKinds, wireKit } from "../kit/kit";
import type { PulumiDeployment } from "../kit/lifecycle";
import { DashboardsApiKey } from "./component";
import { API_KEY_DEFINITION, DASHBOARDS_API_KEY_DEFAULTS, type DashboardsApiKeyArgs } from "./definition";
import { API_KEY_MOCKED_INVOKES, API_KEY_MOCKED_TYPES, EXAMPLE_WORKSPACE_OUTPUTS } from "./mocked";
import { rotationSchedule } from "./rotation";
import { dashboardsApiKeyClaims, resolveDashboardsApiKey, withDeployedCredential } from "./resolve";

/** The `managed-dashboards/api-key` kit. */
export const API_KEY_KIT = wireKit({
    definition: API_KEY_DEFINITION,
    component: DashboardsApiKey,
    args: argKinds<DashboardsApiKeyArgs>()([]),
    resolve: (name, args, options) => {
        const deployment = currentDeployment();
        return resolveDashboardsApiKey(name, withWorkspaceReference(args, deployment), deployment, options);
    },
    claims: dashboardsApiKeyClaims,
    physicalNames: (resolved) => ({ ssmPathDashboardsApiKey: resolved.ssmPath }),
    // The key the last deployment stored (under this name or an alias), when it is known; none
    // stored (a first deployment) is known too: the token is then named after this run.
    construct: (name, resolved, lastDeployment) =>
        withDeployedCredential(
            resolved,
            lastDeployment && (deployedCredential(lastDeployment, [name, ...resolved.aliases]) ?? {}),
        ),
    planRotation: (trigger, inputs, time) => rotationSchedule(trigger, inputs.secondsToLive, time),
    mockedTypes: API_KEY_MOCKED_TYPES,
    mockedInvokes: API_KEY_MOCKED_INVOKES,
    // The workspace stack the key reads `workspace_id` from (`dashboardsStackName`, `!terraform.output`).
    mockedStackOutputs: EXAMPLE_WORKSPACE_OUTPUTS,
    unknownStack: (instance, stack) => {
        const written = ["dashboards_stack_name", "dashboards_component_name"].find((v) => instance.written.has(v));
        const named =
            written === "dashboards_stack_name"
                ? "dashboards_stack_name names it"
                : `it is named after dashboards_component_name ${JSON.stringify(instance.args.dashboardsComponentName ?? DASHBOARDS_API_KEY_DEFAULTS.dashboardsComponentName)} and this stack`;
        return {
            ...(written !== undefined ? { var: written } : {}),
            text:
                `workspace_id is read from the workspace stack ${JSON.stringify(stack)}, which does not exist ` +
                `(unknown stack); ${named}. Deploy the workspace component in that stack first, or set workspace_id ` +
                "(or dashboards_stack_name)",
        };
    },
});

/**
 * `workspace_id: !terraform.output <component> [<stack>] workspace_id`: the workspace id is the
 * `workspace_id` output of that component's stack, which the api-key reads with its own
 * StackReference: the stack is named by the same rule (`<organization>/<component with / as
 * ->/<stack>`, the current stack when none is given).
 */
function withWorkspaceReference(
    args: Readonly<Record<string, unknown>>,
    deployment: PulumiDeployment,
): Readonly<Record<string, unknown>> {
    const reference = args.workspaceId;
    // Another output, a path into one, or a Terraform state: read by the program (program/deployTimeValues.ts).
    if (!isDeployTimeReference(reference) || reference.kind !== "stack-output") return args;
    if (!readByComponent(API_KEY_DEFINITION.args.workspaceId.deployTimeOutput, reference)) return args;
    const { workspaceId: _reference, ...rest } = args;
    void _reference;
    const stackName =
        reference.stack !== undefined
            ? instanceStackName(deployment.organization, reference.component, reference.stack)
            : undefined;
    return stackName !== undefined
        ? { ...rest, dashboardsStackName: stackName }
        : { ...rest, dashboardsComponentName: reference.component };
}
