/**
 * components/kit/declared.ts and declaredArgs.ts on declared composite types (issue 36): a value checked against a
 * list, set, map or object of declared fields (camelCase paths, the user's map keys as keys), values not known yet left
 * unknown, Outputs allowed only where the declaration says (inputs.ts' knownNow), hostile values (cycles, `__proto__`
 * keys, depth), and the one entry point a resolver starts from.
 */
import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";

import { checkDeclared, misplacedInputs, positionOf, type DeferredKind } from "../../components/kit/declared";
import { declaredInstance } from "../../components/kit/declaredArgs";
import { type ArgDefinition, type ComponentDefinition, type VarType } from "../../components/kit/definition";
import { ComponentArgsError, type ArgProblemInput } from "../../components/kit/errors";
import { knownNow } from "../../components/kit/inputs";
import { INSTANCE_ARGS, REGION_ARG, type InstanceArgs } from "../../components/kit/instanceArgs";
import type { LabelInput } from "../../label";
import { LABEL_ARGS } from "../../components/kit/labelArgs";
import { formatProblem } from "../../util/problem";
import { installMocks } from "../../testing";

/** A value not known yet, as util/unknown.ts recognises Pulumi's (no SDK loaded). */
const UNKNOWN = new (class {
    readonly __pulumiUnknown = true;
})();

/** A subscriber, as sns-topic's: a protocol from a closed set, an endpoint that may be an Output, a switch. */
const SUBSCRIBER: VarType = {
    object: {
        protocol: { var: "protocol", type: "string", required: true, allowed: ["sqs", "lambda"], doc: "Protocol." },
        endpoint: { var: "endpoint", type: "string", required: true, input: true, doc: "Endpoint." },
        rawMessageDelivery: { var: "raw_message_delivery", type: "bool", default: false, doc: "Raw delivery." },
    },
};
const SUBSCRIBERS: VarType = { map: SUBSCRIBER };

/** `value` checked at a position of `type` (and `rules`): the result and each problem's line. */
function check(type: VarType, value: unknown, rules: Partial<ArgDefinition> = {}): [unknown, string[]] {
    const problems: ArgProblemInput[] = [];
    const spec = { var: "v", type, defaultText: "", doc: "", ...rules } as ArgDefinition;
    const result = checkDeclared(positionOf(spec), value, ["v"], problems);
    return [result, problems.map((p) => formatProblem(p))];
}

