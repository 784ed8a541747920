/**
 * Instance resolution: one merged component of this package checked against its schema (unknown
 * vars, aliases, required vars), run through Atmos's component pass (templates, then YAML
 * functions), and converted to typed vars and constructor args.
 */
import * as nodePath from "node:path";
import { argOf, typeText } from "../components/kit/definition";
import { holdsUnknown, UnknownValue } from "../gotemplate";
import { fromTerraformContext } from "../label";
import { closestMatch } from "../util/suggest";
import { getOwn, hasOwn, isPlainObject } from "../util/objects";
import { rethrowIfInternal } from "../util/internalError";
import type { AtmosConfig } from "./atmosConfig";
import { convertValue, describeNode } from "./convert";
import { formatLocation, makeProblem, type ProblemList, type SourceLocation } from "./errors";
import { evaluateVar, type Evaluated, type EvaluationContext } from "./evaluate";
import { WHEN_NOT_EMPTY, type MergedComponent } from "./inheritance";
import type { StackInstance } from "./loadTypes";
import { mergeAll } from "./merge";
import { fileStackName } from "./names";
import { followRecord, terraformWorkspace, WorkspaceTemplateError } from "./naming";
import type { ComponentSchema } from "./schema";
import { componentTemplateContext, refusedSection, versionContextRefused, type TemplateSettings } from "./templating";
import { remoteStateBackend, terraformBackend } from "./terraformState";
import { once } from "../util/remember";
import { toPlain, type Location, type MapEntry, type MapNode, type TreeNode } from "./tree";
import { isValueFunction, parseYamlFunction, type DeployTimeReference } from "./yamlFunctions";
import { readByComponent } from "../components/kit/deployTime";

/** What the component pass of one instance needs to know about its stack and the load. */
export interface InstanceScope {
    /** The stack's name (the one selected, else the stack's own). */
    readonly stackName: string;
    /** The component's own stack name (Atmos names each component from its vars). */
    readonly ownName: string;
    /** The top-level manifest (absolute). */
    readonly manifest: string;
    readonly config: AtmosConfig;
    /** atmos.yaml's template settings (with the load's environment). */
    readonly templates: TemplateSettings;
    readonly allowExec: boolean;
    readonly cwd?: string;
    readonly env?: Readonly<Record<string, string | undefined>>;
    /** Where notes about values go (a YAML function Atmos leaves as text). */
    readonly warnings?: string[];
}

/**
 * The Terraform workspace of one instance, as its templates' `.workspace`; undefined when its
 * `metadata.terraform_workspace_template` fails (a problem, located at the template: Atmos stops there).
 */
export function instanceWorkspace(
    component: MergedComponent,
    who: string,
    scope: InstanceScope,
    problems: ProblemList,
): string | undefined {
    try {
        return terraformWorkspace(component, scope.ownName, scope.config, scope.env);
    } catch (error) {
        if (!(error instanceof WorkspaceTemplateError)) throw error;
        const template = component.metadata?.entries.get("terraform_workspace_template");
        problems.add(
            makeProblem("TEMPLATE_ERROR", template?.value.loc ?? component.keyLoc, `${who}: ${error.message}`, {
                instance: component.name,
                field: "metadata.terraform_workspace_template",
                rule: "the Terraform workspace template renders (Atmos stops otherwise)",
            }),
        );
        return undefined;
    }
}

