/**
 * The checks a declaration states, for a value of any declared type (scalars with their allowed values, range, length
 * and pattern; lists, sets, maps and objects of declared fields), in one wording for every component; and where a
 * value known later (an Output, a promise) or a secret may stand. Pure: resolvers add only the rules between fields.
 */
import { formatPath, problem, userKey, type PathSegment, type ProblemPath } from "../../util/problem";
import { isUnknownValue } from "../../util/unknown";
import { isPlainObject, setOwn } from "../../util/objects";
import { closestMatch } from "../../util/suggest";
import { compareGoStrings } from "../../util/goOrder";
import { codePointLength } from "./awsLimits";
import { argOf, positionNode, typeNode } from "./definition";
import type { ArgDefinition, ComponentDefinition, FieldDefinition, TypeNode } from "./definition";
import type { ArgProblemInput } from "./errors";
import { isUnset } from "./resolved";

/** What a position (an argument, an object's field, a list item) declares: its type and its rules. */
export type Position = Pick<
    FieldDefinition,
    "required" | "default" | "allowed" | "min" | "max" | "pattern" | "note"
> & {
    /** The position's type, its shorthands written out. */
    readonly node: TypeNode;
};

/** The position an argument or a field declares. */
export function positionOf(spec: ArgDefinition | FieldDefinition): Position {
    return { ...spec, node: positionNode(spec) };
}

/**
 * An item of a list or set, a value of a map: its type, and when it is a scalar the collection's own rules
 * (`allowed`, `min`, `max`, `pattern`, `note` of a `list(string)` are each item's, as for a single value).
 */
function itemPosition(node: TypeNode, collection: Position): Position {
    if (node.kind !== "string" && node.kind !== "number" && node.kind !== "bool") return { node };
    const { allowed, min, max, pattern, note } = collection;
    return { node, allowed, min, max, pattern, note };
}

/** Whether a position's type is a list, set or map (whose scalar rules are its items'). */
const isCollection = (node: TypeNode) => node.kind === "list" || node.kind === "set" || node.kind === "map";

/** `allowed` as a message lists it: strings quoted. */
function allowedText(allowed: readonly (string | number)[]): string {
    return allowed.map((a) => (typeof a === "string" ? `"${a}"` : String(a))).join(", ");
}

/** Lower case without `_` and `-`, so that `raw_message_delivery` meets `rawMessageDelivery`. */
const squash = (text: string) => text.toLowerCase().replace(/[-_]/g, "");

/**
 * `value` checked against its declared position, every problem recorded under `path` (camelCase fields, the user's
 * map keys as keys): the value, defaulted (unset, or refused: the declared default, else undefined; a string too long
 * is still returned, for the checks that go on with it), a composite one copied with each part checked (an object with
 * every declared field). A value not known yet (Pulumi's `unknown`, anywhere) is left as it is, and only its checks
 * are skipped. The walk follows the declared type, so a value that holds itself or is nested deeper than its type is
 * never walked further than the type (an `any` value is the component's to check).
 */
export function checkDeclared(
    position: Position,
    value: unknown,
    path: ProblemPath,
    problems: ArgProblemInput[],
): unknown {
    const fallback = position.default;
    if (isUnset(value)) {
        if (position.required === true) problems.push(problem("MISSING_REQUIRED", path, "is required but not set"));
        return fallback;
    }
    if (isUnknownValue(value)) return value;
    const { node } = position;
    const refuse = (code: string, rule: string, result: unknown = fallback): unknown => {
        problems.push(problem(code, path, rule, value));
        return result;
    };
    const note = position.note ?? "";
    if (position.allowed !== undefined && !isCollection(node)) {
        return (position.allowed as readonly unknown[]).includes(value)
            ? value
            : refuse("NOT_ONE_OF", `must be one of ${allowedText(position.allowed)}${note}`);
    }
    switch (node.kind) {
        case "any":
            return value;
        case "bool":
            return typeof value === "boolean" ? value : refuse("TYPE_MISMATCH", "must be true or false");
        case "number": {
            const { min, max } = position;
            if (min === undefined && max === undefined) {
                return typeof value === "number" && Number.isFinite(value)
                    ? value
                    : refuse("TYPE_MISMATCH", "must be a number");
            }
            const low = min ?? Number.MIN_SAFE_INTEGER;
            const high = max ?? Number.MAX_SAFE_INTEGER;
            return typeof value === "number" && Number.isInteger(value) && value >= low && value <= high
                ? value
                : refuse("OUT_OF_RANGE", `must be an integer from ${low} to ${high}${note}`, undefined);
        }
        case "string":
            return checkString(position, value, refuse);
        case "list":
        case "set":
            return checkItems(node, position, value, path, problems, refuse);
        case "map": {
            if (!isPlainObject(value)) return refuse("TYPE_MISMATCH", "must be a map");
            const copy: Record<string, unknown> = {};
            for (const [key, item] of Object.entries(value)) {
                const at = [...path, userKey(key)];
                setOwn(copy, key, checkDeclared(itemPosition(node.values, position), item, at, problems));
            }
            return copy;
        }
        case "object":
            if (!isPlainObject(value)) return refuse("TYPE_MISMATCH", "must be an object");
            return checkObject(node.fields, value, path, problems);
    }
}

