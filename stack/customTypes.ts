/**
 * Atmos's custom component types (`components.<type>.<instance>`, Atmos 1.221), merged as Atmos merges
 * them (internal/exec/stack_processor_process_stacks.go ~1237-1459 at 0a1cb44). `components.pulumi`
 * instances become merged components of this package; other custom types are left alone, with a note.
 */
import type { AtmosConfig } from "./atmosConfig";
import { describeNode } from "./convert";
import { formatLocation, makeProblem, type ProblemList } from "./errors";
import { nameTokens, tooManyBasesProblem, type MergedComponent } from "./inheritance";
import { MAX_INHERITED_BASES } from "./limits";
import { lazyFields, once } from "../util/remember";
import { mergeAll, mergeTree } from "./merge";
import { emptyMap, isOptionalBool, toPlain, type Location, type MapEntry, type MapNode, type TreeNode } from "./tree";

/**
 * The component types Atmos processes natively (stack_processor_process_stacks.go ~1249-1256,
 * `builtInTypes`); any other key under `components` is a custom type.
 */
export const NATIVE_COMPONENT_TYPES: readonly string[] = [
    "terraform",
    "helmfile",
    "packer",
    "ansible",
    "kubernetes",
    "helm",
];

/** The custom type this package deploys: `components.pulumi.<instance>`. */
export const PULUMI_COMPONENT_TYPE = "pulumi";

/** Stack-level `metadata` keys Atmos accepts (validateGlobalMetadataSection). */
const GLOBAL_METADATA_KEYS = ["labels", "tags", "custom", "enabled", "locked", "terraform_workspace_pattern"];

/** The custom component types of a merged stack, each with where its `components.<type>` key is. */
export function customTypesOf(
    root: MapNode,
): { readonly type: string; readonly loc: Location; readonly count: number }[] {
    const components = root.entries.get("components")?.value;
    if (components?.kind !== "map") return [];
    const out: { type: string; loc: Location; count: number }[] = [];
    for (const entry of components.entries.values()) {
        if (NATIVE_COMPONENT_TYPES.includes(entry.key)) continue;
        out.push({
            type: entry.key,
            loc: entry.keyLoc,
            count: entry.value.kind === "map" ? entry.value.entries.size : 0,
        });
    }
    return out;
}

/**
 * The instances of custom type `type` (`components.<type>.<instance>`), merged as Atmos merges a
 * custom type:
 * - bases: `metadata.inherits` of the same type, in order, each resolved with its own bases first
 *   and deep-merged whole (every section, not only vars) under the instance; a base's
 *   `metadata.type`, `metadata.inherits` and `metadata.component` are not inherited; an unknown
 *   base and a cycle are skipped (resolveCustomComponentInheritance ~1347-1392);
 * - then the stack's top-level `vars`, `settings` and `env` under the instance's, at the top level
 *   only (an instance's `tags` replaces the stack's `tags` whole, ~1287-1322); no `<type>.vars`, no
 *   `terraform.*`, no atmos.yaml `env`, no `overrides`;
 * - the stack's `metadata` deep-merged under the instance's (~1323-1333);
 * - `component` is the instance name (~1335).
 * Unknown bases are reported as warnings (Atmos skips them silently).
 */