/** The component pass's context for one instance (`who` names it in messages), whose workspace is `workspace`. */
export function evaluationContext(
    component: MergedComponent,
    who: string,
    scope: InstanceScope,
    workspace: string,
): EvaluationContext {
    const { config, stackName } = scope;
    return {
        templates: componentTemplateSettings(scope.templates, component.context.settings),
        templateData: refusedWhole(
            componentTemplateContext({
                instance: component.name,
                stack: stackName,
                stackFile: fileStackName(scope.manifest, config.stacksBasePath),
                component: String(component.context.component),
                workspace,
                sections: passSections(component, config),
            }),
        ),
        functions: {
            componentEnv: (component.context.env ?? {}) as Record<string, unknown>,
            metadata: (component.context.metadata ?? {}) as Record<string, unknown>,
            allowExec: scope.allowExec,
            stack: stackName,
            ...(isPlainObject(config.raw.stores) ? { stores: config.raw.stores } : {}),
            ...(scope.cwd !== undefined ? { cwd: nodePath.resolve(scope.cwd) } : {}),
            ...(scope.env !== undefined ? { processEnv: scope.env } : {}),
        },
        instance: component.name,
        who,
        ...(scope.warnings !== undefined ? { warnings: scope.warnings } : {}),
    };
}

/**
 * Sections Atmos's component pass gives a Terraform component's templates that this port does not
 * compute, with where Atmos sets them (internal/exec/, at 0a1cb44): reading one is refused naming
 * it, rather than printing `<no value>` where Atmos prints a value.
 */
export const PASS_SECTIONS_NOT_COMPUTED: Readonly<Record<string, string>> = {
    auth: "stack_processor_merge.go 533, 610-617, 651",
    command: "stack_processor_merge.go 534",
    inheritance: "stack_processor_merge.go 535",
    dependencies: "stack_processor_merge.go 549-551",
    retry: "stack_processor_merge.go 559-561",
    secrets: "stack_processor_merge.go 564-566",
    required_providers: "stack_processor_merge.go 638",
    required_version: "stack_processor_merge.go 639",
    test: "stack_processor_merge.go 640-642",
    generate: "stack_processor_merge.go 646",
    source: "stack_processor_merge.go 709-722",
    provision: "stack_processor_merge.go 724-737",
    imports: "utils.go 912",
    deps: "utils.go 934-939",
    deps_all: "utils.go 934-940",
};

/**
 * Sections Atmos's component pass gives only when the component's settings ask for them
 * (utils.go 947-958, 1272-1290): `spacelift_stack` with `settings.spacelift.workspace_enabled`
 * (spacelift_utils.go 149-154), `atlantis_project` with `settings.atlantis.project_template` or
 * `project_template_name` (atlantis_utils.go 25-42). Without those, `<no value>`, as in Atmos.
 */
function ciSectionsAsked(settings: unknown): string[] {
    const spacelift = isPlainObject(settings) ? settings.spacelift : undefined;
    const atlantis = isPlainObject(settings) ? settings.atlantis : undefined;
    return [
        ...(isPlainObject(spacelift) && spacelift.workspace_enabled === true ? ["spacelift_stack"] : []),
        ...(isPlainObject(atlantis) &&
        (isPlainObject(atlantis.project_template) ||
            (typeof atlantis.project_template_name === "string" && atlantis.project_template_name !== ""))
            ? ["atlantis_project"]
            : []),
    ];
}

/**
 * The sections a component-pass template of `component` reads: its merged sections; its backends
 * as Atmos's describe gives them (merged when first read); `locals` only when it has some (Atmos
 * adds the section only then, stack_processor_merge.go 553-556); and, refused by name, the sections
 * Atmos gives that this port does not compute ({@link PASS_SECTIONS_NOT_COMPUTED}) and `.version`.
 */
