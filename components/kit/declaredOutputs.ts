/**
 * A component's declared outputs as properties of its class, derived from its declaration: typed `Output<T>` so
 * that one component's outputs are another's Inputs as written, refused with the component's own error when read on
 * a disabled instance (`enabled: false`); an object output's fields camelCase, exported under their `var`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { typeNode, type ComponentDefinition, type OutputDefinition, type TypeNode } from "./definition";
import { ComponentArgsError } from "./errors";
import { problem } from "../../util/problem";
import { stackFileValue } from "./stackFileValue";

/** Where an instance keeps its outputs (not a property a program sees or a serializer walks). */
const OUTPUTS = Symbol("cloudposse.outputs");

/** What an instance holds under {@link OUTPUTS}. */
interface Held {
    readonly component: string;
    readonly instance: string;
    readonly enabled: boolean;
    readonly values: Readonly<Record<string, pulumi.Output<unknown>>>;
}

type Holder = { [OUTPUTS]?: Held };

/**
 * Defines each output the class's declaration lists as a read-only property of its instances (on
 * the prototype; the class declares each one's type with `declare readonly`). Reading one on a
 * disabled instance throws a ComponentArgsError naming the instance and the output, at the line that
 * reads it, instead of handing `undefined` to the next resource's input, which would silently unset it.
 * Called once per class, from its static block.
 */
export function declareOutputs(component: { readonly prototype: object; readonly definition: ComponentDefinition }) {
    for (const property of Object.keys(component.definition.outputs)) {
        Object.defineProperty(component.prototype, property, {
            configurable: true,
            enumerable: false,
            get(this: Holder): pulumi.Output<unknown> | undefined {
                const held = this[OUTPUTS];
                // Not yet set (inside the constructor): nothing to read.
                if (held === undefined) return undefined;
                if (!held.enabled) throw disabledOutput(held, property);
                return held.values[property];
            },
        });
    }
}

/** The error of reading `property` on a disabled instance. */
function disabledOutput(held: Held, property: string): ComponentArgsError {
    return new ComponentArgsError(held.component, held.instance, [
        problem(
            "DISABLED_INSTANCE_OUTPUT",
            [property],
            "is not available: the instance was created with enabled: false, so it has no resources and no outputs (check isEnabled() before reading one)",
        ),
    ]);
}

/**
 * Sets an instance's outputs once, at the end of its constructor: `values` for an enabled one (every
 * declared output), none for a disabled one.
 */
export function setOutputs(
    instance: object,
    held: {
        readonly component: string;
        readonly instance: string;
        readonly enabled: boolean;
        readonly values?: Readonly<Record<string, pulumi.Output<unknown>>>;
    },
): void {
    Object.defineProperty(instance, OUTPUTS, {
        value: Object.freeze({ ...held, values: Object.freeze({ ...(held.values ?? {}) }) }),
        enumerable: false,
        writable: false,
        configurable: false,
    });
}

/** Whether the instance has its outputs (it was not created with `enabled: false`). */
export function hasOutputs(instance: object): boolean {
    return (instance as Holder)[OUTPUTS]?.enabled === true;
}

/**
 * The outputs of an instance by property, without the disabled instance's error: none for a disabled
 * one (the stack program and the plugin's `Construct` report them absent, as the schema says).
 */
export function outputValues(instance: object): Readonly<Record<string, pulumi.Output<unknown>>> {
    const held = (instance as Holder)[OUTPUTS];
    return held?.enabled === true ? held.values : {};
}

/** Whether a declared type holds an object at any depth (its value's field names differ in stack files). */
function holdsObject(node: TypeNode): boolean {
    switch (node.kind) {
        case "object":
            return true;
        case "list":
        case "set":
            return holdsObject(node.items);
        case "map":
            return holdsObject(node.values);
        default:
            return false;
    }
}

/**
 * An output as the stack program exports it: an output whose type holds objects with its fields named by their
 * `var` (secret and unknown as the output is); any other output itself.
 */
export function exportedOutput(
    output: OutputDefinition,
    value: pulumi.Output<unknown> | undefined,
): pulumi.Output<unknown> | undefined {
    if (value === undefined || typeof output.type !== "object") return value;
    const node = typeNode(output.type);
    return holdsObject(node) ? value.apply((known) => stackFileValue(node, known)) : value;
}
