/**
 * docs/testing.md's setup, exactly as written, in a project `pulumi new typescript` made
 * (tests/helpers/pulumiTemplate.ts) with the package installed from the packed tarball
 * (tests/helpers/packed.ts): every file the section "Testing a program that uses these components"
 * names (the program `index.ts`, its test, the tests' tsconfig.json, `.mocharc.js`) written where it
 * says, then `npx mocha` run as it says (ts-node type-checking), under the project's TypeScript 5 and
 * under TypeScript 6 (installed from the npm registry). The test imports the program file after
 * installing the mocks, as Pulumi's testing guide does (pulumi/docs,
 * content/docs/iac/guides/testing/unit.md: `infra = await import("./index")` in `before`).
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { installedProject, installedTypeScript } from "../helpers/packed";
import { awaitedLater, runNode, startBeforeTests } from "../helpers/processes";
import { TEMPLATE_PACKAGE, TEMPLATE_TSCONFIG } from "../helpers/pulumiTemplate";

const ROOT = path.join(__dirname, "..", "..");

/** The heading of the section. */
const SECTION = "Testing a program that uses these components";

/**
 * The files the section names, by path: each ```ts, ```json or ```js block, under the last
 * `` `path` `` written before it (since the block before).
 */
export function guideFiles(markdown: string): Map<string, string> {
    const section = markdown.split(/^## /m).find((s) => s.startsWith(SECTION));
    assert.ok(section, `docs/testing.md has no section ${SECTION}`);
    const files = new Map<string, string>();
    let from = 0;
    for (const block of section.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)) {
        const before = section.slice(from, block.index);
        from = block.index + block[0].length;
        if (!["ts", "json", "js"].includes(block[1])) continue;
        const named = [...before.matchAll(/`([\w./-]+\.(?:ts|json|js))`/g)].pop();
        assert.ok(named, `the ${block[1]} block at ${block.index} names no file before it`);
        files.set(named[1], block[2]);
    }
    return files;
}

/** The TypeScript 6 release the guide is run under. */
const TYPESCRIPT_6 = "typescript@6.0.3";

/**
 * A `pulumi new typescript` project in `<installed project>/<dir>` with the guide's files, and
 * `npx mocha` run there, with the TypeScript `compiler` (a path; the project's own when undefined).
 */
async function asTheGuideSays(dir: string, compiler: string | undefined) {
    const project = path.join(await installedProject(), dir);
    fs.mkdirSync(project, { recursive: true });
    fs.writeFileSync(path.join(project, "tsconfig.json"), TEMPLATE_TSCONFIG);
    fs.writeFileSync(path.join(project, "package.json"), TEMPLATE_PACKAGE);
    for (const [file, text] of guideFiles(fs.readFileSync(path.join(ROOT, "docs", "testing.md"), "utf8"))) {
        fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
        fs.writeFileSync(path.join(project, file), text);
    }
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of Object.keys(env)) if (key.startsWith("TS_NODE_")) delete env[key];
    if (compiler !== undefined) env.TS_NODE_COMPILER = compiler;
    // `npx mocha`: mocha's command, which reads .mocharc.js from the project.
    return runNode([path.join(ROOT, "node_modules", "mocha", "bin", "mocha.js")], {
        cwd: project,
        timeoutMs: 170_000,
        env,
    });
}

const started = startBeforeTests(() => ({
    ts5: awaitedLater(asTheGuideSays("testing-guide-ts5", undefined)),
    ts6: awaitedLater(
        installedTypeScript(TYPESCRIPT_6).then((compiler) => asTheGuideSays("testing-guide-ts6", compiler)),
    ),
}));

describe("docs/testing.md's setup", function () {
    this.timeout(180_000);

    it("names the program, its test, the tests' tsconfig.json and .mocharc.js", () => {
        const files = guideFiles(fs.readFileSync(path.join(ROOT, "docs", "testing.md"), "utf8"));
        assert.deepEqual([...files.keys()].sort(), [
            ".mocharc.js",
            "index.ts",
            "test/index.test.ts",
            "test/tsconfig.json",
        ]);
        // The test runs the program file after the mocks, as Pulumi's testing guide does.
        assert.match(
            files.get("test/index.test.ts") ?? "",
            /await installMocks\(\)[\s\S]*await import\("\.\.\/index"\)/,
        );
    });

    for (const version of ["ts5", "ts6"] as const) {
        it(`tests the program file in a pulumi new typescript project under TypeScript ${version.slice(2)} (ts-node type-checking)`, async () => {
            const run = await (await started())[version];
            assert.equal(run.status, 0, `mocha: ${run.stdout}${run.stderr}`);
            assert.match(run.stdout, /2 passing/);
        });
    }
});
