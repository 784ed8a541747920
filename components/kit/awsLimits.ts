/**
 * What the AWS APIs accept, per service and request member (from the AWS API models and tagging rules), and the checks
 * of the values this package sends: the rules components share (tags, CloudWatch Logs, SSM). A component declares
 * its own services' limits in its folder (`limits.ts`, {@link AwsLimitTable}s). Pure: no Pulumi import.
 */
import { describeValue } from "../../util/describeValue";
import { formatPath, problem, userKey, type Problem, type ProblemPath } from "../../util/problem";

/** The constraints of one string member of an AWS request. */
export interface StringLimit {
    /** Where AWS states it: `<service> <Operation>.<Member>`. */
    readonly source: string;
    /** Fewest characters (code points). */
    readonly min?: number;
    /** Most characters (code points). */
    readonly max?: number;
    /** The whole value must match (anchored). */
    readonly pattern?: RegExp;
    /** The pattern as a reader sees it in messages. */
    readonly patternText?: string;
    /** Prefixes the value must not start with (lower case; compared case-insensitively when `prefixIgnoreCase`). */
    readonly forbiddenPrefixes?: readonly string[];
    readonly prefixIgnoreCase?: boolean;
}

/** Characters Logs and SSM accept in tag keys and values: letters, separators, digits and `_.:/=+-@`. */
const TAG_CHARACTERS = /^[\p{L}\p{Z}\p{N}_.:/=+\-@]*$/u;
const TAG_CHARACTERS_TEXT = "letters, digits, spaces and _ . : / = + - @";

/** A service's limits, by request member (`ruleName`, `tagKey`). */
export type AwsLimitTable = Readonly<Record<string, StringLimit>>;

/** The tag limits of one service: a tag key and a tag value, each as the service checks it. */
export interface TagLimits {
    readonly tagKey: StringLimit;
    readonly tagValue: StringLimit;
}

/** A tag key as every AWS service checks it (1 to 128 characters, no `aws:` prefix in any case). */
export function tagKeyLimit<const S extends string>(source: S) {
    return {
        source,
        min: 1,
        max: 128,
        pattern: TAG_CHARACTERS,
        patternText: TAG_CHARACTERS_TEXT,
        forbiddenPrefixes: ["aws:"],
        prefixIgnoreCase: true,
    } as const;
}

