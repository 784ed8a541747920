/**
 * metadata.inherits on hostile input: each instance's bases are met depth first with repeats kept,
 * as Atmos's ProcessBaseComponentConfig does (cloudposse/atmos 0a1cb44,
 * internal/exec/stack_processor_utils.go 2282-2420: no dedupe, only a cycle check on the current
 * path), so a base inherited twice by each of n bases is met 2^n times; past MAX_INHERITED_BASES
 * (stack/limits.ts) the instance is refused where the base is named. The merge of many bases is
 * mergeLayers's one pass, with the results of pairwise merging. A custom type's bases
 * (`components.pulumi`) are resolved recursively, as resolveCustomComponentInheritance does
 * (internal/exec/stack_processor_process_stacks.go 1352-1395: a base on the path skipped, repeats
 * kept), under the same limit; a base's resolution is reused where nothing on the path changed it.
 */
import * as assert from "node:assert/strict";
import { loadStackFile, parseStack } from "../../stack";
import { MAX_INHERITED_BASES } from "../../stack/limits";
import { lines, memoryFiles, ROOT, stackError, STACK_VARS } from "../helpers/stack";

function stack(...instanceLines: string[]): string {
    return lines(STACK_VARS, "components:", "  terraform:", ...instanceLines.map((l) => `    ${l}`));
}

/** c0 ... c<n-1>, each abstract with one tag, c<i> inheriting `inherits(i)`. */
function chain(n: number, inherits: (i: number) => string[]): string[] {
    return Array.from(
        { length: n },
        (_, i) =>
            `c${i}: {metadata: {type: abstract, inherits: [${inherits(i).join(", ")}]}, vars: {tags: {t${i}: x, last: c${i}}}}`,
    );
}

describe("metadata.inherits: many bases", () => {
    it("merges bases met twice as often as they are met, the last meeting winning", () => {
        // expand order: a, b, a (repeats kept): a's name and tags win over b's.
        const [x] = parseStack(
            stack(
                "a: {metadata: {type: abstract}, vars: {name: a, tags: {X: a}}}",
                "b: {metadata: {type: abstract}, vars: {name: b, tags: {X: b, Y: b}}}",
                "eventbridge: {metadata: {inherits: [a, b, a]}}",
            ),
            "s.yaml",
        ).instances;
        assert.deepEqual([x.vars.name, x.vars.tags], ["a", { X: "a", Y: "b" }]);
    });

    const diamond = (i: number) => (i === 0 ? [] : [`c${i - 1}`, `c${i - 1}`]);
    const cases: { name: string; instances: string[]; tags: number; problem?: string }[] = [
        {
            // c<i> of a diamond chain meets 2^(i+1) - 2 bases: 510 for c8.
            name: "a diamond chain meeting 510 bases",
            instances: [...chain(9, diamond), "eventbridge: {metadata: {inherits: [c8]}, vars: {name: x}}"],
            tags: 9,
        },
        {
            name: "a diamond chain meeting 1,022 bases, refused where the 1,001st is named",
            instances: [...chain(10, diamond), "eventbridge: {metadata: {inherits: [c8]}, vars: {name: x}}"],
            tags: 0,
            problem: 's.yaml:7:52: instance "c9": metadata.inherits leads to more than 1,000 bases',
        },
        {
            name: "a chain of 300 bases",
            instances: [
                ...chain(300, (i) => (i === 0 ? [] : [`c${i - 1}`])),
                "eventbridge: {metadata: {inherits: [c299]}, vars: {name: x}}",
            ],
            tags: 300,
        },
        {
            name: `one base named ${MAX_INHERITED_BASES.toLocaleString("en-US")} times`,
            instances: [
                ...chain(1, () => []),
                `eventbridge: {metadata: {inherits: [${"c0, ".repeat(MAX_INHERITED_BASES - 1)}c0]}, vars: {name: x}}`,
            ],
            tags: 1,
        },
        {
            name: "one base named once more, at the name that is one too many",
            instances: [
                ...chain(1, () => []),
                `eventbridge: {metadata: {inherits: [${"c0, ".repeat(MAX_INHERITED_BASES)}c0]}, vars: {name: x}}`,
            ],
            tags: 0,
            problem:
                `s.yaml:5:${41 + 4 * MAX_INHERITED_BASES}: instance "eventbridge": metadata.inherits leads to more than 1,000 bases ` +
                '(each counted as often as it is inherited, as Atmos merges it each time; here through "eventbridge"); inherit each base once',
        },
    ];
    for (const c of cases) {
        it(`${c.problem === undefined ? "takes" : "refuses"} ${c.name}`, () => {
            if (c.problem !== undefined) {
                const error = stackError(() => parseStack(stack(...c.instances), "s.yaml"));
                assert.equal(error.code, "INHERITS_CYCLE");
                // One problem for each instance that meets too many (c9 only, in the diamond).
                assert.equal(error.problems.length, 1);
                assert.ok(error.problems[0].message.startsWith(c.problem), error.problems[0].message);
                return;
            }
            const [x] = parseStack(stack(...c.instances), "s.yaml").instances;
            const tags = x.vars.tags as Record<string, string>;
            const expected: Record<string, string> = {};
            for (let i = 0; i < c.tags; i++) Object.assign(expected, { [`t${i}`]: "x", last: `c${i}` });
            assert.deepEqual(tags, expected);
            // In the order first written, as pairwise merging gives it.
            assert.deepEqual(Object.keys(tags), Object.keys(expected));
        });
    }
});

