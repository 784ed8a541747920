import * as assert from "node:assert/strict";
import { importTarget, loadStackFile, parseStack } from "../../stack";
import { lines, memoryReader, stackError, STACK_VARS } from "../helpers/stack";

describe("stack imports", () => {
    const catalog = {
        "stacks/catalog/defaults.yaml": lines(
            "vars:", //                                        1
            "  namespace: eg", //                              2
            "  stage: dev", //                                 3
            "  tags: {Team: core, Owner: ops}", //             4
            "  attributes: [a, b]", //                         5
        ),
        "stacks/mixins/region.yaml": lines("vars: {region: us-east-2, stage: staging}"),
        "stacks/catalog/eventbridge.yml": lines(
            "components:",
            "  terraform:",
            "    eventbridge/defaults:",
            "      metadata: {component: eventbridge, type: abstract}",
            "      vars: {event_log_retention_in_days: 7}",
        ),
    };

    it("merges the imports in order, then the importing file's own content on top", () => {
        const files = {
            ...catalog,
            "stacks/prod.yaml": lines(
                "import:",
                "  - catalog/defaults",
                "  - mixins/region",
                "  - catalog/eventbridge.yml",
                "vars: {stage: prod, tags: {Owner: sre}, attributes: [c]}",
                "components:",
                "  terraform:",
                "    eventbridge/ecs:",
                "      metadata: {component: eventbridge, inherits: [eventbridge/defaults]}",
                "      vars: {name: ecs}",
            ),
        };
        const stack = loadStackFile("stacks/prod.yaml", { readFile: memoryReader(files) });
        assert.deepEqual(
            stack.instances.map((i) => [i.name, i.component, i.vars]),
            [
                [
                    "eventbridge/ecs",
                    "eventbridge",
                    {
                        namespace: "eg",
                        stage: "prod",
                        tags: { Team: "core", Owner: "sre" },
                        attributes: ["c"],
                        region: "us-east-2",
                        event_log_retention_in_days: 7,
                        name: "ecs",
                    },
                ],
            ],
        );
    });

    it("resolves nested imports relative to the importing file", () => {
        const files = {
            "stacks/prod.yaml": lines("import: [orgs/acme/_defaults]", "components: {terraform: {eventbridge: {}}}"),
            "stacks/orgs/acme/_defaults.yaml": lines("import: [../_org]", "vars: {namespace: acme}"),
            "stacks/orgs/_org.yaml": lines("vars: {region: eu-west-1, namespace: org}"),
        };
        const [eventbridge] = loadStackFile("stacks/prod.yaml", { readFile: memoryReader(files) }).instances;
        assert.deepEqual(eventbridge.vars, { region: "eu-west-1", namespace: "acme" });
    });

    it("resolves parseStack's imports relative to its file argument", () => {
        const stack = parseStack(
            lines("import: [mixins/region]", "components: {terraform: {eventbridge: {}}}"),
            "stacks/prod.yaml",
            { readFile: memoryReader(catalog) },
        );
        assert.equal(stack.instances[0].vars.region, "us-east-2");
    });

    it("merges a file imported twice (a diamond) each time, without calling it a cycle", () => {
        const files = {
            "s.yaml": lines("import: [a, b]", "components: {terraform: {eventbridge: {}}}"),
            "a.yaml": lines("import: [common]", "vars: {stage: a}"),
            "b.yaml": lines("import: [common]", "vars: {name: b}"),
            "common.yaml": lines("vars: {region: r, stage: common, name: common}"),
        };
        assert.deepEqual(loadStackFile("s.yaml", { readFile: memoryReader(files) }).instances[0].vars, {
            region: "r",
            stage: "common",
            name: "b",
        });
    });

    it("skips a missing import marked skip_if_missing", () => {
        const files = {
            "s.yaml": lines(
                STACK_VARS,
                "import:",
                "  - path: optional/extra",
                "    skip_if_missing: true",
                "components: {terraform: {eventbridge: {}}}",
            ),
        };
        assert.equal(loadStackFile("s.yaml", { readFile: memoryReader(files) }).instances.length, 1);
    });

    const refusals: [string, Record<string, string>, string[], string][] = [
        [
            "a missing import, with the chain of files",
            {
                "stacks/prod.yaml": lines("import:", "  - catalog/defaults"),
                "stacks/catalog/defaults.yaml": lines("import: [../mixins/none]"),
            },
            [
                "stacks/catalog/defaults.yaml:1:10: import ../mixins/none: no file stacks/mixins/none.yaml (relative to stacks/catalog; import chain: stacks/prod.yaml -> stacks/catalog/defaults.yaml)",
            ],
            "FILE_NOT_FOUND",
        ],
        [
            "an import cycle, with the chain of files",
            {
                "stacks/prod.yaml": lines("import: [a]"),
                "stacks/a.yaml": lines("import: [b]"),
                "stacks/b.yaml": lines("vars: {}", "import: [./a.yaml]"),
            },
            ["stacks/b.yaml:2:10: import cycle: stacks/prod.yaml -> stacks/a.yaml -> stacks/b.yaml -> stacks/a.yaml"],
            "IMPORT_CYCLE",
        ],
        [
            "a file importing itself",
            { "stacks/prod.yaml": lines("import: [prod]") },
            ["stacks/prod.yaml:1:10: import prod: the manifest imports itself"],
            "IMPORT_CYCLE",
        ],
        [
            "a YAML syntax error in an imported file, at its own line and column",
            { "stacks/prod.yaml": lines("import: [bad]"), "stacks/bad.yaml": lines("vars:", "  region: [us-east-2") },
            [
                "stacks/bad.yaml:3:1: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
            ],
            "YAML_SYNTAX",
        ],
        [
            "a bad var in an imported file, at its own line and column",
            {
                "stacks/prod.yaml": lines("import: [base]", "vars: {region: r}"),
                "stacks/base.yaml": lines(
                    "components:",
                    "  terraform:",
                    "    eventbridge:",
                    "      vars: {enabled: maybe}",
                ),
            },
            ['stacks/base.yaml:4:23: eventbridge "eventbridge": enabled must be a bool, got "maybe"'],
            "TYPE_MISMATCH",
        ],
        [
            "a glob import that matches nothing",
            { "stacks/prod.yaml": lines("import: [catalog/*]") },
            [
                "stacks/prod.yaml:1:10: import catalog/*: no file stacks/catalog/*.yaml (under the stacks base path stacks; import chain: stacks/prod.yaml)",
            ],
            "FILE_NOT_FOUND",
        ],
        [
            "a remote import, by name",
            { "stacks/prod.yaml": lines("import: [github.com/acme/stacks//catalog/x]") },
            [
                "stacks/prod.yaml:1:10: import github.com/acme/stacks//catalog/x: remote imports (go-getter URLs) are not supported; vendor the file into the repository",
            ],
            "UNSUPPORTED",
        ],
        [
            "an import list that is not a list",
            { "stacks/prod.yaml": lines("import: catalog/x") },
            ['stacks/prod.yaml:1:9: import must be a list, got "catalog/x"'],
            "BAD_IMPORT",
        ],
    ];
    for (const [title, files, messages, code] of refusals) {
        it(`refuses ${title}`, () => {
            const error = stackError(() => loadStackFile("stacks/prod.yaml", { readFile: memoryReader(files) }));
            assert.deepEqual(
                error.problems.map((p) => p.message),
                messages,
            );
            assert.equal(error.code, code);
        });
    }

    it("refuses an import that cannot be read, with the reader's reason and the chain", () => {
        const files = memoryReader({ "stacks/prod.yaml": lines("import: [secret]") });
        const readFile = (path: string): string => {
            if (path === "stacks/secret.yaml")
                throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
            return files(path);
        };
        const error = stackError(() => loadStackFile("stacks/prod.yaml", { readFile }));
        assert.equal(error.message, "stacks/prod.yaml:1:10: cannot read stacks/secret.yaml: EACCES: permission denied");
        assert.deepEqual([error.code, error.field], ["FILE_UNREADABLE", "import"]);
    });

    describe("importTarget", () => {
        const cases: [string, string, string][] = [
            ["stacks/prod.yaml", "catalog/defaults", "stacks/catalog/defaults.yaml"],
            ["stacks/prod.yaml", "catalog/defaults.yml", "stacks/catalog/defaults.yml"],
            ["stacks/prod.yaml", "./mixins/../catalog/a.yaml", "stacks/catalog/a.yaml"],
            ["stacks/orgs/acme/prod.yaml", "../../catalog/a", "stacks/catalog/a.yaml"],
            ["stacks/prod.yaml", "/etc/stacks/base", "/etc/stacks/base.yaml"],
            ["prod.yaml", "base", "base.yaml"],
        ];
        for (const [importing, written, target] of cases) {
            it(`resolves ${written} imported by ${importing} to ${target}`, () => {
                assert.equal(importTarget(importing, written), target);
            });
        }
        it("resolves a path that does not start with ./ or ../ from the stacks base path when one is given", () => {
            assert.equal(importTarget("stacks/orgs/acme/prod.yaml", "catalog/a", "stacks"), "stacks/catalog/a.yaml");
            assert.equal(importTarget("stacks/orgs/acme/prod.yaml", "./a", "stacks"), "stacks/orgs/acme/a.yaml");
        });
    });
});

