/**
 * Parsing and reporting edge cases of the stack loader: YAML that Go's yaml.v3 (and so Atmos)
 * refuses, `!include` while parsing, remote import detection (`pkg/stack/imports/uri.go`
 * IsLocalPath), import entries, deploy-time values inside lists, and the problem list's
 * reading order. In-memory files only.
 */
import * as assert from "node:assert/strict";
import { parseStack, StackFileError } from "../../stack";
import { formatLocation, makeProblem, ProblemList } from "../../stack/errors";
import { problemModel } from "../../util/errors";
import { evaluateVar, type EvaluationContext } from "../../stack/evaluate";
import { includeTags } from "../../stack/include";
import { isRemoteImport } from "../../stack/manifest";
import { componentTemplateContext, templateSettingsFrom } from "../../stack/templating";
import { parseYamlTree, toPlain, type MapNode } from "../../stack/tree";
import { lines, memoryReader, stackError, STACK_VARS } from "../helpers/stack";

describe("YAML that Atmos refuses", () => {
    const cases: [string, string, RegExp][] = [
        [
            "an alias inside its own anchor",
            "a: &x [1, *x]\n",
            /^t\.yaml:1:11: invalid YAML: alias \*x refers to itself$/,
        ],
        [
            "a merge key that is not a map",
            "a: &s scalar\nb:\n  <<: *s\n  c: 1\n",
            /^t\.yaml:1:7: invalid YAML: a merge key << must refer to a map or a list of maps$/,
        ],
        ["a list as a map key", "? [a, b]\n: 1\n", /^t\.yaml:1:3: map keys must be strings, got a YAML collection$/],
        ["an unknown tag", "a: !nope x\n", /^t\.yaml:1:10: unknown YAML tag !nope \(Atmos refuses it too\)$/],
    ];
    for (const [name, text, message] of cases) {
        it(`refuses ${name}, at its line and column`, () => {
            const { problems } = parseYamlTree(text, "t.yaml");
            assert.equal(problems.length, 1);
            assert.match(problems[0].message, message);
        });
    }

    it("merges `<<: [*a, *b]` with explicit keys first, then the earlier source", () => {
        const { root, problems } = parseYamlTree(
            "a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc:\n  <<: [*a, *b]\n  x: 0\n",
            "t.yaml",
        );
        assert.deepEqual(problems, []);
        assert.deepEqual(toPlain((root as MapNode).entries.get("c")!.value), { x: 0, y: 1, z: 2 });
    });
});

describe("!include while parsing", () => {
    const files = { "/repo/stacks/v.yaml": "b: [1, 2]\n" };
    const include = includeTags({
        file: "/repo/stacks/dev.yaml",
        readFile: memoryReader(files),
        exists: (p: string) => p in files,
    });

    it("inlines the file's value where the tag is", () => {
        const { root, problems } = parseYamlTree("vars: !include ./v.yaml\nraw: !include.raw ./v.yaml\n", "dev.yaml", {
            include,
        });
        assert.deepEqual(problems, []);
        assert.deepEqual(toPlain(root!), { vars: { b: [1, 2] }, raw: "b: [1, 2]\n" });
    });

    it("reports a missing file at the tag's line and column", () => {
        const { problems } = parseYamlTree("a: 1\nvars: !include ./none.yaml\n", "dev.yaml", { include });
        assert.deepEqual(
            problems.map((p) => [p.code, p.line, p.column]),
            [["YAML_FUNCTION", 2, 16]],
        );
        assert.match(
            problems[0].message,
            /^dev\.yaml:2:16: !include \.\/none\.yaml: file \/repo\/stacks\/none\.yaml not found$/,
        );
    });
});

describe("remote imports (Atmos's IsLocalPath)", () => {
    const cases: [string, boolean][] = [
        ["catalog/vpc", false],
        ["/abs/catalog/vpc", false],
        ["./vpc", false],
        ["../vpc", false],
        ["git::https://example.com/repo.git", true],
        ["s3::https://bucket/x", true],
        ["https://example.com/x.yaml", true],
        ["catalog//sub", true], // go-getter's subdirectory delimiter
        ["github.com/org/repo", true],
        ["eu.github.com/org/repo", true],
        ["git@github.com:org/repo.git", true],
        ["company/repo.git", true],
        ["org/_git/repo", true],
        ["catalog.v2/x", true], // a dotted first segment looks like a host
        ["acme.io", true], // a known suffix, even without a path
        ["company.internal/x", true],
        ["company.internal", false], // an unknown suffix needs a path after it
        ["v1.10/base", false], // version-like
        ["v1.0/base", false], // one character after the dot
        ["configs/v1.0/base", false],
        [".hidden/x", false],
    ];
    for (const [path, remote] of cases) {
        it(`${path} is ${remote ? "remote" : "local"}`, () => assert.equal(isRemoteImport(path), remote));
    }
});

