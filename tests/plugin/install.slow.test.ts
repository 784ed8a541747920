/**
 * Both ways of adding the component plugin, replayed step by step as Pulumi performs them (no
 * Pulumi CLI here), from a clean folder, up to GetSchema and Construct over gRPC:
 *
 * - `pulumi package add <absolute or ./-relative path>` to the plugin folder of the installed
 *   package (the packed tarball, installed into a project: tests/helpers/packed.ts);
 * - `pulumi package add github.com/<owner>/<repo>/plugin@v<version>`: the CLI clones the repository
 *   at the tag (sdk/go/common/workspace/plugins.go, git sources) and installs the folder as it is
 *   (pkg/cmd/pulumi/packageworkspace/packageworkspace.go 104-127, InstallPluginAt). Replayed with a
 *   copy of the files git tracks (and the new ones it does not ignore), as a clone of this tree.
 *
 * The steps, each from pulumi/pulumi 3.259:
 * 1. InstallDependencies with IsPlugin (sdk/nodejs/cmd/pulumi-language-nodejs/main.go 1169-1243,
 *    installcache.go 79-93): `npm install --loglevel=error` in the plugin folder
 *    (sdk/nodejs/npm/npm.go 74-92), then a `node_modules` must be found there or above
 *    (sdk/nodejs/npm/manager.go 167-179, searchup).
 * 2. RunPlugin (main.go 1607-1745): `require.resolve("@pulumi/pulumi/cmd/run-plugin")` run by node
 *    with the plugin folder as working directory (locateModule, main.go 202-245), then
 *    `node <run-plugin> <plugin folder> <args>` with the project's directory as working directory
 *    (`cmd.Dir = req.Pwd`); the plugin prints its port.
 * 3. The engine asks for the schema (GetSchema) and, for a program's component, Construct.
 *
 * The only change to the host's steps: npm runs with `prefer-offline` (npm_config_prefer_offline),
 * so that what npm's cache holds is not fetched again; the registry is still asked for anything
 * missing.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { copyOfTree } from "../helpers/tree";
import * as grpc from "@grpc/grpc-js";
import * as pulumi from "@pulumi/pulumi";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";

import { packageSchema } from "../../provider/schema";
import { ROOT } from "../helpers/compiled";
import { installedProject } from "../helpers/packed";
import { runNode, runProcess, startBeforeTests, startServer } from "../helpers/processes";
import { startTestEngine, type TestEngine } from "../helpers/resourceMonitor";

const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const EVENTBRIDGE = "cloudposse:eventbridge:EventBridge";

/** npm as Pulumi runs it (npm.go 82-92), in `cwd`. */
async function npmInstall(cwd: string): Promise<void> {
    const run = await runProcess("npm", ["install", "--loglevel=error"], {
        cwd,
        env: { ...process.env, npm_config_prefer_offline: "true" },
        timeoutMs: 600_000,
    });
    assert.equal(run.status, 0, `npm install in ${cwd}: ${run.stdout}${run.stderr}`);
}

/** The first `node_modules` at `dir` or above (manager.go's searchup), or undefined. */
function searchUp(dir: string, name: string): string | undefined {
    for (let at = dir; ; at = path.dirname(at)) {
        if (fs.existsSync(path.join(at, name))) return path.join(at, name);
        if (path.dirname(at) === at) return undefined;
    }
}

/** The files of a folder, recursively (relative paths, sorted). */
function listing(dir: string): string[] {
    return (fs.readdirSync(dir, { recursive: true }) as string[]).sort();
}

/** What the tests started, stopped after the last one. */
const cleanups: (() => Promise<void>)[] = [];
after(async function () {
    // Removing a clone's node_modules (hundreds of packages) takes a while on a busy machine.
    this.timeout(180_000);
    for (const cleanup of cleanups) await cleanup();
});

/** A plugin started as RunPlugin starts it, and a client of it. */
interface StartedPlugin {
    readonly runPlugin: string;
    readonly client: provrpc.ResourceProviderClient;
    readonly engine: TestEngine;
    /** The plugin folder's files before and after the install. */
    readonly before: readonly string[];
    readonly after: readonly string[];
}

/** Replays install and start for the plugin folder `pluginDir`, the project in `projectDir`. */
async function installAndStart(pluginDir: string, projectDir: string): Promise<StartedPlugin> {
    const listedBefore = listing(pluginDir);
    await npmInstall(pluginDir);
    const listedAfter = listing(pluginDir);
    assert.ok(searchUp(pluginDir, "node_modules"), `no node_modules at or above ${pluginDir}`);
    // locateModule: node -e "console.log(require.resolve(...))" in the plugin folder.
    const located = await runNode(["-e", "console.log(require.resolve('@pulumi/pulumi/cmd/run-plugin'))"], {
        cwd: pluginDir,
    });
    assert.equal(located.status, 0, located.stderr);
    const runPlugin = located.stdout.trim();
    const engine = await startTestEngine();
    const plugin = await startServer(process.execPath, [runPlugin, pluginDir, engine.address], {
        cwd: projectDir,
        timeoutMs: 120_000,
    });
    const client = new provrpc.ResourceProviderClient(
        `127.0.0.1:${plugin.firstLine}`,
        grpc.credentials.createInsecure(),
    );
    cleanups.push(async () => {
        client.close();
        plugin.stop();
        await engine.close();
    });
    return { runPlugin, client, engine, before: listedBefore, after: listedAfter };
}

