/**
 * Issue 30's big inputs, each in a fresh process of the built package (dist/) with its wall time,
 * CPU time and peak memory beside its goal: tf-adopt on a 54 MB state of 60,000 rules and on
 * 20,000 resources of one name; `matchesEventPattern` on a 256 KB event of nested arrays of
 * objects; a 300,000-key pattern refused by its size; and the template budgets ending the issue's
 * hostile templates (an 8 MB regular-expression replace, 1,000 hashes of 8 MB, 3,000 tags that
 * each loop a million times); issue 40's glob patterns (bench/glob.ts); hostile stack files (100,000
 * dotted keys, inheritance chains: bench/hostileStacks.ts). Run directly after `npm run build`:
 *
 *   node -r ts-node/register/transpile-only bench/bigInputs.ts
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { globCases } from "./glob";
import { hostileStackCases } from "./hostileStacks";

const ROOT = path.join(__dirname, "..");
const DIST = path.join(ROOT, "dist");

/** How one case went. */
export interface BigInputRun {
    readonly name: string;
    readonly ms: number;
    readonly cpuMs: number;
    readonly maxRssMb: number;
    /** The goal, in words, and whether it was met. */
    readonly goal: string;
    readonly met: boolean;
}

/** Runs `script` (CommonJS, `dist` bound to dist/) in a fresh process; its last stdout line is JSON `{ok, cpuMs, rssMb}`. */
function measure(script: string): { ms: number; cpuMs: number; maxRssMb: number; stdout: string } {
    const wrapped = `"use strict"; const dist = ${JSON.stringify(DIST)};
${script}
const u = process.resourceUsage();
process.stdout.write("\\n" + JSON.stringify({ cpuMs: Math.round((u.userCPUTime + u.systemCPUTime) / 1000), rssMb: Math.round(u.maxRSS / 1024) }) + "\\n");`;
    const start = process.hrtime.bigint();
    const child = spawnSync(process.execPath, ["--max-old-space-size=1024", "-e", wrapped], {
        encoding: "utf8",
        maxBuffer: 1 << 30,
    });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (child.status !== 0) throw new Error(`bench case exited ${child.status}: ${child.stderr}`);
    const lines = child.stdout.trimEnd().split("\n");
    const { cpuMs, rssMb } = JSON.parse(lines[lines.length - 1]) as { cpuMs: number; rssMb: number };
    return { ms, cpuMs, maxRssMb: rssMb, stdout: lines.slice(0, -1).join("\n") };
}

/** A `terraform show -json` state of `rules` rules, each with its target, log group and account policy. */
function rulesState(rules: number): string {
    const resources: unknown[] = [];
    for (let i = 0; i < rules; i++) {
        const name = `eg-ue2-prod-rule-${i}`;
        const group = `/aws/events/${name}`;
        const at = (type: string) => `module.m${i}.${type}.this[0]`;
        resources.push(
            {
                mode: "managed",
                type: "aws_cloudwatch_event_rule",
                address: at("aws_cloudwatch_event_rule"),
                values: { name },
            },
            {
                mode: "managed",
                type: "aws_cloudwatch_event_target",
                address: at("aws_cloudwatch_event_target"),
                values: {
                    rule: name,
                    target_id: `t-${i}`,
                    arn: `arn:aws:logs:us-east-2:111111111111:log-group:${group}:*`,
                },
            },
            {
                mode: "managed",
                type: "aws_cloudwatch_log_group",
                address: at("aws_cloudwatch_log_group"),
                values: { name: group },
            },
            {
                mode: "managed",
                type: "aws_cloudwatch_log_resource_policy",
                address: at("aws_cloudwatch_log_resource_policy"),
                values: {
                    policy_name: `p-${i}`,
                    policy_document: JSON.stringify({
                        Statement: [{ Resource: `arn:aws:logs:us-east-2:1:log-group:${group}:*` }],
                    }),
                },
            },
        );
    }
    return JSON.stringify({ format_version: "1.0", values: { root_module: { resources } } });
}

/** 20,000 rules and targets all named alike (each rule sees 10,000 targets). */
function sameNameState(count: number): string {
    const resources = Array.from({ length: count }, (_, i) => ({
        mode: "managed",
        type: i % 2 === 0 ? "aws_cloudwatch_event_rule" : "aws_cloudwatch_event_target",
        address: `aws_cloudwatch_event_x.r["${i}"]`,
        values: { name: "same", rule: "same", target_id: "t" },
    }));
    return JSON.stringify({ format_version: "1.0", values: { root_module: { resources } } });
}

const tfAdopt = (state: string) =>
    `process.argv = [process.argv[0], "tf-adopt", ${JSON.stringify(state)}];
const { runTfAdoptCommand } = require(dist + "/bin/tfAdoptCommand");
let out = 0;
const status = runTfAdoptCommand(process.argv.slice(2), { stdout: { write: (s) => { out += s.length; return true; } }, stderr: { write: () => true } });
if (status !== 0) throw new Error("tf-adopt exited " + status);`;

