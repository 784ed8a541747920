/**
 * Stack-file values of composite declared types (stack/convert.ts): lists, sets and maps of any type and objects of
 * declared fields, converted as Terraform converts tfvars (terraform internal/terraform/eval_variable.go, lines
 * 104-108: `convert.Convert(given, convertTy)`; go-cty v1.18.1 cty/convert/conversion_collection.go
 * conversionTupleToList/ToSet and conversionObjectToMap, conversion_object.go conversionObjectToObject, and
 * cty/set_internals.go setRules.Less for a set's order), except that an object key not declared is refused
 * (go-cty drops it: conversion_object.go lines 72-75). The definition is synthetic: no shipped component declares one.
 */
import * as assert from "node:assert/strict";
import fc from "fast-check";
import type { ComponentDefinition, ObjectType, VarType } from "../../components/kit/definition";
import { stackVarNaming } from "../../components/kit/definition";
import { generatedBlocks, STACK_FILES_GUIDE } from "../../components/kit/reference";
import { convertValue, typeWords, type ConversionFailure } from "../../stack/convert";
import { ProblemList } from "../../stack/errors";
import type { MergedComponent } from "../../stack/inheritance";
import { resolveInstance } from "../../stack/instance";
import { schemaOf, stackFileValue } from "../../stack/schema";
import { parseYamlTree, type Location, type MapNode, type TreeNode } from "../../stack/tree";
import { numberTextAt } from "../../util/numberText";
import { formatPath, userKey, type ProblemPath } from "../../util/problem";

/** The tree of a YAML snippet (which must parse). */
function tree(text: string): TreeNode {
    const parsed = parseYamlTree(text, "t.yaml");
    assert.deepEqual(parsed.problems, []);
    assert.ok(parsed.root);
    return parsed.root;
}

const FILTER: ObjectType = {
    object: {
        scope: { var: "filter_scope", type: "string", default: "MessageAttributes", doc: "What the filter reads." },
        attributes: { var: "attributes", type: { map: { list: "string" } }, doc: "Attribute -> values." },
    },
};

const SUBSCRIBER: ObjectType = {
    object: {
        protocol: { var: "protocol", type: "string", required: true, allowed: ["sqs", "https"], doc: "Protocol." },
        endpoint: { var: "endpoint", type: "string", required: true, doc: "Endpoint." },
        rawMessageDelivery: { var: "raw_message_delivery", type: "bool", default: false, doc: "Raw delivery." },
        deliveryRetries: { var: "delivery_retries", type: "number", min: 0, max: 100, doc: "Retries." },
        filterPolicy: { var: "filter_policy", type: FILTER, doc: "The filter." },
    },
};

const TIER: ObjectType = {
    object: {
        name: { var: "name", type: "string", required: true, doc: "Tier name." },
        weights: { var: "weights", type: { map: "number" }, doc: "Weights by key." },
        extra: { var: "extra_data", type: "any", doc: "Anything." },
    },
};

const TYPES = {
    subscribers: { map: SUBSCRIBER },
    tiers: { list: TIER },
    settings: { object: { maxRetries: { var: "max_retries", type: "number", doc: "Retries." } } },
    ports: { set: "number" },
    switches: { set: "bool" },
    hosts: { set: TIER },
    grid: { list: { list: "string" } },
    nested: { map: { map: "string" } },
    extras: { map: "any" },
} as const satisfies Record<string, VarType>;

const GIZMO: ComponentDefinition = {
    path: "fixture/gizmo",
    typeToken: "cloudposse:fixture:Gizmo",
    doc: "A synthetic component with composite vars.",
    args: {
        subscribers: {
            var: "subscribers",
            type: TYPES.subscribers,
            required: true,
            defaultText: "required",
            doc: "Subscribers by name.",
        },
        tiers: { var: "tiers", type: TYPES.tiers, defaultText: "`[]`", doc: "Tiers." },
        topicSettings: { var: "topic_settings", type: TYPES.settings, defaultText: "`{}`", doc: "Settings." },
        ports: { var: "ports", type: TYPES.ports, defaultText: "`[]`", doc: "Ports." },
        context: {
            var: "context",
            type: "any",
            defaultText: "null",
            keys: { labelKeyCase: "label_key_case" },
            doc: "A context.",
        },
        shape: { var: "shape", type: "any", defaultText: "null", doc: "Any value." },
    },
    outputs: {},
    example: { variable: "gizmo", name: "g1", args: {}, exports: {} },
};