/** A string: its pattern, else its type; its length in code points (as AWS counts them). */
function checkString(
    position: Position,
    value: unknown,
    refuse: (code: string, rule: string, result?: unknown) => unknown,
): unknown {
    const { pattern, max } = position;
    if (typeof value !== "string") return refuse("TYPE_MISMATCH", pattern?.rule ?? "must be a string", undefined);
    if (pattern?.regex !== undefined && !pattern.regex.test(value))
        return refuse(pattern.code, pattern.rule, undefined);
    const length = codePointLength(value);
    if (max !== undefined && length > max) {
        return refuse("TOO_LONG", `must be at most ${max} characters (has ${length})`, value);
    }
    return value;
}

/** A list's or a set's items, each checked; a set's known scalars deduplicated and sorted, as Terraform does. */
function checkItems(
    node: Extract<TypeNode, { kind: "list" | "set" }>,
    position: Position,
    value: unknown,
    path: ProblemPath,
    problems: ArgProblemInput[],
    refuse: (code: string, rule: string) => unknown,
): unknown {
    if (!Array.isArray(value)) return refuse("TYPE_MISMATCH", "must be a list");
    const item = itemPosition(node.items, position);
    const items = Array.from(value, (each, i) => checkDeclared(item, each, [...path, i], problems));
    if (node.kind === "list" || !items.every((item) => typeof item === "string" || typeof item === "number")) {
        return items;
    }
    return [...new Set(items as (string | number)[])].sort((a, b) =>
        typeof a === "number" && typeof b === "number" ? a - b : compareGoStrings(String(a), String(b)),
    );
}

/**
 * An object of declared fields: an undeclared key refused (with the closest field), a missing required one too, in the
 * stack files' words (stack/convert.ts: `UNKNOWN_KEY`, `MISSING_REQUIRED`).
 */
function checkObject(
    fields: Readonly<Record<string, FieldDefinition>>,
    value: Record<string, unknown>,
    path: ProblemPath,
    problems: ArgProblemInput[],
): Record<string, unknown> {
    const names = Object.keys(fields);
    const bySquashed = new Map(names.map((name) => [squash(name), name]));
    for (const key of Object.keys(value)) {
        if (Object.prototype.hasOwnProperty.call(fields, key)) continue;
        const squashed = squash(key);
        const close = bySquashed.get(squashed) ?? bySquashed.get(closestMatch(squashed, bySquashed.keys()) ?? "");
        const rule = `is not a field of ${formatPath(path)} (fields: ${names.join(", ")})`;
        problems.push(
            problem(
                "UNKNOWN_KEY",
                [...path, undeclaredKey(key)],
                close === undefined ? rule : `${rule}; did you mean ${close}?`,
            ),
        );
    }
    const copy: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(fields)) {
        const given = Object.prototype.hasOwnProperty.call(value, name) ? value[name] : undefined;
        copy[name] = checkDeclared(positionOf(field), given, [...path, name], problems);
    }
    return copy;
}

/** A key an object does not declare, in a path: as a field when it reads as one (`.name`), else the user's text (`["a b"]`, escaped). */
function undeclaredKey(key: string): PathSegment {
    return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : userKey(key);
}

/** What a value known later, or a secret, is called in the refusal of one where the declaration wants it known. */
export type DeferredKind = "an Output" | "a Promise" | "a secret";

/** A value known later, or a secret, where its position wants one known: where, and what it is. */
export interface Misplaced {
    readonly path: ProblemPath;
    readonly got: DeferredKind;
}

/** How deep a value is searched for values known later where its type says nothing (`any`, or an undeclared part). */
const MAX_SEARCH_DEPTH = 1000;

/**
 * The values known later (or secrets: `kind` tells them) that stand where the declaration wants a value known when the
 * component is created, each at its place. A position declared `input` (or an item or value of a list or map declared
 * `inputItems` / `inputValues`, a field declared `input`) takes one, checked once known. An argument of a shorthand
 * type (`string`, `list(string)`, `any`, ...) is one place, as before composite types: one declared `input` may hold
 * them anywhere (`tags`' values, an event pattern's parts), any other none (`attributes`, not `attributes[0]`). Inside
 * a composite type each item, value and field is its own place (`subscribers["ops"].protocol`); what an object does
 * not declare is left to its check (refused as a key it does not take: one failure, one message).
 */
