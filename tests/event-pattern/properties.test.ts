import * as assert from "node:assert/strict";
import fc from "fast-check";
import { inspectEventPattern, matchesEventPattern, validateEventPattern } from "../../event-pattern";
import { jsonencode } from "../../components/kit/jsonencode";

const KEYS = ["a", "b", "c", "detail", "source"] as const;
const key = fc.constantFrom(...KEYS);

/** Short strings from a small alphabet, so that patterns and events often meet. */
const text = fc.string({ unit: fc.constantFrom("a", "b", "A", "/", ".", "-", "1", "é", " "), maxLength: 5 });
const nonEmptyText = fc.string({ unit: fc.constantFrom("a", "b", "A", "/", "1"), minLength: 1, maxLength: 4 });
/**
 * Numbers within what the user guide documents for comparisons: within ±5e9 with at most six
 * decimals ("15 digits of precision, or six digits to the right of the decimal point"). Matching
 * compares them as doubles, as Event Ruler does; `anyNumber` adds doubles beyond that.
 */
const comparable = fc.oneof(
    fc.integer({ min: -20, max: 20 }),
    fc.integer({ min: -2147483647, max: 2147483647 }),
    fc.constantFrom(5e9, -5e9),
    fc
        .tuple(fc.boolean(), fc.integer({ min: 0, max: 200000000 }), fc.integer({ min: 0, max: 999999 }))
        .map(([negative, whole, fraction]) =>
            Number(`${negative ? "-" : ""}${whole}.${String(fraction).padStart(6, "0")}`),
        ),
);
const anyNumber = fc.oneof(comparable, fc.double({ noNaN: true, noDefaultInfinity: true }));
const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join("."));
const ipv6 = fc
    .array(fc.nat(0xffff), { minLength: 8, maxLength: 8 })
    .map((groups) => groups.map((g) => g.toString(16)).join(":"));
const leafValue = fc.oneof(text, anyNumber, fc.boolean(), fc.constant(null), ipv4, ipv6);

/** A valid wildcard: pieces with `*` and `\` escaped, joined by single stars. */
const wildcard = fc
    .array(text, { minLength: 1, maxLength: 4 })
    .filter((pieces) => pieces.slice(1, -1).every((p) => p !== ""))
    .map((pieces) => pieces.map((p) => p.replace(/[\\*]/g, (c) => `\\${c}`)).join("*"));

const oneOrList = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | T[]> =>
    fc.oneof(arb, fc.array(arb, { minLength: 1, maxLength: 3 }));

const numericRange = fc.oneof(
    fc.tuple(fc.constantFrom("=", "<", "<=", ">", ">="), comparable).map(([op, n]) => [op, n]),
    fc
        .tuple(fc.constantFrom(">", ">="), comparable, fc.constantFrom("<", "<="), comparable)
        .filter(([, low, , high]) => low < high)
        .map(([lowOp, low, highOp, high]) => [lowOp, low, highOp, high]),
);

const cidr = fc.oneof(
    fc.tuple(ipv4, fc.integer({ min: 0, max: 31 })).map(([ip, bits]) => `${ip}/${bits}`),
    fc.tuple(ipv6, fc.integer({ min: 0, max: 127 })).map(([ip, bits]) => `${ip}/${bits}`),
);

/** Any valid match value: exact values and every operator form. */
const matchValue: fc.Arbitrary<unknown> = fc.oneof(
    leafValue,
    text.map((t) => ({ prefix: t })),
    text.map((t) => ({ suffix: t })),
    text.map((t) => ({ prefix: { "equals-ignore-case": t } })),
    text.map((t) => ({ suffix: { "equals-ignore-case": t } })),
    text.map((t) => ({ "equals-ignore-case": t })),
    wildcard.map((w) => ({ wildcard: w })),
    oneOrList(text).map((v) => ({ "anything-but": v })),
    oneOrList(comparable).map((v) => ({ "anything-but": v })),
    oneOrList(nonEmptyText).map((v) => ({ "anything-but": { prefix: v } })),
    oneOrList(nonEmptyText).map((v) => ({ "anything-but": { suffix: v } })),
    oneOrList(text).map((v) => ({ "anything-but": { "equals-ignore-case": v } })),
    oneOrList(wildcard).map((v) => ({ "anything-but": { wildcard: v } })),
    numericRange.map((n) => ({ numeric: n })),
    fc.boolean().map((b) => ({ exists: b })),
    cidr.map((c) => ({ cidr: c })),
);

