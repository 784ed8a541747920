/**
 * Inheritance and merge of a stack's Terraform components, as Atmos does them: each instance's
 * bases (the deprecated `component:`, then `metadata.inherits`, each with its own bases first), and
 * its sections (vars, settings, env, providers, metadata) merged over the stack-level ones.
 */
import type { AtmosConfig, ListMergeStrategy } from "./atmosConfig";
import { describeNode } from "./convert";
import { makeProblem, type ProblemList, type StackFileProblem } from "./errors";
import { MAX_INHERITED_BASES } from "./limits";
import { mergeLayers } from "./mergeLayers";
import { PATTERN_TOKENS } from "./names";
import { emptyMap, isOptionalBool, toPlain, type Location, type MapEntry, type MapNode, type TreeNode } from "./tree";
import { lazyFields, once } from "../util/remember";
import { didYouMean, SuggestionBudget } from "../util/suggest";

/** One component of the merged stack after inheritance. */
export interface MergedComponent {
    readonly name: string;
    readonly keyLoc: Location;
    /** The Terraform component directory (component path). */
    readonly component: string;
    /** Where the component path was written (undefined when it is the instance name). */
    readonly componentLoc?: Location;
    /** The component type it is declared under (`components.<type>`): `terraform` when absent. */
    readonly componentType?: string;
    readonly abstract: boolean;
    readonly enabled: boolean;
    /** Final vars (all of them). */
    readonly vars: MapNode;
    /**
     * The `name_pattern` tokens of the final vars (what naming reads), when known without merging
     * them; else naming reads `context.vars`.
     */
    readonly nameVars?: Readonly<Record<string, unknown>>;
    /** The vars layers written under this instance and its bases (for strict checks), bases first. */
    readonly ownLayers: readonly { readonly instance: string; readonly vars: MapNode }[];
    /** Every vars layer in merge order (stack-level, bases, own, overrides), for Atmos's deferred merge. */
    readonly varLayers: readonly MapNode[];
    readonly strategy: ListMergeStrategy;
    /** Plain sections for templates and names. */
    readonly context: Readonly<Record<string, unknown>>;
    /** The merged `metadata` section, located (`metadata.locked`). */
    readonly metadata?: MapNode;
    /** The merged `hooks` section, located. */
    readonly hooks?: MapNode;
    /** The merged `settings` section of a Terraform instance, located (`settings.validation`). */
    readonly settings?: MapNode;
    /** The merged `providers` section of a Terraform instance, located. */
    readonly providers?: MapNode;
    /** The merged `env` section of a Terraform instance, located. */
    readonly env?: MapNode;
    /** The merged `auth` section of the instance, its bases and overrides, located. */
    readonly auth?: MapNode;
    /**
     * Of the sections Atmos adds to the component only when not empty (`dependencies`, `retry`,
     * `secrets`, `test`: stack_processor_merge.go 549-566, 640-642), those a layer of it sets.
     */
    readonly setWhenNotEmpty?: readonly string[];
    /**
     * The Terraform backend sections as written, merged (`terraform.<section>`, the bases', the
     * instance's), before Atmos picks the sub-map of the backend type (stack/terraformState.ts does).
     */
    readonly backend?: TerraformBackendSections;
}

/** A Terraform component's backend sections, merged as Atmos merges them, before its defaults apply. */
export interface TerraformBackendSections {
    /** The last non-empty `backend_type` of `terraform:`, the bases, the instance. */
    readonly backendType: string;
    /** `backend` deep-merged: `terraform.backend`, the bases', the instance's (every type's sub-map). */
    readonly backend: Readonly<Record<string, unknown>>;
    /** The last non-empty `remote_state_backend_type`, likewise. */
    readonly remoteStateBackendType: string;
    /** `remote_state_backend` deep-merged likewise. */
    readonly remoteStateBackend: Readonly<Record<string, unknown>>;
}

const GLOBAL_METADATA_KEYS = ["labels", "tags", "custom", "enabled", "locked", "terraform_workspace_pattern"];

