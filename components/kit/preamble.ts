/**
 * The start every component's constructor shares: validate the arguments known now, claim the
 * instance's names, check the Inputs known later once they are (same rule, same message), the
 * aliases and the warnings. A component's own file keeps only the wiring of its AWS children.
 */
import * as pulumi from "@pulumi/pulumi";
import { valueWithUnknowns } from "../../sdk/adapter";
import type { NameClaim } from "./collisions";
import { argsWarningsReported, warningsReported } from "./common";
import type { ComponentDefinition } from "./definition";
import { aliasOptions } from "./engine";
import { ComponentArgsError, type ArgProblem, type ArgProblemInput } from "./errors";
import { accountOf, awsProviderOf, checkOnceKnown, knownNow, regionOf, resolveKnownNow, Settled } from "./inputs";
import { programRegistry } from "./programRegistry";

/** What every resolver's result has. */
export interface ResolvedBase {
    readonly enabled: boolean;
    /** The region given; undefined: the AWS provider's. */
    readonly region?: string;
    /** Previous instance names (Pulumi aliases of the component). */
    readonly aliases: readonly string[];
    readonly warnings: readonly ArgProblem[];
}

/**
 * The stack program's way into a component's constructor (its kit): a result the program resolved,
 * and whose problems and warnings it reported with the stack file's locations, taken as is.
 */
export class FromStackProgram<R> {
    constructor(readonly resolved: R) {}
}

/** What differs between components in the start. */
export interface StartSpec<R extends ResolvedBase> {
    readonly definition: ComponentDefinition;
    /** The component's resolver on the arguments known (`regionFromProvider`); throws ComponentArgsError. */
    readonly resolve: (args: Readonly<Record<string, unknown>>) => R;
    /** The names the instance needs to itself. */
    readonly claims: (resolved: R) => NameClaim[];
    /** Whether a claimed name lives in an AWS account (then two providers hold two of it). @default every one */
    readonly inAccount?: (claim: NameClaim) => boolean;
}

/** The start of one instance: its resolved arguments and how its children take their inputs. */
export interface Started<R extends ResolvedBase, Args> {
    readonly resolved: R;
    /** The arguments as given (children's inputs depend on them); none on the stack program's path. */
    readonly args: Partial<Args>;
    /** The component's options, with the aliases of its previous names. */
    readonly options: pulumi.ComponentResourceOptions;
    /** A child's input: the value checked once every Input is known, else the one known now. */
    readonly value: <T>(pick: (resolved: R) => T, ...dependsOn: unknown[]) => pulumi.Input<T>;
    /** The region the children are given: the one given (it wins over the provider's), or none. */
    readonly region: () => pulumi.Input<string> | undefined;
    /** Called right after `super`: logs the warnings nobody reported yet, from the component. */
    readonly attach: (component: pulumi.ComponentResource) => void;
    /**
     * What to give `registerOutputs`: `outputs`, or for a disabled instance with Inputs known later
     * (no child to fail), a Promise of them that the check once known fails, so the SDK reports it.
     */
    readonly outputs: (outputs: pulumi.Inputs) => pulumi.Inputs | Promise<pulumi.Inputs>;
}

/**
 * Validates an instance before anything is registered (throws ComponentArgsError, every problem at
 * once), claims its names in the program's registry, and, when Inputs are known only later or the
 * region is the provider's, checks everything again once known, before any child reaches AWS.
 */
export function startComponent<R extends ResolvedBase, Args extends object>(
    name: string,
    source: Args | FromStackProgram<R>,
    opts: pulumi.ComponentResourceOptions,
    spec: StartSpec<R>,
): Started<R, Args> {
    const component = spec.definition.path;
    const provider = awsProviderOf(opts);
    const account = accountOf(provider);
    const registry = programRegistry();
    const claimant = { component, instance: name };
    const inAccount = spec.inAccount ?? (() => true);
    const claimsOf = (r: R): NameClaim[] =>
        spec.claims(r).map((claim) => (account === undefined || !inAccount(claim) ? claim : { ...claim, account }));
    const claim = (r: R): void => {
        const collisions = registry?.claim(claimant, claimsOf(r)) ?? [];
        if (collisions.length > 0) throw new ComponentArgsError(component, name, collisions);
    };
    let attached: pulumi.ComponentResource | undefined;
    const warn = (warnings: readonly ArgProblemInput[]): void => {
        for (const warning of warnings) {
            void pulumi.log.warn(ComponentArgsError.render(component, name, [warning]), attached);
        }
    };

    if (source instanceof FromStackProgram) {
        const resolved = source.resolved;
        claim(resolved);
        return {
            resolved,
            args: {},
            options: { ...opts, aliases: aliasOptions(resolved.aliases, opts.aliases) },
            value: (pick) => pick(resolved),
            region: () => resolved.region,
            attach: (self) => {
                attached = self;
                if (!warningsReported(resolved)) warn(resolved.warnings);
            },
            outputs: (outputs) => outputs,
        };
    }

    // Validate first: an invalid argument must leave no resource behind, not even the component.
    const known = knownNow(source, spec.definition);
    const resolved = resolveKnownNow(component, name, known, () => spec.resolve(known.args));
    // Names another instance of this program already uses (the same log group, SSM parameter, ...).
    claim(resolved);
    const regionGiven = resolved.region !== undefined || known.deferred.includes("region");
    // Inputs known later, or the provider's region: everything is checked again once known. A
    // disabled instance's Inputs too (the same rule), though it has no child to take the provider's
    // region.
    const settled =
        known.deferred.length > 0 || (resolved.enabled && !regionGiven)
            ? new Settled(
                  checkOnceKnown(component, name, source, known.deferred, async (values, hide) => {
                      const region =
                          regionGiven || !resolved.enabled
                              ? values.region
                              : await valueWithUnknowns(regionOf(provider));
                      const final = spec.resolve({ ...values, region: region ?? undefined });
                      claim(final);
                      const told = new Set(resolved.warnings.map((w) => w.message));
                      warn(hide(final.warnings.filter((w) => !told.has(w.message))));
                      return final;
                  }),
              )
            : undefined;
    const args = source as Partial<Args> & { readonly region?: unknown };
    const value = <T>(pick: (r: R) => T, ...dependsOn: unknown[]): pulumi.Input<T> =>
        settled ? (settled.input(pick, ...dependsOn) as pulumi.Input<T>) : pick(resolved);
    return {
        resolved,
        args,
        options: { ...opts, aliases: aliasOptions(resolved.aliases, opts.aliases) },
        value,
        region: () => (regionGiven ? value((r) => r.region as string, args.region) : undefined),
        attach: (self) => {
            attached = self;
            const told = argsWarningsReported(source);
            if (!warningsReported(resolved)) warn(resolved.warnings.filter((w) => !told?.has(w.message)));
        },
        // An enabled instance's children take their inputs from the check and fail with it. A
        // disabled one has none: the SDK awaits the outputs it registers, and a rejection there is
        // reported as the program's failure (runtime/resource.ts registerResourceOutputs).
        outputs: (outputs) => (settled && !resolved.enabled ? settled.after(outputs) : outputs),
    };
}
