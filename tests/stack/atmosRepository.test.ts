/**
 * The loader on Atmos repositories: atmos.yaml discovery and its settings, imports from the stacks
 * base path (extensions, globs in doublestar's order), overrides, list merge strategies, stack
 * names, skipped components, and the repository's list of stacks. Small repositories written for
 * these tests, in memory.
 */
import * as assert from "node:assert/strict";
import * as path from "node:path";
import { findStack, listStacks, loadAtmosConfig, loadAtmosStack, loadStackFile } from "../../stack";
import { globMatches } from "../../stack/files";
import { MAX_IMPORT_DEPTH } from "../../stack/manifest";
import { lines, memoryFiles, ROOT, stackError } from "../helpers/stack";

const ATMOS_YAML = lines(
    "base_path: .",
    "stacks:",
    "  base_path: stacks",
    "  included_paths: ['orgs/**/*']",
    "  excluded_paths: ['**/_defaults.yaml']",
    "  name_pattern: '{namespace}-{environment}-{stage}'",
);
const EVENTBRIDGE = lines(
    "components:",
    "  terraform:",
    "    eventbridge/alerts:",
    "      metadata: {component: eventbridge}",
);

function load(files: Record<string, string>, manifest: string, env: Record<string, string> = {}, cwd = ROOT) {
    return loadStackFile(manifest, { files: memoryFiles(files), cwd, env });
}

