/**
 * serveProvider (sdk/adapter.ts) in process, with a stand-in for the SDK's `provider.main` that adds
 * its gRPC service to a `@grpc/grpc-js` Server and its process listeners before its first await, as
 * @pulumi/pulumi provider/server.ts `main` does: each Construct answers its own failures only,
 * once; its request's bytes are kept for provider/requestInputs.ts; anything else goes to the
 * listeners `main` added. tests/plugin/construct.slow.test.ts checks the same over real gRPC.
 */
import * as assert from "node:assert/strict";
import { createRequire } from "node:module";
import * as pulumi from "@pulumi/pulumi";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { ComponentsProvider } from "../../provider/provider";
import { constructRequest, serveProvider } from "../../sdk/adapter";
import { inputsField } from "../helpers/wireInputs";

type Callback = (error: unknown, response?: unknown) => void;
type Handler = (call: { request: unknown }, callback: Callback) => unknown;
const EVENTS = ["unhandledRejection", "uncaughtException"] as const;

const grpc = createRequire(require.resolve("@pulumi/pulumi/package.json"))("@grpc/grpc-js") as {
    Server: new () => { addService(service: object, implementation: Record<string, unknown>): void };
};

/** A unary method definition as grpc-js expects, reading a ConstructRequest. */
const method = (path: string) => ({
    path,
    requestStream: false,
    responseStream: false,
    requestSerialize: (value: unknown) => Buffer.from(JSON.stringify(value)),
    requestDeserialize: (bytes: Uint8Array) => provproto.ConstructRequest.deserializeBinary(bytes),
    responseSerialize: (value: unknown) => Buffer.from(JSON.stringify(value)),
    responseDeserialize: (bytes: Buffer) => JSON.parse(bytes.toString()) as unknown,
});

interface Served {
    /** The Construct handler as the server calls it (wrapped by serveProvider). */
    construct: Handler;
    /** The request deserializer the server uses (wrapped by serveProvider). */
    deserialize: (bytes: Uint8Array) => unknown;
    /** What the listeners `main` added received. */
    seen: unknown[];
}

