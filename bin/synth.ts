#!/usr/bin/env node
/**
 * `npm run synth -- <stack-file> [--json] [options]`: prints the plan of a stack file, computed
 * offline under Pulumi's mocks. Nothing goes to stdout but the plan; on any error, stdout stays
 * empty, stderr says what is wrong, and the exit code is non-zero.
 */
import { EXIT_INVALID, runSynthCommand } from "./synthCommand";

// A reader that stops early (`synth --json | head -1`) closes the pipe: end quietly, as `cat` does.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") {
        process.exit(process.exitCode ?? 0);
    }
    throw error;
});

runSynthCommand(process.argv.slice(2)).then(
    (code) => {
        process.exitCode = code;
    },
    (error: unknown) => {
        process.stderr.write(`synth: ${String(error)}\n`);
        process.exitCode = EXIT_INVALID;
    },
);