describe("import entries", () => {
    const cases: [string, string[], RegExp][] = [
        [
            "a context that is not a map",
            ["import:", "  - path: catalog/x", "    context: [a]"],
            /^s\.yaml:3:14: import catalog\/x: context must be a map, got \["a"\]$/,
        ],
        [
            "nested_imports: remote",
            ["import:", "  - path: catalog/x", "    nested_imports: Remote"],
            /^s\.yaml:3:21: import catalog\/x: nested_imports: remote is not supported$/,
        ],
    ];
    for (const [name, text, message] of cases) {
        it(`refuses ${name}, naming the file, line and column`, () => {
            const error = stackError(() =>
                parseStack(lines(...text, STACK_VARS), "s.yaml", { readFile: memoryReader({}) }),
            );
            assert.equal(error.problems.length, 1);
            assert.match(error.problems[0].message, message);
        });
    }

    it("takes a null context as none", () => {
        const files = { "catalog/x.yaml": lines("vars: {stage: '{{ .stage }}'}") };
        const stack = parseStack(
            lines(
                "import:",
                "  - path: catalog/x",
                "    context: null",
                "components: {terraform: {eventbridge: {vars: {region: r}}}}",
            ),
            "s.yaml",
            { readFile: memoryReader(files) },
        );
        // no context: the import is not rendered; the component pass (templates on, no atmos.yaml)
        // then renders the missing key as Go's missingkey=default does
        assert.equal(stack.instances[0].vars.stage, "<no value>");
    });
});

describe("deploy-time values inside a list", () => {
    const ctx: EvaluationContext = {
        templates: templateSettingsFrom({}),
        templateData: componentTemplateContext({
            instance: "a",
            stack: "dev",
            stackFile: "dev",
            component: "eventbridge",
            sections: {},
        }),
        functions: {},
        instance: "a",
        who: 'eventbridge "a"',
    };
    it("refuses one, naming the file, line, column, instance and var", () => {
        const root = parseYamlTree("attributes: [x, '!terraform.output vpc .id']\n", "stacks/dev.yaml").root as MapNode;
        const r = evaluateVar("attributes", root.entries.get("attributes")!.value, ctx);
        assert.ok(r.kind === "problem");
        assert.deepEqual(
            [r.problem.code, r.problem.instance, r.problem.field],
            ["DEPLOY_TIME_VALUE", "a", "attributes"],
        );
        assert.equal(
            r.problem.message,
            'stacks/dev.yaml:1:17: eventbridge "a": attributes: !terraform.output vpc .id is known only at deploy time, and this port takes deploy-time values only as a whole var, not inside a list or map',
        );
    });
});

describe("problems", () => {
    it("formats a location with what is known of it", () => {
        assert.deepEqual(
            [
                formatLocation({ file: "f" }),
                formatLocation({ file: "f", line: 2 }),
                formatLocation({ file: "f", line: 2, column: 3 }),
            ],
            ["f", "f:2", "f:2:3"],
        );
    });

    it("needs at least one problem to make an error", () =>
        assert.throws(() => new StackFileError([]), /StackFileError needs at least one problem/));

    it("is one model: the rule when given, else the reason; the value only when given", () => {
        const withRule = makeProblem("BAD_IMPORT", { file: "f" }, "import must be a list", {
            field: "import",
            rule: "must be a list",
            value: "x",
        });
        const plain = makeProblem("YAML_SYNTAX", { file: "f", line: 1, column: 1 }, "invalid YAML: x");
        assert.deepEqual(problemModel(withRule), {
            code: "BAD_IMPORT",
            path: ["import"],
            rule: "must be a list",
            value: "x",
        });
        assert.deepEqual(problemModel(plain), { code: "YAML_SYNTAX", path: [], rule: "invalid YAML: x" });
    });

    it("drops exact repeats and throws in reading order: file first named, then line, then column", () => {
        const list = new ProblemList();
        const p = (file: string, line?: number, column?: number) =>
            makeProblem(
                "YAML_SYNTAX",
                { file, ...(line !== undefined ? { line } : {}), ...(column !== undefined ? { column } : {}) },
                "x",
            );
        for (const problem of [p("b", 3, 1), p("a", 2, 5), p("b", 1, 9), p("a", 2, 1), p("b", 3, 1), p("a"), p("b", 1)])
            list.add(problem);
        assert.equal(list.size, 6);
        const error = stackError(() => list.throwIfAny());
        assert.deepEqual(
            error.problems.map((q) =>
                formatLocation({
                    file: q.file,
                    ...(q.line !== undefined ? { line: q.line } : {}),
                    ...(q.column !== undefined ? { column: q.column } : {}),
                }),
            ),
            ["b:1", "b:1:9", "b:3:1", "a", "a:2:1", "a:2:5"],
        );
    });
});
