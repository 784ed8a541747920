/**
 * The one problem model: paths of segments rendered for TypeScript and for stack files (by table,
 * the user's own keys never renamed), JSON, and the same problems from the label, the components
 * and the program.
 */
import * as assert from "node:assert/strict";

import { resolveEventBridgeArgs, type EventBridgeArgs } from "../../components/eventbridge";
import { resolveDashboardsApiKeyArgs } from "../../components/apiKey";
import { createLabel, LabelError } from "../../label";
import { EventPatternError, validateEventPattern } from "../../event-pattern";
import { validateStack, StackVarsError } from "../../program/deploy";
import { parseStack, StackFileError } from "../../stack";
import { formatPath, formatProblem, problem, problemToJson, userKey } from "../../util/problem";
import { describeValue } from "../../util/describeValue";

/** What `fn` throws (failing when it does not throw). */
function thrown(fn: () => unknown): Error {
    try {
        fn();
    } catch (error) {
        return error as Error;
    }
    assert.fail("nothing was thrown");
}

const BASE = { region: "us-east-2", namespace: "eg", name: "x" } as const;

describe("the problem model", () => {
    describe("formatPath", () => {
        const cases: [string, Parameters<typeof formatPath>[0], string][] = [
            ["a field", ["eventLogRetentionInDays"], "eventLogRetentionInDays"],
            ["a nested field", ["context", "labelKeyCase"], "context.labelKeyCase"],
            ["a user's key, as written", ["tags", userKey("OwnerTeam")], 'tags["OwnerTeam"]'],
            ["a key that needs escaping", ["tags", userKey('a"b')], 'tags["a\\"b"]'],
            ["an index", ["attributes", 1], "attributes[1]"],
            [
                "a field under a user's key",
                ["descriptorFormats", userKey("myDesc"), "format"],
                'descriptorFormats["myDesc"].format',
            ],
            ["the whole input", [], ""],
        ];
        for (const [what, path, expected] of cases) {
            it(`writes ${what}`, () => assert.equal(formatPath(path), expected));
        }
    });

    it("renders the rule and the value, and a detail after it", () => {
        assert.equal(
            formatProblem(problem("NOT_ONE_OF", ["keyRole"], 'must be one of "ADMIN"', "admin")),
            'keyRole must be one of "ADMIN", got "admin"',
        );
        assert.equal(
            formatProblem(problem("REQUIRED", ["region"], "is required", undefined)),
            "region is required, got undefined",
        );
        assert.equal(formatProblem(problem("UNKNOWN", ["x"], "is not an argument")), "x is not an argument");
        assert.equal(
            formatProblem(
                problem(
                    "BAD_REGEX",
                    ["regexReplaceChars"],
                    "must be a valid RE2 regular expression",
                    "/(/",
                    "missing )",
                ),
            ),
            'regexReplaceChars must be a valid RE2 regular expression, got "/(/": missing )',
        );
    });

    it("shortens every value by one rule (200 characters, ending with ...)", () => {
        const text = describeValue("x".repeat(500));
        assert.equal(text.length, 200);
        assert.ok(text.endsWith("..."));
        assert.equal(describeValue("x".repeat(198)).length, 200);
        assert.ok(!describeValue("x".repeat(198)).endsWith("..."));
    });

    it("gives JSON-safe data", () => {
        const json = problemToJson(problem("TYPE_MISMATCH", ["tags", userKey("OwnerTeam")], "must be a string", 5));
        assert.deepEqual(JSON.parse(JSON.stringify(json)), {
            code: "TYPE_MISMATCH",
            path: ["tags", { key: "OwnerTeam" }],
            field: 'tags["OwnerTeam"]',
            rule: "must be a string",
            value: "5",
            message: 'tags["OwnerTeam"] must be a string, got 5',
        });
    });

    it("event-pattern errors carry the pattern's path as segments, its keys as written", () => {
        const error = thrown(() => validateEventPattern({ detail: { "my key": [{ numeric: [">", "x"] }] } }));
        assert.ok(error instanceof EventPatternError);
        assert.equal(error.path, '$.detail["my key"][0].numeric[1]');
        assert.deepEqual(error.details[0].path, [userKey("detail"), userKey("my key"), 0, userKey("numeric"), 1]);
        assert.equal(error.details[0].code, "NOT_A_NUMBER");
        assert.equal(error.details[0].value, "x");
        assert.equal(error.details[0].rule, 'the value of ">" must be a number');
    });

    describe("label problems", () => {
        it("are data: code, path with the user's keys, rule, value", () => {
            const error = thrown(() =>
                createLabel({ tags: { OwnerTeam: 5 as unknown as string }, labelKeyCase: "camel" as never }),
            ) as LabelError;
            assert.ok(error instanceof LabelError);
            assert.deepEqual(
                error.details.map((p) => ({ ...p })),
                [
                    {
                        code: "NOT_ONE_OF",
                        path: ["labelKeyCase"],
                        rule: 'must be one of "lower", "title", "upper"',
                        value: "camel",
                    },
                    { code: "TYPE_MISMATCH", path: ["tags", { key: "OwnerTeam" }], rule: "must be a string", value: 5 },
                ],
            );
            assert.deepEqual(
                error.problems.map((p) => p.message),
                [
                    'labelKeyCase must be one of "lower", "title", "upper", got "camel"',
                    'tags["OwnerTeam"] must be a string, got 5',
                ],
            );
        });
    });

    describe("component problems", () => {
        it("carry the label's paths, the user's keys as given", () => {
            const error = thrown(() =>
                resolveEventBridgeArgs("x", {
                    ...BASE,
                    context: { enabled: true, tags: { OwnerTeam: ["a"] } },
                    descriptorFormats: { myDesc: { format: "%v", labels: ["bogus"] } },
                } as unknown as EventBridgeArgs),
            ) as import("../../components/kit/errors").ComponentArgsError;
            assert.deepEqual(
                error.problems.map((p) => [p.code, p.field]),
                [["TYPE_MISMATCH", 'context.tags["OwnerTeam"]']],
            );
            assert.equal(error.message, 'eventbridge "x": context.tags["OwnerTeam"] must be a string, got ["a"]');
        });

        it("have a code, a path and the value for the component's own checks", () => {
            const error = thrown(() =>
                resolveDashboardsApiKeyArgs("k", { ...BASE, keyRole: "admin" as never, minutesToLive: 0 }),
            ) as import("../../components/kit/errors").ComponentArgsError;
            assert.deepEqual(
                error.problems.map((p) => ({ code: p.code, path: p.path, value: p.value })),
                [
                    { code: "NOT_ONE_OF", path: ["keyRole"], value: "admin" },
                    { code: "OUT_OF_RANGE", path: ["minutesToLive"], value: 0 },
                ],
            );
            assert.deepEqual(
                error.toJSON().problems.map((p) => p.message),
                [
                    'keyRole must be one of "VIEWER", "EDITOR", "ADMIN" (upper case), got "admin"',
                    "minutesToLive must be an integer from 1 to 43200 (30 days, the longest a key may live), got 0",
                ],
            );
        });
    });

    describe("stack-file wording", () => {
        const stack = (vars: string) =>
            parseStack(
                [
                    "components:",
                    "  terraform:",
                    "    ecs:",
                    "      metadata:",
                    "        component: eventbridge",
                    "      vars:",
                    "        region: us-east-2",
                    "        namespace: eg",
                    "        name: ecs",
                    ...vars.split("\n").map((line) => `        ${line}`),
                ].join("\n"),
                "stacks/prod.yaml",
            );

        it("names vars and context keys by table, and never renames the user's keys", () => {
            const error = thrown(() =>
                validateStack(
                    stack(
                        [
                            "context:",
                            "  enabled: true",
                            "  tags:",
                            "    OwnerTeam: [a]",
                            "  label_key_case: camel",
                            "descriptor_formats:",
                            "  myDesc:",
                            "    format: '%v'",
                            "    labels: [bogus]",
                            "event_log_retention_in_days: 4",
                        ].join("\n"),
                    ),
                ),
            );
            assert.ok(error instanceof StackVarsError);
            const lines = error.message.split("\n");
            assert.deepEqual(
                error.problems.map((p) => [p.code, p.instance, p.field, p.path, p.message]),
                [
                    ["NOT_ONE_OF", "ecs", "event_log_retention_in_days", ["eventLogRetentionInDays"], lines[0]],
                    ["NOT_ONE_OF", "ecs", "context.label_key_case", ["context", "labelKeyCase"], lines[1]],
                    [
                        "TYPE_MISMATCH",
                        "ecs",
                        'context.tags["OwnerTeam"]',
                        ["context", "tags", userKey("OwnerTeam")],
                        lines[2],
                    ],
                ],
            );
            assert.deepEqual(error.problems[0].location, { file: "stacks/prod.yaml", line: 19, column: 38 });
            assert.equal(error.problems[0].value, 4);
            assert.deepEqual(
                lines.map((line) => line.replace(/, got .*$/, "")),
                [
                    'stacks/prod.yaml:19:38: eventbridge "ecs": event_log_retention_in_days must be one of 1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653',
                    'stacks/prod.yaml:11:11: eventbridge "ecs": context.label_key_case must be one of "lower", "title", "upper"',
                    'stacks/prod.yaml:11:11: eventbridge "ecs": context.tags["OwnerTeam"] must be a string',
                ],
            );
        });

        it("keeps a tag key as written when the loader refuses its value", () => {
            const error = thrown(() => stack("tags:\n  OwnerTeam: {a: b}"));
            assert.ok(error instanceof StackFileError);
            assert.equal(
                error.message,
                'stacks/prod.yaml:11:22: eventbridge "ecs": tags["OwnerTeam"] must be a string, got {"a":"b"}',
            );
            assert.deepEqual(error.details[0], {
                code: "TYPE_MISMATCH",
                path: ["tags", userKey("OwnerTeam")],
                rule: "must be a string",
                value: { a: "b" },
            });
        });

        it("keeps a descriptor's name as written (myDesc, not my_desc)", () => {
            const error = thrown(() =>
                validateStack(
                    stack(["descriptor_formats:", "  myDesc:", "    format: '%v'", "    labels: [bogus]"].join("\n")),
                ),
            );
            assert.equal(
                error.message,
                'stacks/prod.yaml:11:11: eventbridge "ecs": descriptor_formats["myDesc"].labels[0] must be one of namespace, tenant, environment, stage, name, attributes, got "bogus"',
            );
        });
    });
});
