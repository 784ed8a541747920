/**
 * The executor of Go's `text/template`: walks a parsed tree over plain data with Go's rules (truth, `missingkey`,
 * scopes, `range`, nested templates, argument checks); errors read as Go's.
 */
import { TemplateError } from "./errors";
import { formatValue, goTypeName, isMap } from "./fmt";
import { compareGoStrings } from "../util/goOrder";
import {
    checkListLength,
    checkStringLength,
    currentLoadBudget,
    TEMPLATE_LIMITS,
    TemplateBudget,
    isUnlocatedLimit,
    TemplateLimitExceeded,
    withMeter,
    type WorkMeter,
} from "./limits";
import type { Arg, Command, Node, Pipe } from "./parse";
import { colOf, lineOf } from "./parse";
import { isInternalError } from "../util/internalError";
import { hasOwn } from "../util/objects";

/**
 * A template function. `sig` declares its parameters as Go does (`s` string, `n` int, `f` float64,
 * `b` bool, `l` list, `m` map, `i` any; a trailing `*` makes the last one variadic). Without
 * `sig`, the function takes any number of values of any type. Missing values arrive as `null`.
 */
export interface GoFunc {
    (...args: unknown[]): unknown;
    sig?: string;
    /**
     * Set on a function whose result for an {@link UnknownValue} given as its only argument is
     * unknown too (Sprig's `toJson`): the call gives an unknown value standing for that result,
     * marked with this name (`through`), for the caller of {@link GoTemplate.value} to read.
     */
    unknownThrough?: string;
}

/** A set of functions by name; a nested plain object is a namespace (`strings.Title`). */
export interface FuncMap {
    [name: string]: GoFunc | FuncMap;
}

/**
 * Marks a namespace of functions (gomplate's `strings`, Atmos's `atmos`): a method it lacks is an
 * error naming `namespace.Method` rather than a missing value.
 */
export const NAMESPACE: unique symbol = Symbol("gotemplate.namespace");

/**
 * A value known only later (the `outputs` Atmos's `atmos.Component` reads from Terraform, known
 * here only at deploy time). A field of it is another one, a step deeper; any other use (printed,
 * tested by if/with/and/or, passed or piped to a function, ranged over) fails with `why`, so no
 * known value is ever built from it. {@link GoTemplate.value} gives it back whole.
 */
export class UnknownValue {
    /**
     * @param text How it reads in the template (`(atmos.Component "vpc" "dev").outputs`).
     * @param why Why it cannot be used, after `text` in the error (`is known only at deploy time`);
     *   a function is given the value used.
     * @param origin What it stands for, for the caller of {@link GoTemplate.value}.
     * @param path The fields read from it, in order.
     * @param through The mark (`unknownThrough`) of the function whose result it is, after `path`.
     */
    constructor(
        readonly text: string,
        readonly why: string | ((value: UnknownValue) => string),
        readonly origin: unknown,
        readonly path: readonly string[] = [],
        readonly through?: string,
    ) {}

    /** The field `name` of this value: as unknown. */
    field(name: string): UnknownValue {
        return new UnknownValue(`${this.text}.${name}`, this.why, this.origin, [...this.path, name]);
    }

    /** The result of the function `name` (marked `mark`) called with this value: as unknown. */
    passedTo(name: string, mark: string): UnknownValue {
        return new UnknownValue(`${this.text} | ${name}`, this.why, this.origin, this.path, mark);
    }
}

const HOLDS_UNKNOWN: unique symbol = Symbol("gotemplate.holdsUnknown");

/**
 * Marks a map or list holding an {@link UnknownValue} (at any depth): using it as a whole fails
 * as using `inside` does. Reading its fields does not. Returns `container`.
 */
export function holdsUnknown<T extends object>(container: T, inside: UnknownValue): T {
    Object.defineProperty(container, HOLDS_UNKNOWN, { value: inside, enumerable: false });
    return container;
}

/** The unknown value `v` is, or holds (a container marked by {@link holdsUnknown}). */
export function unknownIn(v: unknown): UnknownValue | undefined {
    if (v instanceof UnknownValue) return v;
    return typeof v === "object" && v !== null ? (v as { [HOLDS_UNKNOWN]?: UnknownValue })[HOLDS_UNKNOWN] : undefined;
}

