/**
 * File-level templating of a stack manifest with Atmos's `locals`, resolved in dependency order; the file is rendered
 * as text before parsing. Pure apart from YAML functions (`!env`): text in, text out (rules: Design notes).
 */
import type { ScalarTag } from "yaml";
import { yaml } from "../util/yaml";
import { goYamlLineBreaks, goYamlOptions } from "../util/goYaml";
import { GoTemplate, TemplateError, unsupportedFunction, type FuncMap } from "../gotemplate";
import {
    atmosFunctionMap,
    hasTemplate,
    isLimit,
    renderImportText,
    sprigEnvFunctions,
    typeExactFields,
    StackTemplateError,
    type Environment,
} from "./templating";
import { atmosFunctionTags } from "./tree";
import {
    evaluateYamlFunction,
    isDeployTimeReference,
    isValueFunction,
    UNSET,
    YamlFunctionError,
    type YamlFunctionContext,
} from "./yamlFunctions";
import { getOwn, hasOwn, isPlainObject, setOwn } from "../util/objects";

/** What evaluating a file's locals may read. */
export interface LocalsOptions {
    /** The environment (`!env`, Sprig's `env`). @default process.env */
    readonly env?: Environment;
    /** Whether `!exec` may run commands. @default false */
    readonly allowExec?: boolean;
    /** The working directory (`!cwd`, `!repo-root`). @default process.cwd() */
    readonly cwd?: string;
}

/** YAML function tags read as `!tag args` strings (as the stack tree reads them), not dropped. */
const FUNCTION_TAGS: ScalarTag[] = atmosFunctionTags().map((tag) => ({
    tag,
    resolve: (value: string) => (value === "" ? tag : `${tag} ${value}`),
}));

const LOCAL_REFERENCE = /\.locals\.([\p{L}_][\p{L}_0-9]*)/gu;

function references(value: unknown): Set<string> {
    const out = new Set<string>();
    const visit = (v: unknown) => {
        if (typeof v === "string") for (const m of v.matchAll(LOCAL_REFERENCE)) out.add(m[1]);
        else if (Array.isArray(v)) v.forEach(visit);
        else if (isPlainObject(v)) Object.values(v).forEach(visit);
    };
    visit(value);
    return out;
}

/** A local written as a YAML function, evaluated; one that cannot be evaluated while loading stays as written. */
function evaluateLocalFunction(value: string, options: LocalsOptions): unknown {
    const context: YamlFunctionContext = {
        allowExec: options.allowExec === true,
        ...(options.env !== undefined ? { processEnv: options.env } : {}),
        ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    };
    try {
        const result = evaluateYamlFunction(value, context);
        if (result === UNSET || isDeployTimeReference(result)) return value;
        return result;
    } catch (e) {
        if (e instanceof YamlFunctionError) return value;
        throw e;
    }
}

/** How one kind of value is rendered: the template's functions, its missing-key rule, and YAML functions or not. */
interface RenderMode {
    readonly funcs: (options: LocalsOptions) => FuncMap;
    readonly missingKey: "error" | "default";
    /** Whether a string that is a YAML function (`!env NAME`) is evaluated first (locals only). */
    readonly yamlFunctions: boolean;
}

/** The functions locals add to Sprig's, once per environment (each template's function map is built once per object). */
const localFunctionsByEnv = new WeakMap<object, FuncMap>();
const NO_ENV = {};

function localFunctions(env: Environment | undefined): FuncMap {
    let funcs = localFunctionsByEnv.get(env ?? NO_ENV);
    if (funcs === undefined) {
        funcs = { ...sprigEnvFunctions(env), collectKeys: unsupportedFunction("collectKeys") };
        localFunctionsByEnv.set(env ?? NO_ENV, funcs);
    }
    return funcs;
}

/** Locals: Sprig's functions (and Atmos's collectKeys) only, missing keys fail, YAML functions evaluated. */
const LOCAL_MODE: RenderMode = {
    funcs: (options) => localFunctions(options.env),
    missingKey: "error",
    yamlFunctions: true,
};

/** The sections that may use locals (settings, vars, env): Sprig's and Gomplate's functions. */
const SECTION_MODE: RenderMode = {
    funcs: (options) => atmosFunctionMap({ sprig: true, gomplate: true }, options.env),
    missingKey: "default",
    yamlFunctions: false,
};