describe("convertValue: composite types", () => {
    // [title, YAML, type, stack-file value (vars), component argument]
    const cases: [string, string, VarType, unknown, unknown][] = [
        [
            "a map of objects: snake_case keys become camelCase fields, scalars converted as tfvars",
            "{ops: {protocol: sqs, endpoint: arn, raw_message_delivery: 'true', delivery_retries: '3'}}",
            TYPES.subscribers,
            { ops: { protocol: "sqs", endpoint: "arn", raw_message_delivery: true, delivery_retries: 3 } },
            { ops: { protocol: "sqs", endpoint: "arn", rawMessageDelivery: true, deliveryRetries: 3 } },
        ],
        [
            "a null field is unset, a null map value too",
            "{ops: {protocol: sqs, endpoint: 5, raw_message_delivery: null}, gone: null}",
            TYPES.subscribers,
            { ops: { protocol: "sqs", endpoint: "5" } },
            { ops: { protocol: "sqs", endpoint: "5" } },
        ],
        [
            "an object inside an object, a map of lists inside it",
            "{a: {protocol: https, endpoint: e, filter_policy: {filter_scope: MessageBody, attributes: {k: [1, true]}}}}",
            TYPES.subscribers,
            {
                a: {
                    protocol: "https",
                    endpoint: "e",
                    filter_policy: { filter_scope: "MessageBody", attributes: { k: ["1", "true"] } },
                },
            },
            {
                a: {
                    protocol: "https",
                    endpoint: "e",
                    filterPolicy: { scope: "MessageBody", attributes: { k: ["1", "true"] } },
                },
            },
        ],
        [
            "a list of objects holding a map of numbers and an any",
            "[{name: blue, weights: {a: '1.5', b: 2}, extra_data: {x: [1, null]}}, {name: 7}]",
            TYPES.tiers,
            [{ name: "blue", weights: { a: 1.5, b: 2 }, extra_data: { x: [1, null] } }, { name: "7" }],
            [{ name: "blue", weights: { a: 1.5, b: 2 }, extra: { x: [1, null] } }, { name: "7" }],
        ],
        ["an object var", "{max_retries: '4'}", TYPES.settings, { max_retries: 4 }, { maxRetries: 4 }],
        ["an empty object", "{}", TYPES.settings, {}, {}],
        ["a set of numbers: distinct, by value", "['10', 2, 2.0, '1e1', -1]", TYPES.ports, [-1, 2, 10], [-1, 2, 10]],
        ["a set of bools: false first", "[true, 'false', false]", TYPES.switches, [false, true], [false, true]],
        [
            "a set of objects: equal after conversion is one item",
            "[{name: b}, {name: a}, {name: b, weights: {}}, {name: a}]",
            TYPES.hosts,
            // Not scalars: go-cty's order is its own (set_internals.go lines 126-133); here the items' JSON text.
            [{ name: "a" }, { name: "b", weights: {} }, { name: "b" }],
            [{ name: "a" }, { name: "b", weights: {} }, { name: "b" }],
        ],
        ["a list of lists", "[[1, true], []]", TYPES.grid, [["1", "true"], []], [["1", "true"], []]],
        [
            "a map of maps: the user's keys kept as written",
            "{Team_A: {OwnerTeam: x, raw_key: 1}}",
            TYPES.nested,
            { Team_A: { OwnerTeam: "x", raw_key: "1" } },
            { Team_A: { OwnerTeam: "x", raw_key: "1" } },
        ],
        [
            "a map of any values keeps them whole",
            "{a: {b: [1]}, c: s}",
            TYPES.extras,
            { a: { b: [1] }, c: "s" },
            {
                a: { b: [1] },
                c: "s",
            },
        ],
        [
            "a written-out shorthand is the shorthand",
            "[b, a, b, 1]",
            { set: "string" },
            ["1", "a", "b"],
            ["1", "a", "b"],
        ],
    ];
    for (const [title, yaml, type, value, arg] of cases) {
        it(title, () => {
            const result = convertValue(tree(yaml), type, "v");
            assert.deepEqual(result.failures, []);
            assert.deepEqual(result.value, value);
            assert.deepEqual(result.arg, arg);
        });
    }

    it("gives the very value as the argument when the type holds no object", () => {
        const result = convertValue(tree("{a: {b: x}}"), TYPES.nested, "nested");
        assert.equal(result.arg, result.value);
    });

    it("orders a set of strings as Go compares strings, by UTF-8 bytes (U+FFFD before U+1F600)", () => {
        const result = convertValue(tree('["\\U0001F600", "\\uFFFD", a]'), "set(string)", "v");
        assert.deepEqual(result.value, ["a", "\uFFFD", "\u{1F600}"]);
    });

    it("keeps two long numbers of a set(any) apart when their doubles are equal, each with its digits", () => {
        const result = convertValue(
            tree("[12345678901234567891, 12345678901234567890, 12345678901234567891]"),
            { set: "any" },
            "v",
        );
        const items = result.value as number[];
        assert.equal(items.length, 2);
        assert.deepEqual(
            items.map((_, index) => numberTextAt(items, index)),
            ["12345678901234567890", "12345678901234567891"],
        );
    });

    it("keeps the digits of a long number of an any inside a map, as a top-level any does", () => {
        const result = convertValue(tree("{id: 12345678901234567890}"), TYPES.extras, "extras");
        const value = result.value as Record<string, unknown>;
        assert.equal(value.id, 12345678901234567000);
        assert.equal(numberTextAt(value, "id"), "12345678901234567890");
        const fields = convertValue(tree("[{name: n, extra_data: 12345678901234567890}]"), TYPES.tiers, "tiers");
        const [item] = fields.arg as Record<string, unknown>[];
        assert.equal(numberTextAt(item, "extra"), "12345678901234567890");
        assert.equal(numberTextAt((fields.value as object[])[0], "extra_data"), "12345678901234567890");
    });

    // [title, YAML, type, [code, field, what the message says after the field, line:column][]]
    const refusals: [string, string, VarType, [string, string, string, string][]][] = [
        [
            "a misspelt field, at its key, with the closest",
            "{ops: {protocol: sqs, endpoint: e, raw_mesage_delivery: true}}",
            TYPES.subscribers,
            [
                [
                    "UNKNOWN_KEY",
                    'v["ops"].raw_mesage_delivery',
                    'is not a field of v["ops"] (fields: protocol, endpoint, raw_message_delivery, delivery_retries, filter_policy); did you mean raw_message_delivery?',
                    "1:36",
                ],
            ],
        ],
        [
            "a field written as the TypeScript field suggests its stack-file key",
            "{protocol: sqs, endpoint: e, deliveryRetries: 1}",
            TYPES.subscribers.map,
            [
                [
                    "UNKNOWN_KEY",
                    "v.deliveryRetries",
                    "is not a field of v (fields: protocol, endpoint, raw_message_delivery, delivery_retries, filter_policy); did you mean delivery_retries?",
                    "1:30",
                ],
            ],
        ],
        [
            "a key far from every field: no suggestion; a key that is no name, quoted",
            "{colour: red, 'a b': 1}",
            TYPES.settings,
            [
                ["UNKNOWN_KEY", "v.colour", "is not a field of v (fields: max_retries)", "1:2"],
                ["UNKNOWN_KEY", 'v["a b"]', "is not a field of v (fields: max_retries)", "1:15"],
            ],
        ],
        [
            "a required field unset or null, at its object",
            "{ops: {protocol: sqs}, dev: {protocol: sqs, endpoint: null}}",
            TYPES.subscribers,
            [
                ["MISSING_REQUIRED", 'v["ops"].endpoint', "is required but not set", "1:7"],
                ["MISSING_REQUIRED", 'v["dev"].endpoint', "is required but not set", "1:29"],
            ],
        ],
        [
            "a field of another type, deep inside",
            "{ops: {protocol: sqs, endpoint: e, filter_policy: {attributes: {k: [a, [b]]}}, raw_message_delivery: maybe}}",
            TYPES.subscribers,
            [
                ["TYPE_MISMATCH", 'v["ops"].filter_policy.attributes["k"][1]', 'must be a string, got ["b"]', "1:72"],
                ["TYPE_MISMATCH", 'v["ops"].raw_message_delivery', 'must be a bool, got "maybe"', "1:102"],
            ],
        ],
        [
            "a list where a map of objects goes",
            "[a]",
            TYPES.subscribers,
            [["TYPE_MISMATCH", "v", 'must be a map of objects, got ["a"]', "1:1"]],
        ],
        [
            "a scalar where an object goes",
            "x",
            TYPES.settings,
            [["TYPE_MISMATCH", "v", 'must be an object, got "x"', "1:1"]],
        ],
        [
            "a null item of a list, and a map where a list goes",
            "[null, {name: a, weights: [1]}]",
            TYPES.tiers,
            [
                ["TYPE_MISMATCH", "v[0]", "must be an object, got null", "1:2"],
                ["TYPE_MISMATCH", "v[1].weights", "must be a map of numbers, got [1]", "1:27"],
            ],
        ],
        [
            "a list of lists nested deeper than declared",
            "[[a, [b]], c]",
            TYPES.grid,
            [
                ["TYPE_MISMATCH", "v[0][1]", 'must be a string, got ["b"]', "1:6"],
                ["TYPE_MISMATCH", "v[1]", 'must be a list of strings, got "c"', "1:12"],
            ],
        ],
        [
            "a key with terminal escapes, escaped where it is named",
            '{"ops\\u001b[2J": {protocol: 1}}',
            TYPES.subscribers,
            [["MISSING_REQUIRED", 'v["ops\\u001b[2J"].endpoint', "is required but not set", "1:18"]],
        ],
    ];
    const said = (f: ConversionFailure) => `${f.rule}${f.got !== undefined ? `, got ${f.got}` : ""}${f.hint ?? ""}`;
    for (const [title, yaml, type, expected] of refusals) {
        it(`refuses ${title}`, () => {
            const result = convertValue(tree(yaml), type, "v");
            assert.equal(result.value, undefined);
            assert.equal(result.arg, undefined);
            assert.deepEqual(
                result.failures.map((f) => [f.code, f.field, said(f), `${f.loc.line}:${f.loc.column}`]),
                expected,
            );
            for (const f of result.failures) assert.equal(f.field, formatPath(f.path));
        });
    }

    it("keeps each message of the shorthands as it was", () => {
        const cases: [string, VarType, string][] = [
            ["x", "list(string)", "must be a list of strings"],
            ["x", "set(string)", "must be a set of strings"],
            ["[x]", "map(string)", "must be a map of strings"],
            ["[x]", "number", "must be a number"],
            ["x", { list: "string" }, "must be a list of strings"],
        ];
        for (const [yaml, type, rule] of cases)
            assert.equal(convertValue(tree(yaml), type, "v").failures[0].rule, rule);
        assert.equal(typeWords({ map: { list: "number" } }), "a map of lists");
        assert.equal(typeWords("any"), "any value");
    });
});