describe("declared checks of any declared type", () => {
    it("scalars: type, allowed values (with the note), range, length in code points, pattern", () => {
        const pattern = { regex: /^g-[0-9a-f]{2}$/, code: "BAD_ID", rule: 'must be an id: "g-" and two hex digits' };
        const cases: [VarType, Partial<ArgDefinition>, unknown, unknown, string[]][] = [
            ["string", {}, "x", "x", []],
            ["string", {}, 5, undefined, ["v must be a string, got 5"]],
            ["string", { max: 2 }, "🙂🙂", "🙂🙂", []],
            ["string", { max: 2 }, "abc", "abc", ['v must be at most 2 characters (has 3), got "abc"']],
            ["string", { pattern }, "g-0a", "g-0a", []],
            ["string", { pattern }, "g-0A", undefined, ['v must be an id: "g-" and two hex digits, got "g-0A"']],
            ["string", { pattern }, 7, undefined, ['v must be an id: "g-" and two hex digits, got 7']],
            [
                "string",
                { allowed: ["a"], default: "a", note: " (lower case)" },
                "A",
                "a",
                ['v must be one of "a" (lower case), got "A"'],
            ],
            ["number", {}, 1.5, 1.5, []],
            ["number", {}, Infinity, undefined, ["v must be a number, got Infinity"]],
            ["number", { min: 1, max: 3 }, 4, undefined, ["v must be an integer from 1 to 3, got 4"]],
            ["number", { allowed: [1, 3], default: 1 }, 2, 1, ["v must be one of 1, 3, got 2"]],
            ["bool", { default: true }, null, true, []],
            ["bool", {}, "yes", undefined, ['v must be true or false, got "yes"']],
            ["string", { required: true }, null, undefined, ["v is required but not set"]],
            ["any", {}, { anything: [1] }, { anything: [1] }, []],
        ];
        for (const [type, rules, value, expected, lines] of cases) {
            assert.deepEqual(check(type, value, rules), [expected, lines], `${String(type)} ${String(value)}`);
        }
    });

    it("lists, sets and maps: each item checked at its index or the user's key; sets sorted, distinct", () => {
        const cases: [VarType, unknown, unknown, string[]][] = [
            ["list(string)", ["b", "a"], ["b", "a"], []],
            ["list(string)", ["a", 1], ["a", undefined], ["v[1] must be a string, got 1"]],
            ["list(string)", "a", undefined, ['v must be a list, got "a"']],
            ["set(string)", ["b", "a", "b"], ["a", "b"], []],
            [{ set: "number" }, [10, 9, 10], [9, 10], []],
            ["map(string)", { OwnerTeam: "x" }, { OwnerTeam: "x" }, []],
            ["map(string)", { OwnerTeam: 1 }, { OwnerTeam: undefined }, ['v["OwnerTeam"] must be a string, got 1']],
            ["map(string)", ["x"], undefined, ['v must be a map, got ["x"]']],
            [
                { list: { list: "number" } },
                [[1], [2, "3"]],
                [[1], [2, undefined]],
                ['v[1][1] must be a number, got "3"'],
            ],
        ];
        for (const [type, value, expected, lines] of cases) {
            assert.deepEqual(check(type, value), [expected, lines], JSON.stringify(value));
        }
    });

    it("a collection of scalars: its allowed values, range, length and pattern are each item's", () => {
        const arn = { regex: /^arn:/, code: "BAD_ARN", rule: "must be an ARN" };
        const cases: [VarType, unknown, Partial<ArgDefinition>, unknown, string[]][] = [
            [
                "list(string)",
                ["arn:a", "nope"],
                { pattern: arn },
                ["arn:a", undefined],
                ['v[1] must be an ARN, got "nope"'],
            ],
            [
                "list(string)",
                ["ab", "abc"],
                { max: 2 },
                ["ab", "abc"],
                ['v[1] must be at most 2 characters (has 3), got "abc"'],
            ],
            [
                "set(string)",
                ["a", "x"],
                { allowed: ["a", "b"] },
                ["a", undefined],
                ['v[1] must be one of "a", "b", got "x"'],
            ],
            [
                { map: "number" },
                { A: 3, B: 9 },
                { min: 1, max: 5 },
                { A: 3, B: undefined },
                ['v["B"] must be an integer from 1 to 5, got 9'],
            ],
            ["list(string)", ["a", "b"], { allowed: ["a", "b"] }, ["a", "b"], []],
        ];
        for (const [type, value, rules, expected, lines] of cases) {
            assert.deepEqual(check(type, value, rules), [expected, lines], JSON.stringify([value, rules]));
        }
    });

    it("objects: camelCase fields, required ones, defaults for null, an undeclared key refused with a suggestion", () => {
        const cases: [unknown, unknown, string[]][] = [
            [
                { ops: { protocol: "sqs", endpoint: "arn:q" } },
                { ops: { protocol: "sqs", endpoint: "arn:q", rawMessageDelivery: false } },
                [],
            ],
            [
                { ops: { protocol: "sqs", endpoint: "arn:q", rawMessageDelivery: null } },
                { ops: { protocol: "sqs", endpoint: "arn:q", rawMessageDelivery: false } },
                [],
            ],
            [
                { ops: { protocol: "http", endpoint: "arn:q", rawMessageDelivery: "yes" } },
                { ops: { protocol: undefined, endpoint: "arn:q", rawMessageDelivery: false } },
                [
                    'v["ops"].protocol must be one of "sqs", "lambda", got "http"',
                    'v["ops"].rawMessageDelivery must be true or false, got "yes"',
                ],
            ],
            [
                { ops: { protocol: "sqs", raw_message_delivery: true } },
                { ops: { protocol: "sqs", endpoint: undefined, rawMessageDelivery: false } },
                [
                    'v["ops"].raw_message_delivery is not a field of v["ops"] (fields: protocol, endpoint, ' +
                        "rawMessageDelivery); did you mean rawMessageDelivery?",
                    'v["ops"].endpoint is required but not set',
                ],
            ],
            [{ ops: "sqs" }, { ops: undefined }, ['v["ops"] must be an object, got "sqs"']],
        ];
        for (const [value, expected, lines] of cases) {
            assert.deepEqual(check(SUBSCRIBERS, value), [expected, lines], JSON.stringify(value));
        }
    });

    it("leaves a value not known yet as it is, and skips only its checks", () => {
        assert.deepEqual(check("string", UNKNOWN, { required: true, max: 1 }), [UNKNOWN, []]);
        const [result, lines] = check(SUBSCRIBERS, { ops: { protocol: UNKNOWN, endpoint: UNKNOWN, extra: 1 } });
        assert.deepEqual(lines, [
            'v["ops"].extra is not a field of v["ops"] (fields: protocol, endpoint, rawMessageDelivery)',
        ]);
        const ops = (result as Record<string, Record<string, unknown>>).ops;
        assert.equal(ops.protocol, UNKNOWN);
        assert.equal(ops.endpoint, UNKNOWN);
        assert.deepEqual(check("list(string)", ["a", UNKNOWN]), [["a", UNKNOWN], []]);
        assert.deepEqual(check("set(string)", ["b", UNKNOWN, "a"]), [["b", UNKNOWN, "a"], []]);
    });

    it("hostile values: __proto__ stays a key, a cycle or a deep value is walked only as deep as the type", () => {
        const withProto = JSON.parse('{"__proto__": "x", "a": "y"}') as unknown;
        const [copy, lines] = check("map(string)", withProto);
        assert.deepEqual(lines, []);
        assert.equal(Object.getPrototypeOf(copy), Object.prototype);
        assert.deepEqual(Object.keys(copy as object), ["__proto__", "a"]);
        assert.equal(({} as Record<string, unknown>).x, undefined);

        const field = JSON.parse('{"ops": {"protocol": "sqs", "endpoint": "e", "__proto__": {"polluted": true}}}');
        assert.deepEqual(check(SUBSCRIBERS, field)[1], [
            'v["ops"].__proto__ is not a field of v["ops"] (fields: protocol, endpoint, rawMessageDelivery); ' +
                "did you mean protocol?",
        ]);
        assert.equal(({} as Record<string, unknown>).polluted, undefined);

        const control = { ops: { protocol: "sqs", endpoint: "e", "\u001b[2J": 1 } };
        assert.deepEqual(check(SUBSCRIBERS, control)[1], [
            'v["ops"]["\\u001b[2J"] is not a field of v["ops"] (fields: protocol, endpoint, rawMessageDelivery)',
        ]);

        const cycle: Record<string, unknown> = { a: "x" };
        cycle.self = cycle;
        const [, cycleLines] = check("map(string)", cycle);
        assert.equal(cycleLines.length, 1);
        assert.match(cycleLines[0], /^v\["self"\] must be a string, got /);

        let deep: unknown = "leaf";
        for (let i = 0; i < 100_000; i++) deep = [deep];
        const [, deepLines] = check({ list: { list: "string" } }, deep);
        assert.equal(deepLines.length, 1);
        assert.match(deepLines[0], /^v\[0\]\[0\] must be a string, got /);
        assert.equal(check("any", deep)[0], deep);
    });
});

