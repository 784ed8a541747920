/**
 * A fault of this package's code (a TypeError such as `(0 , id_1.isLabelName) is not a
 * function`, which a half-rebuilt dist/ gave) is never reported as a problem of the user's stack
 * file or template: the code that turns errors into located problems lets it through, and the
 * commands print it as an internal error, in one line, without a stack trace.
 */
import * as assert from "node:assert/strict";
import { labelProblems } from "../../components/kit/errors";
import { renderTemplate } from "../../gotemplate";
import { LabelError } from "../../label";
import { internalErrorText, isInternalError } from "../../util/internalError";

/** The TypeError V8 raises for calling what is not a function (as a module half rebuilt gives). */
function faultyCall(): TypeError {
    try {
        (undefined as unknown as () => void)();
    } catch (error) {
        return error as TypeError;
    }
    throw new Error("unreachable");
}

describe("internal errors are not the user's problems (issue 30)", () => {
    it("tells a fault of the code from a check on a value", () => {
        assert.equal(isInternalError(faultyCall()), true);
        assert.equal(isInternalError(new TypeError("Cannot read properties of undefined (reading 'x')")), true);
        assert.equal(isInternalError(new ReferenceError("x is not defined")), true);
        // raised by checks on the user's values: problems of the input
        assert.equal(isInternalError(new TypeError("Invalid URL")), false);
        assert.equal(isInternalError(new TypeError("jsonencode: NaN is not a JSON number")), false);
        assert.equal(isInternalError(new Error("x is not a function")), false);
    });

    it("a label built with faulty code is not reported as the user's context", () => {
        const error = faultyCall();
        assert.throws(
            () => labelProblems(error, new Set()),
            (e) => e === error,
        );
        // the label's own errors still are
        assert.match(labelProblems(new LabelError(["bad"]), new Set())[0].rule, /is not a valid label: bad/);
    });

    it("a template function failing with faulty code is not the template's error", () => {
        const error = faultyCall();
        assert.throws(
            () =>
                renderTemplate(
                    "t",
                    "{{ broken }}",
                    {},
                    {
                        funcs: {
                            broken: () => {
                                throw error;
                            },
                        },
                    },
                ),
            (e) => e === error,
        );
        // a function refusing a value still is
        assert.throws(
            () => renderTemplate("t", '{{ urlParse "::" }}', {}),
            /^TemplateError: template: t:1:3: .*error calling urlParse: Invalid URL$/,
        );
    });

    it("is printed as an internal error, naming the command", () => {
        assert.equal(
            internalErrorText("synth", faultyCall()),
            "synth: internal error (a bug in this package, not a problem of your files): TypeError: undefined is not a function",
        );
    });
});
