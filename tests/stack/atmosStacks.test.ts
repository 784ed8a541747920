/**
 * Atmos from the user's directory, per-component stacks, the warning for literal templates and
 * the loader's run caches (issue 21), in-process: `userDirectory`, atmos.yaml's base path from a
 * subdirectory and without atmos.yaml, `--atmos-stack` selecting the instances whose own stack name
 * matches, the synth command resolving from npm's INIT_CWD, and `mergeLayers` against `mergeAll`.
 * tests/bin/synthInRepository.slow.test.ts runs the compiled command in a temporary git repository.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { listStacks, loadAtmosConfig, loadAtmosStack, loadStackFile, userDirectory } from "../../stack";
import { mergeAll } from "../../stack/merge";
import { mergeLayers } from "../../stack/mergeLayers";
import type { ListMergeStrategy } from "../../stack/atmosConfig";
import type { MapEntry, MapNode, TreeNode } from "../../stack/tree";
import { synthCommand } from "../helpers/commands";
import { lines, memoryFiles, ROOT, stackError } from "../helpers/stack";

const EVENTBRIDGE = lines(
    "components:",
    "  terraform:",
    "    eventbridge/alerts:",
    "      metadata: {component: eventbridge}",
    "      vars: {name: alerts, event_rule_pattern: {source: [aws.ecs]}}",
);

describe("Atmos from the user's directory", () => {
    describe("userDirectory", () => {
        const pkg = "/work/pkg";
        const cases: [string, Record<string, string | undefined>, string, string][] = [
            ["outside npm: the process directory", {}, "/home/u/repo", "/home/u/repo"],
            [
                "INIT_CWD without an npm script: the process directory",
                { INIT_CWD: "/elsewhere" },
                "/home/u/repo",
                "/home/u/repo",
            ],
            [
                "npm run synth from a subdirectory: where it was typed",
                { npm_lifecycle_event: "synth", INIT_CWD: "/home/u/repo/sub", npm_package_json: `${pkg}/package.json` },
                pkg,
                "/home/u/repo/sub",
            ],
            [
                "npm --prefix: where it was typed",
                { npm_lifecycle_event: "synth", INIT_CWD: "/home/u/repo", npm_package_json: `${pkg}/package.json` },
                pkg,
                "/home/u/repo",
            ],
            [
                "a script that changed directory: where it runs",
                { npm_lifecycle_event: "plan", INIT_CWD: "/home/u", npm_package_json: "/home/u/package.json" },
                "/home/u/infra",
                "/home/u/infra",
            ],
            [
                "npm without npm_package_json: INIT_CWD",
                { npm_lifecycle_event: "synth", INIT_CWD: "/home/u/repo" },
                pkg,
                "/home/u/repo",
            ],
            ["an empty INIT_CWD: the process directory", { npm_lifecycle_event: "synth", INIT_CWD: "" }, pkg, pkg],
        ];
        for (const [title, env, cwd, expected] of cases) {
            it(title, () => assert.equal(userDirectory(env, cwd), expected));
        }
    });

    describe("atmos.yaml's base path, from the repository and from a subdirectory (Atmos's applyGitRootBasePath)", () => {
        const repo = (atmos: string | undefined) =>
            memoryFiles({
                ".git/HEAD": "ref: refs/heads/main\n",
                ...(atmos === undefined ? {} : { "atmos.yaml": atmos }),
                "infra/stacks/x.yaml": "",
                "stacks/x.yaml": "",
                "sub/dir/notes.txt": "",
            });
        const cases: [string, string | undefined, string, string][] = [
            // [title, atmos.yaml (undefined: none), cwd under /repo, expected stacks base path under /repo]
            ['base_path: "" from the root', 'base_path: ""\nstacks: {base_path: stacks}', "", "stacks"],
            ['base_path: "" from a subdirectory', 'base_path: ""\nstacks: {base_path: stacks}', "sub/dir", "stacks"],
            ["base_path: . from the root", "base_path: .\nstacks: {base_path: stacks}", "", "stacks"],
            ["base_path: . from a subdirectory", "base_path: .\nstacks: {base_path: stacks}", "sub/dir", "stacks"],
            ["a bare base_path from the root", "base_path: infra\nstacks: {base_path: stacks}", "", "infra/stacks"],
            [
                "a bare base_path from a subdirectory",
                "base_path: infra\nstacks: {base_path: stacks}",
                "sub/dir",
                "infra/stacks",
            ],
            ["no atmos.yaml, from the root: Atmos's defaults", undefined, "", "stacks"],
            ["no atmos.yaml, from a subdirectory: the git root's stacks", undefined, "sub/dir", "stacks"],
        ];
        for (const [title, atmos, cwd, expected] of cases) {
            it(title, () => {
                const config = loadAtmosConfig({ cwd: path.join(ROOT, cwd), env: {}, files: repo(atmos) });
                assert.equal(config.stacksBasePath, path.join(ROOT, expected));
            });
        }

        it("keeps base_path: . at the config's directory when the current directory has its own atmos.yaml", () => {
            const files = memoryFiles({
                ".git/HEAD": "",
                "project/atmos.yaml": "base_path: .\nstacks: {base_path: stacks}",
            });
            const config = loadAtmosConfig({ cwd: path.join(ROOT, "project"), env: {}, files });
            assert.equal(config.stacksBasePath, path.join(ROOT, "project", "stacks"));
        });

        it("keeps base_path: . at the config's directory without a git repository", () => {
            const files = memoryFiles({ "atmos.yaml": "base_path: .\nstacks: {base_path: stacks}" });
            const config = loadAtmosConfig({ cwd: path.join(ROOT, "sub"), env: {}, files });
            assert.equal(config.stacksBasePath, path.join(ROOT, "stacks"));
        });
    });

    describe("the synth command from the user's directory (npm's INIT_CWD)", () => {
        let dir: string;
        before(() => {
            dir = fs.mkdtempSync(path.join(os.tmpdir(), "atmos-cli-test-"));
            fs.mkdirSync(path.join(dir, ".git"));
            fs.mkdirSync(path.join(dir, "sub", "dir"), { recursive: true });
            fs.mkdirSync(path.join(dir, "stacks", "orgs", "acme"), { recursive: true });
            fs.mkdirSync(path.join(dir, "stacks", "catalog"), { recursive: true });
            fs.writeFileSync(
                path.join(dir, "stacks", "catalog", "eventbridge.yaml"),
                EVENTBRIDGE.replace("name: alerts", "nme: alerts"),
            );
            fs.writeFileSync(
                path.join(dir, "stacks", "orgs", "acme", "dev.yaml"),
                lines(
                    "import: [catalog/eventbridge]",
                    "vars: {tenant: acme, environment: ue2, stage: dev, region: us-east-2}",
                ),
            );
        });
        after(() => fs.rmSync(dir, { recursive: true, force: true }));
        const typedIn = (sub: string) => ({
            npm_lifecycle_event: "synth",
            INIT_CWD: path.join(dir, sub),
            npm_package_json: path.join(process.cwd(), "package.json"),
        });

        it("--list-stacks without atmos.yaml, typed in a subdirectory: Atmos's defaults at the git root, paths from there", async () => {
            const run = await synthCommand(["--list-stacks"], typedIn("sub/dir"));
            assert.equal(run.stderr, "");
            assert.equal(run.stdout, `acme-ue2-dev\t${path.join("..", "..", "stacks", "orgs", "acme", "dev.yaml")}\n`);
        });

        it("a manifest path typed in a subdirectory: imports found under the git root's stacks, files named from there", async () => {
            const run = await synthCommand(
                [path.join("..", "..", "stacks", "orgs", "acme", "dev.yaml")],
                typedIn("sub/dir"),
            );
            assert.equal(run.status, 1);
            assert.equal(
                run.stderr,
                `${path.join("..", "..", "stacks", "catalog", "eventbridge.yaml")}:5:14: eventbridge "eventbridge/alerts": unknown var nme; did you mean name?\n`,
            );
        });

        it("--atmos-stack typed in a subdirectory: the stack of the repository around it", async () => {
            const run = await synthCommand(["--atmos-stack", "acme-ue2-dev"], typedIn("sub/dir"));
            assert.equal(run.status, 1);
            assert.match(run.stderr, /^\.\.\/\.\.\/stacks\/catalog\/eventbridge\.yaml:5:14: .*unknown var nme/);
        });
    });
});

describe("per-component stacks (--atmos-stack, Atmos's findComponentInStacks)", () => {
    const ATMOS_YAML = lines(
        "stacks:",
        "  base_path: stacks",
        "  included_paths: ['orgs/**/*']",
        "  name_pattern: '{tenant}-{environment}-{stage}'",
    );
    // One manifest feeds two stacks: `dr` overrides its environment, as a disaster-recovery
    // region's components do; `vpc-dr` (left to Terraform) too.
    const files = {
        "atmos.yaml": ATMOS_YAML,
        "stacks/orgs/acme/prod.yaml": lines(
            "vars: {tenant: acme, environment: ue2, stage: prod, region: us-east-2}",
            "components:",
            "  terraform:",
            "    eventbridge/main:",
            "      metadata: {component: eventbridge}",
            "      vars: {name: main, event_rule_pattern: {source: [aws.ecs]}}",
            "    eventbridge/dr:",
            "      metadata: {component: eventbridge}",
            "      vars: {name: dr, environment: uw2, region: us-west-2, event_rule_pattern: {source: [aws.ecs]}}",
            "    vpc: {}",
            "    vpc-dr: {vars: {environment: uw2}}",
        ),
    };
    const options = { atmosDir: ROOT, env: {}, files: memoryFiles(files) };

    it("lists both names of the manifest", () => {
        assert.deepEqual(
            listStacks(options).map((e) => e.name),
            ["acme-ue2-prod", "acme-uw2-prod"],
        );
    });

    it("plans and skips only the components whose own stack name is the one asked for", () => {
        const main = loadAtmosStack("acme-ue2-prod", options);
        assert.deepEqual(
            [main.stackName, main.instances.map((i) => i.name), main.skipped.map((s) => s.instance)],
            ["acme-ue2-prod", ["eventbridge/main"], ["vpc"]],
        );
        const dr = loadAtmosStack("acme-uw2-prod", options);
        assert.deepEqual(
            [dr.stackName, dr.instances.map((i) => i.name), dr.skipped.map((s) => s.instance)],
            ["acme-uw2-prod", ["eventbridge/dr"], ["vpc-dr"]],
        );
        assert.equal(dr.instances[0].vars.region, "us-west-2");
    });

    it("plans every instance of the manifest when it is named by its path", () => {
        const stack = loadAtmosStack("orgs/acme/prod", options);
        assert.deepEqual(
            stack.instances.map((i) => i.name),
            ["eventbridge/main", "eventbridge/dr"],
        );
    });

    it("takes an instance found in two manifests under the stack's name once when they agree, and refuses it when not", () => {
        const twice = {
            ...files,
            "stacks/orgs/acme/prod-copy.yaml": files["stacks/orgs/acme/prod.yaml"],
        };
        const stack = loadAtmosStack("acme-uw2-prod", { ...options, files: memoryFiles(twice) });
        assert.deepEqual(
            stack.instances.map((i) => i.name),
            ["eventbridge/dr"],
        );
        const differ = {
            ...twice,
            "stacks/orgs/acme/prod-copy.yaml": twice["stacks/orgs/acme/prod-copy.yaml"].replace(
                "name: dr,",
                "name: dr2,",
            ),
        };
        const error = stackError(() => loadAtmosStack("acme-uw2-prod", { ...options, files: memoryFiles(differ) }));
        assert.match(
            error.message,
            /instance "eventbridge\/dr" of the Atmos stack acme-uw2-prod is defined differently/,
        );
        // The other stack of those manifests is not concerned.
        assert.deepEqual(
            loadAtmosStack("acme-ue2-prod", { ...options, files: memoryFiles(differ) }).instances.map((i) => i.name),
            ["eventbridge/main"],
        );
    });
});

