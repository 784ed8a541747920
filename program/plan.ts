/**
 * Printers of a synth plan: the JSON document of INTERFACE.md section 4, and a readable tree in the
 * manner of `pulumi preview`.
 */
import type { PlannedResource, SynthPlan } from "./synth";

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

/** Inputs too bulky for the tree; the JSON form has them. */
const HIDDEN_INPUTS = new Set(["tags", "tagsAll"]);

function summarize(value: unknown, width = 100): string {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    return text.length > width ? `${text.slice(0, width - 3)}...` : text;
}

/** The plan as a tree: each resource under its parent, with its key inputs, then the outputs. */
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
        lines.push(c.bold(options.title));
    }
    const walk = (parent: string | null, depth: number) => {
        for (const resource of children.get(parent) ?? []) {
            const indent = "    ".repeat(depth);
            lines.push(`${indent}${c.green("+")} ${resource.type}  ${c.bold(resource.name)}`);
            for (const [key, value] of Object.entries(resource.inputs)) {
                if (!HIDDEN_INPUTS.has(key) && value !== undefined) {
                    lines.push(`${indent}      ${c.dim(`${key}:`)} ${summarize(value)}`);
                }
            }
            walk(`${resource.type}::${resource.name}`, depth + 1);
        }
    };
    walk(null, 0);
    lines.push("", c.bold("Outputs:"));
    for (const [instance, outputs] of Object.entries(plan.outputs)) {
        if (outputs === null) {
            lines.push(`    ${instance}: ${c.dim("(disabled)")}`);
            continue;
        }
        lines.push(`    ${instance}:`);
        for (const [name, value] of Object.entries(outputs)) {
            lines.push(`        ${name}: ${summarize(value)}`);
        }
    }
    const count = plan.resources.length;
    lines.push("", `Resources: ${c.green(`+ ${count} to create`)}`);
    return lines.join("\n") + "\n";
}
