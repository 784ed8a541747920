/**
 * An event flattened as Event Ruler flattens it: every leaf value under its dotted field name, with the array
 * elements it sits in (so fields of one pattern object can be required to come from the same element).
 */

/** A JSON leaf value. */
export type LeafValue = string | number | boolean | null;

/** Array id to element index, for the arrays a value was reached through. */
export type Membership = ReadonlyMap<number, number>;

export interface EventValue {
    readonly value: LeafValue;
    readonly membership: Membership;
}

/** Dotted field name to its values, in event order. */
export type FlatEvent = ReadonlyMap<string, readonly EventValue[]>;

/** Reads an event given as JSON text or as an object, with JSON's semantics for the object. */
export function readEvent(event: object | string): Record<string, unknown> {
    let value: unknown;
    if (typeof event === "string") {
        try {
            value = JSON.parse(event);
        } catch (error) {
            throw new TypeError(`the event is not valid JSON text (${(error as Error).message})`, { cause: error });
        }
    } else {
        // What the event would be once sent as JSON: toJSON applied, undefined dropped, NaN as null.
        let text: string | undefined;
        try {
            text = JSON.stringify(event);
        } catch (error) {
            if (!(error instanceof RangeError)) {
                throw new TypeError(`the event cannot be written as JSON (${(error as Error).message})`, {
                    cause: error,
                });
            }
            text = undefined; // too deep for JSON.stringify: take the object as it is
            value = event;
        }
        if (text !== undefined) {
            value = JSON.parse(text);
        }
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
        throw new TypeError(`an event must be a JSON object, got ${Array.isArray(value) ? "an array" : String(value)}`);
    }
    return value as Record<string, unknown>;
}

/** The arrays a value was reached through, innermost first (shared between siblings). */
interface Chain {
    readonly id: number;
    readonly index: number;
    readonly parent: Chain | undefined;
    /** The membership of the values reached through this element, built once for all of them. */
    membership?: Membership;
}

const NO_MEMBERSHIP: Membership = new Map();

function toMembership(chain: Chain | undefined): Membership {
    if (chain === undefined) return NO_MEMBERSHIP;
    if (chain.membership !== undefined) return chain.membership;
    const membership = new Map<number, number>();
    for (let link: Chain | undefined = chain; link !== undefined; link = link.parent) {
        membership.set(link.id, link.index);
    }
    chain.membership = membership;
    return membership;
}

/**
 * Flattens the event without recursion (an event nested thousands deep must not overflow the
 * stack); values come out in event order.
 */
export function flattenEvent(event: Record<string, unknown>): FlatEvent {
    const fields = new Map<string, EventValue[]>();
    let arrayCount = 0;
    const add = (name: string, value: LeafValue, chain: Chain | undefined): void => {
        let values = fields.get(name);
        if (values === undefined) {
            values = [];
            fields.set(name, values);
        }
        values.push({ value, membership: toMembership(chain) });
    };

    // Work items, taken from the end: a value under its name, with the arrays it sits in.
    const stack: { name: string; value: unknown; chain: Chain | undefined; top?: boolean }[] = [
        { name: "", value: event, chain: undefined, top: true },
    ];
    while (stack.length > 0) {
        const { name, value, chain, top } = stack.pop()!;
        if (Array.isArray(value)) {
            const id = arrayCount++;
            for (let index = value.length - 1; index >= 0; index--) {
                const element: unknown = value[index];
                const inner = typeof element === "object" && element !== null ? { id, index, parent: chain } : chain;
                stack.push({ name, value: element, chain: inner });
            }
        } else if (typeof value === "object" && value !== null) {
            const prefix = top ? "" : `${name}.`;
            const entries = Object.entries(value as Record<string, unknown>);
            for (let i = entries.length - 1; i >= 0; i--) {
                stack.push({ name: prefix + entries[i][0], value: entries[i][1], chain });
            }
        } else {
            add(name, value as LeafValue, chain);
        }
    }
    return fields;
}

/** Null when the two disagree on the element of an array they share; otherwise both together. */
export function mergeMemberships(a: Membership, b: Membership): Membership | null {
    if (b.size === 0) {
        return a;
    }
    if (a.size === 0) {
        return b;
    }
    let merged: Map<number, number> | undefined;
    for (const [id, index] of b) {
        const other = a.get(id);
        if (other === undefined) {
            merged ??= new Map(a);
            merged.set(id, index);
        } else if (other !== index) {
            return null;
        }
    }
    return merged ?? a;
}
