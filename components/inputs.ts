/**
 * Pulumi Inputs in the components' arguments: what is known when the component is constructed
 * (checked there, synchronously, as plain values always were), what is known later (checked as soon
 * as it is, with the same rules and messages, before the children that use it reach AWS), and the
 * AWS provider the children get (its region when the arguments give none; which account a name
 * lives in).
 */
import * as pulumi from "@pulumi/pulumi";
import { Provider as AwsProvider } from "@pulumi/aws/provider";
import { valueWithUnknowns } from "../program/sdkAdapter";
import { holdsUnknown } from "../util/unknown";

/** True for a value known only later: an Output or a promise. */
function isDeferred(value: unknown): boolean {
    return (
        pulumi.Output.isInstance(value) ||
        (typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function")
    );
}

/** A plain object or array (what a pattern or a map of tags is made of), not a class instance. */
function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
    if (Array.isArray(value)) return true;
    if (typeof value !== "object" || value === null) return false;
    const proto: unknown = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
}

/** `value` with every Output and promise, at any depth, replaced by Pulumi's `unknown`. */
function knownPart(value: unknown): { value: unknown; deferred: boolean } {
    if (isDeferred(value)) return { value: pulumi.unknown, deferred: true };
    if (!isPlainContainer(value)) return { value, deferred: false };
    let deferred = false;
    const part = (item: unknown) => {
        const known = knownPart(item);
        deferred ||= known.deferred;
        return known.value;
    };
    const copy = Array.isArray(value)
        ? value.map(part)
        : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, part(item)]));
    return deferred ? { value: copy, deferred } : { value, deferred };
}

/** The arguments as known now, and which of them are known only later. */
export interface KnownNow {
    /** The arguments, every part not known yet replaced by Pulumi's `unknown`. */
    readonly args: Readonly<Record<string, unknown>>;
    /** The arguments holding an Output or a promise. */
    readonly deferred: readonly string[];
}

/** What the constructor can check at once: the arguments with every Input not known yet marked unknown. */
export function knownNow(args: object | null | undefined): KnownNow {
    if (typeof args !== "object" || args === null) return { args: args as never, deferred: [] };
    const known: Record<string, unknown> = {};
    const deferred: string[] = [];
    for (const [key, value] of Object.entries(args)) {
        const part = knownPart(value);
        known[key] = part.value;
        if (part.deferred) deferred.push(key);
    }
    return { args: known, deferred };
}

/**
 * The arguments once every Input has settled: its value, or Pulumi's `unknown` where a preview does
 * not know it (or a part of it) yet. Rejects when an Input fails.
 */
export async function settledArgs(args: object, deferred: readonly string[]): Promise<Record<string, unknown>> {
    const settled: Record<string, unknown> = { ...(args as Record<string, unknown>) };
    await Promise.all(
        deferred.map(async (key) => {
            settled[key] = await valueWithUnknowns(settled[key] as pulumi.Input<unknown>);
        }),
    );
    return settled;
}

/** The AWS provider the children of a component created with `opts` get; undefined for the default one. */
export function awsProviderOf(opts: pulumi.ComponentResourceOptions): pulumi.ProviderResource | undefined {
    const { providers, provider, parent } = opts;
    if (Array.isArray(providers)) {
        const found = providers.find((p) => AwsProvider.isInstance(p));
        if (found) return found;
    } else if (providers !== undefined && providers.aws !== undefined) {
        return providers.aws;
    }
    if (provider !== undefined && AwsProvider.isInstance(provider)) return provider;
    return parent?.getProvider("aws::");
}

const providerKeys = new WeakMap<object, string>();
let providerCount = 0;

/**
 * What tells one AWS provider (an account, a role) from another in the name registry; undefined
 * for the default provider. Two provider objects are two accounts as far as the registry knows.
 */
export function accountOf(provider: pulumi.ProviderResource | undefined): string | undefined {
    if (provider === undefined) return undefined;
    let key = providerKeys.get(provider);
    if (key === undefined) {
        key = `aws provider #${++providerCount}`;
        providerKeys.set(provider, key);
    }
    return key;
}

/**
 * The region of an AWS provider: its `region` (an explicit `aws.Provider`), or for the default
 * provider the `aws:region` config value, else `AWS_REGION` / `AWS_DEFAULT_REGION`, as the
 * provider itself reads them; undefined when none says.
 */
export function regionOf(provider: pulumi.ProviderResource | undefined): pulumi.Input<string | undefined> {
    if (provider !== undefined) {
        const region = (provider as { region?: unknown }).region;
        return pulumi.Output.isInstance(region) ? (region as pulumi.Output<string | undefined>) : undefined;
    }
    return new pulumi.Config("aws").get("region") ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
}

/**
 * The result of checking the arguments again once every Input has settled: children take their
 * inputs from it, so a value found invalid then fails them before any AWS call.
 */
export class Settled<R> {
    constructor(private readonly result: Promise<R>) {
        // Observed by the children; never an unhandled rejection of its own.
        result.catch(() => undefined);
    }

    /**
     * One input of a child, picked from the checked result; unknown (and secret) as the Inputs it
     * depends on are. A failed check fails it.
     */
    input<T>(pick: (result: R) => T, ...dependsOn: unknown[]): pulumi.Output<pulumi.Unwrap<T>> {
        const result = this.result;
        const picked =
            dependsOn.length === 0
                ? pulumi.output(result.then(pick))
                : pulumi
                      .all(dependsOn.map((d) => pulumi.output(d as pulumi.Input<unknown>)))
                      .apply(() => result.then(pick));
        return picked as pulumi.Output<pulumi.Unwrap<T>>;
    }
}

/** True when an argument as settled is (or holds) a value a preview does not know yet. */
export function notKnownYet(value: unknown): boolean {
    return holdsUnknown(value);
}
