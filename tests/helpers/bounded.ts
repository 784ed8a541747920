/**
 * The bounded-case harness: runs one hostile case in a child process with a heap limit
 * (`--max-old-space-size`) and a time limit the harness enforces itself (SIGKILL when it is
 * reached), and reports how it ended: exit code or signal, stdout, stderr, elapsed time, peak
 * resident memory and whether `Object.prototype` was changed. The limit is on the child's CPU time
 * where /proc gives it (Linux), so that a loaded machine does not fail a case that does bounded
 * work: a case that took 30 s of wall time beside five other processes had used far less CPU.
 * Four times the limit in wall time stops a child that waits without working.
 *
 * A case is a compiled command (`runBoundedCommand("synth", [...])`: `bin/synth.js` as
 * tests/helpers/compiled.ts compiles it) or a script (`runBoundedScript(code)`, where `root` is the
 * compiled package's directory, e.g. `require(root + "/stack").loadStackFile(file)`).
 *
 * The probe: every child is preloaded (`-r`) with a script that, as the process exits, writes one
 * line `<<bounded-probe {...}>>` to stderr (the harness takes it off `stderr`) holding
 * `({}).polluted`, the properties added to `Object.prototype` since start, and the peak RSS.
 * A child that dies without exiting (killed at the time limit, or a V8 heap abort) has no probe:
 * `probe` is undefined, and `timedOut` or `signal` say why.
 *
 * Use it as the end-to-end tier does (tests/helpers/processes.ts): ask for the runs in a root
 * `before` hook with `startBeforeTests` so they run beside the unit tests, one per core, and
 * assert on the results in the tests. Never assert on `elapsedMs` beyond the limit itself (time
 * belongs in `npm run bench`): `timedOut` is the failure.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { compiledRoot, ROOT } from "./compiled";
import { inBackground, inTurn } from "./processes";

/** Limits of one bounded run. */
export interface BoundedOptions {
    /** The child's V8 heap limit (`--max-old-space-size`), in MB. @default 256 */
    readonly memoryMb?: number;
    /**
     * Killed (SIGKILL) after this much CPU time (user and system, read from /proc; wall time where
     * there is no /proc), or four times as much wall time; the run then has `timedOut: true`. @default 10000
     */
    readonly timeoutMs?: number;
    /** The child's directory. @default the project's root */
    readonly cwd?: string;
    /** Added to the child's environment (which always has NO_COLOR=1). */
    readonly env?: NodeJS.ProcessEnv;
    /** Close the child's stdout before reading it (a reader such as `head -c 10` that ends early). */
    readonly closeStdout?: boolean;
    /** A file opened as the child's stdout instead of a pipe (e.g. `/dev/full`); `stdout` is then "". */
    readonly stdoutFile?: string;
}

/** What the child's exit hook saw. */
export interface BoundedProbe {
    /** `String(({}).polluted)` when something set it, else undefined. */
    readonly polluted?: string;
    /** Own properties of `Object.prototype` that were not there when the child started. */
    readonly addedToObjectPrototype: readonly string[];
    /** The child's peak resident memory, in MB. */
    readonly maxRssMb: number;
    /** The CPU time (user and system) the child used, in ms (for messages; never assert on it). */
    readonly cpuMs: number;
}

/** How a bounded run ended. */
export interface BoundedRun {
    /** The exit code; null when a signal ended it. */
    readonly status: number | null;
    readonly signal: NodeJS.Signals | null;
    readonly stdout: string;
    /** stderr without the probe's line. */
    readonly stderr: string;
    /** From spawn to close, in ms (for messages only). */
    readonly elapsedMs: number;
    /** The harness killed it at `timeoutMs`. */
    readonly timedOut: boolean;
    /** Undefined when the child died without running its exit hooks (killed, heap abort). */
    readonly probe?: BoundedProbe;
}

const PROBE_MARK = "<<bounded-probe ";
const PROBE = `"use strict";
const before = new Set(Object.getOwnPropertyNames(Object.prototype));
process.on("exit", () => {
    const added = Object.getOwnPropertyNames(Object.prototype).filter((k) => !before.has(k));
    const polluted = ({}).polluted;
    const report = {
        polluted: polluted === undefined ? undefined : String(polluted),
        addedToObjectPrototype: added,
        maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
        cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
    };
    try { require("node:fs").writeSync(2, "\\n${PROBE_MARK}" + JSON.stringify(report) + ">>\\n"); } catch {}
});
`;

let probeFile: string | undefined;