describe("Atmos repositories", () => {
    describe("atmos.yaml", () => {
        it("resolves non-relative imports from stacks.base_path, and names the stack by name_pattern", () => {
            const stack = load(
                {
                    "atmos.yaml": ATMOS_YAML,
                    "stacks/catalog/eventbridge.yaml": EVENTBRIDGE,
                    "stacks/orgs/acme/_defaults.yaml": lines("vars: {namespace: acme, region: us-east-2}"),
                    "stacks/orgs/acme/dev.yaml": lines(
                        "import: [orgs/acme/_defaults, catalog/eventbridge]",
                        "vars: {environment: ue2, stage: dev}",
                    ),
                },
                "stacks/orgs/acme/dev.yaml",
            );
            assert.equal(stack.stackName, "acme-ue2-dev");
            assert.deepEqual(stack.instances[0].vars, {
                namespace: "acme",
                region: "us-east-2",
                environment: "ue2",
                stage: "dev",
            });
        });

        it("finds atmos.yaml through ATMOS_CLI_CONFIG_PATH, and ATMOS_BASE_PATH from the current directory", () => {
            const files = {
                "config/atmos.yaml": lines(
                    "base_path: ''",
                    "stacks: {base_path: deploy, name_template: '{{ .vars.stage }}'}",
                ),
                "deploy/catalog/eventbridge.yaml": EVENTBRIDGE,
                "deploy/prod.yaml": lines("import: [catalog/eventbridge]", "vars: {region: r, stage: prod}"),
            };
            const stack = load(files, "deploy/prod.yaml", { ATMOS_CLI_CONFIG_PATH: "config", ATMOS_BASE_PATH: "." });
            assert.equal(stack.stackName, "prod");
            assert.equal(stack.instances.length, 1);
        });

        it("renders name_template once for the component that names the stack", () => {
            // the stack's name is the first instance's own: it is not rendered a second time for that instance
            const files = {
                "atmos.yaml": lines("stacks: {base_path: stacks, name_template: '{{ env \"N\" }}-{{ .vars.stage }}'}"),
                "stacks/catalog/eventbridge.yaml": EVENTBRIDGE,
                "stacks/prod.yaml": lines("import: [catalog/eventbridge]", "vars: {region: r, stage: prod}"),
            };
            let reads = 0;
            const env = new Proxy<Record<string, string>>(
                { N: "n" },
                { get: (target, key) => (key === "N" && reads++, Reflect.get(target, key)) },
            );
            const stack = loadStackFile("stacks/prod.yaml", { files: memoryFiles(files), cwd: ROOT, env });
            assert.equal(stack.stackName, "n-prod");
            assert.equal(reads, 1);
        });

        it("finds atmos.yaml in a parent of the current directory, and from the manifest's directory upward", () => {
            const files = {
                "atmos.yaml": ATMOS_YAML,
                "stacks/catalog/eventbridge.yaml": EVENTBRIDGE,
                "stacks/orgs/x.yaml": lines("import: [catalog/eventbridge]", "vars: {region: r}"),
            };
            assert.equal(load(files, "/repo/stacks/orgs/x.yaml", {}, "/repo/stacks").instances.length, 1);
            assert.equal(load(files, "/repo/stacks/orgs/x.yaml", {}, "/elsewhere").instances.length, 1);
        });

        it("applies the ATMOS_* overrides of stack paths, naming and the list merge strategy", () => {
            const config = loadAtmosConfig({
                cwd: ROOT,
                files: memoryFiles({ "atmos.yaml": ATMOS_YAML }),
                env: {
                    ATMOS_STACKS_BASE_PATH: "other",
                    ATMOS_STACKS_INCLUDED_PATHS: "a/*,b/**/*",
                    ATMOS_STACKS_EXCLUDED_PATHS: "c/*",
                    ATMOS_STACKS_NAME_TEMPLATE: "{{ .vars.stage }}",
                    ATMOS_SETTINGS_LIST_MERGE_STRATEGY: "append",
                },
            });
            assert.equal(config.stacksBasePath, "/repo/other");
            assert.deepEqual(config.includedPaths, ["a/*", "b/**/*"]);
            assert.deepEqual(config.excludedPaths, ["c/*"]);
            assert.equal(config.nameTemplate, "{{ .vars.stage }}");
            assert.equal(config.listMergeStrategy, "append");
        });

        it("merges atmos.d files under atmos.yaml", () => {
            const config = loadAtmosConfig({
                cwd: ROOT,
                env: {},
                files: memoryFiles({
                    "atmos.yaml": ATMOS_YAML,
                    "atmos.d/stacks.yaml": lines(
                        "stacks: {name_pattern: '{stage}'}",
                        "settings: {list_merge_strategy: merge}",
                    ),
                }),
            });
            assert.equal(config.namePattern, "{namespace}-{environment}-{stage}");
            assert.equal(config.listMergeStrategy, "merge");
        });

        it("refuses an invalid list_merge_strategy, naming the file", () => {
            const error = stackError(() =>
                load({ "atmos.yaml": lines("settings: {list_merge_strategy: concat}"), "s.yaml": "" }, "s.yaml"),
            );
            assert.match(error.message, /^atmos\.yaml: settings\.list_merge_strategy must be replace, append or merge/);
        });
    });

    describe("imports", () => {
        it("tries .yaml, .yml, .yaml.tmpl, .yml.tmpl in that order, and x.yaml.tmpl for x.yaml", () => {
            const files = {
                "atmos.yaml": ATMOS_YAML,
                "stacks/catalog/a.yml": lines("vars: {name: from-yml}"),
                "stacks/catalog/a.yaml.tmpl": lines("vars: {name: from-tmpl}"),
                "stacks/catalog/b.yaml": lines("vars: {stage: from-yaml}"),
                "stacks/catalog/b.yaml.tmpl": lines("vars: {stage: from-b-tmpl}"),
                "stacks/catalog/eventbridge.yaml": EVENTBRIDGE,
                "stacks/orgs/x.yaml": lines(
                    "import: [catalog/a, catalog/b.yaml, catalog/eventbridge]",
                    "vars: {region: r}",
                ),
            };
            const [x] = load(files, "stacks/orgs/x.yaml").instances;
            assert.deepEqual([x.vars.name, x.vars.stage], ["from-yml", "from-b-tmpl"]);
        });

        it("merges glob matches in doublestar's order (a directory's files before its subdirectories')", () => {
            const files = {
                "stacks/catalog/b.yaml": lines("vars: {attributes: [b]}"),
                "stacks/catalog/a/z.yaml": lines("vars: {attributes: [a-z]}"),
                "stacks/catalog/a.yaml": lines("vars: {attributes: [a]}"),
                "stacks/catalog/a/deep/x.yaml": lines("vars: {attributes: [a-deep-x]}"),
            };
            const found = globMatches("/repo/stacks/catalog/**/*.yaml", memoryFiles(files)).map((p) =>
                path.relative("/repo/stacks/catalog", p),
            );
            assert.deepEqual(found, ["a.yaml", "b.yaml", "a/z.yaml", "a/deep/x.yaml"]);
            const stack = load(
                {
                    ...files,
                    "atmos.yaml": ATMOS_YAML,
                    "stacks/orgs/x.yaml": lines(
                        "import: [catalog/**/*]",
                        "settings: {}",
                        "vars: {region: r}",
                        EVENTBRIDGE,
                    ),
                },
                "stacks/orgs/x.yaml",
                { ATMOS_SETTINGS_LIST_MERGE_STRATEGY: "append" },
            );
            assert.deepEqual(stack.instances[0].vars.attributes, ["a", "b", "a-z", "a-deep-x"]);
        });

        it("refuses an import chain deeper than the limit quickly, naming the file, without exhausting the stack", () => {
            const files: Record<string, string> = { "atmos.yaml": ATMOS_YAML };
            for (let i = 0; i < 3000; i++) files[`stacks/chain/f${i}.yaml`] = lines(`import: [chain/f${i + 1}]`);
            files["stacks/chain/f3000.yaml"] = lines("vars: {region: r}");
            const error = stackError(() => load(files, "stacks/chain/f0.yaml"));
            assert.equal(error.code, "IMPORT_TOO_DEEP");
            assert.match(
                error.message,
                new RegExp(
                    `^stacks/chain/f${MAX_IMPORT_DEPTH - 1}\\.yaml:1:10: import chain deeper than ${MAX_IMPORT_DEPTH} files at stacks/chain/f${MAX_IMPORT_DEPTH}\\.yaml`,
                ),
            );
        });
    });

    describe("merging as Atmos merges", () => {
        const base = {
            "atmos.yaml": ATMOS_YAML,
            "stacks/catalog/eventbridge.yaml": lines(
                "components:",
                "  terraform:",
                "    eventbridge/alerts:",
                "      metadata: {component: eventbridge}",
                "      vars: {attributes: [own], tags: {Own: x}}",
            ),
        };

        it("applies overrides to the components of the file and its imports, over their own vars", () => {
            const stack = load(
                {
                    ...base,
                    "stacks/orgs/x.yaml": lines(
                        "import: [catalog/eventbridge]",
                        "vars: {region: r}",
                        "overrides: {vars: {attributes: [over], tags: {Over: y}}}",
                        "components:",
                        "  terraform:",
                        "    vpc: {vars: {cidr: 10.0.0.0/16}}",
                    ),
                },
                "stacks/orgs/x.yaml",
            );
            // The importing file's overrides reach the imported file's components (inline overrides pass down).
            assert.deepEqual(stack.instances[0].vars.attributes, ["over"]);
            assert.deepEqual(stack.instances[0].vars.tags, { Own: "x", Over: "y" });
        });

        it("lets terraform.overrides win over overrides, and leaves components of sibling files alone", () => {
            const stack = load(
                {
                    ...base,
                    "stacks/mixins/team.yaml": lines(
                        "overrides: {vars: {name: team}}",
                        "terraform: {overrides: {vars: {name: tf}}}",
                    ),
                    "stacks/orgs/x.yaml": lines("import: [catalog/eventbridge, mixins/team]", "vars: {region: r}"),
                },
                "stacks/orgs/x.yaml",
            );
            // mixins/team.yaml defines no component, and overrides do not reach earlier siblings.
            assert.equal(stack.instances[0].vars.name, undefined);
        });

        it("lets an earlier import's overrides, and its imports', reach later siblings' components (Atmos code-read), but not a later one's", () => {
            // ATMOS.md section 3: overrides gathered from earlier imports are passed on to later sibling imports.
            const stack = load(
                {
                    ...base,
                    "stacks/mixins/deep.yaml": "overrides: {vars: {tags: {Deep: d}}}\n",
                    "stacks/mixins/a.yaml": lines("import: [mixins/deep]", "overrides: {vars: {name: a}}"),
                    "stacks/mixins/b.yaml": "overrides: {vars: {name: b, tags: {B: b}}}\n",
                    "stacks/orgs/x.yaml": lines(
                        "import: [mixins/a, catalog/eventbridge, mixins/b]",
                        "vars: {region: r}",
                    ),
                },
                "stacks/orgs/x.yaml",
            );
            assert.equal(stack.instances[0].vars.name, "a");
            assert.deepEqual(stack.instances[0].vars.tags, { Own: "x", Deep: "d" });
        });

        const strategies: [string, unknown][] = [
            ["replace", ["top"]],
            ["append", ["own", "top"]],
            ["merge", ["own"]],
        ];
        for (const [strategy, expected] of strategies) {
            it(`merges lists with list_merge_strategy ${strategy}`, () => {
                const stack = load(
                    {
                        ...base,
                        "stacks/orgs/x.yaml": lines(
                            "import: [catalog/eventbridge]",
                            "vars: {region: r}",
                            "components: {terraform: {eventbridge/alerts: {vars: {attributes: [top]}}}}",
                        ),
                    },
                    "stacks/orgs/x.yaml",
                    { ATMOS_SETTINGS_LIST_MERGE_STRATEGY: strategy },
                );
                assert.deepEqual(stack.instances[0].vars.attributes, expected);
            });
        }

        it("takes a component's settings.list_merge_strategy for its own vars", () => {
            const stack = load(
                {
                    ...base,
                    "stacks/orgs/x.yaml": lines(
                        "import: [catalog/eventbridge]",
                        "vars: {region: r, attributes: [global]}",
                        "components: {terraform: {eventbridge/alerts: {settings: {list_merge_strategy: append}}}}",
                    ),
                },
                "stacks/orgs/x.yaml",
            );
            assert.deepEqual(stack.instances[0].vars.attributes, ["global", "own"]);
        });

        it("reads the deprecated instance-level component: as the component path and a base", () => {
            const stack = load(
                {
                    "atmos.yaml": ATMOS_YAML,
                    "stacks/orgs/x.yaml": lines(
                        "vars: {region: r}",
                        "components:",
                        "  terraform:",
                        "    eventbridge: {vars: {name: base}}",
                        "    alerts: {component: eventbridge, vars: {stage: s}}",
                    ),
                },
                "stacks/orgs/x.yaml",
            );
            assert.deepEqual(
                stack.instances.map((i) => [i.name, i.component, i.vars.name, i.vars.stage]),
                [
                    ["eventbridge", "eventbridge", "base", undefined],
                    ["alerts", "eventbridge", "base", "s"],
                ],
            );
        });
    });

    describe("the stacks of a repository", () => {
        const files = {
            "atmos.yaml": ATMOS_YAML,
            "stacks/catalog/eventbridge.yaml": EVENTBRIDGE,
            "stacks/orgs/acme/_defaults.yaml": lines("vars: {namespace: acme, region: us-east-2}"),
            "stacks/orgs/acme/dev.yaml": lines(
                "import: [orgs/acme/_defaults, catalog/eventbridge]",
                "vars: {environment: ue2, stage: dev}",
            ),
            "stacks/orgs/acme/prod.yml": lines(
                "import: [orgs/acme/_defaults, catalog/eventbridge]",
                "vars: {environment: ue2, stage: prod}",
            ),
        };

        it("lists the top-level manifests (included, not excluded) by their Atmos names", () => {
            const entries = listStacks({ atmosDir: ROOT, env: {}, files: memoryFiles(files) });
            assert.deepEqual(
                entries.map((e) => [e.name, path.relative(ROOT, e.manifest)]),
                [
                    ["acme-ue2-dev", "stacks/orgs/acme/dev.yaml"],
                    ["acme-ue2-prod", "stacks/orgs/acme/prod.yml"],
                ],
            );
        });

        it("loads a stack made of several manifests, refusing an instance they resolve differently", () => {
            const split = {
                "atmos.yaml": lines(
                    "stacks: {base_path: stacks, included_paths: ['prod/*'], name_template: '{{ .vars.stage }}'}",
                ),
                "stacks/prod/a.yaml": lines("vars: {stage: prod, region: r}", EVENTBRIDGE),
                "stacks/prod/b.yaml": lines(
                    "vars: {stage: prod, region: r}",
                    "components: {terraform: {key: {metadata: {component: managed-dashboards/api-key}}, vpc: {}}}",
                ),
            };
            const options = { atmosDir: ROOT, env: {}, files: memoryFiles(split) };
            const stack = loadAtmosStack("prod", options);
            assert.deepEqual(
                [stack.stackName, stack.instances.map((i) => i.name), stack.skipped.map((s) => s.instance)],
                ["prod", ["eventbridge/alerts", "key"], ["vpc"]],
            );
            assert.match(stackError(() => findStack("prod", options)).message, /defined by several manifests/);
            const clash = { ...split, "stacks/prod/b.yaml": lines("vars: {stage: prod, region: other}", EVENTBRIDGE) };
            const error = stackError(() => loadAtmosStack("prod", { ...options, files: memoryFiles(clash) }));
            assert.match(
                error.message,
                /instance "eventbridge\/alerts" of the Atmos stack prod is defined differently/,
            );
        });

        it("finds a stack by its Atmos name or its manifest path, and suggests a near name", () => {
            const options = { atmosDir: ROOT, env: {}, files: memoryFiles(files) };
            assert.equal(findStack("acme-ue2-prod", options).manifest, "/repo/stacks/orgs/acme/prod.yml");
            assert.equal(findStack("orgs/acme/dev", options).manifest, "/repo/stacks/orgs/acme/dev.yaml");
            const error = stackError(() => findStack("acme-ue2-dve", options));
            assert.match(error.message, /no Atmos stack named acme-ue2-dve; did you mean acme-ue2-dev\?/);
        });
    });
});
