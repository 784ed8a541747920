/**
 * Component `managed-dashboards/api-key`: a port of Cloud Posse's Terraform component
 * `aws-managed-grafana-api-key` (`managed-grafana/api-key`), with the parameter store module
 * `cloudposse/ssm-parameter-store/aws` 0.13.0 it uses.
 *
 * It creates one Amazon Managed Grafana credential (a service account and its token, or a workspace
 * API key), replaces it at the first run of each rotation window, and stores it as a
 * SecureString SSM parameter at `format(ssmPathFormatApiKey, id)`. The workspace is found through
 * the outputs of the workspace component's Pulumi stack, or given directly by `workspaceId`.
 *
 * {@link resolveDashboardsApiKeyArgs} is the pure core (defaults, validation, label, names, path,
 * stack name); {@link DashboardsApiKey} is the Pulumi wiring on top of it.
 */
import * as pulumi from "@pulumi/pulumi";
import { warningsReported } from "../common";
import * as grafana from "@pulumi/aws/grafana";
import * as ssm from "@pulumi/aws/ssm";
import { Static } from "@pulumiverse/time";
import type * as grafanaSdk from "@pulumiverse/grafana";
import { loadOptionalPeer, type ModuleLoader } from "../../util/optionalPeer";
import { programRegistry } from "../programRegistry";
import { camelCaseField, ComponentArgsError, describeValue } from "../errors";
import { aliasOptions, requireEngine } from "../engine";
import {
    credentialName,
    credentialProblem,
    expiryWarning,
    higherGrafanaVersion,
    MINIMUM_PULUMI_CLI,
    MINIMUM_PULUMI_CLI_FOR_ADOPTION,
    nextWindowStart,
    now,
    regionalImportId,
    rfc3339,
    rotationWindowStart,
    type RotationTrigger,
} from "../lifecycle";
import { API_KEY_DEFINITION, type DashboardsApiKeyArgs } from "./definition";
import {
    addMinutesRfc3339,
    dashboardsApiKeyClaims,
    isResolvedDashboardsApiKey,
    resolveDashboardsApiKeyArgs,
    WORKSPACE_ENDPOINT_OUTPUT,
    WORKSPACE_GRAFANA_VERSION_OUTPUT,
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
 * workspace stack (unless `workspaceId` is given), a service account and its token (or an API key
 * and a `time` `Static` recording when it was issued), and the SSM parameter. With `enabled: false`
 * there is no child at all.
 *
 * The key is replaced by the first run in a new rotation window (`rotationMinutes` wide, counted
 * from the Unix epoch): the trigger is computed from the clock, so no refresh is needed.
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
    /**
     * RFC 3339 time at which the current key expires: the token's own expiry, or for an API key the
     * time it was issued plus its lifetime (issued just before the key is created: a lower bound).
     */
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
        super(TYPE_TOKEN, name, {}, { ...opts, aliases: aliasOptions(resolved.aliases, opts.aliases) });
        this.resolved = resolved;
        for (const warning of warningsReported(resolved) ? [] : resolved.warnings) {
            void pulumi.log.warn(ComponentArgsError.render(COMPONENT, name, [warning], camelCaseField), this);
        }
        if (!resolved.enabled) {
            this.registerOutputs({});
            return;
        }

        const { region } = resolved;
        const who = `${COMPONENT} "${name}"`;
        const time = now();
        const workspace = this.locateWorkspace(name, resolved);
        // The credential type must work on the workspace's Grafana version (when it is known): checked
        // before the key's workspace id is known, so a refused type fails the preview, before any key is touched.
        const workspaceId = pulumi.all([workspace.id, workspace.grafanaVersion]).apply(([id, version]) => {
            const problem = credentialProblem(resolved.credentialType, version);
            if (problem !== undefined) {
                throw new Error(`${who}: ${problem} (workspace ${id})`);
            }
            return id;
        });

        // The replacement trigger: the current rotation window. A run in a later window replaces the key;
        // no refresh is involved. It resolves only once the engine is known to honour it.
        const window = rotationWindowStart(time, resolved.rotationMinutes);
        const engineReady = requireEngine(
            who,
            resolved.adoptExisting ? MINIMUM_PULUMI_CLI_FOR_ADOPTION : MINIMUM_PULUMI_CLI,
            resolved.adoptExisting
                ? "adopting with the import option is safe from 3.252.0"
                : "the key rotates through the replacementTrigger option, which older engines drop or compare wrongly",
        );
        const schedule: RotationTrigger = { windowStart: window, rotationMinutes: resolved.rotationMinutes };
        const trigger = pulumi.output(engineReady.then(() => schedule));
        // Each window's credential has its own name (never the label id), so the new one is created
        // beside the old one, SSM is updated to it, and the old one is deleted at the end of the run: SSM
        // never holds a deleted key. A changed lifetime replaces it too (a new name: the lifetime is in
        // its digest); the provider would otherwise keep the old key and its old expiry.
        const credential = credentialName({
            id: resolved.keyName,
            credentialType: resolved.credentialType,
            keyRole: resolved.keyRole,
            secondsToLive: resolved.secondsToLive,
            windowStart: window,
        });
        const rotated: pulumi.CustomResourceOptions = {
            parent: this,
            replacementTrigger: trigger,
            replaceOnChanges: ["secondsToLive"],
        };

        let key: pulumi.Output<string>;
        let expiresAt: pulumi.Output<string>;
        let keyUrns: pulumi.Output<string[]>;
        let serviceAccountUrn: pulumi.Output<string | undefined>;
        if (resolved.credentialType === "api-key") {
            // When the current key was issued: replaced whenever the key is, so its triggers are everything
            // that makes a new key (the window, the lifetime, the key's name, role, workspace and region).
            // A key replaced by hand (pulumi up --replace) needs this replaced too: the expiry warning's
            // recovery command names both.
            const issued = new Static(
                `${name}-issued`,
                {
                    triggers: {
                        window,
                        minutesToLive: String(resolved.minutesToLive),
                        keyName: credential,
                        keyRole: resolved.keyRole,
                        workspaceId,
                        region,
                    },
                },
                { parent: this },
            );
            const apiKey = new grafana.WorkspaceApiKey(
                `${name}-key`,
                {
                    keyName: credential,
                    keyRole: resolved.keyRole,
                    secondsToLive: resolved.secondsToLive,
                    workspaceId,
                    region,
                },
                {
                    ...rotated,
                    // Tied to its issue time: whatever replaces the record (a new trigger of its own, as
                    // when upgrading from a version with fewer) replaces the key, so expiresAt stays true.
                    replacementTrigger: pulumi
                        .all([trigger, issued.id])
                        .apply(([window, id]): RotationTrigger => ({ ...window, issued: id })),
                    dependsOn: [issued],
                },
            );
            key = apiKey.key;
            keyUrns = pulumi.all([apiKey.urn, issued.urn]);
            serviceAccountUrn = pulumi.output(undefined);
            // (Mocks that echo inputs give no rfc3339: then the expiry is unknown, not an error.)
            expiresAt = issued.rfc3339.apply((start) =>
                start === undefined ? start : addMinutesRfc3339(start, resolved.minutesToLive),
            );
        } else {
            // The role is in the service account's name: a new one (another role) is created beside the old.
            const serviceAccount = new grafana.WorkspaceServiceAccount(
                `${name}-service-account`,
                {
                    name: resolved.serviceAccountName,
                    grafanaRole: resolved.keyRole,
                    workspaceId,
                    region,
                },
                { parent: this },
            );
            const token = new grafana.WorkspaceServiceAccountToken(
                `${name}-token`,
                {
                    name: credential,
                    secondsToLive: resolved.secondsToLive,
                    serviceAccountId: serviceAccount.serviceAccountId,
                    workspaceId,
                    region,
                },
                rotated,
            );
            key = token.key;
            keyUrns = pulumi.all([token.urn]);
            serviceAccountUrn = serviceAccount.urn;
            expiresAt = token.expiresAt;
        }
        // During preview and up: the key that stays live must outlast the next scheduled run. (A key this
        // run replaces has an unknown expiry in preview, so it is not warned about.)
        pulumi.all([expiresAt, keyUrns, serviceAccountUrn]).apply(([expiry, urns, accountUrn]) => {
            const warning =
                typeof expiry === "string"
                    ? expiryWarning(expiry, time, resolved.runCadenceMinutes, {
                          nextWindowStart: nextWindowStart(window, resolved.rotationMinutes),
                          credentialUrns: urns,
                          ...(accountUrn !== undefined ? { serviceAccountUrn: accountUrn } : {}),
                      })
                    : undefined;
            if (warning !== undefined) {
                void pulumi.log.warn(`${who}: ${warning} (checked at ${rfc3339(time)})`, this);
            }
        });
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
                // Always sent: the provider keeps the old key when keyId is left out (optional, computed).
                keyId: resolved.kmsKeyId,
                tags: { ...resolved.tags },
                region,
            },
            // Adoption: the parameter Terraform created at this path (its id is its name).
            { parent: this, ...(resolved.adoptExisting ? { import: regionalImportId(resolved.ssmPath, region) } : {}) },
        );

        this.ssmPathDashboardsApiKey = parameter.name;
        this.expiresAt = expiresAt;
        this.workspaceId = workspaceId;
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

    /**
     * The workspace id, endpoint and Grafana version: given, or read from the workspace stack's
     * outputs; the version from the AWS provider's workspace lookup (the live workspace), or the
     * stack's `workspace_grafana_version` output when that is higher.
     */
    private locateWorkspace(
        name: string,
        resolved: ResolvedDashboardsApiKey,
    ): {
        id: pulumi.Output<string>;
        endpoint: pulumi.Output<string>;
        grafanaVersion: pulumi.Output<string | undefined>;
    } {
        const { workspace, region } = resolved;
        const lookUpVersion = (id: pulumi.Input<string>) =>
            grafana.getWorkspaceOutput({ workspaceId: id, region }, { parent: this }).grafanaVersion;
        if (workspace.kind === "workspaceId") {
            return {
                id: pulumi.output(workspace.workspaceId),
                endpoint: pulumi.output(workspaceEndpointOf(workspace.workspaceId, region)),
                grafanaVersion: lookUpVersion(workspace.workspaceId),
            };
        }
        const stackName = workspace.stackName as string;
        const reference = new pulumi.StackReference(`${name}-workspace`, { name: stackName }, { parent: this });
        const id = pulumi.output(reference.getOutputDetails(WORKSPACE_ID_OUTPUT)).apply((details) => {
            const value: unknown = details.value ?? details.secretValue;
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
                const value: unknown = details.value ?? details.secretValue;
                return typeof value === "string" && value !== "" ? value : workspaceEndpointOf(workspaceId, region);
            });
        // The live workspace's version counts (the stack's output may predate an upgrade in the console);
        // with both known, the higher one decides.
        const grafanaVersion = pulumi
            .all([reference.getOutputDetails(WORKSPACE_GRAFANA_VERSION_OUTPUT), lookUpVersion(id)])
            .apply(([details, live]) => {
                const value: unknown = details.value ?? details.secretValue;
                return higherGrafanaVersion(typeof value === "string" && value !== "" ? value : undefined, live);
            });
        return { id, endpoint, grafanaVersion };
    }
}