function passSections(component: MergedComponent, config: AtmosConfig): Record<string, unknown> {
    const sections: Record<string, unknown> = {};
    // A custom type's component is its own merged map (stack_processor_process_stacks.go 1244-1340):
    // Atmos computes none of stack_processor_merge.go's sections for it, so they print <no value>.
    const custom = component.componentType !== undefined;
    for (const [section, where] of Object.entries(PASS_SECTIONS_NOT_COMPUTED)) {
        if (custom && where.startsWith("stack_processor_merge.go")) continue;
        // unset, Atmos leaves it out of the component: <no value>, as Go prints a missing key
        const whenSet = (WHEN_NOT_EMPTY as readonly string[]).includes(section);
        if (whenSet && !component.setWhenNotEmpty?.includes(section)) continue;
        const when = whenSet ? " when it is set" : "";
        sections[section] = refusedSection(
            `.${section}`,
            `Atmos's component pass gives it${when} (internal/exec/${where})`,
        );
    }
    for (const section of ciSectionsAsked(component.context.settings)) {
        sections[section] = refusedSection(
            `.${section}`,
            `Atmos's component pass gives it, as the component's settings ask (internal/exec/utils.go 1272-1290)`,
        );
    }
    // Atmos's VersionMap: empty without a lock file (pkg/version/manager/lock.go 73-80, 145-170)
    sections.version = config.versionsUnlocked === true ? {} : versionContextRefused();
    const { locals, ...rest } = component.context;
    Object.assign(sections, rest);
    if (isPlainObject(locals) && Object.keys(locals).length > 0) sections.locals = locals;
    // Only a Terraform component has backends (stack_processor_merge.go 568-651).
    if (component.componentType !== undefined) return sections;
    const own = once(() => terraformBackend(component, config));
    const remote = once(() => remoteStateBackend(component, config));
    const lazy = (key: string, get: () => unknown) =>
        Object.defineProperty(sections, key, { get, enumerable: true, configurable: true });
    lazy("backend_type", () => own().type);
    lazy("backend", () => own().settings);
    lazy("remote_state_backend_type", () => remote().type);
    lazy("remote_state_backend", () => remote().settings);
    return sections;
}

/** The data of the component pass, marked so that using it whole (`toJson .`) is refused as its first refused section is. */
function refusedWhole(data: Record<string, unknown>): Record<string, unknown> {
    const refused = Object.keys(PASS_SECTIONS_NOT_COMPUTED)
        .map((section) => getOwn(data, section))
        .find((value) => value instanceof UnknownValue);
    return refused instanceof UnknownValue ? holdsUnknown(data, refused) : data;
}

/**
 * The component pass's template settings for one component: atmos.yaml's, with the component's
 * `settings.templates.settings.env` over atmos.yaml's `env` (Atmos's ProcessTmplWithDatasources).
 */
function componentTemplateSettings(templates: TemplateSettings, settings: unknown): TemplateSettings {
    const env = isPlainObject(settings) ? followRecord(settings, ["templates", "settings", "env"]) : undefined;
    if (env === undefined || Object.keys(env).length === 0) return templates;
    const own = Object.fromEntries(
        Object.entries(env).map(([k, v]) => [
            k,
            v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v),
        ]),
    );
    return { ...templates, env: { ...templates.env, ...own } };
}

/** Where a resolution's findings go. */
interface Findings {
    readonly problems: ProblemList;
    readonly warnings: string[];
}

/**
 * One instance of this package's component `schema`, resolved: its vars checked, evaluated and
 * converted. Undefined when it has problems (added to `problems`). `templatesOff` names the
 * atmos.yaml that leaves templates off; `originalPath`, the Cloud Posse path it was declared under.
 */
export function resolveInstance(
    component: MergedComponent,
    schema: ComponentSchema,
    who: string,
    evaluation: EvaluationContext,
    problems: ProblemList,
    warnings: string[],
    templatesOff?: string,
    originalPath?: string,
): StackInstance | undefined {
    const name = component.name;
    const before = problems.size;
    const findings: Findings = { problems, warnings };
    checkOwnVars(component, schema, who, problems);
    for (const [alias, target] of Object.entries(schema.aliases)) {
        const aliasEntry = component.vars.entries.get(alias);
        if (aliasEntry !== undefined)
            warnings.push(
                `${formatLocation(aliasEntry.keyLoc)}: ${who}: ${alias} is deprecated (the original Cloud Posse name); use ${target}`,
            );
    }
    const { evaluated, deployTime } = evaluateVars(
        component,
        finalVars(component.vars, schema),
        schema,
        evaluation,
        who,
        problems,
    );
    const { vars, args, varLocations } = convertVars(component, evaluated, schema, who, findings, templatesOff);
    for (const [varName, reference] of Object.entries(deployTime)) {
        vars[varName] = reference;
        args[schema.vars[varName].arg] = reference;
    }
    keepOriginalDefaults(component, schema, who, originalPath, vars, args, varLocations, warnings);
    checkRequired(component, schema, who, vars, problems);
    if (problems.size > before) return undefined;
    return {
        name,
        componentType: component.componentType === "pulumi" ? "pulumi" : "terraform",
        component: schema.path,
        schema,
        vars,
        args,
        location: component.keyLoc,
        varLocations,
    };
}