/** A pattern object: leaves, nested objects and $or, a few levels deep. */
const rawPattern = fc.letrec<{ object: Record<string, unknown> }>((tie) => ({
    object: fc
        .array(
            fc.oneof(
                { depthSize: "xsmall", withCrossShrink: true },
                fc.tuple(key, fc.array(matchValue, { minLength: 1, maxLength: 3 })),
                fc.tuple(key, tie("object")),
                fc.tuple(fc.constant("$or"), fc.array(tie("object"), { minLength: 2, maxLength: 3 })),
            ),
            { minLength: 1, maxLength: 3 },
        )
        .map((entries) => Object.fromEntries(entries)),
})).object;

function isValid(p: unknown): boolean {
    try {
        validateEventPattern(p);
        return true;
    } catch {
        return false;
    }
}

/** Valid patterns only (a few generated ones expand to more than 1,000 combinations). */
const pattern = rawPattern.filter(isValid);

/** An event: leaves, arrays (of arrays) and objects under the same few keys. */
const eventValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leafValue,
        fc.array(tie("value"), { maxLength: 3 }),
        fc.dictionary(key, tie("value"), { maxKeys: 3 }),
    ),
})).value;
const event = fc.dictionary(key, eventValue, { maxKeys: 4 });

/** Every leaf of an event with the object keys leading to it (arrays are crossed, not named). */
function leaves(
    value: unknown,
    keys: string[] = [],
    underArray = false,
): { keys: string[]; value: unknown; underArray: boolean }[] {
    if (Array.isArray(value)) {
        return value.flatMap((element) => leaves(element, keys, true));
    }
    if (typeof value === "object" && value !== null) {
        return Object.entries(value).flatMap(([k, v]) => leaves(v, [...keys, k], underArray));
    }
    return keys.length === 0 ? [] : [{ keys, value, underArray }];
}

/** `{k1: {k2: leaf}}` merged into `target`. */
function setPath(target: Record<string, unknown>, keys: string[], leaf: unknown): void {
    let node = target;
    for (const k of keys.slice(0, -1)) {
        node[k] ??= {};
        node = node[k] as Record<string, unknown>;
    }
    node[keys[keys.length - 1]] = leaf;
}

