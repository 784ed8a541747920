/**
 * The package's commands run in-process, as `npm run synth` and `npm run tf-adopt` run them but on
 * strings instead of the process's streams: the same code (bin/synthCommand.ts,
 * bin/tfAdoptCommand.ts) without a process start per case. tests/bin/commands.e2e.test.ts runs the real
 * commands in child processes and checks that they print the same.
 */
import { runSynthCommand } from "../../bin/synthCommand";
import { runTfAdoptCommand } from "../../bin/tfAdoptCommand";
import type { CommandIo } from "../../bin/io";

/** What a command printed and its exit code. */
export interface CommandRun {
    readonly status: number;
    readonly stdout: string;
    readonly stderr: string;
}

/** Streams that collect what is written, not a terminal; the environment is the test process's, plus `env`. */
function capture(env: NodeJS.ProcessEnv): { io: CommandIo; out: string[]; err: string[] } {
    const out: string[] = [];
    const err: string[] = [];
    return {
        io: {
            stdout: { write: (text: string) => out.push(text) },
            stderr: { write: (text: string) => err.push(text) },
            env: { ...process.env, ...env },
        },
        out,
        err,
    };
}

/** `npm run synth -- <args>` in-process. */
export async function synthCommand(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CommandRun> {
    const { io, out, err } = capture(env);
    const status = await runSynthCommand(args, io);
    return { status, stdout: out.join(""), stderr: err.join("") };
}

/** `npm run tf-adopt -- <args>` in-process. */
export function tfAdoptCommand(args: readonly string[], env: NodeJS.ProcessEnv = {}): CommandRun {
    const { io, out, err } = capture(env);
    const status = runTfAdoptCommand(args, io);
    return { status, stdout: out.join(""), stderr: err.join("") };
}
