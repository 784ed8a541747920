/**
 * The one file that relies on behaviour of the Pulumi SDK outside its public API (mock registrations, failures,
 * values with unknowns, the plugin's gRPC server and debug logs). Each reliance and why nothing public does it: the
 * contributors' Design notes; tests/sdk/adapter.test.ts and the plugin's tests pin them against the installed SDK.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import * as pulumi from "@pulumi/pulumi";
import * as settings from "@pulumi/pulumi/runtime/settings";
import * as state from "@pulumi/pulumi/runtime/state";
import { version } from "@pulumi/pulumi/version";
import { CloudposseError } from "../util/errors";

/** The version of the loaded `@pulumi/pulumi`, named in every contract failure. */
export function pulumiSdkVersion(): string {
    return version;
}

/** An error saying which assumption about the SDK no longer holds, naming its version. */
export class SdkContractError extends CloudposseError {
    readonly code = "SDK_CONTRACT";
    constructor(what: string) {
        super(
            `@pulumi/pulumi ${pulumiSdkVersion()}: ${what}; sdk/adapter.ts relies on it (see tests/sdk/adapter.test.ts)`,
        );
        this.name = "SdkContractError";
    }
}

/** A registration (or read) as the SDK hands it to the mock monitor, properties deserialized. */
export interface MonitorRequest {
    /** `register` for a resource the program creates or adopts, `read` for one it reads (a StackReference). */
    readonly kind: "register" | "read";
    readonly type: string;
    readonly name: string;
    /** The parent's URN, "" at the top level. */
    readonly parentUrn: string;
    /** True for a custom (provider) resource, false for a component. */
    readonly custom: boolean;
    /** The explicit provider reference, "" when none. */
    readonly provider: string;
    /** The inputs, deserialized (secrets as the SDK's secret envelopes, see `pulumi.runtime.isRpcSecret`). */
    readonly inputs: Record<string, unknown>;
    /** `deleteBeforeReplace`, when the program set it. */
    readonly deleteBeforeReplace?: boolean;
    /** `replaceOnChanges` (empty when none). */
    readonly replaceOnChanges: readonly string[];
    /** `replacementTrigger` as serialized, when set. */
    readonly replacementTrigger?: unknown;
    /** The `import` option's id, "" when none. */
    readonly importId: string;
    /** The alias specs sent, without the fields left at their defaults. */
    readonly aliases: readonly Record<string, unknown>[];
    /** `protect`, when the program set it. */
    readonly protect?: boolean;
    /** `retainOnDelete`, when the program set it. */
    readonly retainOnDelete?: boolean;
    /** `ignoreChanges` (empty when none). */
    readonly ignoreChanges: readonly string[];
    /**
     * URNs of the explicit dependencies (`dependsOn`, a component expanded to its children): the
     * request's dependencies that no input brings (an explicit one an input also brings is not seen).
     */
    readonly dependsOn: readonly string[];
}

/** Receives each request before the mocks answer it; what it returns receives the URN of the answer. */
export type MonitorObserver = (request: MonitorRequest) => ((urn: string) => void) | void;

/** The parts of the protobuf request messages read here. */
interface ResourceRequest {
    getType(): string;
    getName(): string;
    getParent(): string;
    getProvider(): string;
}
interface ReadRequest extends ResourceRequest {
    getProperties(): unknown;
}
interface RegisterRequest extends ResourceRequest {
    getObject(): unknown;
    getCustom(): boolean;
    getDeletebeforereplace(): boolean;
    getDeletebeforereplacedefined(): boolean;
    getReplacementTrigger(): { toJavaScript(): unknown } | undefined;
    getReplaceonchangesList(): string[];
    getImportid(): string;
    getAliasesList(): { toObject(): Record<string, unknown> }[];
    getProtect(): boolean;
    hasProtect(): boolean;
    getRetainondelete(): boolean;
    hasRetainondelete(): boolean;
    getIgnorechangesList(): string[];
    getDependenciesList(): string[];
    getPropertydependenciesMap(): { forEach(fn: (value: { getUrnsList(): string[] }) => void): void } | undefined;
}
type Callback = (err: unknown, response: { getUrn?(): string } | undefined) => void;
interface ObservableMonitor {
    registerResource(req: RegisterRequest, callback: Callback): unknown;
    readResource(req: ReadRequest, callback: Callback): unknown;
    /** The mocks given to setMocks (the SDK's MockMonitor keeps them here). */
    mocks?: { newResource?: (args: pulumi.runtime.MockResourceArgs) => unknown };
}

