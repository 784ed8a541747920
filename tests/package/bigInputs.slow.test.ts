/**
 * Linear on big inputs, bounded: tf-adopt on a 36 MB state of 40,000 rules (past 60 s
 * before), an EventBridge-sized event (256 KB) of nested arrays of objects matched twice (35 s
 * for one match of 217 KB before), and a 300,000-key pattern refused by its size before it is
 * compiled (9 s and 560 MB before: here under a 256 MB heap). Each runs in its own child process
 * (tests/helpers/bounded.ts), killed after 30 s; times are measured in `npm run bench`
 * (bench/bigInputs.ts), never asserted here.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startBeforeTests } from "../helpers/processes";
import { describeRun, runBoundedCommand, runBoundedScript, type BoundedRun } from "../helpers/bounded";

let dir: string | undefined;
after(() => {
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
});

/** A `terraform show -json` state of `rules` rules, each with its target, log group and account policy. */
function rulesState(rules: number): string {
    const resources: unknown[] = [];
    for (let i = 0; i < rules; i++) {
        const name = `eg-ue2-prod-rule-${i}`;
        const group = `/aws/events/${name}`;
        const at = (type: string) => ({ mode: "managed", type, address: `module.m${i}.${type}.this[0]` });
        resources.push(
            { ...at("aws_cloudwatch_event_rule"), values: { name } },
            {
                ...at("aws_cloudwatch_event_target"),
                values: { rule: name, target_id: `t-${i}`, arn: `arn:aws:logs:us-east-2:1:log-group:${group}:*` },
            },
            { ...at("aws_cloudwatch_log_group"), values: { name: group } },
            {
                ...at("aws_cloudwatch_log_resource_policy"),
                values: {
                    policy_name: `p-${i}`,
                    policy_document: JSON.stringify({ Resource: `arn:aws:logs:us-east-2:1:log-group:${group}:*` }),
                },
            },
        );
    }
    return JSON.stringify({ format_version: "1.0", values: { root_module: { resources } } });
}

const NESTED_EVENT = `const ep = require(root + "/event-pattern");
const a = [];
for (let i = 0; i < 290; i++) {
    const b = [];
    for (let j = 0; j < 40; j++) b.push({ c: 1, d: 2, e: "x" });
    a.push({ b });
}
const event = JSON.stringify({ detail: { a } });
const results = [
    ep.matchesEventPattern({ detail: { a: { b: { c: [1], d: [3] } } } }, event),
    ep.matchesEventPattern({ detail: { a: { b: { c: [1], e: ["y"] } } } }, event),
    ep.matchesEventPattern({ detail: { a: { b: { c: [1], d: [2], e: ["x"] } } } }, event),
];
console.log(event.length, results.join(","));`;

const HUGE_PATTERN = `const ep = require(root + "/event-pattern");
const pattern = {};
for (let i = 0; i < 300000; i++) pattern["k" + i] = ["v"];
try {
    ep.inspectEventPattern(pattern);
} catch (error) {
    console.log(error.code, error.message);
}`;

const runs = startBeforeTests(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "big-inputs-"));
    const state = path.join(dir, "rules-40000.json");
    fs.writeFileSync(state, rulesState(40_000));
    return {
        tfAdopt: runBoundedCommand("tfAdopt", [state], { memoryMb: 1024, timeoutMs: 30_000 }),
        nestedEvent: runBoundedScript(NESTED_EVENT, { memoryMb: 512, timeoutMs: 30_000 }),
        hugePattern: runBoundedScript(HUGE_PATTERN, { memoryMb: 256, timeoutMs: 30_000 }),
    };
});

async function ended(name: keyof Awaited<ReturnType<typeof runs>>): Promise<BoundedRun> {
    const run = await (await runs())[name];
    assert.equal(run.timedOut, false, `${name}: ${describeRun(run)}`);
    assert.ok(run.probe !== undefined, `${name} died without exiting: ${describeRun(run)}`);
    assert.equal(run.status, 0, describeRun(run));
    return run;
}

describe("big inputs in linear time, bounded (issue 30)", function () {
    this.timeout(120_000);

    it("tf-adopt plans 40,000 rules (a 36 MB state) with every rule's four addresses", async () => {
        const run = await ended("tfAdopt");
        assert.equal(run.stdout.match(/^# rule "/gm)?.length, 40_000);
        assert.match(
            run.stdout,
            /^terraform state rm .*'module\.m39999\.aws_cloudwatch_log_resource_policy\.this\[0\]'$/m,
        );
    });

    it("matchesEventPattern answers on a 256 KB event of nested arrays of objects", async () => {
        const run = await ended("nestedEvent");
        const [length, results] = run.stdout.trim().split(" ");
        assert.ok(Number(length) > 240_000 && Number(length) <= 256 * 1024, length);
        assert.equal(results, "false,false,true");
    });

    it("a 300,000-key pattern is refused by its size before it is compiled, within 256 MB", async () => {
        const run = await ended("hugePattern");
        assert.equal(
            run.stdout,
            "PATTERN_TOO_LARGE $: the pattern is 4,688,891 characters as JSON; the AWS provider accepts at most 4,096\n",
        );
    });
});
