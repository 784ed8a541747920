/**
 * A YAML document as a tree of plain values that remember where they were written, so merged values still point at
 * their line and column. Scalars resolve as Atmos's go-yaml v3 does (util/goYaml.ts); merge keys `<<`.
 */
import type { Alias, Document, Node as YamlNode, Scalar, YAMLMap, YAMLSeq } from "yaml";
import { yaml } from "../util/yaml";
import {
    decimalDigits,
    goKeyText,
    goYamlLineBreaks,
    goYamlOptions,
    goYamlVersionProblem,
    isGoYamlTimestampValue,
    resolveGoYaml,
    TIMESTAMP_TEXT,
} from "../util/goYaml";
import { makeProblem, type StackFileProblem } from "./errors";
import { MAX_NESTING, MAX_STRING_LENGTH, MAX_TEXT_LENGTH } from "./limits";
import { isPlainObject } from "../util/objects";
import { ATMOS_YAML_FUNCTIONS } from "./yamlFunctions";

// The `yaml` package's node tests, through its deferred load (util/yaml.ts).
const isAlias = (node: unknown): node is Alias => yaml().isAlias(node);
const isMap = (node: unknown): node is YAMLMap => yaml().isMap(node);
const isScalar = (node: unknown): node is Scalar => yaml().isScalar(node);
const isSeq = (node: unknown): node is YAMLSeq => yaml().isSeq(node);

/** Where a node was written. */
export interface Location {
    readonly file: string;
    readonly line: number;
    readonly column: number;
}

/** A scalar value as yaml.v3 resolves it (a number a JavaScript number cannot hold exactly is its text). */
export type ScalarValue = string | number | boolean | null;

export interface ScalarNode {
    readonly kind: "scalar";
    readonly loc: Location;
    readonly value: ScalarValue;
    /**
     * Set when `value` is the digits of a plain number a double cannot hold exactly (a 20-digit
     * id): a string var takes the digits, and JSON made of the value writes them as a number.
     */
    readonly numberText?: true;
}

export interface SeqNode {
    readonly kind: "seq";
    readonly loc: Location;
    readonly items: readonly TreeNode[];
    /** Written with Atmos's `!append` tag: appended to the earlier list whatever the merge strategy. */
    readonly append?: boolean;
}

/** One key of a map, with where the key itself was written. */
export interface MapEntry {
    readonly key: string;
    readonly keyLoc: Location;
    readonly value: TreeNode;
    /** The key was written quoted (`"a.b":`): Atmos's `settings.yaml.key_delimiter` leaves it whole. */
    readonly quoted?: boolean;
}

export interface MapNode {
    readonly kind: "map";
    readonly loc: Location;
    /** In insertion order; a merged key keeps its first position (as a JS object would). */
    readonly entries: ReadonlyMap<string, MapEntry>;
    /**
     * Every entry in the order written, repeated keys included: set only when the parser keeps repeated
     * keys (`ParseTreeOptions.repeatedKeys`) and the map has one; `entries` then holds the first of each.
     */
    readonly written?: readonly MapEntry[];
    /**
     * Set when the map stands for an unquoted timestamp, the text written: yaml.v3 reads it as a
     * Go `time.Time`, which Atmos's merge copies into an empty map (see util/goYaml.ts).
     */
    readonly timestamp?: string;
}

export type TreeNode = ScalarNode | SeqNode | MapNode;

/** An empty map at `loc` (a section written as `vars:` with no value). */
export function emptyMap(loc: Location): MapNode {
    return { kind: "map", loc, entries: new Map() };
}

/** Whether a node is a bool or null (a flag left unset). */
export function isOptionalBool(node: TreeNode): boolean {
    return node.kind === "scalar" && (typeof node.value === "boolean" || node.value === null);
}

/**
 * Deep-merges `over` onto `base` the way Atmos does by default: maps merge key by key
 * (recursively), anything else (lists included) is replaced by the later value, and a later
 * `null` replaces too (it unsets the value).
 */
export function mergeNodes(base: TreeNode | undefined, over: TreeNode): TreeNode {
    if (base === undefined || base.kind !== "map" || over.kind !== "map") return over;
    const entries = new Map(base.entries);
    for (const [key, entry] of over.entries) {
        const previous = entries.get(key);
        entries.set(
            key,
            previous ? { key, keyLoc: entry.keyLoc, value: mergeNodes(previous.value, entry.value) } : entry,
        );
    }
    return { kind: "map", loc: over.loc, entries };
}