/** The probe script, written once per test process to a temporary file (removed at exit). */
function probe(): string {
    if (probeFile === undefined) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bounded-probe-"));
        process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
        probeFile = path.join(dir, "probe.js");
        fs.writeFileSync(probeFile, PROBE);
    }
    return probeFile;
}

/** Splits the probe's line off stderr. */
function takeProbe(stderr: string): { stderr: string; probe?: BoundedProbe } {
    const at = stderr.lastIndexOf(`\n${PROBE_MARK}`);
    if (at < 0) return { stderr };
    const end = stderr.indexOf(">>\n", at);
    const json = stderr.slice(at + 1 + PROBE_MARK.length, end);
    return { stderr: stderr.slice(0, at) + stderr.slice(end + 3), probe: JSON.parse(json) as BoundedProbe };
}

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux: proc(5)). */
const USER_HZ = 100;

/**
 * The CPU time (user and system) process `pid` has used, in ms, from /proc/<pid>/stat (utime and
 * stime, fields 14 and 15: proc(5)); undefined where there is no /proc or the process is gone.
 */
export function cpuTimeMs(pid: number): number | undefined {
    let stat: string;
    try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
        return undefined;
    }
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / USER_HZ : undefined;
}

/** Runs `node <limits> -r probe <nodeArgs>` under the limits of `options`. */
export function runBounded(nodeArgs: readonly string[], options: BoundedOptions = {}): Promise<BoundedRun> {
    const { memoryMb = 256, timeoutMs = 10_000 } = options;
    return inTurn(
        () =>
            new Promise<BoundedRun>((resolve, reject) => {
                const out = options.stdoutFile !== undefined ? fs.openSync(options.stdoutFile, "w") : "pipe";
                const started = process.hrtime.bigint();
                const child = inBackground(
                    spawn(process.execPath, [`--max-old-space-size=${memoryMb}`, "-r", probe(), ...nodeArgs], {
                        cwd: options.cwd ?? ROOT,
                        env: { ...process.env, NO_COLOR: "1", ...options.env },
                        stdio: ["ignore", out, "pipe"],
                    }),
                );
                if (typeof out === "number") fs.closeSync(out);
                let stdout = "";
                let stderr = "";
                if (child.stdout !== null) {
                    if (options.closeStdout === true) {
                        child.stdout.destroy();
                    } else {
                        child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
                    }
                }
                child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
                let timedOut = false;
                const kill = () => {
                    timedOut = true;
                    child.kill("SIGKILL");
                };
                const byCpu = child.pid !== undefined && cpuTimeMs(child.pid) !== undefined;
                const timer = setTimeout(kill, byCpu ? 4 * timeoutMs : timeoutMs);
                const poll = byCpu
                    ? setInterval(() => {
                          if ((cpuTimeMs(child.pid!) ?? 0) > timeoutMs) kill();
                      }, 200)
                    : undefined;
                const stop = () => {
                    clearTimeout(timer);
                    clearInterval(poll);
                };
                child.on("error", (error) => {
                    stop();
                    reject(error);
                });
                child.on("close", (status, signal) => {
                    stop();
                    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
                    resolve({ status, signal, stdout, elapsedMs, timedOut, ...takeProbe(stderr) });
                });
            }),
    );
}

/** Runs a compiled command (`"synth"`, `"tfAdopt"`) with `args` under the limits of `options`. */
export function runBoundedCommand(
    command: "synth" | "tfAdopt",
    args: readonly string[],
    options?: BoundedOptions,
): Promise<BoundedRun> {
    return runBounded([path.join(compiledRoot(), "bin", `${command}.js`), ...args], options);
}

/**
 * Runs the CommonJS `code` under the limits of `options`, with `root` bound to the compiled
 * package's directory. An uncaught error ends it with exit code 1 and `error.message` alone on
 * stderr (no stack), as the commands print them.
 */
export function runBoundedScript(code: string, options?: BoundedOptions): Promise<BoundedRun> {
    const wrapped = `"use strict";
const root = ${JSON.stringify(compiledRoot())};
try {
${code}
} catch (error) {
    process.stderr.write(String(error && error.message) + "\\n");
    process.exitCode = 1;
}`;
    return runBounded(["-e", wrapped], options);
}

/** A one-line summary of a run for assertion messages (status, signal, time, memory, stderr's start). */
export function describeRun(run: BoundedRun): string {
    const memory = run.probe !== undefined ? `${run.probe.maxRssMb} MB RSS, ${run.probe.cpuMs} ms CPU` : "no probe";
    return `status ${run.status} signal ${run.signal}${run.timedOut ? " (timed out)" : ""}, ${Math.round(run.elapsedMs)} ms, ${memory}; stderr: ${run.stderr.slice(0, 400)}`;
}
