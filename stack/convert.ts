/**
 * Converts stack-file values to a variable's type as Terraform converts tfvars (numeric strings, "true"/"false",
 * numbers and bools as strings, element by element); a `set(string)` is deduplicated and sorted.
 */
import type { VarType } from "./schema";
import { typeText } from "../components/kit/definition";
import { representsExactly, toPlain, type Location, type TreeNode } from "./tree";
import { keepNumberText } from "../util/numberText";
import { setOwn } from "../util/objects";
import { describeValue } from "../util/describeValue";
import { formatPath, userKey, type ProblemPath } from "../util/problem";

/** A value that cannot be converted: where it is, which (sub)field, what was expected and what came. */
export interface ConversionFailure {
    readonly loc: Location;
    /** The var name, or a path into it (`tags["Owner"]`, `attributes[1]`), as text. */
    readonly field: string;
    /** The same path as segments: the var, then a map key as written (never renamed) or an index. */
    readonly path: ProblemPath;
    /** The expected type in words (`a number`). */
    readonly expected: string;
    /** The value received, as written in messages (`"abc"`, `[1,2]`). */
    readonly got: string;
    /** The value received, as plain data. */
    readonly value: unknown;
}

export interface ConversionResult {
    /** The converted value; `undefined` when there were failures. */
    readonly value?: unknown;
    readonly failures: readonly ConversionFailure[];
}

/** The expected type of each `VarType`, in words. */
export const TYPE_WORDS: Readonly<Record<Extract<VarType, string>, string>> = {
    string: "a string",
    number: "a number",
    bool: "a bool",
    "list(string)": "a list of strings",
    "set(string)": "a set of strings",
    "map(string)": "a map of strings",
    any: "any value",
};

/** What Terraform's string-to-number conversion accepts (decimal only, no Inf/NaN). */
const NUMERIC = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * Converts `node` (not null: a null var is dropped before conversion) to `type`.
 * `field` is the var name, used to name the failing element in nested failures.
 */
export function convertValue(node: TreeNode, type: VarType, field: string): ConversionResult {
    const failures: ConversionFailure[] = [];
    const fail = (at: TreeNode, path: ProblemPath, expected: string): ConversionResult => {
        failures.push({
            loc: at.loc,
            field: formatPath(path),
            path,
            expected,
            got: describeNode(at),
            value: toPlain(at),
        });
        return { failures };
    };
    // TODO(issue 36): lists, sets, maps and objects of declared types.
    if (typeof type !== "string") throw new TypeError(`stack/convert: ${typeText(type)} is not converted yet`);
    switch (type) {
        case "any":
            return { value: toPlainKeepingNumbers(node), failures };
        case "string":
        case "number":
        case "bool": {
            const value = convertPrimitive(node, type);
            return value === undefined ? fail(node, [field], TYPE_WORDS[type]) : { value, failures };
        }
        case "list(string)":
        case "set(string)": {
            if (node.kind !== "seq") return fail(node, [field], TYPE_WORDS[type]);
            const items: string[] = [];
            node.items.forEach((item, index) => {
                const value = convertPrimitive(item, "string");
                if (value === undefined) fail(item, [field, index], TYPE_WORDS.string);
                else items.push(value as string);
            });
            if (failures.length > 0) return { failures };
            return { value: type === "set(string)" ? [...new Set(items)].sort(compareStrings) : items, failures };
        }
        case "map(string)": {
            if (node.kind !== "map") return fail(node, [field], TYPE_WORDS[type]);
            const entries: [string, string][] = [];
            for (const entry of node.entries.values()) {
                // A null element means "not set", as for a whole var.
                if (entry.value.kind === "scalar" && entry.value.value === null) continue;
                const value = convertPrimitive(entry.value, "string");
                if (value === undefined) fail(entry.value, [field, userKey(entry.key)], TYPE_WORDS.string);
                else entries.push([entry.key, value as string]);
            }
            if (failures.length > 0) return { failures };
            return { value: Object.fromEntries(entries), failures };
        }
    }
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

function compareStrings(a: string, b: string): number {
    return a < b ? -1 : a > b ? 1 : 0;
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
                if (item.kind === "scalar" && item.numberText === true)
                    keepNumberText(items, items.length, String(item.value));
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
                const exact = value.kind === "scalar" && value.numberText === true;
                if (exact) keepNumberText(object, entry.key, String(value.value));
                setOwn(object, entry.key, exact ? Number(value.value) : toPlainKeepingNumbers(value));
            }
            return object;
        }
    }
}
