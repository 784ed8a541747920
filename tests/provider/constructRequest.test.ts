/**
 * What the plugin takes from a Construct request itself, in process: the inputs read again from
 * the request's bytes (provider/requestInputs.ts), the resource options rebuilt where the SDK's
 * server (@pulumi/pulumi 3.248 provider/server.js 339-398) loses them (constructOptions), the
 * deployment a monitor serves, and the debug logs without values (sdk/adapter.ts).
 * tests/plugin/construct.slow.test.ts checks the same end to end, over gRPC.
 */
import * as assert from "node:assert/strict";
import { BinaryWriter } from "google-protobuf";
import * as pulumi from "@pulumi/pulumi";
import * as aliasproto from "@pulumi/pulumi/proto/alias_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { constructOptions } from "../../provider/provider";
import { protoKeyInputs, requestInputs } from "../../provider/requestInputs";
import { DEBUG_VALUES_HIDDEN, deploymentOf, hideDebugValues, hideValuesInDebugLogs } from "../../sdk/adapter";
import { unwrap } from "../helpers/outputs";
import { inputsField } from "../helpers/wireInputs";

/** A request's bytes: its other fields, then `inputs` written with every key kept. */
function requestBytes(inputs: Record<string, unknown>): Uint8Array {
    const request = new provproto.ConstructRequest();
    request.setType("cloudposse:eventbridge:EventBridge");
    request.setName("x");
    request.setProject("project");
    return Buffer.concat([request.serializeBinary(), inputsField(inputs)]);
}

/** `{ [key]: value }` with `key` an own property, `__proto__` too. */
function own(key: string, value: unknown, rest: Record<string, unknown> = {}): Record<string, unknown> {
    const object: Record<string, unknown> = { ...rest };
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    return object;
}

describe("provider/requestInputs.ts", () => {
    it("reads every kind of value back from a request's bytes, each key its own", () => {
        const inputs = {
            name: "alerts",
            days: 14,
            enabled: false,
            nothing: null,
            attributes: ["a", ["b"], { c: 1.5 }],
            tags: own("__proto__", "x", { Team: "ops" }),
        };
        const read = requestInputs(requestBytes(inputs));
        assert.deepEqual(read, inputs);
        assert.ok(Object.prototype.hasOwnProperty.call(read.tags, "__proto__"));
        assert.equal(Object.getPrototypeOf(read.tags), Object.prototype);
    });

    it("finds the inputs holding a `__proto__` key at any depth, and those it cannot rebuild", () => {
        const secret = { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value: own("__proto__", 1) };
        const inputs = requestInputs(
            requestBytes({
                plain: { a: 1 },
                nested: { detail: [own("__proto__", ["x"])] },
                hidden: secret,
            }),
        );
        assert.deepEqual(protoKeyInputs(inputs), [
            { arg: "nested", value: inputs.nested },
            { arg: "hidden", special: true },
        ]);
        assert.deepEqual(protoKeyInputs(requestInputs(requestBytes({ a: { b: [1, { c: "d" }] } }))), []);
        assert.deepEqual(requestInputs(new provproto.ConstructRequest().serializeBinary()), {});
    });
});

describe("provider/provider.ts constructOptions", () => {
    const bucket = "urn:pulumi:stack::project::aws:s3/bucketV2:BucketV2::logs";
    const parent = "urn:pulumi:stack::project::my:index:Platform::platform";

    /** A request with the options the SDK's server loses. */
    function request(): provproto.ConstructRequest {
        const r = new provproto.ConstructRequest();
        r.setDeletedwith(bucket);
        r.setReplaceWithList([bucket]);
        const typed = new aliasproto.Alias.Spec();
        typed.setName("older");
        typed.setType("my:index:Legacy");
        typed.setNoparent(true);
        const underParent = new aliasproto.Alias.Spec();
        underParent.setName("old");
        underParent.setProject("other");
        underParent.setStack("dev");
        underParent.setParenturn(parent);
        const aliases = [new aliasproto.Alias(), new aliasproto.Alias(), new aliasproto.Alias()];
        aliases[0].setSpec(typed);
        aliases[1].setSpec(underParent);
        aliases[2].setUrn(`${bucket}-gone`);
        r.setAliasesList(aliases);
        const timeouts = new provproto.ConstructRequest.CustomTimeouts();
        timeouts.setCreate("5m");
        timeouts.setDelete("10m");
        r.setCustomtimeouts(timeouts);
        return r;
    }

    it("rebuilds deletedWith and replaceWith whole, the aliases with their type, and the delete timeout", async () => {
        const given: pulumi.ComponentResourceOptions = { protect: true, aliases: [{ name: "sdk's" }] };
        const rebuilt = constructOptions(given, request());
        assert.equal(rebuilt.protect, true);
        assert.equal(await unwrap(rebuilt.deletedWith!.urn), bucket);
        assert.deepEqual(await Promise.all(rebuilt.replaceWith!.map((r) => unwrap(r.urn))), [bucket]);
        assert.deepEqual(rebuilt.aliases, [
            { name: "older", type: "my:index:Legacy", parent: pulumi.rootStackResource },
            { name: "old", project: "other", stack: "dev", parent },
            `${bucket}-gone`,
        ]);
        assert.deepEqual(rebuilt.customTimeouts, { create: "5m", delete: "10m" });
    });

    it("leaves the options as given outside a Construct, and those the request does not set", () => {
        const given: pulumi.ComponentResourceOptions = { protect: true };
        assert.equal(constructOptions(given, undefined), given);
        const bare = constructOptions(given, new provproto.ConstructRequest());
        assert.deepEqual(bare, { protect: true, aliases: [] });
        // Only the timeouts the request sets (the SDK's server reads `update` well; kept as sent).
        const updateOnly = new provproto.ConstructRequest();
        updateOnly.setCustomtimeouts(new provproto.ConstructRequest.CustomTimeouts().setUpdate("7m"));
        assert.deepEqual(constructOptions({}, updateOnly).customTimeouts, { update: "7m" });
    });
});

