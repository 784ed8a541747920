/**
 * The program behind `pulumi up` and `npm run synth`: creates every instance of a loaded stack file
 * and returns each instance's outputs under the spec's snake_case names.
 *
 * Every instance is validated before the first resource is registered, so a bad var in the last
 * instance cannot leave the first half of a stack deployed.
 */
import * as pulumi from "@pulumi/pulumi";
import {
    API_KEY_DEFINITION,
    currentDeployment,
    DashboardsApiKey,
    dashboardsApiKeyClaims,
    resolveDashboardsApiKey,
    withDeployedCredential,
    workspaceProjectName,
} from "../components/apiKey";
import { deployedCredential } from "../components/credentialGuard";
import { NameRegistry, type NameClaim } from "../components/collisions";
import { stackVarNaming, type ComponentDefinition, type OutputDefinition } from "../components/definition";
import { ComponentArgsError, type ArgProblem, type FieldNamer } from "../components/errors";
import { markWarningsReported } from "../components/common";
import { EVENTBRIDGE_DEFINITION, EventBridge, eventBridgeClaims, resolveEventBridge } from "../components/eventbridge";
import { COMPONENT_DEFINITIONS, type ComponentPath } from "../components/registry";
import type { LoadedStack, StackInstance } from "../stack";
import { formatLocation, type SourceLocation } from "../stack/errors";
import { formatPath, hasValue, type Problem } from "../util/problem";
import { isDeployTimeReference } from "../stack/yamlFunctions";
import type { ComponentSchema } from "../stack/schema";

/** The outputs of one instance, by the spec's output name. */
type InstanceOutputs = Record<string, pulumi.Output<unknown> | undefined>;

/** One validated instance: the names it needs to itself, and how to create it (no second validation). */
export interface PreparedInstance {
    /** The names the instance needs to itself (log group, SSM parameter, ...), checked across instances. */
    readonly claims: readonly NameClaim[];
    /**
     * The values its definition's `physicalName` outputs will have (none when it is disabled), which
     * the rename guard (program/renames.ts) compares with the last deployment's.
     */
    readonly physicalNames: readonly string[];
    /** Its previous instance names (the `aliases` argument). */
    readonly aliases: readonly string[];
    /** The resolved arguments (their warnings are reported by the program, not again by the component). */
    readonly resolved: object;
    /** Valid but noteworthy arguments: `{field, message}`, or `"<field>: <message>"`. */
    readonly warnings: readonly ArgProblem[];
    /**
     * Creates the component from its validated args; returns its outputs by the spec's names.
     * `lastDeployment`: this stack's outputs from its last deployment, when the guards read them.
     */
    create(opts: pulumi.ComponentResourceOptions, lastDeployment?: Readonly<Record<string, unknown>>): InstanceOutputs;
}

/** How the program creates one kind of component. */
interface ComponentKind {
    /** The component's definition (its arguments, vars and outputs). */
    readonly definition: ComponentDefinition;
    /** Validates the args of one instance, registering nothing (throws ComponentArgsError). */
    prepare(name: string, args: Readonly<Record<string, unknown>>): PreparedInstance;
}

/** The outputs a definition marks as physical names (`physicalName: true`). */
type PhysicalNameOutputs<D extends ComponentDefinition> = {
    [K in keyof D["outputs"]]: D["outputs"][K] extends { readonly physicalName: true } ? K : never;
}[keyof D["outputs"]];

/**
 * The values of a definition's physical-name outputs, known from the resolved arguments before
 * anything is registered (the compiler checks that `values` has exactly those outputs); none for a
 * disabled instance, which creates nothing.
 */
function physicalNamesOf<D extends ComponentDefinition>(
    _definition: D,
    enabled: boolean,
    values: Readonly<Record<PhysicalNameOutputs<D>, string>>,
): readonly string[] {
    return enabled ? Object.values<string>(values) : [];
}

/**
 * The outputs a definition gives a spec name (and those it exports for the next run's guards, its
 * `deployment` names), read from the component. The compiler checks that every output the definition
 * declares is a property of the component.
 */
function specOutputsOf<C, O extends keyof C & string>(
    component: C,
    outputs: Readonly<Record<O, OutputDefinition>>,
): InstanceOutputs {
    const named: InstanceOutputs = {};
    for (const [property, output] of Object.entries(outputs) as [O, OutputDefinition][]) {
        const exported = output.spec ?? output.deployment;
        if (exported !== undefined) named[exported] = component[property] as pulumi.Output<unknown> | undefined;
    }
    return named;
}

/**
 * The program's component registry: one line per component path of `components/registry.ts`
 * (the compiler refuses a missing or an unknown path).
 */
