/**
 * What keeps the components working over months of real `pulumi up` runs: the rotation schedule of
 * the dashboards key and its arithmetic against the run cadence, the Grafana versions each
 * credential type works on, the Pulumi CLI the wiring needs, and the import ids used to adopt
 * resources a Terraform deployment created. Pure (no Pulumi import), except for the clock, which the
 * tests (and the offline mocks) can replace; the engine guard is in `engine.ts`.
 */
import { DASHBOARDS_API_KEY_DEFAULTS, MAX_MINUTES_TO_LIVE } from "./apiKey/definition";
import { describeValue, type ArgProblemInput } from "./errors";
import { createHash } from "node:crypto";
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

/** What the expiry warning tells the user to do. */
export interface ExpiryRecovery {
    /** Start of the next rotation window (RFC 3339): the first run from then on replaces the key. */
    readonly nextWindowStart: string;
    /** URN of the service account of a token (absent for an API key). */
    readonly serviceAccountUrn?: string;
    /** URNs of the credential (and for an API key, the record of when it was issued). */
    readonly credentialUrns: readonly string[];
}

/**
 * The warning to log when the live key expires before the next scheduled run (or has expired), or
 * undefined. `expiresAt`: RFC 3339; `time`: now in milliseconds; `marginMinutes`: the run cadence.
 *
 * `pulumi up --replace` of the credential is no remedy within a window: the new credential would
 * take the live one's name, which Grafana refuses while the old one exists. A credential rotates at
 * the first run of the next window; one that is gone (a service account or key deleted outside
 * Pulumi) is dropped from the state by `pulumi refresh` (a token and its service account) or
 * replaced (an API key, which a refresh never sees deleted), and created again by the next `pulumi up`.
 */
