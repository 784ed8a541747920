/**
 * Reads a Terraform state (`terraform show -json` or a `.tfstate` file) and works out what adopting its resources
 * needs, as each component of the list declares it (its rules' `adoption`): target ids, import ids, addresses to
 * remove. Pure apart from loading the components' rules.
 */
import { isPlainObject } from "../util/objects";
import { CloudposseError } from "../util/errors";
import {
    groupBy,
    type ComponentAdoption,
    type ReportItem,
    type ReportSections,
    type TerraformResource,
} from "../components/kit/adoption";
import type { ComponentDefinition } from "../components/kit/definition";
import { COMPONENT_DEFINITIONS, loadComponentRules } from "../components/registry";
export type { TerraformResource };

/** A Terraform state that cannot be read, with the reason. */
export class TerraformStateError extends CloudposseError {
    readonly code = "TERRAFORM_STATE";
    constructor(message: string) {
        super(message);
        this.name = "TerraformStateError";
    }
}

type Json = Record<string, unknown>;

/**
 * A string as an HCL quoted string, as Terraform writes a string instance key in an address
 * (hashicorp/terraform internal/addrs/instance_key.go:176-220, toHCLQuotedString): `\n`, `\r`,
 * `\t`, `\"`, `\\`; a `$` or `%` before `{` doubled, since `${` and `%{` open a template
 * sequence (https://github.com/hashicorp/hcl/blob/main/hclsyntax/spec.md lines 786-788, "Template Literals": "The `${` sequence is escaped
 * as `$${` and the `%{` sequence is escaped as `%%{`"; parser.go:1844-1866 refuses an unescaped
 * one in the index of a traversal, parser.go:2046-2057 reads the doubled one back); a character
 * that is not printable as `\uNNNN` or `\UNNNNNNNN`.
 */
export function hclQuoted(text: string): string {
    let out = '"';
    const chars = [...text];
    chars.forEach((ch, i) => {
        switch (ch) {
            case "\n":
                out += "\\n";
                return;
            case "\r":
                out += "\\r";
                return;
            case "\t":
                out += "\\t";
                return;
            case '"':
                out += '\\"';
                return;
            case "\\":
                out += "\\\\";
                return;
            case "$":
            case "%":
                out += chars[i + 1] === "{" ? ch + ch : ch;
                return;
        }
        const cp = ch.codePointAt(0)!;
        if (ch === " " || PRINTABLE.test(ch)) out += ch;
        else if (cp < 0x10000) out += "\\u" + cp.toString(16).padStart(4, "0");
        else out += "\\U" + cp.toString(16).padStart(8, "0");
    });
    return out + '"';
}

/** Go's unicode.IsPrint but for the ASCII space: letters, marks, numbers, punctuation and symbols. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/**
 * The address suffix of an instance key, as Terraform reads `index_key`
 * (hashicorp/terraform internal/states/statefile/version4.go:112-136, prepareStateV4): a number
 * is an integer key (`[0]`, a fraction dropped as Go's `int()` does), a string a quoted one
 * (`["name"]`), null or absent no key; anything else (an object, a list, a boolean) Terraform
 * refuses as "an invalid instance key", and so does this.
 * @throws TerraformStateError
 */
function indexSuffix(key: unknown, resource: string): string {
    if (key === undefined || key === null) return "";
    if (typeof key === "number" && Number.isFinite(key) && Math.abs(key) <= Number.MAX_SAFE_INTEGER)
        return `[${Math.trunc(key)}]`;
    if (typeof key === "string") return `[${hclQuoted(key)}]`;
    const shown = JSON.stringify(key) ?? String(key);
    throw new TerraformStateError(
        `resource ${resource} has an instance with the invalid instance key ${shown.length > 80 ? shown.slice(0, 77) + "..." : shown}: ` +
            "an instance key is a number or a string (Terraform refuses this state too)",
    );
}

/** The managed resources of `terraform show -json` output (`values.root_module` and its child modules). */
function fromShowJson(values: Json): TerraformResource[] {
    const out: TerraformResource[] = [];
    // Modules in pre-order (a module's resources, then each child module's), walked without
    // recursion: child_modules nested thousands deep cannot exhaust the stack.
    const pending: unknown[] = [values.root_module];
    while (pending.length > 0) {
        const module = pending.pop();
        if (!isPlainObject(module)) continue;
        for (const resource of Array.isArray(module.resources) ? module.resources : []) {
            if (!isPlainObject(resource) || resource.mode !== "managed") continue;
            out.push({
                address: String(resource.address),
                type: String(resource.type),
                attributes: isPlainObject(resource.values) ? resource.values : {},
            });
        }
        const children: unknown[] = Array.isArray(module.child_modules) ? module.child_modules : [];
        for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]);
    }
    return out;
}

/** The managed resources of a version 4 state file. */
function fromStateFile(state: Json): TerraformResource[] {
    const out: TerraformResource[] = [];
    for (const resource of Array.isArray(state.resources) ? state.resources : []) {
        if (!isPlainObject(resource) || resource.mode !== "managed") continue;
        const prefix = typeof resource.module === "string" && resource.module !== "" ? `${resource.module}.` : "";
        for (const instance of Array.isArray(resource.instances) ? resource.instances : []) {
            if (!isPlainObject(instance)) continue;
            out.push({
                address: `${prefix}${String(resource.type)}.${String(resource.name)}${indexSuffix(instance.index_key, `${prefix}${String(resource.type)}.${String(resource.name)}`)}`,
                type: String(resource.type),
                attributes: isPlainObject(instance.attributes) ? instance.attributes : {},
            });
        }
    }
    return out;
}

