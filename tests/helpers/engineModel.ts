/**
 * A model of what `pulumi up` does to Grafana and SSM when a program's registrations change from
 * one run to the next, for the credential lifecycle tests. It is a model, written from the engine's
 * step generator and the providers (see FACTS.md, "Pulumi and Grafana over time"), not the engine:
 *
 * - Registrations are processed in the order the program makes them. A resource absent from the
 *   state is created (or imported, with the `import` option); one whose `replacementTrigger` changed
 *   (both non-null), whose replacement-forcing input changed, or whose `replaceOnChanges` input
 *   changed is replaced; one whose other inputs changed is updated.
 * - A replacement without `deleteBeforeReplace` creates the new resource first and deletes the old
 *   one at the end of the update, after every registration; with it, the old one is deleted first.
 *   Resources the program no longer registers are deleted at the end, in reverse order.
 * - Outputs flow along the dependencies the components have: a token takes its service account's
 *   id (a replaced account replaces the token), an API key's trigger takes its issue record's id (a
 *   replaced record replaces the key), and the SSM parameter takes the credential's key (a new
 *   credential updates the parameter). The mocks keep no state between runs, so these are applied
 *   here rather than read from the recorded inputs.
 * - Grafana keeps API keys and service-account tokens of a workspace in one store of names and
 *   refuses a name it holds; service-account names are unique per workspace.
 *
 * - Delete-before-replace comes from the goal when the resource sets it, else from the provider
 *   (pulumi/pulumi pkg/resource/deploy/step_generator.go 2043-2046: `deleteBeforeReplace :=
 *   diff.DeleteBeforeReplace; if goal.DeleteBeforeReplace != nil { ... }`). The bridge asks it for an
 *   SDKv2 resource whose auto-named `name` is set by hand (pulumi-terraform-bridge 59de6c6
 *   pkg/tfbridge/provider.go 1275-1276): the SSM parameter. Plugin Framework resources (the Grafana
 *   service account and token, time's Static) ask none today (pkg/pf/tfbridge/provider_diff.go 114-121);
 *   `ModelFaults.providerDeleteFirst` models a bridge that would (its issues #823, #930).
 * - A run that fails keeps what it did: an old resource whose replacement was created is marked for
 *   deletion (step.go 468-472) and stays in the state pending deletion; deletes run only once the
 *   program has finished without error (deployment_executor.go 326-331), so the next successful run
 *   deletes it (step_generator.go 2390-2412, `res.Delete`), at its end.
 * - `--target`: a resource not targeted keeps its old state (an untargeted same step,
 *   step_generator.go 1735), while a targeted replacement's old copy is deleted at the end of the run.
 *
 * After every step it checks that the SSM parameter holds a credential Grafana still has.
 *
 * Failures the providers can meet (terraform-provider-aws internal/service/grafana, read at commit
 * 01606926a0c0 for workspace_service_account_token.go and 2cddbdc2d136 for workspace_service_account.go):
 *
 * - A token's Create calls CreateWorkspaceServiceAccountToken (token.go ~121) and then lists the
 *   account's tokens to read its expiry (~139); when that list fails it returns the error without
 *   `State.Set` (~141-145), so the bridge returns no id and no state (pulumi-terraform-bridge
 *   pkg/pf/tfbridge/provider_create.go 97-104) and the engine records nothing (pulumi/pulumi
 *   pkg/resource/deploy/step.go 439-441: only a StatusPartialFailure keeps a partial resource): the
 *   token exists in Grafana, not in the state (`halfCreate`).
 * - A token created for a service account that is gone fails (CreateWorkspaceServiceAccountToken
 *   answers ResourceNotFoundException, reported at ~123-127).
 * - Deleting a token or an account that is gone succeeds (token.go Delete ~210-214, account.go Delete
 *   ~177-181: ResourceNotFoundException is ignored); the model's deletes of absent names are no-ops.
 */
import type { RecordedResource } from "../../program/mocks";

const SERVICE_ACCOUNT = "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount";
const TOKEN = "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken";
const API_KEY = "aws:grafana/workspaceApiKey:WorkspaceApiKey";
const PARAMETER = "aws:ssm/parameter:Parameter";
const STATIC = "time:index/static:Static";

/** Inputs whose change replaces the resource (the providers' ForceNew). */
const FORCE_NEW: Readonly<Record<string, readonly string[]>> = {
    [SERVICE_ACCOUNT]: ["name", "grafanaRole", "workspaceId", "region"],
    [TOKEN]: ["name", "secondsToLive", "serviceAccountId", "workspaceId", "region"],
    [API_KEY]: ["keyName", "keyRole", "workspaceId", "region"],
    [PARAMETER]: ["name", "region"],
    [STATIC]: ["triggers"],
};

