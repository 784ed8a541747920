/**
 * The package as users get it: what `npm pack` ships, and what importing it does. `npm pack` runs
 * in a temporary copy of the project, never in the working tree. When the working tree's dist/ is
 * what tsc builds from the sources now (scripts/staleness.js: no source newer than its compiled
 * file, as after `npm ci` or `npm run build`), the copy takes that dist/ and packs it without
 * lifecycle scripts; otherwise npm's `prepare` script compiles dist/ in the copy first, as for
 * `npm pack` and `npm publish`. The import tests load the copy's dist/ in fresh processes. The
 * processes start before the first test (tests/helpers/processes.ts).
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "./compiled";
import { awaitedLater, runNode, runProcess, startBeforeTests } from "./helpers/processes";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script shared with scripts/dist.js
const { staleSource } = require("../scripts/staleness") as { staleSource: (root: string) => string | undefined };

/** Not copied: installed or built things, and version control. */
const NOT_COPIED = new Set(["node_modules", "dist", ".git", "scratch", "coverage", ".nyc_output"]);

/** The modules that must load without any Pulumi SDK, each in turn in one fresh process. */
const SDK_FREE = [
    "./components/registry",
    "./components/eventbridge/definition",
    "./components/eventbridge/resolve",
    "./components/apiKey/definition",
    "./components/apiKey/resolve",
    "./stack",
    "./label",
    "./event-pattern",
    "./components/lifecycle",
    "./migrate/terraformState",
    "./migrate/adoptionPlan",
];

/** Imports the package (dist/index) under the mocks; prints what it registered and loaded. */
const IMPORT_SCRIPT = `const path = require("node:path");
    const { installMocks } = require("./program/mocks");
    installMocks().then(async (mocks) => {
        const pkg = require("./index");
        await mocks.settle();
        const loaded = Object.keys(require.cache);
        process.stdout.write(JSON.stringify({
            resources: mocks.resources.length,
            grafana: loaded.some((m) => m.includes("@pulumiverse/grafana")),
            program: loaded.some((m) => m.endsWith(path.join("program", "index.js"))),
            exports: Object.keys(pkg).length,
        }));
    });`;

/** Requires each of SDK_FREE in turn; prints which Pulumi packages each had added to require.cache. */
const SDK_FREE_SCRIPT = `
    const pulumiLoaded = () => Object.keys(require.cache).filter((m) => /[\\/]node_modules[\\/]@pulumi(verse)?[\\/]/.test(m));
    const result = {};
    for (const m of ${JSON.stringify(SDK_FREE)}) {
        const exported = require(m);
        result[m] = { exports: Object.keys(exported).length > 0, pulumi: pulumiLoaded().length };
    }
    process.stdout.write(JSON.stringify(result));`;

/** The temporary copy of the project, and the processes run in it. */
const started = startBeforeTests(() => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "package-e2e-"));
    fs.cpSync(ROOT, work, {
        recursive: true,
        filter: (source) => {
            const relative = path.relative(ROOT, source);
            return !NOT_COPIED.has(relative.split(path.sep)[0]) && !relative.endsWith(".tgz");
        },
    });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(work, "node_modules"), "dir");
    const built = fs.existsSync(path.join(ROOT, "dist", "index.js")) && staleSource(ROOT) === undefined;
    if (built) {
        fs.cpSync(path.join(ROOT, "dist"), path.join(work, "dist"), { recursive: true });
    }
    // Without a fresh dist/, npm's lifecycle scripts run as for `npm pack`: `prepare` builds dist/ first.
    const packed = awaitedLater(
        runProcess("npm", ["pack", "--dry-run", "--json", `--ignore-scripts=${String(built)}`], {
            cwd: work,
            timeoutMs: 180_000,
        }).then((run) => {
            if (run.status !== 0) throw new Error(`npm pack exited with ${String(run.status)}: ${run.stderr}`);
            return run.stdout;
        }),
    );
    const ready = built ? Promise.resolve() : packed.then(() => undefined);
    const dist = path.join(work, "dist");
    return {
        work,
        packed,
        imported: awaitedLater(ready.then(() => runNode(["-e", IMPORT_SCRIPT], { cwd: dist }))),
        sdkFree: awaitedLater(ready.then(() => runNode(["-e", SDK_FREE_SCRIPT], { cwd: dist }))),
    };
});

after(async () => {
    const copy = await started().catch(() => undefined);
    if (copy !== undefined) {
        await Promise.allSettled([copy.packed, copy.imported, copy.sdkFree]);
        fs.rmSync(copy.work, { recursive: true, force: true });
    }
});

describe("the published package", function () {
    this.timeout(180_000);

    it("ships compiled JavaScript, declarations and the README, and no tests or TypeScript sources", async () => {
        const out = await (await started()).packed;
        const files = (JSON.parse(out.slice(out.indexOf("["))) as { files: { path: string }[] }[])[0].files.map(
            (f) => f.path,
        );
        for (const expected of [
            "package.json",
            "README.md",
            "dist/index.js",
            "dist/index.d.ts",
            "dist/label/index.js",
            "dist/label/index.d.ts",
            "dist/bin/synth.js",
            "dist/components/eventbridge/index.d.ts",
            "dist/components/eventbridge/definition.d.ts",
            "dist/components/apiKey/index.d.ts",
            "dist/components/apiKey/definition.d.ts",
        ]) {
            assert.ok(files.includes(expected), `${expected} missing from the tarball`);
        }
        assert.deepEqual(
            files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts")),
            [],
        );
        assert.deepEqual(
            files.filter((f) => /(^|\/)(tests|bench|scratch|examples)\//.test(f)),
            [],
        );
    });

    it("creates no resource and loads neither the Grafana SDK nor the program when imported", async () => {
        const run = await (await started()).imported;
        assert.equal(run.status, 0, run.stderr);
        const result = JSON.parse(run.stdout) as {
            resources: number;
            grafana: boolean;
            program: boolean;
            exports: number;
        };
        assert.deepEqual(
            { ...result, exports: result.exports > 0 },
            { resources: 0, grafana: false, program: false, exports: true },
        );
    });

    it("loads no Pulumi SDK for the definitions, the resolvers and the stack-file loader", async () => {
        const run = await (await started()).sdkFree;
        assert.equal(run.status, 0, run.stderr);
        const result = JSON.parse(run.stdout) as Record<string, { exports: boolean; pulumi: number }>;
        assert.deepEqual(result, Object.fromEntries(SDK_FREE.map((m) => [m, { exports: true, pulumi: 0 }])));
    });
});
