/**
 * A migration from Terraform: matches a state's resources (terraformState.ts) to a stack file's instances by the names
 * the components would give them (each component's adoption, components/kit/adoption.ts), and writes the adopting
 * vars and `terraform state rm`. Pure apart from resolvers.
 */
import type { AdoptionMatch, AdoptionNames, ComponentAdoption } from "../components/kit/adoption";
import type { StackInstance } from "../stack";
import { escapeJsonText, escapeText } from "../util/terminalText";
import {
    adoptingComponents,
    reportSections,
    shellQuote,
    type AdoptingComponent,
    type AdoptionReport,
} from "./terraformState";

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
 * The names an instance would give its resources, as its component's adoption says (its adoption args left out, as
 * they are being worked out); none for an instance with invalid vars (it matches nothing; the synth reports it).
 */
function namesOf(instance: StackInstance, adoption: ComponentAdoption): AdoptionNames {
    const args: Record<string, unknown> = { ...instance.args };
    for (const arg of adoption.adoptionArgs) delete args[arg];
    try {
        return adoption.names({
            name: instance.name,
            args,
            vars: instance.vars,
            written: new Set(Object.keys(instance.varLocations)),
        });
    } catch {
        // An instance with invalid vars matches nothing; the synth reports it.
        return {};
    }
}

/**
 * Builds the adoption plan of a state report for the instances of a stack file. Without a stack file
 * (`instances` undefined) every resource is planned for an instance the user names (`<instance>`);
 * with one, a resource no instance gives is left out of `terraform state rm` (nothing adopts it).
 */
export function adoptionPlan(
    report: AdoptionReport,
    instances?: readonly StackInstance[],
    components: readonly AdoptingComponent[] = adoptingComponents(),
): AdoptionPlan {
    const withStackFile = instances !== undefined;
    const sections = reportSections(report);
    const planned: InstanceAdoption[] = [];
    const notes: string[] = [];
    const removed: string[] = [];
    for (const { definition, adoption } of components) {
        const steps = adoption.steps(sections);
        // The first instance giving each name, by kind of name: looked up per resource, so maps
        // (a state may hold hundreds of thousands).
        const firstByName = new Map<string, Map<string, AdoptionMatch>>();
        for (const instance of (instances ?? []).filter((i) => i.component === definition.path)) {
            const names = namesOf(instance, adoption);
            const match: AdoptionMatch = {
                instance: {
                    name: instance.name,
                    args: instance.args,
                    vars: instance.vars,
                    written: new Set(Object.keys(instance.varLocations)),
                },
                names,
            };
            for (const [kind, name] of Object.entries(names)) {
                if (name === undefined) continue;
                let byName = firstByName.get(kind);
                if (byName === undefined) firstByName.set(kind, (byName = new Map<string, AdoptionMatch>()));
                if (!byName.has(name)) byName.set(name, match);
            }
        }
        for (const adoptable of steps.adoptables) {
            const match = adoptable.matchBy
                .map(([kind, name]) => firstByName.get(kind)?.get(name))
                .find((m) => m !== undefined);
            planned.push({ instance: match?.instance.name, what: adoptable.what, vars: adoptable.vars(match) });
            if (match !== undefined || !withStackFile) removed.push(...adoptable.addresses);
        }
        notes.push(...steps.notes);
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
