/**
 * Go's fmt as printf, print and %v print a template's values. Each expected string follows the
 * fmt package's documented verbs and flags (https://pkg.go.dev/fmt) and its fmtInteger,
 * fmtFloat and fmtSbx (src/fmt/format.go), and strconv.Quote for %q; the cases are this project's.
 */
import { strict as assert } from "node:assert";
import { formatValue, quoteGo, sprint, sprintf } from "../../gotemplate";

describe("gotemplate fmt: Sprintf as Go prints each verb", () => {
    const cases: [format: string, args: unknown[], expected: string][] = [
        // integers: %03d and %.3d both ask for leading zeros; the 0x/0b/0o prefixes and the sign come on top
        ["%#08x", [255], "0x000000ff"],
        ["%#04x|%#X|%#x", [1, 255, -255], "0x0001|0XFF|-0xff"],
        ["%+05d|%05d|% 05d|%-05d|", [5, -5, 5, 5], "+0005|-0005| 0005|5    |"],
        ["%08.3d|%.3x|%-6.2d|", [5, 10, 7], "     005|00a|07    |"],
        ["%.0d|%5.0d|%+.0d|%.0d", [0, 0, 0, 3], "|     ||3"],
        ["%b|%#b|%08b|%#08b", [5, 5, 5, 5], "101|0b101|00000101|0b00000101"],
        ["%o|%#o|%#o|%#05o", [8, 8, 0, 8], "10|010|0|00010"],
        ["%O|%06O|%O", [8, 8, -8], "0o10|0o000010|-0o10"],
        ["%c|%-3c|%3c", [65, 66, 67], "A|B  |  C"],
        ["%q|%q|%q", [0x7f, 39, 0x263a], "'\\x7f'|'\\''|'☺'"],
        ["%U|%#U|%#U", [0x41, 0x1f600, 0x263a], "U+0041|U+1F600 '😀'|U+263A '☺'"],
        // floats: shortest %v/%g, explicit precisions, ties rounded to even as strconv does
        ["%v|%6v|%.2v|%-5v|", [1.5, 2.5, 3.14159, 0.5], "1.5|   2.5|3.1|0.5  |"],
        ["%g|%g|%g|%g", [100000, 1e6, 0, 1e-5], "100000|1e+06|0|1e-05"],
        ["%.0g|%.5g|%.5g|%.2g|%.1g", [1234.5, 1.5, 1.5e10, 0, 5], "1e+03|1.5|1.5e+10|0|5"],
        ["%e|%.3e|%E|%.0e", [0, 0, 123456, 15], "0.000000e+00|0.000e+00|1.234560E+05|2e+01"],
        ["%F|%.1f|%.2f|%.f|%.3f", [1.5, 0.25, 1.125, 2.5, 1.0005], "1.500000|0.2|1.12|2|1.000"],
        ["%.0e|%.1g|%.2g|%.1e|%.0f", [25, 0.25, 1.25, 0.125, 0.5], "2e+01|0.2|1.2|1.2e-01|0"],
        ["%.2f|%.1f|%.0e|%.2g|%.0f", [2.675, 9.96, 9.6, 99.5, 0.6], "2.67|10.0|1e+01|1e+02|1"],
        ["%.3g|%g|%g|%.3g", [0.0001234, 1e-4, 123456789.5, 0.00001234], "0.000123|0.0001|1.234567895e+08|1.23e-05"],
        ["%e|%.2f|%g", [5e-324, 5e-324, 5e-324], "4.940656e-324|0.00|5e-324"],
        ["%f|%.0f", [1e21, 1e22], "1000000000000000000000.000000|10000000000000000000000"],
        ["% .1f|% .1f|%+.1f|%+.1e", [1.5, -1.5, 0.5, -0.5], " 1.5|-1.5|+0.5|-5.0e-01"],
        ["%08.2f|%+08.2f|%-8.2f|", [-1.5, 1.5, 1.5], "-0001.50|+0001.50|1.50    |"],
        // infinities and NaN: never zero-padded; NaN's sign only when asked for
        ["%v|%f|%g|%e", [Infinity, -Infinity, NaN, Infinity], "+Inf|-Inf|NaN|+Inf"],
        ["%+f|% f|%+f|% f|%+f", [NaN, NaN, Infinity, Infinity, -Infinity], "+NaN| NaN|+Inf| Inf|-Inf"],
        ["%06f|%-6f|%06.2f|", [Infinity, NaN, -Infinity], "  +Inf|NaN   |  -Inf|"],
        // strings in hex: # puts 0x before the whole string, or before each byte with the space flag
        ["%x|% x|%#x|%# x|%X|%# X", ["Hi", "Hi", "Hi", "Hi", "Hi", "Hi"], "4869|48 69|0x4869|0x48 0x69|4869|0X48 0X69"],
        ["%.1x|%.2X|%x|%4x|%#x|", ["Hi", "héllo", "", "", ""], "48|68C3||    ||"],
        ["%x", ["é"], "c3a9"],
        // %q: strconv.Quote escapes, %+q ASCII only, %#q a raw string when it can
        ["%q", ['a"b\\c'], '"a\\"b\\\\c"'],
        ["%q", ["\x07\b\f\n\r\t\v\x01\x7f"], '"\\a\\b\\f\\n\\r\\t\\v\\x01\\x7f"'],
        ["%q|%q", ["\u00ad\u00a0é", "\u{e0001}"], '"\\u00ad\\u00a0é"|"\\U000e0001"'],
        ["%+q|%#q|%#q", ["é😀", "a`b", "ab"], '"\\u00e9\\U0001f600"|"a`b"|`ab`'],
        ["%.2q|%6q|%-6q|", ["abc", "ab", "ab"], '"ab"|  "ab"|"ab"  |'],
        // booleans, nil and composite values
        ["%t|%v|%5t|%-6v|", [true, false, true, false], "true|false| true|false |"],
        ["%s|%d|%x", [true, false, true], "%!s(bool=true)|%!d(bool=false)|%!x(bool=true)"],
        ["%T|%T|%T|%T", [true, "a", null, { a: 1 }], "bool|string|<nil>|map[string]interface {}"],
        ["%#v|%#v", [null, [null, true, 1.5, "a", 2]], '<nil>|[]interface {}{interface {}(nil), true, 1.5, "a", 2}'],
        ["%#v", [{ b: [], a: null }], 'map[string]interface {}{"a":interface {}(nil), "b":[]interface {}{}}'],
        ["%d|%x|%s", [[1, 2], [10, 255], { k: "v" }], "[1 2]|[a ff]|map[k:v]"],
        [
            "%5d|%-3s|",
            [
                [1, 22],
                ["a", "b"],
            ],
            "[    1    22]|[a   b  ]|",
        ],
        // argument indexes, * widths and precisions, and the markers for what is wrong
        ["%[2]*[1]d|%[1]d", [12, 5], "   12|12"],
        ["%*d|%-*d|%*d|", [-4, 2, 3, 1, 2, 3], "2   |1  | 3|"],
        ["%.*f|%.*f|%*d", [2, 3.14159, -1, 3.5, "x", 1], "3.14|%!(BADPREC)3.500000|%!(BADWIDTH)1"],
        ["%.*d", ["x", 7], "%!(BADPREC)7"],
        ["a", [null, 1, "s"], "a%!(EXTRA <nil>, int=1, string=s)"],
        ["%[3]d", [1, 2], "%!d(BADINDEX)"],
        ["%y|%!|%", [1, 2], "%!y(int=1)|%!!(int=2)|%!(NOVERB)"],
        ["%-5%|%5%", [], "%|%"],
    ];
    for (const [format, args, expected] of cases) {
        it(`${JSON.stringify(format)} of ${JSON.stringify(args)}`, () => {
            assert.equal(sprintf(format, args), expected);
        });
    }
});

