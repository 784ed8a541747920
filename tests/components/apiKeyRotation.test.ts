/**
 * The credential lifecycle over several `pulumi up` runs (issue 19): the registrations of
 * `managed-dashboards/api-key` under the mocks at each run's time, played through the model of the
 * engine, Grafana's name store and SSM in tests/helpers/engineModel.ts. Each sequence checks that no
 * run fails on a duplicate name and that the SSM parameter never holds a credential Grafana no
 * longer has; the current release's registrations (token named like the label id, delete-first)
 * are played through the same model as a control, which shows both failures.
 */
import * as assert from "node:assert/strict";
import * as path from "node:path";
import type { DashboardsApiKeyArgs } from "../../components/apiKey";
import { installMocks, type MockOptions } from "../../program/mocks";
import {
    deleteServiceAccountsOutside,
    modelResources,
    refresh,
    up,
    world,
    type ModelResource,
    type World,
} from "../helpers/engineModel";

const ID = "eg-ue2-prod-grafana";
const WORKSPACE = "g-aaaaaaaaaa";
const BASE: DashboardsApiKeyArgs = {
    region: "us-east-2",
    namespace: "eg",
    environment: "ue2",
    stage: "prod",
    name: "grafana",
    workspaceId: WORKSPACE,
};
const API_KEY: DashboardsApiKeyArgs = { ...BASE, credentialType: "api-key" };
const PATH = `/dashboards/${ID}/api_key`;
/** 2026-01-01 is in the default window that starts 2025-12-23; the next starts 2026-01-07. */
const FIRST = "2026-01-01T00:00:00Z";
const SAME_WINDOW = "2026-01-06T23:59:00Z";
const NEXT_WINDOW = "2026-01-07T00:00:00Z";

/** What the component registers at `now`, as the model keeps it. */
async function plan(args: DashboardsApiKeyArgs, now: string, options: MockOptions = {}): Promise<ModelResource[]> {
    const mocks = await installMocks({
        organization: "acme",
        project: "dashboards",
        stack: "ue2-prod",
        now,
        ...options,
    });
    const { DashboardsApiKey } = await import("../../components/apiKey");
    new DashboardsApiKey("grafana-key", args);
    await mocks.settle();
    return modelResources(mocks.resources);
}

/**
 * What the current release (before issue 19) registered: every credential named by the label id,
 * the token and the service account replaced delete-first, the trigger the window start as text.
 */
function currentRelease(kind: "token" | "api-key", window = "2025-12-23T00:00:00Z"): ModelResource[] {
    const common = { workspaceId: WORKSPACE, region: "us-east-2" };
    const parameter: ModelResource = {
        type: "aws:ssm/parameter:Parameter",
        name: "grafana-key-parameter",
        inputs: { name: PATH, type: "SecureString", value: "[secret]", region: "us-east-2" },
        options: {},
    };
    if (kind === "token") {
        return [
            {
                type: "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount",
                name: "grafana-key-service-account",
                inputs: { name: ID, grafanaRole: "ADMIN", ...common },
                options: { deleteBeforeReplace: true },
            },
            {
                type: "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken",
                name: "grafana-key-token",
                inputs: { name: ID, secondsToLive: 2592000, serviceAccountId: "1", ...common },
                options: { replacementTrigger: window, deleteBeforeReplace: true, replaceOnChanges: ["secondsToLive"] },
            },
            parameter,
        ];
    }
    return [
        {
            type: "time:index/static:Static",
            name: "grafana-key-issued",
            inputs: { triggers: { window, minutesToLive: "43200", keyName: ID, keyRole: "ADMIN", ...common } },
            options: {},
        },
        {
            type: "aws:grafana/workspaceApiKey:WorkspaceApiKey",
            name: "grafana-key-key",
            inputs: { keyName: ID, keyRole: "ADMIN", secondsToLive: 2592000, ...common },
            options: {
                replacementTrigger: `${window} 2026-01-01T00:00:00Z`,
                deleteBeforeReplace: true,
                replaceOnChanges: ["secondsToLive"],
            },
        },
        parameter,
    ];
}

