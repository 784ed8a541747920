/**
 * Loaded by mocha after ts-node (.mocharc.json). ts-node maps every stack trace through the
 * sources' source maps, and the Pulumi SDK reads a whole stack trace for each resource it
 * registers and each promise it tracks (its source positions and leak reports, which the mocks do
 * not use): that mapping was about a sixth of the unit tier's time. A stack the SDK captures itself
 * is its first line only (as under `npm run synth`, bin/synth.ts), so the SDK finds no source
 * position; so is an error the SDK itself throws. Every other stack (a failing test's
 * assertion, a component's error) is mapped as before.
 *
 * The SDK's promise tracker (runtime/debuggable.js `debuggablePromise`) also captures a stack for
 * each promise it tracks, tens of thousands in the unit tier, kept only to print with
 * PULUMI_DEBUG_PROMISE_LEAKS set; mocha lifts Error.stackTraceLimit to Infinity, and capturing them
 * was about a tenth of the unit tier's CPU time. Before the first test (once the test files have
 * loaded the SDK), that capture takes no frames: `npm run synth` captures none either
 * (bin/synth.ts sets Error.stackTraceLimit to 0); the tracking itself (the leak candidates, the
 * error's `promise`) is the SDK's own, unchanged. With PULUMI_DEBUG_PROMISE_LEAKS set, the
 * stacks are captured as usual.
 */
import * as path from "node:path";

const SDK = `${path.sep}node_modules${path.sep}@pulumi${path.sep}pulumi${path.sep}`;
const mapped = Object.getOwnPropertyDescriptor(Error, "prepareStackTrace")?.value as
    ((error: Error, frames: NodeJS.CallSite[]) => unknown) | undefined;

if (mapped !== undefined) {
    Error.prepareStackTrace = (error: Error, frames: NodeJS.CallSite[]): unknown => {
        if (frames.length > 0 && (frames[0].getFileName() ?? "").includes(SDK)) {
            return Error.prototype.toString.call(error);
        }
        return mapped(error, frames);
    };
}

type Tracker = (promise: Promise<unknown>, context: string) => Promise<unknown>;

/** The SDK's debuggable module as loaded by the test files, if they loaded it. */
function loadedTracker(): { debuggablePromise: Tracker } | undefined {
    let file: string;
    try {
        file = require.resolve("@pulumi/pulumi/runtime/debuggable");
    } catch {
        return undefined;
    }
    return require.cache[file]?.exports as { debuggablePromise: Tracker } | undefined;
}

/** Mocha's root hooks (a `--require`d module's `mochaHooks`). */
export const mochaHooks = {
    beforeAll(): void {
        const debuggable = loadedTracker();
        if (debuggable === undefined || process.env.PULUMI_DEBUG_PROMISE_LEAKS) return;
        const track = debuggable.debuggablePromise;
        // The SDK calls it through its module's exports (`debuggable_1.debuggablePromise(...)`).
        debuggable.debuggablePromise = (promise, context) => {
            const limit = Error.stackTraceLimit;
            Error.stackTraceLimit = 0;
            try {
                return track(promise, context);
            } finally {
                Error.stackTraceLimit = limit;
            }
        };
    },
};