/** Merges maps left to right (later wins); the result's location is `loc` when there is none. */
export function mergeMaps(maps: readonly MapNode[], loc: Location): MapNode {
    let merged: MapNode = emptyMap(loc);
    for (const map of maps) merged = mergeNodes(merged, map) as MapNode;
    return merged;
}

/** The plain JavaScript value of a node (maps become objects, safe for any key). */
export function toPlain(node: TreeNode): unknown {
    switch (node.kind) {
        case "scalar":
            return node.value;
        case "seq":
            return node.items.map(toPlain);
        case "map":
            return Object.fromEntries([...node.entries.values()].map((e) => [e.key, toPlain(e.value)]));
    }
}

/** The tree an `!include` (or, when `raw`, `!include.raw`) tag stands for, or a problem (stack/include.ts `includeTags`). */
export type IncludeTag = (
    args: string,
    raw: boolean,
    loc: Location,
) => { readonly node: TreeNode } | { readonly problem: StackFileProblem };

/** Converts a plain value (a function's result) into a tree at `loc`. */
export function plainToNode(value: unknown, loc: Location): TreeNode {
    if (Array.isArray(value)) return { kind: "seq", loc, items: value.map((v) => plainToNode(v, loc)) };
    if (isPlainObject(value)) {
        const entries = new Map<string, MapEntry>();
        for (const [k, v] of Object.entries(value)) entries.set(k, { key: k, keyLoc: loc, value: plainToNode(v, loc) });
        return { kind: "map", loc, entries };
    }
    if (value === undefined) return { kind: "scalar", loc, value: null };
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === null) {
        return { kind: "scalar", loc, value };
    }
    return { kind: "scalar", loc, value: String(value) };
}

/** Options of {@link parseYamlTree}. */
export interface ParseTreeOptions {
    /** Inlines the file an `!include` names (stack/include.ts `includeTags`); without it the tag stays text. */
    readonly include?: IncludeTag;
    /**
     * `keep`: a key written twice in a map is kept in `MapNode.written` instead of refused. Atmos reads a
     * manifest into a yaml.v3 Node, which keeps repeated keys, and with `settings.yaml.key_delimiter` set
     * expands and merges them before decoding (pkg/utils/yaml_utils.go 481-498, pkg/yaml/expand/expand.go
     * 61-80 and 158-179 at 0a1cb44): stack/keyDelimiter.ts merges them as it does. Without a delimiter the
     * decode refuses them (`refuse`, the default).
     */
    readonly repeatedKeys?: "refuse" | "keep";
}

/** The result of parsing one file: its tree (null for an empty document) and its problems. */
export interface ParsedFile {
    readonly root: TreeNode | null;
    readonly problems: readonly StackFileProblem[];
}

const YAML_TAG_PREFIX = "tag:yaml.org,2002:";

export { MAX_NESTING, MAX_STRING_LENGTH, MAX_TEXT_LENGTH };

/**
 * Characters YAML 1.2 does not allow in a stream (outside its printable set, `c-printable`): C0
 * controls but tab, newline and carriage return (NUL and ESC among them), DEL, C1 controls but
 * NEL (U+0085), lone surrogates, U+FFFE and U+FFFF. Escaped forms (`"\e"`) are allowed.
 */