/** Fails when `v` is, or holds, an unknown value: it cannot be used as a whole. */
function refuseUnknown(v: unknown): void {
    const u = unknownIn(v);
    if (u !== undefined) throw new ExecError(`${u.text} ${typeof u.why === "function" ? u.why(u) : u.why}`);
}

/** How a missing map key is handled (Go's `missingkey` option). */
export type MissingKey = "default" | "invalid" | "zero" | "error";

export interface ExecContext {
    name: string;
    src: string;
    funcs: FuncMap;
    templates: Map<string, Node[]>;
    missingKey: MissingKey;
    /** What the execution may spend besides its own `maxOperations`. @default the running stack load's, else its own */
    budget?: TemplateBudget;
}

/** Nested templates (Go's maxExecDepth is 100000; JavaScript's stack is far smaller). */
const MAX_DEPTH = TEMPLATE_LIMITS.maxTemplateDepth;

/** Whether `e` is V8's "Maximum call stack size exceeded" (no regex: compiling one needs stack too). */
function isStackOverflow(e: unknown): boolean {
    return e instanceof RangeError && e.message.includes("call stack");
}

/** What a RangeError of the engine (stack, string or array too large) means, naming the limit it stands for. */
function rangeErrorMessage(e: RangeError): string {
    if (isStackOverflow(e))
        return `value or template nested too deeply for the JavaScript stack (template limits maxValueDepth = ${TEMPLATE_LIMITS.maxValueDepth.toLocaleString("en-US")}, maxTemplateDepth = ${TEMPLATE_LIMITS.maxTemplateDepth.toLocaleString("en-US")})`;
    return `value too large (template limits maxString = ${TEMPLATE_LIMITS.maxString.toLocaleString("en-US")} characters, maxListItems = ${TEMPLATE_LIMITS.maxListItems.toLocaleString("en-US")})`;
}

/** Go's `truth`: whether a value is "true" for if/with/and/or/not. */
export function isTrue(v: unknown): boolean {
    if (v === undefined || v === null) return false;
    if (typeof v === "boolean") return v;
    if (typeof v === "string") return v.length > 0;
    if (typeof v === "number") return v !== 0;
    if (typeof v === "bigint") return v !== 0n;
    if (Array.isArray(v)) return v.length > 0;
    if (v instanceof Uint8Array) return v.length > 0;
    if (typeof v === "function") return true;
    if (isMap(v)) return Object.keys(v).length > 0;
    return true;
}

/** How a node reads in an error message. */
function nodeText(n: Exclude<Node, { kind: "text" }>): string {
    switch (n.kind) {
        case "action":
            return n.pipe.text;
        case "if":
        case "with":
        case "range":
            return `${n.kind} ${n.pipe.text}`;
        case "template":
            return `template "${n.name}"`;
        default:
            return n.kind;
    }
}

class ExecError extends Error {}
class Signal {
    constructor(readonly kind: "break" | "continue") {}
}

interface Variable {
    name: string;
    value: unknown;
}

/** Parses a function signature into per-position parameter kinds. */
function paramKinds(sig: string): { kinds: string[]; variadic: boolean } {
    const variadic = sig.endsWith("*");
    const kinds = sig
        .replace(/\*$/, "")
        .split("")
        .filter((c) => c !== ",");
    return { kinds, variadic };
}

function kindName(k: string): string {
    return (
        { s: "string", n: "int", f: "float64", b: "bool", l: "[]interface {}", m: "map[string]interface {}" }[k] ??
        "interface {}"
    );
}

/** Checks and converts one argument for a parameter kind, as Go's validateType does. */
function convertArg(v: unknown, kind: string, node?: Arg): unknown {
    if (kind === "i") return v === undefined ? null : v;
    if (node && ["number", "string", "bool", "nil"].includes(node.kind)) {
        const fits =
            (kind === "s" && node.kind === "string") ||
            ((kind === "n" || kind === "f") && node.kind === "number" && (kind === "f" || Number.isInteger(v))) ||
            (kind === "b" && node.kind === "bool") ||
            (node.kind === "nil" && (kind === "l" || kind === "m"));
        if (!fits) throw new ExecError(`expected ${kindName(kind)}; found ${node.text}`);
    }
    if (v === undefined || v === null) {
        if (kind === "l" || kind === "m") return null;
        throw new ExecError(`invalid value; expected ${kindName(kind)}`);
    }
    const ok =
        (kind === "s" && typeof v === "string") ||
        (kind === "n" && typeof v === "number" && Number.isInteger(v)) ||
        (kind === "f" && typeof v === "number") ||
        (kind === "b" && typeof v === "boolean") ||
        (kind === "l" && Array.isArray(v)) ||
        (kind === "m" && isMap(v));
    if (!ok) throw new ExecError(`wrong type for value; expected ${kindName(kind)}; got ${goTypeName(v)}`);
    return v;
}

