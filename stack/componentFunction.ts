/**
 * Atmos's `atmos.Component "<component>" "<stack>"` in the component pass: the described component's
 * sections as known while loading, its `outputs` an unknown value (read at deploy time only as a var's
 * whole value). Cached per stack and component, cycles refused. Design notes: the contributors' guide.
 */
import { FunctionError, holdsUnknown, UnknownValue, unknownIn } from "../gotemplate";
import { didYouMean } from "../util/suggest";
import { isPlainObject } from "../util/objects";
import { formatLocation } from "./errors";
import { evaluateVar, type EvaluationContext, type UnknownOrigin } from "./evaluate";
import { evaluationContext, PASS_SECTIONS_NOT_COMPUTED, type InstanceScope } from "./instance";
import type { StackComponent } from "./loadTypes";
import { fileStackName } from "./names";
import { terraformWorkspace, WorkspaceTemplateError } from "./naming";
import { remoteStateBackend, terraformBackend } from "./terraformState";
import type { ComponentFunction } from "./templating";
import { plainToNode, toPlain, type TreeNode } from "./tree";

/** How deep descriptions may nest (Atmos's MaxResolutionDepth, yaml_func_resolution_context.go 46-50). */
const MAX_DESCRIBE_DEPTH = 64;

/** What describing components needs: where they are, and the load they belong to. */
export interface DescribeLoad {
    /** The load's scope; `stackName`, `ownName` and `manifest` are each described component's own. */
    readonly scope: Omit<InstanceScope, "stackName" | "ownName" | "manifest">;
    /** The manifest of the load (for a component found without one). */
    readonly manifest: string;
    /** The components of a stack (non-abstract), or undefined when the load knows no such stack. */
    readonly componentsOf: (stack: string) => readonly StackComponent[] | undefined;
    /** The stacks of the load's manifest, for a did-you-mean. */
    readonly knownStacks: () => readonly string[];
    /** Whether the load reads other manifests' stacks (a repository load). */
    readonly otherStacks: boolean;
}

/** The descriptions of one load: by stack and component (template_funcs_component.go 60, 74-89, 144-145). */
export interface DescribeCache {
    readonly sections: Map<string, Record<string, unknown>>;
    /** Descriptions that failed, failing again without the work (not for the depth bound, which depends on the caller). */
    readonly failures: Map<string, FunctionError>;
    /** How many times the depth bound was reached. */
    depthReached: number;
}

/** A new, empty cache. */
export function describeCache(): DescribeCache {
    return { sections: new Map(), failures: new Map(), depthReached: 0 };
}

/**
 * The other sections Atmos's describe gives a Terraform component, which this loader does not
 * compute (where Atmos does, at 0a1cb44): an unknown value each, so a template reading one fails
 * naming it, rather than printing `<no value>` where Atmos would print a value.
 */
const NOT_COMPUTED: Readonly<Record<string, string>> = {
    ...PASS_SECTIONS_NOT_COMPUTED,
    mocks: "stack_processor_merge.go 643-645, utils.go 963-1085",
    sources: "utils.go 925-932",
    component_info: "utils.go 1221",
    cli_args: "utils.go 1234",
    tf_cli_vars: "utils.go 1240",
    env_tf_cli_args: "utils.go 1245",
    env_tf_cli_vars: "utils.go 1253",
    atmos_cli_config: "utils.go 1262",
    spacelift_stack: "utils.go 1278",
    atlantis_project: "utils.go 1286",
};

/** One entry of the chain of descriptions under way: the component and its stack. */
interface Link {
    readonly component: string;
    readonly stack: string;
}

const keyOf = (l: Link) => `${l.stack}\0${l.component}`;
const show = (l: Link) => `${l.component} (stack ${l.stack})`;

/**
 * `atmos.Component` for the component pass of `self` (the instance whose values are evaluated):
 * each call describes the named component of the named stack, once per load.
 */
export function componentFunction(load: DescribeLoad, cache: DescribeCache, self: Link): ComponentFunction {
    return describer(load, cache, [self]);
}

function describer(load: DescribeLoad, cache: DescribeCache, chain: readonly Link[]): ComponentFunction {
    return (component, stack) => {
        const link = { component, stack };
        const call = `atmos.Component(${JSON.stringify(component)}, ${JSON.stringify(stack)})`;
        const cached = cache.sections.get(keyOf(link));
        if (cached !== undefined) return cached;
        const failed = cache.failures.get(keyOf(link));
        if (failed !== undefined) throw failed;
        // Atmos caches a description only once it is complete (template_funcs_component.go 144-145):
        // one that needs itself would describe itself again and again; refused, as Atmos's YAML
        // functions refuse a cycle (yaml_func_resolution_context.go 22-26).
        const at = chain.findIndex((l) => keyOf(l) === keyOf(link));
        if (at >= 0) {
            throw new FunctionError(
                `${call}: a cycle: ${[...chain.slice(at), link].map(show).join(" -> ")} (each description needs the one before it)`,
            );
        }
        if (chain.length > MAX_DESCRIBE_DEPTH) {
            cache.depthReached++;
            throw new FunctionError(
                // Each description on the way wraps this message with its own name: only the ends are named here.
                `${call}: descriptions nested more than ${MAX_DESCRIBE_DEPTH} deep (${show(chain[0])} -> ... -> ${show(link)})`,
            );
        }
        const depthReached = cache.depthReached;
        try {
            const sections = describe(load, cache, [...chain, link], find(load, link, call), call);
            cache.sections.set(keyOf(link), sections);
            return sections;
        } catch (error) {
            if (error instanceof FunctionError && cache.depthReached === depthReached)
                cache.failures.set(keyOf(link), error);
            throw error;
        }
    };
}