/**
 * Vars written under the instance and its bases are checked strictly; stack-level and overrides
 * vars are for every component of the stack, so the ones it does not take are ignored.
 */
function checkOwnVars(component: MergedComponent, schema: ComponentSchema, who: string, problems: ProblemList): void {
    const name = component.name;
    for (const layer of component.ownLayers) {
        for (const entry of layer.vars.entries.values()) {
            if (hasOwn(schema.vars, entry.key) || hasOwn(schema.aliases, entry.key)) continue;
            const from = layer.instance === name ? "" : ` (inherited from ${JSON.stringify(layer.instance)})`;
            problems.add(
                makeProblem(
                    "UNKNOWN_VAR",
                    entry.keyLoc,
                    `${who}: unknown var ${entry.key}${from}${suggestVar(entry.key, schema)}`,
                    { instance: name, field: entry.key },
                ),
            );
        }
        for (const [alias, target] of Object.entries(schema.aliases)) {
            const aliasEntry = layer.vars.entries.get(alias);
            if (aliasEntry === undefined || !layer.vars.entries.has(target)) continue;
            problems.add(
                makeProblem(
                    "ALIAS_CONFLICT",
                    aliasEntry.keyLoc,
                    `${who}: ${alias} and ${target} are both set; ${alias} is the original Cloud Posse name of ${target}, keep only ${target}`,
                    { instance: name, field: alias },
                ),
            );
        }
    }
}

/** The vars the component takes, aliases renamed (a later layer's alias and an earlier layer's new name: the later wins). */
function finalVars(mergedVars: MapNode, schema: ComponentSchema): Map<string, MapEntry> {
    const finalEntries = new Map<string, MapEntry>();
    for (const entry of mergedVars.entries.values()) {
        const target = hasOwn(schema.aliases, entry.key) ? schema.aliases[entry.key] : entry.key;
        if (!hasOwn(schema.vars, target)) continue;
        if (target !== entry.key && mergedVars.entries.has(target)) {
            const current = mergedVars.entries.get(target)!;
            const aliasLater = compareLocations(entry.value.loc, current.value.loc) > 0;
            if (!aliasLater) continue;
        }
        finalEntries.set(target, { key: target, keyLoc: entry.keyLoc, value: entry.value });
    }
    return finalEntries;
}

/** Atmos's component pass on the vars the component takes (and only those): templates, then YAML functions. */
function evaluateVars(
    component: MergedComponent,
    entries: ReadonlyMap<string, MapEntry>,
    schema: ComponentSchema,
    evaluation: EvaluationContext,
    who: string,
    problems: ProblemList,
): { evaluated: Map<string, MapEntry>; deployTime: Record<string, DeployTimeReference> } {
    const evaluated = new Map<string, MapEntry>();
    const deployTime: Record<string, DeployTimeReference> = {};
    for (const entry of entries.values()) {
        const result =
            deferredMerge(component, entry.key, schema, evaluation) ?? evaluateVar(entry.key, entry.value, evaluation);
        if (result.kind === "problem") problems.add(result.problem);
        else if (result.kind === "value") evaluated.set(entry.key, { ...entry, value: result.node });
        else if (result.kind === "deploy-time") {
            const refusal = deployTimeRefusal(schema, entry.key, result.reference);
            if (refusal === undefined) deployTime[entry.key] = result.reference;
            else
                problems.add(
                    makeProblem("DEPLOY_TIME_VALUE", result.loc, `${who}: ${entry.key}: ${refusal}`, {
                        instance: component.name,
                        field: entry.key,
                    }),
                );
        }
    }
    return { evaluated, deployTime };
}

