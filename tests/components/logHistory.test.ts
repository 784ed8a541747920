/**
 * Log history over the lifecycle (issue 32): no run deletes a log group's stored events unless the
 * deployed configuration said so or the run opts in. The registrations the components and the program
 * really make (under the package's mocks) are played through a model of the engine written from its
 * sources (tests/helpers/deletionModel.ts, rules R1-R7 with their lines), run after run; every message
 * the guard prints is checked against what the model says happens, and every advice is followed as
 * printed.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import {
    ALLOW_LOG_GROUP_DELETION,
    deployedLogGroups,
    existingLogGroupMessage,
    parseInstanceList,
    renamedLogGroups,
    renameVerdict,
} from "../../components/kit/logHistory";
import { installMocks, type RecordedResource } from "../../program/mocks";
import { parseStack, type LoadedStack } from "../../stack";
import { destroy, goalsOf, LOG_GROUP, up, type Aws, type StateGroup } from "../helpers/deletionModel";
import { readOutput } from "../../program/outputs";
import { synthCommand } from "../helpers/commands";
import { lines, STACK_VARS } from "../helpers/stack";

const SELF = "organization/cloudposse-components/ue2-prod";

/** A stack file with one eventbridge instance `eventbridge/ecs` and the given vars. */
const stackWith = (vars: string): LoadedStack =>
    parseStack(
        lines(
            STACK_VARS,
            "components:",
            "  terraform:",
            "    eventbridge/ecs:",
            "      metadata: {component: eventbridge}",
            `      vars: {${vars}}`,
        ),
        "stacks/prod.yaml",
    );

/** The resolved value of every output the program exported (as `pulumi stack output --json` shows them). */
async function exported(
    outputs: Record<string, Record<string, pulumi.Output<unknown> | undefined>>,
): Promise<Record<string, Record<string, unknown>>> {
    const result: Record<string, Record<string, unknown>> = {};
    for (const [instance, named] of Object.entries(outputs)) {
        result[instance] = {};
        for (const [name, output] of Object.entries(named)) {
            if (output === undefined) continue;
            const read = await readOutput(output);
            if (read.known) result[instance][name] = read.value;
        }
    }
    return result;
}

/** One `pulumi up` of the stack program: its guard's verdict and registrations, given the last deployment. */
async function programRun(
    stack: LoadedStack,
    last: Record<string, unknown>,
    aws: Aws,
    allow: string[] = [],
): Promise<{ error?: Error; warnings: string[]; registered: RecordedResource[]; outputs: Record<string, unknown> }> {
    const mocks = await installMocks({
        project: "cloudposse-components",
        stack: "ue2-prod",
        stackOutputs: { [SELF]: last },
        logGroups: Object.fromEntries([...aws.keys()].map((name) => [name, 90])),
    });
    const { deployStackGuardingRenames } = await import("../../program/renames");
    const warnings: string[] = [];
    try {
        const outputs = await deployStackGuardingRenames(stack, {
            onWarning: (message) => void warnings.push(message),
            optIns: new Map([[ALLOW_LOG_GROUP_DELETION, new Set(allow)]]),
        });
        await mocks.settle();
        return { warnings, registered: [...mocks.resources], outputs: await exported(outputs) };
    } catch (error) {
        await mocks.settle();
        return { error: error as Error, warnings, registered: [...mocks.resources], outputs: {} };
    }
}

