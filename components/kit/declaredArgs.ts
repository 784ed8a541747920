/**
 * The kit's one entry point for a resolver: every check an instance's declaration states (arguments it does not take,
 * with suggestions; each own argument's type, allowed values, range, length and pattern; the region, the aliases, the
 * label), giving the typed, defaulted values. A resolver adds only the rules between fields. Pure.
 */
import type { Label } from "../../label";
import { problem } from "../../util/problem";
import { isUnknownValue } from "../../util/unknown";
import { getOwn } from "../../util/objects";
import { checkRegion, checkUnknownArgs, labelInputOf, tryLabel, type ResolveOptions } from "./common";
import { checkDeclared, positionOf } from "./declared";
import { argNames, renamedArgs, type ArgDefinition, type ComponentDefinition } from "./definition";
import { ComponentArgsError, type ArgProblemInput } from "./errors";
import { INSTANCE_ARGS, REGION_ARG } from "./instanceArgs";
import { LABEL_ARGS } from "./labelArgs";
import { checkAliases } from "./lifecycle";

/**
 * A value as the checks give it: Inputs unwrapped, null as undefined (unset without a default, or refused). A part not
 * known yet inside a list, map or object stays Pulumi's `unknown` at runtime, whatever its type says: test it with
 * `isUnknownValue`.
 */
export type Checked<T> = T extends PromiseLike<unknown> | { readonly apply: unknown }
    ? never
    : T extends null | undefined
      ? undefined
      : T extends readonly (infer U)[]
        ? readonly Checked<U>[]
        : T extends object
          ? { readonly [K in keyof T]: Checked<T[K]> }
          : T;

/** One instance's arguments once its declaration's checks ran. */
export interface DeclaredInstance<Args> {
    /**
     * The component's own arguments, checked and defaulted (the region, aliases and label arguments apart): an argument
     * unset, refused or not known yet (see `later`) has its declared default, or undefined.
     */
    readonly values: { readonly [K in keyof Args]-?: Checked<Args[K]> | undefined };
    /** Whether `arg` was given (neither undefined nor null). */
    given(arg: keyof Args & string): boolean;
    /** Whether `arg`'s declared check refused it (its value is then its default, or undefined). */
    refused(arg: keyof Args & string): boolean;
    /** Whether `arg` is not known yet (Pulumi's `unknown`): the rules that read it wait until it is. */
    later(arg: keyof Args & string): boolean;
    /** The region given and valid; undefined: not given (TypeScript: the provider's), not known yet, or refused. */
    readonly region: string | undefined;
    /** No region yet, and that is no problem: the provider's (TypeScript), or one not known yet. */
    readonly regionLater: boolean;
    /** The previous names of the instance (`aliases`). */
    readonly aliases: readonly string[];
    /** The label; undefined when it is invalid (its problems recorded). */
    readonly label: Label | undefined;
    /** Every problem so far; the resolver adds its own. */
    readonly problems: ArgProblemInput[];
    /** Valid but noteworthy arguments; the resolver adds its own. */
    readonly warnings: ArgProblemInput[];
    /**
     * The label, when the instance is valid so far; else throws ComponentArgsError with every problem (also when the
     * region or the label is missing).
     */
    ready(): Label;
    /** Throws ComponentArgsError with every problem (a part the result needs is missing: its problem is recorded). */
    fail(): never;
}

/**
 * What a component checks of one argument beyond its declaration (an `any` value: an event pattern), by argument: run
 * at the argument's place, in declaration order, on the value as given when its declared checks passed.
 */
export type ArgRules<Args> = { readonly [K in keyof Args]?: ArgRule };

/** One argument's rule beyond its declaration: records its problems and warnings. */
export type ArgRule = (value: unknown, problems: ArgProblemInput[], warnings: ArgProblemInput[]) => void;

/** Arguments every component takes whose checks are the kit's own: the region, the aliases, the label's. */
function kitOwn(spec: ArgDefinition): boolean {
    return (
        spec === REGION_ARG ||
        Object.values(INSTANCE_ARGS).includes(spec) ||
        (Object.values(LABEL_ARGS) as ArgDefinition[]).includes(spec)
    );
}

/**
 * Runs every check `definition` states on one instance's `args` (a stack file's record, JavaScript, TypeScript:
 * nothing trusted), recording problems instead of throwing, so that the resolver's own rules are reported with them.
 * An unset or null `args` is taken as no argument at all (the missing region is then reported).
 * @throws ComponentArgsError only when `args` is not an object.
 */
export function declaredInstance<Args>(
    definition: ComponentDefinition<Args>,
    instance: string,
    args: unknown,
    options: ResolveOptions = {},
    rules: ArgRules<Args> = {},
): DeclaredInstance<Args> {
    type Arg = keyof Args & string;
    const given = (args ?? {}) as Readonly<Record<string, unknown>>;
    if (typeof given !== "object" || Array.isArray(given)) {
        throw new ComponentArgsError(definition.path, instance, [
            problem("TYPE_MISMATCH", ["args"], "must be an object", args),
        ]);
    }
    const problems: ArgProblemInput[] = [];
    const warnings: ArgProblemInput[] = [];
    const own = (arg: string) => (Object.prototype.hasOwnProperty.call(given, arg) ? given[arg] : undefined);
    checkUnknownArgs(definition.path, given, argNames(definition), problems, renamedArgs(definition));
    const region = checkRegion(own("region"), problems, options.regionFromProvider);
    const regionLater = options.regionFromProvider === true || isUnknownValue(own("region"));
    const values: Record<string, unknown> = {};
    const refused = new Set<string>();
    for (const [arg, spec] of Object.entries(definition.args as Readonly<Record<string, ArgDefinition>>)) {
        if (kitOwn(spec)) continue;
        const before = problems.length;
        // Not known yet: its default stands in, and `later` says so (its parts not known yet stay unknown).
        values[arg] = isUnknownValue(own(arg))
            ? spec.default
            : checkDeclared(positionOf(spec), own(arg), [arg], problems);
        if (problems.length > before) refused.add(arg);
        else (getOwn(rules, arg) as ArgRule | undefined)?.(own(arg), problems, warnings);
    }
    const aliases = checkAliases(own("aliases"), instance, problems);
    const label = tryLabel(labelInputOf(given), problems);
    const fail = (): never => {
        throw new ComponentArgsError(definition.path, instance, problems);
    };
    return {
        values: values as DeclaredInstance<Args>["values"],
        given: (arg: Arg) => own(arg) !== undefined && own(arg) !== null,
        refused: (arg: Arg) => refused.has(arg),
        later: (arg: Arg) => isUnknownValue(own(arg)),
        region,
        regionLater,
        aliases,
        label,
        problems,
        warnings,
        ready() {
            if (problems.length > 0 || (region === undefined && !regionLater) || label === undefined) return fail();
            return label;
        },
        fail,
    };
}