const NOT_PRINTABLE =
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The problem of a text YAML refuses before parsing it (too long, a character outside YAML's set), if any. */
function textProblem(text: string, file: string): StackFileProblem | undefined {
    if (text.length > MAX_TEXT_LENGTH) {
        return makeProblem(
            "YAML_SYNTAX",
            { file, line: 1, column: 1 },
            `the file holds ${text.length.toLocaleString("en-US")} characters, more than the ${MAX_TEXT_LENGTH.toLocaleString("en-US")} a stack file may hold`,
        );
    }
    const bad = NOT_PRINTABLE.exec(text);
    if (bad === null) return undefined;
    const before = text.slice(0, bad.index);
    const line = before.split("\n").length;
    const column = bad.index - before.lastIndexOf("\n");
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    return makeProblem(
        "YAML_SYNTAX",
        { file, line, column },
        `invalid YAML: the character U+${code}${code === "0000" ? " (NUL)" : code === "001B" ? " (ESC)" : ""} is not allowed in a YAML file (YAML 1.2 allows only printable characters; write it escaped in a double-quoted string if it is meant)`,
    );
}

/** Parses YAML text into a located tree; syntax errors come back as problems with line/column. */
export function parseYamlTree(written: string, file: string, options: ParseTreeOptions = {}): ParsedFile {
    const refused = textProblem(written, file);
    if (refused !== undefined) return { root: null, problems: [refused] };
    const text = goYamlLineBreaks(written);
    const { LineCounter, parseDocument } = yaml();
    const lineCounter = new LineCounter();
    // Duplicate keys are found by the tree builder in one pass (the `yaml` package's own check
    // compares each key with every earlier one: 300,000 keys took minutes).
    const doc = parseDocument(text, {
        ...goYamlOptions(),
        lineCounter,
        prettyErrors: false,
        uniqueKeys: false,
    });
    const locate = (offset: number | undefined): Location => {
        const { line, col } = lineCounter.linePos(offset ?? 0);
        return { file, line, column: col };
    };
    const version = goYamlVersionProblem(text);
    if (version !== undefined) {
        return { root: null, problems: [makeProblem("YAML_SYNTAX", locate(version.offset), version.message)] };
    }
    if (doc.errors.length > 0) {
        // The parser can run out of stack at several depths of one nesting (how many depends on
        // the stack left when it starts): that is one problem, at the first place it happened.
        const tooDeep = (error: Error) => /Maximum call stack size exceeded/.test(error.message);
        const firstTooDeep = doc.errors.find(tooDeep);
        return {
            root: null,
            problems: doc.errors
                .filter((error) => error === firstTooDeep || !tooDeep(error))
                .map((error) =>
                    makeProblem(
                        "YAML_SYNTAX",
                        locate(error.pos[0]),
                        error.code === "MULTIPLE_DOCS"
                            ? "invalid YAML: a stack file holds one document (found a second ---)"
                            : tooDeep(error)
                              ? "invalid YAML: lists and maps nested too deeply for the YAML parser (hundreds of levels)"
                              : `invalid YAML: ${firstLine(error.message)}`,
                    ),
                ),
        };
    }
    const problems: StackFileProblem[] = [];
    const builder = new TreeBuilder(doc, text, locate, problems, options);
    const escape = builder.invalidEscape;
    if (escape !== undefined) {
        const message = `invalid YAML: found invalid Unicode character escape code ${escape.written} (go-yaml refuses a surrogate half or a code point past U+10FFFF; write the character itself, or \\U and eight hex digits for one past U+FFFF)`;
        return { root: null, problems: [makeProblem("YAML_SYNTAX", locate(escape.offset), message)] };
    }
    let root: TreeNode | null;
    try {
        root = doc.contents === null ? null : builder.build(doc.contents as YamlNode, new Set());
    } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        const problem = makeProblem(
            "YAML_SYNTAX",
            locate(0),
            "invalid YAML: lists and maps nested too deeply for the YAML parser (hundreds of levels)",
        );
        return { root: null, problems: [problem] };
    }
    return { root, problems };
}

/** An escape in a double-quoted scalar, or the escaped backslash or quote that hides one. */
const DOUBLE_QUOTED_ESCAPE = /\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|[^])/g;

/**
 * The first `\u`/`\U` escape go-yaml refuses in `node`, if a double-quoted scalar: each escape is
 * checked alone, so a surrogate half is refused even when a pair is written (`"\ud83d\ude00"`), as
 * is a value past U+10FFFF (go-yaml scannerc.go 2572-2576, yaml_parser_scan_flow_scalar). The
 * `yaml` package decodes both.
 */
function invalidEscapeIn(node: Scalar, text: string): InvalidEscape | undefined {
    if (node.type !== "QUOTE_DOUBLE" || node.range === undefined || node.range === null) return undefined;
    const [start, end] = node.range;
    const source = text.slice(start, end);
    if (!source.includes("\\")) return undefined;
    for (const match of source.matchAll(DOUBLE_QUOTED_ESCAPE)) {
        const hex = match[1] ?? match[2];
        if (hex === undefined) continue;
        const value = parseInt(hex, 16);
        if ((value >= 0xd800 && value <= 0xdfff) || value > 0x10ffff) {
            return { offset: start + match.index, written: match[0] };
        }
    }
    return undefined;
}

