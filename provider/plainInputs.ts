/**
 * Where a Construct request's inputs hold a value known only later (an Output: a secret, an unknown or a dependent
 * value, as the SDK's provider server makes them) at a position its declaration does not take one: the plugin refuses
 * those before constructing anything, at the places the kit's own check names (components/kit/declared.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { misplacedInputs } from "../components/kit/declared";
import { argOf, type ComponentDefinition } from "../components/kit/definition";
import { isThenable } from "../util/objects";
import type { ProblemPath } from "../util/problem";

/** An Output or a promise: a value known only later (the SDK's server makes every one an Output). */
function outputKind(value: unknown): "an Output" | undefined {
    return pulumi.Output.isInstance(value) || isThenable(value) ? "an Output" : undefined;
}

/**
 * The places in `inputs` holding an Output where `definition` takes none (see {@link misplacedInputs}: a shorthand
 * argument as a whole, a composite one down to the item, map value or field). Arguments the definition does not
 * declare are the component's to refuse.
 */
export function misplacedOutputs(
    definition: ComponentDefinition,
    inputs: Readonly<Record<string, unknown>>,
): ProblemPath[] {
    return Object.keys(inputs).flatMap((arg) => {
        const spec = argOf(definition, arg);
        if (spec === undefined) return [];
        return misplacedInputs(spec, inputs[arg], [arg], outputKind).map((found) => found.path);
    });
}