/** The JSON round trip an event goes through (drops -0's sign, as JSON does). */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe("event patterns (properties)", () => {
    it("generated patterns are valid unless their $or expands beyond 1,000 combinations", () => {
        fc.assert(
            fc.property(rawPattern, (p) => {
                try {
                    validateEventPattern(p);
                } catch (error) {
                    assert.match((error as Error).message, /^\$: the \$or alternatives expand to [0-9,]+ combinations/);
                }
            }),
            { numRuns: 300 },
        );
    });

    it("the JSON from inspectEventPattern is valid and matches as the pattern does", () => {
        fc.assert(
            fc.property(
                pattern.filter((p) => JSON.stringify(p).length <= 4096),
                event,
                (p, e) => {
                    const { json, pattern: sent, warnings } = inspectEventPattern(p);
                    const rewritten = warnings.some((w) => w.includes("keeps only the later one"));
                    if (!rewritten) assert.equal(json, JSON.stringify(p));
                    assert.equal(matchesEventPattern(json, e), matchesEventPattern(p, e));
                    // As AWS receives it (keys sorted): the same meaning, unless the warning says otherwise.
                    if (!warnings.some((w) => w.includes("only in the order written"))) {
                        assert.equal(matchesEventPattern(jsonencode(sent), e), matchesEventPattern(p, e));
                    }
                },
            ),
            { numRuns: 200 },
        );
    });

    it("matching a valid pattern against any JSON object event returns a boolean and never throws", () => {
        fc.assert(
            fc.property(
                pattern,
                fc.oneof(event, fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 5 })),
                (p, e) => {
                    assert.equal(typeof matchesEventPattern(p, e), "boolean");
                },
            ),
            { numRuns: 500 },
        );
    });

    it("gives the same answer for objects and their JSON text", () => {
        fc.assert(
            fc.property(pattern, event, (p, e) => {
                assert.equal(
                    matchesEventPattern(JSON.stringify(p), JSON.stringify(e)),
                    matchesEventPattern(asJson(p), e),
                );
            }),
            { numRuns: 300 },
        );
    });

    it("a pattern naming one of the event's own leaf values matches the event", () => {
        fc.assert(
            fc.property(
                event.filter((e) => leaves(e).length > 0),
                fc.nat(),
                (e, pick) => {
                    const all = leaves(asJson(e));
                    const leaf = all[pick % all.length];
                    const p: Record<string, unknown> = {};
                    setPath(p, leaf.keys, [leaf.value]);
                    assert.equal(matchesEventPattern(p, e), true, JSON.stringify({ p, e }));
                },
            ),
            { numRuns: 500 },
        );
    });

    it("a pattern naming every leaf value outside arrays matches the event", () => {
        fc.assert(
            fc.property(event, (e) => {
                const plain = leaves(asJson(e)).filter((l) => !l.underArray);
                fc.pre(plain.length > 0);
                const p: Record<string, unknown> = {};
                for (const leaf of plain) {
                    setPath(p, leaf.keys, [leaf.value]);
                }
                assert.equal(matchesEventPattern(p, e), true, JSON.stringify({ p, e }));
            }),
            { numRuns: 300 },
        );
    });

    it("a pattern listing all values of each field matches when all fields come from one array element", () => {
        fc.assert(
            fc.property(
                fc.array(fc.dictionary(key, leafValue, { minKeys: 1, maxKeys: 3 }), { minLength: 1, maxLength: 4 }),
                fc.nat(),
                (elements, pick) => {
                    const chosen = asJson(elements[pick % elements.length]);
                    const p = { detail: Object.fromEntries(Object.entries(chosen).map(([k, v]) => [k, [v]])) };
                    assert.equal(matchesEventPattern(p, { detail: elements }), true);
                },
            ),
            { numRuns: 300 },
        );
    });

    it("exists: true and exists: false disagree on every event", () => {
        fc.assert(
            fc.property(fc.array(key, { minLength: 1, maxLength: 3 }), event, (keys, e) => {
                const present: Record<string, unknown> = {};
                const absent: Record<string, unknown> = {};
                setPath(present, keys, [{ exists: true }]);
                setPath(absent, keys, [{ exists: false }]);
                assert.notEqual(matchesEventPattern(present, e), matchesEventPattern(absent, e));
            }),
            { numRuns: 500 },
        );
    });

    it("anything-but a value excludes exactly that value, and needs the field", () => {
        fc.assert(
            fc.property(fc.oneof(text, comparable), leafValue, (excluded, value) => {
                const p = { x: [{ "anything-but": excluded }] };
                const sameValue = typeof value === typeof excluded && value === excluded;
                assert.equal(matchesEventPattern(p, { x: value }), !sameValue);
                assert.equal(matchesEventPattern(p, { x: excluded }), false);
                assert.equal(matchesEventPattern(p, {}), false);
            }),
            { numRuns: 500 },
        );
    });

    it("an exact value matches only values of the same JSON type", () => {
        fc.assert(
            fc.property(leafValue, leafValue, (wanted, value) => {
                const matched = matchesEventPattern({ x: [wanted] }, { x: value });
                if (matched) {
                    assert.equal(value === null ? "null" : typeof value, wanted === null ? "null" : typeof wanted);
                }
            }),
            { numRuns: 500 },
        );
    });

    it("wildcard matching agrees with a regular expression on short strings", () => {
        const unit = fc.constantFrom("a", "b", "*", "\\", "/");
        fc.assert(
            fc.property(
                fc.string({ unit, maxLength: 6 }),
                fc.string({ unit: fc.constantFrom("a", "b", "*", "\\", "/"), maxLength: 8 }),
                (w, value) => {
                    let valid = true;
                    try {
                        validateEventPattern({ x: [{ wildcard: w }] });
                    } catch {
                        valid = false;
                    }
                    fc.pre(valid);
                    // Reference: unescape, then turn each unescaped star into [\s\S]*.
                    let source = "";
                    for (let i = 0; i < w.length; i++) {
                        if (w[i] === "\\") {
                            source += `\\${w[++i]}`;
                        } else if (w[i] === "*") {
                            source += "[\\s\\S]*";
                        } else {
                            source += w[i].replace(/[/]/g, "\\/");
                        }
                    }
                    const expected = new RegExp(`^${source}$`).test(value);
                    assert.equal(
                        matchesEventPattern({ x: [{ wildcard: w }] }, { x: value }),
                        expected,
                        JSON.stringify({ w, value }),
                    );
                },
            ),
            { numRuns: 1000 },
        );
    });

    it("equals-ignore-case agrees with lower-casing for ASCII", () => {
        const ascii = fc.string({ unit: fc.constantFrom("a", "B", "c", "D", "1", "-"), maxLength: 5 });
        fc.assert(
            fc.property(ascii, ascii, (wanted, value) => {
                assert.equal(
                    matchesEventPattern({ x: [{ "equals-ignore-case": wanted }] }, { x: value }),
                    wanted.toLowerCase() === value.toLowerCase(),
                );
                assert.equal(
                    matchesEventPattern({ x: [{ prefix: { "equals-ignore-case": wanted } }] }, { x: value }),
                    value.toLowerCase().startsWith(wanted.toLowerCase()),
                );
                assert.equal(
                    matchesEventPattern({ x: [{ suffix: { "equals-ignore-case": wanted } }] }, { x: value }),
                    value.toLowerCase().endsWith(wanted.toLowerCase()),
                );
            }),
            { numRuns: 500 },
        );
    });

    it("numeric ranges agree with plain comparisons inside ±5e9", () => {
        fc.assert(
            fc.property(comparable, comparable, comparable, (a, b, value) => {
                fc.pre(a < b);
                assert.equal(
                    matchesEventPattern({ x: [{ numeric: [">", a, "<=", b] }] }, { x: value }),
                    value > a && value <= b,
                );
                assert.equal(matchesEventPattern({ x: [{ numeric: [">=", a] }] }, { x: value }), value >= a);
                assert.equal(matchesEventPattern({ x: [{ numeric: ["<", b] }] }, { x: value }), value < b);
            }),
            { numRuns: 500 },
        );
    });

    it("a CIDR block covers its own base address and every address sharing its prefix", () => {
        fc.assert(
            fc.property(
                fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)),
                fc.integer({ min: 0, max: 31 }),
                fc.nat(0xffffffff),
                (bytes, bits, other) => {
                    const base = bytes.join(".");
                    const p = { ip: [{ cidr: `${base}/${bits}` }] };
                    assert.equal(matchesEventPattern(p, { ip: base }), true);
                    const baseNumber = bytes.reduce((n, b) => n * 256 + b, 0);
                    const otherText = [24, 16, 8, 0].map((shift) => Math.floor(other / 2 ** shift) % 256).join(".");
                    const samePrefix =
                        bits === 0 ||
                        Math.floor(baseNumber / 2 ** (32 - bits)) === Math.floor(other / 2 ** (32 - bits));
                    assert.equal(matchesEventPattern(p, { ip: otherText }), samePrefix);
                },
            ),
            { numRuns: 500 },
        );
    });
});
