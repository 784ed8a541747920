/**
 * What a template may cost (every way it can grow work or memory ends in an error naming the limit), and own-property
 * access for maps whose keys come from templates and stack files (`__proto__` is an ordinary key).
 */
import { TemplateError } from "./errors";

/** The limits of one template execution (see docs/security.md, "Templates"). */
export const TEMPLATE_LIMITS = Object.freeze({
    /** Characters a template execution may write. */
    maxOutput: 8 * 1024 * 1024,
    /** Characters in one string a function returns (`repeat`, `printf`, `randAlphaNum`, `indent`, ...). */
    maxString: 8 * 1024 * 1024,
    /** Items in one list a function returns (`until`, `untilStep`, `seq`, `list`, `concat`, `append`, ...). */
    maxListItems: 1_000_000,
    /** Steps of one execution: actions, `range` iterations, function calls and nested templates, plus the items of the lists functions return. */
    maxOperations: 5_000_000,
    /** Nested `template`/`block` calls (Go allows 100,000; JavaScript's stack does not). */
    maxTemplateDepth: 1_000,
    /** Nesting of `if`/`with`/`range`/`define` blocks and parentheses in a template's text (Go: 10,000 parentheses). */
    maxParseDepth: 500,
    /** Nesting of a value a function or an action walks (printing, JSON, YAML, copying, merging, comparing). */
    maxValueDepth: 1_000,
    /** Maps, lists and scalars (each occurrence counted) in a value a function or an action walks. */
    maxValueNodes: 1_000_000,
    /** Go's fmt refuses widths and precisions above this (`tooLarge`), printing `%!(NOVERB)` or `%!(BADWIDTH)`. */
    maxFormatWidth: 1_000_000,
    /** Steps of all the template executions of one stack load together (every template, every evaluation). */
    maxLoadOperations: 10_000_000,
    /** Milliseconds of CPU all regular-expression searches of one stack load may take together (searches that scan far past their matches, `a+b|a` on a long string, are quadratic in RE2 too). */
    maxRegexMilliseconds: 3_000,
    /** atmos.yaml `templates.settings.evaluations`: passes over a component's values. */
    maxEvaluations: 100,
});

/** A limit of {@link TEMPLATE_LIMITS} was reached; the executor locates it in the template. */
export class TemplateLimitError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "TemplateLimitError";
    }
}

/**
 * What templates may still spend: one per stack load (shared by every template of the load, every
 * evaluation), else one per execution. Steps are counted by the executor; regular-expression time
 * is measured, because a single search's work cannot be known before it runs.
 */
export class TemplateBudget {
    /** Steps spent so far. */
    steps = 0;
    /** Milliseconds regular expressions have run so far. */
    regexMilliseconds = 0;
    constructor(
        /** The steps it allows, and the limit's name for messages. */
        readonly maxSteps: number = TEMPLATE_LIMITS.maxLoadOperations,
        readonly limitName: "maxLoadOperations" | "maxOperations" = "maxLoadOperations",
    ) {}

    /** Spends `n` steps; throws the limit's error past the budget. */
    spend(n: number): void {
        this.steps += n;
        if (this.steps > this.maxSteps)
            limitExceeded(
                this.limitName === "maxLoadOperations"
                    ? `the templates of this stack load ran more than ${count(this.maxSteps)} steps together`
                    : `template ran more than ${count(this.maxSteps)} steps`,
                this.limitName,
            );
    }

    /** Adds the time a regular expression ran; throws past `maxRegexMilliseconds`. */
    spendRegexTime(ms: number): void {
        this.regexMilliseconds += ms;
        if (this.regexMilliseconds > TEMPLATE_LIMITS.maxRegexMilliseconds)
            limitExceeded(
                `regular expressions took more than ${count(TEMPLATE_LIMITS.maxRegexMilliseconds)} ms of CPU in this ${this.limitName === "maxLoadOperations" ? "stack load" : "template"} (a pattern that searches far past each match, such as a+b|a, on a long string?)`,
                "maxRegexMilliseconds",
            );
    }
}

/** Where template functions charge their work: the running executor (which also charges the load's budget). */
export interface WorkMeter {
    /** Spends `n` steps of work. */
    spend(n: number): void;
    /** The budget regular-expression time goes to. */
    readonly budget: TemplateBudget;
}

let meter: WorkMeter | undefined;
let loadBudget: TemplateBudget | undefined;

/** Charges `n` steps of work to the running template (nothing outside an execution). */
export function chargeWork(n: number): void {
    if (meter !== undefined && n > 0) meter.spend(Math.ceil(n));
}

/** The budget regular-expression time is charged to, when a template is running. */
export function regexBudget(): TemplateBudget | undefined {
    return meter?.budget;
}

/** Runs `f` with `m` as the meter functions charge (executions nest: a template may run another). */
export function withMeter<T>(m: WorkMeter, f: () => T): T {
    const saved = meter;
    meter = m;
    try {
        return f();
    } finally {
        meter = saved;
    }
}

