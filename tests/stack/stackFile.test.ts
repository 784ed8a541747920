import * as assert from "node:assert/strict";
import * as path from "node:path";
import { fromTerraformContext } from "../../label";
import { COMPONENT_SCHEMAS, loadStackFile, parseStack, StackFileError } from "../../stack";
import { ECS_PATTERN } from "../fixtures/spec";
import { lines, memoryReader, stackError, STACK_VARS } from "../helpers/stack";

const ECS_ALERTS = lines(
    STACK_VARS,
    "components:",
    "  terraform:",
    "    eventbridge/ecs-alerts:",
    "      metadata:",
    "        component: eventbridge",
    "      vars:",
    "        name: ecs-faults",
    "        enabled: true",
    '        event_rule_description: "ECS failures and warnings"',
    "        event_rule_pattern:",
    "          source:",
    "            - aws.ecs",
    "          detail:",
    "            $or:",
    "              - eventType:",
    "                  - WARN",
    "                  - ERROR",
    "              - agentConnected:",
    "                  - false",
    "              - containers:",
    "                  exitCode:",
    "                    - anything-but:",
    "                        - 0",
);

/** One instance `x` of `component` with the given vars lines (each indented under `vars:`). */
function instance(component: string, ...vars: string[]): string {
    return lines(
        STACK_VARS, //                                      line 1
        "components:", //                                   line 2
        "  terraform:", //                                  line 3
        "    x:", //                                        line 4
        `      metadata: {component: ${component}}`, //     line 5
        "      vars:", //                                   line 6
        ...vars.map((v) => `        ${v}`), //              line 7 on, values at column 9
    );
}

