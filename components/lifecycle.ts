/**
 * What keeps the components working over months of real `pulumi up` runs: the rotation schedule of
 * the dashboards key and its arithmetic against the run cadence, the Grafana versions each
 * credential type works on, the Pulumi CLI the wiring needs, and the import ids used to adopt
 * resources a Terraform deployment created. Pure (no Pulumi import), except for the clock, which the
 * tests (and the offline mocks) can replace; the engine guard is in `engine.ts`.
 */
import { DASHBOARDS_API_KEY_DEFAULTS, MAX_MINUTES_TO_LIVE } from "./apiKey/definition";
import { describeValue, type ArgProblemInput } from "./errors";
import { problem, type Problem } from "../util/problem";

/** The run cadence assumed when none is given: one `pulumi up` a week. */
export const DEFAULT_RUN_CADENCE_MINUTES: number = DASHBOARDS_API_KEY_DEFAULTS.runCadenceMinutes;

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
// Rotation.

/** Formats a time as RFC 3339 in UTC without fractional seconds. */
export function rfc3339(time: number): string {
    return new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The start of the rotation window `time` falls in: windows of `rotationMinutes` counted from the
 * Unix epoch. The key's replacement trigger is this value, so a run in a later window replaces the
 * key, whenever that run happens, with no refresh needed. A key created at time t is therefore
 * replaced by the first run at or after t + rotationMinutes at the latest (its window ends by then).
 */
export function rotationWindowStart(time: number, rotationMinutes: number): string {
    const width = rotationMinutes * 60_000;
    return rfc3339(Math.floor(time / width) * width);
}

/** The rotation schedule, settled. */
export interface RotationPlan {
    readonly minutesToLive: number;
    readonly rotationMinutes: number;
    readonly runCadenceMinutes: number;
    /** Minutes a key can still live when the run that replaces it comes, at worst. */
    readonly slackMinutes: number;
}

/**
 * Settles and checks the rotation schedule against the run cadence. A key created by a run at
 * time t is replaced by the first run in a later rotation window, which is at most
 * `rotationMinutes + runCadenceMinutes` after t when runs keep the cadence; it expires at
 * t + `minutesToLive`. So the schedule is valid when
 * `rotationMinutes + runCadenceMinutes <= minutesToLive`; a missed run (`+ runCadenceMinutes` more)
 * that would let the key expire is a warning. A schedule that breaks a cadence the user stated is
 * refused; one that breaks only the cadence assumed when none is given (a week) is a warning that
 * asks for the cadence, so that every `minutesToLive` the original takes (1 to 43200) still loads.
 *
 * `minutesToLive`, `rotationMinutes`, `runCadenceMinutes`: the user's values, or null when not set
 * (already checked to be integers in range).
 */
export function planRotation(
    minutesToLive: number | null,
    rotationMinutes: number | null,
    runCadenceMinutes: number | null,
    problems: ArgProblemInput[],
    warnings: ArgProblemInput[],
): RotationPlan {
    const lifetime = minutesToLive ?? MAX_MINUTES_TO_LIVE;
    const cadence = runCadenceMinutes ?? DEFAULT_RUN_CADENCE_MINUTES;
    const cadenceText = runCadenceMinutes === null ? `${cadence} (a week, the default)` : `${cadence}`;
    let rotation = rotationMinutes;
    if (rotation === null) {
        // Halfway through the key's life, or earlier so that a missed run still leaves a valid key, or,
        // when the lifetime is too short for that, early enough for runs that keep the cadence.
        const half = Math.ceil(lifetime / 2);
        const toleratesMissedRun = lifetime - 2 * cadence;
        const outlivesCadence = lifetime - cadence;
        rotation =
            toleratesMissedRun >= 1
                ? Math.min(half, toleratesMissedRun)
                : outlivesCadence >= 1
                  ? Math.min(half, outlivesCadence)
                  : half;
    }
    // Refused against a stated cadence; against the assumed one, a warning that asks for the real one.
    const assumed = runCadenceMinutes === null;
    const scheduleErrors = assumed ? warnings : problems;
    const askCadence = assumed
        ? "; set runCadenceMinutes (run_cadence_minutes in a stack file) to how often pulumi up really runs (a week is assumed)"
        : "";
    if (rotationMinutes !== null && rotation >= lifetime) {
        // Whatever the cadence: a key is still in use when it expires.
        problems.push(
            scheduleProblem(
                "ROTATION_NOT_BEFORE_EXPIRY",
                ["rotationMinutes", rotationMinutes],
                "must be less than the key's lifetime",
                `rotationMinutes ${rotation} >= minutesToLive ${lifetime}, so a key is still in use after it expires, ` +
                    `whatever the run cadence; set rotationMinutes below ${lifetime}, leaving room for the gap between runs`,
            ),
        );
    } else if (lifetime <= cadence) {
        scheduleErrors.push(
            scheduleProblem(
                "NO_VALID_ROTATION",
                minutesToLive === null ? ["runCadenceMinutes", runCadenceMinutes] : ["minutesToLive", minutesToLive],
                "leaves no rotation that keeps a valid key",
                `minutesToLive ${lifetime} must be more than runCadenceMinutes ${cadenceText}, because a key must ` +
                    `outlive the gap between two runs plus at least one minute of rotation; run pulumi up more ` +
                    `often or let keys live longer${askCadence}`,
            ),
        );
    } else if (rotation + cadence > lifetime) {
        const latest = rotation + cadence;
        scheduleErrors.push(
            scheduleProblem(
                "KEY_EXPIRES_BETWEEN_RUNS",
                rotationMinutes === null ? ["minutesToLive", minutesToLive] : ["rotationMinutes", rotationMinutes],
                "lets the key expire between runs",
                `rotationMinutes ${rotation} + runCadenceMinutes ${cadenceText} = ${latest} > minutesToLive ` +
                    `${lifetime}, so a key is replaced up to ${latest} minutes after it was created, ` +
                    `${latest - lifetime} minutes after it expired; set rotationMinutes to at most ${lifetime - cadence}${askCadence}`,
            ),
        );
    } else if (rotation + 2 * cadence > lifetime) {
        const latest = rotation + 2 * cadence;
        const tolerant = lifetime - 2 * cadence;
        // The lifetime that would tolerate one with this rotation (a defaulted rotation adapts: 2c + 1).
        const needed = rotationMinutes === null ? 2 * cadence + 1 : rotation + 2 * cadence;
        const remedy =
            tolerant >= 1
                ? `rotate at most every ${tolerant} minutes to tolerate one` +
                  (needed <= MAX_MINUTES_TO_LIVE ? `, or set minutesToLive to at least ${needed}` : "")
                : `no rotation tolerates one, because minutesToLive ${lifetime} is not more than 2 × runCadenceMinutes ` +
                  `${cadence} = ${2 * cadence}; ` +
                  (needed <= MAX_MINUTES_TO_LIVE
                      ? `to tolerate one, set minutesToLive to at least ${needed} or run pulumi up more often`
                      : `no minutesToLive up to ${MAX_MINUTES_TO_LIVE} tolerates one at this cadence (it would take ` +
                        `${needed}): run pulumi up more often`);
        warnings.push(
            scheduleProblem(
                "NO_ROOM_FOR_MISSED_RUN",
                rotationMinutes === null || tolerant < 1
                    ? ["minutesToLive", minutesToLive]
                    : ["rotationMinutes", rotationMinutes],
                "leaves no room for a missed run",
                `rotationMinutes ${rotation}${rotationMinutes === null ? " (the default)" : ""} + 2 × ` +
                    `runCadenceMinutes ${cadenceText} = ${latest} > minutesToLive ${lifetime}, so if one scheduled ` +
                    `run does not happen the key expires before the next one; ${remedy}`,
            ),
        );
    }
    return {
        minutesToLive: lifetime,
        rotationMinutes: rotation,
        runCadenceMinutes: cadence,
        slackMinutes: lifetime - rotation - cadence,
    };
}

/**
 * A problem of the rotation schedule, blamed on `field`: the rule, the user's value of `field` (left
 * out when the user did not set it and its default applies), and the arithmetic behind it.
 */
function scheduleProblem(
    code: string,
    [field, value]: [string, number | null],
    rule: string,
    arithmetic: string,
): Problem {
    return value === null
        ? { code, path: [field], rule, detail: arithmetic }
        : problem(code, [field], rule, value, arithmetic);
}

/**
 * The warning to log when the live key expires before the next scheduled run (or has expired), or
 * undefined. `expiresAt`: RFC 3339; `time`: now in milliseconds; `marginMinutes`: the run cadence;
 * `urns`: what the recovery command replaces (the key, and for an API key the record of when it was issued).
 */
export function expiryWarning(
    expiresAt: string,
    time: number,
    marginMinutes: number,
    urns: string | readonly string[],
): string | undefined {
    const expiry = Date.parse(expiresAt);
    if (Number.isNaN(expiry)) {
        return undefined;
    }
    const minutesLeft = Math.floor((expiry - time) / 60_000);
    const targets = (typeof urns === "string" ? [urns] : urns).map((urn) => `--replace '${urn}'`).join(" ");
    const recovery = `to replace it now: pulumi up ${targets}`;
    if (minutesLeft < 0) {
        return (
            `the live key expired at ${expiresAt} (${-minutesLeft} minutes ago) and this run does not replace it; ` +
            `clients of the key get 401 until it is replaced; ${recovery}`
        );
    }
    if (minutesLeft < marginMinutes) {
        return (
            `the live key expires at ${expiresAt}, in ${minutesLeft} minutes, before the next scheduled run ` +
            `(every ${marginMinutes} minutes); ${recovery}, or run again before it expires`
        );
    }
    return undefined;
}

// ---------------------------------------------------------------------------------------------
// Credential types and Grafana versions.

/** The major version of a Grafana version string (`"10.4"` → 10), or undefined. */
export function grafanaMajor(version: unknown): number | undefined {
    if (typeof version !== "string") {
        return undefined;
    }
    const match = /^\s*v?(\d+)(?:\.|$)/.exec(version);
    return match ? Number(match[1]) : undefined;
}

/**
 * Why a credential type cannot work on a Grafana version, or undefined when it can (or the version
 * is unknown). Amazon Managed Grafana offers API keys on Grafana 8 to 10 and removed them in 12;
 * service accounts exist from Grafana 9.
 */
export function credentialProblem(credentialType: string, version: string | undefined): string | undefined {
    const major = grafanaMajor(version);
    if (major === undefined) {
        return undefined;
    }
    if (credentialType === "api-key" && major >= 12) {
        return (
            `credentialType "api-key" does not work on this workspace: it runs Grafana ${version}, and Amazon ` +
            `Managed Grafana removed API keys in Grafana 12; use "service-account-token" (the default)`
        );
    }
    if (credentialType === "service-account-token" && major < 9) {
        return (
            `credentialType "service-account-token" does not work on this workspace: it runs Grafana ${version}, ` +
            `and service accounts need Grafana 9 or later; set credentialType to "api-key" or upgrade the workspace`
        );
    }
    return undefined;
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
