/**
 * Edge cases of the stack loader's pure pieces, each against what Atmos does: name_pattern
 * (`pkg/config/utils.go` GetContextPrefix), the `merge` list strategy (`pkg/merge`), doublestar's
 * glob, `!include` (`pkg/utils/yaml_include_by_extension.go`, `pkg/filetype`), yq paths and
 * `!store`/`!store.get` parameter names (`pkg/store/providers`). In-memory files only.
 */
import * as assert from "node:assert/strict";
import * as path from "node:path";
import { globMatches } from "../../stack/files";
import { evaluateInclude, includeExtension, includeNode, parseDotenv, parseHclAttributes } from "../../stack/include";
import { mergeTree } from "../../stack/merge";
import { readNamePattern } from "../../stack/names";
import { parseYamlTree, toPlain, type TreeNode } from "../../stack/tree";
import { evaluateYamlFunction, followPath, isDeployTimeReference, parseYqPath } from "../../stack/yamlFunctions";
import { memoryFiles, memoryReader, ROOT } from "../helpers/stack";

/** Asserts that `fn` throws an error whose message matches `message`. */
function refuses(fn: () => unknown, message: RegExp): void {
    assert.throws(fn, (e: unknown) => {
        assert.ok(e instanceof Error);
        assert.match(e.message, message);
        return true;
    });
}

function tree(text: string): TreeNode {
    const parsed = parseYamlTree(text, "t.yaml");
    assert.deepEqual(parsed.problems, []);
    assert.ok(parsed.root);
    return parsed.root;
}

describe("name_pattern (GetContextPrefix)", () => {
    const vars = { namespace: "eg", tenant: "plat", environment: "ue2", stage: "prod" };
    const cases: [string, Record<string, unknown>, string | undefined][] = [
        ["{namespace}-{tenant}-{environment}-{stage}", vars, "eg-plat-ue2-prod"],
        ["{stage}-{tenant}", vars, "prod-plat"], // the pattern's order, not the tokens'
        ["{tenant}-prod", vars, "plat"], // a part that is no token is dropped
        ["{tenant}-{region}-{stage}", { ...vars, region: "us-east-2" }, "plat-prod"], // only the four tokens count
        ["{tenant}-{stage}", { tenant: "plat" }, undefined], // a missing token: the file name
        ["{tenant}-{stage}", { tenant: "plat", stage: "" }, undefined], // an empty one too
        ["{tenant}-{stage}", { tenant: "plat", stage: 1 }, undefined], // only strings are read
    ];
    for (const [pattern, v, name] of cases) {
        it(`${pattern} over ${JSON.stringify(v)} is ${String(name)}`, () =>
            assert.equal((readNamePattern(pattern, v) as { name?: string }).name, name));
    }

    it("says why a pattern gives no name: the first token without a string var, or no token", () => {
        assert.deepEqual(readNamePattern("{tenant}-{stage}", { tenant: "plat" }), {
            failure: "it names {stage}, but the stack has no stage var",
        });
        assert.deepEqual(readNamePattern("{tenant}-{stage}", { tenant: "", stage: "" }), {
            failure: "it names {tenant}, but the stack has no tenant var",
        });
        assert.deepEqual(readNamePattern("{tenant}-{stage}", { tenant: "plat", stage: 1 }), {
            failure: "it names {stage}, but the stack's stage var is not a string",
        });
        // GetContextPrefix returns "" and describe stacks falls back to the file name.
        assert.deepEqual(readNamePattern("{tenant}-{stage}", vars), { name: "plat-prod" });
        assert.deepEqual(readNamePattern("{region}-prod", vars), {
            failure: "it names none of {namespace}, {tenant}, {environment}, {stage}",
        });
    });
});