describe("gotemplate fmt: Sprint and %v of values", () => {
    const cases: [args: unknown[], expected: string][] = [
        [[1e21], "1e+21"],
        [[-1e21], "-1e+21"],
        [[2 ** 60], "1152921504606846976"],
        [[0.000012], "1.2e-05"],
        [[123456789.5], "1.234567895e+08"],
        [[Infinity, NaN], "+Inf NaN"],
        [[[null, undefined, [1, "a"]]], "[<nil> <nil> [1 a]]"],
        [[{ é: 1, z: 2, a: { y: null } }], "map[a:map[y:<nil>] z:2 é:1]"],
        [["a", 1, 2, "b", true, false], "a1 2btrue false"],
    ];
    for (const [args, expected] of cases) {
        it(`prints ${JSON.stringify(args)}`, () => {
            assert.equal(sprint(args), expected);
        });
    }

    it("prints a missing value and nil as <nil>", () => {
        assert.equal(formatValue(undefined), "<nil>");
        assert.equal(formatValue(null), "<nil>");
    });

    it("quotes as strconv.Quote and QuoteToASCII", () => {
        assert.equal(quoteGo("tab\there"), '"tab\\there"');
        assert.equal(quoteGo("ü\u2028", false), '"ü\\u2028"');
        assert.equal(quoteGo("ü", true), '"\\u00fc"');
    });
});
