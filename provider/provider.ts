/**
 * The component plugin's provider: serves the schema derived from the definitions (./schema) and constructs the
 * components for programs in any Pulumi language. Loaded only by the plugin's entry point, never by the index.
 */
import * as pulumi from "@pulumi/pulumi";
import * as provider from "@pulumi/pulumi/provider";
import { ComponentArgsError } from "../components/kit/errors";
import type { ComponentClass, ComponentKit } from "../components/kit/kit";
import { outputValues } from "../components/kit/declaredOutputs";
import { COMPONENT_KITS } from "../components/kits";
import { constructRequest, currentMonitor, deploymentOf, serveProvider } from "../sdk/adapter";
import type { ConstructRequestView } from "../sdk/adapter";
import { problem } from "../util/problem";
import { misplacedOutputs } from "./plainInputs";
import { protoKeyInputs, requestInputs } from "./requestInputs";
import { packageSchema, type PackageSchema } from "./schema";

/**
 * The provider object of each provider reference (`<urn>::<id>`) in one deployment: the SDK's
 * server makes a new one for every Construct (provider/server.ts `createProviderResource`), and
 * the components tell accounts apart by the object (components/kit/inputs.ts `accountOf`), so two
 * instances given the same provider share one.
 */
const providerObjects = new Map<string, pulumi.ProviderResource>();

/**
 * The resource options as the program's SDK set them, from the Construct `request`: the SDK's
 * server (@pulumi/pulumi 3.248 provider/server.js 339-398; the same in sdk/nodejs/provider/server.ts
 * 405-453 at pulumi/pulumi 1b59498) rebuilds
 * them from the request but reads `deletedWith` as a provider reference, cutting the URN at its
 * last `::` (which the engine refuses: source_eval.go 2756-2759), drops `replaceWith`, drops the
 * `type` of every alias spec, and loses the delete timeout (it reads `customTimeouts` with
 * protobuf's `toObject`, which names it `pb_delete`); the engine sends them all
 * (provider_plugin.go 2123-2179).
 * The others are the server's. Without a request (not under the server), `opts` as given.
 */
export function constructOptions(
    opts: pulumi.ComponentResourceOptions,
    request: ConstructRequestView | undefined,
): pulumi.ComponentResourceOptions {
    if (request === undefined) return opts;
    const rebuilt: pulumi.ComponentResourceOptions = { ...opts };
    const deletedWith = request.getDeletedwith();
    if (deletedWith !== "") rebuilt.deletedWith = new pulumi.DependencyResource(deletedWith);
    const replaceWith = request.getReplaceWithList();
    if (replaceWith.length > 0) rebuilt.replaceWith = replaceWith.map((urn) => new pulumi.DependencyResource(urn));
    const timeouts = request.getCustomtimeouts();
    if (timeouts !== undefined) {
        const customTimeouts: pulumi.CustomTimeouts = {};
        if (timeouts.getCreate() !== "") customTimeouts.create = timeouts.getCreate();
        if (timeouts.getUpdate() !== "") customTimeouts.update = timeouts.getUpdate();
        if (timeouts.getDelete() !== "") customTimeouts.delete = timeouts.getDelete();
        rebuilt.customTimeouts = customTimeouts;
    }
    rebuilt.aliases = request.getAliasesList().map((alias): pulumi.Input<string | pulumi.Alias> => {
        const spec = alias.getSpec();
        if (alias.hasUrn() || spec === undefined) return alias.getUrn();
        const rebuiltAlias: pulumi.Alias = {};
        if (spec.getName() !== "") rebuiltAlias.name = spec.getName();
        if (spec.getType() !== "") rebuiltAlias.type = spec.getType();
        if (spec.getStack() !== "") rebuiltAlias.stack = spec.getStack();
        if (spec.getProject() !== "") rebuiltAlias.project = spec.getProject();
        if (spec.hasParenturn()) rebuiltAlias.parent = spec.getParenturn();
        else if (spec.hasNoparent() && spec.getNoparent()) rebuiltAlias.parent = pulumi.rootStackResource;
        return rebuiltAlias;
    });
    const given = opts.providers;
    if (given !== undefined && !Array.isArray(given)) {
        const monitor = currentMonitor();
        const deployment = monitor === undefined ? undefined : deploymentOf(monitor);
        const providers: Record<string, pulumi.ProviderResource> = { ...given };
        for (const [pkg, ref] of request.getProvidersMap().entries()) {
            const object = given[pkg];
            if (object === undefined || deployment === undefined) continue;
            const key = JSON.stringify([deployment, ref]);
            const known = providerObjects.get(key);
            if (known === undefined) providerObjects.set(key, object);
            else providers[pkg] = known;
        }
        rebuilt.providers = providers;
    }
    return rebuilt;
}

