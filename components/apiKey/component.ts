/**
 * Component `managed-dashboards/api-key`: a port of Cloud Posse's Terraform component
 * `aws-managed-grafana-api-key` (`managed-grafana/api-key`), with the parameter store module
 * `cloudposse/ssm-parameter-store/aws` 0.13.0 it uses.
 *
 * It creates one Amazon Managed Grafana credential (a workspace API key, or a service account and
 * its token), rotates it on a schedule with a `time` `Rotating` resource, and stores it as a
 * SecureString SSM parameter at `format(ssmPathFormatApiKey, id)`. The workspace is found through
 * the outputs of the workspace component's Pulumi stack, or given directly by `workspaceId`.
 *
 * {@link resolveDashboardsApiKeyArgs} is the pure core (defaults, validation, label, names, path,
 * stack name); {@link DashboardsApiKey} is the Pulumi wiring on top of it.
 */
import * as pulumi from "@pulumi/pulumi";
import * as grafana from "@pulumi/aws/grafana";
import * as ssm from "@pulumi/aws/ssm";
import { Rotating } from "@pulumiverse/time";
import type * as grafanaSdk from "@pulumiverse/grafana";
import { programRegistry } from "../programRegistry";
import { camelCaseField, ComponentArgsError, describeValue } from "../errors";
import { API_KEY_DEFINITION, type DashboardsApiKeyArgs } from "./definition";
import {
    addMinutesRfc3339,
    dashboardsApiKeyClaims,
    isResolvedDashboardsApiKey,
    resolveDashboardsApiKeyArgs,
    WORKSPACE_ENDPOINT_OUTPUT,
    WORKSPACE_ID_OUTPUT,
    workspaceEndpointOf,
    type PulumiDeployment,
    type ResolvedDashboardsApiKey,
} from "./resolve";

/** The component path, as written in a stack file's `metadata.component`. */
const COMPONENT = API_KEY_DEFINITION.path;

/** The Pulumi type token of {@link DashboardsApiKey}. */
const TYPE_TOKEN = API_KEY_DEFINITION.typeToken;

/**
 * The deployment this program runs in. The organization is `organization` where the runtime has
 * none (self-managed backends name it so; unit-test mocks may leave it unset).
 */
export function currentDeployment(): PulumiDeployment {
    let organization = "organization";
    try {
        organization = pulumi.getOrganization();
    } catch {
        // No organization configured (e.g. `setMocks` without one): keep the backends' default.
    }
    return { organization, project: pulumi.getProject(), stack: pulumi.getStack() };
}

/**
 * An Amazon Managed Grafana credential, rotated on a schedule and stored as a SecureString SSM
 * parameter, for the Grafana provider of other dashboard components (see
 * {@link createDashboardsProvider}). Mirrors the Terraform component `managed-grafana/api-key`.
 *
 * Children (all parented to the component, AWS ones in `region`): a `pulumi.StackReference` to the
 * workspace stack (unless `workspaceId` is given), a `time` `Rotating`, the key (or a service
 * account and its token) and the SSM parameter. With `enabled: false` there is no child at all.
 *
 * The rotation is noticed only when the stack is refreshed: run with `--refresh` or set
 * `options: refresh: always` in `Pulumi.yaml`.
 */
export class DashboardsApiKey extends pulumi.ComponentResource {
    /** The component path, as written in a stack file's `metadata.component`. */
    static readonly componentPath = COMPONENT;
    /** The Pulumi type token. */
    static readonly typeToken = TYPE_TOKEN;
    /** The component's declaration: arguments, stack-file vars, defaults, outputs. */
    static readonly definition = API_KEY_DEFINITION;