/** The evaluated vars converted to their types: by snake_case var, by camelCase arg, and where each is written. */
function convertVars(
    component: MergedComponent,
    evaluated: ReadonlyMap<string, MapEntry>,
    schema: ComponentSchema,
    who: string,
    { problems, warnings }: Findings,
    templatesOff: string | undefined,
): {
    vars: Record<string, unknown>;
    args: Record<string, unknown>;
    varLocations: Record<string, SourceLocation>;
} {
    const vars: Record<string, unknown> = {};
    const args: Record<string, unknown> = {};
    const varLocations: Record<string, SourceLocation> = {};
    for (const entry of evaluated.values()) {
        const node = entry.value;
        const literal = templatesOff === undefined ? undefined : literalTemplate(node);
        if (literal !== undefined) {
            warnings.push(
                `${formatLocation(literal.loc)}: ${who}: ${entry.key} holds a Go template (${literal.excerpt}), left as written because ${templatesOff} does not enable templates (templates.settings.enabled: true renders it, as Atmos would)`,
            );
        }
        if (node.kind === "scalar" && node.value === null) continue; // null: unset, the component's default applies
        const spec = schema.vars[entry.key];
        varLocations[entry.key] = node.loc;
        if (entry.key === "context") {
            const context = convertContext(node, who, component.name, problems);
            if (context) {
                vars[entry.key] = context.plain;
                args[spec.arg] = context.label;
            }
            continue;
        }
        const converted = convertValue(node, spec.type, entry.key);
        for (const failure of converted.failures) {
            const got = failure.got !== undefined ? `, got ${failure.got}` : "";
            problems.add(
                makeProblem(
                    failure.code,
                    failure.loc,
                    `${who}: ${failure.field} ${failure.rule}${got}${failure.hint ?? ""}`,
                    {
                        instance: component.name,
                        field: failure.field,
                        path: failure.path,
                        rule: failure.rule,
                        ...(failure.got !== undefined ? { value: failure.value } : {}),
                    },
                ),
            );
        }
        if (converted.failures.length === 0) {
            vars[entry.key] = converted.value;
            args[spec.arg] = converted.arg;
        }
    }
    return { vars, args, varLocations };
}

/** A required var left unset is a problem (unless the var already has one). */
function checkRequired(
    component: MergedComponent,
    schema: ComponentSchema,
    who: string,
    vars: Readonly<Record<string, unknown>>,
    problems: ProblemList,
): void {
    const name = component.name;
    for (const [varName, spec] of Object.entries(schema.vars)) {
        if (
            spec.required &&
            !(varName in vars) &&
            // A var refused already (or a part of it: `subscribers["ops"].protocol`) is not said unset too.
            !problems.items.some((p) => p.instance === name && (p.field === varName || p.path[0] === varName))
        ) {
            problems.add(
                makeProblem(
                    "MISSING_REQUIRED",
                    component.keyLoc,
                    `${who}: ${varName} is required but not set (in the instance's vars or the stack-level vars)`,
                    { instance: name, field: varName },
                ),
            );
        }
    }
}

/**
 * An instance declared under the original Cloud Posse names (the component path, or any of its
 * variables) keeps the original component's defaults where this package's differ (each
 * definition's `originalDefault`: the api-key's SSM path `/grafana/%s/api_key` and workspace
 * component `managed-grafana/workspace`), so nothing Terraform named moves; each one taken is
 * said in a warning naming the var that chooses otherwise.
 */