function render(
    value: unknown,
    data: Record<string, unknown>,
    file: string,
    options: LocalsOptions,
    mode: RenderMode,
): unknown {
    if (typeof value === "string") {
        if (mode.yamlFunctions && isValueFunction(value)) return evaluateLocalFunction(value, options);
        if (!hasTemplate(value)) return value;
        // exactly one field chain: the typed value
        const exact = /^\{\{-?\s*((?:\.[\p{L}_][\p{L}_0-9]*)+)\s*-?\}\}$/u.exec(value);
        if (exact) {
            let v: unknown = data;
            for (const k of exact[1].slice(1).split(".")) v = isPlainObject(v) ? getOwn(v, k) : undefined;
            if (v !== undefined && typeof v !== "string") return v;
        }
        try {
            return GoTemplate.parse(file, value, {
                funcs: mode.funcs(options),
                sprig: true,
                missingKey: mode.missingKey,
            }).execute(data);
        } catch (e) {
            throw new StackTemplateError(
                `locals: ${e instanceof Error ? e.message : String(e)}`,
                file,
                e instanceof TemplateError ? e.line : undefined,
                undefined,
                isLimit(e),
            );
        }
    }
    if (Array.isArray(value)) return value.map((v) => render(v, data, file, options, mode));
    if (isPlainObject(value))
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, render(v, data, file, options, mode)]));
    return value;
}

function renderLocal(value: unknown, data: Record<string, unknown>, file: string, options: LocalsOptions): unknown {
    return render(value, data, file, options, LOCAL_MODE);
}

function renderValue(value: unknown, data: Record<string, unknown>, file: string, options: LocalsOptions): unknown {
    return render(value, data, file, options, SECTION_MODE);
}

/** Renders the templates of a section's values; a value whose template fails stays as written. */
function tryRender(value: unknown, data: Record<string, unknown>, file: string, options: LocalsOptions): unknown {
    if (typeof value === "string") {
        try {
            return renderValue(value, data, file, options);
        } catch (e) {
            if (isLimit(e)) throw e;
            return value;
        }
    }
    if (Array.isArray(value)) return value.map((v) => tryRender(v, data, file, options));
    if (isPlainObject(value))
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tryRender(v, data, file, options)]));
    return value;
}

/**
 * Resolves a file's locals in dependency order; `scope` holds the same file's settings, vars and
 * env. Throws a {@link StackTemplateError} for a cycle or a failing template.
 */
export function resolveLocals(
    locals: Readonly<Record<string, unknown>>,
    scope: { readonly settings?: unknown; readonly vars?: unknown; readonly env?: unknown },
    file: string,
    options: LocalsOptions = {},
): Record<string, unknown> {
    const resolved: Record<string, unknown> = {};
    const state = new Map<string, "visiting" | "done">();
    const data = { locals: resolved, settings: scope.settings ?? {}, vars: scope.vars ?? {}, env: scope.env ?? {} };
    // Depth first, with a stack of its own: a chain of 50,000 locals is as deep as it is long.
    interface Frame {
        readonly name: string;
        readonly deps: string[];
        next: number;
    }
    const frame = (name: string): Frame => {
        state.set(name, "visiting");
        return { name, deps: [...references(getOwn(locals, name))], next: 0 };
    };
    for (const root of Object.keys(locals)) {
        if (state.get(root) === "done") continue;
        const frames = [frame(root)];
        while (frames.length > 0) {
            const top = frames[frames.length - 1];
            if (top.next < top.deps.length) {
                const dep = top.deps[top.next++];
                if (dep === top.name)
                    throw new StackTemplateError(`locals: circular dependency: ${dep} -> ${dep}`, file);
                if (!hasOwn(locals, dep) || state.get(dep) === "done") continue;
                if (state.get(dep) === "visiting") {
                    const names = frames.map((f) => f.name);
                    const cycle = [...names.slice(names.indexOf(dep)), dep];
                    throw new StackTemplateError(`locals: circular dependency: ${cycle.join(" -> ")}`, file);
                }
                frames.push(frame(dep));
                continue;
            }
            frames.pop();
            setOwn(resolved, top.name, renderLocal(getOwn(locals, top.name), data, file, options));
            state.set(top.name, "done");
        }
    }
    return resolved;
}

