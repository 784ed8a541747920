/**
 * The examples and rules of the Amazon EventBridge user guide's event-pattern pages, as test
 * cases: "Creating event patterns" (eb-event-patterns / eb-create-pattern), "Comparison operators"
 * (eb-create-pattern-operators, formerly eb-event-patterns-content-based-filtering), "Arrays"
 * (eb-event-patterns-arrays), "Matching null values and empty strings", the best-practices page,
 * TestEventPattern and the quotas page. Where the guide is silent, Event Ruler (the engine behind
 * EventBridge) decides, and the case says so.
 */

import * as assert from "node:assert/strict";
import {
    EventPatternError,
    inspectEventPattern,
    matchesEventPattern,
    validateEventPattern,
    type EventPatternProblemCode,
} from "../../event-pattern";
import { formatRule, hasValue } from "../../util/problem";

type MatchCase = [description: string, pattern: object | string, event: object | string, expected: boolean];

function matchCases(title: string, cases: MatchCase[]): void {
    describe(title, () => {
        for (const [description, pattern, event, expected] of cases) {
            it(`${expected ? "matches" : "does not match"}: ${description}`, () =>
                assert.equal(matchesEventPattern(pattern, event), expected));
        }
    });
}

/** [description, pattern, JSON path of the refusal, its reason, its code, its value (`[]`: none)]. */
type InvalidCase = [
    description: string,
    pattern: unknown,
    path: string,
    reason: RegExp,
    code: EventPatternProblemCode,
    value: [] | [unknown],
];

function invalidCases(title: string, cases: InvalidCase[]): void {
    describe(title, () => {
        for (const [description, pattern, path, reason, code, value] of cases) {
            it(`refuses ${description}`, () =>
                assert.throws(
                    () => validateEventPattern(pattern),
                    (error: unknown) => {
                        assert.ok(
                            error instanceof EventPatternError,
                            `expected an EventPatternError, got ${String(error)}`,
                        );
                        assert.equal(error.path, path);
                        assert.match(error.reason, reason);
                        assert.equal(error.message, `${path}: ${error.reason}`);
                        assert.deepEqual(
                            error.details.map((d) => d.code),
                            [code],
                        );
                        assert.equal(error.code, code);
                        const [detail] = error.details;
                        assert.deepEqual(hasValue(detail) ? [detail.value] : [], value);
                        assert.equal(error.reason, formatRule(detail));
                        return true;
                    },
                ));
        }
    });
}

/** The reason for a number EventBridge cannot compare (outside ±5e9, or not finite). */
const OUT_OF_RANGE = (got: string): RegExp =>
    new RegExp(`^numbers compared by EventBridge must be between -5,000,000,000 and 5,000,000,000, got ${got}$`);

/** The reason for an operator object that anything-but does not take (`first` is its first key). */
const ANYTHING_BUT_OPERATOR = (first: string): RegExp =>
    new RegExp(
        `^anything-but takes one of prefix, suffix, equals-ignore-case, wildcard as operator object, got \\{"${first}":`,
    );

