/**
 * `npm run bench`: the package's speed and memory goals, measured and printed (never asserted in
 * unit tests). Figures are for this machine; each goal is printed beside its figure.
 *
 * 1. label throughput over a three-label context chain (goal >= 50,000 labels/s);
 * 2. `npm run synth` on 300 eventbridge instances against a plain JavaScript program registering
 *    the same resources under its own echo mock (goal <= 0.8x), and the synth's peak memory for
 *    N = 100, 200, 300, 600 with a linear fit (bench/synth.ts);
 * 3. the cost of importing the package against importing @pulumi/pulumi plus the @pulumi/aws
 *    submodules it uses (goal <= 1.15x);
 * 4. event-pattern wildcard matching on an input that makes backtracking matchers blow up (goal:
 *    linear, at most 6x the time when the value is four times as long);
 * 5. `npm test`: wall time (goal <= 13 s on an idle machine) and CPU time (bench/synth.ts);
 * 6. an Atmos repository of 400 stacks (bench/atmos.ts): `synth --list-stacks` and planning one
 *    stack against a naive loader of all 400 (goals <= 3x), memory from 100 to 400 stacks (<= 1.5x),
 *    a manifest importing 10,000 files (< 10 s), and 10,000 imports each adding overrides (linear:
 *    <= 6x the time of 2,500);
 * 7. issue 30's big inputs (bench/bigInputs.ts): tf-adopt on a 54 MB state, matching a 256 KB
 *    event of nested arrays, a 300,000-key pattern refused by size, hostile templates ended by
 *    their budgets, and hostile stack files: 100,000 dotted keys under `key_delimiter`, inheritance
 *    chains of 1,000 and a diamond chain (each goal: CPU seconds and peak MB in a fresh process).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { benchAtmos } from "./atmos";
import { benchBigInputs, describeBigInputs } from "./bigInputs";
import { benchWildcard, describeWildcard } from "./eventPattern";
import { benchLabel } from "./label";
import { benchSynthMemory, benchSynthVsBaseline, benchTests } from "./synth";

const ROOT = path.join(__dirname, "..");

function median(values: number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

function verdict(ok: boolean): string {
    return ok ? "ok" : "MISSED";
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
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-synth-"));
    try {
        benchSynthVsBaseline(dir);
        benchSynthMemory(dir);
        benchAtmos(dir);
        const big = benchBigInputs(dir);
        console.log("\nbig inputs (issue 30), each in a fresh process with a 1 GB heap");
        console.log(describeBigInputs(big));
        console.log(`goals: ${big.every((r) => r.met) ? "ok" : "MISSED"}`);
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
    benchImport();
    const wildcard = benchWildcard();
    console.log(`\n${describeWildcard(wildcard)}`);
    console.log(`goal: linear, <= 6x for a value four times as long: ${verdict(wildcard.growth <= 6)}`);
    benchTests();
}

main();