describe("sdk/adapter.ts: the plugin's reliances", () => {
    it("identifies a deployment by the monitor's address, organization, project, stack and preview; none for the mocks", () => {
        const client = (target: string) => ({ getChannel: () => ({ getTarget: () => target }) });
        const a = deploymentOf(client("dns:127.0.0.1:1"));
        assert.equal(a, deploymentOf(client("dns:127.0.0.1:1")));
        assert.notEqual(a, deploymentOf(client("dns:127.0.0.1:2")));
        assert.match(a ?? "", /^\["dns:127\.0\.0\.1:1",/);
        assert.equal(deploymentOf({}), undefined);
        assert.equal(deploymentOf({ getChannel: () => ({}) }), undefined);
    });

    it("hides the values the SDK's debug messages print, and keeps the rest", () => {
        const cases: [string, string][] = [
            [
                "RegisterResource RPC finished: resource:k[aws:ssm/parameter:Parameter]; err: null, resp: urn,value,,,eyJr",
                `RegisterResource RPC finished: resource:k[aws:ssm/parameter:Parameter]; err: null, resp: ${DEBUG_VALUES_HIDDEN}`,
            ],
            ["Serialize property [x]: primitive=hunter2", `Serialize property [x]: primitive=${DEBUG_VALUES_HIDDEN}`],
            [
                'Invoking function: tok=aws:x, props={"a":1}',
                `Invoking function: tok=aws:x, props=${DEBUG_VALUES_HIDDEN}`,
            ],
            [
                "Registering resource: t=aws:x, name=y, custom=true",
                "Registering resource: t=aws:x, name=y, custom=true",
            ],
        ];
        for (const [message, shown] of cases) assert.equal(hideDebugValues(message), shown, message);
    });
});

describe("provider/requestInputs.ts: fields it does not know", () => {
    it("skips fields a newer protocol adds at every level, and reads an explicit null_value as null", () => {
        // struct.proto: Struct { map<string, Value> fields = 1 }, Value { null_value = 1, ..., list_value = 6 },
        // ListValue { repeated Value values = 1 }; fields 7-9 here are unknown to each.
        const writer = new BinaryWriter();
        writer.writeString(3, "type token, skipped");
        writer.writeMessage(10, {}, (_: object, struct: BinaryWriter) => {
            struct.writeString(7, "unknown in Struct");
            struct.writeMessage(1, {}, (__: object, entry: BinaryWriter) => {
                entry.writeString(1, "tags");
                entry.writeString(8, "unknown in an entry");
                entry.writeMessage(2, {}, (___: object, value: BinaryWriter) => {
                    value.writeString(9, "unknown in Value");
                    value.writeMessage(6, {}, (____: object, list: BinaryWriter) => {
                        list.writeString(7, "unknown in ListValue");
                        list.writeMessage(1, {}, (_____: object, item: BinaryWriter) => item.writeEnum(1, 0));
                        list.writeMessage(1, {}, (_____: object, item: BinaryWriter) => item.writeString(3, "x"));
                    });
                });
            });
        });
        assert.deepEqual(requestInputs(writer.getResultBuffer()), { tags: [null, "x"] });
    });
});

describe("provider/provider.ts constructOptions: the providers of one deployment", () => {
    const engineClient = (target: string) => ({ getChannel: () => ({ getTarget: () => target }) });
    const REF = "urn:pulumi:dev::proj::pulumi:providers:aws::east::0123";
    const withProvider = (ref: string) => {
        const request = new provproto.ConstructRequest();
        request.getProvidersMap().set("aws", ref);
        return request;
    };
    // A stand-in for the provider object the SDK's server makes for each Construct.
    const made = (label: string) => ({ label }) as unknown as pulumi.ProviderResource;

    after(() => pulumi.runtime.setMocks({ newResource: () => ({ id: "", state: {} }), call: () => ({}) }));

    it("gives every Construct of a deployment the first object made for one provider reference", () => {
        pulumi.runtime.setMockOptions(engineClient("127.0.0.1:5001") as never, "proj", "dev", false);
        const first = made("first");
        const one = constructOptions({ providers: { aws: first } }, withProvider(REF));
        assert.equal((one.providers as Record<string, unknown>).aws, first);
        // The next Construct: a new monitor client for the same engine, a new object for the same reference.
        pulumi.runtime.setMockOptions(engineClient("127.0.0.1:5001") as never, "proj", "dev", false);
        const two = constructOptions({ providers: { aws: made("second") } }, withProvider(REF));
        assert.equal((two.providers as Record<string, unknown>).aws, first);
        // Another provider reference is another account: its own object.
        const other = made("other");
        const three = constructOptions({ providers: { aws: other } }, withProvider(`${REF}9`));
        assert.equal((three.providers as Record<string, unknown>).aws, other);
    });

    it("shares nothing between deployments, nor under the mocks, nor for a package not given", () => {
        pulumi.runtime.setMockOptions(engineClient("127.0.0.1:5002") as never, "proj", "dev", false);
        const own = made("own");
        assert.equal((constructOptions({ providers: { aws: own } }, withProvider(REF)).providers as never)["aws"], own);
        pulumi.runtime.setMockOptions({} as never, "proj", "dev", false);
        const mocked = made("mocked");
        const rebuilt = constructOptions({ providers: { aws: mocked } }, withProvider(REF));
        assert.equal((rebuilt.providers as Record<string, unknown>).aws, mocked);
        const none = constructOptions({ providers: {} }, withProvider(REF));
        assert.deepEqual(none.providers, {});
        // A list of providers is left as given.
        const list = [mocked];
        assert.equal(constructOptions({ providers: list }, withProvider(REF)).providers, list);
    });
});

describe("sdk/adapter.ts hideValuesInDebugLogs", () => {
    const logModule = pulumi.log as unknown as { debug: (message: unknown, ...rest: unknown[]) => Promise<void> };
    let original: typeof logModule.debug;
    beforeEach(() => (original = logModule.debug));
    afterEach(() => (logModule.debug = original));

    it("makes pulumi.log.debug print no value, passes the rest on, and is idempotent", async () => {
        const sent: unknown[][] = [];
        logModule.debug = (...args: unknown[]) => {
            sent.push(args);
            return Promise.resolve();
        };
        hideValuesInDebugLogs();
        const hiding = logModule.debug;
        hideValuesInDebugLogs();
        assert.equal(logModule.debug, hiding);
        await pulumi.log.debug("Invoke RPC finished: tok=aws:x; err: null, resp: secret-value", undefined, 3);
        await pulumi.log.debug("RegisterResource RPC prepared: t=aws:s3:Bucket, name=b");
        await logModule.debug(42);
        assert.deepEqual(sent, [
            [`Invoke RPC finished: tok=aws:x; err: null, resp: ${DEBUG_VALUES_HIDDEN}`, undefined, 3],
            ["RegisterResource RPC prepared: t=aws:s3:Bucket, name=b"],
            [42],
        ]);
    });

    it("refuses, naming the SDK contract, when pulumi.log.debug cannot be replaced", () => {
        const fixed = () => Promise.resolve();
        const descriptor = Object.getOwnPropertyDescriptor(logModule, "debug")!;
        try {
            Object.defineProperty(logModule, "debug", { value: fixed, writable: false, configurable: true });
            assert.throws(() => hideValuesInDebugLogs(), {
                name: "SdkContractError",
                message: /pulumi\.log\.debug cannot be replaced/,
            });
            Object.defineProperty(logModule, "debug", { get: () => fixed, set: () => undefined, configurable: true });
            assert.throws(() => hideValuesInDebugLogs(), { message: /pulumi\.log\.debug cannot be replaced/ });
        } finally {
            Object.defineProperty(logModule, "debug", descriptor);
        }
    });
});
