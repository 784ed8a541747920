/**
 * A value of a declared type as a stack file writes it: each object field under its `var` (snake_case), at any depth.
 * The stack-file loader gives components the reverse; the stack program exports object outputs so. Pure.
 */
import { typeNode, type FieldDefinition, type TypeNode, type VarType } from "./definition";
import { getOwn, isPlainObject, setOwn } from "../../util/objects";

/**
 * A TypeScript argument's value as a stack file writes it: each field of an object type under its `var`, at any
 * depth (map keys are the user's and stay). The reverse of what the loader gives the component; a key the type does
 * not declare is kept as it is (the loader refuses it).
 */
export function stackFileValue(type: VarType | TypeNode, value: unknown): unknown {
    const node = typeof type === "object" && "kind" in type ? type : typeNode(type);
    switch (node.kind) {
        case "list":
        case "set":
            return Array.isArray(value) ? value.map((item) => stackFileValue(node.items, item)) : value;
        case "map":
        case "object": {
            if (!isPlainObject(value)) return value;
            const written: Record<string, unknown> = {};
            for (const [key, inner] of Object.entries(value)) {
                const field =
                    node.kind === "object" ? (getOwn(node.fields, key) as FieldDefinition | undefined) : undefined;
                const innerType = node.kind === "map" ? node.values : field?.type;
                setOwn(written, field?.var ?? key, innerType === undefined ? inner : stackFileValue(innerType, inner));
            }
            return written;
        }
        default:
            return value;
    }
}
