/**
 * The big input of untrustedYaml.test.ts, in-process: a pattern nested thousands deep is refused
 * with the file and line.
 */
import * as assert from "node:assert/strict";

import { parseStack } from "../../stack";
import { lines, stackError, STACK_VARS } from "../helpers/stack";

describe("hostile input", () => {
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
