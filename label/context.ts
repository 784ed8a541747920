/**
 * The `context` object of null-label 0.25.0: the Terraform default context, the merge of the
 * variables over a context (main.tf `local.input`), and the snake_case <-> camelCase bridge.
 */
import type {
    DescriptorFormat,
    LabelContext,
    LabelContextOutput,
    LabelInput,
    LabelKeyCase,
    LabelValueCase,
} from "./types";
import { problem, userKey, type Problem, type ProblemPath } from "../util/problem";
import { isAscii, nfc } from "./strings";
import { compareGoStrings } from "../util/goOrder";
import {
    fail,
    LabelError,
    optBoolean,
    optOneOf,
    optString,
    optStringList,
    optStringMap,
    optWholeNumber,
} from "./validate";
import { isPlainObject, setOwn } from "../util/objects";

/** Allowed values of `labelKeyCase`. */
export const LABEL_KEY_CASES: readonly LabelKeyCase[] = ["lower", "title", "upper"];
/** Allowed values of `labelValueCase`. */
export const LABEL_VALUE_CASES: readonly LabelValueCase[] = ["lower", "title", "upper", "none"];

/** The 17 context keys: camelCase name -> Terraform name, in Terraform's (sorted) order. */
export const CONTEXT_KEYS: ReadonlyArray<readonly [keyof LabelContext, string]> = [
    ["additionalTagMap", "additional_tag_map"],
    ["attributes", "attributes"],
    ["delimiter", "delimiter"],
    ["descriptorFormats", "descriptor_formats"],
    ["enabled", "enabled"],
    ["environment", "environment"],
    ["idLengthLimit", "id_length_limit"],
    ["labelKeyCase", "label_key_case"],
    ["labelOrder", "label_order"],
    ["labelValueCase", "label_value_case"],
    ["labelsAsTags", "labels_as_tags"],
    ["name", "name"],
    ["namespace", "namespace"],
    ["regexReplaceChars", "regex_replace_chars"],
    ["stage", "stage"],
    ["tags", "tags"],
    ["tenant", "tenant"],
];

const SNAKE_TO_CAMEL = new Map(CONTEXT_KEYS.map(([camel, snake]) => [snake, camel]));
const CAMEL_TO_SNAKE = new Map(CONTEXT_KEYS.map(([camel, snake]) => [camel as string, snake]));

/** The Terraform default of `var.context`. */
export const DEFAULT_CONTEXT: LabelContext = Object.freeze({
    additionalTagMap: {},
    attributes: [],
    delimiter: null,
    descriptorFormats: {},
    enabled: true,
    environment: null,
    idLengthLimit: null,
    labelKeyCase: null,
    labelOrder: [],
    labelValueCase: null,
    labelsAsTags: ["unset"],
    name: null,
    namespace: null,
    regexReplaceChars: null,
    stage: null,
    tags: {},
    tenant: null,
});

function copyDeep(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(copyDeep);
    if (isPlainObject(value)) {
        const out: Record<string, unknown> = {};
        for (const k of Object.keys(value)) setOwn(out, k, copyDeep(value[k]));
        return out;
    }
    return value;
}

/** A deep copy with every object's keys in Terraform's order (an object value of type `any`). */
function sortDeep(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(sortDeep);
    if (isPlainObject(value)) {
        const out: Record<string, unknown> = {};
        for (const k of Object.keys(value).sort(compareGoStrings)) setOwn(out, nfc(k), sortDeep(value[k]));
        return out;
    }
    return typeof value === "string" ? nfc(value) : value;
}

/**
 * Converts a Terraform context object (snake_case keys, e.g. the JSON of a null-label `context`
 * output) to a `LabelContext`. Keys it does not know are ignored, as Terraform ignores them;
 * camelCase keys are refused, since they are a sign that the object is already converted.
 */
export function fromTerraformContext(ctx: object): LabelContext {
    if (!isPlainObject(ctx)) fail(["context"], "must be an object with snake_case keys", ctx, "TYPE_MISMATCH");
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(ctx)) {
        const camel = SNAKE_TO_CAMEL.get(key);
        if (camel !== undefined) {
            out[camel] = copyDeep(ctx[key]);
        } else if (CAMEL_TO_SNAKE.has(key) && key !== CAMEL_TO_SNAKE.get(key)) {
            fail(
                ["context", key],
                `is a camelCase key; fromTerraformContext expects ${CAMEL_TO_SNAKE.get(key)}`,
                ctx[key],
                "CAMEL_CASE_KEY",
            );
        }
    }
    return orderContext(out) as LabelContext;
}

