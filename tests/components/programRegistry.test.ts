/**
 * The program's name registry (components/kit/programRegistry.ts): one per deployment when the
 * monitor is the engine's gRPC client, even though the SDK's provider server makes a new client for
 * each Construct (@pulumi/pulumi provider/server.ts `configureRuntime`, runtime/settings.ts
 * `resetOptions`); one per monitor otherwise (the mocks of `setMocks`).
 */
import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import type { NameClaim } from "../../components/kit/collisions";
import { programRegistry } from "../../components/kit/programRegistry";

/** A stand-in for the engine's monitor client: only what deploymentOf reads (its channel's target). */
function engineClient(target: string): object {
    return { getChannel: () => ({ getTarget: () => target }) };
}

function useMonitor(monitor: object, stack = "dev"): void {
    pulumi.runtime.setMockOptions(monitor as never, "proj", stack, false);
}

describe("components/kit/programRegistry.ts", () => {
    after(() => pulumi.runtime.setMocks({ newResource: () => ({ id: "", state: {} }), call: () => ({}) }));

    it("shares one registry between the monitor clients of one deployment (one per Construct)", () => {
        useMonitor(engineClient("127.0.0.1:4711"));
        const first = programRegistry();
        assert.ok(first !== undefined);
        useMonitor(engineClient("127.0.0.1:4711"));
        assert.equal(programRegistry(), first);
        // So a name claimed in one Construct collides with the same name in the next.
        const claim: NameClaim = { what: "log group", scope: "us-east-1", name: "/aws/events/x", field: "name" };
        assert.deepEqual(first.claim({ component: "eventbridge", instance: "a" }, [claim]), []);
        useMonitor(engineClient("127.0.0.1:4711"));
        assert.equal(programRegistry()!.claim({ component: "eventbridge", instance: "b" }, [claim]).length, 1);
    });

    it("keeps deployments apart: another monitor address, another stack", () => {
        useMonitor(engineClient("127.0.0.1:4711"));
        const first = programRegistry();
        useMonitor(engineClient("127.0.0.1:4712"));
        assert.notEqual(programRegistry(), first);
        useMonitor(engineClient("127.0.0.1:4711"), "prod");
        assert.notEqual(programRegistry(), first);
    });

    it("gives each non-engine monitor (the mocks') a registry of its own, kept while it runs", () => {
        const mocks = {};
        useMonitor(mocks);
        const registry = programRegistry();
        assert.ok(registry !== undefined);
        assert.equal(programRegistry(), registry);
        useMonitor({});
        assert.notEqual(programRegistry(), registry);
    });
});
