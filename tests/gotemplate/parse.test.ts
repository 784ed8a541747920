/**
 * text/template's lexer, parser and executor on the edges: literals as strconv reads them,
 * syntax errors worded as text/template/parse words them, and execution as
 * https://pkg.go.dev/text/template specifies (range over an integer, Go 1.22; else with, Go 1.23).
 * The cases are this project's.
 */
import { strict as assert } from "node:assert";
import { fn, GoTemplate, NAMESPACE, renderTemplate, TemplateError, type FuncMap } from "../../gotemplate";

const data = (): unknown => ({ l: [1, 2], m: { a: 1, b: "x" }, n: null });
const render = (text: string, options = {}): string => renderTemplate("t", text, data(), options);

describe("gotemplate parse: literals", () => {
    const cases: [text: string, expected: string][] = [
        ['{{ "\\x41\\101\\u00e9\\U0001F600" }}', "AAé😀"],
        ['{{ "\\a\\b\\f\\v" | printf "%q" }} {{ "\\\\\\"" }}', '"\\a\\b\\f\\v" \\"'],
        ['{{ "\\xe2\\x82\\xac" }} {{ `raw\\n` }}', "€ raw\\n"],
        ["{{ '\\'' }} {{ '\\x41' }} {{ '\\u00e9' }} {{ 'é' }} {{ '\"' }}", "39 65 233 233 34"],
        ["{{ 0b101 }} {{ 0B11 }} {{ 0x1p4 }} {{ .5 }} {{ 1. }} {{ 0x_1F }} {{ -0o17 }}", "5 3 16 0.5 1 31 -15"],
        ["{{ 1e3 }} {{ 2.5e-1 }} {{ 0x.8p1 }} {{ -0 }}", "1000 0.25 1 0"],
    ];
    for (const [text, expected] of cases) {
        it(`reads ${JSON.stringify(text)}`, () => {
            assert.equal(render(text), expected);
        });
    }
});

describe("gotemplate parse: syntax errors", () => {
    const cases: [text: string, expected: string][] = [
        ["{{/* x", "unclosed comment"],
        ["{{/* x */ }}", "comment ends before closing delimiter"],
        ["{{ ) }}", "unexpected right paren"],
        ["{{ (1 }}", "unclosed left paren"],
        ["{{ ( ) }}", "missing value for parenthesized pipeline"],
        ["{{ `abc }}", "unterminated raw quoted string"],
        ["{{ 'ab' }}", "malformed character constant: 'ab'"],
        ["{{ '' }}", "invalid syntax"],
        ["{{ '\\q' }}", "invalid syntax"],
        ["{{ 3x }}", 'bad number syntax: "3x"'],
        ['{{ "\\q" }}', "invalid syntax"],
        ['{{ "\\xZZ" }}', "invalid syntax"],
        ['{{ "\\400" }}', "invalid syntax"],
        ['{{ "\\uD800" }}', "invalid syntax"],
        ['{{ "\\U00110000" }}', "invalid syntax"],
        ['{{ "\\u12" }}', "invalid syntax"],
        ['{{ "\\\'" }}', "invalid syntax"],
        ['{{ printf "%d" if }}', "unexpected <if> in operand"],
        ["{{ 1 }", 'unexpected "}" in operand'],
        ["{{ @ }}", 'unexpected "@" in operand'],
        ["{{ € }}", "unrecognized character in action: U+20AC '€'"],
        ['{{ define "x" }}a{{ else }}b{{ end }}', "unexpected {{else}}"],
        ['{{ block "x" . }}a{{ else }}b{{ end }}', "unexpected {{else}}"],
        ["{{ if 1 }}a{{ else }}b{{ else }}c{{ end }}", "expected end; found {{else}}"],
        ["{{ range $a, 1 := .l }}{{ end }}", "range can only initialize variables"],
        ['{{ define "a" }}x{{ end }}{{ define "a" }}y{{ end }}', 'template: multiple definition of template "a"'],
        ["{{ $x = 1 }}", 'undefined variable "$x"'],
        ['{{ "a" | nil }}', "non executable command in pipeline stage 2"],
        ["{{ if .m }}x", "unexpected EOF"],
        ["{{ else }}", "unexpected {{else}}"],
        ['{{ "x".y }}', 'unexpected . after term "\\"x\\""'],
        ["{{ true.a }}", 'unexpected . after term "true"'],
        ["{{ nil.a }}", 'unexpected . after term "nil"'],
    ];
    for (const [text, expected] of cases) {
        it(`refuses ${JSON.stringify(text)}`, () => {
            assert.throws(
                () => GoTemplate.parse("t", text),
                (e: unknown) => e instanceof TemplateError && e.message === `template: t:1: ${expected}`,
            );
        });
    }
});