/** Options of {@link createDashboardsProvider}. */
export interface DashboardsProviderArgs {
    /** URL of the Grafana API. @default `https://<workspaceEndpoint>` */
    readonly url?: pulumi.Input<string>;
}

/** The range of `@pulumiverse/grafana` this package supports (its optional peer dependency). */
export const GRAFANA_SDK_RANGE = ">=0.14.0 <3.0.0";

// How the Grafana SDK is loaded: Node's require, replaceable in tests to simulate its absence.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load of an optional peer
const nodeRequire: ModuleLoader = (name) => require(name) as unknown;
let loadModule: ModuleLoader = nodeRequire;

/** Replaces how the Grafana SDK is loaded (tests); without an argument, restores `require`. */
export function setGrafanaSdkLoader(next?: ModuleLoader): void {
    loadModule = next ?? nodeRequire;
}

/**
 * A Grafana provider (`@pulumiverse/grafana`) for the workspace of a {@link DashboardsApiKey},
 * authenticated with its key (a secret). `@pulumiverse/grafana` is an optional peer dependency,
 * loaded only when this is called: install it to use this.
 *
 * @returns the provider, to pass as the `provider` option of Grafana resources.
 * @throws Error when the key component is disabled (it has no key), or `@pulumiverse/grafana` is not installed.
 */
export function createDashboardsProvider(
    name: string,
    apiKey: DashboardsApiKey,
    args: DashboardsProviderArgs = {},
    opts: pulumi.CustomResourceOptions = {},
): pulumi.ProviderResource {
    const who = `createDashboardsProvider "${name}"`;
    if (apiKey.apiKey === undefined || apiKey.workspaceEndpoint === undefined) {
        throw new Error(`${who}: ${COMPONENT} "${apiKey.resolved.instance}" is disabled, so it has no key`);
    }
    // Loaded here, not at the top: importing this package must not load the Grafana SDK.
    const sdk = loadOptionalPeer<typeof grafanaSdk>("@pulumiverse/grafana", GRAFANA_SDK_RANGE, who, loadModule);
    return new sdk.Provider(
        name,
        {
            url: args.url ?? pulumi.interpolate`https://${apiKey.workspaceEndpoint}`,
            auth: apiKey.apiKey,
        },
        opts,
    );
}