/**
 * What a function's arguments cost to read: a step per 16 characters of a string, per item of a
 * list, per key of a map (shallow: functions that walk a value charge its nodes, limits.ts
 * checkValue). Nearly every function is linear in its input, so this is charged before each call.
 */
function argumentWork(values: readonly unknown[]): number {
    let work = 0;
    for (const v of values) {
        if (typeof v === "string") work += v.length >> 4;
        else if (Array.isArray(v) || v instanceof Uint8Array) work += v.length;
        else if (isMap(v)) work += Object.keys(v).length;
    }
    return work;
}

export class Executor implements WorkMeter {
    private readonly ctx: ExecContext;
    /** The budget shared with the other executions of the stack load (or this execution's own). */
    readonly budget: TemplateBudget;
    private vars: Variable[] = [];
    private out: string[] = [];
    private outLength = 0;
    private operations = 0;
    private depth = 0;
    private currentName: string;
    private node: { pos: number; text: string } = { pos: 0, text: "" };

    constructor(ctx: ExecContext) {
        this.ctx = ctx;
        this.currentName = ctx.name;
        this.budget =
            ctx.budget ?? currentLoadBudget() ?? new TemplateBudget(Number.POSITIVE_INFINITY, "maxOperations");
    }

    /** Runs the tree over `data` and returns the output. */
    run(root: Node[], data: unknown): string {
        this.metered(data, () => this.walkList(root, data));
        return this.out.join("");
    }

    /** The value of one action over `data`, unprinted (an {@link UnknownValue} stays one). */
    evaluate(action: Extract<Node, { kind: "action" }>, data: unknown): unknown {
        return this.metered(data, () => {
            this.at(action.pos, action.pipe.text, () => this.tick());
            return this.evalPipeline(data, action.pipe);
        });
    }

    /** A value of `action` (from {@link evaluate}) printed as the action prints it. */
    print(action: Extract<Node, { kind: "action" }>, value: unknown, data: unknown): string {
        return this.metered(data, () =>
            this.at(action.pos, action.pipe.text, () => this.printable(value, action.pipe)),
        );
    }

    private metered<T>(data: unknown, f: () => T): T {
        this.vars = [{ name: "$", value: data }];
        try {
            return withMeter(this, f);
        } catch (e) {
            if (e instanceof Signal) this.fail(`{{${e.kind}}} outside {{range}}`);
            if (isUnlocatedLimit(e)) this.fail(e.message, undefined, true);
            if (e instanceof RangeError) this.fail(rangeErrorMessage(e), undefined, true);
            throw e;
        }
    }

    /** Counts one step of work against `maxOperations` and the load's budget. */
    private tick(): void {
        this.spend(1);
    }

    /** Counts `n` steps of work against `maxOperations` and the load's budget (`maxLoadOperations`). */
    spend(n: number): void {
        this.operations += n;
        if (this.operations > TEMPLATE_LIMITS.maxOperations) {
            throw new TemplateLimitExceeded(
                `template ran more than ${TEMPLATE_LIMITS.maxOperations.toLocaleString("en-US")} steps (template limit maxOperations)`,
            );
        }
        this.budget.spend(n);
    }

    private write(s: string): void {
        this.outLength += s.length;
        if (this.outLength > TEMPLATE_LIMITS.maxOutput) {
            throw new TemplateLimitExceeded(
                `template output is longer than ${TEMPLATE_LIMITS.maxOutput.toLocaleString("en-US")} characters (template limit maxOutput)`,
            );
        }
        this.out.push(s);
    }

    /** Output produced so far (Go writes it even when a later action fails). */
    partial(): string {
        return this.out.join("");
    }