export function mergeCustomComponents(
    root: MapNode,
    type: string,
    config: AtmosConfig,
    problems: ProblemList,
    warnings: string[],
): MergedComponent[] {
    const components = mapAt(root, "components");
    const typed = components?.entries.get(type);
    if (typed === undefined || isNull(typed.value)) return [];
    const where = `components.${type}`;
    if (typed.value.kind !== "map") {
        problems.add(
            makeProblem("BAD_SHAPE", typed.value.loc, `${where} must be a map, got ${describeNode(typed.value)}`, {
                field: where,
                rule: "must be a map",
                value: toPlain(typed.value),
            }),
        );
        return [];
    }
    const strategy = config.listMergeStrategy;
    const instances = new Map<string, MapEntry>();
    for (const entry of typed.value.entries.values()) {
        // Atmos: "custom component '<name>' in type '<type>' must be a map" (a null one too).
        if (entry.value.kind !== "map") {
            problems.add(
                makeProblem(
                    "BAD_SHAPE",
                    entry.value.loc,
                    `instance ${JSON.stringify(entry.key)} under ${where} must be a map, got ${describeNode(entry.value)}`,
                    { instance: entry.key, rule: "must be a map", value: toPlain(entry.value) },
                ),
            );
            continue;
        }
        instances.set(entry.key, entry);
    }
    const stackVars = topLevel(root, "vars");
    const stackSettings = topLevel(root, "settings");
    const stackEnv = topLevel(root, "env");
    const stackMetadataAll = topLevel(root, "metadata");
    const stackMetadata = stackMetadataAll && onlyKeys(stackMetadataAll, (k) => GLOBAL_METADATA_KEYS.includes(k));

    const out: MergedComponent[] = [];
    // Bases resolved the same wherever they are met, by name (a chain of n bases is resolved once, not n times).
    const resolutions = new Map<string, Resolution>();
    for (const [name, entry] of instances) {
        const own = entry.value as MapNode;
        const before = problems.size;
        // The bases met so far (repeats counted, as Atmos resolves each again): at most MAX_INHERITED_BASES.
        const budget = { met: 0, refused: false };
        /**
         * `current` resolved: its bases merged in order, each resolved first (a base on the path is
         * skipped), then its own map; with the vars layers written under it and its bases, for the
         * strict checks. A base's resolution is kept when nothing on the path changed it (no base
         * skipped, no warning, no problem): it is then the same wherever the base is met.
         */
        const resolve = (current: string, node: MapNode, visited: Set<string>): Resolution => {
            let merged: MapNode = emptyMap(node.loc);
            const layers: VarsLayer[] = [];
            let calls = 1;
            let clean = true;
            const problemsBefore = problems.size;
            for (const base of basesOf(current, node, problems)) {
                if (budget.refused) break;
                if (visited.has(base.name)) {
                    clean = false;
                    continue;
                }
                const baseEntry = instances.get(base.name);
                if (baseEntry === undefined) {
                    warnings.push(
                        `${formatLocation(base.node.loc)}: ${where} instance ${JSON.stringify(current)}: metadata.inherits names ${base.name}, which is not a ${type} component of this stack; skipped, as Atmos skips it`,
                    );
                    clean = false;
                    continue;
                }
                let resolvedBase = resolutions.get(base.name);
                if (resolvedBase === undefined && budget.met < MAX_INHERITED_BASES) {
                    budget.met++;
                    visited.add(base.name);
                    resolvedBase = resolve(base.name, baseEntry.value as MapNode, visited);
                    visited.delete(base.name);
                    if (resolvedBase.clean) resolutions.set(base.name, resolvedBase);
                } else if (resolvedBase !== undefined) {
                    // Kept: its resolutions count as if made again.
                    budget.met += resolvedBase.calls;
                }
                if (resolvedBase === undefined || budget.met > MAX_INHERITED_BASES) {
                    if (!budget.refused) problems.add(tooManyBasesProblem(name, current, base.node.loc));
                    budget.refused = true;
                    break;
                }
                calls += resolvedBase.calls;
                clean &&= resolvedBase.clean;
                layers.push(...resolvedBase.layers);
                merged = mergeTree(merged, sanitized(resolvedBase.node), strategy) as MapNode;
            }
            const ownVars = mapAt(node, "vars");
            if (ownVars !== undefined) layers.push({ instance: current, vars: ownVars });
            return {
                node: mergeTree(merged, node, strategy) as MapNode,
                layers,
                calls,
                clean: clean && !budget.refused && problems.size === problemsBefore,
            };
        };
        const { node: resolved, layers: varsLayers } = resolve(name, own, new Set());
        if (problems.size > before) continue;
        const section = (key: string): MapNode | undefined => {
            const value = resolved.entries.get(key)?.value;
            if (value === undefined || isNull(value)) return undefined;
            if (value.kind === "map") return value;
            problems.add(
                makeProblem(
                    "BAD_SHAPE",
                    value.loc,
                    `instance ${JSON.stringify(name)}: ${key} must be a map, got ${describeNode(value)}`,
                    { instance: name, field: key, rule: "must be a map", value: toPlain(value) },
                ),
            );
            return undefined;
        };
        // The sections are read now (one that is not a map is a problem), merged over the stack's when
        // first read: an instance of another component is skipped, and n instances under big
        // stack-level sections would copy them n times. Its stack name reads only the tokens.
        const ownVars = section("vars");
        const ownSettings = section("settings");
        const ownEnv = section("env");
        const vars = once(() => overTopLevel(stackVars, ownVars, own.loc));
        const settings = once(() => overTopLevel(stackSettings, ownSettings, own.loc));
        const env = once(() => overTopLevel(stackEnv, ownEnv, own.loc));
        const varLayers = once(() => [vars()]);
        const metadata = mergeAll([stackMetadata, section("metadata")], own.loc, strategy);
        const hooks = section("hooks") ?? emptyMap(own.loc);
        const locals = section("locals");
        const auth = section("auth");
        if (problems.size > before) continue;
        const ownMetadata = mapAt(own, "metadata");
        const componentNode = metadata.entries.get("component")?.value;
        const path =
            componentNode?.kind === "scalar" && typeof componentNode.value === "string" && componentNode.value !== ""
                ? { component: componentNode.value, componentLoc: componentNode.loc }
                : { component: name };
        const typeNode = ownMetadata?.entries.get("type")?.value;
        const enabledNode = metadata.entries.get("enabled")?.value;
        if (enabledNode !== undefined && !isOptionalBool(enabledNode)) {
            problems.add(
                makeProblem(
                    "BAD_SHAPE",
                    enabledNode.loc,
                    `instance ${JSON.stringify(name)}: metadata.enabled must be a bool, got ${describeNode(enabledNode)}`,
                    { instance: name, field: "metadata.enabled", rule: "must be a bool", value: toPlain(enabledNode) },
                ),
            );
            continue;
        }
        const plain = (node: MapNode) => toPlain(node) as Record<string, unknown>;
        out.push({
            name,
            keyLoc: entry.keyLoc,
            ...path,
            componentType: type,
            abstract: typeNode?.kind === "scalar" && typeNode.value === "abstract",
            enabled: !(enabledNode?.kind === "scalar" && enabledNode.value === false),
            get vars() {
                return vars();
            },
            nameVars: nameTokens([stackVars, ownVars]),
            ownLayers: varsLayers,
            // No deferred merge of YAML functions for custom types: the merged vars are evaluated.
            get varLayers() {
                return varLayers();
            },
            strategy,
            context: lazyFields({
                vars: () => plain(vars()),
                settings: () => plain(settings()),
                env: () => plain(env()),
                metadata: () => plain(metadata),
                providers: () => ({}),
                overrides: () => ({}),
                component: () => name,
                component_type: () => type,
                atmos_component: () => name,
                locals: () => (locals === undefined ? {} : plain(locals)),
            }),
            metadata,
            hooks,
            ...(auth !== undefined ? { auth } : {}),
        });
    }
    return out;
}

