/**
 * Pulumi Inputs in the components' arguments: what is checked at construction, what is checked once known (same rules
 * and messages, before AWS), and the AWS provider the children get.
 */
import * as pulumi from "@pulumi/pulumi";
import { getRegionOutput } from "@pulumi/aws/getRegion";
import { Provider as AwsProvider } from "@pulumi/aws/provider";
import { currentMonitor, holdRejections, keepFailureAsWritten, valueWithUnknowns } from "../../sdk/adapter";
import { describeValue, SECRET_VALUE } from "../../util/describeValue";
import { hasValue, type Problem, type ProblemPath } from "../../util/problem";
import { misplacedInputs, type DeferredKind } from "./declared";
import { argOf, type ComponentDefinition } from "./definition";
import { ComponentArgsError } from "./errors";
import { isPlainObject, isThenable } from "../../util/objects";

/** True for a value known only later: an Output or a promise. */
function isDeferred(value: unknown): boolean {
    return pulumi.Output.isInstance(value) || isThenable(value);
}

/** A plain object or array (what a pattern or a map of tags is made of), not a class instance. */
function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
    return Array.isArray(value) || isPlainObject(value);
}

/**
 * How deep Outputs are looked for inside a value: deeper than any event pattern AWS accepts (at most
 * 4,096 bytes of JSON), so a value nested deeper is refused by the checks, never a stack overflow.
 */
const MAX_INPUT_DEPTH = 1000;