/** The stack-level sections every component merges over. */
interface StackSections {
    readonly vars: MapNode;
    readonly settings: MapNode;
    readonly env: MapNode;
    readonly providers: MapNode | undefined;
    readonly metadata: MapNode | undefined;
    readonly hooks: MapNode;
    /** The stack's `auth` under `terraform.auth` (Atmos's GlobalAuth). */
    readonly auth: MapNode;
    /** `terraform.backend`, `terraform.remote_state_backend` and their types. */
    readonly terraform: MapNode | undefined;
    /** The stack-level sections Atmos merges under each instance's that the stack sets (`dependencies`, `secrets`). */
    readonly globalSet: ReadonlySet<string>;
}

/** Sections Atmos adds to a component only when their merge is not empty (stack_processor_merge.go 549-566, 640-642). */
export const WHEN_NOT_EMPTY = ["dependencies", "retry", "secrets", "test"] as const;

/** True when `node` holds `key` as a map with entries. */
function setAt(node: MapNode | undefined, key: string): boolean {
    const value = node?.entries.get(key)?.value;
    return value?.kind === "map" && value.entries.size > 0;
}

/**
 * Every Terraform component of a merged stack, with Atmos's merge applied. Per instance
 * (`components.terraform.<instance>`), vars are the merge of the stack's `vars` and
 * `terraform.vars`, the bases (the deprecated `component:` first, then `metadata.inherits` in order,
 * each with its own bases first), the instance's own `vars`, and its `overrides.vars`; `metadata` is
 * inherited too (not `inherits` and `type`, and only with `stacks.inherit.metadata`), over the
 * manifest's global `metadata`. The component path is the merged `metadata.component`, else the
 * deprecated `component:`, else the instance name. With `namesOnly`, only
 * what a `name_pattern` reads: whether the component is abstract, and its context's `vars` hold just
 * the pattern's tokens, as the merge of its vars layers gives them (nothing else is merged).
 */
export function mergeComponents(
    root: MapNode,
    config: AtmosConfig,
    problems: ProblemList,
    options: { readonly namesOnly?: boolean } = {},
): MergedComponent[] {
    const strategy = config.listMergeStrategy;
    const section = sectionReader(problems);
    const terraform = section(root, "terraform", "");
    const components = section(root, "components", "");
    const instances = section(components, "terraform", "components.");
    const loc = root.loc;
    const both = (key: string) =>
        mergeLayers([section(root, key, ""), section(terraform, key, "terraform.")], loc, strategy);
    const globalVars = both("vars");
    const globalSettings = both("settings");
    const globalEnv = both("env");
    const globalProviders = section(terraform, "providers", "terraform.");
    const globalMetadataAll = section(root, "metadata", "");
    // Newer Atmos refuses other stack-level metadata keys; earlier 1.x releases ignored them, and
    // real repositories still hold them: they are ignored here (they cannot reach any instance).
    const globalMetadata =
        globalMetadataAll && withOnlyKeys(globalMetadataAll, (key) => GLOBAL_METADATA_KEYS.includes(key));
    if (!instances) return [];

    const table = new InstanceTable(instanceEntries(instances, problems), section, problems);
    const stack: StackSections = {
        vars: globalVars,
        settings: globalSettings,
        env: globalEnv,
        providers: globalProviders,
        metadata: globalMetadata,
        hooks: both("hooks"),
        // stack_processor_process_stacks.go 282-287, 393-399, 971: the stack's auth, then terraform.auth
        auth: both("auth"),
        terraform,
        // GlobalDependencies: the stack's and terraform's; GlobalSecrets: the stack's
        // (stack_processor_process_stacks.go 972-973).
        globalSet: new Set(["dependencies", "secrets"].filter((key) => setAt(root, key) || setAt(terraform, key))),
    };
    const globalTokens = options.namesOnly ? nameTokens([globalVars]) : {};
    const result: MergedComponent[] = [];
    for (const [name, entry] of table.maps) {
        result.push(
            options.namesOnly
                ? namingComponent(table, name, entry, globalTokens, strategy)
                : mergedComponent(table, name, entry, stack, config, loc),
        );
    }
    return result;
}