    /** SSM parameter path of the key; mirrors the output `ssm_path_dashboards_api_key`. */
    readonly ssmPathDashboardsApiKey?: pulumi.Output<string>;
    /** RFC 3339 time at which the current key expires (for an API key: its rotation start plus its lifetime). */
    readonly expiresAt?: pulumi.Output<string>;
    /** Id of the workspace the key belongs to. */
    readonly workspaceId?: pulumi.Output<string>;
    /** Host name of the workspace: the stack's `workspace_endpoint` output, else derived from the id and region. */
    readonly workspaceEndpoint?: pulumi.Output<string>;
    /** The key (or token) itself, always a secret. */
    readonly apiKey?: pulumi.Output<string>;
    /** The settled arguments. */
    readonly resolved: ResolvedDashboardsApiKey;

    /**
     * @param args The arguments, validated here (against the current deployment); or the result of
     *   {@link resolveDashboardsApiKeyArgs} (already validated, e.g. by the stack program), used as is.
     * @throws ComponentArgsError listing every invalid argument, before anything is registered.
     */
    constructor(
        name: string,
        args: DashboardsApiKeyArgs | ResolvedDashboardsApiKey,
        opts: pulumi.ComponentResourceOptions = {},
    ) {
        // Validate before anything is registered: an invalid argument leaves no trace.
        const resolved = isResolvedDashboardsApiKey(args)
            ? args
            : resolveDashboardsApiKeyArgs(name, args, currentDeployment());
        // Names another instance of this program already uses (the same SSM parameter, ...).
        const collisions =
            programRegistry()?.claim({ component: COMPONENT, instance: name }, dashboardsApiKeyClaims(resolved)) ?? [];
        if (collisions.length > 0) {
            throw new ComponentArgsError(COMPONENT, name, collisions);
        }
        super(TYPE_TOKEN, name, {}, opts);
        this.resolved = resolved;
        for (const warning of resolved.warnings) {
            void pulumi.log.warn(ComponentArgsError.render(COMPONENT, name, [warning], camelCaseField), this);
        }
        if (!resolved.enabled) {
            this.registerOutputs({});
            return;
        }

        const { region } = resolved;
        const workspace = this.locateWorkspace(name, resolved);
        const rotation = new Rotating(
            `${name}-rotation`,
            { rotationMinutes: resolved.rotationMinutes },
            { parent: this },
        );
        // Every argument of a key forces a new key, and key names are unique per workspace: the old
        // key must go before the new one is created (a short window without a valid key, in exchange
        // for a stable name). The rotation time is the replacement trigger.
        // (`?? null`: mocks that echo inputs give no rfc3339, and the SDK cannot send `undefined`.)
        const trigger = rotation.rfc3339.apply((start) => start ?? null);
        const rotated: pulumi.CustomResourceOptions = {
            parent: this,
            replacementTrigger: trigger,
            deleteBeforeReplace: true,
        };

        let key: pulumi.Output<string>;
        let expiresAt: pulumi.Output<string>;
        if (resolved.credentialType === "api-key") {
            const apiKey = new grafana.WorkspaceApiKey(
                `${name}-key`,
                {
                    keyName: resolved.keyName,
                    keyRole: resolved.keyRole,
                    secondsToLive: resolved.secondsToLive,
                    workspaceId: workspace.id,
                    region,
                },
                rotated,
            );
            key = apiKey.key;
            // (Mocks that echo inputs give no rfc3339: then the expiry is unknown, not an error.)
            expiresAt = rotation.rfc3339.apply((start) =>
                start === undefined ? start : addMinutesRfc3339(start, resolved.minutesToLive),
            );
        } else {
            const serviceAccount = new grafana.WorkspaceServiceAccount(
                `${name}-service-account`,
                {
                    name: resolved.keyName,
                    grafanaRole: resolved.keyRole,
                    workspaceId: workspace.id,
                    region,
                },
                { parent: this },
            );
            const token = new grafana.WorkspaceServiceAccountToken(
                `${name}-token`,
                {
                    name: resolved.keyName,
                    secondsToLive: resolved.secondsToLive,
                    serviceAccountId: serviceAccount.serviceAccountId,
                    workspaceId: workspace.id,
                    region,
                },
                rotated,
            );
            key = token.key;
            expiresAt = token.expiresAt;
        }
        const secretKey = pulumi.secret(key);

        const parameter = new ssm.Parameter(
            `${name}-parameter`,
            {
                name: resolved.ssmPath,
                description: resolved.ssmDescription,
                type: "SecureString",
                value: secretKey,
                // As the 0.13.0 module: take over a parameter already at this path, update it in place.
                overwrite: true,
                tier: "Standard",
                dataType: "text",
                ...(resolved.kmsKeyId !== undefined ? { keyId: resolved.kmsKeyId } : {}),
                tags: { ...resolved.tags },
                region,
            },
            { parent: this },
        );

        this.ssmPathDashboardsApiKey = parameter.name;
        this.expiresAt = expiresAt;
        this.workspaceId = workspace.id;
        this.workspaceEndpoint = workspace.endpoint;
        this.apiKey = secretKey;
        this.registerOutputs({
            ssmPathDashboardsApiKey: this.ssmPathDashboardsApiKey,
            expiresAt: this.expiresAt,
            workspaceId: this.workspaceId,
            workspaceEndpoint: this.workspaceEndpoint,
            apiKey: this.apiKey,
        });
    }

