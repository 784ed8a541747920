/**
 * A component's kit: how the stack program prepares and creates an instance, which arguments the plugin's schema
 * marks required, and what the program, synth and migration ask of a component (its guards, its plan lines, the names
 * it adopts), so that they name no component. Each component folder exports one (`kit.ts`); `kits.ts` lists them.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { NameClaim } from "./collisions";
import type { ComponentDefinition, OutputDefinition } from "./definition";
import type { ResolveOptions } from "./common";
import type { ArgProblem } from "./errors";
import { exportedOutput, outputValues } from "./declaredOutputs";
import { FromStackProgram } from "./preamble";
import type { RotationSchedule } from "./lifecycle";
import type { ComponentAdoption } from "./adoption";

/** The outputs of one instance, by the spec's output name. */
export type InstanceOutputs = Record<string, pulumi.Output<unknown> | undefined>;

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

/** A component class, constructible from its arguments (TypeScript programs, the plugin's `Construct`). */
export interface ComponentClass {
    readonly definition: ComponentDefinition;
    new (name: string, args: never, opts: pulumi.ComponentResourceOptions): pulumi.ComponentResource;
}

/** What the plugin's schema says of the arguments beyond their declaration. */
export interface ArgKinds {
    /** The arguments a program must give. */
    readonly required: readonly string[];
}

/** One instance a guard looks at: validated, not registered. */
export interface GuardedInstance {
    /** The instance name. */
    readonly instance: string;
    /** Its previous names (the `aliases` argument). */
    readonly aliases: readonly string[];
    /** Its resolved arguments (the kit's resolver's result). */
    readonly resolved: object;
}

/** What a guard is given: the run, compared with the last deployment. */
export interface GuardContext {
    /** The outputs this stack's last deployment exported (`{ instance: { output: value } }`; empty on the first). */
    readonly lastDeployment: Readonly<Record<string, unknown>>;
    /** The stack file's instances of the guard's component, in stack order. */
    readonly instances: readonly GuardedInstance[];
    /**
     * Instances whose old log group this run may delete: those the log-history guard's opt-in names
     * (components/kit/logHistory.ts `LOG_HISTORY_OPT_IN`: the program config `allowLogGroupDeletion`).
     */
    readonly allowLogGroupDeletion: ReadonlySet<string>;
    /** True for synth's offline plan: AWS cannot be read. */
    readonly offline: boolean;
}

/** What a guard found: warnings to print, and refusals that stop the run before anything is registered. */
export interface GuardFindings {
    readonly warnings: readonly string[];
    readonly refusals: readonly string[];
}

/**
 * A check a component declares (its kit's `guards`), which `pulumi up` and synth alike run before any instance is
 * registered (program/renames.ts), after every instance is valid and the rename guard passed.
 */
export interface ComponentGuard {
    /** What it guards, in a few words (`log history`). */
    readonly name: string;
    /** Compares the run with the last deployment (may read AWS unless `offline`). */
    check(context: GuardContext): Promise<GuardFindings>;
    /** The error its refusals are thrown as. */
    refuse(refusals: readonly string[]): Error;
}

/** One instance as the plan's messages name it: its name, args and the vars its stack file writes. */
export interface PlannedInstance {
    readonly name: string;
    /** The arguments (camelCase), as the stack loader gave them. */
    readonly args: Readonly<Record<string, unknown>>;
    /** The snake_case vars the stack file writes for it. */
    readonly written: ReadonlySet<string>;
}

/**
 * What the offline mocks (program/mocks.ts) answer for a resource type a component registers and the mocks do not
 * know by themselves: the id, name, region, ARN (from the type token, program/awsArns.ts) and tags of any `aws:`
 * resource, with the specifics declared here.
 */
export interface MockedType {
    /**
     * The id the provider gives it: its name (the default), its ARN (an SNS topic's, as the provider sets it), or one
     * built from its inputs and state (`<workspace id>/<key name>`).
     */
    readonly id?: "name" | "arn" | ((inputs: Readonly<Record<string, unknown>>, context: MockContext) => string);
    /**
     * False for a resource without a name or an ARN of its own (an EventBridge target): its state is its inputs, its
     * region and what `state` adds. @default true
     */
    readonly named?: boolean;
    /** State the provider computes beyond the generic one, from the inputs and that state (`{ owner: ... }`). */
    readonly state?: (
        inputs: Readonly<Record<string, unknown>>,
        context: MockContext,
    ) => Readonly<Record<string, unknown>>;
}