/** Reads a section of a map at `path` + `key`: undefined when absent or null; a problem when not a map. */
type SectionReader = (node: MapNode | undefined, key: string, path: string, instance?: string) => MapNode | undefined;

function sectionReader(problems: ProblemList): SectionReader {
    return (node, key, path, instance) => {
        const value = node?.entries.get(key)?.value;
        if (value === undefined || (value.kind === "scalar" && value.value === null)) return undefined;
        if (value.kind === "map") return value;
        const who = instance === undefined ? "" : `instance ${JSON.stringify(instance)}: `;
        problems.add(
            makeProblem("BAD_SHAPE", value.loc, `${who}${path}${key} must be a map, got ${describeNode(value)}`, {
                ...(instance !== undefined ? { instance } : {}),
                rule: "must be a map",
                value: toPlain(value),
                field: `${path}${key}`,
            }),
        );
        return undefined;
    };
}

/** The instances under `components.terraform` by name (a null instance is an empty map). */
function instanceEntries(instances: MapNode, problems: ProblemList): Map<string, MapEntry> {
    const maps = new Map<string, MapEntry>();
    for (const entry of instances.entries.values()) {
        if (entry.key === "") {
            problems.add(
                makeProblem("BAD_SHAPE", entry.keyLoc, "an instance under components.terraform has an empty name", {
                    field: "components.terraform",
                }),
            );
            continue;
        }
        if (entry.value.kind === "map") {
            maps.set(entry.key, entry);
        } else if (!(entry.value.kind === "scalar" && entry.value.value === null)) {
            problems.add(
                makeProblem(
                    "BAD_SHAPE",
                    entry.value.loc,
                    `instance ${JSON.stringify(entry.key)} must be a map, got ${describeNode(entry.value)}`,
                    { instance: entry.key, rule: "must be a map", value: toPlain(entry.value) },
                ),
            );
        } else {
            maps.set(entry.key, { ...entry, value: emptyMap(entry.keyLoc) });
        }
    }
    return maps;
}

/** The instances of a stack, their sections, and their bases. */
class InstanceTable {
    private readonly suggestions = new SuggestionBudget();

    constructor(
        readonly maps: ReadonlyMap<string, MapEntry>,
        readonly section: SectionReader,
        private readonly problems: ProblemList,
    ) {}

    /** How many problems the load has found so far. */
    get problemCount(): number {
        return this.problems.size;
    }

    /** The map written under an instance. */
    own(name: string): MapNode {
        return this.maps.get(name)!.value as MapNode;
    }

    /** A section written under an instance (`vars`, `settings`, ...). */
    layer(name: string, key: string): MapNode | undefined {
        return this.section(this.own(name), key, "", name);
    }

    metadataOf(name: string): MapNode | undefined {
        return this.layer(name, "metadata");
    }

