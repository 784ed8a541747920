/**
 * Child processes for the end-to-end tier, started without blocking: a test file asks for its
 * processes with {@link startBeforeTests}, in a root-level `before` hook (mocha runs every file's
 * root hooks before the first test), so they run beside the unit tier, and each test awaits the
 * one it checks. They run in turn, as many at once as there are cores ({@link inTurn}), in the
 * order asked, so that the first ones a test needs end first. Whatever still runs when the last
 * test has ended (a test timed out, or `--grep` left its result unused) is killed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as os from "node:os";

/** The children started here that have not ended yet. */
const live = new Set<ChildProcess>();
/** Set once the last test has ended: nothing more starts. */
let stopped = false;

/**
 * Lowers a started child's scheduling priority, so that the tests running in this process keep
 * their core while the children use what is left. Best effort: where the system refuses, the child
 * runs at the normal priority.
 */
export function inBackground<C extends ChildProcess>(child: C): C {
    live.add(child);
    child.once("close", () => live.delete(child));
    if (child.pid !== undefined) {
        try {
            os.setPriority(child.pid, 10);
        } catch {
            // Not permitted here: the child keeps the normal priority.
        }
    }
    return child;
}

/** How many children run at once: one per core (more only share the cores, and all end later). */
const AT_ONCE = os.availableParallelism();
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `start` once fewer than AT_ONCE children started this way are running (in the order asked); resolves with its result. */
export async function inTurn<T>(start: () => Promise<T>): Promise<T> {
    if (running >= AT_ONCE) {
        // A finishing run hands its slot over (running stays as it is).
        await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
        running++;
    }
    try {
        if (stopped) throw new Error("not started: the tests have ended");
        return await start();
    } finally {
        const next = waiting.shift();
        if (next !== undefined) {
            next();
        } else {
            running--;
        }
    }
}

/** What a finished process printed, and its exit code (null when a signal ended it). */
export interface ProcessRun {
    readonly status: number | null;
    readonly stdout: string;
    readonly stderr: string;
}

/** Options of {@link runProcess}. */
export interface RunOptions {
    readonly cwd: string;
    readonly env?: NodeJS.ProcessEnv;
    /** Killed after this long (its run then ends with status null). @default 60000 */
    readonly timeoutMs?: number;
    /**
     * Close the child's stdout before reading any of it, as a reader that ends early does
     * (`| head -1` once its line is read): the child's writes then fail with EPIPE, whatever the
     * size of its output (a reader that takes one chunk first would leave room in the kernel's
     * buffer for the rest of a smaller output).
     */
    readonly closeStdout?: boolean;
}

/** Runs `command` with `args` to its end, collecting its output; never rejects for an exit code. */
export function runProcess(command: string, args: readonly string[], options: RunOptions): Promise<ProcessRun> {
    return inTurn(() => spawned(command, args, options));
}

/** The child, its stdout and stderr piped to this process, stopped with the run ({@link inBackground}). */
function spawnPiped(command: string, args: readonly string[], options: RunOptions) {
    return inBackground(
        spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] }),
    );
}

function spawned(command: string, args: readonly string[], options: RunOptions): Promise<ProcessRun> {
    return new Promise((resolve, reject) => {
        const child = spawnPiped(command, args, options);
        let stdout = "";
        let stderr = "";
        if (options.closeStdout === true) {
            child.stdout.destroy();
        } else {
            child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
        }
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
        const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
        child.on("error", (error) => {
            clearTimeout(timer);
            reject(error);
        });
        child.on("close", (status) => {
            clearTimeout(timer);
            resolve({ status, stdout, stderr });
        });
    });
}

/** `node <args>`, with this process's Node. */
export function runNode(args: readonly string[], options: RunOptions): Promise<ProcessRun> {
    return runProcess(process.execPath, args, options);
}

/**
 * `promise`, marked as handled: a test awaits it later and reports its failure; until then Node
 * must not report it as an unhandled rejection.
 */
export function awaitedLater<T>(promise: Promise<T>): Promise<T> {
    promise.catch(() => undefined);
    return promise;
}

/**
 * Calls `start` in a root-level `before` hook (before the first test of the whole run) and returns
 * a getter of its result. A failure of `start`, thrown or rejected, fails the tests that use the
 * result, not the hook (a failing root hook would skip every test of the run). After the last
 * test, `after` kills the children still running, starts no more, and waits for `start`'s result
 * to settle.
 */
export function startBeforeTests<T>(start: () => T | Promise<T>): () => Promise<T> {
    let started: Promise<T> | undefined;
    before(() => {
        started = awaitedLater(Promise.resolve().then(start));
    });
    after(async function () {
        this.timeout(30_000);
        stopped = true;
        for (const child of live) child.kill("SIGKILL");
        await started?.then(
            () => undefined,
            () => undefined,
        );
    });
    return () => started ?? Promise.reject(new Error("not started: mocha's root before hooks did not run"));
}

/** A long-running child started by {@link startServer}. */
export interface StartedServer {
    /** The first line it printed (a plugin's port). */
    readonly firstLine: string;
    /** What it has printed on stderr so far. */
    stderr(): string;
    /** Stops it (SIGKILL); the last test's `after` also stops every child still running. */
    stop(): void;
}

/**
 * Starts a server (a Pulumi plugin) and resolves once it has printed its first line on stdout; it
 * keeps running, beside the tests, once started outside the turns of {@link runProcess} (it never
 * ends by itself). Rejects when it exits or has printed nothing within `timeoutMs`.
 */
export function startServer(command: string, args: readonly string[], options: RunOptions): Promise<StartedServer> {
    // It takes a turn while it starts (the busy part), and gives it back once it has printed its line.
    return inTurn(() => serverStarted(command, args, options));
}

function serverStarted(command: string, args: readonly string[], options: RunOptions): Promise<StartedServer> {
    return new Promise((resolve, reject) => {
        const child = spawnPiped(command, args, options);
        let stdout = "";
        let stderr = "";
        const timer = setTimeout(() => {
            child.kill("SIGKILL");
            reject(new Error(`${command} printed no line within ${options.timeoutMs ?? 60_000} ms: ${stderr}`));
        }, options.timeoutMs ?? 60_000);
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
            stdout += chunk;
            const end = stdout.indexOf("\n");
            if (end >= 0) {
                clearTimeout(timer);
                resolve({
                    firstLine: stdout.slice(0, end).trim(),
                    stderr: () => stderr,
                    stop: () => child.kill("SIGKILL"),
                });
            }
        });
        child.on("error", (error) => {
            clearTimeout(timer);
            reject(error);
        });
        child.on("close", (status) => {
            clearTimeout(timer);
            reject(new Error(`${command} exited (${String(status)}) before printing a line: ${stderr}`));
        });
    });
}
