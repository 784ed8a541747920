/**
 * Converts stack-file values to a variable's declared type as Terraform converts tfvars, element by element at any
 * depth: lists, sets (deduplicated, sorted), maps of the user's own keys, and objects of declared fields written under
 * their snake_case vars, given to the component under camelCase keys. Each failure is located and named as written.
 */
import { typeNode, type FieldDefinition, type TypeNode, type VarType } from "../components/kit/definition";
import { representsExactly, toPlain, type Location, type MapNode, type SeqNode, type TreeNode } from "./tree";
import { keepNumberText, numberTextAt } from "../util/numberText";
import { compareGoStrings } from "../util/goOrder";
import { hasOwn, setOwn } from "../util/objects";
import { describeValue } from "../util/describeValue";
import { formatPath, userKey, type PathSegment, type ProblemPath } from "../util/problem";
import { closestMatch } from "../util/suggest";

/** Why a value is refused: a value of another type, a key its object does not declare, a required field unset. */
type ConversionCode = "TYPE_MISMATCH" | "UNKNOWN_KEY" | "MISSING_REQUIRED";

/** A value that cannot be converted: where it is, which (sub)field, the rule broken and what came. */
export interface ConversionFailure {
    readonly code: ConversionCode;
    readonly loc: Location;
    /**
     * The var name, or a path into it as the stack file writes it (`tags["Owner"]`, `attributes[1]`,
     * `subscribers["ops"].raw_message_delivery`), as text.
     */
    readonly field: string;
    /**
     * The same path as segments: the var, then an object's field by its stack-file key, a map key as written (never
     * renamed) or an index.
     */
    readonly path: ProblemPath;
    /** The rule broken, starting with a verb: `must be a number`, `is required but not set`. */
    readonly rule: string;
    /** The expected type in words (`a number`), when the value has another type. */
    readonly expected?: string;
    /** The value received, as written in messages (`"abc"`, `[1,2]`), when one applies. */
    readonly got?: string;
    /** The value received, as plain data, when one applies. */
    readonly value?: unknown;
    /** What the message adds after the rule and the value: `; did you mean protocol?`, or nothing. */
    readonly hint?: string;
}

export interface ConversionResult {
    /** The converted value as the stack file writes it (an object's fields under their vars); undefined on failure. */
    readonly value?: unknown;
    /**
     * The same value as the component's argument: an object's fields under their camelCase keys (map keys never
     * renamed). The very `value` when the type holds no object.
     */
    readonly arg?: unknown;
    readonly failures: readonly ConversionFailure[];
}

/** The expected type of each `VarType` shorthand, in words. */
const TYPE_WORDS: Readonly<Record<Extract<VarType, string>, string>> = {
    string: "a string",
    number: "a number",
    bool: "a bool",
    "list(string)": "a list of strings",
    "set(string)": "a set of strings",
    "map(string)": "a map of strings",
    any: "any value",
};

/** The plural of each kind of type, for a collection's words (`a map of objects`). */
const PLURALS: Readonly<Record<TypeNode["kind"], string>> = {
    string: "strings",
    number: "numbers",
    bool: "bools",
    any: "values",
    list: "lists",
    set: "sets",
    map: "maps",
    object: "objects",
};

/** The expected type in words: `a string`, `a list of strings`, `a map of objects`, `an object`. */
export function typeWords(type: VarType | TypeNode): string {
    const node = typeof type === "object" && "kind" in type ? type : typeNode(type);
    switch (node.kind) {
        case "list":
        case "set":
            return `a ${node.kind} of ${PLURALS[node.items.kind]}`;
        case "map":
            return `a map of ${PLURALS[node.values.kind]}`;
        case "object":
            return "an object";
        default:
            return TYPE_WORDS[node.kind];
    }
}

const ANY: TypeNode = typeNode("any");

/** What Terraform's string-to-number conversion accepts (decimal only, no Inf/NaN). */
const NUMERIC = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * Where a node is: its segment under its parent's place, a chain made only for lists, maps and objects (the path of a
 * failure is written out from it; a scalar item costs nothing).
 */