/** A request being sent to the mock monitor, whose inputs its `newResource` call may provide. */
interface Pending {
    readonly type: string;
    readonly name: string;
    provide(inputs: Record<string, unknown>): void;
}

/** Monitors already observed, so that installing twice does not observe twice. */
const observed = new WeakSet<object>();

/**
 * Calls `observer` with every registration and read the SDK sends to the current mock monitor
 * (installed by `pulumi.runtime.setMocks`), in the order sent, before the mocks answer.
 * @throws SdkContractError when the monitor or its requests are not shaped as relied on.
 */
export function observeMockMonitor(observer: MonitorObserver): void {
    const monitor = pulumi.runtime.getMonitor() as unknown as ObservableMonitor | undefined;
    if (
        monitor === undefined ||
        typeof monitor.registerResource !== "function" ||
        typeof monitor.readResource !== "function"
    ) {
        throw new SdkContractError(
            "after setMocks, pulumi.runtime.getMonitor() is not a monitor with registerResource and readResource",
        );
    }
    if (observed.has(monitor)) {
        throw new Error("this mock monitor is already observed (install the mocks again with setMocks)");
    }
    observed.add(monitor);
    // The request being sent, while the monitor is called (it calls newResource before it awaits).
    let pending: Pending | undefined;
    const mocks = monitor.mocks;
    if (mocks !== undefined && typeof mocks.newResource === "function") {
        const newResource = mocks.newResource.bind(mocks);
        mocks.newResource = (args) => {
            if (pending !== undefined && pending.type === args.type && pending.name === args.name) {
                pending.provide(args.inputs as Record<string, unknown>);
            }
            return newResource(args);
        };
    }
    const send = <R>(request: MonitorRequest & Pending, call: () => R): R => {
        pending = request;
        try {
            return call();
        } finally {
            pending = undefined;
        }
    };
    const register = monitor.registerResource.bind(monitor);
    const read = monitor.readResource.bind(monitor);
    monitor.registerResource = (req, callback) => {
        const request = registration(req);
        const onUrn = observer(request);
        return send(request, () => register(req, answered(callback, onUrn)));
    };
    monitor.readResource = (req, callback) => {
        const request = withInputs(
            {
                ...common(req),
                kind: "read",
                custom: true,
                replaceOnChanges: [],
                importId: "",
                aliases: [],
                ignoreChanges: [],
                dependsOn: [],
            },
            () => deserialize(req.getProperties()),
        );
        const onUrn = observer(request);
        return send(request, () => read(req, answered(callback, onUrn)));
    };
}

/**
 * `request` with its `inputs`: those {@link Pending.provide} gives (the mocks' own copy), else
 * deserialized by `load` when first read.
 */
function withInputs(
    request: Omit<MonitorRequest, "inputs">,
    load: () => Record<string, unknown>,
): MonitorRequest & Pending {
    let inputs: Record<string, unknown> | undefined;
    return Object.defineProperties(request, {
        inputs: { enumerable: true, get: () => (inputs ??= load()) },
        provide: {
            value: (given: Record<string, unknown>) => {
                inputs ??= given;
            },
        },
    }) as MonitorRequest & Pending;
}

function common(req: ResourceRequest): Pick<MonitorRequest, "type" | "name" | "parentUrn" | "provider"> {
    for (const getter of ["getType", "getName", "getParent", "getProvider"] as const) {
        if (typeof req[getter] !== "function") {
            throw new SdkContractError(`the mock monitor's requests have no ${getter}()`);
        }
    }
    return { type: req.getType(), name: req.getName(), parentUrn: req.getParent(), provider: req.getProvider() };
}