    private fail(message: string, functionName?: string, limit = false): never {
        const { src } = this.ctx;
        const where = `${this.currentName}:${lineOf(src, this.node.pos)}:${colOf(src, this.node.pos) - 1}`;
        throw new (limit ? TemplateLimitExceeded : TemplateError)(
            `template: ${where}: executing "${this.currentName}" at <${this.node.text}>: ${message}`,
            {
                template: this.ctx.name,
                line: lineOf(src, this.node.pos),
                functionName,
            },
        );
    }

    private at<T>(pos: number, text: string, f: () => T): T {
        const saved = this.node;
        this.node = { pos, text };
        try {
            return f();
        } catch (e) {
            if (e instanceof ExecError) this.fail(e.message);
            if (isUnlocatedLimit(e)) this.fail(e.message, undefined, true);
            throw e;
        } finally {
            this.node = saved;
        }
    }

    private walkList(list: Node[], dot: unknown): void {
        for (const n of list) this.walk(n, dot);
    }

    private walk(n: Node, dot: unknown): void {
        const last =
            this.operations + 1 >= TEMPLATE_LIMITS.maxOperations || this.budget.steps + 1 >= this.budget.maxSteps;
        if (last && n.kind !== "text") {
            this.at(n.pos, nodeText(n), () => this.tick());
        } else this.tick();
        switch (n.kind) {
            case "text":
                this.write(n.text);
                return;
            case "action": {
                const v = this.evalPipeline(dot, n.pipe);
                if (n.pipe.decl.length === 0) this.at(n.pos, n.pipe.text, () => this.write(this.printable(v, n.pipe)));
                return;
            }
            case "if":
            case "with": {
                const outer = this.vars.length;
                const v = this.evalPipeline(dot, n.pipe);
                const inner = this.vars.length;
                this.at(n.pos, n.pipe.text, () => refuseUnknown(v));
                if (isTrue(v)) {
                    this.walkList(n.list, n.kind === "with" ? v : dot);
                } else if (n.elseList) {
                    this.walkList(n.elseList, dot);
                }
                this.vars.length = inner;
                this.vars.length = outer;
                return;
            }
            case "range":
                return this.walkRange(n, dot);
            case "template":
                return this.walkTemplate(n, dot);
            case "break":
            case "continue":
                // eslint-disable-next-line @typescript-eslint/only-throw-error -- unwinds to the enclosing range, never escapes
                throw new Signal(n.kind);
        }
    }

    private printable(v: unknown, pipe: Pipe): string {
        // Go turns a nil interface result into "no value" at the end of every pipeline
        if (v === undefined || v === null) return "<no value>";
        this.at(pipe.pos, pipe.text, () => refuseUnknown(v));
        if (typeof v === "function") {
            return this.at(pipe.pos, pipe.text, () => {
                throw new ExecError(`can't print ${pipe.text} of type func`);
            });
        }
        return formatValue(v);
    }

    private walkRange(n: Extract<Node, { kind: "range" }>, dot: unknown): void {
        const mark = this.vars.length;
        const v = this.evalPipeline(dot, n.pipe);
        // the declared variables are set per iteration, not to the pipeline's value
        this.vars.length = mark;
        this.at(n.pos, n.pipe.text, () => refuseUnknown(v));
        const decl = n.pipe.decl;
        const declare = () => {
            for (const d of decl) this.vars.push({ name: d, value: undefined });
        };
        const oneIteration = (index: unknown, elem: unknown): boolean => {
            this.at(n.pos, n.pipe.text, () => this.tick());
            if (decl.length === 1) this.setVar(decl[0], elem, n.pipe.isAssign);
            if (decl.length === 2) {
                this.setVar(decl[0], index, n.pipe.isAssign);
                this.setVar(decl[1], elem, n.pipe.isAssign);
            }
            const inner = this.vars.length;
            try {
                this.walkList(n.list, elem);
            } catch (e) {
                if (e instanceof Signal) {
                    this.vars.length = inner;
                    return e.kind === "continue";
                }
                throw e;
            }
            this.vars.length = inner;
            return true;
        };
        let ran = false;
        if (!n.pipe.isAssign) declare();
        if (Array.isArray(v) || v instanceof Uint8Array) {
            for (let i = 0; i < v.length; i++) {
                ran = true;
                if (!oneIteration(i, v[i])) break;
            }
        } else if (isMap(v)) {
            for (const k of Object.keys(v).sort(compareGoStrings)) {
                ran = true;
                if (!oneIteration(k, v[k])) break;
            }
        } else if (typeof v === "number" && Number.isInteger(v)) {
            if (decl.length > 1) {
                this.at(n.pos, n.pipe.text, () => {
                    throw new ExecError(`can't use ${v} to iterate over more than one variable`);
                });
            }
            for (let i = 0; i < v; i++) {
                ran = true;
                if (!oneIteration(i, i)) break;
            }
        } else if (v !== undefined && v !== null) {
            const last = n.pipe.cmds[n.pipe.cmds.length - 1].args[0];
            this.at(last.pos, last.text, () => {
                throw new ExecError(`range can't iterate over ${formatValue(v)}`);
            });
        }
        this.vars.length = mark;
        if (!ran && n.elseList) this.walkList(n.elseList, dot);
        this.vars.length = mark;
    }

