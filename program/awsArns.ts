/**
 * The ARN AWS gives a resource, from its Pulumi type token, for the offline mocks (mocks.ts): AWS's general form, with
 * the services whose ARNs depart from it listed (see {@link ARN_RULES}). Pure.
 */
import { partitionOf } from "../components/kit/awsLimits";

/** How the ARN of one module's (or one type's) resources departs from the general form. */
interface ArnRule {
    /** The ARN's service namespace, when it is not the token's module (`cloudwatch/eventRule` -> `events`). */
    readonly service?: string;
    /** No region in the ARN (IAM: `arn:aws:iam::<account>:role/<name>`); `all`: neither region nor account (S3). */
    readonly global?: "region" | "all";
    /**
     * The resource part from the kebab-case resource type, the name and the token's member (`stateMachine`).
     * @default `<type>/<name>`
     */
    readonly resource?: (type: string, name: string, member: string) => string;
}

/** `<type>:<name>` (Lambda `function:<name>`, Logs `log-group:<name>`, Secrets Manager `secret:<name>`). */
const colon = (type: string, name: string) => `${type}:${name}`;
/** The name alone (SNS topics, SQS queues, S3 buckets). */
const nameOnly = (_type: string, name: string) => name;

/**
 * AWS's general form is `arn:<partition>:<service>:<region>:<account>:<resource-type>/<name>` (IAM User Guide, "IAM
 * identifiers", and the Service Authorization Reference's ARN formats per resource type); the token
 * `aws:<module>/<member>:<Member>` gives the service (`<module>`) and the resource type (`<member>` in kebab case:
 * `aws:ecs/cluster:Cluster` -> `cluster/<name>`). The exceptions, as AWS documents each resource's ARN and as the
 * pulumi-aws docs (`@pulumi/aws/<module>/<member>.d.ts`, whose import examples tests/program/awsArns.test.ts reads)
 * show it, by token module (`sns`) or module and member (`cloudwatch/logGroup`, which wins):
 * - SNS topic `arn:aws:sns:<region>:<account>:<name>` (pulumi-aws sns/topic.d.ts import example;
 *   terraform-provider-aws internal/service/sns/topic.go sets the id to CreateTopic's TopicArn);
 * - SQS queue `arn:aws:sqs:<region>:<account>:<name>` (Service Authorization Reference, Amazon SQS "queue");
 * - Lambda function `function:<name>`; CloudWatch Logs `log-group:<name>`; Secrets Manager `secret:<name>`;
 *   Step Functions (`states`) `stateMachine:<name>`, `activity:<name>` (pulumi-aws sfn/stateMachine.d.ts import
 *   example);
 * - EventBridge (token module `cloudwatch`, service `events`) `rule/<name>`, `event-bus/<name>`;
 * - CloudWatch alarms `alarm:<name>`;
 * - SSM parameter `parameter/<name without its leading slash>`;
 * - IAM: no region (`arn:aws:iam::<account>:role/<name>`); S3 bucket: `arn:aws:s3:::<name>` (pulumi-aws
 *   s3/bucket.d.ts: "Will be of format `arn:aws:s3:::bucketname`").
 */
const ARN_RULES: Readonly<Record<string, ArnRule>> = {
    sns: { resource: nameOnly },
    sqs: { resource: nameOnly },
    lambda: { resource: colon },
    secretsmanager: { resource: colon },
    sfn: { service: "states", resource: (_type, name, member) => `${member}:${name}` },
    "cloudwatch/logGroup": { service: "logs", resource: colon },
    "cloudwatch/eventRule": { service: "events", resource: (_type, name) => `rule/${name}` },
    "cloudwatch/eventBus": { service: "events" },
    "cloudwatch/metricAlarm": { resource: (_type, name) => `alarm:${name}` },
    "ssm/parameter": { resource: (_type, name) => `parameter${name.startsWith("/") ? name : `/${name}`}` },
    iam: { global: "region" },
    "s3/bucket": { global: "all", resource: nameOnly },
    "s3/bucketV2": { global: "all", resource: nameOnly },
};

/** `logGroup` -> `log-group`. */
function kebab(member: string): string {
    return member.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The module and member of an `aws:` type token (`aws:sns/topic:Topic` -> `sns`, `topic`), else undefined. */
export function awsTypeParts(type: string): { readonly module: string; readonly member: string } | undefined {
    const match = /^aws:([a-z0-9]+)\/([A-Za-z0-9]+):[A-Za-z0-9]+$/.exec(type);
    return match ? { module: match[1], member: match[2] } : undefined;
}

/** The ARN a resource of the `aws:` type `type` named `name` has in `region` and `account`; undefined for another type. */
export function arnOf(type: string, name: string, region: string, account: string): string | undefined {
    const parts = awsTypeParts(type);
    if (parts === undefined) return undefined;
    const rule = ARN_RULES[`${parts.module}/${parts.member}`] ?? ARN_RULES[parts.module] ?? {};
    const resourceType = kebab(parts.member);
    const resource = rule.resource ? rule.resource(resourceType, name, parts.member) : `${resourceType}/${name}`;
    const where = rule.global === "all" ? ":" : rule.global === "region" ? `:${account}` : `${region}:${account}`;
    return `arn:${partitionOf(region)}:${rule.service ?? parts.module}:${where}:${resource}`;
}
