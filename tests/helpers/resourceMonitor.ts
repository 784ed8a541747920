/**
 * A minimal Pulumi engine for the component plugin's gRPC tests: a ResourceMonitor and an Engine
 * service (the proto stubs `@pulumi/pulumi` ships, served with `@grpc/grpc-js`) that a provider's
 * `Construct` registers its resources with. Custom resources get their state from the package's
 * `AwsMocks` (which refuse any type they do not know); in a preview they get their inputs back, as
 * the engine answers before anything exists. No Pulumi CLI is involved.
 */
import * as grpc from "@grpc/grpc-js";
import * as pulumi from "@pulumi/pulumi";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as engrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engproto from "@pulumi/pulumi/proto/engine_pb";
import * as resrpc from "@pulumi/pulumi/proto/resource_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { AwsMocks } from "../../program/mocks";
import { readOutput } from "../../program/outputs";

/** One registration the monitor received. */
export interface Registration {
    readonly type: string;
    readonly name: string;
    readonly urn: string;
    /** The parent's URN, "" at the top level. */
    readonly parent: string;
    readonly custom: boolean;
    /** The inputs, deserialized by the SDK (secrets as its secret wrappers, unknowns kept). */
    readonly inputs: Record<string, unknown>;
    /** The request as the SDK sent it (its resource options). */
    readonly request: resproto.RegisterResourceRequest;
}

/** The running engine and monitor. */
export interface TestEngine {
    /** `127.0.0.1:<port>`: the engine's and the monitor's address (one server serves both). */
    readonly address: string;
    /** Every registration, in order. */
    readonly registrations: Registration[];
    /** Every message logged to the engine (`log.warn`, ...), as `severity: message`. */
    readonly logs: string[];
    /** Every invoke's token, in order. */
    readonly invokes: string[];
    /** Whether registrations are answered as in a preview (set per `Construct`, as `dryRun`). */
    preview: boolean;
    /**
     * Registers a resource as a program in another language does before it passes it to a component
     * (an explicit `aws.Provider`, a resource for `deletedWith`); returns its URN and its provider
     * reference (`<urn>::<id>`).
     */
    registerAsProgram(
        type: string,
        name: string,
        inputs: Record<string, unknown>,
    ): Promise<{ urn: string; ref: string }>;
    /** Stops the server. */
    close(): Promise<void>;
}

/**
 * A URN as the engine accepts it in a resource option (sdk/go/common/resource/urn/urn.go 59-82
 * `Parse`, 106-113 `IsValid`: the `urn:pulumi:` prefix and at least three `::`); "" is none.
 */
function checkOptionalUrn(option: string, value: string): void {
    if (value !== "" && !(value.startsWith("urn:pulumi:") && value.split("::").length - 1 >= 3)) {
        // pkg/resource/deploy/source_eval.go 2756-2759 (DeletedWith), 1087 (parent), 2624 (alias).
        throw new Error(`invalid ${option} URN: invalid URN "${value}"`);
    }
}

/** The features this engine supports (asked by the SDK before it serializes anything). */
const FEATURES = new Set(["secrets", "resourceReferences", "outputValues", "aliasSpecs", "deletedWith", "replaceWith"]);

/** A struct's JavaScript value, keeping only what JSON can hold (no undefined). */
function struct(value: Record<string, unknown>): structproto.Struct {
    return structproto.Struct.fromJavaScript(JSON.parse(JSON.stringify(value)) as Record<string, never>);
}

/**
 * A mock's answer as it travels: every Output replaced by its value, a secret one wrapped in Pulumi's
 * secret signature object, as the SDK's own mock monitor serializes a mock's state
 * (@pulumi/pulumi runtime/mocks.js, `serializeProperties("", result.state)`), whatever this
 * process's runtime settings say of secrets.
 */
async function onTheWire(value: unknown): Promise<unknown> {
    if (pulumi.Output.isInstance(value)) {
        const [read, secret] = await Promise.all([readOutput(value), pulumi.isSecret(value)]);
        const inner = read.known ? await onTheWire(read.value) : pulumi.runtime.unknownValue;
        return secret ? { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value: inner } : inner;
    }
    if (Array.isArray(value)) return Promise.all(value.map(onTheWire));
    if (typeof value === "object" && value !== null) {
        const out: Record<string, unknown> = {};
        for (const [key, item] of Object.entries(value)) {
            if (item !== undefined) out[key] = await onTheWire(item);
        }
        return out;
    }
    return value;
}