function registration(req: RegisterRequest): MonitorRequest & Pending {
    for (const getter of [
        "getObject",
        "getCustom",
        "getDeletebeforereplace",
        "getDeletebeforereplacedefined",
        "getReplacementTrigger",
        "getReplaceonchangesList",
        "getImportid",
        "getAliasesList",
        "getProtect",
        "hasProtect",
        "getRetainondelete",
        "hasRetainondelete",
        "getIgnorechangesList",
        "getDependenciesList",
        "getPropertydependenciesMap",
    ] as const) {
        if (typeof req[getter] !== "function") {
            throw new SdkContractError(`the mock monitor's RegisterResourceRequest has no ${getter}()`);
        }
    }
    const trigger = req.getReplacementTrigger();
    // Alias specs as the SDK sends them, without the fields left at their defaults.
    const aliases = req.getAliasesList().map((alias) => {
        const spec = (alias.toObject() as { spec?: Record<string, unknown> }).spec ?? alias.toObject();
        return Object.fromEntries(
            Object.entries(spec).filter(([, value]) => value !== "" && value !== false && value !== undefined),
        );
    });
    return withInputs(
        {
            ...common(req),
            kind: "register",
            custom: req.getCustom(),
            ...(req.getDeletebeforereplacedefined() ? { deleteBeforeReplace: req.getDeletebeforereplace() } : {}),
            replaceOnChanges: req.getReplaceonchangesList(),
            ...(trigger !== undefined ? { replacementTrigger: trigger.toJavaScript() } : {}),
            importId: req.getImportid(),
            aliases,
            ...(req.hasProtect() ? { protect: req.getProtect() } : {}),
            ...(req.hasRetainondelete() ? { retainOnDelete: req.getRetainondelete() } : {}),
            ignoreChanges: req.getIgnorechangesList(),
            dependsOn: explicitDependencies(req),
        },
        () => deserialize(req.getObject()),
    );
}

/** The request's dependencies that no input brings: those of `dependsOn`. */
function explicitDependencies(req: RegisterRequest): string[] {
    const fromInputs = new Set<string>();
    req.getPropertydependenciesMap()?.forEach((dependencies) => {
        for (const urn of dependencies.getUrnsList()) fromInputs.add(urn);
    });
    return req.getDependenciesList().filter((urn) => !fromInputs.has(urn));
}

function deserialize(struct: unknown): Record<string, unknown> {
    return pulumi.runtime.deserializeProperties(struct as never) as Record<string, unknown>;
}

/** The monitor's callback, passing the URN of a successful answer to `onUrn` first. */
function answered(callback: Callback, onUrn: ((urn: string) => void) | void): Callback {
    return (err, response) => {
        if (!err && onUrn) {
            if (typeof response?.getUrn !== "function") {
                throw new SdkContractError("the mock monitor's answers have no getUrn()");
            }
            onUrn(response.getUrn());
        }
        callback(err, response);
    };
}

/**
 * Resolves once every registration, read and invoke the program has started has been answered
 * (the SDK's own wait at the end of `pulumi up`). Never resolves while a registration that failed
 * is outstanding (its failure is an unhandled rejection: see {@link captureUnhandledRejections}).
 */
export function waitForRegistrations(): Promise<void> {
    const { waitForRPCs } = settings as unknown as { waitForRPCs?: () => Promise<void> };
    if (typeof waitForRPCs !== "function") {
        throw new SdkContractError("runtime/settings has no waitForRPCs()");
    }
    return waitForRPCs();
}

/**
 * Whether an output's value is known (false for a preview's computed value); rejects when the
 * output fails.
 */
export function isKnown(output: pulumi.Output<unknown>): Promise<boolean> {
    const known = (output as unknown as { isKnown?: unknown }).isKnown;
    if (!(known instanceof Promise)) {
        throw new SdkContractError("an Output has no isKnown promise");
    }
    return known as Promise<boolean>;
}

/** The listeners given to {@link captureUnhandledRejections}, in order. */
const rejectionListeners: ((reason: unknown) => void)[] = [];
type ProcessListener = (...args: unknown[]) => void;
/** The process's other listeners, set aside while an exclusive capture is active. */
let exclusiveAside: ProcessListener[] = [];
let exclusiveCaptures = 0;
/** The process's other listeners, set aside while a capture that forwards once is active. */
let onceAside: ProcessListener[] = [];
let onceCaptures = 0;
/** The rejection reasons already forwarded to {@link onceAside}. */
const forwarded = new WeakSet<object>();

