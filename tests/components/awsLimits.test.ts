/**
 * AWS API constraints: the table's checks, and both components refusing (before anything is
 * registered) every value AWS would refuse, with the input that made it blamed.
 */
import * as assert from "node:assert/strict";

import { resolveDashboardsApiKeyArgs, type DashboardsApiKeyArgs } from "../../components/apiKey";
import {
    AWS_LIMITS,
    codePointLength,
    partitionOf,
    ssmArnPrefix,
    ssmNameLimit,
    stringViolations,
} from "../../components/kit/awsLimits";
import { EVENTBRIDGE_LIMITS } from "../../components/eventbridge/limits";
import {
    eventBridgeLogsPolicyDocument,
    resolveEventBridgeArgs,
    type EventBridgeArgs,
} from "../../components/eventbridge";

const EVENTBRIDGE: EventBridgeArgs = { region: "us-east-2", namespace: "eg", stage: "prod", name: "ecs" };
const API_KEY: DashboardsApiKeyArgs = {
    region: "us-east-2",
    namespace: "eg",
    stage: "prod",
    name: "grafana",
    workspaceId: "g-0123456789",
};

/** The problems (one per line) of a refusal, or "" when the args are accepted. */
function eventBridgeRefusal(change: Partial<EventBridgeArgs>): string {
    try {
        resolveEventBridgeArgs("rule", { ...EVENTBRIDGE, ...change } as EventBridgeArgs);
        return "";
    } catch (error) {
        return (error as Error).message;
    }
}

function apiKeyRefusal(change: Partial<DashboardsApiKeyArgs>): string {
    try {
        resolveDashboardsApiKeyArgs("key", { ...API_KEY, ...change } as DashboardsApiKeyArgs);
        return "";
    } catch (error) {
        return (error as Error).message;
    }
}

