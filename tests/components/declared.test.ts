/**
 * components/kit/declared.ts: the checks an argument's declaration states, read from the declaration
 * itself (a fixture definition whose limits differ from the real components'), with the declared
 * default for an unset or invalid value.
 */
import * as assert from "node:assert/strict";

import { declaredBool, declaredChoice, declaredInteger, declaredString } from "../../components/kit/declared";
import type { ComponentDefinition } from "../../components/kit/definition";
import type { ArgProblemInput } from "../../components/kit/errors";

const FIXTURE: ComponentDefinition = {
    path: "fixture/declared",
    typeToken: "fixture:index:Declared",
    doc: "A fixture.",
    args: {
        keep: { var: "keep", type: "bool", default: true, defaultText: "true", doc: "A switch on by default." },
        size: { var: "size", type: "string", default: "M", defaultText: "M", allowed: ["S", "M"], doc: "A size." },
        days: { var: "days", type: "number", default: 7, defaultText: "7", allowed: [7, 30], doc: "Days." },
        count: { var: "count", type: "number", min: 2, max: 5, defaultText: "3", doc: "A count." },
        note: { var: "note", type: "string", max: 4, defaultText: '""', doc: "A note." },
    },
    outputs: {},
    example: { variable: "declared", name: "declared", args: {}, exports: {} },
};

/** A value not known yet, as util/unknown.ts recognises Pulumi's (no SDK loaded). */
const UNKNOWN = new (class {
    readonly __pulumiUnknown = true;
})();

/** `check`'s result and the rules of the problems it recorded. */
function run<T>(check: (problems: ArgProblemInput[]) => T): [T, string[]] {
    const problems: ArgProblemInput[] = [];
    const result = check(problems);
    return [result, problems.map((p) => `${p.code} ${p.path.join(".")} ${p.rule}`)];
}

describe("declared argument checks", () => {
    it("bool: the value, else the declared default; anything else is a problem", () => {
        const cases: [unknown, boolean, string[]][] = [
            [false, false, []],
            [undefined, true, []],
            [null, true, []],
            ["no", true, ["TYPE_MISMATCH keep must be true or false"]],
        ];
        for (const [value, expected, rules] of cases) {
            assert.deepEqual(
                run((p) => declaredBool(FIXTURE, "keep", value, p)),
                [expected, rules],
                String(value),
            );
        }
    });

    it("choice: the declared values, quoted when strings, with a note", () => {
        assert.deepEqual(
            run((p) => declaredChoice(FIXTURE, "size", "L", p, " (upper case)")),
            ["M", ['NOT_ONE_OF size must be one of "S", "M" (upper case)']],
        );
        assert.deepEqual(
            run((p) => declaredChoice(FIXTURE, "days", 8, p)),
            [7, ["NOT_ONE_OF days must be one of 7, 30"]],
        );
        assert.deepEqual(
            run((p) => declaredChoice(FIXTURE, "days", UNKNOWN, p)),
            [7, []],
        );
        assert.deepEqual(
            run((p) => declaredChoice(FIXTURE, "size", "S", p)),
            ["S", []],
        );
    });

    it("integer: the declared range; null when unset, undefined when invalid or unknown", () => {
        const cases: [unknown, number | null | undefined, string[]][] = [
            [2, 2, []],
            [5, 5, []],
            [null, null, []],
            [UNKNOWN, undefined, []],
            [6, undefined, ["OUT_OF_RANGE count must be an integer from 2 to 5 (five)"]],
            [2.5, undefined, ["OUT_OF_RANGE count must be an integer from 2 to 5 (five)"]],
        ];
        for (const [value, expected, rules] of cases) {
            assert.deepEqual(
                run((p) => declaredInteger(FIXTURE, "count", value, p, " (five)")),
                [expected, rules],
                String(value),
            );
        }
    });

    it("string: the declared length in code points, a type mismatch otherwise", () => {
        assert.deepEqual(
            run((p) => declaredString(FIXTURE, "note", "🙂🙂🙂🙂", p)),
            ["🙂🙂🙂🙂", []],
        );
        assert.deepEqual(
            run((p) => declaredString(FIXTURE, "note", "abcde", p)),
            ["abcde", ["TOO_LONG note must be at most 4 characters (has 5)"]],
        );
        assert.deepEqual(
            run((p) => declaredString(FIXTURE, "note", 4, p)),
            [undefined, ["TYPE_MISMATCH note must be a string"]],
        );
    });

    it("refuses an argument whose declaration lacks what the check reads (a definition bug)", () => {
        assert.throws(() => declaredChoice(FIXTURE, "count", 3, []), /argument count declares no allowed/);
        assert.throws(() => declaredInteger(FIXTURE, "size", 3, []), /argument size declares no min, max/);
        assert.throws(() => declaredBool(FIXTURE, "size", true, []), /argument size is not a bool/);
    });
});