describe("the loader's run caches", () => {
    const ATMOS_YAML = lines(
        "stacks:",
        "  base_path: stacks",
        "  included_paths: ['orgs/**/*']",
        "  name_pattern: '{stage}'",
    );
    const files = {
        "atmos.yaml": ATMOS_YAML,
        "stacks/catalog/eventbridge.yaml": EVENTBRIDGE,
        "stacks/catalog/base.yaml": lines("import: [catalog/eventbridge]", "vars: {region: us-east-2}"),
        // `a` overrides the vars of what it imports; `b`, importing the same files, must not see that.
        "stacks/orgs/a.yaml": lines(
            "import: [catalog/base]",
            "vars: {stage: a}",
            "overrides: {vars: {event_log_retention_in_days: 7}}",
        ),
        "stacks/orgs/b.yaml": lines("import: [catalog/base]", "vars: {stage: b}"),
        "stacks/orgs/c.yaml": lines("import: [catalog/missing]", "vars: {stage: c}"),
        "stacks/orgs/d.yaml": lines("import: [catalog/missing]", "vars: {stage: d}"),
    };
    const options = { atmosDir: ROOT, env: {}, files: memoryFiles(files) };

    it("gives each stack what loading its manifest alone gives (overrides stay in their stack)", () => {
        for (const stage of ["a", "b"]) {
            const alone = loadStackFile(path.join(ROOT, "stacks", "orgs", `${stage}.yaml`), {
                cwd: ROOT,
                env: {},
                files: memoryFiles(files),
            });
            const named = loadAtmosStack(stage, options);
            assert.deepEqual(
                named.instances.map((i) => i.vars),
                alone.instances.map((i) => i.vars),
            );
        }
        assert.equal(loadAtmosStack("a", options).instances[0].vars.event_log_retention_in_days, 7);
        assert.equal(loadAtmosStack("b", options).instances[0].vars.event_log_retention_in_days, undefined);
    });

    it("reports a problem of a shared import for every manifest that meets it", () => {
        const errors = listStacks(options).filter((e) => e.error !== undefined);
        assert.deepEqual(
            errors.map((e) => [path.basename(e.manifest), /import catalog\/missing: no file/.test(e.error!)]),
            [
                ["c.yaml", true],
                ["d.yaml", true],
            ],
        );
    });

    it("still stops an import chain deeper than the limit when its files were processed before", () => {
        const chain: Record<string, string> = { "atmos.yaml": ATMOS_YAML };
        for (let i = 0; i < 70; i++)
            chain[`stacks/chain/f${i}.yaml`] = i < 69 ? `import: [chain/f${i + 1}]\n` : "vars: {x: 1}\n";
        chain["stacks/orgs/short.yaml"] = "import: [chain/f10]\nvars: {stage: short}\n";
        chain["stacks/orgs/zlong.yaml"] = "import: [chain/f0]\nvars: {stage: long}\n";
        const entries = listStacks({ ...options, files: memoryFiles(chain) });
        assert.deepEqual(
            entries.map((e) => [
                e.name,
                e.error === undefined ? "" : /deeper than 64/.test(e.error) ? "too deep" : e.error,
            ]),
            [
                ["orgs/short", ""],
                ["orgs/zlong", "too deep"],
            ],
        );
    });
});

