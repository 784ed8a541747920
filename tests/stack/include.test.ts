/**
 * stack/include.ts at its entry points: where a relative `!include` path is looked for (the working
 * directory first, then the Atmos base path), `!include.raw` refusing a query, and the located
 * message of an included JSON file that breaks where Node's JSON.parse gives no position.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { evaluateInclude, resolveIncludePath } from "../../stack/include";
import { YamlFunctionError } from "../../stack/yamlFunctions";

const REPO = path.resolve("/repo");
const STACKS = path.join(REPO, "stacks");
const context = (text: string) => ({
    file: path.join(STACKS, "s.yaml"),
    cwd: REPO,
    basePath: STACKS,
    exists: () => false,
    readFile: () => text,
});

describe("!include", () => {
    describe("resolveIncludePath", () => {
        it("takes a path that is neither absolute nor ./-relative from the working directory when it is there", () => {
            const inCwd = path.resolve(process.cwd(), "catalog/x.yaml");
            const found = resolveIncludePath("catalog/x.yaml", {
                file: path.join(STACKS, "s.yaml"),
                exists: (p) => p === inCwd,
            });
            assert.equal(found, inCwd);
        });

        it("else from the Atmos base path, else from the working directory", () => {
            assert.equal(resolveIncludePath("catalog/x.yaml", context("")), path.join(STACKS, "catalog/x.yaml"));
            const noBase = resolveIncludePath("catalog/x.yaml", {
                file: path.join(STACKS, "s.yaml"),
                exists: () => false,
            });
            assert.equal(noBase, path.resolve(process.cwd(), "catalog/x.yaml"));
        });
    });

    it("refuses a query after !include.raw", () => {
        assert.throws(
            () => evaluateInclude("./x.txt .a", true, context("text")),
            (e: unknown) => {
                assert.ok(e instanceof YamlFunctionError);
                assert.equal((e as Error).message, "!include.raw takes no query");
                return true;
            },
        );
    });

    it("locates a JSON syntax error Node reports without a position, never quoting the text", () => {
        const cases: [string, number][] = [
            ['{"a\\"b": [], "c": {}, "d": "SECRET", "e": @}', 43],
            ['[[1], {"k": [true, null, -1.5e3]}, SECRET]', 36],
            ['{"a":\n  [1,]}', 6],
        ];
        for (const [text, column] of cases) {
            const line = text.includes("\n") ? 2 : 1;
            assert.throws(
                () => evaluateInclude("./x.json", false, context(text)),
                (e: unknown) => {
                    assert.ok(e instanceof YamlFunctionError);
                    assert.equal(
                        (e as Error).message,
                        `!include ${path.join(STACKS, "x.json")}: invalid JSON at line ${line}, column ${column}`,
                    );
                    return true;
                },
                text,
            );
        }
    });
});
