/**
 * The contract of sdk/adapter.ts with the installed Pulumi SDK: every behaviour it relies on
 * outside the SDK's public API, checked under plain `pulumi.runtime.setMocks`. A failure names the
 * SDK version and the broken assumption. Also: util/describeValue.ts's structural Output check
 * agrees with `pulumi.Output.isInstance`, util/unknown.ts's check of Pulumi's `unknown` with
 * `pulumi.isUnknown`, and the tests' `unwrap` fails fast on an unknown value.
 */
import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import * as settings from "@pulumi/pulumi/runtime/settings";
import {
    captureUnhandledRejections,
    isKnown,
    observeMockMonitor,
    pulumiSdkVersion,
    recordProgramFailure,
    valueWithUnknowns,
    waitForRegistrations,
    type MonitorRequest,
} from "../../sdk/adapter";
import { describeValue } from "../../util/describeValue";
import { holdsUnknown, isUnknownValue } from "../../util/unknown";
import { drained, unwrap, withUnhandledRejections } from "../helpers/outputs";

const SDK = `@pulumi/pulumi ${pulumiSdkVersion()}`;
/** The message of a contract failure: the SDK version, what no longer holds, where it is relied on. */
const broken = (what: string) => `${SDK}: ${what} (relied on by sdk/adapter.ts)`;

/**
 * Echo mocks: state = inputs (plus `out` for test:index:Thing unless in preview), id = name. Returns
 * the requests observed, their URNs, and the inputs each `newResource` call was given, by name.
 */
async function installEchoMocks(
    preview = false,
): Promise<{ requests: MonitorRequest[]; urns: Map<string, string>; given: Map<string, unknown> }> {
    const given = new Map<string, unknown>();
    await pulumi.runtime.setMocks(
        {
            newResource: (args) => {
                given.set(args.name, args.inputs);
                return {
                    id: `${args.name}_id`,
                    state:
                        args.type === "test:index:Thing" && !preview
                            ? { ...args.inputs, out: "computed" }
                            : args.inputs,
                };
            },
            call: (args) => args.inputs as Record<string, unknown>,
        },
        "project",
        "stack",
        preview,
        "organization",
    );
    const requests: MonitorRequest[] = [];
    const urns = new Map<string, string>();
    observeMockMonitor((request) => {
        requests.push(request);
        return (urn) => void urns.set(request.name, urn);
    });
    return { requests, urns, given };
}

class Thing extends pulumi.CustomResource {
    declare readonly out: pulumi.Output<string>;
    constructor(name: string, args: Record<string, pulumi.Input<unknown>>, opts?: pulumi.CustomResourceOptions) {
        super("test:index:Thing", name, { ...args, out: undefined }, opts);
    }
}

class Group extends pulumi.ComponentResource {
    constructor(name: string, opts?: pulumi.ComponentResourceOptions) {
        super("test:index:Group", name, {}, opts);
    }
}