    /** The bases of `name` in merge order (depth first, repeats kept), Atmos's ProcessBaseComponentConfig. */
    basesOf(name: string): string[] {
        const order: string[] = [];
        const visiting = new Set<string>();
        // Bases met, repeats counted: a base inherited twice by each of n bases is met 2^n times.
        let met = 0;
        const visit = (base: string, from: string, at: TreeNode | undefined, viaInherits: boolean): void => {
            if (met > MAX_INHERITED_BASES) return;
            if (++met > MAX_INHERITED_BASES) {
                this.tooManyBases(name, from, at);
                return;
            }
            if (base === name) return; // self-reference is ignored
            const key = `${name}:${base}`;
            if (visiting.has(key)) {
                this.problems.add(
                    makeProblem(
                        "INHERITS_CYCLE",
                        at?.loc ?? this.maps.get(name)!.keyLoc,
                        `instance ${JSON.stringify(name)}: inheritance cycle through ${JSON.stringify(base)} (from ${JSON.stringify(from)})`,
                        { instance: name, field: "metadata.inherits" },
                    ),
                );
                return;
            }
            if (!this.maps.has(base)) {
                if (viaInherits) this.unknownBase(name, base, from, at);
                return;
            }
            visiting.add(key);
            const baseMetadata = this.metadataOf(base);
            if (scalarAt(baseMetadata, "type") !== "abstract") {
                const deprecated = this.own(base).entries.get("component")?.value;
                if (deprecated?.kind === "scalar" && typeof deprecated.value === "string")
                    visit(deprecated.value, base, deprecated, false);
            }
            for (const item of this.inheritsOf(base, baseMetadata)) visit(item.name, base, item.node, true);
            order.push(base);
            visiting.delete(key);
        };
        const deprecated = this.own(name).entries.get("component")?.value;
        if (deprecated !== undefined && !(deprecated.kind === "scalar" && typeof deprecated.value === "string")) {
            this.badShape(name, deprecated, "component", "must be a string");
        } else if (deprecated?.kind === "scalar") {
            visit(String(deprecated.value), name, deprecated, false);
        }
        for (const item of this.inheritsOf(name, this.metadataOf(name))) visit(item.name, name, item.node, true);
        return order;
    }

    /** The problem of an instance whose bases, counted as often as Atmos merges them, are too many. */
    private tooManyBases(name: string, from: string, at: TreeNode | undefined): void {
        this.problems.add(tooManyBasesProblem(name, from, at?.loc ?? this.maps.get(from)!.keyLoc));
    }

    /** A BAD_SHAPE problem: the instance's `field` breaks `rule`. */
    badShape(name: string, node: TreeNode, field: string, rule: string): void {
        this.problems.add(
            makeProblem(
                "BAD_SHAPE",
                node.loc,
                `instance ${JSON.stringify(name)}: ${field} ${rule}, got ${describeNode(node)}`,
                { instance: name, field, rule, value: toPlain(node) },
            ),
        );
    }

    private unknownBase(name: string, base: string, from: string, at: TreeNode | undefined): void {
        // n instances naming unknown bases among n instances: suggestions while the budget lasts.
        const candidates = this.suggestions.spend(this.maps.size)
            ? [...this.maps.keys()].filter((k) => k !== name)
            : [];
        this.problems.add(
            makeProblem(
                "UNKNOWN_BASE",
                at?.loc ?? this.maps.get(from)!.keyLoc,
                `instance ${JSON.stringify(from)}: metadata.inherits names ${base}, which is not a component of this stack${didYouMean(base, candidates)}`,
                { instance: from, field: "metadata.inherits" },
            ),
        );
    }

    private inheritsOf(name: string, metadata: MapNode | undefined): { name: string; node: TreeNode }[] {
        const value = metadata?.entries.get("inherits")?.value;
        if (value === undefined || (value.kind === "scalar" && value.value === null)) return [];
        if (value.kind !== "seq" || value.items.some((i) => i.kind !== "scalar" || typeof i.value !== "string")) {
            this.badShape(name, value, "metadata.inherits", "must be a list of component names");
            return [];
        }
        return value.items.map((i) => ({ name: String((i as { value: unknown }).value), node: i }));
    }
}

/**
 * The problem of instance `name`, whose bases met (repeats counted, as Atmos merges each) pass
 * {@link MAX_INHERITED_BASES} where `from` names one, at `loc`.
 */
export function tooManyBasesProblem(name: string, from: string, loc: Location): StackFileProblem {
    return makeProblem(
        "INHERITS_CYCLE",
        loc,
        `instance ${JSON.stringify(name)}: metadata.inherits leads to more than ${MAX_INHERITED_BASES.toLocaleString("en-US")} bases ` +
            `(each counted as often as it is inherited, as Atmos merges it each time; here through ${JSON.stringify(from)}); inherit each base once`,
        { instance: name, field: "metadata.inherits" },
    );
}

