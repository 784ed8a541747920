/**
 * A pure TypeScript implementation of Go's `text/template` with Go's and Sprig's functions, printing values as Go
 * does: `renderTemplate("x.yaml", "{{ .vars.stage | upper }}", { vars: { stage: "dev" } })` gives `"DEV"`.
 */
import { goBuiltins } from "./builtins";
import { FunctionError, TemplateError } from "./errors";
import { Executor } from "./exec";
import type { FuncMap, GoFunc, MissingKey } from "./exec";
import { parseTemplate } from "./parse";
import { hasOwn } from "../util/objects";
import type { Node } from "./parse";
import { SPRIG_UNSUPPORTED, sprigFunctions } from "./sprig";

export { TemplateError, FunctionError } from "./errors";
export { TEMPLATE_LIMITS, TemplateLimitExceeded, checkJsonDepth, checkStringLength, withLoadBudget } from "./limits";
export type { FuncMap, GoFunc, MissingKey } from "./exec";
export { isTrue, NAMESPACE, UnknownValue, holdsUnknown, unknownIn } from "./exec";
export { fn, goBuiltins, unknownThrough } from "./builtins";
export {
    sprigFunctions,
    SPRIG_UNSUPPORTED,
    goJson,
    goYaml,
    strval,
    toInt64,
    toFloat64,
    isEmpty,
    title,
    toUpperGo,
    toLowerGo,
    compileRegex,
    replaceAllGo,
    regexReplace,
    dictOf,
    regexTest,
    splitGo,
    trimCutset,
} from "./sprig";
export { formatValue, sprintf, sprint, goTypeName, quoteGo } from "./fmt";

/** Options of {@link GoTemplate}. */
export interface TemplateOptions {
    /** Left and right action delimiters. @default ["{{", "}}"] */
    readonly delims?: readonly [string, string];
    /** Go's `missingkey` option: `default`/`invalid` print `<no value>`, `zero` gives nil, `error` fails. @default "default" */
    readonly missingKey?: MissingKey;
    /** Whether Sprig's functions are available. @default true */
    readonly sprig?: boolean;
    /** More functions (they win over Sprig's and Go's, as Go's Funcs does). */
    readonly funcs?: FuncMap;
}

/** A function that always fails, naming itself: for functions that exist upstream but not here. */
export function unsupportedFunction(name: string, why = "is not supported by this port"): GoFunc {
    const f: GoFunc = () => {
        throw new FunctionError(`function "${name}" ${why}`);
    };
    f.sig = "i*";
    return f;
}

/** The function map a template sees, built as Go's `Funcs` chain does. */
export function functionMap(options: Pick<TemplateOptions, "sprig" | "funcs"> = {}): FuncMap {
    const funcs: FuncMap = { ...(options.sprig !== false ? withSprig() : goOnly()) };
    if (options.funcs) Object.assign(funcs, options.funcs);
    return funcs;
}

/** {@link functionMap} of the same `funcs` object, built once per object (templates only read it). */
const combined = { sprig: new WeakMap<FuncMap, FuncMap>(), plain: new WeakMap<FuncMap, FuncMap>() };

function sharedFunctionMap(options: Pick<TemplateOptions, "sprig" | "funcs">): FuncMap {
    if (options.funcs === undefined) return options.sprig !== false ? withSprig() : goOnly();
    const cache = options.sprig !== false ? combined.sprig : combined.plain;
    let funcs = cache.get(options.funcs);
    if (funcs === undefined) {
        funcs = functionMap(options);
        cache.set(options.funcs, funcs);
    }
    return funcs;
}

// The functions hold no state: built once, shared by every template (a stack file with 50,000
// templates parses 50,000 times).
let GO_ONLY: FuncMap | undefined;
let WITH_SPRIG: FuncMap | undefined;

function goOnly(): FuncMap {
    return (GO_ONLY ??= goBuiltins());
}

function withSprig(): FuncMap {
    if (WITH_SPRIG === undefined) {
        const funcs: FuncMap = { ...goOnly() };
        for (const name of SPRIG_UNSUPPORTED) funcs[name] = unsupportedFunction(name);
        WITH_SPRIG = Object.assign(funcs, sprigFunctions());
    }
    return WITH_SPRIG;
}

