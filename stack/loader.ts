/**
 * The stack loader: a stack manifest of an Atmos repository in, the instances of this package's
 * components with their final vars out, or a `StackFileError` listing every problem where it is.
 */
import * as nodePath from "node:path";
import { withLoadBudget } from "../gotemplate";
import { canonicalPath, COMPONENT_ALIASES, nearMiss } from "./componentPaths";
import { loadEnvironment } from "./environment";
import { formatLocation, makeProblem, ProblemList, StackFileError } from "./errors";
import { isNotFound, readProblemText, type FileSystem } from "./files";
import { customTypesOf, mergeCustomComponents, PULUMI_COMPONENT_TYPE } from "./customTypes";
import { mergeComponents, type MergedComponent } from "./inheritance";
import { evaluationContext, instanceWorkspace, resolveInstance, type InstanceScope } from "./instance";
import type {
    InstanceSearch,
    InternalLoad,
    LoadedStack,
    LoadOptions,
    SkippedInstance,
    StackComponent,
    StackInstance,
} from "./loadTypes";
import { processManifest } from "./manifest";
import { instanceSearch, requireInstance } from "./onlyInstance";
import { withStateSources } from "./stateSources";
import { backendProblem } from "./terraformState";
import { componentFunction, describeCache, type DescribeLoad } from "./componentFunction";
import { componentStackName } from "./naming";
import { COMPONENT_SCHEMAS } from "./schema";
import { hasTemplate, templateSettingsFrom } from "./templating";
import { isValueFunction } from "./yamlFunctions";
import type { Location, MapNode } from "./tree";
import { writtenAt, type AtmosConfig } from "./atmosConfig";
import { isPlainObject } from "../util/objects";
import { escapeText } from "../util/terminalText";

/** Loads the stack manifest at `file` and everything it imports. */
export function loadStackFile(file: string, options: LoadOptions = {}): LoadedStack {
    return load(file, undefined, options);
}

/** `loadStackFile` within a run of the repository functions. */
export function loadManifest(file: string, options: LoadOptions, internal: InternalLoad): LoadedStack {
    return load(file, undefined, options, internal);
}

/** Loads a stack manifest from its text; `file` names it (imports resolve from there). */
export function parseStack(text: string, file = "<stack>", options: LoadOptions = {}): LoadedStack {
    return load(file, text, options);
}

/**
 * Where a non-relative import points without an atmos.yaml: the stacks base path. Kept for
 * callers of the earlier API: `./`/`../` paths are relative to the importing file, others to
 * `stacksBasePath` (default: the importing file's directory); `.yaml` is added without an extension.
 */
export function importTarget(importingFile: string, path: string, stacksBasePath?: string): string {
    const withExtension = nodePath.extname(path) === "" ? `${path}.yaml` : path;
    if (nodePath.isAbsolute(withExtension)) return withExtension;
    const first = path.split("/")[0];
    const base =
        first === "." || first === ".."
            ? nodePath.dirname(importingFile)
            : (stacksBasePath ?? nodePath.dirname(importingFile));
    return nodePath.join(base, withExtension);
}

function load(file: string, text: string | undefined, options: LoadOptions, internal: InternalLoad = {}): LoadedStack {
    // one budget for every template the load runs (all files, values and evaluations)
    return withLoadBudget(() => loadWithin(file, text, options, internal));
}

