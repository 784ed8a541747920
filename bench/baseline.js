"use strict";
/**
 * The baseline of `npm run bench`: a plain JavaScript Pulumi program, not this package, registering
 * the resources `npm run synth` plans for N eventbridge instances of bench/synth.ts's stack file
 * (same types, names, parents and inputs), under a trivial echo mock of its own.
 *
 *   node bench/baseline.js <N>              runs it
 *   node bench/baseline.js <N> --resources  also prints what it registered, as JSON (to compare)
 */
const pulumi = require("@pulumi/pulumi");

const count = Number(process.argv[2]);
const registered = [];
pulumi.runtime.setMocks(
    {
        newResource(args) {
            registered.push({ type: args.type, name: args.name, inputs: args.inputs });
            return { id: `${args.name}_id`, state: args.inputs };
        },
        call(args) {
            return args.inputs;
        },
    },
    "cloudposse-components",
    "bench",
    false,
);
const cloudwatch = require("@pulumi/aws/cloudwatch");

class EventBridge extends pulumi.ComponentResource {
    constructor(name) {
        super("cloudposse:eventbridge:EventBridge", name, {}, {});
    }
}

const region = "us-east-2";
const pattern = JSON.stringify({ detail: { eventType: ["WARN", "ERROR"] }, source: ["aws.ecs"] });
for (let i = 0; i < count; i++) {
    const name = `eventbridge/rule-${i}`;
    const id = `eg-ue2-prod-rule-${i}`;
    const arn = `arn:aws:logs:${region}:111111111111:log-group:${id}`;
    const tags = { Environment: "ue2", Name: id, Namespace: "eg", Stage: "prod" };
    const parent = new EventBridge(name);
    new cloudwatch.LogGroup(name, { name: id, region, retentionInDays: 3, tags }, { parent });
    new cloudwatch.EventRule(
        name,
        { description: id, eventPattern: pattern, name: id, region, state: "ENABLED", tags },
        { parent },
    );
    new cloudwatch.LogResourcePolicy(
        name,
        {
            policyDocument: JSON.stringify({
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
            region,
            resourceArn: arn,
        },
        { parent },
    );
    new cloudwatch.EventTarget(name, { arn, region, rule: id }, { parent });
    parent.registerOutputs({});
}

if (process.argv.includes("--resources")) {
    // Once every registration has reached the mock (the event loop has nothing left to do).
    process.once("beforeExit", () => process.stdout.write(JSON.stringify(registered)));
}
