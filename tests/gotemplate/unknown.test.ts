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

    it("gives a known value whole as well, unprinted, and prints it as execute does", () => {
        const vars = parse("{{ .c.vars }}").value(data());
        assert.deepEqual([vars?.text, vars?.value, vars?.print()], ["", { a: "A" }, "map[a:A]"]);
        const n = parse("{{- .n -}}").value(data());
        assert.deepEqual([n?.value, n?.print()], [3, "3"]);
    });

    it("runs the template once: the value is printed, not evaluated again", () => {
        let calls = 0;
        const counted = (text: string) =>
            GoTemplate.parse("t", text, { funcs: { tick: () => ++calls } })
                .value({})
                ?.print();
        assert.equal(counted("{{ tick }}"), "1");
        assert.equal(calls, 1);
        const after = GoTemplate.parse("t", "x-{{ tick }}", { funcs: { tick: () => ++calls } }).valueAfterText({});
        assert.deepEqual([after?.print(), calls], ["x-2", 2]);
    });

    it("gives no value for a template that is not one action", () => {
        for (const text of ["a{{ .n }}", "{{ .n }}{{ .n }}", "{{ $x := .n }}", "{{ if .n }}a{{ end }}", "text"]) {
            assert.equal(parse(text).value(data()), undefined, text);
        }
    });

    // A function marked unknownThrough (Sprig's toJson family) gives, for one unknown value, an
    // unknown value standing for its result: the caller reads it; any further use fails.
    const through: [string, string, string][] = [
        ["{{ .c.outputs.id | toJson }}", "json", "(c).outputs.id | toJson"],
        ["{{ toJson .c.outputs.id }}", "json", "(c).outputs.id | toJson"],
        ["{{ .c.outputs.id | mustToJson }}", "json", "(c).outputs.id | mustToJson"],
        ["{{ .c.outputs.id | toRawJson }}", "json-raw", "(c).outputs.id | toRawJson"],
        ["{{ .c.outputs.id | mustToRawJson }}", "json-raw", "(c).outputs.id | mustToRawJson"],
    ];
    for (const [text, mark, shown] of through) {
        it(`gives ${text} as an unknown value marked ${mark}`, () => {
            const got = parse(text).value(data());
            assert.ok(got !== undefined && got.value instanceof UnknownValue);
            assert.deepEqual([got.value.text, got.value.through, got.value.path], [shown, mark, ["id"]]);
            assert.equal(got.value.origin, ORIGIN);
        });
    }

    it("gives the text before one action and the action's value", () => {
        const got = parse("!template {{ .c.outputs.id | toJson }}").valueAfterText(data());
        assert.ok(got !== undefined && got.value instanceof UnknownValue);
        assert.deepEqual([got.text, got.value.through], ["!template ", "json"]);
        const after = parse("a-{{- .n }}").valueAfterText(data());
        assert.deepEqual([after?.text, after?.value, after?.print()], ["a-", 3, "a-3"]);
        for (const text of ["{{ .n }}", "a{{ .n }}b", "a{{ .n }}{{ .n }}", "a{{ $x := .n }}", "text"]) {
            assert.equal(parse(text).valueAfterText(data()), undefined, text);
        }
    });

    const throughRefused: [string, string][] = [
        ["printed", "{{ .c.outputs.id | toJson }}"],
        ["given to the same function again", "{{ .c.outputs.id | toJson | toJson }}"],
        ["given to another function", "{{ .c.outputs.id | toJson | upper }}"],
        ["read as a map", "{{ (.c.outputs.id | toJson).a }}"],
        ["compared", '{{ eq (toJson .c.outputs.id) "x" }}'],
    ];
    for (const [how, text] of throughRefused) {
        it(`fails when a function's unknown result is ${how}`, () => {
            assert.throws(
                () => parse(text).execute(data()),
                (e: unknown) =>
                    e instanceof TemplateError && /\(c\)\.outputs\.id \| toJson is known only later$/.test(e.message),
            );
        });
    }

    it("keeps a marked function's own arguments checked: a map holding an unknown value, two arguments", () => {
        assert.throws(() => parse("{{ .c | toJson }}").execute(data()), /\(c\)\.outputs is known only later$/);
        const two = Object.assign(() => "x", { sig: "ii", unknownThrough: "two" });
        assert.throws(
            () => GoTemplate.parse("t", "{{ two 1 .c.outputs.id }}", { funcs: { two } }).value(data()),
            /\(c\)\.outputs\.id is known only later$/,
        );
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
