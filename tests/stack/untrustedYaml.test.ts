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
import { MAX_ALIAS_EXPANSION, representsExactly } from "../../stack/tree";
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
        ];
        for (const [text, expected] of exact) {
            it(`${expected ? "takes" : "does not take"} ${text} as a number`, () => {
                assert.equal(representsExactly(text, Number(text)), expected);
            });
        }

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