/** The process's `unhandledRejection` listeners but this module's. */
function otherListeners(): ProcessListener[] {
    return process.listeners("unhandledRejection").filter((other) => other !== dispatchRejection) as ProcessListener[];
}

/**
 * The one process listener of this module: it hands each rejection to every capture's listener, and
 * while a capture forwards once (and none is exclusive), to the listeners it set aside the first time
 * that reason is seen.
 */
function dispatchRejection(reason: unknown, promise: unknown): void {
    for (const listener of [...rejectionListeners]) listener(reason);
    if (onceCaptures === 0 || exclusiveCaptures > 0) return;
    if (typeof reason === "object" && reason !== null) {
        if (forwarded.has(reason)) return;
        forwarded.add(reason);
    }
    for (const other of [...onceAside]) other(reason, promise);
    // A listener that put itself back while handling it (mocha's re-emits, then re-adds itself,
    // lib/runner.js `Runner#unhandled`) stays aside.
    for (const other of onceAside) process.off("unhandledRejection", other);
}

/**
 * Sends every unhandled rejection of the process to `listener` until the returned function is
 * called (once; calling it again does nothing).
 *
 * - `exclusive`: the process's other listeners (a test runner's) are set aside meanwhile and put
 *   back when the last exclusive capture ends.
 * - `forwardOnce`: the process's other listeners are set aside meanwhile and hear each rejection
 *   reason once, from this module (the first time; an Error rejected through five promises is heard
 *   once), as Pulumi's runtime reports each error once (sdk/nodejs/cmd/run/run.ts, `uncaughtHandler`:
 *   `if (isErrorReported(err)) return;`). They are put back when the last such capture ends.
 *
 * However many captures are active, the process has one listener of this module, added with the
 * first and removed with the last: captures that start and end out of order (mocks installed inside
 * an exclusive capture) neither leave listeners behind nor put back one that has ended.
 */
export function captureUnhandledRejections(
    listener: (reason: unknown) => void,
    { exclusive = false, forwardOnce = false }: { readonly exclusive?: boolean; readonly forwardOnce?: boolean } = {},
): () => void {
    if (rejectionListeners.length === 0) process.on("unhandledRejection", dispatchRejection);
    rejectionListeners.push(listener);
    const setAside = (): ProcessListener[] => {
        const others = otherListeners();
        for (const other of others) process.off("unhandledRejection", other);
        return others;
    };
    const putBack = (listeners: readonly ProcessListener[]): void => {
        const present = new Set(process.listeners("unhandledRejection"));
        for (const other of listeners) if (!present.has(other)) process.on("unhandledRejection", other);
    };
    if (exclusive && exclusiveCaptures++ === 0) exclusiveAside = setAside();
    if (forwardOnce && onceCaptures++ === 0) onceAside = setAside();
    let released = false;
    return () => {
        if (released) return;
        released = true;
        rejectionListeners.splice(rejectionListeners.indexOf(listener), 1);
        if (exclusive && --exclusiveCaptures === 0) {
            putBack(exclusiveAside);
            exclusiveAside = [];
        }
        if (forwardOnce && --onceCaptures === 0) {
            putBack(onceAside);
            onceAside = [];
        }
        if (rejectionListeners.length === 0) process.off("unhandledRejection", dispatchRejection);
    };
}

/** The program (resource monitor) of each failure marked by {@link keepFailureAsWritten}. */
const failurePrograms = new WeakMap<object, object | undefined>();

/** The resource monitor of the running program, or undefined outside one. */
export function currentMonitor(): object | undefined {
    try {
        return pulumi.runtime.getMonitor() as object | undefined;
    } catch {
        return undefined;
    }
}

/**
 * What identifies the deployment a resource monitor serves: for the engine's monitor (a gRPC
 * client), its address with the organization, project, stack and whether it is a preview, the
 * same for every Construct of one deployment (the engine gives each the one address of its
 * monitor: pkg/resource/deploy/source_eval.go 604-613), though the SDK's provider server makes a
 * new client for each (provider/server.ts `configureRuntime`, runtime/settings.ts `resetOptions`);
 * undefined for any other monitor (the mocks' of `setMocks`, one per program).
 */
