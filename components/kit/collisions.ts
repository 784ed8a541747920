/**
 * Names that must be unique across instances (log groups, rules, resource policies, SSM parameters, Grafana keys),
 * claimed by each instance from its resolved arguments and compared before deploying. Pure.
 */
import { describeValue } from "../../util/describeValue";
import { problem, type Problem } from "../../util/problem";

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

function describeClaimant(claimant: Claimant): string {
    return `${claimant.component} "${claimant.instance}"` + (claimant.where ? ` (${claimant.where})` : "");
}

/** The scope a name is unique in, as a reader says it: `region` or `workspace`. */
function scopeWord(scope: string): string {
    return scope.split(" ")[0] === "workspace" ? "workspace" : "region";
}

/**
 * One collision: the names `field` gives that `owner` also uses, listed (names alike in one scope
 * once: `the log group name and the event rule name "eg-ue2-prod-ab" in us-east-2`).
 */
function nameInUse(field: string, owner: Claimant, claims: readonly NameClaim[]): Collision {
    const groups: { whats: string[]; name: string; scope: string }[] = [];
    for (const claim of claims) {
        const group = groups.find((g) => g.name === claim.name && g.scope === claim.scope);
        if (group === undefined) groups.push({ whats: [claim.what], name: claim.name, scope: claim.scope });
        else if (!group.whats.includes(claim.what)) group.whats.push(claim.what);
    }
    const names = groups
        .map((g) => `${g.whats.map((what) => `the ${what} name`).join(" and ")} ${describeValue(g.name)} in ${g.scope}`)
        .join(", and ");
    const whatsIn = new Map<string, string[]>();
    for (const claim of claims) {
        const whats = whatsIn.get(scopeWord(claim.scope)) ?? [];
        if (!whats.includes(claim.what)) whats.push(claim.what);
        whatsIn.set(scopeWord(claim.scope), whats);
    }
    const rules = [...whatsIn].map(
        ([scope, whats]) => `${whats.map((what) => `each ${what} name`).join(" and ")} must be unique in its ${scope}`,
    );
    return problem(
        "NAME_IN_USE",
        [field],
        `gives ${names}, which ${describeClaimant(owner)} also uses; ${rules.join("; ")}`,
    );
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
        // One cause, one message: the names an argument gives that one other instance also uses (a log
        // group and a rule both named by the id) are one collision, listing them all.
        const inUse = new Map<string, { field: string; owner: Claimant; claims: NameClaim[] }>();

        for (const claim of claims) {
            const key = `${claim.what}\u0000${claim.account ?? ""}\u0000${claim.scope}\u0000${claim.name}`;
            const owner = this.owners.get(key);
            if (owner && !same(owner.claimant)) {
                const byOwner = `${claim.field}\u0000${owner.claimant.component}\u0000${owner.claimant.instance}`;
                const entry = inUse.get(byOwner);
                if (entry === undefined) {
                    inUse.set(byOwner, { field: claim.field, owner: owner.claimant, claims: [claim] });
                } else {
                    entry.claims.push(claim);
                }
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
        collisions.unshift(...[...inUse.values()].map((entry) => nameInUse(entry.field, entry.owner, entry.claims)));
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