/** An escape go-yaml refuses: where it starts in the text, and as written. */
interface InvalidEscape {
    readonly offset: number;
    readonly written: string;
}

function firstLine(message: string): string {
    return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}

/**
 * Most values that aliases may expand to in one file. Each alias copies its anchor's whole value,
 * so a dozen lines of nested aliases can stand for billions of values (an "alias bomb"); the
 * `yaml` package bounds this with `maxAliasCount` only when it builds JavaScript values itself.
 */
export const MAX_ALIAS_EXPANSION = 100_000;

class TreeBuilder {
    /**
     * The anchored node each alias refers to (the last anchor of its name before it), found in one
     * walk of the document: the `yaml` package's `Alias.resolve` walks the document for each alias
     * (50,000 aliases took minutes).
     */
    private readonly aliasTargets = new Map<Alias, YamlNode>();
    /** Lists and maps open at the node being built (aliases expanded count too). */
    private depth = 0;
    private tooDeep = false;
    /** Values built inside alias expansions so far. */
    private expanded = 0;
    private bombed = false;
    /** The outermost alias being expanded (where an alias bomb is reported). */
    private aliasLoc: Location | undefined;
    /**
     * Inside a collection written `!literal` (or `!append` on a map): Atmos clears the tag and does
     * not look inside (pkg/utils/yaml_utils.go 801-806, rewriteAppendNode 875-879), so custom tags
     * there stay on their nodes, and yaml.v3 decodes each such scalar as its text (resolve.go
     * `resolve`: a tag it cannot resolve keeps the value as written).
     */
    private untouched = 0;

    /** The first escape go-yaml refuses (found in the same pass as the anchors): the file is refused. */
    readonly invalidEscape: InvalidEscape | undefined;

    constructor(
        doc: Document,
        text: string,
        private readonly locate: (offset: number | undefined) => Location,
        private readonly problems: StackFileProblem[],
        private readonly options: ParseTreeOptions = {},
    ) {
        const anchors = new Map<string, YamlNode>();
        let escape: InvalidEscape | undefined;
        yaml().visit(doc, {
            Node: (_key, node) => {
                if (isAlias(node)) {
                    const target = anchors.get(node.source);
                    if (target !== undefined) this.aliasTargets.set(node, target);
                    return;
                }
                if (node.anchor !== undefined) anchors.set(node.anchor, node);
                if (isScalar(node)) {
                    const found = invalidEscapeIn(node, text);
                    if (found !== undefined && (escape === undefined || found.offset < escape.offset)) escape = found;
                }
            },
        });
        this.invalidEscape = escape;
    }

    /** `active` holds the alias targets being expanded, so a self-referencing alias stops. */
    build(node: YamlNode, active: Set<YamlNode>): TreeNode {
        const loc = this.locate(node.range?.[0]);
        if (this.depth >= MAX_NESTING) {
            // Within an alias, at the alias (the anchor alone is not too deep).
            return this.refuse(
                "tooDeep",
                loc,
                `invalid YAML: lists and maps nested deeper than ${MAX_NESTING.toLocaleString("en-US")} levels`,
            );
        }
        this.depth++;
        try {
            return this.buildNode(node, loc, active);
        } finally {
            this.depth--;
        }
    }

    /** A limit reached: a null in place of the value, and the problem said once (at the alias, within one). */
    private refuse(limit: "tooDeep" | "bombed", loc: Location, message: string): TreeNode {
        if (!this[limit]) {
            this[limit] = true;
            this.problems.push(makeProblem("YAML_SYNTAX", this.aliasLoc ?? loc, message));
        }
        return { kind: "scalar", loc, value: null };
    }