export function deploymentOf(monitor: object): string | undefined {
    const { getChannel } = monitor as { getChannel?: () => { getTarget?: () => string } };
    if (typeof getChannel !== "function") return undefined;
    const target = getChannel.call(monitor).getTarget?.();
    if (typeof target !== "string") return undefined;
    let organization = "";
    try {
        organization = pulumi.getOrganization();
    } catch {
        // An engine older than organizations: the rest tells deployments apart.
    }
    return JSON.stringify([target, organization, pulumi.getProject(), pulumi.getStack(), pulumi.runtime.isDryRun()]);
}

/**
 * `error`, whose message the SDK's prefixes no longer change, marked as a failure of `program` (see
 * {@link failureProgram}). Returns `error`.
 *
 * `program` is the resource monitor ({@link currentMonitor}) read when the failing component was
 * created, as the SDK binds each registration to the monitor of that moment (runtime/resource.ts
 * `registerResource` reads `getMonitor()` before it awaits the inputs), never the one current when
 * the failure happens: a check that fails once an Input settles (a timer, an RPC's answer) may fail
 * after another program (the next test's mocks) has been installed, whose failure it is not.
 */
export function keepFailureAsWritten<E extends Error>(error: E, program: object | undefined): E {
    if (failurePrograms.has(error)) return error;
    failurePrograms.set(error, program);
    const message = error.message;
    Object.defineProperty(error, "message", {
        configurable: true,
        enumerable: false,
        get: () => message,
        set: () => undefined,
    });
    return error;
}

/**
 * The program (resource monitor) a failure marked by {@link keepFailureAsWritten} belongs to;
 * undefined for a failure not marked (the SDK's own, or an Output of the program that rejected).
 */
export function failureProgram(reason: unknown): object | undefined {
    return typeof reason === "object" && reason !== null ? failurePrograms.get(reason) : undefined;
}

/**
 * Observes the promises of an Input's Output that the SDK leaves for someone to hold (its `isKnown`
 * and `isSecret`): a rejected Input that a component reports with its own message then raises no
 * unhandled rejection of its own. Does nothing for a plain value.
 */
export function holdRejections(input: unknown): void {
    if (!pulumi.Output.isInstance(input)) return;
    const output = input as unknown as { isKnown?: unknown; isSecret?: unknown };
    for (const promise of [output.isKnown, output.isSecret]) {
        if (promise instanceof Promise) promise.catch(() => undefined);
    }
}

/**
 * The value of an Input once settled, with Pulumi's `unknown` (`pulumi.isUnknown`) wherever a
 * preview does not know a part of it yet, at any depth; rejects when it fails. (The public `apply`
 * does not run on a partly unknown value, so a check of the known parts could not run.)
 */
export function valueWithUnknowns(input: pulumi.Input<unknown>): Promise<unknown> {
    const output = pulumi.output(input) as unknown as { promise?: unknown };
    // The caller holds the value's failure: the copy's other promises must not report it again.
    holdRejections(output);
    if (typeof output.promise !== "function") {
        throw new SdkContractError("an Output has no promise(withUnknowns) method");
    }
    return (output.promise as (withUnknowns: boolean) => Promise<unknown>).call(output, true);
}

/**
 * Records that the running program failed, as the SDK's `log.error` does (log/index.ts: "remember the
 * error so we can suppress leaks"): the SDK then reports no promises "still active" at exit
 * (runtime/debuggable.ts reports them only for a run that logged no error, since a failed run leaves the
 * outputs of the registrations that failed unresolved). `pulumi up` records a program's failure so (cmd/run
 * logs the uncaught error); a mock run whose failure is handed to a test must record it itself, without
 * printing it again. (`setMocks` clears the record for the next program: runtime/settings.ts resetOptions.)
 * @throws SdkContractError when the runtime's store has no error count.
 */
export function recordProgramFailure(): void {
    const { getStore } = state as unknown as { getStore?: () => { logErrorCount?: unknown } | undefined };
    const store = typeof getStore === "function" ? getStore() : undefined;
    if (store === undefined || typeof store.logErrorCount !== "number") {
        throw new SdkContractError("runtime/state's store has no logErrorCount");
    }
    store.logErrorCount += 1;
}

