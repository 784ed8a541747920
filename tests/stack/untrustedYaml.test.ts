/**
 * Untrusted or odd YAML, as a new user might write it: an alias bomb, a file that is not UTF-8,
 * numbers a JavaScript number cannot hold, a reader that closes the pipe early. A pattern nested
 * thousands deep runs in untrustedYaml.slow.test.ts.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { loadStackFile, parseStack } from "../../stack";
import { decodeUtf8 } from "../../stack/files";
import { MAX_ALIAS_EXPANSION, MAX_TEXT_LENGTH, parseYamlTree, representsExactly, toPlain } from "../../stack/tree";
import { synthCommand } from "../helpers/commands";
import { lines, stackError, STACK_VARS } from "../helpers/stack";

const tempDirs: string[] = [];
after(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempFile(name: string, content: string | Buffer): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-test-"));
    tempDirs.push(dir);
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
}

describe("hostile input", () => {
    describe("YAML aliases", () => {
        it("refuses an alias bomb (nine levels of ten) with the file and line of the alias", () => {
            const levels = "abcdefghi";
            const text = lines(
                'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
                ...[...levels.slice(1)].map((l, i) => `${l}: &${l} [${Array(10).fill(`*${levels[i]}`).join(",")}]`),
                "components: {terraform: {}}",
            );
            const error = stackError(() => parseStack(text, "bomb.yaml"));
            assert.equal(error.problems.length, 1);
            assert.equal(error.code, "YAML_SYNTAX");
            assert.match(
                error.message,
                new RegExp(
                    `^bomb\\.yaml:\\d+:\\d+: invalid YAML: aliases expand to more than ${MAX_ALIAS_EXPANSION.toLocaleString("en-US")} values`,
                ),
            );
        });

        it("still expands ordinary aliases and merge keys", () => {
            const stack = parseStack(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    base:",
                    "      metadata: {component: eventbridge}",
                    "      vars: &base {name: ecs, event_log_retention_in_days: 7}",
                    "    rule:",
                    "      metadata: {component: eventbridge}",
                    "      vars: {<<: *base, name: other}",
                ),
                "stacks/ok.yaml",
            );
            assert.equal(stack.instances[1].vars.name, "other");
            assert.equal(stack.instances[1].vars.event_log_retention_in_days, 7);
        });
    });

    describe("text encoding", () => {
        it("refuses a Latin-1 file with its name and the line of the first bad byte", () => {
            const file = tempFile(
                "latin1.yaml",
                Buffer.concat([
                    Buffer.from("vars:\n  region: us-east-2\n  tags: {owner: caf"),
                    Buffer.from([0xe9]),
                    Buffer.from("}\n"),
                ]),
            );
            const error = stackError(() => loadStackFile(file));
            assert.equal(error.code, "FILE_UNREADABLE");
            assert.equal(
                error.message,
                `${file}: cannot read the file: not UTF-8 text (line 3: byte 0xE9 at offset 45); save it as UTF-8`,
            );
        });

        it("refuses an ESC character and a text past the length a stack file may hold, with their location", () => {
            const esc = parseYamlTree("a: 1\nb: x\u001by\n", "esc.yaml");
            assert.equal(esc.root, null);
            assert.deepEqual(
                esc.problems.map((p) => p.message),
                [
                    "esc.yaml:2:5: invalid YAML: the character U+001B (ESC) is not allowed in a YAML file (YAML 1.2 allows only printable characters; write it escaped in a double-quoted string if it is meant)",
                ],
            );
            const long = parseYamlTree(`a: ${"x".repeat(MAX_TEXT_LENGTH)}`, "long.yaml");
            assert.equal(long.root, null);
            assert.deepEqual(
                long.problems.map((p) => p.message),
                [
                    `long.yaml:1:1: the file holds ${(MAX_TEXT_LENGTH + 3).toLocaleString("en-US")} characters, more than the ${MAX_TEXT_LENGTH.toLocaleString("en-US")} a stack file may hold`,
                ],
            );
        });

        // go-yaml checks each \u/\U escape of a double-quoted scalar alone and refuses a surrogate half or a
        // value past U+10FFFF (go-yaml v3 scannerc.go 2572-2576); the `yaml` package decodes them.
        const escapes: { written: string; refused?: string; value?: string }[] = [
            {
                written: 'a: "x\\ud800y"',
                refused: "1:6: invalid YAML: found invalid Unicode character escape code \\ud800 (",
            },
            {
                written: 'a: "\\ud83d\\ude00"',
                refused: "1:5: invalid YAML: found invalid Unicode character escape code \\ud83d (",
            },
            {
                written: 'a: "ok"\n"k\\uDFFF": 1',
                refused: "2:3: invalid YAML: found invalid Unicode character escape code \\uDFFF (",
            },
            {
                written: 'a: "\\U00110000"',
                refused: "1:5: invalid YAML: Invalid escape sequence \\U00110000",
            },
            { written: 'a: [1, "\\U0001F600"]\nb: "\\uD7FF\\uE000"' },
            { written: 'a: "\\\\ud800"', value: "\\ud800" },
            { written: "a: '\\ud800'", value: "\\ud800" },
            { written: "a: \\ud800", value: "\\ud800" },
        ];
        for (const { written, refused, value } of escapes) {
            it(`${JSON.stringify(written)}: ${refused === undefined ? "read" : "refused as go-yaml refuses it"}`, () => {
                const parsed = parseYamlTree(written, "esc.yaml");
                if (refused === undefined) {
                    assert.deepEqual(parsed.problems, []);
                    if (value !== undefined) assert.equal((toPlain(parsed.root!) as { a: string }).a, value);
                    return;
                }
                assert.equal(parsed.root, null);
                const [problem] = parsed.problems;
                assert.equal(parsed.problems.length, 1);
                assert.equal(problem.code, "YAML_SYNTAX");
                assert.ok(problem.message.startsWith(`esc.yaml:${refused}`), problem.message);
            });
        }

        it("reads UTF-8 (a byte-order mark dropped)", () => {
            assert.equal(decodeUtf8(Buffer.from("\uFEFFcafé: ☕", "utf8"), "x.yaml"), "café: ☕");
        });
    });

    describe("numbers", () => {
        const exact: [string, boolean][] = [
            ["12345678901234567890", false],
            ["9007199254740993", false],
            ["9007199254740992", true],
            ["0.12345678901234567890", false],
            ["0.1", true],
            ["1.10", true],
            ["-0.5", true],
            ["1e3", true],
            ["1.5e-7", true],
            ["0x1F", true],
            ["0o17", true],
            ["+5", true],
            ["-0x10", true],
            ["0x20000000000000", true],
            // 2^53 + 1: a double rounds it to 2^53.
            ["0x20000000000001", false],
        ];
        for (const [text, expected] of exact) {
            it(`${expected ? "takes" : "does not take"} ${text} as a number`, () => {
                assert.equal(representsExactly(text, Number(text)), expected);
            });
        }

        it("takes .inf and .nan as they are: they have no digits to lose", () => {
            assert.equal(representsExactly(".inf", Infinity), true);
            assert.equal(representsExactly(".nan", NaN), true);
        });

        it("keeps an unquoted 20-digit tag value as written", () => {
            const stack = parseStack(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    rule:",
                    "      metadata: {component: eventbridge}",
                    "      vars: {name: ecs, tags: {account: 12345678901234567890, small: 42}}",
                ),
                "stacks/ok.yaml",
            );
            assert.deepEqual(stack.instances[0].vars.tags, { account: "12345678901234567890", small: "42" });
        });

        it("refuses a number var written with more digits than a number holds", () => {
            const error = stackError(() =>
                parseStack(
                    lines(
                        STACK_VARS,
                        "components:",
                        "  terraform:",
                        "    rule:",
                        "      metadata: {component: eventbridge}",
                        "      vars: {name: ecs, event_log_retention_in_days: 30000000000000000001}",
                    ),
                    "stacks/bad.yaml",
                ),
            );
            assert.match(error.message, /event_log_retention_in_days .*"30000000000000000001"/);
        });
    });

    describe("the synth CLI", function () {
        this.timeout(120_000);

        it("reports a component's warning with the file, line, instance and snake_case var", async () => {
            const file = tempFile(
                "ue2-prod.yaml",
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    rule:",
                    "      metadata: {component: eventbridge}",
                    "      vars:",
                    "        name: ecs",
                    `        event_rule_pattern: '{"a":["x"],"$or":[{"a":["y"]},{"b":["z"]}]}'`,
                ),
            );
            const run = await synthCommand([file, "--json"]);
            assert.equal(run.status, 0, run.stderr);
            assert.equal(
                run.stderr,
                `warning: ${file}:8:29: eventbridge "rule": event_rule_pattern is accepted, but $.$or[0].a: field "a" is also given at $.a; ` +
                    "EventBridge keeps only the later one, so the two are not both required\n",
            );
        });
    });
});

/**
 * YAML corners read as go-yaml v3 (Atmos's parser) reads them (issue 40); go-yaml/yaml branch v3
 * at f6f7691.
 */