    private buildNode(node: YamlNode, loc: Location, active: Set<YamlNode>): TreeNode {
        if (active.size > 0 && ++this.expanded > MAX_ALIAS_EXPANSION) {
            return this.refuse(
                "bombed",
                loc,
                `invalid YAML: aliases expand to more than ${MAX_ALIAS_EXPANSION.toLocaleString("en-US")} values ` +
                    "(each alias copies its anchor's whole value); write the values out or use fewer nested aliases",
            );
        }
        if (isAlias(node)) return this.buildAlias(node, loc, active);
        const tag = node.tag;
        if (tag !== undefined && !tag.startsWith(YAML_TAG_PREFIX) && this.untouched > 0) {
            return this.untagged(node, loc, active, false);
        }
        if (tag === "!literal" || (tag === "!append" && !isSeq(node))) {
            // Atmos clears the tag (yaml_utils.go 801-806; rewriteAppendNode 875-879 for a non-list).
            return this.untagged(node, loc, active, true);
        }
        if (tag !== undefined && !tag.startsWith(YAML_TAG_PREFIX)) {
            // Atmos YAML functions: `!append` marks a list; the others are kept as the text
            // `!tag args`, which Atmos evaluates per component after merging (the loader's
            // function pass decides what to do with them); an unknown tag is refused, as Atmos does.
            if (tag === "!append" && isSeq(node)) {
                const items = node.items.map((item) => this.build(item as YamlNode, active));
                return { kind: "seq", loc, items, append: true };
            }
            if (!isAtmosFunctionTag(tag)) {
                this.problems.push(
                    makeProblem("UNSUPPORTED_TAG", loc, `unknown YAML tag ${tag} (Atmos refuses it too)`),
                );
            } else if (isScalar(node)) {
                const args = node.value === null || node.value === undefined ? "" : String(scalarValue(node.value));
                if ((tag === "!include" || tag === "!include.raw") && this.options.include) {
                    // Atmos inlines the file while parsing, so the value merges like any other.
                    const included = this.options.include(args, tag === "!include.raw", loc);
                    if ("node" in included) return included.node;
                    this.problems.push(included.problem);
                    return { kind: "scalar", loc, value: null };
                }
                return { kind: "scalar", loc, value: args === "" ? tag : `${tag} ${args}` };
            } else {
                this.problems.push(
                    makeProblem("UNSUPPORTED_TAG", loc, `YAML function ${tag} takes a string, not a YAML collection`),
                );
            }
        }
        if (isScalar(node)) {
            if (isGoYamlTimestampValue(node.value) && node.tag === undefined) {
                return { kind: "map", loc, entries: new Map(), timestamp: node.value[TIMESTAMP_TEXT] };
            }
            const value = this.scalar(node, loc);
            return typeof value === "string" && isNumberText(node)
                ? { kind: "scalar", loc, value, numberText: true }
                : { kind: "scalar", loc, value };
        }
        if (isSeq(node))
            return { kind: "seq", loc, items: node.items.map((item) => this.build(item as YamlNode, active)) };
        if (isMap(node)) return this.buildMap(node.items, loc, active);
        this.problems.push(makeProblem("YAML_SYNTAX", loc, "invalid YAML: unexpected node"));
        return { kind: "scalar", loc, value: null };
    }

    /**
     * A node whose custom tag Atmos leaves without effect: `cleared` (the node's own `!literal` or
     * `!append` tag, which Atmos removes) a plain scalar resolves as if untagged (`!literal 010` is
     * 8); otherwise, or quoted, the scalar is its text. A collection's insides are built untouched.
     */
    private untagged(node: YamlNode, loc: Location, active: Set<YamlNode>, cleared: boolean): TreeNode {
        if (isScalar(node)) {
            const text = typeof node.source === "string" ? node.source : String(scalarValue(node.value) ?? "");
            if (cleared && node.type === "PLAIN") {
                const { tag, value } = resolveGoYaml(text);
                if (tag === "timestamp") return { kind: "map", loc, entries: new Map(), timestamp: text };
                if (tag !== "str") return { kind: "scalar", loc, value: scalarValue(value) };
            }
            return { kind: "scalar", loc, value: this.checkedString(text, loc) };
        }
        this.untouched++;
        try {
            if (isSeq(node))
                return { kind: "seq", loc, items: node.items.map((item) => this.build(item as YamlNode, active)) };
            if (isMap(node)) return this.buildMap(node.items, loc, active);
        } finally {
            this.untouched--;
        }
        this.problems.push(makeProblem("YAML_SYNTAX", loc, "invalid YAML: unexpected node"));
        return { kind: "scalar", loc, value: null };
    }