/** What the mocks tell a {@link MockedType} or a {@link MockedInvoke} of every answer. */
export interface MockRun {
    /** The plain value behind an input that may be a secret. */
    plain(value: unknown): unknown;
    /** An ARN in the region of the answer (the resource's, the call's) and the mocks' account and partition. */
    arn(service: string, resource: string): string;
    /**
     * The state the mocks answered this run for the resource of a declared type (`mockedTypes`) with this id, if the
     * program registered one: a lookup answers what the program declared (its own workspace's Grafana version).
     */
    answered(type: string, id: string): Readonly<Record<string, unknown>> | undefined;
    /**
     * An option of the mocks (`MockOptions` of program/mocks.ts) by name, as the test gave it (undefined when not): a
     * component's declared answers read the options it documents there (`grafanaVersion`).
     */
    option(name: string): unknown;
}

/** What the mocks tell a {@link MockedType} of the resource they answer. */
export interface MockContext extends MockRun {
    /** Its state so far: the generic one for `state`, the whole one for `id`. */
    readonly state: Readonly<Record<string, unknown>>;
    /** Its logical (Pulumi) name. */
    readonly logicalName: string;
    /** When it was created, as the mocks' clock says (RFC 3339). */
    readonly createdAt: string;
}

/**
 * What the offline mocks (program/mocks.ts) answer for a provider function (an invoke) a component calls and the mocks
 * do not answer by themselves: the function's result, from its inputs (`{ workspaceId }`).
 */
export type MockedInvoke = (
    inputs: Readonly<Record<string, unknown>>,
    context: MockInvokeContext,
) => Readonly<Record<string, unknown>>;

/** What the mocks tell a {@link MockedInvoke} of the call they answer. */
export interface MockInvokeContext extends MockRun {
    /** The region the call works in: its `region` input, else its explicit provider's, else the default provider's. */
    readonly region: string;
}

/** One component, wired. */
export interface ComponentKit {
    /** Its declaration. */
    readonly definition: ComponentDefinition;
    /** Its class. */
    readonly component: ComponentClass;
    /** Its arguments' kinds, checked against its `Args` by the compiler ({@link argKinds}). */
    readonly args: ArgKinds;
    /** Validates the args of one stack-file instance, registering nothing (throws ComponentArgsError). */
    prepare(name: string, args: Readonly<Record<string, unknown>>): PreparedInstance;
    /**
     * Its resolver: validates arguments and settles them, registering nothing (throws ComponentArgsError);
     * `regionFromProvider` as the class's constructor calls it (TypeScript, the plugin), else as a stack file does.
     */
    readonly resolve: (name: string, args: Readonly<Record<string, unknown>>, options?: ResolveOptions) => object;
    /** Its guards, run by the program and synth alike before any instance is registered, in this order. */
    readonly guards?: readonly ComponentGuard[];
    /**
     * When one of its resources, registered with `replacementTrigger` and `inputs` at `time`, is rotated (the
     * plan's `rotation`); undefined for a resource that is not.
     */
    readonly planRotation?: (
        replacementTrigger: unknown,
        inputs: Readonly<Record<string, unknown>>,
        time: number,
    ) => RotationSchedule | undefined;
    /**
     * What synth says when an instance's stack reference names a stack that does not exist: the var that names it
     * (where the message points) and why that stack.
     */
    readonly unknownStack?: (
        instance: PlannedInstance,
        stack: string,
    ) => { readonly var?: string; readonly text: string };
    /**
     * The resource types it registers that the offline mocks do not know, by type token
     * (`{ "aws:sns/topic:Topic": { id: "arn" } }`): the mocks answer them in synth and the tests.
     */
    readonly mockedTypes?: Readonly<Record<string, MockedType>>;
    /**
     * The provider functions it calls that the offline mocks do not answer, by token
     * (`{ "aws:grafana/getWorkspace:getWorkspace": (inputs, context) => ({ ... }) }`): the mocks answer them in synth and
     * the tests, and refuse every other one.
     */
    readonly mockedInvokes?: Readonly<Record<string, MockedInvoke>>;
    /**
     * The outputs a stack its instances reference has in the offline mocks unless the test or synth says otherwise
     * (`defaultStackOutputs`, `--stack-outputs`'s `"*"`): the outputs of every component declaring some, merged.
     */
    readonly mockedStackOutputs?: Readonly<Record<string, unknown>>;
}

/** What `tf-adopt` asks of a component, loaded without the Pulumi SDK (the list's `rules`). */
export interface ComponentRules {
    /** What it adopts from a Terraform state, and how (adoption.ts); none: it adopts nothing. */
    readonly adoption?: ComponentAdoption;
}

/** What a resolver's result has that the kit reads. */
interface KitResolved {
    readonly enabled: boolean;
    readonly aliases: readonly string[];
    readonly warnings: readonly ArgProblem[];
}