/** Recognises the test's own stand-ins for values known later. */
const LATER = Symbol("later");
const later = (got: DeferredKind) => ({ [LATER]: got });
const kind = (value: unknown): DeferredKind | undefined =>
    typeof value === "object" && value !== null && LATER in value
        ? (value as Record<symbol, DeferredKind>)[LATER]
        : undefined;

/** Where `misplacedInputs` refuses a value known later at a position of `type` (`input` or not). */
function misplaced(type: VarType, input: boolean, value: unknown): string[] {
    return misplacedInputs({ type, input }, value, ["v"], kind).map((m) =>
        formatProblem({ code: "", path: m.path, rule: `got ${m.got}` }),
    );
}

describe("values known later only where the declaration takes them", () => {
    it("refuses each where it stands: a shorthand argument as one place, a composite one item by item", () => {
        const ops = (fields: Record<string, unknown>) => ({ ops: { protocol: "sqs", endpoint: "e", ...fields } });
        const cases: [VarType, boolean, unknown, string[]][] = [
            ["string", true, later("an Output"), []],
            ["string", false, later("an Output"), ["v got an Output"]],
            ["string", false, later("a secret"), ["v got a secret"]],
            // A shorthand argument is one place, as before composite types: `input` takes Inputs inside it too.
            ["map(string)", true, { a: later("a Promise") }, []],
            ["map(string)", false, { a: later("a Promise") }, ["v got a Promise"]],
            ["list(string)", false, ["a", [later("an Output")]], ["v got an Output"]],
            [{ map: "string" }, true, { a: later("an Output") }, ['v["a"] got an Output']],
            [{ map: "string", inputValues: true }, false, { a: later("an Output") }, []],
            [{ list: "string", inputItems: true }, false, ["a", later("an Output")], []],
            [{ list: "string" }, true, later("an Output"), []],
            [{ list: "string" }, true, ["a", later("an Output")], ["v[1] got an Output"]],
            [SUBSCRIBERS, false, ops({ endpoint: later("an Output") }), []],
            [SUBSCRIBERS, false, ops({ protocol: later("an Output") }), ['v["ops"].protocol got an Output']],
            [SUBSCRIBERS, false, { ops: later("an Output") }, ['v["ops"] got an Output']],
            [{ list: "string" }, false, ["a", later("an Output")], ["v[1] got an Output"]],
            [{ map: { list: "string" } }, false, { a: "x" }, []],
            [{ map: { list: "string" } }, false, { a: [later("an Output")] }, ['v["a"][0] got an Output']],
            // What an object does not declare is its check's to refuse (one failure, one message).
            [SUBSCRIBERS, false, ops({ extra: [later("a Promise")] }), []],
            // A value not of its type is one place.
            [SUBSCRIBERS, false, { ops: [later("a Promise")] }, ['v["ops"] got a Promise']],
            ["any", true, { deep: [{ x: later("an Output") }] }, []],
            ["any", false, { deep: [{ x: later("an Output") }] }, ["v got an Output"]],
            ["any", false, { deep: [UNKNOWN] }, []],
        ];
        for (const [type, input, value, expected] of cases) {
            assert.deepEqual(misplaced(type, input, value), expected, `${JSON.stringify(type)} ${String(input)}`);
        }
    });

    it("ends on a value that holds itself or is nested deeply where its type says nothing", () => {
        const cycle: unknown[] = [];
        cycle.push(cycle, later("an Output"));
        assert.deepEqual(misplaced("any", false, cycle), ["v got an Output"]);
        let deep: unknown = later("an Output");
        for (let i = 0; i < 100_000; i++) deep = [deep];
        assert.deepEqual(misplaced("any", false, deep), []);
    });
});