// ---------------------------------------------------------------------------------------------
// The component plugin's gRPC server (`@pulumi/pulumi/provider` `main`), per Construct.

/** A Construct request as the SDK's provider server received it (the parts read here). */
export interface ConstructRequestView {
    getMonitorendpoint(): string;
    getProject(): string;
    getStack(): string;
    getOrganization(): string;
    getDryrun(): boolean;
    getDeletedwith(): string;
    getReplaceWithList(): string[];
    getCustomtimeouts(): { getCreate(): string; getUpdate(): string; getDelete(): string } | undefined;
    getProvidersMap(): { entries(): Iterable<[string, string]> };
    getAliasesList(): {
        hasUrn(): boolean;
        getUrn(): string;
        getSpec():
            | {
                  getName(): string;
                  getType(): string;
                  getStack(): string;
                  getProject(): string;
                  hasParenturn(): boolean;
                  getParenturn(): string;
                  hasNoparent(): boolean;
                  getNoparent(): boolean;
              }
            | undefined;
    }[];
}

/** The bytes each Construct request was read from. */
const requestBytes = new WeakMap<object, Uint8Array>();

/** One Construct in flight: its request, and how it answers the first failure of anything it started. */
interface ConstructCall {
    readonly request: ConstructRequestView;
    /** The bytes it was read from (what google-protobuf's reading loses is still there). */
    readonly bytes: Uint8Array | undefined;
    /** Answers the Construct with `reason`, unless it has been answered. */
    readonly fail: (reason: unknown) => void;
}

/** The Construct each piece of work belongs to (Node runs every continuation in its caller's context). */
const constructCalls = new AsyncLocalStorage<ConstructCall>();

/**
 * The request of the Construct running (undefined outside one), and the bytes it was read from:
 * what the SDK's server leaves out of the options and the inputs.
 */
export function constructRequest():
    { readonly request: ConstructRequestView; readonly bytes?: Uint8Array } | undefined {
    return constructCalls.getStore();
}

type GrpcCallback = (error: unknown, response?: unknown) => void;
type GrpcHandler = (call: { request: ConstructRequestView }, callback: GrpcCallback) => unknown;

/**
 * Serves `provider` as the SDK's `provider.main` does, but answers each Construct with its own
 * failures only. The SDK turns a failed registration into an unhandled rejection on purpose
 * (runtime/resource.ts `runAsyncResourceOp`: "so that it triggers unhandled rejection logic") and
 * leaves the outputs of the failed resource pending; its provider server then answers every
 * Construct in flight with that rejection (provider/server.ts, the Server's `uncaughtHandler`),
 * while `main` and run-plugin log it to the engine again (cmd/run-plugin/run.ts). Here each
 * Construct runs in a context of its own (Node runs an `unhandledRejection` listener in the context
 * of the promise that rejected): a rejection or exception of one Construct is that Construct's
 * answer, once, and nobody else's; any other goes to the process's listeners as before.
 *
 * Relies on `main` adding its service to a `@grpc/grpc-js` Server, and its process listeners,
 * before its first `await` (checked: throws SdkContractError otherwise).
 */
