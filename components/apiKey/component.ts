/**
 * Component `managed-dashboards/api-key`: one Amazon Managed Grafana credential, rotated per window and stored as a
 * SecureString SSM parameter. {@link DashboardsApiKey} wires the result of the pure resolver (./resolve) to resources.
 */
import * as pulumi from "@pulumi/pulumi";
import * as grafana from "@pulumi/aws/grafana";
import * as ssm from "@pulumi/aws/ssm";
import { Static } from "@pulumiverse/time";
import type * as grafanaSdk from "@pulumiverse/grafana";
import { loadOptionalPeer, type ModuleLoader } from "../../util/optionalPeer";
import { currentMonitor, holdRejections, keepFailureAsWritten } from "../../sdk/adapter";
import { DeclaredComponent } from "../kit/component";
import { FromStackProgram, startComponent } from "../kit/preamble";
import { stackVarNaming } from "../kit/definition";
import { camelCaseField } from "../kit/errors";
import { describeValue } from "../../util/describeValue";
import { SECRET_VALUE } from "../../util/describeValue";
import { currentDeployment, requireEngine } from "../kit/engine";
import { MINIMUM_PULUMI_CLI, MINIMUM_PULUMI_CLI_FOR_ADOPTION, now, regionalImportId } from "../kit/lifecycle";
import {
    attemptCredentialName,
    credentialProblem,
    expiryWarning,
    higherGrafanaVersion,
    nextWindowStart,
    rfc3339,
    rotationWindowStart,
    serviceAccountName,
    type RotationTrigger,
} from "./rotation";
import { API_KEY_DEFINITION, WORKSPACE_ID_RULE, type DashboardsApiKeyArgs } from "./definition";
import { getResources } from "@pulumi/aws/resourcegroupstaggingapi";
import { childUrn, SSM_OWNER_TAG, ssmOwner, ssmOwnerConflict } from "../kit/ssmOwner";
import { stableWindow, storedKeyWarning, workspaceChangedWarning } from "../kit/credentialGuard";
import {
    addMinutesRfc3339,
    dashboardsApiKeyClaims,
    resolveDashboardsApiKey,
    WORKSPACE_ENDPOINT_OUTPUT,
    WORKSPACE_GRAFANA_VERSION_OUTPUT,
    WORKSPACE_ID_OUTPUT,
    isWorkspaceId,
    workspaceEndpointOf,
    type ResolvedDashboardsApiKey,
} from "./resolve";

/** The component path, as written in a stack file's `metadata.component`. */
const COMPONENT = API_KEY_DEFINITION.path;

/**
 * A {@link DashboardsApiKey} known to be enabled (see {@link DeclaredComponent.isEnabled}). Every output
 * is typed defined on any instance (reading one on a disabled instance throws), so this is the class
 * itself; kept for the programs that name it.
 */
export type EnabledDashboardsApiKey = DashboardsApiKey;

/**
 * `output`, whose failure is not reported again: the Outputs derived in the component fail with its
 * one failure, which the children it reaches report (see keepFailureAsWritten).
 */
function held<T>(output: T): T {
    holdRejections(output);
    return output;
}

/** The Pulumi type token of the SSM parameter (the @pulumi/aws resource's `__pulumiType`). */
const PARAMETER_TYPE = "aws:ssm/parameter:Parameter";

/** The Pulumi type token of {@link DashboardsApiKey}. */
const TYPE_TOKEN = API_KEY_DEFINITION.typeToken;

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
 *
 * The SSM parameter is never taken over: it is written without `overwrite` (unless adopting), tagged
 * `pulumi:stack` with its owner, and a path another stack owns fails naming it. Resource options:
 * `protect` reaches every child (Pulumi passes it on); the component's `retainOnDelete` is passed by
 * the component to every custom child (Pulumi passes it to none).
 */
export class DashboardsApiKey extends DeclaredComponent {
    /** The component path, as written in a stack file's `metadata.component`. */
    static readonly componentPath = COMPONENT;
    /** The Pulumi type token. */
    static readonly typeToken = TYPE_TOKEN;
    /** The component's declaration: arguments, stack-file vars, defaults, outputs. */
    static readonly definition = API_KEY_DEFINITION;