    /** A scalar's value; a string over {@link MAX_STRING_LENGTH} and a value of a non-core type are refused. */
    private scalar(node: Scalar, loc: Location): ScalarValue {
        const raw = node.value;
        if (raw instanceof Uint8Array || isGoYamlTimestampValue(raw)) {
            // An explicit !!timestamp: yaml.v3 gives a Go time, which Atmos's merge empties (util/goYaml.ts).
            const why =
                raw instanceof Uint8Array
                    ? "!!binary values are not supported (their text would depend on the encoding, and differ from Atmos's)"
                    : "!!timestamp values are not supported (Atmos reads a time, which its merge turns into an empty map)";
            this.problems.push(makeProblem("UNSUPPORTED_TAG", loc, `${why}; write the value as a quoted string`));
            return null;
        }
        const value = scalarValue(raw);
        return typeof value === "string" ? this.checkedString(value, loc) : value;
    }

    /** `value`, or null with a problem when it holds a NUL or is longer than {@link MAX_STRING_LENGTH}. */
    private checkedString(value: string, loc: Location): string | null {
        if (value.includes("\0")) {
            // Written escaped ("\0"): YAML allows the escape, but no name, tag or pattern takes a NUL.
            this.problems.push(
                makeProblem("YAML_SYNTAX", loc, "a NUL character (U+0000) in a value is refused", {
                    rule: "must not hold a NUL character",
                    value,
                }),
            );
            return null;
        }
        if (value.length > MAX_STRING_LENGTH) {
            this.problems.push(
                makeProblem(
                    "YAML_SYNTAX",
                    loc,
                    `a string of ${value.length.toLocaleString("en-US")} characters, more than the ${MAX_STRING_LENGTH.toLocaleString("en-US")} a stack-file value may hold`,
                ),
            );
            return null;
        }
        return value;
    }

    /**
     * A key's string: its text for a plain or quoted key, else its value as text. A key is a node of
     * the map like its value, so Atmos's tags act on it the same way (yaml_utils.go 793-857): a YAML
     * function's key is the text `!tag args`, a `!literal` or `!append` key is as if untagged, an
     * unknown tag is refused; inside an untouched collection a tagged key is its text.
     */
    private keyValue(keyNode: Scalar, keyLoc: Location, text: string): string {
        const tag = keyNode.tag;
        if (tag === undefined) return text;
        if (!tag.startsWith(YAML_TAG_PREFIX)) {
            if (this.untouched > 0) return text;
            if (tag === "!literal" || tag === "!append") {
                return (keyNode.type === "PLAIN" ? goKeyText(text) : undefined) ?? text;
            }
            if (isAtmosFunctionTag(tag) && tag !== "!include" && tag !== "!include.raw") {
                return text === "" ? tag : `${tag} ${text}`;
            }
            this.problems.push(
                makeProblem(
                    "UNSUPPORTED_TAG",
                    keyLoc,
                    isAtmosFunctionTag(tag)
                        ? `a map key written ${tag} is not supported (Atmos replaces the key with the file it names, pkg/utils/yaml_include_by_extension.go 47-104); write the key out`
                        : `unknown YAML tag ${tag} (Atmos refuses it too)`,
                ),
            );
            return text;
        }
        const value = this.scalar(keyNode, keyLoc);
        return value === null ? "" : String(value);
    }

    private buildAlias(node: Alias, loc: Location, active: Set<YamlNode>): TreeNode {
        const target = this.aliasTargets.get(node);
        if (target === undefined) {
            this.problems.push(makeProblem("YAML_SYNTAX", loc, `invalid YAML: alias *${node.source} has no anchor`));
            return { kind: "scalar", loc, value: null };
        }
        if (active.has(target)) {
            this.problems.push(makeProblem("YAML_SYNTAX", loc, `invalid YAML: alias *${node.source} refers to itself`));
            return { kind: "scalar", loc, value: null };
        }
        const inner = new Set(active).add(target);
        if (active.size > 0) return this.build(target, inner);
        this.aliasLoc = loc;
        try {
            return this.build(target, inner);
        } finally {
            this.aliasLoc = undefined;
        }
    }

