/**
 * The program's guards, run before any instance is registered: compare the run with the last deployment's outputs and
 * refuse a rename without an alias, then run the guards each component's kit declares (the eventbridge's refuses a run
 * that would lose a log group's stored events or recreate one that exists).
 */
import * as pulumi from "@pulumi/pulumi";
import { currentDeployment } from "../components/kit/engine";
import type { ComponentDefinition } from "../components/kit/definition";
import type { ComponentKit, GuardFindings } from "../components/kit/kit";
import { unaliasedRenames, type DeployedInstance } from "../components/kit/lifecycle";
import {
    deploymentVerdicts,
    physicalNamesByOutput,
    type RunInstance,
    type OptIns,
} from "../components/kit/deploymentGuards";
import { ALLOW_LOG_GROUP_DELETION } from "../components/kit/logHistory";
import { COMPONENT_KITS, kitOf } from "../components/kits";
import { COMPONENT_DEFINITIONS } from "../components/registry";
import type { LoadedStack } from "../stack";
import { formatLocation } from "../stack/errors";
import { deployPrepared, prepareStack, type PreparedInstance, type StackOutputs } from "./deploy";
import { CloudposseError } from "../util/errors";

/** The spec outputs that hold physical names (every definition's `physicalName` outputs). */
const NAME_OUTPUTS: readonly string[] = [
    ...new Set(
        COMPONENT_DEFINITIONS.flatMap((definition: ComponentDefinition) =>
            Object.values(definition.outputs).flatMap((output) =>
                output.physicalName && output.spec !== undefined ? [output.spec] : [],
            ),
        ),
    ),
];

/** The instances of a previous deployment, from its stack outputs (`{ instance: { output: value } }`). */
export function previousInstances(outputs: Readonly<Record<string, unknown>>): DeployedInstance[] {
    const instances: DeployedInstance[] = [];
    for (const [instance, named] of Object.entries(outputs)) {
        if (typeof named !== "object" || named === null || Array.isArray(named)) continue;
        const values = named as Record<string, unknown>;
        const physicalNames = NAME_OUTPUTS.map((output) => values[output]).filter(
            (value): value is string => typeof value === "string" && value !== "",
        );
        if (physicalNames.length > 0) instances.push({ instance, physicalNames });
    }
    return instances;
}

/**
 * The physical names and aliases of the stack file's instances, from their validation
 * ({@link prepareStack}: `prepared[i]` is `stack.instances[i]`); disabled instances have none.
 */
export function currentInstances(
    stack: LoadedStack,
    prepared: readonly PreparedInstance[],
): (DeployedInstance & { readonly aliases: readonly string[] })[] {
    return stack.instances
        .map((instance, i) => ({
            instance: instance.name,
            physicalNames: prepared[i].physicalNames,
            aliases: prepared[i].aliases,
        }))
        .filter((instance) => instance.physicalNames.length > 0);
}

/** A rename that would take over physical names without an alias. */
export class UnaliasedRenameError extends CloudposseError {
    readonly code = "UNALIASED_RENAME";
    constructor(readonly renames: readonly string[]) {
        super(
            `renamed instances without an alias (set the program config renameGuard to false to skip this check):\n` +
                renames.join("\n"),
            renames.map((rename) => ({ code: "UNALIASED_RENAME", path: [], rule: rename, message: rename })),
        );
        this.name = "UnaliasedRenameError";
    }
}

export { LogHistoryError } from "../components/kit/logHistory";

/**
 * What the declared guards refuse (components/kit/deploymentGuards.ts): re-adopting what the stack
 * manages, a delete-first move of a name, an instance dropped with data the last deployment did not keep.
 */
export class DeploymentGuardError extends CloudposseError {
    readonly code = "DEPLOYMENT_GUARD";
    constructor(readonly refusals: readonly string[]) {
        super(
            `this run would delete what the last deployment left in AWS:\n` + refusals.join("\n"),
            refusals.map((refusal) => ({ code: "DEPLOYMENT_GUARD", path: [], rule: refusal, message: refusal })),
        );
        this.name = "DeploymentGuardError";
    }
}

/** The stack's instances as the declared guards see them (`prepared[i]` is `stack.instances[i]`). */
export function runInstances(stack: LoadedStack, prepared: readonly PreparedInstance[]): RunInstance[] {
    return stack.instances.map((instance, i) => ({
        instance: instance.name,
        definition: instance.schema.definition,
        aliases: prepared[i].aliases,
        enabled: prepared[i].physicalNames.length > 0,
        physicalNames: physicalNamesByOutput(instance.schema.definition, prepared[i].physicalNames),
        args: instance.args,
        locate: (variable: string) => formatLocation(instance.varLocations[variable] ?? instance.location),
    }));
}

