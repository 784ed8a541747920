/**
 * What every component shares: the label inputs they take, the region check, and building a label
 * while collecting its errors as problems of the component.
 */
import { createLabel, type Label, type LabelInput } from "../../label";
import { closestMatch } from "../../util/suggest";
import { labelProblems, type ArgProblemInput } from "./errors";
import { problem } from "../../util/problem";
import { positionNode, type UncheckedArgs } from "./definition";
import { LABEL_ARGS, LABEL_INPUT_KEYS } from "./labelArgs";
import { isUnknownValue } from "../../util/unknown";
import { isPlainObject } from "../../util/objects";

/** The label (null-label context) arguments every component takes, in `context.tf` order. */
export { LABEL_INPUT_KEYS };

const LABEL_FIELDS: ReadonlySet<string> = new Set(LABEL_INPUT_KEYS);

/**
 * Just the label inputs of a component's args (the component's own args left out). As the label arguments' declaration
 * says where a value may be known later (LABEL_ARGS: `tags` and `additionalTagMap`, and each of their values): such a
 * value not known yet is left out (a whole map), or stands as `""` (a map's value), so that every check that does not
 * depend on it (the keys, the other values) still runs.
 */
export function labelInputOf(args: UncheckedArgs<LabelInput>): LabelInput {
    const input: Record<string, unknown> = {};
    for (const key of LABEL_INPUT_KEYS) {
        const value = args[key];
        const spec = LABEL_ARGS[key];
        if (value === undefined || (spec.input === true && isUnknownValue(value))) continue;
        const node = positionNode(spec);
        input[key] =
            node.kind === "map" && node.inputValues && isPlainObject(value)
                ? Object.fromEntries(
                      Object.entries(value).map(([tag, text]) => [tag, isUnknownValue(text) ? "" : (text as unknown)]),
                  )
                : value;
    }
    return input as LabelInput;
}

/**
 * Builds a label, recording its error as a problem instead of throwing, so that every problem
 * of the instance is reported together. Returns undefined when the label is invalid.
 */
export function tryLabel(input: LabelInput, problems: ArgProblemInput[]): Label | undefined {
    try {
        return createLabel(input);
    } catch (error) {
        problems.push(...labelProblems(error, LABEL_FIELDS));
        return undefined;
    }
}

/** How a resolver is called. */
export interface ResolveOptions {
    /**
     * The TypeScript API: an unset `region` is the region of the children's AWS provider (not a
     * problem), and values not known yet (Pulumi's `unknown`) skip only the checks that need them.
     * Stack files keep requiring `region`.
     */
    readonly regionFromProvider?: boolean;
}

/** AWS region names: `us-east-2`, `eu-central-1`, `us-gov-west-1`, `cn-northwest-1`, `eusc-de-east-1`, ... */
const REGION = /^[a-z]{2,4}(-[a-z]+)+-\d{1,2}$/;

/**
 * Checks the `region` argument; returns it when valid. Required unless `optional` (the TypeScript
 * API, where an unset region is the AWS provider's); a value not known yet is not checked.
 */
export function checkRegion(region: unknown, problems: ArgProblemInput[], optional = false): string | undefined {
    if (isUnknownValue(region) || (optional && (region === undefined || region === null))) {
        return undefined;
    }
    if (region === undefined || region === null || region === "") {
        problems.push(
            problem("REQUIRED", ["region"], 'is required (the AWS region of every resource, e.g. "us-east-2")', region),
        );
    } else if (typeof region !== "string" || !REGION.test(region)) {
        problems.push(problem("BAD_REGION", ["region"], 'must be an AWS region name such as "us-east-2"', region));
    } else {
        return region;
    }
    return undefined;
}

/** Lower case without `_` and `-`, so that `event_rule_pattern` meets `eventRulePattern`. */
const squash = (text: string) => text.toLowerCase().replace(/[-_]/g, "");

/**
 * Refuses keys a component does not take, so that a misspelt argument does not vanish, with the
 * closest known argument as a suggestion (or the new name of a renamed one).
 */
export function checkUnknownArgs(
    component: string,
    args: object,
    known: readonly string[],
    problems: ArgProblemInput[],
    renamed: Readonly<Record<string, string>> = {},
): void {
    const bySquashed = new Map(known.map((key) => [squash(key), key]));
    for (const key of Object.keys(args)) {
        if (known.includes(key)) {
            continue;
        }
        const squashed = squash(key);
        const close = bySquashed.has(squashed) ? squashed : closestMatch(squashed, bySquashed.keys());
        const suggestion =
            (Object.hasOwn(renamed, key) ? renamed[key] : undefined) ??
            (close === undefined ? undefined : bySquashed.get(close));
        problems.push(
            problem(
                "UNKNOWN_ARGUMENT",
                [key],
                `is not an argument of ${component}` + (suggestion ? ` (did you mean ${suggestion}?)` : ""),
            ),
        );
    }
}

/**
 * Resolved arguments whose warnings the caller has already reported (the stack program reports
 * them with the stack file's `file:line`, instance and snake_case var): the component then does
 * not log them a second time.
 */
const WARNINGS_REPORTED = new WeakSet<object>();

/** Marks `resolved`'s warnings as reported by the caller. */
export function markWarningsReported(resolved: object): void {
    WARNINGS_REPORTED.add(resolved);
}

/** Whether the caller already reported `resolved`'s warnings. */
export function warningsReported(resolved: object): boolean {
    return WARNINGS_REPORTED.has(resolved);
}

const ARGS_WARNINGS_REPORTED = new WeakMap<object, ReadonlySet<string>>();

/**
 * Marks the warnings (by message) the stack program reported for `args`, the arguments it gives a
 * component's TypeScript path (an instance with deploy-time values): the component does not log them again.
 */
export function markArgsWarningsReported(args: object, messages: Iterable<string>): void {
    ARGS_WARNINGS_REPORTED.set(args, new Set(messages));
}

/** The warnings (by message) the caller reported for `args`, if it did. */
export function argsWarningsReported(args: object): ReadonlySet<string> | undefined {
    return ARGS_WARNINGS_REPORTED.get(args);
}