/** The fixture component's arguments. */
interface TypedArgs extends InstanceArgs, LabelInput {
    readonly region?: string;
    readonly subscribers?: Record<string, { protocol: string; endpoint: string; rawMessageDelivery?: boolean }>;
    readonly names?: readonly string[];
    readonly size?: string;
}

/** A fixture component: its own composite arguments beside the kit's. */
const FIXTURE: ComponentDefinition<TypedArgs> = {
    path: "fixture/typed",
    typeToken: "fixture:index:Typed",
    doc: "A fixture.",
    args: {
        region: REGION_ARG,
        subscribers: { var: "subscribers", type: SUBSCRIBERS, default: {}, defaultText: "{}", doc: "Subscribers." },
        names: { var: "names", type: { list: "string", inputItems: true }, defaultText: "[]", doc: "Names." },
        size: { var: "size", type: "string", default: "S", allowed: ["S", "M"], defaultText: "S", doc: "A size." },
        ...INSTANCE_ARGS,
        ...LABEL_ARGS,
    },
    outputs: {},
    example: { variable: "typed", name: "typed", args: {}, exports: {} },
};

describe("the kit's entry point of a resolver (declaredInstance)", () => {
    it("runs every declared check, and gives the values typed and defaulted", () => {
        const declared = declaredInstance(FIXTURE, "t", {
            region: "us-east-2",
            name: "x",
            subscribers: { ops: { protocol: "sqs", endpoint: "arn:q" } },
        });
        assert.deepEqual(declared.problems, []);
        assert.deepEqual(declared.values, {
            subscribers: { ops: { protocol: "sqs", endpoint: "arn:q", rawMessageDelivery: false } },
            names: undefined,
            size: "S",
        });
        assert.equal(declared.ready().id, "x");
        assert.equal(declared.region, "us-east-2");
        assert.equal(declared.given("size"), false);
    });

    it("reports every problem at once, in the declaration's order, unknown arguments first", () => {
        const declared = declaredInstance(FIXTURE, "t", {
            sise: "M",
            region: "mars",
            names: [1],
            size: "L",
            aliases: ["t"],
            labelKeyCase: "loud",
        });
        let thrown: unknown;
        try {
            declared.ready();
        } catch (error) {
            thrown = error;
        }
        assert.ok(thrown instanceof ComponentArgsError);
        assert.deepEqual(
            thrown.problems.map((p) => p.field),
            ["sise", "region", "names[0]", "size", "aliases[0]", "labelKeyCase"],
        );
        assert.deepEqual(
            thrown.problems.slice(0, 4).map((p) => p.message),
            [
                "sise is not an argument of fixture/typed (did you mean size?)",
                'region must be an AWS region name such as "us-east-2", got "mars"',
                "names[0] must be a string, got 1",
                'size must be one of "S", "M", got "L"',
            ],
        );
        assert.equal(declared.refused("size"), true);
        assert.equal(declared.refused("names"), true);
    });

    it("runs a component's rule of one argument at its place, only once its declared checks passed", () => {
        const seen: unknown[] = [];
        const declared = declaredInstance(
            FIXTURE,
            "t",
            { region: "us-east-2", name: "x", names: ["a", 1], size: "M" },
            {},
            {
                names: (value) => seen.push(value),
                size: (value, problems, warnings) => {
                    seen.push(value);
                    problems.push({ code: "BIG", path: ["size"], rule: "must not be M on Sundays" });
                    warnings.push({ code: "NOTE", path: ["size"], rule: "is noted" });
                },
            },
        );
        assert.deepEqual(seen, ["M"]);
        assert.deepEqual(
            declared.problems.map((p) => formatProblem(p)),
            ["names[1] must be a string, got 1", "size must not be M on Sundays"],
        );
        assert.deepEqual(
            declared.warnings.map((p) => formatProblem(p)),
            ["size is noted"],
        );
    });

    it("leaves an argument not known yet to its default, and says it is later", () => {
        const declared = declaredInstance(
            FIXTURE,
            "t",
            { name: "x", size: UNKNOWN, names: ["a", UNKNOWN] },
            {
                regionFromProvider: true,
            },
        );
        assert.deepEqual(declared.problems, []);
        assert.equal(declared.values.size, "S");
        assert.equal(declared.later("size"), true);
        assert.deepEqual(declared.values.names, ["a", UNKNOWN]);
    });
});

