/**
 * Loaded by mocha after ts-node (.mocharc.json). ts-node maps every stack trace through the
 * sources' source maps, and the Pulumi SDK reads a whole stack trace for each resource it
 * registers and each promise it tracks (its source positions and leak reports, which the mocks do
 * not use): that mapping was about a sixth of the unit tier's time. Stacks the SDK captures itself
 * are formatted as V8 does, unmapped; every other stack (a failing test's) is mapped as before.
 */
import * as path from "node:path";

const SDK = `${path.sep}node_modules${path.sep}@pulumi${path.sep}pulumi${path.sep}`;
const mapped = Object.getOwnPropertyDescriptor(Error, "prepareStackTrace")?.value as
    ((error: Error, frames: NodeJS.CallSite[]) => unknown) | undefined;

if (mapped !== undefined) {
    Error.prepareStackTrace = (error: Error, frames: NodeJS.CallSite[]): unknown => {
        if (frames.length > 0 && (frames[0].getFileName() ?? "").includes(SDK)) {
            const head = error.message === "" ? error.name : `${error.name}: ${error.message}`;
            return [head, ...frames.map((frame) => `    at ${frame.toString()}`)].join("\n");
        }
        return mapped(error, frames);
    };
}
