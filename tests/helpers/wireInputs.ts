/**
 * A `Construct` request's inputs as the plugin's provider receives them: built into the request's
 * protobuf struct (with per-input dependencies) and read back by the SDK's own `deserializeInputs`
 * (@pulumi/pulumi provider/server.js), which makes a value with dependencies, a secret or an unknown
 * an Output and leaves the others plain; and the inputs as the bytes of a request, every key kept.
 */
import { BinaryWriter } from "google-protobuf";
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

/** Writes `value` as a `google.protobuf.Value` (struct.proto: null 1, number 2, string 3, bool 4, struct 5, list 6). */
function writeValue(writer: BinaryWriter, value: unknown): void {
    if (value === null || value === undefined) writer.writeEnum(1, 0);
    else if (typeof value === "number") writer.writeDouble(2, value);
    else if (typeof value === "string") writer.writeString(3, value);
    else if (typeof value === "boolean") writer.writeBool(4, value);
    else if (Array.isArray(value)) {
        writer.writeMessage(6, value, (list: unknown[], w: BinaryWriter) =>
            list.forEach((item) => w.writeMessage(1, item, (v: unknown, inner: BinaryWriter) => writeValue(inner, v))),
        );
    } else writer.writeMessage(5, value, (struct: Record<string, unknown>, w: BinaryWriter) => writeStruct(w, struct));
}

/** Writes `value`'s own keys as a `google.protobuf.Struct`'s map entries (field 1: key 1, value 2). */
function writeStruct(writer: BinaryWriter, value: Record<string, unknown>): void {
    for (const key of Object.keys(value)) {
        writer.writeMessage(1, key, (k: string, entry: BinaryWriter) => {
            entry.writeString(1, k);
            entry.writeMessage(2, value[k], (v: unknown, inner: BinaryWriter) => writeValue(inner, v));
        });
    }
}

/**
 * `inputs` as the `inputs` field (10) of a serialized ConstructRequest, every own key kept
 * (`__proto__` too, as Go's structpb sends any key; google-protobuf's `jspb.Map` keeps its entries
 * in a plain object, where that key is lost).
 */
export function inputsField(inputs: Record<string, unknown>): Uint8Array {
    const writer = new BinaryWriter();
    writer.writeMessage(10, inputs, (struct: Record<string, unknown>, w: BinaryWriter) => writeStruct(w, struct));
    return writer.getResultBuffer();
}
