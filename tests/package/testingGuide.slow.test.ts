/**
 * docs/testing.md's mocha example, exactly as written, in a program of its own that imports the
 * package by its name, installed from the packed tarball (tests/helpers/packed.ts): compiled with
 * `tsc --strict` (in the tsc run the other slow-tier files share), then run with mocha; and run as
 * the guide says, with its tsconfig.json and `mocha -r ts-node/register` (type-checked), under the
 * project's TypeScript 5 and under TypeScript 6 (installed from the npm registry into the test's
 * project: TypeScript 6 no longer loads every `@types` package and refuses `moduleResolution: node`).
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { compiledInProject, installedProject, installedTypeScript } from "../helpers/packed";
import { awaitedLater, runNode, startBeforeTests } from "../helpers/processes";

const ROOT = path.join(__dirname, "..", "..");

/** The TypeScript block under the "Testing a program that uses these components" heading. */
export function testingSnippet(markdown: string): string {
    const section = markdown.split(/^## /m).find((s) => s.startsWith("Testing a program that uses these components"));
    assert.ok(section, "docs/testing.md has no section Testing a program that uses these components");
    const block = /```ts\n([\s\S]*?)```/.exec(section);
    assert.ok(block, "the section has no ts block");
    return block[1];
}

/** The JSON block (the tsconfig.json) under the same heading. */
export function testingTsconfig(markdown: string): string {
    const section = markdown.split(/^## /m).find((s) => s.startsWith("Testing a program that uses these components"));
    assert.ok(section, "docs/testing.md has no section Testing a program that uses these components");
    const block = /```json\n([\s\S]*?)```/.exec(section);
    assert.ok(block, "the section has no json block (the tsconfig.json)");
    return block[1];
}

/** The TypeScript 6 release the guide's tsconfig is run under. */
const TYPESCRIPT_6 = "typescript@6.0.3";

/**
 * The guide's test file in `test/`, its tsconfig.json beside, in `<installed project>/<dir>`; mocha
 * run there as the guide says (ts-node type-checking), with the TypeScript `compiler` (a path).
 */
async function asTheGuideSays(dir: string, compiler: string | undefined) {
    const markdown = fs.readFileSync(path.join(ROOT, "docs", "testing.md"), "utf8");
    const project = path.join(await installedProject(), dir);
    fs.mkdirSync(path.join(project, "test"), { recursive: true });
    fs.writeFileSync(path.join(project, "tsconfig.json"), testingTsconfig(markdown));
    fs.writeFileSync(path.join(project, "test", "program.test.ts"), testingSnippet(markdown));
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of Object.keys(env)) if (key.startsWith("TS_NODE_")) delete env[key];
    if (compiler !== undefined) env.TS_NODE_COMPILER = compiler;
    const mocha = path.join(ROOT, "node_modules", "mocha", "bin", "mocha.js");
    return runNode([mocha, "-r", "ts-node/register", "--timeout", "20000", "test/**/*.test.ts"], {
        cwd: project,
        timeoutMs: 170_000,
        env,
    });
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
    const guide = async () => {
        const ts5 = await asTheGuideSays("testing-doc-ts5", undefined);
        const ts6 = await asTheGuideSays("testing-doc-ts6", await installedTypeScript(TYPESCRIPT_6));
        return { ts5, ts6 };
    };
    return { runs: awaitedLater(run()), guide: awaitedLater(guide()) };
});

describe("docs/testing.md's example", function () {
    this.timeout(180_000);

    it("compiles under tsc --strict and passes under mocha, as written", async () => {
        const { compiled, ran } = await (await started()).runs;
        assert.deepEqual(Object.fromEntries(compiled.errors), {}, "tsc --strict");
        assert.equal(ran.status, 0, `mocha: ${ran.stdout}${ran.stderr}`);
        assert.match(ran.stdout, /1 passing/);
    });

    for (const version of ["ts5", "ts6"] as const) {
        it(`passes with the guide's tsconfig.json and command under TypeScript ${version.slice(2)} (ts-node type-checking)`, async () => {
            const run = (await (await started()).guide)[version];
            assert.equal(run.status, 0, `mocha: ${run.stdout}${run.stderr}`);
            assert.match(run.stdout, /1 passing/);
        });
    }
});
