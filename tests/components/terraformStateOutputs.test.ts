/**
 * Reading an output from a Terraform state document (components/kit/terraformStateOutputs.ts).
 * Terraform writes `outputs` as `{ "<name>": { "value", "type", "sensitive"? } }` in format version 4
 * (hashicorp/terraform internal/states/statefile/version4.go 688-692, outputStateV4); a yq path
 * walks list indexes and own keys only. Real states: tests/program/mixedEstate.test.ts.
 */
import { strict as assert } from "node:assert";
import {
    MAX_STATE_CHARACTERS,
    stateOutput,
    StateOutputError,
    valueAtPath,
} from "../../components/kit/terraformStateOutputs";

const state = (outputs: unknown) => JSON.stringify({ version: 4, terraform_version: "1.11.0", outputs });

describe("stateOutput", () => {
    it("walks list indexes and keys into an output's value; sensitive only when Terraform wrote true", () => {
        const text = state({
            subnets: { value: [{ id: "subnet-a" }, { id: "subnet-b" }], type: ["list", "object"] },
            token: { value: "t", type: "string", sensitive: "yes" },
        });
        assert.deepEqual(stateOutput(text, "subnets", [1, "id"]), { value: "subnet-b", sensitive: false });
        assert.deepEqual(stateOutput(text, "token", []), { value: "t", sensitive: false });
    });

    for (const [title, text, name, path, expected] of [
        [
            "a state with no outputs, asking whether the component is applied",
            JSON.stringify({ version: 4 }),
            "id",
            [],
            /the state has no output "id" \(outputs: none; is the component applied\?\)$/,
        ],
        [
            "outputs that are not a map as no outputs",
            JSON.stringify({ version: 4, outputs: [] }),
            "id",
            [],
            /\(outputs: none; is the component applied\?\)/,
        ],
        [
            "an output without a value",
            state({ id: { type: "string" } }),
            "id",
            [],
            /the state has no output "id" \(outputs: id\)/,
        ],
        ["a JSON document that is not an object", "[4]", "id", [], /format version 4 \(version undefined\)/],
        [
            "an index past the end of a list",
            state({ subnets: { value: ["a"] } }),
            "subnets",
            [1],
            /the output "subnets" has nothing at \[1\]$/,
        ],
        [
            "an index into a map",
            state({ tags: { value: { "0": "x" } } }),
            "tags",
            [0],
            /the output "tags" has nothing at \[0\]$/,
        ],
        [
            "a key into a list, after the steps that led somewhere",
            state({ subnets: { value: [{ ids: ["a"] }] } }),
            "subnets",
            [0, "ids", "first"],
            /has nothing at \[0\]\.ids\.first$/,
        ],
    ] as const) {
        it(`refuses ${title}`, () => {
            assert.throws(
                () => stateOutput(text, name, path),
                (error: unknown) => error instanceof StateOutputError && expected.test(error.message),
            );
        });
    }

    it("refuses a document larger than the bound before parsing it", () => {
        const text = " ".repeat(MAX_STATE_CHARACTERS + 1);
        assert.throws(
            () => stateOutput(text, "id", []),
            (error: unknown) =>
                error instanceof StateOutputError && error.message === "the state is larger than 67,108,864 characters",
        );
    });
});

describe("valueAtPath", () => {
    it("finds own keys only and no negative indexes", () => {
        assert.deepEqual(valueAtPath({ a: [1, 2] }, ["a", -1]), { missing: ".a[-1]" });
        assert.deepEqual(valueAtPath({}, ["toString"]), { missing: ".toString" });
        assert.deepEqual(valueAtPath("text", []), { value: "text" });
    });
});
