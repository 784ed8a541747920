/**
 * text/template's built-in functions (https://pkg.go.dev/text/template#hdr-Functions), as
 * src/text/template/funcs.go implements them: comparisons, index, len, call and the html, js and
 * urlquery escapers. The cases are this project's.
 */
import { strict as assert } from "node:assert";
import { renderTemplate, TemplateError } from "../../gotemplate";

const data = (): unknown => ({ l: [1, 2, 3], m: { b: "x", c: [1, 2] }, n: null, s: "abc" });
const render = (text: string): string => renderTemplate("t", text, data());

describe("gotemplate builtins: results", () => {
    const cases: [text: string, expected: string][] = [
        ['{{ le 1 1 }} {{ le 2 1 }} {{ le "a" "b" }} {{ le 1.5 1.5 }}', "true false true true"],
        ['{{ ge 1 2 }} {{ ge 2 2 }} {{ gt "b" "a" }} {{ gt 1 1 }} {{ lt "B" "a" }}', "false true true false true"],
        ['{{ eq 1 2 3 1 }} {{ eq "a" "b" }} {{ ne "a" "b" }} {{ eq true true }}', "true false true true"],
        // index: bytes of a string, nested lists and maps, a missing key gives the zero value
        ['{{ index "abc" 1 }} {{ index .m "c" 1 }} {{ index .l 0 }} {{ printf "%v" (index .m "zz") }}', "98 2 1 <nil>"],
        ["{{ index .l }} {{ index .s }}", "[1 2 3] abc"],
        // html and js take one string as is and Sprint any other operands
        ['{{ html "<" 1 }} {{ html 1 2 }} {{ html "a\\x00b" }} {{ html "\\"" }}', "&lt;1 1 2 a\uFFFDb &#34;"],
        ['{{ js "a\\\\b&c=d" }} {{ js 1 "<" }}', "a\\\\b\\u0026c\\u003Dd 1\\u003C"],
        ['{{ js "\\n\\r\\t\\x01" }}', "\\u000A\\u000D\\u0009\\u0001"],
        ['{{ js "\\u00ad é\\u2028" }}', "\\u00AD é\\u2028"],
        ['{{ urlquery "a b" 1 }} {{ urlquery "~-_." }}', "a+b1 ~-_."],
    ];
    for (const [text, expected] of cases) {
        it(`renders ${JSON.stringify(text)}`, () => {
            assert.equal(render(text), expected);
        });
    }
});

describe("gotemplate builtins: errors read as Go's", () => {
    const at = (col: number, node: string, fn: string, msg: string): string =>
        `template: t:1:${col}: executing "t" at <${node}>: error calling ${fn}: ${msg}`;
    const cases: [text: string, expected: string][] = [
        ["{{ eq 1 }}", at(3, "eq 1", "eq", "missing argument for comparison")],
        // lt: a value of no basic kind, then differing kinds, then a kind with no order
        ["{{ lt true 1 }}", at(3, "lt true 1", "lt", "incompatible types for comparison")],
        ["{{ lt 1 .n }}", at(3, "lt 1 .n", "lt", "invalid type for comparison")],
        ["{{ lt .l 1 }}", at(3, "lt .l 1", "lt", "invalid type for comparison")],
        ["{{ le false true }}", at(3, "le false true", "le", "invalid type for comparison")],
        ['{{ ge "a" 1 }}', at(3, 'ge "a" 1', "ge", "incompatible types for comparison")],
        ["{{ index .n 1 }}", at(3, "index .n 1", "index", "index of untyped nil")],
        ['{{ index .m "zz" "a" }}', at(3, 'index .m "zz" "a"', "index", "index of nil pointer")],
        ['{{ index .l "a" }}', at(3, 'index .l "a"', "index", "cannot index slice/array with type string")],
        ["{{ index .l 1.5 }}", at(3, "index .l 1.5", "index", "cannot index slice/array with type float64")],
        ["{{ index .l .n }}", at(3, "index .l .n", "index", "cannot index slice/array with nil")],
        ["{{ index .l -1 }}", at(3, "index .l -1", "index", "index out of range: -1")],
        ["{{ index .l 3 }}", at(3, "index .l 3", "index", "index out of range: 3")],
        ["{{ eq 1 .l }}", at(3, "eq 1 .l", "eq", "incompatible types for comparison")],
        ['{{ index "abc" 3 }}', at(3, 'index "abc" 3', "index", "index out of range: 3")],
        ["{{ index 1 0 }}", at(3, "index 1 0", "index", "can't index item of type int")],
        ["{{ index .m .n }}", at(3, "index .m .n", "index", "value is nil; should be of type string")],
        ["{{ len .n }}", at(3, "len .n", "len", "len of nil pointer")],
        ["{{ call .n }}", at(3, "call .n", "call", "call of nil")],
    ];
    for (const [text, expected] of cases) {
        it(`fails on ${JSON.stringify(text)}`, () => {
            assert.throws(
                () => render(text),
                (e: unknown) => e instanceof TemplateError && e.message === expected,
            );
        });
    }
});