describe("stackFileValue: an argument as a stack file writes it", () => {
    // [type, the TypeScript argument, as the stack file writes it]
    const cases: [VarType, unknown, unknown][] = [
        [
            TYPES.subscribers,
            { ops: { protocol: "sqs", endpoint: "e", rawMessageDelivery: true, filterPolicy: { scope: "s" } } },
            {
                ops: {
                    protocol: "sqs",
                    endpoint: "e",
                    raw_message_delivery: true,
                    filter_policy: { filter_scope: "s" },
                },
            },
        ],
        [TYPES.tiers, [{ name: "a", extra: { rawKey: 1 } }], [{ name: "a", extra_data: { rawKey: 1 } }]],
        [TYPES.settings, { maxRetries: 1, notDeclared: 2 }, { max_retries: 1, notDeclared: 2 }],
        [TYPES.nested, { rawMessageDelivery: { maxRetries: "x" } }, { rawMessageDelivery: { maxRetries: "x" } }],
        ["list(string)", ["a"], ["a"]],
        [TYPES.settings, "not an object", "not an object"],
    ];
    for (const [type, arg, written] of cases) {
        it(`writes ${JSON.stringify(arg)} as ${JSON.stringify(written)}`, () => {
            assert.deepEqual(stackFileValue(type, arg), written);
        });
    }

    it("is what the loader reads back as the same argument", () => {
        const arg = {
            ops: { protocol: "sqs", endpoint: "e", deliveryRetries: 2, filterPolicy: { attributes: { k: ["v"] } } },
        };
        const converted = convertValue(
            tree(JSON.stringify(stackFileValue(TYPES.subscribers, arg))),
            TYPES.subscribers,
            "s",
        );
        assert.deepEqual(converted.failures, []);
        assert.deepEqual(converted.arg, arg);
    });

    it("reads back every argument of a map of objects, whatever the user's keys", () => {
        // The user's keys: any text (a quoted `<<` is no merge key), the prototype's names, a field's name.
        const key = fc.oneof(fc.constantFrom("__proto__", "constructor", "rawMessageDelivery", "<<"), fc.string());
        const subscriber = fc.record(
            {
                protocol: fc.constantFrom("sqs", "https"),
                endpoint: fc.string(),
                rawMessageDelivery: fc.boolean(),
                deliveryRetries: fc.integer({ min: -1000, max: 1000 }),
                filterPolicy: fc.record(
                    { scope: fc.string(), attributes: fc.dictionary(key, fc.array(fc.string(), { maxLength: 3 })) },
                    { requiredKeys: [] },
                ),
            },
            { requiredKeys: ["protocol", "endpoint"] },
        );
        fc.assert(
            fc.property(fc.dictionary(key, subscriber, { maxKeys: 5 }), (arg) => {
                const text = JSON.stringify(stackFileValue(TYPES.subscribers, arg));
                const converted = convertValue(tree(text), TYPES.subscribers, "subscribers");
                assert.deepEqual(converted.failures, []);
                // (fast-check makes some objects without a prototype: compared as JSON data.)
                assert.deepEqual(converted.arg, JSON.parse(JSON.stringify(arg)));
            }),
            { numRuns: 200 },
        );
    });

    it("keeps a __proto__ key a key", () => {
        const arg = JSON.parse('{"__proto__": {"protocol": "sqs", "endpoint": "e"}}') as unknown;
        const written = stackFileValue(TYPES.subscribers, arg) as Record<string, unknown>;
        assert.deepEqual(Object.keys(written), ["__proto__"]);
        assert.equal(Object.getPrototypeOf(written), Object.prototype);
    });
});