/** Calls a unary method of the plugin. */
function unary<Req, Res>(
    client: provrpc.ResourceProviderClient,
    method: (request: Req, callback: (error: grpc.ServiceError | null, response: Res) => void) => unknown,
    request: Req,
): Promise<Res> {
    return new Promise((resolve, reject) =>
        method.call(client, request, (error, response) => (error ? reject(error) : resolve(response))),
    );
}

/** GetSchema and a Construct of an EventBridge, as the engine sends them. */
async function schemaAndConstruct(started: StartedPlugin, name: string) {
    const { client, engine } = started;
    const schema = await unary<provproto.GetSchemaRequest, provproto.GetSchemaResponse>(
        client,
        client.getSchema.bind(client),
        new provproto.GetSchemaRequest(),
    );
    const request = new provproto.ConstructRequest();
    request.setProject("project");
    request.setStack("stack");
    request.setOrganization("organization");
    request.setMonitorendpoint(engine.address);
    request.setType(EVENTBRIDGE);
    request.setName(name);
    request.setAcceptsOutputValues(true);
    request.setInputs(
        structproto.Struct.fromJavaScript({ region: "us-east-2", namespace: "eg", name, eventLogRetentionInDays: 14 }),
    );
    const response = await unary<provproto.ConstructRequest, provproto.ConstructResponse>(
        client,
        client.construct.bind(client),
        request,
    );
    const state = pulumi.runtime.deserializeProperties(response.getState() ?? new structproto.Struct(), true);
    return { schema: JSON.parse(schema.getSchema()) as unknown, urn: response.getUrn(), state };
}

/** A Pulumi project folder (the working directory RunPlugin gives the plugin). */
function projectFolder(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-project-"));
    cleanups.push(() => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })));
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: project\nruntime: yaml\n");
    return dir;
}

/** A clone of this repository's tree: the files git tracks and the new ones it does not ignore. */
const cloneOfTree = () => copyOfTree("plugin-clone-");

const local = startBeforeTests(async () => {
    const project = await installedProject();
    const pluginDir = path.join(project, "node_modules", "pulumi-cloudposse-components", "plugin");
    const started = await installAndStart(pluginDir, projectFolder());
    return { ...started, pluginDir, project };
});

const git = startBeforeTests(async () => {
    const clone = await cloneOfTree();
    cleanups.push(() => Promise.resolve(fs.rmSync(clone, { recursive: true, force: true })));
    assert.ok(!fs.existsSync(path.join(clone, "dist")) && !fs.existsSync(path.join(clone, "node_modules")));
    const pluginDir = path.join(clone, "plugin");
    const cloneTop = fs.readdirSync(clone);
    const started = await installAndStart(pluginDir, projectFolder());
    return { ...started, pluginDir, clone, cloneTop };
});

describe("adding the plugin by a local path to the installed package (replayed)", function () {
    this.timeout(600_000);

    it("installs nothing, leaves the plugin folder as it was, and finds the SDK beside the package", async () => {
        const { before, after, runPlugin, project } = await local();
        assert.deepEqual(after, before);
        assert.ok(!before.includes("package-lock.json") && !before.includes("node_modules"), before.join(", "));
        assert.equal(
            fs.realpathSync(runPlugin),
            fs.realpathSync(path.join(project, "node_modules", "@pulumi", "pulumi", "cmd", "run-plugin", "index.js")),
        );
    });

    it("serves the schema and constructs a component", async () => {
        const started = await local();
        const { schema, urn, state } = await schemaAndConstruct(started, "local-alerts");
        assert.deepEqual(schema, JSON.parse(JSON.stringify(packageSchema(VERSION))));
        assert.equal(urn, `urn:pulumi:stack::project::${EVENTBRIDGE}::local-alerts`);
        assert.equal(state.logsLogGroupName, "eg-local-alerts");
        const logGroup = started.engine.registrations.find((r) => r.type === "aws:cloudwatch/logGroup:LogGroup");
        assert.equal(logGroup?.inputs.retentionInDays, 14);
    });
});

describe("adding the plugin from a git source at a tag (replayed with a clone of this tree)", function () {
    this.timeout(900_000);

    it("installs the repository and builds it from the plugin folder's own npm install, leaving the folder clean", async () => {
        const { before, after, runPlugin, clone, cloneTop } = await git();
        assert.deepEqual(after, before);
        assert.ok(fs.existsSync(path.join(clone, "dist", "provider", "provider.js")));
        assert.equal(runPlugin, path.join(clone, "node_modules", "@pulumi", "pulumi", "cmd", "run-plugin", "index.js"));
        // What the install made beside the plugin folder, git ignores (.gitignore): a clone stays clean.
        const made = fs.readdirSync(clone).filter((entry) => !cloneTop.includes(entry));
        assert.deepEqual(made.sort(), ["dist", "node_modules"]);
        const ignored = await runProcess("git", ["check-ignore", "--no-index", ...made, "plugin/package-lock.json"], {
            cwd: ROOT,
        });
        assert.deepEqual(ignored.stdout.trim().split("\n"), [...made, "plugin/package-lock.json"]);
    });

    it("serves the schema and constructs a component", async () => {
        const started = await git();
        const { schema, urn, state } = await schemaAndConstruct(started, "git-alerts");
        assert.deepEqual(schema, JSON.parse(JSON.stringify(packageSchema(VERSION))));
        assert.equal(urn, `urn:pulumi:stack::project::${EVENTBRIDGE}::git-alerts`);
        assert.equal(state.logsLogGroupName, "eg-git-alerts");
    });
});
