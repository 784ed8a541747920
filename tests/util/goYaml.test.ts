/**
 * Plain YAML scalars as Atmos reads them: gopkg.in/yaml.v3 v3.0.1 (the version Atmos's go.mod
 * pins; branch v3, commit f6f7691), `resolve.go`. Each row cites the lines it follows.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
    decimalDigits,
    goFloatText,
    goKeyText,
    goParseInt,
    isGoYamlTimestamp,
    resolveGoYaml,
    type GoYamlTag,
} from "../../util/goYaml";
import { parseYamlTree, toPlain } from "../../stack/tree";
import { loadStackFile, parseStack, StackFileError } from "../../stack";
import { loadAtmosConfig } from "../../stack/atmosConfig";
import { NODE_FILE_SYSTEM } from "../../stack/files";

type Row = [text: string, tag: GoYamlTag, value: unknown, why: string];

const ROWS: Row[] = [
    // resolve.go:52-54 (resolveMapList): only these spellings are bools and nulls.
    ["true", "bool", true, "resolve.go:52"],
    ["True", "bool", true, "resolve.go:52"],
    ["TRUE", "bool", true, "resolve.go:52"],
    ["false", "bool", false, "resolve.go:53"],
    ["False", "bool", false, "resolve.go:53"],
    ["FALSE", "bool", false, "resolve.go:53"],
    ["tRUE", "str", "tRUE", "not in resolveMap; hint M has no other handler (resolve.go:170-171)"],
    ["yes", "str", "yes", "YAML 1.1 bools are not in resolveMap (resolve.go:52-59)"],
    ["no", "str", "no", "resolve.go:52-59"],
    ["on", "str", "on", "resolve.go:52-59"],
    ["off", "str", "off", "resolve.go:52-59"],
    ["Y", "str", "Y", "resolve.go:52-59"],
    ["", "null", null, "resolve.go:54 (and hint N for the empty string, resolve.go:155-158)"],
    ["~", "null", null, "resolve.go:54"],
    ["null", "null", null, "resolve.go:54"],
    ["Null", "null", null, "resolve.go:54"],
    ["NULL", "null", null, "resolve.go:54"],
    ["nULL", "str", "nULL", "resolve.go:54"],
    // resolve.go:55-58: NaN and infinities, three casings each, signs for the infinities.
    [".nan", "float", NaN, "resolve.go:55"],
    [".NaN", "float", NaN, "resolve.go:55"],
    [".NAN", "float", NaN, "resolve.go:55"],
    [".inf", "float", Infinity, "resolve.go:56"],
    [".Inf", "float", Infinity, "resolve.go:56"],
    ["+.INF", "float", Infinity, "resolve.go:57"],
    ["-.inf", "float", -Infinity, "resolve.go:58"],
    ["-.Inf", "float", -Infinity, "resolve.go:58"],
    [".iNF", "str", ".iNF", "not in the map; ParseFloat fails (resolve.go:173-178)"],
    ["-Inf", "str", "-Inf", "not in the map; ParseInt fails, yamlStyleFloat does not match (resolve.go:191-209)"],
    ["NaN", "str", "NaN", "hint N is only for the empty string; 'N' is hint M, not in the map"],
    // resolve.go:173-178: a leading '.' is tried with ParseFloat.
    [".5", "float", 0.5, "resolve.go:175"],
    [".5e3", "float", 500, "resolve.go:175"],
    [".", "str", ".", "ParseFloat fails (resolve.go:175-178)"],
    // resolve.go:191-199: drop every `_`, then strconv.ParseInt(s, 0, 64).
    ["0", "int", 0, "resolve.go:192"],
    ["42", "int", 42, "resolve.go:192"],
    ["+42", "int", 42, "resolve.go:192 (ParseInt takes a sign)"],
    ["-42", "int", -42, "resolve.go:192"],
    ["010", "int", 8, "base 0: a leading 0 is octal (resolve.go:192)"],
    ["-010", "int", -8, "resolve.go:192"],
    ["017", "int", 15, "resolve.go:192"],
    ["0x1E", "int", 30, "resolve.go:192"],
    ["0X1e", "int", 30, "resolve.go:192 (Go's base prefixes take either case)"],
    ["-0x1E", "int", -30, "resolve.go:192"],
    ["0o17", "int", 15, "resolve.go:192"],
    ["0O17", "int", 15, "resolve.go:192"],
    ["0b101", "int", 5, "resolve.go:192"],
    ["-0b101", "int", -5, "resolve.go:192"],
    ["1_000", "int", 1000, "resolve.go:191"],
    ["1__0_0", "int", 100, "resolve.go:191 (every _ dropped)"],
    ["0x_1F", "int", 31, "resolve.go:191"],
    ["1_", "int", 1, "resolve.go:191"],
    ["_1", "str", "_1", "'_' has no hint (resolve.go:36-45)"],
    ["9223372036854775807", "int", "9223372036854775807", "int64 max; digits kept (not exact in a JS number)"],
    // resolve.go:200-203: ParseUint after ParseInt.
    ["9223372036854775808", "int", "9223372036854775808", "resolve.go:200-203"],
    ["18446744073709551615", "int", "18446744073709551615", "resolve.go:200-203 (uint64 max)"],
    // resolve.go:204-209: past uint64, the YAML float form.
    ["18446744073709551616", "float", "18446744073709551616", "resolve.go:204-209 (a float; digits kept, not exact)"],
    ["-9223372036854775809", "float", "-9223372036854775809", "resolve.go:204-209"],
    ["0x10000000000000000", "str", "0x10000000000000000", "no int, no float form: a string (resolve.go:264)"],
    ["08", "float", 8, "not octal, but the float form (resolve.go:204-208)"],
    ["09.5", "float", 9.5, "resolve.go:204-208"],
    ["1.5", "float", 1.5, "resolve.go:204-208"],
    ["1.", "float", 1, "yamlStyleFloat resolve.go:124"],
    ["-.5", "float", -0.5, "resolve.go:124"],
    ["1e3", "float", 1000, "resolve.go:124"],
    ["1E+3", "float", 1000, "resolve.go:124"],
    ["1_000.5", "float", 1000.5, "resolve.go:191 then 204-208"],
    ["1e400", "str", "1e400", "ParseFloat overflows: a string (resolve.go:205-206, 264)"],
    ["0.12345678901234567890", "float", "0.12345678901234567890", "a float; digits kept, not exact"],
    // resolve.go:210-259: the 0b/0o fallbacks, where Go's ParseInt(s[2:], base) takes a sign.
    ["0b+101", "int", 5, "resolve.go:210-211"],
    ["0o-17", "int", -15, "resolve.go:237-238"],
    // What stays a string (resolve.go:264).
    ["0x", "str", "0x", "ParseInt fails, no float form"],
    ["0b", "str", "0b", "resolve.go:210-222"],
    ["0b2", "str", "0b2", "not binary"],
    ["0x1p3", "str", "0x1p3", "Go hex floats are not the YAML float form (resolve.go:124)"],
    ["12:30", "str", "12:30", "base 60 is unsupported (resolve.go:165-167)"],
    ["1.2.3", "str", "1.2.3", "resolve.go:264"],
    ["+", "str", "+", "resolve.go:264"],
    ["-", "str", "-", "resolve.go:264"],
    ["abc", "str", "abc", "no hint (resolve.go:155-159)"],
    ["<<", "str", "<<", "'<' has no hint; a merge key only at a key (decode.go isMerge)"],
    // resolve.go:182-189 and 294-325: timestamps start YYYY-, in four layouts.
    ["2001-12-14", "timestamp", undefined, "resolve.go:298"],
    ["2001-1-2", "timestamp", undefined, "resolve.go:298 (short month and day)"],
    ["2001-12-14t21:59:43.10-05:00", "timestamp", undefined, "resolve.go:296"],
    ["2001-12-14T21:59:43Z", "timestamp", undefined, "resolve.go:295"],
    ["2001-12-14 21:59:43.10", "timestamp", undefined, "resolve.go:297"],
    ["2001-12-14 21:59:43.10 -5", "str", "2001-12-14 21:59:43.10 -5", "resolve.go:299 (time.Parse cannot)"],
    ["2001-12-14T21:59:43", "str", "2001-12-14T21:59:43", "T needs a zone (resolve.go:295-296)"],
    ["2001-13-01", "str", "2001-13-01", "month out of range: time.Parse fails"],
    ["2001-02-29", "str", "2001-02-29", "day out of range: time.Parse fails"],
    ["2000-02-29", "timestamp", undefined, "a leap day"],
    ["201-12-14", "str", "201-12-14", "four digits before '-' (resolve.go:310-319)"],
];

describe("YAML scalars as Atmos resolves them (gopkg.in/yaml.v3 resolve.go)", () => {
    for (const [text, tag, value, why] of ROWS) {
        it(`${JSON.stringify(text)} is !!${tag}${value === undefined ? "" : ` ${String(value)}`} (${why})`, () => {
            const out = resolveGoYaml(text);
            assert.equal(out.tag, tag);
            if (value !== undefined) assert.deepEqual(out.value, value);
        });
    }

    it("follows Go's ParseInt range and syntax (int64, then uint64)", () => {
        assert.equal(goParseInt("-9223372036854775808", 0, false), -(2n ** 63n));
        assert.equal(goParseInt("9223372036854775808", 0, false), undefined);
        assert.equal(goParseInt("+1", 0, true), undefined); // ParseUint takes no sign
        assert.equal(goParseInt("0", 0, false), 0n);
        assert.equal(goParseInt("00", 0, false), 0n);
        assert.equal(goParseInt("09", 0, false), undefined);
    });

    describe("explicit tags (resolve.go:126-151: the resolved tag must match, an int may become a float)", () => {
        const cases: [string, GoYamlTag, unknown][] = [
            ["010", "int", 8],
            ["1", "float", 1],
            ["010", "str", "010"],
            ["true", "bool", true],
            ["~", "null", null],
        ];
        for (const [text, tag, value] of cases) {
            it(`!!${tag} ${text}`, () => assert.deepEqual(resolveGoYaml(text, tag).value, value));
        }
        it("refuses what the tag cannot take, with yaml.v3's message (resolve.go:150)", () => {
            assert.throws(() => resolveGoYaml("yes", "bool"), /^Error: cannot decode !!str `yes` as a !!bool$/);
            assert.throws(() => resolveGoYaml("1.5", "int"), /^Error: cannot decode !!float `1.5` as a !!int$/);
            // A timestamp is tried only untagged or with !!timestamp (resolve.go:184).
            assert.throws(() => resolveGoYaml("2001-12-14", "int"), /cannot decode !!str/);
        });
    });

    describe("in a parsed file", () => {
        it("resolves plain scalars, keeps quoted and block scalars strings, and keeps their locations", () => {
            const text = [
                "a: 010", // 1
                'b: "010"', // 2: yaml.v3 indicatedString (yaml.go): quoted is a string
                "c: '0x1E'", // 3
                "d: |", // 4: a block scalar is a string
                "  1_000", // 5
                "e: !!int '017'", // 6: an explicit tag resolves even a quoted scalar
                "f: yes", // 7
                "g:", // 8: empty is null
                "h: [0o17, 0b101, .inf, ~]", // 9
            ].join("\n");
            const parsed = parseYamlTree(text, "s.yaml");
            assert.deepEqual(parsed.problems, []);
            assert.ok(parsed.root?.kind === "map");
            assert.deepEqual(toPlain(parsed.root), {
                a: 8,
                b: "010",
                c: "0x1E",
                d: "1_000\n",
                e: 15,
                f: "yes",
                g: null,
                h: [15, 5, Infinity, null],
            });
            const h = parsed.root.entries.get("h")!.value;
            assert.ok(h.kind === "seq");
            assert.deepEqual(h.items[1].loc, { file: "s.yaml", line: 9, column: 11 });
            assert.deepEqual(parsed.root.entries.get("e")!.value.loc, { file: "s.yaml", line: 6, column: 10 });
        });

        it("merges a plain << and keeps a quoted one as a key (decode.go isMerge)", () => {
            const parsed = parseYamlTree("base: &b {x: 1}\nm:\n  <<: *b\n  y: 2\nq:\n  '<<': 3\n", "m.yaml");
            assert.deepEqual(parsed.problems, []);
            assert.deepEqual(toPlain(parsed.root!), { base: { x: 1 }, m: { y: 2, x: 1 }, q: { "<<": 3 } });
        });

        it("writes a nested map's non-string keys as Atmos's merge does (Go %v), and a file's top-level keys as written", () => {
            // yaml.v3 decode.go isStringMap: such a map decodes as map[interface{}]interface{};
            // cloudposse/atmos pkg/merge/merge.go normalizeMapReflect formats each key with %v.
            const parsed = parseYamlTree("010: top\nm:\n  010: a\n  1.0: b\n  ~: c\n  true: d\n  '011': e\n", "k.yaml");
            assert.deepEqual(parsed.problems, []);
            assert.deepEqual(toPlain(parsed.root!), {
                "010": "top",
                m: { "8": "a", "1": "b", "<nil>": "c", true: "d", "011": "e" },
            });
            assert.equal(goKeyText("1e6"), "1e+06");
            assert.equal(goFloatText(123456.5), "123456.5");
            assert.equal(goFloatText(1.5e-5), "1.5e-05");
        });

        it("refuses two keys Atmos writes alike unless both are maps, which it merges (merge.go normalizeMapReflect)", () => {
            const bad = parseYamlTree("m:\n  010: a\n  8: b\n", "c.yaml");
            assert.match(
                bad.problems[0]?.message ?? "",
                /^c\.yaml:3:3: invalid YAML: this key and an earlier one both become the key "8"/,
            );
            const merged = parseYamlTree("m:\n  010: {a: 1}\n  8: {b: 2}\n", "c.yaml");
            assert.deepEqual(toPlain(merged.root!), { m: { "8": { a: 1, b: 2 } } });
        });

        it("gives an unquoted timestamp Atmos's value, an empty map, and says so when a var takes it", () => {
            // resolve.go:184-189 gives a time.Time; atmos pkg/merge/merge.go deepCopyValue ->
            // normalizeValueReflect -> structToMapReflect copies its exported fields: none.
            const parsed = parseYamlTree("t: 2024-01-02\n", "t.yaml");
            assert.deepEqual(toPlain(parsed.root!), { t: {} });
            const stack = (name: string) =>
                `components:\n  terraform:\n    rule:\n      metadata: {component: eventbridge}\n      vars: {region: us-east-2, name: ${name}}\n`;
            assert.throws(
                () => parseStack(stack("2024-01-02"), "t.yaml"),
                (e: unknown) =>
                    e instanceof StackFileError &&
                    /^t\.yaml:5:39: eventbridge "rule": name must be a string, got \{\} \(the unquoted timestamp "2024-01-02": Atmos reads it as a time/.test(
                        e.message,
                    ),
            );
            assert.equal(parseStack(stack('"2024-01-02"'), "t.yaml").instances[0].vars.name, "2024-01-02");
        });
    });

    describe("the names a stack file gives", () => {
        const stack = (vars: string) =>
            `components:\n  terraform:\n    rule:\n      metadata: {component: eventbridge}\n      vars: {region: us-east-2, ${vars}}\n`;
        it("name: 010 is 8, as in Atmos", () => {
            const loaded = parseStack(stack("namespace: eg, name: 010"), "n.yaml");
            assert.equal(loaded.instances[0].vars.name, "8");
        });
        it("id_length_limit: 017 is 15, 1_000 is 1000, 0x1E is 30", () => {
            const loaded = parseStack(
                stack("name: x, id_length_limit: 017, event_log_retention_in_days: 0x1E, attributes: [1_000]"),
                "n.yaml",
            );
            assert.equal(loaded.instances[0].vars.id_length_limit, 15);
            assert.equal(loaded.instances[0].vars.event_log_retention_in_days, 30);
            assert.deepEqual(loaded.instances[0].vars.attributes, ["1000"]);
        });
        it("in imports and atmos.yaml too", () => {
            const dir = fs.mkdtempSync(path.join(os.tmpdir(), "goyaml-"));
            try {
                fs.mkdirSync(path.join(dir, "stacks", "catalog"), { recursive: true });
                fs.writeFileSync(
                    path.join(dir, "atmos.yaml"),
                    "base_path: .\nstacks:\n  base_path: stacks\n  name_pattern: '{stage}'\nsettings:\n  list_merge_strategy: replace\n  x: 010\n",
                );
                fs.writeFileSync(path.join(dir, "stacks", "catalog", "r.yaml"), stack("name: 0o17, stage: dev"));
                fs.writeFileSync(path.join(dir, "stacks", "dev.yaml"), "import: [catalog/r]\n");
                const loaded = loadStackFile(path.join(dir, "stacks", "dev.yaml"), { cwd: dir, env: {} });
                assert.equal(loaded.instances[0].vars.name, "15");
                const config = loadAtmosConfig({ cwd: dir, env: {}, files: NODE_FILE_SYSTEM });
                assert.equal((config.raw as { settings: { x: unknown } }).settings.x, 8);
            } finally {
                fs.rmSync(dir, { recursive: true, force: true });
            }
        });
    });
});

describe("util/goYaml.ts: timestamps as time.Parse validates them, floats as %v prints them", () => {
    // resolve.go:294-326 parseTimestamp tries the four layouts with time.Parse, which checks the
    // ranges (Go time/format.go: month 1-12, day within the month, hour 0-23, minute and second
    // 0-59, zone hour at most 24 and minute at most 60).
    const TIMESTAMPS: [string, boolean][] = [
        ["2000-02-29", true], // a leap year (divisible by 400)
        ["1900-02-29", false], // not a leap year (divisible by 100)
        ["2001-04-31", false],
        ["2001-13-01", false],
        ["2001-12-14 21:59:43", true],
        ["2001-12-14 25:00:00", false],
        ["2001-12-14 21:59:43Z", false], // the space layout has no zone
        ["2001-12-14T21:59:43", false], // the T layout needs one
        ["2001-12-14T21:59:43+24:00", true],
        ["2001-12-14T21:59:43+25:00", false],
    ];
    for (const [text, timestamp] of TIMESTAMPS) {
        it(`${text} is ${timestamp ? "" : "not "}a timestamp`, () => {
            assert.equal(isGoYamlTimestamp(text), timestamp);
        });
    }

    it("prints floats as strconv.FormatFloat(f, 'g', -1, 64)", () => {
        const cases: [number, string][] = [
            [NaN, "NaN"],
            [Infinity, "+Inf"],
            [-Infinity, "-Inf"],
            [0, "0"],
            [-0, "-0"],
            [1.5, "1.5"],
            [1e6, "1e+06"],
            [1.5e-5, "1.5e-05"],
        ];
        for (const [n, text] of cases) assert.equal(goFloatText(n), text, String(n));
    });

    it("reads decimal literals as sign, digits and exponent", () => {
        assert.equal(decimalDigits("-1.50e2"), "-15e1");
        assert.equal(decimalDigits("0.000"), "0");
        assert.equal(decimalDigits("."), undefined);
    });

    it("refuses a value its explicit tag cannot take, and makes an int given !!float a float", () => {
        // resolve.go:132-151: an explicit tag must match what the text resolves to, except int -> float.
        assert.throws(() => resolveGoYaml("yes", "bool"), { message: "cannot decode !!str `yes` as a !!bool" });
        assert.deepEqual(resolveGoYaml("1", "float"), { tag: "float", value: 1 });
    });
});