describe("mergeTree", () => {
    const merge = (a: string, b: string, strategy: "replace" | "append" | "merge") =>
        toPlain(mergeTree(tree(a), tree(b), strategy));
    const cases: [string, string, "replace" | "append" | "merge", unknown][] = [
        ["[{a: 1}, {b: 2}]", "[{a: 9}]", "merge", [{ a: 9 }, { b: 2 }]], // the earlier list's extra item stays
        ["[{a: 1}]", "[{a: 9}, {c: 3}]", "merge", [{ a: 9 }, { c: 3 }]], // the later list's extra item is added
        ["[x]", "[{a: 1}]", "merge", ["x"]], // not both maps: the earlier item stays
        ["[{a: 1}]", "[y]", "merge", [{ a: 1 }]],
        ["[1, 2]", "[9]", "merge", [1, 2]],
        ["[1]", "[2]", "append", [1, 2]],
        ["[1]", "[2]", "replace", [2]],
        ["{a: [1]}", "{a: {b: 1}}", "merge", { a: { b: 1 } }], // a type change replaces
        ["{a: {b: 1}}", "{a: null}", "replace", { a: null }], // null sets null
        ["{a: 1, b: 2}", "{}", "replace", { a: 1, b: 2 }], // an empty map changes nothing
    ];
    for (const [a, b, strategy, merged] of cases) {
        it(`${a} then ${b} (${strategy}) is ${JSON.stringify(merged)}`, () =>
            assert.deepEqual(merge(a, b, strategy), merged));
    }

    it("takes the later value as it is when there is nothing before it", () => {
        const over = tree("{a: [1]}");
        assert.equal(mergeTree(undefined, over, "merge"), over);
    });
});

describe("globMatches (doublestar)", () => {
    const files = memoryFiles({
        "stacks/orgs/acme/dev.yaml": "",
        "stacks/orgs/acme/.hidden.yaml": "",
        "stacks/orgs/acme/prod/us.yaml": "",
        "stacks/orgs/acme/prod/eu.yml": "",
        "stacks/orgs/beta/dev.yaml": "",
        "stacks/orgs/beta/dev/readme.txt": "",
        "stacks/catalog/vpc.yaml": "",
    });
    const at = (p: string) => path.join(ROOT, p);
    const cases: [string, string[]][] = [
        // `**` at the end: every file and directory below, a directory's own entries before its subdirectories'
        [
            "stacks/orgs/acme/**",
            [
                "stacks/orgs/acme/.hidden.yaml",
                "stacks/orgs/acme/dev.yaml",
                "stacks/orgs/acme/prod",
                "stacks/orgs/acme/prod/eu.yml",
                "stacks/orgs/acme/prod/us.yaml",
            ],
        ],
        // `**` then a name: zero or more directories
        ["stacks/orgs/**/dev.yaml", ["stacks/orgs/acme/dev.yaml", "stacks/orgs/beta/dev.yaml"]],
        // a literal segment after a glob segment (a directory, then a file)
        ["stacks/orgs/*/prod/us.yaml", ["stacks/orgs/acme/prod/us.yaml"]],
        ["stacks/orgs/*/dev/readme.txt", ["stacks/orgs/beta/dev/readme.txt"]],
        // `*` matches dotfiles; `?` one character; braces alternatives
        ["stacks/orgs/acme/*.yaml", ["stacks/orgs/acme/.hidden.yaml", "stacks/orgs/acme/dev.yaml"]],
        ["stacks/orgs/acme/prod/??.y*ml", ["stacks/orgs/acme/prod/eu.yml", "stacks/orgs/acme/prod/us.yaml"]],
        ["stacks/{catalog,nope}/*.yaml", ["stacks/catalog/vpc.yaml"]],
        // a file where a directory is needed, and a base that does not exist: nothing
        ["stacks/catalog/vpc.yaml/*", []],
        ["stacks/missing/*.yaml", []],
        ["stacks/orgs/*/missing/x.yaml", []],
        // no glob syntax: the path itself when it exists
        ["stacks/catalog/vpc.yaml", ["stacks/catalog/vpc.yaml"]],
        ["stacks/catalog", ["stacks/catalog"]],
        ["stacks/catalog/none.yaml", []],
    ];
    for (const [pattern, matches] of cases) {
        it(`${pattern} matches ${JSON.stringify(matches)}`, () =>
            assert.deepEqual(globMatches(at(pattern), files), matches.map(at)));
    }
});

