/**
 * The guards that compare a run with the last deployment's outputs, declared by each component (its arguments'
 * `adopts`, its outputs' `whenRenamed` and `holdsData`) and run by the stack program and synth alike before anything
 * is registered: re-adoption, delete-first moves, and instances dropped with their data. Pure (no Pulumi import).
 */
import {
    argOf,
    type ArgDefinition,
    type ComponentDefinition,
    type OptInDeclaration,
    type OutputDefinition,
} from "./definition";
import { LOG_HISTORY_OPT_IN } from "./logHistory";
import { describeValue } from "../../util/describeValue";

/** One instance of this run, as the guards see it. */
export interface RunInstance {
    /** The instance name. */
    readonly instance: string;
    /** Its component's declaration. */
    readonly definition: ComponentDefinition;
    /** Its previous names (`aliases`). */
    readonly aliases: readonly string[];
    /** Whether it creates anything in this run (not `enabled: false`). */
    readonly enabled: boolean;
    /** The values of its definition's physical-name outputs, by output property (none when disabled). */
    readonly physicalNames: Readonly<Record<string, string>>;
    /** Its arguments as given (camelCase), for the `adopts` switches. */
    readonly args: Readonly<Record<string, unknown>>;
    /** Where a var is written (`file:line:col`; the instance's key for a var left unset), to open a message. */
    readonly locate?: (variable: string) => string;
}

/** `<file:line:col>: ` where `variable` is written, when the instance can say. */
function at(instance: RunInstance, variable: string): string {
    return instance.locate === undefined ? "" : `${instance.locate(variable)}: `;
}

/** What the guards decided: refusals stop the run before anything is registered; warnings are printed. */
export interface GuardVerdicts {
    readonly refusals: string[];
    readonly warnings: string[];
}

/** Opt-ins by config key (`allowLogGroupDeletion`, ...): the instances each one names. */
export type OptIns = ReadonlyMap<string, ReadonlySet<string>>;

/** The physical-name outputs of a definition, by property, in declaration order. */
export function physicalOutputs(definition: ComponentDefinition): readonly string[] {
    return Object.keys(definition.outputs).filter((key) => definition.outputs[key].physicalName === true);
}

/**
 * The physical names of an instance by output property, from the values in declaration order that
 * its kit's `physicalNamesOf` gives (none when disabled).
 */
export function physicalNamesByOutput(
    definition: ComponentDefinition,
    values: readonly string[],
): Readonly<Record<string, string>> {
    if (values.length === 0) return {};
    const keys = physicalOutputs(definition);
    return Object.fromEntries(keys.map((key, i) => [key, values[i]]));
}

/** The last deployment's outputs of an instance, found under its name or, failing that, an alias. */
export function deployedOutputsOf(
    outputs: Readonly<Record<string, unknown>>,
    names: readonly string[],
): { readonly as: string; readonly values: Readonly<Record<string, unknown>> } | undefined {
    for (const name of names) {
        const values = Object.prototype.hasOwnProperty.call(outputs, name) ? outputs[name] : undefined;
        if (typeof values === "object" && values !== null && !Array.isArray(values)) {
            return { as: name, values: values as Record<string, unknown> };
        }
    }
    return undefined;
}

/** A deployed output's value when it is a non-empty string. */
function deployedText(values: Readonly<Record<string, unknown>>, output: string | undefined): string | undefined {
    if (output === undefined || !Object.prototype.hasOwnProperty.call(values, output)) return undefined;
    const value = values[output];
    return typeof value === "string" && value !== "" ? value : undefined;
}

/** A deployed output's value when it is a boolean. */
function deployedBool(values: Readonly<Record<string, unknown>>, output: string): boolean | undefined {
    if (!Object.prototype.hasOwnProperty.call(values, output)) return undefined;
    const value = values[output];
    return typeof value === "boolean" ? value : undefined;
}

/** The stack-file var of an argument (its camelCase name when the definition has none). */
function varOf(definition: ComponentDefinition, arg: string): string {
    return argOf(definition, arg)?.var ?? arg;
}

