/**
 * The checks an argument's declaration states (its type, `allowed` values, integer range, string
 * length and default), in one wording for every component; pure. Resolvers add the rest.
 */
import { problem } from "../../util/problem";
import { isUnknownValue } from "../../util/unknown";
import { codePointLength } from "./awsLimits";
import { argOf, type ArgDefinition, type ComponentDefinition, type UncheckedArgs } from "./definition";
import type { ArgProblemInput } from "./errors";
import { isUnset } from "./resolved";

/** The declaration of `arg`, which must have `what` (a definition that lacks it is a bug). */
function declaration<K extends keyof ArgDefinition>(
    definition: ComponentDefinition,
    arg: string,
    ...what: K[]
): ArgDefinition & Required<Pick<ArgDefinition, K>> {
    const spec = argOf(definition, arg);
    if (spec === undefined || what.some((key) => spec[key] === undefined)) {
        throw new TypeError(`${definition.path}: argument ${arg} declares no ${what.join(", ")}`);
    }
    return spec as ArgDefinition & Required<Pick<ArgDefinition, K>>;
}

/** A `bool` argument: its value, else (unset, or invalid: a problem) its declared default. */
export function declaredBool(
    definition: ComponentDefinition,
    arg: string,
    value: unknown,
    problems: ArgProblemInput[],
): boolean {
    const spec = declaration(definition, arg, "default");
    if (spec.type !== "bool") throw new TypeError(`${definition.path}: argument ${arg} is not a bool`);
    if (isUnset(value)) return spec.default === true;
    if (typeof value !== "boolean") {
        problems.push(problem("TYPE_MISMATCH", [arg], "must be true or false", value));
        return spec.default === true;
    }
    return value;
}

/**
 * An argument with `allowed` values: its value, else (unset, not known yet, or invalid: a problem,
 * with `note` after the allowed values) its declared default.
 */
export function declaredChoice<T extends string | number>(
    definition: ComponentDefinition,
    arg: string,
    value: unknown,
    problems: ArgProblemInput[],
    note = "",
): T {
    const spec = declaration(definition, arg, "allowed", "default");
    const fallback = spec.default as T;
    if (isUnset(value) || isUnknownValue(value)) return fallback;
    if ((spec.allowed as readonly unknown[]).includes(value)) return value as T;
    const allowed = spec.allowed.map((a) => (typeof a === "string" ? `"${a}"` : String(a))).join(", ");
    problems.push(problem("NOT_ONE_OF", [arg], `must be one of ${allowed}${note}`, value));
    return fallback;
}

/**
 * An optional integer argument in its declared `min`..`max` (`note` after the largest, in the
 * message): the value, null when unset, undefined when invalid (a problem) or not known yet (the
 * checks that need it are then skipped).
 */
export function declaredInteger(
    definition: ComponentDefinition,
    arg: string,
    value: unknown,
    problems: ArgProblemInput[],
    note = "",
): number | undefined | null {
    const { min, max } = declaration(definition, arg, "min", "max");
    if (isUnset(value)) return null;
    if (isUnknownValue(value)) return undefined;
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
        problems.push(problem("OUT_OF_RANGE", [arg], `must be an integer from ${min} to ${max}${note}`, value));
        return undefined;
    }
    return value;
}

/**
 * A `string` argument of at most its declared `max` characters (counted as AWS counts them, in
 * code points): the value; undefined when unset, not known yet, or not a string (a problem). A
 * string too long is a problem and is still returned (for the checks that go on with it).
 */
export function declaredString(
    definition: ComponentDefinition,
    arg: string,
    value: unknown,
    problems: ArgProblemInput[],
): string | undefined {
    const { type, max } = declaration(definition, arg, "max");
    if (type !== "string") throw new TypeError(`${definition.path}: argument ${arg} is not a string`);
    if (isUnset(value) || isUnknownValue(value)) return undefined;
    if (typeof value !== "string") {
        problems.push(problem("TYPE_MISMATCH", [arg], "must be a string", value));
        return undefined;
    }
    const length = codePointLength(value);
    if (length > max) {
        problems.push(problem("TOO_LONG", [arg], `must be at most ${max} characters (has ${length})`, value));
    }
    return value;
}

/** The declared checks of one instance's `args` against `definition`, recording into `problems`. */
export function declaredChecks<Args>(
    definition: ComponentDefinition<Args>,
    args: UncheckedArgs<Args>,
    problems: ArgProblemInput[],
) {
    type Arg = keyof Args & string;
    return {
        bool: (arg: Arg) => declaredBool(definition, arg, args[arg], problems),
        choice: <T extends string | number>(arg: Arg, note?: string) =>
            declaredChoice<T>(definition, arg, args[arg], problems, note),
        integer: (arg: Arg, note?: string) => declaredInteger(definition, arg, args[arg], problems, note),
        string: (arg: Arg) => declaredString(definition, arg, args[arg], problems),
    };
}
