import * as assert from "node:assert/strict";
import { matchesEventPattern } from "../../event-pattern";
import { ECS_PATTERN } from "../fixtures/spec";

/** Stands for "the event has no such field". */
const MISSING = Symbol("missing");
type EventValue = unknown;

/** The event `{x: value}` (or `{}` for MISSING). */
function eventWith(value: EventValue): object {
    return value === MISSING ? {} : { x: value };
}

function show(value: EventValue): string {
    return value === MISSING ? "a missing field" : JSON.stringify(value);
}

/**
 * One table row per event value: `{x: patternValues}` must match every value in `matches` and
 * none in `misses`.
 */
function fieldTable(title: string, patternValues: unknown[], matches: EventValue[], misses: EventValue[]): void {
    describe(title, () => {
        const pattern = { x: patternValues };
        for (const value of matches) {
            it(`matches ${show(value)}`, () => assert.equal(matchesEventPattern(pattern, eventWith(value)), true));
        }
        for (const value of misses) {
            it(`does not match ${show(value)}`, () =>
                assert.equal(matchesEventPattern(pattern, eventWith(value)), false));
        }
    });
}

/** Rows of [description, event, expected] against one pattern. */
function eventTable(title: string, pattern: object, rows: [string, object | string, boolean][]): void {
    describe(title, () => {
        for (const [description, event, expected] of rows) {
            it(`${expected ? "matches" : "does not match"} ${description}`, () =>
                assert.equal(matchesEventPattern(pattern, event), expected));
        }
    });
}

