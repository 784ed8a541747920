import { strict as assert } from "node:assert";
import { fn, GoTemplate, renderTemplate, TemplateError } from "../../gotemplate";

const render = (text: string, data: unknown, options = {}) => renderTemplate("stacks/x.yaml", text, data, options);

describe("gotemplate options and behaviours", () => {
    it("prints <no value> for a missing key by default and with missingkey=invalid", () => {
        assert.equal(render("{{ .vars.missing }}", { vars: {} }), "<no value>");
        assert.equal(render("{{ .vars.missing.deeper }}", { vars: {} }, { missingKey: "invalid" }), "<no value>");
    });

    it("fails on a missing key with missingkey=error, naming the key", () => {
        assert.throws(
            () => render("a\n{{ .vars.missing }}", { vars: {} }, { missingKey: "error" }),
            /^TemplateError: template: stacks\/x.yaml:2:8: executing "stacks\/x.yaml" at <.vars.missing>: map has no entry for key "missing"$/,
        );
    });

    it("gives nil for a missing key with missingkey=zero", () => {
        assert.equal(render('{{ printf "%v" .vars.missing }}', { vars: {} }, { missingKey: "zero" }), "<nil>");
    });

    it("names an unknown function, with the template name and line, when parsing", () => {
        assert.throws(
            () => render("a: 1\nb: {{ nosuch .x }}", {}),
            (e: unknown) =>
                e instanceof TemplateError &&
                e.message === 'template: stacks/x.yaml:2: function "nosuch" not defined' &&
                e.line === 2,
        );
    });

    it("takes other delimiters and leaves {{ }} alone then", () => {
        assert.equal(render("${ .a }-{{ .a }}", { a: 1 }, { delims: ["${", "}"] }), "1-{{ .a }}");
        assert.equal(render("<< .a >>", { a: "x" }, { delims: ["<<", ">>"] }), "x");
    });

    it("trims spaces around {{- and -}} only when the dash is followed or preceded by a space", () => {
        assert.equal(render("a \n {{- .a -}} \n b", { a: 1 }), "a1b");
        assert.equal(render("{{ -1 }} {{ 2 }}", {}), "-1 2");
    });

    it("ranges over map keys in sorted order and over lists with index and value", () => {
        assert.equal(
            render("{{ range $k, $v := . }}{{ $k }}={{ $v }} {{ end }}", { b: 2, a: 1, C: 0 }),
            "C=0 a=1 b=2 ",
        );
        assert.equal(render("{{ range $i, $v := . }}{{ $i }}:{{ $v }} {{ end }}", ["x", "y"]), "0:x 1:y ");
        assert.equal(render("{{ range . }}x{{ else }}none{{ end }}", []), "none");
    });

    it("supports break and continue in range, and refuses them outside", () => {
        assert.equal(
            render(
                "{{ range . }}{{ if eq . 2 }}{{ continue }}{{ end }}{{ if eq . 4 }}{{ break }}{{ end }}{{ . }}{{ end }}",
                [1, 2, 3, 4, 5],
            ),
            "13",
        );
        assert.throws(() => render("{{ break }}", {}), /{{break}} outside {{range}}/);
    });

    it("scopes variables to their block and lets = assign an outer one", () => {
        assert.equal(render("{{ $x := 1 }}{{ if true }}{{ $x = 2 }}{{ $y := 3 }}{{ end }}{{ $x }}", {}), "2");
        assert.throws(() => render("{{ if true }}{{ $y := 3 }}{{ end }}{{ $y }}", {}), /undefined variable "\$y"/);
    });

    it("defines and invokes templates, and block gives a default", () => {
        assert.equal(
            render('{{ define "n" }}<{{ .}}>{{ end }}{{ template "n" "a" }}{{ block "b" 1 }}[{{ . }}]{{ end }}', {}),
            "<a>[1]",
        );
        const t = GoTemplate.parse("x", '{{ define "inner" }}{{ .v | upper }}{{ end }}');
        assert.deepEqual(t.definedTemplates(), ["inner"]);
        assert.equal(t.executeTemplate("inner", { v: "q" }), "Q");
    });

    it("calls namespace functions through a field chain (gomplate-style strings.Title)", () => {
        const strings = { Title: fn("s", (s: string) => s.toUpperCase()) };
        assert.equal(
            render("{{ strings.Title .a }}|{{ .a | strings.Title }}", { a: "x" }, { funcs: { strings } }),
            "X|X",
        );
    });

    it("wraps a function's failure as Go does: error calling NAME", () => {
        assert.throws(() => render('{{ fail "no" }}', {}), /at <fail "no">: error calling fail: no$/);
        assert.throws(() => render('{{ required "need x" .x }}', {}), /error calling required: need x$/);
    });

    it("can leave Sprig out", () => {
        assert.throws(() => render("{{ upper .a }}", { a: "x" }, { sprig: false }), /function "upper" not defined/);
        assert.equal(render("{{ len .a }}", { a: "x" }, { sprig: false }), "1");
    });

    it("reads the environment with env", () => {
        process.env.GOTEMPLATE_TEST_VAR = "v1";
        try {
            assert.equal(
                render('{{ env "GOTEMPLATE_TEST_VAR" }}{{ env "GOTEMPLATE_UNSET_VAR" | default "d" }}', {}),
                "v1d",
            );
        } finally {
            delete process.env.GOTEMPLATE_TEST_VAR;
        }
    });

    it("refuses upstream functions it does not implement, by name", () => {
        assert.throws(() => render('{{ now | date "2006" }}', {}), /function "now" is not supported by this port/);
    });

    it("reports syntax errors with the line", () => {
        assert.throws(
            () => render("x\n{{ if .a }}", {}),
            /^TemplateError: template: stacks\/x.yaml:\d+: unexpected EOF$/,
        );
        assert.throws(() => render("{{ .a", {}), /unclosed action/);
        assert.throws(() => render("{{ end }}", {}), /unexpected {{end}}/);
    });
});
