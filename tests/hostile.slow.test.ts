/**
 * Hostile input that only a process can show ends right (issue 20): under a memory limit and a
 * wall-time limit (tests/support/bounded.ts), the quadratic-parsing cases (50,000 aliases,
 * 300,000 keys) end in linear time, a load leaves `Object.prototype` untouched, and the commands
 * end without a stack trace when their reader goes (EPIPE) or their device is full (ENOSPC).
 * The inputs are generated when the tests start; the runs go beside the unit tier.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startBeforeTests } from "./helpers/processes";
import { describeRun, runBoundedCommand, runBoundedScript, type BoundedRun } from "./support/bounded";
import { lines, STACK_VARS } from "./stack-helpers";

/**
 * Every case: 256 MB of heap and 30 s of wall time. Each takes a second or two of CPU; the wall
 * limit leaves room for a machine shared with other work, and is still far below what the
 * quadratic cases took before (minutes). Time itself is measured in `npm run bench`, not here.
 */
const LIMITS = { memoryMb: 256, timeoutMs: 30_000 } as const;

const STATE = JSON.stringify({
    format_version: "1.0",
    values: {
        root_module: {
            resources: [
                {
                    mode: "managed",
                    type: "aws_cloudwatch_event_rule",
                    address: "aws_cloudwatch_event_rule.this",
                    values: { name: "eg-ue2-prod-ecs" },
                },
                {
                    mode: "managed",
                    type: "aws_cloudwatch_event_target",
                    address: "aws_cloudwatch_event_target.this",
                    values: { rule: "eg-ue2-prod-ecs", target_id: "t-1" },
                },
            ],
        },
    },
});

let dir: string | undefined;
after(() => {
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
});

/** A script that loads `file` with the compiled loader and prints its instance count. */
const loadScript = (file: string) =>
    `const stack = require(root + "/stack").loadStackFile(${JSON.stringify(file)}); console.log(stack.instances.length);`;

const runs = startBeforeTests(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-e2e-"));
    const write = (name: string, text: string) => {
        const file = path.join(dir!, name);
        fs.writeFileSync(file, text);
        return file;
    };
    const rule = (...extra: string[]) =>
        lines(
            STACK_VARS,
            "components:",
            "  terraform:",
            "    rule:",
            "      metadata: {component: eventbridge}",
            "      vars: {name: ecs}",
            ...extra,
        );
    // 50,000 aliases of one anchor in about 250 KB: each was resolved by walking the document.
    const aliases = write("aliases.yaml", rule("anchor: &a x", `many: [${Array(50_000).fill("*a").join(", ")}]`));
    // 50,000 keys (about 0.6 MB) and a duplicate at the end: the yaml package compared each key
    // with every other one (300,000 keys took minutes; a file that large is now refused by its size).
    const keys = Array.from({ length: 50_000 }, (_, i) => `  k${i}: 1`);
    const manyKeys = write("keys.yaml", rule("settings:") + keys.join("\n") + "\n  k0: 2\n");
    // The 300,000 keys (about 3.6 MB): refused by the file's size before parsing.
    const hugeKeys = write(
        "huge-keys.yaml",
        rule("settings:") + Array.from({ length: 300_000 }, (_, i) => `  k${i}: 1`).join("\n") + "\n",
    );
    // Prototype keys in every included format, and in the stack file itself.
    write("p.env", "__proto__=yes\n");
    write("p.tfvars", '__proto__ = { polluted = "yes" }\n');
    write("p.yaml", "__proto__: {polluted: yes}\nconstructor: {prototype: {polluted: yes}}\n");
    write("p.json", '{"__proto__": {"polluted": "yes"}}');
    const proto = write(
        "proto.yaml",
        rule(
            "settings:",
            "  __proto__: {polluted: yes}",
            "  e: !include ./p.env",
            "  t: !include ./p.tfvars",
            "  y: !include ./p.yaml",
            "  j: !include ./p.json",
        ),
    );
    const state = write("state.json", STATE);
    // 6,000 imports each adding an override of its own (issue 31): merged pairwise with all gathered
    // so far, 4,000 took 53 s in process; gathered as layers, a few seconds.
    fs.mkdirSync(path.join(dir, "mixins"));
    const importLines = ["import:"];
    for (let i = 0; i < 6_000; i++) {
        write(path.join("mixins", `o${i}.yaml`), `overrides:\n  env:\n    K${i}: v\n`);
        importLines.push(`  - ./mixins/o${i}`);
    }
    const manyOverrides = write("overrides.yaml", importLines.join("\n") + "\n" + rule());
    return {
        aliases: runBoundedScript(loadScript(aliases), LIMITS),
        keys: runBoundedScript(loadScript(manyKeys), LIMITS),
        proto: runBoundedScript(loadScript(proto), LIMITS),
        // About 3 s of CPU now; pairwise it was minutes (4,000 imports took 53 s). A minute of wall
        // time leaves room for the other runs beside it on a shared machine.
        overrides: runBoundedScript(loadScript(manyOverrides), { ...LIMITS, timeoutMs: 60_000 }),
        hugeKeys: runBoundedCommand("synth", [hugeKeys], LIMITS),
        unusedDevice: runBoundedCommand("synth", [write("zero.yaml", rule("unused: !include /dev/zero"))], LIMITS),
        epipe: runBoundedCommand("tfAdopt", [state], { ...LIMITS, closeStdout: true }),
        adoptFull: runBoundedCommand("tfAdopt", [state], { ...LIMITS, stdoutFile: "/dev/full" }),
        // The usage goes to stdout through the same stream as a plan, without loading the Pulumi SDK.
        synthFull: runBoundedCommand("synth", ["--help"], { ...LIMITS, stdoutFile: "/dev/full" }),
    };
});

