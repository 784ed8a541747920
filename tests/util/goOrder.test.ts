/**
 * Go's string order (util/goOrder.ts), the one comparator of every place that orders strings as Go or Terraform do.
 *
 * Go compares strings by their UTF-8 bytes, which is code point order; JavaScript's `<` compares UTF-16 units, which
 * puts a character past U+FFFF (a surrogate pair, units D800-DFFF) before U+E000..U+FFFF. A lone surrogate has no
 * UTF-8 form and never reaches Go as one:
 * - go-yaml v3 (Atmos's stack files) refuses the escape: scannerc.go lines 2573-2576 (go-yaml/yaml v3 f6f7691),
 *   "found invalid Unicode character escape code" for a `\uD800`..`\uDFFF` escape.
 * - Go's encoding/json (Terraform's state and JSON variables, through go-cty's cty/json) decodes one to U+FFFD:
 *   golang/go src/encoding/json/decode.go, Unmarshal's doc ("invalid UTF-16 surrogate pairs ... are replaced by
 *   the Unicode replacement character U+FFFD") and unquoteBytes ("Invalid surrogate; fall back to replacement
 *   rune").
 * - Go's UTF-8 encoder writes U+FFFD for a surrogate code point: golang/go src/unicode/utf8/utf8.go, EncodeRune
 *   (`case i > MaxRune, surrogateMin <= i && i <= surrogateMax: r = RuneError`).
 * So a lone surrogate compares as U+FFFD (bytes EF BF BD, as Node's Buffer.from writes it); two strings Go holds
 * as one are ordered by their UTF-16 units, so that a sort does not depend on the order it was given.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { compareGoStrings } from "../../util/goOrder";
import { jsonencode } from "../../components/kit/jsonencode";
import { checkDeclared, positionOf } from "../../components/kit/declared";
import type { ArgDefinition } from "../../components/kit/definition";
import { renderTemplate } from "../../gotemplate";
import { gomplateFunctions } from "../../stack/templating";
import { NODE_FILE_SYSTEM } from "../../stack/files";
import { evaluateYamlFunction } from "../../stack/yamlFunctions";

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** Go's order by the bytes Node writes (a lone surrogate as U+FFFD's, as Go holds it). */
const byUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