export function serveProvider(
    serve: (provider: never, args: string[]) => Promise<void>,
    provider: unknown,
    args: string[],
): Promise<void> {
    // The grpc-js the SDK itself loads (its own dependency, wherever npm put it).
    const fromSdk = createRequire(require.resolve("@pulumi/pulumi/package.json"));
    const grpc = fromSdk("@grpc/grpc-js") as {
        Server: {
            prototype: {
                addService: (this: unknown, service: object, implementation: Record<string, unknown>) => void;
            };
        };
    };
    const events = ["unhandledRejection", "uncaughtException"] as const;
    const before = new Map(events.map((event) => [event, process.listeners(event as "uncaughtException").length]));
    const addService = grpc.Server.prototype.addService;
    let wrapped = false;
    grpc.Server.prototype.addService = function (service, implementation) {
        const construct = implementation.construct;
        const method = (service as { construct?: { requestDeserialize?: unknown } }).construct;
        if (typeof construct === "function" && typeof method?.requestDeserialize === "function" && !wrapped) {
            wrapped = true;
            // The request's bytes kept beside it (a copy of the service definition, not the SDK's).
            const deserialize = method.requestDeserialize as (bytes: Uint8Array) => object;
            service = {
                ...service,
                construct: {
                    ...method,
                    requestDeserialize: (bytes: Uint8Array) => {
                        const request = deserialize(bytes);
                        requestBytes.set(request, bytes);
                        return request;
                    },
                },
            };
            implementation.construct = ((call, callback) => {
                let answered = false;
                const answer = (error: unknown, response?: unknown) => {
                    if (answered) return;
                    answered = true;
                    callback(error, response);
                };
                const running: ConstructCall = {
                    request: call.request,
                    bytes: requestBytes.get(call.request),
                    fail: (reason) => answer(reason),
                };
                // The server's own answer waits for the rejections already on their way (Node reports
                // them once the current microtasks have run): one of them answers first.
                const serverAnswer: GrpcCallback = (error, response) => setImmediate(() => answer(error, response));
                return constructCalls.run(running, () =>
                    (construct as GrpcHandler).call(implementation, call, serverAnswer),
                );
            }) satisfies GrpcHandler;
        }
        return addService.call(this, service, implementation);
    };
    hideValuesInDebugLogs();
    let serving: Promise<void>;
    try {
        serving = serve(provider as never, args);
    } finally {
        grpc.Server.prototype.addService = addService;
    }
    for (const event of events) {
        const listeners = process.listeners(event as "uncaughtException") as ProcessListener[];
        if (!wrapped || listeners.length <= (before.get(event) ?? 0)) {
            throw new SdkContractError(
                `provider.main did not add its gRPC service and its ${event} listener before its first await`,
            );
        }
        for (const listener of listeners) process.off(event, listener);
        process.on(event, (reason: unknown, ...rest: unknown[]) => {
            const running = constructCalls.getStore();
            if (running !== undefined) running.fail(reason);
            else for (const listener of listeners) listener(reason, ...rest);
        });
    }
    return serving;
}

/** What a debug log shows in place of the values it would print. */
export const DEBUG_VALUES_HIDDEN = "(values not shown: they may hold secrets)";

/**
 * Debug messages of the SDK that print values: the engine's answer to a registration, read, invoke
 * or call (`..., resp: <the message as text>`, runtime/resource.ts and invoke.ts: a secret output's
 * plaintext included, such as the Grafana API key), and with `PULUMI_EXCESSIVE_DEBUG_OUTPUT` each
 * serialized primitive and the request's properties (runtime/rpc.ts `serializeProperty`,
 * invoke.ts).
 */
const DEBUG_VALUES = /(, resp: |: primitive=|, props=|, obj=)[^]*$/;

/** `message` with what {@link DEBUG_VALUES} matches replaced by {@link DEBUG_VALUES_HIDDEN}. */
export function hideDebugValues(message: string): string {
    return message.replace(DEBUG_VALUES, `$1${DEBUG_VALUES_HIDDEN}`);
}

/**
 * Makes the SDK's debug logs (`pulumi.log.debug`, sent to the engine, which writes them to its log
 * with `--logflow` or `-v`) show no value: what {@link DEBUG_VALUES} matches is replaced by
 * {@link DEBUG_VALUES_HIDDEN}. The SDK calls `log.debug` through the module's exports, read at each
 * call. Idempotent.
 */
export function hideValuesInDebugLogs(): void {
    const logModule = pulumi.log as unknown as { debug: (message: string, ...rest: unknown[]) => Promise<void> };
    const debug = logModule.debug as typeof logModule.debug & { valuesHidden?: true };
    if (debug.valuesHidden === true) return;
    const hiding = Object.assign(
        (message: string, ...rest: unknown[]) =>
            debug.call(logModule, typeof message === "string" ? hideDebugValues(message) : message, ...rest),
        { valuesHidden: true as const },
    );
    try {
        logModule.debug = hiding;
    } catch {
        throw new SdkContractError("pulumi.log.debug cannot be replaced");
    }
    if (logModule.debug !== hiding) throw new SdkContractError("pulumi.log.debug cannot be replaced");
}
