/**
 * Reading an event pattern: JSON text or an object, which must be a JSON object holding only
 * JSON values (anything else would be lost or changed on its way to AWS).
 */

import { childPath, elementPath, refuse, ROOT_PATH, type PatternPath } from "./errors";
import { isExactNumber, keepNumberText } from "../util/numberText";
import { isPlainObject as isPlainRecord } from "../util/objects";

export type JsonObject = Record<string, unknown>;

/**
 * The members of objects parsed from JSON text, in the order written, duplicates included. A
 * JavaScript object lists integer-like keys first and keeps one value per key, but EventBridge
 * reads a pattern's members in the order written (a later member replaces an earlier one of the
 * same name, wherever it is written): the order matters.
 */
const WRITTEN_MEMBERS = new WeakMap<object, readonly (readonly [string, unknown])[]>();

/** An object's members in the order written (for parsed text) or in JavaScript's key order. */
export function membersOf(object: JsonObject): readonly (readonly [string, unknown])[] {
    return WRITTEN_MEMBERS.get(object) ?? Object.entries(object);
}

/** True when an object parsed from text had a member name twice, or integer-like keys out of JavaScript's order. */
export function writtenOrderDiffers(object: JsonObject): boolean {
    const written = WRITTEN_MEMBERS.get(object);
    if (written === undefined) return false;
    const keys = Object.keys(object);
    return written.length !== keys.length || written.some(([key], i) => key !== keys[i]);
}

/** A JSON literal or number, where the parser stands. */
const LITERAL = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Parses JSON text as `JSON.parse` does (same errors), and also records every object's members in
 * the order written, duplicates included (see {@link membersOf}), and the digits of every number a
 * double cannot hold exactly (util/numberText.ts), which Terraform's `jsondecode` keeps.
 */
export function parseJsonKeepingOrder(text: string): unknown {
    JSON.parse(text); // the same refusals, with the same messages, as before
    let at = 0;
    const space = () => {
        while (at < text.length && (text[at] === " " || text[at] === "\t" || text[at] === "\n" || text[at] === "\r"))
            at++;
    };
    const string = (): string => {
        const start = at++;
        while (text[at] !== '"') at += text[at] === "\\" ? 2 : 1;
        at++;
        return JSON.parse(text.slice(start, at)) as string;
    };
    // The text of the number just read, when a double rounds it.
    let inexact: string | undefined;
    const keep = (container: object, key: string | number, member: unknown) => {
        if (inexact !== undefined && typeof member === "number") keepNumberText(container, key, inexact);
        inexact = undefined;
    };
    const value = (): unknown => {
        space();
        inexact = undefined;
        const c = text[at];
        if (c === "{") {
            at++;
            const members: [string, unknown][] = [];
            const object: JsonObject = {};
            space();
            if (text[at] === "}") {
                at++;
            } else {
                for (;;) {
                    space();
                    const key = string();
                    space();
                    at++; // :
                    const member = value();
                    keep(object, key, member);
                    members.push([key, member]);
                    Object.defineProperty(object, key, {
                        value: member,
                        enumerable: true,
                        writable: true,
                        configurable: true,
                    });
                    space();
                    if (text[at++] === "}") break; // else ","
                }
            }
            WRITTEN_MEMBERS.set(object, members);
            return object;
        }
        if (c === "[") {
            at++;
            const items: unknown[] = [];
            space();
            if (text[at] === "]") {
                at++;
                return items;
            }
            for (;;) {
                const item = value();
                keep(items, items.length, item);
                items.push(item);
                space();
                if (text[at++] === "]") return items;
            }
        }
        if (c === '"') return string();
        LITERAL.lastIndex = at;
        const token = (LITERAL.exec(text) as RegExpExecArray)[0];
        at += token.length;
        if (token === "true" || token === "false" || token === "null") {
            return token === "true" ? true : token === "false" ? false : null;
        }
        if (!isExactNumber(token)) inexact = token;
        return Number(token);
    };
    return value();
}

/**
 * Reads a pattern given as JSON text or as an object; refuses anything but a JSON object, and
 * (for objects) any value JSON cannot carry, since it would be lost or changed on the way to AWS.
 */
/**
 * The deepest pattern read: far beyond what fits in the 4,096 bytes the provider accepts (each level
 * takes at least six characters), and shallow enough to refuse a hostile one at once, in linear time.
 */
export const MAX_PATTERN_DEPTH = 1_000;

export function readPattern(pattern: unknown): JsonObject {
    let value = pattern;
    if (typeof pattern === "string") {
        try {
            value = parseJsonKeepingOrder(pattern);
        } catch (error) {
            if (error instanceof RangeError) throw error; // nested too deeply: reported as such
            refuse(ROOT_PATH, "NOT_JSON", `the pattern is not valid JSON text (${(error as Error).message})`);
        }
    }
    if (!isPlainObject(value)) {
        refuse(ROOT_PATH, "PATTERN_NOT_OBJECT", "an event pattern must be a JSON object", value);
    }
    if (value === pattern) {
        assertJson(value, ROOT_PATH, new Set());
    }
    return value;
}

function assertJson(value: unknown, path: PatternPath, ancestors: Set<object>): void {
    switch (typeof value) {
        case "string":
        case "boolean":
            return;
        case "number":
            if (!Number.isFinite(value)) {
                refuse(
                    path,
                    "NOT_JSON_VALUE",
                    "a number in a pattern must be finite (JSON has no NaN or Infinity)",
                    value,
                );
            }
            return;
        case "object":
            break;
        default:
            refuse(path, "NOT_JSON_VALUE", "a pattern must hold only JSON values", value);
    }
    if (value === null) {
        return;
    }
    if (path.segments.length > MAX_PATTERN_DEPTH) {
        refuse(ROOT_PATH, "PATTERN_TOO_DEEP", "the pattern is nested too deeply");
    }
    if (ancestors.has(value)) {
        refuse(path, "PATTERN_CYCLE", "the pattern refers to itself (a cycle cannot be written as JSON)");
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
            "NOT_PLAIN_OBJECT",
            "a pattern must hold only plain objects, arrays and JSON values",
            value,
            `an instance of ${value.constructor?.name ?? "a class"}`,
        );
    }
    ancestors.delete(value);
}

/** A JSON object: a plain object (no class instances). */
export const isPlainObject = isPlainRecord as (value: unknown) => value is JsonObject;