/** Starts the engine and monitor on a free local port. */
export async function startTestEngine(project = "project", stack = "stack"): Promise<TestEngine> {
    const mocks = new AwsMocks();
    const registrations: Registration[] = [];
    const logs: string[] = [];
    const invokes: string[] = [];
    const qualifiedTypes = new Map<string, string>();
    const engine = { preview: false };

    const monitor: Partial<resrpc.IResourceMonitorServer> = {
        supportsFeature(call, callback) {
            const response = new resproto.SupportsFeatureResponse();
            response.setHassupport(FEATURES.has(call.request.getId()));
            callback(null, response);
        },
        registerResource(call, callback) {
            void register(call.request).then(
                (response) => callback(null, response),
                (error: unknown) =>
                    callback({ code: grpc.status.UNKNOWN, details: String(error) } as grpc.ServiceError),
            );
        },
        registerResourceOutputs(_call, callback) {
            callback(null, new emptyproto.Empty());
        },
        invoke(call, callback) {
            void invoke(call.request).then(
                (response) => callback(null, response),
                (error: unknown) =>
                    callback({ code: grpc.status.UNKNOWN, details: String(error) } as grpc.ServiceError),
            );
        },
    };
    /** One registration, answered from the mocks (a custom resource's state) or with its inputs. */
    async function register(request: resproto.RegisterResourceRequest): Promise<resproto.RegisterResourceResponse> {
        const type = request.getType();
        const name = request.getName();
        const parent = request.getParent();
        // The engine refuses a malformed URN in an option before it registers anything.
        checkOptionalUrn("parent", parent);
        checkOptionalUrn("DeletedWith", request.getDeletedwith());
        for (const urn of request.getReplaceWithList()) checkOptionalUrn("ReplaceWith", urn);
        for (const alias of request.getAliasesList()) {
            if (alias.hasUrn()) checkOptionalUrn("alias", alias.getUrn());
            else checkOptionalUrn("parent alias", alias.getSpec()?.getParenturn() ?? "");
        }
        const parentType = qualifiedTypes.get(parent);
        const qualified = parentType !== undefined ? `${parentType}$${type}` : type;
        const urn = `urn:pulumi:${stack}::${project}::${qualified}::${name}`;
        qualifiedTypes.set(urn, qualified);
        const object = request.getObject() ?? new structproto.Struct();
        const inputs = pulumi.runtime.deserializeProperties(object, true) as Record<string, unknown>;
        registrations.push({ type, name, urn, parent, custom: request.getCustom(), inputs, request });
        const response = new resproto.RegisterResourceResponse();
        response.setUrn(urn);
        if (request.getCustom() && !engine.preview) {
            const { id, state } = mocks.newResource({
                type,
                name,
                inputs,
                provider: request.getProvider(),
                id: request.getImportid(),
                custom: true,
            });
            response.setId(id ?? "");
            response.setObject(struct((await onTheWire(state)) as Record<string, unknown>));
        } else {
            // A component, or a preview: the inputs are the state known so far.
            response.setObject(object);
        }
        return response;
    }
    /** One invoke, answered from the mocks. */
    async function invoke(request: resproto.ResourceInvokeRequest): Promise<provproto.InvokeResponse> {
        const token = request.getTok();
        invokes.push(token);
        const args = request.getArgs() ?? new structproto.Struct();
        const result = mocks.call({
            token,
            inputs: pulumi.runtime.deserializeProperties(args) as Record<string, unknown>,
            provider: request.getProvider(),
        });
        const response = new provproto.InvokeResponse();
        response.setReturn(struct((await onTheWire(result)) as Record<string, unknown>));
        return response;
    }
    const engineService: Partial<engrpc.IEngineServer> = {
        log(call, callback) {
            logs.push(`${call.request.getSeverity()}: ${call.request.getMessage()}`);
            callback(null, new emptyproto.Empty());
        },
        getRootResource(_call, callback) {
            callback(null, new engproto.GetRootResourceResponse());
        },
        setRootResource(_call, callback) {
            callback(null, new engproto.SetRootResourceResponse());
        },
        requirePulumiVersion(_call, callback) {
            // This engine is as new as any component asks for.
            callback(null, new engproto.RequirePulumiVersionResponse());
        },
    };

    const server = new grpc.Server();
    server.addService(resrpc.ResourceMonitorService, monitor as grpc.UntypedServiceImplementation);
    server.addService(engrpc.EngineService, engineService as grpc.UntypedServiceImplementation);
    const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
            error ? reject(error) : resolve(bound),
        ),
    );
    return Object.assign(engine, {
        address: `127.0.0.1:${port}`,
        registrations,
        logs,
        invokes,
        async registerAsProgram(type: string, name: string, inputs: Record<string, unknown>) {
            const request = new resproto.RegisterResourceRequest();
            request.setType(type);
            request.setName(name);
            request.setCustom(true);
            request.setObject(struct(inputs));
            const response = await register(request);
            return { urn: response.getUrn(), ref: `${response.getUrn()}::${response.getId()}` };
        },
        close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
    });
}