/** The provider of the package's components (`GetSchema`, `Construct`). */
export class ComponentsProvider implements provider.Provider {
    private packageSchemaValue: PackageSchema | undefined;
    private schemaText: string | undefined;

    /** The components, by type token. */
    private readonly components: ReadonlyMap<string, ComponentClass>;

    /**
     * @param version The package's version (the schema's and the plugin's).
     * @param kits The components it serves (every component of the list; a test's own).
     */
    constructor(
        readonly version: string,
        private readonly kits: readonly Pick<ComponentKit, "definition" | "component" | "args">[] = COMPONENT_KITS,
    ) {
        this.components = new Map(kits.map((kit) => [kit.definition.typeToken, kit.component]));
    }

    /** The package schema, as JSON text (built once). */
    getSchema(): Promise<string> {
        this.schemaText ??= JSON.stringify(this.packageSchema());
        return Promise.resolve(this.schemaText);
    }

    private packageSchema(): PackageSchema {
        this.packageSchemaValue ??= packageSchema(
            this.version,
            this.kits.map((kit) => kit.definition),
            this.kits,
        );
        return this.packageSchemaValue;
    }

    /**
     * Constructs the component of type token `type`: its constructor validates `inputs` (refusing
     * with its own message) and registers its children; the state is its declared outputs.
     */
    construct(
        name: string,
        type: string,
        inputs: pulumi.Inputs,
        options: pulumi.ComponentResourceOptions,
    ): Promise<provider.ConstructResult> {
        const component = this.components.get(type);
        if (component === undefined) {
            return Promise.reject(
                new Error(
                    `unknown resource type ${type}; this plugin constructs ${[...this.components.keys()].sort().join(", ")}`,
                ),
            );
        }
        const running = constructRequest();
        // Keys lost in reading the request (`__proto__`): put back, or refused.
        const lost: string[] = [];
        for (const found of running?.bytes ? protoKeyInputs(requestInputs(running.bytes)) : []) {
            if ("special" in found || pulumi.Output.isInstance(inputs[found.arg])) lost.push(found.arg);
            else inputs[found.arg] = found.value;
        }
        if (lost.length > 0) {
            const rule =
                "must not hold a key named like a JavaScript object's prototype inside a secret or an Output: the " +
                "Pulumi Node.js SDK drops that key when it reads the Construct request, so it would be lost";
            return Promise.reject(
                new ComponentArgsError(
                    component.definition.path,
                    name,
                    lost.map((arg) => problem("LOST_KEY", [arg], rule)),
                ),
            );
        }
        // An Output where the declaration takes none (the schema's `plain` positions), at any depth.
        const notPlain = misplacedOutputs(component.definition, inputs);
        if (notPlain.length > 0) {
            const rule = "must be a plain value known when the component is created, got an Output";
            return Promise.reject(
                new ComponentArgsError(
                    component.definition.path,
                    name,
                    notPlain.map((path) => problem("NOT_PLAIN", path, rule)),
                ),
            );
        }
        const instance = new component(name, inputs as never, constructOptions(options, running?.request));
        // The declared outputs (components/declaredOutputs.ts); none when the instance is disabled.
        const values = outputValues(instance);
        const state: Record<string, pulumi.Input<unknown>> = {};
        for (const property of Object.keys(component.definition.outputs)) {
            if (values[property] !== undefined) state[property] = values[property];
        }
        return Promise.resolve({ urn: instance.urn, state });
    }
}

/**
 * Starts the provider's gRPC server (printing its port, as Pulumi expects of a plugin) for the
 * engine whose address is in `args`; called by `plugin/index.js` under `run-plugin`.
 */
export function serve(version: string, args: readonly string[]): Promise<void> {
    // Each Construct answered with its own failures only (see serveProvider).
    return serveProvider(provider.main, new ComponentsProvider(version), [...args]);
}
