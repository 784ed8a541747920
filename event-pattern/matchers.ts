/**
 * The values of a pattern field: exact values and operator objects, validated as Event Ruler's
 * `JsonRuleCompiler` validates them (with the EventBridge user guide's numeric limits), and turned
 * into matchers.
 */

import { describeValue } from "../util/describeValue";
import { numberTextAt } from "../util/numberText";
import { childPath, elementPath, refuse, type PatternPath, type Refusal } from "./errors";
import { CidrRange, IpBytes, looksLikeIp, parseCidr, parseIp } from "./ip";
import { JsonObject, isPlainObject } from "./json";
import { NUMERIC_LIMIT, NUMERIC_RANGE_RULE, isComparableNumber } from "./numbers";
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
        refuse(path, "EMPTY_ARRAY", "leaf values must be a non-empty array", values);
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
                    `${valuePath}: ${numberTextAt(values, i) ?? value} is outside ±5,000,000,000, so EventBridge compares it as text, not as a number` +
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
                "BAD_MATCH_VALUE",
                "a match value must be a string, number, boolean, null or operator object",
                value,
            );
        }
    });
    return matchers;
}

function readOperator(object: JsonObject, path: PatternPath): Matcher {
    const keys = Object.keys(object);
    if (keys.length === 0) {
        refuse(path, "NOT_ONE_OPERATOR", "an operator object must hold exactly one operator", object);
    }
    const name = keys[0];
    if (!(OPERATORS as readonly string[]).includes(name)) {
        refuse(
            childPath(path, name),
            "UNKNOWN_OPERATOR",
            `unknown operator ${JSON.stringify(name)}; expected one of ${OPERATORS.join(", ")}`,
        );
    }
    if (keys.length > 1) {
        refuse(path, "NOT_ONE_OPERATOR", "an operator object must hold exactly one operator", object);
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
                refuse(operandPath, "NOT_A_BOOLEAN", "exists must be true or false", operand);
            }
            return operand ? { kind: "exists" } : { kind: "absent" };
        case "cidr": {
            const text = requireString(operand, operandPath, "cidr");
            const range = parseCidr(text);
            if ("code" in range) {
                refuseText(operandPath, range, text);
            }
            return { kind: "cidr", range };
        }
    }
}

function requireString(value: unknown, path: PatternPath, operator: string): string {
    if (typeof value !== "string") {
        refuse(path, "NOT_A_STRING", `the value of ${operator} must be a string`, value);
    }
    return value;
}

/** `{"prefix": {"equals-ignore-case": "..."}}` and the same for suffix. */
function readIgnoreCaseOperand(object: JsonObject, path: PatternPath, operator: string): string {
    const keys = Object.keys(object);
    if (keys.length !== 1 || keys[0] !== "equals-ignore-case") {
        refuse(
            path,
            "NOT_STRING_OR_IGNORE_CASE",
            `${operator} takes a string or {"equals-ignore-case": "..."}`,
            object,
        );
    }
    return requireString(object["equals-ignore-case"], childPath(path, "equals-ignore-case"), "equals-ignore-case");
}

function readWildcard(value: unknown, path: PatternPath): Wildcard {
    const text = requireString(value, path, "wildcard");
    const wildcard = parseWildcard(text);
    if ("code" in wildcard) {
        refuseText(path, wildcard, text);
    }
    return quoteWildcard(wildcard);
}

