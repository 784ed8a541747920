/**
 * Reading an event pattern: JSON text or an object, which must be a JSON object holding only
 * JSON values (anything else would be lost or changed on its way to AWS).
 */

import { childPath, describe, elementPath, refuse } from "./errors";

export type JsonObject = Record<string, unknown>;

/** A JSON object: an object whose prototype is Object.prototype or null (no class instances). */
export function isPlainObject(value: unknown): value is JsonObject {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
        return false;
    }
    const prototype = Object.getPrototypeOf(value);
    return prototype === Object.prototype || prototype === null;
}

/**
 * Reads a pattern given as JSON text or as an object; refuses anything but a JSON object, and
 * (for objects) any value JSON cannot carry, since it would be lost or changed on the way to AWS.
 */
export function readPattern(pattern: unknown): JsonObject {
    let value = pattern;
    if (typeof pattern === "string") {
        try {
            value = JSON.parse(pattern);
        } catch (error) {
            refuse("$", `the pattern is not valid JSON text (${(error as Error).message})`);
        }
    }
    if (!isPlainObject(value)) {
        refuse("$", `an event pattern must be a JSON object, got ${describe(value)}`);
    }
    if (value === pattern) {
        assertJson(value, "$", new Set());
    }
    return value;
}

function assertJson(value: unknown, path: string, ancestors: Set<object>): void {
    switch (typeof value) {
        case "string":
        case "boolean":
            return;
        case "number":
            if (!Number.isFinite(value)) {
                refuse(path, `${value} is not a JSON number`);
            }
            return;
        case "object":
            break;
        default:
            refuse(path, `${describe(value)} is not a JSON value`);
    }
    if (value === null) {
        return;
    }
    if (ancestors.has(value)) {
        refuse(path, "the pattern refers to itself (a cycle cannot be written as JSON)");
    }
    ancestors.add(value);
    if (Array.isArray(value)) {
        value.forEach((element, i) => assertJson(element, elementPath(path, i), ancestors));
    } else if (isPlainObject(value)) {
        for (const [key, child] of Object.entries(value)) {
            assertJson(child, childPath(path, key), ancestors);
        }
    } else {
        refuse(
            path,
            `${describe(value)} (an instance of ${value.constructor?.name ?? "a class"}) is not a plain JSON value`,
        );
    }
    ancestors.delete(value);
}
