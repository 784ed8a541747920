/**
 * The values of a pattern field: exact values and operator objects, validated as Event Ruler's
 * `JsonRuleCompiler` validates them (with the EventBridge user guide's numeric limits), and turned
 * into matchers.
 */

import { childPath, describe, elementPath, refuse, type PatternPath } from "./errors";
import { CidrRange, IpBytes, looksLikeIp, parseCidr, parseIp } from "./ip";
import { JsonObject, isPlainObject } from "./json";
import { NUMERIC_LIMIT, notComparable } from "./numbers";
import { CaseFolded, Wildcard, foldCase, parseWildcard, quoteWildcard } from "./strings";

/** One way a single event value can satisfy a pattern field. */
export type Matcher =
    | { readonly kind: "exact-string"; readonly value: string }
    | { readonly kind: "exact-ip"; readonly ip: IpBytes }
    | { readonly kind: "exact-number"; readonly value: number }
    | { readonly kind: "exact-literal"; readonly value: boolean | null }
    | { readonly kind: "prefix"; readonly quoted: string }
    | { readonly kind: "suffix"; readonly quoted: string }
    | { readonly kind: "prefix-ignore-case"; readonly folded: CaseFolded }
    | { readonly kind: "suffix-ignore-case"; readonly folded: CaseFolded }
    | { readonly kind: "equals-ignore-case"; readonly folded: CaseFolded }
    | { readonly kind: "wildcard"; readonly wildcard: Wildcard }
    | { readonly kind: "anything-but-strings"; readonly values: ReadonlySet<string> }
    | { readonly kind: "anything-but-numbers"; readonly values: readonly number[] }
    | { readonly kind: "anything-but-prefix"; readonly quoted: readonly string[] }
    | { readonly kind: "anything-but-suffix"; readonly quoted: readonly string[] }
    | { readonly kind: "anything-but-ignore-case"; readonly folded: readonly CaseFolded[] }
    | { readonly kind: "anything-but-wildcard"; readonly wildcards: readonly Wildcard[] }
    | { readonly kind: "numeric"; readonly lower?: Bound; readonly upper?: Bound }
    | { readonly kind: "cidr"; readonly range: CidrRange }
    | { readonly kind: "exists" }
    | { readonly kind: "absent" };

/** One end of a numeric range. */
export interface Bound {
    readonly value: number;
    readonly inclusive: boolean;
}

const OPERATORS = [
    "prefix",
    "suffix",
    "equals-ignore-case",
    "wildcard",
    "anything-but",
    "numeric",
    "exists",
    "cidr",
] as const;
type Operator = (typeof OPERATORS)[number];

/**
 * The matchers for the values of one pattern field (`path` is the field's array), or the refusal.
 * Exact strings that are IP address literals compare as addresses, as Event Ruler does.
 */
export function readLeaf(values: readonly unknown[], path: PatternPath, warnings: string[]): Matcher[] {
    if (values.length === 0) {
        refuse(path, "leaf values must be a non-empty array, got []");
    }
    const matchers: Matcher[] = [];
    values.forEach((value, i) => {
        const valuePath = elementPath(path, i);
        if (typeof value === "string") {
            const ip = looksLikeIp(value) ? parseIp(value) : undefined;
            matchers.push(ip === undefined ? { kind: "exact-string", value } : { kind: "exact-ip", ip });
        } else if (typeof value === "number") {
            if (Math.abs(value) > NUMERIC_LIMIT) {
                warnings.push(
                    `${valuePath}: ${value} is outside ±5,000,000,000, so EventBridge compares it as text, not as a number` +
                        ` (write it as the event writes it; if the event holds a string, quote it)`,
                );
            }
            matchers.push({ kind: "exact-number", value });
        } else if (typeof value === "boolean" || value === null) {
            matchers.push({ kind: "exact-literal", value });
        } else if (isPlainObject(value)) {
            matchers.push(readOperator(value, valuePath));
        } else {
            refuse(
                valuePath,
                `a match value must be a string, number, boolean, null or operator object, got ${describe(value)}`,
            );
        }
    });
    return matchers;
}