function loadWithin(file: string, text: string | undefined, options: LoadOptions, internal: InternalLoad): LoadedStack {
    const environment = loadEnvironment(file, options, text, internal);
    const { cwd, files, config, display, confinement } = environment;
    const absolute = nodePath.resolve(cwd, file);
    const problems = new ProblemList();
    const shown = display(absolute);
    if (text === undefined && !files.isFile(absolute)) {
        let cause: unknown;
        try {
            files.readFile(absolute);
        } catch (error) {
            cause = error;
        }
        const notFound = cause === undefined || isNotFound(cause);
        throw new StackFileError([
            makeProblem(
                notFound ? "FILE_NOT_FOUND" : "FILE_UNREADABLE",
                { file: shown },
                notFound ? "file not found" : readProblemText(cause),
            ),
        ]);
    }
    const root = processManifest(absolute, {
        config,
        files,
        problems,
        display,
        ...(options.renderFile ? { renderFile: options.renderFile } : {}),
        ...(options.cwd !== undefined ? { cwd: nodePath.resolve(options.cwd) } : {}),
        ...(options.env !== undefined ? { env: options.env } : {}),
        allowExec: options.allowExec === true,
        confinement,
        ...(internal.run ? { cache: internal.run.manifests } : {}),
    });
    problems.throwIfAny();
    const ownSearch = options.component !== undefined && internal.search === undefined;
    const search = internal.search ?? (options.component !== undefined ? instanceSearch(options.component) : undefined);
    const resolved = resolveStack(
        root,
        absolute,
        config,
        problems,
        options,
        display,
        internal.onlyStack,
        search,
        internal.componentsOf,
    );
    problems.throwIfAny();
    const globalAuth = resolved.instances.length > 0 ? globalAuthNote(config, files, display) : undefined;
    // Warnings quote the user's files: escaped for the terminal, one line each, as problems are.
    const warnings = [...resolved.warnings, ...(globalAuth === undefined ? [] : [globalAuth])].map(escapeText);
    const loaded = { file, ...resolved, warnings: [...new Set(warnings)] };
    return ownSearch ? requireInstance(loaded, search!, { file: shown }) : loaded;
}

/**
 * The instances of a processed manifest. Instances of other components are skipped (left to
 * Terraform), abstract ones are bases only, `metadata.enabled: false` ones are left out; the vars of
 * this package's instances are checked strictly, and run through Atmos's component pass (templates,
 * then YAML functions) after merging. Sections Atmos uses for other purposes are ignored.
 */
