/**
 * docs/testing.md's mocha example, exactly as written, in a program of its own that imports the
 * package by its name, installed from the packed tarball (tests/helpers/packed.ts): compiled with
 * `tsc --strict` (in the tsc run the other slow-tier files share), then run with mocha.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { compiledInProject } from "./helpers/packed";
import { awaitedLater, runNode, startBeforeTests } from "./helpers/processes";

const ROOT = path.join(__dirname, "..");

/** The TypeScript block under the "Testing a program that uses these components" heading. */
export function testingSnippet(markdown: string): string {
    const section = markdown.split(/^## /m).find((s) => s.startsWith("Testing a program that uses these components"));
    assert.ok(section, "docs/testing.md has no section Testing a program that uses these components");
    const block = /```ts\n([\s\S]*?)```/.exec(section);
    assert.ok(block, "the section has no ts block");
    return block[1];
}

const started = startBeforeTests(() => {
    const snippet = testingSnippet(fs.readFileSync(path.join(ROOT, "docs", "testing.md"), "utf8"));
    const run = async () => {
        const compiled = await compiledInProject("testing-doc", { "program.test.ts": snippet });
        const ran = await runNode(
            [
                path.join(ROOT, "node_modules", "mocha", "bin", "mocha.js"),
                "-r",
                "ts-node/register/transpile-only",
                // As the guide says: the first import of @pulumi/aws can take longer than mocha's 2 s.
                "--timeout",
                "20000",
                "program.test.ts",
            ],
            {
                cwd: compiled.dir,
                timeoutMs: 170_000,
                env: { ...process.env, TS_NODE_COMPILER_OPTIONS: '{"module":"commonjs"}' },
            },
        );
        return { compiled, ran };
    };
    return { runs: awaitedLater(run()) };
});

describe("docs/testing.md's example", function () {
    this.timeout(180_000);

    it("compiles under tsc --strict and passes under mocha, as written", async () => {
        const { compiled, ran } = await (await started()).runs;
        assert.deepEqual(Object.fromEntries(compiled.errors), {}, "tsc --strict");
        assert.equal(ran.status, 0, `mocha: ${ran.stdout}${ran.stderr}`);
        assert.match(ran.stdout, /1 passing/);
    });
});