describe("matchesEventPattern", () => {
    describe("exact values", () => {
        fieldTable(
            '["a"]',
            ["a"],
            ["a", ["a"], ["b", "a"], [["a"]], [[["b"], ["a"]]]],
            ["b", "A", "a ", " a", "", ["b"], [], MISSING, null, 1, true, { y: "a" }, {}],
        );
        fieldTable(
            "[3]: numbers compare as numbers",
            [3],
            [3, 3.0, [1, 3], [[3]]],
            ["3", 3.001, -3, 30, true, null, MISSING, []],
        );
        fieldTable("[300]", [300], [300, 300.0, 3e2, 30000e-2], ["300", 301, 299.9999]);
        fieldTable("[1.5]", [1.5], [1.5, 15e-1, [0, 1.5]], [1.50001, "1.5", 1]);
        fieldTable("[-7]", [-7], [-7, -7.0], [7, "-7"]);
        fieldTable("[0]", [0], [0, 0.0], ["0", false, null, ""]);
        fieldTable("[true]", [true], [true, [false, true]], ["true", 1, null, false, "True", MISSING]);
        fieldTable("[false]", [false], [false, [false]], ["false", 0, null, "", true, MISSING, []]);
        fieldTable(
            "[null]: matches null only",
            [null],
            [null, [null], ["a", null]],
            ["null", "", 0, false, MISSING, [], {}],
        );
        fieldTable('[""]: matches the empty string only', [""], ["", ["x", ""]], [null, " ", MISSING, [], 0]);
        fieldTable('["null"] is a string', ["null"], ["null"], [null]);
        fieldTable('["3"] is a string', ["3"], ["3"], [3, 3.0]);
        fieldTable('["false"] is a string', ["false"], ["false"], [false]);
        fieldTable('["true"] is a string', ["true"], ["true"], [true]);
        fieldTable(
            'mixed list ["a", 1, null, true]',
            ["a", 1, null, true],
            ["a", 1, 1.0, null, true, [false, "a"]],
            ["1", false, "A", "true", "null", 2],
        );
        fieldTable(
            "strings with JSON-special characters",
            ['a"b', "back\\slash", "line\nbreak", "ünïcödé 🎉"],
            ['a"b', "back\\slash", "line\nbreak", "ünïcödé 🎉"],
            ['a\\"b', "backslash", "line break", "unicode"],
        );
        fieldTable(
            "an IPv4 address literal matches the same address",
            ["10.0.0.1"],
            ["10.0.0.1", ["1.1.1.1", "10.0.0.1"], "::ffff:a00:1"],
            ["10.0.0.2", "10.0.0.1/32", 10, "10.0.0.1 "],
        );
        fieldTable(
            "an IPv6 address literal matches the same address written another way",
            ["2001:db8::1"],
            ["2001:db8::1", "2001:DB8:0:0:0:0:0:1", "2001:0db8:0000::0001"],
            ["2001:db8::2", "2001:db8::1:0"],
        );
        fieldTable(
            "IPv6 groups are read as Java reads them (leading zeros beyond four digits)",
            ["2001:00db8::1"],
            ["2001:db8::1", "2001:DB8::0:1"],
            ["2001:db8::10"],
        );
        fieldTable(
            "a string shaped like an address but not one compares as a string",
            ["12:30"],
            ["12:30"],
            ["12:3", "12:30:00"],
        );
        fieldTable("an out-of-range address compares as a string", ["999.1.1.1"], ["999.1.1.1"], ["999.1.1.01"]);
    });

    describe("nesting", () => {
        eventTable("a nested field", { detail: { state: ["running"] } }, [
            ["the same nesting", { detail: { state: "running" } }, true],
            ["extra fields around it", { id: 1, detail: { state: "running", other: [1, 2] }, source: "x" }, true],
            ["the field at the top level", { state: "running" }, false],
            ["the parent as a string", { detail: "running" }, false],
            ["the field one level deeper", { detail: { state: { state: "running" } } }, false],
            ["an empty parent", { detail: {} }, false],
            ["the parent as an array of objects", { detail: [{ state: "stopped" }, { state: "running" }] }, true],
            ["the field as an array", { detail: { state: ["stopped", "running"] } }, true],
            ["a dotted key (Event Ruler joins names with dots)", { "detail.state": "running" }, true],
            ["JSON text", '{"detail": {"state": "running"}}', true],
            ["JSON text with a different value", '{"detail": {"state": "stopped"}}', false],
        ]);
        eventTable(
            "all named fields are required",
            { source: ["aws.ec2"], "detail-type": ["x"], detail: { state: ["s"] } },
            [
                ["all three", { source: "aws.ec2", "detail-type": "x", detail: { state: "s" } }, true],
                ["without detail-type", { source: "aws.ec2", detail: { state: "s" } }, false],
                ["without source", { "detail-type": "x", detail: { state: "s" } }, false],
                ["without detail", { source: "aws.ec2", "detail-type": "x" }, false],
                ["with one wrong value", { source: "aws.ec2", "detail-type": "y", detail: { state: "s" } }, false],
            ],
        );
        eventTable("number text", { x: [300] }, [
            ["300.0 written as text", '{"x": 300.0}', true],
            ["3e2 written as text", '{"x": 3e2}', true],
            ["3.0E2 written as text", '{"x": 3.0E2}', true],
            ['"300" written as text', '{"x": "300"}', false],
        ]);
    });

    describe("prefix", () => {
        fieldTable(
            '{"prefix": "ab"}',
            [{ prefix: "ab" }],
            ["ab", "abc", ["zz", "abc"], 'ab"c'],
            ["xab", "AB", "Abc", "a", "", 12, null, true, MISSING, [], ["a"]],
        );
        fieldTable('{"prefix": "1"} matches strings only', [{ prefix: "1" }], ["12", "1"], [12, 1, 1.5]);
        fieldTable(
            '{"prefix": ""} matches any string',
            [{ prefix: "" }],
            ["", "anything", ["", 1]],
            [1, null, true, false, MISSING, []],
        );
        fieldTable(
            '{"prefix": "2017-10-02"}',
            [{ prefix: "2017-10-02" }],
            ["2017-10-02T18:43:48Z"],
            ["2017-10-03T00:00:00Z", "2017-10-0"],
        );
        fieldTable(
            "a quote in a prefix stands for the end of the string, as in Event Ruler",
            [{ prefix: 'ab"' }],
            ["ab", 'ab"c'],
            ["abc"],
        );
        fieldTable(
            '{"prefix": {"equals-ignore-case": "EventB"}}',
            [{ prefix: { "equals-ignore-case": "EventB" } }],
            ["eventbridge", "EVENTBRIDGE", "EventB", "eVeNtBus"],
            ["event", "xeventb", "", 1, null, MISSING],
        );
        fieldTable(
            '{"prefix": {"equals-ignore-case": ""}}',
            [{ prefix: { "equals-ignore-case": "" } }],
            ["", "x"],
            [0, null],
        );
    });

    describe("suffix", () => {
        fieldTable(
            '{"suffix": ".png"}',
            [{ suffix: ".png" }],
            ["a.png", ".png", ["a.jpg", "b.png"]],
            ["a.PNG", "a.png.jpg", "png", "", 5, null, MISSING],
        );
        fieldTable('{"suffix": ""} matches any string', [{ suffix: "" }], ["", "x"], [0, null, false, MISSING]);
        fieldTable('{"suffix": "0"} matches strings only', [{ suffix: "0" }], ["10"], [10, 100]);
        fieldTable(
            "a quote in a suffix stands for the start of the string",
            [{ suffix: '"ab' }],
            ["ab", 'x"ab'],
            ["xab"],
        );
        fieldTable(
            '{"suffix": {"equals-ignore-case": "tBridge"}}',
            [{ suffix: { "equals-ignore-case": "tBridge" } }],
            ["EventBridge", "EVENTBRIDGE", "eventbridge", "tbridge"],
            ["EventBridges", "bridge", 7, MISSING],
        );
    });

    describe("equals-ignore-case", () => {
        fieldTable(
            '{"equals-ignore-case": "alice"}',
            [{ "equals-ignore-case": "alice" }],
            ["alice", "Alice", "ALICE", "aLiCe", ["bob", "ALICE"]],
            ["alicia", "Alice ", "alic", "", 1, null, MISSING],
        );
        fieldTable("non-ASCII letters", [{ "equals-ignore-case": "ÄRGER" }], ["ärger", "ÄRGER", "äRgEr"], ["arger"]);
        fieldTable(
            "each pattern character accepts its lower and upper case forms (ß: ß and SS)",
            [{ "equals-ignore-case": "straße" }],
            ["straße", "STRASSE", "STRAßE"],
            ["strasse", "strase"],
        );
        fieldTable('{"equals-ignore-case": ""}', [{ "equals-ignore-case": "" }], [""], ["a", null, 0]);
    });

    describe("wildcard", () => {
        fieldTable(
            '{"wildcard": "*.png"}',
            [{ wildcard: "*.png" }],
            [".png", "a.png", "dir/sub/a.png"],
            ["a.png.bak", "a.PNG", "png", 5, null, MISSING],
        );
        fieldTable(
            '{"wildcard": "dir/*.png"}: a star crosses "/"',
            [{ wildcard: "dir/*.png" }],
            ["dir/a.png", "dir/x/y/z.png", "dir/.png"],
            ["other/dir/a.png", "dir/a.jpg", "Dir/a.png"],
        );
        fieldTable(
            '{"wildcard": "a*b*c"}',
            [{ wildcard: "a*b*c" }],
            ["abc", "aXbYc", "abbc", "acbc", "a/b/c"],
            ["acb", "ab", "bc", "abcd", "xabc"],
        );
        fieldTable('{"wildcard": "a*a"}', [{ wildcard: "a*a" }], ["aa", "aba", "aaa"], ["a", "ab"]);
        fieldTable('{"wildcard": ""} matches only the empty string', [{ wildcard: "" }], [""], ["a", " ", null, 0]);
        fieldTable(
            '{"wildcard": "*"} matches any string',
            [{ wildcard: "*" }],
            ["", "anything at all"],
            [1, null, true, MISSING],
        );
        fieldTable(
            '{"wildcard": "abc"} without a star is an exact match',
            [{ wildcard: "abc" }],
            ["abc"],
            ["abcd", "ABC"],
        );
        fieldTable('"\\\\*" is a literal star', [{ wildcard: "a\\*b" }], ["a*b"], ["aXb", "ab", "a\\*b"]);
        fieldTable('"\\\\\\\\" is a literal backslash', [{ wildcard: "a\\\\b" }], ["a\\b"], ["ab", "a\\\\b"]);
        fieldTable("a literal star followed by a wildcard", [{ wildcard: "\\**" }], ["*", "*abc"], ["abc", ""]);
        fieldTable("a backslash then a wildcard", [{ wildcard: "\\\\*" }], ["\\", "\\abc"], ["abc"]);
        fieldTable(
            "the Simple*Service example",
            [{ wildcard: "Simple*Service" }],
            ["Simple Storage Service", "SimpleService", "Simple Queue Service"],
            ["Simple Storage", "simple storage service"],
        );
        // Its speed (linear in the value's length) is measured by `npm run bench`.
        it("answers right on inputs that make backtracking matchers blow up", () => {
            const pattern = { x: [{ wildcard: "*a*a*a*a*a*a*a*a*a*a*a*a*b" }] };
            assert.equal(matchesEventPattern(pattern, { x: "a".repeat(100_000) }), false);
            assert.equal(matchesEventPattern(pattern, { x: `${"a".repeat(100_000)}b` }), true);
        });
    });

    describe("anything-but", () => {
        fieldTable(
            '{"anything-but": "init"}',
            [{ "anything-but": "init" }],
            ["running", "", "INIT", "init ", 5, null, true, false, ["init", "running"], [null]],
            ["init", ["init"], ["init", "init"], MISSING, [], { y: "running" }, {}],
        );
        fieldTable(
            '{"anything-but": ["stopped", "overloaded"]}',
            [{ "anything-but": ["stopped", "overloaded"] }],
            ["running", "Stopped", 0, null, ["stopped", "running"]],
            ["stopped", "overloaded", ["stopped", "overloaded"], MISSING],
        );
        fieldTable(
            '{"anything-but": [100, 200, 300]}: numbers compare as numbers',
            [{ "anything-but": [100, 200, 300] }],
            [101, 100.5, -100, "100", null, true, [100, 101]],
            [100, 100.0, 2e2, 300, [100, 200], MISSING],
        );
        fieldTable(
            '{"anything-but": 123}',
            [{ "anything-but": 123 }],
            [124, 1.23, "123", null],
            [123, 123.0, 1.23e2, MISSING],
        );
        fieldTable('{"anything-but": 0}', [{ "anything-but": 0 }], [1, "0", false, null], [0, 0.0]);
        fieldTable('{"anything-but": ["0"]} matches the number 0', [{ "anything-but": ["0"] }], [0, 1, "1"], ["0"]);
        fieldTable('{"anything-but": ""}', [{ "anything-but": "" }], ["a", null, 0], [""]);
        fieldTable(
            '{"anything-but": {"prefix": "init"}}',
            [{ "anything-but": { prefix: "init" } }],
            ["running", "", "Init", "xinit", 5, null, true],
            ["init", "initializing", ["init-a", "init-b"], MISSING, []],
        );
        fieldTable(
            '{"anything-but": {"prefix": ["init", "error"]}}',
            [{ "anything-but": { prefix: ["init", "error"] } }],
            ["warn", "in", ["error-x", "ok"]],
            ["initial", "error-x", ["init", "error"]],
        );
        fieldTable(
            '{"anything-but": {"prefix": []}} matches any present value',
            [{ "anything-but": { prefix: [] } }],
            ["a", 1, null],
            [MISSING, []],
        );
        fieldTable(
            '{"anything-but": {"suffix": ".png"}}',
            [{ "anything-but": { suffix: ".png" } }],
            ["a.jpg", "a.PNG", 7, null],
            ["a.png", ".png", MISSING],
        );
        fieldTable(
            '{"anything-but": {"suffix": ["1234", "6789"]}}',
            [{ "anything-but": { suffix: ["1234", "6789"] } }],
            ["i-0000", "i-1234x"],
            ["i-1234", "i-6789"],
        );
        fieldTable(
            '{"anything-but": {"equals-ignore-case": "Stopped"}}',
            [{ "anything-but": { "equals-ignore-case": "Stopped" } }],
            ["running", "stopped!", 1, null],
            ["stopped", "STOPPED", "Stopped", MISSING],
        );
        fieldTable(
            '{"anything-but": {"equals-ignore-case": ["Stopped", "OverLoaded"]}}',
            [{ "anything-but": { "equals-ignore-case": ["Stopped", "OverLoaded"] } }],
            ["running"],
            ["overloaded", "STOPPED"],
        );
        fieldTable(
            '{"anything-but": {"equals-ignore-case": ""}}',
            [{ "anything-but": { "equals-ignore-case": "" } }],
            ["a", null],
            [""],
        );
        fieldTable(
            '{"anything-but": {"wildcard": "*/lib/*"}}',
            [{ "anything-but": { wildcard: "*/lib/*" } }],
            ["/usr/bin/x", "lib", "/lib", 3, null],
            ["/usr/lib/x", "/lib/", MISSING],
        );
        fieldTable(
            '{"anything-but": {"wildcard": ["*/bin/*.jar", "*/bin/*.class"]}}',
            [{ "anything-but": { wildcard: ["*/bin/*.jar", "*/bin/*.class"] } }],
            ["/opt/bin/a.war", "/opt/lib/a.jar"],
            ["/opt/bin/a.jar", "/opt/bin/A.class"],
        );
        fieldTable(
            '{"anything-but": {"wildcard": ""}} excludes only the empty string',
            [{ "anything-but": { wildcard: "" } }],
            ["a"],
            [""],
        );
    });

    describe("numeric", () => {
        fieldTable(
            '[">", 0, "<=", 5]',
            [{ numeric: [">", 0, "<=", 5] }],
            [0.1, 5, 1, 5.0, [0, 3], [-1, 4]],
            [0, 5.01, -1, "3", null, true, MISSING, [], [0, 6]],
        );
        fieldTable('[">=", 0, "<", 1]', [{ numeric: [">=", 0, "<", 1] }], [0, 0.5, 0.999999], [1, -0.0001]);
        fieldTable('["<", 10]', [{ numeric: ["<", 10] }], [-1e9, 9.99, -5e9, 0], [10, 11, "9"]);
        fieldTable('["<=", 10]', [{ numeric: ["<=", 10] }], [10, 9], [10.0001]);
        fieldTable('[">", 10]', [{ numeric: [">", 10] }], [10.0001, 5e9], [10, 9, 5000000001]);
        fieldTable('[">=", 10]', [{ numeric: [">=", 10] }], [10, 11], [9.999]);
        fieldTable('["=", 3.018e2]', [{ numeric: ["=", 3.018e2] }], [301.8, 3018e-1], [301.80001, 301, "301.8"]);
        fieldTable('["=", 0]', [{ numeric: ["=", 0] }], [0], [false, "0", null]);
        fieldTable(
            "numbers beyond ±5e9 are not compared numerically",
            [{ numeric: [">", 0] }],
            [5e9],
            [5.000000001e9, 1e300],
        );
        fieldTable(
            "the guide's limits ±5e9 are inclusive",
            [{ numeric: [">=", -5e9, "<=", 5e9] }],
            [-5e9, 0, 5e9],
            [-5.0000001e9],
        );
        fieldTable(
            "several ranges are ORed",
            [{ numeric: ["<", 0] }, { numeric: [">", 100] }],
            [-1, 101],
            [0, 50, 100],
        );
        fieldTable(
            "a range and exact values together",
            [{ numeric: [">", 10] }, 5, "five"],
            [11, 5, "five"],
            [6, "11"],
        );
    });

    describe("exists", () => {
        fieldTable(
            '{"exists": true}',
            [{ exists: true }],
            ["a", "", null, 0, false, [1], [null], [[""]], [{}, 1]],
            [MISSING, [], [[]], { y: 1 }, {}, [{ y: 1 }]],
        );
        fieldTable(
            '{"exists": false}',
            [{ exists: false }],
            [MISSING, [], [[]], { y: 1 }, {}, [{ y: 1 }]],
            ["a", "", null, 0, false, [1], [null]],
        );
        fieldTable(
            '[{"exists": false}, "a"]: absent or "a"',
            [{ exists: false }, "a"],
            [MISSING, "a", ["b", "a"]],
            ["b"],
        );
        eventTable("exists on a nested field", { detail: { x: [{ exists: false }] } }, [
            ["an event without detail", {}, true],
            ["detail as a string", { detail: "x" }, true],
            ["detail.x as an object (not a leaf)", { detail: { x: { y: 1 } } }, true],
            ["detail.x as null", { detail: { x: null } }, false],
            ["detail.x in an array element", { detail: [{ y: 1 }, { x: 1 }] }, false],
        ]);
        eventTable("exists: true with another field", { source: ["s"], detail: { id: [{ exists: true }] } }, [
            ["both present", { source: "s", detail: { id: "i-1" } }, true],
            ["id null", { source: "s", detail: { id: null } }, true],
            ["id missing", { source: "s", detail: {} }, false],
            ["id as an object", { source: "s", detail: { id: { a: 1 } } }, false],
        ]);
    });

    describe("cidr", () => {
        fieldTable(
            '{"cidr": "10.0.0.0/24"}',
            [{ cidr: "10.0.0.0/24" }],
            ["10.0.0.0", "10.0.0.255", "10.0.0.33", ["1.1.1.1", "10.0.0.7"], "::ffff:a00:5"],
            [
                "10.0.1.0",
                "9.255.255.255",
                "10.0.0",
                "10.0.0.0/24",
                "::ffff:10.0.0.5",
                "text",
                10,
                null,
                MISSING,
                "10.0.0.256",
            ],
        );
        fieldTable(
            "host bits in the block are ignored",
            [{ cidr: "10.0.0.77/24" }],
            ["10.0.0.1", "10.0.0.255"],
            ["10.0.1.1"],
        );
        fieldTable(
            '{"cidr": "0.0.0.0/0"} covers every IPv4 address',
            [{ cidr: "0.0.0.0/0" }],
            ["255.255.255.255", "0.0.0.0"],
            ["::1", "localhost"],
        );
        fieldTable(
            '{"cidr": "192.168.1.0/31"}',
            [{ cidr: "192.168.1.0/31" }],
            ["192.168.1.0", "192.168.1.1"],
            ["192.168.1.2"],
        );
        fieldTable(
            '{"cidr": "13.32.0.0/15"}',
            [{ cidr: "13.32.0.0/15" }],
            ["13.32.0.0", "13.33.255.255"],
            ["13.34.0.0", "13.31.255.255"],
        );
        fieldTable(
            '{"cidr": "2001:db8::/32"}',
            [{ cidr: "2001:db8::/32" }],
            ["2001:db8::1", "2001:0DB8:ffff::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"],
            ["2001:db9::1", "2001:db7:ffff::", "10.0.0.1", "2001:db8"],
        );
        fieldTable('{"cidr": "::1/24"}', [{ cidr: "::1/24" }], ["::", "0:ff::1"], ["100::"]);
    });

    describe("arrays in the event", () => {
        const employees = [
            { firstName: "John", lastName: "Doe" },
            { firstName: "Anna", lastName: "Smith" },
            { firstName: "Peter", lastName: "Jones" },
        ];
        const nested = [[employees[0], employees[1]], [employees[2]]];
        eventTable(
            "fields of one pattern object must come from the same element",
            {
                employees: { firstName: ["Anna"], lastName: ["Smith"] },
            },
            [
                ["Anna Smith in an array of objects", { employees }, true],
                ["Anna Smith in an array of arrays of objects", { employees: nested }, true],
                [
                    "Anna and Smith in different elements",
                    { employees: [{ firstName: "Anna" }, { firstName: "Peter", lastName: "Smith" }] },
                    false,
                ],
            ],
        );
        eventTable(
            "Anna and Jones are in different elements",
            { employees: { firstName: ["Anna"], lastName: ["Jones"] } },
            [
                ["an array of objects", { employees }, false],
                ["an array of arrays of objects", { employees: nested }, false],
            ],
        );
        eventTable("one field matches any element", { employees: { firstName: ["Peter"] } }, [
            ["an array of objects", { employees }, true],
            ["an array of arrays of objects", { employees: nested }, true],
            ["no Peter", { employees: [employees[0]] }, false],
        ]);
        eventTable("fields in different arrays are independent", { a: { x: ["1"] }, b: { y: ["2"] } }, [
            ["each in its own array", { a: [{ x: "0" }, { x: "1" }], b: [{ y: "2" }, { y: "3" }] }, true],
            ["one of them wrong", { a: [{ x: "0" }], b: [{ y: "2" }] }, false],
        ]);
        eventTable("values of a scalar array inside one element", { a: { b: ["1"], c: ["x"] } }, [
            ["b's array and c in the same element", { a: [{ b: ["0", "1"], c: "x" }] }, true],
            [
                "b and c in different elements",
                {
                    a: [
                        { b: ["1", "2"], c: "y" },
                        { b: "3", c: "x" },
                    ],
                },
                false,
            ],
        ]);
        eventTable("exists: false inside an array element", { a: { b: ["x"], c: [{ exists: false }] } }, [
            ["the element with b=x has a c", { a: [{ b: "x", c: 1 }, { b: "y" }] }, false],
            ["the element with b=x has no c", { a: [{ b: "y", c: 1 }, { b: "x" }] }, true],
        ]);
        eventTable(
            "exists: false is checked in field-name order, as Event Ruler walks fields",
            {
                a: { b: [{ exists: false }], c: ["x"] },
            },
            [
                // a.b comes before a.c, so it is checked before any element has been chosen: a "b" anywhere fails it.
                ["a b in another element than c=x", { a: [{ b: 1, c: "y" }, { c: "x" }] }, false],
                ["no b at all", { a: [{ c: "y" }, { c: "x" }] }, true],
            ],
        );
        const alarm = (metrics: object[]) => ({
            source: "aws.cloudwatch",
            detail: { state: { value: "ALARM" }, configuration: { metrics } },
        });
        eventTable(
            "an alarm whose metric must be CPUUtilization in AWS/EC2",
            {
                source: ["aws.cloudwatch"],
                detail: {
                    state: { value: ["ALARM"] },
                    configuration: {
                        metrics: { metricStat: { metric: { metricName: ["CPUUtilization"], namespace: ["AWS/EC2"] } } },
                    },
                },
            },
            [
                [
                    "one metric with both",
                    alarm([
                        { id: "m1", metricStat: { metric: { metricName: "CPUUtilization", namespace: "AWS/EC2" } } },
                    ]),
                    true,
                ],
                [
                    "a math expression beside it",
                    alarm([
                        { id: "m1", metricStat: { metric: { metricName: "CPUUtilization", namespace: "AWS/EC2" } } },
                        { id: "e1", expression: "m1 * 100" },
                    ]),
                    true,
                ],
                [
                    "the name and namespace on different metrics",
                    alarm([
                        { id: "m1", metricStat: { metric: { metricName: "CPUUtilization", namespace: "AWS/RDS" } } },
                        { id: "m2", metricStat: { metric: { metricName: "ReadIOPS", namespace: "AWS/EC2" } } },
                    ]),
                    false,
                ],
                ["no metrics", alarm([]), false],
            ],
        );
        eventTable("anything-but over an array of numbers", { codes: [{ "anything-but": [1, 2] }] }, [
            ["[1, 2]: every element excluded", { codes: [1, 2] }, false],
            ["[1, 3]: 3 is not excluded", { codes: [1, 3] }, true],
            ["[[1], [2, 2]]: nested, every element excluded", { codes: [[1], [2, 2]] }, false],
            ["[[1], [null]]: null is not excluded", { codes: [[1], [null]] }, true],
        ]);
        eventTable(
            "resources as in the user guide",
            {
                resources: [
                    "arn:aws:ec2:us-east-1:123456789012:instance/i-b188560f",
                    "arn:aws:ec2:us-east-1:111122223333:instance/i-b188560f",
                ],
            },
            [
                [
                    "an event array sharing one value",
                    {
                        resources: [
                            "arn:aws:autoscaling:us-east-1:123456789012:x",
                            "arn:aws:ec2:us-east-1:123456789012:instance/i-b188560f",
                        ],
                    },
                    true,
                ],
                ["an event array sharing none", { resources: ["arn:aws:autoscaling:us-east-1:123456789012:x"] }, false],
                ["an empty event array", { resources: [] }, false],
            ],
        );
    });

    describe("$or", () => {
        eventTable("the spec's ECS pattern", ECS_PATTERN, [
            ["eventType WARN", { source: "aws.ecs", detail: { eventType: "WARN" } }, true],
            ["eventType ERROR", { source: "aws.ecs", detail: { eventType: "ERROR" } }, true],
            ["eventType INFO", { source: "aws.ecs", detail: { eventType: "INFO" } }, false],
            ["eventType warn (case differs)", { source: "aws.ecs", detail: { eventType: "warn" } }, false],
            ["eventType among an array", { source: "aws.ecs", detail: { eventType: ["INFO", "ERROR"] } }, true],
            ["eventType WARN without source", { detail: { eventType: "WARN" } }, false],
            ["eventType WARN from aws.ec2", { source: "aws.ec2", detail: { eventType: "WARN" } }, false],
            ["agentConnected false", { source: "aws.ecs", detail: { agentConnected: false } }, true],
            ['agentConnected "false" (a string)', { source: "aws.ecs", detail: { agentConnected: "false" } }, false],
            ["agentConnected true", { source: "aws.ecs", detail: { agentConnected: true } }, false],
            ["agentConnected null", { source: "aws.ecs", detail: { agentConnected: null } }, false],
            ["one container exited 1", { source: "aws.ecs", detail: { containers: [{ exitCode: 1 }] } }, true],
            ["one container exited 0", { source: "aws.ecs", detail: { containers: [{ exitCode: 0 }] } }, false],
            ["exit code 0.0", { source: "aws.ecs", detail: { containers: [{ exitCode: 0.0 }] } }, false],
            [
                "containers exited 0 and 137",
                { source: "aws.ecs", detail: { containers: [{ exitCode: 0 }, { exitCode: 137 }] } },
                true,
            ],
            ['exit code "0" (a string)', { source: "aws.ecs", detail: { containers: [{ exitCode: "0" }] } }, true],
            ["exit code null", { source: "aws.ecs", detail: { containers: [{ exitCode: null }] } }, true],
            ["a container without exitCode", { source: "aws.ecs", detail: { containers: [{ name: "app" }] } }, false],
            ["no containers", { source: "aws.ecs", detail: { containers: [] } }, false],
            ["containers as one object", { source: "aws.ecs", detail: { containers: { exitCode: 2 } } }, true],
            ["an empty detail", { source: "aws.ecs", detail: {} }, false],
            [
                "a full ECS task state change",
                {
                    version: "0",
                    id: "3317b2af-7005-947d-b652-f55e762e571a",
                    "detail-type": "ECS Task State Change",
                    source: "aws.ecs",
                    account: "111122223333",
                    time: "2020-01-23T17:57:58Z",
                    region: "us-west-2",
                    resources: [
                        "arn:aws:ecs:us-west-2:111122223333:task/FargateCluster/c13b4cb40f1f4fe4a2971f76ae5a47ad",
                    ],
                    detail: {
                        clusterArn: "arn:aws:ecs:us-west-2:111122223333:cluster/FargateCluster",
                        containers: [
                            { name: "FargateApp", exitCode: 0, lastStatus: "STOPPED" },
                            { name: "Sidecar", exitCode: 143, lastStatus: "STOPPED" },
                        ],
                        lastStatus: "STOPPED",
                    },
                },
                true,
            ],
        ]);
        eventTable(
            "$or at the top level",
            { source: ["aws.cloudwatch"], $or: [{ metricName: ["CPUUtilization"] }, { namespace: ["AWS/EC2"] }] },
            [
                ["the first alternative", { source: "aws.cloudwatch", metricName: "CPUUtilization" }, true],
                ["the second alternative", { source: "aws.cloudwatch", namespace: "AWS/EC2" }, true],
                ["both", { source: "aws.cloudwatch", metricName: "CPUUtilization", namespace: "AWS/EC2" }, true],
                ["neither", { source: "aws.cloudwatch", metricName: "x", namespace: "y" }, false],
                ["an alternative without the shared field", { metricName: "CPUUtilization" }, false],
            ],
        );
        eventTable(
            "parallel $or",
            {
                $or: [{ metricName: ["CPUUtilization"] }, { namespace: ["AWS/EC2"] }],
                detail: { $or: [{ source: ["aws.cloudwatch"] }, { "detail-type": ["CloudWatch Alarm State Change"] }] },
            },
            [
                ["one of each", { namespace: "AWS/EC2", detail: { source: "aws.cloudwatch" } }, true],
                [
                    "the other of each",
                    { metricName: "CPUUtilization", detail: { "detail-type": "CloudWatch Alarm State Change" } },
                    true,
                ],
                ["only the first $or", { metricName: "CPUUtilization", detail: {} }, false],
                ["only the second $or", { detail: { source: "aws.cloudwatch" } }, false],
            ],
        );
        eventTable(
            "nested $or and and",
            {
                source: ["aws.cloudwatch"],
                $or: [
                    { metricName: ["CPUUtilization", "ReadLatency"] },
                    {
                        metricType: ["MetricType"],
                        namespace: ["AWS/EC2", "AWS/ES"],
                        $or: [{ metricId: [1234] }, { spaceId: [1000] }],
                    },
                    { scope: ["Service"] },
                ],
            },
            [
                ["metricName", { source: "aws.cloudwatch", metricName: "ReadLatency" }, true],
                ["scope", { source: "aws.cloudwatch", scope: "Service" }, true],
                [
                    "metricType, namespace and metricId",
                    { source: "aws.cloudwatch", metricType: "MetricType", namespace: "AWS/ES", metricId: 1234 },
                    true,
                ],
                [
                    "metricType, namespace and spaceId",
                    { source: "aws.cloudwatch", metricType: "MetricType", namespace: "AWS/EC2", spaceId: 1000 },
                    true,
                ],
                [
                    "metricType and namespace alone",
                    { source: "aws.cloudwatch", metricType: "MetricType", namespace: "AWS/EC2" },
                    false,
                ],
                ["metricId alone", { source: "aws.cloudwatch", metricId: 1234 }, false],
                [
                    'metricId "1234" (a string)',
                    { source: "aws.cloudwatch", metricType: "MetricType", namespace: "AWS/EC2", metricId: "1234" },
                    false,
                ],
            ],
        );
        eventTable(
            "a field given before $or is replaced in an alternative that gives it again",
            {
                a: ["x"],
                $or: [{ a: ["y"] }, { b: ["z"] }],
            },
            [
                // Event Ruler's expansion gives {a: ["y"]} and {a: ["x"], b: ["z"]}.
                ["a = y alone", { a: "y" }, true],
                ["a = x and b = z", { a: "x", b: "z" }, true],
                ["a = x alone", { a: "x" }, false],
            ],
        );
        eventTable(
            "a field given after $or replaces the alternative's",
            {
                $or: [{ a: ["y"] }, { b: ["z"] }],
                a: ["x"],
            },
            [
                ["a = y alone", { a: "y" }, false],
                ["a = x alone", { a: "x" }, true],
            ],
        );
        eventTable(
            "an $or alternative naming several fields needs all of them",
            { $or: [{ a: ["1"], b: ["2"] }, { c: ["3"] }] },
            [
                ["a and b", { a: "1", b: "2" }, true],
                ["a only", { a: "1" }, false],
                ["c only", { c: "3" }, true],
            ],
        );
    });

    describe("inputs", () => {
        it("accepts the pattern and the event as JSON text", () => {
            assert.equal(matchesEventPattern('{"source": ["aws.ec2"]}', '{"source": "aws.ec2"}'), true);
            assert.equal(matchesEventPattern('{"source": ["aws.ec2"]}', { source: "aws.s3" }), false);
        });
        it("reads an event object as JSON would (Date as its ISO text, undefined as absent)", () => {
            const time = new Date("2017-10-02T18:43:48Z");
            assert.equal(matchesEventPattern({ time: [{ prefix: "2017-10-02" }] }, { time }), true);
            assert.equal(matchesEventPattern({ x: [{ exists: false }] }, { x: undefined }), true);
        });
        it("refuses an event that is not a JSON object", () => {
            assert.throws(() => matchesEventPattern({ x: ["a"] }, "[1]"), {
                name: "TypeError",
                message: "an event must be a JSON object, got an array",
            });
            assert.throws(() => matchesEventPattern({ x: ["a"] }, "nope"), TypeError);
            assert.throws(() => matchesEventPattern({ x: ["a"] }, "null"), {
                name: "TypeError",
                message: "an event must be a JSON object, got null",
            });
        });
        it("validates the pattern before matching", () => {
            assert.throws(() => matchesEventPattern({ x: "a" }, { x: "a" }), {
                name: "EventPatternError",
                message: '$.x: leaf values must be a non-empty array, got "a"',
                code: "LEAF_NOT_ARRAY",
            });
        });
    });
});