describe("sdk/adapter.ts: the SDK behaviour it relies on", () => {
    it("the reason it exists holds: transforms are refused under setMocks", async () => {
        await installEchoMocks();
        assert.throws(
            () => pulumi.runtime.registerResourceTransform(() => undefined),
            /does not support transforms/,
            `${SDK}: registerResourceTransform now works under setMocks; program/mocks.ts can see parents and ` +
                "options through a transform instead of observing the mock monitor (sdk/adapter.ts)",
        );
    });

    it("observes each registration and read with its parent, options, inputs and answered URN", async () => {
        const { requests, urns } = await installEchoMocks();
        const group = new Group("group", { aliases: [{ name: "old-group" }] });
        // An explicit dependency (dependsOn), and one an input brings (not an explicit one).
        const dep = new Thing("dep", {});
        const source = new Thing("source", {});
        new Thing(
            "child",
            { plain: "x", hidden: pulumi.secret("s"), fromSource: source.out },
            {
                parent: group,
                deleteBeforeReplace: true,
                replaceOnChanges: ["plain"],
                replacementTrigger: "2026-01-01T00:00:00Z",
                import: "existing-id",
                protect: true,
                retainOnDelete: true,
                ignoreChanges: ["plain"],
                dependsOn: [dep],
            },
        );
        new pulumi.StackReference("ref", { name: "org/project/other" }, { parent: group });
        await waitForRegistrations();

        // (In the order sent, which need not be the order created: compared by name.)
        const byName = [...requests].sort((a, b) => a.name.localeCompare(b.name));
        const shape = byName.map(({ inputs, ...rest }) => ({
            ...rest,
            inputs: Object.fromEntries(
                Object.entries(inputs).map(([k, v]) => [k, pulumi.runtime.isRpcSecret(v) ? "<secret>" : v]),
            ),
        }));
        assert.deepEqual(
            shape,
            [
                {
                    kind: "register",
                    type: "test:index:Thing",
                    name: "child",
                    parentUrn: urns.get("group"),
                    custom: true,
                    provider: "",
                    inputs: { plain: "x", hidden: "<secret>", fromSource: "computed" },
                    deleteBeforeReplace: true,
                    replaceOnChanges: ["plain"],
                    replacementTrigger: "2026-01-01T00:00:00Z",
                    importId: "existing-id",
                    aliases: [],
                    protect: true,
                    retainOnDelete: true,
                    ignoreChanges: ["plain"],
                    dependsOn: [urns.get("dep")],
                },
                {
                    kind: "register",
                    type: "test:index:Thing",
                    name: "dep",
                    parentUrn: "",
                    custom: true,
                    provider: "",
                    inputs: {},
                    replaceOnChanges: [],
                    importId: "",
                    aliases: [],
                    ignoreChanges: [],
                    dependsOn: [],
                },
                {
                    kind: "register",
                    type: "test:index:Group",
                    name: "group",
                    parentUrn: "",
                    custom: false,
                    provider: "",
                    inputs: {},
                    replaceOnChanges: [],
                    importId: "",
                    aliases: [{ name: "old-group" }],
                    ignoreChanges: [],
                    dependsOn: [],
                },
                {
                    kind: "read",
                    type: "pulumi:pulumi:StackReference",
                    name: "ref",
                    parentUrn: urns.get("group"),
                    custom: true,
                    provider: "",
                    inputs: { name: "org/project/other" },
                    replaceOnChanges: [],
                    importId: "",
                    aliases: [],
                    ignoreChanges: [],
                    dependsOn: [],
                },
                {
                    kind: "register",
                    type: "test:index:Thing",
                    name: "source",
                    parentUrn: "",
                    custom: true,
                    provider: "",
                    inputs: {},
                    replaceOnChanges: [],
                    importId: "",
                    aliases: [],
                    ignoreChanges: [],
                    dependsOn: [],
                },
            ],
            broken("the mock monitor's requests no longer carry these fields"),
        );
        assert.deepEqual(
            Object.fromEntries(urns),
            {
                group: "urn:pulumi:stack::project::test:index:Group::group",
                child: "urn:pulumi:stack::project::test:index:Group$test:index:Thing::child",
                ref: "urn:pulumi:stack::project::test:index:Group$pulumi:pulumi:StackReference::ref",
                dep: "urn:pulumi:stack::project::test:index:Thing::dep",
                source: "urn:pulumi:stack::project::test:index:Thing::source",
            },
            broken("the mock monitor's answers no longer give these URNs"),
        );
        // The URN observed is the one the resource gets.
        assert.equal(await unwrap(group.urn), urns.get("group"), broken("the observed URN is not the resource's"));
    });

    it("takes each request's inputs from the mocks' newResource call, not from a second deserialization", async () => {
        const { requests, given } = await installEchoMocks();
        const deserialize = pulumi.runtime.deserializeProperties;
        let deserialized = 0;
        pulumi.runtime.deserializeProperties = (...args) => {
            deserialized++;
            return deserialize(...args);
        };
        try {
            const group = new Group("group");
            new Thing("thing", { a: 1, s: pulumi.secret("x") }, { parent: group });
            new pulumi.StackReference("ref", { name: "org/project/other" });
            await waitForRegistrations();
            for (const request of requests) {
                assert.equal(
                    request.inputs,
                    given.get(request.name),
                    broken(`the mock monitor no longer calls newResource as it receives ${request.name}'s request`),
                );
            }
            assert.deepEqual(requests.map((r) => `${r.kind} ${r.name}`).sort(), [
                "read ref",
                "register group",
                "register thing",
            ]);
            assert.equal(deserialized, 0, broken("the observed inputs were deserialized a second time"));
        } finally {
            pulumi.runtime.deserializeProperties = deserialize;
        }
    });

    it("waits for registrations that reach the monitor only after their inputs resolve", async () => {
        const { requests } = await installEchoMocks();
        const first = new Thing("first", {});
        // Each of these waits for the previous resource's output.
        let previous: Thing = first;
        for (let i = 0; i < 5; i++) {
            previous = new Thing(`next-${i}`, { after: previous.out });
        }
        await waitForRegistrations();
        assert.deepEqual(
            requests.map((r) => r.name),
            ["first", "next-0", "next-1", "next-2", "next-3", "next-4"],
            broken("waitForRPCs no longer waits for every registration the program started"),
        );
    });

    it("tells a known value from an unknown one, and rejects with a failed output", async () => {
        await installEchoMocks(true);
        const thing = new Thing("thing", { given: "v" });
        assert.equal(await isKnown(pulumi.output("v")), true, broken("a plain output is not known"));
        assert.equal(await isKnown(pulumi.secret("v")), true, broken("a secret output is not known"));
        assert.equal(await isKnown(thing.out), false, broken("a preview's computed output is not unknown"));
        assert.equal(await isKnown(pulumi.output(pulumi.unknown)), false, broken("pulumi.unknown is known"));
        const failed = pulumi.output(Promise.reject(new Error("boom")));
        await assert.rejects(isKnown(failed), { message: "boom" }, broken("a failed output's isKnown does not reject"));
    });

    it("reads a partly unknown value, its unknown parts marked at any depth, and rejects with a failed input (valueWithUnknowns)", async () => {
        await installEchoMocks(true);
        const thing = new Thing("thing", {});
        const whole = await valueWithUnknowns(thing.out);
        assert.ok(
            pulumi.isUnknown(whole),
            broken(`promise(true) of a preview's computed output gave ${String(whole)}`),
        );
        const value = (await valueWithUnknowns({
            known: "k",
            out: thing.out,
            list: [pulumi.output(1), { deep: thing.out }],
            hidden: pulumi.secret("s"),
        })) as { known: unknown; out: unknown; list: [unknown, { deep: unknown }]; hidden: unknown };
        assert.deepEqual(
            {
                known: value.known,
                out: pulumi.isUnknown(value.out),
                first: value.list[0],
                deep: pulumi.isUnknown(value.list[1].deep),
                hidden: value.hidden,
            },
            { known: "k", out: true, first: 1, deep: true, hidden: "s" },
            broken("promise(true) no longer gives a partly unknown value with its unknown parts as pulumi.unknown"),
        );
        assert.equal(
            await valueWithUnknowns(pulumi.output("v").apply((v) => `${v}!`)),
            "v!",
            broken("promise(true) of a known output is not its value"),
        );
        await assert.rejects(
            valueWithUnknowns(pulumi.output(Promise.reject(new Error("boom")))),
            { message: "boom" },
            broken("promise(true) of a failed output does not reject with its failure"),
        );
    });

    it("marks unknowns as util/unknown.ts recognises them: pulumi.isUnknown agrees on the SDK's own, and a plain object with the marker is not one", async () => {
        await installEchoMocks(true);
        const thing = new Thing("thing", {});
        const read = (await valueWithUnknowns({ out: thing.out, list: [thing.out] })) as {
            out: unknown;
            list: unknown[];
        };
        const unknowns: [string, unknown][] = [
            ["pulumi.unknown", pulumi.unknown],
            ["a computed output's value read with unknowns", await valueWithUnknowns(thing.out)],
            ["an unknown part of an object", read.out],
            ["an unknown part of a list", read.list[0]],
        ];
        for (const [label, value] of unknowns) {
            assert.ok(pulumi.isUnknown(value), `${SDK}: pulumi.isUnknown no longer takes ${label} as unknown`);
            assert.ok(isUnknownValue(value), broken(`util/unknown.ts's isUnknownValue no longer recognises ${label}`));
        }
        assert.ok(holdsUnknown(read), broken("util/unknown.ts's holdsUnknown misses the unknown parts of a value"));
        const known: [string, unknown][] = [
            ["a string", "__pulumiUnknown"],
            ["null", null],
            ["undefined", undefined],
            ["an empty object", {}],
            ["an output", pulumi.output("v")],
            ["a list", [1]],
            // The SDK takes these for unknowns too (it checks the marker alone); a stack file or JSON
            // can write them, so they must never skip a check.
            ["a plain object with the marker", { __pulumiUnknown: true }],
            [
                "an object without a prototype with the marker",
                Object.assign(Object.create(null) as object, { __pulumiUnknown: true }),
            ],
        ];
        for (const [label, value] of known) {
            assert.equal(isUnknownValue(value), false, `util/unknown.ts's isUnknownValue takes ${label} as unknown`);
        }
        assert.equal(holdsUnknown({ a: [{ __pulumiUnknown: true }] }), false);
    });

    it("a resource whose input fails never reaches the monitor and surfaces as unhandled rejections", async () => {
        const { requests } = await installEchoMocks();
        const { rejections } = await withUnhandledRejections(async () => {
            new Thing("fails", { value: pulumi.output(Promise.reject(new Error("input failed"))) });
        });
        assert.deepEqual(
            requests.map((r) => r.name),
            [],
            broken("a resource with a failed input reached the monitor"),
        );
        assert.ok(
            rejections.length > 0 && rejections.every((e) => (e as Error).message.endsWith("input failed")),
            broken(
                `a failed registration did not surface as unhandled rejections: ${rejections.map(String).join("; ")}`,
            ),
        );
    });

    it("captureUnhandledRejections sets the other listeners aside only when exclusive, and puts them back", async () => {
        const other = () => undefined;
        process.on("unhandledRejection", other);
        try {
            const before = process.listeners("unhandledRejection");
            // (mocha's own listener hands a rejection back to the process's others: heard twice then)
            const seen = new Set<string>();
            const reject = async (what: string) => {
                void Promise.reject(new Error(what));
                await new Promise((resolve) => setImmediate(resolve));
            };
            const releaseShared = captureUnhandledRejections((r) => void seen.add(`shared ${(r as Error).message}`));
            // One listener for all captures (already there when the mocks were installed before).
            assert.ok(process.listeners("unhandledRejection").length <= before.length + 1);
            assert.ok(process.listeners("unhandledRejection").includes(other));
            await reject("a");
            const releaseExclusive = captureUnhandledRejections(
                (r) => void seen.add(`exclusive ${(r as Error).message}`),
                {
                    exclusive: true,
                },
            );
            // Only the one listener of the captures is left; both captures hear every rejection.
            assert.equal(process.listeners("unhandledRejection").length, 1);
            await reject("b");
            releaseShared();
            await reject("c");
            releaseExclusive();
            releaseExclusive(); // a second call changes nothing
            assert.deepEqual([...seen], ["shared a", "shared b", "exclusive b", "exclusive c"]);
            assert.deepEqual(new Set(process.listeners("unhandledRejection")), new Set(before));
        } finally {
            process.off("unhandledRejection", other);
        }
    });

    it("captureUnhandledRejections ended out of order (mocks installed in an exclusive capture) leaves no listener behind", () => {
        const before = process.listeners("unhandledRejection").length;
        for (let i = 0; i < 20; i++) {
            const releaseOuter = captureUnhandledRejections(() => undefined, { exclusive: true });
            const releaseInner = captureUnhandledRejections(() => undefined);
            releaseOuter();
            releaseInner();
        }
        assert.equal(process.listeners("unhandledRejection").length, before);
    });

    it("the SDK reports a failed input by identity (prefixed in place from 3.246.0), and keepFailureAsWritten keeps it as written", async () => {
        const { currentMonitor, failureProgram, keepFailureAsWritten } = await import("../../sdk/adapter");
        await installEchoMocks();
        const program = currentMonitor();
        assert.ok(program !== undefined, broken("setMocks installs no monitor that getMonitor() returns"));
        const run = async (failure: Error) => {
            const { rejections } = await withUnhandledRejections(async () => {
                new Thing("prefixed", { first: pulumi.output(Promise.reject(failure)) });
                await new Promise((resolve) => setTimeout(resolve, 20));
            });
            return rejections;
        };
        const plain = new Error("plain");
        const rejections = await run(plain);
        assert.ok(rejections.includes(plain), broken("a failed input is not reported by identity"));
        // From 3.246.0 (pulumi/pulumi#23423, runtime/rpc.ts serializeFilteredProperties) the SDK prefixes
        // the message in place; the peer floor, 3.217.0, leaves it as it is.
        assert.match(
            plain.message,
            /^(error serializing property "first": )?plain$/,
            broken("a failed input's message"),
        );
        const kept = keepFailureAsWritten(new Error("kept"), program);
        assert.ok((await run(kept)).includes(kept));
        assert.equal(kept.message, "kept");
        assert.match(String(kept), /^Error: kept$/);
        // Marked with the program given (the one its component was created in), not the one
        // current when it is marked: each setMocks installs a new monitor.
        await installEchoMocks();
        assert.notEqual(currentMonitor(), program);
        const late = keepFailureAsWritten(new Error("late"), program);
        assert.equal(failureProgram(late), program);
        assert.equal(failureProgram(kept), program);
    });

    it("recordProgramFailure counts a failure as log.error does, and setMocks clears it", async () => {
        // log/index.ts hasErrors reads the store's logErrorCount, which log.error increments ("so we
        // can suppress leaks"); runtime/debuggable.ts reports leaked promises only when !hasErrors();
        // runtime/settings.ts resetOptions sets it to 0 for the next program.
        await installEchoMocks();
        assert.equal(pulumi.log.hasErrors(), false);
        recordProgramFailure();
        assert.equal(pulumi.log.hasErrors(), true);
        await installEchoMocks();
        assert.equal(pulumi.log.hasErrors(), false);
    });
});