describe("convertValue: hostile values", () => {
    it("keeps __proto__ and constructor as map keys, never reaching Object.prototype", () => {
        const yaml = '{"__proto__": {protocol: sqs, endpoint: e}, constructor: {protocol: sqs, endpoint: f}}';
        const result = convertValue(tree(yaml), TYPES.subscribers, "subscribers");
        for (const shape of [result.value, result.arg] as Record<string, unknown>[]) {
            assert.equal(Object.getPrototypeOf(shape), Object.prototype);
            assert.deepEqual(Object.keys(shape), ["__proto__", "constructor"]);
            assert.deepEqual(Object.getOwnPropertyDescriptor(shape, "__proto__")?.value, {
                protocol: "sqs",
                endpoint: "e",
            });
        }
        assert.equal(({} as Record<string, unknown>).protocol, undefined);
    });

    it("refuses __proto__, constructor and toString as object fields (they are none)", () => {
        const yaml = '{"__proto__": {max_retries: 1}, constructor: 1, toString: 2, hasOwnProperty: 3}';
        const result = convertValue(tree(yaml), TYPES.settings, "s");
        assert.deepEqual(
            result.failures.map((f) => [f.code, f.field]),
            [
                ["UNKNOWN_KEY", "s.__proto__"],
                ["UNKNOWN_KEY", "s.constructor"],
                ["UNKNOWN_KEY", "s.toString"],
                ["UNKNOWN_KEY", "s.hasOwnProperty"],
            ],
        );
        assert.equal(({} as Record<string, unknown>).max_retries, undefined);
    });

    it("walks a value nested as deep as the parser allows, refusing past the declared depth once", () => {
        const depth = 600; // the YAML parser refuses a few hundred levels more (stack/tree.ts, "nested too deeply")
        const deep = `${"[".repeat(depth)}x${"]".repeat(depth)}`;
        const kept = convertValue(tree(`[${deep}]`), { list: "any" }, "v");
        assert.deepEqual(kept.failures, []);
        let inner: unknown = (kept.value as unknown[])[0];
        for (let i = 0; i < depth; i++) inner = (inner as unknown[])[0];
        assert.equal(inner, "x");
        const refused = convertValue(tree(deep), TYPES.grid, "grid");
        assert.deepEqual(
            refused.failures.map((f) => f.field),
            ["grid[0][0]"],
        );
    });

    /** A map of `count` entries built directly (a parsed file of this size is the parser's test). */
    function bigMap(count: number, value: (i: number) => TreeNode): MapNode {
        const loc: Location = { file: "big.yaml", line: 1, column: 1 };
        const entries = new Map(
            Array.from({ length: count }, (_, i) => {
                const key = `k${i}`;
                return [key, { key, keyLoc: { ...loc, line: i + 1 }, value: value(i) }] as const;
            }),
        );
        return { kind: "map", loc, entries };
    }
    const scalar = (value: string | number | null, line = 1): TreeNode => ({
        kind: "scalar",
        loc: { file: "big.yaml", line, column: 5 },
        value,
    });

    it("converts a map of 50,000 objects, every key kept", () => {
        const count = 50_000;
        const map = bigMap(count, (i) => ({
            kind: "map",
            loc: { file: "big.yaml", line: i + 1, column: 3 },
            entries: new Map([
                ["name", { key: "name", keyLoc: { file: "big.yaml", line: i + 1, column: 4 }, value: scalar(i) }],
            ]),
        }));
        const result = convertValue(map, { map: TIER }, "tiers");
        assert.deepEqual(result.failures, []);
        const arg = result.arg as Record<string, { name: string }>;
        assert.equal(Object.keys(arg).length, count);
        assert.equal(arg.k49999.name, "49999");
    });

    it("reports each of 50,000 bad values once, at its own line", () => {
        const count = 50_000;
        const result = convertValue(
            bigMap(count, (i) => scalar("x", i + 1)),
            { map: "number" },
            "weights",
        );
        assert.equal(result.failures.length, count);
        assert.equal(new Set(result.failures.map((f) => f.loc.line)).size, count);
        assert.equal(result.failures[count - 1].field, `weights["k${count - 1}"]`);
    });
});

