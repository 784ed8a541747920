/**
 * docs/testing.md's mocha example, exactly as written, in a program of its own that imports the
 * package by its name (its package.json exports, its compiled dist/): compiled with `tsc --strict`,
 * then run with mocha.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { awaitedLater, runNode, startBeforeTests } from "./helpers/processes";

const ROOT = path.join(__dirname, "..");
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script shared with npm's lifecycle
const { staleSource } = require("../scripts/staleness") as { staleSource: (root: string) => string | undefined };

/** The TypeScript block under the "Testing a program that uses these components" heading. */
export function testingSnippet(markdown: string): string {
    const section = markdown.split(/^## /m).find((s) => s.startsWith("Testing a program that uses these components"));
    assert.ok(section, "docs/testing.md has no section Testing a program that uses these components");
    const block = /```ts\n([\s\S]*?)```/.exec(section);
    assert.ok(block, "the section has no ts block");
    return block[1];
}

let work: string | undefined;

const started = startBeforeTests(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "testing-doc-"));
    work = dir;
    // The package as installed: its package.json, and dist/ compiled from the sources now.
    const pkg = path.join(dir, "node_modules", "pulumi-cloudposse-components");
    fs.mkdirSync(pkg, { recursive: true });
    fs.copyFileSync(path.join(ROOT, "package.json"), path.join(pkg, "package.json"));
    for (const entry of fs.readdirSync(path.join(ROOT, "node_modules"))) {
        fs.symlinkSync(path.join(ROOT, "node_modules", entry), path.join(dir, "node_modules", entry));
    }
    fs.writeFileSync(
        path.join(dir, "program.test.ts"),
        testingSnippet(fs.readFileSync(path.join(ROOT, "docs", "testing.md"), "utf8")),
    );
    const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
    const run = async () => {
        // The project's dist/ when it is fresh (as the package test takes it), else compiled here.
        if (fs.existsSync(path.join(ROOT, "dist", "testing", "index.js")) && staleSource(ROOT) === undefined) {
            fs.symlinkSync(path.join(ROOT, "dist"), path.join(pkg, "dist"), "dir");
        } else {
            const build = await runNode(
                [tsc, "-p", path.join(ROOT, "tsconfig.json"), "--outDir", path.join(pkg, "dist")],
                {
                    cwd: ROOT,
                    timeoutMs: 170_000,
                },
            );
            if (build.status !== 0) throw new Error(`building the package failed: ${build.stdout}${build.stderr}`);
        }
        const compiled = await runNode(
            [
                tsc,
                "--strict",
                "--noEmit",
                "--skipLibCheck",
                "--types",
                "node,mocha",
                "--module",
                "commonjs",
                "--target",
                "ES2022",
                "--esModuleInterop",
                "program.test.ts",
            ],
            { cwd: dir, timeoutMs: 170_000 },
        );
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
                cwd: dir,
                timeoutMs: 170_000,
                env: { ...process.env, TS_NODE_COMPILER_OPTIONS: '{"module":"commonjs"}' },
            },
        );
        return { compiled, ran };
    };
    return { runs: awaitedLater(run()) };
});

after(() => {
    if (work !== undefined) fs.rmSync(work, { recursive: true, force: true });
});

describe("docs/testing.md's example", function () {
    this.timeout(180_000);

    it("compiles under tsc --strict and passes under mocha, as written", async () => {
        const { compiled, ran } = await (await started()).runs;
        assert.equal(compiled.status, 0, `tsc: ${compiled.stdout}${compiled.stderr}`);
        assert.equal(ran.status, 0, `mocha: ${ran.stdout}${ran.stderr}`);
        assert.match(ran.stdout, /1 passing/);
    });
});