/** The vars written under an instance or a base, for the strict checks. */
interface VarsLayer {
    readonly instance: string;
    readonly vars: MapNode;
}

/** A custom component resolved over its bases (stack_processor_process_stacks.go resolveCustomComponentInheritance). */
interface Resolution {
    readonly node: MapNode;
    readonly layers: readonly VarsLayer[];
    /** The resolutions it took, itself and its bases' (repeats counted). */
    readonly calls: number;
    /** No base was skipped as on the path, no warning or problem: the same wherever the base is met. */
    readonly clean: boolean;
}

/** `metadata.inherits` of a custom component: a list of strings (empty ones skipped), else a problem. */
function basesOf(name: string, node: MapNode, problems: ProblemList): { name: string; node: TreeNode }[] {
    const value = mapAt(node, "metadata")?.entries.get("inherits")?.value;
    if (value === undefined) return [];
    // customComponentInheritsBases (~1397-1420): not a list, or an item not a string, is an error.
    if (value.kind !== "seq" || value.items.some((i) => i.kind !== "scalar" || typeof i.value !== "string")) {
        problems.add(
            makeProblem(
                "BAD_SHAPE",
                value.loc,
                `instance ${JSON.stringify(name)}: metadata.inherits must be a list of component names, got ${describeNode(value)}`,
                { instance: name, field: "metadata.inherits", rule: "must be a list of component names" },
            ),
        );
        return [];
    }
    return value.items
        .map((i) => ({ name: String((i as { value: unknown }).value), node: i }))
        .filter((b) => b.name !== "");
}

/** A base without its `metadata.type`, `.inherits` and `.component` (sanitizeBaseForInheritance ~1424-1440). */
function sanitized(base: MapNode): MapNode {
    const metadata = mapAt(base, "metadata");
    if (metadata === undefined) return base;
    const kept = onlyKeys(metadata, (k) => k !== "type" && k !== "inherits" && k !== "component");
    const entries = new Map(base.entries);
    if (kept.entries.size === 0) entries.delete("metadata");
    else entries.set("metadata", { ...base.entries.get("metadata")!, value: kept });
    return { ...base, entries };
}

/** The stack's keys, each replaced whole by the instance's key of the same name. */
function overTopLevel(stack: MapNode | undefined, own: MapNode | undefined, loc: Location): MapNode {
    const entries = new Map(stack?.entries ?? []);
    for (const [key, entry] of own?.entries ?? []) entries.set(key, entry);
    return { kind: "map", loc: own?.loc ?? stack?.loc ?? loc, entries };
}

/** A top-level section (one of the wrong shape is reported by the Terraform merge, inheritance.ts). */
function topLevel(root: MapNode, key: string): MapNode | undefined {
    return mapAt(root, key);
}

function mapAt(node: MapNode | undefined, key: string): MapNode | undefined {
    const value = node?.entries.get(key)?.value;
    return value?.kind === "map" ? value : undefined;
}

function isNull(node: TreeNode): boolean {
    return node.kind === "scalar" && node.value === null;
}

function onlyKeys(node: MapNode, keep: (key: string) => boolean): MapNode {
    return { kind: "map", loc: node.loc, entries: new Map([...node.entries].filter(([key]) => keep(key))) };
}