/** Options of {@link deployStackGuardingRenames}. */
export interface GuardOptions {
    /** Receives the warnings (default: the Pulumi engine's log). */
    readonly onWarning?: (message: string) => void;
    /**
     * The instances each opt-in of the run names, by config key (`allowLogGroupDeletion`: instances whose old log
     * group and its events this run may delete although the last deployment did not say so; `allowSsmPathChange`, ...:
     * the program config of that name, a comma-separated list; components/kit/deploymentGuards.ts `declaredOptIns`).
     */
    readonly optIns?: OptIns;
    /**
     * False turns off the check of renames without an alias (the program config `renameGuard`), and
     * nothing else: the other guards still run. @default true
     */
    readonly renameGuard?: boolean;
    /**
     * The last deployment's outputs, when known without asking the engine (synth's `--stack-outputs`
     * for this very stack): then no `StackReference` is registered.
     */
    readonly lastDeployment?: Readonly<Record<string, unknown>>;
    /**
     * Whether AWS cannot be read (synth's offline plan): log groups are then not looked up, and an
     * adopted one is planned as an import with a warning that its existence was not checked.
     */
    readonly offline?: boolean;
}

/** The outputs this stack's last deployment exported (empty on the first deployment). */
async function lastDeploymentOutputs(): Promise<Record<string, unknown>> {
    const { organization, project, stack: stackName } = currentDeployment();
    const self = new pulumi.StackReference("previous-deployment", { name: `${organization}/${project}/${stackName}` });
    return new Promise<Record<string, unknown>>((resolve) =>
        self.outputs.apply((value) => resolve((value ?? {}) as Record<string, unknown>)),
    );
}

/**
 * `deployStack` (program/deploy.ts), after the guards that compare with the last deployment: validates
 * every instance (once: the instances created are the ones validated here), then reads the outputs
 * this stack's last deployment exported (a `StackReference` to the stack itself,
 * `previous-deployment`; empty on the first deployment) and refuses renames without an alias, then
 * runs the guards the components' kits declare ({@link runComponentGuards}). Synth runs the same guards offline.
 * @throws StackVarsError before anything is registered, when an instance is invalid.
 * @throws UnaliasedRenameError before any instance is registered (unless `renameGuard` is false).
 * @throws DeploymentGuardError (the guards every definition declares) before any instance is registered.
 * @throws a kit guard's error (LogHistoryError, ...) before any instance is registered.
 */
export async function deployStackGuardingRenames(
    stack: LoadedStack,
    options: GuardOptions = {},
): Promise<StackOutputs> {
    const onWarning = options.onWarning ?? ((message: string) => void pulumi.log.warn(message));
    const prepared = prepareStack(stack);
    const outputs = options.lastDeployment ?? (await lastDeploymentOutputs());
    const renames =
        options.renameGuard === false
            ? []
            : unaliasedRenames(previousInstances(outputs), currentInstances(stack, prepared));
    if (renames.length > 0) {
        throw new UnaliasedRenameError(renames);
    }
    // The guards every definition declares (re-adoption, delete-first moves, dropped data), then each kit's own.
    const optIns: OptIns = options.optIns ?? new Map();
    const declared = deploymentVerdicts(runInstances(stack, prepared), outputs, COMPONENT_DEFINITIONS, optIns);
    if (declared.refusals.length > 0) {
        throw new DeploymentGuardError(declared.refusals);
    }
    const warnings = await runComponentGuards(stack, prepared, {
        lastDeployment: outputs,
        allowLogGroupDeletion: optIns.get(ALLOW_LOG_GROUP_DELETION) ?? new Set(),
        offline: options.offline === true,
    });
    for (const warning of [...declared.warnings, ...warnings]) onWarning(warning);
    return deployPrepared(stack, prepared, {}, onWarning, outputs);
}

/**
 * Runs the guards of every component's kit (`kits`: every component of the list by default), in the list's order, each
 * on its component's instances (`prepared[i]` is `stack.instances[i]`); throws the first refusing guard's error, with
 * all its refusals, else returns every warning, in order.
 */
export async function runComponentGuards(
    stack: LoadedStack,
    prepared: readonly PreparedInstance[],
    run: {
        readonly lastDeployment: Readonly<Record<string, unknown>>;
        readonly allowLogGroupDeletion: ReadonlySet<string>;
        readonly offline: boolean;
    },
    kits: readonly ComponentKit[] = COMPONENT_KITS,
): Promise<string[]> {
    const warnings: string[] = [];
    for (const kit of kits) {
        if (kit.guards === undefined || kit.guards.length === 0) continue;
        const instances = stack.instances.flatMap((instance, i) =>
            kitOf(instance.component, kits) === kit
                ? [{ instance: instance.name, aliases: prepared[i].aliases, resolved: prepared[i].resolved }]
                : [],
        );
        for (const guard of kit.guards) {
            const found: GuardFindings = await guard.check({ ...run, instances });
            if (found.refusals.length > 0) throw guard.refuse(found.refusals);
            warnings.push(...found.warnings);
        }
    }
    return warnings;
}