/** One instance merged in full: every section over its bases' and the stack's. */
function mergedComponent(
    table: InstanceTable,
    name: string,
    entry: MapEntry,
    stack: StackSections,
    config: AtmosConfig,
    loc: Location,
): MergedComponent {
    const section = table.section;
    const ownMap = table.own(name);
    const ownMetadata = table.metadataOf(name) ?? emptyMap(ownMap.loc);
    const bases = table.basesOf(name);
    const overrides = section(ownMap, "overrides", "", name);
    // A section's layers: the stack's, each base's, the instance's own, its overrides'.
    const layers = (key: string, global: MapNode | undefined) => [
        global,
        ...bases.map((b) => table.layer(b, key)),
        table.layer(name, key),
        section(overrides, key, "overrides.", name),
    ];

    // Every section's layers are read now (a section that is not a map is a problem of this load);
    // all but vars and metadata are merged when first read: an instance of another component is
    // named and skipped, and merging a big stack-level section under each of n instances is n times its size.
    const settingsLayers = layers("settings", stack.settings);
    const envLayers = layers("env", stack.env);
    const providersLayers = layers("providers", stack.providers);
    const hooksLayers = layers("hooks", stack.hooks);
    // GlobalAuth, the bases', the instance's, its overrides' (stack_processor_merge.go 167-176)
    const authLayers = layers("auth", stack.auth);
    // Component-level locals (Atmos 1.204): the bases' then the instance's, no stack-level ones
    // (stack_processor_merge.go 490-505, stack_processor_utils.go 2697-2703).
    const localsLayers = [...bases.map((b) => table.layer(b, "locals")), table.layer(name, "locals")];

    // The strategy: atmos.yaml's, unless the component's settings (or its overrides') set one: the
    // merged settings' list_merge_strategy is the last layer's, when a scalar (a map or a list is merged).
    const strategy = config.listMergeStrategy;
    const ownStrategy = lastScalar(settingsLayers, "list_merge_strategy");
    const componentStrategy: ListMergeStrategy =
        ownStrategy === "append" || ownStrategy === "merge" || ownStrategy === "replace" ? ownStrategy : strategy;
    const settings = once(() => mergeLayers(settingsLayers, loc, strategy));

    const baseVars = bases.map((b) => ({ instance: b, vars: table.layer(b, "vars") ?? emptyMap(table.own(b).loc) }));
    const ownVars = { instance: name, vars: table.layer(name, "vars") ?? emptyMap(ownMap.loc) };
    const varLayers = [
        stack.vars,
        ...baseVars.map((l) => l.vars),
        ownVars.vars,
        section(overrides, "vars", "overrides.", name),
    ].filter((l): l is MapNode => l !== undefined);
    const vars = once(() => mergeLayers(varLayers, loc, componentStrategy));
    const merged = (sectionLayers: readonly (MapNode | undefined)[]) =>
        once(() => mergeLayers(sectionLayers, loc, componentStrategy));
    const env = merged(envLayers);
    const providers = merged(providersLayers);
    const hooks = merged(hooksLayers);
    const auth = merged(authLayers);
    const locals = merged(localsLayers);
    const inheritedMetadata = config.inheritMetadata
        ? bases.map((b) => {
              const m = table.metadataOf(b);
              return m === undefined ? undefined : withoutKeys(m, ["inherits", "type"]);
          })
        : [];
    const metadata = mergeLayers([stack.metadata, ...inheritedMetadata, ownMetadata], loc, componentStrategy);
    const path = componentPathOf(name, ownMap, config.inheritMetadata ? metadata : ownMetadata, table);
    const deprecated = ownMap.entries.get("component")?.value;
    // The component section's `component` (templates' `.component`): the instance's own
    // metadata.component, else its deprecated `component:`, else its name (not a base's metadata).
    const componentAttribute =
        nonEmptyString(ownMetadata.entries.get("component")?.value) ?? nonEmptyString(deprecated) ?? name;
    const type = ownMetadata.entries.get("type")?.value;
    const enabled = enabledOf(name, metadata, table);
    const plain = (node: MapNode) => toPlain(node) as Record<string, unknown>;
    // Atmos's processTerraformBackend and processTerraformRemoteStateBackend
    // (internal/exec/stack_processor_backend.go 36-93, 254-313): each type is the last non-empty one
    // of terraform:, the bases, the instance; each section is deep-merged in that order.
    const backendType = (key: string) =>
        [scalarAt(stack.terraform, key), ...bases.map((b) => scalarAt(table.own(b), key)), scalarAt(ownMap, key)]
            .filter((t): t is string => typeof t === "string" && t !== "")
            .pop() ?? "";
    const backendSection = (key: string) =>
        plain(
            mergeLayers(
                [
                    section(stack.terraform, key, "terraform."),
                    ...bases.map((b) => table.layer(b, key)),
                    table.layer(name, key),
                ],
                loc,
                componentStrategy,
            ),
        );
    // Merged when read: for each of this package's instances (its backend is checked, as Atmos checks it for every
    // command) and for an instance whose state another one reads; not for the other tools' instances.
    let backend: TerraformBackendSections | undefined;
    // The maps written for this instance (its bases', its own, its overrides), where a when-not-empty section may be set.
    const written = [...bases.map((b) => table.own(b)), ownMap, overrides];
    return {
        name,
        get backend(): TerraformBackendSections {
            return (backend ??= {
                backendType: backendType("backend_type"),
                backend: backendSection("backend"),
                remoteStateBackendType: backendType("remote_state_backend_type"),
                remoteStateBackend: backendSection("remote_state_backend"),
            });
        },
        keyLoc: entry.keyLoc,
        ...path,
        abstract: type?.kind === "scalar" && type.value === "abstract",
        enabled,
        get vars() {
            return vars();
        },
        nameVars: nameTokens(varLayers),
        ownLayers: [...baseVars, ownVars],
        varLayers,
        strategy: componentStrategy,
        context: lazyFields({
            vars: () => plain(vars()),
            settings: () => plain(settings()),
            env: () => plain(env()),
            metadata: () => plain(metadata),
            providers: () => plain(providers()),
            overrides: () => (overrides ? plain(overrides) : {}),
            component: () => componentAttribute,
            atmos_component: () => name,
            hooks: () => plain(hooks()),
            locals: () => plain(locals()),
        }),
        metadata,
        get hooks() {
            return hooks();
        },
        get settings() {
            return settings();
        },
        get providers() {
            return providers();
        },
        get env() {
            return env();
        },
        get auth() {
            return auth();
        },
        setWhenNotEmpty: WHEN_NOT_EMPTY.filter((key) => stack.globalSet.has(key) || written.some((m) => setAt(m, key))),
    };
}

