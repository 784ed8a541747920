/**
 * Reading a Terraform state that is not quite as expected, and the adoption report's cases one by
 * one (migrate/terraformState.ts, as its documentation and MIGRATING.md describe it), and the
 * tf-adopt command line. Temporary files go under the system's temporary directory.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
    adoptionReport,
    hclQuoted,
    readTerraformState,
    shellQuote,
    TerraformStateError,
    type TerraformResource,
} from "../../migrate/terraformState";
import { tfAdoptCommand } from "../helpers/commands";

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

    it("matches a policy by the log group it names, not one whose name merely starts the same", () => {
        // the policy granting /aws/events/xy comes first; /aws/events/x is a prefix of it
        const report = adoptionReport([
            rule("r.a", { name: "x" }),
            target("t.a", { rule: "x", target_id: "T1", arn: "arn:aws:logs:us-east-2:1:log-group:/aws/events/x" }),
            resource("p.xy", "aws_cloudwatch_log_resource_policy", {
                policy_name: "xy",
                policy_document: '{"Resource":"arn:aws:logs:us-east-2:1:log-group:/aws/events/xy:*"}',
            }),
            resource("p.x", "aws_cloudwatch_log_resource_policy", {
                policy_name: "x",
                policy_document: '{"Resource":["arn:aws:logs:us-east-2:1:log-group:/aws/events/x:*"]}',
            }),
        ]);
        assert.equal(report.rules[0].logsPolicyName, "x");
        assert.deepEqual(report.notAdopted, ["p.xy"]);
    });

    it("looks each rule's target, log group and policy up once: 3,000 rules with one target each", () => {
        // (the time of 60,000 rules is in npm run bench; here the answer at a size where pairs would show)
        const resources: TerraformResource[] = [];
        for (let i = 0; i < 3000; i++) {
            resources.push(rule(`r${i}`, { name: `n${i}` }));
            resources.push(
                target(`t${i}`, { rule: `n${i}`, target_id: `T${i}`, arn: `arn:aws:logs:r:1:log-group:/g/${i}:*` }),
            );
            resources.push(resource(`g${i}`, "aws_cloudwatch_log_group", { name: `/g/${i}` }));
        }
        const report = adoptionReport(resources);
        assert.equal(report.rules.length, 3000);
        assert.deepEqual(report.rules[2999].addresses, ["r2999", "t2999", "g2999"]);
        assert.deepEqual(report.problems, []);
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

describe("state file addresses: instance keys as Terraform writes them (issue 30)", () => {
    const stateWithKeys = (...keys: unknown[]) =>
        JSON.stringify({
            version: 4,
            resources: [
                {
                    mode: "managed",
                    type: "aws_ssm_parameter",
                    name: "p",
                    instances: keys.map((index_key) => ({ index_key, attributes: {} })),
                },
            ],
        });

    it("escapes ${ and %{ by doubling, and quotes as HCL does (terraform state list printed these, 1.11.4)", () => {
        // terraform_data.d with the keys "${jndi}", "%{x}" and "a\"b\\c\nd": `terraform state list` printed
        // ["$${jndi}"], ["%%{x}"] and ["a\"b\\c\nd"], and `terraform state rm -dry-run` refused the
        // unescaped ["${jndi}"] ("Template sequences are not allowed in this string")
        const addresses = readTerraformState(
            stateWithKeys("${jndi}", "%{x}", 'a"b\\c\nd', "$x%", "a\u0007\u200b", 3),
        ).map((r) => r.address);
        assert.deepEqual(addresses, [
            'aws_ssm_parameter.p["$${jndi}"]',
            'aws_ssm_parameter.p["%%{x}"]',
            'aws_ssm_parameter.p["a\\"b\\\\c\\nd"]',
            'aws_ssm_parameter.p["$x%"]',
            'aws_ssm_parameter.p["a\\u0007\\u200b"]',
            "aws_ssm_parameter.p[3]",
        ]);
        assert.equal(hclQuoted("${a}$${b}"), '"$${a}$$${b}"');
    });

    it("takes a fractional number as Terraform's int() does, and null as no key", () => {
        assert.deepEqual(
            readTerraformState(stateWithKeys(2.7, null)).map((r) => r.address),
            ["aws_ssm_parameter.p[2]", "aws_ssm_parameter.p"],
        );
    });

    for (const [key, shown] of [
        [{ a: 1 }, '{"a":1}'],
        [true, "true"],
        [["x"], '["x"]'],
    ] as const) {
        it(`refuses the instance key ${shown} as Terraform does (it printed ["[object Object]"] or ["true"])`, () => {
            assert.throws(
                () => readTerraformState(stateWithKeys(key)),
                (e: Error) =>
                    e instanceof TerraformStateError &&
                    e.message ===
                        `resource aws_ssm_parameter.p has an instance with the invalid instance key ${shown}: an instance key is a number or a string (Terraform refuses this state too)`,
            );
        });
    }
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
            stderr: `tf-adopt: ${bad}: not a Terraform state: the JSON is not an object\n`,
        });
    });

    it("names the state file in a message about its content (an invalid instance key; issue 40)", () => {
        const state = path.join(dir, "bad-key.tfstate");
        const resources = [
            { mode: "managed", type: "aws_ssm_parameter", name: "p", instances: [{ index_key: true, attributes: {} }] },
        ];
        fs.writeFileSync(state, JSON.stringify({ version: 4, resources }));
        const run = tfAdoptCommand([state]);
        assert.equal(run.status, 1);
        assert.equal(
            run.stderr,
            `tf-adopt: ${state}: resource aws_ssm_parameter.p has an instance with the invalid instance key true: an instance key is a number or a string (Terraform refuses this state too)\n`,
        );
    });

    it("prints the report and the plan as one JSON document with --json", () => {
        const state = path.join(dir, "state.json");
        const parameter = { mode: "managed", type: "aws_ssm_parameter", address: "aws_ssm_parameter.key" };
        fs.writeFileSync(
            state,
            JSON.stringify({
                format_version: "1.0",
                values: { root_module: { resources: [{ ...parameter, values: { name: "/grafana/k/api_key" } }] } },
            }),
        );
        const run = tfAdoptCommand([state, "--json"]);
        assert.equal(run.status, 0, run.stderr);
        const printed = JSON.parse(run.stdout) as { report: unknown; plan: unknown };
        assert.deepEqual(printed.report, {
            rules: [],
            parameters: [{ name: "/grafana/k/api_key", address: "aws_ssm_parameter.key" }],
            apiKeys: [],
            notAdopted: [],
            problems: [],
        });
        assert.ok(printed.plan !== undefined);
    });

    it("exits 1 saying so when the state holds nothing to adopt (issue 30: it printed an empty line, exit 0)", () => {
        const state = path.join(dir, "nothing.json");
        fs.writeFileSync(state, JSON.stringify({ format_version: "1.0" }));
        for (const args of [[state], [state, "--json"]]) {
            assert.deepEqual(tfAdoptCommand(args), {
                status: 1,
                stdout: "",
                stderr:
                    `tf-adopt: ${state}: nothing to adopt: the state holds 0 managed resources, and no EventBridge rule ` +
                    "on the default bus with its target (aws_cloudwatch_event_rule), SSM parameter (aws_ssm_parameter) " +
                    "or Grafana API key (aws_grafana_workspace_api_key)\n",
            });
        }
        // what is found instead is said: a rule on another bus, an IAM role
        const other = path.join(dir, "other.json");
        fs.writeFileSync(
            other,
            JSON.stringify({
                format_version: "1.0",
                values: {
                    root_module: {
                        resources: [
                            {
                                mode: "managed",
                                type: "aws_cloudwatch_event_rule",
                                address: "aws_cloudwatch_event_rule.r",
                                values: { name: "r", event_bus_name: "custom" },
                            },
                            { mode: "managed", type: "aws_iam_role", address: "aws_iam_role.x", values: {} },
                        ],
                    },
                },
            }),
        );
        const run = tfAdoptCommand([other]);
        assert.equal(run.status, 1);
        assert.match(
            run.stderr,
            /: nothing to adopt: the state holds 2 managed resources, .*: aws_cloudwatch_event_rule\.r: rule "r" is on event bus "custom"; only the default bus is adopted\n$/,
        );
    });

    it("names a state path too long for the file system in words, not Node's ENAMETOOLONG", () => {
        const long = path.join(dir, "x".repeat(5000));
        assert.deepEqual(tfAdoptCommand([long]), {
            status: 1,
            stdout: "",
            stderr: `tf-adopt: ${long}: cannot read the file: its name is too long for the file system\n`,
        });
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

    describe("a stack file whose instances give none or some of the state's names", () => {
        const parameter = (address: string, name: string) => ({
            mode: "managed",
            type: "aws_ssm_parameter",
            address,
            values: { name },
        });
        const stackFile = (stage: string) => {
            const file = path.join(dir, `${stage}.yaml`);
            fs.writeFileSync(
                file,
                `vars: {region: us-east-2, namespace: eg, environment: ue2, stage: ${stage}}\n` +
                    "components:\n  terraform:\n    managed-dashboards/api-key:\n" +
                    "      metadata: {component: managed-dashboards/api-key}\n" +
                    "      vars: {name: grafana, workspace_id: g-0123456789}\n",
            );
            return file;
        };
        const state = () => {
            const file = path.join(dir, "keys.json");
            fs.writeFileSync(
                file,
                JSON.stringify({
                    format_version: "1.0",
                    values: {
                        root_module: {
                            resources: [
                                parameter("aws_ssm_parameter.prod", "/grafana/eg-ue2-prod-grafana/api_key"),
                                parameter("aws_ssm_parameter.other", "/grafana/other/api_key"),
                            ],
                        },
                    },
                }),
            );
            return file;
        };

        it("exits 1 with nothing on stdout when no instance gives any of them (it printed <instance>: and state rm)", () => {
            const staging = stackFile("staging");
            assert.deepEqual(tfAdoptCommand([state(), staging]), {
                status: 1,
                stdout: "",
                stderr:
                    `tf-adopt: ${staging}: no instance gives a name the state holds (SSM parameter "/grafana/eg-ue2-prod-grafana/api_key", ` +
                    `SSM parameter "/grafana/other/api_key"), so nothing would be adopted and no terraform state rm is printed; ` +
                    `the stack file's instances ("managed-dashboards/api-key") give other names: give the stack file of the ` +
                    "state's stack (its namespace, environment, stage and name), or leave the stack file out to print the vars " +
                    "for an instance you name\n",
            });
        });

        it("leaves a resource no instance adopts out of terraform state rm, and says so", () => {
            const run = tfAdoptCommand([state(), stackFile("prod")]);
            assert.equal(run.status, 0, run.stderr);
            assert.match(run.stdout, /^terraform state rm aws_ssm_parameter\.prod$/m);
            assert.match(
                run.stdout,
                /^# note: no instance of the stack file gives SSM parameter "\/grafana\/other\/api_key": left out of terraform state rm;/m,
            );
            // Without a stack file, every resource is for an instance the user names.
            assert.match(
                tfAdoptCommand([state()]).stdout,
                /^terraform state rm aws_ssm_parameter\.prod aws_ssm_parameter\.other$/m,
            );
        });
    });
});
