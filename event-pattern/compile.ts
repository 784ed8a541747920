/**
 * Validation of an EventBridge event pattern, as Event Ruler's `JsonRuleCompiler` checks it, and its compilation into
 * the "combinations" of matchers Event Ruler builds (`$or` forks them).
 */

import { childPath, elementPath, EventPatternError, formatCount, refuse, ROOT_PATH, type PatternPath } from "./errors";
import { JsonObject, isPlainObject, MAX_PATTERN_DEPTH, membersOf, readPattern, writtenOrderDiffers } from "./json";
import { Matcher, readLeaf } from "./matchers";

/** The matchers of one pattern field (`"detail.state": [...]`) and where it was written. */
export interface CompiledField {
    readonly path: PatternPath;
    readonly matchers: readonly Matcher[];
    /** The match values as written (the leaf's array). */
    readonly value: readonly unknown[];
    /** The field's names from the pattern's root (`["detail", "state"]`); set once expanded. */
    readonly names?: readonly string[];
}

/** One combination: dotted field name to its matchers. All fields must match. */
export type Combination = ReadonlyMap<string, CompiledField>;

/** A validated pattern: the event matches when any combination matches. */
export interface CompiledPattern {
    /**
     * The pattern to send to AWS: as parsed (for JSON text) or as given (for an object), unless
     * its meaning depends on the order of its members (a field given twice, once inside `$or`
     * and once outside, or a member name written twice): then an equivalent pattern in which no
     * field is given twice, so that it means the same in any key order (Terraform's `jsonencode`
     * sorts keys).
     */
    readonly source: Record<string, unknown>;
    readonly combinations: readonly Combination[];
    /** Things that are valid but probably not what the author meant. */
    readonly warnings: readonly string[];
}

/** At most this many combinations once `$or` is expanded (EventBridge user guide). */
export const MAX_COMBINATIONS = 1000;

const OR = "$or";

/** The largest pattern the AWS provider takes: a rewritten pattern must stay within it. */
const REWRITTEN_MAX_LENGTH = 4096;

/**
 * The size of a pattern as the AWS provider measures it before calling `PutRule`: its JSON
 * re-encoded by Go's `encoding/json` (compact; `<`, `>` and `&` put back unescaped), counted in
 * UTF-8 bytes (Go's `len`). That is the JSON text's UTF-8 length, plus 3 for each U+2028 and
 * U+2029, which Go writes as 6-byte escapes where the text has them raw (3 bytes).
 */
export function providerPatternLength(json: string): number {
    let length = Buffer.byteLength(json, "utf8");
    for (const separator of ["\u2028", "\u2029"]) {
        for (let at = json.indexOf(separator); at >= 0; at = json.indexOf(separator, at + 1)) length += 3;
    }
    return length;
}

/** Operator names Event Ruler reserves: refused as field names inside `$or`. */
const RESERVED_IN_OR: ReadonlySet<string> = new Set([
    "exactly",
    "equals-ignore-case",
    "prefix",
    "suffix",
    "anything-but",
    "exists",
    "wildcard",
    "numeric",
    "cidr",
    "=",
    "<",
    "<=",
    ">",
    ">=",
    "regex",
    "not-wildcard",
    "not-equals-ignore-case",
    "date-after",
    "date-on-or-after",
    "date-before",
    "date-on-or-before",
    "in-date-range",
    "ip-address-in-range",
    "ip-address-not-in-range",
]);

/** A validated pattern object, before `$or` is expanded. */
interface ObjectNode {
    readonly entries: readonly Entry[];
}
type Entry =
    | { readonly kind: "object"; readonly key: string; readonly node: ObjectNode }
    | { readonly kind: "leaf"; readonly key: string; readonly field: CompiledField }
    | { readonly kind: "or"; readonly alternatives: readonly ObjectNode[] };

/** Validates a pattern (object or JSON text) and compiles it; throws {@link EventPatternError}. */
export function compilePattern(pattern: unknown): CompiledPattern {
    try {
        return compile(pattern);
    } catch (error) {
        if (error instanceof RangeError) {
            // Only a pattern nested thousands deep gets here; EventBridge's size quota refuses it too.
            refuse(ROOT_PATH, "PATTERN_TOO_DEEP", "the pattern is nested too deeply");
        }
        throw error;
    }
}