describe("an instance's list_merge_strategy (its merged settings', read without merging them)", () => {
    // Atmos: the component's settings.list_merge_strategy governs its sections' lists
    // (internal/exec/stack_processor_utils.go 2211-2216); the merged value is the last layer's when
    // a scalar, and a map or list there is no strategy (atmos.yaml's applies: replace).
    const cases: { name: string; base: string; own: string; overrides: string; attributes: string[] }[] = [
        { name: "none set: replace", base: "{}", own: "{}", overrides: "{}", attributes: ["own"] },
        {
            name: "a base's append",
            base: "{list_merge_strategy: append}",
            own: "{}",
            overrides: "{}",
            attributes: ["base", "own"],
        },
        {
            name: "the instance's replace over a base's append",
            base: "{list_merge_strategy: append}",
            own: "{list_merge_strategy: replace}",
            overrides: "{}",
            attributes: ["own"],
        },
        {
            name: "overrides' append over the instance's replace",
            base: "{}",
            own: "{list_merge_strategy: replace}",
            overrides: "{list_merge_strategy: append}",
            attributes: ["base", "own"],
        },
        {
            name: "a map after a base's append: no strategy",
            base: "{list_merge_strategy: append}",
            own: "{list_merge_strategy: {x: 1}}",
            overrides: "{}",
            attributes: ["own"],
        },
        {
            name: "null after a base's append: no strategy",
            base: "{list_merge_strategy: append}",
            own: "{list_merge_strategy: null}",
            overrides: "{}",
            attributes: ["own"],
        },
    ];
    for (const c of cases) {
        it(c.name, () => {
            const [x] = parseStack(
                stack(
                    `base: {metadata: {type: abstract}, settings: ${c.base}, vars: {attributes: [base]}}`,
                    `eventbridge: {metadata: {inherits: [base]}, settings: ${c.own}, overrides: {settings: ${c.overrides}}, vars: {name: x, attributes: [own]}}`,
                ),
                "s.yaml",
            ).instances;
            assert.deepEqual(x.vars.attributes, c.attributes);
        });
    }
});

describe("an instance's stack name, read from its vars layers without merging them", () => {
    // Atmos names each component's stack from its own final vars (findComponentInStacks): the last
    // layer setting a token is what the merge holds there (a map or a list is not a string).
    const cases: { name: string; global: string; base: string; own: string; expected: string | RegExp }[] = [
        { name: "the stack's stage", global: "dev", base: "{}", own: "", expected: "dev" },
        { name: "a base's stage", global: "dev", base: "{stage: qa}", own: "", expected: "qa" },
        { name: "the instance's own", global: "dev", base: "{stage: qa}", own: "stage: prod", expected: "prod" },
        { name: "a null unsets it", global: "dev", base: "{}", own: "stage: null", expected: /has no stage var/ },
        {
            name: "two maps merge into a map",
            global: "{a: 1}",
            base: "{}",
            own: "stage: {b: 2}",
            expected: /\(stack s\): stage must be a string, got \{"a":1,"b":2\}/,
        },
        {
            name: "a list",
            global: "dev",
            base: "{stage: [a]}",
            own: "",
            expected: /\(stack s\): stage must be a string, got \["a"\]/,
        },
    ];
    for (const c of cases) {
        it(c.name, () => {
            const own = c.own === "" ? "" : `, ${c.own}`;
            const load = () =>
                loadStackFile("stacks/s.yaml", {
                    cwd: ROOT,
                    env: {},
                    files: memoryFiles({
                        "atmos.yaml": lines("stacks: {base_path: stacks, name_pattern: '{stage}'}"),
                        "stacks/s.yaml": lines(
                            `vars: {region: us-east-2, namespace: eg, environment: ue2, stage: ${c.global}}`,
                            "components:",
                            "  terraform:",
                            `    base: {metadata: {type: abstract}, vars: ${c.base}}`,
                            `    eventbridge: {metadata: {inherits: [base]}, vars: {name: x${own}}}`,
                        ),
                    }),
                });
            if (typeof c.expected === "string") assert.equal(load().stackName, c.expected);
            else if (c.own !== "stage: null") assert.match(stackError(load).message, c.expected);
            else {
                const loaded = load();
                assert.equal(loaded.stackName, "s");
                assert.ok(
                    loaded.warnings.some((w) => c.expected instanceof RegExp && c.expected.test(w)),
                    loaded.warnings.join("\n"),
                );
            }
        });
    }
});

