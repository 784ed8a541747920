/**
 * The offline synth, end to end: the synth command as `npm run synth` runs it (in-process, on
 * strings; tests/bin/commands.e2e.test.ts runs the real command in a child process), and the program's
 * stack-wide validation. tests/program/deploy.test.ts checks how its errors name stack-file vars.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { synthCommand } from "../helpers/commands";
import { ECS_PATTERN } from "../fixtures/spec";

const ROOT = path.join(__dirname, "..", "..");

interface Run {
    readonly status: number | null;
    readonly stdout: string;
    readonly stderr: string;
}

/** Runs the synth command as `npm run synth` does, in-process (NO_COLOR set, as the tests always did). */
function synthCli(...args: string[]): Promise<Run> {
    return synthCommand(args, { NO_COLOR: "1" });
}

const tempDirs: string[] = [];
after(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function stackFile(text: string, name = "ue2-prod.yaml"): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "synth-test-"));
    tempDirs.push(dir);
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
}

interface Plan {
    resources: { type: string; name: string; parent: string | null; inputs: Record<string, unknown> }[];
    outputs: Record<string, Record<string, unknown> | null>;
}

describe("npm run synth", function () {
    this.timeout(120_000);

    describe("on the bundled example with --json", () => {
        let run: Run;
        let plan: Plan;
        before(async () => {
            run = await synthCli(path.join(ROOT, "examples", "stack.yaml"), "--json");
            plan = JSON.parse(run.stdout) as Plan;
        });

        it("exits 0 with one JSON document on stdout", () => {
            assert.equal(run.status, 0, run.stderr);
            assert.deepEqual(Object.keys(plan), ["resources", "outputs", "skipped"]);
        });

        it("lists each component at the top level before its children", () => {
            const seen = new Set<string>();
            for (const resource of plan.resources) {
                if (resource.parent !== null) {
                    assert.ok(
                        seen.has(resource.parent),
                        `${resource.type}::${resource.name} registered before its parent ${resource.parent}`,
                    );
                }
                seen.add(`${resource.type}::${resource.name}`);
            }
            const top = plan.resources.filter((r) => r.parent === null).map((r) => r.type);
            assert.deepEqual(top.sort(), [
                "cloudposse:eventbridge:EventBridge",
                "cloudposse:managed-dashboards:DashboardsApiKey",
            ]);
        });

        it("creates the eventbridge rule with the spec's pattern and the log group", () => {
            const rule = plan.resources.find((r) => r.type === "aws:cloudwatch/eventRule:EventRule");
            assert.ok(rule);
            assert.equal(rule.inputs.name, "eg-ue2-prod-ecs-faults");
            assert.equal(rule.inputs.description, "ECS failures and warnings");
            assert.equal(rule.inputs.region, "us-east-2");
            assert.deepEqual(JSON.parse(String(rule.inputs.eventPattern)), ECS_PATTERN);
            const logGroup = plan.resources.find((r) => r.type === "aws:cloudwatch/logGroup:LogGroup");
            assert.ok(logGroup);
            assert.equal(logGroup.inputs.retentionInDays, 3);
        });

        it("prints the outputs under the spec's names", () => {
            const rules = plan.outputs["eventbridge/ecs-alerts"];
            assert.ok(rules);
            assert.deepEqual(Object.keys(rules).sort(), [
                "event_rule_arn",
                "event_rule_name",
                "logs_log_group_arn",
                "logs_log_group_name",
            ]);
            assert.equal(rules.event_rule_name, "eg-ue2-prod-ecs-faults");
            assert.equal(rules.event_rule_arn, "arn:aws:events:us-east-2:111111111111:rule/eg-ue2-prod-ecs-faults");
            const key = Object.values(plan.outputs).find((o) => o !== null && "ssm_path_dashboards_api_key" in o);
            assert.ok(key);
            assert.match(String(key.ssm_path_dashboards_api_key), /^\/dashboards\/[a-z0-9-]+\/api_key$/);
        });

        it("never prints the API key: the SSM value is [secret]", () => {
            const parameter = plan.resources.find((r) => r.type === "aws:ssm/parameter:Parameter");
            assert.ok(parameter);
            assert.equal(parameter.inputs.value, "[secret]");
            assert.equal(parameter.inputs.type, "SecureString");
            assert.doesNotMatch(run.stdout, /eyJr/);
        });
    });

    it("prints a readable tree without --json, without colours when not on a terminal", async () => {
        const run = await synthCli(path.join(ROOT, "examples", "stack.yaml"));
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stdout, /\+ cloudposse:eventbridge:EventBridge {2}eventbridge\/ecs-alerts/);
        assert.match(run.stdout, /^Outputs:$/m);
        assert.doesNotMatch(run.stdout, /\x1b\[/);
    });

    it("refuses an invalid var with nothing on stdout, naming the instance and the var", async () => {
        const file = stackFile(
            [
                "vars: {region: us-east-2, namespace: eg}",
                "components:",
                "  terraform:",
                "    eventbridge/ok:",
                "      metadata: {component: eventbridge}",
                "      vars: {name: ok}",
                "    eventbridge/bad:",
                "      metadata: {component: eventbridge}",
                "      vars: {name: bad, event_log_retention_in_days: 4}",
            ].join("\n"),
        );
        const run = await synthCli(file, "--json");
        assert.equal(run.status, 1);
        assert.equal(run.stdout, "");
        assert.ok(
            run.stderr.startsWith(
                `${file}:9:54: eventbridge "eventbridge/bad": event_log_retention_in_days must be one of 1, 3, 5,`,
            ),
            run.stderr,
        );
        assert.match(run.stderr, /, 3653, got 4\n$/);
    });

    it("one cause, one message: a name too long for every name built from it, and two names that collide", async () => {
        const long = "a".repeat(520);
        const file = stackFile(
            [
                "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: prod}",
                "components:",
                "  terraform:",
                "    eventbridge/toolong:",
                "      metadata: {component: eventbridge}",
                "      vars:",
                `        name: ${long}`,
                "    eventbridge/one:",
                "      metadata: {component: eventbridge}",
                "      vars: {name: a.b}",
                "    eventbridge/two:",
                "      metadata: {component: eventbridge}",
                "      vars: {name: ab}",
            ].join("\n"),
        );
        const run = await synthCli(file, "--json");
        assert.equal(run.status, 1);
        const lines = run.stderr.trimEnd().split("\n");
        assert.equal(lines.length, 2, run.stderr);
        // Blamed on the var written (name, at its value), not on id_length_limit, which is not set.
        assert.ok(
            lines[0].startsWith(
                `${file}:7:15: eventbridge "eventbridge/toolong": name makes the id 532 characters long, too long for ` +
                    'the log group name (at most 512; CloudWatch Logs CreateLogGroup.logGroupName), the tag "Name" of ' +
                    "the log group and the event rule (at most 256; CloudWatch Logs Tags value; EventBridge Tag.Value) and " +
                    "the rule's description, which is the id when none is given (at most 512; EventBridge " +
                    'PutRule.Description); shorten it, or set a length limit for the id (it is cut to it), got "aaaa',
            ),
            lines[0],
        );
        assert.equal(
            lines[1],
            `${file}:13:20: eventbridge "eventbridge/two": name gives the log group name and the event rule name ` +
                `"eg-ue2-prod-ab" in us-east-2, which eventbridge "eventbridge/one" (${file}:8:5) also uses; each log ` +
                "group name and each event rule name must be unique in its region",
        );
    });

    it("reports a YAML syntax error with the file, line and column", async () => {
        const file = stackFile("components:\n  terraform:\n    x: [1, 2\n");
        const run = await synthCli(file, "--json");
        assert.equal(run.status, 1);
        assert.equal(run.stdout, "");
        assert.ok(run.stderr.includes(`${file}:`), run.stderr);
        assert.match(run.stderr, /:\d+:\d+/);
    });

    it("gives a disabled instance null outputs and registers only its component", async () => {
        const file = stackFile(
            [
                "components:",
                "  terraform:",
                "    eventbridge/off:",
                "      metadata: {component: eventbridge}",
                "      vars: {region: us-east-2, name: off, enabled: false}",
            ].join("\n"),
        );
        const run = await synthCli(file, "--json");
        assert.equal(run.status, 0, run.stderr);
        const plan = JSON.parse(run.stdout) as Plan;
        assert.deepEqual(
            plan.resources.map((r) => r.type),
            ["cloudposse:eventbridge:EventBridge"],
        );
        assert.equal(plan.outputs["eventbridge/off"], null);
    });

    it("exits 2 with usage on a bad command line", async () => {
        const run = await synthCli("--bogus");
        assert.equal(run.status, 2);
        assert.equal(run.stdout, "");
        assert.match(run.stderr, /unknown option --bogus/);
    });
});
