/**
 * Printers of a synth plan: the JSON document that `synth --json` prints (docs/synth.md), and a
 * readable tree in the manner of `pulumi preview`.
 */
import type { PlannedResource, SynthPlan } from "./synth";
import { rotationLine } from "../components/kit/lifecycle";
import { escapeJsonText, hasUnsafeText } from "../util/terminalText";

/** The plan as one JSON document. */
export function planToJson(plan: SynthPlan): string {
    return JSON.stringify(plan, null, 2) + "\n";
}

/** ANSI styles, or none. */
interface Palette {
    readonly green: (s: string) => string;
    readonly dim: (s: string) => string;
    readonly bold: (s: string) => string;
}

const PLAIN: Palette = { green: (s) => s, dim: (s) => s, bold: (s) => s };
const ANSI: Palette = {
    green: (s) => `\x1b[32m${s}\x1b[0m`,
    dim: (s) => `\x1b[2m${s}\x1b[0m`,
    bold: (s) => `\x1b[1m${s}\x1b[0m`,
};

/** Resource types that are read, not created (`pulumi preview` shows them as reads). */
const READ_TYPES: ReadonlySet<string> = new Set(["pulumi:pulumi:StackReference"]);

/** Tag maps: shown on one line, `{Key=value, ...}`. */
const TAG_INPUTS: ReadonlySet<string> = new Set(["tags", "tagsAll"]);

/** A string as the plan shows it: as is when printable, else quoted with every unsafe character escaped. */
export function showText(text: string): string {
    return hasUnsafeText(text) ? escapeJsonText(JSON.stringify(text)) : text;
}

/**
 * A JSON value shown in full, never cut: on one line when it fits in `width` after `indent`, else
 * spread over lines, each nested value again on one line when it fits. Strings made safe.
 */
function showValue(value: unknown, indent: string, width: number): string[] {
    if (typeof value === "string") {
        const parsed = jsonTextOf(value);
        if (parsed === undefined) return [showText(value)];
        value = parsed; // JSON text (a pattern, a policy): shown as the JSON it holds
    }
    return layout(value, indent.length, width);
}

/** `value` as lines of JSON (relative indentation), fitting `width` from column `column` where it can. */
function layout(value: unknown, column: number, width: number, prefix = ""): string[] {
    const compact = prefix + safeJson(value, undefined);
    if (column + compact.length <= width || typeof value !== "object" || value === null) return [compact];
    const entries: [string, unknown][] = Array.isArray(value)
        ? value.map((item) => ["", item])
        : Object.entries(value as Record<string, unknown>).map(([key, item]) => [
              `${safeJson(key, undefined)}: `,
              item,
          ]);
    if (entries.length === 0) return [compact];
    const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
    const lines = [prefix + open];
    entries.forEach(([key, item], i) => {
        const inner = layout(item, column + 2, width, key);
        if (i < entries.length - 1) inner[inner.length - 1] += ",";
        lines.push(...inner.map((line) => `  ${line}`));
    });
    lines.push(close);
    return lines;
}

/** JSON with every string's unsafe characters escaped (JSON.stringify leaves C1 controls and bidi marks). */
function safeJson(value: unknown, space: number | undefined): string {
    return escapeJsonText(JSON.stringify(value, null, space) ?? String(value));
}