/** Converts a `LabelContext` to a Terraform context object (snake_case keys, Terraform's key order). */
export function toTerraformContext(ctx: LabelContext): object {
    if (!isPlainObject(ctx)) fail(["context"], "must be an object with camelCase keys", ctx, "TYPE_MISMATCH");
    const src = ctx as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [camel, snake] of CONTEXT_KEYS) {
        if (camel in src) out[snake] = copyDeep(src[camel]);
    }
    return out;
}

/** A copy of a camelCase context with its keys in Terraform's order. */
function orderContext(ctx: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [camel] of CONTEXT_KEYS) if (camel in ctx) out[camel] = ctx[camel];
    return out;
}

/**
 * A map with its keys in Terraform's order (bytewise sorted). With `fresh`, `map` was just built
 * by the caller and is returned as is when already in order.
 */
export function sortMap<T>(map: Readonly<Record<string, T>>, fresh = false): Record<string, T> {
    const keys = Object.keys(map);
    let sorted = true;
    for (let i = 1; i < keys.length; i++) {
        if (compareGoStrings(keys[i - 1], keys[i]) > 0) {
            sorted = false;
            break;
        }
    }
    if (sorted) return fresh ? (map as Record<string, T>) : { ...map };
    const out: Record<string, T> = {};
    for (const k of keys.sort(compareGoStrings)) setOwn(out, k, map[k]);
    return out;
}

/** Terraform `merge(a, b)` of two maps of strings (null skipped), keys sorted, strings NFC. */
function mergeStringMaps(
    a: Readonly<Record<string, string>> | null,
    b: Readonly<Record<string, string>> | null,
): Record<string, string> {
    if (isEmptyMap(b) && isEmptyMap(a)) return {};
    const merged: Record<string, string> = {};
    if (a) for (const k in a) setOwn(merged, nfc(k), nfc(a[k]));
    if (b) for (const k in b) setOwn(merged, nfc(k), nfc(b[k]));
    return sortMap(merged, true);
}

function nfcOrNull(s: string | null): string | null {
    return s === null ? null : nfc(s);
}

/** Validates a `descriptorFormats` map (shape only; labels are checked when used). */
function optDescriptorFormats(field: ProblemPath, value: unknown): Readonly<Record<string, DescriptorFormat>> | null {
    if (value === null || value === undefined) return null;
    if (!isPlainObject(value)) fail(field, "must be a map of {format, labels} objects", value, "TYPE_MISMATCH");
    for (const key in value) {
        const d = value[key];
        const f = [...field, userKey(key)];
        if (!isPlainObject(d)) {
            fail(f, "must be an object with format (a string) and labels (a list of strings)", d, "TYPE_MISMATCH");
        }
        if (typeof d.format !== "string") fail([...f, "format"], "must be a string", d.format, "TYPE_MISMATCH");
        optStringList([...f, "labels"], d.labels);
        if (d.labels === null || d.labels === undefined) {
            fail([...f, "labels"], "must be a list of strings", d.labels, "TYPE_MISMATCH");
        }
    }
    return value as Readonly<Record<string, DescriptorFormat>>;
}

/** `var.context.labels_as_tags` is "unset" when missing, not a list, or containing "unset". */
function labelsAsTagsIsUnset(value: unknown): boolean {
    return !Array.isArray(value) || value.includes("unset");
}

/** Sorted, de-duplicated copy: the value of a Terraform `set(string)`. */
export function toSet(list: readonly string[]): string[] {
    let sortedUnique = true;
    for (let i = 0; i < list.length; i++) {
        if (!isAscii(list[i]) || (i > 0 && compareGoStrings(list[i - 1], list[i]) >= 0)) {
            sortedUnique = false;
            break;
        }
    }
    if (sortedUnique) return list.slice();
    const out = Array.from(new Set(list.map(nfc)));
    return out.sort(compareGoStrings);
}

const EMPTY: Record<string, never> = Object.freeze({}) as Record<string, never>;

/** True for null, undefined and `{}` (a plain object without keys). */
function isEmptyMap(value: unknown): boolean {
    if (value === null || value === undefined) return true;
    if (!isPlainObject(value)) return false;
    for (const _ in value) return false;
    return true;
}

/** An allowed-values field (fast path when valid). */
function oneOf<T extends string>(p: Problems, field: ProblemPath, value: unknown, allowed: readonly T[]): T | null {
    if (value === null || value === undefined) return null;
    if ((allowed as readonly unknown[]).includes(value)) return value as T;
    return p.check(() => optOneOf(field, value, allowed), null);
}