describe("sdk/adapter.ts: its own guards", () => {
    it("refuses to observe one mock monitor twice (each setMocks installs a new one)", async () => {
        await installEchoMocks();
        assert.throws(() => observeMockMonitor(() => undefined), {
            message: "this mock monitor is already observed (install the mocks again with setMocks)",
        });
        await installEchoMocks();
    });

    it("names the SDK version when a value it is given as an Output has no isKnown promise", () => {
        assert.throws(() => isKnown({} as pulumi.Output<unknown>), {
            name: "SdkContractError",
            message: `${SDK}: an Output has no isKnown promise; sdk/adapter.ts relies on it (see tests/sdk/adapter.test.ts)`,
        });
    });

    it("names the SDK version when runtime/settings has no waitForRPCs()", () => {
        const runtimeSettings = settings as unknown as { waitForRPCs?: unknown };
        const waitForRPCs = runtimeSettings.waitForRPCs;
        Object.defineProperty(runtimeSettings, "waitForRPCs", { value: undefined, configurable: true, writable: true });
        try {
            assert.throws(() => waitForRegistrations(), {
                name: "SdkContractError",
                message: `${SDK}: runtime/settings has no waitForRPCs(); sdk/adapter.ts relies on it (see tests/sdk/adapter.test.ts)`,
            });
        } finally {
            Object.defineProperty(runtimeSettings, "waitForRPCs", {
                value: waitForRPCs,
                configurable: true,
                writable: true,
            });
        }
    });
});

