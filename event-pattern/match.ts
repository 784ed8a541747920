/**
 * Matching a compiled pattern against a flattened event, as Event Ruler's array-consistent matcher
 * (`rulesForJSONEvent`) does, in about linear time. The search: the contributors' Design notes.
 */

import { Combination, CompiledField } from "./compile";
import { Matcher } from "./matchers";
import { isComparableNumber } from "./numbers";
import { EventValue, FlatEvent, LeafValue, Membership, mergeMemberships } from "./event";
import { ipInRange, parseIp, sameIp } from "./ip";
import { endsWithIgnoringCase, equalsIgnoringCase, matchesWildcard, startsWithIgnoringCase } from "./strings";

/** True when EventBridge compares this event value as a number (guide: within ±5e9). */
function isComparable(value: LeafValue): value is number {
    return isComparableNumber(value);
}

/** Does one event value satisfy one matcher? (`absent` is handled by the caller.) */
export function valueMatches(matcher: Matcher, value: LeafValue): boolean {
    const quoted = typeof value === "string" ? `"${value}"` : undefined;
    switch (matcher.kind) {
        case "exact-string":
            return value === matcher.value;
        case "exact-ip": {
            const ip = typeof value === "string" ? parseIp(value) : undefined;
            return ip !== undefined && sameIp(ip, matcher.ip);
        }
        case "exact-number":
            return value === matcher.value;
        case "exact-literal":
            return value === matcher.value;
        case "prefix":
            return quoted !== undefined && quoted.startsWith(matcher.quoted);
        case "suffix":
            return quoted !== undefined && quoted.endsWith(matcher.quoted);
        case "prefix-ignore-case":
            return quoted !== undefined && startsWithIgnoringCase(matcher.folded, quoted);
        case "suffix-ignore-case":
            return quoted !== undefined && endsWithIgnoringCase(matcher.folded, quoted);
        case "equals-ignore-case":
            return quoted !== undefined && equalsIgnoringCase(matcher.folded, quoted);
        case "wildcard":
            return quoted !== undefined && matchesWildcard(matcher.wildcard, quoted);
        case "anything-but-strings":
            return !(typeof value === "string" && matcher.values.has(value));
        case "anything-but-numbers":
            // Compared as exact values are: as numbers, to full precision.
            return !(typeof value === "number" && matcher.values.includes(value));
        case "anything-but-prefix":
            return !(quoted !== undefined && matcher.quoted.some((p) => quoted.startsWith(p)));
        case "anything-but-suffix":
            return !(quoted !== undefined && matcher.quoted.some((s) => quoted.endsWith(s)));
        case "anything-but-ignore-case":
            return !(quoted !== undefined && matcher.folded.some((f) => equalsIgnoringCase(f, quoted)));
        case "anything-but-wildcard":
            return !(quoted !== undefined && matcher.wildcards.some((w) => matchesWildcard(w, quoted)));
        case "numeric": {
            if (!isComparable(value)) {
                return false;
            }
            // Compared as doubles, as EventBridge's engine compares them (the guide's "six digits to the
            // right of the decimal point" is the precision it supports, not a rounding it applies).
            const { lower, upper } = matcher;
            const aboveLower = lower === undefined || (lower.inclusive ? value >= lower.value : value > lower.value);
            const belowUpper = upper === undefined || (upper.inclusive ? value <= upper.value : value < upper.value);
            return aboveLower && belowUpper;
        }
        case "cidr": {
            const ip = typeof value === "string" ? parseIp(value) : undefined;
            return ip !== undefined && ipInRange(ip, matcher.range);
        }
        case "exists":
            return true;
        case "absent":
            return false;
    }
}

/**
 * The values of one field arranged by the array elements they were reached through, outermost
 * first: a node per element, children per array and element index. The values consistent with a
 * choice of elements are found by walking only the elements chosen (and every element of the
 * arrays not chosen yet), instead of testing every value: with nested arrays of objects, testing
 * every value of the next field for every value of the first made matching quadratic.
 */
interface ElementNode {
    readonly values: EventValue[];
    /** Array id to element index to the node of that element. */
    readonly children: Map<number, Map<number, ElementNode>>;
}

function newNode(): ElementNode {
    return { values: [], children: new Map() };
}