function resolveStack(
    root: MapNode,
    manifest: string,
    config: AtmosConfig,
    problems: ProblemList,
    options: LoadOptions,
    display: (absolute: string) => string,
    onlyStack?: string,
    search?: InstanceSearch,
    otherStack?: (stack: string) => readonly StackComponent[] | undefined,
): Omit<LoadedStack, "file"> {
    const warnings: string[] = [];
    const perEntry = new EntryWarnings();
    const instances: StackInstance[] = [];
    const skipped: SkippedInstance[] = [];
    const merged = [
        ...mergeComponents(root, config, problems),
        ...mergeCustomComponents(root, PULUMI_COMPONENT_TYPE, config, problems, warnings),
    ];
    const shown = display(manifest);
    noteCustomTypes(root, warnings);
    refuseTwiceDeclared(merged, problems);

    // The stack name: from the first of this package's instances, else the first real component.
    const ours = merged.filter((c) => !c.abstract && canonicalPath(c.component) !== undefined);
    const namer = ours[0] ?? merged.find((c) => !c.abstract);
    const named = componentStackName(namer, root, manifest, config, options.env);
    if (named.problem)
        problems.add(
            makeProblem(
                "STACK_NAME",
                namer?.keyLoc ?? { file: shown },
                named.problem,
                namer ? { instance: namer.name } : {},
            ),
        );
    // Without an atmos.yaml the name is only informative: no warning about Atmos's default pattern.
    if (named.warning && config.files.length > 0) warnings.push(`${shown}: ${named.warning}`);
    const stackName = onlyStack ?? named.name;

    // An atmos.yaml that leaves templates off: a var holding `{{ ... }}` keeps it, as Atmos keeps it,
    // with a warning (the text would otherwise surface later as an unrelated refusal).
    const templatesOff =
        config.files.length > 0 && !templateSettingsFrom(config.raw, true).enabled
            ? display(config.files[config.files.length - 1])
            : undefined;
    const templates = {
        ...templateSettingsFrom(config.raw, config.files.length > 0),
        ...(options.env !== undefined ? { processEnv: options.env } : {}),
    };
    // The components of a stack: this manifest's, else (a repository load) another manifest's.
    const ownNames = new Map<MergedComponent, string>();
    const ownNameOf = (c: MergedComponent) => {
        let name = ownNames.get(c);
        if (name === undefined) {
            name = c === namer ? named.name : componentStackName(c, root, manifest, config, options.env).name;
            ownNames.set(c, name);
        }
        return name;
    };
    const componentsOf = (stack: string): readonly StackComponent[] | undefined => {
        const here = merged
            .filter((c) => !c.abstract && ownNameOf(c) === stack)
            .map((c) => ({ component: c, stack, manifest }));
        return here.length > 0 ? here : otherStack?.(stack);
    };
    // atmos.Component: the components it describes, once per load.
    const loadScope = {
        config,
        templates,
        allowExec: options.allowExec === true,
        ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
        ...(options.env !== undefined ? { env: options.env } : {}),
        warnings,
    };
    const describeLoad: DescribeLoad = {
        scope: loadScope,
        manifest,
        componentsOf,
        knownStacks: () => [...new Set(merged.filter((c) => !c.abstract).map(ownNameOf))],
        otherStacks: otherStack !== undefined,
    };
    const descriptions = describeCache();
    /** The instances loaded, by the Atmos stack their own vars name. */
    const byStack = new Map<string, string[]>();
    for (const component of merged) {
        if (search !== undefined && component.name === search.name && (component.abstract || !component.enabled))
            search.notDeployable.set(component.name, component.abstract ? "abstract" : "disabled");
        if (component.abstract || !component.enabled) continue;
        // Atmos's `-s NAME` (findComponentInStacks): a component belongs to the stack its own vars name.
        const ownName =
            component === namer ? named.name : componentStackName(component, root, manifest, config, options.env).name;
        if (onlyStack !== undefined && ownName !== onlyStack) continue;
        // One instance asked for: the others are not resolved (their problems are not this run's).
        if (search !== undefined && component.name !== search.name) {
            search.others.add(component.name);
            continue;
        }
        byStack.set(ownName, [...(byStack.get(ownName) ?? []), component.name]);
        const canonical = implementedPath(component, warnings);
        if (canonical === undefined && component.componentType === PULUMI_COMPONENT_TYPE) {
            search?.notDeployable.set(component.name, "foreign");
            warnings.push(
                `${formatLocation(component.componentLoc ?? component.keyLoc)}: components.pulumi instance ${JSON.stringify(component.name)}: component ${component.component} is not one of this package's components; left alone (it is not Terraform's either)`,
            );
            continue;
        }
        if (canonical === undefined) {
            skipped.push({ instance: component.name, component: component.component, location: component.keyLoc });
            continue;
        }
        const schema = COMPONENT_SCHEMAS[canonical];
        const shownStack = config.files.length > 0 ? stackName : undefined;
        const who = `${schema.path} ${JSON.stringify(component.name)}${shownStack === undefined ? "" : ` (stack ${shownStack})`}`;
        if (!deployable(component, who, problems, perEntry)) continue;
        refuseBadBackend(component, who, problems);
        const scope: InstanceScope = { ...loadScope, stackName, ownName, manifest };
        const workspace = instanceWorkspace(component, who, scope, problems);
        if (workspace === undefined) continue;
        const instance = resolveInstance(
            component,
            schema,
            who,
            {
                ...evaluationContext(component, who, scope, workspace),
                components: componentFunction(describeLoad, descriptions, {
                    component: component.name,
                    stack: ownName,
                }),
            },
            problems,
            warnings,
            templatesOff,
            canonical !== component.component ? component.component : undefined,
        );
        if (instance) instances.push(instance);
    }
    // A manifest whose components' own vars name two Atmos stacks (atmos ... -s NAME finds each in
    // its own): loaded whole, under the first one's name, as said.
    if (onlyStack === undefined && config.files.length > 0 && byStack.size > 1) {
        const stacks = [...byStack].map(([name, members]) => `${name}: ${members.join(", ")}`).join("; ");
        warnings.push(
            `${shown}: holds the components of ${byStack.size} Atmos stacks (${stacks}); all are loaded, under the first one's name, ${stackName}: load one stack by its name (loadAtmosStack, synth --atmos-stack NAME)`,
        );
    }
    perEntry.flush(warnings);
    // A component another instance reads the outputs of, still Terraform's: its state's location.
    const located = withStateSources(
        instances,
        stackName,
        { config, ...(options.env !== undefined ? { env: options.env } : {}), componentsOf },
        problems,
    );
    return {
        stackName,
        ...(config.files.length > 0 ? { atmosStack: stackName } : {}),
        instances: located,
        skipped,
        warnings: [...new Set(warnings)],
    };
}

