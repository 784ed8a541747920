/**
 * `synth`: the program of `Pulumi.yaml` run offline under {@link installMocks}; returns the plan (each registration in
 * order, each instance's outputs, secrets redacted). No Pulumi CLI, network or credentials.
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { loadStackFile, type LoadedStack } from "../stack";
import { derivedStackNameProblem } from "../stack/names";
import { formatLocation } from "../stack/errors";
import { installMocks, SECRET_PLACEHOLDER, type MockOptions, type RecordedOptions } from "./mocks";
import { now, type RotationSchedule } from "../components/kit/lifecycle";
import type { ComponentKit } from "../components/kit/kit";
import { COMPONENT_KITS, kitOf } from "../components/kits";
import { readOutput } from "./outputs";
import { DEPLOYMENT_OUTPUTS } from "./deploy";
import { captureUnhandledRejections } from "../sdk/adapter";
import { CloudposseError } from "../util/errors";
import { instanceStackName, isDeployTimeReference } from "../components/kit/deployTime";

/** One resource of the plan, as `synth --json` prints it (docs/synth.md). */
export interface PlannedResource {
    /** Pulumi type token. */
    readonly type: string;
    /** Logical name. */
    readonly name: string;
    /** `type::name` of the parent, or null at the top level. */
    readonly parent: string | null;
    /** Inputs as registered (provider property names), secrets as `"[secret]"`. */
    readonly inputs: Record<string, unknown>;
    /** The id of the existing resource adopted with Pulumi's `import` option; absent when it is created. */
    readonly import?: string;
    /** The resource options it was registered with, each only when set; absent when none is. */
    readonly options?: RecordedOptions;
    /**
     * For a credential rotated by its `replacementTrigger` (a rotation window): when the next window
     * starts, the window's width, and when a credential created by this run expires.
     */
    readonly rotation?: RotationSchedule;
}

/** The plan of a stack file. */
export interface SynthPlan {
    /** Every registered resource, in registration order. */
    readonly resources: PlannedResource[];
    /** Instance name, then spec output name, then value (null for a disabled instance). */
    readonly outputs: Record<string, Record<string, unknown> | null>;
    /** Instances of components this package does not implement (left to Terraform), in stack order. */
    readonly skipped: { readonly instance: string; readonly component: string }[];
    /** The values the program reads at deploy time (present when there are any), in stack order. */
    readonly reads?: PlannedRead[];
}

/**
 * A value the program reads when it deploys (`!terraform.state`, `!terraform.output`, `!store`):
 * where from. A Terraform component's state: its S3 object; an instance of this package: its
 * Pulumi stack; `!store`: the SSM parameter.
 */
export interface PlannedRead {
    readonly instance: string;
    /** The var (snake_case) given the value. */
    readonly var: string;
    /** The YAML function as written. */
    readonly function: string;
    readonly from: "terraform-state" | "pulumi-stack" | "ssm-parameter";
    /** The output read (a Terraform or Pulumi output). */
    readonly output?: string;
    /** The Terraform state's S3 bucket and object key, its region and workspace. */
    readonly bucket?: string;
    readonly key?: string;
    readonly region?: string;
    readonly workspace?: string;
    /** The Pulumi stack's full name, or the Atmos stack of a Terraform component. */
    readonly stack?: string;
    /** The SSM parameter. */
    readonly parameter?: string;
}

