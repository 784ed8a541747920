/** util/objects: the plain-object test and the thenable test the messages and the components share. */
import { strict as assert } from "node:assert";
import { isThenable } from "../../util/objects";

describe("isThenable", () => {
    it("is true for a Promise and for any object with a then method, the class aside", () => {
        assert.equal(isThenable(Promise.resolve(1)), true);
        assert.equal(isThenable({ then: () => undefined }), true);
        assert.equal(isThenable(Object.assign(() => 1, { then: () => undefined })), false);
    });

    it("is false for values that are not thenables", () => {
        for (const value of [null, undefined, 1, "then", {}, { then: 1 }, [], Object.create(null)]) {
            assert.equal(isThenable(value), false, typeof value);
        }
    });
});
