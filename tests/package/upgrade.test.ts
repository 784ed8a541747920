/**
 * The upgrade check: plans `examples/` and an Atmos fixture stack offline and compares every resource
 * with the reviewed baseline of the previous release (`api/upgrade-baseline.json`); a resource this
 * version would replace or delete fails the test unless a pending changeset (`.changeset/*.md`) lists it
 * on a line of its own: `replaces: <resource>` or `deletes: <resource>`, in the entry that says why.
 *
 * A resource is replaced when an input its provider marks ForceNew changes, or its replacementTrigger,
 * or an input of its replaceOnChanges (pulumi/pulumi pkg/resource/deploy/step_generator.go). ForceNew
 * inputs, read from terraform-provider-aws (internal/service/...): events/rule.go `name`, `name_prefix`,
 * `event_bus_name`; events/target.go `rule`, `target_id`, `event_bus_name`; logs/group.go `name`,
 * `name_prefix`, `log_group_class`; logs/resource_policy.go `policy_name`, `resource_arn`;
 * ssm/parameter.go `name`, `data_type`; the Grafana resources as tests/helpers/engineModel.ts cites;
 * time's Static its `triggers`; and `region` on every AWS resource (a resource of another region is
 * another resource). Resources are named `<stack>::<parent>::<type>::<name>`.
 *
 * At a release (or after a reviewed change): UPDATE_UPGRADE_BASELINE=1 npx mocha tests/package/upgrade.test.ts
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { synth, type PlannedResource } from "../../program/synth";
import { loadStackSource } from "../../stack";

const ROOT = path.join(__dirname, "..", "..");
const BASELINE = path.join(ROOT, "api", "upgrade-baseline.json");
const CHANGESETS = path.join(ROOT, ".changeset");

/** The resources the pending changesets say this version replaces or deletes. */
export function listedInChangesets(texts: readonly string[]): {
    replaced: Record<string, string>;
    deleted: Record<string, string>;
} {
    const replaced: Record<string, string> = {};
    const deleted: Record<string, string> = {};
    for (const text of texts) {
        for (const match of text.matchAll(/^(replaces|deletes): (.+?)\s*$/gm)) {
            (match[1] === "replaces" ? replaced : deleted)[match[2]] = "listed";
        }
    }
    return { replaced, deleted };
}

/** Inputs whose change replaces the resource, by type (see the file's opening comment). */
const FORCE_NEW: Readonly<Record<string, readonly string[]>> = {
    "aws:cloudwatch/eventRule:EventRule": ["name", "namePrefix", "eventBusName", "region"],
    "aws:cloudwatch/eventTarget:EventTarget": ["rule", "targetId", "eventBusName", "region"],
    "aws:cloudwatch/logGroup:LogGroup": ["name", "namePrefix", "logGroupClass", "region"],
    "aws:cloudwatch/logResourcePolicy:LogResourcePolicy": ["policyName", "resourceArn", "region"],
    "aws:ssm/parameter:Parameter": ["name", "dataType", "region"],
    "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount": ["name", "grafanaRole", "workspaceId", "region"],
    "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken": [
        "name",
        "secondsToLive",
        "serviceAccountId",
        "workspaceId",
        "region",
    ],
    "aws:grafana/workspaceApiKey:WorkspaceApiKey": ["keyName", "keyRole", "workspaceId", "region"],
    "time:index/static:Static": ["triggers"],
};

/** What decides whether a resource is replaced: its ForceNew inputs and its replacement options. */
type Identity = Record<string, unknown>;

function identityOf(resource: PlannedResource): Identity {
    const identity: Identity = {};
    for (const input of FORCE_NEW[resource.type] ?? []) {
        if (resource.inputs[input] !== undefined) identity[input] = resource.inputs[input];
    }
    const options = resource.options ?? {};
    if (options.replacementTrigger !== undefined) identity.replacementTrigger = options.replacementTrigger;
    for (const input of options.replaceOnChanges ?? []) identity[`replaceOnChanges.${input}`] = resource.inputs[input];
    return identity;
}

