/**
 * The program of Pulumi.yaml as a function of its config (program/run.ts), in-process under the
 * mocks: which config keys name the stack, and what each choice deploys. tests/program/index.e2e.test.ts
 * runs the real entry (config from the environment, as the Pulumi CLI passes it) in a process.
 */
import * as assert from "node:assert/strict";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { installMocks } from "../../program/mocks";
import type { StackOutputs } from "../../program/deploy";
import type { ProgramConfig } from "../../program/run";
import { ROOT } from "../helpers/compiled";

/** A project config holding `values` (booleans as the strings `pulumi config set` stores). */
function config(values: Readonly<Record<string, string>>): ProgramConfig {
    return {
        get: (key) => values[key],
        getBoolean: (key) => (values[key] === undefined ? undefined : values[key] === "true"),
    };
}

/** Runs the program on `values` from the project directory; returns its outputs (or error) and the types registered. */
async function run(
    values: Readonly<Record<string, string>>,
    stackOutputs: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {},
    project = "cloudposse-components",
): Promise<{ outputs?: StackOutputs; error?: Error; types: string[] }> {
    const mocks = await installMocks({ project, stack: "ue2-prod", stackOutputs });
    const { runProgram } = await import("../../program/run");
    const cwd = process.cwd();
    process.chdir(ROOT);
    try {
        const outputs = await runProgram(config(values));
        await mocks.settle();
        return { outputs, types: mocks.resources.map((r) => r.type) };
    } catch (error) {
        await mocks.settle();
        return { error: error as Error, types: mocks.resources.map((r) => r.type) };
    } finally {
        process.chdir(cwd);
    }
}