/** The run of `name`, checked to have ended within the limits (not killed, no heap abort). */
async function run(name: keyof Awaited<ReturnType<typeof runs>>): Promise<BoundedRun> {
    const result = await (await runs())[name];
    assert.equal(result.timedOut, false, `${name}: ${describeRun(result)}`);
    assert.ok(result.probe !== undefined, `${name} died without exiting: ${describeRun(result)}`);
    assert.deepEqual(result.probe.addedToObjectPrototype, [], `${name}: Object.prototype changed`);
    assert.doesNotMatch(result.stderr, /\n\s+at |node:internal|Error: /, `${name}: a stack trace: ${result.stderr}`);
    return result;
}

describe("hostile input in bounded child processes (issue 20)", function () {
    this.timeout(60_000);

    it("class 4: 50,000 aliases in 250 KB load in linear time", async () => {
        const result = await run("aliases");
        assert.equal(result.status, 0, describeRun(result));
        assert.equal(result.stdout, "1\n");
    });

    it("class 4: 50,000 keys are checked in one pass; the duplicate is reported at its line", async () => {
        const result = await run("keys");
        assert.equal(result.status, 1, describeRun(result));
        assert.equal(result.stdout, "");
        assert.match(result.stderr, /keys\.yaml:50008:3: invalid YAML: Map keys must be unique\n$/);
    });

    it("class 4/6: 300,000 keys (3.6 MB) are refused by the file's size, naming the cap", async () => {
        const result = await run("hugeKeys");
        assert.equal(result.status, 1, describeRun(result));
        assert.equal(result.stdout, "");
        assert.match(
            result.stderr,
            /huge-keys\.yaml: cannot read the file: .*huge-keys\.yaml is larger than 1 MiB, the most a file read here may hold\n$/,
        );
    });

    it("class 4: 6,000 imports each adding overrides merge in linear time (issue 31)", async function () {
        this.timeout(120_000);
        const result = await run("overrides");
        assert.equal(result.status, 0, describeRun(result));
        assert.equal(result.stdout, "1\n");
    });

    it("class 1/3: __proto__ keys in a stack file and its includes leave Object.prototype untouched", async () => {
        const result = await run("proto");
        assert.equal(result.status, 0, describeRun(result));
        assert.equal(result.probe?.polluted, undefined);
    });

    it("class 3: an !include of /dev/zero in a section nothing uses ends at once with its location", async () => {
        const result = await run("unusedDevice");
        assert.equal(result.status, 1, describeRun(result));
        assert.equal(result.stdout, "");
        assert.match(
            result.stderr,
            /zero\.yaml:7:\d+: !include \/dev\/zero: cannot read \/dev\/zero: .*not a regular file\n$/,
        );
    });

    it("class 7: tf-adopt | head -c 10 (EPIPE) ends quietly", async () => {
        const result = await run("epipe");
        assert.equal(result.status, 0, describeRun(result));
        assert.equal(result.stderr, "");
    });

    for (const [name, command] of [
        ["adoptFull", "tf-adopt"],
        ["synthFull", "synth"],
    ] as const) {
        it(`class 7: ${command} writing to a full device (ENOSPC) ends with one line and exit code 1`, async () => {
            const result = await run(name);
            assert.equal(result.status, 1, describeRun(result));
            assert.match(result.stderr, new RegExp(`^${command}: .*(no space left|ENOSPC).*\\n$`));
        });
    }
});
