/**
 * format(): Terraform's `format()` (cty stdlib). Every expectation below was printed by
 * Terraform v1.11.4 (`terraform apply` of `output "x" { value = format(...) }`).
 */
import * as assert from "node:assert/strict";
import { format } from "../../label";

/** [spec, args, Terraform's result]. `null` args were passed as `tostring(null)`. */
const TERRAFORM_ROWS: ReadonlyArray<readonly [string, readonly unknown[], string]> = [
    ["%v-%v-%v", ["hrh", "uat", "bild"], "hrh-uat-bild"],
    ["%s/%s", ["a", "b"], "a/b"],
    ["plain", [], "plain"],
    ["100%%", [], "100%"],
    ["%%%s%%", ["x"], "%x%"],
    ["%[2]s-%[1]s", ["a", "b"], "b-a"],
    ["%[2]s-%s", ["a", "b", "c"], "b-c"],
    ["%[1]s-%[1]s", ["a"], "a-a"],
    ["%[3]v %v", ["a", "b", "c", "d"], "c d"],
    ["%q", ['a"b\\c\n<&>'], '"a\\"b\\\\c\\n\\u003c\\u0026\\u003e"'],
    ["%q", ["tab\there "], '"tab\\there\\u2028"'],
    ["%5s|%-5s|%05s", ["ab", "cd", "ef"], "   ab|cd   |000ef"],
    ["%.2s|%.0s|%.s|%.10s", ["abcdef", "abc", "abc", "abc"], "ab|abc|abc|abc"],
    ["%3.1s|", ["xyz"], "  x|"],
    ["%6q", ["a"], '   "a"'],
    ["%-8v|%8v", ["ab", "cd"], "ab      |      cd"],
    ["%4s|", ["ñé"], "  ñé|"],
    ["%.2s", ["ééé"], "éé"],
    ["%v", [1234567], "1.234567e+06"],
    ["%v", [0.0001], "0.0001"],
    ["%v", [0.00001], "1e-05"],
    ["%v", [1.5], "1.5"],
    ["%v", [-42], "-42"],
    ["%v", [100000], "100000"],
    ["%v", [123456], "123456"],
    ["%v", [true], "true"],
    ["%v", [[1, "a", true]], '[1,"a",true]'],
    ["%v", [{ b: 1, a: ["x"] }], '{"a":["x"],"b":1}'],
    ["%#v", ["str"], '"str"'],
    ["%#v", [12], "12"],
    ["%v|%#v", [null, null], "null|null"],
    ["%s", [100000000000000000000], "100000000000000000000"],
    ["%s", [0.5], "0.5"],
    ["%s", [true], "true"],
    ["%s", [-3], "-3"],
    ["%t|%t", [true, "false"], "true|false"],
    ["%d|%d|%d", [42, -7, "12"], "42|-7|12"],
    ["%5d|%-5d|%05d|%+d|% d", [42, 42, -42, 3, 3], "   42|42   |-0042|+3| 3"],
    ["%.5d|%8.5d|%-8.3d|%08.3d", [42, 42, 7, 7], "00042|   00042|007     |     007"],
    ["%.0d|%.d|%3.0d|", [0, 0, 0], "|||"],
    ["%b|%o|%x|%X", [5, 8, 255, 255], "101|10|ff|FF"],
    ["%#b|%#o|%#x|%#X", [5, 8, 255, 255], "0b101|010|0xff|0XFF"],
    ["%x|%#x", [-255, -255], "-ff|-0xff"],
    ["%e|%E|%.2e|%+.3e", [1234.5678, 0.000123, 5, 1], "1.234568e+03|1.230000E-04|5.00e+00|+1.000e+00"],
    [
        "%f|%.2f|%8.3f|%-8.1f|%08.2f|%+.1f",
        [3.14159, 2.345, 1.5, 2.25, -3.14159, 1],
        "3.141590|2.34|   1.500|2.2     |-0003.14|+1.0",
    ],
    ["%.1f|%.1f|%.0f|%.0f|%.2f", [0.25, 0.35, 2.5, 3.5, 1.005], "0.2|0.3|2|4|1.00"],
    ["%g|%g|%g|%g|%g", [100000, 1000000, 0.0001, 0.00001, 123.456], "100000|1e+06|0.0001|1e-05|123.456"],
    ["%.3g|%.1g|%.10g|%G|%.2G", [1234.5678, 0.15, 1, 1e-7, 123456], "1.23e+03|0.2|1|1E-07|1.2E+05"],
    ["%e|%f|%g", [0, 0, 0], "0.000000e+00|0.000000|0"],
    ["%10.3e|%-12.2E|", [12345.678, 0.5], " 1.235e+04|5.00E-01    |"],
    ["%f", [1e21], "1000000000000000000000.000000"],
    ["%d", [100000000000000000000], "100000000000000000000"],
    ["%s-%s", ["ünï", "çødé"], "ünï-çødé"],
    ["ünï %s", ["x"], "ünï x"],
    ["%.1f|%.2f|%.1e|%.2g", [0.45, 0.125, 0.15, 0.0125], "0.4|0.12|1.5e-01|0.013"],
    ["%.0f|%.0f|%.0f|%.3f|%.1f", [0.5, 1.5, 0.6, 0.0006, 0.05], "0|2|1|0.001|0.1"],
    ["%.2f|%.2f|%.3f", [2.675, 1.115, 1.0005], "2.67|1.12|1.000"],
    ["%.1e|%.0e|%.3g", [9.96, 5.5, 99.95], "1.0e+01|6e+00|99.9"],
    ["%5t|%-3v|", [true, 7], "true|7  |"],
    ["%5.1v|", ["abc"], "  abc|"],
    ["%08s|%-08s|", ["x", "y"], "0000000x|y0000000|"],
    ["%+s|% s|%#s", ["a", "b", "c"], "a|b|c"],
    ["%.1f|%.2f|%.3f|%.2f", [0.35, 0.285, 0.0005, 10.005], "0.3|0.29|0.000|10.00"],
    ["%.2f|%.1f|%.2f|%.0e|%.1e", [0.615, 1.25, 12.345, 5e-7, 2.25e-10], "0.61|1.2|12.34|5e-07|2.3e-10"],
    ["%.3g|%.4g|%.2e", [1.0005, 123.45, 1.125], "1|123.4|1.12e+00"],
    ["%q", ["\r\b\f"], '"\\r\\b\\f"'],
    ["%v", [[1e21, 1e-7, -2.5e-8]], "[1000000000000000000000,0.0000001,-0.000000025]"],
    ["%v", [[0.1, 3.0e-5]], "[0.1,0.00003]"],
    ["%e|%E", [1e20, 1.5e-12], "1.000000e+20|1.500000E-12"],
    ["%.2f|%.0f", [0.0001, 0.4], "0.00|0"],
    ["%.0g|%.3g|%g|%G", [123, 0.000012345, 1e21, 1e-7], "1e+02|1.23e-05|1e+21|1E-07"],
    ["%.3e", [2.0005], "2.001e+00"],
    ["% f|% e|%.3g|%.5g", [1, 2, 100000, 1e21], " 1.000000| 2.000000e+00|1e+05|1e+21"],
];