    private walkTemplate(n: Extract<Node, { kind: "template" }>, dot: unknown): void {
        const tmpl = this.ctx.templates.get(n.name);
        if (!tmpl) {
            this.at(n.pos, `template "${n.name}"`, () => {
                throw new ExecError(`template "${n.name}" not defined`);
            });
        }
        const newDot = n.pipe ? this.evalPipeline(dot, n.pipe) : undefined;
        if (++this.depth > MAX_DEPTH) {
            this.depth--;
            this.depthExceeded(n);
        }
        const savedVars = this.vars;
        const savedName = this.currentName;
        this.vars = [{ name: "$", value: newDot }];
        this.currentName = n.name;
        try {
            this.walkList(tmpl!, newDot);
        } catch (e) {
            // JavaScript's stack runs out long before Go's 100000 nested templates: report that as Go
            // reports its limit (a level with too little stack left to do so rethrows, its caller tries)
            if (isStackOverflow(e)) {
                this.vars = savedVars;
                this.currentName = savedName;
                this.depthExceeded(n);
            }
            // a limit reached by the called template's text: at the call
            if (isUnlocatedLimit(e)) {
                this.vars = savedVars;
                this.currentName = savedName;
                this.at(n.pos, `template "${n.name}"`, () => {
                    throw e;
                });
            }
            throw e;
        } finally {
            this.vars = savedVars;
            this.currentName = savedName;
            this.depth--;
        }
    }

    private depthExceeded(n: Extract<Node, { kind: "template" }>): never {
        return this.at(n.pos, `template "${n.name}"`, () => {
            throw new TemplateLimitExceeded(
                `exceeded maximum template depth (template limit maxTemplateDepth = ${MAX_DEPTH.toLocaleString("en-US")})`,
            );
        });
    }

    private setVar(name: string, value: unknown, assign: boolean): void {
        for (let i = this.vars.length - 1; i >= 0; i--) {
            if (this.vars[i].name === name) {
                this.vars[i].value = value;
                return;
            }
        }
        if (!assign) this.vars.push({ name, value });
        else throw new ExecError(`undefined variable: ${name}`);
    }

    private varValue(name: string): unknown {
        for (let i = this.vars.length - 1; i >= 0; i--) if (this.vars[i].name === name) return this.vars[i].value;
        throw new ExecError(`undefined variable: ${name}`);
    }

    private evalPipeline(dot: unknown, pipe: Pipe): unknown {
        let value: unknown = undefined;
        let hasFinal = false;
        for (const cmd of pipe.cmds) {
            value = this.evalCommand(dot, cmd, hasFinal, value);
            hasFinal = true;
        }
        for (const d of pipe.decl) {
            if (pipe.isAssign) this.at(pipe.pos, pipe.text, () => this.setVar(d, value, true));
            else this.vars.push({ name: d, value });
        }
        return value;
    }

    private evalCommand(dot: unknown, cmd: Command, hasFinal: boolean, final: unknown): unknown {
        const first = cmd.args[0];
        const where =
            first.kind === "identifier" ? { pos: cmd.pos, text: cmd.text } : { pos: first.pos, text: first.text };
        return this.at(where.pos, where.text, () => {
            switch (first.kind) {
                case "field":
                    return this.evalFieldChain(dot, dot, first.names, cmd.args, hasFinal, final, first.text);
                case "chain": {
                    const receiver = this.evalArg(dot, first.node);
                    return this.evalFieldChain(dot, receiver, first.names, cmd.args, hasFinal, final, first.text);
                }
                case "identifier":
                    return this.evalFunction(dot, first.name, cmd.args, hasFinal, final);
                case "pipe":
                    this.notAFunction(cmd.args, hasFinal);
                    return this.evalPipelineScoped(dot, first.pipe);
                case "variable": {
                    const v = this.varValue(first.name);
                    if (!first.names.length) {
                        this.notAFunction(cmd.args, hasFinal);
                        return v;
                    }
                    return this.evalFieldChain(dot, v, first.names, cmd.args, hasFinal, final, first.text);
                }
            }
            this.notAFunction(cmd.args, hasFinal);
            return this.constant(dot, first);
        });
    }