describe("!include: extensions, paths and errors", () => {
    const repo: Record<string, string> = {
        "/repo/stacks/dev.yaml": "",
        "/repo/stacks/v.yaml": "a:\n  b: [1, 2]\n",
        "/repo/stacks/empty.yaml": "",
        "/repo/stacks/bad.json": "{",
        "/repo/stacks/v.hcl": 'name = "hcl"\n',
        "/repo/stacks/v.tf": "count = 2\n",
        "/repo/stacks/.env": "A=1\n",
        "/repo/stacks/.env.local": "B=2\n",
        "/repo/stacks/prod.env": "C=3\n",
        "/repo/stacks/V.JSON": '{"up": true}',
        "/repo/stacks/notes.md": "# title\n",
        "/repo/config/abs.yaml": "x: 1\n",
        "/repo/config/both.yaml": "from: base path\n",
        "/work/config/both.yaml": "from: cwd\n",
    };
    const context = {
        file: "/repo/stacks/dev.yaml",
        cwd: "/work",
        basePath: "/repo",
        readFile: memoryReader(repo),
        exists: (p: string) => Object.prototype.hasOwnProperty.call(repo, p),
    };
    const cases: [string, unknown][] = [
        ["./v.yaml .a.b[1]", 2],
        ["./v.yaml .a.missing", null], // a query that leads nowhere is null, as yq's is
        ["./empty.yaml", null],
        ["./v.hcl", { name: "hcl" }],
        ["./v.tf", { count: 2 }],
        ["./.env", { A: "1" }], // filetype.GetFileExtension: `.env`, `.env.*` and `*.env` are dotenv
        ["./.env.local", { B: "2" }],
        ["./prod.env", { C: "3" }],
        ["./V.JSON", { up: true }], // extensions are compared lower-cased
        ["./notes.md", "# title\n"], // any other extension is text
        ["/repo/config/abs.yaml", { x: 1 }], // an absolute path is used as it is
        ["config/both.yaml", { from: "cwd" }], // not ./: the working directory first...
        ["config/abs.yaml", { x: 1 }], // ...then the base path
    ];
    for (const [args, value] of cases) {
        it(`!include ${args} is ${JSON.stringify(value)}`, () =>
            assert.deepEqual(evaluateInclude(args, false, context), value));
    }

    it("finds the extension as Atmos's filetype.GetFileExtension does", () => {
        const cases: [string, string][] = [
            ["/x/.env", ".env"],
            ["/x/.env.prod", ".env"],
            ["/x/a.env", ".env"],
            ["/x/.json", ".json"],
            ["/x/.gitignore", ""],
            ["/x/a.b.YAML", ".yaml"],
        ];
        assert.deepEqual(
            cases.map(([f]) => includeExtension(f)),
            cases.map(([, e]) => e),
        );
    });

    const failures: [string, boolean, RegExp][] = [
        ["", false, /^!include takes a file and an optional yq query, got ""$/],
        ["./bad.json", false, /^!include \/repo\/stacks\/bad\.json: /],
        ["./none.yaml", false, /^!include \.\/none\.yaml: file \/repo\/stacks\/none\.yaml not found$/],
        ["https://example.com/x.yaml", false, /remote sources are not supported by this port/],
    ];
    for (const [args, raw, message] of failures) {
        it(`refuses !include ${JSON.stringify(args)}`, () =>
            refuses(() => evaluateInclude(args, raw, context), message));
    }

    it("names the cause of a file that exists but cannot be read", () => {
        const readFile = () => {
            throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
        };
        refuses(
            () => evaluateInclude("./v.yaml", false, { ...context, readFile }),
            /^!include \.\/v\.yaml: cannot read \/repo\/stacks\/v\.yaml: EACCES: permission denied$/,
        );
    });

    it("reports a failing include as a problem at the tag's line and column", () => {
        const loc = { file: "stacks/dev.yaml", line: 3, column: 9 };
        const result = includeNode("./none.yaml", true, loc, context);
        assert.ok("problem" in result);
        assert.equal(result.problem.code, "YAML_FUNCTION");
        assert.match(
            result.problem.message,
            /^stacks\/dev\.yaml:3:9: .*!include\.raw \.\/none\.yaml: file .* not found/,
        );
        const ok = includeNode("./v.yaml .a", false, loc, context);
        assert.ok("node" in ok);
        assert.deepEqual(toPlain(ok.node), { b: [1, 2] });
    });
});

