/**
 * Reading a Terraform state that is not quite as expected, and the adoption report's cases one by
 * one (migrate/terraformState.ts, as its documentation and MIGRATING.md describe it), and the
 * tf-adopt command line. Temporary files go under the system's temporary directory.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { adoptionReport, readTerraformState, shellQuote, type TerraformResource } from "../migrate/terraformState";
import { tfAdoptCommand } from "./commands";

const resource = (address: string, type: string, attributes: Record<string, unknown>): TerraformResource => ({
    address,
    type,
    attributes,
});

describe("readTerraformState: what it skips", () => {
    const cases: [name: string, state: unknown, expected: [address: string, attributes: object][]][] = [
        [
            "terraform show -json: data sources, non-objects and missing values",
            {
                format_version: "1.0",
                values: {
                    root_module: {
                        resources: [
                            { mode: "data", type: "aws_x", address: "data.aws_x.y" },
                            { mode: "managed", type: "aws_a", address: "aws_a.b" },
                            5,
                        ],
                        child_modules: [
                            {
                                resources: [
                                    { mode: "managed", type: "aws_c", address: "module.m.aws_c.d", values: { n: 1 } },
                                ],
                            },
                            "junk",
                        ],
                    },
                },
            },
            [
                ["aws_a.b", {}],
                ["module.m.aws_c.d", { n: 1 }],
            ],
        ],
        [
            "terraform show -json: a root module that is not an object",
            { format_version: "1.0", values: { root_module: "x" } },
            [],
        ],
        [
            "terraform show -json: resources that are not a list",
            { format_version: "1.0", values: { root_module: { resources: {} } } },
            [],
        ],
        [
            "a state file: index keys, modules, non-objects and missing attributes",
            {
                version: 4,
                resources: [
                    {
                        mode: "managed",
                        type: "aws_a",
                        name: "b",
                        instances: [{ index_key: 0, attributes: { x: 1 } }, { index_key: "k" }, { attributes: {} }, 7],
                    },
                    { mode: "managed", module: "module.m", type: "aws_c", name: "d", instances: [{ index_key: null }] },
                    { mode: "managed", module: "", type: "aws_e", name: "f", instances: "nope" },
                    { mode: "data", type: "aws_g", name: "h", instances: [{}] },
                    3,
                ],
            },
            [
                ["aws_a.b[0]", { x: 1 }],
                ['aws_a.b["k"]', {}],
                ["aws_a.b", {}],
                ["module.m.aws_c.d", {}],
            ],
        ],
    ];
    for (const [name, state, expected] of cases) {
        it(name, () => {
            assert.deepEqual(
                readTerraformState(JSON.stringify(state)).map((r) => [r.address, r.attributes]),
                expected,
            );
        });
    }
});

describe("adoptionReport: case by case", () => {
    const rule = (address: string, attributes: Record<string, unknown>) =>
        resource(address, "aws_cloudwatch_event_rule", attributes);
    const target = (address: string, attributes: Record<string, unknown>) =>
        resource(address, "aws_cloudwatch_event_target", attributes);

    it("leaves a rule without a name to the rest", () => {
        const report = adoptionReport([rule("r.a", { name: "" })]);
        assert.deepEqual(report.rules, []);
        assert.deepEqual(report.notAdopted, ["r.a"]);
        assert.deepEqual(report.problems, []);
    });

    it("adopts only rules on the default bus", () => {
        const report = adoptionReport([rule("r.a", { name: "x", event_bus_name: "custom" })]);
        assert.deepEqual(report.rules, []);
        assert.deepEqual(report.problems, ['r.a: rule "x" is on event bus "custom"; only the default bus is adopted']);
    });

    it("reports a rule without a target and does not adopt it", () => {
        const report = adoptionReport([rule("r.a", { name: "x" })]);
        assert.deepEqual(report.rules, []);
        assert.match(
            report.problems[0],
            /^r\.a: rule "x" has 0 targets in the state; the component creates exactly one/,
        );
    });

    it("reports a target without a target_id", () => {
        const report = adoptionReport([rule("r.a", { name: "x" }), target("t.a", { rule: "x" })]);
        assert.deepEqual(report.rules, []);
        assert.deepEqual(report.problems, ["t.a: the target has no target_id in the state"]);
    });

    it("adopts a rule whose target is not a log group with the rule and target alone", () => {
        const report = adoptionReport([
            rule("r.a", { name: "x", event_bus_name: "default" }),
            target("t.a", { rule: "x", target_id: "T1", arn: "arn:aws:lambda:us-east-2:1:function:f" }),
        ]);
        assert.deepEqual(report.rules, [{ ruleName: "x", eventTargetId: "T1", addresses: ["r.a", "t.a"] }]);
        assert.deepEqual(report.notAdopted, []);
    });

    it("finds the log group through an ARN ending in :*, and the account policy granting it", () => {
        const report = adoptionReport([
            rule("r.a", { name: "x" }),
            target("t.a", { rule: "x", target_id: "T1", arn: "arn:aws:logs:us-east-2:1:log-group:/aws/events/x:*" }),
            resource("g.a", "aws_cloudwatch_log_group", { name: "/aws/events/x" }),
            resource("p.other", "aws_cloudwatch_log_resource_policy", {
                policy_name: "other",
                policy_document: "arn:aws:logs:us-east-2:1:log-group:/aws/events/y:*",
            }),
            resource("p.a", "aws_cloudwatch_log_resource_policy", {
                policy_name: "eg-x",
                policy_document: '{"Resource":"arn:aws:logs:us-east-2:1:log-group:/aws/events/x:*"}',
            }),
        ]);
        assert.deepEqual(report.rules, [
            {
                ruleName: "x",
                eventTargetId: "T1",
                logGroupName: "/aws/events/x",
                logsPolicyName: "eg-x",
                addresses: ["r.a", "t.a", "g.a", "p.a"],
            },
        ]);
        assert.deepEqual(report.notAdopted, ["p.other"]);
    });

    it("reports a target whose rule is not in the state", () => {
        const report = adoptionReport([target("t.a", { rule: "gone", target_id: "T1" })]);
        assert.deepEqual(report.problems, ['t.a: the target\'s rule "gone" is not in this state']);
        assert.deepEqual(report.notAdopted, ["t.a"]);
    });

    it("takes named SSM parameters and every API key, with empty names for missing attributes", () => {
        const report = adoptionReport([
            resource("s.a", "aws_ssm_parameter", { name: "/dashboards/key" }),
            resource("s.b", "aws_ssm_parameter", {}),
            resource("k.a", "aws_grafana_workspace_api_key", {}),
        ]);
        assert.deepEqual(report.parameters, [{ name: "/dashboards/key", address: "s.a" }]);
        assert.deepEqual(report.apiKeys, [{ keyName: "", workspaceId: "", address: "k.a" }]);
        assert.deepEqual(report.notAdopted, ["s.b"]);
    });
});

describe("shellQuote", () => {
    const cases: [string, string][] = [
        ["module.a.aws_b.c", "module.a.aws_b.c"],
        ['aws_b.c["k"]', `'aws_b.c["k"]'`],
        ["it's", `'it'\\''s'`],
        ["a/b-c_d.0", "a/b-c_d.0"],
    ];
    for (const [text, expected] of cases) {
        it(`quotes ${text} as ${expected}`, () => assert.equal(shellQuote(text), expected));
    }
});

describe("tf-adopt command line", () => {
    let dir: string;
    before(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "tf-adopt-test-"));
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    const usages: string[][] = [[], ["a", "b", "c"], ["a", "--bogus"], ["--json"]];
    for (const args of usages) {
        it(`prints the usage and exits 2 on ${JSON.stringify(args)}`, () => {
            const run = tfAdoptCommand(args);
            assert.equal(run.status, 2);
            assert.equal(run.stdout, "");
            assert.match(
                run.stderr,
                /^usage: npm run tf-adopt -- <terraform-state\.json\|\.tfstate> \[<stack-file>\] \[--json\]/,
            );
        });
    }

    it("exits 1 naming a state that cannot be read", () => {
        const none = path.join(dir, "none.json");
        assert.deepEqual(tfAdoptCommand([none]), {
            status: 1,
            stdout: "",
            stderr: `tf-adopt: ${none}: file not found\n`,
        });
        const bad = path.join(dir, "bad.json");
        fs.writeFileSync(bad, "[]");
        assert.deepEqual(tfAdoptCommand([bad]), {
            status: 1,
            stdout: "",
            stderr: "tf-adopt: not a Terraform state: the JSON is not an object\n",
        });
    });

    it("prints the report and the plan as one JSON document with --json", () => {
        const state = path.join(dir, "state.json");
        fs.writeFileSync(state, JSON.stringify({ format_version: "1.0" }));
        const run = tfAdoptCommand([state, "--json"]);
        assert.equal(run.status, 0, run.stderr);
        const printed = JSON.parse(run.stdout) as { report: unknown; plan: unknown };
        assert.deepEqual(printed.report, { rules: [], parameters: [], apiKeys: [], notAdopted: [], problems: [] });
        assert.ok(printed.plan !== undefined);
    });

    it("reads the stack file given after the state, and exits 1 naming one that is missing", () => {
        const state = path.join(dir, "empty.json");
        fs.writeFileSync(state, JSON.stringify({ format_version: "1.0" }));
        const missing = path.join(dir, "none.yaml");
        assert.deepEqual(tfAdoptCommand([state, missing]), {
            status: 1,
            stdout: "",
            stderr: `tf-adopt: ${missing}: file not found\n`,
        });
    });
});
