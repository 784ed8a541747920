/**
 * An event flattened as Event Ruler flattens it: every leaf value (string, number, boolean or null)
 * under its dotted field name, with the array elements it sits in.
 *
 * Arrays are crushed out, at any depth: `{"a": [{"b": 1}, [{"b": 2}]]}` gives `a.b` the values 1
 * and 2. Each value remembers, for every array it was reached through as part of an object or a
 * nested array, which element it came from, so that fields of one pattern object can be required
 * to come from the same element. An empty array and an object contribute no value of their own.
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
      throw new TypeError(`the event is not valid JSON text (${(error as Error).message})`);
    }
  } else {
    // What the event would be once sent as JSON: toJSON applied, undefined dropped, NaN as null.
    const text = JSON.stringify(event);
    value = text === undefined ? undefined : JSON.parse(text);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(`an event must be a JSON object, got ${Array.isArray(value) ? "an array" : String(value)}`);
  }
  return value as Record<string, unknown>;
}

export function flattenEvent(event: Record<string, unknown>): FlatEvent {
  const fields = new Map<string, EventValue[]>();
  const membership = new Map<number, number>();
  let arrayCount = 0;

  const add = (name: string, value: LeafValue): void => {
    let values = fields.get(name);
    if (values === undefined) {
      values = [];
      fields.set(name, values);
    }
    values.push({ value, membership: new Map(membership) });
  };

  const visit = (name: string, value: unknown): void => {
    if (Array.isArray(value)) {
      visitArray(name, value);
    } else if (typeof value === "object" && value !== null) {
      visitObject(`${name}.`, value as Record<string, unknown>);
    } else {
      add(name, value as LeafValue);
    }
  };

  const visitObject = (prefix: string, object: Record<string, unknown>): void => {
    for (const [key, value] of Object.entries(object)) {
      visit(prefix + key, value);
    }
  };

  const visitArray = (name: string, array: readonly unknown[]): void => {
    const id = arrayCount++;
    array.forEach((element, index) => {
      if (typeof element === "object" && element !== null) {
        membership.set(id, index);
        visit(name, element);
        membership.delete(id);
      } else {
        add(name, element as LeafValue);
      }
    });
  };

  visitObject("", event);
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

export function isConsistent(a: Membership, b: Membership): boolean {
  for (const [id, index] of b) {
    const other = a.get(id);
    if (other !== undefined && other !== index) {
      return false;
    }
  }
  return true;
}
