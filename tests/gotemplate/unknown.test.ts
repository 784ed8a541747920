/**
 * Values known only later (`UnknownValue`, what Atmos's `atmos.Component` outputs are here): a
 * field of one is another, `GoTemplate.value` gives one back whole, and every other use fails
 * naming it, so no known value is ever built from one.
 */
import * as assert from "node:assert/strict";
import { FunctionError, GoTemplate, holdsUnknown, TemplateError, UnknownValue, unknownIn } from "../../gotemplate";

const ORIGIN = { what: "the outputs" };

function data(): Record<string, unknown> {
    const outputs = new UnknownValue("(c).outputs", "is known only later", ORIGIN);
    return { c: holdsUnknown({ outputs, vars: { a: "A" } }, outputs), n: 3 };
}

const parse = (text: string) => GoTemplate.parse("t", text, { sprig: true });

describe("gotemplate: unknown values", () => {
    it("gives an action's value whole, a field of an unknown value one step deeper", () => {
        const got = parse("{{ .c.outputs.id.x }}").value(data());
        assert.ok(got !== undefined && got.value instanceof UnknownValue);
        assert.equal(got.value.text, "(c).outputs.id.x");
        assert.deepEqual(got.value.path, ["id", "x"]);
        assert.equal(got.value.origin, ORIGIN);
    });

    it("gives a known value whole as well, unprinted", () => {
        assert.deepEqual(parse("{{ .c.vars }}").value(data()), { value: { a: "A" } });
        assert.deepEqual(parse("{{- .n -}}").value(data()), { value: 3 });
    });

    it("gives no value for a template that is not one action", () => {
        for (const text of ["a{{ .n }}", "{{ .n }}{{ .n }}", "{{ $x := .n }}", "{{ if .n }}a{{ end }}", "text"]) {
            assert.equal(parse(text).value(data()), undefined, text);
        }
    });

    it("reads the known fields of a map holding an unknown value", () => {
        assert.equal(parse("{{ .c.vars.a }}-{{ .n }}").execute(data()), "A-3");
    });

    const refused: [string, string][] = [
        ["printed", "{{ .c.outputs.id }}"],
        ["printed inside text", "a-{{ .c.outputs.id }}"],
        ["piped to a function", "{{ .c.outputs.id | upper }}"],
        ["passed to a function", '{{ printf "%v" .c.outputs.id }}'],
        ["compared", '{{ eq .c.outputs.id "x" }}'],
        ["negated", "{{ not .c.outputs.id }}"],
        ["defaulted", '{{ .c.outputs.id | default "x" }}'],
        ["measured", "{{ len .c.outputs }}"],
        ["indexed", '{{ index .c.outputs "id" }}'],
        ["tested by if", "{{ if .c.outputs.id }}a{{ end }}"],
        ["tested by with", "{{ with .c.outputs.id }}a{{ end }}"],
        ["tested by and", "{{ and 1 .c.outputs.id }}"],
        ["tested by or", "{{ or 0 .c.outputs.id }}"],
        ["ranged over", "{{ range .c.outputs }}a{{ end }}"],
        ["held in a variable, then printed", "{{ $o := .c.outputs.id }}{{ $o }}"],
        ["given to a nested template, then printed", '{{ define "x" }}{{ .id }}{{ end }}{{ template "x" .c.outputs }}'],
        ["called as a method", "{{ .c.outputs.id 1 }}"],
    ];
    for (const [how, text] of refused) {
        it(`fails when it is ${how}`, () => {
            assert.throws(
                () => parse(text).execute(data()),
                (e: unknown) =>
                    e instanceof TemplateError && /\(c\)\.outputs(\.id)? is known only later$/.test(e.message),
            );
        });
    }

    it("fails when a map holding one is used whole, naming the value inside", () => {
        for (const text of ["{{ .c }}", "{{ .c | toJson }}", "{{ if .c }}a{{ end }}"]) {
            assert.throws(() => parse(text).execute(data()), /\(c\)\.outputs is known only later$/, text);
        }
    });

    it("asks a `why` function with the value used", () => {
        const u = new UnknownValue("(x)", (v) => `at ${v.path.join(".")} is unknown`, undefined);
        assert.throws(() => parse("{{ .u.a.b }}-").execute({ u }), /\(x\)\.a\.b at a\.b is unknown$/);
    });

    it("knows what is, or holds, an unknown value", () => {
        const { c } = data() as { c: { outputs: UnknownValue } };
        assert.equal(unknownIn(c.outputs), c.outputs);
        assert.equal(unknownIn(c), c.outputs);
        assert.equal(unknownIn({ a: 1 }), undefined);
        assert.equal(unknownIn(null), undefined);
        assert.equal(unknownIn("s"), undefined);
    });

    it("leaves a function's own failure as it was", () => {
        const fail = Object.assign(
            () => {
                throw new FunctionError("boom");
            },
            { sig: "" },
        );
        assert.throws(
            () => GoTemplate.parse("t", "{{ fail }}", { funcs: { fail } }).value({}),
            /error calling fail: boom/,
        );
    });
});
