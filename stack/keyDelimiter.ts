/**
 * Atmos's `settings.yaml.key_delimiter` (1.223, experimental): an unquoted key holding the delimiter is nested maps,
 * in every stack manifest, before YAML functions (pkg/utils/yaml_utils.go 493-498, pkg/yaml/expand/expand.go at
 * 0a1cb44). Linear: maps are merged in place while expanding, and frozen once at the end.
 */
import { makeProblem, type StackFileProblem } from "./errors";
import { MAX_NESTING } from "./limits";
import type { Location, MapEntry, MapNode, ScalarNode, SeqNode, TreeNode } from "./tree";

/** A map being expanded: later entries are merged into it in place. */
interface Draft {
    readonly kind: "draft";
    readonly loc: Location;
    readonly timestamp?: string;
    readonly entries: Map<string, DraftEntry>;
}

/** An entry of a {@link Draft}: the first entry's key, location and quoting, the value merged so far. */
interface DraftEntry {
    readonly key: string;
    readonly keyLoc: Location;
    readonly quoted?: boolean;
    value: ScalarNode | SeqNode | Draft;
}

/**
 * The tree with delimited keys expanded as expand.go does: values first (bottom-up, 56-59); a key
 * is expanded when unquoted and split into non-empty parts (88-120); an expanded or plain key that
 * meets an earlier key of the same name merges into it when both values are maps, recursively,
 * else replaces its value in place (158-190). A key whose maps would nest deeper than
 * {@link MAX_NESTING} levels is left out and reported once in `problems` (Go's stack grows; ours
 * does not): the caller fails the file.
 */
export function expandKeyDelimiters(node: TreeNode, delimiter: string, problems: StackFileProblem[] = []): TreeNode {
    if (delimiter === "") return node;
    return new Expansion(delimiter, problems).tree(node);
}

class Expansion {
    private tooDeep = false;

    constructor(
        private readonly delimiter: string,
        private readonly problems: StackFileProblem[],
    ) {}

    tree(node: TreeNode): TreeNode {
        return frozen(this.expand(node, 0, false));
    }

    /**
     * `node` expanded, at `depth` lists and maps below the root once expanded (the root is at 0);
     * `below` is set under an expanded key (the parser bounds the depth of the rest).
     */
    private expand(node: TreeNode, depth: number, below: boolean): ScalarNode | SeqNode | Draft {
        if (below && depth >= MAX_NESTING) {
            this.refuse(node.loc);
            return { kind: "scalar", loc: node.loc, value: null };
        }
        switch (node.kind) {
            case "scalar":
                return node;
            case "seq":
                // A list's items are never merged into: each is frozen at once.
                return { ...node, items: node.items.map((item) => frozen(this.expand(item, depth + 1, below))) };
            case "map": {
                const draft: Draft = {
                    kind: "draft",
                    loc: node.loc,
                    entries: new Map(),
                    ...(node.timestamp !== undefined ? { timestamp: node.timestamp } : {}),
                };
                // A key written twice is kept in `written` when a delimiter is set (ParseTreeOptions.repeatedKeys).
                for (const entry of node.written ?? node.entries.values()) this.add(draft, entry, depth, below);
                return draft;
            }
        }
    }

    /** Adds one entry of the map `draft` (at `depth`) as written, expanding its key. */
    private add(draft: Draft, entry: MapEntry, depth: number, below: boolean): void {
        const parts = entry.quoted ? undefined : expandedParts(entry.key, this.delimiter);
        if (parts === undefined) {
            const value = this.expand(entry.value, depth + 1, below);
            const quoted = entry.quoted !== undefined ? { quoted: entry.quoted } : {};
            mergeInto(draft.entries, { key: entry.key, keyLoc: entry.keyLoc, ...quoted, value });
            return;
        }
        if (depth + parts.length >= MAX_NESTING) {
            this.refuse(entry.keyLoc);
            return;
        }
        let nested: ScalarNode | SeqNode | Draft = this.expand(entry.value, depth + parts.length, true);
        for (let i = parts.length - 1; i >= 1; i--) {
            const inner: DraftEntry = { key: parts[i], keyLoc: entry.keyLoc, value: nested };
            nested = { kind: "draft", loc: entry.keyLoc, entries: new Map([[parts[i], inner]]) };
        }
        mergeInto(draft.entries, { key: parts[0], keyLoc: entry.keyLoc, value: nested });
    }

    private refuse(loc: Location): void {
        if (this.tooDeep) return;
        this.tooDeep = true;
        this.problems.push(
            makeProblem(
                "YAML_SYNTAX",
                loc,
                `invalid YAML: lists and maps nested deeper than ${MAX_NESTING.toLocaleString("en-US")} levels ` +
                    "once settings.yaml.key_delimiter has expanded the keys (a key of n parts is n nested maps)",
            ),
        );
    }
}

/** shouldExpand (expand.go 88-120): the key's parts when it holds the delimiter, with no empty part; else undefined. */
function expandedParts(key: string, delimiter: string): string[] | undefined {
    if (!key.includes(delimiter)) return undefined;
    const parts = key.split(delimiter);
    return parts.every((part) => part !== "") ? parts : undefined;
}

/**
 * mergeIntoContent (expand.go 158-179): maps merge (the later entry's keys winning), else the later
 * value replaces; the entry keeps the first key's place, location and quoting. `entry` is moved
 * (nothing else holds it), so each entry is moved or merged once.
 */
function mergeInto(entries: Map<string, DraftEntry>, entry: DraftEntry): void {
    const existing = entries.get(entry.key);
    if (existing === undefined) {
        entries.set(entry.key, entry);
    } else if (isMapping(existing.value) && isMapping(entry.value)) {
        for (const inner of entry.value.entries.values()) mergeInto(existing.value.entries, inner);
    } else {
        existing.value = entry.value;
    }
}

/**
 * Whether expand.go merges into the value (a MappingNode, 166): a map, not an unquoted timestamp,
 * which yaml.v3 holds as a scalar node (decoded later into a Go time).
 */
function isMapping(value: ScalarNode | SeqNode | Draft): value is Draft {
    return value.kind === "draft" && value.timestamp === undefined;
}

/** The tree a draft stands for (made once, at the end). */
function frozen(value: ScalarNode | SeqNode | Draft): TreeNode {
    if (value.kind !== "draft") return value;
    const entries = new Map<string, MapEntry>();
    for (const { key, keyLoc, quoted, value: inner } of value.entries.values()) {
        const node = frozen(inner);
        entries.set(key, quoted !== undefined ? { key, keyLoc, value: node, quoted } : { key, keyLoc, value: node });
    }
    const map: MapNode = {
        kind: "map",
        loc: value.loc,
        entries,
        ...(value.timestamp !== undefined ? { timestamp: value.timestamp } : {}),
    };
    return map;
}
