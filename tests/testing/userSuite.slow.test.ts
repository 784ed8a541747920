/**
 * tests/testing/userSuite.test.ts as a user's mocha suite: the same file, its imports of the package's entry
 * points renamed to the package's name, in a fresh program with the packed tarball installed
 * (tests/helpers/packed.ts), compiled with `tsc --strict` (in the tsc run the other slow-tier files
 * share), then run with mocha.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { compiledInProject } from "../helpers/packed";
import { awaitedLater, runNode, startBeforeTests } from "../helpers/processes";

const ROOT = path.join(__dirname, "..", "..");

/** The in-process suite, importing the package by its name. */
export function asUserSuite(source: string): string {
    const renamed = source
        .replace(/from "\.\.\/\.\.\/testing"/g, 'from "pulumi-cloudposse-components/testing"')
        .replace(/from "\.\.\/\.\.\/index"/g, 'from "pulumi-cloudposse-components"');
    assert.doesNotMatch(renamed, /from "\.\.?\//, "the suite imports only the package's entry points");
    return renamed;
}

const started = startBeforeTests(() => {
    const suite = asUserSuite(fs.readFileSync(path.join(__dirname, "userSuite.test.ts"), "utf8"));
    const run = async () => {
        const compiled = await compiledInProject("mocks-user", { "userSuite.test.ts": suite });
        const ran = await runNode(
            [
                path.join(ROOT, "node_modules", "mocha", "bin", "mocha.js"),
                "--timeout",
                "20000",
                path.join(compiled.out, "userSuite.test.js"),
            ],
            { cwd: compiled.dir, timeoutMs: 170_000 },
        );
        return { compiled, ran };
    };
    return { runs: awaitedLater(run()) };
});

describe("a user's mocha suite of pulumi-cloudposse-components/testing, from the packed tarball", function () {
    this.timeout(180_000);

    it("compiles under tsc --strict and passes", async () => {
        const { compiled, ran } = await (await started()).runs;
        assert.deepEqual(Object.fromEntries(compiled.errors), {}, "tsc --strict");
        assert.equal(ran.status, 0, `mocha: ${ran.stdout}${ran.stderr}`);
        const tests = (fs.readFileSync(path.join(__dirname, "userSuite.test.ts"), "utf8").match(/^\s+it\(/gm) ?? [])
            .length;
        assert.match(ran.stdout, new RegExp(`${tests} passing`));
    });
});
