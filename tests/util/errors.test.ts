/** util/errors.ts: one base for the errors thrown on purpose, `code` and `problems` on each. */
import { strict as assert } from "node:assert";
import { FunctionError, TemplateLimitExceeded } from "../../gotemplate";
import { InvalidRegexError } from "../../label/regex";
import { LogHistoryError, UnaliasedRenameError } from "../../program/renames";
import { OutsideRepositoryError, SymlinkLoopError } from "../../stack/confine";
import { FileReadError } from "../../stack/files";
import { CloudposseError, problemModel } from "../../util/errors";
import { RunError } from "@pulumi/pulumi";
import { ComponentArgsError } from "../../components/kit/errors";

describe("CloudposseError", () => {
    it("is the base of the errors thrown on purpose, each with a stable code", () => {
        const errors: [CloudposseError, string][] = [
            [new FunctionError("x"), "TEMPLATE_FUNCTION"],
            [new TemplateLimitExceeded("x"), "TEMPLATE_LIMIT"],
            [new InvalidRegexError("x"), "BAD_REGEX"],
            [new LogHistoryError(["a"]), "LOG_HISTORY"],
            [new OutsideRepositoryError("x", "/p"), "EOUTSIDE"],
            [new SymlinkLoopError("/p"), "ELOOP"],
        ];
        for (const [error, code] of errors) {
            assert.ok(error instanceof CloudposseError, error.name);
            assert.equal(error.code, code, error.name);
        }
    });

    it("is a RunError to Pulumi's runtime, which then prints its message without the compiled stack frames", () => {
        // pulumi/pulumi sdk/nodejs/cmd/run/run.ts 418-420: a RunError is logged as its message alone.
        const error = new ComponentArgsError("eventbridge", "x", [
            { code: "NOT_ONE_OF", path: ["eventLogRetentionInDays"], rule: "must be one of 1, 3", value: 4 },
        ]);
        assert.equal(RunError.isInstance(error), true);
        assert.equal(RunError.isInstance(new FileReadError("f is a directory", "ENOTREG", "f")), true);
        assert.equal(RunError.isInstance(new Error("x")), false);
        // Not an own property: an error's JSON and its inspection stay as they were.
        assert.deepEqual(Object.keys(error).includes("__pulumiRunError"), false);
    });

    it("an error about one thing has one problem: its code and message", () => {
        const error = new FileReadError("f is a directory", "ENOTREG", "f");
        assert.deepEqual(error.problems, [
            { code: "ENOTREG", path: [], rule: "f is a directory", message: "f is a directory" },
        ]);
        assert.deepEqual(error.details, [{ code: "ENOTREG", path: [], rule: "f is a directory" }]);
    });

    it("an error about a list has one problem per item", () => {
        const error = new LogHistoryError(["a: lost", "b: cannot be created"]);
        assert.deepEqual(
            error.problems.map((p) => [p.code, p.message]),
            [
                ["LOG_HISTORY", "a: lost"],
                ["LOG_HISTORY", "b: cannot be created"],
            ],
        );
        assert.deepEqual(
            new UnaliasedRenameError(["r"]).problems.map((p) => p.code),
            ["UNALIASED_RENAME"],
        );
    });

    it("details are the problems in the bare model: value and detail only when given", () => {
        assert.deepEqual(
            problemModel({ code: "C", path: ["x"], rule: "r", value: undefined, detail: "d", message: "m" } as never),
            { code: "C", path: ["x"], rule: "r", value: undefined, detail: "d" },
        );
        assert.deepEqual(problemModel({ code: "C", path: [], rule: "r" }), { code: "C", path: [], rule: "r" });
    });
});
