/**
 * The package as users get it: what `npm pack` ships, and what importing it does. The package is
 * packed once per test run in a temporary copy of the project (tests/helpers/packed.ts, shared with
 * the other slow-tier files that need the tarball); the other tests use the copy's dist/ in one
 * fresh process, as a user's program or unit tests would. The processes start before the first
 * test (tests/helpers/processes.ts).
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import * as fs from "node:fs";
import { installedProject, packedPackage } from "../helpers/packed";
import { awaitedLater, runNode, startBeforeTests } from "../helpers/processes";

/** The component folders (components/<folder>/definition.ts; components/kit/ is the kit), as the list's entries live. */
const COMPONENT_FOLDERS = fs
    .readdirSync(path.join(__dirname, "..", "..", "components"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "kit")
    .map((entry) => entry.name)
    .filter((folder) => fs.existsSync(path.join(__dirname, "..", "..", "components", folder, "definition.ts")));

/** The modules that must load without any Pulumi SDK, each in turn in one fresh process. */
const SDK_FREE = [
    "./components/registry",
    // Each component's declaration, pure resolver and rules (tf-adopt's).
    ...COMPONENT_FOLDERS.flatMap((folder) => [
        `./components/${folder}/definition`,
        `./components/${folder}/resolve`,
        `./components/${folder}/rules`,
    ]),
    "./stack",
    "./label",
    "./event-pattern",
    "./components/kit/lifecycle",
    "./components/apiKey/rotation",
    "./migrate/terraformState",
    "./migrate/adoptionPlan",
];

/**
 * One process as a user's would use the package, in the copy's dist/: first each of SDK_FREE in
 * turn (which Pulumi packages each added to require.cache), then the package's index under the
 * package's mocks (what importing it registered and loaded), then the components under the
 * plainest mocks a user's own unit tests would write: `setMocks` without an organization, and
 * `newResource` echoing the inputs (so no ARN, no rfc3339, no computed field).
 */
const USER_SCRIPT = `
    const path = require("node:path");
    const pulumiLoaded = () => Object.keys(require.cache).filter((m) => /[\\/]node_modules[\\/]@pulumi(verse)?[\\/]/.test(m));
    const out = { sdkFree: {}, echo: {} };
    for (const m of ${JSON.stringify(SDK_FREE)}) {
        const exported = require(m);
        out.sdkFree[m] = { exports: Object.keys(exported).length > 0, pulumi: pulumiLoaded().length };
    }
    (async () => {
        // As synth does before it loads the SDK (program/deferCompiler.ts).
        const compiler = require("./program/deferCompiler");
        out.compiler = { deferred: compiler.deferSdkCompiler() };
        const mocks = await require("./program/mocks").installMocks();
        const lib = require("./index");
        await mocks.settle();
        out.compiler.loadedWithSdk = compiler.sdkCompilerLoaded();
        const loaded = Object.keys(require.cache);
        out.imported = {
            resources: mocks.resources.length,
            grafana: loaded.some((m) => m.includes("@pulumiverse/grafana")),
            program: loaded.some((m) => m.endsWith(path.join("program", "index.js"))),
            yaml: loaded.some((m) => m.includes(path.join("node_modules", "yaml", ""))),
            exports: Object.keys(lib).length,
        };
        // A user's own tests run on the real clock (the package's mocks fixed it).
        require("./components/kit/lifecycle").setClock();
        await require("@pulumi/pulumi").runtime.setMocks({
            newResource(args) {
                const state = { ...args.inputs };
                if (args.type === "pulumi:pulumi:StackReference") state.outputs = { workspace_id: "g-abcdef0123" };
                return { id: args.name + "_id", state };
            },
            call(args) { return args.inputs; },
        }, "project", "stack", false);
        const { readOutput } = require("./program/outputs");
        const value = async (output) => {
            if (output === undefined) return "(undefined)";
            const read = await readOutput(output);
            return read.known ? read.value : "(unknown)";
        };
        const key = new lib.DashboardsApiKey("k", { region: "us-east-2", name: "k" });
        const byId = new lib.DashboardsApiKey("i", { region: "us-east-2", name: "i", workspaceId: "g-0123456789" });
        const off = new lib.DashboardsApiKey("o", { region: "us-east-2", name: "o", enabled: false });
        out.echo.apiKey = [await value(key.ssmPathDashboardsApiKey), await value(key.workspaceId),
            await value(byId.workspaceId), await value(off.ssmPathDashboardsApiKey)];
        const rule = new lib.EventBridge("e", { region: "us-east-2", name: "e" });
        out.echo.eventBridge = [await value(rule.eventRuleName), await value(rule.logsLogGroupName)];
        // The SDK's closure serialization reads the deferred compiler: it loads then, and works.
        const closure = await require("@pulumi/pulumi").runtime.serializeFunction(function add(a, b) { return a + b; });
        out.compiler.serialized = closure.text.includes("return a + b;");
        out.compiler.loadedWhenSerializing = compiler.sdkCompilerLoaded();
        process.stdout.write(JSON.stringify(out));
    })().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exitCode = 1; });`;

/** What {@link USER_SCRIPT} printed. */
interface UserRun {
    readonly sdkFree: Record<string, { exports: boolean; pulumi: number }>;
    readonly imported: { resources: number; grafana: boolean; program: boolean; yaml: boolean; exports: number };
    readonly echo: { apiKey: unknown[]; eventBridge: unknown[] };
    readonly compiler: {
        deferred: boolean;
        loadedWithSdk: boolean;
        serialized: boolean;
        loadedWhenSerializing: boolean;
    };
}

/** The processes run in the packed copy. */
const started = startBeforeTests(() => {
    const packed = packedPackage();
    const user = awaitedLater(
        packed
            .then(({ copy }) => runNode(["-e", USER_SCRIPT], { cwd: path.join(copy, "dist") }))
            .then((run): UserRun => {
                if (run.status !== 0)
                    throw new Error(`the user's process exited with ${String(run.status)}: ${run.stderr}`);
                return JSON.parse(run.stdout) as UserRun;
            }),
    );
    return { packed, user };
});

describe("the published package", function () {
    this.timeout(180_000);

    it("ships compiled JavaScript, declarations and the README, and no tests or TypeScript sources", async () => {
        const { files } = await (await started()).packed;
        for (const expected of [
            "package.json",
            "README.md",
            // The component plugin, with the page `pulumi package publish` takes from its folder.
            "plugin/PulumiPlugin.yaml",
            "plugin/README.md",
            "dist/index.js",
            "dist/index.d.ts",
            "dist/label/index.js",
            "dist/label/index.d.ts",
            "dist/bin/synth.js",
            // The Atmos command set, and the program its steps run (issue 42).
            "atmos.d/pulumi.yaml",
            "dist/program/index.js",
            ...COMPONENT_FOLDERS.flatMap((folder) => [
                `dist/components/${folder}/index.d.ts`,
                `dist/components/${folder}/definition.d.ts`,
            ]),
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

    it("runs no script when installed: its package.json has none of npm's install-time scripts", async () => {
        const project = await installedProject();
        const manifest = JSON.parse(
            fs.readFileSync(path.join(project, "node_modules", "pulumi-cloudposse-components", "package.json"), "utf8"),
        ) as { scripts?: Record<string, string> };
        // npm runs these when a package is installed (docs.npmjs.com "Life Cycle Operation Order": npm
        // install runs preinstall, install, postinstall, prepublish, preprepare, prepare, postprepare),
        // and npm 11 asks users to approve a dependency that has any of them.
        const installTime = [
            "preinstall",
            "install",
            "postinstall",
            "prepublish",
            "preprepare",
            "prepare",
            "postprepare",
        ];
        assert.deepEqual(
            installTime.filter((name) => manifest.scripts?.[name] !== undefined),
            [],
        );
        // dist/ is built when packing instead (and by CI, and by the commands when stale).
        assert.equal(manifest.scripts?.prepack, "npm run build");
    });

    it("creates no resource and loads neither the Grafana SDK, the program nor the YAML parser when imported", async () => {
        const { imported } = await (await started()).user;
        assert.deepEqual(
            { ...imported, exports: imported.exports > 0 },
            { resources: 0, grafana: false, program: false, yaml: false, exports: true },
        );
    });

    it("defers the TypeScript compiler the Pulumi SDK loads, as synth does, until closure serialization reads it", async () => {
        const { compiler } = await (await started()).user;
        assert.deepEqual(compiler, {
            deferred: true,
            loadedWithSdk: false,
            serialized: true,
            loadedWhenSerializing: true,
        });
    });

    it("loads no Pulumi SDK for the definitions, the resolvers and the stack-file loader", async () => {
        const { sdkFree } = await (await started()).user;
        assert.deepEqual(sdkFree, Object.fromEntries(SDK_FREE.map((m) => [m, { exports: true, pulumi: 0 }])));
    });
});

describe("the published package under echo mocks without an organization", function () {
    this.timeout(180_000);

    it("DashboardsApiKey works, enabled and disabled, with or without a workspace id", async () => {
        const { echo } = await (await started()).user;
        assert.deepEqual(echo.apiKey, ["/dashboards/k/api_key", "g-abcdef0123", "g-0123456789", "(undefined)"]);
    });

    it("EventBridge works although the mocks give no ARN", async () => {
        const { echo } = await (await started()).user;
        assert.deepEqual(echo.eventBridge, ["e", "e"]);
    });
});
