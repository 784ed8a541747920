/**
 * Every check of the components records a problem of the one model: a stable code, a path of
 * segments (the user's keys as written) and the value received. One row per check; the messages
 * themselves are asserted in the components' own tests.
 */
import * as assert from "node:assert/strict";

import { resolveEventBridge } from "../../components/eventbridge/resolve";
import { resolveDashboardsApiKey } from "../../components/apiKey/resolve";
import { checkAliases } from "../../components/kit/lifecycle";
import { planRotation } from "../../components/apiKey/rotation";
import { AWS_LIMITS, checkTags } from "../../components/kit/awsLimits";
import { EVENTBRIDGE_LIMITS } from "../../components/eventbridge/limits";
import { NameRegistry } from "../../components/kit/collisions";
import { ComponentArgsError } from "../../components/kit/errors";
import { validateStack, StackVarsError } from "../../program/deploy";
import { installMocks } from "../../program/mocks";
import { parseStack, StackFileError } from "../../stack";
import { hasValue, problemToJson, userKey, type Problem, type ProblemPath } from "../../util/problem";
import { lines, STACK_VARS } from "../helpers/stack";

/** What `fn` throws, checked to be a ComponentArgsError. */
function argsError(fn: () => unknown): ComponentArgsError {
    try {
        fn();
    } catch (error) {
        assert.ok(error instanceof ComponentArgsError, String(error));
        return error;
    }
    assert.fail("nothing was thrown");
}

/** The one problem with `code` (failing unless there is exactly one). */
function only(problems: readonly Problem[], code: string): Problem {
    const found = problems.filter((p) => p.code === code);
    assert.equal(found.length, 1, `one ${code} among ${problems.map((p) => p.code).join(", ")}`);
    return found[0];
}

/** The value of a row: `[value]` when one is recorded, `[]` when none applies. */
type Value = [] | [unknown];

function assertProblem(p: Problem, path: ProblemPath, value: Value): void {
    assert.deepEqual(p.path, path);
    if (value.length === 0) {
        assert.equal(hasValue(p), false, `no value for ${p.code}`);
    } else {
        assert.equal(hasValue(p), true, `a value for ${p.code}`);
        assert.deepEqual(p.value, value[0]);
    }
    // A path is never text to parse, and a rule never starts with the field it is about.
    assert.ok(p.path.length > 0);
    assert.match(p.rule, /^[a-z]/);
}

const EVENTBRIDGE = {
    region: "us-east-2",
    namespace: "eg",
    environment: "ue2",
    stage: "prod",
    name: "ecs",
    eventRulePattern: { source: ["aws.ecs"] },
} as const;

const API_KEY = {
    region: "us-east-2",
    namespace: "eg",
    environment: "ue2",
    stage: "prod",
    name: "grafana",
    workspaceId: "g-0123456789",
} as const;

const DEPLOYMENT = { organization: "acme", project: "dashboards", stack: "ue2-prod" } as const;