/** The 18 variables of the module, camelCased (the compiler checks the list against `LabelInput`). */
const INPUT_KEY_LIST = [
    "enabled",
    "namespace",
    "tenant",
    "environment",
    "stage",
    "name",
    "delimiter",
    "attributes",
    "tags",
    "additionalTagMap",
    "labelOrder",
    "regexReplaceChars",
    "idLengthLimit",
    "labelKeyCase",
    "labelValueCase",
    "descriptorFormats",
    "labelsAsTags",
    "context",
] as const satisfies readonly (keyof LabelInput)[];
type UnlistedInputKey = Exclude<keyof LabelInput, (typeof INPUT_KEY_LIST)[number]>;
/** Fails to compile when `LabelInput` gains a variable the list above does not name. */
export const INPUT_KEYS_COMPLETE: [UnlistedInputKey] extends [never] ? true : UnlistedInputKey = true;
const INPUT_KEYS: ReadonlySet<string> = new Set(INPUT_KEY_LIST);

/** Collects validation problems, so that every one of them is reported at once. */
export class Problems {
    readonly messages: Problem[] = [];

    /** A string field: fast path without a closure when the value is already valid. */
    string(field: ProblemPath, value: unknown): string | null {
        if (value === null || value === undefined) return null;
        if (typeof value === "string") return value;
        return this.check(() => optString(field, value), null);
    }

    /** A list-of-strings field (fast path when valid). */
    stringList(field: ProblemPath, value: unknown): readonly string[] | null {
        if (value === null || value === undefined) return null;
        if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value as readonly string[];
        return this.check(() => optStringList(field, value), null);
    }

    /** A map-of-strings field (fast path when valid). */
    stringMap(field: ProblemPath, value: unknown): Readonly<Record<string, string>> | null {
        if (value === null || value === undefined) return null;
        return this.check(() => optStringMap(field, value), null);
    }

    /** Runs a throwing check; on failure records its message and returns `fallback`. */
    check<T>(fn: () => T, fallback: T): T {
        try {
            return fn();
        } catch (e) {
            if (!(e instanceof LabelError)) throw e;
            this.messages.push(...e.details);
            return fallback;
        }
    }

    /** Throws one LabelError listing every problem, if any. */
    throwIfAny(): void {
        if (this.messages.length > 0) throw new LabelError(this.messages);
    }
}

/**
 * Merges the variables over the context (main.tf `local.input`), validating both; problems are
 * recorded in `problems`. The result is the module's `context` output: nulls kept, attributes
 * de-duplicated but not normalised.
 */