function compile(pattern: unknown): CompiledPattern {
    const source = readPattern(pattern);
    const warnings: string[] = [];
    const root = readObject(source, ROOT_PATH, false, warnings);
    const count = countCombinations(root);
    if (count > MAX_COMBINATIONS) {
        const shown = count > 1e9 ? "more than 1,000,000,000" : formatCount(count);
        refuse(
            ROOT_PATH,
            "TOO_MANY_COMBINATIONS",
            `the $or alternatives expand to ${shown} combinations; EventBridge accepts at most ${formatCount(MAX_COMBINATIONS)}`,
        );
    }
    const combinations: Map<string, CompiledField>[] = [];
    const order = { matters: false };
    expand(root, [], combinations, warnings, order);
    let sent = source;
    if (order.matters || orderDiffers(source)) {
        try {
            sent = withoutRepeatedFields(combinations);
            compile(sent);
            if (providerPatternLength(JSON.stringify(sent)) > REWRITTEN_MAX_LENGTH) {
                throw new NotRewritable(
                    `written without repeated fields it has over ${formatCount(REWRITTEN_MAX_LENGTH)} bytes (UTF-8)`,
                );
            }
        } catch (error) {
            if (!(error instanceof EventPatternError || error instanceof NotRewritable)) throw error;
            // E.g. a field with both match values and nested fields in one $or branch: no JSON
            // object without repeated names can say it. Sent as given, with a warning.
            sent = source;
            warnings.push(
                `$: the pattern means what it says only in the order written (${error.reason}); ` +
                    "AWS receives its keys sorted, which may change what it matches: give each field once",
            );
        }
    }
    return { source: sent, combinations, warnings: [...new Set(warnings)] };
}

/**
 * Why a pattern cannot be written without repeated fields (it is then sent as given, with a
 * warning): never thrown out of this module, so it is not a refusal of the pattern.
 */
class NotRewritable extends Error {
    constructor(readonly reason: string) {
        super(reason);
        this.name = "NotRewritable";
    }
}

/** True when some object of the pattern text had a member twice or integer-like keys written after others. */
function orderDiffers(value: unknown): boolean {
    if (Array.isArray(value)) return value.some(orderDiffers);
    if (!isPlainObject(value)) return false;
    return writtenOrderDiffers(value) || membersOf(value).some(([, member]) => orderDiffers(member));
}

/**
 * A pattern with the same combinations as `combinations`, in which no field is given twice: one
 * object per distinct combination, under `$or` when there are several.
 */
function withoutRepeatedFields(combinations: readonly Combination[]): Record<string, unknown> {
    const objects = new Map<string, Record<string, unknown>>();
    for (const combination of combinations) {
        const object: Record<string, unknown> = {};
        for (const field of combination.values()) {
            const names = field.names as readonly string[];
            let into = object;
            names.forEach((name, i) => {
                const existing = Object.prototype.hasOwnProperty.call(into, name) ? into[name] : undefined;
                if (i === names.length - 1) {
                    if (existing !== undefined) {
                        throw new NotRewritable(BOTH_VALUES_AND_FIELDS);
                    }
                    define(into, name, field.value);
                    return;
                }
                if (existing === undefined) {
                    const child: Record<string, unknown> = {};
                    define(into, name, child);
                    into = child;
                } else if (isPlainObject(existing)) {
                    into = existing;
                } else {
                    throw new NotRewritable(BOTH_VALUES_AND_FIELDS);
                }
            });
        }
        objects.set(JSON.stringify(object), object);
    }
    const distinct = [...objects.values()];
    return distinct.length === 1 ? distinct[0] : { [OR]: distinct };
}

const BOTH_VALUES_AND_FIELDS = "the pattern gives this field both match values and nested fields";