const KINDS: { readonly [P in ComponentPath]: ComponentKind } = {
    eventbridge: {
        definition: EVENTBRIDGE_DEFINITION,
        prepare: (name, args) => {
            const resolved = resolveEventBridge(name, args);
            return {
                claims: eventBridgeClaims(resolved),
                physicalNames: physicalNamesOf(EVENTBRIDGE_DEFINITION, resolved.enabled, {
                    eventRuleName: resolved.rule.name,
                    logsLogGroupName: resolved.logGroup.name,
                }),
                aliases: resolved.aliases,
                resolved,
                warnings: resolved.warnings,
                create: (opts) =>
                    specOutputsOf(EventBridge.fromResolved(name, resolved, opts), EVENTBRIDGE_DEFINITION.outputs),
            };
        },
    },
    "managed-dashboards/api-key": {
        definition: API_KEY_DEFINITION,
        prepare: (name, args) => {
            const deployment = currentDeployment();
            const resolved = resolveDashboardsApiKey(name, withWorkspaceReference(args, deployment), deployment);
            return {
                claims: dashboardsApiKeyClaims(resolved),
                physicalNames: physicalNamesOf(API_KEY_DEFINITION, resolved.enabled, {
                    ssmPathDashboardsApiKey: resolved.ssmPath,
                }),
                aliases: resolved.aliases,
                resolved,
                warnings: resolved.warnings,
                // The key the last deployment stored (under this name or an alias), when it is known.
                create: (opts, lastDeployment) =>
                    specOutputsOf(
                        DashboardsApiKey.fromResolved(
                            name,
                            withDeployedCredential(
                                resolved,
                                lastDeployment && deployedCredential(lastDeployment, [name, ...resolved.aliases]),
                            ),
                            opts,
                        ),
                        API_KEY_DEFINITION.outputs,
                    ),
            };
        },
    },
};

/**
 * `workspace_id: !terraform.output <component> [<stack>] workspace_id`: the workspace id is the
 * `workspace_id` output of that component's stack, which the api-key reads with its own
 * StackReference: the stack is named by the same rule (`<organization>/<component with / as
 * ->/<stack>`, the current stack when none is given).
 */
function withWorkspaceReference(
    args: Readonly<Record<string, unknown>>,
    deployment: ReturnType<typeof currentDeployment>,
): Readonly<Record<string, unknown>> {
    const reference = args.workspaceId;
    if (!isDeployTimeReference(reference) || reference.kind !== "stack-output") return args;
    const { workspaceId: _reference, ...rest } = args;
    void _reference;
    const stackName =
        reference.stack !== undefined
            ? `${deployment.organization}/${workspaceProjectName(reference.component)}/${reference.stack}`
            : undefined;
    return stackName !== undefined
        ? { ...rest, dashboardsStackName: stackName }
        : { ...rest, dashboardsComponentName: reference.component };
}

/**
 * The names under which the program exports outputs that are not the spec's, for the guards of its
 * next run (each definition's `deployment` outputs, e.g. `logs_log_group_retained`).
 */
export const DEPLOYMENT_OUTPUTS: ReadonlySet<string> = new Set(
    COMPONENT_DEFINITIONS.flatMap((definition: ComponentDefinition) =>
        Object.values(definition.outputs).flatMap((output) =>
            output.deployment !== undefined ? [output.deployment] : [],
        ),
    ),
);

/** The outputs of every instance: instance name, then the spec's output name. */
export type StackOutputs = Record<string, Record<string, pulumi.Output<unknown> | undefined>>;

/** Invalid vars in a stack file, every instance's problems at once, named as stack-file vars. */
export class StackVarsError extends Error {
    constructor(
        /** The stack file. */
        readonly file: string,
        /** One error per invalid instance, its fields named as the stack file's vars. */
        readonly errors: readonly ComponentArgsError[],
        message: string,
        /** Every problem, in the package's one model, with its instance and where its var is written. */
        readonly details: readonly StackVarProblem[] = [],
    ) {
        super(message);
        this.name = "StackVarsError";
    }
}

/** One invalid var of a stack file: the problem (code, path, rule, value), its instance and its place. */
export interface StackVarProblem extends Problem {
    /** The component path. */
    readonly component: string;
    /** The instance. */
    readonly instance: string;
    /** Where the var is written (the instance's key for a var left unset). */
    readonly location: SourceLocation;
    /** The path in the stack file's words: `context.label_key_case`, `tags["OwnerTeam"]`. */
    readonly field: string;
    /** The line of the error's message for this problem. */
    readonly message: string;
}

/** Names a problem's fields as the stack file's vars (`context.label_key_case`, `tags["OwnerTeam"]`), by table. */
export function stackVarNamer(schema: ComponentSchema): FieldNamer {
    return stackVarNaming(schema.definition);
}