describe("log history (issue 32)", () => {
    describe("the rules, from the last deployment's outputs", () => {
        it("reads the deployed groups: name and whether they were kept (absent: not said)", () => {
            assert.deepEqual(
                deployedLogGroups({
                    a: { logs_log_group_name: "g-a", logs_log_group_retained: true },
                    b: { logs_log_group_name: "g-b", logs_log_group_retained: false },
                    c: { logs_log_group_name: "g-c" },
                    d: { ssm_path_dashboards_api_key: "/x" },
                    e: "not an instance",
                    constructor: null,
                }),
                [
                    { instance: "a", name: "g-a", retained: true },
                    { instance: "b", name: "g-b", retained: false },
                    { instance: "c", name: "g-c", retained: undefined },
                ],
            );
        });
        it("finds the renamed groups, under the instance's name or an alias", () => {
            const deployed = [
                { instance: "a", name: "g-a", retained: true },
                { instance: "old", name: "g-old", retained: undefined },
            ];
            assert.deepEqual(
                renamedLogGroups(deployed, [
                    { instance: "a", name: "g-a2", aliases: [], retained: false },
                    { instance: "b", name: "g-b", aliases: ["old"], retained: true },
                    { instance: "c", name: "g-c", aliases: [], retained: true },
                ]),
                [
                    { instance: "a", oldName: "g-a", newName: "g-a2", deployedRetained: true, retained: false },
                    { instance: "b", oldName: "g-old", newName: "g-b", deployedRetained: undefined, retained: true },
                ],
            );
        });
        it("adoptLogGroup is refused in a region an import id cannot carry, naming it", async () => {
            const { resolveEventBridge } = await import("../../components/eventbridge");
            assert.throws(
                () => resolveEventBridge("eb", { region: "eusc-de-east-1", name: "x", adoptLogGroup: true }),
                (error: Error) =>
                    /adoptLogGroup cannot adopt in region "eusc-de-east-1".*leave adoptLogGroup off/.test(
                        error.message,
                    ),
            );
            assert.equal(
                resolveEventBridge("eb", { region: "us-east-2", name: "x", adoptLogGroup: true }).logGroup.adopt,
                "x@us-east-2",
            );
        });
        it("parses the opt-in list", () => {
            assert.deepEqual([...parseInstanceList(" a, b ,,c ")], ["a", "b", "c"]);
            assert.deepEqual([...parseInstanceList(undefined)], []);
        });
        it("the verdict follows what the deployed state says, not this run's setting (R1)", () => {
            const renamed = { instance: "i", oldName: "old", newName: "new", retained: true };
            assert.equal(renameVerdict({ ...renamed, deployedRetained: true }, 90, false).kind, "kept");
            assert.equal(renameVerdict({ ...renamed, deployedRetained: false }, 90, false).kind, "deleted");
            assert.equal(renameVerdict({ ...renamed, deployedRetained: undefined }, 90, false).kind, "refused");
            assert.equal(renameVerdict({ ...renamed, deployedRetained: undefined }, 90, true).kind, "deleted");
            assert.match(
                renameVerdict({ ...renamed, deployedRetained: true, retained: false }, 0, false).message,
                /keeps events forever.*stay in AWS.*false applies to the new group from this run on/,
            );
            assert.match(
                existingLogGroupMessage("i", "g", "us-east-2"),
                /set adopt_log_group: true .*aws logs delete-log-group --log-group-name g --region us-east-2/,
            );
        });
    });

    describe("the TypeScript API, run after run through the engine model", () => {
        const ARGS = { region: "us-east-2", namespace: "eg", environment: "ue2", stage: "prod", name: "ecs" };
        /** The log group registrations of one `new EventBridge(...)`. */
        const register = async (
            args: Record<string, unknown>,
            opts: pulumi.ComponentResourceOptions = {},
        ): Promise<RecordedResource[]> => {
            const mocks = await installMocks();
            const { EventBridge } = await import("../../components/eventbridge");
            new EventBridge("eb", { ...ARGS, ...args } as never, opts);
            await mocks.settle();
            return [...mocks.resources];
        };

        it("a label change keeps the old group's events with the default arguments (today: deleted)", async () => {
            const aws: Aws = new Map();
            const first = up(new Map(), goalsOf(await register({})), aws);
            assert.equal(first.failure, undefined);
            aws.set("eg-ue2-prod-ecs", 1000); // EventBridge delivers events
            const second = up(first.state, goalsOf(await register({ stage: "live" })), aws);
            assert.equal(second.failure, undefined);
            assert.deepEqual(second.lost, {});
            assert.equal(aws.get("eg-ue2-prod-ecs"), 1000);
            assert.ok(aws.has("eg-ue2-live-ecs"));
        });

        it("turning retention on in the same run as the label change is too late (R1): the guard must not claim otherwise", async () => {
            // What the model says of the scenario the old warning advised: deployed without retention,
            // retention set in the renaming run.
            const aws: Aws = new Map();
            const first = up(new Map(), goalsOf(await register({ retainLogGroupOnDelete: false })), aws);
            aws.set("eg-ue2-prod-ecs", 5);
            const second = up(first.state, goalsOf(await register({ stage: "live" })), aws);
            assert.deepEqual(second.lost, { "eg-ue2-prod-ecs": 5 });
            // The guard's verdict on the same deployment says exactly that.
            const verdict = renameVerdict(
                {
                    instance: "eb",
                    oldName: "eg-ue2-prod-ecs",
                    newName: "eg-ue2-live-ecs",
                    deployedRetained: false,
                    retained: true,
                },
                3,
                false,
            );
            assert.equal(verdict.kind, "deleted");
        });

        it("the component's retainOnDelete option keeps every child; its protect reaches every child (issue 29 item 7)", async () => {
            const kept = await register({}, { retainOnDelete: true });
            const children = kept.filter((r) => r.custom);
            assert.equal(children.length, 4);
            assert.deepEqual(
                children.map((r) => r.options?.retainOnDelete),
                [true, true, true, true],
            );
            const protectedChildren = (await register({}, { protect: true })).filter((r) => r.custom);
            assert.deepEqual(
                protectedChildren.map((r) => r.options?.protect),
                [true, true, true, true],
            );
        });

        it("the api-key: the component's retainOnDelete option keeps every custom child, protect reaches them", async () => {
            const registered = async (opts: pulumi.ComponentResourceOptions) => {
                const mocks = await installMocks();
                const { DashboardsApiKey } = await import("../../components/apiKey");
                new DashboardsApiKey("key", { ...ARGS, name: "grafana", workspaceId: "g-0123456789" } as never, opts);
                await mocks.settle();
                return mocks.resources.filter((r) => r.custom && !r.type.startsWith("pulumi:"));
            };
            const kept = await registered({ retainOnDelete: true });
            assert.deepEqual(
                kept.map((r) => [r.type, r.options?.retainOnDelete]),
                [
                    ["aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount", true],
                    ["aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken", true],
                    ["aws:ssm/parameter:Parameter", true],
                ],
            );
            assert.deepEqual(
                (await registered({ protect: true })).map((r) => r.options?.protect),
                [true, true, true],
            );
            assert.deepEqual(
                (await registered({})).map((r) => r.options?.retainOnDelete),
                [undefined, undefined, undefined],
            );
        });

        it("protect refuses the rename until it is removed; removing it and renaming in one run is allowed (R2), and the events stay", async () => {
            const aws: Aws = new Map();
            const first = up(new Map(), goalsOf(await register({}, { protect: true })), aws);
            aws.set("eg-ue2-prod-ecs", 7);
            const refused = up(first.state, goalsOf(await register({ stage: "live" }, { protect: true })), aws);
            assert.equal(refused.failure, "replace eg-ue2-prod-ecs: protected");
            const unprotected = up(first.state, goalsOf(await register({ stage: "live" })), aws);
            assert.equal(unprotected.failure, undefined);
            assert.deepEqual(unprotected.lost, {});
            assert.equal(aws.get("eg-ue2-prod-ecs"), 7);
        });

        it("destroy keeps the group; up again fails to create it, and adoptLogGroup for one run takes it back with its events (R6, R7)", async () => {
            const aws: Aws = new Map();
            const first = up(new Map(), goalsOf(await register({})), aws);
            aws.set("eg-ue2-prod-ecs", 42);
            const destroyed = destroy(first.state, aws);
            assert.deepEqual(destroyed.lost, {});
            assert.equal(destroyed.state.size, 0);
            const again = up(destroyed.state, goalsOf(await register({})), aws);
            assert.equal(again.failure, "create eg-ue2-prod-ecs: ResourceAlreadyExistsException");
            const adopted = up(destroyed.state, goalsOf(await register({ adoptLogGroup: true })), aws);
            assert.equal(adopted.failure, undefined);
            assert.deepEqual(adopted.steps, ["import eg-ue2-prod-ecs"]);
            // The next run without the flag is no import (the state keeps the import id), and keeps it.
            const after = up(adopted.state, goalsOf(await register({})), aws);
            assert.deepEqual(after.steps, []);
            assert.equal(aws.get("eg-ue2-prod-ecs"), 42);
        });

        it("retainLogGroupOnDelete false, deployed, lets destroy delete the group: the user said so", async () => {
            const aws: Aws = new Map();
            const first = up(new Map(), goalsOf(await register({ retainLogGroupOnDelete: false })), aws);
            aws.set("eg-ue2-prod-ecs", 3);
            assert.deepEqual(destroy(first.state, aws).lost, { "eg-ue2-prod-ecs": 3 });
        });
    });

    describe("the stack program's guard, run after run through the engine model", () => {
        /** A deployment made by a version that did not record retention (its outputs lack it), and its state. */
        const legacy = (): { state: Map<string, StateGroup>; last: Record<string, unknown>; aws: Aws } => ({
            state: new Map([
                [
                    "eventbridge/ecs",
                    { urn: "eventbridge/ecs", name: "eg-ue2-prod-ecs", retainOnDelete: false, protect: false },
                ],
            ]),
            last: {
                "eventbridge/ecs": { logs_log_group_name: "eg-ue2-prod-ecs", event_rule_name: "eg-ue2-prod-ecs" },
            },
            aws: new Map([["eg-ue2-prod-ecs", 500]]),
        });

        it("refuses a label change that would delete a group the last deployment did not keep (today: a warning, and the events were lost)", async () => {
            const { last, aws } = legacy();
            const run = await programRun(stackWith("name: ecs, stage: live"), last, aws);
            assert.equal(run.error?.name, "LogHistoryError");
            assert.match(
                run.error?.message ?? "",
                /"eventbridge\/ecs": the log group "eg-ue2-prod-ecs" \(it keeps events for 90 days\) is replaced by "eg-ue2-live-ecs".*too late/,
            );
            // Nothing registered but the reference to the last deployment.
            assert.deepEqual(
                run.registered.map((r) => r.type),
                ["pulumi:pulumi:StackReference"],
            );
        });

        it("the printed two-step way keeps the events: up with the old labels, then change them", async () => {
            const { state, last, aws } = legacy();
            // Step 1, as printed: pulumi up with the old label values.
            const step1 = await programRun(stackWith("name: ecs"), last, aws);
            assert.equal(step1.error, undefined);
            const model1 = up(state, goalsOf(step1.registered), aws);
            assert.equal(model1.failure, undefined);
            assert.equal(model1.state.get("eventbridge/ecs")?.retainOnDelete, true); // R5
            assert.equal((step1.outputs["eventbridge/ecs"] as Record<string, unknown>).logs_log_group_retained, true);
            // Step 2: the label change, against what step 1 exported.
            const step2 = await programRun(stackWith("name: ecs, stage: live"), step1.outputs, aws);
            assert.equal(step2.error, undefined);
            assert.equal(step2.warnings.length, 1);
            assert.match(step2.warnings[0], /the old group and its events stay in AWS/);
            const model2 = up(model1.state, goalsOf(step2.registered), aws);
            assert.deepEqual(model2.lost, {});
            assert.equal(aws.get("eg-ue2-prod-ecs"), 500);
        });

        it("the printed opt-in deletes them, and says so", async () => {
            const { state, last, aws } = legacy();
            const run = await programRun(stackWith("name: ecs, stage: live"), last, aws, ["eventbridge/ecs"]);
            assert.equal(run.error, undefined);
            assert.match(run.warnings.join("\n"), /deleted in this run .*allowLogGroupDeletion allows/);
            assert.deepEqual(up(state, goalsOf(run.registered), aws).lost, { "eg-ue2-prod-ecs": 500 });
        });

        it("every message about a renamed group tells what the engine does (deployed kept / not kept, this run on / off)", async () => {
            for (const deployedRetained of [true, false]) {
                for (const now of [true, false]) {
                    const aws: Aws = new Map([["eg-ue2-prod-ecs", 9]]);
                    const state = new Map([
                        [
                            "eventbridge/ecs",
                            {
                                urn: "eventbridge/ecs",
                                name: "eg-ue2-prod-ecs",
                                retainOnDelete: deployedRetained,
                                protect: false,
                            },
                        ],
                    ]);
                    const last = {
                        "eventbridge/ecs": {
                            logs_log_group_name: "eg-ue2-prod-ecs",
                            logs_log_group_retained: deployedRetained,
                        },
                    };
                    const run = await programRun(
                        stackWith(`name: ecs, stage: live, retain_log_group_on_delete: ${now}`),
                        last,
                        aws,
                    );
                    const what = `deployed ${deployedRetained}, now ${now}`;
                    assert.equal(run.error, undefined, what);
                    const lost = up(state, goalsOf(run.registered), aws).lost;
                    const said = run.warnings.join("\n");
                    if (Object.keys(lost).length > 0) assert.match(said, /deleted in this run/, what);
                    else assert.match(said, /stay in AWS/, what);
                }
            }
        });

        it("a new instance whose group exists outside the state is refused with the way to adopt it, which works as printed", async () => {
            const aws: Aws = new Map([["eg-ue2-prod-ecs", 42]]); // kept by an earlier destroy
            const refused = await programRun(stackWith("name: ecs"), {}, aws);
            assert.equal(refused.error?.name, "LogHistoryError");
            assert.match(refused.error?.message ?? "", /already exists in AWS.*set adopt_log_group: true/);
            const adopted = await programRun(stackWith("name: ecs, adopt_log_group: true"), {}, aws);
            assert.equal(adopted.error, undefined);
            const model = up(new Map(), goalsOf(adopted.registered), aws);
            assert.deepEqual(model.steps, ["import eg-ue2-prod-ecs"]);
            // Then without the flag (as printed: remove it afterwards): same group, events kept.
            const next = await programRun(stackWith("name: ecs"), adopted.outputs, aws);
            assert.equal(next.error, undefined);
            assert.deepEqual(up(model.state, goalsOf(next.registered), aws).steps, []);
            assert.equal(aws.get("eg-ue2-prod-ecs"), 42);
        });

        it("adopt_log_group without a group to adopt is refused (the import would fail)", async () => {
            const run = await programRun(stackWith("name: ecs, adopt_log_group: true"), {}, new Map());
            assert.match(run.error?.message ?? "", /no log group "eg-ue2-prod-ecs" exists in AWS to adopt/);
        });
    });

    describe("synth --stack-outputs runs the same guards offline", function () {
        this.timeout(60_000);
        let dir: string;
        before(() => {
            dir = fs.mkdtempSync(path.join(os.tmpdir(), "log-history-"));
        });
        after(() => fs.rmSync(dir, { recursive: true, force: true }));
        const write = (name: string, text: string) => {
            const file = path.join(dir, name);
            fs.writeFileSync(file, text);
            return file;
        };
        const stackFile = (instance: string, vars: string) =>
            write(
                `${instance.replace(/\W/g, "-")}-${vars.replace(/\W/g, "")}.yaml`,
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    `    ${instance}:`,
                    "      metadata: {component: eventbridge}",
                    `      vars: {${vars}}`,
                ),
            );
        const outputsFile = (outputs: unknown) => write(`outputs-${Math.random()}.json`, JSON.stringify(outputs));
        const last = {
            "eventbridge/ecs": { logs_log_group_name: "eg-ue2-prod-ecs", event_rule_name: "eg-ue2-prod-ecs" },
        };

        it("refuses a rename without an alias", async () => {
            const result = await synthCommand([
                stackFile("eventbridge/renamed", "name: ecs"),
                "--stack",
                "ue2-prod",
                "--stack-outputs",
                outputsFile({ [SELF]: last }),
            ]);
            assert.equal(result.status, 1);
            assert.equal(result.stdout, "");
            assert.match(result.stderr, /belonged to instance "eventbridge\/ecs".*add aliases: \["eventbridge\/ecs"\]/);
        });

        // Issue 38: the declared guards, offline as in pulumi up (components/kit/deploymentGuards.ts).
        it("refuses disabling an instance whose log group was not kept, and plans it with the opt-in", async () => {
            const file = stackFile("eventbridge/ecs", "name: ecs, enabled: false");
            const outputs = outputsFile({ [SELF]: last });
            const refused = await synthCommand([file, "--stack", "ue2-prod", "--stack-outputs", outputs]);
            assert.equal(refused.status, 1);
            assert.equal(refused.stdout, "");
            assert.match(
                refused.stderr,
                /"eventbridge\/ecs": the instance is disabled \(enabled: false\), so this run deletes its log group "eg-ue2-prod-ecs" and every event stored in it/,
            );
            const args = [file, "--stack", "ue2-prod", "--stack-outputs", outputs];
            const allowed = await synthCommand([...args, "--allow-log-group-deletion", "eventbridge/ecs"]);
            assert.equal(allowed.status, 0, allowed.stderr);
            assert.match(allowed.stderr, /warning: .*as the config allowLogGroupDeletion allows for this instance/);
        });

        it("refuses re-adopting the deployed log group; --no-rename-guard turns off the rename check only", async () => {
            const outputs = outputsFile({ [SELF]: last });
            const readopted = await synthCommand([
                stackFile("eventbridge/ecs", "name: ecs, adopt_log_group: true"),
                "--stack",
                "ue2-prod",
                "--stack-outputs",
                outputs,
            ]);
            assert.equal(readopted.status, 1);
            assert.match(
                readopted.stderr,
                /:\d+:\d+: "eventbridge\/ecs": adopt_log_group is set, but this stack's last deployment already manages "eg-ue2-prod-ecs"/,
            );
            const renamed = [
                stackFile("eventbridge/renamed", "name: ecs"),
                "--stack",
                "ue2-prod",
                "--stack-outputs",
                outputs,
            ];
            const unguarded = await synthCommand([...renamed, "--no-rename-guard"]);
            assert.equal(unguarded.status, 1);
            assert.doesNotMatch(unguarded.stderr, /belonged to instance/);
            assert.match(unguarded.stderr, /"eventbridge\/ecs": the instance is no longer in the stack/);
            const both = await synthCommand([
                ...renamed,
                "--no-rename-guard",
                "--allow-log-group-deletion",
                "eventbridge/ecs",
            ]);
            assert.equal(both.status, 0, both.stderr);
        });

        it("refuses a label change that would lose the log group's events, and plans it with the opt-in", async () => {
            const file = stackFile("eventbridge/ecs", "name: ecs, stage: live");
            const outputs = outputsFile({ [SELF]: last });
            const refused = await synthCommand([file, "--stack", "ue2-prod", "--stack-outputs", outputs]);
            assert.equal(refused.status, 1);
            assert.equal(refused.stdout, "");
            assert.match(refused.stderr, /the log group "eg-ue2-prod-ecs" .* is replaced by "eg-ue2-live-ecs"/);
            const allowed = await synthCommand([
                file,
                "--stack",
                "ue2-prod",
                "--stack-outputs",
                outputs,
                "--allow-log-group-deletion",
                "eventbridge/ecs",
                "--json",
            ]);
            assert.equal(allowed.status, 0, allowed.stderr);
            assert.match(allowed.stderr, /warning: .*deleted in this run/);
            const plan = JSON.parse(allowed.stdout) as {
                resources: { type: string; options?: { retainOnDelete?: boolean } }[];
            };
            assert.equal(plan.resources.find((r) => r.type === LOG_GROUP)?.options?.retainOnDelete, true);
        });

        // Pulumi names a stack <organization>/<project>/<stack> (pulumi/pulumi pkg/backend/httpstate/backend.go
        // 1080-1105 parseStackName; a DIY backend's organization is always "organization", pkg/backend/diy/backend.go
        // 185-196): a key naming another stack is another stack's outputs, never this one's last deployment.
        it("refuses, naming the keys, when no key is this stack's and nothing reads those given (guards not run)", async () => {
            const file = stackFile("eventbridge/renamed", "name: ecs");
            const base = path.basename(file, ".yaml");
            const outputs = outputsFile({ [SELF]: last });
            const derived = await synthCommand([file, "--stack-outputs", outputs]);
            assert.equal(derived.status, 1);
            assert.equal(derived.stdout, "");
            assert.equal(
                derived.stderr,
                `--stack-outputs ${outputs}: no outputs for this stack "organization/cloudposse-components/${base}" ` +
                    `(<organization>/<project>/<stack>, the key pulumi up's guards read its last deployment from), ` +
                    `and nothing read the key given: "${SELF}"; run with --stack ue2-prod if that is this stack, or ` +
                    `correct the key (a stack deployed for the first time has no outputs: leave it out of the file)\n`,
            );
            // A mistyped organization: the key names another stack even with --stack.
            const typo = outputsFile({ "acme/cloudposse-components/ue2-prod": {} });
            const mistyped = await synthCommand([file, "--stack", "ue2-prod", "--stack-outputs", typo]);
            assert.equal(mistyped.status, 1);
            assert.match(
                mistyped.stderr,
                /nothing read the key given: "acme\/cloudposse-components\/ue2-prod"; run with --organization acme if/,
            );
            // As the key matches, the guard runs and refuses the rename.
            const matched = await synthCommand([file, "--stack", "ue2-prod", "--stack-outputs", outputs]);
            assert.match(matched.stderr, /add aliases: \["eventbridge\/ecs"\]/);
        });

        it("plans adopt_log_group offline as an import, warning that the group's existence was not checked", async () => {
            const result = await synthCommand([
                stackFile("eventbridge/ecs", "name: ecs, adopt_log_group: true"),
                "--json",
            ]);
            assert.equal(result.status, 0, result.stderr);
            assert.match(
                result.stderr,
                /^warning: "eventbridge\/ecs": adopt_log_group is set: the plan imports log group "eg-ue2-prod-ecs", which it cannot see offline \(not checked\); pulumi up refuses if it does not exist in AWS$/m,
            );
            const plan = JSON.parse(result.stdout) as { resources: { type: string; import?: string }[] };
            assert.equal(plan.resources.find((r) => r.type === LOG_GROUP)?.import, "eg-ue2-prod-ecs@us-east-2");
        });

        it("warns, as pulumi up would, when the deployed group is kept; prints only the spec's outputs", async () => {
            const result = await synthCommand([
                stackFile("eventbridge/ecs", "name: ecs, stage: live"),
                "--stack",
                "ue2-prod",
                "--stack-outputs",
                outputsFile({
                    [SELF]: { "eventbridge/ecs": { ...last["eventbridge/ecs"], logs_log_group_retained: true } },
                }),
                "--json",
            ]);
            assert.equal(result.status, 0, result.stderr);
            assert.match(result.stderr, /warning: .*the old group and its events stay in AWS/);
            const plan = JSON.parse(result.stdout) as { outputs: Record<string, Record<string, unknown>> };
            assert.deepEqual(Object.keys(plan.outputs["eventbridge/ecs"]).sort(), [
                "event_rule_arn",
                "event_rule_name",
                "logs_log_group_arn",
                "logs_log_group_name",
            ]);
        });
    });
});
