/**
 * The label module's building blocks: the `regex_replace_chars` remover with Go's \pC (Other:
 * Cc, Cf, Co, Cs; Go's table holds no unassigned code points) inside and outside brackets, and the
 * type checks of label inputs with the problem each one records.
 */
import { strict as assert } from "node:assert";
import { RE2JS } from "re2js";
import { createLabel } from "../../label";
import { estimateProgramSize, REGEX_LIMITS, RegexBudget, RegexLimitError, remover } from "../../label/regex";
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

describe("label regex_replace_chars: work bounded (a stack file sets it)", () => {
    // The program sizes are re2js's own (RE2JS.programSize, the engine the remover runs).
    const patterns = [
        "a+b|a",
        "(?:[a-z]?){1000}",
        "(?:a|b){1000}",
        "(?:x*a){1000}",
        "[a-z]{2,5}",
        "a{3,}",
        "(a(b(c){5}){5}){5}",
        "(?i)hello|world",
        "\\Qa.b\\E{3}",
        "[]a]{10}",
        "\\x{41}\\pL\\p{Greek}[[:alpha:]]+",
        "[^\\p{L}0-9]",
        "()",
        "(|a)*?",
        "(?:(){10}){10}",
    ];
    for (const pattern of patterns) {
        it(`estimates ${JSON.stringify(pattern)} at no less than it compiles to`, () => {
            assert.ok(estimateProgramSize(pattern) >= RE2JS.compile(pattern).programSize());
        });
    }

    it("removes what re2js's replaceAll removes, empty matches included", () => {
        for (const pattern of ["a*", "x*", "(?:)", "é|b", "\\pL", "[^\\p{L}]", "a+b|a"]) {
            for (const input of ["", "abc", "éa b", "😀a", "aab"]) {
                assert.equal(
                    remover(`/${pattern}/`)(input),
                    RE2JS.compile(pattern).matcher(input).replaceAll(""),
                    `${pattern} on ${input}`,
                );
            }
        }
    });

    it("charges each search the program's size times what it may scan", () => {
        const size = RE2JS.compile("a+b|a").programSize();
        const budget = new RegexBudget();
        // "aab": one search from 0 (4 positions) matches all; the next from 3 (1 position) finds nothing
        assert.equal(remover("/a+b|a/", budget)("aab"), "");
        assert.equal(budget.steps, 5 * size);
        budget.steps = REGEX_LIMITS.maxSteps;
        assert.throws(() => remover("/a+b|a/", budget)("a"), RegexLimitError);
    });

    it("blames a pattern the input sets when its steps run out, in the input or its context (issue 40)", () => {
        // x{1,200}y compiles to a few hundred instructions: 100,000 characters are past maxSteps. The
        // pattern was chosen by the input: it is the field named (components/eventbridge names the
        // value when the pattern is the component's own: tests/components/blame.test.ts).
        for (const [input, path] of [
            [{ regexReplaceChars: "/x{1,200}y/" }, ["regexReplaceChars"]],
            [
                { context: { ...createLabel().context, regexReplaceChars: "/x{1,200}y/" } },
                ["context", "regexReplaceChars"],
            ],
        ] as const) {
            assert.throws(
                () => createLabel({ namespace: "eg", name: "x".repeat(100_000), ...input }),
                (e: unknown) =>
                    e instanceof LabelError &&
                    e.code === "REGEX_LIMIT" &&
                    JSON.stringify(e.problems[0].path) === JSON.stringify(path) &&
                    /removing it from the labels would take more than 20,000,000 steps/.test(e.message),
            );
        }
    });

    it("refuses a program too large before compiling it, naming the field", () => {
        const pattern = `/${"(?:[a-z]?){1000}".repeat(4)}/`;
        for (const [input, path] of [
            [{ regexReplaceChars: pattern }, ["regexReplaceChars"]],
            [{ context: { ...createLabel().context, regexReplaceChars: pattern } }, ["context", "regexReplaceChars"]],
        ] as const) {
            assert.throws(
                () => createLabel({ name: "x", ...input }),
                (e: unknown) =>
                    e instanceof LabelError &&
                    e.code === "REGEX_LIMIT" &&
                    JSON.stringify(e.problems[0].path) === JSON.stringify(path) &&
                    /would compile to about [\d,]+ instructions, more than 10,000/.test(e.message),
            );
        }
    });
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
                assert.equal(e.message, e.problems[0].message);
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