/** The first deployment of `resources` into `outside`; fails the test if it does not succeed cleanly. */
function deployed(resources: readonly ModelResource[], outside: World = world()) {
    const run = up(new Map(), resources, outside);
    assert.equal(run.failure, undefined);
    assert.deepEqual(run.invalidParameter, []);
    return { state: run.state, outside };
}

/** The names Grafana holds for the workspace. */
const live = (outside: World) => [...(outside.credentials.get(WORKSPACE) ?? [])].sort();

describe("credential lifecycle over several runs (create-first, one name per window)", () => {
    it("a run in the same window changes nothing", async () => {
        const { state, outside } = deployed(await plan(BASE, FIRST));
        const run = up(state, await plan(BASE, SAME_WINDOW), outside);
        assert.deepEqual([run.steps, run.failure], [[], undefined]);
    });

    for (const [title, args, credential] of [
        ["a token", BASE, "grafana-key-token"],
        ["an API key", API_KEY, "grafana-key-key"],
    ] as const) {
        it(`a window change with ${title}: the new one is created beside the old, SSM updated, then the old deleted`, async () => {
            const first = await plan(args, FIRST);
            const { state, outside } = deployed(first);
            const [oldName] = live(outside);
            const run = up(state, await plan(args, NEXT_WINDOW), outside);
            assert.equal(run.failure, undefined);
            assert.deepEqual(run.invalidParameter, []);
            const created = run.steps.findIndex((s) => s.startsWith(`create ${credential} `));
            const updated = run.steps.findIndex((s) => s.startsWith("update grafana-key-parameter -> "));
            const deleted = run.steps.findIndex((s) => s === `delete ${credential} ${oldName}`);
            assert.ok(created >= 0 && created < updated && updated < deleted, run.steps.join("\n"));
            const newName = run.steps[created].split(" ")[2];
            assert.match(newName, /^eg-ue2-prod-grafana-20260107T000000Z-[0-9a-f]{4}$/);
            assert.notEqual(newName, oldName);
            assert.equal(run.steps[updated], `update grafana-key-parameter -> ${newName}`);
            assert.deepEqual(live(outside), [newName]);
            assert.equal(outside.parameters.get(PATH), newName);
        });
    }

    it("a token's window change, step by step", async () => {
        const { state, outside } = deployed(await plan(BASE, FIRST));
        const run = up(state, await plan(BASE, NEXT_WINDOW), outside);
        // The service account is the window's too (issue 32: one deleted outside Pulumi heals at the next window).
        assert.deepEqual(run.steps, [
            "create grafana-key-service-account eg-ue2-prod-grafana-admin-20260107T000000Z",
            "create grafana-key-token eg-ue2-prod-grafana-20260107T000000Z-6e68",
            "update grafana-key-parameter -> eg-ue2-prod-grafana-20260107T000000Z-6e68",
            "delete grafana-key-token eg-ue2-prod-grafana-20251223T000000Z-6e68",
            "delete grafana-key-service-account eg-ue2-prod-grafana-admin-20251223T000000Z",
        ]);
    });

    it("switching credential_type from api-key to service-account-token in one window", async () => {
        const { state, outside } = deployed(await plan(API_KEY, FIRST));
        const run = up(state, await plan(BASE, SAME_WINDOW), outside);
        assert.equal(run.failure, undefined);
        assert.deepEqual(run.invalidParameter, []);
        assert.deepEqual(run.steps, [
            "create grafana-key-service-account eg-ue2-prod-grafana-admin-20251223T000000Z",
            "create grafana-key-token eg-ue2-prod-grafana-20251223T000000Z-6e68",
            "update grafana-key-parameter -> eg-ue2-prod-grafana-20251223T000000Z-6e68",
            "delete grafana-key-key eg-ue2-prod-grafana-20251223T000000Z-c90c",
            "delete grafana-key-issued",
        ]);
    });

    it("and back, from service-account-token to api-key", async () => {
        const { state, outside } = deployed(await plan(BASE, FIRST));
        const run = up(state, await plan(API_KEY, SAME_WINDOW), outside);
        assert.deepEqual([run.failure, run.invalidParameter], [undefined, []]);
        assert.deepEqual(live(outside), ["eg-ue2-prod-grafana-20251223T000000Z-c90c"]);
    });

    for (const [title, change] of [
        ["a role change (a new service account beside the old)", { keyRole: "VIEWER" }],
        ["a lifetime change", { minutesToLive: 30000 }],
    ] as const) {
        it(`${title} within a window is created first too`, async () => {
            const { state, outside } = deployed(await plan(BASE, FIRST));
            const run = up(state, await plan({ ...BASE, ...change }, SAME_WINDOW), outside);
            assert.deepEqual([run.failure, run.invalidParameter], [undefined, []]);
            assert.equal(live(outside).length, 1);
            assert.ok(run.steps.at(-1)?.startsWith("delete "), run.steps.join("\n"));
        });
    }

    for (const kind of ["token", "api-key"] as const) {
        it(`upgrading this package from the current release (${kind}): no duplicate name, SSM always valid`, async () => {
            const { state, outside } = deployed(currentRelease(kind));
            assert.deepEqual(live(outside), [ID]);
            const run = up(state, await plan(kind === "token" ? BASE : API_KEY, FIRST), outside);
            assert.equal(run.failure, undefined);
            assert.deepEqual(run.invalidParameter, []);
            // The first run replaces the credential once (its name gains the window), create-first.
            assert.deepEqual(live(outside), [
                kind === "token"
                    ? "eg-ue2-prod-grafana-20251223T000000Z-6e68"
                    : "eg-ue2-prod-grafana-20251223T000000Z-c90c",
            ]);
            const newCredential = run.steps.findIndex((s) => /^create grafana-key-(token|key) /.test(s));
            const oldDeleted = run.steps.findIndex((s) => s.endsWith(` ${ID}`) && s.startsWith("delete "));
            assert.ok(newCredential >= 0 && newCredential < oldDeleted, run.steps.join("\n"));
        });
    }

    describe("the current release's registrations, through the same model (the control: N1 and N2)", () => {
        it("N2: its window change deletes the token first, so SSM holds a deleted key", () => {
            const { state, outside } = deployed(currentRelease("token"));
            const run = up(state, currentRelease("token", "2026-01-07T00:00:00Z"), outside);
            assert.equal(run.failure, undefined);
            assert.deepEqual(run.invalidParameter, [
                `delete grafana-key-token ${ID} (${PATH} holds ${ID})`,
                // The new token has the old one's name: SSM's value is valid again once it is created.
            ]);
        });

        it("N1: its switch from api-key to a token fails on the duplicate name", () => {
            const { state, outside } = deployed(currentRelease("api-key"));
            const run = up(state, currentRelease("token"), outside);
            assert.equal(
                run.failure,
                `create grafana-key-token failed: Grafana refuses the duplicate name ${ID} in ${WORKSPACE}`,
            );
        });
    });

    describe("migrating from Terraform (MIGRATING.md's flow: adopt the SSM parameter, a new credential)", () => {
        const TF_PATH = `/grafana/${ID}/api_key`;
        /** Terraform's key (named like the label id), and the parameter holding it. */
        const terraform = () => world({ credentials: { [WORKSPACE]: [ID] }, parameters: { [TF_PATH]: ID } });
        const adopting = { adoptExisting: true, ssmPathFormatApiKey: "/grafana/%s/api_key" } as const;

        for (const [title, args] of [
            ["the default credential type (service-account-token)", { ...BASE, ...adopting }],
            ["api-key, with the old key still alive (no need to delete it first)", { ...API_KEY, ...adopting }],
        ] as const) {
            it(title, async () => {
                const outside = terraform();
                const resources = await plan(args, FIRST);
                assert.equal(
                    resources.find((r) => r.type === "aws:ssm/parameter:Parameter")?.options.import,
                    `${TF_PATH}@us-east-2`,
                );
                const run = up(new Map(), resources, outside);
                assert.equal(run.failure, undefined);
                assert.deepEqual(run.invalidParameter, []);
                assert.ok(run.steps.includes("import grafana-key-parameter"), run.steps.join("\n"));
                // Terraform's key keeps working until it is deleted (MIGRATING.md step 7); SSM holds the new one.
                assert.ok(live(outside).includes(ID));
                assert.notEqual(outside.parameters.get(TF_PATH), ID);
                assert.equal(live(outside).length, 2);
            });
        }

        it("the same with the key migrated to a service account by Grafana (its token keeps the key's name)", async () => {
            const outside = world({
                credentials: { [WORKSPACE]: [ID] },
                serviceAccounts: { [WORKSPACE]: [`sa-autogen-${ID}`] },
                parameters: { [TF_PATH]: ID },
            });
            const run = up(new Map(), await plan({ ...BASE, ...adopting }, FIRST), outside);
            assert.deepEqual([run.failure, run.invalidParameter], [undefined, []]);
        });

        it("then a rotation, once adopted", async () => {
            const outside = terraform();
            const first = up(new Map(), await plan({ ...BASE, ...adopting }, FIRST), outside);
            const run = up(
                first.state,
                await plan({ ...BASE, ssmPathFormatApiKey: "/grafana/%s/api_key" }, NEXT_WINDOW),
                outside,
            );
            assert.deepEqual([run.failure, run.invalidParameter], [undefined, []]);
        });
    });
});