describe("parseStack", () => {
    describe("the spec's usage examples", () => {
        it("loads the eventbridge ECS-alerts instance with its $or pattern", () => {
            const stack = parseStack(ECS_ALERTS, "stacks/prod.yaml");
            assert.equal(stack.file, "stacks/prod.yaml");
            assert.deepEqual(stack.warnings, []);
            assert.equal(stack.instances.length, 1);
            const [ecs] = stack.instances;
            assert.equal(ecs.name, "eventbridge/ecs-alerts");
            assert.equal(ecs.component, "eventbridge");
            assert.equal(ecs.schema, COMPONENT_SCHEMAS.eventbridge);
            assert.deepEqual(ecs.vars, {
                region: "us-east-2",
                namespace: "eg",
                environment: "ue2",
                stage: "prod",
                name: "ecs-faults",
                enabled: true,
                event_rule_description: "ECS failures and warnings",
                event_rule_pattern: ECS_PATTERN,
            });
            assert.deepEqual(ecs.args, {
                region: "us-east-2",
                namespace: "eg",
                environment: "ue2",
                stage: "prod",
                name: "ecs-faults",
                enabled: true,
                eventRuleDescription: "ECS failures and warnings",
                eventRulePattern: ECS_PATTERN,
            });
        });

        it("loads the api-key instance with enabled and dashboards_component_name", () => {
            const stack = parseStack(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    managed-dashboards/api-key:",
                    "      metadata:",
                    "        component: managed-dashboards/api-key",
                    "      vars:",
                    "        enabled: true",
                    "        dashboards_component_name: managed-dashboards/workspace",
                ),
                "stacks/prod.yaml",
            );
            assert.deepEqual(
                stack.instances.map((i) => [i.name, i.component, i.args]),
                [
                    [
                        "managed-dashboards/api-key",
                        "managed-dashboards/api-key",
                        {
                            region: "us-east-2",
                            namespace: "eg",
                            environment: "ue2",
                            stage: "prod",
                            enabled: true,
                            dashboardsComponentName: "managed-dashboards/workspace",
                        },
                    ],
                ],
            );
        });

        it("loads the bundled examples/stack.yaml from disk", () => {
            const stack = loadStackFile(path.join(__dirname, "..", "..", "examples", "stack.yaml"));
            assert.deepEqual(stack.warnings, []);
            assert.deepEqual(
                stack.instances.map((i) => [i.name, i.component, i.args]),
                [
                    [
                        "eventbridge/ecs-alerts",
                        "eventbridge",
                        {
                            region: "us-east-2",
                            namespace: "eg",
                            environment: "ue2",
                            stage: "prod",
                            name: "ecs-faults",
                            enabled: true,
                            eventRuleDescription: "ECS failures and warnings",
                            eventRulePattern: ECS_PATTERN,
                        },
                    ],
                    [
                        "managed-dashboards/api-key",
                        "managed-dashboards/api-key",
                        {
                            region: "us-east-2",
                            namespace: "eg",
                            environment: "ue2",
                            stage: "prod",
                            enabled: true,
                            dashboardsComponentName: "managed-dashboards/workspace",
                        },
                    ],
                ],
            );
        });
    });

    describe("component selection", () => {
        it("uses the instance name as the component path when metadata.component is absent", () => {
            const stack = parseStack(
                lines(STACK_VARS, "components:", "  terraform:", "    eventbridge:", "      vars: {name: rule}"),
                "s.yaml",
            );
            assert.deepEqual(
                stack.instances.map((i) => [i.name, i.component, i.args.name]),
                [["eventbridge", "eventbridge", "rule"]],
            );
        });

        it("keeps the instances in file order", () => {
            const stack = parseStack(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    b: {metadata: {component: eventbridge}}",
                    "    a: {metadata: {component: managed-dashboards/api-key}}",
                    "    c: {metadata: {component: eventbridge}}",
                ),
                "s.yaml",
            );
            assert.deepEqual(
                stack.instances.map((i) => i.name),
                ["b", "a", "c"],
            );
        });

        it("loads a stack with no components", () => {
            const empty = { file: "s.yaml", stackName: "s", instances: [], skipped: [], warnings: [] };
            assert.deepEqual(parseStack(lines(STACK_VARS), "s.yaml"), empty);
            assert.deepEqual(parseStack("", "s.yaml"), empty);
        });

        // [title, instance line, skipped instance and component, warning]
        const otherComponents: [string, string, [string, string], string | undefined][] = [
            [
                "a near miss of a known metadata.component, with a suggestion",
                "    x: {metadata: {component: eventbrige}}",
                ["x", "eventbrige"],
                's.yaml:4:31: instance "x": component eventbrige is not implemented by this package and is left to Terraform (did you mean eventbridge?)',
            ],
            [
                "an instance name that is another component's path",
                "    vpc: {vars: {cidr: 10.0.0.0/16}}",
                ["vpc", "vpc"],
                undefined,
            ],
            [
                "a misspelt instance name used as the component path, with a suggestion",
                "    eventbrige: {}",
                ["eventbrige", "eventbrige"],
                's.yaml:4:5: instance "eventbrige": component eventbrige is not implemented by this package and is left to Terraform (did you mean eventbridge?)',
            ],
        ];
        for (const [title, line, skipped, warning] of otherComponents) {
            it(`skips ${title}`, () => {
                const stack = parseStack(lines(STACK_VARS, "components:", "  terraform:", line), "s.yaml");
                assert.deepEqual(stack.instances, []);
                assert.deepEqual(
                    stack.skipped.map((s) => [s.instance, s.component]),
                    [skipped],
                );
                assert.deepEqual(stack.warnings, warning === undefined ? [] : [warning]);
            });
        }

        it("accepts Cloud Posse's path managed-grafana/api-key for managed-dashboards/api-key, with a warning", () => {
            const stack = parseStack(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    key: {metadata: {component: managed-grafana/api-key}}",
                ),
                "s.yaml",
            );
            assert.deepEqual(
                stack.instances.map((i) => [i.name, i.component]),
                [["key", "managed-dashboards/api-key"]],
            );
            assert.deepEqual(stack.warnings, [
                's.yaml:4:33: instance "key": component path managed-grafana/api-key is Cloud Posse\'s name; this package calls it managed-dashboards/api-key',
                // Declared under the original's name, it keeps the original's SSM path (issue 31).
                's.yaml:4:5: managed-dashboards/api-key "key": declared under the original Cloud Posse names (component managed-grafana/api-key), so it keeps the original\'s defaults: dashboards_component_name "managed-grafana/workspace" (this package\'s: "managed-dashboards/workspace"), ssm_path_format_api_key "/grafana/%s/api_key" (this package\'s: "/dashboards/%s/api_key"); set a var to choose otherwise',
            ]);
            assert.equal(stack.instances[0].vars.ssm_path_format_api_key, "/grafana/%s/api_key");
        });
    });

    describe("merging stack-level vars under an instance's vars", () => {
        // [title, stack-level vars, other top-level lines, the instance's own vars, expected vars besides region and name]
        const cases: [string, string[], string[], string[], Record<string, unknown>][] = [
            ["lets the instance's value win", ["stage: dev"], [], ["stage: test"], { stage: "test" }],
            [
                "merges maps such as tags key by key",
                ["tags: {Team: core, Owner: ops}"],
                [],
                ["tags: {Owner: sre, Cost: '12'}"],
                { tags: { Team: "core", Owner: "sre", Cost: "12" } },
            ],
            [
                "replaces lists instead of appending",
                ["attributes: [a, b]"],
                [],
                ["attributes: [c]"],
                { attributes: ["c"] },
            ],
            [
                "lets terraform.vars override vars",
                ["stage: global"],
                ["terraform:", "  vars: {stage: tf}"],
                [],
                { stage: "tf" },
            ],
            [
                "unsets a stack-level value with null (the component's default applies)",
                ["delimiter: _"],
                [],
                ["delimiter: null"],
                {},
            ],
            [
                "drops a null element of a map of strings",
                [],
                [],
                ["tags: {Team: core, Gone: null}"],
                { tags: { Team: "core" } },
            ],
            [
                "ignores stack-level vars the component does not take",
                ["workspace_id: g-1234567890", "vpc_cidr: 10.0.0.0/16"],
                [],
                [],
                {},
            ],
        ];
        for (const [title, stackVars, topLevel, ownVars, expected] of cases) {
            it(title, () => {
                const text = lines(
                    "vars:",
                    "  region: us-east-2",
                    ...stackVars.map((v) => `  ${v}`),
                    ...topLevel,
                    "components:",
                    "  terraform:",
                    "    x:",
                    "      metadata: {component: eventbridge}",
                    "      vars:",
                    "        name: n",
                    ...ownVars.map((v) => `        ${v}`),
                );
                const [x] = parseStack(text, "s.yaml").instances;
                assert.deepEqual(x.vars, { region: "us-east-2", name: "n", ...expected });
            });
        }
    });

    describe("Terraform-like type conversion", () => {
        const converts: [string, string, string, unknown][] = [
            ["a numeric string to a number", "event_log_retention_in_days", '"14"', 14],
            ["a number to a number", "event_log_retention_in_days", "14", 14],
            ["a string in exponent form to a number", "id_length_limit", '"1e1"', 10],
            ['"true" to a bool', "enabled", '"true"', true],
            ['"false" to a bool', "enabled", '"false"', false],
            ["a number to a string", "name", "5", "5"],
            ["a fraction to a string", "name", "1.50", "1.5"],
            ["a bool to a string", "stage", "true", "true"],
            ["list elements to strings", "attributes", "[a, 1, false]", ["a", "1", "false"]],
            [
                "a set of strings, deduplicated and sorted as Terraform iterates it",
                "labels_as_tags",
                "[stage, name, stage, 1]",
                ["1", "name", "stage"],
            ],
            ["map values to strings", "tags", "{Count: 3, On: true}", { Count: "3", On: "true" }],
            [
                "an any var to its plain value",
                "event_rule_pattern",
                "{source: [aws.ec2], detail: {n: [1, null]}}",
                { source: ["aws.ec2"], detail: { n: [1, null] } },
            ],
            [
                "an any var given as JSON text to that text",
                "event_rule_pattern",
                `'{"source":["aws.ec2"]}'`,
                '{"source":["aws.ec2"]}',
            ],
        ];
        for (const [title, varName, value, expected] of converts) {
            it(`converts ${title}`, () => {
                const [x] = parseStack(instance("eventbridge", `${varName}: ${value}`), "s.yaml").instances;
                assert.deepEqual(x.vars[varName], expected);
                assert.deepEqual(x.args[COMPONENT_SCHEMAS.eventbridge.vars[varName].arg], expected);
            });
        }

        const refuses: [string, string, string][] = [
            [
                "a non-numeric string for a number",
                'event_log_retention_in_days: "abc"',
                's.yaml:7:38: eventbridge "x": event_log_retention_in_days must be a number, got "abc"',
            ],
            [
                "a bool for a number",
                "event_log_retention_in_days: true",
                's.yaml:7:38: eventbridge "x": event_log_retention_in_days must be a number, got true',
            ],
            [
                "infinity for a number",
                "id_length_limit: .inf",
                's.yaml:7:26: eventbridge "x": id_length_limit must be a number, got Infinity',
            ],
            ['"yes" for a bool', "enabled: yes", 's.yaml:7:18: eventbridge "x": enabled must be a bool, got "yes"'],
            ["a number for a bool", "enabled: 1", 's.yaml:7:18: eventbridge "x": enabled must be a bool, got 1'],
            ["a list for a string", "name: [a]", 's.yaml:7:15: eventbridge "x": name must be a string, got ["a"]'],
            [
                "a map for a string",
                "event_rule_description: {a: 1}",
                's.yaml:7:33: eventbridge "x": event_rule_description must be a string, got {"a":1}',
            ],
            [
                "a string for a list",
                "attributes: a",
                's.yaml:7:21: eventbridge "x": attributes must be a list of strings, got "a"',
            ],
            [
                "a nested list element",
                "attributes: [a, [b]]",
                's.yaml:7:25: eventbridge "x": attributes[1] must be a string, got ["b"]',
            ],
            [
                "a null list element",
                "label_order: [name, null]",
                's.yaml:7:29: eventbridge "x": label_order[1] must be a string, got null',
            ],
            [
                "a string for a set",
                "labels_as_tags: default",
                's.yaml:7:25: eventbridge "x": labels_as_tags must be a set of strings, got "default"',
            ],
            ["a list for a map", "tags: [a]", 's.yaml:7:15: eventbridge "x": tags must be a map of strings, got ["a"]'],
            [
                "a nested map value",
                "additional_tag_map: {a: {b: c}}",
                's.yaml:7:33: eventbridge "x": additional_tag_map["a"] must be a string, got {"b":"c"}',
            ],
            [
                "a long value, shortened in the message",
                `name: [${"abcdefghij, ".repeat(20)}z]`,
                `s.yaml:7:15: eventbridge "x": name must be a string, got [${'"abcdefghij",'.repeat(15)}"...`,
            ],
        ];
        for (const [title, line, message] of refuses) {
            it(`refuses ${title}, naming the var, the type and the value`, () => {
                const error = stackError(() => parseStack(instance("eventbridge", line), "s.yaml"));
                assert.equal(error.message, message);
                assert.equal(error.code, "TYPE_MISMATCH");
                assert.equal(error.instance, "x");
            });
        }

        it("does not check allowed values (the component does)", () => {
            const [x] = parseStack(
                instance("eventbridge", "event_log_retention_in_days: 4", "label_key_case: shouting"),
                "s.yaml",
            ).instances;
            assert.deepEqual([x.vars.event_log_retention_in_days, x.vars.label_key_case], [4, "shouting"]);
        });

        it("points a bad stack-level var at the stack-level line, naming the instance", () => {
            const error = stackError(() =>
                parseStack(
                    lines(
                        "vars: {region: us-east-2, stage: [a]}",
                        "components:",
                        "  terraform:",
                        "    eventbridge: {}",
                    ),
                    "s.yaml",
                ),
            );
            assert.equal(error.message, 's.yaml:1:34: eventbridge "eventbridge": stage must be a string, got ["a"]');
        });
    });

    describe("required vars", () => {
        it("refuses an instance without region, pointing at the instance", () => {
            const error = stackError(() =>
                parseStack(lines("components:", "  terraform:", "    eventbridge:", "      vars: {name: x}"), "s.yaml"),
            );
            assert.equal(
                error.message,
                's.yaml:3:5: eventbridge "eventbridge": region is required but not set (in the instance\'s vars or the stack-level vars)',
            );
            assert.deepEqual(
                [error.code, error.instance, error.field, error.line, error.column],
                ["MISSING_REQUIRED", "eventbridge", "region", 3, 5],
            );
        });

        it("treats a region unset with null as missing", () => {
            const error = stackError(() =>
                parseStack(instance("managed-dashboards/api-key", "region: null"), "s.yaml"),
            );
            assert.equal(
                error.message,
                's.yaml:4:5: managed-dashboards/api-key "x": region is required but not set (in the instance\'s vars or the stack-level vars)',
            );
        });
    });

    describe("unknown vars", () => {
        const cases: [string, string, string][] = [
            [
                "a misspelt var, with the closest name",
                "event_log_retention_days: 7",
                's.yaml:7:9: eventbridge "x": unknown var event_log_retention_days; did you mean event_log_retention_in_days?',
            ],
            [
                "a camelCase arg, with its snake_case var",
                "eventRulePattern: {}",
                's.yaml:7:9: eventbridge "x": unknown var eventRulePattern; did you mean event_rule_pattern?',
            ],
            [
                "a misspelt original name, with the new name",
                "cloudwatch_event_rule_patern: {}",
                's.yaml:7:9: eventbridge "x": unknown var cloudwatch_event_rule_patern; did you mean event_rule_pattern?',
            ],
            [
                "a var of the other component, without a suggestion",
                "key_role: ADMIN",
                's.yaml:7:9: eventbridge "x": unknown var key_role',
            ],
        ];
        for (const [title, line, message] of cases) {
            it(`refuses ${title}`, () => {
                const error = stackError(() => parseStack(instance("eventbridge", line), "s.yaml"));
                assert.equal(error.message, message);
                assert.deepEqual([error.code, error.instance, error.field], ["UNKNOWN_VAR", "x", line.split(":")[0]]);
            });
        }

        it("does not take a var name from Object.prototype", () => {
            const error = stackError(() => parseStack(instance("eventbridge", "constructor: x"), "s.yaml"));
            assert.equal(error.message, 's.yaml:7:9: eventbridge "x": unknown var constructor');
        });
    });

    describe("original Cloud Posse var names", () => {
        const cases: [string, string, string, string, unknown][] = [
            [
                "eventbridge",
                'cloudwatch_event_rule_description: "ECS"',
                "event_rule_description",
                "eventRuleDescription",
                "ECS",
            ],
            [
                "eventbridge",
                "cloudwatch_event_rule_pattern: {source: [aws.ecs]}",
                "event_rule_pattern",
                "eventRulePattern",
                { source: ["aws.ecs"] },
            ],
            [
                "managed-dashboards/api-key",
                "grafana_component_name: grafana",
                "dashboards_component_name",
                "dashboardsComponentName",
                "grafana",
            ],
        ];
        for (const [component, line, newName, arg, value] of cases) {
            const alias = line.split(":")[0];
            it(`accepts ${alias} as ${newName}, with a warning`, () => {
                const stack = parseStack(instance(component, line), "s.yaml");
                assert.deepEqual(stack.instances[0].vars[newName], value);
                assert.deepEqual(stack.instances[0].args[arg], value);
                assert.equal(alias in stack.instances[0].vars, false);
                assert.deepEqual(stack.warnings, [
                    `s.yaml:7:9: ${component} "x": ${alias} is deprecated (the original Cloud Posse name); use ${newName}`,
                    // Declared under an original var name, an instance keeps the original's defaults
                    // (issue 31): the api-key's SSM path, the eventbridge's account-scoped logs policy.
                    `s.yaml:4:5: ${component} "x": declared under the original Cloud Posse names (${alias}), so it keeps the original's defaults: ${
                        component === "managed-dashboards/api-key"
                            ? 'ssm_path_format_api_key "/grafana/%s/api_key" (this package\'s: "/dashboards/%s/api_key")'
                            : 'logs_policy_scope "account" (this package\'s: "resource")'
                    }; set a var to choose otherwise`,
                ]);
            });
        }

        it("refuses an original name and its new name together", () => {
            const error = stackError(() =>
                parseStack(
                    instance("eventbridge", "event_rule_description: a", "cloudwatch_event_rule_description: b"),
                    "s.yaml",
                ),
            );
            assert.equal(
                error.message,
                's.yaml:8:9: eventbridge "x": cloudwatch_event_rule_description and event_rule_description are both set; cloudwatch_event_rule_description is the original Cloud Posse name of event_rule_description, keep only event_rule_description',
            );
            assert.equal(error.code, "ALIAS_CONFLICT");
        });

        it("lets an instance's new name override a stack-level original name", () => {
            const stack = parseStack(
                lines(
                    "vars: {region: r, grafana_component_name: a}",
                    "components:",
                    "  terraform:",
                    "    managed-dashboards/api-key:",
                    "      vars: {dashboards_component_name: b}",
                ),
                "s.yaml",
            );
            assert.equal(stack.instances[0].vars.dashboards_component_name, "b");
            assert.deepEqual(stack.warnings, [
                's.yaml:1:19: managed-dashboards/api-key "managed-dashboards/api-key": grafana_component_name is deprecated (the original Cloud Posse name); use dashboards_component_name',
            ]);
        });
    });

    describe("the context var", () => {
        it("converts a snake_case null-label context to the camelCase LabelContext", () => {
            const [x] = parseStack(
                instance(
                    "eventbridge",
                    "context: {namespace: cp, label_order: [name, stage], labels_as_tags: [unset], id_length_limit: 10}",
                ),
                "s.yaml",
            ).instances;
            const snake = {
                namespace: "cp",
                label_order: ["name", "stage"],
                labels_as_tags: ["unset"],
                id_length_limit: 10,
            };
            assert.deepEqual(x.vars.context, snake);
            assert.deepEqual(x.args.context, fromTerraformContext(snake));
            assert.deepEqual(x.args.context, {
                namespace: "cp",
                labelOrder: ["name", "stage"],
                labelsAsTags: ["unset"],
                idLengthLimit: 10,
            });
        });

        it("refuses a context that is not a map", () => {
            const error = stackError(() => parseStack(instance("eventbridge", "context: cp"), "s.yaml"));
            assert.equal(
                error.message,
                's.yaml:7:18: eventbridge "x": context must be a map (a null-label context), got "cp"',
            );
        });

        it("refuses a context the label module refuses, with its reason", () => {
            let reason = "";
            try {
                fromTerraformContext({ labelOrder: ["name"] });
            } catch (error) {
                reason = (error as Error).message;
            }
            assert.notEqual(reason, "");
            const error = stackError(() =>
                parseStack(instance("eventbridge", "context: {labelOrder: [name]}"), "s.yaml"),
            );
            assert.equal(error.message, `s.yaml:7:18: eventbridge "x": ${reason}`);
            assert.deepEqual([error.code, error.field], ["BAD_CONTEXT", "context"]);
        });
    });

    describe("stack file shape", () => {
        const cases: [string, string, string][] = [
            ["a stack file that is not a map", "- a\n", 's.yaml:1:1: a stack manifest must be a map, got ["a"]'],
            ["vars that are not a map", "vars: [region]\n", 's.yaml:1:7: vars must be a map, got ["region"]'],
            [
                "an instance that is not a map",
                "components:\n  terraform:\n    x: eventbridge\n",
                's.yaml:3:8: instance "x" must be a map, got "eventbridge"',
            ],
            [
                "a bad metadata.inherits",
                "components:\n  terraform:\n    x:\n      metadata: {inherits: base}\n",
                's.yaml:4:28: instance "x": metadata.inherits must be a list of component names, got "base"',
            ],
            [
                "an empty instance name",
                'components:\n  terraform:\n    "": {}\n',
                "s.yaml:3:5: an instance under components.terraform has an empty name",
            ],
        ];
        for (const [title, text, message] of cases) {
            it(`refuses ${title}`, () => {
                assert.equal(stackError(() => parseStack(text, "s.yaml")).message, message);
            });
        }

        it("ignores what Atmos ignores: anchor-holding top-level keys, other component types, unknown instance sections, custom metadata", () => {
            const stack = parseStack(
                lines(
                    STACK_VARS,
                    "plan-wf-config: &wf {x: 1}",
                    "components:",
                    "  helmfile: {nginx: {vars: {replicas: 2}}}",
                    "  kubernetes: {}",
                    "  terraform:",
                    "    eventbridge:",
                    "      secrets: {a: b}",
                    "      mocks: {a: b}",
                    "      locals: {a: b}",
                    "      metadata: {component: eventbridge, owner: me, custom: {team: a}, type: real}",
                ),
                "s.yaml",
            );
            assert.deepEqual(
                stack.instances.map((i) => i.name),
                ["eventbridge"],
            );
        });

        it("ignores Atmos sections that do not configure the components", () => {
            const stack = parseStack(
                lines(
                    STACK_VARS,
                    "settings: {spacelift: {workspace_enabled: true}}",
                    "env: {TF_LOG: info}",
                    "terraform: {backend_type: s3, backend: {s3: {bucket: b}}}",
                    "components:",
                    "  helmfile: {}",
                    "  terraform:",
                    "    eventbridge:",
                    "      settings: {depends_on: [x]}",
                    "      backend: {s3: {key: k}}",
                    "      metadata: {terraform_workspace: w, locked: false}",
                ),
                "s.yaml",
            );
            assert.deepEqual(
                stack.instances.map((i) => i.name),
                ["eventbridge"],
            );
        });
    });

    describe("YAML syntax", () => {
        const cases: [string, string, string[]][] = [
            [
                "an unclosed flow sequence and quote",
                'a: [1, 2\nb: "x\n',
                [
                    "s.yaml:2:1: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
                    's.yaml:3:1: invalid YAML: Missing closing "quote',
                ],
            ],
            ["a duplicate key", "vars: {}\nvars: {}\n", ["s.yaml:2:1: invalid YAML: Map keys must be unique"]],
            [
                "a tab as indentation",
                "vars:\n\tregion: x\n",
                ["s.yaml:2:1: invalid YAML: Tabs are not allowed as indentation"],
            ],
            [
                "a second document",
                "vars: {}\n---\nvars: {}\n",
                ["s.yaml:2:1: invalid YAML: a stack file holds one document (found a second ---)"],
            ],
            ["an alias without anchor", "vars: *missing\n", ["s.yaml:1:7: invalid YAML: alias *missing has no anchor"]],
        ];
        for (const [title, text, messages] of cases) {
            it(`reports ${title} with file, line and column`, () => {
                const error = stackError(() => parseStack(text, "s.yaml"));
                assert.deepEqual(
                    error.problems.map((p) => p.message),
                    messages,
                );
                assert.equal(error.message, messages.join("\n"));
                assert.equal(error.code, "YAML_SYNTAX");
            });
        }

        it("refuses an Atmos YAML function the loader does not evaluate, by name", () => {
            const error = stackError(() => parseStack(instance("eventbridge", "name: !git.sha"), "s.yaml"));
            assert.match(error.message, /^s\.yaml:7:23: eventbridge "x": name: !git\.sha is not supported/);
            assert.equal(error.code, "YAML_FUNCTION");
        });

        it("refuses an unknown YAML tag, as Atmos does", () => {
            const error = stackError(() => parseStack(instance("eventbridge", "name: !bogus x"), "s.yaml"));
            assert.equal(error.message, "s.yaml:7:22: unknown YAML tag !bogus (Atmos refuses it too)");
            assert.equal(error.code, "UNSUPPORTED_TAG");
        });

        it("leaves YAML functions of other components alone", () => {
            const stack = parseStack(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    vpc: {vars: {id: !terraform.output vpc .id, home: !env HOME}}",
                    "    eventbridge: {}",
                ),
                "s.yaml",
            );
            assert.deepEqual(
                stack.instances.map((i) => i.name),
                ["eventbridge"],
            );
        });

        it("expands anchors, aliases and merge keys", () => {
            const stack = parseStack(
                lines(
                    "vars: {region: r}",
                    "settings: &base {name: shared, tags: {Team: core}}",
                    "components:",
                    "  terraform:",
                    "    eventbridge:",
                    "      vars:",
                    "        <<: *base",
                    "        tags: {Owner: me}",
                ),
                "s.yaml",
            );
            assert.deepEqual(stack.instances[0].vars, { region: "r", name: "shared", tags: { Owner: "me" } });
        });
    });

    describe("StackFileError", () => {
        it("lists every problem of the file at once, in reading order, each on its own line", () => {
            const error = stackError(() =>
                parseStack(
                    lines(
                        "vars: {region: us-east-2}",
                        "components:",
                        "  terraform:",
                        "    eventbridge/a:",
                        "      metadata: {component: eventbridge}",
                        "      vars: {regoin: x, event_log_retention_in_days: abc}",
                        "    managed-dashboards/api-key:",
                        "      vars: {minutes_to_live: soon}",
                    ),
                    "s.yaml",
                ),
            );
            assert.equal(
                error.message,
                [
                    's.yaml:6:14: eventbridge "eventbridge/a": unknown var regoin; did you mean region?',
                    's.yaml:6:54: eventbridge "eventbridge/a": event_log_retention_in_days must be a number, got "abc"',
                    's.yaml:8:31: managed-dashboards/api-key "managed-dashboards/api-key": minutes_to_live must be a number, got "soon"',
                ].join("\n"),
            );
            assert.equal(error.problems.length, 3);
            assert.deepEqual(
                error.details.map((p) => [p.code, p.path]),
                error.problems.map((p) => [p.code, p.path ?? (p.field === undefined ? [] : [p.field])]),
            );
            assert.deepEqual(error.problems[2], {
                code: "TYPE_MISMATCH",
                file: "s.yaml",
                line: 8,
                column: 31,
                instance: "managed-dashboards/api-key",
                field: "minutes_to_live",
                path: ["minutes_to_live"],
                rule: "must be a number",
                value: "soon",
                reason: 'managed-dashboards/api-key "managed-dashboards/api-key": minutes_to_live must be a number, got "soon"',
                message:
                    's.yaml:8:31: managed-dashboards/api-key "managed-dashboards/api-key": minutes_to_live must be a number, got "soon"',
            });
        });

        it("is an Error carrying the first problem's code, position, instance and field", () => {
            const error = stackError(() => parseStack(instance("eventbridge", "enabled: maybe"), "s.yaml"));
            assert.ok(error instanceof Error);
            assert.ok(error instanceof StackFileError);
            assert.equal(error.name, "StackFileError");
            assert.deepEqual(
                [error.code, error.file, error.line, error.column, error.instance, error.field],
                ["TYPE_MISMATCH", "s.yaml", 7, 18, "x", "enabled"],
            );
        });
    });
});

describe("loadStackFile", () => {
    it("reads through the injected reader", () => {
        const stack = loadStackFile("stacks/prod.yaml", { readFile: memoryReader({ "stacks/prod.yaml": ECS_ALERTS }) });
        assert.deepEqual(
            stack.instances.map((i) => i.name),
            ["eventbridge/ecs-alerts"],
        );
    });

    it("refuses a stack file that does not exist", () => {
        const error = stackError(() => loadStackFile("stacks/none.yaml", { readFile: memoryReader({}) }));
        assert.equal(error.message, "stacks/none.yaml: file not found");
        assert.deepEqual([error.code, error.line], ["FILE_NOT_FOUND", undefined]);
    });

    it("refuses a stack file that cannot be read, with the reader's reason", () => {
        const error = stackError(() =>
            loadStackFile("stacks/prod.yaml", {
                readFile: (path) => {
                    const code = path === "stacks/prod.yaml" ? "EACCES" : "ENOENT";
                    throw Object.assign(new Error(`${code}: cannot open ${path}`), { code });
                },
            }),
        );
        assert.equal(error.message, "stacks/prod.yaml: cannot read the file: EACCES: cannot open stacks/prod.yaml");
        assert.equal(error.code, "FILE_UNREADABLE");
    });
});