describe("stackVarNaming: fields of declared types", () => {
    const naming = stackVarNaming(GIZMO);
    const cases: [ProblemPath, string][] = [
        [["subscribers", userKey("ops"), "rawMessageDelivery"], 'subscribers["ops"].raw_message_delivery'],
        // The user's own key is never renamed, even when it reads as a field.
        [["subscribers", userKey("rawMessageDelivery"), "endpoint"], 'subscribers["rawMessageDelivery"].endpoint'],
        [["subscribers", userKey("ops"), "filterPolicy", "scope"], 'subscribers["ops"].filter_policy.filter_scope'],
        [
            ["subscribers", userKey("ops"), "filterPolicy", "attributes", userKey("deliveryRetries"), 0],
            'subscribers["ops"].filter_policy.attributes["deliveryRetries"][0]',
        ],
        [["tiers", 2, "extra"], "tiers[2].extra_data"],
        [["tiers", 2, "weights", userKey("blueGreen")], 'tiers[2].weights["blueGreen"]'],
        [["topicSettings", "maxRetries"], "topic_settings.max_retries"],
        [["ports", 1], "ports[1]"],
        // Not declared: kept as given (never a field inherited from Object.prototype).
        [["subscribers", userKey("ops"), "bogus"], 'subscribers["ops"].bogus'],
        [["subscribers", userKey("ops"), "constructor"], 'subscribers["ops"].constructor'],
        [["subscribers", userKey("ops"), "__proto__"], 'subscribers["ops"].__proto__'],
        [["topicSettings", "maxRetries", "deeper"], "topic_settings.max_retries.deeper"],
        [["shape", "rawMessageDelivery"], "shape.rawMessageDelivery"],
        [["unknownArg", "maxRetries"], "unknownArg.maxRetries"],
        // `keys` of an `any` argument, as for the label's context.
        [["context", "labelKeyCase"], "context.label_key_case"],
        [["context", "labelKeyCase", "deeper"], "context.label_key_case.deeper"],
    ];
    for (const [path, named] of cases) {
        it(`names ${formatPath(path)} ${named}`, () => assert.equal(formatPath(path, naming), named));
    }
});

