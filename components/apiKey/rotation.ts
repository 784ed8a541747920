/**
 * The api-key's rotation: the schedule and its arithmetic against the run cadence, the Grafana
 * versions each credential type works on, and the credential names per rotation window. Pure.
 */
import { createHash } from "node:crypto";
import { problem, type Problem } from "../../util/problem";
import type { ArgProblemInput } from "../kit/errors";
import { DASHBOARDS_API_KEY_DEFAULTS, MAX_MINUTES_TO_LIVE } from "./definition";
import type { RotationSchedule } from "../kit/lifecycle";

export { rotationLine, type RotationSchedule } from "../kit/lifecycle";

/** The run cadence assumed when none is given: one `pulumi up` a week. */
export const DEFAULT_RUN_CADENCE_MINUTES: number = DASHBOARDS_API_KEY_DEFAULTS.runCadenceMinutes;

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
 *
 * A token's digest also marks that its service account is the window's ({@link serviceAccountName}):
 * the release before kept one account, and its tokens' names lack the mark, so the first run after
 * upgrading, which replaces the account and with it the token in the same window, gets a new name.
 */
export function credentialName(identity: CredentialIdentity): string {
    const limit = identity.credentialType === "api-key" ? MAX_API_KEY_NAME : MAX_SERVICE_ACCOUNT_NAME;
    const scheme = identity.credentialType === "service-account-token" ? "|account-per-window" : "";
    const variant = digest4(`${identity.credentialType}|${identity.keyRole}|${identity.secondsToLive}${scheme}`);
    return boundedName(identity.id, `-${compactTimestamp(identity.windowStart)}-${variant}`, limit);
}

/** What the last deployment says of the credential it stored (the stack program reads its outputs). */
export interface StoredCredential {
    /** The rotation window it was created in (RFC 3339). */
    readonly windowStart?: string;
    /** Its name in Grafana. */
    readonly credentialName?: string;
}

/** `20260107T093000Z` back to `2026-01-07T09:30:00Z`. */
function fromCompact(compact: string): string {
    return (
        `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}T` +
        `${compact.slice(9, 11)}:${compact.slice(11, 13)}:${compact.slice(13, 15)}Z`
    );
}

/**
 * The name of the service-account token this run registers: one no failed attempt can have taken.
 *
 * The provider creates a token and then lists the account's tokens; when the list fails, the token
 * exists in Grafana but not in the state, and keeps its name for its lifetime (at most 30 days). A
 * name that depends only on the window would make every retry in the window fail on that duplicate
 * name. So, when the last deployment is known (`stored`: the stack program reads its outputs, which
 * a failed run leaves as they were):
 *
 * - the token of this window that the last deployment stored keeps its name (`stored.credentialName`,
 *   when it is a name of `identity` in this window), so a run within the window changes nothing;
 * - otherwise this run creates a token, named after the run's own time (`time`, to the second):
 *   `<id>-<time, compact>-<digest>`, a name no earlier attempt used.
 *
 * Without a last deployment (a TypeScript program, or an instance's first deployment) the name is
 * the window's ({@link credentialName}). An API key is always named by its window (its create makes
 * no second call).
 */
export function attemptCredentialName(
    identity: CredentialIdentity,
    stored: StoredCredential | undefined,
    time: number,
): string {
    const windowName = credentialName(identity);
    if (stored === undefined || identity.credentialType !== "service-account-token") return windowName;
    if (stored.windowStart === identity.windowStart) {
        const name = stored.credentialName;
        if (name === undefined) return windowName; // Stored by a release that named tokens by the window.
        const attempt = /-(\d{8}T\d{6}Z)-[0-9a-f]{4}$/.exec(name);
        if (attempt !== null && credentialName({ ...identity, windowStart: fromCompact(attempt[1]) }) === name) {
            return name;
        }
    }
    return credentialName({ ...identity, windowStart: rfc3339(time) });
}

/**
 * The service account's name: `<id>-<role, lower case>`, and with `windowStart`, the account of that
 * rotation window: `<id>-<role>-<window start, compact>` (at most 128 code points). The role is in
 * the name because it forces a new service account: the new one (another role) is created beside
 * the old one, which is deleted once the token in SSM belongs to the new one. The window is in it so
 * that each window's token gets a new account too: an account deleted outside Pulumi (and its tokens
 * with it, which leaves SSM a dead token) is replaced by the next window's run, which would otherwise
 * fail to create a token for an account that is gone.
 */
export function serviceAccountName(id: string, keyRole: string, windowStart?: string): string {
    const window = windowStart === undefined ? "" : `-${compactTimestamp(windowStart)}`;
    return boundedName(id, `-${keyRole.toLowerCase()}${window}`, MAX_SERVICE_ACCOUNT_NAME);
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
