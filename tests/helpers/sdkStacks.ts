/**
 * Loaded by mocha after ts-node (.mocharc.json). ts-node maps every stack trace through the
 * sources' source maps, and the Pulumi SDK reads a whole stack trace for each resource it
 * registers and each promise it tracks (its source positions and leak reports, which the mocks do
 * not use): that mapping was about a sixth of the unit tier's time. A stack the SDK captures itself
 * is its first line only (as under `npm run synth`, bin/synth.ts), so the SDK finds no source
 * position; so is an error the SDK itself throws. Every other stack (a failing test's
 * assertion, a component's error) is mapped as before.
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
