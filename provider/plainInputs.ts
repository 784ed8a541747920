/**
 * Where a Construct request's inputs hold a value known only later (an Output: a secret, an unknown or a dependent
 * value, as the SDK's provider server makes them) at a position its declaration does not take one: the plugin refuses
 * those before constructing anything. Pure: walks the inputs along each argument's declared type.
 */
import * as pulumi from "@pulumi/pulumi";
import {
    argOf,
    typeNode,
    type ArgDefinition,
    type ComponentDefinition,
    type TypeNode,
} from "../components/kit/definition";
import { isPlainObject, isThenable } from "../util/objects";
import { positionNode } from "./schema";
import { userKey, type ProblemPath } from "../util/problem";

/** An Output or a promise: a value known only later. */
function isDeferred(value: unknown): boolean {
    return pulumi.Output.isInstance(value) || isThenable(value);
}

/** Whether `value` is or holds (at any depth, in plain arrays and objects) a value known only later. */
function holdsDeferred(value: unknown): boolean {
    const seen = new Set<object>();
    const stack = [value];
    while (stack.length > 0) {
        const current = stack.pop();
        if (isDeferred(current)) return true;
        if ((Array.isArray(current) || isPlainObject(current)) && !seen.has(current)) {
            seen.add(current);
            stack.push(...(Object.values(current) as unknown[]));
        }
    }
    return false;
}

/**
 * The paths inside `value` (a value of type `node`, at `path`) that hold a value known only later where none is
 * declared: `input` says whether this very position takes one; inside a list, map or object, each item, value or
 * field says so itself (`inputItems`, `inputValues`, the field's `input`). Inside a scalar or `any` position the
 * position's own word holds for everything in it. A value of another shape is the component's to refuse.
 */
function misplaced(node: TypeNode, value: unknown, input: boolean, path: ProblemPath): ProblemPath[] {
    if (isDeferred(value)) return input ? [] : [path];
    switch (node.kind) {
        case "list":
        case "set": {
            if (!Array.isArray(value)) break;
            const items = node.kind === "list" && node.inputItems;
            return value.flatMap((item, i) => misplaced(node.items, item, items, [...path, i]));
        }
        case "map":
            if (!isPlainObject(value)) break;
            return Object.entries(value).flatMap(([key, item]) =>
                misplaced(node.values, item, node.inputValues, [...path, userKey(key)]),
            );
        case "object":
            if (!isPlainObject(value)) break;
            return Object.entries(value).flatMap(([key, item]) => {
                const field = Object.prototype.hasOwnProperty.call(node.fields, key) ? node.fields[key] : undefined;
                // An undeclared key is the component's to refuse (with a "did you mean").
                if (field === undefined) return [];
                return misplaced(positionNode(field), item, field.input === true, [...path, key]);
            });
        default:
            break;
    }
    return !input && holdsDeferred(value) ? [path] : [];
}

/**
 * The places in `inputs` (by argument, down to the item, map value or field) holding an Output where `definition`
 * takes none. An argument of a shorthand type (`string`, `list(string)`, ...) is checked as a whole: an Output
 * anywhere in a plain-only one. Arguments the definition does not declare are the component's to refuse.
 */
export function misplacedOutputs(definition: ComponentDefinition, inputs: Readonly<Record<string, unknown>>) {
    return Object.keys(inputs).flatMap((arg) => {
        const spec: ArgDefinition | undefined = argOf(definition, arg);
        if (spec === undefined) return [];
        const input = spec.input === true;
        if (typeof spec.type === "string") return !input && holdsDeferred(inputs[arg]) ? [[arg]] : [];
        return misplaced(typeNode(spec.type), inputs[arg], input, [arg]);
    });
}