/** The value held by JSON text of an object or array, or undefined. */
function jsonTextOf(text: string): unknown {
    if (!/^\s*[[{]/.test(text)) return undefined;
    try {
        const value: unknown = JSON.parse(text);
        // Only when nothing is lost: JavaScript reorders integer-like keys, drops repeated ones.
        return JSON.stringify(value) === text ? value : undefined;
    } catch {
        return undefined;
    }
}

/** Tags on one line: `{Environment=ue2, Name=eg-ue2-prod}`. */
function showTags(tags: unknown): string {
    if (typeof tags !== "object" || tags === null || Array.isArray(tags)) return safeJson(tags, undefined);
    const pairs = Object.entries(tags as Record<string, unknown>).map(
        ([key, value]) =>
            `${showText(key)}=${typeof value === "string" ? showText(value) : safeJson(value, undefined)}`,
    );
    return `{${pairs.join(", ")}}`;
}

/** How wide the plan's lines may be before a value is pretty-printed over several lines. */
const WIDTH = 120;

/**
 * The plan as a tree: each resource under its parent (`+` to create, `=` to import, `>` to read) with every input
 * in full (tags on one line, JSON values pretty-printed when long, control characters escaped),
 * then the outputs, the counts and a line of counts by resource type.
 */
export function planToText(plan: SynthPlan, options: { color?: boolean; title?: string } = {}): string {
    const c = options.color ? ANSI : PLAIN;
    const children = new Map<string | null, PlannedResource[]>();
    for (const resource of plan.resources) {
        const siblings = children.get(resource.parent) ?? [];
        siblings.push(resource);
        children.set(resource.parent, siblings);
    }
    const lines: string[] = [];
    if (options.title) {
        lines.push(c.bold(showText(options.title)));
    }
    const walk = (parent: string | null, depth: number) => {
        for (const resource of children.get(parent) ?? []) {
            const indent = "    ".repeat(depth);
            const mark = READ_TYPES.has(resource.type)
                ? c.dim(">")
                : resource.import !== undefined
                  ? c.green("=")
                  : c.green("+");
            const read = READ_TYPES.has(resource.type)
                ? c.dim("  (read)")
                : resource.import !== undefined
                  ? c.dim(`  (import ${showText(resource.import)})`)
                  : "";
            lines.push(`${indent}${mark} ${showText(resource.type)}  ${c.bold(showText(resource.name))}${read}`);
            for (const [key, value] of Object.entries(resource.inputs)) {
                if (value === undefined) continue;
                const label = `${indent}      ${c.dim(`${showText(key)}:`)} `;
                if (TAG_INPUTS.has(key)) {
                    lines.push(label + showTags(value));
                    continue;
                }
                const [first, ...rest] = showValue(value, label, WIDTH);
                lines.push(label + first, ...rest.map((line) => `${indent}          ${line}`));
            }
            const options = Object.entries(resource.options ?? {}).filter(([, value]) => value !== undefined);
            if (options.length > 0) {
                lines.push(`${indent}      ${c.dim("options:")}`);
                for (const [key, value] of options) {
                    const label = `${indent}          ${c.dim(`${showText(key)}:`)} `;
                    const [first, ...rest] = layout(value, label.length, WIDTH);
                    lines.push(label + first, ...rest.map((line) => `${indent}              ${line}`));
                }
            }
            if (resource.rotation !== undefined) {
                lines.push(`${indent}      ${c.bold(rotationLine(resource.rotation))}`);
            }
            walk(`${resource.type}::${resource.name}`, depth + 1);
        }
    };
    walk(null, 0);
    lines.push("", c.bold("Outputs:"));
    for (const [instance, outputs] of Object.entries(plan.outputs)) {
        if (outputs === null) {
            lines.push(`    ${showText(instance)}: ${c.dim("(disabled)")}`);
            continue;
        }
        lines.push(`    ${showText(instance)}:`);
        for (const [name, value] of Object.entries(outputs)) {
            const [first, ...rest] = showValue(value, "        ", WIDTH);
            lines.push(`        ${showText(name)}: ${first}`, ...rest.map((line) => `            ${line}`));
        }
    }
    if (plan.reads !== undefined && plan.reads.length > 0) {
        lines.push("", c.bold("Read when deploying:"));
        for (const read of plan.reads) {
            const [from, detail] =
                read.from === "terraform-state"
                    ? [
                          `output ${read.output} of the Terraform state s3://${read.bucket}/${read.key}`,
                          ` (${read.region !== undefined ? `region ${read.region}, ` : ""}workspace ${read.workspace})`,
                      ]
                    : read.from === "pulumi-stack"
                      ? [`output ${read.output} of the Pulumi stack ${read.stack}`, ""]
                      : [
                            `the SSM parameter ${read.parameter}`,
                            read.region !== undefined ? ` (region ${read.region})` : "",
                        ];
            lines.push(
                `    ${showText(read.instance)} ${showText(read.var)}: ${showText(from)}${detail === "" ? "" : c.dim(showText(detail))}`,
            );
        }
    }
    if (plan.skipped.length > 0) {
        lines.push("", c.bold("Left to Terraform (components this package does not implement):"));
        for (const { instance, component } of plan.skipped) {
            lines.push(`    ${showText(instance)}${instance === component ? "" : c.dim(` (${showText(component)})`)}`);
        }
    }
    const imported = plan.resources.filter((r) => !READ_TYPES.has(r.type) && r.import !== undefined).length;
    const created = plan.resources.filter((r) => !READ_TYPES.has(r.type) && r.import === undefined);
    const reads = plan.resources.length - created.length - imported;
    const byType = new Map<string, number>();
    for (const resource of plan.resources) byType.set(resource.type, (byType.get(resource.type) ?? 0) + 1);
    lines.push(
        "",
        `Resources: ${c.green(`+ ${created.length} to create`)}` +
            (imported > 0 ? `, ${c.green(`= ${imported} to import`)}` : "") +
            (reads > 0 ? `, ${reads} to read` : ""),
        `By type: ${[...byType].map(([type, count]) => `${count} ${showText(type)}${READ_TYPES.has(type) ? " (read)" : ""}`).join(", ")}`,
    );
    return lines.join("\n") + "\n";
}
