/**
 * Matching a compiled pattern against a flattened event, as Event Ruler's array-consistent
 * matcher (`rulesForJSONEvent`) does.
 *
 * A combination matches when each of its fields, taken in sorted name order, is satisfied by one
 * event value that agrees (same element of every shared array) with the values chosen for the
 * fields before it. `exists: false` is satisfied when no value of the field agrees with the
 * values chosen so far. The search stops at the first success and remembers failed states, so it
 * stays polynomial in the size of the event.
 */

import { Combination, CompiledField } from "./compile";
import { Matcher } from "./matchers";
import { isComparableNumber } from "./numbers";
import { EventValue, FlatEvent, LeafValue, Membership, isConsistent, mergeMemberships } from "./event";
import { ipInRange, parseIp, sameIp } from "./ip";
import { endsWithIgnoringCase, equalsIgnoringCase, matchesWildcard, startsWithIgnoringCase } from "./strings";

/** True when EventBridge compares this event value as a number (guide: within ±5e9). */
function isComparable(value: LeafValue): value is number {
    return isComparableNumber(value);
}

/** Does one event value satisfy one matcher? (`absent` is handled by the caller.) */
export function valueMatches(matcher: Matcher, value: LeafValue): boolean {
    const quoted = typeof value === "string" ? `"${value}"` : undefined;
    switch (matcher.kind) {
        case "exact-string":
            return value === matcher.value;
        case "exact-ip": {
            const ip = typeof value === "string" ? parseIp(value) : undefined;
            return ip !== undefined && sameIp(ip, matcher.ip);
        }
        case "exact-number":
            return value === matcher.value;
        case "exact-literal":
            return value === matcher.value;
        case "prefix":
            return quoted !== undefined && quoted.startsWith(matcher.quoted);
        case "suffix":
            return quoted !== undefined && quoted.endsWith(matcher.quoted);
        case "prefix-ignore-case":
            return quoted !== undefined && startsWithIgnoringCase(matcher.folded, quoted);
        case "suffix-ignore-case":
            return quoted !== undefined && endsWithIgnoringCase(matcher.folded, quoted);
        case "equals-ignore-case":
            return quoted !== undefined && equalsIgnoringCase(matcher.folded, quoted);
        case "wildcard":
            return quoted !== undefined && matchesWildcard(matcher.wildcard, quoted);
        case "anything-but-strings":
            return !(typeof value === "string" && matcher.values.has(value));
        case "anything-but-numbers":
            // Compared as exact values are: as numbers, to full precision.
            return !(typeof value === "number" && matcher.values.includes(value));
        case "anything-but-prefix":
            return !(quoted !== undefined && matcher.quoted.some((p) => quoted.startsWith(p)));
        case "anything-but-suffix":
            return !(quoted !== undefined && matcher.quoted.some((s) => quoted.endsWith(s)));
        case "anything-but-ignore-case":
            return !(quoted !== undefined && matcher.folded.some((f) => equalsIgnoringCase(f, quoted)));
        case "anything-but-wildcard":
            return !(quoted !== undefined && matcher.wildcards.some((w) => matchesWildcard(w, quoted)));
        case "numeric": {
            if (!isComparable(value)) {
                return false;
            }
            // Compared as doubles, as EventBridge's engine compares them (the guide's "six digits to the
            // right of the decimal point" is the precision it supports, not a rounding it applies).
            const { lower, upper } = matcher;
            const aboveLower = lower === undefined || (lower.inclusive ? value >= lower.value : value > lower.value);
            const belowUpper = upper === undefined || (upper.inclusive ? value <= upper.value : value < upper.value);
            return aboveLower && belowUpper;
        }
        case "cidr": {
            const ip = typeof value === "string" ? parseIp(value) : undefined;
            return ip !== undefined && ipInRange(ip, matcher.range);
        }
        case "exists":
            return true;
        case "absent":
            return false;
    }
}

const NO_VALUES: readonly EventValue[] = [];

function membershipKey(membership: Membership): string {
    return [...membership].sort((a, b) => a[0] - b[0]).join(";");
}

/** Does the event satisfy every field of the combination? */
export function combinationMatches(combination: Combination, event: FlatEvent): boolean {
    const names = [...combination.keys()].sort();
    const fields: CompiledField[] = names.map((name) => combination.get(name) as CompiledField);
    const failed = new Set<string>();

    const search = (index: number, chosen: Membership): boolean => {
        if (index === names.length) {
            return true;
        }
        const key = `${index}|${membershipKey(chosen)}`;
        if (failed.has(key)) {
            return false;
        }
        const { matchers } = fields[index];
        const values = event.get(names[index]) ?? NO_VALUES;
        if (matchers.some((m) => m.kind === "absent") && !values.some((v) => isConsistent(chosen, v.membership))) {
            if (search(index + 1, chosen)) {
                return true;
            }
        }
        for (const { value, membership } of values) {
            const merged = mergeMemberships(chosen, membership);
            if (merged !== null && matchers.some((m) => valueMatches(m, value)) && search(index + 1, merged)) {
                return true;
            }
        }
        failed.add(key);
        return false;
    };

    return search(0, new Map());
}