describe("N3: clearing kms_key_id sends alias/aws/ssm, so the parameter moves back to the default key", () => {
    it("the parameter's keyId with a key, then without", async () => {
        const keyIdOf = async (args: DashboardsApiKeyArgs) =>
            (await plan(args, FIRST)).find((r) => r.type === "aws:ssm/parameter:Parameter")?.inputs.keyId;
        assert.deepEqual(
            [
                await keyIdOf({ ...BASE, kmsKeyId: "alias/dashboards" }),
                await keyIdOf(BASE),
                await keyIdOf({ ...BASE, kmsKeyId: "" }),
            ],
            ["alias/dashboards", "alias/aws/ssm", "alias/aws/ssm"],
        );
        const { state, outside } = deployed(await plan({ ...BASE, kmsKeyId: "alias/dashboards" }, FIRST));
        assert.deepEqual(up(state, await plan(BASE, SAME_WINDOW), outside).steps, ["update grafana-key-parameter"]);
    });
});

describe("the offline plan of the bundled example shows the rotation (issue 19's done-when)", () => {
    it("a token not named like the label id, a replacementTrigger and create-first pinned; the readable plan's rotation line", async () => {
        const { synth } = await import("../../program/synth");
        const { planToText } = await import("../../program/plan");
        const result = await synth(path.join(__dirname, "..", "..", "examples", "stack.yaml"));
        const token = result.resources.find(
            (r) => r.type === "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken",
        );
        assert.ok(token);
        // The stack program names a token after the run that creates it (issue 32): here synth's --now.
        assert.equal(token.inputs.name, "eg-ue2-prod-20260101T000000Z-6e68");
        assert.deepEqual(token.options, {
            replacementTrigger: { windowStart: "2025-12-23T00:00:00Z", rotationMinutes: 21600 },
            deleteBeforeReplace: false,
            replaceOnChanges: ["secondsToLive"],
        });
        assert.equal(
            result.resources.some((r) => r.options?.deleteBeforeReplace === true),
            false,
        );
        const text = planToText(result);
        assert.match(
            text,
            /\n {10}rotates: next window starts 2026-01-07T00:00:00Z \(every 21600 min; expires 2026-01-31T00:00:00Z\)\n/,
        );
        assert.match(
            text,
            /\n {10}options:\n {14}replacementTrigger: \{"rotationMinutes":21600,"windowStart":"2025-12-23T00:00:00Z"\}\n/,
        );
        // The key itself never appears.
        assert.doesNotMatch(JSON.stringify(result), /eyJrIjoi/);
    });
});