export function misplacedInputs(
    spec: Pick<ArgDefinition, "type" | "input">,
    value: unknown,
    path: ProblemPath,
    kind: (value: unknown) => DeferredKind | undefined,
): Misplaced[] {
    const found: Misplaced[] = [];
    const whole = (input: boolean, item: unknown, at: ProblemPath): void => {
        const got = input ? undefined : firstDeferred(item, kind);
        if (got !== undefined) found.push({ path: at, got });
    };
    const walk = (node: TypeNode, input: boolean, item: unknown, at: ProblemPath): void => {
        const got = kind(item);
        if (got !== undefined) {
            if (!input) found.push({ path: at, got });
        } else if ((node.kind === "list" || node.kind === "set") && Array.isArray(item)) {
            const itemsInput = node.kind === "list" && node.inputItems;
            item.forEach((part, i) => walk(node.items, itemsInput, part, [...at, i]));
        } else if (node.kind === "map" && isPlainObject(item)) {
            for (const [key, part] of Object.entries(item)) {
                walk(node.values, node.inputValues, part, [...at, userKey(key)]);
            }
        } else if (node.kind === "object" && isPlainObject(item)) {
            for (const [key, part] of Object.entries(item)) {
                const field = Object.prototype.hasOwnProperty.call(node.fields, key) ? node.fields[key] : undefined;
                if (field !== undefined) walk(positionNode(field), field.input === true, part, [...at, key]);
            }
        } else {
            // A scalar, an `any` value, or a value not of its type (refused by its check): one place.
            whole(input, item, at);
        }
    };
    if (typeof spec.type === "string") whole(spec.input === true, value, path);
    else walk(typeNode(spec.type), spec.input === true, value, path);
    return found;
}

/** The kind of the first value known later (or secret) inside `value`, each object visited once, to a bounded depth. */
function firstDeferred(value: unknown, kind: (value: unknown) => DeferredKind | undefined): DeferredKind | undefined {
    const seen = new Set<object>();
    const pending: [unknown, number][] = [[value, 0]];
    while (pending.length > 0) {
        const [item, depth] = pending.pop() as [unknown, number];
        const got = kind(item);
        if (got !== undefined) return got;
        if (typeof item !== "object" || item === null || seen.has(item) || depth >= MAX_SEARCH_DEPTH) continue;
        if (!Array.isArray(item) && !isPlainObject(item)) continue;
        seen.add(item);
        // Reversed onto the stack: the first one met in the value's own order is the one named.
        for (const part of Object.values(item).reverse()) pending.push([part, depth + 1]);
    }
    return undefined;
}

/** The declaration of `arg`, which must have `what` (a definition that lacks it is a bug). */
function declaration<K extends keyof ArgDefinition>(
    definition: ComponentDefinition,
    arg: string,
    ...what: K[]
): ArgDefinition & Required<Pick<ArgDefinition, K>> {
    const spec = argOf(definition, arg);
    if (spec === undefined || what.some((key) => spec[key] === undefined)) {
        throw new TypeError(`${definition.path}: argument ${arg} declares no ${what.join(", ")}`);
    }
    return spec as ArgDefinition & Required<Pick<ArgDefinition, K>>;
}

/** A `bool` argument: its value, else (unset, or invalid: a problem) its declared default. */
export function declaredBool(
    definition: ComponentDefinition,
    arg: string,
    value: unknown,
    problems: ArgProblemInput[],
): boolean {
    const spec = declaration(definition, arg, "default");
    if (spec.type !== "bool") throw new TypeError(`${definition.path}: argument ${arg} is not a bool`);
    if (isUnknownValue(value)) return spec.default === true;
    return checkDeclared(positionOf(spec), value, [arg], problems) === true;
}

/**
 * An argument with `allowed` values: its value, else (unset, not known yet, or invalid: a problem,
 * with `note` after the allowed values) its declared default.
 */
export function declaredChoice<T extends string | number>(
    definition: ComponentDefinition,
    arg: string,
    value: unknown,
    problems: ArgProblemInput[],
    note = "",
): T {
    const spec = declaration(definition, arg, "allowed", "default");
    if (isUnknownValue(value)) return spec.default as T;
    return checkDeclared({ ...positionOf(spec), note }, value, [arg], problems) as T;
}

/**
 * An optional integer argument in its declared `min`..`max` (`note` after the largest, in the
 * message): the value, null when unset, undefined when invalid (a problem) or not known yet (the
 * checks that need it are then skipped).
 */
export function declaredInteger(
    definition: ComponentDefinition,
    arg: string,
    value: unknown,
    problems: ArgProblemInput[],
    note = "",
): number | undefined | null {
    const spec = declaration(definition, arg, "min", "max");
    if (isUnset(value)) return null;
    if (isUnknownValue(value)) return undefined;
    return checkDeclared({ ...positionOf(spec), note }, value, [arg], problems) as number | undefined;
}

/**
 * A `string` argument of at most its declared `max` characters (counted as AWS counts them, in
 * code points): the value; undefined when unset, not known yet, or not a string (a problem). A
 * string too long is a problem and is still returned (for the checks that go on with it).
 */
export function declaredString(
    definition: ComponentDefinition,
    arg: string,
    value: unknown,
    problems: ArgProblemInput[],
): string | undefined {
    const spec = declaration(definition, arg, "max");
    if (spec.type !== "string") throw new TypeError(`${definition.path}: argument ${arg} is not a string`);
    if (isUnset(value) || isUnknownValue(value)) return undefined;
    return checkDeclared(positionOf(spec), value, [arg], problems) as string | undefined;
}