/** `--allow-ssm-path-change` for the config key `allowSsmPathChange`: synth's flag for an opt-in. */
export function optInFlag(key: string): string {
    return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** How a refusal tells the user to opt in, for `pulumi up` and for synth. */
function optInText(key: string, instance: string): string {
    return `pulumi config set ${key} '${instance}' (a comma-separated list of instances; synth: ${optInFlag(key)} ${instance})`;
}

/**
 * Adopting what the last deployment already manages (an `adopts` switch on, for an instance whose
 * deployed physical name is the one it would import): refused. The engine imports when the goal's
 * import id differs from the stored resource's import id, or its id when it has none
 * (pulumi/pulumi pkg/resource/deploy/step_generator.go 1104-1113); the stored id of a resource this
 * stack created is its name, never `<name>@<region>`, so it plans an import-replacement
 * (1192-1197), and the replaced "old" resource, the same physical one, is deleted at the end of the
 * run (step.go 2221 marks it for deletion). Disabled instances import nothing.
 */
export function readoptionRefusals(instance: RunInstance, outputs: Readonly<Record<string, unknown>>): string[] {
    if (!instance.enabled) return [];
    const deployed = deployedOutputsOf(outputs, [instance.instance, ...instance.aliases]);
    if (deployed === undefined) return [];
    const refusals: string[] = [];
    for (const [arg, spec] of Object.entries(instance.definition.args as Readonly<Record<string, ArgDefinition>>)) {
        if (spec.adopts === undefined || instance.args[arg] !== true) continue;
        const same = spec.adopts.filter((output) => {
            const planned = instance.physicalNames[output];
            const definition: OutputDefinition | undefined = instance.definition.outputs[output];
            return planned !== undefined && deployedText(deployed.values, definition?.spec) === planned;
        });
        if (same.length === 0) continue;
        const names = same.map((output) => describeValue(instance.physicalNames[output])).join(" and ");
        const variable = varOf(instance.definition, arg);
        refusals.push(
            `${at(instance, variable)}"${instance.instance}": ${variable} is set, but this stack's last deployment already manages ${names}` +
                (deployed.as === instance.instance ? "" : ` (as instance "${deployed.as}")`) +
                `; Pulumi imports again whenever the import id differs from the one stored with the resource (one ` +
                `this stack created, or deployed by a run without ${variable}, stores none) and then deletes the ` +
                `stored copy, the same resource in AWS, at the end of the run. Remove ${variable} ` +
                `(adoption is for the first pulumi up only; a shared setting can be overridden per instance with ` +
                `${variable}: false)`,
        );
    }
    return refusals;
}

/**
 * Physical names that change on an instance of the last deployment, for outputs whose definition
 * declares `whenRenamed`: the resource is replaced delete-first (the Terraform bridge asks it for an
 * SDKv2 resource whose auto-named field is set by hand, pulumi-terraform-bridge pkg/tfbridge/provider.go
 * 1275-1276, and the engine follows the provider unless the goal says otherwise, pulumi/pulumi
 * step_generator.go 2043-2046): refused, unless the declared opt-in names the instance (a warning then).
 */
export function renamedNameVerdicts(
    instance: RunInstance,
    outputs: Readonly<Record<string, unknown>>,
    optIns: OptIns,
): GuardVerdicts {
    const verdicts: GuardVerdicts = { refusals: [], warnings: [] };
    if (!instance.enabled) return verdicts;
    const deployed = deployedOutputsOf(outputs, [instance.instance, ...instance.aliases]);
    if (deployed === undefined) return verdicts;
    for (const [output, definition] of Object.entries(instance.definition.outputs)) {
        const renamed = definition.whenRenamed;
        if (renamed === undefined) continue;
        const before = deployedText(deployed.values, definition.spec);
        const after = instance.physicalNames[output];
        if (before === undefined || after === undefined || before === after) continue;
        const vars = renamed.args.map((arg) => varOf(instance.definition, arg)).join(" or ");
        const head =
            `${at(instance, varOf(instance.definition, renamed.args[0]))}"${instance.instance}": the ${renamed.what} moves from ${describeValue(before)} to ` +
            `${describeValue(after)} (${vars} or the label changed): ${renamed.consequence(before, after)}`;
        if (optIns.get(renamed.optIn)?.has(instance.instance) === true) {
            verdicts.warnings.push(`${head}; done as the config ${renamed.optIn} allows for this instance`);
            continue;
        }
        verdicts.refusals.push(
            `${head}. To keep it, set ${vars} and the label back so that the ${renamed.what} stays ${describeValue(before)}. ` +
                `To move it: ${renamed.move(after)}, then ${optInText(renamed.optIn, instance.instance)} and pulumi up`,
        );
    }
    return verdicts;
}

/**
 * Instances of the last deployment that this run does not create (removed from the stack, or
 * disabled) and whose deployed resources hold data (outputs declaring `holdsData`): their resources
 * are deleted once the program has finished (pulumi/pulumi deployment_executor.go 326-331), each with
 * the `retainOnDelete` of the deployed state (step.go 661). Kept: a warning that it stays in AWS;
 * deleted as deployed (`false`): a warning; the deployment did not say (an older version, which
 * deleted by default): refused unless the declared opt-in names the instance.
 */
export function droppedDataVerdicts(
    instances: readonly RunInstance[],
    outputs: Readonly<Record<string, unknown>>,
    definitions: readonly ComponentDefinition[],
    optIns: OptIns,
): GuardVerdicts {
    const verdicts: GuardVerdicts = { refusals: [], warnings: [] };
    const creating = new Set(instances.filter((i) => i.enabled).flatMap((i) => [i.instance, ...i.aliases]));
    const disabled = new Set(instances.filter((i) => !i.enabled).flatMap((i) => [i.instance, ...i.aliases]));
    const declared = definitions.flatMap((definition) =>
        Object.values(definition.outputs).flatMap((output) =>
            output.holdsData !== undefined && output.spec !== undefined
                ? [{ spec: output.spec, holds: output.holdsData }]
                : [],
        ),
    );
    for (const [name, values] of Object.entries(outputs)) {
        if (creating.has(name) || typeof values !== "object" || values === null || Array.isArray(values)) continue;
        const deployed = values as Readonly<Record<string, unknown>>;
        const why = disabled.has(name) ? "is disabled (enabled: false)" : "is no longer in the stack";
        for (const { spec, holds } of declared) {
            const physical = deployedText(deployed, spec);
            if (physical === undefined) continue;
            const retained = deployedBool(deployed, holds.retainedOutput);
            const head = `"${name}": the instance ${why}, so this run deletes its ${holds.what} ${describeValue(physical)}`;
            if (retained === true) {
                verdicts.warnings.push(
                    `${head} from the stack; the last deployment keeps it on delete, so it stays in AWS with ` +
                        `${holds.data}, outside Pulumi's state (${holds.cleanUp(physical)} once no longer needed)`,
                );
            } else if (retained === false) {
                verdicts.warnings.push(`${head} and ${holds.data}, as the deployed ${holds.keepVar} false says`);
            } else if (optIns.get(holds.optIn)?.has(name) === true) {
                verdicts.warnings.push(
                    `${head} and ${holds.data}, as the config ${holds.optIn} allows for this instance`,
                );
            } else {
                verdicts.refusals.push(
                    `${head} and ${holds.data}: the last deployment did not keep it on delete (it was made by a ` +
                        `version that deleted it by default), and Pulumi reads that from the deployed state, so ` +
                        `setting ${holds.keepVar} now is too late. To keep it: run pulumi up once with the instance ` +
                        `enabled and as deployed (this records ${holds.keepVar}, true by default), then ` +
                        `${disabled.has(name) ? "disable" : "remove"} it. To delete it: ${optInText(holds.optIn, name)}, ` +
                        `then pulumi up. (pulumi destroy does not run this check: run pulumi up once first)`,
                );
            }
        }
    }
    return verdicts;
}

/**
 * Every guard of this module on a run: re-adoption, delete-first renames, and dropped data. `run`: the run's
 * instances, the last deployment's outputs, the definitions and the opt-ins, as {@link droppedDataVerdicts} takes them.
 */
export function deploymentVerdicts(...run: Parameters<typeof droppedDataVerdicts>): GuardVerdicts {
    const [instances, outputs, , optIns] = run;
    const refusals: string[] = [];
    const warnings: string[] = [];
    for (const instance of instances) {
        refusals.push(...readoptionRefusals(instance, outputs));
        const renamed = renamedNameVerdicts(instance, outputs, optIns);
        refusals.push(...renamed.refusals);
        warnings.push(...renamed.warnings);
    }
    const dropped = droppedDataVerdicts(...run);
    return { refusals: [...refusals, ...dropped.refusals], warnings: [...warnings, ...dropped.warnings] };
}

/** The opt-ins the kit's own guards take, whichever components use those guards: the log history's. */
export const KIT_OPT_INS: readonly OptInDeclaration[] = [LOG_HISTORY_OPT_IN];

/**
 * Every opt-in of a run, each key once, for the program's config and synth's flags and `--help`: the definitions'
 * (`whenRenamed`, then `holdsData`), then the kit's own guards' ({@link KIT_OPT_INS}), in the order the guards run. A
 * key the kit declares is described as the kit says; another from the first output declaring it
 * (`these instances may change their SSM parameter's path`).
 */
export function optInDeclarations(definitions: readonly ComponentDefinition[]): readonly OptInDeclaration[] {
    const kit = new Map(KIT_OPT_INS.map((declared) => [declared.key, declared]));
    const found = new Map<string, OptInDeclaration>();
    const add = (key: string, allows: string, refused: string) => {
        if (!found.has(key)) found.set(key, kit.get(key) ?? { key, allows, refused });
    };
    const outputs = definitions.flatMap((definition) => Object.values(definition.outputs));
    for (const { whenRenamed: renamed } of outputs) {
        if (renamed === undefined) continue;
        add(renamed.optIn, `these instances may change their ${renamed.what}`, `changes of the ${renamed.what}`);
    }
    for (const { holdsData: holds } of outputs) {
        if (holds === undefined) continue;
        add(
            holds.optIn,
            `these instances may delete their ${holds.what} with ${holds.data}`,
            `the deletion of a ${holds.what} with ${holds.data}`,
        );
    }
    for (const declared of KIT_OPT_INS) add(declared.key, declared.allows, declared.refused);
    return [...found.values()];
}

/** The opt-in config keys of a run ({@link optInDeclarations}), for the program's config and synth's flags. */
export function declaredOptIns(definitions: readonly ComponentDefinition[]): readonly string[] {
    return optInDeclarations(definitions).map((declared) => declared.key);
}
