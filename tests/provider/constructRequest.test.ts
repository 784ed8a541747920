/**
 * What the plugin takes from a Construct request itself, in process: the inputs read again from
 * the request's bytes (provider/requestInputs.ts), the resource options rebuilt where the SDK's
 * server (@pulumi/pulumi 3.248 provider/server.js 339-398) loses them (constructOptions), the
 * deployment a monitor serves, and the debug logs without values (sdk/adapter.ts).
 * tests/plugin/construct.slow.test.ts checks the same end to end, over gRPC.
 */
import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import * as aliasproto from "@pulumi/pulumi/proto/alias_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { constructOptions } from "../../provider/provider";
import { protoKeyInputs, requestInputs } from "../../provider/requestInputs";
import { DEBUG_VALUES_HIDDEN, deploymentOf, hideDebugValues } from "../../sdk/adapter";
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