/** A resource as the model keeps it in its state. */
export interface ModelResource {
    readonly type: string;
    readonly name: string;
    readonly inputs: Record<string, unknown>;
    readonly options: Record<string, unknown>;
}

/** The world outside Pulumi's state: Grafana's stores and the SSM parameters' values. */
export interface World {
    /** Per workspace: names of the live API keys and tokens (one store). */
    readonly credentials: Map<string, Set<string>>;
    /** Per workspace: names of the live service accounts. */
    readonly serviceAccounts: Map<string, Set<string>>;
    /** Per parameter path: the name of the credential whose key it holds. */
    readonly parameters: Map<string, string>;
}

/** The outcome of one modelled `pulumi up`. */
export interface ModelRun {
    /** Old copies of replaced resources still pending deletion after a failed run (for the next run). */
    readonly pendingDeletes: readonly ModelResource[];
    /** Every step, in order: `create token eg-...`, `update parameter -> eg-...`, `delete key eg-...`. */
    readonly steps: string[];
    /** Steps after which a parameter held a credential Grafana no longer had (or never had). */
    readonly invalidParameter: string[];
    /** The first failure (a duplicate name), after which the run stopped; undefined when it completed. */
    readonly failure?: string;
    /** The state after the run (what succeeded). */
    readonly state: Map<string, ModelResource>;
}

/** An empty world, optionally with credentials and parameters created outside Pulumi (Terraform). */
export function world(
    existing: {
        credentials?: Record<string, string[]>;
        serviceAccounts?: Record<string, string[]>;
        parameters?: Record<string, string>;
    } = {},
): World {
    const sets = (record: Record<string, string[]> = {}) =>
        new Map(Object.entries(record).map(([workspace, names]) => [workspace, new Set(names)]));
    return {
        credentials: sets(existing.credentials),
        serviceAccounts: sets(existing.serviceAccounts),
        parameters: new Map(Object.entries(existing.parameters ?? {})),
    };
}

const keyOf = (r: { type: string; name: string }) => `${r.type}::${r.name}`;

