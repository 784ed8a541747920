/**
 * A migration from Terraform: matches a state's resources (terraformState.ts) to a stack file's instances by the names
 * the components would give them, and writes the adopting vars and `terraform state rm`. Pure apart from resolvers.
 */
import { ORIGINAL_API_KEY_DEFAULTS } from "../components/apiKey/definition";
import { resolveDashboardsApiKey } from "../components/apiKey/resolve";
import { resolveEventBridge } from "../components/eventbridge/resolve";
import { format } from "../label";
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

/** The original component's SSM path format (`managed-grafana/api-key`); this package's default differs. */
const LEGACY_SSM_PATH_FORMAT = ORIGINAL_API_KEY_DEFAULTS.ssmPathFormatApiKey;

/**
 * The names an instance would give its resources (adoption vars left out, as they are being worked
 * out). An api-key instance that does not set `ssm_path_format_api_key` also answers for the path it
 * would have under the original's format, which a port straight from Atmos keeps.
 */
function namesOf(instance: StackInstance): {
    rule?: string;
    ssmPath?: string;
    legacySsmPath?: string;
    keyName?: string;
} {
    const args: Record<string, unknown> = { ...instance.args };
    delete args.adoptExisting;
    delete args.adoptEventTargetId;
    try {
        if (instance.component === "eventbridge") {
            return { rule: resolveEventBridge(instance.name, args).rule.name };
        }
        if (instance.component === "managed-dashboards/api-key") {
            // The deployment only names the workspace stack, which plays no part here.
            const deployment = { organization: "organization", project: "migration", stack: "adoption" };
            const { ssmPath, keyName } = resolveDashboardsApiKey(instance.name, args, deployment);
            const legacySsmPath =
                instance.vars.ssm_path_format_api_key === undefined
                    ? format(LEGACY_SSM_PATH_FORMAT, keyName)
                    : undefined;
            return { ssmPath, legacySsmPath, keyName };
        }
    } catch {
        // An instance with invalid vars matches nothing; the synth reports it.
    }
    return {};
}

/** Builds the adoption plan of a state report for the instances of a stack file (or none). */
export function adoptionPlan(report: AdoptionReport, instances: readonly StackInstance[] = []): AdoptionPlan {
    const names = instances.map((instance) => ({ instance, ...namesOf(instance) }));
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
        removed.push(...rule.addresses);
    }
    for (const parameter of report.parameters) {
        const match = bySsmPath.get(parameter.name) ?? byLegacySsmPath.get(parameter.name);
        const legacy = /^\/grafana\/([^/]+)\/api_key$/.exec(parameter.name);
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
                    ? { ssm_path_format_api_key: LEGACY_SSM_PATH_FORMAT }
                    : {}),
                // While Terraform still manages the workspace there is no Pulumi stack to read it from.
                ...(workspaceId !== undefined ? { workspace_id: workspaceId } : {}),
            },
        });
        removed.push(parameter.address);
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
        notes.push(`no instance of the stack file gives ${item.what}: add the vars to the instance that should own it`);
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