describe("a repository without its stacks directory", () => {
    it("is an error that names the directory and where its path came from, not an empty list", () => {
        const none = { atmosDir: ROOT, env: {}, files: memoryFiles({ "README.md": "x" }) };
        for (const run of [() => listStacks(none), () => loadAtmosStack("acme-ue2-prod", none)]) {
            assert.equal(
                stackError(run).message,
                `${ROOT}: the stacks directory stacks does not exist (no atmos.yaml found: Atmos's default stacks/ under the base path)`,
            );
        }
        const configured = {
            ...none,
            files: memoryFiles({ "atmos.yaml": "stacks: {base_path: stackz}\n", "stacks/orgs/a.yaml": "vars: {}\n" }),
        };
        assert.equal(
            stackError(() => listStacks(configured)).message,
            `${ROOT}: the stacks directory stackz does not exist (stacks.base_path of atmos.yaml)`,
        );
    });
});

describe("the warning for literal templates (atmos.yaml leaves templates off)", () => {
    const manifest = lines(
        "vars: {region: us-east-2, stage: prod}",
        "components:",
        "  terraform:",
        "    eventbridge/alerts:",
        "      metadata: {component: eventbridge}",
        "      vars:",
        "        name: alerts",
        '        event_rule_description: "alerts of {{ .vars.stage }}"',
        "        event_rule_pattern: {source: [aws.ecs]}",
    );
    const load = (atmos: string) =>
        loadStackFile(path.join(ROOT, "stack.yaml"), {
            cwd: ROOT,
            env: {},
            files: memoryFiles({ "atmos.yaml": atmos, "stack.yaml": manifest }),
        });

    it("keeps the text and warns, naming the file, the var and the atmos.yaml setting", () => {
        const stack = load("stacks: {base_path: .}");
        assert.equal(stack.instances[0].vars.event_rule_description, "alerts of {{ .vars.stage }}");
        assert.deepEqual(stack.warnings, [
            'stack.yaml:8:33: eventbridge "eventbridge/alerts" (stack stack): event_rule_description holds a Go template ("{{ .vars.stage }}"), left as written because atmos.yaml does not enable templates (templates.settings.enabled: true renders it, as Atmos would)',
        ]);
    });

    it("renders it without a warning when atmos.yaml enables templates", () => {
        const stack = load("stacks: {base_path: .}\ntemplates: {settings: {enabled: true}}");
        assert.equal(stack.instances[0].vars.event_rule_description, "alerts of prod");
        assert.deepEqual(stack.warnings, []);
    });
});

