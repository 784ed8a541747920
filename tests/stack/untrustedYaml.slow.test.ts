/**
 * The big inputs of untrustedYaml.test.ts, in-process: an alias bomb and a pattern nested thousands
 * deep are refused with the file and line.
 */
import * as assert from "node:assert/strict";

import { parseStack } from "../../stack";
import { MAX_ALIAS_EXPANSION } from "../../stack/tree";
import { lines, stackError, STACK_VARS } from "../helpers/stack";

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
    });

    describe("deep nesting", () => {
        it("refuses a pattern nested thousands deep in YAML, with the file and line", () => {
            const deep = "{a: ".repeat(3000) + "[x]" + "}".repeat(3000);
            const error = stackError(() =>
                parseStack(
                    lines(
                        STACK_VARS,
                        "components:",
                        "  terraform:",
                        "    rule:",
                        "      metadata: {component: eventbridge}",
                        `      vars: {name: x, event_rule_pattern: ${deep}}`,
                    ),
                    "deep.yaml",
                ),
            );
            assert.match(
                error.message,
                /^deep\.yaml:6:\d+: invalid YAML: lists and maps nested too deeply for the YAML parser \(hundreds of levels\)$/,
            );
        });
    });
});