/** Throws a parser's refusal of `text` (a CIDR block, a wildcard) at `path`, the text as the value. */
function refuseText(path: PatternPath, refusal: Refusal, text: string): never {
    if (refusal.detail === undefined) {
        refuse(path, refusal.code, refusal.rule, text);
    }
    refuse(path, refusal.code, refusal.rule, text, refusal.detail);
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
            "BAD_ANYTHING_BUT",
            "anything-but takes a string, a number, a list of either, or an operator object",
            operand,
        );
    }
    if (operand.length === 0) {
        refuse(path, "EMPTY_ARRAY", "anything-but needs at least one value", operand);
    }
    const strings = operand.filter((v): v is string => typeof v === "string");
    const numbers = operand.filter((v): v is number => typeof v === "number");
    operand.forEach((v, i) => {
        if (typeof v !== "string" && typeof v !== "number") {
            refuse(
                elementPath(path, i),
                "BAD_ANYTHING_BUT_ELEMENT",
                "anything-but list values must be strings or numbers",
                v,
            );
        }
    });
    if (strings.length > 0 && numbers.length > 0) {
        refuse(path, "MIXED_ANYTHING_BUT", "anything-but list values must be all strings or all numbers", operand);
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
            "BAD_ANYTHING_BUT_OPERATOR",
            `anything-but takes one of ${ANYTHING_BUT_OPERATORS.join(", ")} as operator object`,
            object,
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
                refuse(valuePath, "NOT_A_STRING", `anything-but ${name} values must be strings`, v);
            }
            texts.push({ text: v, path: valuePath });
        });
    } else {
        refuse(
            operandPath,
            "NOT_STRING_OR_STRING_LIST",
            `anything-but ${name} takes a string or a list of strings`,
            operand,
        );
    }
    if (name === "prefix" || name === "suffix") {
        for (const { text, path: textPath } of texts) {
            if (text === "") {
                refuse(
                    textPath,
                    "EMPTY_ANYTHING_BUT_AFFIX",
                    `an anything-but ${name} must not be empty (it would exclude every string)`,
                );
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
    if (!isComparableNumber(value)) {
        refuse(path, "NUMBER_OUT_OF_RANGE", NUMERIC_RANGE_RULE, value);
    }
    return value;
}

function readNumeric(operand: unknown, path: PatternPath): Matcher {
    if (!Array.isArray(operand)) {
        refuse(path, "NUMERIC_NOT_ARRAY", 'numeric takes an array such as [">", 0, "<=", 5]', operand);
    }
    const at = (i: number): PatternPath => elementPath(path, i);
    const operatorAt = (i: number): string => {
        if (i >= operand.length) {
            refuse(path, "NUMERIC_TOO_SHORT", `numeric needs a comparison operator at position ${i}`, operand);
        }
        const op: unknown = operand[i];
        if (typeof op !== "string") {
            refuse(
                at(i),
                "BAD_NUMERIC_OPERATOR",
                `expected a comparison operator at position ${i}`,
                op,
                `in numeric ${describeValue(operand)}`,
            );
        }
        return op;
    };
    const numberAt = (i: number, op: string): number => {
        if (i >= operand.length) {
            refuse(path, "NUMERIC_TOO_SHORT", `${JSON.stringify(op)} needs a number after it`, operand);
        }
        const value: unknown = operand[i];
        if (typeof value !== "number") {
            refuse(at(i), "NOT_A_NUMBER", `the value of ${JSON.stringify(op)} must be a number`, value);
        }
        return requireComparable(value, at(i));
    };
    const endAt = (i: number): void => {
        if (operand.length > i) {
            refuse(at(i), "NUMERIC_TOO_LONG", "too many elements in numeric", operand);
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
                    "RANGE_OPERATOR_ORDER",
                    'in a two-sided range the lower bound (">" or ">=") comes first',
                    operand,
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
                refuse(at(2), "RANGE_OPERATOR_ORDER", 'the upper bound of a range takes "<" or "<="', second);
            }
            const upper = { value: numberAt(3, second), inclusive: second === "<=" };
            endAt(4);
            if (!(lower.value < upper.value)) {
                refuse(path, "BAD_NUMERIC_RANGE", "the lower bound must be below the upper bound", operand);
            }
            return { kind: "numeric", lower, upper };
        }
        default:
            refuse(at(0), "BAD_NUMERIC_OPERATOR", "unknown numeric operator (expected one of =, <, <=, >, >=)", first);
    }
}