describe("metadata.inherits", () => {
    /** A stack with `STACK_VARS` and the given instance lines under components.terraform. */
    function stack(...instanceLines: string[]): string {
        return lines(STACK_VARS, "components:", "  terraform:", ...instanceLines.map((l) => `    ${l}`));
    }

    it("merges each base's vars, left to right, under the instance's own vars", () => {
        const [x] = parseStack(
            stack(
                "base/a: {metadata: {type: abstract}, vars: {name: a, stage: a, tags: {A: a, Both: a}}}",
                "base/b: {metadata: {type: abstract}, vars: {name: b, tags: {B: b, Both: b}}}",
                "x:",
                "  metadata: {component: eventbridge, inherits: [base/a, base/b]}",
                "  vars: {name: x}",
            ),
            "s.yaml",
        ).instances;
        assert.deepEqual(x.vars, {
            region: "us-east-2",
            namespace: "eg",
            environment: "ue2",
            stage: "a",
            name: "x",
            tags: { A: "a", Both: "b", B: "b" },
        });
    });

    it("follows a base's own bases first (each base over its bases)", () => {
        const [x] = parseStack(
            stack(
                "base/root: {metadata: {type: abstract}, vars: {name: root, delimiter: _, attributes: [r]}}",
                "base/mid: {metadata: {type: abstract, inherits: [base/root]}, vars: {name: mid}}",
                "x: {metadata: {component: eventbridge, inherits: [base/mid]}, vars: {attributes: [x]}}",
            ),
            "s.yaml",
        ).instances;
        assert.deepEqual([x.vars.name, x.vars.delimiter, x.vars.attributes], ["mid", "_", ["x"]]);
    });

    it("leaves abstract instances out and deploys the instances inheriting from them", () => {
        const loaded = parseStack(
            stack(
                "eventbridge/defaults: {metadata: {component: eventbridge, type: abstract}, vars: {event_log_retention_in_days: 30}}",
                "eventbridge/ecs: {metadata: {component: eventbridge, inherits: [eventbridge/defaults]}}",
            ),
            "s.yaml",
        );
        assert.deepEqual(
            loaded.instances.map((i) => [i.name, i.component, i.vars.event_log_retention_in_days]),
            [["eventbridge/ecs", "eventbridge", 30]],
        );
    });

    it("takes the component path from a base's metadata.component (Atmos merges the base's metadata)", () => {
        const loaded = parseStack(
            stack(
                "key/defaults: {metadata: {component: managed-dashboards/api-key, type: abstract}}",
                "key/main: {metadata: {inherits: [key/defaults]}}",
                "managed-dashboards/api-key: {metadata: {inherits: [key/defaults]}}",
            ),
            "s.yaml",
        );
        assert.deepEqual(
            loaded.instances.map((i) => [i.name, i.component]),
            [
                ["key/main", "managed-dashboards/api-key"],
                ["managed-dashboards/api-key", "managed-dashboards/api-key"],
            ],
        );
        assert.deepEqual(loaded.skipped, []);
    });

    it("lets an instance's own metadata.component win over its base's", () => {
        const loaded = parseStack(
            stack(
                "b: {metadata: {component: managed-dashboards/api-key, type: abstract}}",
                "x: {metadata: {component: eventbridge, inherits: [b]}}",
            ),
            "s.yaml",
        );
        assert.equal(loaded.instances[0].component, "eventbridge");
    });

    it("leaves out instances with metadata.enabled false, also when inherited", () => {
        const loaded = parseStack(
            stack(
                "off: {metadata: {component: eventbridge, enabled: false}}",
                "child: {metadata: {component: eventbridge, inherits: [off]}}",
                "on: {metadata: {component: eventbridge, inherits: [off], enabled: true}}",
            ),
            "s.yaml",
        );
        assert.deepEqual(
            loaded.instances.map((i) => i.name),
            ["on"],
        );
    });

    it("can inherit from an instance defined in an imported file", () => {
        const files = {
            "s.yaml": lines(
                STACK_VARS,
                "import: [catalog]",
                "components: {terraform: {x: {metadata: {component: eventbridge, inherits: [eventbridge/defaults]}}}}",
            ),
            "catalog.yaml": lines(
                "components: {terraform: {eventbridge/defaults: {metadata: {component: eventbridge, type: abstract}, vars: {name: from-catalog}}}}",
            ),
        };
        const [x] = loadStackFile("s.yaml", { readFile: memoryReader(files) }).instances;
        assert.deepEqual([x.name, x.component, x.vars.name], ["x", "eventbridge", "from-catalog"]);
    });

    const refusals: [string, string[], string[], string][] = [
        [
            "an unknown base, with a suggestion",
            [
                "eventbridge/defaults: {metadata: {type: abstract}}",
                "eventbridge: {metadata: {inherits: [eventbridge/default]}}",
            ],
            [
                's.yaml:5:41: instance "eventbridge": metadata.inherits names eventbridge/default, which is not a component of this stack; did you mean eventbridge/defaults?',
            ],
            "UNKNOWN_BASE",
        ],
        [
            "an inheritance cycle",
            [
                "a: {metadata: {type: abstract, inherits: [b]}}",
                "b: {metadata: {type: abstract, inherits: [a]}}",
                "eventbridge: {metadata: {inherits: [a]}}",
            ],
            ['s.yaml:5:47: instance "eventbridge": inheritance cycle through "a" (from "b")'],
            "INHERITS_CYCLE",
        ],
        [
            "an unknown var inherited from a base, naming the instance and the base",
            [
                "base: {metadata: {type: abstract}, vars: {vpc_id: vpc-1}}",
                "eventbridge: {metadata: {inherits: [base]}}",
            ],
            ['s.yaml:4:47: eventbridge "eventbridge": unknown var vpc_id (inherited from "base")'],
            "UNKNOWN_VAR",
        ],
    ];
    for (const [title, instanceLines, messages, code] of refusals) {
        it(`refuses ${title}`, () => {
            const error = stackError(() => parseStack(stack(...instanceLines), "s.yaml"));
            assert.deepEqual(
                error.problems.map((p) => p.message),
                messages,
            );
            assert.equal(error.code, code);
        });
    }

    it("does not check an abstract instance's vars against a component on its own", () => {
        const loaded = parseStack(
            stack("mixin/anything: {metadata: {type: abstract}, vars: {vpc_id: vpc-1}}"),
            "s.yaml",
        );
        assert.deepEqual(loaded.instances, []);
    });
});
