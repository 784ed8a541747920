#!/usr/bin/env node
/*
 * Differential fuzzing of createLabel against the real Terraform module (null-label 0.25.0).
 * Generates seeded random-but-valid cases (chains of context / normalized_context included),
 * runs them all in one Terraform root module, and compares every output field and key order.
 * Cases Terraform refuses (e.g. format() errors in descriptors) must make createLabel throw.
 *
 *   node tests/label-fixtures/fuzz.js [seed=1] [count=300] [plain|exotic] [moduleDir=/tmp/nl]
 *
 * Needs terraform on PATH and the module extracted locally (see generate.js). Not part of the
 * test suite. Known, accepted differences, which come from feeding values through .tf.json
 * rather than from the module: a leading U+FEFF is dropped from a template string, and two map
 * keys equal after NFC are a duplicate-attribute error there.
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const assert = require("assert/strict");
const { execSync } = require("child_process");

const seed = Number(process.argv[2] || 1);
const count = Number(process.argv[3] || 300);
const mode = process.argv[4] || "plain";
const moduleDir = path.resolve(process.argv[5] || "/tmp/nl");

function rng(s) {
    let a = s >>> 0;
    return () => {
        a |= 0;
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
const LABELS = ["namespace", "tenant", "environment", "stage", "name", "attributes"];
const POOLS = {
    plain: {
        words: [
            "",
            "eg",
            "cp",
            "CloudPosse",
            "UAT",
            "prod",
            "Prod",
            "PROD",
            "dev",
            "ue2",
            "Winston Churchroom",
            "Ünïcode",
            "a b",
            "x.y",
            "my_app",
            "123",
            "7",
            "App-1",
            "hello world!",
            "straße",
            "o'neil",
            "--",
            "ΣΟΦΟΣ",
            "Ǆemal",
            "e\u0301cole",
            "🚀launch",
            "data/lake",
            "a__b",
            "UPPER_lower",
            "mIxEd CaSe",
            "x",
            "ab",
            "AB",
            "foo.bar.baz",
            "_lead",
            "  padded  ",
        ],
        chars: "abcXYZ019 -_./!@+:,'ÄéüßΣ&~()[]#".split("").concat(["\u0301", "ǆ", "İ", "ŉ", "ﬀ", "🚀", "\t"]),
        delims: ["-", "_", "", "__", ".", "+", "~", "/", "é"],
        regexes: [
            "",
            "/[^a-zA-Z0-9]/",
            "/[^-a-zA-Z0-9_\\/]/",
            "/[[:space:]]/",
            ".",
            "ab",
            "/[aeiou]/",
            "/[^a-z0-9-]/",
            "/[^-a-zA-Z0-9.]/",
            "/[^[:alnum:]-]/",
            "/\\s+/",
            "-",
            "/[0-9]/",
            "/[^\\pL\\d-]/",
        ],
        verbs: ["%v", "%s", "%q", "%10s", "%-4v|", "%.3s", "%#v"],
    },
    exotic: {
        words: [
            "",
            "eg",
            "CloudPosse",
            "Ünïcode",
            "a b",
            "e\u0301cole",
            "👩\u200d👩\u200d👧",
            "🇩🇪🇫🇷",
            "각",
            "x\r\ny",
            "ǆungla ǉubav",
            "İSTANBUL",
            "ΣΟΦΟΣ σοφος",
            "straße STRASSE",
            "ﬁne ﬂow",
            "${x}",
            "%{y}",
            "%v",
            "100%",
            "ŉ",
            "Ⅻ roman",
            "٣٤ arabic",
            "क्षत्रिय राज",
            "ন্ত্র",
            "ქართული ენა",
            "ᲡᲐᲥᲐᲠᲗᲕᲔᲚᲝ",
            "ƛɤ Ᲊ",
            "a\u0897b",
        ],
        chars: [
            "a",
            "B",
            "0",
            " ",
            "-",
            "_",
            ".",
            "\u0301",
            "\u0308",
            "ᄀ",
            "ᅡ",
            "ᆨ",
            "👍",
            "🏽",
            "\u200d",
            "🇩",
            "\r\n",
            "ǅ",
            "ß",
            "ẞ",
            "İ",
            "ı",
            "ﬁ",
            "ς",
            "Σ",
            "ᾳ",
            "ǰ",
            "٣",
            "\u00a0",
            "\u3000",
            "\u0085",
            "ʼ",
            "$",
            "%",
            "{",
            "\\",
            '"',
            "Ᏸ",
            "\u0345",
        ],
        delims: ["-", "", "\u0301", "ᅡ", "\r\n", "é", "👍", "--", "%", "$", "/", " "],
        regexes: [
            "",
            "//",
            "/x*/",
            "/^/",
            "/^a/",
            "/\\b/",
            "/(?i)[a-c]/",
            "/./",
            "/[^\\x00-\\x7F]/",
            "/\\p{Greek}/",
            "/[[:^alpha:]]/",
            "/\\W/",
            "/\\pM/",
            "/\\PL/",
            "/\\pC/",
            "/[^\\pL\\pN]/",
            "/a|/",
            "/[\\r\\n]/",
            "/",
            "a",
            "é",
            "\u0301",
            "$",
            "/[a-z]+?/",
            "/\\d/",
            "/[[:punct:]]/",
        ],
        verbs: [
            "%v",
            "%s",
            "%q",
            "%#v",
            "%x",
            "%d",
            "%t",
            "%5.1s",
            "%-8q",
            "%+v",
            "%08s",
            "% s",
            "%.0s",
            "%e",
            "%U",
            "%!",
            "%[2]v",
            "%*d",
        ],
    },
}[mode];