/** The deploy-time reads of a loaded stack's instances, for the plan. */
export function plannedReads(stack: LoadedStack, organization: string, pulumiStack: string): PlannedRead[] {
    return stack.instances.flatMap((instance) =>
        Object.entries(instance.vars).flatMap(([varName, value]): PlannedRead[] => {
            if (!isDeployTimeReference(value)) return [];
            const base = { instance: instance.name, var: varName, function: value.text };
            if (value.kind === "ssm-parameter")
                return [
                    {
                        ...base,
                        from: "ssm-parameter",
                        parameter: value.parameter,
                        ...(value.region !== undefined ? { region: value.region } : {}),
                    },
                ];
            if (value.source !== undefined) {
                const { bucket, key, region, workspace, stack: atmosStack } = value.source;
                return [
                    {
                        ...base,
                        from: "terraform-state",
                        output: value.output,
                        bucket,
                        key,
                        ...(region !== undefined ? { region } : {}),
                        workspace,
                        stack: atmosStack,
                    },
                ];
            }
            return [
                {
                    ...base,
                    from: "pulumi-stack",
                    output: value.output,
                    stack: instanceStackName(organization, value.component, value.stack ?? pulumiStack),
                },
            ];
        }),
    );
}

/** Options of {@link synth}. */
export interface SynthOptions extends Pick<
    MockOptions,
    "stackOutputs" | "defaultStackOutputs" | "accountId" | "organization" | "now" | "terraformStates" | "ssmParameters"
> {
    /** Pulumi project name. @default "cloudposse-components" (the name in Pulumi.yaml) */
    readonly project?: string;
    /** Pulumi stack name. @default the stack's Atmos name (without an atmos.yaml: the file's base name without extension) */
    readonly stack?: string;
    /** Whether the `!exec` YAML function may run commands (`--allow-exec`). @default false */
    readonly allowExec?: boolean;
    /** Whether the stack may read files outside its repository (`--allow-outside-repository`). @default false */
    readonly allowOutsideRepository?: boolean;
    /** An already loaded stack (then `file` only names it). */
    readonly loaded?: LoadedStack;
    /**
     * The instances each opt-in names, by config key, as the program config of that name for `pulumi up`
     * (`allowLogGroupDeletion`: old log groups this plan may delete although the last deployment did not say so,
     * `--allow-log-group-deletion`; `allowSsmPathChange`: `--allow-ssm-path-change`).
     */
    readonly optIns?: Readonly<Record<string, readonly string[]>>;
    /** False turns off the rename check only, as the program config `renameGuard` false. @default true */
    readonly renameGuard?: boolean;
    /** Receives the loader's warnings (deprecated var names) and the components' (with `file:line`, instance and var). */
    readonly onWarning?: (message: string) => void;
}

/** A failure of the program itself while it ran (an output that could not be computed). */
export class SynthRunError extends CloudposseError {
    readonly code = "SYNTH_RUN";
    constructor(readonly causes: readonly unknown[]) {
        super(causes.map((c) => (c instanceof Error ? c.message : String(c))).join("\n"));
        this.name = "SynthRunError";
    }
}

/**
 * `--stack-outputs` holds no outputs under this stack's own full name, and names stacks that nothing in
 * the run read: the last deployment meant for the guards went unread, so they would pass silently.
 */
export class StackOutputsKeyError extends CloudposseError {
    readonly code = "STACK_OUTPUTS_KEY";
    constructor(
        /** This stack's full name (`<organization>/<project>/<stack>`), the key the guards read. */
        readonly expected: string,
        /** The keys given that no reference of the run read. */
        readonly unread: readonly string[],
    ) {
        super(stackOutputsKeyMessage(expected, unread));
        this.name = "StackOutputsKeyError";
    }
}

/** What {@link StackOutputsKeyError} says: the key expected, the keys found, and the option that would match one. */
function stackOutputsKeyMessage(expected: string, unread: readonly string[]): string {
    const [organization, project, stack] = expected.split("/");
    const hints = unread.flatMap((key) => {
        // Pulumi names a stack <organization>/<project>/<stack> (pkg/backend/httpstate/backend.go parseStackName).
        const parts = key.split("/");
        if (parts.length !== 3) return [];
        const [o, p, s] = parts;
        if (o === organization && p === project) return [`--stack ${s}`];
        if (p === project && s === stack) return [`--organization ${o}`];
        if (o === organization && s === stack) return [`--project ${p}`];
        return [];
    });
    return (
        `no outputs for this stack ${JSON.stringify(expected)} (<organization>/<project>/<stack>, the key pulumi up's ` +
        `guards read its last deployment from), and nothing read ${unread.length === 1 ? "the key" : "the keys"} ` +
        `given: ${unread.map((key) => JSON.stringify(key)).join(", ")}; ` +
        (hints.length > 0
            ? `run with ${hints.join(" or ")} if that is this stack, or correct the key`
            : "correct the key") +
        " (a stack deployed for the first time has no outputs: leave it out of the file)"
    );
}