/** The values in a tree of elements (their memberships' arrays, outermost first). */
function elementTree(values: readonly EventValue[]): ElementNode {
    const root = newNode();
    for (const value of values) {
        // a membership lists the innermost array first
        const path = [...value.membership].reverse();
        let node = root;
        for (const [array, index] of path) {
            let byIndex = node.children.get(array);
            if (byIndex === undefined) {
                byIndex = new Map();
                node.children.set(array, byIndex);
            }
            let child = byIndex.get(index);
            if (child === undefined) {
                child = newNode();
                byIndex.set(index, child);
            }
            node = child;
        }
        node.values.push(value);
    }
    return root;
}

/**
 * Each value of the tree consistent with `chosen` (no shared array in another element), given to
 * `visit` until it returns true; whether one did. Iterative: arrays nest as deep as the event.
 */
function someConsistent(root: ElementNode, chosen: Membership, visit: (value: EventValue) => boolean): boolean {
    const pending: ElementNode[] = [root];
    while (pending.length > 0) {
        const node = pending.pop()!;
        for (const value of node.values) if (visit(value)) return true;
        for (const [array, byIndex] of node.children) {
            const index = chosen.get(array);
            if (index === undefined) for (const child of byIndex.values()) pending.push(child);
            else {
                const child = byIndex.get(index);
                if (child !== undefined) pending.push(child);
            }
        }
    }
    return false;
}

/** The trees of an event's fields, built once per event and field (and per matchers, for the values that match). */
const allTrees = new WeakMap<FlatEvent, Map<string, ElementNode>>();
const matchingTrees = new WeakMap<FlatEvent, WeakMap<CompiledField, ElementNode>>();

function treeOf(event: FlatEvent, name: string): ElementNode {
    let trees = allTrees.get(event);
    if (trees === undefined) allTrees.set(event, (trees = new Map<string, ElementNode>()));
    let tree = trees.get(name);
    if (tree === undefined) trees.set(name, (tree = elementTree(event.get(name) ?? [])));
    return tree;
}

function matchingTreeOf(event: FlatEvent, name: string, field: CompiledField): ElementNode {
    let trees = matchingTrees.get(event);
    if (trees === undefined) matchingTrees.set(event, (trees = new WeakMap<CompiledField, ElementNode>()));
    let tree = trees.get(field);
    if (tree === undefined) {
        const values = (event.get(name) ?? []).filter(({ value }) =>
            field.matchers.some((m) => valueMatches(m, value)),
        );
        trees.set(field, (tree = elementTree(values)));
    }
    return tree;
}

/** The key of `chosen` for the search from field `index` on: only the arrays those fields' values go through count. */
function stateKey(index: number, chosen: Membership, lastField: ReadonlyMap<number, number>): string {
    const relevant: [number, number][] = [];
    for (const entry of chosen) if ((lastField.get(entry[0]) ?? -1) >= index) relevant.push(entry);
    relevant.sort((a, b) => a[0] - b[0]);
    return `${index}|${relevant.join(";")}`;
}

/** Does the event satisfy every field of the combination? */
export function combinationMatches(combination: Combination, event: FlatEvent): boolean {
    const names = [...combination.keys()].sort();
    const fields: CompiledField[] = names.map((name) => combination.get(name) as CompiledField);
    // for each array, the last field (in search order) with a value reached through it
    const lastField = new Map<number, number>();
    names.forEach((name, i) => {
        for (const { membership } of event.get(name) ?? []) for (const [array] of membership) lastField.set(array, i);
    });
    const failed = new Set<string>();

    const search = (index: number, chosen: Membership): boolean => {
        if (index === names.length) {
            return true;
        }
        // the search from here depends on the chosen elements of the arrays later fields go through
        const key = stateKey(index, chosen, lastField);
        if (failed.has(key)) {
            return false;
        }
        const field = fields[index];
        if (
            field.matchers.some((m) => m.kind === "absent") &&
            !someConsistent(treeOf(event, names[index]), chosen, () => true) &&
            search(index + 1, chosen)
        ) {
            return true;
        }
        const found = someConsistent(matchingTreeOf(event, names[index], field), chosen, ({ membership }) => {
            const merged = mergeMemberships(chosen, membership);
            return merged !== null && search(index + 1, merged);
        });
        if (found) {
            return true;
        }
        failed.add(key);
        return false;
    };

    return search(0, new Map());
}
