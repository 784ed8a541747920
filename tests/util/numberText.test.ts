/**
 * Numbers with more digits than a double holds keep their digits on their way to AWS (issue 40), as
 * Terraform's numbers do: HCL and `jsondecode` read a number into a 512-bit float (cty), and
 * `jsonencode` writes it with `big.Float.Text('f', -1)` (cty/json/marshal.go), so
 * `jsonencode(jsondecode("[12345678901234567890]"))` is `[12345678901234567890]`, not a string and
 * not 12345678901234567000. From JSON text (parseJsonKeepingOrder), from a stack file's `any` var,
 * and through synth's plan.
 */
import * as assert from "node:assert/strict";
import { jsonencode } from "../../components/kit/jsonencode";
import { readPattern } from "../../event-pattern/json";
import { isExactNumber, plainDecimal } from "../../util/numberText";
import { synthCommand } from "../helpers/commands";
import { lines, STACK_VARS } from "../helpers/stack";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

describe("numbers a double cannot hold (issue 40)", () => {
    it("tells the literals a double holds exactly from those it rounds", () => {
        // Exact in the digits that matter: the double's shortest decimal is the literal (0.1 is written 0.1).
        for (const text of ["1", "1.5", "9007199254740992", "1e300", "0.5", "-0", "5000000000", "0.1"]) {
            assert.equal(isExactNumber(text), true, text);
        }
        for (const text of ["12345678901234567890", "9007199254740993", "0.1000000000000000000001"]) {
            assert.equal(isExactNumber(text), false, text);
        }
        // Beyond a double's range, or not a number: never exact. Forms Number() reads that are not a
        // decimal literal (hex) are taken as JavaScript reads them.
        for (const text of ["1e400", "-1e400", "abc"]) assert.equal(isExactNumber(text), false, text);
        assert.equal(isExactNumber("0x1F"), true);
    });

    it("writes the digits as Go's big.Float Text('f', -1) does", () => {
        const cases: [string, string][] = [
            ["12345678901234567890", "12345678901234567890"],
            ["1.50e2", "150"],
            ["-0.000100", "-0.0001"],
            ["1.00000000000000000001e30", "1000000000000000000010000000000"],
            ["+7", "7"],
            ["123.4560", "123.456"],
            ["-1.25e1", "-12.5"],
            ["0", "0"],
            ["-0.000e5", "0"],
        ];
        for (const [text, plain] of cases) assert.equal(plainDecimal(text), plain, text);
    });

    it("keeps them from a pattern's JSON text to the text sent (jsonencode)", () => {
        const text = '{"detail": {"id": [12345678901234567890, 0.1000000000000000000001, 1.5], "n": 9007199254740993}}';
        assert.equal(
            jsonencode(readPattern(text)),
            '{"detail":{"id":[12345678901234567890,0.1000000000000000000001,1.5],"n":9007199254740993}}',
        );
        // A plain object holds what it holds: its numbers as JavaScript wrote them.
        assert.equal(jsonencode({ n: Number("12345678901234567890") }), '{"n":12345678901234567000}');
    });

    it("keeps them from a stack file's event pattern to synth's plan", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "number-text-"));
        try {
            const file = path.join(dir, "s.yaml");
            fs.writeFileSync(
                file,
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    rule:",
                    "      metadata: {component: eventbridge}",
                    "      vars:",
                    "        name: ecs",
                    "        event_rule_pattern:",
                    "          source: [aws.ec2]",
                    "          detail: {id: [12345678901234567890, 0.1000000000000000000001, 1.5], name: ['12345678901234567890']}",
                ),
            );
            const run = await synthCommand([file, "--json"]);
            assert.equal(run.status, 0, run.stderr);
            const rule = (
                JSON.parse(run.stdout) as { resources: { type: string; inputs: { eventPattern?: string } }[] }
            ).resources.find((r) => r.type === "aws:cloudwatch/eventRule:EventRule");
            assert.equal(
                rule?.inputs.eventPattern,
                '{"detail":{"id":[12345678901234567890,0.1000000000000000000001,1.5],"name":["12345678901234567890"]},"source":["aws.ec2"]}',
            );
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