/** The shared table: the string members of the services every component may use, by service. */
export const AWS_LIMITS = {
    logs: {
        logGroupName: {
            source: "CloudWatch Logs CreateLogGroup.logGroupName",
            min: 1,
            max: 512,
            pattern: /^[.\-_/#A-Za-z0-9]+$/u,
            patternText: "[.\\-_/#A-Za-z0-9]+",
            // CreateLogGroup's documentation: "Log group names can't start with the string aws/".
            forbiddenPrefixes: ["aws/"],
        },
        /**
         * The log group's ARN, as `TagResource` (and so every later tag change) takes it: `#`,
         * allowed in log group names, is not allowed here.
         */
        resourceArn: {
            source: "CloudWatch Logs TagResource.resourceArn",
            min: 1,
            max: 1011,
            pattern: /^[\w+=/:,.@-]*$/u,
            patternText: "letters, digits and _ + = / : , . @ -",
        },
        policyName: { source: "CloudWatch Logs PutResourcePolicy.policyName", min: 1 },
        policyDocument: { source: "CloudWatch Logs PutResourcePolicy.policyDocument", min: 1, max: 51200 },
        tagKey: tagKeyLimit("CloudWatch Logs Tags key"),
        tagValue: {
            source: "CloudWatch Logs Tags value",
            max: 256,
            pattern: TAG_CHARACTERS,
            patternText: TAG_CHARACTERS_TEXT,
        },
    },
    ssm: {
        /** 2,048 in the model, of which 1,037 are reserved: 1,011 with the ARN before the name (see {@link ssmNameLimit}). */
        parameterName: { source: "SSM PutParameter.Name", min: 1, max: 2048 },
        description: { source: "SSM PutParameter.Description", max: 1024 },
        keyId: {
            source: "SSM PutParameter.KeyId",
            min: 1,
            max: 256,
            pattern: /^[a-zA-Z0-9:/_-]+$/u,
            patternText: 'a-z, A-Z, 0-9, ":", "/", "_" and "-"',
        },
        tagKey: tagKeyLimit("SSM Tag.Key"),
        tagValue: { source: "SSM Tag.Value", max: 256, pattern: TAG_CHARACTERS, patternText: TAG_CHARACTERS_TEXT },
    },
} as const satisfies Record<string, Record<string, StringLimit>>;

/** Most tags on one resource (CloudWatch Logs' `Tags` map; AWS's limit for every taggable resource). */
export const MAX_TAGS_PER_RESOURCE = 50;

/** Most characters of an SSM parameter name counted with the ARN before it. */
export const SSM_NAME_WITH_ARN_MAX = 1011;

/**
 * The account id assumed when counting an SSM ARN: account ids are always 12 digits, so the
 * length does not depend on which account.
 */
export const ACCOUNT_ID_LENGTH = 12;

/** Length as AWS counts it: Unicode code points. */
export function codePointLength(text: string): number {
    let count = 0;
    for (const _ of text) count++;
    return count;
}

/** The AWS partition of a region (`aws`, `aws-cn`, `aws-us-gov`, `aws-iso`, ...). */
export function partitionOf(region: string): string {
    if (region.startsWith("cn-")) return "aws-cn";
    if (region.startsWith("us-gov-")) return "aws-us-gov";
    if (region.startsWith("us-isob-")) return "aws-iso-b";
    if (region.startsWith("us-isof-")) return "aws-iso-f";
    if (region.startsWith("eu-isoe-")) return "aws-iso-e";
    if (region.startsWith("us-iso-")) return "aws-iso";
    if (region.startsWith("eusc-")) return "aws-eusc";
    return "aws";
}

/**
 * The part of a parameter's ARN that SSM counts before its name (`arn:aws:ssm:us-east-2:111122223333:parameter`,
 * 44 characters in us-east-2; the name itself starts with `/`).
 */
export function ssmArnPrefix(region: string): string {
    return `arn:${partitionOf(region)}:ssm:${region}:${"1".repeat(ACCOUNT_ID_LENGTH)}:parameter`;
}

/** The ARN of a log group, as `TagResource` takes it (no `:*`), for a 12-digit account id. */
export function logGroupArn(region: string, logGroupName: string): string {
    return `arn:${partitionOf(region)}:logs:${region}:${"1".repeat(ACCOUNT_ID_LENGTH)}:log-group:${logGroupName}`;
}

/** The longest parameter name (starting with `/`) SSM accepts in `region`. */
export function ssmNameLimit(region: string): number {
    return SSM_NAME_WITH_ARN_MAX - ssmArnPrefix(region).length;
}

/** The rules `value` breaks, as phrases ("has 600 characters, at most 512"); empty when it is valid. */
export function stringViolations(value: string, limit: StringLimit): string[] {
    const broken: string[] = [];
    const length = codePointLength(value);
    if (limit.min !== undefined && length < limit.min) {
        broken.push(
            limit.min === 1 ? "must not be empty" : `must have at least ${limit.min} characters, has ${length}`,
        );
    }
    if (limit.max !== undefined && length > limit.max) {
        broken.push(`must have at most ${limit.max} characters, has ${length}`);
    }
    if (limit.pattern !== undefined && length > 0 && !limit.pattern.test(value)) {
        const bad = badCharacters(value, limit.pattern);
        broken.push(
            `may only contain ${limit.patternText}` +
                (bad.length > 0 ? ` (found ${bad.map(showChar).join(", ")})` : ""),
        );
    }
    for (const prefix of limit.forbiddenPrefixes ?? []) {
        const head = value.slice(0, prefix.length);
        if (limit.prefixIgnoreCase ? head.toLowerCase() === prefix : head === prefix) {
            broken.push(`must not begin with "${prefix}" (reserved by AWS)`);
        }
    }
    return broken;
}

function showChar(character: string): string {
    return describeValue(character);
}

/** The distinct characters of `value` that the (whole-string) pattern does not allow, when it is a character class. */
function badCharacters(value: string, pattern: RegExp): string[] {
    const source = pattern.source;
    const match = /^\^(\[.*\])[*+]\$$/u.exec(source);
    if (!match) return [];
    const one = new RegExp(`^${match[1]}$`, "u");
    return [...new Set([...value].filter((c) => !one.test(c)))];
}

/**
 * Checks a value sent to AWS; records a problem (code `AWS_LIMIT`) against `field`, with the value
 * and the rules it breaks (nothing when valid).
 */
/** Where a label's tags came from, to blame the input that made a bad tag. */
export interface TagOrigin {
    /** The tags given by the user (`tags`, merged with `context.tags`). */
    readonly inputTags: Readonly<Record<string, string>>;
    /** The label's delimiter (a bad `Name` tag from it is blamed on it). */
    readonly delimiter: string;
}

const GENERATED_TAG_LABELS = ["namespace", "tenant", "environment", "stage", "name", "attributes"];

/** The input that made tag `key`: `tags` for a tag given by the user, else the label (`stage`, ...). */
function blameTag(key: string, origin: TagOrigin, about: "key" | "value", rule: "length" | "characters"): string {
    if (Object.prototype.hasOwnProperty.call(origin.inputTags, key)) return "tags";
    const label = GENERATED_TAG_LABELS.find((l) => l === key.toLowerCase());
    if (label === undefined) return "tags";
    if (label === "name" && about === "value") {
        // The Name tag holds the id: too long means no (or a large) idLengthLimit.
        if (rule === "length") return "idLengthLimit";
        return [...origin.delimiter].some((c) => !TAG_CHARACTERS.test(c)) ? "delimiter" : "regexReplaceChars";
    }
    // The Attributes tag joins the attributes with the delimiter: a bad character may be the delimiter's.
    if (label === "attributes" && about === "value" && rule === "characters") {
        if ([...origin.delimiter].some((c) => !TAG_CHARACTERS.test(c))) return "delimiter";
    }
    return label;
}

/** The tags sent with one resource, and the tag limits of the service that receives them. */
export interface TaggedResource {
    readonly tags: Readonly<Record<string, string>>;
    /** The service's tag limits: `AWS_LIMITS.logs`, or a component's own table (`EVENTBRIDGE_LIMITS.events`). */
    readonly limits: TagLimits;
    /** The resource as a reader names it: `log group`, `event rule`, `SSM parameter`. */
    readonly resource: string;
}

/**
 * A problem {@link checkTags} reported, with what its message says as data: the resources that break
 * the rule, the AWS sources of the rule, and for a tag value too long, the services' limit.
 */
export interface TagFinding {
    readonly problem: Problem;
    readonly resources: readonly string[];
    readonly sources: readonly string[];
    /** The length limit a value breaks (only for a value too long: `BAD_TAG_VALUE` about its length). */
    readonly max?: number;
}

/** Resources as a message names them: `the log group and the event rule`. */
export function resourcesText(resources: readonly string[]): string {
    return resources.map((r) => `the ${r}`).join(" and ");
}

/**
 * Checks the tags of resources against their services' tag rules (key and value length and
 * characters, the reserved `aws:` prefix, at most 50 tags per resource). A generated tag that
 * breaks a rule is blamed on the label input that made it; one problem found on several resources
 * is reported once, naming them all.
 */
export function checkTags(
    resources: readonly TaggedResource[],
    origin: TagOrigin,
    problems: { push(problem: Problem): unknown },
): TagFinding[] {
    interface Found {
        readonly code: string;
        readonly path: ProblemPath;
        readonly text: string;
        /** The value received, when one applies (`[value]`). */
        readonly value: [] | [unknown];
        readonly resources: string[];
        readonly sources: string[];
        readonly max?: number;
    }
    const found = new Map<string, Found>();
    const add = (
        code: string,
        path: ProblemPath,
        text: string,
        value: [] | [unknown],
        resource: string,
        source: string,
        max?: number,
    ) => {
        const signature = [code, formatPath(path), text, ...value.map((v) => describeValue(v))].join("\u0000");
        const entry = found.get(signature) ?? { code, path, text, value, resources: [], sources: [], max };
        if (!entry.resources.includes(resource)) entry.resources.push(resource);
        if (!entry.sources.includes(source)) entry.sources.push(source);
        found.set(signature, entry);
    };
    /** The path of the input that made tag `key`: a user's tag by its key (`tags["OwnerTeam"]`), else the label input. */
    const blamed = (key: string, about: "key" | "value", rule: "length" | "characters"): ProblemPath => {
        const field = blameTag(key, origin, about, rule);
        return field === "tags" && Object.prototype.hasOwnProperty.call(origin.inputTags, key)
            ? ["tags", userKey(key)]
            : [field];
    };
    for (const { tags, limits, resource } of resources) {
        const keys = Object.keys(tags);
        if (keys.length > MAX_TAGS_PER_RESOURCE) {
            const generated = keys.filter((k) => !Object.prototype.hasOwnProperty.call(origin.inputTags, k)).length;
            add(
                "TOO_MANY_TAGS",
                ["tags"],
                `${keys.length} tags (${generated} generated from the labels), but AWS allows at most ${MAX_TAGS_PER_RESOURCE} per resource`,
                [],
                resource,
                "AWS tagging limits",
            );
        }
        for (const key of keys) {
            if (key === "__proto__") {
                // AWS takes the key, but the Pulumi Node.js SDK cannot send it: its serializer copies
                // inputs by assignment (sdk/nodejs/runtime/rpc.ts serializeAllKeys, `obj[k] = v`), and
                // assigning a string to `__proto__` does nothing, so the tag would vanish without a word.
                add(
                    "BAD_TAG_KEY",
                    blamed(key, "key", "characters"),
                    `the tag key "__proto__", which the Pulumi SDK cannot send`,
                    [],
                    resource,
                    "the Pulumi Node.js SDK drops that key when it serializes inputs: runtime/rpc.ts serializeAllKeys",
                );
                continue;
            }
            const keyBroken = stringViolations(key, limits.tagKey);
            if (keyBroken.length > 0) {
                const lengthOnly = keyBroken.every((b) => b.includes("characters,") || b.includes("empty"));
                add(
                    "BAD_TAG_KEY",
                    blamed(key, "key", lengthOnly ? "length" : "characters"),
                    `a tag key that ${keyBroken.join(" and ")}`,
                    [key],
                    resource,
                    limits.tagKey.source,
                );
            }
            const value = tags[key];
            const valueBroken = stringViolations(value, limits.tagValue);
            if (valueBroken.length > 0) {
                const lengthOnly = valueBroken.every((b) => b.includes("characters,"));
                add(
                    "BAD_TAG_VALUE",
                    blamed(key, "value", lengthOnly ? "length" : "characters"),
                    `the tag ${describeValue(key)} a value that ${valueBroken.join(" and ")}`,
                    [value],
                    resource,
                    limits.tagValue.source,
                    lengthOnly ? limits.tagValue.max : undefined,
                );
            }
        }
    }
    const findings: TagFinding[] = [];
    for (const entry of found.values()) {
        const reported = problem(
            entry.code,
            entry.path,
            `gives ${resourcesText(entry.resources)} ${entry.text} (${entry.sources.join("; ")})`,
            ...entry.value,
        );
        problems.push(reported);
        findings.push({ problem: reported, resources: entry.resources, sources: entry.sources, max: entry.max });
    }
    return findings;
}