/**
 * The canonical path of a component this package implements, warning when it is written under
 * Cloud Posse's name; undefined (with a hint for a near miss) when the component is left to Terraform.
 */
function implementedPath(component: MergedComponent, warnings: string[]): string | undefined {
    const canonical = canonicalPath(component.component);
    const at = `${formatLocation(component.componentLoc ?? component.keyLoc)}: instance ${JSON.stringify(component.name)}`;
    if (canonical === undefined) {
        const near = nearMiss(component.component, KNOWN_PATHS);
        if (hasTemplate(component.component) || isValueFunction(component.component)) {
            // Atmos renders the component section, metadata included, before it reads the component
            // path for the Terraform directory (internal/exec/utils.go 1006-1093 ProcessComponentMetadata, 1461-1463).
            warnings.push(
                `${at}: the component path ${JSON.stringify(component.component)} is a Go template or YAML function, which Atmos evaluates in the component pass and this package does not: the instance is left to Terraform; if it names one of this package's components, write the path out`,
            );
        } else if (near !== undefined) {
            warnings.push(
                `${at}: component ${component.component} is not implemented by this package and is left to Terraform (did you mean ${near}?)`,
            );
        }
    } else if (canonical !== component.component) {
        warnings.push(
            `${at}: component path ${component.component} is Cloud Posse's name; this package calls it ${canonical}`,
        );
    }
    return canonical;
}

/** How many instances a warning about a shared entry names before it counts the rest. */
const NAMED_INSTANCES = 3;

/**
 * Warnings about an entry written once and merged into several instances (a stack's
 * `terraform.providers.aws`, its `env.AWS_PROFILE`, a hook, a validation policy): one warning per
 * written entry and text, naming the first instances it reaches and counting the others, rather
 * than one warning per instance.
 */
class EntryWarnings {
    private readonly byEntry = new Map<
        string,
        { readonly at: string; readonly text: string; readonly who: string[] }
    >();

    /** `text` about the entry written at `loc`, which reaches the instance `who`. */
    add(loc: Location, who: string, text: string): void {
        const at = formatLocation(loc);
        const key = `${at}\u0000${text}`;
        const found = this.byEntry.get(key);
        if (found === undefined) this.byEntry.set(key, { at, text, who: [who] });
        else if (!found.who.includes(who)) found.who.push(who);
    }

    /** Appends one warning per entry to `warnings`, in the order the entries were first met. */
    flush(warnings: string[]): void {
        for (const { at, text, who } of this.byEntry.values()) {
            const more = who.length - NAMED_INSTANCES;
            const named = who.slice(0, NAMED_INSTANCES).join(", ");
            const others = more > 0 ? ` and ${more} more instance${more === 1 ? "" : "s"}` : "";
            warnings.push(`${at}: ${named}${others}: ${text}`);
        }
        this.byEntry.clear();
    }
}

/**
 * Whether Atmos would let this instance be changed, as far as this package can honour it: a locked
 * instance (`metadata.locked: true`, merged like the rest of metadata) is refused, since Atmos
 * refuses apply, deploy, destroy and import for it (internal/exec/terraform_execute_helpers.go
 * 303-325, component_utils.go isComponentLocked: a bool true only); a `store` hook (kind `store`,
 * or the legacy `command: store`, pkg/hooks/hook.go UnmarshalYAML) would write the instance's
 * outputs to a store after apply, which this package does not do: refused. Other hooks run around
 * Atmos's Terraform commands: a warning says they do not run here (one per hook written, {@link EntryWarnings}).
 */