function kindOf(instance: StackInstance): ComponentKind {
    const kinds: Readonly<Record<string, ComponentKind>> = KINDS;
    const kind = Object.prototype.hasOwnProperty.call(kinds, instance.component)
        ? kinds[instance.component]
        : undefined;
    if (!kind) {
        throw new Error(`"${instance.name}": component "${instance.component}" has no implementation`);
    }
    return kind;
}

/**
 * A component's warning in stack-file terms: `file:line:column: <component> "<instance>": <var> ...`,
 * at the var when it is written in the file.
 */
function renderWarning(instance: StackInstance, warning: ArgProblem): string {
    const namer = stackVarNamer(instance.schema);
    const head = warning.path[0];
    const varName = typeof head === "string" ? namer.field(head, []) : undefined;
    const where = (varName !== undefined ? instance.varLocations[varName] : undefined) ?? instance.location;
    return `${formatLocation(where)}: ${ComponentArgsError.render(instance.component, instance.name, [warning], namer)}`;
}

/**
 * Validates every instance (registering nothing); returns how to create each, in order.
 * @throws StackVarsError with every problem of every instance, in stack-file vocabulary.
 */
export function prepareStack(stack: LoadedStack): PreparedInstance[] {
    const errors: ComponentArgsError[] = [];
    const lines: string[] = [];
    const details: StackVarProblem[] = [];
    const prepared: PreparedInstance[] = [];
    // Names two instances would both use (same log group, rule, SSM parameter, ...), checked once
    // every instance is valid on its own.
    const registry = new NameRegistry();
    for (const instance of stack.instances) {
        try {
            const ready = kindOf(instance).prepare(instance.name, { ...instance.args });
            const collisions = registry.claim(
                { component: instance.component, instance: instance.name, where: formatLocation(instance.location) },
                ready.claims,
            );
            if (collisions.length > 0) {
                throw new ComponentArgsError(instance.component, instance.name, collisions);
            }
            prepared.push(ready);
        } catch (error) {
            if (!(error instanceof ComponentArgsError)) {
                throw error;
            }
            const namer = stackVarNamer(instance.schema);
            errors.push(error.withFieldNames(namer));
            // Each problem where its var is written (the instance's key for a var left unset).
            for (const problem of error.problems) {
                const head = problem.path[0];
                const varName = typeof head === "string" ? namer.field(head, []) : undefined;
                const where = (varName !== undefined ? instance.varLocations[varName] : undefined) ?? instance.location;
                const line = `${formatLocation(where)}: ${ComponentArgsError.render(error.component, error.instance, [problem], namer)}`;
                lines.push(line);
                details.push({
                    code: problem.code,
                    path: problem.path,
                    rule: problem.rule,
                    ...(hasValue(problem) ? { value: problem.value } : {}),
                    ...(problem.detail !== undefined ? { detail: problem.detail } : {}),
                    component: error.component,
                    instance: error.instance,
                    location: where,
                    field: formatPath(problem.path, namer),
                    message: line,
                });
            }
        }
    }
    if (errors.length > 0) {
        throw new StackVarsError(stack.file, errors, lines.join("\n"), details);
    }
    return prepared;
}

/**
 * Validates every instance of a stack, reporting all problems in stack-file vocabulary.
 * Registers nothing.
 */
export function validateStack(stack: LoadedStack): void {
    prepareStack(stack);
}

/** Where the program's warnings go by default: the Pulumi engine's log. */
const logWarning = (message: string): void => void pulumi.log.warn(message);

/**
 * Creates every instance of the stack (after validating them all, once) and returns their outputs
 * under the spec's output names. A disabled instance's outputs are undefined.
 */
export function deployStack(
    stack: LoadedStack,
    opts: pulumi.ComponentResourceOptions = {},
    onWarning: (message: string) => void = logWarning,
): StackOutputs {
    return deployPrepared(stack, prepareStack(stack), opts, onWarning);
}

/**
 * {@link deployStack} on instances {@link prepareStack} has validated (`prepared[i]` is
 * `stack.instances[i]`): reports their warnings, then creates them, validating nothing again.
 * `lastDeployment`: this stack's outputs from its last deployment (the guards' reading), which tell
 * the api-key instances the key they stored.
 */
export function deployPrepared(
    stack: LoadedStack,
    prepared: readonly PreparedInstance[],
    opts: pulumi.ComponentResourceOptions = {},
    onWarning: (message: string) => void = logWarning,
    lastDeployment?: Readonly<Record<string, unknown>>,
): StackOutputs {
    stack.instances.forEach((instance, i) => {
        for (const warning of prepared[i].warnings) onWarning(renderWarning(instance, warning));
        markWarningsReported(prepared[i].resolved);
    });
    const outputs: StackOutputs = {};
    stack.instances.forEach((instance, i) => {
        outputs[instance.name] = prepared[i].create(opts, lastDeployment);
    });
    return outputs;
}
