/**
 * Reading outputs and collecting a failed run's rejections in the tests, through
 * program/outputs.ts and sdk/adapter.ts (no `Output.promise()`, no listener juggling).
 */
import * as assert from "node:assert/strict";
import type * as pulumi from "@pulumi/pulumi";
import { readOutput } from "../../program/outputs";
import { captureUnhandledRejections } from "../../sdk/adapter";

/**
 * The value of an output, awaited (never asserted inside `apply`). Fails at once when the output is
 * undefined or its value is unknown (a preview's computed value, which `apply` would never
 * deliver); rejects with the output's own failure.
 */
export async function unwrap<T>(output: pulumi.Output<T> | undefined, what = "the output"): Promise<T> {
    assert.ok(output !== undefined, `${what} is undefined`);
    const read = await readOutput(output);
    if (!read.known) {
        assert.fail(`${what} is unknown (a preview's computed value): there is no value to unwrap`);
    }
    return read.value;
}

/**
 * Lets everything the program has set in motion happen: one turn of the event loop, after every
 * pending promise callback has run and Node has reported the rejections nothing handled. (The
 * mocks answer through promises only: no timer or I/O is involved, so no wall-clock wait is needed.)
 */
export function drained(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `fn`, then {@link drained}, collecting the unhandled rejections of both (a failed
 * registration surfaces as one, as `pulumi up` reports it and stops), with the test runner's own
 * listener set aside meanwhile. Returns what `fn` returned and the rejections, in order.
 */
export async function withUnhandledRejections<T>(fn: () => Promise<T>): Promise<{ result: T; rejections: unknown[] }> {
    const rejections: unknown[] = [];
    const release = captureUnhandledRejections((reason) => void rejections.push(reason), { exclusive: true });
    try {
        const result = await fn();
        return { result, rejections };
    } finally {
        // Also when `fn` failed: nothing of this run may reach the runner's listener later.
        await drained();
        release();
    }
}

/**
 * What reading each of `properties` on a disabled instance does: the message it throws
 * (components/declaredOutputs.ts), or `returned <value>` when it does not throw.
 */
export function readingDisabled(component: object, properties: readonly string[]): string[] {
    return properties.map((property) => {
        try {
            return `returned ${String((component as Record<string, unknown>)[property])}`;
        } catch (error) {
            return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        }
    });
}

/** The message of reading `property` on the disabled instance `instance` of `component`. */
export function disabledOutputMessage(component: string, instance: string, property: string): string {
    return `ComponentArgsError: ${component} "${instance}": ${property} is not available: the instance was created with enabled: false, so it has no resources and no outputs (check isEnabled() before reading one)`;
}