describe("mergeLayers", () => {
    const loc = { file: "f", line: 1, column: 1 };
    const scalar = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 3 }), fc.constantFrom("a", "b"));
    const { tree } = fc.letrec<{ tree: TreeNode }>((tie) => ({
        tree: fc.oneof(
            { depthSize: "small", withCrossShrink: true },
            scalar.map((value): TreeNode => ({ kind: "scalar", loc: { ...loc, line: 2 }, value })),
            fc
                .record({ items: fc.array(tie("tree"), { maxLength: 3 }), append: fc.boolean() })
                .map(({ items, append }): TreeNode => ({ kind: "seq", loc, items, ...(append ? { append } : {}) })),
            fc
                .uniqueArray(fc.tuple(fc.constantFrom("x", "y", "z", "w"), tie("tree")), {
                    selector: ([key]) => key,
                    maxLength: 4,
                })
                .chain((pairs) =>
                    fc.integer({ min: 1, max: 9 }).map((line): TreeNode => ({
                        kind: "map",
                        loc: { ...loc, line },
                        entries: new Map(
                            pairs.map(([key, value]): [string, MapEntry] => [
                                key,
                                { key, keyLoc: { ...loc, line: line + 1 }, value },
                            ]),
                        ),
                    })),
                ),
        ),
    }));
    const map = tree.filter((t): t is MapNode => t.kind === "map");

    it("merges as mergeAll does: values, key order and locations", () => {
        fc.assert(
            fc.property(
                fc.array(fc.option(map, { nil: undefined }), { maxLength: 6 }),
                fc.constantFrom<ListMergeStrategy>("replace", "append", "merge"),
                (maps, strategy) => {
                    assert.deepEqual(mergeLayers(maps, loc, strategy), mergeAll(maps, loc, strategy));
                },
            ),
            { numRuns: 300 },
        );
    });
});
