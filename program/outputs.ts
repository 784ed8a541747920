/**
 * Reading the value of a `pulumi.Output` from outside a Pulumi program's data flow (synth's plan,
 * the tests): through `apply`, once the value is known to be there.
 */
import type * as pulumi from "@pulumi/pulumi";
import { isKnown } from "../sdk/adapter";

/** An output's value, or that it is unknown (a preview's computed value). */
export type OutputValue<T> = { readonly known: true; readonly value: T } | { readonly known: false };

/**
 * The value of `output` when it settles; `{ known: false }` when the value is unknown (`apply`
 * would never run). Rejects with the output's failure.
 */
export async function readOutput<T>(output: pulumi.Output<T>): Promise<OutputValue<T>> {
    if (!(await isKnown(output))) {
        return { known: false };
    }
    // Known: `apply` runs its callback with the value.
    const value = await new Promise<T>((resolve) => {
        output.apply((v) => {
            resolve(v);
            return v;
        });
    });
    return { known: true, value };
}