/**
 * What the stack program registers at `now` and the outputs it exports for the instance (through the
 * api-key kit, as program/deploy.ts does), given the outputs of its last successful deployment.
 */
async function planStack(
    now: string,
    lastDeployment: Record<string, unknown>,
): Promise<{ resources: ModelResource[]; outputs: Record<string, unknown> }> {
    const mocks = await installMocks({ organization: "acme", project: "dashboards", stack: "ue2-prod", now });
    const { API_KEY_KIT } = await import("../../components/apiKey/kit");
    const exported = API_KEY_KIT.prepare("grafana-key", { ...BASE }).create({}, lastDeployment);
    await mocks.settle();
    const values: Record<string, unknown> = {};
    for (const [key, output] of Object.entries(exported)) {
        values[key] = await new Promise((resolve) => (output ? output.apply(resolve) : resolve(undefined)));
    }
    return { resources: modelResources(mocks.resources), outputs: { "grafana-key": values } };
}

describe("rotation heals (issue 32, item 4)", () => {
    it("a half-created token (stack program): the retry takes a name of its own run, and SSM gets a working key", async () => {
        const first = await planStack(FIRST, {});
        const { state, outside } = deployed(first.resources);
        const oldKey = outside.parameters.get(PATH);
        // The next window's run: Grafana creates the token, then the provider's list fails, so the
        // state and the stack's outputs stay as they were (a failed run exports nothing new).
        const failed = up(state, (await planStack("2026-01-07T06:00:00Z", first.outputs)).resources, outside, {
            halfCreate: true,
        });
        assert.match(failed.failure ?? "", /failed after Grafana created/);
        const orphan = failed.steps[failed.steps.length - 1].split(" ")[2];
        assert.equal(outside.parameters.get(PATH), oldKey); // the old key, still live
        // The retry, an hour later, from the same outputs: today it asks again for the window's name
        // and fails on the duplicate; now it takes its own run's time.
        const retry = await planStack("2026-01-07T07:00:00Z", first.outputs);
        const run = up(failed.state, retry.resources, outside);
        assert.equal(run.failure, undefined, run.steps.join("\n"));
        assert.deepEqual(run.invalidParameter, []);
        assert.equal(oldKey, "eg-ue2-prod-grafana-20260101T000000Z-6e68"); // the first deployment's run
        assert.equal(orphan, "eg-ue2-prod-grafana-20260107T060000Z-6e68");
        const healed = "eg-ue2-prod-grafana-20260107T070000Z-6e68";
        assert.equal(outside.parameters.get(PATH), healed);
        assert.deepEqual(live(outside), [orphan, healed]); // the orphan expires after its 30 days
        assert.equal((retry.outputs["grafana-key"] as Record<string, unknown>).credential_name, healed);
        // A later run in the window keeps the stored token: nothing changes.
        const later = up(run.state, (await planStack("2026-01-08T00:00:00Z", retry.outputs)).resources, outside);
        assert.deepEqual([later.steps, later.failure], [[], undefined]);
    });

    it("a half-created token at the first deployment (stack program): the retry succeeds", async () => {
        const outside = world();
        const failed = up(new Map(), (await planStack(FIRST, {})).resources, outside, { halfCreate: true });
        assert.match(failed.failure ?? "", /failed after Grafana created/);
        assert.equal(outside.parameters.get(PATH), undefined); // nothing stored yet
        // The retry: still no outputs (the first run failed), a name of its own run.
        const run = up(failed.state, (await planStack("2026-01-01T00:10:00Z", {})).resources, outside);
        assert.equal(run.failure, undefined, run.steps.join("\n"));
        assert.equal(outside.parameters.get(PATH), "eg-ue2-prod-grafana-20260101T001000Z-6e68");
        assert.deepEqual(live(outside), ["eg-ue2-prod-grafana-20260101T000000Z-6e68", outside.parameters.get(PATH)]);
        assert.deepEqual(run.invalidParameter, []);
    });

    it("a service account deleted outside Pulumi, within the window: pulumi refresh, then pulumi up, as the docs say", async () => {
        const { state, outside } = deployed(await plan(BASE, FIRST));
        const oldKey = outside.parameters.get(PATH);
        deleteServiceAccountsOutside(state, outside);
        const refreshed = refresh(state, outside);
        assert.deepEqual(
            [...refreshed.values()].map((r) => r.name),
            ["grafana-key-parameter"],
        );
        // The same names again: the old account and token are gone, so Grafana holds neither.
        const run = up(refreshed, await plan(BASE, SAME_WINDOW), outside);
        assert.equal(run.failure, undefined, run.steps.join("\n"));
        assert.equal(outside.parameters.get(PATH), oldKey);
        assert.deepEqual(live(outside), [oldKey]);
    });

    it("upgrading from the release that kept the service account (same window): no duplicate name", async () => {
        // That release's registrations: the account named <id>-<role>, the token by the window with the
        // digest of type, role and lifetime alone (credentialName before issue 32).
        const previous = (await plan(BASE, FIRST)).map((r) =>
            r.type === "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount"
                ? { ...r, inputs: { ...r.inputs, name: "eg-ue2-prod-grafana-admin" } }
                : r.type === "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken"
                  ? { ...r, inputs: { ...r.inputs, name: "eg-ue2-prod-grafana-20251223T000000Z-fd6c" } }
                  : r,
        );
        const { state, outside } = deployed(previous);
        // The account's new name replaces it, and the token with it (its account changed), created first.
        const run = up(state, await plan(BASE, SAME_WINDOW), outside);
        assert.equal(run.failure, undefined, run.steps.join("\n"));
        assert.deepEqual(run.invalidParameter, []);
        const stored = outside.parameters.get(PATH);
        assert.notEqual(stored, "eg-ue2-prod-grafana-20251223T000000Z-fd6c");
        assert.deepEqual(live(outside), [stored]);
    });

    it("a service account deleted outside Pulumi: the next window's run makes a new one and a working key", async () => {
        const { state, outside } = deployed(await plan(BASE, FIRST));
        // Deleted in the console: Grafana deletes its token with it, SSM keeps the dead token.
        deleteServiceAccountsOutside(state, outside);
        assert.deepEqual(live(outside), []);
        const sameWindow = up(state, await plan(BASE, SAME_WINDOW), outside);
        assert.deepEqual([sameWindow.steps, sameWindow.failure], [[], undefined]);
        // Today the account keeps its name, so the window's new token is asked of a missing account
        // (ResourceNotFoundException); now the account is the window's too, and is replaced first.
        const run = up(sameWindow.state, await plan(BASE, NEXT_WINDOW), outside);
        assert.equal(run.failure, undefined, run.steps.join("\n"));
        assert.deepEqual(run.steps, [
            "create grafana-key-service-account eg-ue2-prod-grafana-admin-20260107T000000Z",
            "create grafana-key-token eg-ue2-prod-grafana-20260107T000000Z-6e68",
            "update grafana-key-parameter -> eg-ue2-prod-grafana-20260107T000000Z-6e68",
            // Both gone already: the provider's Delete ignores ResourceNotFoundException.
            "delete grafana-key-token eg-ue2-prod-grafana-20251223T000000Z-6e68",
            "delete grafana-key-service-account eg-ue2-prod-grafana-admin-20251223T000000Z",
        ]);
        assert.deepEqual(live(outside), ["eg-ue2-prod-grafana-20260107T000000Z-6e68"]);
        assert.equal(outside.parameters.get(PATH), "eg-ue2-prod-grafana-20260107T000000Z-6e68");
    });

    it("resolved.serviceAccountName is the base of each window's account name, not an account's name", async () => {
        const names: string[] = [];
        for (const now of [FIRST, NEXT_WINDOW]) {
            const mocks = await installMocks({ organization: "acme", project: "dashboards", stack: "ue2-prod", now });
            const { DashboardsApiKey } = await import("../../components/apiKey");
            const key = new DashboardsApiKey("grafana-key", BASE);
            await mocks.settle();
            assert.equal(key.resolved.serviceAccountName, "eg-ue2-prod-grafana-admin");
            const account = mocks.resources.filter(
                (r) => r.type === "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount",
            );
            assert.equal(account.length, 1);
            names.push(String(account[0].inputs.name));
        }
        // The window starts (rotation windows counted from the epoch) follow the base.
        assert.deepEqual(names, [
            "eg-ue2-prod-grafana-admin-20251223T000000Z",
            "eg-ue2-prod-grafana-admin-20260107T000000Z",
        ]);
    });
});