    /** SSM parameter path of the key; mirrors the output `ssm_path_dashboards_api_key`. Throws when read on a disabled instance. */
    declare readonly ssmPathDashboardsApiKey: pulumi.Output<string>;
    /**
     * RFC 3339 time at which the current key expires: the token's own expiry, or for an API key the
     * time it was issued plus its lifetime (issued just before the key is created: a lower bound).
     * Throws when read on a disabled instance.
     */
    declare readonly expiresAt: pulumi.Output<string>;
    /** Id of the workspace the key belongs to. Throws when read on a disabled instance. */
    declare readonly workspaceId: pulumi.Output<string>;
    /**
     * Host name of the workspace: the stack's `workspace_endpoint` output, else derived from the id
     * and region. Throws when read on a disabled instance.
     */
    declare readonly workspaceEndpoint: pulumi.Output<string>;
    /**
     * RFC 3339 start of the current key's rotation window: the first run after the window ends
     * replaces the key. Throws when read on a disabled instance.
     */
    declare readonly rotationWindowStart: pulumi.Output<string>;
    /** Name of the current credential (token or API key) in Grafana. Throws when read on a disabled instance. */
    declare readonly credentialName: pulumi.Output<string>;
    /** The key (or token) itself, always a secret. Throws when read on a disabled instance. */
    declare readonly apiKey: pulumi.Output<string>;
    /** The settled arguments. */
    readonly resolved: ResolvedDashboardsApiKey;