/** The component named `link.component` of the stack named `link.stack`, or a failure saying what exists. */
function find(load: DescribeLoad, link: Link, call: string): StackComponent {
    const components = load.componentsOf(link.stack);
    if (components === undefined) {
        const stacks = load.knownStacks();
        const listed =
            stacks.length > 0 && stacks.length <= 20 ? ` (this manifest's stacks: ${stacks.join(", ")})` : "";
        const hint = load.otherStacks
            ? ""
            : "; a load of one manifest reads no other stack: load the stack by its name (loadAtmosStack, synth --atmos-stack) to read the repository's";
        throw new FunctionError(
            `${call}: no stack named ${JSON.stringify(link.stack)}${didYouMean(link.stack, stacks)}${listed}${hint}`,
        );
    }
    const found = components.find((c) => c.component.name === link.component);
    if (found === undefined) {
        const names = components.map((c) => c.component.name);
        throw new FunctionError(
            `${call}: stack ${link.stack} has no component ${JSON.stringify(link.component)}${didYouMean(link.component, names)}`,
        );
    }
    if ((found.component.componentType ?? "terraform") !== "terraform") {
        throw new FunctionError(
            `${call}: ${link.component} is a components.${found.component.componentType} instance (${formatLocation(found.component.keyLoc)}); Atmos's describe component searches terraform, helmfile, packer and its other built-in types, not custom ones (internal/exec/describe_component.go 507-516); read its outputs with !terraform.output ${link.component} ${link.stack} <output>`,
        );
    }
    return found;
}

/** Why a section this port does not compute cannot be used. */
function notComputedWhy(value: UnknownValue): string {
    return `is not given by this port: ${(value.origin as Extract<UnknownOrigin, { kind: "refused" }>).reason} (it gives ${GIVEN})`;
}

/** The sections this port gives, for messages. */
const GIVEN =
    "vars, settings, env, metadata, providers, hooks, overrides, locals, backend_type, backend, remote_state_backend_type, remote_state_backend, component, atmos_component, atmos_stack, stack, atmos_stack_file, atmos_manifest, workspace, component_type and outputs";

/** Why a value of the description that this port does not evaluate cannot be used. */
function refusedWhy(value: UnknownValue): string {
    return `cannot be evaluated here: ${(value.origin as Extract<UnknownOrigin, { kind: "refused" }>).reason}`;
}

/** Why a value of the description is known only at deploy time, and what to write instead. */
function deployTimeWhy(value: UnknownValue): string {
    const origin = value.origin as Exclude<UnknownOrigin, { kind: "refused" }>;
    const what =
        origin.kind === "outputs"
            ? `is known only at deploy time (Atmos runs terraform output while loading; this port reads outputs when deploying)`
            : `is ${origin.reference.text} in stack ${origin.stack}, known only at deploy time`;
    const output = origin.kind === "outputs" ? value.path.join(".") : "";
    const form =
        origin.kind === "outputs"
            ? `!terraform.output ${origin.component} ${origin.stack} ${output === "" ? "<output>" : output}`
            : undefined;
    return `${what}: it is taken only as a var's whole value ('{{ ${value.text} }}', or piped once to toJson, toRawJson or Gomplate's toJSON), and cannot be printed inside text, tested, compared or passed to another function${form === undefined ? "" : `; or write the var as ${form}`}`;
}

/**
 * The sections of `found`, as Atmos's describe component gives them, evaluated with the component's
 * own context: templates rendered and YAML functions run, a deploy-time one left unknown.
 */