describe("gotemplate exec: templates, ranges and pipelines", () => {
    const cases: [text: string, expected: string][] = [
        // an empty redefinition keeps the first one (parse.Tree.add)
        ['{{ define "a" }}x{{ end }}{{ define "a" }} {{ end }}{{ template "a" }}', "x"],
        ['{{ define "x" }}[{{ . }}]{{ end }}{{ template "x" }}', "[<no value>]"],
        [
            '{{ define "r" }}{{ if gt . 0 }}{{ . }}{{ template "r" (sub . 1) }}{{ end }}{{ end }}{{ template "r" 3 }}',
            "321",
        ],
        ["{{ with $x := 1 }}{{ $x }}{{ else with 2 }}{{ . }}{{ end }}", "1"],
        ["{{ with 0 }}a{{ else with 2 }}{{ . }}{{ end }}", "2"],
        ["{{ range 3 }}{{ . }}{{ end }} {{ range $i := 2 }}{{ $i }}{{ end }}", "012 01"],
        ["{{ range 0 }}x{{ else }}none{{ end }} {{ range .n }}x{{ else }}nil{{ end }}", "none nil"],
        ["{{ range 5 }}{{ if eq . 2 }}{{ break }}{{ end }}{{ . }}{{ end }}", "01"],
        ["{{ range $k, $v := .m }}{{ $k }}{{ break }}{{ end }}", "a"],
        [
            '{{ if (dict) }}a{{ else }}b{{ end }}{{ if .m }}c{{ end }}{{ if (list) }}d{{ end }}{{ if "" }}e{{ end }}',
            "bc",
        ],
        ['{{ printf "%v" (dict "a" 1).a }} {{ $x := .m }}{{ $x.b }} {{ printf "%v" $x.b }}', "1 x x"],
        ['{{ printf "%v" nil }} {{ 0 | and 1 }} {{ 1 | or 0 }} {{ "" | or 0 }} {{ 2 | and 1 }}', "<nil> 0 1  2"],
        ["{{ keys nil }} {{ round 1.25 1 }}", "[] 1.3"],
    ];
    for (const [text, expected] of cases) {
        it(`renders ${JSON.stringify(text)}`, () => {
            assert.equal(render(text), expected);
        });
    }

    const failures: [text: string, expected: RegExp][] = [
        ["{{ range $i, $v := 3 }}{{ end }}", /: can't use 3 to iterate over more than one variable$/],
        ['{{ range "ab" }}{{ end }}', /^template: t:1:9: executing "t" at <"ab">: range can't iterate over ab$/],
        [
            "{{ upper .l }}",
            /^template: t:1:9: executing "t" at <\.l>: wrong type for value; expected string; got \[\]interface \{\}$/,
        ],
        ['{{ template "x" }}', /^template: t:1:12: executing "t" at <.*>: template "x" not defined$/],
        // Go stops an endless recursion at its maxExecDepth (100,000); this port at maxTemplateDepth
        [
            '{{ define "r" }}{{ template "r" . }}{{ end }}{{ template "r" . }}',
            /^template: r:1:28: executing "r" at <.*>: exceeded maximum template depth \(template limit maxTemplateDepth = 1,000\)$/,
        ],
    ];
    for (const [text, expected] of failures) {
        it(`fails on ${JSON.stringify(text)}`, () => {
            assert.throws(
                () => render(text),
                (e: unknown) => e instanceof TemplateError && expected.test(e.message),
            );
        });
    }

    it("calls a function of the caller's without a signature with any arguments, and names it when it throws", () => {
        const funcs = {
            count: (...a: unknown[]) => a.length,
            boom: () => {
                // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a careless caller's function may throw
                throw "not an Error";
            },
        };
        assert.equal(render("{{ count 1 2 3 }} {{ count }}", { funcs }), "3 0");
        assert.throws(
            () => render("{{ boom }}", { funcs }),
            (e: unknown) =>
                e instanceof TemplateError &&
                e.message === 'template: t:1:3: executing "t" at <boom>: error calling boom: not an Error',
        );
    });

    it("passes a caller's TemplateError through unchanged", () => {
        const inner = new TemplateError("template: other:1: inner", { template: "other" });
        const funcs = {
            nested: fn("", () => {
                throw inner;
            }),
        };
        assert.throws(
            () => render("{{ nested }}", { funcs }),
            (e: unknown) => e === inner,
        );
    });

    it("calls the methods of a namespace (gomplate's strings, Atmos's atmos) and names a missing one", () => {
        const strings: FuncMap = { ToUpper: fn("s", (s: string) => s.toUpperCase()) };
        Object.defineProperty(strings, NAMESPACE, { value: "strings", enumerable: false });
        const funcs = { strings } as unknown as FuncMap;
        assert.equal(render('{{ strings.ToUpper "a" }} {{ "b" | strings.ToUpper }}', { funcs }), "A B");
        assert.throws(
            () => render('{{ strings.Nope "a" }}', { funcs }),
            (e: unknown) =>
                e instanceof TemplateError &&
                e.message ===
                    'template: t:1:10: executing "t" at <strings.Nope>: function "strings.Nope" is not supported by this port',
        );
        assert.throws(
            () => render('{{ strings "a" }}', { funcs }),
            (e: unknown) =>
                e instanceof TemplateError &&
                e.message ===
                    'template: t:1:3: executing "t" at <strings "a">: wrong number of args for strings: want 0 got 1',
        );
    });

    it("refuses to execute a template that was not defined by name", () => {
        const t = GoTemplate.parse("t", '{{ define "a" }}A{{ . }}{{ end }}b');
        assert.equal(t.executeTemplate("a", 1), "A1");
        assert.equal(t.executeTemplate("t", 1), "b");
        assert.throws(
            () => t.executeTemplate("zz", 1),
            (e: unknown) =>
                e instanceof TemplateError && e.message === 'template: no template "zz" associated with template "t"',
        );
    });
});