    private buildMap(
        pairs: readonly { key: unknown; value: unknown }[],
        loc: Location,
        active: Set<YamlNode>,
    ): MapNode {
        const entries = new Map<string, MapEntry>();
        const mergeSources: MapNode[] = [];
        // The keys written so far, by their text: yaml.v3 refuses a key whose kind and text repeat
        // an earlier one's (decode.go `d.mapping`: `1` and "1" are the same key).
        const written = new Set<string>();
        // A root map's keys are their text (Atmos decodes a file into map[string]any); a nested
        // map's plain key that resolves to a non-string is written as Go's %v writes the value.
        const root = this.depth === 1;
        let mergeKey = false;
        // The aliases used as keys so far, by name (yaml.v3 compares an alias key by its name).
        const aliasKeys = new Set<string>();
        // Every entry in order once a key repeats and repeated keys are kept (ParseTreeOptions.repeatedKeys).
        let ordered: MapEntry[] | undefined;
        for (const pair of pairs) {
            const asWritten = pair.key as YamlNode | null;
            const keyLoc = asWritten?.range ? this.locate(asWritten.range[0]) : loc;
            // An alias as a key is the key its anchor is (yaml.v3 decodes the key node through the
            // alias: decode.go `d.mapping` -> `d.unmarshal` -> `d.alias`), the anchor's text.
            const aliasKey = isAlias(asWritten) ? asWritten : undefined;
            const keyNode = aliasKey !== undefined ? this.aliasTargets.get(aliasKey) : asWritten;
            const valueNode = pair.value as YamlNode | null;
            const value: TreeNode = valueNode
                ? this.build(valueNode, active)
                : { kind: "scalar", loc: keyLoc, value: null };
            if (aliasKey !== undefined && keyNode === undefined) {
                this.problems.push(
                    makeProblem("YAML_SYNTAX", keyLoc, `invalid YAML: alias *${aliasKey.source} has no anchor`),
                );
                continue;
            }
            if (aliasKey === undefined && isScalar(keyNode) && isMergeKey(keyNode.value)) {
                // yaml.v3 refuses a second `<<` as any repeated key (decode.go `d.mapping`:
                // `mapping key "<<" already defined`).
                if (mergeKey) {
                    this.problems.push(makeProblem("YAML_SYNTAX", keyLoc, "invalid YAML: Map keys must be unique"));
                    continue;
                }
                mergeKey = true;
                // `<<: *base` or `<<: [*a, *b]`: explicit keys win, then earlier sources win.
                const sources = value.kind === "seq" ? value.items : [value];
                for (const source of sources) {
                    if (source.kind === "map") mergeSources.push(source);
                    else
                        this.problems.push(
                            makeProblem(
                                "YAML_SYNTAX",
                                source.loc,
                                "invalid YAML: a merge key << must refer to a map or a list of maps",
                            ),
                        );
                }
                continue;
            }
            if (keyNode !== null && keyNode !== undefined && !isScalar(keyNode)) {
                this.problems.push(makeProblem("BAD_SHAPE", keyLoc, "map keys must be strings, got a YAML collection"));
                continue;
            }
            const text = keyNode === null || keyNode === undefined ? "" : keyText(keyNode);
            const repeated = aliasKey !== undefined ? aliasKeys.has(aliasKey.source) : written.has(text);
            if (repeated && aliasKey === undefined && this.options.repeatedKeys === "keep") {
                const quoted = keyNode?.type === "QUOTE_DOUBLE" || keyNode?.type === "QUOTE_SINGLE";
                ordered ??= [...entries.values()];
                ordered.push(quoted ? { key: text, keyLoc, value, quoted } : { key: text, keyLoc, value });
                continue;
            }
            if (repeated) {
                this.problems.push(makeProblem("YAML_SYNTAX", keyLoc, "invalid YAML: Map keys must be unique"));
                continue;
            }
            if (aliasKey !== undefined) aliasKeys.add(aliasKey.source);
            else written.add(text);
            const plain =
                keyNode === null || keyNode === undefined || (keyNode.type === "PLAIN" && keyNode.tag === undefined);
            const key =
                (!root && plain ? goKeyText(text) : undefined) ??
                (keyNode === null || keyNode === undefined ? "" : this.keyValue(keyNode, keyLoc, text));
            const earlier = entries.get(key);
            if (earlier !== undefined && aliasKey !== undefined) {
                // The same key through an alias: the Go map takes the later value.
                entries.set(key, { key, keyLoc, value });
                continue;
            }
            if (earlier !== undefined) {
                // Two keys written differently that Atmos writes the same (`010` and `8`): its merge
                // merges them when both are maps and refuses them otherwise (merge.go normalizeMapReflect).
                if (earlier.value.kind === "map" && value.kind === "map") {
                    entries.set(key, { key, keyLoc, value: mergeNodes(earlier.value, value) });
                } else {
                    this.problems.push(
                        makeProblem(
                            "YAML_SYNTAX",
                            keyLoc,
                            `invalid YAML: this key and an earlier one both become the key ${JSON.stringify(key)} in Atmos, and they are not both maps; quote the keys`,
                        ),
                    );
                }
                continue;
            }
            const quoted = keyNode?.type === "QUOTE_DOUBLE" || keyNode?.type === "QUOTE_SINGLE";
            const entry: MapEntry = quoted ? { key, keyLoc, value, quoted } : { key, keyLoc, value };
            entries.set(key, entry);
            ordered?.push(entry);
        }
        for (const source of mergeSources) {
            for (const [key, entry] of source.entries)
                if (!entries.has(key)) {
                    entries.set(key, entry);
                    ordered?.push(entry);
                }
        }
        return ordered === undefined ? { kind: "map", loc, entries } : { kind: "map", loc, entries, written: ordered };
    }
}