/** The registrations of a run as the model keeps them (custom resources the model knows). */
export function modelResources(recorded: readonly RecordedResource[]): ModelResource[] {
    return recorded
        .filter((r) => r.type in FORCE_NEW)
        .map((r) => ({ type: r.type, name: r.name, inputs: r.inputs, options: { ...(r.options ?? {}) } }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A trigger without the parts the model resolves along dependencies (an API key's issue record id). */
function triggerOf(resource: ModelResource): unknown {
    const trigger = resource.options.replacementTrigger;
    if (typeof trigger === "object" && trigger !== null && "issued" in trigger) {
        const { issued: _issued, ...rest } = trigger as Record<string, unknown>;
        void _issued;
        return rest;
    }
    return trigger;
}

/** The credential name a credential resource carries. */
const credentialNameOf = (r: ModelResource) => String(r.type === API_KEY ? r.inputs.keyName : r.inputs.name);

/** Faults of one modelled run. */
export interface ModelFaults {
    /** The first token created in the run is created in Grafana, then its create fails (the list fails). */
    readonly halfCreate?: boolean;
    /** Resources (logical names) whose create or update fails in this run. */
    readonly failOn?: ReadonlySet<string>;
    /** Resource types whose provider asks delete-before-replace (the default: the SSM parameter). */
    readonly providerDeleteFirst?: ReadonlySet<string>;
    /** `pulumi up --target`: only these resources (logical names) are updated. */
    readonly targets?: ReadonlySet<string>;
    /** Old copies the last (failed) run left pending deletion. */
    readonly pendingDeletes?: readonly ModelResource[];
}

/** The types whose provider asks delete-before-replace: an SDKv2 resource with a hand-set `name`. */
export const PROVIDER_DELETE_FIRST: ReadonlySet<string> = new Set([PARAMETER]);

/**
 * Deletes the state's service accounts outside Pulumi (in the console), and Grafana deletes their
 * tokens with them; the state and SSM are left as they are.
 */
export function deleteServiceAccountsOutside(state: ReadonlyMap<string, ModelResource>, outside: World): void {
    for (const r of state.values()) {
        const workspace = String(r.inputs.workspaceId);
        if (r.type === SERVICE_ACCOUNT) outside.serviceAccounts.get(workspace)?.delete(String(r.inputs.name));
        if (r.type === TOKEN) outside.credentials.get(workspace)?.delete(credentialNameOf(r));
    }
}

/**
 * Models `pulumi refresh`: the provider's Read of a service account or token that Grafana no longer
 * lists removes it (token.go Read ~170-175 and account.go Read ~129-134, `RemoveResource`), the bridge
 * answers a null state with no id (pkg/pf/tfbridge/provider_read.go 182-185), and the engine drops a
 * resource refreshed with a blank id from the state (pulumi/pulumi pkg/resource/deploy/step.go
 * 1616-1620). Other resources are kept as they are.
 */
export function refresh(state: ReadonlyMap<string, ModelResource>, outside: World): Map<string, ModelResource> {
    const after = new Map(state);
    for (const [key, r] of state) {
        const workspace = String(r.inputs.workspaceId);
        const gone =
            r.type === SERVICE_ACCOUNT
                ? !outside.serviceAccounts.get(workspace)?.has(String(r.inputs.name))
                : r.type === TOKEN
                  ? !outside.credentials.get(workspace)?.has(credentialNameOf(r))
                  : false;
        if (gone) after.delete(key);
    }
    return after;
}

/** Models one `pulumi up` from `state` to the registrations `next`, changing `world`. */
export function up(
    state: ReadonlyMap<string, ModelResource>,
    next: readonly ModelResource[],
    outside: World,
    faults: ModelFaults = {},
): ModelRun {
    const steps: string[] = [];
    const invalidParameter: string[] = [];
    const after = new Map(state);
    const pendingDeletes: ModelResource[] = [];
    const replaced = new Set<string>();
    let credentialOfRun: string | undefined;
    let halfCreated = false;

    const check = (step: string) => {
        steps.push(step);
        for (const [path, credential] of outside.parameters) {
            const live = [...outside.credentials.values()].some((names) => names.has(credential));
            if (!live) invalidParameter.push(`${step} (${path} holds ${credential})`);
        }
    };
    const store = (r: ModelResource) =>
        r.type === SERVICE_ACCOUNT
            ? outside.serviceAccounts
            : r.type === TOKEN || r.type === API_KEY
              ? outside.credentials
              : undefined;
    const create = (r: ModelResource) => {
        if (faults.failOn?.has(r.name) === true) throw new Error(`create ${r.name} failed`);
        const names = store(r);
        if (names !== undefined) {
            const workspace = String(r.inputs.workspaceId);
            const name = r.type === SERVICE_ACCOUNT ? String(r.inputs.name) : credentialNameOf(r);
            const live = names.get(workspace) ?? new Set<string>();
            if (live.has(name)) {
                throw new Error(`create ${r.name} failed: Grafana refuses the duplicate name ${name} in ${workspace}`);
            }
            const account = tokenOwner.get(r);
            if (
                r.type === TOKEN &&
                account &&
                !outside.serviceAccounts.get(workspace)?.has(String(account.inputs.name))
            ) {
                throw new Error(
                    `create ${r.name} failed: ResourceNotFoundException: the service account ` +
                        `${String(account.inputs.name)} is not in ${workspace}`,
                );
            }
            live.add(name);
            names.set(workspace, live);
            if (r.type === TOKEN && faults.halfCreate === true && !halfCreated) {
                halfCreated = true;
                steps.push(`half-create ${r.name} ${name}`);
                throw new Error(`create ${r.name} failed after Grafana created ${name}: listing the tokens failed`);
            }
            if (r.type !== SERVICE_ACCOUNT) credentialOfRun = name;
        }
        after.set(keyOf(r), r);
        check(
            `create ${r.name}${names ? ` ${r.type === SERVICE_ACCOUNT ? String(r.inputs.name) : credentialNameOf(r)}` : ""}`,
        );
    };
    const remove = (r: ModelResource) => {
        const names = store(r);
        const workspace = String(r.inputs.workspaceId);
        if (names !== undefined) {
            names.get(workspace)?.delete(r.type === SERVICE_ACCOUNT ? String(r.inputs.name) : credentialNameOf(r));
        }
        if (r.type === PARAMETER) outside.parameters.delete(String(r.inputs.name));
        if (r.type === SERVICE_ACCOUNT) {
            // Grafana deletes a service account's tokens with it.
            for (const [token, owner] of tokenOwner) {
                if (owner === r) outside.credentials.get(workspace)?.delete(credentialNameOf(token));
            }
        }
        if (after.get(keyOf(r)) === r) after.delete(keyOf(r));
        check(
            `delete ${r.name}${names ? ` ${r.type === SERVICE_ACCOUNT ? String(r.inputs.name) : credentialNameOf(r)}` : ""}`,
        );
    };
    // Which service account each token belongs to (by registration in the same run or state).
    const tokenOwner = new Map<ModelResource, ModelResource>();
    const ownerIn = (resources: Iterable<ModelResource>) => {
        const list = [...resources];
        const account = list.find((r) => r.type === SERVICE_ACCOUNT);
        for (const r of list) if (r.type === TOKEN && account) tokenOwner.set(r, account);
    };
    ownerIn(state.values());
    ownerIn(next);

    const targeted = (r: ModelResource) => faults.targets === undefined || faults.targets.has(r.name);
    try {
        for (const r of next) {
            const previous = state.get(keyOf(r));
            // An untargeted resource keeps its old state (step_generator.go 1735).
            if (!targeted(r)) continue;
            const dependencyReplaced =
                (r.type === TOKEN && replaced.has(SERVICE_ACCOUNT)) || (r.type === API_KEY && replaced.has(STATIC));
            if (previous === undefined) {
                if (typeof r.options.import === "string") {
                    after.set(keyOf(r), r);
                    check(`import ${r.name}`);
                    if (r.type === PARAMETER && credentialOfRun !== undefined) {
                        outside.parameters.set(String(r.inputs.name), credentialOfRun);
                        check(`update ${r.name} -> ${credentialOfRun}`);
                    }
                    continue;
                }
                create(r);
                if (r.type === PARAMETER && credentialOfRun !== undefined) {
                    outside.parameters.set(String(r.inputs.name), credentialOfRun);
                    check(`write ${r.name} -> ${credentialOfRun}`);
                }
                continue;
            }
            const triggerChanged =
                triggerOf(previous) != null && triggerOf(r) != null && !same(triggerOf(previous), triggerOf(r));
            const forced = (FORCE_NEW[r.type] ?? []).some((input) => !same(previous.inputs[input], r.inputs[input]));
            const onChanges = ((r.options.replaceOnChanges as string[] | undefined) ?? []).some(
                (input) => !same(previous.inputs[input], r.inputs[input]),
            );
            if (triggerChanged || forced || onChanges || dependencyReplaced) {
                replaced.add(r.type);
                // The goal's option when set, else the provider's request (step_generator.go 2043-2046).
                const deleteFirst =
                    typeof r.options.deleteBeforeReplace === "boolean"
                        ? r.options.deleteBeforeReplace
                        : (faults.providerDeleteFirst ?? PROVIDER_DELETE_FIRST).has(r.type);
                if (deleteFirst) {
                    remove(previous);
                    create(r);
                } else {
                    create(r);
                    pendingDeletes.push(previous);
                }
                continue;
            }
            if (r.type === PARAMETER && credentialOfRun !== undefined) {
                if (faults.failOn?.has(r.name) === true) throw new Error(`update ${r.name} failed`);
                outside.parameters.set(String(r.inputs.name), credentialOfRun);
                after.set(keyOf(r), r);
                check(`update ${r.name} -> ${credentialOfRun}`);
                continue;
            }
            if (r.type === PARAMETER) {
                // Its value is the key of the credential in the state (one a failed run created).
                const current = [...after.values()].find((c) => c.type === TOKEN || c.type === API_KEY);
                const path = String(r.inputs.name);
                if (current !== undefined && outside.parameters.get(path) !== credentialNameOf(current)) {
                    if (faults.failOn?.has(r.name) === true) throw new Error(`update ${r.name} failed`);
                    outside.parameters.set(path, credentialNameOf(current));
                    after.set(keyOf(r), r);
                    check(`update ${r.name} -> ${credentialNameOf(current)}`);
                    continue;
                }
            }
            after.set(keyOf(r), r.type === TOKEN || r.type === API_KEY ? previous : r);
            if (!same(previous.inputs, r.inputs)) check(`update ${r.name}`);
        }
        const registered = new Set(next.map(keyOf));
        for (const r of state.values()) {
            // Under --target, what is not targeted is not deleted either.
            if (!registered.has(keyOf(r)) && targeted(r)) pendingDeletes.push(r);
        }
        // What a failed run left pending deletion is deleted with the rest, at the end.
        for (const r of [...(faults.pendingDeletes ?? []), ...pendingDeletes.reverse()]) remove(r);
    } catch (error) {
        // The replaced resources' old copies stay pending deletion (step.go 468-472), with what an
        // earlier failed run left.
        return {
            steps,
            invalidParameter,
            failure: (error as Error).message,
            state: after,
            pendingDeletes: [...(faults.pendingDeletes ?? []), ...pendingDeletes],
        };
    }
    return { steps, invalidParameter, state: after, pendingDeletes: [] };
}