/**
 * The component path of an instance: `metadata.component` of `metadata` (Atmos's
 * ProcessComponentMetadata reads the merged metadata, so a base's metadata.component, inherited
 * with stacks.inherit.metadata, names the directory), else its deprecated `component:`, else its name.
 */
function componentPathOf(
    name: string,
    ownMap: MapNode,
    metadata: MapNode,
    table: InstanceTable,
): { component: string; componentLoc?: Location } {
    const metadataComponent = metadata.entries.get("component")?.value;
    if (metadataComponent !== undefined && !(metadataComponent.kind === "scalar" && metadataComponent.value === null)) {
        const path = nonEmptyString(metadataComponent);
        if (path !== undefined) return { component: path, componentLoc: metadataComponent.loc };
        table.badShape(name, metadataComponent, "metadata.component", "must be a component path (a string)");
        return { component: name };
    }
    const deprecated = ownMap.entries.get("component")?.value;
    const path = nonEmptyString(deprecated);
    return path !== undefined ? { component: path, componentLoc: deprecated!.loc } : { component: name };
}

/** Whether an instance is enabled (`metadata.enabled`, merged): a value other than a bool is a problem. */
function enabledOf(name: string, metadata: MapNode, table: InstanceTable): boolean {
    const node = metadata.entries.get("enabled")?.value;
    if (node === undefined) return true;
    if (!isOptionalBool(node)) table.badShape(name, node, "metadata.enabled", "must be a bool");
    return !(node.kind === "scalar" && node.value === false);
}