export function mergeInput(input: LabelInput, problems: Problems): LabelContextOutput {
    if (!isPlainObject(input)) fail(["input"], "must be an object", input, "TYPE_MISMATCH");
    const rawCtx = input.context ?? DEFAULT_CONTEXT;
    if (!isPlainObject(rawCtx)) fail(["context"], "must be a LabelContext object", rawCtx, "TYPE_MISMATCH");
    const ctx = rawCtx as Record<string, unknown>;
    const p = problems;

    // Like Terraform ("An argument named ... is not expected here"), refuse unknown inputs: a typo
    // would otherwise be silently ignored.
    for (const key in input) {
        if (!INPUT_KEYS.has(key)) {
            p.messages.push(
                problem(
                    "UNKNOWN_ARGUMENT",
                    [key],
                    `is not a label input (expected one of ${[...INPUT_KEYS].join(", ")})`,
                ),
            );
        }
    }

    // variables.tf validates the two case fields of var.context as well as the variables.
    const ctxKeyCase = oneOf(p, ["context", "labelKeyCase"], ctx.labelKeyCase, LABEL_KEY_CASES);
    const ctxValueCase = oneOf(p, ["context", "labelValueCase"], ctx.labelValueCase, LABEL_VALUE_CASES);
    const keyCase = oneOf(p, ["labelKeyCase"], input.labelKeyCase, LABEL_KEY_CASES);
    const valueCase = oneOf(p, ["labelValueCase"], input.labelValueCase, LABEL_VALUE_CASES);

    // The length limit is validated on the variable only.
    const idLengthLimit =
        input.idLengthLimit === null || input.idLengthLimit === undefined
            ? null
            : p.check(() => {
                  const limit = optWholeNumber(["idLengthLimit"], input.idLengthLimit);
                  if (limit !== null && limit !== 0 && limit < 6)
                      fail(["idLengthLimit"], "must be 0 (unlimited) or at least 6", limit, "OUT_OF_RANGE");
                  return limit;
              }, null);
    const ctxLimit =
        ctx.idLengthLimit === null || ctx.idLengthLimit === undefined
            ? null
            : p.check(() => optWholeNumber(["context", "idLengthLimit"], ctx.idLengthLimit), null);

    const varEnabled =
        typeof input.enabled === "boolean"
            ? input.enabled
            : p.check(() => optBoolean(["enabled"], input.enabled), null);
    const ctxEnabled =
        varEnabled !== null
            ? null
            : typeof ctx.enabled === "boolean"
              ? ctx.enabled
              : p.check(() => optBoolean(["context", "enabled"], ctx.enabled), true);
    const enabled = varEnabled ?? ctxEnabled;
    if (enabled === null) {
        p.check(
            () => fail(["enabled"], "must be true or false, in the input or in context.enabled", null, "REQUIRED"),
            null,
        );
    }

    type StringKey = "namespace" | "tenant" | "environment" | "stage" | "name" | "delimiter" | "regexReplaceChars";
    const str = (key: StringKey): string | null => {
        const v = p.string([key], input[key]);
        if (v !== null) return nfc(v);
        return nfcOrNull(p.string(["context", key], ctx[key]));
    };

    const ctxAttributes = p.stringList(["context", "attributes"], ctx.attributes) ?? [];
    const varAttributes = p.stringList(["attributes"], input.attributes) ?? [];
    const attributes: string[] = [];
    const seen = new Set<string>();
    for (const list of [ctxAttributes, varAttributes]) {
        for (const raw of list) {
            const a = nfc(raw);
            if (a !== "" && !seen.has(a)) {
                seen.add(a);
                attributes.push(a);
            }
        }
    }

    const tags = mergeStringMaps(p.stringMap(["context", "tags"], ctx.tags), p.stringMap(["tags"], input.tags));
    const additionalTagMap = mergeStringMaps(
        p.stringMap(["context", "additionalTagMap"], ctx.additionalTagMap),
        p.stringMap(["additionalTagMap"], input.additionalTagMap),
    );

    const varOrder = p.stringList(["labelOrder"], input.labelOrder);
    const ctxOrder = varOrder === null ? p.stringList(["context", "labelOrder"], ctx.labelOrder) : null;
    const labelOrder = varOrder !== null ? varOrder.map(nfc) : ctxOrder !== null ? ctxOrder.map(nfc) : null;

    const ctxFormats = isEmptyMap(ctx.descriptorFormats)
        ? null
        : p.check(() => optDescriptorFormats(["context", "descriptorFormats"], ctx.descriptorFormats), null);
    const varFormats = isEmptyMap(input.descriptorFormats)
        ? null
        : p.check(() => optDescriptorFormats(["descriptorFormats"], input.descriptorFormats), null);
    let descriptorFormats: Record<string, DescriptorFormat> = EMPTY;
    if (ctxFormats || varFormats) {
        descriptorFormats = {};
        for (const src of [ctxFormats, varFormats]) {
            if (src) for (const k in src) setOwn(descriptorFormats, nfc(k), sortDeep(src[k]) as DescriptorFormat);
        }
        descriptorFormats = sortMap(descriptorFormats, true);
    }

    const varLabelsAsTags = p.stringList(["labelsAsTags"], input.labelsAsTags);
    let labelsAsTags: string[];
    if (labelsAsTagsIsUnset(ctx.labelsAsTags)) {
        labelsAsTags = toSet(varLabelsAsTags ?? ["default"]);
    } else {
        // The conditional in main.tf unifies the context's list with the variable's set(string).
        labelsAsTags = toSet(p.stringList(["context", "labelsAsTags"], ctx.labelsAsTags) ?? []);
    }

    return {
        additionalTagMap,
        attributes,
        delimiter: str("delimiter"),
        descriptorFormats,
        enabled: enabled ?? true,
        environment: str("environment"),
        idLengthLimit: idLengthLimit ?? ctxLimit,
        labelKeyCase: keyCase ?? ctxKeyCase,
        labelOrder,
        labelValueCase: valueCase ?? ctxValueCase,
        labelsAsTags,
        name: str("name"),
        namespace: str("namespace"),
        regexReplaceChars: str("regexReplaceChars"),
        stage: str("stage"),
        tags,
        tenant: str("tenant"),
    };
}
