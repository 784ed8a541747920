/**
 * One instance of a stack (`synth --component`, the program's `atmosComponent`): what the loader
 * keeps of a stack when asked for one instance, and the refusal of an instance the stack does not
 * have. Pure.
 */
import { didYouMean } from "../util/suggest";
import { escapeText } from "../util/terminalText";
import { makeProblem, StackFileError, type SourceLocation } from "./errors";
import type { InstanceSearch, LoadedStack } from "./loadTypes";

/** A new search for `name`. */
export function instanceSearch(name: string): InstanceSearch {
    return { name, others: new Set(), notDeployable: new Map() };
}

/**
 * `stack` when it holds the instance searched for (planned, or skipped as Terraform's); otherwise
 * a `StackFileError` naming the stack, with a did-you-mean over the stack's other instances.
 * A Terraform instance (one this package does not implement) is refused too: there is nothing to
 * plan or deploy.
 */
export function requireInstance(stack: LoadedStack, search: InstanceSearch, at: SourceLocation): LoadedStack {
    const { name } = search;
    const shownStack = escapeText(stack.atmosStack ?? stack.stackName);
    if (stack.instances.some((i) => i.name === name)) {
        // Only the instance: the stack's other components are neither planned nor listed as skipped.
        return { ...stack, skipped: [] };
    }
    const skipped = stack.skipped.find((s) => s.instance === name);
    let reason: string;
    if (skipped !== undefined) {
        reason = `instance ${JSON.stringify(escapeText(name))} of the Atmos stack ${shownStack} is component ${JSON.stringify(escapeText(skipped.component))}, which this package does not implement (it is left to Terraform: atmos terraform plan ${escapeText(name)} -s ${shownStack})`;
        throw new StackFileError([makeProblem("UNKNOWN_COMPONENT", skipped.location, reason, { instance: name })]);
    }
    const why = search.notDeployable.get(name);
    reason =
        why !== undefined
            ? `instance ${JSON.stringify(escapeText(name))} of the Atmos stack ${shownStack} is ${why === "abstract" ? "abstract (metadata.type: abstract, a base for others)" : "disabled (metadata.enabled: false)"}; there is nothing to deploy`
            : `the Atmos stack ${shownStack} has no component instance ${JSON.stringify(escapeText(name))}${escapeText(didYouMean(name, [...search.others].sort()))}`;
    throw new StackFileError([makeProblem("UNKNOWN_COMPONENT", at, reason, { instance: name })]);
}