function readOperator(object: JsonObject, path: PatternPath): Matcher {
    const keys = Object.keys(object);
    if (keys.length === 0) {
        refuse(path, `an operator object must hold exactly one operator, got {}`);
    }
    const name = keys[0];
    if (!(OPERATORS as readonly string[]).includes(name)) {
        refuse(
            childPath(path, name),
            `unknown operator ${JSON.stringify(name)}; expected one of ${OPERATORS.join(", ")}`,
        );
    }
    if (keys.length > 1) {
        refuse(
            path,
            `an operator object must hold exactly one operator, got ${keys.map((k) => JSON.stringify(k)).join(", ")}`,
        );
    }
    const operand = object[name];
    const operandPath = childPath(path, name);
    switch (name as Operator) {
        case "prefix":
            return isPlainObject(operand)
                ? {
                      kind: "prefix-ignore-case",
                      folded: foldCase(`"${readIgnoreCaseOperand(operand, operandPath, "prefix")}`),
                  }
                : { kind: "prefix", quoted: `"${requireString(operand, operandPath, "prefix")}` };
        case "suffix":
            return isPlainObject(operand)
                ? {
                      kind: "suffix-ignore-case",
                      folded: foldCase(`${readIgnoreCaseOperand(operand, operandPath, "suffix")}"`),
                  }
                : { kind: "suffix", quoted: `${requireString(operand, operandPath, "suffix")}"` };
        case "equals-ignore-case":
            return {
                kind: "equals-ignore-case",
                folded: foldCase(`"${requireString(operand, operandPath, "equals-ignore-case")}"`),
            };
        case "wildcard":
            return { kind: "wildcard", wildcard: readWildcard(operand, operandPath) };
        case "anything-but":
            return readAnythingBut(operand, operandPath);
        case "numeric":
            return readNumeric(operand, operandPath);
        case "exists":
            if (typeof operand !== "boolean") {
                refuse(operandPath, `exists must be true or false, got ${describe(operand)}`);
            }
            return operand ? { kind: "exists" } : { kind: "absent" };
        case "cidr": {
            const range = parseCidr(requireString(operand, operandPath, "cidr"));
            if (typeof range === "string") {
                refuse(operandPath, range);
            }
            return { kind: "cidr", range };
        }
    }
}

function requireString(value: unknown, path: PatternPath, operator: string): string {
    if (typeof value !== "string") {
        refuse(path, `the value of ${operator} must be a string, got ${describe(value)}`);
    }
    return value;
}

/** `{"prefix": {"equals-ignore-case": "..."}}` and the same for suffix. */
function readIgnoreCaseOperand(object: JsonObject, path: PatternPath, operator: string): string {
    const keys = Object.keys(object);
    if (keys.length !== 1 || keys[0] !== "equals-ignore-case") {
        refuse(path, `${operator} takes a string or {"equals-ignore-case": "..."}, got ${describe(object)}`);
    }
    return requireString(object["equals-ignore-case"], childPath(path, "equals-ignore-case"), "equals-ignore-case");
}

function readWildcard(value: unknown, path: PatternPath): Wildcard {
    const wildcard = parseWildcard(requireString(value, path, "wildcard"));
    if (typeof wildcard === "string") {
        refuse(path, wildcard);
    }
    return quoteWildcard(wildcard);
}

function readAnythingBut(operand: unknown, path: PatternPath): Matcher {
    if (isPlainObject(operand)) {
        return readAnythingButOperator(operand, path);
    }
    if (typeof operand === "string") {
        return { kind: "anything-but-strings", values: new Set([operand]) };
    }
    if (typeof operand === "number") {
        return { kind: "anything-but-numbers", values: [requireComparable(operand, path)] };
    }
    if (!Array.isArray(operand)) {
        refuse(
            path,
            `anything-but takes a string, a number, a list of either, or an operator object, got ${describe(operand)}`,
        );
    }
    if (operand.length === 0) {
        refuse(path, "anything-but needs at least one value, got []");
    }
    const strings = operand.filter((v): v is string => typeof v === "string");
    const numbers = operand.filter((v): v is number => typeof v === "number");
    operand.forEach((v, i) => {
        if (typeof v !== "string" && typeof v !== "number") {
            refuse(elementPath(path, i), `anything-but list values must be strings or numbers, got ${describe(v)}`);
        }
    });
    if (strings.length > 0 && numbers.length > 0) {
        refuse(path, `anything-but list values must be all strings or all numbers, got ${describe(operand)}`);
    }
    if (strings.length > 0) {
        return { kind: "anything-but-strings", values: new Set(strings) };
    }
    return {
        kind: "anything-but-numbers",
        values: numbers.map((n, i) => requireComparable(n, elementPath(path, i))),
    };
}

const ANYTHING_BUT_OPERATORS = ["prefix", "suffix", "equals-ignore-case", "wildcard"] as const;

