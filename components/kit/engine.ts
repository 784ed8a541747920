/**
 * The Pulumi side of the lifecycle rules: asking the engine for its version before a key that
 * depends on `replacementTrigger` is registered, the aliases option of a renamed component, and the
 * deployment being run.
 */
import * as pulumi from "@pulumi/pulumi";
import type { PulumiDeployment } from "./lifecycle";

/** Checks the engine against a semver range; rejects when it is outside (or cannot tell). */
export type EngineVersionCheck = (range: string) => Promise<void>;

let engineCheck: EngineVersionCheck = (range) => pulumi.runtime.requirePulumiVersion(range);

/** Replaces the engine version check (tests); without an argument, restores Pulumi's own. */
export function setEngineVersionCheck(next?: EngineVersionCheck): void {
    engineCheck = next ?? ((range) => pulumi.runtime.requirePulumiVersion(range));
}

/**
 * Asks the engine whether it is at least `minimum`; rejects with a message that says what would
 * go wrong otherwise. Under unit-test mocks there is no engine and it resolves.
 */
export async function requireEngine(who: string, minimum: string, reason: string): Promise<void> {
    try {
        await engineCheck(`>=${minimum}`);
    } catch (error) {
        throw new Error(
            `${who}: needs Pulumi CLI ${minimum} or later (${reason}); upgrade the CLI ` +
                `(${(error as Error).message})`,
            { cause: error },
        );
    }
}

/** The aliases option for a component renamed from each of `previousNames` (children follow their parent). */
export function aliasOptions(
    previousNames: readonly string[],
    existing: pulumi.ComponentResourceOptions["aliases"],
): pulumi.ComponentResourceOptions["aliases"] {
    if (previousNames.length === 0) {
        return existing;
    }
    return [...(existing ?? []), ...previousNames.map((name) => ({ name }))];
}

/**
 * The deployment this program runs in. The organization is `organization` where the runtime has
 * none (self-managed backends name it so; unit-test mocks may leave it unset).
 */
export function currentDeployment(): PulumiDeployment {
    let organization = "organization";
    try {
        organization = pulumi.getOrganization();
    } catch {
        // No organization configured (e.g. `setMocks` without one): keep the backends' default.
    }
    return { organization, project: pulumi.getProject(), stack: pulumi.getStack() };
}