/** Sets `key` of a copy as an own property (so that a `__proto__` key stays a key). */
function define(container: object, key: string, value: unknown): void {
    Object.defineProperty(container, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Copies the plain containers of `value` (cycles kept, each key an own property), with Pulumi's
 * `unknown` in place of every Output and promise met inside, at any depth up to
 * {@link MAX_INPUT_DEPTH}; `onDeferred` is given each of those and how to put its value in its place.
 * Returns `value` itself when it holds none.
 */
function replaceDeferred(
    value: unknown,
    onDeferred: (input: unknown, place: (settled: unknown) => void, at: readonly string[]) => void,
    copies: Map<object, unknown> = new Map(),
    depth = 0,
    at: readonly string[] = [],
): { value: unknown; found: boolean } {
    if (!isPlainContainer(value) || depth >= MAX_INPUT_DEPTH) return { value, found: false };
    const known = copies.get(value);
    if (known !== undefined) return { value: known, found: false };
    const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
    copies.set(value, copy);
    let found = false;
    for (const [key, item] of Object.entries(value)) {
        if (isDeferred(item)) {
            found = true;
            define(copy, key, pulumi.unknown);
            onDeferred(item, (settled) => define(copy, key, settled), [...at, key]);
        } else {
            const part = replaceDeferred(item, onDeferred, copies, depth + 1, [...at, key]);
            found ||= part.found;
            define(copy, key, part.value);
        }
    }
    return found ? { value: copy, found } : { value, found };
}

/**
 * `value` with every Output and promise, at any depth, replaced by Pulumi's `unknown`; `first`: the
 * first of them met (undefined when none).
 */
function knownPart(value: unknown): { value: unknown; deferred: boolean; first?: unknown } {
    if (isDeferred(value)) return { value: pulumi.unknown, deferred: true, first: value };
    let first: unknown;
    const part = replaceDeferred(value, (input) => (first ??= input));
    return { value: part.value, deferred: part.found, first };
}

/**
 * The value of an Input once every Output and promise in it has settled (Pulumi's `unknown` where a
 * preview does not know one yet), and where secrets are in it: the keys from the argument down to
 * each secret Output (`[]` when the argument itself is one). The containers are copied here, not
 * by `pulumi.output` (which would assign a `__proto__` key, and recurse without a bound).
 */
async function settle(value: unknown): Promise<{ value: unknown; secrets: (readonly string[])[] }> {
    const inputs: [unknown, (settled: unknown) => void, readonly string[]][] = [];
    let top: unknown;
    const copied = isDeferred(value)
        ? inputs.push([value, (settled) => (top = settled), []])
        : replaceDeferred(value, (input, place, at) => inputs.push([input, place, at])).value;
    const secrets = await Promise.all(
        inputs.map(async ([input, place]) => {
            // Its failure is reported by the component, once, naming the argument: not again by Node.
            holdRejections(input);
            const output = pulumi.output(input as pulumi.Input<unknown>);
            holdRejections(output);
            const [settled, secret] = await Promise.all([valueWithUnknowns(output), pulumi.isSecret(output)]);
            place(settled);
            return secret;
        }),
    );
    return {
        value: isDeferred(value) ? top : copied,
        secrets: inputs.flatMap(([, , at], i) => (secrets[i] ? [at] : [])),
    };
}

/** The arguments as known now, and which of them are known only later. */
export interface KnownNow {
    /**
     * The arguments, every part not known yet replaced by Pulumi's `unknown` (an argument that must be known left
     * out when it is not).
     */
    readonly args: Readonly<Record<string, unknown>>;
    /** The arguments holding an Output or a promise where their declaration takes one. */
    readonly deferred: readonly string[];
    /** An Output, a promise or a secret where the declaration wants a value known now: one problem each. */
    readonly notPlain: readonly Problem[];
}

/**
 * The problem of a value known only later (`an Output`, `a Promise`) or a secret (`a secret`) where the declaration
 * wants a plain value: the one message for all of them, wherever they are checked (the constructors here, the
 * component plugin's Construct). `at`: the place, an argument or a path inside one.
 */
export function notPlainProblem(at: string | ProblemPath, got: DeferredKind): Problem {
    return {
        code: "NOT_PLAIN",
        path: typeof at === "string" ? [at] : at,
        rule: `must be a plain value known when the component is created, got ${got}`,
    };
}

/** What a value known later, or a secret, is called in a refusal; undefined for any other value. */
function deferredKind(value: unknown): DeferredKind | undefined {
    if (pulumi.Output.isInstance(value)) return "an Output";
    if (isThenable(value)) return "a Promise";
    return pulumi.runtime.isRpcSecret(value) ? "a secret" : undefined;
}

/**
 * What the constructor can check at once: the arguments with every Input not known yet marked unknown. Where
 * `definition` wants a value known now (see {@link misplacedInputs}), an Output, a promise or a secret gets the
 * plain-value problem in {@link KnownNow.notPlain} and is not checked further (a whole argument is left out).
 * Without a definition, every argument may hold Inputs.
 */
export function knownNow(args: object | null | undefined, definition?: ComponentDefinition): KnownNow {
    if (typeof args !== "object" || args === null) return { args: args as never, deferred: [], notPlain: [] };
    const known: Record<string, unknown> = {};
    const deferred: string[] = [];
    const notPlain: Problem[] = [];
    for (const [key, value] of Object.entries(args)) {
        const spec = definition === undefined ? undefined : argOf(definition, key);
        const misplaced = spec === undefined ? [] : misplacedInputs(spec, value, [key], deferredKind);
        notPlain.push(...misplaced.map((m) => notPlainProblem(m.path, m.got)));
        if (misplaced.some((m) => m.path.length === 1)) continue;
        const part = knownPart(value);
        known[key] = part.value;
        if (part.deferred) deferred.push(key);
    }
    return { args: known, deferred, notPlain };
}

/** Whether `path` is `prefix` or lies under it. */
function isUnder(path: ProblemPath, prefix: ProblemPath): boolean {
    return (
        prefix.length <= path.length &&
        prefix.every((segment, i) => {
            const other = path[i];
            return typeof segment === "object"
                ? typeof other === "object" && other.key === segment.key
                : segment === other;
        })
    );
}

/**
 * Runs the constructor's check of the arguments known now (`resolve`), adding the plain-value
 * problems of {@link knownNow}: every problem is reported at once, one per place (the resolver's
 * problems at or under a place refused as not plain are left out).
 * @throws ComponentArgsError when there is any problem.
 */
export function resolveKnownNow<R>(component: string, instance: string, now: KnownNow, resolve: () => R): R {
    if (now.notPlain.length === 0) return resolve();
    let others: readonly Problem[] = [];
    try {
        resolve();
    } catch (error) {
        if (!(error instanceof ComponentArgsError)) throw error;
        others = error.problems.filter((p) => !now.notPlain.some((n) => isUnder(p.path, n.path)));
    }
    throw new ComponentArgsError(component, instance, [...now.notPlain, ...others]);
}

/** The arguments once every Input has settled, and which of them hold a secret. */
export interface SettledArgs {
    /** The arguments: each Input's value, or Pulumi's `unknown` where a preview does not know it (or a part of it) yet. */
    readonly values: Record<string, unknown>;
    /** The arguments holding a secret Output: their values are never shown in a message. */
    readonly secrets: ReadonlySet<string>;
    /**
     * Where the secrets are in each argument holding one: the keys from the argument down to each
     * secret Output (`[]`: the argument is one). Below such a place, keys and paths are the secret's too.
     */
    readonly secretPlaces: ReadonlyMap<string, readonly (readonly string[])[]>;
}

/**
 * The arguments once every Input has settled.
 * @throws ComponentArgsError naming each argument whose Input failed (rejected), with its failure.
 */
export async function settledArgs(
    component: string,
    instance: string,
    args: object,
    deferred: readonly string[],
): Promise<SettledArgs> {
    const values: Record<string, unknown> = { ...(args as Record<string, unknown>) };
    const secrets = new Set<string>();
    const secretPlaces = new Map<string, (readonly string[])[]>();
    const failures = new Map<string, Problem>();
    await Promise.all(
        deferred.map(async (key) => {
            try {
                const settled = await settle(values[key]);
                values[key] = settled.value;
                if (settled.secrets.length > 0) {
                    secrets.add(key);
                    secretPlaces.set(key, settled.secrets);
                }
            } catch (error) {
                const reason = error instanceof Error ? error.message : describeValue(error);
                const rule = "must resolve to a value, but its Output failed";
                failures.set(key, { code: "INPUT_FAILED", path: [key], rule, detail: reason });
            }
        }),
    );
    if (failures.size > 0) {
        throw new ComponentArgsError(
            component,
            instance,
            deferred.flatMap((key) => failures.get(key) ?? []),
        );
    }
    return { values, secrets, secretPlaces };
}

/**
 * `problems` with what they would show of the arguments in `secrets` hidden: the value, the detail,
 * and the JSON parser's message of a pattern's text (which quotes the text). A problem inside a
 * secret (below a place of `places`: a key of a secret map, an operator of a secret pattern) also
 * hides where it is below that place and its rule, which name what the secret holds.
 */
export function hideSecrets(
    problems: readonly Problem[],
    secrets: ReadonlySet<string>,
    places: ReadonlyMap<string, readonly (readonly string[])[]> = new Map(),
): Problem[] {
    return problems.map((p) => {
        const arg = p.path[0] as string;
        if (!secrets.has(arg)) return p;
        const { code, path } = p;
        const inside = secretPlaceAbove(path, places.get(arg) ?? [[]]);
        if (inside !== undefined) {
            return {
                code,
                path: path.slice(0, inside + 1),
                rule: `holds a secret with a value that is not valid (${code}); the rule and the place inside the secret are not shown, as they would show part of it`,
            };
        }
        const rule = code === "NOT_JSON" ? p.rule.replace(/ \([^]*\)$/, "") : withoutShownValue(p.rule);
        return hasValue(p) ? { code, path, rule, value: SECRET_VALUE } : { code, path, rule };
    });
}

/**
 * What a rule shows of the value it was checked on: the characters a pattern refuses (` (found "$", "!")`,
 * kit/awsLimits.ts `stringViolations`) and a length or count (`, has 350`, ` (has 350)`).
 */
const SHOWN_VALUE = [/ \(found "(?:[^"\\]|\\.)*"(?:, "(?:[^"\\]|\\.)*")*\)/g, / \(has \d+\)/g, /, has \d+/g];

/** `rule` without what it shows of a secret value: the rule is kept, its measure of the value is not. */
function withoutShownValue(rule: string): string {
    return SHOWN_VALUE.reduce((text, shown) => text.replace(shown, ""), rule);
}

/**
 * The length of the outermost place in `places` strictly above the problem's path (under its
 * argument), in keys; undefined when the problem is at a secret, above one or beside them.
 */
function secretPlaceAbove(path: Problem["path"], places: readonly (readonly string[])[]): number | undefined {
    const keys = path.slice(1).map((segment) => (typeof segment === "object" ? segment.key : String(segment)));
    let found: number | undefined;
    for (const place of places) {
        if (place.length >= keys.length) continue;
        if (place.every((key, i) => keys[i] === key) && (found === undefined || place.length < found)) {
            found = place.length;
        }
    }
    return found;
}

/**
 * Runs `check` on the arguments once every Input has settled (see {@link settledArgs}); a
 * ComponentArgsError it throws shows no value that came from a secret Output. `check` is given
 * {@link hideSecrets} for the warnings it reports itself.
 */
export async function checkOnceKnown<R>(
    component: string,
    instance: string,
    args: object,
    deferred: readonly string[],
    check: (values: Record<string, unknown>, hide: (problems: readonly Problem[]) => Problem[]) => Promise<R>,
): Promise<R> {
    const { values, secrets, secretPlaces } = await settledArgs(component, instance, args, deferred);
    const hide = (problems: readonly Problem[]) => hideSecrets(problems, secrets, secretPlaces);
    try {
        return await check(values, hide);
    } catch (error) {
        if (error instanceof ComponentArgsError && secrets.size > 0) {
            throw new ComponentArgsError(error.component, error.instance, hide(error.problems), error.naming);
        }
        throw error;
    }
}

/** The AWS provider the children of a component created with `opts` get; undefined for the default one. */
export function awsProviderOf(opts: pulumi.ComponentResourceOptions): pulumi.ProviderResource | undefined {
    const { providers, provider, parent } = opts;
    if (Array.isArray(providers)) {
        const found = providers.find((p) => AwsProvider.isInstance(p));
        if (found) return found;
    } else if (providers !== undefined && providers.aws !== undefined) {
        return providers.aws;
    }
    if (provider !== undefined && AwsProvider.isInstance(provider)) return provider;
    return parent?.getProvider("aws::");
}

const providerKeys = new WeakMap<object, string>();
let providerCount = 0;

/**
 * What tells one AWS provider (an account, a role) from another in the name registry; undefined
 * for the default provider. Two provider objects are two accounts as far as the registry knows.
 */
export function accountOf(provider: pulumi.ProviderResource | undefined): string | undefined {
    if (provider === undefined) return undefined;
    let key = providerKeys.get(provider);
    if (key === undefined) {
        key = `aws provider #${++providerCount}`;
        providerKeys.set(provider, key);
    }
    return key;
}

/**
 * The region of an AWS provider: its `region` (an explicit `aws.Provider`); for a provider known
 * only by its reference (what the component plugin's Construct gets from a program in another
 * language: the SDK makes an `aws.Provider` of it only if the root `@pulumi/aws` module registered
 * itself, @pulumi/aws index.js 569-577), the region the provider answers `aws.getRegion` with, as
 * awsx asks it (awsx/utils.ts 75-94, `getRegionFromProvider`); for the default provider the
 * `aws:region` config value, else `AWS_REGION` / `AWS_DEFAULT_REGION`, as the provider itself
 * reads them; undefined when none says.
 */
export function regionOf(provider: pulumi.ProviderResource | undefined): pulumi.Input<string | undefined> {
    if (provider !== undefined) {
        const region = (provider as { region?: unknown }).region;
        if (pulumi.Output.isInstance(region)) return region as pulumi.Output<string | undefined>;
        return getRegionOutput({}, { provider }).region;
    }
    return new pulumi.Config("aws").get("region") ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
}

/**
 * The result of checking the arguments again once every Input has settled: children take their
 * inputs from it, so a value found invalid then fails them before any AWS call. Created in the
 * component's constructor: its failure belongs to the program running then.
 */
export class Settled<R> {
    private readonly result: Promise<R>;

    constructor(result: Promise<R>) {
        // The program the component is created in, read now: the check may fail after another
        // program (the next test's mocks) has started, and its failure is still this one's.
        const program = currentMonitor();
        // One failure, one message: every child that takes an input from the result fails with this
        // same error, as written (see keepFailureAsWritten), and Pulumi reports it once.
        this.result = result.catch((error: unknown) => {
            throw error instanceof Error ? keepFailureAsWritten(error, program) : error;
        });
        // Observed by the children; never an unhandled rejection of its own.
        this.result.catch(() => undefined);
    }

    /**
     * `value` once the check has passed; rejects with its failure (then as the children would).
     * Whoever is given the promise must observe it.
     */
    after<T>(value: T): Promise<T> {
        return this.result.then(() => value);
    }

    /**
     * One input of a child, picked from the checked result; unknown (and secret) as the Inputs it
     * depends on are. A failed check fails it.
     */
    input<T>(pick: (result: R) => T, ...dependsOn: unknown[]): pulumi.Output<pulumi.Unwrap<T>> {
        // The check first: when an Input fails, the child fails with the component's message about
        // it, not with the Input's own failure. The Inputs then lend the value their resources,
        // secrecy and unknownness.
        const picked = pulumi.output(
            this.result.then((result) =>
                dependsOn.length === 0
                    ? pick(result)
                    : pulumi
                          .all(dependsOn.map((d) => pulumi.output(d as pulumi.Input<unknown>)))
                          .apply(() => pick(result)),
            ),
        );
        // Its failure is the result's, reported by the children it reaches, not by this Output too.
        holdRejections(picked);
        return picked as pulumi.Output<pulumi.Unwrap<T>>;
    }
}