/** The stacks planned, by a name of their own, and how to plan each. */
const STACKS: readonly (readonly [string, () => ReturnType<typeof synth>])[] = [
    ["examples/stack.yaml", () => synth(path.join(ROOT, "examples", "stack.yaml"))],
    [
        "atmos acme-ue2-dev",
        () => {
            const dir = path.join(ROOT, "tests", "fixtures", "atmos", "repo");
            const loaded = loadStackSource({ atmosStack: "acme-ue2-dev", atmosDir: dir }, { userDir: ROOT });
            return synth(loaded.file, { loaded });
        },
    ],
];

async function currentPlan(): Promise<Record<string, Identity>> {
    const plan: Record<string, Identity> = {};
    for (const [stack, run] of STACKS) {
        for (const resource of (await run()).resources) {
            if (resource.type === "pulumi:pulumi:StackReference") continue;
            plan[`${stack}::${resource.parent ?? ""}::${resource.type}::${resource.name}`] = identityOf(resource);
        }
    }
    return plan;
}

/** The replacements and deletions of `current` against `baseline`, each not listed in `listed`. */
export function unlistedChanges(
    baseline: Readonly<Record<string, Identity>>,
    current: Readonly<Record<string, Identity>>,
    listed: { readonly replaced?: Record<string, string>; readonly deleted?: Record<string, string> },
): string[] {
    const found: string[] = [];
    for (const [key, before] of Object.entries(baseline)) {
        const after = Object.prototype.hasOwnProperty.call(current, key) ? current[key] : undefined;
        if (after === undefined) {
            if (listed.deleted?.[key] === undefined) found.push(`deleted: ${key}`);
        } else if (JSON.stringify(before) !== JSON.stringify(after)) {
            if (listed.replaced?.[key] === undefined)
                found.push(`replaced: ${key}: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
        }
    }
    return found;
}

describe("upgrade check: no replacement or deletion that the changeset does not list", () => {
    it("the comparison finds a replacement and a deletion, and accepts what is listed", () => {
        const baseline = { a: { name: "x" }, b: { name: "y" }, c: { name: "z" } };
        const current = { a: { name: "x" }, b: { name: "y2" }, d: { name: "new" } };
        assert.deepEqual(unlistedChanges(baseline, current, {}), [
            'replaced: b: {"name":"y"} -> {"name":"y2"}',
            "deleted: c",
        ]);
        const listed = listedInChangesets(["---\n---\n\nRenames b.\n\nreplaces: b\ndeletes: c\n", "no list here"]);
        assert.deepEqual(listed, { replaced: { b: "listed" }, deleted: { c: "listed" } });
        assert.deepEqual(unlistedChanges(baseline, current, listed), []);
    });

    it("plans examples/ and the fixture with this version against the reviewed baseline", async function () {
        this.timeout(120_000);
        const current = await currentPlan();
        if (process.env.UPDATE_UPGRADE_BASELINE === "1") {
            fs.writeFileSync(BASELINE, JSON.stringify(current, null, 2) + "\n");
            return;
        }
        const baseline = JSON.parse(fs.readFileSync(BASELINE, "utf8")) as Record<string, Identity>;
        const listed = listedInChangesets(
            fs
                .readdirSync(CHANGESETS)
                .filter((file) => file.endsWith(".md"))
                .map((file) => fs.readFileSync(path.join(CHANGESETS, file), "utf8")),
        );
        const found = unlistedChanges(baseline, current, listed);
        assert.deepEqual(
            found,
            [],
            "this version would replace or delete resources of a deployed stack; list each in the changeset that " +
                "says why (a line `replaces: <resource>` or `deletes: <resource>`); at release, refresh the baseline with " +
                "UPDATE_UPGRADE_BASELINE=1 npx mocha tests/package/upgrade.test.ts:\n" +
                found.join("\n"),
        );
    });
});
