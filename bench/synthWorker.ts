/**
 * One measured run for the synth figures of bench/index.ts, in a process of its own so that its
 * peak memory is its own:
 *   synthWorker.ts <synth|baseline> <instances>
 * prints {"ms": ..., "maxRssMb": ...} on stdout. `synth` runs the program on a generated stack
 * file of N eventbridge instances; `baseline` registers the same AWS resources directly.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { installMocks } from "../program/mocks";

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

async function baseline(count: number): Promise<void> {
    const cloudwatch = await import("@pulumi/aws/cloudwatch");
    const region = "us-east-2";
    for (let i = 0; i < count; i++) {
        const id = `eg-ue2-prod-rule-${i}`;
        const tags = { Environment: "ue2", Name: id, Namespace: "eg", Stage: "prod" };
        const logGroup = new cloudwatch.LogGroup(`rule-${i}`, { name: id, retentionInDays: 3, tags, region });
        const rule = new cloudwatch.EventRule(`rule-${i}`, {
            name: id,
            description: id,
            tags,
            region,
            eventPattern: JSON.stringify({ source: ["aws.ecs"], detail: { eventType: ["WARN", "ERROR"] } }),
        });
        new cloudwatch.EventTarget(`rule-${i}`, { rule: rule.name, arn: logGroup.arn, region });
        new cloudwatch.LogResourcePolicy(`rule-${i}`, {
            policyName: id,
            resourceArn: logGroup.arn,
            region,
            policyDocument: logGroup.arn.apply((arn) =>
                JSON.stringify({
                    Version: "2012-10-17",
                    Statement: [
                        {
                            Effect: "Allow",
                            Principal: { Service: ["events.amazonaws.com", "delivery.logs.amazonaws.com"] },
                            Action: ["logs:CreateLogStream", "logs:PutLogEvents"],
                            Resource: `${arn}:*`,
                        },
                    ],
                }),
            ),
        });
    }
}

async function synthStack(count: number): Promise<void> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
    try {
        const file = path.join(dir, "stack.yaml");
        fs.writeFileSync(file, eventbridgeStack(count));
        const { loadStackFile } = await import("../stack");
        const { deployStack } = await import("../program/deploy");
        deployStack(loadStackFile(file));
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}

async function main(): Promise<void> {
    const [mode, countText] = process.argv.slice(2);
    const count = Number(countText);
    const mocks = await installMocks({ stack: "bench" });
    // Load the modules first: the figure is the work per stack, not the start-up (measured apart).
    await import("@pulumi/aws/cloudwatch");
    await import("../program/deploy");
    const start = process.hrtime.bigint();
    await (mode === "synth" ? synthStack(count) : baseline(count));
    await mocks.settle();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (mocks.resources.length < count * 4) {
        throw new Error(`expected at least ${count * 4} resources, got ${mocks.resources.length}`);
    }
    process.stdout.write(
        JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, resources: mocks.resources.length }) +
            "\n",
    );
}

if (require.main === module) {
    main().catch((error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exitCode = 1;
    });
}
