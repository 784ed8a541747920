/**
 * A migration from Terraform: matches a state's resources (terraformState.ts) to a stack file's instances by the names
 * the components would give them (each component's rules, components/registry.ts), and writes the adopting vars and
 * `terraform state rm`. Pure apart from resolvers.
 */
import type { AdoptionNames, ComponentRules } from "../components/kit/kit";
import { loadComponentRules } from "../components/registry";
import type { StackInstance } from "../stack";
import { escapeJsonText, escapeText } from "../util/terminalText";
import { shellQuote, type AdoptionReport } from "./terraformState";

/** The vars one stack-file instance needs to adopt what the state holds. */
export interface InstanceAdoption {
    /** The instance name, or undefined when no instance of the stack file matches. */
    readonly instance: string | undefined;
    /** What it adopts, in words (`rule "x"`, `SSM parameter "/y"`). */
    readonly what: string;
    /** The vars to add, by snake_case name. */
    readonly vars: Readonly<Record<string, unknown>>;
}

/** The whole plan: vars per instance, the state removal, and what is left to Terraform or by hand. */
export interface AdoptionPlan {
    readonly instances: readonly InstanceAdoption[];
    /** `terraform state rm ...` of every adopted resource (API keys stay, for `terraform destroy`). */
    readonly stateRm: string | undefined;
    /** Notes: keys to recreate, resources left, problems found. */
    readonly notes: readonly string[];
}

/**
 * The names an instance would give its resources, as its component's rules say (adoption vars left out, as they are
 * being worked out); none for an instance with invalid vars (it matches nothing; the synth reports it).
 */
function namesOf(instance: StackInstance, rules: ReadonlyMap<string, ComponentRules>): AdoptionNames {
    const args: Record<string, unknown> = { ...instance.args };
    delete args.adoptExisting;
    delete args.adoptEventTargetId;
    const adoptionNames = rules.get(instance.component)?.adoptionNames;
    try {
        if (adoptionNames !== undefined) {
            return adoptionNames({
                name: instance.name,
                args,
                vars: instance.vars,
                written: new Set(Object.keys(instance.varLocations)),
            });
        }
    } catch {
        // An instance with invalid vars matches nothing; the synth reports it.
    }
    return {};
}

/** `format`'s `%s` as a pattern: the original's parameter path (`/grafana/%s/api_key`) with the key name captured. */
function formatPattern(pathFormat: string): RegExp {
    const [before, after] = pathFormat.split("%s").map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
    return new RegExp(`^${before}([^/]+)${after}$`);
}

/**
 * Builds the adoption plan of a state report for the instances of a stack file. Without a stack file
 * (`instances` undefined) every resource is planned for an instance the user names (`<instance>`);
 * with one, a resource no instance gives is left out of `terraform state rm` (nothing adopts it).
 */
