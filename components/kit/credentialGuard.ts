/**
 * The stored key across runs, from the last deployment's outputs: expiry, rotation window and workspace, so a run says
 * when the key has expired or its workspace is gone, and never rotates back. Pure; the api-key component applies it.
 */
import { describeValue } from "../../util/describeValue";

/** The program outputs that record the stored key (each definition's `deployment` names). */
export const EXPIRES_AT_OUTPUT = "expires_at";
export const WORKSPACE_ID_OUTPUT = "workspace_id";
export const WINDOW_OUTPUT = "rotation_window_start";
export const CREDENTIAL_NAME_OUTPUT = "credential_name";

/** The key the last deployment stored, as its outputs say (each part absent when not said). */
export interface DeployedCredential {
    /** When the stored key expires (RFC 3339). */
    readonly expiresAt?: string;
    /** The workspace the stored key belongs to. */
    readonly workspaceId?: string;
    /** The rotation window it was created in (RFC 3339). */
    readonly windowStart?: string;
    /** Its name in Grafana (a retry after a failed create takes another: see attemptCredentialName). */
    readonly credentialName?: string;
}

/** The stored key of an instance (under its name or an alias) in the last deployment's outputs. */
export function deployedCredential(
    outputs: Readonly<Record<string, unknown>>,
    names: readonly string[],
): DeployedCredential | undefined {
    for (const name of names) {
        const named = Object.prototype.hasOwnProperty.call(outputs, name) ? outputs[name] : undefined;
        if (typeof named !== "object" || named === null || Array.isArray(named)) continue;
        const values = named as Record<string, unknown>;
        const text = (key: string): string | undefined => {
            const value = Object.prototype.hasOwnProperty.call(values, key) ? values[key] : undefined;
            return typeof value === "string" && value !== "" ? value : undefined;
        };
        const time = (key: string): string | undefined => {
            const value = text(key);
            return value !== undefined && !Number.isNaN(Date.parse(value)) ? value : undefined;
        };
        const expiresAt = time(EXPIRES_AT_OUTPUT);
        const workspaceId = text(WORKSPACE_ID_OUTPUT);
        const windowStart = time(WINDOW_OUTPUT);
        const credentialName = text(CREDENTIAL_NAME_OUTPUT);
        return {
            ...(expiresAt !== undefined ? { expiresAt } : {}),
            ...(workspaceId !== undefined ? { workspaceId } : {}),
            ...(windowStart !== undefined ? { windowStart } : {}),
            ...(credentialName !== undefined ? { credentialName } : {}),
        };
    }
    return undefined;
}

/** What {@link stableWindow} needs to tell a slow clock from a deployment made by a clock far ahead. */
export interface WindowCheck {
    /** Now, by this runner's clock (ms). */
    readonly time: number;
    /** The key's lifetime in minutes. */
    readonly minutesToLive: number;
    /** How often `pulumi up` runs, in minutes. */
    readonly cadenceMinutes: number;
    /** When the stored key expires, as the last deployment says (RFC 3339). */
    readonly expiresAt?: string;
}

/**
 * The window this run uses: the clock's, unless the last deployment's window of the same width is
 * later (this runner's clock is behind the one that deployed it): then that one, so that the key is
 * not rotated back to an earlier window (and rotated again by the next runner). `note` says so.
 *
 * A later window is kept only while the stored key outlives it: it must still be valid at the first
 * scheduled run after that window ends. A key was made at the latest now, so it is dead by
 * `time + minutesToLive`; a deployed window starting more than `minutesToLive - rotationMinutes -
 * cadenceMinutes` after now (or, when the stored expiry is known, one the key expires before the end
 * of, plus a cadence) was set by a clock far ahead, and keeping it would let the key expire unrotated.
 * Then the clock's window is used (`healed`): the key is rotated now, create-first, and `note` says
 * why and what to check.
 */