/** [spec, args, the message Terraform gives (after `Call to function "format" failed: `)]. */
const TERRAFORM_ERRORS: ReadonlyArray<readonly [string, readonly unknown[], string]> = [
    ["%v-%v", ["a"], 'not enough arguments for "%v" at 3: need index 2 but have 1 total'],
    ["%[12]s", ["a"], 'not enough arguments for "%[12]s" at 0: need index 12 but have 1 total'],
    ["ü%[3]s", ["a"], 'not enough arguments for "%[3]s" at 2: need index 3 but have 1 total'],
    ["%v", ["a", "b"], "too many arguments; only 1 used by format string"],
    ["%[2]v", ["a", "b", "c"], "too many arguments; only 2 used by format string"],
    ["x", ["a"], "too many arguments; no verbs in format string"],
    ["100%%", ["a"], "too many arguments; no verbs in format string"],
    ["ab%", [], "invalid format string starting at offset 3"],
    ["%[1]s %[2", ["a"], "invalid format string starting at offset 9"],
    ["%!", [1], "unrecognized format character '!' at offset 1"],
    ["%5%", ["a"], "unrecognized format character '%' at offset 2"],
    ["%[0]s", [1], "unrecognized format character '0' at offset 2"],
    ["%[1]-s", ["a"], "unrecognized format character '-' at offset 4"],
    ["%y", [1], "unsupported format verb 'y' in \"%y\" at offset 0"],
    ["%d", [1.5], 'unsupported value for "%d" at 0: an integer is required'],
    ["%d", ["x"], 'unsupported value for "%d" at 0: a number is required'],
    ["%d", [" 1"], 'unsupported value for "%d" at 0: a number is required'],
    ["%d", [true], 'unsupported value for "%d" at 0: number required'],
    ["é€😀%z", [1], "unsupported format verb 'z' in \"%z\" at offset 9"],
    ["%[x]s", ["a"], "unrecognized format character 'x' at offset 2"],
    ["%\n", [1], "unrecognized format character '\\n' at offset 1"],
    ["%\u0001", [1], "unrecognized format character '\\x01' at offset 1"],
    ["%s", [[1]], 'unsupported value for "%s" at 0: string required'],
    ["%t", [5], 'unsupported value for "%t" at 0: bool required'],
    ["%s", [null], 'unsupported value for "%s" at 0: null value cannot be formatted'],
];