describe("the program's config (program/run.ts)", () => {
    const ONE_OF = /^set exactly one of the config keys stackFile \(a stack manifest\) and atmosStack /;

    for (const [title, values] of [
        ["neither stackFile nor atmosStack", {}],
        ["both stackFile and atmosStack", { stackFile: "examples/stack.yaml", atmosStack: "acme-ue2-dev" }],
        ["stackFile and atmosStack both empty (as unset)", { stackFile: "", atmosStack: "" }],
    ] as const) {
        it(`refuses ${title}, naming both keys, before registering anything`, async () => {
            const { error, types } = await run(values);
            assert.match(error?.message ?? "(no error)", ONE_OF);
            assert.deepEqual(types, []);
        });
    }

    it("allowLogGroupDeletion (a comma-separated list of instances) lets a label change delete an old log group the last deployment did not keep (issue 32)", async () => {
        // examples/stack.yaml's instance, deployed under another log group name by a version that did
        // not record whether it kept the group.
        const last = {
            "organization/cloudposse-components/ue2-prod": {
                "eventbridge/ecs-alerts": { logs_log_group_name: "eg-ue2-prod-ecs-old" },
            },
        };
        const refused = await run({ stackFile: "examples/stack.yaml" }, last);
        assert.equal(refused.error?.name, "LogHistoryError");
        assert.deepEqual(refused.types, ["pulumi:pulumi:StackReference"]);
        const allowed = await run(
            { stackFile: "examples/stack.yaml", allowLogGroupDeletion: "other, eventbridge/ecs-alerts" },
            last,
        );
        assert.equal(allowed.error, undefined);
    });

    it("deploys the stack file named by stackFile, relative to the project directory, guarding renames", async () => {
        const { outputs, error, types } = await run({ stackFile: "examples/stack.yaml" });
        assert.equal(error, undefined);
        assert.deepEqual(Object.keys(outputs ?? {}).sort(), ["eventbridge/ecs-alerts", "managed-dashboards/api-key"]);
        // The reference to this stack's last deployment (the rename guard) comes first.
        assert.equal(types[0], "pulumi:pulumi:StackReference");
        assert.equal(types.filter((t) => t === "pulumi:pulumi:StackReference").length, 2);
    });

    it("with renameGuard false, still reads the previous deployment: that option turns off the rename check only (issue 38)", async () => {
        const { outputs, error, types } = await run({ stackFile: "examples/stack.yaml", renameGuard: "false" });
        assert.equal(error, undefined);
        assert.deepEqual(Object.keys(outputs ?? {}).sort(), ["eventbridge/ecs-alerts", "managed-dashboards/api-key"]);
        // The stack's own last deployment first (the other guards, the token's run-time name and the
        // clock's check read it), then the api-key's reference to its workspace stack.
        assert.equal(types.filter((t) => t === "pulumi:pulumi:StackReference").length, 2);
        assert.equal(types[0], "pulumi:pulumi:StackReference");
    });

    it("deploys the Atmos stack named by atmosStack, from the repository in atmosDir", async () => {
        const { outputs, error } = await run({
            atmosStack: "acme-ue2-dev",
            atmosDir: path.join("tests", "fixtures", "atmos", "repo"),
        });
        assert.equal(error, undefined);
        assert.deepEqual(Object.keys(outputs ?? {}).sort(), ["eventbridge/alerts", "grafana/api-key"]);
    });

    describe("atmosComponent: one instance, in the Pulumi project named after it (issue 42)", () => {
        const REPO = path.join("tests", "fixtures", "atmos", "repo");

        it("deploys only that instance of the Atmos stack", async () => {
            const { outputs, error } = await run(
                { atmosStack: "acme-ue2-dev", atmosDir: REPO, atmosComponent: "eventbridge/alerts" },
                {},
                "eventbridge-alerts",
            );
            assert.equal(error, undefined);
            assert.deepEqual(Object.keys(outputs ?? {}), ["eventbridge/alerts"]);
        });

        it("refuses another project before registering anything: two instances in one stack would delete each other", async () => {
            const { error, types } = await run({
                atmosStack: "acme-ue2-dev",
                atmosDir: REPO,
                atmosComponent: "eventbridge/alerts",
            });
            assert.match(
                error?.message ?? "(no error)",
                /^atmosComponent "eventbridge\/alerts" deploys one instance, in the Pulumi project named after it \("eventbridge-alerts"\), but this is project "cloudposse-components"/,
            );
            assert.deepEqual(types, []);
        });

        it("refuses it without atmosStack", async () => {
            const { error, types } = await run({ stackFile: "examples/stack.yaml", atmosComponent: "x" }, {}, "x");
            assert.match(error?.message ?? "(no error)", /atmosComponent \(one instance\) goes with atmosStack/);
            assert.deepEqual(types, []);
        });

        it("refuses an instance the stack does not have, naming the stack, with a did-you-mean", async () => {
            const { error, types } = await run(
                { atmosStack: "acme-ue2-dev", atmosDir: REPO, atmosComponent: "grafana/apikey" },
                {},
                "grafana-apikey",
            );
            assert.match(
                error?.message ?? "(no error)",
                /the Atmos stack acme-ue2-dev has no component instance "grafana\/apikey"; did you mean grafana\/api-key\?/,
            );
            assert.deepEqual(types, []);
        });
    });

    it("names a missing stack file, relative to the project directory", async () => {
        const { error, types } = await run({ stackFile: "stacks/absent.yaml" });
        assert.equal(error?.message, `${path.join("stacks", "absent.yaml")}: file not found`);
        assert.deepEqual(types, []);
    });

    it("program/index.ts runs it on the project config the CLI sets (pulumi.Config)", async () => {
        const mocks = await installMocks({ project: "cloudposse-components", stack: "ue2-prod" });
        const saved = pulumi.runtime.allConfig();
        pulumi.runtime.setAllConfig({ ...saved, "cloudposse-components:stackFile": "examples/stack.yaml" });
        const cwd = process.cwd();
        process.chdir(ROOT);
        try {
            // The program runs when it is loaded: this is the only test that loads it.
            const outputs = await (await import("../../program/index")).default;
            await mocks.settle();
            assert.deepEqual(Object.keys(outputs).sort(), ["eventbridge/ecs-alerts", "managed-dashboards/api-key"]);
            // The instances' resources, and the reference to this stack's previous deployment.
            assert.equal(mocks.resources.length, 11);
        } finally {
            process.chdir(cwd);
            pulumi.runtime.setAllConfig(saved);
        }
    });
});