interface Place {
    readonly up: Place | undefined;
    readonly segment: PathSegment;
}

/** The path from the var down to `segment` under `up`. */
function pathOf(up: Place | undefined, segment: PathSegment): ProblemPath {
    const path: PathSegment[] = [segment];
    for (let place = up; place !== undefined; place = place.up) path.push(place.segment);
    return path.reverse();
}

/** What {@link convertNode} returns for a value that failed (its failures added). */
const FAILED: unique symbol = Symbol("failed");

/**
 * Converts `node` (not null: a null var is dropped before conversion) to `type`, as Terraform converts a tfvars value
 * to a variable's type constraint (terraform internal/terraform/eval_variable.go lines 104-108,
 * prepareFinalInputVariableValue: `convert.Convert(given, convertTy)`; go-cty v1.18.1 cty/convert). `field` is the var
 * name, which starts every failure's path. Every failure is reported, not only the first. The work is one step per node
 * of the value (the type is walked alongside; an `any` part is copied), so it ends with the value, whose depth and size
 * the parser bounds.
 */
export function convertValue(node: TreeNode, type: VarType, field: string): ConversionResult {
    const root = typeNode(type);
    // An `any` var keeps its top-level value as it always did (a long number's digits as text).
    if (root.kind === "any") {
        const value = toPlainKeepingNumbers(node);
        return { value, arg: value, failures: [] };
    }
    const failures: ConversionFailure[] = [];
    const value = convertNode(node, root, undefined, field, failures);
    if (value === FAILED || failures.length > 0) return { failures };
    return { value, arg: argValue(root, value), failures };
}

/**
 * `node` converted to `type`, as the stack file writes it (an object's fields under their vars), or {@link FAILED}
 * with its failures added (a part may fail while others convert). `segment` names it under `up`.
 */
function convertNode(
    node: TreeNode,
    type: TypeNode,
    up: Place | undefined,
    segment: PathSegment,
    failures: ConversionFailure[],
): unknown {
    switch (type.kind) {
        case "any":
            return node.kind === "scalar" && node.numberText === true
                ? Number(node.value)
                : toPlainKeepingNumbers(node);
        case "string":
        case "number":
        case "bool": {
            const value = convertPrimitive(node, type.kind);
            return value === undefined ? mismatch(node, pathOf(up, segment), type, failures) : value;
        }
        case "list":
        case "set":
            return node.kind === "seq"
                ? convertItems(node, type, { up, segment }, failures)
                : mismatch(node, pathOf(up, segment), type, failures);
        case "map":
            return node.kind === "map"
                ? convertMap(node, type, { up, segment }, failures)
                : mismatch(node, pathOf(up, segment), type, failures);
        case "object":
            return node.kind === "map"
                ? convertObject(node, type, { up, segment }, failures)
                : mismatch(node, pathOf(up, segment), type, failures);
    }
}

function mismatch(node: TreeNode, path: ProblemPath, type: TypeNode, failures: ConversionFailure[]): typeof FAILED {
    const expected = typeWords(type);
    failures.push({
        code: "TYPE_MISMATCH",
        loc: node.loc,
        field: formatPath(path),
        path,
        rule: `must be ${expected}`,
        expected,
        got: describeNode(node),
        value: toPlain(node),
    });
    return FAILED;
}

/** Keeps beside `container[key]` the digits of a long number an `any` took (util/numberText.ts). */
function keepDigits(container: object, key: string | number, node: TreeNode, type: TypeNode): void {
    if (type.kind === "any" && node.kind === "scalar" && node.numberText === true)
        keepNumberText(container, key, String(node.value));
}

/**
 * A list's or a set's items, each converted to the item type (go-cty cty/convert/conversion_collection.go,
 * conversionTupleToList from line 277 and conversionTupleToSet from line 187: a YAML sequence arrives as a tuple). A
 * null item is refused by its type (only a map's null value means unset, as a whole var's does).
 */