/** Options of {@link renderManifestText}. */
export interface ManifestTextOptions extends LocalsOptions {
    /** The import's `context` merged with its importers' (empty for a top-level manifest). */
    readonly context?: Readonly<Record<string, unknown>>;
    /** The import's (or atmos.yaml's) `ignore_missing_template_values`. */
    readonly ignoreMissing?: boolean;
    /** `.version` is an empty map (atmos.yaml's `versionsUnlocked`). */
    readonly versionsUnlocked?: boolean;
}

/**
 * A manifest's text as Atmos parses it: rendered first when it is a `.tmpl` file, has an import
 * context, or has `locals`. Returns the text unchanged otherwise. Throws a
 * {@link StackTemplateError} when rendering fails and a context came from outside.
 */
export function renderManifestText(text: string, file: string, options: ManifestTextOptions = {}): string {
    if (!hasTemplate(text)) return text;
    const outside = options.context ?? {};
    const contextFromOutside = Object.keys(outside).length > 0;
    let data: Record<string, unknown> = { ...outside };
    let hasLocals = false;
    if (/^(locals|terraform):/m.test(text)) {
        let doc: unknown;
        try {
            // duplicate keys are the stack parser's to report (in one pass; the library's own check is quadratic)
            doc = yaml().parse(goYamlLineBreaks(text), {
                ...goYamlOptions(FUNCTION_TAGS),
                logLevel: "error",
                uniqueKeys: false,
            });
        } catch {
            doc = undefined;
        }
        if (isPlainObject(doc)) {
            const terraform = isPlainObject(doc.terraform) ? doc.terraform : {};
            const locals = {
                ...(isPlainObject(doc.locals) ? doc.locals : {}),
                ...(isPlainObject(terraform.locals) ? terraform.locals : {}),
            };
            if (Object.keys(locals).length > 0) {
                hasLocals = true;
                const raw = { settings: doc.settings ?? {}, vars: doc.vars ?? {}, env: doc.env ?? {} };
                const resolved = resolveLocals(locals, raw, file, options);
                // Then settings, vars and env may use the locals (and each the ones before it).
                const settings = tryRender(raw.settings, { ...raw, locals: resolved }, file, options);
                const vars = tryRender(raw.vars, { ...raw, settings, locals: resolved }, file, options);
                const env = tryRender(raw.env, { ...raw, settings, vars, locals: resolved }, file, options);
                data = { settings, vars, env, ...data, locals: resolved };
            }
        }
    }
    if (!/\.ya?ml\.tmpl$/.test(file) && !contextFromOutside && !hasLocals) return text;
    if (contextFromOutside || !hasLocals) {
        return renderImportText(text, data, file, {
            contextFromOutside,
            ignoreMissing: options.ignoreMissing,
            env: options.env,
            versionsUnlocked: options.versionsUnlocked,
        });
    }
    // Only the file's own locals (processYAMLConfigFileWithContextInternal, stack_processor_utils.go
    // 1171-1210): the whole file is rendered; when that fails (a template needs the component:
    // `.atmos_component`, a component-level local), the file is kept as written, with its scalars
    // that are exactly one field found in the locals, settings, vars or env replaced
    // (processStructuredTemplateRefs), and the rest is left for the component pass, where
    // `.locals` are the component's own. The top-level settings, vars and env are rendered either way.
    try {
        return renderImportText(text, data, file, {
            contextFromOutside: true,
            env: options.env,
            versionsUnlocked: options.versionsUnlocked,
        });
    } catch (e) {
        if (isLimit(e)) throw e;
    }
    let section = "";
    return typeExactFields(text, data, true)
        .split("\n")
        .map((line) => {
            const key = /^([A-Za-z_][\w-]*)[ \t]*:/.exec(line);
            if (key !== null) section = key[1];
            else if (/^[^\s#]/.test(line)) section = "";
            if (!TOP_SECTIONS.has(section) || !hasTemplate(line)) return line;
            try {
                return renderImportText(line, data, file, {
                    contextFromOutside: true,
                    env: options.env,
                    versionsUnlocked: options.versionsUnlocked,
                });
            } catch (e) {
                if (isLimit(e)) throw e;
                return line;
            }
        })
        .join("\n");
}

/** The top-level sections Atmos renders with the file's locals before keeping the file as written. */
const TOP_SECTIONS: ReadonlySet<string> = new Set(["settings", "vars", "env"]);
