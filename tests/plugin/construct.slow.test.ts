/**
 * What a program in another language gets through the component plugin's Construct, against what
 * the same program gets in TypeScript: the plugin started as the Node.js language host starts it
 * (tests/helpers/pluginHost.ts), the requests built as the engine builds them
 * (pkg/resource/plugin/provider_plugin.go 2123-2179, pulumi/pulumi 1b59498), several in flight at
 * once as the engine sends them (one goroutine per registration: every Construct of a deployment
 * calls back the one monitor address, pkg/resource/deploy/source_eval.go 604-613).
 *
 * The SDK's provider server these replay against is the installed @pulumi/pulumi (3.248,
 * provider/server.js): a new async store and monitor client per Construct (339, 532), the options
 * rebuilt from the request (339-398), every in-flight Construct failed by any unhandled rejection
 * (42-62).
 */
import * as assert from "node:assert/strict";
import type * as grpc from "@grpc/grpc-js";
import * as pulumi from "@pulumi/pulumi";

import type * as EventBridgeModule from "../../components/eventbridge";
import type { ComponentArgsError } from "../../components/kit/errors";
import { installMocks, type InstalledMocks } from "../../program/mocks";
import { childrenOf, construct, pluginBeforeTests, type ConstructOptions } from "../helpers/pluginHost";

const EVENTBRIDGE = "cloudposse:eventbridge:EventBridge";
const API_KEY = "cloudposse:managed-dashboards:DashboardsApiKey";
const started = pluginBeforeTests();

/** A URN of a resource the program registered itself. */
const RANDOM_DAYS = "urn:pulumi:stack::project::random:index/randomInteger:RandomInteger::days";

/** The message of what `fn` throws (a ComponentArgsError), in TypeScript. */
function refusalInTypeScript(fn: () => unknown): string {
    try {
        fn();
    } catch (error) {
        assert.equal((error as Error).name, "ComponentArgsError", String(error));
        return (error as ComponentArgsError).message;
    }
    assert.fail("TypeScript refused nothing");
}

/** The gRPC error of a refused Construct. */
async function refusal(answer: Promise<unknown>): Promise<string> {
    try {
        await answer;
    } catch (error) {
        return (error as grpc.ServiceError).details;
    }
    assert.fail("the Construct was not refused");
}

/** Whether each Construct succeeded (`ok`) or its refusal's message. */
async function outcomes(answers: Promise<unknown>[]): Promise<string[]> {
    return (await Promise.allSettled(answers)).map((a) =>
        a.status === "fulfilled" ? "ok" : (a.reason as grpc.ServiceError).details,
    );
}

/** The engine's logs of a severity above debug (info, warning, error) that mention `text`. */
async function logsMentioning(text: string): Promise<string[]> {
    const { engine } = await started();
    return engine.logs.filter((line) => !line.startsWith("0:") && line.includes(text));
}