describe("the engine's rules in the model (issue 38): provider delete-first, failed runs, --target", () => {
    const SERVICE_ACCOUNT = "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount";
    const TOKEN = "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken";
    const PARAMETER = "aws:ssm/parameter:Parameter";
    const withoutPin = (resources: readonly ModelResource[]) =>
        resources.map((r) => {
            const { deleteBeforeReplace: _pin, ...options } = r.options;
            void _pin;
            return { ...r, options };
        });

    it("create-first is pinned: a bridge asking delete-first for the Grafana resources (#823, #930) changes nothing", async () => {
        // The goal's deleteBeforeReplace overrides the provider's (pulumi/pulumi step_generator.go 2043-2046).
        const providerDeleteFirst = new Set([SERVICE_ACCOUNT, TOKEN, PARAMETER]);
        const { state, outside } = deployed(await plan(BASE, FIRST));
        const next = await plan(BASE, NEXT_WINDOW);
        const pinned = up(state, next, outside, { providerDeleteFirst });
        assert.equal(pinned.failure, undefined);
        assert.deepEqual(pinned.invalidParameter, []);
        // Without the pin, that provider would delete the old account (and its token) first: SSM holds a dead key.
        const again = deployed(await plan(BASE, FIRST));
        const unpinned = up(again.state, withoutPin(next), again.outside, { providerDeleteFirst });
        assert.notDeepEqual(unpinned.invalidParameter, []);
    });

    it("the provider's delete-first for a hand-named SSM parameter: a path move deletes the old path before the new exists", async () => {
        // pulumi-terraform-bridge pkg/tfbridge/provider.go 1275-1276 (the parameter's name is set by hand).
        const { state, outside } = deployed(await plan(BASE, FIRST));
        const moved = await plan({ ...BASE, ssmPathFormatApiKey: "/moved/%s/api_key" }, SAME_WINDOW);
        const run = up(state, moved, outside);
        const steps = run.steps.filter((step) => step.includes("grafana-key-parameter"));
        assert.deepEqual(steps, ["delete grafana-key-parameter", "create grafana-key-parameter"]);
    });

    it("a failed run keeps the replaced credential pending deletion; the next successful run deletes it after SSM moves", async () => {
        // step.go 468-472 marks the old copy once its replacement is created; deletes run only after the
        // program finished without error (deployment_executor.go 326-331).
        const { state, outside } = deployed(await plan(API_KEY, FIRST));
        const next = await plan(API_KEY, NEXT_WINDOW);
        const failed = up(state, next, outside, { failOn: new Set(["grafana-key-parameter"]) });
        assert.match(failed.failure ?? "", /update grafana-key-parameter failed/);
        assert.deepEqual(
            failed.pendingDeletes.map((r) => r.name),
            ["grafana-key-issued", "grafana-key-key"],
        );
        assert.deepEqual(failed.invalidParameter, []);
        const oldKey = outside.parameters.get(PATH);
        assert.equal(live(outside).includes(oldKey ?? ""), true, "SSM still holds the old key, still live");
        const healed = up(failed.state, next, outside, { pendingDeletes: failed.pendingDeletes });
        assert.equal(healed.failure, undefined);
        assert.deepEqual(healed.invalidParameter, []);
        const updated = healed.steps.findIndex((step) => step.startsWith("update grafana-key-parameter ->"));
        const deleted = healed.steps.findIndex((step) => step.startsWith("delete grafana-key-key"));
        assert.ok(updated >= 0 && deleted > updated, healed.steps.join("\n"));
        assert.deepEqual(live(outside), [outside.parameters.get(PATH)]);
    });

    it("--target on the credential alone leaves SSM on a deleted key until a full run; with its dependents it does not", async () => {
        // Untargeted resources keep their old state (step_generator.go 1735); the targeted replacement's
        // old copy is deleted at the end: the documented gap (docs/lifecycle.md).
        const next = await plan(API_KEY, NEXT_WINDOW);
        const first = deployed(await plan(API_KEY, FIRST));
        const alone = up(first.state, next, first.outside, {
            targets: new Set(["grafana-key-issued", "grafana-key-key"]),
        });
        assert.equal(alone.failure, undefined);
        assert.notDeepEqual(alone.invalidParameter, []);
        const full = up(alone.state, next, first.outside);
        assert.deepEqual(full.invalidParameter, []);
        assert.deepEqual(live(first.outside), [first.outside.parameters.get(PATH)]);
        const second = deployed(await plan(API_KEY, FIRST));
        const dependents = up(second.state, next, second.outside, {
            targets: new Set(["grafana-key-issued", "grafana-key-key", "grafana-key-parameter"]),
        });
        assert.deepEqual(dependents.invalidParameter, []);
    });
});