function describe(
    load: DescribeLoad,
    cache: DescribeCache,
    chain: readonly Link[],
    found: StackComponent,
    call: string,
): Record<string, unknown> {
    const { component, stack } = found;
    const manifest = found.manifest ?? load.manifest;
    const scope: InstanceScope = { ...load.scope, stackName: stack, ownName: stack, manifest };
    const who = `${component.component} ${JSON.stringify(component.name)} (stack ${stack})`;
    let workspace: string;
    try {
        workspace = terraformWorkspace(component, stack, scope.config, scope.env);
    } catch (error) {
        if (!(error instanceof WorkspaceTemplateError)) throw error;
        throw new FunctionError(`${call}: ${who}: ${error.message}`);
    }
    const ctx: EvaluationContext = {
        ...evaluationContext(component, who, scope, workspace),
        components: describer(load, cache, chain),
    };
    const expression = `(atmos.Component ${JSON.stringify(component.name)} ${JSON.stringify(stack)})`;
    const evaluate = (section: string, node: TreeNode) => evaluateNode(node, section, ctx, { call, expression, stack });
    const plain = (section: string) => {
        const value = component.context[section];
        return evaluate(section, plainToNode(value ?? {}, component.keyLoc));
    };
    const own = terraformBackend(component, scope.config);
    const backend = remoteStateBackend(component, scope.config);
    const stackFile = fileStackName(manifest, scope.config.stacksBasePath);
    const sections: Record<string, unknown> = {
        vars: evaluate("vars", component.vars),
        settings: plain("settings"),
        env: plain("env"),
        metadata: plain("metadata"),
        providers: plain("providers"),
        hooks: plain("hooks"),
        overrides: plain("overrides"),
        ...(isPlainObject(component.context.locals) && Object.keys(component.context.locals).length > 0
            ? { locals: plain("locals") }
            : {}),
        backend_type: own.type,
        backend: evaluate("backend", plainToNode(own.settings, component.keyLoc)),
        remote_state_backend_type: backend.type,
        remote_state_backend: evaluate("remote_state_backend", plainToNode(backend.settings, component.keyLoc)),
        component: component.context.component,
        atmos_component: component.name,
        atmos_stack: stack,
        stack,
        atmos_stack_file: stackFile,
        atmos_manifest: stackFile,
        workspace,
        component_type: "terraform",
    };
    for (const [section, where] of Object.entries(NOT_COMPUTED)) {
        sections[section] = new UnknownValue(`${expression}.${section}`, notComputedWhy, {
            kind: "refused",
            reason: `Atmos's describe computes it (internal/exec/${where}); this port does not`,
            code: "UNSUPPORTED",
        } satisfies UnknownOrigin);
    }
    // A static remote state backend is the outputs (terraform_remote_state_backend_utils.go 9-26).
    sections.outputs =
        backend.type === "static"
            ? sections.remote_state_backend
            : new UnknownValue(`${expression}.outputs`, deployTimeWhy, {
                  kind: "outputs",
                  component: component.name,
                  stack,
              } satisfies UnknownOrigin);
    return marked(sections);
}

/** `container`, marked as holding the first unknown value among its values: using it whole is refused. */
function marked<T extends object>(container: T): T {
    for (const v of Object.values(container)) {
        const inside = unknownIn(v);
        if (inside !== undefined) return holdsUnknown(container, inside);
    }
    return container;
}

/** Removed from its map or list (`!unset`). */
const REMOVED = Symbol("removed");

/** What a section is evaluated for: the call (for failures) and how the description reads in a template. */
interface Describing {
    readonly call: string;
    readonly expression: string;
    readonly stack: string;
}

/**
 * A value of the described component, evaluated leaf by leaf as the component pass evaluates a
 * var; a deploy-time value becomes an unknown value where it is. A failure names the component,
 * the field and where it is written.
 */
function evaluateNode(node: TreeNode, field: string, ctx: EvaluationContext, d: Describing): unknown {
    if (node.kind === "scalar") {
        const result = evaluateVar(field, node, ctx);
        switch (result.kind) {
            case "problem":
                // A YAML function this port does not evaluate (`!aws.account_id`, `!exec` without
                // opt-in) fails only where its value is used; a template that fails, fails the call.
                if (result.problem.code === "YAML_FUNCTION") {
                    return new UnknownValue(`${d.expression}.${field}`, refusedWhy, {
                        kind: "refused",
                        reason: result.problem.message,
                        code: "YAML_FUNCTION",
                    } satisfies UnknownOrigin);
                }
                throw new FunctionError(`${d.call}: ${result.problem.message}`);
            case "unset":
                return REMOVED;
            case "deploy-time":
                return new UnknownValue(`${d.expression}.${field}`, deployTimeWhy, {
                    kind: "reference",
                    reference: result.reference,
                    stack: d.stack,
                } satisfies UnknownOrigin);
            case "value":
                return toPlain(result.node);
        }
    }
    if (node.kind === "seq") {
        const items = node.items.map((item, i) => evaluateNode(item, `${field}[${i}]`, ctx, d));
        return marked(items.filter((v) => v !== REMOVED));
    }
    const entries: [string, unknown][] = [];
    for (const entry of node.entries.values()) {
        const v = evaluateNode(entry.value, `${field}.${entry.key}`, ctx, d);
        if (v !== REMOVED) entries.push([entry.key, v]);
    }
    return marked(Object.fromEntries(entries));
}