function validCases(title: string, cases: [string, unknown][]): void {
    describe(title, () => {
        for (const [description, pattern] of cases) {
            it(`accepts ${description}`, () => assert.doesNotThrow(() => validateEventPattern(pattern)));
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Sample events of the guide.

const ec2Event = {
    version: "0",
    id: "6a7e8feb-b491-4cf7-a9f1-bf3703467718",
    "detail-type": "EC2 Instance State-change Notification",
    source: "aws.ec2",
    account: "111122223333",
    time: "2017-12-22T18:43:48Z",
    region: "us-west-1",
    resources: ["arn:aws:ec2:us-west-1:123456789012:instance/i-1234567890abcdef0"],
    detail: { "instance-id": "i-1234567890abcdef0", state: "terminated" },
};

const autoscalingEvent = {
    version: "0",
    id: "3e3c153a-8339-4e30-8c35-687ebef853fe",
    "detail-type": "EC2 Instance Launch Successful",
    source: "aws.autoscaling",
    account: "123456789012",
    time: "2015-11-11T21:31:47Z",
    region: "us-east-1",
    resources: [],
    detail: { eventVersion: "", responseElements: null },
};

const macieEvent = {
    version: "0",
    id: "0948ba87-d3b8-c6d4-f2da-732a1example",
    "detail-type": "Macie Finding",
    source: "aws.macie",
    account: "123456789012",
    time: "2021-04-29T23:12:15Z",
    region: "us-east-1",
    resources: [],
    detail: {
        schemaVersion: "1.0",
        id: "64b917aa-3843-014c-91d8-937ffexample",
        accountId: "123456789012",
        partition: "aws",
        region: "us-east-1",
        type: "Policy:IAMUser/S3BucketEncryptionDisabled",
        title: "Encryption is disabled for the S3 bucket",
        severity: { score: 1, description: "Low" },
        createdAt: "2021-04-29T15:46:02Z",
        updatedAt: "2021-04-29T23:12:15Z",
        count: 2,
    },
};

const pendingEvent = {
    version: "0",
    id: "7bf73129-1428-4cd3-a780-95db273d1602",
    "detail-type": "EC2 Instance State-change Notification",
    source: "aws.ec2",
    account: "123456789012",
    time: "2015-11-11T21:29:54Z",
    region: "us-east-1",
    resources: ["arn:aws:ec2:us-east-1:123456789012:instance/i-abcd1111"],
    detail: { "instance-id": "i-abcd1111", state: "pending" },
};

const countEvent = {
    "detail-type": ["EC2 Instance State-change Notification"],
    resources: ["arn:aws:ec2:us-east-1:123456789012:instance/i-02ebd4584a2ebd341"],
    detail: { "c-count": { c1: 100 } },
};

const with_ = (detail: object): object => ({ source: "test", detail });

describe("EventBridge user guide", () => {
    // -------------------------------------------------------------------------------------------
    matchCases("creating event patterns: the EC2 termination pattern", [
        [
            "the guide's EC2 event",
            {
                source: ["aws.ec2"],
                "detail-type": ["EC2 Instance State-change Notification"],
                detail: { state: ["terminated"] },
            },
            ec2Event,
            true,
        ],
        [
            "the same event in another state",
            {
                source: ["aws.ec2"],
                "detail-type": ["EC2 Instance State-change Notification"],
                detail: { state: ["terminated"] },
            },
            { ...ec2Event, detail: { state: "running" } },
            false,
        ],
        [
            "an event without the detail field",
            { source: ["aws.ec2"], detail: { state: ["terminated"] } },
            { source: "aws.ec2" },
            false,
        ],
        [
            "the state at another nesting",
            { detail: { state: ["terminated"] } },
            { state: "terminated", detail: {} },
            false,
        ],
        ["the event as JSON text", { source: ["aws.ec2"] }, JSON.stringify(ec2Event), true],
        ["the pattern as JSON text", '{"detail": {"state": ["terminated"]}}', ec2Event, true],
        ["a case difference (exact matching, no case folding)", { source: ["AWS.EC2"] }, ec2Event, false],
        ["a trailing space (no string normalisation)", { source: ["aws.ec2 "] }, ec2Event, false],
        [
            "one of several sources (aws.ec2 or aws.fargate)",
            { source: ["aws.ec2", "aws.fargate"] },
            { source: "aws.fargate" },
            true,
        ],
        ["neither of several sources", { source: ["aws.ec2", "aws.fargate"] }, { source: "aws.lambda" }, false],
    ]);

    matchCases("creating event patterns: field names are joined with dots", [
        ["a dotted pattern key against a nested event", { "detail.state": ["terminated"] }, ec2Event, true],
        ["a nested pattern against a dotted event key", { detail: { state: ["x"] } }, { "detail.state": "x" }, true],
        ["a dotted pattern key against another value", { "detail.state": ["running"] }, ec2Event, false],
        [
            "the last of a dotted and a nested key wins",
            '{"detail": {"state": ["running"]}, "detail.state": ["terminated"]}',
            ec2Event,
            true,
        ],
    ]);

    matchCases("creating event patterns: JSON types are matched strictly", [
        [
            "responseElements null (field matching example)",
            {
                source: ["aws.autoscaling"],
                "detail-type": ["EC2 Instance Launch Successful"],
                detail: { responseElements: [null] },
            },
            autoscalingEvent,
            true,
        ],
        [
            "Macie severity score 1 and count 2",
            {
                source: ["aws.macie"],
                "detail-type": ["Macie Finding"],
                detail: { severity: { score: [1] }, count: [2] },
            },
            macieEvent,
            true,
        ],
        ["Macie count 3", { source: ["aws.macie"], detail: { count: [3] } }, macieEvent, false],
        ['the number 2 against the string "2"', { detail: { count: ["2"] } }, macieEvent, false],
        ['the string "2" against the number 2', { detail: { count: [2] } }, with_({ count: "2" }), false],
        ['true against the string "true"', { a: [true] }, { a: "true" }, false],
        ["true against true", { a: [true] }, { a: true }, true],
        ["false against false", { a: [false] }, { a: false }, true],
        ["false against 0", { a: [false] }, { a: 0 }, false],
        ['null against the string "null"', { a: [null] }, { a: "null" }, false],
        ["null against a missing field", { a: [null] }, {}, false],
    ]);

    // -------------------------------------------------------------------------------------------
    matchCases("matching null values and empty strings", [
        ["eventVersion empty string", { detail: { eventVersion: [""] } }, autoscalingEvent, true],
        ["responseElements null", { detail: { responseElements: [null] } }, autoscalingEvent, true],
        ["an empty-string pattern against null", { detail: { responseElements: [""] } }, autoscalingEvent, false],
        ["a null pattern against an empty string", { detail: { eventVersion: [null] } }, autoscalingEvent, false],
        ["an empty-string pattern against a missing field", { detail: { other: [""] } }, autoscalingEvent, false],
        ["LastName is empty", { LastName: [""] }, { LastName: "" }, true],
        ["LastName is not empty", { LastName: [""] }, { LastName: "Smith" }, false],
        ["UserID is null", { UserID: [null] }, { UserID: null }, true],
        ["UserID is a value", { UserID: [null] }, { UserID: "u-1" }, false],
        ["null inside an event array", { UserID: [null] }, { UserID: ["a", null] }, true],
    ]);

    // -------------------------------------------------------------------------------------------
    const resourcesPattern = {
        resources: [
            "arn:aws:ec2:us-east-1:123456789012:instance/i-b188560f",
            "arn:aws:ec2:us-east-1:111122223333:instance/i-b188560f",
            "arn:aws:ec2:us-east-1:444455556666:instance/i-b188560f",
        ],
    };
    matchCases("arrays", [
        [
            "the guide's resources: first pattern value is the second event value",
            resourcesPattern,
            {
                resources: [
                    "arn:aws:autoscaling:us-east-1:123456789012:autoScalingGroup:eb56d16b-bbf0-401d-b893-d5978ed4a025:autoScalingGroupName/ASGTerminate",
                    "arn:aws:ec2:us-east-1:123456789012:instance/i-b188560f",
                ],
            },
            true,
        ],
        [
            "an event array without a common value",
            resourcesPattern,
            { resources: ["arn:aws:ec2:us-east-1:999999999999:instance/i-b188560f"] },
            false,
        ],
        ["an empty event array", resourcesPattern, { resources: [] }, false],
        [
            "a single event value in the pattern array",
            resourcesPattern,
            { resources: "arn:aws:ec2:us-east-1:444455556666:instance/i-b188560f" },
            true,
        ],
        ["an array of numbers", { a: [3] }, { a: [1, 2, 3] }, true],
        ["prefix on any array element", { a: [{ prefix: "x" }] }, { a: ["ya", "xb"] }, true],
        ["numeric on any array element", { a: [{ numeric: [">", 10] }] }, { a: [1, 20] }, true],
        ["numeric on no array element", { a: [{ numeric: [">", 10] }] }, { a: [1, 2] }, false],
        [
            "a field inside an array of objects",
            { detail: { items: { id: ["b"] } } },
            with_({ items: [{ id: "a" }, { id: "b" }] }),
            true,
        ],
        [
            "two fields from different elements of one array of objects",
            { a: { x: ["1"], y: ["2"] } },
            {
                a: [
                    { x: "1", y: "0" },
                    { x: "0", y: "2" },
                ],
            },
            false,
        ],
        [
            "two fields from the same element of one array of objects",
            { a: { x: ["1"], y: ["2"] } },
            {
                a: [
                    { x: "0", y: "0" },
                    { x: "1", y: "2" },
                ],
            },
            true,
        ],
        ["an array of arrays", { a: ["z"] }, { a: [["x"], ["y", "z"]] }, true],
    ]);

    // -------------------------------------------------------------------------------------------
    matchCases("comparison operators: the summary table", [
        [
            "And: New York on Monday",
            { Location: ["New York"], Day: ["Monday"] },
            { Location: "New York", Day: "Monday" },
            true,
        ],
        [
            "And: New York on Tuesday",
            { Location: ["New York"], Day: ["Monday"] },
            { Location: "New York", Day: "Tuesday" },
            false,
        ],
        ["Or: Credit", { PaymentType: ["Credit", "Debit"] }, { PaymentType: "Credit" }, true],
        ["Or: Debit", { PaymentType: ["Credit", "Debit"] }, { PaymentType: "Debit" }, true],
        ["Or: Cash", { PaymentType: ["Credit", "Debit"] }, { PaymentType: "Cash" }, false],
        [
            "Or (multiple fields): Day only",
            { $or: [{ Location: ["New York"] }, { Day: ["Monday"] }] },
            { Location: "Paris", Day: "Monday" },
            true,
        ],
        [
            "Or (multiple fields): Location only",
            { $or: [{ Location: ["New York"] }, { Day: ["Monday"] }] },
            { Location: "New York" },
            true,
        ],
        [
            "Or (multiple fields): neither",
            { $or: [{ Location: ["New York"] }, { Day: ["Monday"] }] },
            { Location: "Paris", Day: "Sunday" },
            false,
        ],
        ["Equals: Alice", { Name: ["Alice"] }, { Name: "Alice" }, true],
        ["Equals: alice", { Name: ["Alice"] }, { Name: "alice" }, false],
        ["Equals (ignore case): ALICE", { Name: [{ "equals-ignore-case": "alice" }] }, { Name: "ALICE" }, true],
        ["Equals (ignore case): Alicia", { Name: [{ "equals-ignore-case": "alice" }] }, { Name: "Alicia" }, false],
        ["Not: Sunny", { Weather: [{ "anything-but": ["Raining"] }] }, { Weather: "Sunny" }, true],
        ["Not: Raining", { Weather: [{ "anything-but": ["Raining"] }] }, { Weather: "Raining" }, false],
        ["Numeric (equals): 100", { Price: [{ numeric: ["=", 100] }] }, { Price: 100 }, true],
        ["Numeric (equals): 100.0", { Price: [{ numeric: ["=", 100] }] }, '{"Price": 100.0}', true],
        ["Numeric (equals): 101", { Price: [{ numeric: ["=", 100] }] }, { Price: 101 }, false],
        ['Numeric (equals): the string "100"', { Price: [{ numeric: ["=", 100] }] }, { Price: "100" }, false],
        ["Numeric (range): 20", { Price: [{ numeric: [">", 10, "<=", 20] }] }, { Price: 20 }, true],
        ["Numeric (range): 10.5", { Price: [{ numeric: [">", 10, "<=", 20] }] }, { Price: 10.5 }, true],
        ["Numeric (range): 10", { Price: [{ numeric: [">", 10, "<=", 20] }] }, { Price: 10 }, false],
        ["Numeric (range): 20.000001", { Price: [{ numeric: [">", 10, "<=", 20] }] }, { Price: 20.000001 }, false],
        ["Exists: ProductName present", { ProductName: [{ exists: true }] }, { ProductName: "Widget" }, true],
        ["Exists: ProductName missing", { ProductName: [{ exists: true }] }, { Other: "Widget" }, false],
        ["Does not exist: ProductName missing", { ProductName: [{ exists: false }] }, { Other: "Widget" }, true],
        ["Does not exist: ProductName present", { ProductName: [{ exists: false }] }, { ProductName: "Widget" }, false],
        ["Begins with: us-east-1", { Region: [{ prefix: "us-" }] }, { Region: "us-east-1" }, true],
        ["Begins with: eu-west-1", { Region: [{ prefix: "us-" }] }, { Region: "eu-west-1" }, false],
        [
            "Begins with (ignore case): EventBridge",
            { service: [{ prefix: { "equals-ignore-case": "eventb" } }] },
            { service: "EventBridge" },
            true,
        ],
        [
            "Begins with (ignore case): lambda",
            { service: [{ prefix: { "equals-ignore-case": "eventb" } }] },
            { service: "lambda" },
            false,
        ],
        ["Ends with: photo.png", { FileName: [{ suffix: ".png" }] }, { FileName: "photo.png" }, true],
        ["Ends with: photo.PNG", { FileName: [{ suffix: ".png" }] }, { FileName: "photo.PNG" }, false],
        [
            "Ends with (ignore case): EVENTBRIDGE",
            { service: [{ suffix: { "equals-ignore-case": "tBridge" } }] },
            { service: "EVENTBRIDGE" },
            true,
        ],
        [
            "Ends with (ignore case): eventbus",
            { service: [{ suffix: { "equals-ignore-case": "tBridge" } }] },
            { service: "eventbus" },
            false,
        ],
        [
            "Anything-but (begins with): eu-west-1",
            { Region: [{ "anything-but": { prefix: "us-" } }] },
            { Region: "eu-west-1" },
            true,
        ],
        [
            "Anything-but (begins with): us-east-1",
            { Region: [{ "anything-but": { prefix: "us-" } }] },
            { Region: "us-east-1" },
            false,
        ],
        [
            "Anything-but (ends with): a.jpg",
            { FileName: [{ "anything-but": { suffix: ".png" } }] },
            { FileName: "a.jpg" },
            true,
        ],
        [
            "Anything-but (ends with): a.png",
            { FileName: [{ "anything-but": { suffix: ".png" } }] },
            { FileName: "a.png" },
            false,
        ],
        [
            "Anything-but (ignore case): INITIALIZING",
            { state: [{ "anything-but": { "equals-ignore-case": "initializing" } }] },
            { state: "INITIALIZING" },
            false,
        ],
        [
            "Anything-but (ignore case): running",
            { state: [{ "anything-but": { "equals-ignore-case": "initializing" } }] },
            { state: "running" },
            true,
        ],
        [
            "Anything-but using a wildcard: /usr/lib/x",
            { FilePath: [{ "anything-but": { wildcard: "*/lib/*" } }] },
            { FilePath: "/usr/lib/x" },
            false,
        ],
        [
            "Anything-but using a wildcard: /usr/bin/x",
            { FilePath: [{ "anything-but": { wildcard: "*/lib/*" } }] },
            { FilePath: "/usr/bin/x" },
            true,
        ],
        ["Wildcard: dir/a.png", { FileName: [{ wildcard: "dir/*.png" }] }, { FileName: "dir/a.png" }, true],
        [
            "Wildcard: dir/sub/a.png (the star crosses slashes)",
            { FileName: [{ wildcard: "dir/*.png" }] },
            { FileName: "dir/sub/a.png" },
            true,
        ],
        ["Wildcard: dir/a.jpg", { FileName: [{ wildcard: "dir/*.png" }] }, { FileName: "dir/a.jpg" }, false],
        [
            "Wildcard: other/dir/a.png",
            { FileName: [{ wildcard: "dir/*.png" }] },
            { FileName: "other/dir/a.png" },
            false,
        ],
    ]);

    // -------------------------------------------------------------------------------------------
    matchCases("prefix and suffix", [
        ["time starting with 2017-10-02", { time: [{ prefix: "2017-10-02" }] }, { time: "2017-10-02T18:43:48Z" }, true],
        ["time on another day", { time: [{ prefix: "2017-10-02" }] }, { time: "2017-10-03T18:43:48Z" }, false],
        ["a prefix equal to the whole value", { time: [{ prefix: "2017-10-02" }] }, { time: "2017-10-02" }, true],
        ["prefix against a number (strings only)", { n: [{ prefix: "12" }] }, { n: 123 }, false],
        ["an empty prefix against any string", { n: [{ prefix: "" }] }, { n: "" }, true],
        [
            "service prefix EventB ignoring case: eventbridge",
            { detail: { service: [{ prefix: { "equals-ignore-case": "EventB" } }] } },
            with_({ service: "eventbridge" }),
            true,
        ],
        [
            "service prefix EventB ignoring case: EVENTBUS",
            { detail: { service: [{ prefix: { "equals-ignore-case": "EventB" } }] } },
            with_({ service: "EVENTBUS" }),
            true,
        ],
        [
            "service prefix EventB ignoring case: Event",
            { detail: { service: [{ prefix: { "equals-ignore-case": "EventB" } }] } },
            with_({ service: "Event" }),
            false,
        ],
        ["FileName ending .png", { FileName: [{ suffix: ".png" }] }, { FileName: "image.png" }, true],
        ["FileName ending .png.bak", { FileName: [{ suffix: ".png" }] }, { FileName: "image.png.bak" }, false],
        [
            "suffix .png ignoring case: IMAGE.PNG",
            { detail: { FileName: [{ suffix: { "equals-ignore-case": ".png" } }] } },
            with_({ FileName: "IMAGE.PNG" }),
            true,
        ],
        [
            "suffix .png ignoring case: image.Png",
            { detail: { FileName: [{ suffix: { "equals-ignore-case": ".png" } }] } },
            with_({ FileName: "image.Png" }),
            true,
        ],
        [
            "suffix .png ignoring case: image.jpg",
            { detail: { FileName: [{ suffix: { "equals-ignore-case": ".png" } }] } },
            with_({ FileName: "image.jpg" }),
            false,
        ],
        ["suffix against a number", { n: [{ suffix: "3" }] }, { n: 123 }, false],
    ]);

    // -------------------------------------------------------------------------------------------
    matchCases("anything-but", [
        [
            "state is running (not initializing)",
            { detail: { state: [{ "anything-but": "initializing" }] } },
            with_({ state: "running" }),
            true,
        ],
        [
            "state is initializing",
            { detail: { state: [{ "anything-but": "initializing" }] } },
            with_({ state: "initializing" }),
            false,
        ],
        [
            "state is missing (anything-but needs the field)",
            { detail: { state: [{ "anything-but": "initializing" }] } },
            with_({}),
            false,
        ],
        ["state is null", { detail: { state: [{ "anything-but": "initializing" }] } }, with_({ state: null }), true],
        ["state is a number", { detail: { state: [{ "anything-but": "initializing" }] } }, with_({ state: 5 }), true],
        [
            "state is INITIALIZING (case matters)",
            { detail: { state: [{ "anything-but": "initializing" }] } },
            with_({ state: "INITIALIZING" }),
            true,
        ],
        [
            "x-limit 124 (not 123)",
            { detail: { "x-limit": [{ "anything-but": 123 }] } },
            with_({ "x-limit": 124 }),
            true,
        ],
        ["x-limit 123", { detail: { "x-limit": [{ "anything-but": 123 }] } }, with_({ "x-limit": 123 }), false],
        [
            'x-limit the string "123"',
            { detail: { "x-limit": [{ "anything-but": 123 }] } },
            with_({ "x-limit": "123" }),
            true,
        ],
        [
            "state not in the list",
            { detail: { state: [{ "anything-but": ["stopped", "overloaded"] }] } },
            with_({ state: "running" }),
            true,
        ],
        [
            "state stopped (in the list)",
            { detail: { state: [{ "anything-but": ["stopped", "overloaded"] }] } },
            with_({ state: "stopped" }),
            false,
        ],
        [
            "state overloaded (in the list)",
            { detail: { state: [{ "anything-but": ["stopped", "overloaded"] }] } },
            with_({ state: "overloaded" }),
            false,
        ],
        [
            "x-limit 150 (not 100, 200, 300)",
            { detail: { "x-limit": [{ "anything-but": [100, 200, 300] }] } },
            with_({ "x-limit": 150 }),
            true,
        ],
        [
            "x-limit 200",
            { detail: { "x-limit": [{ "anything-but": [100, 200, 300] }] } },
            with_({ "x-limit": 200 }),
            false,
        ],
        [
            "state without the prefix init",
            { detail: { state: [{ "anything-but": { prefix: "init" } }] } },
            with_({ state: "running" }),
            true,
        ],
        [
            "state with the prefix init",
            { detail: { state: [{ "anything-but": { prefix: "init" } }] } },
            with_({ state: "initializing" }),
            false,
        ],
        [
            "state with the prefix init, missing",
            { detail: { state: [{ "anything-but": { prefix: "init" } }] } },
            with_({}),
            false,
        ],
        [
            "a list of prefixes (Event Ruler): error-1",
            { detail: { state: [{ "anything-but": { prefix: ["init", "error"] } }] } },
            with_({ state: "error-1" }),
            false,
        ],
        [
            "a list of prefixes (Event Ruler): running",
            { detail: { state: [{ "anything-but": { prefix: ["init", "error"] } }] } },
            with_({ state: "running" }),
            true,
        ],
        [
            "anything-but suffix 1234: i-5678",
            { detail: { "instance-id": [{ "anything-but": { suffix: "1234" } }] } },
            with_({ "instance-id": "i-5678" }),
            true,
        ],
        [
            "anything-but suffix 1234: i-1234",
            { detail: { "instance-id": [{ "anything-but": { suffix: "1234" } }] } },
            with_({ "instance-id": "i-1234" }),
            false,
        ],
        [
            "anything-but equals-ignore-case list: Stopped",
            { detail: { state: [{ "anything-but": { "equals-ignore-case": ["Stopped", "OverLoaded"] } }] } },
            with_({ state: "STOPPED" }),
            false,
        ],
        [
            "anything-but equals-ignore-case list: overloaded",
            { detail: { state: [{ "anything-but": { "equals-ignore-case": ["Stopped", "OverLoaded"] } }] } },
            with_({ state: "overloaded" }),
            false,
        ],
        [
            "anything-but equals-ignore-case list: running",
            { detail: { state: [{ "anything-but": { "equals-ignore-case": ["Stopped", "OverLoaded"] } }] } },
            with_({ state: "running" }),
            true,
        ],
        [
            "anything-but wildcard list: /a/bin/x.class",
            { p: [{ "anything-but": { wildcard: ["*/bin/*.jar", "*/bin/*.class"] } }] },
            { p: "/a/bin/x.class" },
            false,
        ],
        [
            "anything-but wildcard list: /a/lib/x.class",
            { p: [{ "anything-but": { wildcard: ["*/bin/*.jar", "*/bin/*.class"] } }] },
            { p: "/a/lib/x.class" },
            true,
        ],
        [
            "an event array with one value not excluded",
            { state: [{ "anything-but": "stopped" }] },
            { state: ["stopped", "running"] },
            true,
        ],
        [
            "an event array with only excluded values",
            { state: [{ "anything-but": ["stopped", "overloaded"] }] },
            { state: ["stopped", "overloaded"] },
            false,
        ],
        ["an empty event array", { state: [{ "anything-but": "stopped" }] }, { state: [] }, false],
        ["anything-but prefix against a number", { n: [{ "anything-but": { prefix: "1" } }] }, { n: 123 }, true],
        [
            "anything-but against an object (no leaf value)",
            { state: [{ "anything-but": "x" }] },
            { state: { a: "y" } },
            false,
        ],
    ]);

    // -------------------------------------------------------------------------------------------
    const numericPattern = {
        detail: {
            "c-count": [{ numeric: [">", 0, "<=", 5] }],
            "d-count": [{ numeric: ["<", 10] }],
            "x-limit": [{ numeric: ["=", 3.018e2] }],
        },
    };
    matchCases("numeric", [
        [
            "c-count 5, d-count 9, x-limit 301.8",
            numericPattern,
            with_({ "c-count": 5, "d-count": 9, "x-limit": 301.8 }),
            true,
        ],
        [
            "x-limit written 3.018e2 in the event",
            numericPattern,
            '{"detail": {"c-count": 1, "d-count": -4, "x-limit": 3.018e2}}',
            true,
        ],
        [
            "x-limit written 301.80 in the event",
            numericPattern,
            '{"detail": {"c-count": 1, "d-count": -4, "x-limit": 301.80}}',
            true,
        ],
        [
            "c-count 0 (lower bound is exclusive)",
            numericPattern,
            with_({ "c-count": 0, "d-count": 9, "x-limit": 301.8 }),
            false,
        ],
        ["c-count 5.5", numericPattern, with_({ "c-count": 5.5, "d-count": 9, "x-limit": 301.8 }), false],
        [
            "d-count 10 (upper bound is exclusive)",
            numericPattern,
            with_({ "c-count": 1, "d-count": 10, "x-limit": 301.8 }),
            false,
        ],
        ["x-limit 301.9", numericPattern, with_({ "c-count": 1, "d-count": 9, "x-limit": 301.9 }), false],
        [
            'c-count the string "5" (numbers only)',
            numericPattern,
            with_({ "c-count": "5", "d-count": 9, "x-limit": 301.8 }),
            false,
        ],
        ["d-count missing", numericPattern, with_({ "c-count": 1, "x-limit": 301.8 }), false],
        ["the upper limit 5e9 itself", { n: [{ numeric: ["<=", 5e9] }] }, { n: 5000000000 }, true],
        ["the lower limit -5e9 itself", { n: [{ numeric: [">=", -5e9] }] }, { n: -5000000000 }, true],
        [
            "an event number above 5e9 (outside numeric matching)",
            { n: [{ numeric: [">", 0] }] },
            { n: 5000000001 },
            false,
        ],
        ["an event number below -5e9", { n: [{ numeric: ["<", 0] }] }, { n: -5000000001 }, false],
        ["six decimals", { n: [{ numeric: ["=", 0.000001] }] }, { n: 0.000001 }, true],
        ["six decimals in a range", { n: [{ numeric: [">", 1.000001, "<", 1.000003] }] }, { n: 1.000002 }, true],
        [
            "an event number with seven decimals, compared as a double",
            { n: [{ numeric: [">", 1] }] },
            { n: 1.0000001 },
            true,
        ],
        [
            "an event number that differs in the seventh decimal is not equal",
            { n: [{ numeric: ["=", 1] }] },
            { n: 1.0000009 },
            false,
        ],
        [
            "1.0000001 is not 1 (Event Ruler 1.7.4 on no longer truncates to six decimals)",
            { n: [{ numeric: ["=", 1] }] },
            { n: 1.0000001 },
            false,
        ],
        ["1.0000001 is not the exact value 1", { n: [1] }, { n: 1.0000001 }, false],
        ["pi within a range", { n: [{ numeric: [">", 3, "<", 4] }] }, { n: 3.14159265358979 }, true],
        [
            "a pattern number with seven decimals, compared as a double",
            { n: [{ numeric: ["=", 2.1234567] }] },
            { n: 2.123456 },
            false,
        ],
        [
            "anything-but a number with seven decimals, compared as a double",
            { n: [{ "anything-but": [2.1234567] }] },
            { n: 2.1234561 },
            true,
        ],
        ["a decimal stored inexactly (1.005)", { n: [{ numeric: ["=", 1.005] }] }, '{"n": 1.005000}', true],
        ["0.1 + 0.2 is not the double 0.3", { n: [{ numeric: ["=", 0.3] }] }, { n: 0.1 + 0.2 }, false],
        ["-0 equals 0", { n: [{ numeric: ["=", 0] }] }, '{"n": -0}', true],
        ["boolean true against numeric", { n: [{ numeric: [">", 0] }] }, { n: true }, false],
        ["null against numeric", { n: [{ numeric: [">", 0] }] }, { n: null }, false],
        [
            "an event array with one number in range",
            { n: [{ numeric: [">=", 10, "<", 20] }] },
            { n: [5, 15, 25] },
            true,
        ],
        [
            "the exact value 300 against 300.0 (compared as numbers, as Event Ruler does)",
            { n: [300] },
            '{"n": 300.0}',
            true,
        ],
        ["the exact value 300 against 3.0e2", { n: [300] }, '{"n": 3.0e2}', true],
        ["the exact value 300 against 301", { n: [300] }, { n: 301 }, false],
    ]);

    // -------------------------------------------------------------------------------------------
    matchCases("IP address (cidr)", [
        [
            "10.0.0.0/24: 10.0.0.1",
            { detail: { sourceIPAddress: [{ cidr: "10.0.0.0/24" }] } },
            with_({ sourceIPAddress: "10.0.0.1" }),
            true,
        ],
        [
            "10.0.0.0/24: 10.0.0.0",
            { detail: { sourceIPAddress: [{ cidr: "10.0.0.0/24" }] } },
            with_({ sourceIPAddress: "10.0.0.0" }),
            true,
        ],
        [
            "10.0.0.0/24: 10.0.0.255",
            { detail: { sourceIPAddress: [{ cidr: "10.0.0.0/24" }] } },
            with_({ sourceIPAddress: "10.0.0.255" }),
            true,
        ],
        [
            "10.0.0.0/24: 10.0.1.0",
            { detail: { sourceIPAddress: [{ cidr: "10.0.0.0/24" }] } },
            with_({ sourceIPAddress: "10.0.1.0" }),
            false,
        ],
        [
            "10.0.0.0/24: 11.0.0.1",
            { detail: { sourceIPAddress: [{ cidr: "10.0.0.0/24" }] } },
            with_({ sourceIPAddress: "11.0.0.1" }),
            false,
        ],
        [
            "10.0.0.0/24: not an address",
            { detail: { sourceIPAddress: [{ cidr: "10.0.0.0/24" }] } },
            with_({ sourceIPAddress: "10.0.0.x" }),
            false,
        ],
        [
            "10.0.0.0/24: a number",
            { detail: { sourceIPAddress: [{ cidr: "10.0.0.0/24" }] } },
            with_({ sourceIPAddress: 10 }),
            false,
        ],
        ["an IPv6 range: inside", { ip: [{ cidr: "2001:db8::/64" }] }, { ip: "2001:db8::1" }, true],
        ["an IPv6 range: inside, uppercase", { ip: [{ cidr: "2001:db8::/64" }] }, { ip: "2001:DB8:0:0:FFFF::1" }, true],
        ["an IPv6 range: outside", { ip: [{ cidr: "2001:db8::/64" }] }, { ip: "2001:db8:0:1::1" }, false],
        ["an IPv6 range against an IPv4 address", { ip: [{ cidr: "2001:db8::/64" }] }, { ip: "10.0.0.1" }, false],
        ["an IPv4 range against an IPv6 address", { ip: [{ cidr: "10.0.0.0/8" }] }, { ip: "2001:db8::1" }, false],
        [
            "/31: the two addresses (Event Ruler refuses /32)",
            { ip: [{ cidr: "192.168.1.0/31" }] },
            { ip: "192.168.1.1" },
            true,
        ],
        ["/31: the next address", { ip: [{ cidr: "192.168.1.0/31" }] }, { ip: "192.168.1.2" }, false],
        ["/0: any IPv4 address", { ip: [{ cidr: "0.0.0.0/0" }] }, { ip: "203.0.113.9" }, true],
    ]);

    // -------------------------------------------------------------------------------------------
    matchCases("exists", [
        ["detail.state present", { detail: { state: [{ exists: true }] } }, pendingEvent, true],
        [
            "detail.state absent (the guide's second event)",
            { detail: { state: [{ exists: true }] } },
            countEvent,
            false,
        ],
        ["detail.state absent, exists false", { detail: { state: [{ exists: false }] } }, countEvent, true],
        ["detail.state present, exists false", { detail: { state: [{ exists: false }] } }, pendingEvent, false],
        ["exists true on an object (not a leaf)", { detail: { "c-count": [{ exists: true }] } }, countEvent, false],
        ["exists false on an object (not a leaf)", { detail: { "c-count": [{ exists: false }] } }, countEvent, true],
        [
            "exists true on a leaf below an object",
            { detail: { "c-count": { c1: [{ exists: true }] } } },
            countEvent,
            true,
        ],
        ["exists true on null", { a: [{ exists: true }] }, { a: null }, true],
        ["exists false on null", { a: [{ exists: false }] }, { a: null }, false],
        ["exists true on an empty string", { a: [{ exists: true }] }, { a: "" }, true],
        ["exists true on an array of values", { a: [{ exists: true }] }, { a: ["x"] }, true],
        ["exists true on an empty array", { a: [{ exists: true }] }, { a: [] }, false],
        ["exists false on an empty array", { a: [{ exists: false }] }, { a: [] }, true],
        ["exists true on an empty object", { a: [{ exists: true }] }, { a: {} }, false],
        ["exists false when the parent is missing", { detail: { state: [{ exists: false }] } }, { source: "x" }, true],
        [
            "exists false with another field required",
            { source: ["aws.ec2"], detail: { state: [{ exists: false }] } },
            { source: "aws.ec2", detail: {} },
            true,
        ],
        [
            "exists false with another field not matching",
            { source: ["aws.ec2"], detail: { state: [{ exists: false }] } },
            { source: "aws.s3", detail: {} },
            false,
        ],
    ]);

    // -------------------------------------------------------------------------------------------
    matchCases("equals-ignore-case", [
        [
            "the guide's detail-type example (an array in the event)",
            { "detail-type": [{ "equals-ignore-case": "ec2 instance state-change notification" }] },
            countEvent,
            true,
        ],
        [
            "detail-type as a plain string",
            { "detail-type": [{ "equals-ignore-case": "ec2 instance state-change notification" }] },
            ec2Event,
            true,
        ],
        [
            "a different detail-type",
            { "detail-type": [{ "equals-ignore-case": "ec2 instance state-change notification" }] },
            autoscalingEvent,
            false,
        ],
        ["a longer value", { a: [{ "equals-ignore-case": "abc" }] }, { a: "abcd" }, false],
        ["a number", { a: [{ "equals-ignore-case": "1" }] }, { a: 1 }, false],
        ["non-ASCII letters: ÉTÉ against été", { a: [{ "equals-ignore-case": "été" }] }, { a: "ÉTÉ" }, true],
        ["Greek: ΣΟΦΊΑ against σοφία", { a: [{ "equals-ignore-case": "σοφία" }] }, { a: "ΣΟΦΊΑ" }, true],
        ["Cyrillic: ПРИВЕТ against привет", { a: [{ "equals-ignore-case": "привет" }] }, { a: "ПРИВЕТ" }, true],
        ["an empty value against empty", { a: [{ "equals-ignore-case": "" }] }, { a: "" }, true],
    ]);

    // -------------------------------------------------------------------------------------------
    matchCases("wildcard", [
        [
            "an event bus ARN in any account",
            { EventBusArn: [{ wildcard: "arn:aws:events:us-east-1:*:event-bus/*" }] },
            { EventBusArn: "arn:aws:events:us-east-1:123456789012:event-bus/default" },
            true,
        ],
        [
            "an event bus ARN in another region",
            { EventBusArn: [{ wildcard: "arn:aws:events:us-east-1:*:event-bus/*" }] },
            { EventBusArn: "arn:aws:events:us-west-2:123456789012:event-bus/default" },
            false,
        ],
        ["*.png against a.png", { f: [{ wildcard: "*.png" }] }, { f: "a.png" }, true],
        ["*.png against .png (the star matches nothing)", { f: [{ wildcard: "*.png" }] }, { f: ".png" }, true],
        ["*.png against a.png.txt", { f: [{ wildcard: "*.png" }] }, { f: "a.png.txt" }, false],
        ["*Title* in the middle", { f: [{ wildcard: "*Title*" }] }, { f: "The Title Page" }, true],
        ["*Title* absent", { f: [{ wildcard: "*Title*" }] }, { f: "The title page" }, false],
        ["a lone star against any string", { f: [{ wildcard: "*" }] }, { f: "" }, true],
        ["a lone star against a number", { f: [{ wildcard: "*" }] }, { f: 5 }, false],
        ["a lone star against null", { f: [{ wildcard: "*" }] }, { f: null }, false],
        ["no star: exact", { f: [{ wildcard: "abc" }] }, { f: "abc" }, true],
        ["no star: not a prefix", { f: [{ wildcard: "abc" }] }, { f: "abcd" }, false],
        ["an escaped star is literal: a*b", { f: [{ wildcard: "a\\*b" }] }, { f: "a*b" }, true],
        ["an escaped star is literal: axb", { f: [{ wildcard: "a\\*b" }] }, { f: "axb" }, false],
        ["an escaped backslash is literal", { f: [{ wildcard: "a\\\\b" }] }, { f: "a\\b" }, true],
        ["an escaped backslash then a star", { f: [{ wildcard: "a\\\\*" }] }, { f: "a\\xyz" }, true],
        ["several stars", { f: [{ wildcard: "a*b*c" }] }, { f: "aXbYc" }, true],
        ["several stars, wrong order", { f: [{ wildcard: "a*b*c" }] }, { f: "aXcYb" }, false],
        ["wildcard on an event array", { f: [{ wildcard: "*.png" }] }, { f: ["a.jpg", "b.png"] }, true],
    ]);

    // -------------------------------------------------------------------------------------------
    matchCases("complex patterns and duplicate keys", [
        [
            "the combined anything-but and numeric example",
            {
                time: [{ prefix: "2017-10-02" }],
                detail: {
                    state: [{ "anything-but": "initializing" }],
                    "c-count": [{ numeric: [">", 0, "<=", 5] }],
                    "d-count": [{ numeric: ["<", 10] }],
                    "x-limit": [{ "anything-but": [100, 200, 300] }],
                },
            },
            { time: "2017-10-02T01:00:00Z", detail: { state: "running", "c-count": 3, "d-count": 2, "x-limit": 150 } },
            true,
        ],
        [
            "the combined example with x-limit 300",
            {
                time: [{ prefix: "2017-10-02" }],
                detail: {
                    state: [{ "anything-but": "initializing" }],
                    "c-count": [{ numeric: [">", 0, "<=", 5] }],
                    "d-count": [{ numeric: ["<", 10] }],
                    "x-limit": [{ "anything-but": [100, 200, 300] }],
                },
            },
            { time: "2017-10-02T01:00:00Z", detail: { state: "running", "c-count": 3, "d-count": 2, "x-limit": 300 } },
            false,
        ],
        [
            "a key given twice: the last one wins (eu-west)",
            '{"detail": {"location": [{"prefix": "us-"}], "location": [{"anything-but": "us-east"}]}}',
            with_({ location: "eu-west" }),
            true,
        ],
        [
            "a key given twice: the last one wins (us-east)",
            '{"detail": {"location": [{"prefix": "us-"}], "location": [{"anything-but": "us-east"}]}}',
            with_({ location: "us-east" }),
            false,
        ],
        [
            "a key given twice: the last one wins (us-west)",
            '{"detail": {"location": [{"prefix": "us-"}], "location": [{"anything-but": "us-east"}]}}',
            with_({ location: "us-west" }),
            true,
        ],
        [
            "several operators for one field are ORed",
            { a: [{ prefix: "x" }, { suffix: "y" }, "exact"] },
            { a: "exact" },
            true,
        ],
        [
            "several operators for one field, none matching",
            { a: [{ prefix: "x" }, { suffix: "y" }, "exact"] },
            { a: "zzz" },
            false,
        ],
    ]);

    // -------------------------------------------------------------------------------------------
    const orPattern = {
        detail: {
            $or: [
                { "c-count": [{ numeric: [">", 0, "<=", 5] }] },
                { "d-count": [{ numeric: ["<", 10] }] },
                { "x-limit": [{ numeric: ["=", 3.018e2] }] },
            ],
        },
    };
    const nestedOr = {
        source: ["aws.cloudwatch"],
        $or: [
            { metricName: ["CPUUtilization", "ReadLatency"] },
            { metricType: ["MetricType"], $or: [{ metricId: [1234] }, { spaceId: [1000] }] },
        ],
    };
    matchCases("$or", [
        ["only c-count in range", orPattern, with_({ "c-count": 3, "d-count": 50 }), true],
        ["only d-count in range", orPattern, with_({ "d-count": 5 }), true],
        ["only x-limit equal", orPattern, with_({ "x-limit": 301.8 }), true],
        ["no alternative matching", orPattern, with_({ "c-count": 10, "d-count": 20, "x-limit": 1 }), false],
        ["none of the fields", orPattern, with_({}), false],
        [
            "with a field outside $or (CloudWatch): metricName",
            {
                source: ["aws.cloudwatch"],
                $or: [{ metricName: ["CPUUtilization", "ReadLatency"] }, { namespace: ["AWS/EC2", "AWS/ES"] }],
            },
            { source: "aws.cloudwatch", metricName: "ReadLatency" },
            true,
        ],
        [
            "with a field outside $or (CloudWatch): namespace",
            {
                source: ["aws.cloudwatch"],
                $or: [{ metricName: ["CPUUtilization", "ReadLatency"] }, { namespace: ["AWS/EC2", "AWS/ES"] }],
            },
            { source: "aws.cloudwatch", namespace: "AWS/ES" },
            true,
        ],
        [
            "with a field outside $or not matching",
            {
                source: ["aws.cloudwatch"],
                $or: [{ metricName: ["CPUUtilization", "ReadLatency"] }, { namespace: ["AWS/EC2", "AWS/ES"] }],
            },
            { source: "aws.ec2", metricName: "ReadLatency" },
            false,
        ],
        [
            "nested $or: the first alternative",
            nestedOr,
            { source: "aws.cloudwatch", metricName: "CPUUtilization" },
            true,
        ],
        [
            "nested $or: metricType and metricId",
            nestedOr,
            { source: "aws.cloudwatch", metricType: "MetricType", metricId: 1234 },
            true,
        ],
        [
            "nested $or: metricType and spaceId",
            nestedOr,
            { source: "aws.cloudwatch", metricType: "MetricType", spaceId: 1000 },
            true,
        ],
        ["nested $or: metricType alone", nestedOr, { source: "aws.cloudwatch", metricType: "MetricType" }, false],
        ["nested $or: metricId without metricType", nestedOr, { source: "aws.cloudwatch", metricId: 1234 }, false],
        ["$or with exists false", { $or: [{ a: [{ exists: false }] }, { b: ["x"] }] }, { a: 1, b: "y" }, false],
        ["$or with exists false, absent", { $or: [{ a: [{ exists: false }] }, { b: ["x"] }] }, { b: "y" }, true],
    ]);

    // -------------------------------------------------------------------------------------------
    const cloudTrailOr = {
        "detail-type": ["AWS API Call via CloudTrail"],
        $or: [
            { source: ["aws.sqs"], detail: { eventName: ["CreateQueue", "SetQueueAttributes"] } },
            { source: ["aws.kms"], detail: { eventName: ["CreateKey", "DisableKeyRotation"] } },
        ],
    };
    const cloudTrail = (source: string, eventName: string): object => ({
        "detail-type": "AWS API Call via CloudTrail",
        source,
        detail: { eventSource: `${source.slice(4)}.amazonaws.com`, eventName },
    });
    matchCases("best practices: $or instead of one list of every value (CloudTrail)", [
        ["SQS CreateQueue", cloudTrailOr, cloudTrail("aws.sqs", "CreateQueue"), true],
        ["SQS SetQueueAttributes", cloudTrailOr, cloudTrail("aws.sqs", "SetQueueAttributes"), true],
        ["KMS CreateKey", cloudTrailOr, cloudTrail("aws.kms", "CreateKey"), true],
        ["KMS DisableKeyRotation", cloudTrailOr, cloudTrail("aws.kms", "DisableKeyRotation"), true],
        [
            "KMS CreateQueue (values of the other alternative)",
            cloudTrailOr,
            cloudTrail("aws.kms", "CreateQueue"),
            false,
        ],
        ["SQS CreateKey", cloudTrailOr, cloudTrail("aws.sqs", "CreateKey"), false],
        ["SQS DeleteQueue", cloudTrailOr, cloudTrail("aws.sqs", "DeleteQueue"), false],
        [
            "another detail-type",
            cloudTrailOr,
            { ...cloudTrail("aws.sqs", "CreateQueue"), "detail-type": "Other" },
            false,
        ],
    ]);

    matchCases("best practices: precise patterns", [
        [
            "an S3 object created in the bucket",
            {
                source: ["aws.s3"],
                "detail-type": ["Object Created"],
                detail: { bucket: { name: ["amzn-s3-demo-bucket"] }, object: { key: [{ prefix: "uploads/" }] } },
            },
            {
                source: "aws.s3",
                "detail-type": "Object Created",
                detail: { bucket: { name: "amzn-s3-demo-bucket" }, object: { key: "uploads/a.csv", size: 5 } },
            },
            true,
        ],
        [
            "an S3 object created elsewhere in the bucket",
            {
                source: ["aws.s3"],
                "detail-type": ["Object Created"],
                detail: { bucket: { name: ["amzn-s3-demo-bucket"] }, object: { key: [{ prefix: "uploads/" }] } },
            },
            {
                source: "aws.s3",
                "detail-type": "Object Created",
                detail: { bucket: { name: "amzn-s3-demo-bucket" }, object: { key: "processed/a.csv" } },
            },
            false,
        ],
        [
            "an event of another source with the same detail",
            { source: ["aws.s3"], detail: { bucket: { name: ["amzn-s3-demo-bucket"] } } },
            { source: "custom.app", detail: { bucket: { name: "amzn-s3-demo-bucket" } } },
            false,
        ],
    ]);

    // -------------------------------------------------------------------------------------------
    validCases("accepted forms", [
        [
            "every documented operator",
            {
                a: [
                    "s",
                    1,
                    true,
                    false,
                    null,
                    "",
                    { prefix: "p" },
                    { prefix: { "equals-ignore-case": "p" } },
                    { suffix: "s" },
                    { suffix: { "equals-ignore-case": "s" } },
                    { "equals-ignore-case": "e" },
                    { wildcard: "w*" },
                    { "anything-but": "x" },
                    { "anything-but": 1 },
                    { "anything-but": ["x", "y"] },
                    { "anything-but": [1, 2] },
                    { "anything-but": { prefix: "p" } },
                    { "anything-but": { suffix: "s" } },
                    { "anything-but": { "equals-ignore-case": "e" } },
                    { "anything-but": { "equals-ignore-case": ["e", "f"] } },
                    { "anything-but": { wildcard: "*/lib/*" } },
                    { "anything-but": { wildcard: ["*/a", "*/b"] } },
                    { numeric: ["=", 1] },
                    { numeric: ["<", 1] },
                    { numeric: ["<=", 1] },
                    { numeric: [">", 1] },
                    { numeric: [">=", 1] },
                    { numeric: [">", 1, "<", 2] },
                    { exists: true },
                    { exists: false },
                    { cidr: "10.0.0.0/24" },
                    { cidr: "2001:db8::/32" },
                ],
            },
        ],
        ["numeric at the limits", { a: [{ numeric: [">=", -5e9, "<=", 5e9] }] }],
        ["numeric with six decimals", { a: [{ numeric: ["=", 0.000001] }, { numeric: [">", -1.123456] }] }],
        [
            "numeric with more than six decimals",
            { a: [{ numeric: ["=", 1.0000001] }, { "anything-but": [0.1234567] }] },
        ],
        [
            "$or with 1,000 combinations",
            {
                a: { $or: Array.from({ length: 10 }, (_, i) => ({ x: [String(i)] })) },
                b: { $or: Array.from({ length: 100 }, (_, i) => ({ y: [String(i)] })) },
            },
        ],
        ["a pattern as JSON text with whitespace", ' \n{ "source" : [ "aws.ec2" ] }\n '],
    ]);

    invalidCases("documented refusals", [
        [
            "a leaf that is a string, not an array",
            { source: "aws.ec2" },
            "$.source",
            /^leaf values must be a non-empty array, got "aws\.ec2"$/,
            "LEAF_NOT_ARRAY",
            ["aws.ec2"],
        ],
        [
            "a leaf that is a number",
            { detail: { count: 2 } },
            "$.detail.count",
            /^leaf values must be a non-empty array, got 2$/,
            "LEAF_NOT_ARRAY",
            [2],
        ],
        [
            "a leaf that is null",
            { a: null },
            "$.a",
            /^leaf values must be a non-empty array, got null$/,
            "LEAF_NOT_ARRAY",
            [null],
        ],
        [
            "a leaf that is true",
            { a: true },
            "$.a",
            /^leaf values must be a non-empty array, got true$/,
            "LEAF_NOT_ARRAY",
            [true],
        ],
        [
            "an empty leaf array",
            { source: [] },
            "$.source",
            /^leaf values must be a non-empty array, got \[\]$/,
            "EMPTY_ARRAY",
            [[]],
        ],
        ["an empty pattern", {}, "$", /^an event pattern must not be an empty object$/, "EMPTY_OBJECT", []],
        [
            "an empty nested object",
            { detail: {} },
            "$.detail",
            /^a pattern object must not be empty$/,
            "EMPTY_OBJECT",
            [],
        ],
        [
            "an array at the top level",
            [{ source: ["aws.ec2"] }],
            "$",
            /^an event pattern must be a JSON object, got \[\{"source"/,
            "PATTERN_NOT_OBJECT",
            [[{ source: ["aws.ec2"] }]],
        ],
        [
            "an array as JSON text",
            '[{"source": ["aws.ec2"]}]',
            "$",
            /^an event pattern must be a JSON object, got \[\{"source"/,
            "PATTERN_NOT_OBJECT",
            [[{ source: ["aws.ec2"] }]],
        ],
        ["a string at the top level", "aws.ec2", "$", /^the pattern is not valid JSON text \(/, "NOT_JSON", []],
        [
            "a JSON string at the top level",
            '"aws.ec2"',
            "$",
            /^an event pattern must be a JSON object, got "aws\.ec2"$/,
            "PATTERN_NOT_OBJECT",
            ["aws.ec2"],
        ],
        [
            "a number at the top level",
            5,
            "$",
            /^an event pattern must be a JSON object, got 5$/,
            "PATTERN_NOT_OBJECT",
            [5],
        ],
        [
            "null at the top level",
            null,
            "$",
            /^an event pattern must be a JSON object, got null$/,
            "PATTERN_NOT_OBJECT",
            [null],
        ],
        [
            "JSON null text",
            "null",
            "$",
            /^an event pattern must be a JSON object, got null$/,
            "PATTERN_NOT_OBJECT",
            [null],
        ],
        [
            "JSON text with trailing garbage",
            '{"source": ["aws.ec2"]} x',
            "$",
            /^the pattern is not valid JSON text \(.*\b24\b/,
            "NOT_JSON",
            [],
        ],
        [
            "JSON text with a second object",
            '{"a": ["b"]}{"c": ["d"]}',
            "$",
            /^the pattern is not valid JSON text \(.*\b12\b/,
            "NOT_JSON",
            [],
        ],
        [
            "JSON text with a trailing comma (the arrays page's sample as written)",
            '{"resources": ["a", "b",]}',
            "$",
            /^the pattern is not valid JSON text \(/,
            "NOT_JSON",
            [],
        ],
        [
            "an array nested in a leaf",
            { a: [["x"]] },
            "$.a[0]",
            /^a match value must be a string, number, boolean, null or operator object, got \["x"\]$/,
            "BAD_MATCH_VALUE",
            [["x"]],
        ],
        [
            "Event Ruler's exactly operator",
            { a: [{ exactly: "x" }] },
            "$.a[0].exactly",
            /^unknown operator "exactly"; expected one of prefix, suffix, equals-ignore-case, wildcard, anything-but, numeric, exists, cidr$/,
            "UNKNOWN_OPERATOR",
            [],
        ],
        [
            "an unknown operator (contains)",
            { a: [{ contains: "x" }] },
            "$.a[0].contains",
            /^unknown operator "contains"; expected one of /,
            "UNKNOWN_OPERATOR",
            [],
        ],
        [
            "a regex operator",
            { a: [{ regex: "x" }] },
            "$.a[0].regex",
            /^unknown operator "regex"; expected one of /,
            "UNKNOWN_OPERATOR",
            [],
        ],
        [
            "Event Ruler's date operators",
            { a: [{ "date-after": "2020-01-01" }] },
            "$.a[0].date-after",
            /^unknown operator "date-after"; expected one of /,
            "UNKNOWN_OPERATOR",
            [],
        ],
        [
            "two operators in one object",
            { a: [{ prefix: "x", suffix: "y" }] },
            "$.a[0]",
            /^an operator object must hold exactly one operator, got \{"prefix":"x","suffix":"y"\}$/,
            "NOT_ONE_OPERATOR",
            [{ prefix: "x", suffix: "y" }],
        ],
        [
            "an empty operator object",
            { a: [{}] },
            "$.a[0]",
            /^an operator object must hold exactly one operator, got \{\}$/,
            "NOT_ONE_OPERATOR",
            [{}],
        ],
        [
            "a numeric prefix",
            { a: [{ prefix: 1 }] },
            "$.a[0].prefix",
            /^the value of prefix must be a string, got 1$/,
            "NOT_A_STRING",
            [1],
        ],
        [
            "a prefix list",
            { a: [{ prefix: ["x"] }] },
            "$.a[0].prefix",
            /^the value of prefix must be a string, got \["x"\]$/,
            "NOT_A_STRING",
            [["x"]],
        ],
        [
            "a suffix with an unknown operator",
            { a: [{ suffix: { wildcard: "x" } }] },
            "$.a[0].suffix",
            /^suffix takes a string or \{"equals-ignore-case": "\.\.\."\}, got \{"wildcard":"x"\}$/,
            "NOT_STRING_OR_IGNORE_CASE",
            [{ wildcard: "x" }],
        ],
        [
            "a list for equals-ignore-case",
            { a: [{ "equals-ignore-case": ["x"] }] },
            "$.a[0].equals-ignore-case",
            /^the value of equals-ignore-case must be a string, got \["x"\]$/,
            "NOT_A_STRING",
            [["x"]],
        ],
        [
            "exists as a string",
            { a: [{ exists: "true" }] },
            "$.a[0].exists",
            /^exists must be true or false, got "true"$/,
            "NOT_A_BOOLEAN",
            ["true"],
        ],
        [
            "exists as a number",
            { a: [{ exists: 1 }] },
            "$.a[0].exists",
            /^exists must be true or false, got 1$/,
            "NOT_A_BOOLEAN",
            [1],
        ],
        [
            "a mixed anything-but list",
            { a: [{ "anything-but": ["x", 1] }] },
            "$.a[0].anything-but",
            /^anything-but list values must be all strings or all numbers, got \["x",1\]$/,
            "MIXED_ANYTHING_BUT",
            [["x", 1]],
        ],
        [
            "an empty anything-but list",
            { a: [{ "anything-but": [] }] },
            "$.a[0].anything-but",
            /^anything-but needs at least one value, got \[\]$/,
            "EMPTY_ARRAY",
            [[]],
        ],
        [
            "anything-but true",
            { a: [{ "anything-but": true }] },
            "$.a[0].anything-but",
            /^anything-but takes a string, a number, a list of either, or an operator object, got true$/,
            "BAD_ANYTHING_BUT",
            [true],
        ],
        [
            "anything-but null",
            { a: [{ "anything-but": null }] },
            "$.a[0].anything-but",
            /^anything-but takes a string, a number, a list of either, or an operator object, got null$/,
            "BAD_ANYTHING_BUT",
            [null],
        ],
        [
            "anything-but [null]",
            { a: [{ "anything-but": [null] }] },
            "$.a[0].anything-but[0]",
            /^anything-but list values must be strings or numbers, got null$/,
            "BAD_ANYTHING_BUT_ELEMENT",
            [null],
        ],
        [
            "anything-but exists",
            { a: [{ "anything-but": { exists: true } }] },
            "$.a[0].anything-but",
            ANYTHING_BUT_OPERATOR("exists"),
            "BAD_ANYTHING_BUT_OPERATOR",
            [{ exists: true }],
        ],
        [
            "anything-but numeric",
            { a: [{ "anything-but": { numeric: [">", 1] } }] },
            "$.a[0].anything-but",
            ANYTHING_BUT_OPERATOR("numeric"),
            "BAD_ANYTHING_BUT_OPERATOR",
            [{ numeric: [">", 1] }],
        ],
        [
            "anything-but cidr",
            { a: [{ "anything-but": { cidr: "10.0.0.0/8" } }] },
            "$.a[0].anything-but",
            ANYTHING_BUT_OPERATOR("cidr"),
            "BAD_ANYTHING_BUT_OPERATOR",
            [{ cidr: "10.0.0.0/8" }],
        ],
        [
            "anything-but nested anything-but",
            { a: [{ "anything-but": { "anything-but": "x" } }] },
            "$.a[0].anything-but",
            ANYTHING_BUT_OPERATOR("anything-but"),
            "BAD_ANYTHING_BUT_OPERATOR",
            [{ "anything-but": "x" }],
        ],
        [
            "anything-but with two operators",
            { a: [{ "anything-but": { prefix: "x", suffix: "y" } }] },
            "$.a[0].anything-but",
            ANYTHING_BUT_OPERATOR("prefix"),
            "BAD_ANYTHING_BUT_OPERATOR",
            [{ prefix: "x", suffix: "y" }],
        ],
        [
            "anything-but with an empty prefix",
            { a: [{ "anything-but": { prefix: "" } }] },
            "$.a[0].anything-but.prefix",
            /^an anything-but prefix must not be empty \(it would exclude every string\)$/,
            "EMPTY_ANYTHING_BUT_AFFIX",
            [],
        ],
        [
            "anything-but with an empty suffix",
            { a: [{ "anything-but": { suffix: "" } }] },
            "$.a[0].anything-but.suffix",
            /^an anything-but suffix must not be empty \(it would exclude every string\)$/,
            "EMPTY_ANYTHING_BUT_AFFIX",
            [],
        ],
        [
            "anything-but prefix with a number",
            { a: [{ "anything-but": { prefix: 1 } }] },
            "$.a[0].anything-but.prefix",
            /^anything-but prefix takes a string or a list of strings, got 1$/,
            "NOT_STRING_OR_STRING_LIST",
            [1],
        ],
        [
            "anything-but beyond the numeric limit",
            { a: [{ "anything-but": 5000000001 }] },
            "$.a[0].anything-but",
            OUT_OF_RANGE("5000000001"),
            "NUMBER_OUT_OF_RANGE",
            [5000000001],
        ],
        [
            "numeric above 5e9",
            { a: [{ numeric: [">", 5000000001] }] },
            "$.a[0].numeric[1]",
            OUT_OF_RANGE("5000000001"),
            "NUMBER_OUT_OF_RANGE",
            [5000000001],
        ],
        [
            "numeric below -5e9",
            { a: [{ numeric: ["<", -5000000001] }] },
            "$.a[0].numeric[1]",
            OUT_OF_RANGE("-5000000001"),
            "NUMBER_OUT_OF_RANGE",
            [-5000000001],
        ],
        [
            "numeric equal to 1e10",
            { a: [{ numeric: ["=", 1e10] }] },
            "$.a[0].numeric[1]",
            OUT_OF_RANGE("10000000000"),
            "NUMBER_OUT_OF_RANGE",
            [10000000000],
        ],
        [
            "numeric 1e400 (infinite) as JSON text",
            '{"a": [{"numeric": [">", 1e400]}]}',
            "$.a[0].numeric[1]",
            OUT_OF_RANGE("Infinity"),
            "NUMBER_OUT_OF_RANGE",
            [Infinity],
        ],
        [
            "numeric with a string value",
            { a: [{ numeric: ["=", "5"] }] },
            "$.a[0].numeric[1]",
            /^the value of "=" must be a number, got "5"$/,
            "NOT_A_NUMBER",
            ["5"],
        ],
        [
            "numeric with an unknown operator",
            { a: [{ numeric: ["!=", 5] }] },
            "$.a[0].numeric[0]",
            /^unknown numeric operator \(expected one of =, <, <=, >, >=\), got "!="$/,
            "BAD_NUMERIC_OPERATOR",
            ["!="],
        ],
        [
            "numeric with the upper bound first",
            { a: [{ numeric: ["<", 10, ">", 0] }] },
            "$.a[0].numeric[2]",
            /^in a two-sided range the lower bound \(">" or ">="\) comes first, got \["<",10,">",0\]$/,
            "RANGE_OPERATOR_ORDER",
            [["<", 10, ">", 0]],
        ],
        [
            "numeric with an empty range",
            { a: [{ numeric: [">", 5, "<", 5] }] },
            "$.a[0].numeric",
            /^the lower bound must be below the upper bound, got \[">",5,"<",5\]$/,
            "BAD_NUMERIC_RANGE",
            [[">", 5, "<", 5]],
        ],
        [
            "numeric with the bounds reversed",
            { a: [{ numeric: [">", 10, "<", 0] }] },
            "$.a[0].numeric",
            /^the lower bound must be below the upper bound, got \[">",10,"<",0\]$/,
            "BAD_NUMERIC_RANGE",
            [[">", 10, "<", 0]],
        ],
        [
            "numeric with two lower bounds",
            { a: [{ numeric: [">", 0, ">", 1] }] },
            "$.a[0].numeric[2]",
            /^the upper bound of a range takes "<" or "<=", got ">"$/,
            "RANGE_OPERATOR_ORDER",
            [">"],
        ],
        [
            "numeric with a missing value",
            { a: [{ numeric: [">"] }] },
            "$.a[0].numeric",
            /^">" needs a number after it, got \[">"\]$/,
            "NUMERIC_TOO_SHORT",
            [[">"]],
        ],
        [
            "an empty numeric",
            { a: [{ numeric: [] }] },
            "$.a[0].numeric",
            /^numeric needs a comparison operator at position 0, got \[\]$/,
            "NUMERIC_TOO_SHORT",
            [[]],
        ],
        [
            "numeric not an array",
            { a: [{ numeric: 5 }] },
            "$.a[0].numeric",
            /^numeric takes an array such as \[">", 0, "<=", 5\], got 5$/,
            "NUMERIC_NOT_ARRAY",
            [5],
        ],
        [
            "numeric = with a second clause",
            { a: [{ numeric: ["=", 5, "<", 6] }] },
            "$.a[0].numeric[2]",
            /^too many elements in numeric, got \["=",5,"<",6\]$/,
            "NUMERIC_TOO_LONG",
            [["=", 5, "<", 6]],
        ],
        [
            "a wildcard with consecutive stars",
            { a: [{ wildcard: "a**b" }] },
            "$.a[0].wildcard",
            /^consecutive wildcard characters at position 1, got "a\*\*b"$/,
            "CONSECUTIVE_WILDCARDS",
            ["a**b"],
        ],
        [
            "a wildcard of two stars only",
            { a: [{ wildcard: "**" }] },
            "$.a[0].wildcard",
            /^consecutive wildcard characters at position 0, got "\*\*"$/,
            "CONSECUTIVE_WILDCARDS",
            ["**"],
        ],
        [
            "a wildcard escaping another character",
            { a: [{ wildcard: "a\\b" }] },
            "$.a[0].wildcard",
            /^invalid escape at position 1, got "a\\\\b": only \\\* \(a literal star\) and \\\\ \(a literal backslash\) may follow a backslash$/,
            "BAD_WILDCARD_ESCAPE",
            ["a\\b"],
        ],
        [
            "a wildcard ending with a lone backslash",
            { a: [{ wildcard: "a\\" }] },
            "$.a[0].wildcard",
            /^invalid escape at position 1, got "a\\\\": only \\\* /,
            "BAD_WILDCARD_ESCAPE",
            ["a\\"],
        ],
        [
            "a wildcard that is a number",
            { a: [{ wildcard: 5 }] },
            "$.a[0].wildcard",
            /^the value of wildcard must be a string, got 5$/,
            "NOT_A_STRING",
            [5],
        ],
        [
            "anything-but wildcard with consecutive stars",
            { a: [{ "anything-but": { wildcard: "**" } }] },
            "$.a[0].anything-but.wildcard",
            /^consecutive wildcard characters at position 0, got "\*\*"$/,
            "CONSECUTIVE_WILDCARDS",
            ["**"],
        ],
        [
            "a cidr without a prefix length",
            { a: [{ cidr: "10.0.0.0" }] },
            "$.a[0].cidr",
            /^malformed CIDR block, got "10\.0\.0\.0": exactly one "\/" is required$/,
            "BAD_CIDR",
            ["10.0.0.0"],
        ],
        [
            "a cidr with a prefix length too long (IPv4)",
            { a: [{ cidr: "10.0.0.0/33" }] },
            "$.a[0].cidr",
            /^an IPv4 prefix length must be at most 31, got "10\.0\.0\.0\/33"/,
            "CIDR_PREFIX_TOO_LONG",
            ["10.0.0.0/33"],
        ],
        [
            "a cidr with a prefix length too long (IPv6)",
            { a: [{ cidr: "2001:db8::/129" }] },
            "$.a[0].cidr",
            /^an IPv6 prefix length must be at most 127, got "2001:db8::\/129"/,
            "CIDR_PREFIX_TOO_LONG",
            ["2001:db8::/129"],
        ],
        [
            "a cidr that is not an address",
            { a: [{ cidr: "foo/8" }] },
            "$.a[0].cidr",
            /^malformed CIDR block, got "foo\/8": "foo" is not an IPv4 or IPv6 address$/,
            "BAD_CIDR",
            ["foo/8"],
        ],
        [
            "a cidr that is a number",
            { a: [{ cidr: 10 }] },
            "$.a[0].cidr",
            /^the value of cidr must be a string, got 10$/,
            "NOT_A_STRING",
            [10],
        ],
        [
            "a /32 IPv4 cidr (Event Ruler: mask bits must be < 32; give the address itself)",
            { a: [{ cidr: "10.0.0.1/32" }] },
            "$.a[0].cidr",
            /^an IPv4 prefix length must be at most 31, got "10\.0\.0\.1\/32": to match one address, give the address itself as an exact value$/,
            "CIDR_PREFIX_TOO_LONG",
            ["10.0.0.1/32"],
        ],
        [
            "a /128 IPv6 cidr (Event Ruler: mask bits must be < 128)",
            { a: [{ cidr: "2001:db8::1/128" }] },
            "$.a[0].cidr",
            /^an IPv6 prefix length must be at most 127, got "2001:db8::1\/128": to match one address, give the address itself as an exact value$/,
            "CIDR_PREFIX_TOO_LONG",
            ["2001:db8::1/128"],
        ],
        [
            "$or that is not an array",
            { $or: { a: ["x"] } },
            "$.$or",
            /^\$or must be an array of at least two pattern objects, got \{"a":\["x"\]\}$/,
            "OR_NOT_ARRAY",
            [{ a: ["x"] }],
        ],
        [
            "$or with one alternative",
            { $or: [{ a: ["x"] }] },
            "$.$or",
            /^\$or must have at least two alternatives, got \[\{"a":\["x"\]\}\]$/,
            "TOO_FEW_ALTERNATIVES",
            [[{ a: ["x"] }]],
        ],
        [
            "$or with no alternative",
            { $or: [] },
            "$.$or",
            /^\$or must have at least two alternatives, got \[\]$/,
            "TOO_FEW_ALTERNATIVES",
            [[]],
        ],
        [
            "$or with a non-object alternative",
            { $or: [{ a: ["x"] }, "b"] },
            "$.$or[1]",
            /^each \$or alternative must be a pattern object, got "b"$/,
            "OR_ALTERNATIVE_NOT_OBJECT",
            ["b"],
        ],
        [
            "$or with an empty alternative",
            { $or: [{ a: ["x"] }, {}] },
            "$.$or[1]",
            /^a pattern object must not be empty$/,
            "EMPTY_OBJECT",
            [],
        ],
        [
            "$or over 1,000 combinations",
            {
                a: { $or: Array.from({ length: 11 }, (_, i) => ({ x: [String(i)] })) },
                b: { $or: Array.from({ length: 100 }, (_, i) => ({ y: [String(i)] })) },
            },
            "$",
            /^the \$or alternatives expand to 1,100 combinations; EventBridge accepts at most 1,000$/,
            "TOO_MANY_COMBINATIONS",
            [],
        ],
    ]);

    // -------------------------------------------------------------------------------------------
    describe("quotas: event pattern size", () => {
        it("warns above 2,048 characters (the default quota) and refuses above 4,096", () => {
            const big = { a: ["x".repeat(2100)] };
            assert.ok(inspectEventPattern(big).warnings.some((w) => w.includes("2,048")));
            assert.throws(
                () => inspectEventPattern({ a: ["x".repeat(4100)] }),
                (error: unknown) =>
                    error instanceof EventPatternError &&
                    error.message ===
                        "$: the pattern is 4,110 characters as JSON; the AWS provider accepts at most 4,096" &&
                    error.code === "PATTERN_TOO_LARGE",
            );
            assert.deepEqual(inspectEventPattern({ a: ["x"] }).warnings, []);
        });
    });
});

// ---------------------------------------------------------------------------------------------
describe("robustness", () => {
    it("numbers like 1e400 in an event do not match numeric and do not throw", () => {
        assert.equal(matchesEventPattern({ a: [{ numeric: [">", 0] }] }, '{"a": 1e400}'), false);
        assert.equal(matchesEventPattern({ a: [{ "anything-but": 1 }] }, '{"a": -1e400}'), true);
    });

    it("a deeply nested pattern object is refused, never a RangeError", () => {
        let deep: unknown = ["x"];
        for (let i = 0; i < 20000; i++) {
            deep = { a: deep };
        }
        assert.throws(
            () => validateEventPattern(deep),
            (error: unknown) =>
                error instanceof EventPatternError &&
                error.message === "$: the pattern is nested too deeply" &&
                error.code === "PATTERN_TOO_DEEP",
        );
    });

    it("a deeply nested pattern is refused or accepted, never a RangeError", () => {
        let text = '["x"]';
        for (let i = 0; i < 20000; i++) {
            text = `{"a": ${text}}`;
        }
        try {
            validateEventPattern(text);
        } catch (error) {
            assert.ok(error instanceof EventPatternError, String(error));
        }
    });

    it("matching never throws on JSON events of any shape", () => {
        const patterns: object[] = [
            { a: ["x"] },
            { a: [{ exists: false }] },
            { a: { b: [{ "anything-but": "x" }] } },
            { a: [{ numeric: [">", 0] }] },
            { a: [{ cidr: "10.0.0.0/8" }] },
            { $or: [{ a: [null] }, { a: { b: [1] } }] },
            { a: [{ wildcard: "*" }] },
        ];
        const events = [
            {},
            { a: null },
            { a: [] },
            { a: {} },
            { a: [[], [[]], {}] },
            { a: [{ b: null }, { b: [1, { c: 2 }] }] },
            { a: '\u0000"\\' },
            { a: "\ud800" },
            { a: 1e308 },
            { a: -0 },
            { a: { "": { "": [] } } },
            { "": "x", "a.b": 1 },
        ];
        for (const pattern of patterns) {
            for (const event of events) {
                assert.equal(typeof matchesEventPattern(pattern, event), "boolean");
            }
        }
    });

    it("an event that is not a JSON object is a TypeError, not a match", () => {
        for (const event of ["[]", "1", "null", '"x"', "{", '{"a": 1} x']) {
            assert.throws(() => matchesEventPattern({ a: ["x"] }, event), TypeError);
        }
    });

    it("equals-ignore-case folds case as Java's root locale does, per character", () => {
        assert.equal(matchesEventPattern({ a: [{ "equals-ignore-case": "straße" }] }, { a: "STRASSE" }), true);
        assert.equal(matchesEventPattern({ a: [{ "equals-ignore-case": "STRASSE" }] }, { a: "straße" }), false);
        assert.equal(matchesEventPattern({ a: [{ "equals-ignore-case": "k" }] }, { a: "\u212a" }), false);
    });
});