/**
 * A failure's message; for a stack reference to a stack that does not exist (the engine's
 * `unknown stack "<name>"`, which the SDK wraps in what it was serializing), the instance that
 * references it and, as its kit says (`unknownStack`), the var that names the stack (with
 * file:line:column, the instance's key when unwritten) and why that stack.
 */
function missingStackMessage(
    failure: unknown,
    stack: LoadedStack,
    resources: readonly { type: string; name: string; parent: string | null; inputs: Record<string, unknown> }[],
): string {
    const message = failure instanceof Error ? failure.message : String(failure);
    const missing = /unknown stack "([^"]*)"/.exec(message);
    if (missing === null) return message;
    const reference = resources.find((r) => r.type === "pulumi:pulumi:StackReference" && r.inputs.name === missing[1]);
    const parent = reference?.parent?.replace(/^.*?::/, "");
    const instance = stack.instances.find((i) => i.name === parent);
    const explained = instance && kitOf(instance.component)?.unknownStack;
    if (instance === undefined || explained === undefined) return message;
    const { var: named, text } = explained(
        { name: instance.name, args: instance.args, written: new Set(Object.keys(instance.varLocations)) },
        missing[1],
    );
    const where = formatLocation((named !== undefined ? instance.varLocations[named] : undefined) ?? instance.location);
    return `${where}: ${instance.component} "${instance.name}": ${text}`;
}

/**
 * The kit of the component each resource belongs to (its own, or its nearest component ancestor's type),
 * by `type::name`.
 */
function ownerKits(
    resources: readonly { type: string; name: string; parent: string | null }[],
    kits: readonly ComponentKit[] = COMPONENT_KITS,
): Map<string, ComponentKit | undefined> {
    const byType = new Map(kits.map((kit) => [kit.definition.typeToken, kit]));
    const owner = new Map<string, ComponentKit | undefined>();
    for (const { type, name, parent } of resources) {
        owner.set(`${type}::${name}`, byType.get(type) ?? (parent !== null ? owner.get(parent) : undefined));
    }
    return owner;
}

/** The value of an output, `"[secret]"` if it is secret (or holds a secret), null when absent or unknown. */
async function reveal(output: pulumi.Output<unknown> | undefined): Promise<unknown> {
    if (output === undefined) {
        return null;
    }
    if (await pulumi.isSecret(output)) {
        return SECRET_PLACEHOLDER;
    }
    const read = await readOutput(output);
    return !read.known || read.value === undefined ? null : read.value;
}

/**
 * Runs the stack file's program under mocks and returns its plan.
 * Throws the loader's `StackFileError`, the program's `StackVarsError` (both before anything is
 * registered), or a {@link SynthRunError} when the program fails while running.
 */