/**
 * The YAML functions the parser keeps as `!tag args` text for the loader (every Atmos function but
 * `!append` and `!literal`, which act while parsing); any other custom tag makes Atmos refuse the file.
 */
const ATMOS_FUNCTION_TAGS: ReadonlySet<string> = new Set(
    ATMOS_YAML_FUNCTIONS.filter((tag) => tag !== "!append" && tag !== "!literal"),
);

/** The tags the parser keeps as YAML function text. */
export function atmosFunctionTags(): string[] {
    return [...ATMOS_FUNCTION_TAGS];
}

/** True for a tag Atmos evaluates as a YAML function. */
export function isAtmosFunctionTag(tag: string): boolean {
    return ATMOS_FUNCTION_TAGS.has(tag);
}

/** Whether a plain, untagged scalar resolved to a number kept as its digits (util/goYaml.ts `intValue`, `floatValue`). */
function isNumberText(node: Scalar): boolean {
    if (node.type !== "PLAIN" || node.tag !== undefined || typeof node.source !== "string") return false;
    if (!/^[-+.\d]/.test(node.source)) return false;
    const tag = resolveGoYaml(node.source).tag;
    return tag === "int" || tag === "float";
}

function isMergeKey(value: unknown): boolean {
    return typeof value === "symbol" && value.description === "<<";
}

/** A scalar key's text as yaml.v3 compares keys: the (folded) text of a plain key, the value of a quoted one. */
function keyText(node: Scalar): string {
    return typeof node.source === "string" && node.type === "PLAIN" ? node.source : String(node.value ?? "");
}

/**
 * A scalar's value (util/goYaml.ts has already resolved it: a number that a JavaScript number
 * cannot hold exactly, such as an unquoted 20-digit id, is the digits' text, so nothing is
 * silently rounded: a string var gets the digits, a number var refuses them).
 */
function scalarValue(value: unknown): ScalarValue {
    if (value === null || value === undefined) return null;
    if (typeof value === "number") return value;
    if (typeof value === "string" || typeof value === "boolean") return value;
    return String(value);
}

/** Whether `number` is the number written as `text` (YAML 1.2 core: decimal, `0x`, `0o`, exponents). */
export function representsExactly(text: string, number: number): boolean {
    if (!Number.isFinite(number)) return true; // .inf, .nan: no digits to lose
    const radix = /^([-+]?)0([xo])([0-9a-fA-F]+)$/.exec(text);
    if (radix) {
        const big = BigInt(`0${radix[2]}${radix[3]}`) * (radix[1] === "-" ? -1n : 1n);
        return Number.isSafeInteger(number) ? BigInt(number) === big : BigInt(Math.trunc(number)) === big;
    }
    const written = decimalDigits(text);
    if (written === undefined) return true; // not a decimal literal (should not happen): keep the number
    return written === decimalDigits(number.toExponential().replace(/^-/, text.startsWith("-") ? "-" : ""));
}