    private evalPipelineScoped(dot: unknown, pipe: Pipe): unknown {
        const mark = this.vars.length;
        const v = this.evalPipeline(dot, pipe);
        this.vars.length = mark;
        return v;
    }

    private notAFunction(args: Arg[], hasFinal: boolean): void {
        if (args.length > 1 || hasFinal) throw new ExecError(`can't give argument to non-function ${args[0].text}`);
    }

    private constant(dot: unknown, a: Arg): unknown {
        switch (a.kind) {
            case "dot":
                return dot;
            case "nil":
                throw new ExecError("nil is not a command");
            case "bool":
                return a.value;
            case "number":
                return a.value;
            case "string":
                return a.value;
        }
        return this.evalArg(dot, a);
    }

    /** Evaluates an argument (not in command position). */
    private evalArg(dot: unknown, a: Arg): unknown {
        switch (a.kind) {
            case "dot":
                return dot;
            case "nil":
                return null;
            case "bool":
            case "number":
            case "string":
                return a.value;
            case "field":
                return this.evalFieldChain(dot, dot, a.names, [a], false, undefined, a.text);
            case "variable": {
                const v = this.varValue(a.name);
                return a.names.length ? this.evalFieldChain(dot, v, a.names, [a], false, undefined, a.text) : v;
            }
            case "pipe":
                return this.evalPipelineScoped(dot, a.pipe);
            case "identifier":
                return this.evalFunction(dot, a.name, [a], false, undefined);
            case "chain": {
                const receiver = this.evalArg(dot, a.node);
                return this.evalFieldChain(dot, receiver, a.names, [a], false, undefined, a.text);
            }
        }
    }

    private evalFieldChain(
        dot: unknown,
        receiver: unknown,
        names: string[],
        args: Arg[],
        hasFinal: boolean,
        final: unknown,
        _text: string,
    ): unknown {
        const n = names.length;
        for (let i = 0; i < n - 1; i++) receiver = this.evalField(dot, names[i], receiver, [], false, undefined, false);
        return this.evalField(dot, names[n - 1], receiver, args, hasFinal, final, true);
    }

    private evalField(
        dot: unknown,
        name: string,
        receiver: unknown,
        args: Arg[],
        hasFinal: boolean,
        final: unknown,
        _isLast: boolean,
    ): unknown {
        const hasArgs = args.length > 1 || hasFinal;
        if (receiver instanceof UnknownValue) {
            // a function's result (`through`) has no fields: Go would fail on the value's type
            if (hasArgs || receiver.through !== undefined) refuseUnknown(receiver);
            return receiver.field(name);
        }
        if (receiver === undefined) {
            if (this.ctx.missingKey === "error") throw new ExecError(`nil data; no entry for key "${name}"`);
            return undefined;
        }
        if (receiver === null) throw new ExecError(`nil pointer evaluating interface {}.${name}`);
        if (isMap(receiver)) {
            const has = hasOwn(receiver, name);
            const v = has ? receiver[name] : undefined;
            if (typeof v === "function") {
                return this.callFunction(name, v as GoFunc, dot, args.slice(1), hasFinal, final);
            }
            if (!has && typeof (receiver as Record<symbol, unknown>)[NAMESPACE] === "string") {
                const ns = (receiver as Record<symbol, unknown>)[NAMESPACE] as string;
                throw new ExecError(`function "${ns}.${name}" is not supported by this port`);
            }
            if (hasArgs) throw new ExecError(`${name} is not a method but has arguments`);
            if (!has) {
                switch (this.ctx.missingKey) {
                    case "error":
                        throw new ExecError(`map has no entry for key "${name}"`);
                    case "zero":
                        return null;
                    default:
                        return undefined;
                }
            }
            return v;
        }
        // data values sit in interface{} slots, as in a decoded YAML or JSON document
        throw new ExecError(`can't evaluate field ${name} in type interface {}`);
    }