function generate() {
    const r = rng(seed);
    const pick = (a) => a[Math.floor(r() * a.length)];
    const chance = (p) => r() < p;
    const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
    const str = () => {
        if (chance(0.7)) return pick(POOLS.words);
        let s = "";
        for (let i = int(0, 10); i > 0; i--) s += pick(POOLS.chars);
        return s;
    };
    const list = (f, lo, hi) => Array.from({ length: int(lo, hi) }, f);
    const attrs = () => {
        const out = [];
        for (let i = int(0, 5); i > 0; i--) out.push(out.length && chance(0.2) ? pick(out).toUpperCase() : str());
        return out;
    };
    const map = (keys) => {
        const m = {};
        for (let i = int(0, 4); i > 0; i--) m[pick(keys)] = chance(0.15) ? "" : str();
        return m;
    };
    const order = () => (chance(0.15) ? [] : list(() => pick(LABELS), 1, 7));
    const lat = () => {
        const c = r();
        return c < 0.15
            ? []
            : c < 0.3
              ? ["default"]
              : c < 0.4
                ? ["unset"]
                : list(() => (chance(0.1) ? pick(["default", "unset", "foo"]) : pick(LABELS)), 1, 4);
    };
    const descriptor = () => {
        const labels = list(() => pick(LABELS), 0, 3);
        let format =
            labels.length === 0
                ? pick(["literal", "100%%", ""])
                : labels.map(() => pick(POOLS.verbs)).join(pick(["-", "", "/", "%%"]));
        if (chance(0.15) && labels.length) format = labels.map((_, i) => `%[${labels.length - i}]v`).join("_");
        return { format, labels };
    };
    const TAGKEYS = [
        "10",
        "9",
        "Name",
        "_u",
        "Namespace",
        "Stage",
        "Attributes",
        "Team",
        "a",
        "Z",
        "é",
        "key",
        "value",
        "👍",
        "",
        "${k}",
        "%{k}",
        "Ω",
    ];
    const input = (child) => {
        const o = {};
        for (const l of ["namespace", "tenant", "environment", "stage", "name"])
            if (chance(child ? 0.3 : 0.65)) o[l] = str();
        if (chance(0.45)) o.attributes = attrs();
        if (chance(0.3)) o.delimiter = pick(POOLS.delims);
        if (chance(0.3)) o.labelOrder = order();
        if (chance(0.35)) o.regexReplaceChars = pick(POOLS.regexes);
        if (chance(0.35)) o.idLengthLimit = chance(0.15) ? 0 : int(6, chance(0.2) ? 120 : 40);
        if (chance(0.25)) o.labelKeyCase = pick(["lower", "title", "upper"]);
        if (chance(0.4)) o.labelValueCase = pick(["lower", "title", "upper", "none"]);
        if (chance(0.3)) o.labelsAsTags = lat();
        if (chance(0.35)) o.tags = map(TAGKEYS);
        if (chance(0.25)) o.additionalTagMap = map(["propagate_at_launch", "key", "value", "zz", "10"]);
        if (chance(0.2)) {
            o.descriptorFormats = {};
            for (let i = int(1, 3); i > 0; i--)
                o.descriptorFormats[pick(["stack", "account_name", "10", "é", "Z"])] = descriptor();
        }
        if (chance(0.1)) o.enabled = chance(0.7) ? false : true;
        return o;
    };
    const inline = () => {
        const c = {
            enabled: pick([true, true, false]),
            namespace: chance(0.5) ? str() : null,
            environment: chance(0.5) ? str() : null,
            stage: chance(0.5) ? str() : null,
            name: chance(0.5) ? str() : null,
            delimiter: chance(0.3) ? pick(POOLS.delims) : null,
            attributes: chance(0.15) ? null : attrs(),
            tags: chance(0.15) ? null : map(TAGKEYS),
            additionalTagMap: chance(0.15) ? null : map(["key", "x"]),
            labelOrder: chance(0.2) ? null : chance(0.4) ? order() : [],
            regexReplaceChars: chance(0.4) ? pick(POOLS.regexes) : null,
            idLengthLimit: chance(0.5) ? null : pick([0, 1, 3, 5, 6, -1, 7, 12, 30]),
        };
        // Keys older contexts may lack.
        if (chance(0.7)) c.tenant = chance(0.6) ? str() : null;
        if (chance(0.6)) c.labelKeyCase = chance(0.5) ? pick(["lower", "title", "upper"]) : null;
        if (chance(0.6)) c.labelValueCase = chance(0.5) ? pick(["lower", "title", "upper", "none"]) : null;
        if (chance(0.6)) c.labelsAsTags = chance(0.2) ? null : lat();
        return c;
    };
    const cases = [];
    const depth = {};
    for (let i = 0; i < count; i++) {
        const id = `z${seed}_${i}`;
        const parents = cases.filter((c) => depth[c.id] < 3);
        const c = r();
        let inp;
        if (parents.length && c < 0.4) {
            const p = pick(parents);
            depth[id] = depth[p.id] + 1;
            inp = { ...input(true), context: { $ref: p.id, output: chance(0.5) ? "context" : "normalized_context" } };
        } else if (c < 0.55) {
            depth[id] = 1;
            inp = { ...input(true), context: inline() };
        } else {
            depth[id] = 0;
            inp = input(false);
        }
        // .tf.json templates drop a leading BOM; keep generated values clear of that artefact.
        cases.push({ id, input: JSON.parse(JSON.stringify(inp).replace(/"\ufeff+/g, '"')) });
    }
    return cases;
}

const snake = (k) => k.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase());
const camel = (k) => k.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
const esc = (v) => {
    if (typeof v === "string") return v.replace(/\$\{/g, () => "$${").replace(/%\{/g, () => "%%{");
    if (Array.isArray(v)) return v.map(esc);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [esc(k), esc(x)]));
    return v;
};
function toTerraformArgs(input) {
    const out = {};
    for (const [k, v] of Object.entries(input)) {
        if (v === undefined) continue;
        if (k === "context") out.context = v && v.$ref ? `\${module.${v.$ref}.${v.output}}` : toTerraformArgs(v);
        else out[snake(k)] = esc(v);
    }
    return out;
}
function toLabel(t) {
    const o = {};
    for (const k of Object.keys(t)) {
        o[camel(k)] =
            k === "context" || k === "normalized_context"
                ? Object.fromEntries(Object.keys(t[k]).map((ck) => [camel(ck), t[k][ck]]))
                : t[k];
    }
    return o;
}

/** Runs the cases through Terraform; cases it refuses (and their descendants) are set aside. */
function runTerraform(cases) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "null-label-fuzz-"));
    const env = { ...process.env, TF_IN_AUTOMATION: "1" };
    const refused = [];
    for (let attempt = 0; attempt < 10; attempt++) {
        const module = {};
        const output = {};
        for (const c of cases) {
            const args = toTerraformArgs(c.input);
            for (const k of Object.keys(args)) if (args[k] === null) delete args[k];
            module[c.id] = { source: moduleDir, ...args };
            output[c.id] = { value: `\${module.${c.id}}` };
        }
        fs.writeFileSync(path.join(work, "main.tf.json"), JSON.stringify({ module, output }, null, 1));
        try {
            execSync(
                "terraform init -no-color >/dev/null 2>&1 && terraform apply -auto-approve -no-color >/dev/null 2>err.txt",
                { cwd: work, env, shell: "/bin/bash" },
            );
            const result = JSON.parse(
                execSync("terraform output -json", { cwd: work, env, maxBuffer: 1 << 28 }).toString(),
            );
            fs.rmSync(work, { recursive: true, force: true });
            return { ok: cases.map((c) => ({ ...c, expected: toLabel(result[c.id].value) })), refused };
        } catch {
            const err = fs.readFileSync(path.join(work, "err.txt"), "utf8");
            const bad = new Set(
                [...err.matchAll(/(?:module\.|\.terraform\/modules\/|in module ")(\w+)/g)].map((m) => m[1]),
            );
            if (bad.size === 0) throw new Error(err);
            for (let grew = true; grew;) {
                grew = false;
                for (const c of cases)
                    if (c.input.context && bad.has(c.input.context.$ref) && !bad.has(c.id))
                        (bad.add(c.id), (grew = true));
            }
            for (const c of cases) if (bad.has(c.id)) refused.push(c);
            cases = cases.filter((c) => !bad.has(c.id));
        }
    }
    throw new Error("terraform kept failing");
}

function keyOrder(a, e, where) {
    if (Array.isArray(e) && Array.isArray(a))
        return e.map((x, i) => keyOrder(a[i], x, `${where}[${i}]`)).find(Boolean) || null;
    if (e && typeof e === "object" && a && typeof a === "object") {
        if (JSON.stringify(Object.keys(a)) !== JSON.stringify(Object.keys(e))) return `key order of ${where}`;
        return (
            Object.keys(e)
                .map((k) => keyOrder(a[k], e[k], `${where}.${k}`))
                .find(Boolean) || null
        );
    }
    return null;
}

function compare({ ok, refused }) {
    require("ts-node").register({ transpileOnly: true, project: path.join(__dirname, "../../tsconfig.json") });
    const { createLabel } = require("../../label");
    const built = new Map();
    const resolve = (input) => {
        const ctx = input.context;
        if (!(ctx && ctx.$ref)) return input;
        const p = built.get(ctx.$ref);
        return { ...input, context: ctx.output === "context" ? p.context : p.normalizedContext };
    };
    let bad = 0;
    for (const c of ok) {
        let label;
        try {
            label = createLabel(resolve(c.input));
        } catch (e) {
            console.log(`${c.id}: createLabel threw ${e.message}\n  input ${JSON.stringify(c.input)}`);
            bad++;
            continue;
        }
        built.set(c.id, label);
        const actual = JSON.parse(JSON.stringify({ ...label }));
        const diffs = [];
        for (const k of new Set([...Object.keys(actual), ...Object.keys(c.expected)])) {
            try {
                assert.deepEqual(actual[k], c.expected[k]);
            } catch {
                diffs.push(`  ${k}:\n    TS ${JSON.stringify(actual[k])}\n    TF ${JSON.stringify(c.expected[k])}`);
            }
        }
        const order = diffs.length ? null : keyOrder(actual, c.expected, c.id);
        if (order) diffs.push(`  ${order}`);
        if (diffs.length) {
            bad++;
            console.log(`${c.id}: input ${JSON.stringify(c.input)}\n${diffs.join("\n")}`);
        }
    }
    for (const c of refused) {
        if (c.input.context && c.input.context.$ref && !built.has(c.input.context.$ref)) continue;
        try {
            createLabel(resolve(c.input));
            bad++;
            console.log(`${c.id}: Terraform refused it but createLabel did not throw: ${JSON.stringify(c.input)}`);
        } catch {
            // both refuse
        }
    }
    console.log(
        `seed ${seed} (${mode}): ${ok.length} compared, ${refused.length} refused by Terraform, ${bad} mismatches`,
    );
    return bad;
}

process.exitCode = compare(runTerraform(generate())) ? 1 : 0;