/** An event of `items` objects, each with an array of two tag objects: nested arrays of objects. */
const nestedEventScript = (items: number) => `const ep = require(dist + "/event-pattern");
const items = [];
for (let i = 0; i < ${items}; i++) items.push({ name: "item" + i, tags: [{ k: "a", v: "x" + i }, { k: "b", v: "y" }] });
const event = JSON.stringify({ source: "s", detail: { items } });
if (event.length < 250000) throw new Error("the event is only " + event.length + " characters");
const patterns = [
    { detail: { items: { name: [{ prefix: "item" }], tags: { k: ["a"], v: ["nomatch"] } } } },
    { detail: { items: { name: [{ prefix: "item" }], tags: { v: ["y"] } } }, source: ["nope"] },
    { detail: { items: { name: ["item${items - 1}"], tags: { k: ["a"], v: ["x${items - 1}"] } } } },
];
const results = patterns.map((p) => ep.matchesEventPattern(p, event));
if (results.join() !== "false,false,true") throw new Error("wrong answers: " + results);`;

const hugePatternScript = `const ep = require(dist + "/event-pattern");
const pattern = {};
for (let i = 0; i < 300000; i++) pattern["k" + i] = ["v"];
try { ep.inspectEventPattern(pattern); throw new Error("accepted"); } catch (e) { if (e.code !== "PATTERN_TOO_LARGE") throw e; }`;

const templateScript = (template: string, limit: string) => `const t = require(dist + "/gotemplate");
try { t.renderTemplate("t", ${JSON.stringify(template)}, {}); throw new Error("rendered"); }
catch (e) { if (!String(e.message).includes(${JSON.stringify(limit)})) throw e; }`;

/** Runs every case; `dir` holds the generated states. */
export function benchBigInputs(dir: string): BigInputRun[] {
    const runs: BigInputRun[] = [];
    const add = (name: string, script: string, goalMs: number, goalMb: number) => {
        const { ms, cpuMs, maxRssMb } = measure(script);
        runs.push({
            name,
            ms,
            cpuMs,
            maxRssMb,
            goal: `CPU <= ${(goalMs / 1000).toFixed(1)} s, <= ${goalMb} MB`,
            met: cpuMs <= goalMs && maxRssMb <= goalMb,
        });
    };
    const big = path.join(dir, "rules-60000.json");
    fs.writeFileSync(big, rulesState(60_000));
    const same = path.join(dir, "same-20000.json");
    fs.writeFileSync(same, sameNameState(20_000));
    const mb = (file: string) => (fs.statSync(file).size / 1e6).toFixed(0);
    add(`tf-adopt, 60,000 rules (${mb(big)} MB state)`, tfAdopt(big), 8_000, 900);
    add(`tf-adopt, 20,000 resources of one name (${mb(same)} MB)`, tfAdopt(same), 3_000, 400);
    add("matchesEventPattern x3, 256 KB event of nested arrays of objects", nestedEventScript(3900), 1_500, 300);
    add("inspectEventPattern, 300,000 keys (4.7 MB) refused by size", hugePatternScript, 2_000, 300);
    add(
        'template: regexReplaceAll "a" over 8 MB',
        templateScript('{{ regexReplaceAll "a" (repeat 8000000 "a") "b" }}', "maxOperations"),
        3_000,
        400,
    );
    add(
        "template: sha256sum of 8 MB, 1,000 times",
        templateScript(
            '{{ $s := repeat 8000000 "a" }}{{ range until 1000 }}{{ sha256sum $s }}{{ end }}',
            "maxOperations",
        ),
        3_000,
        400,
    );
    add(
        "template: a+b|a over 40,000 characters",
        templateScript('{{ regexReplaceAll "a+b|a" (repeat 40000 "a") "b" }}', "maxRegexMilliseconds"),
        5_000,
        400,
    );
    for (const [name, script, goalMs, goalMb] of globCases(dir)) add(name, script, goalMs, goalMb);
    for (const [name, script, goalMs, goalMb] of hostileStackCases(dir)) add(name, script, goalMs, goalMb);
    return runs;
}

/** The figures, one line per case, and the goals. */
export function describeBigInputs(runs: readonly BigInputRun[]): string {
    return runs
        .map(
            (r) =>
                `  ${r.name}: ${(r.ms / 1000).toFixed(1)} s wall, ${(r.cpuMs / 1000).toFixed(1)} s CPU, ${r.maxRssMb} MB` +
                `; goal ${r.goal}: ${r.met ? "ok" : "MISSED"}`,
        )
        .join("\n");
}

if (require.main === module) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-big-"));
    try {
        console.log(describeBigInputs(benchBigInputs(dir)));
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}