function define(object: Record<string, unknown>, key: string, value: unknown): void {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function readObject(object: JsonObject, path: PatternPath, insideOr: boolean, warnings: string[]): ObjectNode {
    if (path.segments.length > MAX_PATTERN_DEPTH) {
        refuse(ROOT_PATH, "PATTERN_TOO_DEEP", "the pattern is nested too deeply");
    }
    const members = membersOf(object);
    if (members.length === 0) {
        refuse(
            path,
            "EMPTY_OBJECT",
            path === ROOT_PATH ? "an event pattern must not be an empty object" : "a pattern object must not be empty",
        );
    }
    const entries: Entry[] = [];
    for (const [key, value] of members) {
        const keyPath = childPath(path, key);
        if (key === OR) {
            entries.push({ kind: "or", alternatives: readOr(value, keyPath, warnings) });
            continue;
        }
        if (insideOr && RESERVED_IN_OR.has(key)) {
            refuse(
                keyPath,
                "OPERATOR_NAME_IN_OR",
                `"${key}" is an operator name, which EventBridge refuses as a field name inside $or`,
            );
        }
        if (isPlainObject(value)) {
            entries.push({ kind: "object", key, node: readObject(value, keyPath, insideOr, warnings) });
        } else if (Array.isArray(value)) {
            entries.push({
                kind: "leaf",
                key,
                field: { path: keyPath, matchers: readLeaf(value, keyPath, warnings), value },
            });
        } else {
            refuse(keyPath, "LEAF_NOT_ARRAY", "leaf values must be a non-empty array", value);
        }
    }
    return { entries };
}

function readOr(value: unknown, path: PatternPath, warnings: string[]): ObjectNode[] {
    if (!Array.isArray(value)) {
        refuse(path, "OR_NOT_ARRAY", "$or must be an array of at least two pattern objects", value);
    }
    const alternatives = value.map((alternative, i) => {
        const alternativePath = elementPath(path, i);
        if (!isPlainObject(alternative)) {
            refuse(
                alternativePath,
                "OR_ALTERNATIVE_NOT_OBJECT",
                "each $or alternative must be a pattern object",
                alternative,
            );
        }
        return readObject(alternative, alternativePath, true, warnings);
    });
    if (alternatives.length < 2) {
        refuse(path, "TOO_FEW_ALTERNATIVES", "$or must have at least two alternatives", value);
    }
    return alternatives;
}

/** How many combinations the pattern expands to (saturates well above the limit). */
function countCombinations(node: ObjectNode): number {
    let product = 1;
    for (const entry of node.entries) {
        if (entry.kind === "object") {
            product *= countCombinations(entry.node);
        } else if (entry.kind === "or") {
            product *= entry.alternatives.reduce((sum, alternative) => sum + countCombinations(alternative), 0);
        }
        product = Math.min(product, Number.MAX_SAFE_INTEGER);
    }
    return product;
}

/**
 * Event Ruler's expansion: fields are added to every combination collected so far (a later field
 * of the same name replaces an earlier one), and `$or` replaces the collected combinations by one
 * copy per alternative.
 */
function expand(
    node: ObjectNode,
    names: readonly string[],
    combinations: Map<string, CompiledField>[],
    warnings: string[],
    order: { matters: boolean },
): void {
    for (const entry of node.entries) {
        if (entry.kind === "object") {
            expand(entry.node, [...names, entry.key], combinations, warnings, order);
        } else if (entry.kind === "leaf") {
            const fieldNames = [...names, entry.key];
            const name = fieldNames.join(".");
            const field: CompiledField = { ...entry.field, names: fieldNames };
            if (combinations.length === 0) {
                combinations.push(new Map());
            }
            for (const combination of combinations) {
                const replaced = combination.get(name);
                if (replaced !== undefined) {
                    order.matters = true;
                    warnings.push(
                        `${entry.field.path}: field "${name}" is also given at ${replaced.path}; ` +
                            `EventBridge keeps only the later one, so the two are not both required`,
                    );
                }
                combination.set(name, field);
            }
        } else {
            const before = combinations.splice(0, combinations.length);
            for (const alternative of entry.alternatives) {
                const forked = before.length === 0 ? [new Map<string, CompiledField>()] : before.map((c) => new Map(c));
                expand(alternative, names, forked, warnings, order);
                combinations.push(...forked);
            }
        }
    }
}
