/**
 * One instance of a stack (`synth --component`, the program's `atmosComponent`): what the loader
 * keeps of a stack when asked for one instance, and the refusal of an instance the stack does not
 * have. Pure.
 */
import { didYouMean } from "../util/suggest";
import { makeProblem, StackFileError, type SourceLocation } from "./errors";
import type { InstanceSearch, LoadedStack } from "./loadTypes";

/** Why an instance of that name is not deployed, in words. */
const NOT_DEPLOYABLE: Readonly<Record<"abstract" | "disabled" | "foreign", string>> = {
    abstract: "abstract (metadata.type: abstract, a base for others)",
    disabled: "disabled (metadata.enabled: false)",
    foreign: "under components.pulumi but not one of this package's components",
};

/** A new search for `name`. */
export function instanceSearch(name: string): InstanceSearch {
    return { name, others: new Set(), notDeployable: new Map() };
}

/**
 * `stack` when it holds the instance searched for (planned, or skipped as Terraform's); otherwise
 * a `StackFileError` naming the stack, with a did-you-mean over the stack's other instances (the
 * message escaped for the terminal by `makeProblem`).
 * A Terraform instance (one this package does not implement) is refused too: there is nothing to
 * plan or deploy.
 */
export function requireInstance(stack: LoadedStack, search: InstanceSearch, at: SourceLocation): LoadedStack {
    const { name } = search;
    const shownStack = stack.atmosStack ?? stack.stackName;
    if (stack.instances.some((i) => i.name === name)) {
        // Only the instance: the stack's other components are neither planned nor listed as skipped.
        return { ...stack, skipped: [] };
    }
    const skipped = stack.skipped.find((s) => s.instance === name);
    let reason: string;
    if (skipped !== undefined) {
        reason = `instance ${JSON.stringify(name)} of the Atmos stack ${shownStack} is component ${JSON.stringify(skipped.component)}, which this package does not implement (it is left to Terraform: atmos terraform plan ${name} -s ${shownStack})`;
        throw new StackFileError([makeProblem("UNKNOWN_COMPONENT", skipped.location, reason, { instance: name })]);
    }
    const why = search.notDeployable.get(name);
    reason =
        why !== undefined
            ? `instance ${JSON.stringify(name)} of the Atmos stack ${shownStack} is ${NOT_DEPLOYABLE[why]}; there is nothing to deploy`
            : `the Atmos stack ${shownStack} has no component instance ${JSON.stringify(name)}${didYouMean(name, [...search.others].sort())}`;
    throw new StackFileError([makeProblem("UNKNOWN_COMPONENT", at, reason, { instance: name })]);
}
