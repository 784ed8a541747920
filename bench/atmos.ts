/**
 * The Atmos repository benchmark of `npm run bench`, in fresh processes (medians of several runs,
 * the two sides alternated):
 * - a repository shaped like Cloud Posse's reference architecture (bench/atmosRepo.ts: 10 tenants x
 *   10 stages x 4 regions = 400 top-level stacks, each importing 60 catalog components with an
 *   abstract base, plus mixins) against bench/naiveLoader.js, which parses each file once and
 *   deep-merges the imports of all 400 stacks: `synth --list-stacks` (goal <= 3x the naive loader)
 *   and planning one stack with `synth --atmos-stack NAME --json` (goal <= 2x, best of three runs
 *   each, interleaved with the naive loader's);
 * - peak memory (RSS) of both commands at 100 and 400 stacks (goal: flat, <= 1.5x);
 * - a manifest importing 10,000 files (a hostile input: goal under 10 s, as issue 20 asks of any input);
 * - imported overrides, 2,500 and 10,000 imports each adding one (goal: linear, <= 6x);
 * - an import template's line of 400,000 and 1,600,000 characters holding no typed scalar, and one of
 *   10,000 and 40,000 lines of `- x` (each linear, <= 6x).
 * The commands run in the repository (the user's directory), as a user types them.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REFERENCE_SHAPE, stackCount, writeRepo, type RepoShape } from "./atmosRepo";
import { childrenCpuSeconds } from "./synth";
import { renderImportText } from "../stack/templating";

const ROOT = path.join(__dirname, "..");
const SYNTH = path.join(ROOT, "dist", "bin", "synth.js");
const NAIVE = path.join(__dirname, "naiveLoader.js");
const MAXRSS = path.join(__dirname, "maxrss.js");

interface Run {
    readonly ms: number;
    /** User + system CPU seconds (less sensitive to a busy machine than wall time), when known. */
    readonly cpu?: number;
    readonly stdout: string;
    readonly maxRssKiB?: number;
}

function run(args: readonly string[], cwd: string, dir: string, measureMemory = false): Run {
    const rssFile = path.join(dir, "maxrss.txt");
    fs.rmSync(rssFile, { force: true });
    const cpuBefore = childrenCpuSeconds();
    const start = process.hrtime.bigint();
    const child = spawnSync(process.execPath, measureMemory ? ["--require", MAXRSS, ...args] : args, {
        cwd,
        encoding: "utf8",
        // Not under npm: the commands resolve everything from their own directory.
        env: { ...withoutNpm(process.env), ...(measureMemory ? { BENCH_MAXRSS_FILE: rssFile } : {}) },
        maxBuffer: 1 << 30,
        stdio: ["ignore", "pipe", "pipe"],
    });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (child.status !== 0) throw new Error(`node ${args.join(" ")} exited ${child.status}: ${child.stderr}`);
    const cpuAfter = childrenCpuSeconds();
    return {
        ms,
        ...(cpuBefore !== undefined && cpuAfter !== undefined ? { cpu: cpuAfter - cpuBefore } : {}),
        stdout: child.stdout,
        ...(measureMemory ? { maxRssKiB: Number(fs.readFileSync(rssFile, "utf8")) } : {}),
    };
}

function withoutNpm(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    return Object.fromEntries(
        Object.entries(env).filter(([k]) => k !== "INIT_CWD" && !k.startsWith("npm_")),
    ) as NodeJS.ProcessEnv;
}

