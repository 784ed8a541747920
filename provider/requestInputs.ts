/**
 * The keys named `__proto__` of a Construct request's inputs, which the SDK loses before the
 * component sees them: google-protobuf's `Struct.toJavaScript` builds each map by assignment
 * (`obj[key] = value`), and assigning to `__proto__` sets the prototype instead of a key, so a tag
 * key `__proto__` vanishes without a word (the provider server reads the inputs so:
 * @pulumi/pulumi provider/server.js `deserializeInputs`, `rpc.deserializeProperties`). Here the
 * request's struct is read again, every key kept, so that such an input reaches the component as
 * TypeScript gives it (and is refused or kept by the component's own rules).
 */
import { setOwn } from "../util/objects";

/** A protobuf `Value` (google/protobuf/struct_pb), the parts read here. */
export interface WireValue {
    hasStructValue(): boolean;
    getStructValue(): WireStruct | undefined;
    hasListValue(): boolean;
    getListValue(): { getValuesList(): WireValue[] } | undefined;
    toJavaScript(): unknown;
}

/** A protobuf `Struct`, the parts read here. */
export interface WireStruct {
    getFieldsMap(): { entries(): Iterable<[string, WireValue]> };
}

/**
 * The key Pulumi marks its special values with (a secret, an unknown's sibling, a resource or an
 * output value: sdk/nodejs/runtime/rpc.ts `specialSigKey`), which the SDK turns into other objects.
 */
const SPECIAL_SIG_KEY = "4dabf18193072939515e22adb298388d";

/** What {@link protoKeyInputs} found of one input. */
export type ProtoKeyInput =
    /** The input as plain data, each `__proto__` key an own key: it replaces the SDK's. */
    | { readonly arg: string; readonly value: unknown }
    /** The input holds a secret, an unknown or an output value too: it cannot be rebuilt here. */
    | { readonly arg: string; readonly special: true };

/**
 * The inputs of `inputs` (a request's struct) that hold a key `__proto__` at any depth. Walked
 * without recursion into the data for the search; `value` rebuilds a plain input.
 */
export function protoKeyInputs(inputs: WireStruct | undefined): ProtoKeyInput[] {
    const found: ProtoKeyInput[] = [];
    for (const [arg, value] of inputs?.getFieldsMap().entries() ?? []) {
        let proto = false;
        let special = false;
        const stack: WireValue[] = [value];
        while (stack.length > 0) {
            const current = stack.pop()!;
            if (current.hasStructValue()) {
                for (const [key, item] of current.getStructValue()?.getFieldsMap().entries() ?? []) {
                    if (key === "__proto__") proto = true;
                    if (key === SPECIAL_SIG_KEY) special = true;
                    stack.push(item);
                }
            } else if (current.hasListValue()) {
                stack.push(...(current.getListValue()?.getValuesList() ?? []));
            }
        }
        if (!proto) continue;
        found.push(special ? { arg, special: true } : { arg, value: plainValue(value) });
    }
    return found;
}

/** A protobuf value as plain data, each key (`__proto__` too) an own property. */
function plainValue(value: WireValue): unknown {
    if (value.hasStructValue()) {
        const out: Record<string, unknown> = {};
        for (const [key, item] of value.getStructValue()?.getFieldsMap().entries() ?? []) {
            setOwn(out, key, plainValue(item));
        }
        return out;
    }
    if (value.hasListValue()) return (value.getListValue()?.getValuesList() ?? []).map(plainValue);
    return value.toJavaScript();
}
