/**
 * Atmos's deep merge (cloudposse/atmos `pkg/merge`) on located trees: maps key by key, anything else replaced, lists
 * by `settings.list_merge_strategy` (`replace`, `append`, `merge`) or `!append`.
 */
import type { ListMergeStrategy } from "./atmosConfig";
import { emptyMap, type Location, type MapNode, type SeqNode, type TreeNode } from "./tree";

/** Merges `over` onto `base`. */
export function mergeTree(base: TreeNode | undefined, over: TreeNode, strategy: ListMergeStrategy): TreeNode {
    if (base === undefined) return over;
    if (over.kind === "map") {
        if (base.kind !== "map") return over;
        const entries = new Map(base.entries);
        for (const [key, entry] of over.entries) {
            const previous = entries.get(key);
            entries.set(
                key,
                previous
                    ? { key, keyLoc: entry.keyLoc, value: mergeTree(previous.value, entry.value, strategy) }
                    : entry,
            );
        }
        return { kind: "map", loc: over.loc, entries };
    }
    if (over.kind === "seq" && base.kind === "seq") {
        if (over.append || strategy === "append")
            return { kind: "seq", loc: over.loc, items: [...base.items, ...over.items] };
        if (strategy === "merge") return mergeLists(base, over, strategy);
    }
    return over;
}

function mergeLists(base: SeqNode, over: SeqNode, strategy: ListMergeStrategy): SeqNode {
    const items: TreeNode[] = [];
    const length = Math.max(base.items.length, over.items.length);
    for (let i = 0; i < length; i++) {
        const a = base.items[i];
        const b = over.items[i];
        if (a === undefined) items.push(b);
        else if (b === undefined) items.push(a);
        else if (a.kind === "map" && b.kind === "map") items.push(mergeTree(a, b, strategy));
        else items.push(a);
    }
    return { kind: "seq", loc: over.loc, items };
}

/** Merges maps left to right (later wins); `loc` is the result's location when there is none. */
export function mergeAll(maps: readonly (MapNode | undefined)[], loc: Location, strategy: ListMergeStrategy): MapNode {
    let merged: MapNode = emptyMap(loc);
    for (const map of maps) if (map !== undefined) merged = mergeTree(merged, map, strategy) as MapNode;
    return merged;
}
