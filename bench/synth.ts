/**
 * The synth, the tests and their memory, each measured in fresh processes:
 * - `npm run synth` on a stack file of N eventbridge instances (written to os.tmpdir()) against
 *   bench/baseline.js, a plain JavaScript program registering the same resources under its own
 *   echo mock (goal <= 0.8x at N = 300); the two register the same resources, checked first;
 * - the synth's peak memory (RSS) for several N, with a least-squares line through them;
 * - `npm test`: wall time (goal <= 13 s) and CPU time (user + system, less sensitive to load).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..");

/** A stack file of `count` eventbridge instances. */
export function eventbridgeStack(count: number): string {
    const lines = [
        "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: prod}",
        "components:",
        "  terraform:",
    ];
    for (let i = 0; i < count; i++) {
        lines.push(
            `    eventbridge/rule-${i}:`,
            "      metadata: {component: eventbridge}",
            `      vars: {name: rule-${i}, event_rule_pattern: {source: [aws.ecs], detail: {eventType: [WARN, ERROR]}}}`,
        );
    }
    return lines.join("\n") + "\n";
}

/** Children's CPU seconds so far (user + system of waited-for processes), from /proc; undefined elsewhere. */
export function childrenCpuSeconds(): number | undefined {
    try {
        const stat = fs.readFileSync("/proc/self/stat", "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        // Fields 16 and 17 of proc(5) (cutime, cstime), counted from 1 with pid and comm before.
        return (Number(fields[13]) + Number(fields[14])) / 100;
    } catch {
        return undefined;
    }
}

interface Timed {
    readonly ms: number;
    readonly cpuSeconds: number | undefined;
    readonly stdout: string;
}

function timed(command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Timed {
    const cpuBefore = childrenCpuSeconds();
    const start = process.hrtime.bigint();
    const run = spawnSync(command, args, {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, ...env },
        maxBuffer: 1 << 30,
        stdio: ["ignore", "pipe", "pipe"],
    });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (run.status !== 0) {
        throw new Error(`${command} ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
    }
    const cpuAfter = childrenCpuSeconds();
    return {
        ms,
        cpuSeconds: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
        stdout: run.stdout,
    };
}

function median(values: number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

function verdict(ok: boolean): string {
    return ok ? "ok" : "MISSED";
}

const cpu = (seconds: number | undefined) => (seconds === undefined ? "n/a" : `${seconds.toFixed(1)} s`);

interface Resource {
    readonly type: string;
    readonly name: string;
    readonly inputs: unknown;
}

const key = (r: Resource) => JSON.stringify([r.type, r.name, r.inputs]);

/** `npm run synth` against the plain program at N = `count`; returns the ratio of the medians. */
export function benchSynthVsBaseline(dir: string, count = 300, runs = 5): number {
    const file = path.join(dir, `stack-${count}.yaml`);
    fs.writeFileSync(file, eventbridgeStack(count));
    const synth = (...flags: string[]) => timed("npm", ["run", "--silent", "synth", "--", file, ...flags]);
    const baseline = (...flags: string[]) =>
        timed(process.execPath, [path.join(__dirname, "baseline.js"), String(count), ...flags]);

    // The same resources on both sides (parents are in the plan; the baseline parents each to its component).
    const planned = (JSON.parse(synth("--json").stdout) as { resources: Resource[] }).resources.map(key).sort();
    const registered = (JSON.parse(baseline("--resources").stdout) as Resource[]).map(key).sort();
    const same = JSON.stringify(planned) === JSON.stringify(registered);
    console.log(
        `\nsynth of ${count} eventbridge instances (${planned.length} resources), fresh processes, median of ${runs}`,
    );
    console.log(`  the same types, names and inputs on both sides: ${same ? "yes" : "NO"}`);

    const synthRuns: Timed[] = [];
    const baseRuns: Timed[] = [];
    for (let run = 0; run < runs; run++) {
        // Alternate so that neither side always runs on a warmer machine.
        baseRuns.push(baseline());
        synthRuns.push(synth());
    }
    const synthMs = median(synthRuns.map((r) => r.ms));
    const baseMs = median(baseRuns.map((r) => r.ms));
    const medianCpu = (runs: Timed[]) =>
        runs.some((r) => r.cpuSeconds === undefined) ? undefined : median(runs.map((r) => r.cpuSeconds!));
    console.log(
        `  npm run synth (readable plan):        ${synthMs.toFixed(0).padStart(6)} ms, CPU ${cpu(medianCpu(synthRuns))}`,
    );
    console.log(
        `  plain program, echo mock (baseline):  ${baseMs.toFixed(0).padStart(6)} ms, CPU ${cpu(medianCpu(baseRuns))}`,
    );
    const ratio = synthMs / baseMs;
    console.log(
        `goal: synth <= 0.8x the plain program at N = ${count}: ${ratio.toFixed(2)}x ${verdict(ratio <= 0.8 && same)}`,
    );
    return ratio;
}

/** Peak RSS of `npm run synth`'s process for each N, and the least-squares line through them. */
export function benchSynthMemory(dir: string, counts: readonly number[] = [100, 200, 300, 600]): void {
    console.log(
        "\npeak memory (RSS) of the synth process (node scripts/dist.js bin/synth.js, as npm run synth runs it)",
    );
    const points: [number, number][] = [];
    for (const count of counts) {
        const file = path.join(dir, `stack-${count}.yaml`);
        fs.writeFileSync(file, eventbridgeStack(count));
        const rssFile = path.join(dir, `rss-${count}`);
        timed(
            process.execPath,
            [
                "--require",
                path.join(__dirname, "maxrss.js"),
                path.join(ROOT, "scripts", "dist.js"),
                "bin/synth.js",
                file,
            ],
            { BENCH_MAXRSS_FILE: rssFile },
        );
        const mib = Number(fs.readFileSync(rssFile, "utf8")) / 1024;
        points.push([count, mib]);
        console.log(`  N = ${String(count).padStart(4)}: ${mib.toFixed(0).padStart(5)} MiB`);
    }
    const n = points.length;
    const meanX = points.reduce((s, [x]) => s + x, 0) / n;
    const meanY = points.reduce((s, [, y]) => s + y, 0) / n;
    const sxx = points.reduce((s, [x]) => s + (x - meanX) ** 2, 0);
    const sxy = points.reduce((s, [x, y]) => s + (x - meanX) * (y - meanY), 0);
    const slope = sxy / sxx;
    const intercept = meanY - slope * meanX;
    const ssTot = points.reduce((s, [, y]) => s + (y - meanY) ** 2, 0);
    const ssRes = points.reduce((s, [x, y]) => s + (y - (intercept + slope * x)) ** 2, 0);
    const r2 = 1 - ssRes / ssTot;
    const worst = Math.max(...points.map(([x, y]) => Math.abs(y - (intercept + slope * x)) / y));
    console.log(
        `  fit: RSS = ${intercept.toFixed(0)} MiB + ${(slope * 100).toFixed(1)} MiB per 100 instances, R^2 = ${r2.toFixed(4)}, ` +
            `largest deviation ${(worst * 100).toFixed(1)}%`,
    );
    console.log(`goal: memory grows linearly with N (R^2 >= 0.98): ${verdict(r2 >= 0.98)}`);
}

/** `npm test` once, in a fresh process: wall and CPU time. */
export function benchTests(): void {
    const load = os.loadavg()[0];
    const run = timed("npm", ["test", "--silent"]);
    console.log(`\nnpm test (fresh, ${os.cpus().length} cores, load average ${load.toFixed(2)} before it)`);
    console.log(
        `  wall ${(run.ms / 1000).toFixed(1)} s, CPU (user + system, all its processes) ${cpu(run.cpuSeconds)}`,
    );
    console.log(
        `goal: npm test <= 13 s on an idle machine: ${(run.ms / 1000).toFixed(1)} s ${verdict(run.ms <= 13_000)}`,
    );
}

if (require.main === module) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-synth-"));
    try {
        benchSynthVsBaseline(dir);
        benchSynthMemory(dir);
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}