describe("Outputs in a component's arguments (knownNow with the declaration)", () => {
    before(async () => {
        await installMocks();
    });

    it("replaces those the declaration takes by unknown, and refuses the others where they are", () => {
        const args = {
            name: "x",
            subscribers: {
                ops: { protocol: "sqs", endpoint: pulumi.output("arn:q") },
                dev: { protocol: pulumi.output("sqs"), endpoint: "e" },
            },
            names: ["a", pulumi.output("b")],
            tags: { Team: Promise.resolve("ops") },
            attributes: [pulumi.output("a")],
            size: pulumi.secret("S"),
        };
        const now = knownNow(args, FIXTURE as ComponentDefinition);
        assert.deepEqual(
            now.notPlain.map((p) => formatProblem(p)),
            [
                'subscribers["dev"].protocol must be a plain value known when the component is created, got an Output',
                "attributes must be a plain value known when the component is created, got an Output",
                "size must be a plain value known when the component is created, got an Output",
            ],
        );
        assert.deepEqual(now.deferred, ["subscribers", "names", "tags"]);
        assert.deepEqual(Object.keys(now.args), ["name", "subscribers", "names", "tags"]);
        const subscribers = now.args.subscribers as Record<string, Record<string, unknown>>;
        assert.equal(pulumi.isUnknown(subscribers.ops.endpoint), true);
        assert.equal(pulumi.isUnknown(subscribers.dev.protocol), true);
    });
});