export function adoptionPlan(report: AdoptionReport, instances?: readonly StackInstance[]): AdoptionPlan {
    const withStackFile = instances !== undefined;
    instances ??= [];
    const rules = loadComponentRules();
    const names = instances.map((instance) => ({ instance, ...namesOf(instance, rules) }));
    // The original component's SSM path format (its parameters are found under it, and kept there).
    const legacyFormat = [...rules.values()].find((r) => r.originalSsmPathFormat !== undefined)?.originalSsmPathFormat;
    const legacyPath = legacyFormat !== undefined ? formatPattern(legacyFormat) : undefined;
    // the first instance giving each name, and the first key with a workspace per key name:
    // looked up per rule and parameter, so maps (a state may hold hundreds of thousands)
    const firstBy = <K>(key: (n: (typeof names)[number]) => K | undefined) => {
        const map = new Map<K, (typeof names)[number]>();
        for (const n of names) {
            const k = key(n);
            if (k !== undefined && !map.has(k)) map.set(k, n);
        }
        return map;
    };
    const byRule = firstBy((n) => n.rule);
    const bySsmPath = firstBy((n) => n.ssmPath);
    const byLegacySsmPath = firstBy((n) => n.legacySsmPath);
    const workspaceOfKey = new Map<string, string>();
    for (const key of report.apiKeys)
        if (key.workspaceId !== "" && !workspaceOfKey.has(key.keyName))
            workspaceOfKey.set(key.keyName, key.workspaceId);
    const planned: InstanceAdoption[] = [];
    const notes: string[] = [];
    const removed: string[] = [];

    for (const rule of report.rules) {
        const match = byRule.get(rule.ruleName);
        planned.push({
            instance: match?.instance.name,
            what: `rule "${rule.ruleName}"`,
            vars: {
                adopt_existing: true,
                adopt_event_target_id: rule.eventTargetId,
                ...(rule.logsPolicyName !== undefined ? { logs_policy_scope: "account" } : {}),
            },
        });
        if (match !== undefined || !withStackFile) removed.push(...rule.addresses);
    }
    for (const parameter of report.parameters) {
        const match = bySsmPath.get(parameter.name) ?? byLegacySsmPath.get(parameter.name);
        const legacy = legacyPath?.exec(parameter.name);
        // The workspace of the key stored there, from the key's own state (same name as the parameter's id).
        const keyName = match?.keyName ?? legacy?.[1];
        const workspaceId =
            match?.instance.vars.workspace_id === undefined && match?.instance.vars.dashboards_stack_name === undefined
                ? keyName !== undefined
                    ? workspaceOfKey.get(keyName)
                    : undefined
                : undefined;
        planned.push({
            instance: match?.instance.name,
            what: `SSM parameter "${parameter.name}"`,
            vars: {
                adopt_existing: true,
                // The original's default path: keep it, so that consumers reading it keep working.
                ...(legacy && match?.instance.vars.ssm_path_format_api_key === undefined
                    ? { ssm_path_format_api_key: legacyFormat }
                    : {}),
                // While Terraform still manages the workspace there is no Pulumi stack to read it from.
                ...(workspaceId !== undefined ? { workspace_id: workspaceId } : {}),
            },
        });
        if (match !== undefined || !withStackFile) removed.push(parameter.address);
    }
    for (const key of report.apiKeys) {
        // Left in the Terraform state: `terraform destroy` deletes it once the new credential is live,
        // for either credential type (the new one is created beside it, under another name).
        notes.push(
            `Grafana API key "${key.keyName}" in workspace ${key.workspaceId} (${key.address}) cannot be imported: ` +
                "the component creates a new credential; it stays in the Terraform state for terraform destroy " +
                "(docs/migrating.md says when)",
        );
    }
    for (const item of planned.filter((p) => p.instance === undefined)) {
        notes.push(
            `no instance of the stack file gives ${item.what}: left out of terraform state rm; add the vars to the ` +
                "instance that should own it, or give the stack file of the state's stack",
        );
    }
    if (report.notAdopted.length > 0) {
        notes.push(
            `not adopted (terraform destroy removes them once the rest is out of the state): ${report.notAdopted.join(", ")}`,
        );
    }
    notes.push(...report.problems);
    return {
        instances: planned,
        stateRm: removed.length > 0 ? `terraform state rm ${removed.map(shellQuote).join(" ")}` : undefined,
        notes,
    };
}

/** A string as a YAML double-quoted scalar on one line (JSON's escapes are YAML's; bidi marks escaped too). */
function yamlString(text: string): string {
    return escapeJsonText(JSON.stringify(text));
}

/** A map key as YAML: plain when it is a simple name, else double-quoted. */
function yamlKey(text: string): string {
    return /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/.test(text) ? text : yamlString(text);
}

/**
 * The plan as text: one block of YAML vars per instance, then the command and the notes. Each
 * line is what it says: names and values from the state (or the stack file) are quoted or escaped,
 * so none can end a comment or add a line (a rule named `x"\nevent_rule_description: !exec ...`).
 */
export function adoptionPlanText(plan: AdoptionPlan): string {
    const lines: string[] = [];
    for (const item of plan.instances) {
        lines.push(`# ${escapeText(item.what)}`);
        lines.push(`${item.instance === undefined ? "<instance>" : yamlKey(item.instance)}:`);
        lines.push("  vars:");
        for (const [name, value] of Object.entries(item.vars)) {
            lines.push(`    ${yamlKey(name)}: ${typeof value === "string" ? yamlString(value) : String(value)}`);
        }
        lines.push("");
    }
    if (plan.stateRm !== undefined) {
        lines.push("# Once pulumi preview shows imports and no replacement (see docs/migrating.md):");
        lines.push(escapeText(plan.stateRm));
        lines.push("");
    }
    for (const note of plan.notes) {
        lines.push(`# note: ${escapeText(note)}`);
    }
    return lines.join("\n") + "\n";
}