describe("Construct from another language gets what TypeScript gets", function () {
    this.timeout(60_000);
    let mocks: InstalledMocks;
    let eventbridge: typeof EventBridgeModule;

    before(async () => {
        mocks = await installMocks();
        eventbridge = await import("../../components/eventbridge");
    });
    beforeEach(() => mocks.reset());

    describe("names across the instances of one deployment", () => {
        it("refuses the second of two concurrent instances that need the same names, as TypeScript does", async () => {
            const args = { region: "us-east-2", namespace: "eg", name: "shared" };
            const started_ = await started();
            const answers = await outcomes([
                construct(started_, EVENTBRIDGE, "first", args),
                construct(started_, EVENTBRIDGE, "second", args),
                construct(started_, EVENTBRIDGE, "other", { ...args, name: "other" }),
            ]);
            // TypeScript, in either order (the engine sends both at once).
            const inOrder = (a: string, b: string) => {
                mocks.reset();
                new eventbridge.EventBridge(a, args);
                return refusalInTypeScript(() => new eventbridge.EventBridge(b, args));
            };
            const expected = [
                ["ok", inOrder("first", "second"), "ok"],
                [inOrder("second", "first"), "ok", "ok"],
            ];
            assert.ok(
                expected.some((e) => JSON.stringify(e) === JSON.stringify(answers)),
                `${JSON.stringify(answers)}\nis neither of\n${JSON.stringify(expected, null, 1)}`,
            );
            assert.match(answers.join("\n"), /name gives the log group name and the event rule name "eg-shared"/);
        });

        it("keeps deployments apart: another stack, or a preview, may use the same names", async () => {
            const args = { region: "us-east-2", name: "per-stack" };
            const p = await started();
            const answers = await outcomes([
                construct(p, EVENTBRIDGE, "a", args, { stack: "dev" }),
                construct(p, EVENTBRIDGE, "b", args, { stack: "prod" }),
            ]);
            assert.deepEqual(answers, ["ok", "ok"]);
            await construct(p, EVENTBRIDGE, "a", args, { stack: "staging", preview: true });
            await construct(p, EVENTBRIDGE, "a", args, { stack: "staging" });
            // The same deployment, again: refused.
            assert.match(
                await refusal(construct(p, EVENTBRIDGE, "c", args, { stack: "prod" })),
                /eventbridge "c": name gives .* which eventbridge "b" also uses/,
            );
        });

        it("tells accounts apart by the provider reference: one provider shares names, two do not", async () => {
            const p = await started();
            const east = await p.engine.registerAsProgram("pulumi:providers:aws", "east", { region: "us-east-2" });
            const other = await p.engine.registerAsProgram("pulumi:providers:aws", "other", { region: "us-east-2" });
            const args = { region: "us-east-2", name: "by-account" };
            const answers = await outcomes([
                construct(p, EVENTBRIDGE, "one", args, { stack: "accounts", providers: { aws: east.ref } }),
                construct(p, EVENTBRIDGE, "two", args, { stack: "accounts", providers: { aws: other.ref } }),
            ]);
            assert.deepEqual(answers, ["ok", "ok"]);
            assert.match(
                await refusal(
                    construct(p, EVENTBRIDGE, "three", args, { stack: "accounts", providers: { aws: east.ref } }),
                ),
                /eventbridge "three": name gives .* which eventbridge "one" also uses/,
            );
        });
    });

    describe("one failure, one message, to its own Construct", () => {
        it("fails only the instance whose Output is invalid once known; the others in flight succeed", async () => {
            const p = await started();
            const late = { dependencies: { eventLogRetentionInDays: [RANDOM_DAYS] } };
            const bad = { region: "us-east-2", name: "late-bad", eventLogRetentionInDays: 2 };
            const good = (name: string) => ({ region: "us-east-2", name, eventLogRetentionInDays: 14 });
            const answers = await outcomes([
                construct(p, EVENTBRIDGE, "late-1", good("late-1"), late),
                construct(p, EVENTBRIDGE, "late-bad", bad, late),
                construct(p, EVENTBRIDGE, "late-2", good("late-2"), late),
                construct(p, EVENTBRIDGE, "late-3", good("late-3")),
            ]);
            const expected = refusalInTypeScript(() => eventbridge.resolveEventBridgeArgs("late-bad", bad));
            assert.deepEqual(answers, ["ok", expected, "ok", "ok"]);
            // Reported once: not again as an error log of the plugin (run-plugin's "failed with an
            // unhandled exception", provider.main's log.error) nor on its stderr.
            assert.deepEqual(await logsMentioning("late-bad"), []);
            assert.doesNotMatch(p.plugin.stderr(), /late-bad/);
            // The children of the good ones are all there.
            for (const name of ["late-1", "late-2", "late-3"]) {
                const urn = `urn:pulumi:stack::project::${EVENTBRIDGE}::${name}`;
                assert.equal(childrenOf(p.engine, urn).length, 5, name);
            }
        });

        it("a disabled instance's late failure too (its outputs wait for the check)", async () => {
            const p = await started();
            const args = { region: "us-east-2", name: "off-bad", enabled: false, eventLogRetentionInDays: 2 };
            const answers = await outcomes([
                construct(p, EVENTBRIDGE, "off-bad", args, {
                    dependencies: { eventLogRetentionInDays: [RANDOM_DAYS] },
                }),
                construct(p, EVENTBRIDGE, "off-good", { region: "us-east-2", name: "off-good" }),
            ]);
            const expected = refusalInTypeScript(() => eventbridge.resolveEventBridgeArgs("off-bad", args));
            assert.deepEqual(answers, [expected, "ok"]);
            assert.deepEqual(await logsMentioning("off-bad"), []);
        });
    });

    describe("an explicit AWS provider from another language", () => {
        it("is asked its region (aws.getRegion, as awsx does), and the region's checks run", async () => {
            const p = await started();
            const sovereign = await p.engine.registerAsProgram("pulumi:providers:aws", "sovereign", {
                region: "eusc-de-east-1",
            });
            const args = { name: "adopted", adoptExisting: true, adoptEventTargetId: "t1" };
            const before = p.engine.invokes.length;
            const message = await refusal(
                construct(p, EVENTBRIDGE, "adopted", args, { providers: { aws: sovereign.ref } }),
            );
            const expected = refusalInTypeScript(() =>
                eventbridge.resolveEventBridgeArgs("adopted", { ...args, region: "eusc-de-east-1" }),
            );
            assert.equal(message, expected);
            assert.deepEqual(p.engine.invokes.slice(before), ["aws:index/getRegion:getRegion"]);
        });

        it("claims its names in the provider's region: they collide with an instance naming that region", async () => {
            const p = await started();
            const west = await p.engine.registerAsProgram("pulumi:providers:aws", "west", { region: "us-west-2" });
            const answers = await outcomes([
                construct(
                    p,
                    EVENTBRIDGE,
                    "named",
                    { region: "us-west-2", name: "west-logs" },
                    {
                        stack: "regions",
                        providers: { aws: west.ref },
                    },
                ),
                construct(
                    p,
                    EVENTBRIDGE,
                    "from-provider",
                    { name: "west-logs" },
                    {
                        stack: "regions",
                        providers: { aws: west.ref },
                    },
                ),
            ]);
            assert.equal(answers[0], "ok");
            assert.match(
                answers[1],
                /eventbridge "from-provider": name gives .* "west-logs" in us-west-2, which eventbridge "named"/,
            );
        });
    });

    describe("resource options reach the component as the program set them", () => {
        it("every option the engine sends: deletedWith and replaceWith whole, aliases with their type", async () => {
            const p = await started();
            const bucket = await p.engine.registerAsProgram("aws:cloudwatch/logGroup:LogGroup", "anchor", {
                name: "anchor",
            });
            const east = await p.engine.registerAsProgram("pulumi:providers:aws", "opts", { region: "us-east-2" });
            const parent = `urn:pulumi:stack::project::my:index:Platform::platform`;
            const options: ConstructOptions = {
                stack: "options",
                parent,
                deletedWith: bucket.urn,
                replaceWith: [bucket.urn],
                aliases: [
                    { name: "older", type: "my:index:LegacyEventBridge", noParent: true },
                    { name: "old", parentUrn: parent },
                    "urn:pulumi:stack::project::my:index:Old::gone",
                ],
                dependsOn: [bucket.urn],
                protect: true,
                retainOnDelete: true,
                ignoreChanges: ["tags"],
                replaceOnChanges: ["name"],
                customTimeouts: { create: "5m", delete: "10m" },
                providers: { aws: east.ref },
            };
            const { urn } = await construct(
                p,
                EVENTBRIDGE,
                "with-options",
                { region: "us-east-2", name: "opts" },
                options,
            );
            const registered = p.engine.registrations.find((r) => r.urn === urn);
            assert.ok(registered !== undefined);
            const request = registered.request;
            assert.equal(request.getParent(), parent);
            assert.equal(request.getDeletedwith(), bucket.urn);
            assert.deepEqual(request.getReplaceWithList(), [bucket.urn]);
            // The fields the proto leaves unset read as undefined: left out.
            const aliases = JSON.parse(JSON.stringify(request.getAliasesList().map((a) => a.toObject()))) as unknown;
            assert.deepEqual(aliases, [
                { spec: { name: "older", type: "my:index:LegacyEventBridge", stack: "", project: "", noparent: true } },
                { spec: { name: "old", type: "", stack: "", project: "", parenturn: parent } },
                { urn: "urn:pulumi:stack::project::my:index:Old::gone" },
            ]);
            assert.ok(request.getDependenciesList().includes(bucket.urn), request.getDependenciesList().join(", "));
            assert.equal(request.getProtect(), true);
            assert.equal(request.getRetainondelete(), true);
            assert.deepEqual(request.getIgnorechangesList(), ["tags"]);
            assert.deepEqual(request.getReplaceonchangesList(), ["name"]);
            assert.deepEqual(request.getCustomtimeouts()?.toObject(), {
                create: "5m",
                update: "",
                pb_delete: "10m",
                read: "",
            });
            assert.equal(request.getProvidersMap().get("aws"), east.ref);
            // The children take the provider, as in TypeScript.
            for (const child of p.engine.registrations.filter((r) => r.parent === urn)) {
                assert.equal(child.request.getProvider(), east.ref, child.type);
            }
        });
    });

    describe("no secret text in messages or logs", () => {
        it("puts back a tag key `__proto__` the SDK drops from the request, and refuses it as TypeScript does", async () => {
            const p = await started();
            const args = { region: "us-east-2", name: "proto-tags", tags: { Team: "ops" } };
            Object.defineProperty(args.tags, "__proto__", { value: "x", enumerable: true });
            const message = await refusal(construct(p, EVENTBRIDGE, "proto-tags", args));
            const expected = refusalInTypeScript(() => new eventbridge.EventBridge("proto-tags", args));
            assert.equal(message, expected);
            assert.match(message, /tags\["__proto__"\]/);
        });

        it("keeps a `__proto__` key of an event pattern as TypeScript does (plain data)", async () => {
            const p = await started();
            const pattern = { source: ["aws.ecs"], detail: {} as Record<string, unknown> };
            Object.defineProperty(pattern.detail, "__proto__", { value: ["x"], enumerable: true });
            const { urn } = await construct(p, EVENTBRIDGE, "proto-pattern", {
                region: "us-east-2",
                name: "proto-pattern",
                eventRulePattern: pattern,
            });
            const rule = p.engine.registrations.find((r) => r.parent === urn && r.type.endsWith(":EventRule"));
            // JSON.parse makes `__proto__` an own key, as the pattern has it.
            assert.deepEqual(JSON.parse(rule?.inputs.eventPattern as string), JSON.parse(JSON.stringify(pattern)));
            assert.match(rule?.inputs.eventPattern as string, /"detail":\{"__proto__":\["x"\]\}/);
        });

        it("refuses a `__proto__` key inside a secret without naming it", async () => {
            const p = await started();
            const tags: Record<string, unknown> = { Team: "ops" };
            Object.defineProperty(tags, "__proto__", { value: "hunter2", enumerable: true });
            const message = await refusal(
                construct(p, EVENTBRIDGE, "proto-secret", {
                    region: "us-east-2",
                    name: "proto-secret",
                    tags: { [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig, value: tags },
                }),
            );
            assert.match(message, /^eventbridge "proto-secret": tags must not hold a key named like/);
            assert.doesNotMatch(message, /__proto__|hunter2|Team/);
        });

        it("shows no key or operator name of a secret input in a refusal, a log or the plugin's output", async () => {
            const p = await started();
            const secret = (value: unknown) => ({
                [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig,
                value,
            });
            // Each input a secret whose keys (or a pattern's operator) carry the marker; all but the
            // additional tag map (which tags nothing these components create) refused.
            const cases: Record<string, Record<string, unknown>> = {
                "reserved tag key": { tags: secret({ "aws:TOPSECRET": "v" }) },
                "tag key of bad characters": { tags: secret({ "TOPSECRET#": "v" }) },
                "pattern operator": { eventRulePattern: secret({ detail: { n: [{ TOPSECRET: 1 }] } }) },
                "pattern operator in JSON text": {
                    eventRulePattern: secret('{"detail": {"n": [{"TOPSECRET": 1}]}}'),
                },
                "tag key too long": { tags: secret({ ["TOPSECRET".repeat(20)]: "v" }) },
                "additional tag key (accepted)": { additionalTagMap: secret({ "aws:TOPSECRET": "v" }) },
            };
            const answers = await outcomes(
                Object.values(cases).map((inputs, i) =>
                    construct(p, EVENTBRIDGE, `secret-${i}`, { region: "us-east-2", name: `secret-${i}`, ...inputs }),
                ),
            );
            Object.keys(cases).forEach((what, i) => {
                const expected = what.endsWith("(accepted)") ? /^ok$/ : new RegExp(`^eventbridge "secret-${i}": `);
                assert.match(answers[i], expected, `${what}: ${answers[i]}`);
                assert.doesNotMatch(answers[i], /TOPSECRET/i, `${what}: ${answers[i]}`);
            });
            assert.deepEqual(
                p.engine.logs.filter((line) => /TOPSECRET/i.test(line)),
                [],
            );
            assert.doesNotMatch(p.plugin.stderr(), /TOPSECRET/i);
        });

        it("logs no secret: the API key is not in any log the plugin sends the engine, the SDK's debug logs included", async () => {
            const p = await started();
            const { state } = await construct(p, API_KEY, "grafana-secret", {
                region: "us-east-2",
                name: "grafana-secret",
                workspaceId: "g-0123456789",
            });
            const key = pulumi.runtime.unwrapRpcSecret(state.apiKey) as string;
            assert.ok(typeof key === "string" && key.length > 20);
            assert.deepEqual(
                p.engine.logs.filter((line) => line.includes(key)),
                [],
            );
            // The SDK's debug log of the token's registration is still sent, without the answer's values.
            const token = p.engine.logs.filter((line) =>
                /RegisterResource RPC finished: .*grafana-secret-token/.test(line),
            );
            assert.equal(token.length, 1, p.engine.logs.filter((line) => line.includes("grafana-secret")).join("\n"));
            assert.match(token[0], /, resp: \(values not shown: they may hold secrets\)$/);
            assert.doesNotMatch(p.plugin.stderr(), new RegExp(key.replace(/[^\w]/g, ".")));
        });
    });
});