    private lookupFunction(name: string): GoFunc | FuncMap {
        const f = this.ctx.funcs[name];
        if (f === undefined) throw new ExecError(`"${name}" is not a defined function`);
        return f;
    }

    private evalFunction(dot: unknown, name: string, args: Arg[], hasFinal: boolean, final: unknown): unknown {
        const f = this.lookupFunction(name);
        if (typeof f !== "function") {
            // a namespace (gomplate's `strings`, Atmos's `atmos`): a value whose fields are methods
            if (args.length > 1 || hasFinal)
                throw new ExecError(`wrong number of args for ${name}: want 0 got ${args.length - 1}`);
            return f;
        }
        if (name === "and" || name === "or") return this.evalAndOr(name, dot, args.slice(1), hasFinal, final);
        return this.callFunction(name, f, dot, args.slice(1), hasFinal, final);
    }

    /** `and` and `or` evaluate their arguments only as far as needed (Go 1.18). */
    private evalAndOr(name: "and" | "or", dot: unknown, args: Arg[], hasFinal: boolean, final: unknown): unknown {
        const n = args.length + (hasFinal ? 1 : 0);
        if (n < 1) throw new ExecError(`wrong number of args for ${name}: want at least 1 got 0`);
        let v: unknown = undefined;
        for (let i = 0; i < n; i++) {
            v = i < args.length ? this.evalArg(dot, args[i]) : final;
            if (v === undefined) v = null;
            refuseUnknown(v);
            if (isTrue(v) === (name === "or")) return v;
        }
        return v;
    }

    private callFunction(
        name: string,
        f: GoFunc,
        dot: unknown,
        argNodes: Arg[],
        hasFinal: boolean,
        final: unknown,
    ): unknown {
        const { kinds, variadic } = paramKinds(f.sig ?? "i*");
        const got = argNodes.length + (hasFinal ? 1 : 0);
        const fixed = variadic ? kinds.length - 1 : kinds.length;
        if (variadic ? got < fixed : got !== fixed) {
            throw new ExecError(
                `wrong number of args for ${name}: want ${variadic ? "at least " : ""}${fixed} got ${got}`,
            );
        }
        const values: unknown[] = [];
        for (let i = 0; i < got; i++) {
            const kind = i < fixed ? kinds[i] : kinds[kinds.length - 1];
            const v =
                i < argNodes.length
                    ? this.at(argNodes[i].pos, argNodes[i].text, () => this.evalArg(dot, argNodes[i]))
                    : final;
            // one unknown value, not yet a function's result, given to a function whose result for it is unknown too
            if (got === 1 && f.unknownThrough !== undefined && v instanceof UnknownValue && v.through === undefined) {
                this.tick();
                return v.passedTo(name, f.unknownThrough);
            }
            if (i < argNodes.length) {
                const node = argNodes[i];
                values.push(
                    this.at(node.pos, node.text, () => {
                        refuseUnknown(v);
                        return convertArg(v, kind, node);
                    }),
                );
            } else {
                refuseUnknown(final);
                values.push(convertArg(final, kind));
            }
        }
        this.tick();
        let result: unknown;
        try {
            // reading the arguments is work, charged before the call runs
            this.spend(argumentWork(values));
            result = f(...values);
            // work grows with what a call builds (append copies its list): charge it
            if (typeof result === "string") {
                checkStringLength(result.length, `${name}'s result`);
                this.spend(result.length >> 4);
            } else if (Array.isArray(result)) {
                checkListLength(result.length, `${name}'s result`);
                this.spend(result.length);
            }
        } catch (e) {
            if (isUnlocatedLimit(e)) this.fail(`error calling ${name}: ${e.message}`, undefined, true);
            if (e instanceof TemplateError) throw e;
            if (e instanceof RangeError) this.fail(`error calling ${name}: ${rangeErrorMessage(e)}`, undefined, true);
            // a fault of this package's code is not the template's error
            if (isInternalError(e)) throw e;
            const msg = e instanceof Error ? e.message : String(e);
            const text = this.node.text;
            this.fail(`error calling ${name}: ${msg}`, text ? name : undefined);
        }
        return result;
    }
}

export { ExecError };