describe("AWS limits", () => {
    describe("the constraint table", () => {
        it("counts length in code points, as AWS does", () => {
            assert.equal(codePointLength("😀".repeat(300)), 300);
            assert.equal("😀".repeat(300).length, 600);
            assert.deepEqual(stringViolations("😀".repeat(300), EVENTBRIDGE_LIMITS.events.ruleDescription), []);
            assert.deepEqual(stringViolations("😀".repeat(513), EVENTBRIDGE_LIMITS.events.ruleDescription), [
                "must have at most 512 characters, has 513",
            ]);
        });

        const tagKeys: [string, boolean][] = [
            ["Team", true],
            ["cost-center", true],
            ["a b:c/d=e+f-g@h_i.j", true],
            ["Équipe", true],
            ["名前", true],
            ["٣", true],
            ["R&D", false],
            ["cost,center", false],
            ["owner!", false],
            ["ops;oncall", false],
            ["😀", false],
            ["line\nbreak", false],
            ["", false],
            ["aws:createdBy", false],
            ["AWS:x", false],
            ["awsx", true],
            ["k".repeat(128), true],
            ["k".repeat(129), false],
        ];
        for (const [key, valid] of tagKeys) {
            it(`${valid ? "accepts" : "refuses"} the Logs and SSM tag key ${JSON.stringify(key)}`, () => {
                assert.equal(stringViolations(key, AWS_LIMITS.logs.tagKey).length === 0, valid);
                assert.equal(stringViolations(key, AWS_LIMITS.ssm.tagKey).length === 0, valid);
            });
        }

        it("accepts an empty tag value and refuses one over 256 characters", () => {
            assert.deepEqual(stringViolations("", AWS_LIMITS.logs.tagValue), []);
            assert.deepEqual(stringViolations("v".repeat(257), AWS_LIMITS.ssm.tagValue), [
                "must have at most 256 characters, has 257",
            ]);
        });

        it("takes the partition of a region, and counts the SSM ARN with a 12-digit account", () => {
            assert.equal(partitionOf("us-east-2"), "aws");
            assert.equal(partitionOf("cn-north-1"), "aws-cn");
            assert.equal(partitionOf("us-gov-west-1"), "aws-us-gov");
            assert.equal(partitionOf("eusc-de-east-1"), "aws-eusc");
            assert.equal(ssmArnPrefix("us-east-2"), "arn:aws:ssm:us-east-2:111111111111:parameter");
            // SSM's own example: "arn:aws:ssm:us-east-2:111122223333:parameter/" is 45 characters.
            assert.equal(ssmArnPrefix("us-east-2").length + 1, 45);
            assert.equal(ssmNameLimit("us-east-2"), 1011 - 44);
            assert.equal(
                ssmNameLimit("us-gov-west-1"),
                1011 - "arn:aws-us-gov:ssm:us-gov-west-1:111111111111:parameter".length,
            );
        });

        it("checks KMS key ids with SSM's pattern", () => {
            for (const ok of [
                "alias/dashboards",
                "1234abcd-12ab-34cd-56ef-1234567890ab",
                "arn:aws:kms:us-east-2:1:key/x",
            ]) {
                assert.deepEqual(stringViolations(ok, AWS_LIMITS.ssm.keyId), [], ok);
            }
            for (const bad of ["alias/my.key", "alias/my key", "k".repeat(257)]) {
                assert.notDeepEqual(stringViolations(bad, AWS_LIMITS.ssm.keyId), [], bad);
            }
        });
    });

    describe("eventbridge", () => {
        it("accepts a 300-emoji description (300 characters for AWS)", () => {
            assert.equal(eventBridgeRefusal({ eventRuleDescription: "😀".repeat(300) }), "");
        });

        it("warns about a description over 512 bytes, which the AWS provider's own check counts", () => {
            const warningsFor = (description: string) =>
                resolveEventBridgeArgs("rule", { ...EVENTBRIDGE, eventRuleDescription: description }).warnings.map(
                    (w) => w.message,
                );
            assert.deepEqual(warningsFor("😀".repeat(300)), [
                "eventRuleDescription is within PutRule's 512 characters (has 300), but it is 1200 bytes in UTF-8, and the " +
                    "AWS provider checks at most 512 bytes before calling AWS, so pulumi preview may refuse it; use fewer " +
                    "multi-byte characters",
            ]);
            assert.deepEqual(warningsFor("😀".repeat(128)), []);
            assert.deepEqual(warningsFor("a".repeat(512)), []);
        });

        it("refuses tags AWS refuses, naming the tag, the rule and the service", () => {
            assert.equal(
                eventBridgeRefusal({ tags: { "R&D": "yes" } }),
                'eventbridge "rule": tags["R&D"] gives the log group a tag key that may only contain ' +
                    'letters, digits, spaces and _ . : / = + - @ (found "&") (CloudWatch Logs Tags key), got "R&D"',
            );
            assert.equal(
                eventBridgeRefusal({ tags: { "aws:owner": "me" } }),
                'eventbridge "rule": tags["aws:owner"] gives the log group and the event rule a tag key that ' +
                    'must not begin with "aws:" (reserved by AWS) (CloudWatch Logs Tags key; EventBridge Tag.Key), got "aws:owner"',
            );
            assert.match(
                eventBridgeRefusal({ tags: { owner: "ops;oncall" } }),
                /tags\["owner"\] gives the log group the tag "owner" a value that may only contain .* \(found ";"\) .*, got "ops;oncall"$/,
            );
            assert.match(eventBridgeRefusal({ tags: { note: "a\nb" } }), /found "\\n"/);
            assert.match(
                eventBridgeRefusal({ tags: { "": "x" } }),
                /tags\[""\] gives the log group and the event rule a tag key that must not be empty .*, got ""$/,
            );
        });

        it("refuses more than 50 tags per resource, counting the generated ones", () => {
            const tags = Object.fromEntries(Array.from({ length: 47 }, (_, i) => [`k${i}`, "v"]));
            assert.equal(eventBridgeRefusal({ tags }), ""); // 47 + Name, Namespace, Stage = 50
            assert.equal(
                eventBridgeRefusal({ tags, stage: "prod", environment: "ue2" }),
                'eventbridge "rule": tags gives the log group and the event rule 51 tags (4 generated from the labels), ' +
                    "but AWS allows at most 50 per resource (AWS tagging limits)",
            );
        });

        it("blames a generated tag that breaks a limit on the label input that made it", () => {
            assert.match(
                eventBridgeRefusal({ name: "n".repeat(257) }),
                /^eventbridge "rule": idLengthLimit gives the log group and the event rule the tag "Name" a value that must have at most 256 characters, has 265 .*, got "eg-prod-n+\.\.\.$/,
            );
            assert.match(
                eventBridgeRefusal({ stage: "s".repeat(300), idLengthLimit: 64 }),
                /^eventbridge "rule": stage gives the log group and the event rule the tag "Stage" a value that must have at most 256 characters, has 300 .*, got "s+\.\.\.$/,
            );
            assert.match(
                eventBridgeRefusal({ attributes: ["a".repeat(150), "b".repeat(150)], idLengthLimit: 64 }),
                /^eventbridge "rule": attributes gives the log group and the event rule the tag "Attributes" a value that .*has 301/,
            );
            // The attributes are joined with the delimiter: a bad character of the delimiter is the delimiter's.
            assert.match(
                eventBridgeRefusal({ labelOrder: ["name"], attributes: ["a", "b"], delimiter: "&" }),
                /^eventbridge "rule": delimiter gives .* the tag "Attributes" a value that may only contain .*\(found "&"\).*, got "a&b"$/m,
            );
            assert.match(
                eventBridgeRefusal({ tags: { Stage: "s".repeat(300) } }),
                /^eventbridge "rule": tags\["Stage"\] gives the log group and the event rule the tag "Stage" a value that /,
            );
        });

        it("writes a logs policy document within PutResourcePolicy's 51,200 characters, even for the longest name", () => {
            const arn = `arn:aws-us-gov:logs:us-gov-west-1:111111111111:log-group:${"x".repeat(512)}`;
            const document = eventBridgeLogsPolicyDocument(arn);
            assert.deepEqual(stringViolations(document, AWS_LIMITS.logs.policyDocument), []);
            assert.ok(document.length < 1000);
        });

        // The AWS provider measures a pattern as its JSON in UTF-8 bytes (Go's len), U+2028 and U+2029
        // written as 6-byte escapes; {"source":["<x>"]} is 15 bytes around <x>.
        const bytes = (count: string, characters: string) =>
            `the pattern is ${count} bytes as JSON in UTF-8, as the AWS provider counts it (${characters} characters); it accepts at most 4,096 bytes`;
        // [what, pattern's one value, "" when accepted, else the reason]
        const patternRows: [string, string, string][] = [
            ["4,081 ASCII characters (4,096 bytes)", "a".repeat(4081), ""],
            [
                "4,082 ASCII characters (4,097 bytes)",
                "a".repeat(4082),
                "the pattern is 4,097 characters as JSON; the AWS provider accepts at most 4,096",
            ],
            ["2,040 two-byte letters (4,095 bytes)", "é".repeat(2040), ""],
            ["2,041 two-byte letters (4,097 bytes)", "é".repeat(2041), bytes("4,097", "2,056")],
            ["3,000 two-byte letters (6,015 bytes)", "ü".repeat(3000), bytes("6,015", "3,015")],
            ["1,020 emoji (4,095 bytes)", "😀".repeat(1020), ""],
            ["1,021 emoji (4,099 bytes)", "😀".repeat(1021), bytes("4,099", "1,036")],
            ["680 line separators (escaped by Go: 4,095 bytes)", "\u2028".repeat(680), ""],
            ["681 paragraph separators (escaped by Go: 4,101 bytes)", "\u2029".repeat(681), bytes("4,101", "696")],
        ];
        for (const [what, value, reason] of patternRows) {
            it(`${reason === "" ? "accepts" : "refuses"} a pattern of ${what}, as the AWS provider counts it`, () => {
                assert.equal(
                    eventBridgeRefusal({ eventRulePattern: { source: [value] } }),
                    reason === "" ? "" : `eventbridge "rule": eventRulePattern is not a valid event pattern: ${reason}`,
                );
            });
        }

        it("blames a character the id brings into the SSM name on the label input that let it through", () => {
            assert.equal(
                apiKeyRefusal({ delimiter: "&" }).split("\n")[0],
                'managed-dashboards/api-key "key": delimiter must not bring "&" into the SSM parameter name ' +
                    '"/dashboards/eg&prod&grafana/api_key", which may only contain a-z, A-Z, 0-9, "_", ".", "-" and "/", got "&"',
            );
            assert.equal(
                apiKeyRefusal({ name: "café", regexReplaceChars: "/[^a-zA-Z0-9é-]/", labelsAsTags: [] }),
                'managed-dashboards/api-key "key": regexReplaceChars must not bring "é" into the SSM parameter name ' +
                    '"/dashboards/eg-prod-café/api_key", which may only contain a-z, A-Z, 0-9, "_", ".", "-" and "/", ' +
                    'got "/[^a-zA-Z0-9é-]/"',
            );
            // A character of the format itself stays the format's.
            assert.match(
                apiKeyRefusal({ ssmPathFormatApiKey: "/x y/%s" }),
                /^managed-dashboards\/api-key "key": ssmPathFormatApiKey must give an SSM parameter name SSM accepts, got "\/x y\/%s": .*\(found " "\)$/,
            );
        });

        // The text registered is Terraform's jsonencode: <, > and & become 6-character escapes and numbers
        // are written in full, so it can outgrow the pattern as measured above; it is bounded too.
        const sent = (count: string) =>
            `the JSON sent to AWS (written as Terraform's jsonencode writes it: <, > and & escaped as \\u003c, ` +
            `\\u003e and \\u0026, numbers in full) is ${count} bytes; PutRule accepts at most 4,096`;
        const encodedRows: [string, unknown, string][] = [
            ["675 '&' (4,065 bytes once escaped)", { source: ["&".repeat(675)] }, ""],
            ["700 '&' (715 as JSON, 4,215 bytes once escaped)", { source: ["&".repeat(700)] }, sent("4,215")],
            ["'>' and '<' escaped too", { source: ["<>".repeat(350)] }, sent("4,215")],
            ["14 numbers of 1e300 (301 digits each)", { detail: { n: Array(14).fill(1e300) } }, sent("4,246")],
            ["13 numbers of 1e300", { detail: { n: Array(13).fill(1e300) } }, ""],
        ];
        for (const [what, pattern, reason] of encodedRows) {
            it(`${reason === "" ? "accepts" : "refuses"} a pattern of ${what}, by the text it registers`, () => {
                assert.equal(
                    eventBridgeRefusal({ eventRulePattern: pattern as EventBridgeArgs["eventRulePattern"] }),
                    reason === "" ? "" : `eventbridge "rule": eventRulePattern is not a valid event pattern: ${reason}`,
                );
            });
        }

        it("refuses a '#' delimiter in the name of a tagged log group (TagResource refuses it in the ARN)", () => {
            // One label: the rule name (limit 64) has no delimiter; the log group's id (limit 8) is
            // cut as "<start><delimiter><hash>". No generated tags, so no Name tag shows the "#".
            const hashed = {
                stage: null,
                namespace: null,
                name: "service-abc",
                delimiter: "#",
                idLengthLimit: 8,
                labelsAsTags: [],
            };
            assert.match(
                eventBridgeRefusal({ ...hashed, tags: { team: "ops" } }),
                /^eventbridge "rule": delimiter must not bring "#" into the log group name "se#[0-9a-f]{5}": the log group has tags, and CloudWatch Logs TagResource\.resourceArn takes its ARN, which may only contain letters, digits and _ \+ = \/ : , \. @ -, got "#"$/,
            );
            assert.equal(eventBridgeRefusal({ ...hashed, tags: {} }), "");
            assert.equal(eventBridgeRefusal({ ...hashed, delimiter: ".", tags: { team: "ops" } }), "");
        });

        it("refuses a log group name beginning with aws/", () => {
            // The log group keeps "/" (its own regex), the rule name does not.
            assert.equal(
                eventBridgeRefusal({ namespace: "aws/eg", stage: null, name: "ecs" }),
                'eventbridge "rule": namespace must not make the log group name begin with "aws/" ' +
                    '(reserved by AWS; CloudWatch Logs CreateLogGroup.logGroupName), got "aws/eg": the log group name is "aws/eg-ecs"',
            );
            assert.equal(eventBridgeRefusal({ namespace: "awsx/eg" }), "");
        });
    });

    describe("managed-dashboards/api-key", () => {
        it("refuses a KMS key id SSM refuses", () => {
            assert.equal(
                apiKeyRefusal({ kmsKeyId: "alias/my.key" }),
                'managed-dashboards/api-key "key": kmsKeyId must be a KMS key id, ARN or alias (SSM PutParameter.KeyId: ' +
                    'may only contain a-z, A-Z, 0-9, ":", "/", "_" and "-" (found ".")), got "alias/my.key"',
            );
            assert.match(apiKeyRefusal({ kmsKeyId: "alias/my key" }), /found " "/);
            assert.equal(apiKeyRefusal({ kmsKeyId: "alias/my-key" }), "");
        });

        it("counts the ARN within SSM's 1,011 characters, in the instance's partition and region", () => {
            const name = (length: number) => `/${"p".repeat(length - 1)}`;
            // "<prefix>/<id>", the id "eg-prod-grafana" (15 characters).
            assert.equal(apiKeyRefusal({ ssmPathFormatApiKey: name(967 - 16) + "/%s" }), "");
            assert.match(
                apiKeyRefusal({ ssmPathFormatApiKey: name(968 - 16) + "/%s" }),
                /must be at most 967 characters in us-east-2 \(1,011 with the ARN prefix "arn:aws:ssm:us-east-2:111111111111:parameter" before it\), has 968/,
            );
            assert.match(
                apiKeyRefusal({ region: "us-gov-west-1", ssmPathFormatApiKey: name(967 - 16) + "/%s" }),
                /must be at most 956 characters in us-gov-west-1/,
            );
        });

        // PutParameter.Name: a name in a hierarchy starts with "/"; a name without "/" is a top-level
        // parameter, whose ARN adds the "/" (one character fewer for the name).
        const ssmNameRows: [string, string, string][] = [
            ["a top-level name", "%s", ""],
            ["a top-level name with a prefix", "grafana-%s", ""],
            ["a rooted name", "/dashboards/%s", ""],
            ["levels without the leading /", "dashboards/%s", '" must start with "/"'],
            ["a top-level name under aws", "awskey-%s", '" must not begin with "aws" or "ssm"'],
            ["a top-level name at the limit", `${"p".repeat(966 - 15)}%s`, ""],
            [
                "a top-level name over the limit",
                `${"p".repeat(967 - 15)}%s`,
                "must be at most 966 characters in us-east-2",
            ],
        ];
        for (const [what, format, refusal] of ssmNameRows) {
            it(`${refusal === "" ? "accepts" : "refuses"} ${what} as the SSM parameter name`, () => {
                const message = apiKeyRefusal({ ssmPathFormatApiKey: format });
                if (refusal === "") assert.equal(message, "");
                else assert.ok(message.includes(refusal), message);
            });
        }

        it("refuses SSM tags AWS refuses", () => {
            assert.match(
                apiKeyRefusal({ tags: { "cost,center": "1" } }),
                /^managed-dashboards\/api-key "key": tags\["cost,center"\] gives the SSM parameter a tag key that .*\(SSM Tag\.Key\), got "cost,center"$/,
            );
        });
    });
});