/** Largest Terraform state tf-adopt reads (64 MiB). */
export const MAX_STATE_BYTES = 64 * 1024 * 1024;

/**
 * The text of a state file's bytes: UTF-8 (a byte-order mark dropped), or UTF-16 with its
 * byte-order mark (what Windows PowerShell's `>` writes). Anything else is refused.
 * @throws TerraformStateError
 */
export function decodeStateText(bytes: Uint8Array): string {
    const decode = (encoding: "utf-8" | "utf-16le" | "utf-16be", from: number) => {
        try {
            return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(from));
        } catch {
            throw new TerraformStateError(
                `not ${encoding === "utf-8" ? "UTF-8" : encoding.toUpperCase()} text; save it as UTF-8 (terraform show -json > state.json)`,
            );
        }
    };
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode("utf-16le", 2);
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode("utf-16be", 2);
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode("utf-8", 3);
    return decode("utf-8", 0);
}

/**
 * The managed resources of a Terraform state given as JSON text: `terraform show -json` output, or
 * a state file (format version 4).
 * @throws TerraformStateError when the text is neither.
 */
export function readTerraformState(text: string): TerraformResource[] {
    let parsed: unknown;
    try {
        parsed = JSON.parse(text);
    } catch (error) {
        throw new TerraformStateError(`not JSON: ${(error as Error).message}`);
    }
    if (!isPlainObject(parsed)) {
        throw new TerraformStateError("not a Terraform state: the JSON is not an object");
    }
    if (typeof parsed.format_version === "string") {
        // `terraform show -json` of an empty state has no `values`.
        return isPlainObject(parsed.values) ? fromShowJson(parsed.values) : [];
    }
    if (parsed.version === 4 && Array.isArray(parsed.resources)) {
        return fromStateFile(parsed);
    }
    if (typeof parsed.version === "number" && parsed.version !== 4) {
        throw new TerraformStateError(
            `state format version ${parsed.version} is not supported (4 is, as Terraform 0.12 and later write it); ` +
                "give the output of terraform show -json instead",
        );
    }
    throw new TerraformStateError(
        'not a Terraform state: expected the output of "terraform show -json" (with "format_version") or a ' +
            'state file (with "version": 4 and "resources")',
    );
}

/** A component of the list that adopts, with its declaration (components/kit/adoption.ts). */
export interface AdoptingComponent {
    readonly definition: ComponentDefinition;
    readonly adoption: ComponentAdoption;
}

/**
 * The components that declare what they adopt, in the order of their paths: the report's sections, the plan and the
 * messages list them in this order.
 */
export function adoptingComponents(): readonly AdoptingComponent[] {
    const rules = loadComponentRules();
    return COMPONENT_DEFINITIONS.flatMap((definition): AdoptingComponent[] => {
        const adoption = rules.get(definition.path)?.adoption;
        return adoption !== undefined ? [{ definition, adoption }] : [];
    }).sort((a, b) => (a.definition.path < b.definition.path ? -1 : a.definition.path > b.definition.path ? 1 : 0));
}

/**
 * Everything in a state that adoption concerns: each adopting component's sections (`rules`, `parameters`, `apiKeys`:
 * what its `read` found), and the rest.
 */
export type AdoptionReport = ReportSections & {
    /**
     * The other resources of the state (IAM roles of cloudwatch-logs, `time_*`, ...): not adopted;
     * `terraform destroy` removes them once the adopted ones are out of the state.
     */
    readonly notAdopted: readonly string[];
    /** What to check by hand (rules with more than one target, targets whose rule is not in the state). */
    readonly problems: readonly string[];
};

/** The names of the report's own fields, which no component's section may take. */
const REPORT_FIELDS: ReadonlySet<string> = new Set(["notAdopted", "problems"]);

/** The components' sections of a report (every field but `notAdopted` and `problems`). */
export function reportSections(report: AdoptionReport): ReportSections {
    return Object.fromEntries(Object.entries(report).filter(([key]) => !REPORT_FIELDS.has(key))) as ReportSections;
}

/**
 * Works out, from the resources of a Terraform state, what adopting them takes: each adopting component reads the
 * resource types it declares (components/kit/adoption.ts); the rest is not adopted. Linear in the state: the resources
 * are grouped by type once (a state under the 64 MiB cap holds hundreds of thousands of resources).
 */
export function adoptionReport(
    resources: readonly TerraformResource[],
    components: readonly AdoptingComponent[] = adoptingComponents(),
): AdoptionReport {
    const byTypes = groupBy(resources, (r) => r.type);
    const ofType = (type: string) => byTypes.get(type) ?? [];
    const used = new Set<string>();
    const problems: string[] = [];
    const sections: Record<string, readonly ReportItem[]> = {};
    for (const { definition, adoption } of components) {
        const found = adoption.read(ofType);
        for (const [name, items] of Object.entries(found.sections)) {
            if (REPORT_FIELDS.has(name) || Object.prototype.hasOwnProperty.call(sections, name)) {
                throw new TypeError(`${definition.path}: the adoption report already has a section "${name}"`);
            }
            sections[name] = items;
        }
        found.used.forEach((address) => used.add(address));
        problems.push(...found.problems);
    }
    return {
        ...sections,
        notAdopted: resources.map((r) => r.address).filter((a) => !used.has(a)),
        problems,
    } as unknown as AdoptionReport;
}

/** Quotes a Terraform address for a POSIX shell. */
export function shellQuote(text: string): string {
    return /^[A-Za-z0-9_.\-/]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