function keepOriginalDefaults(
    component: MergedComponent,
    schema: ComponentSchema,
    who: string,
    originalPath: string | undefined,
    vars: Record<string, unknown>,
    args: Record<string, unknown>,
    varLocations: Record<string, SourceLocation>,
    warnings: string[],
): void {
    // The instance's own declaration (its vars and its bases'), not stack-level vars shared by all.
    const originalNames = [
        ...(originalPath !== undefined ? [`component ${originalPath}`] : []),
        ...Object.keys(schema.aliases).filter((alias) =>
            component.ownLayers.some((layer) => layer.vars.entries.has(alias)),
        ),
    ];
    if (originalNames.length === 0) return;
    const kept: string[] = [];
    for (const [varName, spec] of Object.entries(schema.vars)) {
        const definition = argOf(schema.definition, spec.arg);
        const original = definition?.originalDefault;
        if (original === undefined || hasOwn(vars, varName)) continue;
        if (definition?.unusedWhenSet?.some((arg) => args[arg] !== undefined && args[arg] !== null)) continue;
        vars[varName] = original;
        args[spec.arg] = original;
        varLocations[varName] = component.keyLoc;
        kept.push(`${varName} ${JSON.stringify(original)} (this package's: ${JSON.stringify(definition?.default)})`);
    }
    if (kept.length > 0) {
        warnings.push(
            `${formatLocation(component.keyLoc)}: ${who}: declared under the original Cloud Posse names ` +
                `(${[...new Set(originalNames)].join(", ")}), so it keeps the original's defaults: ${kept.join(", ")}; ` +
                "set a var to choose otherwise",
        );
    }
}

/**
 * Atmos's deferred merge of YAML functions (`pkg/merge/deferred.go`): when a layer of a var holds a
 * YAML function, each layer's value is evaluated (templates, then functions) before the layers are
 * deep-merged, so a function's map merges with a map written in another layer instead of replacing
 * it. Undefined when no layer holds a function, when the var is also written under an alias, or
 * when a layer's value cannot be evaluated here (a deploy-time value, `!unset`, a failure): then
 * the merged value is evaluated as before, and a function a later layer overrides never runs.
 */
function deferredMerge(
    component: MergedComponent,
    key: string,
    schema: ComponentSchema,
    evaluation: EvaluationContext,
): Evaluated | undefined {
    const values = component.varLayers.map((layer) => layer.entries.get(key)).filter((e) => e !== undefined);
    if (values.length < 2 || !values.some((e) => holdsFunction(e.value))) return undefined;
    // Atmos never defers `!unset` (merge_yaml_functions.go): the marker is merged like a string and
    // removed afterwards, at any depth. Evaluating its layer first would drop the key from that layer
    // only, and the value of an earlier layer would come back.
    if (values.some((e) => holdsFunction(e.value, "!unset"))) return undefined;
    const aliases = Object.entries(schema.aliases).filter(([, target]) => target === key);
    if (aliases.some(([alias]) => component.varLayers.some((layer) => layer.entries.has(alias)))) return undefined;
    const evaluated: MapNode[] = [];
    for (const entry of values) {
        const result = evaluateVar(key, entry.value, evaluation);
        if (result.kind !== "value") return undefined;
        evaluated.push({ kind: "map", loc: entry.keyLoc, entries: new Map([[key, { ...entry, value: result.node }]]) });
    }
    const merged = mergeAll(evaluated, component.keyLoc, component.strategy).entries.get(key);
    return merged === undefined ? undefined : { kind: "value", node: merged.value };
}

/** The first string in `node` that holds a Go template (`{{` ... `}}`), with where it is and a short excerpt. */
function literalTemplate(node: TreeNode): { loc: Location; excerpt: string } | undefined {
    if (node.kind === "scalar") {
        if (typeof node.value !== "string") return undefined;
        const match = /\{\{.*?\}\}/s.exec(node.value);
        if (match === null) return undefined;
        const text = match[0].length > 40 ? `${match[0].slice(0, 37)}...` : match[0];
        return { loc: node.loc, excerpt: JSON.stringify(text) };
    }
    const children = node.kind === "seq" ? node.items : [...node.entries.values()].map((e) => e.value);
    for (const child of children) {
        const found = literalTemplate(child);
        if (found !== undefined) return found;
    }
    return undefined;
}

