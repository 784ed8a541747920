/**
 * The label module's building blocks: the `regex_replace_chars` remover with Go's \pC (Other:
 * Cc, Cf, Co, Cs; Go's table holds no unassigned code points) inside and outside brackets, and the
 * type checks of label inputs with the problem each one records.
 */
import { strict as assert } from "node:assert";
import { remover } from "../../label/regex";
import {
    LabelError,
    optBoolean,
    optOneOf,
    optString,
    optStringList,
    optStringMap,
    optWholeNumber,
} from "../../label/validate";
import { setOwn } from "../../util/objects";

describe("label regex_replace_chars: Go's meaning of \\pC and brackets", () => {
    const cases: [pattern: string, input: string, expected: string][] = [
        ["/\\PC/", "a\u0001b", "\u0001"],
        ["/\\P{C}/", "a\u200bb", "\u200b"],
        ["/[\\pC]/", "a\u0001\u200bb", "ab"],
        ["/[^]\\pC]/", "a]\u0001", "]\u0001"],
        ["/[]a]/", "a]b", "b"],
        ["/[[:digit:]\\pC]/", "a1\u0001", "a"],
        ["/\\d\\pC/", "1\u0001a", "a"],
        ["/[^\\PC]/", "a\u0001b", "ab"],
        ["", "abc", "abc"],
        ["//", "abc", "abc"],
        ["-", "a-b-c", "abc"],
    ];
    for (const [pattern, input, expected] of cases) {
        it(`${JSON.stringify(pattern)} on ${JSON.stringify(input)} leaves ${JSON.stringify(expected)}`, () => {
            assert.equal(remover(pattern)(input), expected);
        });
    }
});

describe("label input checks", () => {
    const refusals: [name: string, check: () => unknown, code: string, rule: string][] = [
        ["a number for a string", () => optString(["x"], 1), "TYPE_MISMATCH", "must be a string"],
        ["a string for a boolean", () => optBoolean(["x"], "true"), "TYPE_MISMATCH", "must be a boolean"],
        ["a fraction for a whole number", () => optWholeNumber(["x"], 1.5), "TYPE_MISMATCH", "must be a whole number"],
        ["NaN for a whole number", () => optWholeNumber(["x"], NaN), "TYPE_MISMATCH", "must be a number"],
        ["a string for a list", () => optStringList(["x"], "a"), "TYPE_MISMATCH", "must be a list of strings"],
        ["a list for a map", () => optStringMap(["x"], ["a"]), "TYPE_MISMATCH", "must be a map of strings"],
        ["a number for one of", () => optOneOf(["x"], 1, ["a", "b"]), "NOT_ONE_OF", 'must be one of "a", "b"'],
    ];
    for (const [name, check, code, rule] of refusals) {
        it(`refuses ${name}`, () => {
            assert.throws(check, (e: unknown) => {
                assert.ok(e instanceof LabelError);
                assert.deepEqual(
                    e.details.map((d) => [d.code, d.path, d.rule]),
                    [[code, ["x"], rule]],
                );
                assert.equal(e.message, e.problems[0]);
                return true;
            });
        });
    }

    it("takes null and undefined as not given", () => {
        for (const value of [null, undefined]) {
            assert.equal(optString(["x"], value), null);
            assert.equal(optBoolean(["x"], value), null);
            assert.equal(optWholeNumber(["x"], value), null);
            assert.equal(optStringList(["x"], value), null);
            assert.equal(optStringMap(["x"], value), null);
            assert.equal(optOneOf(["x"], value, ["a"]), null);
        }
    });

    it("joins several problems after 'invalid label input:' and takes problems given as text", () => {
        const one = new LabelError(["a problem"]);
        assert.equal(one.message, "a problem");
        assert.deepEqual(
            one.details.map((d) => [d.code, d.path]),
            [["INVALID_LABEL", []]],
        );
        assert.equal(new LabelError(["a", "b"]).message, "invalid label input: a; b");
    });

    it("sets __proto__ as an own key, leaving the prototype alone", () => {
        const o: Record<string, number> = {};
        setOwn(o, "__proto__", 1);
        setOwn(o, "k", 2);
        assert.deepEqual(Object.keys(o), ["__proto__", "k"]);
        assert.equal(Object.getPrototypeOf(o), Object.prototype);
        assert.equal(Object.getOwnPropertyDescriptor(o, "__proto__")?.value, 1);
    });
});
