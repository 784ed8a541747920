/**
 * What keeps the components working over months of `pulumi up` runs: the Pulumi CLI floors, the
 * clock (replaceable), adoption import ids, aliases and renames, and log groups a run replaces.
 * Pure (no Pulumi import). The api-key's rotation is in `apiKey/rotation.ts`; a rotated resource's plan line here.
 */
import type { ArgProblemInput } from "./errors";
import { problem, type Problem } from "../../util/problem";
import { describeValue } from "../../util/describeValue";

/**
 * The oldest Pulumi CLI the components work with, and why: `replacementTrigger` is honoured by the
 * engine from 3.208.0 (older engines drop it silently, so the key would never rotate), and engines
 * before 3.226.0 compared the trigger wrongly and planned a key replacement on every run.
 */
export const MINIMUM_PULUMI_CLI = "3.226.0";

/**
 * The Pulumi CLI that adoption (the `import` option) requires: the engine must keep the import id
 * in its state (pulumi/pulumi#19314), because every import id here (`<id>@<region>`, a target's
 * `rule/target-id`) differs from the resource's id, and must import then update a resource whose
 * inputs differ from the program's instead of failing (documented in pulumi/docs#18114, March
 * 2026). 3.252.0 has both; it is a conservative floor, not one tried against a real engine.
 */
export const MINIMUM_PULUMI_CLI_FOR_ADOPTION = "3.252.0";

// ---------------------------------------------------------------------------------------------
// The clock: replaceable for tests and offline synth.

let clock: () => number = () => Date.now();

/** The current time in milliseconds since the epoch (`Date.now()` unless replaced). */
export function now(): number {
    return clock();
}

/**
 * Replaces the clock the components read (tests and the offline mocks use a fixed time);
 * without an argument, restores `Date.now`.
 */
export function setClock(next?: () => number): void {
    clock = next ?? (() => Date.now());
}

// ---------------------------------------------------------------------------------------------
// Adoption (Pulumi's `import` option) and renames.

/** The import id of an EventBridge target on the default bus: `<rule name>/<target id>`. */
export function eventTargetImportId(ruleName: string, targetId: string): string {
    return `${ruleName}/${targetId}`;
}

/**
 * An import id that names its region: `<id>@<region>`, the AWS provider's form (from 6.0 / @pulumi/aws
 * 7) for importing a resource whose `region` argument differs from the provider's region. Every
 * child of these components sets `region`, so a bare id would be looked up in the provider's default
 * region instead; the suffix is harmless when the two agree.
 */
export function regionalImportId(id: string, region: string): string {
    return `${id}@${region}`;
}

/** EventBridge target ids: 1 to 64 characters of `[.\-_A-Za-z0-9]`. */
export const EVENT_TARGET_ID = /^[.\-_A-Za-z0-9]{1,64}$/;

/** Checks a list of previous instance names (`aliases`); returns them, or undefined when invalid. */
export function checkAliases(value: unknown, instance: string, problems: ArgProblemInput[]): readonly string[] {
    if (value === undefined || value === null) {
        return [];
    }
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string" || item.trim() === "")) {
        problems.push(
            problem(
                "TYPE_MISMATCH",
                ["aliases"],
                "must be a list of the instance's previous names (non-empty strings)",
                value,
            ),
        );
        return [];
    }
    const names = [...(value as string[])];
    const own = names.indexOf(instance);
    if (own >= 0) {
        problems.push(
            problem(
                "OWN_NAME_AS_ALIAS",
                ["aliases", own],
                "must be a previous name, not the instance's own name",
                instance,
            ),
        );
    }
    return names;
}

/** One instance as a previous deployment left it: its name and the physical names it owned. */
export interface DeployedInstance {
    readonly instance: string;
    readonly physicalNames: readonly string[];
}

/**
 * Renames that would take over physical names without an alias: for each current instance whose
 * physical name belongs to a previous instance of another name that is not among its aliases, a
 * message. Pulumi would create the "new" instance first (taking over the rule and the SSM parameter
 * in place) and then delete the "old" one, deleting them from under it.
 */
export function unaliasedRenames(
    previous: readonly DeployedInstance[],
    current: readonly (DeployedInstance & { readonly aliases: readonly string[] })[],
): string[] {
    const owner = new Map<string, string>();
    for (const instance of previous) {
        for (const name of instance.physicalNames) {
            owner.set(name, instance.instance);
        }
    }
    const currentNames = new Set(current.map((instance) => instance.instance));
    const messages: string[] = [];
    for (const instance of current) {
        for (const name of instance.physicalNames) {
            const previousOwner = owner.get(name);
            if (
                previousOwner !== undefined &&
                previousOwner !== instance.instance &&
                !currentNames.has(previousOwner) &&
                !instance.aliases.includes(previousOwner)
            ) {
                messages.push(
                    `"${instance.instance}": ${describeValue(name)} belonged to instance "${previousOwner}" in the last ` +
                        `deployment; a rename without an alias creates the new instance over the same name and then ` +
                        `deletes it with the old one; add aliases: ["${previousOwner}"] to "${instance.instance}"`,
                );
                break;
            }
        }
    }
    return messages;
}

// ---------------------------------------------------------------------------------------------
// Import ids the AWS provider can read.

/**
 * The regions whose name the AWS provider reads from an import id `<id>@<region>`
 * (terraform-provider-aws's region-in-import-id pattern). Other region names (e.g. `eusc-de-east-1`)
 * are left in the id, and the resource is looked up in the provider's default region.
 */
export const IMPORT_ID_REGION = /^[a-z]{2}(?:-[a-z]+)+-\d{1,2}$/;

/**
 * The problem with adopting (`adoptExisting`, or `adoptLogGroup`: `field`) in `region`, when the provider cannot read the region
 * from the import id; none otherwise.
 */
export function adoptionRegionProblem(
    region: string,
    field: "adoptExisting" | "adoptLogGroup" = "adoptExisting",
): Problem | undefined {
    if (IMPORT_ID_REGION.test(region)) return undefined;
    return problem(
        "ADOPTION_REGION",
        [field],
        `cannot adopt in region ${describeValue(region)}: the AWS provider reads the region of an import id ` +
            "<id>@<region> only for names of the form us-east-2 (two letters, words, a number), so the resources " +
            "would be looked up in the provider's own region instead",
        true,
        `import them with pulumi import from a program whose AWS provider is configured for that region, or leave ${field} off`,
    );
}

// ---------------------------------------------------------------------------------------------
// The plan of a rotated resource (a kit's `planRotation` computes it).

/** When a credential is rotated, as the plan shows it. */
export interface RotationSchedule {
    /** Start of the next window: the first run from then on replaces the credential. */
    readonly nextWindowStart: string;
    readonly everyMinutes: number;
    /** When a credential created at `time` expires (RFC 3339), when its lifetime is known. */
    readonly expiresAt?: string;
}

/** The plan's line for a rotated credential. */
export function rotationLine(schedule: RotationSchedule): string {
    return (
        `rotates: next window starts ${schedule.nextWindowStart} (every ${schedule.everyMinutes} min` +
        (schedule.expiresAt !== undefined ? `; expires ${schedule.expiresAt}` : "") +
        ")"
    );
}

/** The Pulumi organization, project and stack being deployed (`pulumi.getOrganization()`, ...). */
export interface PulumiDeployment {
    readonly organization: string;
    readonly project: string;
    readonly stack: string;
}