    /** The workspace id and endpoint: given, or read from the workspace stack's outputs. */
    private locateWorkspace(
        name: string,
        resolved: ResolvedDashboardsApiKey,
    ): { id: pulumi.Output<string>; endpoint: pulumi.Output<string> } {
        const { workspace, region } = resolved;
        if (workspace.kind === "workspaceId") {
            return {
                id: pulumi.output(workspace.workspaceId),
                endpoint: pulumi.output(workspaceEndpointOf(workspace.workspaceId, region)),
            };
        }
        const stackName = workspace.stackName as string;
        const reference = new pulumi.StackReference(`${name}-workspace`, { name: stackName }, { parent: this });
        const id = pulumi.output(reference.getOutputDetails(WORKSPACE_ID_OUTPUT)).apply((details) => {
            const value = details.value ?? details.secretValue;
            if (typeof value !== "string" || value === "") {
                throw new Error(
                    `${COMPONENT} "${name}": the workspace stack ${describeValue(stackName)} has no output ` +
                        `"${WORKSPACE_ID_OUTPUT}" (got ${describeValue(value)}); deploy the workspace component ` +
                        `${describeValue(workspace.componentName)} in that stack first, or give the workspace's stack name or id`,
                );
            }
            return value;
        });
        const endpoint = pulumi
            .all([id, reference.getOutputDetails(WORKSPACE_ENDPOINT_OUTPUT)])
            .apply(([workspaceId, details]) => {
                const value = details.value ?? details.secretValue;
                return typeof value === "string" && value !== "" ? value : workspaceEndpointOf(workspaceId, region);
            });
        return { id, endpoint };
    }
}

/** Options of {@link createDashboardsProvider}. */
export interface DashboardsProviderArgs {
    /** URL of the Grafana API. @default `https://<workspaceEndpoint>` */
    readonly url?: pulumi.Input<string>;
}

/**
 * A Grafana provider (`@pulumiverse/grafana`) for the workspace of a {@link DashboardsApiKey},
 * authenticated with its key (a secret). The Grafana SDK is loaded only when this is called.
 *
 * @throws Error when the key component is disabled (it has no key).
 */
export function createDashboardsProvider(
    name: string,
    apiKey: DashboardsApiKey,
    args: DashboardsProviderArgs = {},
    opts: pulumi.CustomResourceOptions = {},
): grafanaSdk.Provider {
    if (apiKey.apiKey === undefined || apiKey.workspaceEndpoint === undefined) {
        throw new Error(
            `createDashboardsProvider "${name}": ${COMPONENT} "${apiKey.resolved.instance}" is disabled, so it has no key`,
        );
    }
    // Loaded here, not at the top: importing this package must not load the Grafana SDK.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const sdk = require("@pulumiverse/grafana") as typeof grafanaSdk;
    return new sdk.Provider(
        name,
        {
            url: args.url ?? pulumi.interpolate`https://${apiKey.workspaceEndpoint}`,
            auth: apiKey.apiKey,
        },
        opts,
    );
}
