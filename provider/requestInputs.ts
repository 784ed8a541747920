/**
 * A Construct request's inputs read again from its bytes, every key kept: google-protobuf loses a
 * map key named `__proto__` (see {@link requestInputs}), so a tag key `__proto__` would vanish.
 */
import { BinaryReader } from "google-protobuf";
import { setOwn } from "../util/objects";

/** `ConstructRequest.inputs` (pulumi proto/pulumi/provider.proto: `google.protobuf.Struct inputs = 10`). */
const INPUTS_FIELD = 10;

/**
 * The key Pulumi marks its special values with (a secret, a resource or an output value:
 * sdk/nodejs/runtime/rpc.ts `specialSigKey`), which the SDK turns into other objects.
 */
const SPECIAL_SIG_KEY = "4dabf18193072939515e22adb298388d";

/** A `google.protobuf.Struct` read from `reader`: its fields, each an own key. */
function readStruct(reader: BinaryReader): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    while (reader.nextField() && !reader.isEndGroup()) {
        if (reader.getFieldNumber() !== 1) {
            reader.skipField();
            continue;
        }
        // A map entry: key = 1, value = 2.
        let key = "";
        let value: unknown = null;
        reader.readMessage(undefined, (_: unknown, entry: BinaryReader) => {
            while (entry.nextField() && !entry.isEndGroup()) {
                if (entry.getFieldNumber() === 1) key = entry.readString();
                else if (entry.getFieldNumber() === 2) value = readNested(entry, readValue);
                else entry.skipField();
            }
        });
        setOwn(out, key, value);
    }
    return out;
}

/** A `google.protobuf.Value` read from `reader`. */
function readValue(reader: BinaryReader): unknown {
    let value: unknown = null;
    while (reader.nextField() && !reader.isEndGroup()) {
        switch (reader.getFieldNumber()) {
            case 1:
                reader.readEnum();
                value = null;
                break;
            case 2:
                value = reader.readDouble();
                break;
            case 3:
                value = reader.readString();
                break;
            case 4:
                value = reader.readBool();
                break;
            case 5:
                value = readNested(reader, readStruct);
                break;
            case 6:
                value = readNested(reader, readList);
                break;
            default:
                reader.skipField();
        }
    }
    return value;
}

/** A `google.protobuf.ListValue` read from `reader`. */
function readList(reader: BinaryReader): unknown[] {
    const items: unknown[] = [];
    while (reader.nextField() && !reader.isEndGroup()) {
        if (reader.getFieldNumber() === 1) items.push(readNested(reader, readValue));
        else reader.skipField();
    }
    return items;
}

/** The embedded message at the reader's field, read by `read`. */
function readNested<T>(reader: BinaryReader, read: (inner: BinaryReader) => T): T {
    let result: T | undefined;
    reader.readMessage(undefined, (_: unknown, inner: BinaryReader) => {
        result = read(inner);
    });
    return result as T;
}

/**
 * The inputs of a serialized `ConstructRequest`, as plain data with every key its own.
 * google-protobuf keeps a map field's entries in a plain object keyed by the entry's key
 * (`jspb.Map`), where `__proto__` sets the prototype instead of a key: the SDK's provider server
 * never sees such a key. Read here with google-protobuf's public `BinaryReader`, so that such an
 * input reaches the component as TypeScript gives it (and is refused or kept by its own rules).
 */
export function requestInputs(bytes: Uint8Array): Record<string, unknown> {
    const reader = new BinaryReader(bytes);
    let inputs: Record<string, unknown> = {};
    while (reader.nextField() && !reader.isEndGroup()) {
        if (reader.getFieldNumber() === INPUTS_FIELD) inputs = readNested(reader, readStruct);
        else reader.skipField();
    }
    return inputs;
}

/** What {@link protoKeyInputs} found of one input. */
export type ProtoKeyInput =
    /** The input as plain data, each `__proto__` key an own key: it replaces the SDK's. */
    | { readonly arg: string; readonly value: unknown }
    /** The input holds a secret, an unknown or an output value too: it cannot be rebuilt here. */
    | { readonly arg: string; readonly special: true };

/** The inputs (as {@link requestInputs} reads them) that hold a key `__proto__` at any depth. */
export function protoKeyInputs(inputs: Readonly<Record<string, unknown>>): ProtoKeyInput[] {
    const found: ProtoKeyInput[] = [];
    for (const arg of Object.keys(inputs)) {
        let proto = false;
        let special = false;
        const stack: unknown[] = [inputs[arg]];
        while (stack.length > 0) {
            const current = stack.pop();
            if (typeof current !== "object" || current === null) continue;
            for (const key of Object.keys(current)) {
                if (key === "__proto__") proto = true;
                if (key === SPECIAL_SIG_KEY) special = true;
                stack.push((current as Record<string, unknown>)[key]);
            }
        }
        if (proto) found.push(special ? { arg, special: true } : { arg, value: inputs[arg] });
    }
    return found;
}