/** The value of a template's one action (see {@link GoTemplate.value}). */
export interface SoleValue {
    /** The text before the action (`""` for a template that is the action alone). */
    readonly text: string;
    /** The action's value, unprinted. */
    readonly value: unknown;
    /** The template's output: the text, then the value as the action prints it. */
    print(): string;
}

/** A parsed template, ready to execute over data any number of times. */
export class GoTemplate {
    /** The template's name (used in error messages; for stack files, the file path). */
    readonly name: string;
    private readonly text: string;
    private readonly root: Node[];
    private readonly defined: Map<string, Node[]>;
    private readonly funcs: FuncMap;
    private readonly missingKey: MissingKey;

    private constructor(
        name: string,
        text: string,
        root: Node[],
        defined: Map<string, Node[]>,
        funcs: FuncMap,
        missingKey: MissingKey,
    ) {
        this.name = name;
        this.text = text;
        this.root = root;
        this.defined = defined;
        this.funcs = funcs;
        this.missingKey = missingKey;
    }

    /** Parses `text`; throws a {@link TemplateError} (with the line) for bad syntax or an unknown function. */
    static parse(name: string, text: string, options: TemplateOptions = {}): GoTemplate {
        const funcs = sharedFunctionMap(options);
        const parsed = parseTemplate(name, text, {
            delims: options.delims ? [options.delims[0], options.delims[1]] : undefined,
            isFunction: (n) => hasOwn(funcs, n),
        });
        return new GoTemplate(name, text, parsed.root, parsed.defined, funcs, options.missingKey ?? "default");
    }

    /** The names of the templates defined with `define` or `block`. */
    definedTemplates(): string[] {
        return [...this.defined.keys()];
    }

    /** Executes the template over `data` (plain JSON/YAML-like values); throws a {@link TemplateError}. */
    execute(data: unknown): string {
        return this.executor(this.name).run(this.root, data);
    }

    /**
     * When the whole template is one action (`{{ .a.b }}`, nothing around it), the value of its
     * pipeline over `data`, unprinted (an {@link UnknownValue} stays one), and how to print it as
     * {@link execute} would, without running the template again. Else undefined.
     */
    value(data: unknown): SoleValue | undefined {
        const nodes = this.root.filter((n) => !(n.kind === "text" && n.text === ""));
        return nodes.length === 1 ? this.soleValue("", nodes[0], data) : undefined;
    }

    /**
     * When the template is text followed by one action (`!template {{ .a }}`, nothing after it), the
     * text and the value of the action's pipeline over `data`, unprinted (see {@link value}). Else undefined.
     */
    valueAfterText(data: unknown): SoleValue | undefined {
        const nodes = this.root.filter((n) => !(n.kind === "text" && n.text === ""));
        const [text, only] = nodes;
        return nodes.length === 2 && text.kind === "text" ? this.soleValue(text.text, only, data) : undefined;
    }

    /** `node`'s value after `text`, when it is an action that declares no variable. */
    private soleValue(text: string, node: Node, data: unknown): SoleValue | undefined {
        if (node.kind !== "action" || node.pipe.decl.length > 0) return undefined;
        const executor = this.executor(this.name);
        const value = executor.evaluate(node, data);
        return { text, value, print: () => text + executor.print(node, value, data) };
    }

    /** Executes a template defined in this one (`{{define "name"}}`). */
    executeTemplate(name: string, data: unknown): string {
        const list = name === this.name ? this.root : this.defined.get(name);
        if (!list)
            throw new TemplateError(`template: no template "${name}" associated with template "${this.name}"`, {
                template: this.name,
            });
        return this.executor(name).run(list, data);
    }

    /** An executor of this template's text, running the template `name`. */
    private executor(name: string): Executor {
        const templates = new Map(this.defined);
        templates.set(this.name, this.root);
        return new Executor({ name, src: this.text, funcs: this.funcs, templates, missingKey: this.missingKey });
    }
}

/** Parses and executes a template in one step. */
export function renderTemplate(name: string, text: string, data: unknown, options: TemplateOptions = {}): string {
    return GoTemplate.parse(name, text, options).execute(data);
}
