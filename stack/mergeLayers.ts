/**
 * `mergeAll` of merge.ts in one pass over many layers, with the same result: each key visited once per layer that
 * writes it, where merging imports one by one was quadratic (ten thousand imports took minutes).
 */
import type { ListMergeStrategy } from "./atmosConfig";
import { mergeTree } from "./merge";
import { emptyMap, type Location, type MapEntry, type MapNode, type TreeNode } from "./tree";

/** Merges maps left to right (later wins); `loc` is the result's location when there is none. */
export function mergeLayers(
    maps: readonly (MapNode | undefined)[],
    loc: Location,
    strategy: ListMergeStrategy,
): MapNode {
    const present = maps.filter((m): m is MapNode => m !== undefined);
    if (present.length === 0) return emptyMap(loc);
    // mergeAll starts from an empty map: every key is copied into a new map, even from one layer.
    return mergeMaps(present, strategy);
}

/** The merge of maps, in order (at least one). */
function mergeMaps(maps: readonly MapNode[], strategy: ListMergeStrategy): MapNode {
    const byKey = new Map<string, MapEntry[]>();
    for (const map of maps) {
        for (const [key, entry] of map.entries) {
            const list = byKey.get(key);
            if (list === undefined) byKey.set(key, [entry]);
            else list.push(entry);
        }
    }
    const entries = new Map<string, MapEntry>();
    for (const [key, list] of byKey) {
        if (list.length === 1) {
            entries.set(key, list[0]);
            continue;
        }
        const last = list[list.length - 1];
        entries.set(key, {
            key,
            keyLoc: last.keyLoc,
            value: mergeValues(
                list.map((e) => e.value),
                strategy,
            ),
        });
    }
    return { kind: "map", loc: maps[maps.length - 1].loc, entries };
}

/** The merge of values written for one key, in order (at least two), as merging them pairwise gives it. */
function mergeValues(values: readonly TreeNode[], strategy: ListMergeStrategy): TreeNode {
    const last = values[values.length - 1];
    if (last.kind === "map") {
        // A map replaces anything but a map: only the final run of maps merges.
        let first = values.length - 1;
        while (first > 0 && values[first - 1].kind === "map") first--;
        const run = values.slice(first) as MapNode[];
        return run.length === 1 ? run[0] : mergeMaps(run, strategy);
    }
    if (last.kind === "scalar") return last;
    // A list: only the final run of lists combines (append, merge), pairwise as merge.ts does.
    let first = values.length - 1;
    while (first > 0 && values[first - 1].kind === "seq") first--;
    let merged = values[first];
    for (let i = first + 1; i < values.length; i++) merged = mergeTree(merged, values[i], strategy);
    return merged;
}