function median(values: readonly number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

function verdict(ok: boolean): string {
    return ok ? "ok" : "MISSED";
}

/** A stack name of the generated repository (tenant 3, stage 4, the second region). */
function stackName(shape: RepoShape): string {
    return `tenant${Math.min(3, shape.tenants - 1)}-ue2-stage${Math.min(4, shape.stages - 1)}`;
}

/** Checks that the commands give what they should, so that the figures time real work. */
function check(repo: string, shape: RepoShape, dir: string): void {
    const listed = run([SYNTH, "--list-stacks"], repo, dir).stdout.trimEnd().split("\n");
    const expected = stackCount(shape);
    if (listed.length !== expected) throw new Error(`--list-stacks printed ${listed.length} stacks, not ${expected}`);
    const plan = JSON.parse(run([SYNTH, "--atmos-stack", stackName(shape), "--json"], repo, dir).stdout) as {
        resources: { parent: string | null }[];
        skipped: unknown[];
    };
    const top = plan.resources.filter((r) => r.parent === null).length;
    if (top !== 2 || plan.skipped.length !== shape.components - 2) {
        throw new Error(`--atmos-stack planned ${top} instances and skipped ${plan.skipped.length}`);
    }
    const naive = run([NAIVE, repo], repo, dir).stdout;
    if (!naive.startsWith(`${expected} stacks`)) throw new Error(`the naive loader said ${naive}`);
}

/** Runs the benchmark in `dir` (a temporary directory); returns whether every goal was met. */
export function benchAtmos(dir: string, runs = 5): boolean {
    if (runs < 3) throw new Error("the plan's goal is measured on the best of three runs");
    const shape = REFERENCE_SHAPE;
    const small: RepoShape = { ...shape, tenants: 5, stages: 5 };
    const repo = path.join(dir, "atmos-400");
    const smallRepo = path.join(dir, "atmos-100");
    writeRepo(repo, shape);
    writeRepo(smallRepo, small);
    check(repo, shape, dir);
    check(smallRepo, small, dir);

    const name = stackName(shape);
    const naiveRuns: Run[] = [];
    const listRuns: Run[] = [];
    const planRuns: Run[] = [];
    for (let i = 0; i < runs; i++) {
        naiveRuns.push(run([NAIVE, repo], repo, dir));
        listRuns.push(run([SYNTH, "--list-stacks"], repo, dir));
        naiveRuns.push(run([NAIVE, repo], repo, dir));
        planRuns.push(run([SYNTH, "--atmos-stack", name, "--json"], repo, dir));
    }
    const naive = naiveRuns.map((r) => r.ms);
    const list = listRuns.map((r) => r.ms);
    const plan = planRuns.map((r) => r.ms);
    const naiveMs = median(naive);
    const listRatio = median(list) / naiveMs;
    const planRatio = median(plan) / naiveMs;
    // Issue 37's measure: the best of three runs of each, interleaved (the first three rounds).
    const best = (values: readonly number[]) => Math.min(...values.slice(0, 3));
    const bestPlanRatio = best(plan) / best(naive.filter((_, i) => i % 2 === 1));
    const cpuOf = (r: Run[]) => (r.some((x) => x.cpu === undefined) ? undefined : median(r.map((x) => x.cpu!)));
    const cpuText = (r: Run[]) => {
        const c = cpuOf(r);
        const base = cpuOf(naiveRuns);
        return c === undefined || base === undefined ? "" : `, CPU ${c.toFixed(2)} s (${(c / base).toFixed(2)}x)`;
    };
    console.log(
        `\nAtmos repository of ${stackCount(shape)} stacks x ${shape.components} components, fresh processes, median of ${runs}`,
    );
    const naiveCpu = cpuOf(naiveRuns);
    console.log(
        `  naive loader, all ${stackCount(shape)} stacks: ${naiveMs.toFixed(0)} ms${naiveCpu === undefined ? "" : `, CPU ${naiveCpu.toFixed(2)} s`}`,
    );
    console.log(`  synth --list-stacks: ${median(list).toFixed(0)} ms (${listRatio.toFixed(2)}x)${cpuText(listRuns)}`);
    console.log(
        `  synth --atmos-stack ${name} --json: ${median(plan).toFixed(0)} ms (${planRatio.toFixed(2)}x)${cpuText(planRuns)}`,
    );
    console.log(`goal: --list-stacks <= 3x the naive loader: ${listRatio.toFixed(2)}x ${verdict(listRatio <= 3)}`);
    console.log(
        `goal: one stack planned <= 2x the naive loader (best of 3, interleaved): ${bestPlanRatio.toFixed(2)}x ${verdict(bestPlanRatio <= 2)} (median of ${runs}: ${planRatio.toFixed(2)}x)`,
    );

    const memory = (r: string, args: readonly string[]) =>
        median([0, 1, 2].map(() => run([SYNTH, ...args], r, dir, true).maxRssKiB!)) / 1024;
    const listSmall = memory(smallRepo, ["--list-stacks"]);
    const listLarge = memory(repo, ["--list-stacks"]);
    const planSmall = memory(smallRepo, ["--atmos-stack", stackName(small), "--json"]);
    const planLarge = memory(repo, ["--atmos-stack", name, "--json"]);
    const listGrowth = listLarge / listSmall;
    const planGrowth = planLarge / planSmall;
    console.log(`\npeak memory (RSS, median of 3) at ${stackCount(small)} and ${stackCount(shape)} stacks`);
    console.log(`  --list-stacks:  ${listSmall.toFixed(0)} MB, ${listLarge.toFixed(0)} MB (${listGrowth.toFixed(2)}x)`);
    console.log(`  --atmos-stack:  ${planSmall.toFixed(0)} MB, ${planLarge.toFixed(0)} MB (${planGrowth.toFixed(2)}x)`);
    const flat = listGrowth <= 1.5 && planGrowth <= 1.5;
    console.log(`goal: flat, <= 1.5x from 100 to 400 stacks: ${verdict(flat)}`);

    const hostile = path.join(dir, "imports-10000");
    writeManyImports(hostile, 10_000);
    const hostileRuns = [0, 1, 2].map(() => run([SYNTH, path.join("stacks", "many.yaml"), "--json"], hostile, dir));
    const hostileMs = median(hostileRuns.map((r) => r.ms));
    const hostileCpu = cpuOf(hostileRuns);
    console.log(
        `\na manifest importing 10,000 files: ${hostileMs.toFixed(0)} ms${hostileCpu === undefined ? "" : `, CPU ${hostileCpu.toFixed(2)} s`} (median of 3)`,
    );
    console.log(`goal: < 10 s (wall; on a busy machine see the CPU time): ${verdict(hostileMs < 10_000)}`);

    // Imported overrides: each import adds its own (distinct keys); merged pairwise, each import
    // copied all gathered so far (4,000 imports took 53 s).
    const overridesMs = (count: number) => {
        const repoDir = path.join(dir, `overrides-${count}`);
        writeManyOverrides(repoDir, count);
        const timed = [0, 1, 2].map(() => run([SYNTH, path.join("stacks", "many.yaml"), "--json"], repoDir, dir));
        return median(timed.map((r) => r.ms));
    };
    const fewOverrides = overridesMs(2_500);
    const manyOverrides = overridesMs(10_000);
    const overridesRatio = manyOverrides / fewOverrides;
    console.log(
        `\nimported overrides: 2,500 imports ${fewOverrides.toFixed(0)} ms, 10,000 imports ${manyOverrides.toFixed(0)} ms (${overridesRatio.toFixed(2)}x, median of 3)`,
    );
    console.log(`goal: linear, <= 6x for 4x the imports (quadratic is 16x): ${verdict(overridesRatio <= 6)}`);
    const lineGrowth = benchTypedScalarLine();
    const linesGrowth = benchTypedScalarLines();
    return (
        listRatio <= 3 &&
        bestPlanRatio <= 2 &&
        flat &&
        hostileMs < 10_000 &&
        overridesRatio <= 6 &&
        lineGrowth <= 6 &&
        linesGrowth <= 6
    );
}

/** Milliseconds of `calls` renderImportText calls on `text` with `{ a: 1 }`, best of five. */
function bestRenderMs(text: string, calls = 1): number {
    let best = Infinity;
    for (let i = 0; i < 5; i++) {
        const start = process.hrtime.bigint();
        for (let c = 0; c < calls; c++)
            renderImportText(text, { a: 1 }, "lines.yaml.tmpl", { contextFromOutside: true });
        best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
    }
    return best;
}

/**
 * An import template's typed scalars (`key: {{ .path }}` takes the value's type) are found line by
 * line; a long line that holds none must cost time linear in its length. The line: list dashes, each
 * of which could start a key, and no colon. Milliseconds of renderImportText, best of five.
 */
function benchTypedScalarLine(): number {
    const timeAt = (dashes: number): number => bestRenderMs(`a: {{ .a }}\n${"- ".repeat(dashes)}x\n`);
    timeAt(1_000); // warm-up
    const short = timeAt(200_000);
    const long = timeAt(800_000);
    const growth = long / short;
    console.log(
        `\ntyped scalars of an import template, a line of list dashes and no colon: 400,000 characters ${short.toFixed(1)} ms, ` +
            `1,600,000 characters ${long.toFixed(1)} ms (${growth.toFixed(2)}x, best of 5)`,
    );
    console.log(`goal: linear, <= 6x for 4x the line (quadratic is 16x): ${verdict(growth <= 6)}`);
    return growth;
}

/**
 * The same across lines: many lines with no colon (`- x`), each of which could start a key, must
 * cost time linear in their number (a key that ran on to the next colon made it quadratic).
 */
export function benchTypedScalarLines(): number {
    // 20 calls a sample: one call on 10,000 lines takes about a millisecond, within a busy machine's noise
    const timeAt = (lines: number): number => bestRenderMs(`a: {{ .a }}\n${"- x\n".repeat(lines)}`, 20);
    timeAt(1_000); // warm-up
    const few = timeAt(10_000);
    const many = timeAt(40_000);
    const growth = many / few;
    console.log(
        `\ntyped scalars of an import template, lines of \`- x\`: 10,000 lines ${few.toFixed(1)} ms, ` +
            `40,000 lines ${many.toFixed(1)} ms (${growth.toFixed(2)}x, 20 calls, best of 5)`,
    );
    console.log(`goal: linear, <= 6x for 4x the lines (quadratic is 16x): ${verdict(growth <= 6)}`);
    return growth;
}

/** A manifest importing `count` files that each add an override (a distinct env var) and define no component. */
function writeManyOverrides(dir: string, count: number): void {
    writeImporting(dir, "mixins", "o", count, (i) => `overrides:\n  env:\n    K${i}: v\n`);
}

/** A manifest importing `count` catalog files, each defining one component (left to Terraform). */
function writeManyImports(dir: string, count: number): void {
    writeImporting(
        dir,
        "catalog",
        "c",
        count,
        (i) => `vars:\n  v${i % 50}: ${i}\ncomponents:\n  terraform:\n    c${i}:\n      vars:\n        x: ${i}\n`,
    );
}

/** stacks/many.yaml importing `count` files `<folder>/<prefix><i>` (with `text(i)`), and one eventbridge. */
function writeImporting(dir: string, folder: string, prefix: string, count: number, text: (i: number) => string): void {
    fs.mkdirSync(path.join(dir, "stacks", folder), { recursive: true });
    const lines = ["import:"];
    for (let i = 0; i < count; i++) {
        fs.writeFileSync(path.join(dir, "stacks", folder, `${prefix}${i}.yaml`), text(i));
        lines.push(`  - ${folder}/${prefix}${i}`);
    }
    lines.push(
        "components:",
        "  terraform:",
        "    eventbridge/a:",
        "      metadata: {component: eventbridge}",
        "      vars: {name: a, region: us-east-2, event_rule_pattern: {source: [aws.ecs]}}",
    );
    fs.writeFileSync(path.join(dir, "stacks", "many.yaml"), `${lines.join("\n")}\n`);
}

if (require.main === module) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-atmos-"));
    try {
        benchAtmos(dir);
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}