function deployable(component: MergedComponent, who: string, problems: ProblemList, perEntry: EntryWarnings): boolean {
    const before = problems.size;
    const locked = component.metadata?.entries.get("locked")?.value;
    if (locked?.kind === "scalar" && locked.value === true) {
        problems.add(
            makeProblem(
                "UNSUPPORTED",
                locked.loc,
                `${who}: locked (metadata.locked: true): Atmos refuses to apply, deploy, destroy or import a locked component, and so does this package; set metadata.locked: false to change it, or deploy the stack's other instances without it`,
                { instance: component.name, field: "metadata.locked", rule: "locked" },
            ),
        );
    }
    for (const hook of component.hooks?.entries.values() ?? []) {
        const body = hook.value.kind === "map" ? hook.value.entries : undefined;
        const text = (key: string) => {
            const node = body?.get(key)?.value;
            return node?.kind === "scalar" && typeof node.value === "string" ? node.value : undefined;
        };
        const kind = text("kind") || text("command") || "";
        if (kind === "store") {
            const store = text("name");
            problems.add(
                makeProblem(
                    "UNSUPPORTED",
                    hook.keyLoc,
                    `${who}: hooks.${hook.key}: a store hook writes the instance's outputs to ${store === undefined ? "a store" : `store ${JSON.stringify(store)}`} after Atmos applies it; this package does not write outputs to stores (hooks of kind store are refused); remove the hook from this instance, or read its outputs from the Pulumi stack`,
                    { instance: component.name, field: `hooks.${hook.key}`, rule: "hooks" },
                ),
            );
        } else {
            perEntry.add(
                hook.keyLoc,
                who,
                `hooks.${hook.key}${kind === "" ? "" : ` (kind ${kind})`} runs around Atmos's Terraform commands; it does not run here`,
            );
        }
    }
    warnValidation(component, who, perEntry);
    warnTerraformProcess(component, who, perEntry);
    const auth = component.auth;
    if (auth !== undefined && auth.entries.size > 0) {
        const first = [...auth.entries.values()][0];
        perEntry.add(
            first.keyLoc,
            who,
            "auth: Atmos logs in with this component's identity for its Terraform runs; this package does not, and deploys with the AWS credentials of its environment",
        );
    }
    return problems.size === before;
}

/** A problem when Atmos refuses the instance's backend sections (its values are still checked). */
function refuseBadBackend(component: MergedComponent, who: string, problems: ProblemList): void {
    const backend = backendProblem(component);
    if (backend === undefined) return;
    problems.add(
        makeProblem("BAD_SHAPE", component.keyLoc, `${who}: ${backend}`, {
            instance: component.name,
            field: "backend",
            rule: "the backend of backend_type is configured",
        }),
    );
}

/**
 * Warnings for what Atmos hands Terraform's AWS provider and this package does not apply: each
 * provider of the merged `providers` section, which Atmos writes to providers_override.tf.json
 * (internal/exec/terraform_utils.go generateProviderOverrides 160-183: region, assume_role,
 * default_tags... of every resource); and each `AWS_*` variable of the merged `env`, which Atmos
 * sets for the Terraform process (internal/exec/utils.go 1090, ConvertEnvVars), where the AWS provider reads it
 * (profile, region, credentials).
 */
function warnTerraformProcess(component: MergedComponent, who: string, perEntry: EntryWarnings): void {
    for (const provider of component.providers?.entries.values() ?? []) {
        perEntry.add(
            provider.keyLoc,
            who,
            `providers.${provider.key}: Atmos writes this provider configuration for Terraform (providers_override.tf.json), so its settings (region, assume_role, default_tags, ...) apply to the component's resources; this package does not apply it: the resources take their region from vars.region and the credentials of the environment`,
        );
    }
    for (const variable of component.env?.entries.values() ?? []) {
        if (!variable.key.startsWith("AWS_")) continue;
        // ConvertEnvVars (pkg/env/env.go) sets no variable whose value is null or "null"
        const value = variable.value;
        if (value.kind === "scalar" && (value.value === null || value.value === "null")) continue;
        perEntry.add(
            variable.keyLoc,
            who,
            `env.${variable.key}: Atmos sets this variable for Terraform, whose AWS provider reads it; this package does not set it for the deployment (set it in the environment that runs Pulumi)`,
        );
    }
}