describe("a components.pulumi instance's stack name, read from its own and the stack's vars", () => {
    // A custom type takes the stack's vars under its own at the top level only (stack_processor_process_stacks.go 1237-1340).
    for (const [own, expected] of [
        ["", "dev"],
        [", stage: prod", "prod"],
    ] as const) {
        it(`${own === "" ? "the stack's" : "its own"} stage`, () => {
            const loaded = loadStackFile("stacks/s.yaml", {
                cwd: ROOT,
                env: {},
                files: memoryFiles({
                    "atmos.yaml": lines("stacks: {base_path: stacks, name_pattern: '{stage}'}"),
                    "stacks/s.yaml": lines(
                        "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: dev}",
                        "components:",
                        "  pulumi:",
                        `    eventbridge: {vars: {name: x${own}}}`,
                    ),
                }),
            });
            assert.equal(loaded.stackName, expected);
            assert.equal(loaded.instances[0].vars.stage, expected);
        });
    }
});

describe("components.pulumi metadata.inherits: many bases", () => {
    function pulumi(...instanceLines: string[]): string {
        return lines(STACK_VARS, "components:", "  pulumi:", ...instanceLines.map((l) => `    ${l}`));
    }
    const load = (...instanceLines: string[]) => parseStack(pulumi(...instanceLines), "s.yaml");

    it("merges bases in the order listed, a base listed twice merged twice", () => {
        const [x] = load(
            "a: {metadata: {type: abstract}, vars: {name: a, tags: {X: a}}}",
            "b: {metadata: {type: abstract}, vars: {name: b, tags: {X: b, Y: b}}}",
            "eventbridge: {metadata: {inherits: [a, b, a]}}",
        ).instances;
        assert.deepEqual([x.vars.name, x.vars.tags], ["a", { X: "a", Y: "b" }]);
    });

    it("resolves a chain of 300 bases shared by many instances, each as if resolved alone", () => {
        const instances = chain(300, (i) => (i === 0 ? [] : [`c${i - 1}`]));
        for (let i = 0; i < 50; i++) {
            instances.push(`e${i}: {metadata: {component: eventbridge, inherits: [c${299 - i}]}, vars: {name: e${i}}}`);
        }
        const loaded = load(...instances).instances;
        assert.equal(loaded.length, 50);
        for (const [i, x] of loaded.entries()) {
            const expected: Record<string, string> = {};
            for (let t = 0; t < 300 - i; t++) Object.assign(expected, { [`t${t}`]: "x", last: `c${t}` });
            assert.deepEqual(x.vars.tags, expected, x.name);
            assert.deepEqual(Object.keys(x.vars.tags as object), Object.keys(expected));
        }
    });

    it("skips a base on the path wherever it is met, also after resolving it elsewhere", () => {
        // a -> b -> a: resolving b for the instance `a` skips a; `b` resolved alone takes a (and a skips b).
        const [a, b] = load(
            "a: {metadata: {component: eventbridge, inherits: [b]}, vars: {name: a, tags: {A: a}}}",
            "b: {metadata: {component: eventbridge, inherits: [a]}, vars: {name: b, tags: {B: b}}}",
        ).instances;
        assert.deepEqual([a.vars.name, a.vars.tags], ["a", { B: "b", A: "a" }]);
        assert.deepEqual([b.vars.name, b.vars.tags], ["b", { A: "a", B: "b" }]);
    });

    it("refuses a diamond chain meeting more than 1,000 bases, where the base is named", () => {
        const diamond = (i: number) => (i === 0 ? [] : [`c${i - 1}`, `c${i - 1}`]);
        const error = stackError(() =>
            load(...chain(10, diamond), "eventbridge: {metadata: {inherits: [c8]}, vars: {name: x}}"),
        );
        assert.equal(error.code, "INHERITS_CYCLE");
        // c9 meets c8 (511 with its bases) twice: the second c8 on its line is one too many.
        assert.deepEqual(
            error.problems.map((p) => p.message),
            [
                's.yaml:13:52: instance "c9": metadata.inherits leads to more than 1,000 bases ' +
                    '(each counted as often as it is inherited, as Atmos merges it each time; here through "c9"); inherit each base once',
            ],
        );
    });
});
