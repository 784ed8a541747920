/**
 * What a component declares for `tf-adopt` (migrate/): the Terraform resource types it adopts, how it reads them from a
 * state, and the vars an instance then needs. The migration names no component and no resource type; it runs these
 * for every component of the list that declares one. Pure: no Pulumi SDK.
 */

/** One managed resource instance of a Terraform state. */
export interface TerraformResource {
    /** Full address, e.g. `module.cloudwatch_event.aws_cloudwatch_event_target.this["x"]`. */
    readonly address: string;
    /** Resource type, e.g. `aws_cloudwatch_event_target`. */
    readonly type: string;
    /** The instance's attributes (`values` in `show -json`, `attributes` in a state file). */
    readonly attributes: Readonly<Record<string, unknown>>;
}

/** One item of a report section: a plain record (what `tf-adopt --json` prints). */
export type ReportItem = Readonly<Record<string, unknown>>;

/** A component's sections of the adoption report, by name (`rules`, `parameters`): lists of plain records. */
export type ReportSections = Readonly<Record<string, readonly ReportItem[]>>;

/** What a component found in a state. */
export interface StateFindings {
    /** Its sections of the report, in its order (each name once across the components). */
    readonly sections: ReportSections;
    /** The addresses its sections account for (the rest of the state is "not adopted"). */
    readonly used: readonly string[];
    /** What to check by hand (a rule with two targets), each naming the resource's address. */
    readonly problems: readonly string[];
}

/** One instance of the stack file as a component's adoption sees it. */
export interface AdoptingInstance {
    /** The instance name. */
    readonly name: string;
    /** Its arguments (camelCase), adoption arguments left out. */
    readonly args: Readonly<Record<string, unknown>>;
    /** Its snake_case vars, as the stack file gives them. */
    readonly vars: Readonly<Record<string, unknown>>;
    /** The vars its stack file writes (not inherited defaults). */
    readonly written: ReadonlySet<string>;
}

/**
 * The names an instance would give its resources, by kind (`rule`, `ssmPath`): what an {@link Adoptable} is matched
 * by. A kind is the component's own.
 */
export type AdoptionNames = Readonly<Record<string, string | undefined>>;

/** The instance an {@link Adoptable} was matched to, with the names it gives. */
export interface AdoptionMatch {
    readonly instance: AdoptingInstance;
    readonly names: AdoptionNames;
}

/** A resource (or group of resources) of the state that one instance can adopt. */
export interface Adoptable {
    /** What it is, in words (`rule "x"`, `SSM parameter "/y"`). */
    readonly what: string;
    /**
     * The names that match it, best first: `[kind, name]` (`["ssmPath", "/y"]`, then `["legacySsmPath", "/y"]`); the
     * first instance of the stack file giving the first of them adopts it.
     */
    readonly matchBy: readonly (readonly [kind: string, name: string])[];
    /** Its Terraform addresses: removed from the state once adopted. */
    readonly addresses: readonly string[];
    /** The vars the adopting instance needs (`match` undefined: no instance matched; the vars for one the user names). */
    vars(match: AdoptionMatch | undefined): Readonly<Record<string, unknown>>;
}

/** What a component's sections of a report mean for the plan. */
export interface AdoptionSteps {
    /** What its instances can adopt, in the report's order. */
    readonly adoptables: readonly Adoptable[];
    /** What the user must know (resources recreated rather than adopted). */
    readonly notes: readonly string[];
}

/** A component's part in `tf-adopt` (its rules' `adoption`). */
export interface ComponentAdoption {
    /**
     * What it adopts, in words, with the Terraform resource type that holds each (`nothing to adopt` names them):
     * `{ what: "SSM parameter", type: "aws_ssm_parameter" }`.
     */
    readonly adopts: readonly { readonly what: string; readonly type: string }[];
    /**
     * Its arguments that say how to adopt (camelCase; `tf-adopt`'s usage names their vars), left out when working out
     * an instance's names.
     */
    readonly adoptionArgs: readonly string[];
    /** The names an instance would give its resources (it may throw for invalid vars: it then matches nothing). */
    names(instance: AdoptingInstance): AdoptionNames;
    /** Reads its resources from a state, given the state's resources of a type (in state order). */
    read(ofType: (type: string) => readonly TerraformResource[]): StateFindings;
    /** What its sections of a report (as its `read` wrote them, or read back from JSON) let an instance adopt. */
    steps(sections: ReportSections): AdoptionSteps;
}

/** A Terraform attribute as a non-empty string, else undefined. */
export function stateString(value: unknown): string | undefined {
    return typeof value === "string" && value !== "" ? value : undefined;
}

/** Items grouped by a key, each group in the items' order (a key of undefined is a group too). */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
    const groups = new Map<K, T[]>();
    for (const item of items) {
        const k = key(item);
        const group = groups.get(k);
        if (group === undefined) groups.set(k, [item]);
        else group.push(item);
    }
    return groups;
}

/** The items of a report section, as the component that wrote it reads them back (none when absent). */
export function sectionOf<T>(sections: ReportSections, name: string): readonly T[] {
    return (Object.prototype.hasOwnProperty.call(sections, name) ? sections[name] : []) as unknown as readonly T[];
}