describe("format", () => {
    describe("matches Terraform's output", () => {
        for (const [spec, args, expected] of TERRAFORM_ROWS) {
            it(`formats ${JSON.stringify(spec)} with ${JSON.stringify(args)} as ${JSON.stringify(expected)}`, () => {
                assert.equal(format(spec, ...args), expected);
            });
        }
    });

    describe("refuses what Terraform refuses, with cty's message", () => {
        for (const [spec, args, message] of TERRAFORM_ERRORS) {
            it(`refuses ${JSON.stringify(spec)} with ${JSON.stringify(args)}: ${message}`, () => {
                assert.throws(() => format(spec, ...args), { message: `format: ${message}` });
            });
        }
    });

    describe("JavaScript values", () => {
        it("refuses a spec that is not a string", () => {
            assert.throws(() => format(42 as unknown as string), {
                message: "format: the format spec must be a string, got number",
            });
        });

        it("refuses a number JSON cannot write inside a list, and a precision past the most it pads to", () => {
            assert.throws(() => format("%v", [1, Infinity]), {
                message: 'format: unsupported value for "%v" at 0: a finite number is required',
            });
            assert.throws(() => format("x%.2000000f", 1), {
                message:
                    "format: precision 2000000 of the verb at offset 1 is larger than 1,000,000, the most this port pads to",
            });
        });

        it("treats undefined like null", () => {
            assert.equal(format("%v", undefined), "null");
            assert.throws(() => format("%s", undefined), /null value cannot be formatted/);
        });

        it("refuses a value holding itself or nested past 1,000 levels with a format: message (issue 40)", () => {
            const cyclic: Record<string, unknown> = { a: 1 };
            cyclic.self = cyclic;
            assert.throws(() => format("%v", cyclic), {
                message:
                    'format: unsupported value for "%v" at 0: the value contains itself, which Terraform values cannot',
            });
            let deep: unknown = 1;
            for (let i = 0; i < 3000; i++) deep = [deep];
            assert.throws(() => format("%#v", deep), {
                message: 'format: unsupported value for "%#v" at 0: lists and maps nested deeper than 1,000 levels',
            });
            // A value met twice side by side is no cycle.
            const shared = ["x"];
            assert.equal(format("%v", [shared, shared]), '[["x"],["x"]]');
        });

        it("refuses non-finite numbers", () => {
            assert.throws(() => format("%v", Infinity), /a finite number is required/);
            assert.throws(() => format("%d", NaN), /a finite number is required/);
        });

        it("refuses a value that is neither JSON nor a primitive", () => {
            assert.throws(() => format("%v", () => 1), /function values cannot be formatted/);
        });

        it("normalises strings to NFC like cty", () => {
            assert.equal(format("%s", "e\u0301"), "\u00e9");
        });

        it("formats an SSM path from a label id", () => {
            assert.equal(format("/grafana/%s/api-key", "eg-ue2-prod-dash"), "/grafana/eg-ue2-prod-dash/api-key");
        });
    });
});