describe("tests/helpers/outputs.ts unwrap", () => {
    it("gives a known value, a secret's value, and an output's failure", async () => {
        await installEchoMocks();
        const thing = new Thing("thing", {});
        assert.equal(await unwrap(thing.out), "computed");
        assert.equal(await unwrap(pulumi.secret("s")), "s");
        assert.deepEqual(await unwrap(pulumi.all([pulumi.output(1), "two"])), [1, "two"]);
        await assert.rejects(unwrap(pulumi.output(Promise.reject(new Error("boom")))), { message: "boom" });
        await assert.rejects(unwrap(undefined, "thing.missing"), { message: "thing.missing is undefined" });
    });

    it("fails at once on an unknown value instead of waiting for the timeout", async function () {
        this.timeout(2000); // far below mocha's 20 s: a hang fails here
        await installEchoMocks(true);
        const thing = new Thing("thing", {});
        await assert.rejects(unwrap(thing.out, "thing.out"), {
            message: "thing.out is unknown (a preview's computed value): there is no value to unwrap",
        });
    });

    after(() => drained());
});

describe("util/describeValue.ts's Output check agrees with pulumi.Output.isInstance", () => {
    const OUTPUT =
        "a pulumi Output (the resolve*Args functions take plain values: give Outputs to the component itself, which checks them once they are known)";

    it("on outputs, unknowns, secrets and plain values", async () => {
        await installEchoMocks(true);
        const thing = new Thing("thing", {});
        const marked = () => undefined;
        (marked as unknown as Record<string, unknown>).__pulumiOutput = true;
        const values: [string, unknown][] = [
            ["an output", pulumi.output("v")],
            ["an output of an object", pulumi.output({ a: 1 })],
            ["an applied output", pulumi.output(2).apply((n) => n + 1)],
            ["pulumi.all", pulumi.all([1, "x"])],
            ["an unknown output", thing.out],
            ["an output of pulumi.unknown", pulumi.output(pulumi.unknown)],
            ["a secret", pulumi.secret("s")],
            ["an interpolation", pulumi.interpolate`a${pulumi.output("b")}`],
            ["a resource", thing],
            ["a promise", Promise.resolve(1)],
            ["a string", "__pulumiOutput"],
            ["a number", 1],
            ["null", null],
            ["undefined", undefined],
            ["an array of outputs", [pulumi.output(1)]],
            ["an object holding an output", { value: pulumi.output(1) }],
            ["a plain object marked true", { __pulumiOutput: true }],
            ["a plain object marked 'true'", { __pulumiOutput: "true" }],
            ["a plain object marked 1", { __pulumiOutput: 1 }],
            ["a function marked true", marked],
            ["an object with a null prototype", Object.create(null) as unknown],
        ];
        for (const [label, value] of values) {
            assert.equal(
                describeValue(value) === OUTPUT,
                pulumi.Output.isInstance(value),
                `${SDK}: describeValue and pulumi.Output.isInstance disagree on ${label}`,
            );
        }
        assert.ok(pulumi.Output.isInstance(thing.out), "the unknown output is an Output");
    });

    after(() => drained());
});
