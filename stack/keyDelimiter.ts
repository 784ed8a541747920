/**
 * Atmos's `settings.yaml.key_delimiter` (1.223, experimental): an unquoted key holding the
 * delimiter (`metadata.component: vpc`) is nested maps, in every stack manifest, before YAML
 * functions are looked at (pkg/utils/yaml_utils.go 493-498, pkg/yaml/expand/expand.go at 0a1cb44).
 */
import type { MapEntry, MapNode, TreeNode } from "./tree";

/**
 * The tree with delimited keys expanded as expand.go does: values first (bottom-up, 56-59); a key
 * is expanded when unquoted and split into non-empty parts (88-120); an expanded or plain key that
 * meets an earlier key of the same name merges into it when both values are maps, recursively,
 * else replaces its value in place (158-190).
 */
export function expandKeyDelimiters(node: TreeNode, delimiter: string): TreeNode {
    if (delimiter === "") return node;
    switch (node.kind) {
        case "scalar":
            return node;
        case "seq":
            return { ...node, items: node.items.map((item) => expandKeyDelimiters(item, delimiter)) };
        case "map": {
            const entries = new Map<string, MapEntry>();
            // A key written twice is kept in `written` when a delimiter is set (ParseTreeOptions.repeatedKeys).
            for (const entry of node.written ?? node.entries.values()) {
                const value = expandKeyDelimiters(entry.value, delimiter);
                if (!entry.quoted && expandable(entry.key, delimiter)) {
                    const parts = entry.key.split(delimiter);
                    let nested: TreeNode = value;
                    for (let i = parts.length - 1; i >= 1; i--) {
                        nested = {
                            kind: "map",
                            loc: entry.keyLoc,
                            entries: new Map([[parts[i], { key: parts[i], keyLoc: entry.keyLoc, value: nested }]]),
                        };
                    }
                    mergeInto(entries, { key: parts[0], keyLoc: entry.keyLoc, value: nested });
                } else {
                    mergeInto(entries, { ...entry, value });
                }
            }
            return {
                kind: "map",
                loc: node.loc,
                entries,
                ...(node.timestamp !== undefined ? { timestamp: node.timestamp } : {}),
            };
        }
    }
}

/** shouldExpand (expand.go 88-120): holds the delimiter, with no empty part. */
function expandable(key: string, delimiter: string): boolean {
    return key.includes(delimiter) && key.split(delimiter).every((part) => part !== "");
}

/** mergeIntoContent (expand.go 158-179): maps merge (the later entry's keys winning), else the later value replaces. */
function mergeInto(entries: Map<string, MapEntry>, entry: MapEntry): void {
    const existing = entries.get(entry.key);
    if (existing === undefined) {
        entries.set(entry.key, entry);
        return;
    }
    if (existing.value.kind === "map" && entry.value.kind === "map") {
        const merged = new Map(existing.value.entries);
        for (const inner of entry.value.entries.values()) mergeInto(merged, inner);
        entries.set(entry.key, { ...existing, value: { ...existing.value, entries: merged } as MapNode });
        return;
    }
    entries.set(entry.key, { ...existing, value: entry.value });
}