describe("sdk/adapter.ts serveProvider", () => {
    let listeners: Map<string, ((...args: unknown[]) => void)[]>;
    let debug: typeof pulumi.log.debug;

    beforeEach(() => {
        listeners = new Map(EVENTS.map((e) => [e, process.listeners(e as "uncaughtException") as never]));
        // Mocha's own listener re-emits what it does not handle: only main's listeners while serving.
        for (const event of EVENTS) process.removeAllListeners(event);
        debug = pulumi.log.debug;
    });
    afterEach(() => {
        for (const event of EVENTS) {
            process.removeAllListeners(event);
            for (const listener of listeners.get(event)!) process.on(event, listener);
        }
        (pulumi.log as { debug: typeof debug }).debug = debug;
    });

    /** serveProvider over a stand-in `main` whose Construct runs `handler`. */
    function serve(handler: Handler): Served {
        const seen: unknown[] = [];
        let served: Omit<Served, "seen"> | undefined;
        const main = (_provider: never, _args: string[]): Promise<void> => {
            const server = new grpc.Server();
            const implementation: Record<string, unknown> = { construct: handler, getSchema: () => undefined };
            server.addService(
                { construct: method("/pulumirpc.ResourceProvider/Construct"), getSchema: method("/p/GetSchema") },
                implementation,
            );
            // grpc-js keeps each method's handler by its path (server.ts `register`).
            const handlers = (server as unknown as { handlers: Map<string, { deserialize: Served["deserialize"] }> })
                .handlers;
            served = {
                construct: implementation.construct as Handler,
                deserialize: handlers.get("/pulumirpc.ResourceProvider/Construct")!.deserialize,
            };
            for (const event of EVENTS) process.on(event, (reason: unknown) => seen.push(reason));
            return Promise.resolve();
        };
        void serveProvider(main, undefined, []);
        return { ...served!, seen };
    }

    /** Runs one Construct; resolves with its answer (error or response). */
    function call(served: Served, request: unknown): Promise<{ error: unknown; response?: unknown; answers: number }> {
        return new Promise((resolve) => {
            let answers = 0;
            served.construct({ request }, (error, response) => {
                answers++;
                // Any later answer would be counted before the check below.
                setTimeout(() => resolve({ error, response, answers }), 20);
            });
        });
    }

    it("answers each Construct with its own failure, once, and passes other failures to main's listeners", async () => {
        const served = serve((_call, callback) => {
            const failure = new Error(
                `failed in ${(constructRequest()!.request as provproto.ConstructRequest).getName()}`,
            );
            // As the SDK's registration does: an unhandled rejection, then the server's own answer.
            process.emit("unhandledRejection", failure, Promise.resolve());
            process.emit("unhandledRejection", new Error("a second failure"), Promise.resolve());
            callback(new Error("the server's answer"));
        });
        const request = (name: string) => new provproto.ConstructRequest().setName(name);
        const [a, b] = await Promise.all([call(served, request("a")), call(served, request("b"))]);
        assert.equal((a.error as Error).message, "failed in a");
        assert.equal((b.error as Error).message, "failed in b");
        assert.deepEqual([a.answers, b.answers], [1, 1]);
        assert.deepEqual(served.seen, []);

        const outside = new Error("outside any Construct");
        process.emit("unhandledRejection", outside, Promise.resolve());
        assert.deepEqual(served.seen, [outside]);
    });

    it("answers as the server does when nothing failed, and hides values in the debug logs", async () => {
        const served = serve((_call, callback) => callback(null, { urn: "u" }));
        const answer = await call(served, new provproto.ConstructRequest());
        assert.equal(answer.error, null);
        assert.deepEqual(answer.response, { urn: "u" });
        // The SDK's debug logs print the engine's answers (a secret's plaintext too): hidden from here on.
        assert.notEqual(pulumi.log.debug, debug);
        assert.equal((pulumi.log.debug as { valuesHidden?: true }).valuesHidden, true);
    });

    it("keeps a request's bytes, so that a `__proto__` tag key the SDK drops is refused by name", async () => {
        const tags: Record<string, unknown> = { Team: "ops" };
        Object.defineProperty(tags, "__proto__", { value: "x", enumerable: true, writable: true, configurable: true });
        const head = new provproto.ConstructRequest();
        head.setType("cloudposse:eventbridge:EventBridge");
        head.setName("alerts");
        const bytes = Buffer.concat([head.serializeBinary(), inputsField({ tags })]);
        const provider = new ComponentsProvider("0.0.0");
        const served = serve((c, callback) => {
            const request = c.request as provproto.ConstructRequest;
            // What the SDK's server gives construct: the tags without the key google-protobuf lost.
            const inputs = { tags: pulumi.output({ Team: "ops" }) };
            provider.construct(request.getName(), request.getType(), inputs, {}).then(
                (result) => callback(null, result),
                (error: unknown) => callback(error),
            );
        });
        const request = served.deserialize(bytes);
        assert.equal(constructRequest(), undefined);
        const answer = await call(served, request);
        assert.ok(answer.error instanceof Error, String(answer.error));
        assert.match(
            answer.error.message,
            /^eventbridge "alerts": tags must not hold a key named like a JavaScript object's prototype inside a secret or an Output/,
        );
    });

    it("puts back a `__proto__` tag key of a plain input, which the component then refuses as TypeScript does", async () => {
        await pulumi.runtime.setMocks({
            newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }),
            call: () => ({}),
        });
        const tags: Record<string, unknown> = { Team: "ops" };
        Object.defineProperty(tags, "__proto__", { value: "x", enumerable: true, writable: true, configurable: true });
        const head = new provproto.ConstructRequest().setType("cloudposse:eventbridge:EventBridge").setName("alerts");
        const served = serve((c, callback) => {
            const request = c.request as provproto.ConstructRequest;
            // The SDK's server's inputs: plain tags, the `__proto__` key lost.
            const inputs: pulumi.Inputs = { region: "us-east-2", name: "alerts", tags: { Team: "ops" } };
            new Promise<unknown>((resolve) =>
                resolve(new ComponentsProvider("0.0.0").construct(request.getName(), request.getType(), inputs, {})),
            ).then(
                (result) => callback(null, result),
                (error: unknown) => callback(error),
            );
        });
        const answer = await call(
            served,
            served.deserialize(
                Buffer.concat([head.serializeBinary(), inputsField({ region: "us-east-2", name: "alerts", tags })]),
            ),
        );
        assert.ok(answer.error instanceof Error, String(answer.error));
        assert.match(answer.error.message, /tags\["__proto__"\]/);
    });

    it("refuses an SDK whose main does not add its service and listeners before its first await", () => {
        assert.throws(() => void serveProvider(() => Promise.resolve(), undefined, []), {
            name: "SdkContractError",
            message: /provider\.main did not add its gRPC service and its unhandledRejection listener/,
        });
        // Its service but not its listeners: the same refusal.
        const serviceOnly = () => {
            new grpc.Server().addService(
                { construct: method("/pulumirpc.ResourceProvider/Construct") },
                {
                    construct: () => undefined,
                },
            );
            return Promise.resolve();
        };
        assert.throws(() => void serveProvider(serviceOnly, undefined, []), {
            name: "SdkContractError",
            message: /before its first await/,
        });
    });
});
