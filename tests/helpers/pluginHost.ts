/**
 * The component plugin started as Pulumi's Node.js language host starts it, for the gRPC tests: the
 * package laid out as it ships (package.json and plugin/ from the working tree, dist/ as
 * tests/helpers/compiled.ts compiles it), `node @pulumi/pulumi/cmd/run-plugin <package>/plugin
 * <engine>` (pulumi-language-nodejs main.go RunPlugin), an in-test engine and resource monitor
 * (./resourceMonitor), and `Construct` requests built as the engine builds them
 * (pkg/resource/plugin/provider_plugin.go `Construct`, pulumi/pulumi 1b59498 lines 2123-2179).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as pulumi from "@pulumi/pulumi";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as aliasproto from "@pulumi/pulumi/proto/alias_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { compiledRoot, ROOT } from "./compiled";
import { startBeforeTests, startServer, type StartedServer } from "./processes";
import { startTestEngine, type TestEngine } from "./resourceMonitor";
import { inputsField } from "./wireInputs";

/** A plugin process, its engine and a client of it. */
export interface PluginUnderTest {
    readonly engine: TestEngine;
    readonly plugin: StartedServer;
    readonly client: provrpc.ResourceProviderClient;
}

/** The package as it ships, in a temporary directory removed after the tests. */
function shippedLayout(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-e2e-"));
    after(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.copyFileSync(path.join(ROOT, "package.json"), path.join(dir, "package.json"));
    fs.cpSync(path.join(ROOT, "plugin"), path.join(dir, "plugin"), { recursive: true });
    fs.symlinkSync(compiledRoot(), path.join(dir, "dist"), "dir");
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    return dir;
}

/**
 * Starts, before the tests (./processes `startBeforeTests`), one engine and one plugin process
 * under run-plugin, stopped after the last test; returns how a test awaits them.
 */
export function pluginBeforeTests(): () => Promise<PluginUnderTest> {
    return startBeforeTests(async () => {
        const engine = await startTestEngine();
        after(() => engine.close());
        const dir = shippedLayout();
        const plugin = await startServer(
            process.execPath,
            [
                path.join(ROOT, "node_modules", "@pulumi", "pulumi", "cmd", "run-plugin"),
                path.join(dir, "plugin"),
                engine.address,
            ],
            { cwd: dir, timeoutMs: 60_000 },
        );
        const client = new provrpc.ResourceProviderClient(
            `127.0.0.1:${plugin.firstLine}`,
            grpc.credentials.createInsecure(),
        );
        after(() => {
            client.close();
            plugin.stop();
        });
        return { engine, plugin, client };
    });
}

/** Calls a unary method of the plugin. */
export function unary<Req, Res>(
    method: (request: Req, callback: (error: grpc.ServiceError | null, response: Res) => void) => unknown,
    client: provrpc.ResourceProviderClient,
    request: Req,
): Promise<Res> {
    return new Promise((resolve, reject) =>
        method.call(client, request, (error, response) => (error ? reject(error) : resolve(response))),
    );
}

/** An alias as the engine sends it: a URN, or a spec (provider_plugin.go 2123-2146). */
export type AliasOption =
    | string
    | {
          readonly name?: string;
          readonly type?: string;
          readonly stack?: string;
          readonly project?: string;
          readonly parentUrn?: string;
          readonly noParent?: boolean;
      };

/** The options of one Construct request, as the engine fills them from the program's resource options. */
export interface ConstructOptions {
    /** A preview (`dryRun`): the engine answers with inputs only, unknowns stay unknown. */
    readonly preview?: boolean;
    /** URNs each input depends on (the request's input dependencies). */
    readonly dependencies?: Record<string, readonly string[]>;
    /** The engine's address the plugin calls back (MonitorEndpoint). @default the test engine's */
    readonly monitor?: string;
    readonly project?: string;
    readonly stack?: string;
    readonly parent?: string;
    readonly providers?: Record<string, string>;
    readonly aliases?: readonly AliasOption[];
    readonly dependsOn?: readonly string[];
    readonly protect?: boolean;
    readonly retainOnDelete?: boolean;
    readonly deletedWith?: string;
    readonly replaceWith?: readonly string[];
    readonly ignoreChanges?: readonly string[];
    readonly replaceOnChanges?: readonly string[];
    readonly customTimeouts?: { readonly create?: string; readonly update?: string; readonly delete?: string };
    readonly additionalSecretOutputs?: readonly string[];
    readonly deleteBeforeReplace?: boolean;
}

/** A Construct request built as provider_plugin.go 2150-2179 builds it. */
export function constructRequest(
    engine: TestEngine,
    type: string,
    name: string,
    inputs: Record<string, unknown>,
    options: ConstructOptions = {},
): provproto.ConstructRequest {
    const request = new provproto.ConstructRequest();
    request.setProject(options.project ?? "project");
    request.setStack(options.stack ?? "stack");
    request.setOrganization("organization");
    request.setDryrun(options.preview === true);
    request.setParallel(4);
    request.setMonitorendpoint(options.monitor ?? engine.address);
    request.setType(type);
    request.setName(name);
    request.setParent(options.parent ?? "");
    request.setAcceptsOutputValues(true);
    // The inputs appended to the message's bytes (a field may follow the others).
    const serialize = request.serializeBinary.bind(request);
    request.serializeBinary = () => Buffer.concat([serialize(), inputsField(inputs)]);
    for (const [key, urns] of Object.entries(options.dependencies ?? {})) {
        const deps = new provproto.ConstructRequest.PropertyDependencies();
        deps.setUrnsList([...urns]);
        request.getInputdependenciesMap().set(key, deps);
    }
    for (const [pkg, ref] of Object.entries(options.providers ?? {})) request.getProvidersMap().set(pkg, ref);
    request.setAliasesList(
        (options.aliases ?? []).map((alias) => {
            const proto = new aliasproto.Alias();
            if (typeof alias === "string") {
                proto.setUrn(alias);
                return proto;
            }
            const spec = new aliasproto.Alias.Spec();
            spec.setName(alias.name ?? "");
            spec.setType(alias.type ?? "");
            spec.setStack(alias.stack ?? "");
            spec.setProject(alias.project ?? "");
            if (alias.noParent === true) spec.setNoparent(true);
            else if (alias.parentUrn !== undefined) spec.setParenturn(alias.parentUrn);
            proto.setSpec(spec);
            return proto;
        }),
    );
    request.setDependenciesList([...(options.dependsOn ?? [])]);
    request.setProtect(options.protect === true);
    request.setRetainondelete(options.retainOnDelete === true);
    request.setDeletedwith(options.deletedWith ?? "");
    request.setReplaceWithList([...(options.replaceWith ?? [])]);
    request.setIgnorechangesList([...(options.ignoreChanges ?? [])]);
    request.setReplaceonchangesList([...(options.replaceOnChanges ?? [])]);
    request.setAdditionalsecretoutputsList([...(options.additionalSecretOutputs ?? [])]);
    request.setDeletebeforereplace(options.deleteBeforeReplace === true);
    if (options.customTimeouts !== undefined) {
        const timeouts = new provproto.ConstructRequest.CustomTimeouts();
        timeouts.setCreate(options.customTimeouts.create ?? "");
        timeouts.setUpdate(options.customTimeouts.update ?? "");
        timeouts.setDelete(options.customTimeouts.delete ?? "");
        request.setCustomtimeouts(timeouts);
    }
    return request;
}

/** The answer to one Construct: the component's URN and its state (secrets as the SDK's secret wrappers). */
export interface Constructed {
    readonly urn: string;
    readonly state: Record<string, unknown>;
}

/** Sends a Construct request, as the engine does for a program in another language. */
export async function construct(
    started: PluginUnderTest,
    type: string,
    name: string,
    inputs: Record<string, unknown>,
    options: ConstructOptions = {},
): Promise<Constructed> {
    const { engine, client } = started;
    engine.preview = options.preview === true;
    const response = await unary<provproto.ConstructRequest, provproto.ConstructResponse>(
        client.construct.bind(client),
        client,
        constructRequest(engine, type, name, inputs, options),
    );
    const state = pulumi.runtime.deserializeProperties(response.getState() ?? new structproto.Struct(), true);
    return { urn: response.getUrn(), state: state as Record<string, unknown> };
}

/** The registrations under the component `urn`, as `type` (the component itself first). */
export function childrenOf(engine: TestEngine, urn: string): string[] {
    return engine.registrations.filter((r) => r.urn === urn || r.parent === urn).map((r) => r.type);
}
