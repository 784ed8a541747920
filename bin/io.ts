/** The streams and environment of the package's commands (`bin/`), injectable for tests. */
import * as path from "node:path";
import { escapeLines } from "../util/terminalText";

/** Where the command writes, and the environment it reads. */
export interface CommandIo {
    /** The plan (or the usage, or the stack list); colours only when `isTTY` and no NO_COLOR. */
    readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean };
    /** Everything else: problems, warnings, notes, and what the Pulumi SDK logs to the console. */
    readonly stderr: { write(text: string): unknown };
    /** NO_COLOR, and npm's INIT_CWD and npm_lifecycle_event (synth reads a relative path from where `npm run synth` was typed). */
    readonly env: NodeJS.ProcessEnv;
}

/** The process's own streams and environment. */
export function processIo(): CommandIo {
    return { stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/**
 * `io` with its stderr escaping what it writes ({@link escapeLines}): whatever a message quotes
 * from a file (names, paths, values) cannot move the cursor, recolour the terminal or reorder text.
 */
export function escapedStderr(io: CommandIo): CommandIo {
    const { stderr } = io;
    return { stdout: io.stdout, env: io.env, stderr: { write: (text: string) => stderr.write(escapeLines(text)) } };
}

/** The exit code of a command whose output could not be written (a full disk, a closed device). */
export const EXIT_OUTPUT_FAILED = 1;

/**
 * Ends the process quietly when stdout's reader has gone (EPIPE: `| head -1` read what it wanted,
 * as `cat` does, keeping the exit code so far), and with one line on stderr and
 * {@link EXIT_OUTPUT_FAILED} when stdout cannot be written (ENOSPC on a full disk, EIO, ...):
 * never a stack trace.
 */
export function endQuietlyOnOutputErrors(command: string): void {
    process.stdout.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
        const reason = error.code === "ENOSPC" ? "no space left on the device" : error.message;
        try {
            process.stderr.write(`${command}: cannot write the output: ${reason} (${error.code ?? "error"})\n`);
        } finally {
            process.exit(EXIT_OUTPUT_FAILED);
        }
    });
}

/**
 * How the user ran a command, for its usage text: `npm run <script> --` under npm's script of that
 * name, else `bin` when run through the package's bin (its link's name, or from a node_modules).
 */
export function commandName(
    script: string | undefined,
    env: NodeJS.ProcessEnv,
    names: { readonly npmScript: string; readonly bin: string },
): string {
    const npm = `npm run ${names.npmScript} --`;
    if (env.npm_lifecycle_event === names.npmScript) return npm;
    if (script !== undefined && (path.basename(script).startsWith(names.bin) || /[\\/]node_modules[\\/]/.test(script)))
        return names.bin;
    return npm;
}

/** `text` wrapped to `width` columns between words (usage texts), each line after the first indented by `indent`. */
export function wrapWords(text: string, width: number, indent = ""): string {
    const lines: string[] = [];
    for (const word of text.split(" ")) {
        const last = lines.length - 1;
        if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
        else lines.push(word);
    }
    return lines.join(`\n${indent}`);
}