/** What an instance adds to its stack's name: its bases (by node), whether it is abstract, its name tokens. */
interface NameParts {
    readonly bases: readonly (readonly [string, MapNode])[];
    readonly abstract: boolean;
    readonly tokens: Readonly<Record<string, unknown>>;
}

const NAME_PARTS = new WeakMap<MapNode, NameParts>();

/** One instance as a `name_pattern` reads it: abstract or not, and the tokens of its vars layers. */
function namingComponent(
    table: InstanceTable,
    name: string,
    entry: MapEntry,
    globalTokens: Readonly<Record<string, unknown>>,
    strategy: ListMergeStrategy,
): MergedComponent {
    const ownMap = table.own(name);
    // What an instance contributes to its name is the same in every stack that imports it
    // unchanged (the same node, with the same nodes as bases): computed once per run.
    let named = NAME_PARTS.get(ownMap);
    if (named === undefined || !named.bases.every(([b, node]) => table.maps.get(b)?.value === node)) {
        const before = table.problemCount;
        const bases = table.basesOf(name);
        const overrides = table.section(ownMap, "overrides", "", name);
        const type = table.metadataOf(name)?.entries.get("type")?.value;
        named = {
            bases: bases.map((b) => [b, table.own(b)] as const),
            abstract: type?.kind === "scalar" && type.value === "abstract",
            tokens: nameTokens([
                ...bases.map((b) => table.layer(b, "vars")),
                table.layer(name, "vars"),
                table.section(overrides, "vars", "overrides.", name),
            ]),
        };
        if (table.problemCount === before) NAME_PARTS.set(ownMap, named);
    }
    return {
        name,
        keyLoc: entry.keyLoc,
        component: name,
        abstract: named.abstract,
        enabled: true,
        vars: emptyMap(ownMap.loc),
        ownLayers: [],
        varLayers: [],
        strategy,
        context: { vars: { ...globalTokens, ...named.tokens } },
    };
}

/**
 * The `name_pattern` tokens that vars layers set, as their merge gives them: the last layer that
 * sets a token wins (two maps would merge, into a map: not a string either way, which is all a
 * name_pattern asks).
 */
export function nameTokens(layers: readonly (MapNode | undefined)[]): Record<string, unknown> {
    const tokens: Record<string, unknown> = {};
    for (const token of PATTERN_TOKENS) {
        for (const l of layers) {
            const set = l?.entries.get(token);
            if (set !== undefined) tokens[token] = toPlain(set.value);
        }
    }
    return tokens;
}

/** The value of a scalar holding a non-empty string, else undefined. */
function nonEmptyString(node: TreeNode | undefined): string | undefined {
    return node?.kind === "scalar" && typeof node.value === "string" && node.value !== "" ? node.value : undefined;
}

/** The value of `key` in the last of `layers` that holds it, when a scalar: what their merge holds there. */
function lastScalar(layers: readonly (MapNode | undefined)[], key: string): unknown {
    for (let i = layers.length - 1; i >= 0; i--) {
        const entry = layers[i]?.entries.get(key);
        if (entry !== undefined) return entry.value.kind === "scalar" ? entry.value.value : undefined;
    }
    return undefined;
}

function scalarAt(node: MapNode | undefined, key: string): unknown {
    const child = node?.entries.get(key)?.value;
    return child?.kind === "scalar" ? child.value : undefined;
}

function withoutKeys(node: MapNode, keys: readonly string[]): MapNode {
    return withOnlyKeys(node, (key) => !keys.includes(key));
}

function withOnlyKeys(node: MapNode, keep: (key: string) => boolean): MapNode {
    return { kind: "map", loc: node.loc, entries: new Map([...node.entries].filter(([key]) => keep(key))) };
}
