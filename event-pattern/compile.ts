/**
 * Validation of an EventBridge event pattern and its compilation into matchers.
 *
 * Reproduces the checks of Event Ruler's `JsonRuleCompiler` (the engine behind EventBridge), with
 * the numeric limits of the EventBridge user guide and its 1,000-combination limit for `$or`.
 * Each refusal names the JSON path of the offending element. The compiled form is the list of
 * "combinations" Event Ruler builds: `$or` forks the fields collected so far into one map of
 * dotted field names to matchers per alternative.
 */

import { childPath, describe, elementPath, formatCount, refuse } from "./errors";
import { JsonObject, isPlainObject, readPattern } from "./json";
import { Matcher, readLeaf } from "./matchers";

/** The matchers of one pattern field (`"detail.state": [...]`) and where it was written. */
export interface CompiledField {
    readonly path: string;
    readonly matchers: readonly Matcher[];
}

/** One combination: dotted field name to its matchers. All fields must match. */
export type Combination = ReadonlyMap<string, CompiledField>;

/** A validated pattern: the event matches when any combination matches. */
export interface CompiledPattern {
    /** The pattern as parsed (for JSON text) or as given (for an object). */
    readonly source: Record<string, unknown>;
    readonly combinations: readonly Combination[];
    /** Things that are valid but probably not what the author meant. */
    readonly warnings: readonly string[];
}

/** At most this many combinations once `$or` is expanded (EventBridge user guide). */
export const MAX_COMBINATIONS = 1000;

const OR = "$or";

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
            refuse("$", "the pattern is nested too deeply");
        }
        throw error;
    }
}

function compile(pattern: unknown): CompiledPattern {
    const source = readPattern(pattern);
    const warnings: string[] = [];
    const root = readObject(source, "$", false, warnings);
    const count = countCombinations(root);
    if (count > MAX_COMBINATIONS) {
        const shown = count > 1e9 ? "more than 1,000,000,000" : formatCount(count);
        refuse(
            "$",
            `the $or alternatives expand to ${shown} combinations; EventBridge accepts at most ${formatCount(MAX_COMBINATIONS)}`,
        );
    }
    const combinations: Map<string, CompiledField>[] = [];
    expand(root, [], combinations, warnings);
    return { source, combinations, warnings: [...new Set(warnings)] };
}

function readObject(object: JsonObject, path: string, insideOr: boolean, warnings: string[]): ObjectNode {
    const keys = Object.keys(object);
    if (keys.length === 0) {
        refuse(
            path,
            path === "$" ? "an event pattern must not be an empty object" : "a pattern object must not be empty",
        );
    }
    const entries: Entry[] = [];
    for (const key of keys) {
        const value = object[key];
        const keyPath = childPath(path, key);
        if (key === OR) {
            entries.push({ kind: "or", alternatives: readOr(value, keyPath, warnings) });
            continue;
        }
        if (insideOr && RESERVED_IN_OR.has(key)) {
            refuse(keyPath, `"${key}" is an operator name, which EventBridge refuses as a field name inside $or`);
        }
        if (isPlainObject(value)) {
            entries.push({ kind: "object", key, node: readObject(value, keyPath, insideOr, warnings) });
        } else if (Array.isArray(value)) {
            entries.push({ kind: "leaf", key, field: { path: keyPath, matchers: readLeaf(value, keyPath, warnings) } });
        } else {
            refuse(keyPath, `leaf values must be a non-empty array, got ${describe(value)}`);
        }
    }
    return { entries };
}

function readOr(value: unknown, path: string, warnings: string[]): ObjectNode[] {
    if (!Array.isArray(value)) {
        refuse(path, `$or must be an array of at least two pattern objects, got ${describe(value)}`);
    }
    const alternatives = value.map((alternative, i) => {
        const alternativePath = elementPath(path, i);
        if (!isPlainObject(alternative)) {
            refuse(alternativePath, `each $or alternative must be a pattern object, got ${describe(alternative)}`);
        }
        return readObject(alternative, alternativePath, true, warnings);
    });
    if (alternatives.length < 2) {
        refuse(path, `$or must have at least two alternatives, got ${alternatives.length}`);
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
): void {
    for (const entry of node.entries) {
        if (entry.kind === "object") {
            expand(entry.node, [...names, entry.key], combinations, warnings);
        } else if (entry.kind === "leaf") {
            const name = [...names, entry.key].join(".");
            if (combinations.length === 0) {
                combinations.push(new Map());
            }
            for (const combination of combinations) {
                const replaced = combination.get(name);
                if (replaced !== undefined) {
                    warnings.push(
                        `${entry.field.path}: field "${name}" is also given at ${replaced.path}; ` +
                            `EventBridge keeps only the later one, so the two are not both required`,
                    );
                }
                combination.set(name, entry.field);
            }
        } else {
            const before = combinations.splice(0, combinations.length);
            for (const alternative of entry.alternatives) {
                const forked = before.length === 0 ? [new Map<string, CompiledField>()] : before.map((c) => new Map(c));
                expand(alternative, names, forked, warnings);
                combinations.push(...forked);
            }
        }
    }
}