function readAnythingButOperator(object: JsonObject, path: PatternPath): Matcher {
    const keys = Object.keys(object);
    if (keys.length !== 1 || !(ANYTHING_BUT_OPERATORS as readonly string[]).includes(keys[0])) {
        refuse(
            path,
            `anything-but takes one of ${ANYTHING_BUT_OPERATORS.join(", ")} as operator object, got ${describe(object)}`,
        );
    }
    const name = keys[0] as (typeof ANYTHING_BUT_OPERATORS)[number];
    const operandPath = childPath(path, name);
    const operand = object[name];
    const texts: { text: string; path: PatternPath }[] = [];
    if (typeof operand === "string") {
        texts.push({ text: operand, path: operandPath });
    } else if (Array.isArray(operand)) {
        operand.forEach((v, i) => {
            const valuePath = elementPath(operandPath, i);
            if (typeof v !== "string") {
                refuse(valuePath, `anything-but ${name} values must be strings, got ${describe(v)}`);
            }
            texts.push({ text: v, path: valuePath });
        });
    } else {
        refuse(operandPath, `anything-but ${name} takes a string or a list of strings, got ${describe(operand)}`);
    }
    if (name === "prefix" || name === "suffix") {
        for (const { text, path: textPath } of texts) {
            if (text === "") {
                refuse(textPath, `an anything-but ${name} must not be empty (it would exclude every string)`);
            }
        }
    }
    switch (name) {
        case "prefix":
            return { kind: "anything-but-prefix", quoted: texts.map(({ text }) => `"${text}`) };
        case "suffix":
            return { kind: "anything-but-suffix", quoted: texts.map(({ text }) => `${text}"`) };
        case "equals-ignore-case":
            return { kind: "anything-but-ignore-case", folded: texts.map(({ text }) => foldCase(`"${text}"`)) };
        case "wildcard":
            return {
                kind: "anything-but-wildcard",
                wildcards: texts.map(({ text, path: p }) => readWildcard(text, p)),
            };
    }
}

function requireComparable(value: number, path: PatternPath): number {
    const reason = notComparable(value);
    if (reason !== undefined) {
        refuse(path, reason);
    }
    return value;
}

function readNumeric(operand: unknown, path: PatternPath): Matcher {
    if (!Array.isArray(operand)) {
        refuse(path, `numeric takes an array such as [">", 0, "<=", 5], got ${describe(operand)}`);
    }
    const at = (i: number): PatternPath => elementPath(path, i);
    const operatorAt = (i: number): string => {
        if (i >= operand.length) {
            refuse(path, `numeric needs a comparison operator at position ${i}, got ${describe(operand)}`);
        }
        const op: unknown = operand[i];
        if (typeof op !== "string") {
            refuse(
                at(i),
                `expected a comparison operator at position ${i}, got ${describe(op)} in ${describe(operand)}`,
            );
        }
        return op;
    };
    const numberAt = (i: number, op: string): number => {
        if (i >= operand.length) {
            refuse(path, `${JSON.stringify(op)} needs a number after it, got ${describe(operand)}`);
        }
        const value: unknown = operand[i];
        if (typeof value !== "number") {
            refuse(at(i), `the value of ${JSON.stringify(op)} must be a number, got ${describe(value)}`);
        }
        return requireComparable(value, at(i));
    };
    const endAt = (i: number): void => {
        if (operand.length > i) {
            refuse(at(i), `too many elements in numeric ${describe(operand)}`);
        }
    };
    const first = operatorAt(0);
    switch (first) {
        case "=": {
            const value = numberAt(1, first);
            endAt(2);
            return { kind: "numeric", lower: { value, inclusive: true }, upper: { value, inclusive: true } };
        }
        case "<":
        case "<=": {
            const value = numberAt(1, first);
            if (operand.length > 2) {
                refuse(
                    at(2),
                    `in a two-sided range the lower bound (">" or ">=") comes first, got ${describe(operand)}`,
                );
            }
            return { kind: "numeric", upper: { value, inclusive: first === "<=" } };
        }
        case ">":
        case ">=": {
            const lower = { value: numberAt(1, first), inclusive: first === ">=" };
            if (operand.length === 2) {
                return { kind: "numeric", lower };
            }
            const second = operatorAt(2);
            if (second !== "<" && second !== "<=") {
                refuse(at(2), `the upper bound of a range takes "<" or "<=", got ${JSON.stringify(second)}`);
            }
            const upper = { value: numberAt(3, second), inclusive: second === "<=" };
            endAt(4);
            if (!(lower.value < upper.value)) {
                refuse(path, `the lower bound must be below the upper bound, got ${describe(operand)}`);
            }
            return { kind: "numeric", lower, upper };
        }
        default:
            refuse(at(0), `unknown numeric operator ${JSON.stringify(first)}; expected one of =, <, <=, >, >=`);
    }
}
