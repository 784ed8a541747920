/**
 * Names that must be unique across instances (log groups, rules, resource policies, SSM parameters, Grafana keys),
 * claimed by each instance from its resolved arguments and compared before deploying. Pure.
 */
import { describeValue } from "../util/describeValue";
import { problem, type Problem } from "../util/problem";

/** At most this many account-scoped CloudWatch Logs resource policies per region (not adjustable). */
export const MAX_ACCOUNT_LOGS_POLICIES = 10;

/** The scope of a regional name whose region is the AWS provider's (not given, or not known yet). */
export const PROVIDER_REGION = "the AWS provider's region";

/** One unique name an instance needs. */
export interface NameClaim {
    /** What is named: `log group`, `event rule`, `SSM parameter`, ... */
    readonly what: string;
    /** Where the name must be unique: `us-east-2`, `workspace g-0123456789`, ... */
    readonly scope: string;
    readonly name: string;
    /** The argument that sets the name, in camelCase (`name`, `ssmPathFormatApiKey`). */
    readonly field: string;
    /**
     * The AWS provider (account, role) the name lives under, when it matters: the same name under two
     * providers is no collision. Absent: the default provider.
     */
    readonly account?: string;
    /** Counted against a per-scope limit instead of (or as well as) being unique. */
    readonly limited?: { readonly max: number; readonly what: string };
}

/** The component instance making claims. */
export interface Claimant {
    readonly component: string;
    readonly instance: string;
    /** Where the instance is written (a stack file's `file:line:column`), when known. */
    readonly where?: string;
}

/**
 * A collision between two instances, reported against the second: a problem whose path is the
 * argument that sets the name. The name is derived (from the labels), not a value received, so
 * the rule shows it and no value is recorded.
 */
export type Collision = Problem;

const show = (value: string) => describeValue(value);

function describeClaimant(claimant: Claimant): string {
    return `${claimant.component} "${claimant.instance}"` + (claimant.where ? ` (${claimant.where})` : "");
}

/** Collects claims and reports each name used twice and each limit exceeded. */
export class NameRegistry {
    private readonly owners = new Map<string, { claimant: Claimant; claim: NameClaim }>();
    private readonly counts = new Map<string, Claimant[]>();

    /**
     * Records the claims of one instance; returns the collisions they cause (and records nothing
     * then). Claims again by the same instance (same component and name) are not collisions.
     */
    claim(claimant: Claimant, claims: readonly NameClaim[]): Collision[] {
        const collisions: Collision[] = [];
        const same = (other: Claimant) =>
            other.component === claimant.component && other.instance === claimant.instance;
        for (const claim of claims) {
            const key = `${claim.what}\u0000${claim.account ?? ""}\u0000${claim.scope}\u0000${claim.name}`;
            const owner = this.owners.get(key);
            if (owner && !same(owner.claimant)) {
                collisions.push(
                    problem(
                        "NAME_IN_USE",
                        [claim.field],
                        `gives the ${claim.what} name ${show(claim.name)} in ${claim.scope}, which ` +
                            `${describeClaimant(owner.claimant)} also uses; each ${claim.what} name must be unique in its ${claim.scope.split(" ")[0] === "workspace" ? "workspace" : "region"}`,
                    ),
                );
            }
            if (claim.limited) {
                const countKey = `${claim.limited.what}\u0000${claim.account ?? ""}\u0000${claim.scope}`;
                const holders = (this.counts.get(countKey) ?? []).filter((c) => !same(c));
                if (holders.length >= claim.limited.max) {
                    collisions.push(
                        problem(
                            "TOO_MANY_IN_REGION",
                            [claim.field],
                            `makes ${holders.length + 1} ${claim.limited.what}s in ${claim.scope}, but AWS allows at most ` +
                                `${claim.limited.max} per region (the others: ${holders.map((h) => `${h.component} "${h.instance}"`).join(", ")})`,
                        ),
                    );
                }
            }
        }
        if (collisions.length > 0) return collisions;
        for (const claim of claims) {
            const key = `${claim.what}\u0000${claim.account ?? ""}\u0000${claim.scope}\u0000${claim.name}`;
            if (!this.owners.has(key)) this.owners.set(key, { claimant, claim });
            if (claim.limited) {
                const countKey = `${claim.limited.what}\u0000${claim.account ?? ""}\u0000${claim.scope}`;
                const holders = this.counts.get(countKey) ?? [];
                if (!holders.some((c) => c.component === claimant.component && c.instance === claimant.instance)) {
                    holders.push(claimant);
                }
                this.counts.set(countKey, holders);
            }
        }
        return [];
    }
}