describe("compareGoStrings: Go's string order", () => {
    // Each table lists strings in Go's order: every string comes before every later one.
    const tables: Record<string, readonly string[]> = {
        // ASCII by byte (digits by character, upper case first); then Latin-1 and the BMP below the
        // surrogates; then U+E000..U+FFFF, all before every character past U+FFFF (JavaScript's `<`
        // puts those first); a prefix before what extends it.
        "well-formed": [
            ...["", "10", "9", "B", "_u", "a", "ab", "abc", "b", "z", "\u00e9", "\u4e2d", "\ud7ff"],
            ...["\ue000", "\ufffc", "\ufffd", "\ufffd\u0000", "\ufffe", "\uffff", "\uffff\u{1f600}"],
            ...["\u{10000}", "\u{1f600}", "\u{1f600}a", "\u{1f600}\uffff", "\u{1f601}", "\u{1f642}", "\u{10ffff}"],
        ],
        // A lone surrogate is U+FFFD: after U+E000..U+FFFC, before U+FFFE, U+FFFF and every character
        // past U+FFFF (a high surrogate without its low half too). Strings Go holds as one (each lone
        // surrogate and U+FFFD) follow their units; Go's bytes come first ("\ud800b" after "\ufffda").
        "lone surrogates": [
            ...["\ue000", "\ufffc", "\ud800", "\ud83d", "\udbff", "\udc00", "\udfff", "\ufffd", "\ufffd\u0000"],
            ...["\ud800a", "\ufffda", "\ud800b", "\ufffdb", "\ud83dx", "\udc00\ud800", "\ufffd\ufffd"],
            ...["\ufffe", "\uffff", "\u{10000}", "\u{1f600}"],
        ],
        "a lone surrogate inside": ["a\ud800", "a\ufffd", "a\uffff", "a\u{10000}", "x\ud800y", "x\udc00y", "x\ufffdy"],
    };
    for (const [name, ordered] of Object.entries(tables)) {
        it(`orders ${name} strings, each against every other`, () => {
            ordered.forEach((a, i) => {
                ordered.forEach((b, j) => {
                    const expected = sign(i - j);
                    const pair = `${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
                    assert.equal(sign(compareGoStrings(a, b)), expected, pair);
                    // Go's bytes decide whenever they differ; only strings Go holds as one are left to the units.
                    const bytes = sign(byUtf8(a, b));
                    assert.equal(bytes === 0 ? sign(a < b ? -1 : a > b ? 1 : 0) : bytes, expected, pair);
                });
            });
        });
    }

    // Strings that meet at the interesting places: ASCII, the edges of the surrogates, U+FFFD, past U+FFFF.
    const EDGES = ["a", "b", "\u00e9", "\ud7ff", "\ue000", "\ufffd", "\uffff", "\u{10000}", "\u{1f600}", "\u{10ffff}"];
    const wellFormed = fc.string({
        unit: fc.oneof(fc.constantFrom(...EDGES), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })),
        maxLength: 6,
    });
    const withLoneSurrogates = fc.string({
        unit: fc.oneof(fc.constantFrom(...EDGES, "\ud800", "\udbff", "\udc00", "\udfff", "\ud83d"), fc.constant("x")),
        maxLength: 6,
    });

    it("agrees with Buffer.compare of the UTF-8 bytes on well-formed strings (a shared prefix made likely)", () => {
        fc.assert(
            fc.property(wellFormed, wellFormed, wellFormed, (prefix, x, y) => {
                const a = prefix + x;
                const b = prefix + y;
                assert.equal(sign(compareGoStrings(a, b)), sign(byUtf8(a, b)));
            }),
            { numRuns: 2000 },
        );
    });

    it("with lone surrogates: Go's bytes first (each as U+FFFD), then the units; a total order", () => {
        fc.assert(
            fc.property(withLoneSurrogates, withLoneSurrogates, withLoneSurrogates, (prefix, x, y) => {
                const a = prefix + x;
                const b = prefix + y;
                const got = sign(compareGoStrings(a, b));
                assert.equal(got, sign(-compareGoStrings(b, a)));
                assert.equal(got === 0, a === b);
                const bytes = sign(byUtf8(a, b));
                if (bytes !== 0) assert.equal(got, bytes);
            }),
            { numRuns: 2000 },
        );
        fc.assert(
            fc.property(fc.array(withLoneSurrogates, { maxLength: 12 }), (list) => {
                const sorted = [...list].sort(compareGoStrings);
                // the same order whatever the order given, each neighbour in order
                assert.deepEqual([...list].reverse().sort(compareGoStrings), sorted);
                for (let i = 1; i < sorted.length; i++) assert.ok(compareGoStrings(sorted[i - 1], sorted[i]) <= 0);
            }),
            { numRuns: 500 },
        );
    });
});

describe("the places that order strings as Go does", () => {
    // JavaScript's default sort gives a, 😀, U+E000, U+FFFF; Go gives the code point order.
    const KEYS = ["\uffff", "\u{1f600}", "a", "\ue000"];
    const GO_ORDER = ["a", "\ue000", "\uffff", "\u{1f600}"];
    const map = () => Object.fromEntries(KEYS.map((key, i) => [key, i]));

    it("Terraform's jsonencode writes an object's keys in Go's order", () => {
        assert.equal(jsonencode(map()), `{${GO_ORDER.map((key) => `${JSON.stringify(key)}:${KEYS.indexOf(key)}`)}}`);
    });

    // go-cty v1.18.1 cty/set_internals.go line 115: a set of strings iterates by Go's `<`.
    it("a declared set(string) is sorted as Terraform sorts it", () => {
        const problems: never[] = [];
        const spec = { var: "v", type: "set(string)", defaultText: "", doc: "" } as ArgDefinition;
        assert.deepEqual(checkDeclared(positionOf(spec), KEYS, ["v"], problems), GO_ORDER);
        assert.deepEqual(problems, []);
    });

    // Gomplate v4.3.3 (Atmos's go.mod line 85) coll/coll.go lines 66-91: coll.Keys sorts each map's keys with
    // sort.Strings (line 86).
    it("Go templates: lt, map printing, Sprig's sortAlpha and keys, Gomplate's coll.Keys", () => {
        const data = { m: map(), l: KEYS };
        const render = (text: string) => renderTemplate("t", text, data, { funcs: gomplateFunctions({}) });
        assert.equal(render('{{ lt "\\uffff" "\\U0001F600" }}{{ lt "\\U0001F600" "\\uffff" }}'), "truefalse");
        assert.equal(
            render("{{ print .m }}"),
            `map[${GO_ORDER.map((key) => `${key}:${KEYS.indexOf(key)}`).join(" ")}]`,
        );
        for (const text of ["{{ sortAlpha .l | toJson }}", "{{ keys .m | sortAlpha | toJson }}"]) {
            assert.equal(render(text), JSON.stringify(GO_ORDER), text);
        }
        assert.equal(render("{{ coll.Keys .m | toJson }}"), JSON.stringify(GO_ORDER));
    });

    it("Atmos's !labels.keys and a directory's listing (os.ReadDir) in Go's order", () => {
        const labels = Object.fromEntries(KEYS.map((key) => [key, key]));
        assert.deepEqual(evaluateYamlFunction("!labels.keys", { metadata: { labels } }), GO_ORDER);
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "go-order-"));
        try {
            for (const key of KEYS) fs.writeFileSync(path.join(dir, key), "");
            assert.deepEqual(
                NODE_FILE_SYSTEM.readDir!(dir).map((entry) => entry.name),
                GO_ORDER,
            );
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