describe("YAML corners as go-yaml v3 reads them (issue 40)", () => {
    const parsed = (text: string) => parseYamlTree(text, "f.yaml");
    const plain = (text: string) => {
        const result = parsed(text);
        assert.deepEqual(
            result.problems.map((p) => p.message),
            [],
        );
        return result.root === null ? null : toPlain(result.root);
    };
    const problems = (text: string) => parsed(text).problems.map((p) => p.message);

    it("refuses !!binary under a %YAML 1.1 directive as without it (v3 reads every document alike)", () => {
        for (const text of ["%YAML 1.1\n---\na: !!binary aGVsbG8=\n", "a: !!binary aGVsbG8=\n"]) {
            const [message, ...rest] = problems(text);
            assert.deepEqual(rest, []);
            assert.match(message, /^f\.yaml:\d:13: !!binary values are not supported/);
        }
        // `yes` stays a string under %YAML 1.1 too (resolve.go has no 1.1 booleans).
        assert.deepEqual(plain("%YAML 1.1\n---\na: yes\n"), { a: "yes" });
    });

    it("refuses a %YAML directive other than 1.1, at the directive (parserc.go 1195-1198)", () => {
        assert.deepEqual(problems("x: 1\n%YAML 1.2\n---\na: 1\n").length > 0, true);
        assert.deepEqual(problems("# c\n%YAML 1.2\n---\na: 1\n"), [
            "f.yaml:2:1: invalid YAML: %YAML 1.2 is not a version Atmos's parser (go-yaml v3) reads; it reads %YAML 1.1 only (found incompatible YAML document); remove the directive",
        ]);
    });

    it("reads !!omap, !!pairs and !!set as the list or map written (decode.go 496-519 decodes by kind)", () => {
        assert.deepEqual(plain("x: 1\nb: !!omap [{a: 1}, {b: 2}]\n"), { x: 1, b: [{ a: 1 }, { b: 2 }] });
        assert.deepEqual(plain("b: !!omap [a, b]\n"), { b: ["a", "b"] });
        assert.deepEqual(plain("b: !!pairs [{a: 1}, {a: 2}]\n"), { b: [{ a: 1 }, { a: 2 }] });
        assert.deepEqual(plain("b: !!pairs {a: 1}\n"), { b: { a: 1 } });
        assert.deepEqual(plain("b: !!set {a, c}\n"), { b: { a: null, c: null } });
        // Their values keep their own places: a problem inside is at its line.
        assert.match(problems("x: 1\nb: !!omap\n  - a: *nope\n")[0], /^f\.yaml:3:\d+: invalid YAML/);
    });

    it("takes an alias as a map key as its anchor's text (decode.go mapping -> unmarshal -> alias)", () => {
        assert.deepEqual(plain("base: &k foo\nm:\n  *k : 1\n  bar: 2\n"), { base: "foo", m: { foo: 1, bar: 2 } });
        // An anchored collection is no key (decode.go 844-845 "invalid map key").
        assert.deepEqual(problems("a: &k {x: 1}\nm:\n  *k : 1\n"), [
            "f.yaml:3:3: map keys must be strings, got a YAML collection",
        ]);
        // The same alias twice is a repeated key (v3 compares the alias nodes by name).
        assert.deepEqual(problems("base: &k foo\nm:\n  *k : 1\n  *k : 2\n"), [
            "f.yaml:4:3: invalid YAML: Map keys must be unique",
        ]);
    });

    it("refuses a second << merge key as any repeated key (decode.go 766-781)", () => {
        assert.deepEqual(problems("a: &a {x: 1}\nb: &b {y: 1}\nc:\n  <<: *a\n  <<: *b\n"), [
            "f.yaml:5:3: invalid YAML: Map keys must be unique",
        ]);
        assert.deepEqual(plain("a: &a {x: 1}\nb: &b {y: 1}\nc:\n  <<: [*a, *b]\n"), {
            a: { x: 1 },
            b: { y: 1 },
            c: { x: 1, y: 1 },
        });
    });

    it("reads a carriage return alone as a line break (yamlprivateh.go is_break), problems at their real line", () => {
        assert.deepEqual(plain("a: 1\rb: 2\r"), { a: 1, b: 2 });
        assert.deepEqual(plain("a: |\r  x\r  y\rb: 2\r"), { a: "x\ny\n", b: 2 });
        assert.deepEqual(problems("a: 1\rb: 2\rb: 3\r"), ["f.yaml:3:1: invalid YAML: Map keys must be unique"]);
        const error = stackError(() => parseStack(`${STACK_VARS}\rcomponents:\r  terraform:\r    x: [\r`, "cr.yaml"));
        assert.match(error.message, /^cr\.yaml:[3-5]:/);
    });
});
