/**
 * Templates, then YAML functions, in the values an instance uses, in Atmos's order; only those values, so a template
 * in a section our components do not take never fails a load. Details: the contributors' Design notes.
 */
import { formatLocation, makeProblem, type StackFileProblem } from "./errors";
import { UnknownValue } from "../gotemplate";
import { deployTimeReference, type JsonText } from "../components/kit/deployTime";
import {
    JSON_MARKS,
    renderComponentScalar,
    StackTemplateError,
    type ComponentFunction,
    type TemplateSettings,
} from "./templating";
import { plainToNode, type Location, type MapEntry, type TreeNode } from "./tree";
import {
    evaluateYamlFunction,
    isDeployTimeReference,
    isValueFunction,
    UNSET,
    YamlFunctionError,
    type DeployTimeReference,
    type YamlFunctionContext,
} from "./yamlFunctions";

/** What evaluating an instance's values needs. */
export interface EvaluationContext {
    /** atmos.yaml `templates.settings`. */
    readonly templates: TemplateSettings;
    /** The data component-pass templates see (`componentTemplateContext`). */
    readonly templateData: Readonly<Record<string, unknown>>;
    /** What YAML functions may read. */
    readonly functions: YamlFunctionContext;
    /** The instance, for messages. */
    readonly instance: string;
    /** `eventbridge "ecs-alerts"`, prefixed to messages. */
    readonly who: string;
    /** Where notes about values go, one line each (`file:line:col: who: field: ...`). */
    readonly warnings?: string[];
    /** `atmos.Component` (stack/componentFunction.ts); without it, the function is refused. */
    readonly components?: ComponentFunction;
}

/**
 * What a value known only at deploy time in `atmos.Component`'s result stands for: the described
 * component's Terraform `outputs`, a deploy-time YAML function in one of its sections, or a YAML
 * function there this port does not evaluate (`reason`: its refusal, located).
 */
export type UnknownOrigin =
    | { readonly kind: "outputs"; readonly component: string; readonly stack: string }
    | { readonly kind: "reference"; readonly reference: DeployTimeReference; readonly stack: string }
    | { readonly kind: "refused"; readonly reason: string; readonly code: "YAML_FUNCTION" | "UNSUPPORTED" };

/** The problem code of a var whose whole value is an unknown value of `origin`. */
function codeOf(origin: UnknownOrigin): StackFileProblem["code"] {
    return origin.kind === "refused" ? origin.code : "DEPLOY_TIME_VALUE";
}

/**
 * The deploy-time reference a var's whole value `{{ ... }}` gives when it is a value known only at
 * deploy time: `.outputs.<name>[.<path>]` is what `!terraform.output <component> <stack> <name>`
 * gives; a deploy-time YAML function of the described component is that function, read in that
 * component's stack. A string when it names no output (why).
 */
export function unknownReference(value: UnknownValue, text: string): DeployTimeReference | string {
    const origin = value.origin as UnknownOrigin;
    if (origin.kind === "refused")
        return `${value.text} ${typeof value.why === "function" ? value.why(value) : value.why}`;
    const json = jsonTextOf(value);
    if (typeof json === "string") return json;
    const encoded = json === undefined ? {} : { jsonText: json };
    if (origin.kind === "outputs") {
        if (value.path.length === 0)
            return `${value.text} is the whole outputs map, known only at deploy time; a var takes one output (.outputs.<name>)`;
        return deployTimeReference({
            kind: "stack-output",
            function: "!terraform.output",
            component: origin.component,
            stack: origin.stack,
            output: value.path[0],
            path: value.path.slice(1),
            text,
            ...encoded,
        });
    }
    const r = origin.reference;
    // JSON text (a string) in the described component: no fields to read, not encoded again here
    if (r.jsonText !== undefined && (value.path.length > 0 || json !== undefined))
        return `${value.text} reads ${r.text} in stack ${origin.stack}, the JSON text of a value known only at deploy time: a string, with no fields, which this port does not write as JSON again`;
    return r.kind === "stack-output"
        ? deployTimeReference({
              ...r,
              stack: r.stack ?? origin.stack,
              path: [...r.path, ...value.path],
              text,
              ...encoded,
          })
        : deployTimeReference({ ...r, path: [...r.path, ...value.path], text, ...encoded });
}

/**
 * The JSON text a value piped to a JSON function stands for (undefined: the value itself). Atmos
 * renders the component section as YAML text and reads it back (internal/exec/utils.go 989-1035),
 * so without `!template` the var is the function's text, a string. Sprig's is Go's json.Marshal's,
 * written again at deploy time; Gomplate's (ugorji's codec, `1.0` for a whole number) is not, so
 * it is refused, saying what to write (why, a string).
 */
function jsonTextOf(value: UnknownValue): JsonText | string | undefined {
    switch (value.through) {
        case undefined:
            return undefined;
        case JSON_MARKS.sprig:
            return { escapeHtml: true };
        case JSON_MARKS.sprigRaw:
            return { escapeHtml: false };
        default:
            return `${value.text} is Gomplate's JSON text of a value known only at deploy time, which this port does not write at deploy time (its codec writes whole numbers as 1.0); write the var as !template '{{ ... }}', whose JSON Atmos decodes back to the value, or use Sprig's toJson`;
    }
}