function convertItems(
    node: SeqNode,
    type: Extract<TypeNode, { kind: "list" | "set" }>,
    place: Place,
    failures: ConversionFailure[],
): unknown {
    const values: unknown[] = [];
    let ok = true;
    node.items.forEach((item, index) => {
        const value = convertNode(item, type.items, place, index, failures);
        if (value === FAILED) ok = false;
        else if (ok) {
            keepDigits(values, values.length, item, type.items);
            values.push(value);
        }
    });
    if (!ok) return FAILED;
    return type.kind === "set" ? setOf(values, type.items) : values;
}

/**
 * The distinct items of a set, ordered as go-cty orders them (cty/set_internals.go lines 85-135, setRules.Less):
 * strings as Go compares them (by UTF-8 bytes), numbers by value, false before true; other types in an order of its
 * own, here their JSON text's.
 */
function setOf(values: readonly unknown[], items: TypeNode): unknown[] {
    if (items.kind === "string") {
        return [...new Set(values as readonly string[])].sort(compareGoStrings);
    }
    if (items.kind === "number" || items.kind === "bool")
        return [...new Set(values)].sort((a, b) => Number(a) - Number(b));
    const byKey = new Map<string, number>();
    values.forEach((value, index) => {
        const key = numberTextAt(values, index) ?? canonicalJson(value);
        if (!byKey.has(key)) byKey.set(key, index);
    });
    const order = [...byKey].sort(([a], [b]) => compareGoStrings(a, b)).map(([, index]) => index);
    const set = order.map((index) => values[index]);
    order.forEach((from, to) => {
        const digits = numberTextAt(values, from);
        if (digits !== undefined) keepNumberText(set, to, digits);
    });
    return set;
}

/**
 * A map's values, each converted to the value type under the user's own key, never renamed (go-cty
 * cty/convert/conversion_collection.go, conversionObjectToMap from line 369: a YAML map arrives as an object). A null
 * value means "not set", as for a whole var, and is left out.
 */
function convertMap(
    node: MapNode,
    type: Extract<TypeNode, { kind: "map" }>,
    place: Place,
    failures: ConversionFailure[],
): unknown {
    const values: Record<string, unknown> = {};
    let ok = true;
    for (const entry of node.entries.values()) {
        if (isNull(entry.value)) continue;
        const value = convertNode(entry.value, type.values, place, userKey(entry.key), failures);
        if (value === FAILED) ok = false;
        else if (ok) {
            keepDigits(values, entry.key, entry.value, type.values);
            setOwn(values, entry.key, value);
        }
    }
    return ok ? values : FAILED;
}

/**
 * An object of declared fields, each written under its `var` and converted to its type (go-cty
 * cty/convert/conversion_object.go, conversionObjectToObject). Unlike Terraform, which drops an attribute its type
 * does not declare (lines 72-75: `if !exists { continue }`), a key not declared is refused, with a "did you mean"
 * when one is close: here a misspelt optional field would otherwise be lost without a word. A required field unset
 * is refused (lines 28-39: no conversion without it); a null field is unset, and the component's default applies
 * (Terraform also fills a missing optional attribute with null, lines 92-97, then its `optional()` default).
 */
function convertObject(
    node: MapNode,
    type: Extract<TypeNode, { kind: "object" }>,
    place: Place,
    failures: ConversionFailure[],
): unknown {
    const fields = fieldTable(type.fields);
    const values: Record<string, unknown> = {};
    const given = new Set<string>();
    let ok = true;
    for (const entry of node.entries.values()) {
        const found = fields.byVar.get(entry.key);
        if (found === undefined) {
            ok = false;
            failures.push(unknownField(entry.key, entry.keyLoc, place, fields));
            continue;
        }
        if (isNull(entry.value)) continue; // unset: the field's default applies
        given.add(entry.key);
        const fieldType = fields.types.get(found[0])!;
        const value = convertNode(entry.value, fieldType, place, entry.key, failures);
        if (value === FAILED) ok = false;
        else if (ok) {
            keepDigits(values, entry.key, entry.value, fieldType);
            setOwn(values, entry.key, value);
        }
    }
    for (const [, field] of fields.byVar.values()) {
        if (field.required !== true || given.has(field.var)) continue;
        ok = false;
        const path = pathOf(place, field.var);
        failures.push({
            code: "MISSING_REQUIRED",
            loc: node.loc,
            field: formatPath(path),
            path,
            rule: "is required but not set",
        });
    }
    return ok ? values : FAILED;
}

