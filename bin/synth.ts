#!/usr/bin/env node
/**
 * `npm run synth -- <stack-file> [--json] [options]`: prints the plan of a stack file, computed
 * offline under Pulumi's mocks. Nothing goes to stdout but the plan; on any error, stdout stays
 * empty, stderr says what is wrong, and the exit code is non-zero.
 */
import { endQuietlyOnOutputErrors, processIo } from "./io";
import { EXIT_INVALID, runSynthCommand, synthProgramName } from "./synthCommand";

// The command prints messages, never stack traces, and the Pulumi SDK creates errors and stack
// traces for each resource it registers: without their frames a large stack plans in about 40% less
// CPU time (npm run bench). The SDK also lifts the limit to read each resource's source position
// from a formatted stack; the plan shows no source positions, so stacks are not formatted at all
// (an error's stack is its first line). \`node --stack-trace-limit=N\` (or NODE_OPTIONS) keeps N
// and the usual stacks for debugging.
if (
    ![...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].some((o) =>
        o.startsWith("--stack-trace-limit"),
    )
) {
    Error.stackTraceLimit = 0;
    Error.prepareStackTrace = (error: Error) => Error.prototype.toString.call(error);
}

// A reader that stops early (`synth --json | head -1`) closes the pipe: end quietly, as `cat` does;
// a full disk ends with one line on stderr.
endQuietlyOnOutputErrors("synth");

runSynthCommand(process.argv.slice(2), processIo(), synthProgramName(process.argv[1], process.env)).then(
    (code) => {
        process.exitCode = code;
    },
    (error: unknown) => {
        process.stderr.write(`synth: ${String(error)}\n`);
        process.exitCode = EXIT_INVALID;
    },
);