/** One evaluated value. */
export type Evaluated =
    | { readonly kind: "value"; readonly node: TreeNode }
    | { readonly kind: "deploy-time"; readonly reference: DeployTimeReference; readonly loc: Location }
    | { readonly kind: "unset" };

/** What Go's text/template prints for a missing key (missingkey=default). */
const NO_VALUE = "<no value>";

class Failure extends Error {
    constructor(readonly problem: StackFileProblem) {
        super(problem.message);
    }
}

function evaluateNode(node: TreeNode, field: string, ctx: EvaluationContext): Evaluated {
    switch (node.kind) {
        case "scalar": {
            if (typeof node.value !== "string") return { kind: "value", node };
            let text: string;
            try {
                const rendered = renderComponentScalar(
                    node.value,
                    ctx.templateData,
                    ctx.templates,
                    { file: node.loc.file, line: node.loc.line, what: `${ctx.who}: ${field}` },
                    ctx.components,
                );
                if (rendered instanceof UnknownValue) {
                    const reference = unknownReference(rendered, node.value);
                    if (typeof reference === "string") {
                        throw new Failure(
                            makeProblem(
                                codeOf(rendered.origin as UnknownOrigin),
                                node.loc,
                                `${ctx.who}: ${field}: ${reference}`,
                                { instance: ctx.instance, field },
                            ),
                        );
                    }
                    return { kind: "deploy-time", reference, loc: node.loc };
                }
                text = rendered;
            } catch (e) {
                if (e instanceof StackTemplateError) {
                    throw new Failure(
                        makeProblem("TEMPLATE_ERROR", node.loc, e.message, { instance: ctx.instance, field }),
                    );
                }
                throw e;
            }
            if (
                ctx.warnings !== undefined &&
                text !== node.value &&
                text.includes(NO_VALUE) &&
                !node.value.includes(NO_VALUE)
            ) {
                ctx.warnings.push(
                    `${formatLocation(node.loc)}: ${ctx.who}: ${field}: the template renders ${NO_VALUE} (it reads a key its data lacks; Atmos prints the same: in a component, .locals holds only the component's own locals, and a file's own locals reach a template only when the whole file renders at load time, which it does not when any template in it needs the component, such as .atmos_stack, .atmos_component or a component local)`,
                );
            }
            if (!isValueFunction(text)) {
                return { kind: "value", node: text === node.value ? node : { ...node, value: text } };
            }
            let result: unknown;
            try {
                const warnings = ctx.warnings;
                result = evaluateYamlFunction(
                    text,
                    warnings === undefined
                        ? ctx.functions
                        : {
                              ...ctx.functions,
                              warn: (m) => warnings.push(`${formatLocation(node.loc)}: ${ctx.who}: ${field}: ${m}`),
                          },
                );
            } catch (e) {
                if (e instanceof YamlFunctionError) {
                    throw new Failure(
                        makeProblem("YAML_FUNCTION", node.loc, `${ctx.who}: ${field}: ${e.message}`, {
                            instance: ctx.instance,
                            field,
                        }),
                    );
                }
                throw e;
            }
            if (result === UNSET) return { kind: "unset" };
            if (isDeployTimeReference(result)) return { kind: "deploy-time", reference: result, loc: node.loc };
            return { kind: "value", node: plainToNode(result, node.loc) };
        }
        case "seq": {
            const items: TreeNode[] = [];
            node.items.forEach((item, i) => {
                const r = evaluateNode(item, `${field}[${i}]`, ctx);
                if (r.kind === "deploy-time") throw deployTimeInside(r, field, ctx);
                if (r.kind === "value") items.push(r.node);
            });
            return { kind: "value", node: { ...node, items } };
        }
        case "map": {
            const entries = new Map<string, MapEntry>();
            for (const entry of node.entries.values()) {
                const r = evaluateNode(entry.value, `${field}.${entry.key}`, ctx);
                if (r.kind === "deploy-time") throw deployTimeInside(r, field, ctx);
                if (r.kind === "value") entries.set(entry.key, { ...entry, value: r.node });
            }
            return { kind: "value", node: { ...node, entries } };
        }
    }
}

function deployTimeInside(
    r: Extract<Evaluated, { kind: "deploy-time" }>,
    field: string,
    ctx: EvaluationContext,
): Failure {
    return new Failure(
        makeProblem(
            "DEPLOY_TIME_VALUE",
            r.loc,
            `${ctx.who}: ${field}: ${r.reference.text} is known only at deploy time, and this port takes deploy-time values only as a whole var, not inside a list or map`,
            { instance: ctx.instance, field },
        ),
    );
}

/**
 * Evaluates one var's value: templates, then YAML functions (a function anywhere inside a map or
 * list too). A failure is returned as a problem naming the instance, the var, the file and line.
 */
export function evaluateVar(
    name: string,
    node: TreeNode,
    ctx: EvaluationContext,
): Evaluated | { readonly kind: "problem"; readonly problem: StackFileProblem } {
    try {
        return evaluateNode(node, name, ctx);
    } catch (e) {
        if (e instanceof Failure) return { kind: "problem", problem: e.problem };
        throw e;
    }
}