export function stableWindow(
    clockWindow: string,
    deployedWindow: string | undefined,
    rotationMinutes: number,
    check?: WindowCheck,
): { readonly windowStart: string; readonly note?: string; readonly healed?: boolean } {
    if (deployedWindow === undefined) return { windowStart: clockWindow };
    const width = rotationMinutes * 60_000;
    const deployed = Date.parse(deployedWindow);
    const aligned = deployed % width === 0;
    if (!aligned || deployed <= Date.parse(clockWindow)) return { windowStart: clockWindow };
    if (check !== undefined) {
        const deployedEnd = deployed + width;
        const lastUsefulRun = deployedEnd + check.cadenceMinutes * 60_000;
        const deadBy = check.time + check.minutesToLive * 60_000;
        const storedExpiry = check.expiresAt === undefined ? NaN : Date.parse(check.expiresAt);
        const expiry = Number.isNaN(storedExpiry) ? deadBy : Math.min(deadBy, storedExpiry);
        if (expiry < lastUsefulRun) {
            const lead = Math.round((deployed - check.time) / 60_000);
            return {
                windowStart: clockWindow,
                healed: true,
                note:
                    `the last deployment's rotation window starts at ${deployedWindow}, ${lead} minutes after this ` +
                    `runner's clock; keeping it would leave the stored key unrotated until ` +
                    `${new Date(deployedEnd).toISOString().replace(".000Z", "Z")}, but it expires by ` +
                    `${new Date(expiry).toISOString().replace(".000Z", "Z")} (a key lives ${check.minutesToLive} ` +
                    `minutes): the clock of the runner that deployed it was ahead, or this runner's is behind. ` +
                    `This run rotates the key in this runner's window (${clockWindow}), created first, so that a ` +
                    `live key is stored; check both runners' clocks (NTP): if this runner's is the wrong one, ` +
                    `correct it and run pulumi up again (that run rotates once more, also created first)`,
            };
        }
    }
    return {
        windowStart: deployedWindow,
        note:
            `this runner's clock puts the run in the rotation window starting ${clockWindow}, before the last ` +
            `deployment's (${deployedWindow}): the key is kept in the later window rather than rotated back; ` +
            `check the clock of this runner`,
    };
}

/**
 * What the run should say about the stored key, or undefined: when it has expired (this run replaces
 * it or not), or expires before the next scheduled run while this run keeps it. `time`: now (ms).
 */
export function storedKeyWarning(
    deployed: DeployedCredential,
    rotates: boolean,
    time: number,
    cadenceMinutes: number,
    ssmPath: string,
    nextWindowStart: string,
): string | undefined {
    if (deployed.expiresAt === undefined) return undefined;
    const minutesLeft = Math.floor((Date.parse(deployed.expiresAt) - time) / 60_000);
    const stored = `the key stored at ${describeValue(ssmPath)}`;
    if (minutesLeft < 0) {
        return rotates
            ? `${stored} expired at ${deployed.expiresAt} (${-minutesLeft} minutes ago; runs were missed), so its ` +
                  `clients have got 401 since then; this run replaces it`
            : `${stored} expired at ${deployed.expiresAt} (${-minutesLeft} minutes ago) and this run does not replace ` +
                  `it (its rotation window has not ended); the first pulumi up at or after ${nextWindowStart} does`;
    }
    if (!rotates && minutesLeft < cadenceMinutes) {
        return (
            `${stored} expires at ${deployed.expiresAt}, in ${minutesLeft} minutes, before the next scheduled run ` +
            `(every ${cadenceMinutes} minutes); the first pulumi up at or after ${nextWindowStart} replaces it: run ` +
            `it then, before the key expires`
        );
    }
    return undefined;
}

/** What the run says when the stored key belongs to another workspace than the one it finds now. */
export function workspaceChangedWarning(
    deployed: DeployedCredential,
    workspaceId: string,
    ssmPath: string,
): string | undefined {
    if (deployed.workspaceId === undefined || deployed.workspaceId === workspaceId) return undefined;
    return (
        `the key stored at ${describeValue(ssmPath)} belongs to the workspace ${deployed.workspaceId}, which is ` +
        `no longer this instance's workspace (now ${workspaceId}: the workspace was replaced or another was ` +
        `named); until this run completes, SSM holds a key for a workspace that is gone; this run creates a key ` +
        `in ${workspaceId} and stores it`
    );
}
