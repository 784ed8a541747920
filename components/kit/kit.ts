/**
 * A component's kit: how the stack program prepares and creates an instance, and which arguments the plugin's schema
 * marks required. Each component folder exports one (`kit.ts`); `kits.ts` lists them.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { NameClaim } from "./collisions";
import type { ComponentDefinition, OutputDefinition } from "./definition";
import type { ArgProblem } from "./errors";

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
 * `deployment` names), read from the component. The compiler checks that every output the definition
 * declares is a property of the component.
 */
export function specOutputsOf<C, O extends keyof C & string>(
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