describe("the reference of composite vars", () => {
    const blocks = generatedBlocks([GIZMO]);
    const reference = blocks.get(STACK_FILES_GUIDE)!.get("variable-reference")!;
    const guide = blocks.get("docs/gizmo.md")!.get("fixture/gizmo:arguments")!;

    it("prints each var's type as Terraform writes it", () => {
        assert.match(
            reference,
            /\| `subscribers` \| `subscribers` \| map\(object\(\{ protocol = string, endpoint = string, raw_message_delivery = bool, delivery_retries = number, filter_policy = object\(\{ filter_scope = string, attributes = map\(list\(string\)\) \}\) \}\)\) \(required\) \|/,
        );
        assert.match(reference, /\| `ports` \| `ports` \| set\(number\) \| `\[\]` \|/);
    });

    it("tables each object type's fields, in stack-file keys first", () => {
        assert.match(reference, /Fields of `subscribers\[\*\]`:\n\n\| key \| field \| type \| default \| meaning \|/);
        assert.match(
            reference,
            /\| `protocol` \| `protocol` \| `string` \| required \| Protocol\. One of `"sqs"`, `"https"`\. \|/,
        );
        assert.match(
            reference,
            /\| `raw_message_delivery` \| `rawMessageDelivery` \| `bool` \| `false` \| Raw delivery\. \|/,
        );
        assert.match(
            reference,
            /\| `delivery_retries` \| `deliveryRetries` \| `number` \| unset \| Retries\. At least `0`, at most `100`\. \|/,
        );
        assert.match(reference, /Fields of `subscribers\[\*\]\.filter_policy`:/);
        assert.match(
            reference,
            /\| `filter_scope` \| `scope` \| `string` \| `"MessageAttributes"` \| What the filter reads\. \|/,
        );
        assert.match(reference, /Fields of `tiers\[\*\]`:/);
        assert.match(reference, /Fields of `topic_settings`:/);
        // Only object types have fields; the context's `keys` are not a type.
        assert.doesNotMatch(reference, /Fields of `(ports|context|shape)/);
    });

    it("tables them in the component's guide in camelCase fields first", () => {
        assert.match(
            guide,
            /Fields of `subscribers\[\*\]\.filterPolicy`:\n\n\| Field \| Stack-file key \| Type \| Default \| Meaning \|/,
        );
        assert.match(guide, /\| `rawMessageDelivery` \| `raw_message_delivery` \| `bool` \| `false` \|/);
        assert.match(guide, /Fields of `topicSettings`:/);
    });
});

describe("a stack file's composite vars, through the instance", () => {
    const schema = schemaOf(GIZMO);

    /** Resolves the instance `g1` of the synthetic component whose vars are `yaml`. */
    function resolve(yaml: string) {
        const vars = tree(yaml) as MapNode;
        const component: MergedComponent = {
            name: "g1",
            keyLoc: { file: "t.yaml", line: 1, column: 1 },
            component: GIZMO.path,
            abstract: false,
            enabled: true,
            vars,
            ownLayers: [{ instance: "g1", vars }],
            varLayers: [vars],
            strategy: "replace",
            context: {},
        };
        const problems = new ProblemList();
        const warnings: string[] = [];
        const who = 'fixture/gizmo "g1"';
        const instance = resolveInstance(
            component,
            schema,
            who,
            {
                templates: {
                    enabled: false,
                    sprig: false,
                    gomplate: false,
                    evaluations: 1,
                    delimiters: ["{{", "}}"],
                    ignoreMissingTemplateValues: false,
                    env: {},
                },
                templateData: {},
                functions: {},
                instance: "g1",
                who,
            },
            problems,
            warnings,
        );
        return { instance, problems: problems.items, warnings };
    }

    it("gives the component camelCase fields and keeps the stack file's keys in its vars", () => {
        const { instance, problems } = resolve(
            "{subscribers: {ops: {protocol: sqs, endpoint: e, raw_message_delivery: 'false'}}, topic_settings: {max_retries: 2}}",
        );
        assert.deepEqual(problems, []);
        assert.deepEqual(instance?.args.subscribers, {
            ops: { protocol: "sqs", endpoint: "e", rawMessageDelivery: false },
        });
        assert.deepEqual(instance?.vars.subscribers, {
            ops: { protocol: "sqs", endpoint: "e", raw_message_delivery: false },
        });
        assert.deepEqual(instance?.args.topicSettings, { maxRetries: 2 });
        assert.deepEqual(instance?.vars.topic_settings, { max_retries: 2 });
    });

    it("says each problem once, located, in the stack file's names, the required var not said unset", () => {
        const { instance, problems } = resolve(
            [
                "subscribers:",
                "  ops:",
                "    protocol: sqs",
                "    raw_mesage_delivery: true",
                "  dev: {protocol: sqs, endpoint: e, delivery_retries: many}",
                "tiers: [{name: a, extra: 1}]",
            ].join("\n"),
        );
        assert.equal(instance, undefined);
        assert.deepEqual(
            problems.map((p) => [p.code, p.field, p.message]),
            [
                [
                    "UNKNOWN_KEY",
                    'subscribers["ops"].raw_mesage_delivery',
                    't.yaml:4:5: fixture/gizmo "g1": subscribers["ops"].raw_mesage_delivery is not a field of subscribers["ops"] (fields: protocol, endpoint, raw_message_delivery, delivery_retries, filter_policy); did you mean raw_message_delivery?',
                ],
                [
                    "MISSING_REQUIRED",
                    'subscribers["ops"].endpoint',
                    't.yaml:3:5: fixture/gizmo "g1": subscribers["ops"].endpoint is required but not set',
                ],
                [
                    "TYPE_MISMATCH",
                    'subscribers["dev"].delivery_retries',
                    't.yaml:5:55: fixture/gizmo "g1": subscribers["dev"].delivery_retries must be a number, got "many"',
                ],
                [
                    "UNKNOWN_KEY",
                    "tiers[0].extra",
                    't.yaml:6:19: fixture/gizmo "g1": tiers[0].extra is not a field of tiers[0] (fields: name, weights, extra_data); did you mean extra_data?',
                ],
            ],
        );
        assert.deepEqual(problems[2].path, ["subscribers", userKey("dev"), "delivery_retries"]);
        assert.equal(problems[2].value, "many");
        assert.equal(Object.prototype.hasOwnProperty.call(problems[0], "value"), false);
    });

    it("escapes a user's key in the message", () => {
        const { problems } = resolve('{subscribers: {"a\\u001b]0;x\\u0007": {protocol: sqs}}}');
        assert.equal(problems.length, 1);
        assert.doesNotMatch(problems[0].message, /[\u0000-\u001f]/);
        assert.match(problems[0].message, /subscribers\["a\\u001b\]0;x\\u0007"\]\.endpoint is required/);
    });
});