describe("component problems: code, path and value of every check", () => {
    describe("eventbridge", () => {
        const rows: [string, Record<string, unknown>, string, ProblemPath, Value][] = [
            ["adoptExisting not a boolean", { adoptExisting: "yes" }, "TYPE_MISMATCH", ["adoptExisting"], ["yes"]],
            [
                "adoption without the target id",
                { adoptExisting: true },
                "REQUIRED",
                ["adoptEventTargetId"],
                [undefined],
            ],
            [
                "a target id AWS refuses",
                { adoptEventTargetId: "a b" },
                "BAD_TARGET_ID",
                ["adoptEventTargetId"],
                ["a b"],
            ],
            [
                "a description over 512 characters",
                { eventRuleDescription: "d".repeat(513) },
                "TOO_LONG",
                ["eventRuleDescription"],
                ["d".repeat(513)],
            ],
            [
                "an id too long to be the description",
                // (Dots the id keeps and the log group name drops: the description alone is too long.)
                {
                    eventRuleDescription: "",
                    name: "n.".repeat(260),
                    regexReplaceChars: "/[^a-zA-Z0-9.-]/",
                    labelsAsTags: [],
                },
                "ID_TOO_LONG_FOR_DESCRIPTION",
                ["eventRuleDescription"],
                [""],
            ],
            [
                "labels that leave the id empty",
                { namespace: null, environment: null, stage: null, name: null },
                "EMPTY_ID",
                ["name"],
                [""],
            ],
            [
                "a regex that leaves the log group name empty",
                { namespace: null, environment: null, stage: null, name: "...", regexReplaceChars: "/[^.]/" },
                "EMPTY_NAME",
                ["regexReplaceChars"],
                ["/[^.]/"],
            ],
            [
                "a log group name in the reserved aws/ prefix",
                { namespace: "aws/eg", stage: null, environment: null, name: "ecs" },
                "RESERVED_NAME",
                ["namespace"],
                ["aws/eg"],
            ],
            [
                "a log group name over 512 characters, with a length limit set",
                { name: "n".repeat(520), idLengthLimit: 600, labelsAsTags: [] },
                "NAME_TOO_LONG",
                ["idLengthLimit"],
                [600],
            ],
            [
                "a log group name over 512 characters, no length limit set (blamed on the label that makes the id)",
                { name: "n".repeat(520), labelsAsTags: [] },
                "NAME_TOO_LONG",
                ["name"],
                ["n".repeat(520)],
            ],
            ["a tag key AWS refuses", { tags: { "R&D": "yes" } }, "BAD_TAG_KEY", ["tags", userKey("R&D")], ["R&D"]],
            [
                "a tag value AWS refuses",
                { tags: { OwnerTeam: "ops;oncall" } },
                "BAD_TAG_VALUE",
                ["tags", userKey("OwnerTeam")],
                ["ops;oncall"],
            ],
            [
                "a generated tag value too long, blamed on its label",
                { stage: "s".repeat(300), idLengthLimit: 64 },
                "BAD_TAG_VALUE",
                ["stage"],
                ["s".repeat(300)],
            ],
            [
                "more than 50 tags",
                { tags: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, "v"])) },
                "TOO_MANY_TAGS",
                ["tags"],
                [],
            ],
            ["aliases that are not a list of names", { aliases: "old" }, "TYPE_MISMATCH", ["aliases"], ["old"]],
            [
                "the instance's own name among its aliases",
                { aliases: ["old", "ecs-alerts"] },
                "OWN_NAME_AS_ALIAS",
                ["aliases", 1],
                ["ecs-alerts"],
            ],
            [
                "an event-pattern error deep in the pattern",
                { eventRulePattern: { detail: { state: [{ numeric: [">", "x"] }] } } },
                "NOT_A_NUMBER",
                ["eventRulePattern", userKey("detail"), userKey("state"), 0, userKey("numeric"), 1],
                ["x"],
            ],
            [
                "a pattern that is not an object",
                { eventRulePattern: "[1]" },
                "PATTERN_NOT_OBJECT",
                ["eventRulePattern"],
                [[1]],
            ],
            [
                "an empty object in the pattern (no value to show)",
                { eventRulePattern: { detail: {} } },
                "EMPTY_OBJECT",
                ["eventRulePattern", userKey("detail")],
                [],
            ],
            [
                "a pattern whose jsonencode text is over 4,096 bytes",
                { eventRulePattern: { source: ["&".repeat(700)] } },
                "PATTERN_TOO_LARGE",
                ["eventRulePattern"],
                [],
            ],
        ];
        for (const [what, change, code, path, value] of rows) {
            it(`${code} for ${what}: ${JSON.stringify(path)}`, () => {
                const error = argsError(() => resolveEventBridge("ecs-alerts", { ...EVENTBRIDGE, ...change }));
                assertProblem(only(error.problems, code), path, value);
            });
        }

        it("an event-pattern problem keeps the AWS JSON path and the module's rule in its rule, its value and detail apart", () => {
            const p = only(
                argsError(() => resolveEventBridge("x", { ...EVENTBRIDGE, eventRulePattern: { source: "aws.ecs" } }))
                    .problems,
                "LEAF_NOT_ARRAY",
            );
            assert.equal(p.rule, "is not valid in an event pattern: leaf values must be a non-empty array");
            assert.equal(p.value, "aws.ecs");
            assert.equal(p.detail, undefined);
            const cidr = only(
                argsError(() =>
                    resolveEventBridge("x", { ...EVENTBRIDGE, eventRulePattern: { ip: [{ cidr: "10.0.0.0/32" }] } }),
                ).problems,
                "CIDR_PREFIX_TOO_LONG",
            );
            assert.equal(cidr.rule, "is not valid in an event pattern: an IPv4 prefix length must be at most 31");
            assert.equal(cidr.value, "10.0.0.0/32");
            assert.equal(cidr.detail, "to match one address, give the address itself as an exact value");
        });
    });

    describe("managed-dashboards/api-key", () => {
        const rows: [string, Record<string, unknown>, string, ProblemPath, Value][] = [
            ["adoptExisting not a boolean", { adoptExisting: 1 }, "TYPE_MISMATCH", ["adoptExisting"], [1]],
            [
                "an SSM name SSM refuses",
                { ssmPathFormatApiKey: "dashboards/%s" },
                "BAD_SSM_NAME",
                ["ssmPathFormatApiKey"],
                ["dashboards/%s"],
            ],
            [
                "labels that leave the key name empty",
                { namespace: null, environment: null, stage: null, name: null },
                "EMPTY_ID",
                ["name"],
                [""],
            ],
            ["a key name over 128 characters", { name: "k".repeat(129) }, "NAME_TOO_LONG", ["idLengthLimit"], [0]],
            [
                "a self-referencing stack name",
                { workspaceId: undefined, dashboardsStackName: "acme/dashboards/ue2-prod" },
                "SELF_REFERENCE",
                ["dashboardsStackName"],
                ["acme/dashboards/ue2-prod"],
            ],
            [
                "a component path leading to this stack",
                { workspaceId: undefined, dashboardsComponentName: "dashboards" },
                "SELF_REFERENCE",
                ["dashboardsComponentName"],
                ["dashboards"],
            ],
            [
                "a schedule that lets the key expire",
                { rotationMinutes: 40000, runCadenceMinutes: 10080 },
                "KEY_EXPIRES_BETWEEN_RUNS",
                ["rotationMinutes"],
                [40000],
            ],
            [
                "a lifetime no longer than the cadence",
                { minutesToLive: 1440, runCadenceMinutes: 10080 },
                "NO_VALID_ROTATION",
                ["minutesToLive"],
                [1440],
            ],
            [
                "a cadence no shorter than the default lifetime",
                { runCadenceMinutes: 43200 },
                "NO_VALID_ROTATION",
                ["runCadenceMinutes"],
                [43200],
            ],
            [
                "a tag key SSM refuses",
                { tags: { "cost,center": "1" } },
                "BAD_TAG_KEY",
                ["tags", userKey("cost,center")],
                ["cost,center"],
            ],
            [
                "the instance's own name as an alias",
                { aliases: ["grafana-key"] },
                "OWN_NAME_AS_ALIAS",
                ["aliases", 0],
                ["grafana-key"],
            ],
        ];
        for (const [what, change, code, path, value] of rows) {
            it(`${code} for ${what}: ${JSON.stringify(path)}`, () => {
                const error = argsError(() =>
                    resolveDashboardsApiKey("grafana-key", { ...API_KEY, ...change }, DEPLOYMENT),
                );
                assertProblem(only(error.problems, code), path, value);
            });
        }

        it("args that are not an object", () => {
            const error = argsError(() => resolveDashboardsApiKey("grafana-key", "x" as never));
            assertProblem(only(error.problems, "TYPE_MISMATCH"), ["args"], ["x"]);
        });

        const warningRows: [string, Record<string, unknown>, string, ProblemPath, Value][] = [
            [
                "a schedule with no room for a missed run",
                { minutesToLive: 43200, rotationMinutes: 30000 },
                "NO_ROOM_FOR_MISSED_RUN",
                ["rotationMinutes"],
                [30000],
            ],
            [
                "a stack name beside a workspace id",
                { dashboardsStackName: "a/b/c" },
                "IGNORED",
                ["dashboardsStackName"],
                ["a/b/c"],
            ],
            [
                "a component name beside a stack name",
                { workspaceId: undefined, dashboardsStackName: "a/b/c", dashboardsComponentName: "x" },
                "IGNORED",
                ["dashboardsComponentName"],
                ["x"],
            ],
        ];
        for (const [what, change, code, path, value] of warningRows) {
            it(`warns ${code} for ${what}: ${JSON.stringify(path)}`, () => {
                const resolved = resolveDashboardsApiKey("grafana-key", { ...API_KEY, ...change }, DEPLOYMENT);
                assertProblem(only(resolved.warnings, code), path, value);
            });
        }
    });

    describe("the shared checks, called directly", () => {
        it("planRotation leaves the value out when the blamed argument was not set (its default applies)", () => {
            const problems: Problem[] = [];
            planRotation(null, null, 43200, problems, []);
            assert.deepEqual(
                problems.map((p) => [p.code, p.path, hasValue(p)]),
                [["NO_VALID_ROTATION", ["runCadenceMinutes"], true]],
            );
            // Against the assumed cadence (none given): a warning, not a refusal.
            const unset: Problem[] = [];
            const unsetWarnings: Problem[] = [];
            planRotation(1440, 700, null, unset, unsetWarnings);
            assert.deepEqual(unset, []);
            assert.deepEqual(
                unsetWarnings.map((p) => [p.code, p.path, p.value]),
                [["NO_VALID_ROTATION", ["minutesToLive"], 1440]],
            );
            const defaults: Problem[] = [];
            planRotation(10080, null, 10080, defaults, []);
            assert.equal(defaults[0].code, "NO_VALID_ROTATION");
        });

        it("planRotation words the arithmetic as the detail, after the value", () => {
            const problems: Problem[] = [];
            planRotation(60, null, 10, problems, []);
            planRotation(60, 55, 10, problems, []);
            assert.deepEqual(
                problems.map((p) => [p.code, p.path, hasValue(p) ? p.value : "none"]),
                [["KEY_EXPIRES_BETWEEN_RUNS", ["rotationMinutes"], 55]],
            );
            assert.match(
                problems[0].detail ?? "",
                /^rotationMinutes 55 \+ runCadenceMinutes 10 = 65 > minutesToLive 60/,
            );
            const unsetRotation: Problem[] = [];
            planRotation(100, null, 45, unsetRotation, []);
            assert.deepEqual(unsetRotation, []);
        });

        it("checkAliases points at the offending entry", () => {
            const problems: Problem[] = [];
            assert.deepEqual(checkAliases(["a", "me"], "me", problems), ["a", "me"]);
            assert.deepEqual(
                problems.map((p) => [p.code, p.path, p.value]),
                [["OWN_NAME_AS_ALIAS", ["aliases", 1], "me"]],
            );
        });

        it("checkTags reports a problem found on several resources once, naming them all", () => {
            const problems: Problem[] = [];
            checkTags(
                [
                    { tags: { "aws:x": "1" }, limits: AWS_LIMITS.logs, resource: "log group" },
                    { tags: { "aws:x": "1" }, limits: EVENTBRIDGE_LIMITS.events, resource: "event rule" },
                ],
                { inputTags: { "aws:x": "1" }, delimiter: "-" },
                problems,
            );
            assert.deepEqual(
                problems.map((p) => [p.code, p.path, p.value]),
                [["BAD_TAG_KEY", ["tags", userKey("aws:x")], "aws:x"]],
            );
            assert.match(problems[0].rule, /^gives the log group and the event rule a tag key that /);
        });

        it("NameRegistry: a name in use and a per-region limit, against the argument that sets the name", () => {
            const registry = new NameRegistry();
            const policy = (name: string) => ({
                what: "policy",
                scope: "us-east-2",
                name,
                field: "logsPolicyScope",
                limited: { max: 1, what: "policie" },
            });
            assert.deepEqual(registry.claim({ component: "eventbridge", instance: "a" }, [policy("p")]), []);
            assert.deepEqual(
                registry
                    .claim({ component: "eventbridge", instance: "b" }, [policy("p")])
                    .map((p) => [p.code, p.path, hasValue(p)]),
                [
                    ["NAME_IN_USE", ["logsPolicyScope"], false],
                    ["TOO_MANY_IN_REGION", ["logsPolicyScope"], false],
                ],
            );
        });
    });

    describe("stack loader shape problems carry the value received", () => {
        const rows: [string, string, string, ProblemPath, string, unknown][] = [
            ["a manifest that is not a map", "- a", "BAD_SHAPE", [], "a stack manifest must be a map", ["a"]],
            ["an import that is not a list", "import: x", "BAD_IMPORT", ["import"], "must be a list", "x"],
            [
                "an import entry that is not a path",
                "import: [1]",
                "BAD_IMPORT",
                ["import"],
                "must list paths or maps with path",
                1,
            ],
            [
                "an import entry without a path",
                "import: [{skip_if_missing: true}]",
                "BAD_IMPORT",
                ["import"],
                "must give each entry a path (a string)",
                { skip_if_missing: true },
            ],
            [
                "skip_if_missing that is not a bool",
                "import: [{path: a, skip_if_missing: yes}]",
                "BAD_IMPORT",
                ["import"],
                "must give skip_if_missing as a bool",
                "yes",
            ],
            ["components that is not a map", "components: [1]", "BAD_SHAPE", ["components"], "must be a map", [1]],
            [
                "an instance that is not a map",
                lines("components:", "  terraform:", "    rule: 3"),
                "BAD_SHAPE",
                [],
                "must be a map",
                3,
            ],
            [
                "metadata.enabled that is not a bool",
                lines(
                    "components:",
                    "  terraform:",
                    "    rule:",
                    "      metadata: {component: eventbridge, enabled: 2}",
                ),
                "BAD_SHAPE",
                ["metadata.enabled"],
                "must be a bool",
                2,
            ],
            [
                "metadata.component that is not a string",
                lines("components:", "  terraform:", "    rule:", "      metadata: {component: [eventbridge]}"),
                "BAD_SHAPE",
                ["metadata.component"],
                "must be a component path (a string)",
                ["eventbridge"],
            ],
            [
                "metadata.inherits that is not a list of names",
                lines(
                    "components:",
                    "  terraform:",
                    "    rule:",
                    "      metadata: {component: eventbridge, inherits: base}",
                ),
                "BAD_SHAPE",
                ["metadata.inherits"],
                "must be a list of component names",
                "base",
            ],
            [
                "a context that is not a map",
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    rule:",
                    "      metadata: {component: eventbridge}",
                    "      vars: {name: x, context: [1]}",
                ),
                "TYPE_MISMATCH",
                ["context"],
                "must be a map (a null-label context)",
                [1],
            ],
        ];
        for (const [what, text, code, path, rule, value] of rows) {
            it(`${code} for ${what}`, () => {
                let error: unknown;
                try {
                    parseStack(text, "stacks/prod.yaml");
                } catch (e) {
                    error = e;
                }
                assert.ok(error instanceof StackFileError, String(error));
                const found = error.details.filter((p) => p.code === code && p.rule === rule);
                assert.equal(found.length, 1, error.message);
                assert.deepEqual(found[0].path, path);
                assert.equal(hasValue(found[0]), true);
                assert.deepEqual(found[0].value, value);
            });
        }
    });

    describe("in a stack file", () => {
        const stack = (component: string, vars: string[]) =>
            parseStack(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    rule:",
                    `      metadata: {component: ${component}}`,
                    "      vars:",
                    ...vars.map((line) => `        ${line}`),
                ),
                "stacks/prod.yaml",
            );

        it("an event-pattern problem names the var, the place in the pattern, the file and line; JSON has the path", () => {
            let error: unknown;
            try {
                validateStack(
                    stack("eventbridge", [
                        "name: ecs",
                        "event_rule_pattern:",
                        "  detail:",
                        "    state: [{numeric: ['>', x]}]",
                    ]),
                );
            } catch (e) {
                error = e;
            }
            assert.ok(error instanceof StackVarsError, String(error));
            assert.equal(
                error.message,
                'stacks/prod.yaml:9:11: eventbridge "rule": event_rule_pattern["detail"]["state"][0]["numeric"][1] ' +
                    'is not valid in an event pattern: the value of ">" must be a number, got "x"',
            );
            const [detail] = error.problems;
            assert.equal(detail.code, "NOT_A_NUMBER");
            assert.equal(detail.value, "x");
            assert.equal(detail.rule, 'is not valid in an event pattern: the value of ">" must be a number');
            assert.equal(detail.field, 'event_rule_pattern["detail"]["state"][0]["numeric"][1]');
            const json = problemToJson(error.errors[0].problems[0], error.errors[0].naming);
            assert.deepEqual(json.path, [
                "eventRulePattern",
                { key: "detail" },
                { key: "state" },
                0,
                { key: "numeric" },
                1,
            ]);
            assert.equal(json.field, 'event_rule_pattern["detail"]["state"][0]["numeric"][1]');
        });

        it("a component's warning is rendered with file:line:column, the instance and the snake_case var", async () => {
            const mocks = await installMocks();
            const { deployStack } = await import("../../program/deploy");
            const warnings: string[] = [];
            deployStack(
                stack("managed-dashboards/api-key", [
                    "name: grafana",
                    "workspace_id: g-0123456789",
                    "dashboards_stack_name: a/b/c",
                    "minutes_to_live: 43200",
                    "rotation_minutes: 30000",
                ]),
                {},
                (message) => warnings.push(message),
            );
            await mocks.settle();
            assert.deepEqual(
                warnings.map((w) => w.replace(/ so if one .*$/, "")),
                [
                    'stacks/prod.yaml:11:27: managed-dashboards/api-key "rule": rotation_minutes leaves no room for a ' +
                        "missed run, got 30000: rotationMinutes 30000 + 2 × runCadenceMinutes 10080 (a week, the default) = 50160 > " +
                        "minutesToLive 43200,",
                    'stacks/prod.yaml:9:32: managed-dashboards/api-key "rule": dashboards_stack_name is ignored: the ' +
                        'workspace id is given, so no stack is referenced, got "a/b/c"',
                ],
            );
        });
    });
});
