/**
 * The outputs of a Terraform state document (format version 4, what Terraform 0.12 and later
 * write): an output's value, a path into it, and whether Terraform marked it sensitive. Pure.
 */
import { describeValue } from "../../util/describeValue";
import { hasOwn, isPlainObject } from "../../util/objects";
import { didYouMean } from "../../util/suggest";

// Terraform writes `outputs` as `{ "<name>": { "value": ..., "type": ..., "sensitive": true? } }`
// (hashicorp/terraform internal/states/statefile/version4.go 688-692, outputStateV4).

/** An output read from a state: its value (at the path asked) and whether it is sensitive. */
export interface StateOutput {
    readonly value: unknown;
    readonly sensitive: boolean;
}

/** Why an output could not be read from a state (the caller names the state and the var). */
export class StateOutputError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "StateOutputError";
    }
}

/** Largest state document read (Terraform's own states of a component are far smaller). */
export const MAX_STATE_CHARACTERS = 64 * 1024 * 1024;

/**
 * The output `name` of the state document `text`, then `path` into its value (`.a.b[0]` as parsed).
 * @throws StateOutputError when the text is not a version-4 state, the output is absent (with the
 *   outputs it has), or the path leads nowhere.
 */
export function stateOutput(text: string, name: string, path: readonly (string | number)[]): StateOutput {
    if (text.length > MAX_STATE_CHARACTERS) {
        throw new StateOutputError(
            `the state is larger than ${MAX_STATE_CHARACTERS.toLocaleString("en-US")} characters`,
        );
    }
    let state: unknown;
    try {
        state = JSON.parse(text);
    } catch (error) {
        throw new StateOutputError(`the state is not JSON (${(error as Error).message})`);
    }
    if (!isPlainObject(state) || state.version !== 4) {
        throw new StateOutputError(
            `the object is not a Terraform state of format version 4 (version ${describeValue(isPlainObject(state) ? state.version : undefined)})`,
        );
    }
    const outputs = isPlainObject(state.outputs) ? state.outputs : {};
    const output = hasOwn(outputs, name) ? outputs[name] : undefined;
    if (!isPlainObject(output) || !hasOwn(output, "value")) {
        const names = Object.keys(outputs).sort();
        throw new StateOutputError(
            `the state has no output ${JSON.stringify(name)}${didYouMean(name, names)} (outputs: ${names.length > 0 ? names.join(", ") : "none; is the component applied?"})`,
        );
    }
    const at = valueAtPath(output.value, path);
    if ("missing" in at) {
        throw new StateOutputError(`the output ${JSON.stringify(name)} has nothing at ${at.missing}`);
    }
    return { value: at.value, sensitive: output.sensitive === true };
}

/**
 * The value at `path` (list indexes and own keys, a yq path as parsed) in `value`, or where the path
 * first leads nowhere (`.a[2]`).
 */
export function valueAtPath(
    value: unknown,
    path: readonly (string | number)[],
): { readonly value: unknown } | { readonly missing: string } {
    let current = value;
    const walked: string[] = [];
    for (const step of path) {
        walked.push(typeof step === "number" ? `[${step}]` : `.${step}`);
        if (typeof step === "number" && Array.isArray(current) && step >= 0 && step < current.length) {
            current = (current as readonly unknown[])[step];
        } else if (typeof step === "string" && isPlainObject(current) && hasOwn(current, step)) {
            current = current[step];
        } else {
            return { missing: walked.join("") };
        }
    }
    return { value: current };
}
