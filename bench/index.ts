/**
 * `npm run bench`: the package's speed and memory goals, measured and printed (never asserted in
 * unit tests). Figures are for this machine; each goal is printed beside its figure.
 *
 * 1. label throughput over a three-label context chain (goal >= 50,000 labels/s);
 * 2. synth of N eventbridge instances against registering the same AWS resources directly under
 *    the same mocks (goal <= 1.25x at 300), with each run's peak memory for N = 100, 200, 300
 *    (memory should grow linearly with N);
 * 3. the cost of importing the package against importing @pulumi/pulumi plus the @pulumi/aws
 *    submodules it uses (goal <= 1.15x);
 * 4. event-pattern wildcard matching on an input that makes backtracking matchers blow up (goal:
 *    linear, at most 6x the time when the value is four times as long).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { benchWildcard, describeWildcard } from "./eventPattern";
import { benchLabel } from "./label";

const ROOT = path.join(__dirname, "..");
const RUNS = 3;

function median(values: number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

function verdict(ok: boolean): string {
    return ok ? "ok" : "MISSED";
}

function runWorker(mode: "synth" | "baseline", count: number): { ms: number; maxRssMb: number } {
    const out = execFileSync(
        process.execPath,
        ["-r", "ts-node/register/transpile-only", path.join(__dirname, "synthWorker.ts"), mode, String(count)],
        { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    return JSON.parse(out) as { ms: number; maxRssMb: number };
}

function benchSynth(): void {
    console.log(
        "\nsynth of N eventbridge instances vs. the same resources registered directly (median of %d runs)",
        RUNS,
    );
    console.log("     N   synth ms  baseline ms  ratio   synth MiB  baseline MiB");
    let ratioAt300 = Infinity;
    for (const count of [100, 200, 300]) {
        const synth: { ms: number; maxRssMb: number }[] = [];
        const base: { ms: number; maxRssMb: number }[] = [];
        for (let run = 0; run < RUNS; run++) {
            // Alternate so that neither side always runs on a warmer machine.
            base.push(runWorker("baseline", count));
            synth.push(runWorker("synth", count));
        }
        const synthMs = median(synth.map((r) => r.ms));
        const baseMs = median(base.map((r) => r.ms));
        const ratio = synthMs / baseMs;
        if (count === 300) {
            ratioAt300 = ratio;
        }
        console.log(
            `${String(count).padStart(6)} ${synthMs.toFixed(0).padStart(10)} ${baseMs.toFixed(0).padStart(12)} ${ratio.toFixed(2).padStart(6)}x` +
                `${median(synth.map((r) => r.maxRssMb))
                    .toFixed(0)
                    .padStart(11)} ${median(base.map((r) => r.maxRssMb))
                    .toFixed(0)
                    .padStart(13)}`,
        );
    }
    console.log(`goal: synth <= 1.25x baseline at N = 300: ${ratioAt300.toFixed(2)}x ${verdict(ratioAt300 <= 1.25)}`);
}

function importMs(modules: readonly string[]): number {
    const script =
        `const t = process.hrtime.bigint(); for (const m of ${JSON.stringify(modules)}) require(m);` +
        "process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));";
    return Number(execFileSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8" }));
}

function benchImport(): void {
    const entry = path.join(ROOT, "dist", "index.js");
    if (!fs.existsSync(entry)) {
        console.log("\nimport cost: skipped, run `npm run build` first (the package is imported as published)");
        return;
    }
    const baselineModules = ["@pulumi/pulumi", "@pulumi/aws/cloudwatch", "@pulumi/aws/grafana", "@pulumi/aws/ssm"];
    const pkg: number[] = [];
    const base: number[] = [];
    for (let run = 0; run < 7; run++) {
        base.push(importMs(baselineModules));
        pkg.push(importMs([entry]));
    }
    const ratio = median(pkg) / median(base);
    console.log("\nimport cost (median of 7 fresh processes)");
    console.log(`  package (dist/index.js):                        ${median(pkg).toFixed(0)} ms`);
    console.log(`  @pulumi/pulumi + aws cloudwatch, grafana, ssm:  ${median(base).toFixed(0)} ms`);
    console.log(`goal: <= 1.15x: ${ratio.toFixed(2)}x ${verdict(ratio <= 1.15)}`);
}

function main(): void {
    const { labelsPerSecond } = benchLabel();
    console.log(
        `label: ${Math.round(labelsPerSecond).toLocaleString("en-US")} labels/s over a three-label context chain`,
    );
    console.log(`goal: >= 50,000 labels/s: ${verdict(labelsPerSecond >= 50_000)}`);
    benchSynth();
    benchImport();
    const wildcard = benchWildcard();
    console.log(`\n${describeWildcard(wildcard)}`);
    console.log(`goal: linear, <= 6x for a value four times as long: ${verdict(wildcard.growth <= 6)}`);
}

main();
