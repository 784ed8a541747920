/** The streams and environment of the package's commands (`bin/`), injectable for tests. */

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