/** A key an object does not declare: located at the key, named under its object, the closest field suggested. */
function unknownField(key: string, loc: Location, place: Place, fields: FieldTable): ConversionFailure {
    // A key written as the TypeScript field (`rawMessageDelivery`) suggests its stack-file key.
    const byKey = [...fields.byVar.values()].find(([camel]) => camel.toLowerCase() === key.toLowerCase());
    const match = byKey?.[1].var ?? closestMatch(key, fields.byVar.keys());
    const path = pathOf(place, IDENTIFIER.test(key) ? key : userKey(key));
    const object = formatPath(pathOf(place.up, place.segment));
    return {
        code: "UNKNOWN_KEY",
        loc,
        field: formatPath(path),
        path,
        rule: `is not a field of ${object} (fields: ${[...fields.byVar.keys()].join(", ")})`,
        ...(match !== undefined ? { hint: `; did you mean ${match}?` } : {}),
    };
}

/** A key that reads as a field name (`.name`); any other is shown quoted and escaped (`["a b"]`). */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A converted value as the component's argument: each object field under its camelCase key instead of its var (map
 * keys never renamed), the digits of a long number kept; the very value when the type holds no object.
 */
function argValue(type: TypeNode, value: unknown): unknown {
    if (!holdsObject(type)) return value;
    switch (type.kind) {
        case "list":
        case "set":
            return (value as unknown[]).map((item) => argValue(type.items, item));
        case "map": {
            const arg: Record<string, unknown> = {};
            for (const [key, inner] of Object.entries(value as object)) setOwn(arg, key, argValue(type.values, inner));
            return arg;
        }
        case "object": {
            const written = value as Record<string, unknown>;
            const fields = fieldTable(type.fields);
            const arg: Record<string, unknown> = {};
            for (const [varName, [key]] of fields.byVar) {
                if (!hasOwn(written, varName)) continue;
                const digits = numberTextAt(written, varName);
                if (digits !== undefined) keepNumberText(arg, key, digits);
                setOwn(arg, key, argValue(fields.types.get(key)!, written[varName]));
            }
            return arg;
        }
        default:
            return value;
    }
}

const objectHolders = new WeakMap<TypeNode, boolean>();

/** Whether an object type is in `type` (its argument then differs from its stack-file value). */
function holdsObject(type: TypeNode): boolean {
    let holds = objectHolders.get(type);
    if (holds === undefined) {
        holds =
            type.kind === "object" ||
            (type.kind === "map" && holdsObject(type.values)) ||
            ((type.kind === "list" || type.kind === "set") && holdsObject(type.items));
        objectHolders.set(type, holds);
    }
    return holds;
}

/** An object type's fields by stack-file key, with each field's type written out (built once per declaration). */
interface FieldTable {
    /** var -> [camelCase key, field], in declaration order. */
    readonly byVar: ReadonlyMap<string, readonly [string, FieldDefinition]>;
    /** camelCase key -> the field's type. */
    readonly types: ReadonlyMap<string, TypeNode>;
}

const fieldTables = new WeakMap<object, FieldTable>();

function fieldTable(fields: Readonly<Record<string, FieldDefinition>>): FieldTable {
    let table = fieldTables.get(fields);
    if (table === undefined) {
        const byVar = new Map<string, readonly [string, FieldDefinition]>();
        const types = new Map<string, TypeNode>();
        for (const [key, field] of Object.entries(fields)) {
            if (byVar.has(field.var)) throw new TypeError(`two fields are written ${JSON.stringify(field.var)}`);
            byVar.set(field.var, [key, field]);
            types.set(key, typeNode(field.type));
        }
        table = { byVar, types };
        fieldTables.set(fields, table);
    }
    return table;
}