/**
 * A note when atmos.yaml's `auth` has providers or identities: Atmos merges it under every
 * component's `auth` (stack_processor_merge.go 610-617, 651) and logs in with its default identity
 * before each Terraform command (pkg/auth/hooks.go TerraformPreHook 36-82); this package does not.
 */
function globalAuthNote(config: AtmosConfig, files: FileSystem, display: (path: string) => string): string | undefined {
    const auth = config.raw.auth;
    if (!isPlainObject(auth)) return undefined;
    const some = (v: unknown) => isPlainObject(v) && Object.keys(v).length > 0;
    if (!some(auth.providers) && !some(auth.identities)) return undefined;
    const { file, position } = writtenAt(config.files, ["auth"], files);
    const where = position === undefined ? display(file) : `${display(file)}:${position.line}:${position.column}`;
    return `${where}: auth: Atmos logs in through atmos.yaml's auth (its providers and identities, merged under each component's auth) before each Terraform command; this package does not, and deploys with the AWS credentials of its environment`;
}

/**
 * A warning for each policy of a Terraform instance's `settings.validation` not `disabled`: Atmos
 * runs them (JSON Schema, OPA, CUE) before every Terraform command of the component and stops when
 * one fails (internal/exec/terraform_execute_helpers_exec.go 123, terraform_execute_helpers.go
 * 590-606, validate_component.go 175-250 and FindValidationSection 336-356); this package does not
 * run them.
 */
function warnValidation(component: MergedComponent, who: string, perEntry: EntryWarnings): void {
    const validation = component.settings?.entries.get("validation")?.value;
    if (validation?.kind !== "map") return;
    for (const policy of validation.entries.values()) {
        const body = policy.value.kind === "map" ? policy.value.entries : undefined;
        const field = (key: string) => {
            const node = body?.get(key)?.value;
            return node?.kind === "scalar" ? node.value : undefined;
        };
        if (field("disabled") === true) continue;
        const kind = field("schema_type");
        const schema = field("schema_path");
        perEntry.add(
            policy.keyLoc,
            who,
            `settings.validation.${policy.key}: Atmos checks the component against this ${typeof kind === "string" && kind !== "" ? `${kind} ` : ""}policy${typeof schema === "string" && schema !== "" ? ` (${schema})` : ""} before each Terraform command and stops when it fails; this package does not run it: check with atmos validate component <instance> -s <stack>`,
        );
    }
}

/**
 * A located note for each custom component type other than `pulumi` (`components.<type>`): Atmos
 * passes them through to its custom commands; they are neither Terraform's nor this package's.
 */
function noteCustomTypes(root: MapNode, warnings: string[]): void {
    for (const { type, loc, count } of customTypesOf(root)) {
        if (type === PULUMI_COMPONENT_TYPE) continue;
        warnings.push(
            `${formatLocation(loc)}: components.${type}: custom component type (${count} instance${count === 1 ? "" : "s"}) left alone: neither Terraform's nor this package's (only components.terraform and components.pulumi are deployed)`,
        );
    }
}

/** An instance of this package declared both under components.terraform and components.pulumi: one Pulumi name, two configurations. */
function refuseTwiceDeclared(merged: readonly MergedComponent[], problems: ProblemList): void {
    const terraform = new Map(
        merged
            .filter((c) => c.componentType === undefined && !c.abstract && canonicalPath(c.component) !== undefined)
            .map((c) => [c.name, c]),
    );
    for (const c of merged) {
        if (c.componentType !== PULUMI_COMPONENT_TYPE || c.abstract || canonicalPath(c.component) === undefined)
            continue;
        const other = terraform.get(c.name);
        if (other === undefined) continue;
        problems.add(
            makeProblem(
                "BAD_SHAPE",
                c.keyLoc,
                `instance ${JSON.stringify(c.name)} is declared under components.pulumi and under components.terraform (${formatLocation(other.keyLoc)}); both would deploy as the same Pulumi instance: keep one (move it with its aliases, see docs/atmos-cli.md)`,
                { instance: c.name, field: "components.pulumi" },
            ),
        );
    }
}

const KNOWN_PATHS = [...Object.keys(COMPONENT_SCHEMAS), ...Object.keys(COMPONENT_ALIASES)];