export async function synth(file: string, options: SynthOptions = {}): Promise<SynthPlan> {
    const stack =
        options.loaded ??
        loadStackFile(file, {
            allowExec: options.allowExec === true,
            allowOutsideRepository: options.allowOutsideRepository === true,
        });
    for (const warning of stack.warnings) {
        options.onWarning?.(warning);
    }
    const stackName = options.stack ?? (stack.stackName || path.basename(file).replace(/\.[^.]*$/, ""));
    const refused = options.stack === undefined ? derivedStackNameProblem(stackName) : undefined;
    if (refused !== undefined) throw new Error(refused);
    // This very stack's outputs in --stack-outputs are its last deployment's (its own reference's).
    const selfName = `${options.organization ?? "organization"}/${options.project ?? "cloudposse-components"}/${stackName}`;
    const reads = plannedReads(stack, options.organization ?? "organization", stackName);
    const mocks = await installMocks({
        ...options,
        project: options.project ?? "cloudposse-components",
        stack: stackName,
    });

    // Failures inside the program's outputs surface as rejected promises that nothing holds (see
    // sdk/adapter.ts); collect them. A resource whose input failed never reaches the mocks,
    // so waiting for it would never end: the first failure ends the run.
    const failures: unknown[] = [];
    let fail: (reason: unknown) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => {
        fail = reject;
    });
    failed.catch(() => undefined);
    const onRejection = (reason: unknown) => {
        failures.push(reason);
        fail(reason);
    };
    const release = captureUnhandledRejections(onRejection);
    try {
        // The program's guards, as pulumi up runs them: an invalid var throws its StackVarsError, a rename
        // without an alias or a run that would lose a log group's events its refusal, before any instance
        // is registered; the last deployment's outputs are those --stack-outputs gives this very stack.
        const { deployStackGuardingRenames } = await import("./renames");
        const outputs = await Promise.race([
            deployStackGuardingRenames(stack, {
                lastDeployment: options.stackOutputs?.[selfName] ?? {},
                onWarning: (message) => options.onWarning?.(message),
                optIns: new Map(Object.entries(options.optIns ?? {}).map(([key, list]) => [key, new Set(list)])),
                renameGuard: options.renameGuard !== false,
                // The plan cannot see AWS: log groups are not looked up (an adopted one is imported unchecked).
                offline: true,
            }),
            failed,
        ]);
        const run = async (): Promise<SynthPlan> => {
            const resolved: SynthPlan["outputs"] = {};
            for (const [instance, named] of Object.entries(outputs)) {
                const values: Record<string, unknown> = {};
                for (const [name, output] of Object.entries(named)) {
                    // The spec's outputs (not those the program exports for its next run's guards).
                    if (DEPLOYMENT_OUTPUTS.has(name)) continue;
                    values[name] = await reveal(output);
                }
                resolved[instance] = Object.values(values).every((v) => v === null) ? null : values;
            }
            await mocks.settle();
            // Let rejections queued by the last registrations be reported before deciding.
            await new Promise((resolve) => setImmediate(resolve));
            const time = now();
            const owners = ownerKits(mocks.resources);
            return {
                resources: mocks.resources.map(({ type, name, parent, inputs, importId, options }) => {
                    const rotation = owners
                        .get(`${type}::${name}`)
                        ?.planRotation?.(options?.replacementTrigger, inputs, time);
                    return {
                        type,
                        name,
                        parent,
                        inputs,
                        ...(importId !== undefined ? { import: importId } : {}),
                        ...(options !== undefined ? { options } : {}),
                        ...(rotation !== undefined ? { rotation } : {}),
                    };
                }),
                outputs: resolved,
                skipped: stack.skipped.map(({ instance, component }) => ({ instance, component })),
                ...(reads.length > 0 ? { reads } : {}),
            };
        };
        const plan = await Promise.race([run(), failed]).catch((error: unknown) => {
            failures.push(error);
            return undefined;
        });
        if (plan === undefined || failures.length > 0) {
            const located = (f: unknown) => missingStackMessage(f, stack, mocks.resources);
            throw new SynthRunError([...new Set(failures.map(located))]);
        }
        // Outputs given for stacks nothing read, and none for this stack: the guards ran on nothing.
        const given = Object.keys(options.stackOutputs ?? {});
        if (given.length > 0 && !given.includes(selfName)) {
            const read = new Set(
                plan.resources.flatMap((r) =>
                    r.type === "pulumi:pulumi:StackReference" && typeof r.inputs.name === "string"
                        ? [r.inputs.name]
                        : [],
                ),
            );
            const unread = given.filter((key) => !read.has(key));
            if (unread.length > 0) throw new StackOutputsKeyError(selfName, unread);
        }
        return plan;
    } finally {
        release();
    }
}