describe("!include of HCL attributes (.tfvars/.hcl/.tf)", () => {
    const values: [string, Record<string, unknown>][] = [
        ["# comment\n// comment\n/* block\ncomment */ a = 1\n", { a: 1 }],
        ['s = "tab\\tq\\"b\\\\s\\u00e9"\n', { s: 'tab\tq"b\\sé' }],
        ['s = "$${literal} %%{x}"\n', { s: "${literal} %{x}" }],
        ["l = [\n  1,\n  2,\n]\n", { l: [1, 2] }], // a trailing comma
        ['o = {\n  a = 1\n  "b-c" : "d"\n  e = true, f = 2\n}\n', { o: { a: 1, "b-c": "d", e: true, f: 2 } }],
        ["h = <<EOT\n  keep\nindent\nEOT\n", { h: "  keep\nindent\n" }],
        ["h = <<-EOT\n    two\n      four\n    EOT\n", { h: "two\n  four\n" }], // `<<-` strips the common indent
        ["h = <<-EOT\n\n  EOT\n", { h: "\n" }],
        ["b = false\nn = -1.5e2\n", { b: false, n: -150 }],
    ];
    for (const [text, value] of values) {
        it(`parses ${JSON.stringify(text)}`, () => assert.deepEqual(parseHclAttributes(text), value));
    }

    const refusals: [string, RegExp][] = [
        ["= 1\n", /^HCL line 1: expected an attribute name$/],
        ['a = "x" /* never closed\n', /^HCL line 1: unterminated comment$/],
        ['resource "x" {}\n', /^HCL line 1: resource: blocks are not supported/],
        ["l = [1 2]\n", /^HCL line 1: expected , or \] in a list$/],
        ["o = {\n  a 1\n}\n", /^HCL line 2: expected = or : after a$/],
        ['s = "${var.x}"\n', /string interpolation is not supported/],
        ['s = "%{ if x }y%{ endif }"\n', /string interpolation is not supported/],
        ['s = "open\n', /^HCL line 1: unterminated string$/],
        ["h = <<\nEOT\n", /bad heredoc/],
        ["h = <<EOT\nnever ends\n", /unterminated heredoc/],
        ["x = var.y\n", /expressions are not supported/],
    ];
    for (const [text, message] of refusals) {
        it(`refuses ${JSON.stringify(text)}`, () => refuses(() => parseHclAttributes(text), message));
    }
});

describe("dotenv", () => {
    it("reads quoted, unquoted and exported values (godotenv)", () => {
        assert.deepEqual(
            parseDotenv(
                [
                    "export A=1",
                    "B='single # kept'",
                    'C="line\\nnext \\"q\\""',
                    "D=plain # comment",
                    "# only a comment",
                ].join("\n"),
            ),
            { A: "1", B: "single # kept", C: 'line\nnext "q"', D: "plain" },
        );
    });
});