/** What {@link wireKit} takes: what differs between components' kits. */
export interface KitSpec<R extends KitResolved, C> {
    /** The declaration. */
    readonly definition: ComponentDefinition;
    /** The class, constructible from the stack program's resolved arguments. */
    readonly component: ComponentClass &
        (new (name: string, args: FromStackProgram<R>, opts: pulumi.ComponentResourceOptions) => C);
    readonly args: ArgKinds;
    /** The resolver (throws ComponentArgsError); the stack program's path gives no options. */
    readonly resolve: (name: string, args: Readonly<Record<string, unknown>>, options?: ResolveOptions) => R;
    /** The names the instance needs to itself. */
    readonly claims: (resolved: R) => NameClaim[];
    /** The values of the definition's `physicalName` outputs, by output (see {@link physicalNamesOf}). */
    readonly physicalNames: (resolved: R) => Readonly<Record<string, string>>;
    /** What the constructor is given, from the resolved args and the last deployment's outputs. @default `resolved` */
    readonly construct?: (
        name: string,
        resolved: R,
        lastDeployment: Readonly<Record<string, unknown>> | undefined,
    ) => R;
    readonly guards?: ComponentKit["guards"];
    readonly planRotation?: ComponentKit["planRotation"];
    readonly unknownStack?: ComponentKit["unknownStack"];
    readonly mockedTypes?: ComponentKit["mockedTypes"];
    readonly mockedInvokes?: ComponentKit["mockedInvokes"];
    readonly mockedStackOutputs?: ComponentKit["mockedStackOutputs"];
}

/**
 * A component's kit from what differs: the stack program resolves an instance once (no second validation), then
 * constructs the class from that result (`FromStackProgram`) and takes its outputs by the spec's names.
 */
export function wireKit<R extends KitResolved, C>(spec: KitSpec<R, C>): ComponentKit {
    const { definition, component, construct, resolve, claims, physicalNames, ...hooks } = spec;
    return {
        ...hooks,
        definition,
        component,
        resolve,
        prepare: (name, args) => {
            const resolved = resolve(name, args);
            return {
                claims: claims(resolved),
                physicalNames: physicalNamesOf(definition, resolved.enabled, physicalNames(resolved)),
                aliases: resolved.aliases,
                resolved,
                warnings: resolved.warnings,
                create: (opts, lastDeployment) => {
                    const given = construct ? construct(name, resolved, lastDeployment) : resolved;
                    return specOutputsOf(new component(name, new FromStackProgram(given), opts), definition.outputs);
                },
            };
        },
    };
}

/** The arguments of `Args` a TypeScript program must give. */
export type RequiredArgs<Args> = { [K in keyof Args]-?: undefined extends Args[K] ? never : K }[keyof Args];

/** The {@link ArgKinds} of `Args`: the compiler checks the list against the interface. */
export function argKinds<Args>() {
    return <const R extends readonly Extract<RequiredArgs<Args>, string>[]>(
        required: R & ([Exclude<Extract<RequiredArgs<Args>, string>, R[number]>] extends [never] ? unknown : never),
    ): ArgKinds => ({ required });
}

/**
 * The values of a definition's physical-name outputs (`physicalName: true`), in its order, known
 * from the resolved arguments before anything is registered; none for a disabled instance, which
 * creates nothing. `values` must name exactly those outputs.
 */
export function physicalNamesOf(
    definition: ComponentDefinition,
    enabled: boolean,
    values: Readonly<Record<string, string>>,
): readonly string[] {
    const outputs = Object.keys(definition.outputs).filter((key) => definition.outputs[key].physicalName === true);
    const given = Object.keys(values);
    if (given.length !== outputs.length || !outputs.every((key) => given.includes(key))) {
        throw new TypeError(
            `${definition.path}: physical names given for ${given.join(", ")}, declared for ${outputs.join(", ")}`,
        );
    }
    return enabled ? outputs.map((key) => values[key]) : [];
}

/**
 * The outputs a definition gives a spec name (and those it exports for the next run's guards, its
 * `deployment` names), read from the component (declaredOutputs.ts), an object output's fields named by their
 * `var`; undefined for a disabled instance. The compiler checks that every output the definition declares is a property of the component.
 */
export function specOutputsOf<C, O extends keyof C & string>(
    component: C,
    outputs: Readonly<Record<O, OutputDefinition>>,
): InstanceOutputs {
    const values = outputValues(component as object);
    const named: InstanceOutputs = {};
    for (const [property, output] of Object.entries(outputs) as [O, OutputDefinition][]) {
        const exported = output.spec ?? output.deployment;
        // An object output's fields under their stack-file names (`var`).
        if (exported !== undefined) named[exported] = exportedOutput(output, values[property]);
    }
    return named;
}
