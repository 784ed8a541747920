/**
 * Names two instances would both use: refused over a stack file (naming both instances and where
 * they are written) and within one TypeScript program (a registry per program run).
 */
import * as assert from "node:assert/strict";

import { NameRegistry } from "../../components/kit/collisions";
import { parseStack } from "../../stack";
import { validateStack } from "../../program/deploy";
import { installMocks, type InstalledMocks } from "../../program/mocks";
import { lines, STACK_VARS } from "../helpers/stack";

/** The message of validating a stack file's text ("" when valid). */
function stackRefusal(text: string): string {
    try {
        validateStack(parseStack(text, "stacks/prod.yaml"));
        return "";
    } catch (error) {
        return (error as Error).message;
    }
}

describe("collisions between instances", () => {
    describe("NameRegistry", () => {
        it("lets an instance claim its names again, and refuses another instance the same name", () => {
            const registry = new NameRegistry();
            const claim = { what: "log group", scope: "us-east-2", name: "eg-x", field: "name" };
            assert.deepEqual(registry.claim({ component: "eventbridge", instance: "a" }, [claim]), []);
            assert.deepEqual(registry.claim({ component: "eventbridge", instance: "a" }, [claim]), []);
            assert.deepEqual(registry.claim({ component: "eventbridge", instance: "b" }, [claim]), [
                {
                    code: "NAME_IN_USE",
                    path: ["name"],
                    rule:
                        'gives the log group name "eg-x" in us-east-2, which eventbridge "a" also uses; ' +
                        "each log group name must be unique in its region",
                },
            ]);
            // Another region is another name.
            assert.deepEqual(
                registry.claim({ component: "eventbridge", instance: "b" }, [{ ...claim, scope: "eu-west-1" }]),
                [],
            );
        });
    });

    describe("over a stack file", () => {
        it("refuses two eventbridge instances whose names reduce to the same log group and rule", () => {
            const message = stackRefusal(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    first:",
                    "      metadata: {component: eventbridge}",
                    "      vars: {name: a.b}",
                    "    second:",
                    "      metadata: {component: eventbridge}",
                    "      vars: {name: ab}",
                ),
            );
            // One cause (the name reduces to another instance's), one message listing both names.
            assert.equal(
                message,
                'stacks/prod.yaml:9:20: eventbridge "second": name gives the log group name and the event rule name ' +
                    '"eg-ue2-prod-ab" in us-east-2, which eventbridge "first" (stacks/prod.yaml:4:5) also uses; each log ' +
                    "group name and each event rule name must be unique in its region",
            );
        });

        it("accepts the same names in two regions", () => {
            assert.equal(
                stackRefusal(
                    lines(
                        STACK_VARS,
                        "components:",
                        "  terraform:",
                        "    first:",
                        "      metadata: {component: eventbridge}",
                        "      vars: {name: ab}",
                        "    second:",
                        "      metadata: {component: eventbridge}",
                        "      vars: {name: ab, region: eu-west-1}",
                    ),
                ),
                "",
            );
        });

        it("refuses two api keys writing the same SSM parameter, even for different workspaces", () => {
            const message = stackRefusal(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    key-a:",
                    "      metadata: {component: managed-dashboards/api-key}",
                    "      vars: {name: grafana, workspace_id: g-0123456789}",
                    "    key-b:",
                    "      metadata: {component: managed-dashboards/api-key}",
                    "      vars: {name: grafana, workspace_id: g-abcdefabcd}",
                ),
            );
            assert.equal(
                message,
                // ssm_path_format_api_key is not written: the instance's key is where.
                'stacks/prod.yaml:7:5: managed-dashboards/api-key "key-b": ssm_path_format_api_key gives the SSM parameter name ' +
                    '"/dashboards/eg-ue2-prod-grafana/api_key" in us-east-2, which managed-dashboards/api-key "key-a" ' +
                    "(stacks/prod.yaml:4:5) also uses; each SSM parameter name must be unique in its region",
            );
        });

        it("refuses two keys of one name in one workspace", () => {
            const message = stackRefusal(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    key-a:",
                    "      metadata: {component: managed-dashboards/api-key}",
                    "      vars: {name: grafana, workspace_id: g-0123456789}",
                    "    key-b:",
                    "      metadata: {component: managed-dashboards/api-key}",
                    '      vars: {name: grafana, workspace_id: g-0123456789, ssm_path_format_api_key: "/other/%s"}',
                ),
            );
            assert.match(
                message,
                /"key-b": name gives the Grafana service account name "eg-ue2-prod-grafana" in workspace g-0123456789, which managed-dashboards\/api-key "key-a" \(stacks\/prod.yaml:4:5\) also uses; each Grafana service account name must be unique in its workspace$/,
            );
        });

        it("refuses an eleventh account-scoped logs policy in a region", () => {
            const instances = Array.from({ length: 11 }, (_, i) => [
                `    rule-${i}:`,
                "      metadata: {component: eventbridge}",
                `      vars: {name: r${i}, logs_policy_scope: account}`,
            ]).flat();
            const message = stackRefusal(lines(STACK_VARS, "components:", "  terraform:", ...instances));
            assert.match(
                message,
                /^stacks\/prod.yaml:36:\d+: eventbridge "rule-10": logs_policy_scope makes 11 account-scoped logs resource policies in us-east-2, but AWS allows at most 10 per region \(the others: eventbridge "rule-0", .*eventbridge "rule-9"\)$/,
            );
            // Ten is fine, and resource-scoped policies do not count.
            assert.equal(
                stackRefusal(
                    lines(
                        STACK_VARS,
                        "components:",
                        "  terraform:",
                        ...instances.slice(0, 30),
                        ...instances.slice(30, 32),
                        "      vars: {name: r10}",
                    ),
                ),
                "",
            );
        });
    });

    describe("in one TypeScript program", () => {
        let mocks: InstalledMocks;
        before(async () => {
            mocks = await installMocks();
        });
        beforeEach(() => mocks.reset());

        it("refuses a second instance with the same log group name before registering it", async () => {
            const { EventBridge } = await import("../../components/eventbridge");
            const args = { region: "us-west-2", namespace: "collide", name: "same" };
            new EventBridge("collide-first", args);
            await mocks.settle();
            const registered = mocks.resources.length;
            assert.throws(
                () => new EventBridge("collide-second", { ...args, name: "sa.me" }),
                (error: Error) => {
                    // One cause, one message (and one problem), naming both names.
                    assert.equal(
                        error.message,
                        'eventbridge "collide-second": name gives the log group name and the event rule name "collide-same" ' +
                            'in us-west-2, which eventbridge "collide-first" also uses; each log group name and each event ' +
                            "rule name must be unique in its region",
                    );
                    return true;
                },
            );
            await mocks.settle();
            assert.equal(mocks.resources.length, registered);
        });
    });
});