describe("yq paths", () => {
    const paths: [string, (string | number)[]][] = [
        [".", []],
        ["", []],
        ['.a.["b c"]', ["a", "b c"]], // `.[` continues with a bracket
        ['."quoted key".x', ["quoted key", "x"]],
        [".list[-1]", ["list", -1]],
        ['.[0]["k"]', [0, "k"]],
        ['["a\\"b"]', ['a"b']],
    ];
    for (const [expression, expected] of paths) {
        it(`parses ${JSON.stringify(expression)}`, () => assert.deepEqual(parseYqPath(expression, "!x"), expected));
    }
    for (const expression of [".a..b", ".a[x]", ".a b", ".1a"]) {
        it(`refuses ${JSON.stringify(expression)}, naming it`, () =>
            refuses(
                () => parseYqPath(expression, "!x"),
                new RegExp(
                    `^!x: the yq expression ${JSON.stringify(expression).replace(/[.[\]]/g, "\\$&")} is not supported`,
                ),
            ));
    }

    it("follows keys and indexes (a negative index counts from the end), undefined when the path leads nowhere", () => {
        const value = { a: [{ b: 1 }, { b: 2 }] };
        assert.equal(followPath(value, ["a", -1, "b"]), 2);
        assert.equal(followPath(value, ["a", "b"]), undefined);
        assert.equal(followPath(value, [0]), undefined);
    });
});

describe("!store and !store.get parameter names (aws-ssm-parameter-store)", () => {
    const stores = {
        plain: { type: "aws-ssm-parameter-store" },
        pre: {
            type: "aws-ssm-parameter-store",
            options: { prefix: "atmos", stack_delimiter: "_", region: "eu-west-1" },
        },
    };
    const names: [string, string | undefined, string, string | undefined][] = [
        // getKey: the prefix, the stack split on its delimiter, the component split on `/`, the key, joined by `/`
        ["!store plain plat-ue2-dev vpc key", undefined, "/plat/ue2/dev/vpc/key", undefined],
        ["!store pre plat_ue2 net/vpc key", undefined, "atmos/plat/ue2/net/vpc/key", "eu-west-1"],
        ["!store plain vpc key", "a-b", "/a/b/vpc/key", undefined], // three words: the current stack
        // SSMStore.GetKey: the prefix, a slash and the key, with a leading slash
        ["!store.get plain config/x", undefined, "/config/x", undefined],
        ["!store.get pre config/x", undefined, "/atmos/config/x", "eu-west-1"],
        ["!store.get plain /abs/x", undefined, "/abs/x", undefined],
    ];
    for (const [text, stack, parameter, region] of names) {
        it(`${text} reads ${parameter}`, () => {
            const r = evaluateYamlFunction(text, { stores, ...(stack !== undefined ? { stack } : {}) });
            assert.ok(isDeployTimeReference(r) && r.kind === "ssm-parameter");
            assert.deepEqual([r.parameter, r.region], [parameter, region]);
        });
    }

    const refusals: [string, RegExp][] = [
        ["!store", /^!store needs a store name$/],
        ["!store plain key", /^!store takes a store, an optional stack, a component and a key, got "plain key"$/],
        ["!store plain a b c d", /^!store takes a store, an optional stack, a component and a key/],
        ["!store.get plain", /^!store.get takes a store and a key, got "plain"$/],
        ["!store plain vpc key | default", /unknown modifier "default"/],
        ["!store nope vpc key", /^!store: no store "nope" in atmos.yaml stores \(known: plain, pre\)$/],
    ];
    for (const [text, message] of refusals) {
        it(`refuses ${JSON.stringify(text)}`, () => refuses(() => evaluateYamlFunction(text, { stores }), message));
    }

    it("names no known stores when atmos.yaml has none", () =>
        refuses(() => evaluateYamlFunction("!store s vpc key"), /^!store: no store "s" in atmos.yaml stores$/));
});