/**
 * Runs `f` (a stack load) with one {@link TemplateBudget} for every template it executes; a load
 * within a load shares the outer one. Loads are synchronous, so a module variable holds it.
 */
export function withLoadBudget<T>(f: () => T): T {
    if (loadBudget !== undefined) return f();
    loadBudget = new TemplateBudget();
    try {
        return f();
    } finally {
        loadBudget = undefined;
    }
}

/** The budget of the stack load running now, if any. */
export function currentLoadBudget(): TemplateBudget | undefined {
    return loadBudget;
}

/** A {@link TemplateError} raised by a limit of {@link TEMPLATE_LIMITS} (never swallowed, unlike other template errors). */
export class TemplateLimitExceeded extends TemplateError {}

function count(n: number): string {
    return n.toLocaleString("en-US");
}

/** Throws the error for a limit: `what` (a phrase) and the limit's name and value. */
export function limitExceeded(what: string, limit: keyof typeof TEMPLATE_LIMITS): never {
    throw new TemplateLimitError(`${what} (template limit ${limit} = ${count(TEMPLATE_LIMITS[limit])})`);
}

/** Refuses a string longer than the string limit (before or after it is built). */
export function checkStringLength(length: number, what = "string"): void {
    if (length > TEMPLATE_LIMITS.maxString)
        limitExceeded(`${what} would be ${count(Math.floor(length))} characters long`, "maxString");
}

/** Refuses a list longer than the list limit (before or after it is built). */
export function checkListLength(length: number, what = "list"): void {
    if (length > TEMPLATE_LIMITS.maxListItems)
        limitExceeded(`${what} would have ${count(Math.floor(length))} items`, "maxListItems");
}

/** Whether `k` is an own property of `o` (never one `o` inherits, such as `constructor`). */
export function hasOwn(o: object, k: string): boolean {
    return Object.prototype.hasOwnProperty.call(o, k);
}

/** `o[k]` when `k` is an own property of `o`, else `undefined`. */
export function getOwn(o: Readonly<Record<string, unknown>>, k: string): unknown {
    return hasOwn(o, k) ? o[k] : undefined;
}

/** Sets `o[k]` as an own, enumerable property; `__proto__` becomes an ordinary key. */
export function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
    if (k === "__proto__")
        Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    else o[k] = v;
}

/** A map from entries (later keys win), with {@link setOwn}'s rule for `__proto__`. */
export function mapOf(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries) setOwn(out, k, v);
    return out;
}

/**
 * Refuses a value nested deeper than `maxValueDepth` (a map that holds itself, too) or walking
 * more than `maxValueNodes` nodes (a map that holds another twice, forty times over), before a
 * recursive walk of it runs out of stack, time or memory. Iterative; charges the running template a
 * step per node and returns the count.
 */
export function checkValue(v: unknown): number {
    if (typeof v !== "object" || v === null) return 1;
    const stack: unknown[] = [v];
    const depths: number[] = [1];
    let nodes = 0;
    while (stack.length > 0) {
        const x = stack.pop();
        const depth = depths.pop()!;
        if (++nodes > TEMPLATE_LIMITS.maxValueNodes)
            limitExceeded(
                `value holds more than ${count(TEMPLATE_LIMITS.maxValueNodes)} maps, lists and scalars (a map or list that holds another many times over?)`,
                "maxValueNodes",
            );
        if (typeof x !== "object" || x === null || x instanceof Uint8Array) continue;
        if (depth > TEMPLATE_LIMITS.maxValueDepth)
            limitExceeded(
                `value is nested more than ${count(TEMPLATE_LIMITS.maxValueDepth)} levels deep (a map or list that holds itself?)`,
                "maxValueDepth",
            );
        if (Array.isArray(x)) {
            for (const e of x) {
                stack.push(e);
                depths.push(depth + 1);
            }
        } else {
            for (const k of Object.keys(x)) {
                stack.push((x as Record<string, unknown>)[k]);
                depths.push(depth + 1);
            }
        }
    }
    // the walk itself, and the one the caller does next, are work
    chargeWork(nodes);
    return nodes;
}

/**
 * The deepest nesting of `[` and `{` in JSON text (outside strings), stopping past `limit`:
 * refuses text that would parse into a value {@link checkValue} refuses, without parsing it.
 */
export function checkJsonDepth(text: string): void {
    let depth = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (inString) {
            if (c === 0x5c) i++;
            else if (c === 0x22) inString = false;
        } else if (c === 0x22) inString = true;
        else if (c === 0x5b || c === 0x7b) {
            if (++depth > TEMPLATE_LIMITS.maxValueDepth)
                limitExceeded(
                    `JSON nested more than ${count(TEMPLATE_LIMITS.maxValueDepth)} levels deep`,
                    "maxValueDepth",
                );
        } else if (c === 0x5d || c === 0x7d) depth--;
    }
}
