/**
 * A `Construct` request's inputs as the plugin's provider receives them: built into the request's
 * protobuf struct (with per-input dependencies) and read back by the SDK's own `deserializeInputs`
 * (@pulumi/pulumi provider/server.js), which makes a value with dependencies, a secret or an unknown
 * an Output and leaves the others plain.
 */
import type * as pulumi from "@pulumi/pulumi";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";

/** `values` (and the URNs each depends on) as `construct` gets them from a request. */
export async function wireInputs(
    values: Record<string, unknown>,
    dependencies: Record<string, readonly string[]> = {},
): Promise<pulumi.Inputs> {
    const request = new provproto.ConstructRequest();
    request.setInputs(structproto.Struct.fromJavaScript(values as Record<string, structproto.JavaScriptValue>));
    for (const [key, urns] of Object.entries(dependencies)) {
        const deps = new provproto.ConstructRequest.PropertyDependencies();
        deps.setUrnsList([...urns]);
        request.getInputdependenciesMap().set(key, deps);
    }
    // The SDK's own deserialization of a request's inputs (internal: not in its type declarations).
    const server = (await import("@pulumi/pulumi/provider/server")) as unknown as {
        deserializeInputs(inputs: unknown, dependencies: unknown): Promise<pulumi.Inputs>;
    };
    return server.deserializeInputs(request.getInputs(), request.getInputdependenciesMap());
}
