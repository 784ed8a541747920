/**
 * The mocks' ARNs from the type token (program/awsArns.ts): AWS's general form and the listed exceptions, checked
 * against the ARNs the pulumi-aws docs give as import ids (`@pulumi/aws/<module>/<member>.d.ts`, "$ pulumi import
 * <type> <name> arn:..."), and the mocks answering a type declared for them (`resourceTypes`) with that ARN and id.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type { MockResourceArgs } from "@pulumi/pulumi/runtime";
import { arnOf } from "../../program/awsArns";
import { COMPONENT_KITS } from "../../components/kits";
import { AwsMocks, EXAMPLE_ACCOUNT_ID } from "../../program/mocks";

const A = "123456789012";

describe("ARNs from the type token (program/awsArns.ts)", () => {
    const cases: [type: string, name: string, region: string, arn: string | undefined][] = [
        ["aws:ecs/cluster:Cluster", "app", "us-west-2", `arn:aws:ecs:us-west-2:${A}:cluster/app`],
        ["aws:sns/topic:Topic", "alerts", "us-west-2", `arn:aws:sns:us-west-2:${A}:alerts`],
        ["aws:sqs/queue:Queue", "jobs", "us-west-2", `arn:aws:sqs:us-west-2:${A}:jobs`],
        ["aws:lambda/function:Function", "f", "eu-west-1", `arn:aws:lambda:eu-west-1:${A}:function:f`],
        ["aws:cloudwatch/logGroup:LogGroup", "/a/b", "us-east-2", `arn:aws:logs:us-east-2:${A}:log-group:/a/b`],
        ["aws:cloudwatch/eventRule:EventRule", "r", "us-east-2", `arn:aws:events:us-east-2:${A}:rule/r`],
        ["aws:cloudwatch/eventBus:EventBus", "b", "us-east-2", `arn:aws:events:us-east-2:${A}:event-bus/b`],
        ["aws:cloudwatch/metricAlarm:MetricAlarm", "m", "us-east-2", `arn:aws:cloudwatch:us-east-2:${A}:alarm:m`],
        ["aws:ssm/parameter:Parameter", "/x/y", "us-east-2", `arn:aws:ssm:us-east-2:${A}:parameter/x/y`],
        ["aws:ssm/parameter:Parameter", "top", "us-east-2", `arn:aws:ssm:us-east-2:${A}:parameter/top`],
        ["aws:iam/role:Role", "deploy", "us-east-2", `arn:aws:iam::${A}:role/deploy`],
        ["aws:s3/bucket:Bucket", "logs", "us-east-2", "arn:aws:s3:::logs"],
        ["aws:kms/key:Key", "k-1", "cn-north-1", `arn:aws-cn:kms:cn-north-1:${A}:key/k-1`],
        ["aws:sfn/activity:Activity", "a", "us-gov-west-1", `arn:aws-us-gov:states:us-gov-west-1:${A}:activity:a`],
        ["aws:dynamodb/table:Table", "t", "us-east-2", `arn:aws:dynamodb:us-east-2:${A}:table/t`],
        ["time:index/static:Static", "s", "us-east-2", undefined],
        ["aws:sns/topic", "bad", "us-east-2", undefined],
    ];
    for (const [type, name, region, arn] of cases) {
        it(`${type} ${name} in ${region}: ${arn ?? "none"}`, () => assert.equal(arnOf(type, name, region, A), arn));
    }

    // Types whose pulumi-aws docs import them by their own ARN, the name last: the rule must give that ARN.
    const documented = [
        "aws:sns/topic:Topic",
        "aws:sfn/stateMachine:StateMachine",
        "aws:secretsmanager/secret:Secret",
        "aws:iam/policy:Policy",
        "aws:iam/samlProvider:SamlProvider",
        "aws:acm/certificate:Certificate",
        "aws:batch/jobQueue:JobQueue",
        "aws:cloudtrail/trail:Trail",
        "aws:ecs/capacityProvider:CapacityProvider",
        "aws:codebuild/reportGroup:ReportGroup",
    ];
    for (const type of documented) {
        it(`gives ${type} the ARN its pulumi-aws docs import it by`, () => {
            const [, module, member] = /^aws:([a-z0-9]+)\/([A-Za-z0-9]+):/.exec(type)!;
            const docs = fs.readFileSync(
                path.join(require.resolve("@pulumi/aws/package.json"), "..", module, `${member}.d.ts`),
                "utf8",
            );
            const example = new RegExp(`\\$ pulumi import ${type} \\S+ (arn:[^\\s\`]+)`).exec(docs);
            assert.ok(example, `an import example by ARN in ${module}/${member}.d.ts`);
            const [, , , region, account, ...rest] = example[1].split(":");
            const resource = rest.join(":");
            const name = resource.slice(Math.max(resource.lastIndexOf("/"), resource.lastIndexOf(":")) + 1);
            assert.equal(arnOf(type, name, region, account), example[1]);
        });
    }
});

describe("the mocks answer a type declared for them (resourceTypes, a kit's mockedTypes)", () => {
    const custom = (type: string, name: string, inputs: Record<string, unknown>): MockResourceArgs => ({
        type,
        name,
        inputs,
        custom: true,
    });

    it("answers a declared AWS type with its name, region, ARN and tags, identified as declared", () => {
        const mocks = new AwsMocks({
            region: "us-east-2",
            resourceTypes: {
                "aws:sns/topic:Topic": {
                    id: "arn",
                    state: (inputs) => ({ owner: EXAMPLE_ACCOUNT_ID, fifo: inputs.fifoTopic }),
                },
                "aws:sqs/queue:Queue": {},
            },
        });
        const topic = mocks.newResource(
            custom("aws:sns/topic:Topic", "t", { name: "alerts", tags: { a: "1" }, fifoTopic: false }),
        );
        const arn = `arn:aws:sns:us-east-2:${EXAMPLE_ACCOUNT_ID}:alerts`;
        assert.deepEqual(topic, {
            id: arn,
            state: {
                name: "alerts",
                tags: { a: "1" },
                fifoTopic: false,
                region: "us-east-2",
                arn,
                tagsAll: { a: "1" },
                owner: EXAMPLE_ACCOUNT_ID,
                fifo: false,
            },
        });
        // Autonamed as the provider names it; the id is the name by default.
        const queue = mocks.newResource(custom("aws:sqs/queue:Queue", "jobs", { region: "eu-west-1" }));
        assert.equal(queue.id, "jobs-0000000");
        assert.equal(queue.state.arn, `arn:aws:sqs:eu-west-1:${EXAMPLE_ACCOUNT_ID}:jobs-0000000`);
    });

    it("still refuses a type nobody declared, and a type named like an Object property", () => {
        const mocks = new AwsMocks({ resourceTypes: { "aws:sns/topic:Topic": {} } });
        assert.throws(() => mocks.newResource(custom("aws:s3/bucket:Bucket", "b", {})), {
            message: "Mock not implemented: aws:s3/bucket:Bucket (b)",
        });
        assert.throws(() => mocks.newResource(custom("constructor", "c", {})), /Mock not implemented: constructor/);
    });

    it("leaves a declared type's computed state unknown in a preview", () => {
        const mocks = new AwsMocks({ preview: true, resourceTypes: { "aws:sns/topic:Topic": { id: "arn" } } });
        assert.deepEqual(mocks.newResource(custom("aws:sns/topic:Topic", "t", { name: "n" })), {
            id: undefined,
            state: { name: "n" },
        });
    });

    it("answers every type a component's kit declares (mockedTypes), with an id, in the resource's region", () => {
        const declared = COMPONENT_KITS.flatMap((kit) => Object.keys(kit.mockedTypes ?? {}));
        assert.ok(declared.length > 0);
        const mocks = new AwsMocks({ region: "eu-west-1" });
        for (const type of declared) {
            const answer = mocks.newResource(
                custom(type, "x", { workspaceId: "g-0123456789", keyName: "k", rule: "r", secondsToLive: 60 }),
            );
            assert.equal(typeof answer.id, "string", type);
            assert.ok(answer.id !== "", type);
            assert.equal(answer.state.region, "eu-west-1", type);
        }
    });
});