export function expiryWarning(
    expiresAt: string,
    time: number,
    marginMinutes: number,
    recovery: ExpiryRecovery,
): string | undefined {
    const expiry = Date.parse(expiresAt);
    if (Number.isNaN(expiry)) {
        return undefined;
    }
    const minutesLeft = Math.floor((expiry - time) / 60_000);
    const rotates = `the first pulumi up at or after ${recovery.nextWindowStart} replaces it`;
    const gone =
        recovery.serviceAccountUrn !== undefined
            ? `if the service account '${recovery.serviceAccountUrn}' or its token was deleted outside Pulumi, run ` +
              `pulumi refresh (it drops them from the state), then pulumi up creates them again`
            : `if the key was deleted outside Pulumi (a refresh never sees it), run pulumi up ` +
              recovery.credentialUrns.map((urn) => `--replace '${urn}'`).join(" ");
    if (minutesLeft < 0) {
        return (
            `the live key expired at ${expiresAt} (${-minutesLeft} minutes ago) and this run does not replace it; ` +
            `clients of the key get 401 until it is replaced; ${rotates}; ${gone}`
        );
    }
    if (minutesLeft < marginMinutes) {
        return (
            `the live key expires at ${expiresAt}, in ${minutesLeft} minutes, before the next scheduled run ` +
            `(every ${marginMinutes} minutes); ${rotates}: run it then, before the key expires; ${gone}`
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

// ---------------------------------------------------------------------------------------------
// Credential names per rotation window, and the schedule the plan shows.

/** The KMS key SSM uses for a SecureString when none is named: the account's AWS-managed key. */
export const DEFAULT_SSM_KMS_KEY_ID = "alias/aws/ssm";

/** Longest Grafana workspace API key name. */
export const MAX_API_KEY_NAME = 100;
/** Longest Grafana service account, and service account token, name. */
export const MAX_SERVICE_ACCOUNT_NAME = 128;

/** `2026-12-01T00:00:00Z` as `20261201T000000Z` (RFC 3339 basic format, 16 characters). */
export function compactTimestamp(rfc3339Time: string): string {
    return rfc3339Time.replace(/[-:]/g, "");
}

/** Four hex digits of a string's SHA-256: a short, stable distinguisher for names. */
function digest4(text: string): string {
    return createHash("sha256").update(text).digest("hex").slice(0, 4);
}

/**
 * `base` + `suffix`, at most `limit` code points: when too long, `base` is cut and followed by
 * four hex digits of its SHA-256, so that two long bases sharing a prefix still give two names.
 */
function boundedName(base: string, suffix: string, limit: number): string {
    const points = [...base];
    const suffixLength = [...suffix].length;
    if (points.length + suffixLength <= limit) return base + suffix;
    const keep = Math.max(0, limit - suffixLength - 5);
    return points.slice(0, keep).join("") + "-" + digest4(base) + suffix;
}

/** What makes one credential of a rotation window different from another. */
export interface CredentialIdentity {
    /** The label id: the original component's key name. */
    readonly id: string;
    readonly credentialType: "api-key" | "service-account-token";
    /** The Grafana role (upper case). */
    readonly keyRole: string;
    readonly secondsToLive: number;
    /** Start of the rotation window (RFC 3339). */
    readonly windowStart: string;
}

/**
 * The name of the credential (API key or service-account token) of one rotation window:
 * `<id>-<window start, compact>-<4 hex digits>`, e.g. `eg-ue2-prod-grafana-20251224T000000Z-1c0e`.
 * The hex digits are a digest of the credential type, role and lifetime, the other inputs that replace
 * a credential within one window. Grafana keeps API keys and tokens in one store and refuses a second
 * credential with a name it holds; every replacement of a credential therefore gets a name no live
 * credential has (the previous window's, the original component's `<id>`, a key of the other type),
 * and the new one can be created before the old one is deleted. Never equal to `id`; at most 100
 * code points for an API key and 128 for a token (a long id is cut and followed by a digest of it).
 */
export function credentialName(identity: CredentialIdentity): string {
    const limit = identity.credentialType === "api-key" ? MAX_API_KEY_NAME : MAX_SERVICE_ACCOUNT_NAME;
    const variant = digest4(`${identity.credentialType}|${identity.keyRole}|${identity.secondsToLive}`);
    return boundedName(identity.id, `-${compactTimestamp(identity.windowStart)}-${variant}`, limit);
}

/**
 * The service account's name: `<id>-<role, lower case>` (at most 128 code points). The role is in
 * the name because it forces a new service account: the new one (another role) is created beside
 * the old one, which is deleted once the token in SSM belongs to the new one.
 */
export function serviceAccountName(id: string, keyRole: string): string {
    return boundedName(id, `-${keyRole.toLowerCase()}`, MAX_SERVICE_ACCOUNT_NAME);
}

/**
 * The `replacementTrigger` of a rotated credential: the window it belongs to and the window's width.
 * A run in a later window (or with another width) replaces the credential. For an API key, `issued`
 * is the time its record (`time` `Static`) was made, so that the key is replaced whenever the record is.
 */
export interface RotationTrigger {
    readonly windowStart: string;
    readonly rotationMinutes: number;
    readonly issued?: string;
}

/** True for a value shaped as a {@link RotationTrigger} (as the plan reads it back). */
export function isRotationTrigger(value: unknown): value is RotationTrigger {
    if (typeof value !== "object" || value === null) return false;
    const trigger = value as Record<string, unknown>;
    return (
        typeof trigger.windowStart === "string" &&
        !Number.isNaN(Date.parse(trigger.windowStart)) &&
        typeof trigger.rotationMinutes === "number" &&
        Number.isInteger(trigger.rotationMinutes) &&
        trigger.rotationMinutes > 0
    );
}

/** The start of the next rotation window after the one starting at `windowStart` (RFC 3339). */
export function nextWindowStart(windowStart: string, rotationMinutes: number): string {
    return rfc3339(Date.parse(windowStart) + rotationMinutes * 60_000);
}

/** When a credential is rotated, as the plan shows it. */
export interface RotationSchedule {
    /** Start of the next window: the first run from then on replaces the credential. */
    readonly nextWindowStart: string;
    readonly everyMinutes: number;
    /** When a credential created at `time` expires (RFC 3339), when its lifetime is known. */
    readonly expiresAt?: string;
}

/**
 * The schedule of a credential registered with a {@link RotationTrigger} and a `secondsToLive` input,
 * created at `time`; undefined for anything else.
 */
export function rotationSchedule(trigger: unknown, secondsToLive: unknown, time: number): RotationSchedule | undefined {
    if (!isRotationTrigger(trigger)) return undefined;
    return {
        nextWindowStart: nextWindowStart(trigger.windowStart, trigger.rotationMinutes),
        everyMinutes: trigger.rotationMinutes,
        ...(typeof secondsToLive === "number" && Number.isFinite(secondsToLive)
            ? { expiresAt: rfc3339(time + secondsToLive * 1000) }
            : {}),
    };
}

/** The plan's line for a rotated credential. */
export function rotationLine(schedule: RotationSchedule): string {
    return (
        `rotates: next window starts ${schedule.nextWindowStart} (every ${schedule.everyMinutes} min` +
        (schedule.expiresAt !== undefined ? `; expires ${schedule.expiresAt}` : "") +
        ")"
    );
}

/**
 * The higher of two Grafana versions (by major, then minor, then patch); either may be unknown.
 * The workspace stack's output may be stale (a workspace upgraded in the console): the version the
 * live workspace reports counts, and when both are known the higher one decides.
 */
export function higherGrafanaVersion(a: string | undefined, b: string | undefined): string | undefined {
    const parts = (version: string | undefined): number[] | undefined => {
        if (typeof version !== "string") return undefined;
        const match = /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version);
        return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : undefined;
    };
    const pa = parts(a);
    const pb = parts(b);
    if (pa === undefined) return pb === undefined ? (a ?? b) : b;
    if (pb === undefined) return a;
    for (let i = 0; i < 3; i++) {
        if (pa[i] !== pb[i]) return pa[i] > pb[i] ? a : b;
    }
    return a;
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