/** Whether `node` holds a YAML function anywhere (only the function `name`, when given). */
function holdsFunction(node: TreeNode, name?: string): boolean {
    if (node.kind === "scalar") {
        return isValueFunction(node.value) && (name === undefined || parseYamlFunction(node.value)?.tag === name);
    }
    if (node.kind === "seq") return node.items.some((item) => holdsFunction(item, name));
    return [...node.entries.values()].some((e) => holdsFunction(e.value, name));
}

/**
 * Why a var cannot take a value known only at deploy time, or undefined when it can: a var whose
 * argument takes an Output (`input: true`: `kms_key_id`, `tags`, the pattern, ...) takes any of
 * them, read at deploy time (program/deployTimeValues.ts); the others are validated, or name
 * resources, before deploying. `!store ... | default` is refused: a parameter that does not exist
 * fails its read.
 */
function deployTimeRefusal(
    schema: ComponentSchema,
    varName: string,
    reference: DeployTimeReference,
): string | undefined {
    const spec = hasOwn(schema.vars, varName) ? schema.vars[varName] : undefined;
    const arg = spec === undefined ? undefined : argOf(schema.definition, spec.arg);
    const accepted = arg?.deployTimeOutput;
    if (readByComponent(accepted, reference)) return undefined;
    if (arg?.input === true) {
        if (reference.jsonText !== undefined && arg.type !== "string" && arg.type !== "any")
            return `${reference.text} gives the JSON text of the value, a string, as in Atmos (it renders the template into the component's YAML text and reads a string back, internal/exec/utils.go 989-1035), and this var takes a ${typeText(arg.type)}; write it as !template '{{ ... }}', whose JSON Atmos decodes back to the value (yaml_func_template.go 25-30)`;
        if (reference.kind === "ssm-parameter" && reference.default !== undefined)
            return `${reference.text} has a default, which this package does not apply at deploy time (a parameter that does not exist fails the deployment); create the parameter, or drop "| default"`;
        return undefined;
    }
    const what =
        reference.kind === "stack-output"
            ? `${reference.text} reads another component's outputs, known only at deploy time`
            : `${reference.text} reads an SSM parameter, known only at deploy time`;
    const hint = accepted === undefined ? "" : `; ${accepted.hint}`;
    return `${what}, but the component needs this var before deploying (it is validated, or names resources)${hint}`;
}

function compareLocations(a: Location, b: Location): number {
    return a.file === b.file ? a.line - b.line || a.column - b.column : 0;
}

/** `context`: a null-label context object with snake_case keys, converted by the label module. */
function convertContext(
    node: TreeNode,
    who: string,
    name: string,
    problems: ProblemList,
): { plain: unknown; label: unknown } | undefined {
    const details = { instance: name, field: "context" };
    if (node.kind !== "map") {
        problems.add(
            makeProblem(
                "TYPE_MISMATCH",
                node.loc,
                `${who}: context must be a map (a null-label context), got ${describeNode(node)}`,
                { ...details, rule: "must be a map (a null-label context)", value: toPlain(node) },
            ),
        );
        return undefined;
    }
    const plain = toPlain(node) as object;
    try {
        return { plain, label: fromTerraformContext(plain) };
    } catch (error) {
        rethrowIfInternal(error);
        const reason = error instanceof Error ? error.message : String(error);
        problems.add(makeProblem("BAD_CONTEXT", node.loc, `${who}: ${reason}`, details));
        return undefined;
    }
}

/** `; did you mean x?` for an unknown var: its snake_case name when written as the camelCase arg, else the closest name. */
function suggestVar(key: string, schema: ComponentSchema): string {
    const byArg = Object.entries(schema.vars).find(([, spec]) => spec.arg.toLowerCase() === key.toLowerCase());
    if (byArg) return `; did you mean ${byArg[0]}?`;
    const match = closestMatch(key, [...Object.keys(schema.vars), ...Object.keys(schema.aliases)]);
    if (match === undefined) return "";
    return `; did you mean ${hasOwn(schema.aliases, match) ? schema.aliases[match] : match}?`;
}