    /**
     * @param args The arguments, validated here (against the current deployment): plain values at once,
     *   Inputs as soon as they are known.
     * @throws ComponentArgsError listing every invalid argument known at construction, before anything is registered.
     */
    constructor(name: string, args: DashboardsApiKeyArgs, opts?: pulumi.ComponentResourceOptions);
    /** @internal The stack program's path (kit.ts): arguments it resolved, taken as is. */
    constructor(name: string, args: FromStackProgram<ResolvedDashboardsApiKey>, opts?: pulumi.ComponentResourceOptions);
    constructor(
        name: string,
        given: DashboardsApiKeyArgs | FromStackProgram<ResolvedDashboardsApiKey>,
        opts: pulumi.ComponentResourceOptions = {},
    ) {
        // A failure found later (once a lookup answers) is this program's, read now: another program
        // (the next test's mocks) may have started by then.
        const program = currentMonitor();
        const failure = (message: string): Error => keepFailureAsWritten(new Error(message), program);
        const deployment = currentDeployment();
        const start = startComponent(name, given, opts, {
            definition: API_KEY_DEFINITION,
            resolve: (known) => resolveDashboardsApiKey(name, known, deployment, { regionFromProvider: true }),
            claims: dashboardsApiKeyClaims,
            // SSM parameters live in an account; key names in a workspace, whichever account reaches it.
            inAccount: (claim) => claim.what === "SSM parameter",
        });
        super(name, start);
        const { resolved, value, args } = start;
        this.resolved = resolved;
        if (!resolved.enabled) {
            this.registerDeclaredOutputs();
            return;
        }

        const region = start.region();
        // The region the workspace is in, for its host name: the given one, else the provider's.
        const workspaceRegion = value((r) => r.region, args.region);
        const who = `${COMPONENT} "${name}"`;
        const time = now();
        const workspace = this.locateWorkspace(name, resolved, failure, {
            region,
            workspaceRegion,
            workspaceId: value(
                (r) => (r.workspace.kind === "workspaceId" ? r.workspace.workspaceId : ""),
                args.workspaceId,
            ),
            stackName: value(
                (r) => (r.workspace.kind === "stack" ? (r.workspace.stackName ?? "") : ""),
                args.dashboardsStackName,
            ),
        });
        const keyRole = value((r) => r.keyRole, args.keyRole);
        const minutesToLive = value((r) => r.minutesToLive, args.minutesToLive);
        const secondsToLive = value((r) => r.secondsToLive, args.minutesToLive);
        // The credential type must work on the workspace's Grafana version (when it is known): checked
        // before the key's workspace id is known, so a refused type fails the preview, before any key is touched.
        const workspaceId = held(
            pulumi.all([workspace.id, workspace.grafanaVersion]).apply(([id, version]) => {
                const problem = credentialProblem(resolved.credentialType, version);
                if (problem !== undefined) {
                    throw failure(`${who}: ${problem} (workspace ${id})`);
                }
                return id;
            }),
        );

        // One parameter, one owner: a parameter at this path that another stack owns fails the run here,
        // naming the path and the owner, before any AWS call on it, and before any Grafana credential is
        // made: every Grafana child (and the api key's issue record) takes the workspace id only once the
        // check has passed, so a refusal registers none of them. The lookup runs in a preview too (the
        // SDK sends an invoke to the engine whatever the mode: runtime/invoke.ts invokeAsync has no dry-run branch); an unknown
        // path or region leaves the check, and so the children's workspace id, unknown.
        const owner = ssmOwner(deployment);
        const pathField = (
            given instanceof FromStackProgram ? stackVarNaming(API_KEY_DEFINITION) : camelCaseField
        ).field("ssmPathFormatApiKey", []);
        const ownedPath = held(
            pulumi.all([value((r) => r.ssmPath), region]).apply(async ([path, inRegion]) => {
                const tagged = await getResources(
                    {
                        resourceTypeFilters: ["ssm:parameter"],
                        tagFilters: [{ key: SSM_OWNER_TAG }],
                        ...(inRegion ? { region: inRegion } : {}),
                    },
                    { parent: this },
                );
                // (A user's own mocks may answer the lookup with no list: nothing is tagged.)
                const conflict = ssmOwnerConflict(
                    tagged.resourceTagMappingLists ?? [],
                    path,
                    owner,
                    pathField,
                    // The parameter's URN, known here for a component at the top of the stack (the stack
                    // program's); under another parent, the message says how to find it.
                    opts.parent === undefined
                        ? childUrn(
                              `urn:pulumi:${deployment.stack}::${deployment.project}::${TYPE_TOKEN}::${name}`,
                              PARAMETER_TYPE,
                              `${name}-parameter`,
                          )
                        : undefined,
                );
                if (conflict !== undefined) throw failure(`${who}: ${conflict}`);
                return path;
            }),
        );
        const keyWorkspaceId = held(pulumi.all([workspaceId, ownedPath]).apply(([id]) => id));

        // The replacement trigger: the current rotation window. A run in a later window replaces the key;
        // no refresh is involved. It resolves only once the engine is known to honour it.
        // The window: the clock's, or the last deployment's when it is later (the stack program gives it),
        // so that a runner whose clock is behind never rotates the key back to an earlier window.
        // A deployed window so far ahead that the stored key would expire before it ends is not kept
        // (a runner's clock was far ahead): the clock's window heals it (credentialGuard.ts).
        const stable = (r: ResolvedDashboardsApiKey) =>
            stableWindow(rotationWindowStart(time, r.rotationMinutes), r.deployed?.windowStart, r.rotationMinutes, {
                time,
                minutesToLive: r.minutesToLive,
                cadenceMinutes: r.runCadenceMinutes,
                ...(r.deployed?.expiresAt !== undefined ? { expiresAt: r.deployed.expiresAt } : {}),
            });
        const windowOf = (r: ResolvedDashboardsApiKey): string => stable(r).windowStart;
        const behind = stable(resolved).note;
        if (behind !== undefined) void pulumi.log.warn(`${who}: ${behind}`, this);
        const schedule = value(
            (r): RotationTrigger => ({
                windowStart: windowOf(r),
                rotationMinutes: r.rotationMinutes,
            }),
            args.minutesToLive,
        );
        const window = held(pulumi.output(schedule).apply((s) => s.windowStart));
        const engineReady = requireEngine(
            who,
            resolved.adoptExisting ? MINIMUM_PULUMI_CLI_FOR_ADOPTION : MINIMUM_PULUMI_CLI,
            resolved.adoptExisting
                ? "adopting with the import option is safe from 3.252.0"
                : "the key rotates through the replacementTrigger option, which older engines drop or compare wrongly",
        );
        const trigger = held(pulumi.all([engineReady, schedule]).apply(([, s]) => s));
        // Each window's credential has its own name (never the label id), so the new one is created
        // beside the old one, SSM is updated to it, and the old one is deleted at the end of the run: SSM
        // never holds a deleted key. A changed lifetime replaces it too (a new name: the lifetime is in
        // its digest); the provider would otherwise keep the old key and its old expiry.
        // A token created by the stack program takes a name of its own run (its last deployment is known),
        // so that a retry never meets the name of a token whose create failed half way (rotation.ts).
        const credential = value(
            (r) =>
                attemptCredentialName(
                    {
                        id: r.keyName,
                        credentialType: r.credentialType,
                        keyRole: r.keyRole,
                        secondsToLive: r.secondsToLive,
                        windowStart: windowOf(r),
                    },
                    r.deployed,
                    time,
                ),
            args.keyRole,
            args.minutesToLive,
        );
        // The component's own retainOnDelete option keeps every child (Pulumi passes it to none); protect
        // reaches each child through the parent (the SDK's inheritance).
        const kept: pulumi.CustomResourceOptions = opts.retainOnDelete === true ? { retainOnDelete: true } : {};
        // Create-first, pinned: the engine follows the provider's delete-before-replace unless the goal sets
        // it (pulumi/pulumi pkg/resource/deploy/step_generator.go 2043-2046; the Node.js SDK sends
        // `deleteBeforeReplaceDefined` only for a set option, runtime/resource.js 372-373). The bridge asks none
        // for these Plugin Framework resources today (pulumi-terraform-bridge pkg/pf/tfbridge/provider_diff.go
        // 114-121), but its issues #823 and #930 propose it; a credential, its service account (whose deletion
        // takes its tokens) or the API key's issue record (a delete-first dependency is deleted with its
        // dependents, step_generator.go 2047-2129) deleted before its successor exists would leave SSM on a
        // dead key.
        const createFirst = { deleteBeforeReplace: false } as const;
        const rotated: pulumi.CustomResourceOptions = {
            ...kept,
            ...createFirst,
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
                        minutesToLive: held(pulumi.output(minutesToLive).apply(String)),
                        keyName: credential,
                        keyRole,
                        workspaceId: keyWorkspaceId,
                        region: held(pulumi.output(workspaceRegion).apply((r) => r ?? "")),
                    },
                },
                { ...kept, ...createFirst, parent: this },
            );
            const apiKey = new grafana.WorkspaceApiKey(
                `${name}-key`,
                {
                    keyName: credential,
                    keyRole,
                    secondsToLive,
                    workspaceId: keyWorkspaceId,
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
            keyUrns = held(pulumi.all([apiKey.urn, issued.urn]));
            serviceAccountUrn = pulumi.output(undefined);
            // (Mocks that echo inputs give no rfc3339: then the expiry is unknown, not an error.)
            expiresAt = pulumi
                .all([issued.rfc3339, minutesToLive])
                .apply(([start, minutes]) => (start === undefined ? start : addMinutesRfc3339(start, minutes)));
        } else {
            // The role and the window are in the service account's name: a new one (another role, the next
            // window) is created beside the old, so an account deleted outside Pulumi heals at the next window.
            const serviceAccount = new grafana.WorkspaceServiceAccount(
                `${name}-service-account`,
                {
                    name: value(
                        (r) => serviceAccountName(r.keyName, r.keyRole, windowOf(r)),
                        args.keyRole,
                        args.minutesToLive,
                    ),
                    grafanaRole: keyRole,
                    workspaceId: keyWorkspaceId,
                    region,
                },
                { ...kept, ...createFirst, parent: this },
            );
            const token = new grafana.WorkspaceServiceAccountToken(
                `${name}-token`,
                {
                    name: credential,
                    secondsToLive,
                    serviceAccountId: serviceAccount.serviceAccountId,
                    workspaceId: keyWorkspaceId,
                    region,
                },
                rotated,
            );
            key = token.key;
            keyUrns = held(pulumi.all([token.urn]));
            serviceAccountUrn = serviceAccount.urn;
            expiresAt = token.expiresAt;
        }
        const cadence = resolved.runCadenceMinutes;
        const deployed = resolved.deployed;
        if (deployed !== undefined) {
            // The stack program's runs (and synth's plan): the stored key as the last deployment left it.
            held(
                pulumi.all([schedule, value((r) => r.ssmPath)]).apply(([s, path]) => {
                    const rotates = deployed.windowStart !== undefined && deployed.windowStart !== s.windowStart;
                    const warning = storedKeyWarning(
                        deployed,
                        rotates,
                        time,
                        cadence,
                        path,
                        nextWindowStart(s.windowStart, s.rotationMinutes),
                    );
                    if (warning !== undefined)
                        void pulumi.log.warn(`${who}: ${warning} (checked at ${rfc3339(time)})`, this);
                }),
            );
            held(
                pulumi.all([workspaceId, value((r) => r.ssmPath)]).apply(([id, path]) => {
                    const warning = workspaceChangedWarning(deployed, id, path);
                    if (warning !== undefined) void pulumi.log.warn(`${who}: ${warning}`, this);
                }),
            );
        }
        // During preview and up: the key that stays live must outlast the next scheduled run. (A key this
        // run replaces has an unknown expiry in preview, so it is not warned about; the stack program's
        // runs are told from the last deployment's outputs, above.)
        const warned = pulumi
            .all([expiresAt, keyUrns, serviceAccountUrn, schedule])
            .apply(([expiry, urns, accountUrn, s]) => {
                if (deployed?.expiresAt !== undefined) return;
                const warning =
                    typeof expiry === "string"
                        ? expiryWarning(expiry, time, cadence, {
                              nextWindowStart: nextWindowStart(s.windowStart, s.rotationMinutes),
                              credentialUrns: urns,
                              ...(accountUrn !== undefined ? { serviceAccountUrn: accountUrn } : {}),
                          })
                        : undefined;
                if (warning !== undefined) {
                    void pulumi.log.warn(`${who}: ${warning} (checked at ${rfc3339(time)})`, this);
                }
            });
        held(warned);
        const secretKey = held(pulumi.secret(key));

        const parameter = new ssm.Parameter(
            `${name}-parameter`,
            {
                name: ownedPath,
                description: resolved.ssmDescription,
                type: "SecureString",
                value: secretKey,
                // One parameter, one owner: a parameter already at this path (another stack's, or one
                // made by hand) makes the create fail instead of being taken over, as the 0.13.0 module's
                // overwrite would; only adopting Terraform's parameter overwrites it (and imports it first).
                // Updates of this stack's own parameter need no overwrite (the provider's update puts the
                // value with Overwrite set: terraform-provider-aws internal/service/ssm/parameter.go).
                ...(resolved.adoptExisting ? { overwrite: true } : {}),
                tier: "Standard",
                dataType: "text",
                // Always sent: the provider keeps the old key when keyId is left out (optional, computed).
                // (The peer floor, @pulumi/aws 7.23, types keyId as Input<string>.)
                keyId: value((r) => r.kmsKeyId, args.kmsKeyId) as pulumi.Input<string>,
                // The label's tags and the owner tag.
                tags: value((r) => ({ ...r.tags, [SSM_OWNER_TAG]: owner }), args.tags),
                region,
            },
            // Adoption: the parameter Terraform created at this path (its id is its name).
            {
                ...kept,
                parent: this,
                ...(resolved.adoptExisting
                    ? {
                          import:
                              resolved.region === undefined
                                  ? resolved.ssmPath
                                  : regionalImportId(resolved.ssmPath, resolved.region),
                      }
                    : {}),
            },
        );

        const outputs = {
            ssmPathDashboardsApiKey: parameter.name,
            expiresAt,
            workspaceId,
            workspaceEndpoint: workspace.endpoint,
            rotationWindowStart: window,
            credentialName: held(pulumi.output(credential)),
            apiKey: secretKey,
        };
        this.registerDeclaredOutputs(outputs);
    }

    /**
     * The workspace id, endpoint and Grafana version: given, or read from the workspace stack's
     * outputs; the version from the AWS provider's workspace lookup (the live workspace), or the
     * stack's `workspace_grafana_version` output when that is higher.
     */
    private locateWorkspace(
        name: string,
        resolved: ResolvedDashboardsApiKey,
        /** The component's failure with `message`, as written and marked as its program's. */
        failure: (message: string) => Error,
        given: {
            /** The region the children are given (undefined: their provider's). */
            readonly region: pulumi.Input<string> | undefined;
            /** The workspace's region as known: the given one, else the provider's. */
            readonly workspaceRegion: pulumi.Input<string | undefined>;
            readonly workspaceId: pulumi.Input<string>;
            readonly stackName: pulumi.Input<string>;
        },
    ): {
        id: pulumi.Output<string>;
        endpoint: pulumi.Output<string>;
        grafanaVersion: pulumi.Output<string | undefined>;
    } {
        const { workspace } = resolved;
        // Called once the id and region are known: an argument that failed fails the lookup with the
        // component's message, without the SDK's second report of an invoke whose arguments failed.
        const lookUp = (id: pulumi.Input<string>) =>
            pulumi
                .all([id, given.region])
                .apply(([workspaceId, region]) =>
                    grafana.getWorkspaceOutput({ workspaceId, ...(region ? { region } : {}) }, { parent: this }),
                );
        // The host name from the id and region; the provider's lookup when no region is known.
        const endpointOf = (id: pulumi.Input<string>) =>
            held(
                pulumi
                    .all([id, given.workspaceRegion])
                    .apply(([workspaceId, region]) =>
                        region
                            ? pulumi.output(workspaceEndpointOf(workspaceId, region))
                            : lookUp(workspaceId).apply((found) => found.endpoint),
                    ),
            );
        if (workspace.kind === "workspaceId") {
            return {
                id: pulumi.output(given.workspaceId),
                endpoint: endpointOf(given.workspaceId),
                grafanaVersion: lookUp(given.workspaceId).apply((found) => found.grafanaVersion),
            };
        }
        const stackName = workspace.stackName ?? given.stackName;
        const reference = new pulumi.StackReference(`${name}-workspace`, { name: stackName }, { parent: this });
        // A stack reference whose state has no outputs at all (a user's mock returning none) is read as
        // a stack without them, so that the message below is the one given, not a TypeError.
        const hasOutputs = pulumi.unsecret(
            reference.outputs.apply((outputs: unknown) => typeof outputs === "object" && outputs !== null),
        );
        // Own outputs only: the SDK reads an output by indexing the outputs object (stackReference.ts
        // getOutput, `os[n]`), and its deserializer builds that object by assignment (rpc.ts
        // serializeAllKeys, `obj[k] = v`), so an output named `__proto__` becomes the object's
        // prototype and every name it holds would be found through it.
        const hasOwnOutput = (output: string): pulumi.Output<boolean> =>
            pulumi.unsecret(
                reference.outputs.apply(
                    (outputs: unknown) =>
                        typeof outputs === "object" &&
                        outputs !== null &&
                        Object.prototype.hasOwnProperty.call(outputs, output),
                ),
            );
        const details = (output: string): pulumi.Output<pulumi.StackReferenceOutputDetails> =>
            pulumi
                .all([hasOutputs, hasOwnOutput(output)])
                .apply(([has, own]) => (has && own ? reference.getOutputDetails(output) : {}));
        const id = pulumi.all([details(WORKSPACE_ID_OUTPUT), stackName]).apply(([found, stack]) => {
            const value: unknown = found.value ?? found.secretValue;
            if (typeof value !== "string" || value === "") {
                throw failure(
                    `${COMPONENT} "${name}": the workspace stack ${describeValue(stack)} has no output ` +
                        `"${WORKSPACE_ID_OUTPUT}" (got ${describeValue(value)}); ` +
                        // A stack named by dashboardsStackName holds whatever its program deploys.
                        (workspace.byName === true
                            ? `deploy the workspace in that stack first (exporting "${WORKSPACE_ID_OUTPUT}"), or give the workspace's id`
                            : `deploy the workspace component ${describeValue(workspace.componentName)} in that stack first, or give the workspace's stack name or id`),
                );
            }
            // Validated as the workspace_id var is: the id names the workspace in every call and path.
            if (!isWorkspaceId(value)) {
                throw failure(
                    `${COMPONENT} "${name}": the output "${WORKSPACE_ID_OUTPUT}" of the workspace stack ${describeValue(stack)} ` +
                        `${WORKSPACE_ID_RULE}, got ${describeValue(found.secretValue !== undefined ? SECRET_VALUE : value)}`,
                );
            }
            return value;
        });
        const endpoint = pulumi.all([id, details(WORKSPACE_ENDPOINT_OUTPUT)]).apply(([workspaceId, found]) => {
            const value: unknown = found.value ?? found.secretValue;
            return typeof value === "string" && value !== "" ? pulumi.output(value) : endpointOf(workspaceId);
        });
        // The live workspace's version counts (the stack's output may predate an upgrade in the console);
        // with both known, the higher one decides.
        const grafanaVersion = pulumi
            .all([details(WORKSPACE_GRAFANA_VERSION_OUTPUT), lookUp(id).apply((found) => found.grafanaVersion)])
            .apply(([found, live]) => {
                const value: unknown = found.value ?? found.secretValue;
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
    if (!apiKey.isEnabled()) {
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