function isNull(node: TreeNode): boolean {
    return node.kind === "scalar" && node.value === null;
}

/**
 * JSON with every object's keys in Go's order (as go-cty's set hash writes an object's attributes,
 * cty/set_internals.go line 237) and a long number's digits as written: equal for equal values (a set's identity of
 * an item that is no scalar).
 */
function canonicalJson(value: unknown): string {
    const item = (container: object, key: string | number, inner: unknown) =>
        numberTextAt(container, key) ?? canonicalJson(inner);
    if (Array.isArray(value)) return `[${value.map((inner, index) => item(value, index, inner)).join(",")}]`;
    if (typeof value === "object" && value !== null) {
        const object = value as Record<string, unknown>;
        const keys = Object.keys(object).sort(compareGoStrings);
        return `{${keys.map((key) => `${JSON.stringify(key)}:${item(object, key, object[key])}`).join(",")}}`;
    }
    return JSON.stringify(value) ?? "null";
}

/** Converts a scalar to string/number/bool, or returns undefined when Terraform would refuse it. */
function convertPrimitive(node: TreeNode, type: "string" | "number" | "bool"): string | number | boolean | undefined {
    if (node.kind !== "scalar" || node.value === null) return undefined;
    const value = node.value;
    switch (type) {
        case "string":
            if (typeof value === "number") return Number.isFinite(value) ? numberToString(value) : undefined;
            return typeof value === "boolean" ? String(value) : value;
        case "number":
            if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
            if (typeof value === "string" && NUMERIC.test(value)) {
                const parsed = Number(value);
                // Digits a number cannot hold (e.g. 20 of them) are refused, not rounded.
                return Number.isFinite(parsed) && representsExactly(value, parsed) ? parsed : undefined;
            }
            return undefined;
        case "bool":
            if (typeof value === "boolean") return value;
            if (value === "true") return true;
            if (value === "false") return false;
            return undefined;
    }
}

/** Terraform prints whole numbers without a fraction and others in their shortest form. */
function numberToString(value: number): string {
    return Object.is(value, -0) ? "0" : String(value);
}

/** A stack file's node as {@link describeValue} shows its value after `got` (a YAML timestamp explained). */
export function describeNode(node: TreeNode): string {
    if (node.kind === "map" && node.timestamp !== undefined) {
        // yaml.v3 reads an unquoted date as a Go time, which Atmos's merge copies into an empty map.
        return `{} (the unquoted timestamp ${describeValue(node.timestamp)}: Atmos reads it as a time, which its merge turns into an empty map; quote it to keep the text)`;
    }
    return describeValue(toPlain(node));
}

/**
 * {@link toPlain}, a number written with more digits than a double holds (`numberText`) made the
 * number again, its digits kept beside it (util/numberText.ts) for the JSON it is sent as, as
 * Terraform's `jsonencode` writes a number of an `any` var.
 */
function toPlainKeepingNumbers(node: TreeNode): unknown {
    switch (node.kind) {
        case "scalar":
            return node.value;
        case "seq": {
            const items: unknown[] = [];
            for (const item of node.items) {
                keepDigits(items, items.length, item, ANY);
                items.push(
                    item.kind === "scalar" && item.numberText === true
                        ? Number(item.value)
                        : toPlainKeepingNumbers(item),
                );
            }
            return items;
        }
        case "map": {
            const object: Record<string, unknown> = {};
            for (const entry of node.entries.values()) {
                const value = entry.value;
                keepDigits(object, entry.key, value, ANY);
                setOwn(
                    object,
                    entry.key,
                    value.kind === "scalar" && value.numberText === true
                        ? Number(value.value)
                        : toPlainKeepingNumbers(value),
                );
            }
            return object;
        }
    }
}
