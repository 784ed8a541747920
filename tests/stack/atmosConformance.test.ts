/**
 * The loader against Atmos's own semantics where an earlier port differed: a base's
 * `metadata.component`, `!env` with an empty variable, `.workspace`, template function precedence
 * (ProcessTmpl, locals), YAML functions in `locals`, templated import paths, `!template` with a
 * trimming template, `settings.templates.settings.env`, and the deferred merge of YAML functions.
 * Small repositories written for these tests, in memory.
 */
import * as assert from "node:assert/strict";
import { loadStackFile } from "../../stack";
import { lines, memoryFiles, ROOT, stackError } from "../helpers/stack";

/** An atmos.yaml with templates (and Sprig, Gomplate) enabled, plus `extra` lines. */
function atmosYaml(...extra: string[]): string {
    return lines(
        "base_path: .",
        "stacks:",
        "  base_path: stacks",
        "  included_paths: ['deploy/**/*']",
        "  name_template: '{{ .vars.stage }}'",
        "templates:",
        "  settings:",
        "    enabled: true",
        "    sprig: {enabled: true}",
        "    gomplate: {enabled: true}",
        ...extra,
    );
}

function load(
    files: Record<string, string>,
    env: Record<string, string> = {},
    manifest = "stacks/deploy/dev.yaml",
    allowExec = false,
) {
    return loadStackFile(manifest, {
        files: memoryFiles({ "atmos.yaml": atmosYaml(), ...files }),
        cwd: ROOT,
        env,
        allowExec,
    });
}

/** The vars of the one instance named `name`. */
function varsOf(loaded: ReturnType<typeof load>, name: string): Readonly<Record<string, unknown>> {
    const instance = loaded.instances.find((i) => i.name === name);
    assert.ok(instance, `instance ${name} not loaded (skipped: ${loaded.skipped.map((s) => s.instance).join(", ")})`);
    return instance.vars;
}

describe("Atmos conformance", () => {
    describe("a base's metadata.component (stacks.inherit.metadata)", () => {
        const cases: { title: string; instance: string; atmos?: string; want: string | undefined }[] = [
            { title: "through metadata.inherits", instance: "x: {metadata: {inherits: [base]}}", want: "eventbridge" },
            { title: "through the deprecated component: base", instance: "x: {component: base}", want: "eventbridge" },
            {
                title: "through a chain of bases",
                instance: "mid: {metadata: {type: abstract, inherits: [base]}}\n    x: {metadata: {inherits: [mid]}}",
                want: "eventbridge",
            },
            {
                title: "not when stacks.inherit.metadata is false",
                instance: "x: {metadata: {inherits: [base]}}",
                atmos: "  inherit: {metadata: false}",
                want: undefined,
            },
        ];
        for (const c of cases) {
            it(c.title, () => {
                const files = {
                    ...(c.atmos
                        ? {
                              "atmos.yaml": atmosYaml().replace(
                                  "  name_template: '{{ .vars.stage }}'\n",
                                  `  name_template: '{{ .vars.stage }}'\n${c.atmos}\n`,
                              ),
                          }
                        : {}),
                    "stacks/deploy/dev.yaml": lines(
                        "vars: {stage: dev, region: us-east-1}",
                        "components:",
                        "  terraform:",
                        "    base: {metadata: {type: abstract, component: eventbridge}}",
                        `    ${c.instance}`,
                    ),
                };
                const loaded = load(files);
                const x = loaded.instances.find((i) => i.name === "x");
                assert.equal(x?.component, c.want);
                if (c.want === undefined)
                    assert.deepEqual(
                        loaded.skipped.map((s) => [s.instance, s.component]),
                        [["x", "x"]],
                    );
            });
        }

        it("keeps the instance's own metadata.component over its base's, and .component as the component section's", () => {
            const loaded = load({
                "stacks/deploy/dev.yaml": lines(
                    "vars: {stage: dev, region: us-east-1}",
                    "components:",
                    "  terraform:",
                    "    base: {metadata: {type: abstract, component: managed-dashboards/api-key}}",
                    "    x: {metadata: {inherits: [base], component: eventbridge}, vars: {name: '{{ .component }}'}}",
                    "    y: {metadata: {inherits: [base]}}",
                    "    z: {metadata: {inherits: [x]}, vars: {name: '{{ .component }}'}}",
                ),
            });
            assert.deepEqual(
                loaded.instances.map((i) => [i.name, i.component]),
                [
                    ["x", "eventbridge"],
                    ["y", "managed-dashboards/api-key"],
                    ["z", "eventbridge"],
                ],
            );
            // Atmos's `component` of the section is the own metadata.component, else the instance name.
            assert.deepEqual([varsOf(loaded, "x").name, varsOf(loaded, "z").name], ["eventbridge", "z"]);
        });
    });

    describe("!env and env-reading template functions", () => {
        const stack = (vars: string) =>
            lines(
                "vars: {stage: dev, region: us-east-1}",
                "components:",
                "  terraform:",
                "    x:",
                "      metadata: {component: eventbridge}",
                `      vars: ${vars}`,
            );
        const table: { title: string; vars: string; env: Record<string, string>; want: Record<string, unknown> }[] = [
            {
                title: "a set but empty variable beats !env's default (os.LookupEnv)",
                vars: "{name: !env EMPTY fallback, tenant: !env UNSET fallback}",
                env: { EMPTY: "" },
                want: { name: "", tenant: "fallback" },
            },
            {
                title: "Sprig's env reads the loader's environment",
                vars: `{name: '{{ env "FROM_OPTIONS" }}', tenant: '{{ getenv "MISSING" "dflt" }}'}`,
                env: { FROM_OPTIONS: "opt" },
                want: { name: "opt", tenant: "dflt" },
            },
            {
                title: "expandenv reads the loader's environment",
                vars: `{name: '{{ expandenv "a-$FROM_OPTIONS" }}'}`,
                env: { FROM_OPTIONS: "opt" },
                want: { name: "a-opt" },
            },
        ];
        for (const c of table) {
            it(c.title, () => {
                const vars = varsOf(load({ "stacks/deploy/dev.yaml": stack(c.vars) }, c.env), "x");
                for (const [k, v] of Object.entries(c.want)) assert.equal(vars[k], v, k);
            });
        }
    });

    describe(".workspace", () => {
        const table: { title: string; instance: string; atmos?: string; want: string }[] = [
            {
                title: "the stack name when the component is the instance's name",
                instance: "eventbridge: {}",
                want: "dev",
            },
            {
                title: "<stack>-<instance> when the Terraform component differs",
                instance: "alerts/main: {metadata: {component: eventbridge}}",
                want: "dev-alerts-main",
            },
            {
                title: "metadata.terraform_workspace",
                instance: "a: {metadata: {component: eventbridge, terraform_workspace: ws/one}}",
                want: "ws-one",
            },
            {
                title: "metadata.terraform_workspace_pattern",
                instance:
                    "a: {metadata: {component: eventbridge, terraform_workspace_pattern: '{stage}-{component}-{base-component}'}}",
                want: "dev-a-eventbridge",
            },
            {
                title: "metadata.terraform_workspace_pattern: a token whose var is unset is empty",
                instance:
                    "a: {metadata: {component: eventbridge, terraform_workspace_pattern: '{stage}-{attributes}-{tenant}-{base-component}'}}",
                want: "dev---eventbridge",
            },
            {
                title: "metadata.terraform_workspace_template",
                instance:
                    "a: {metadata: {component: eventbridge, terraform_workspace_template: '{{ .vars.stage }}-t'}}",
                want: "dev-t",
            },
            {
                title: "default when workspaces are disabled",
                instance: "a: {metadata: {component: eventbridge}}",
                atmos: "components:\n  terraform:\n    workspaces_enabled: false\n",
                want: "default",
            },
        ];
        for (const c of table) {
            it(c.title, () => {
                const loaded = load({
                    ...(c.atmos ? { "atmos.yaml": atmosYaml() + c.atmos } : {}),
                    "stacks/deploy/dev.yaml": lines(
                        "vars: {stage: dev, region: us-east-1, name: '{{ .workspace }}'}",
                        "components:",
                        "  terraform:",
                        `    ${c.instance}`,
                    ),
                });
                assert.equal(loaded.instances[0].vars.name, c.want);
            });
        }
    });

    describe("template functions", () => {
        it("renders name_template with Gomplate, Sprig and Atmos functions even when templates are disabled", () => {
            const loaded = loadStackFile("stacks/deploy/dev.yaml", {
                files: memoryFiles({
                    "atmos.yaml": lines(
                        "stacks:",
                        "  base_path: stacks",
                        `  name_template: '{{ if not .vars.stage }}{{ fail "no stage" }}{{ end }}{{ strings.ToUpper .vars.stage | lower }}-x'`,
                    ),
                    "stacks/deploy/dev.yaml": lines(
                        "vars: {stage: Dev, region: us-east-1}",
                        "components: {terraform: {eventbridge: {}}}",
                    ),
                }),
                cwd: ROOT,
                env: {},
            });
            assert.equal(loaded.stackName, "dev-x");
        });

        it("names the stack after its file, with a warning, when name_template calls a function not ported", () => {
            const loaded = loadStackFile("stacks/deploy/dev.yaml", {
                files: memoryFiles({
                    "atmos.yaml": lines("stacks:", "  base_path: stacks", `  name_template: '{{ datasource "x" }}'`),
                    "stacks/deploy/dev.yaml": lines(
                        "vars: {stage: dev, region: us-east-1}",
                        "components: {terraform: {eventbridge: {}}}",
                    ),
                }),
                cwd: ROOT,
                env: {},
            });
            assert.equal(loaded.stackName, "deploy/dev");
            assert.ok(
                loaded.warnings.some((w) =>
                    /stacks\.name_template .*datasource.*not supported.*the stack is named deploy\/dev after its file/.test(
                        w,
                    ),
                ),
                loaded.warnings.join("\n"),
            );
        });

        it("gives Sprig's env over Gomplate's env namespace in locals, and fails on a missing key there", () => {
            const stack = (local: string) =>
                lines(
                    "vars: {stage: dev, region: us-east-1}",
                    "locals:",
                    `  value: '${local}'`,
                    "components:",
                    "  terraform:",
                    "    x: {metadata: {component: eventbridge}, vars: {name: '{{ .locals.value }}'}}",
                );
            assert.equal(
                varsOf(
                    load({ "stacks/deploy/dev.yaml": stack('{{ env "MY_VAR" | default "none" }}') }, { MY_VAR: "v" }),
                    "x",
                ).name,
                "v",
            );
            const error = stackError(() =>
                load({ "stacks/deploy/dev.yaml": stack("{{ .settings.missing }}.example.com") }),
            );
            assert.match(error.message, /locals: .*missing/);
        });
    });

    describe("YAML functions in locals", () => {
        it("evaluates !env in locals before the locals that use it", () => {
            const loaded = load(
                {
                    "stacks/deploy/dev.yaml": lines(
                        "vars: {stage: dev, region: us-east-1}",
                        "locals:",
                        "  pr: !env PR_NUMBER",
                        "  stream: '{{ if .locals.pr }}pr{{ .locals.pr }}{{ else }}main{{ end }}'",
                        "components:",
                        "  terraform:",
                        "    x: {metadata: {component: eventbridge}, vars: {name: '{{ .locals.stream }}'}}",
                    ),
                },
                { PR_NUMBER: "42" },
            );
            assert.equal(varsOf(loaded, "x").name, "pr42");
            const empty = load(
                {
                    "stacks/deploy/dev.yaml": lines(
                        "vars: {stage: dev, region: us-east-1}",
                        "locals:",
                        "  pr: !env PR_NUMBER",
                        "  stream: '{{ if .locals.pr }}pr{{ .locals.pr }}{{ else }}main{{ end }}'",
                        "components:",
                        "  terraform:",
                        "    x: {metadata: {component: eventbridge}, vars: {name: '{{ .locals.stream }}'}}",
                    ),
                },
                { PR_NUMBER: "" },
            );
            assert.equal(varsOf(empty, "x").name, "main");
        });

        it("does not run !exec in locals without the opt-in (the local stays as written)", () => {
            const loaded = load({
                "stacks/deploy/dev.yaml": lines(
                    "vars: {stage: dev, region: us-east-1}",
                    "locals:",
                    "  cmd: !exec echo ran",
                    "components:",
                    "  terraform:",
                    "    x: {metadata: {component: eventbridge}, vars: {name: a}}",
                ),
            });
            assert.equal(varsOf(loaded, "x").name, "a");
        });
    });

    describe("templated import paths", () => {
        const catalog = (version: string) =>
            lines(
                "components:",
                "  terraform:",
                "    service:",
                "      metadata: {component: eventbridge}",
                `      vars: {environment: ${version}}`,
            );
        const base = {
            "stacks/_defaults.yaml": lines("settings: {context: {ref: v1}}", "vars: {region: us-east-1, stage: dev}"),
            "stacks/catalog/v1/service.yaml": catalog("v1"),
            "stacks/catalog/v2/service.yaml": catalog("v2"),
        };

        it("fails on a value no earlier import defines, naming the file and the import", () => {
            const error = stackError(() =>
                load({
                    ...base,
                    "stacks/deploy/dev.yaml": lines(
                        "vars: {stage: dev}",
                        "import:",
                        "  - 'catalog/{{ .settings.context.ref }}/service'",
                    ),
                }),
            );
            assert.match(
                error.message,
                /stacks\/deploy\/dev\.yaml:3:5: .*import path "catalog\/\{\{ \.settings\.context\.ref \}\}\/service"/,
            );
        });

        it("skips it with ignore_missing_template_values", () => {
            const loaded = load({
                ...base,
                "stacks/deploy/dev.yaml": lines(
                    "vars: {stage: dev}",
                    "import:",
                    "  - {path: 'catalog/{{ .ref }}/service', ignore_missing_template_values: true}",
                    "components: {terraform: {service: {metadata: {component: eventbridge}, vars: {region: us-east-1}}}}",
                ),
            });
            assert.equal(varsOf(loaded, "service").environment, undefined);
        });

        it("renders it from earlier imports, propagated to an imported file's own imports", () => {
            const loaded = load({
                ...base,
                "stacks/catalog_prod/service.yaml": lines(
                    "import:",
                    "  - 'catalog/{{ .settings.context.ref }}/service'",
                ),
                "stacks/deploy/dev.yaml": lines("import:", "  - _defaults", "  - catalog_prod/service"),
            });
            assert.equal(varsOf(loaded, "service").environment, "v1");
        });

        it("renders it with the import's context over earlier imports'", () => {
            const loaded = load({
                ...base,
                "stacks/deploy/dev.yaml": lines(
                    "import:",
                    "  - _defaults",
                    "  - {path: 'catalog/{{ .settings.context.ref }}/service', context: {settings: {context: {ref: v2}}}}",
                ),
            });
            assert.equal(varsOf(loaded, "service").environment, "v2");
        });

        it("leaves it raw and skips it when templates are disabled", () => {
            const loaded = load({
                ...base,
                "atmos.yaml": lines("base_path: .", "stacks: {base_path: stacks, name_template: '{{ .vars.stage }}'}"),
                "stacks/deploy/dev.yaml": lines(
                    "import:",
                    "  - _defaults",
                    "  - 'catalog/{{ .settings.context.ref }}/service'",
                    "components: {terraform: {service: {metadata: {component: eventbridge}}}}",
                ),
            });
            assert.equal(varsOf(loaded, "service").environment, undefined);
        });
    });

    it("recognises !template whose template trims the space after the tag", () => {
        const loaded = load({
            "stacks/deploy/dev.yaml": lines(
                "vars: {stage: dev, region: us-east-1}",
                "components:",
                "  terraform:",
                "    x:",
                "      metadata: {component: eventbridge}",
                "      vars:",
                "        labels_as_tags: !template |",
                '          {{- toJson (list "one" "two") -}}',
            ),
        });
        assert.deepEqual(varsOf(loaded, "x").labels_as_tags, ["one", "two"]);
    });

    it("merges a component's settings.templates.settings.env over atmos.yaml's", () => {
        const loaded = load({
            "atmos.yaml": atmosYaml("    env: {FROM_ATMOS: a, BOTH: atmos}"),
            "stacks/deploy/dev.yaml": lines(
                "vars: {stage: dev, region: us-east-1}",
                "components:",
                "  terraform:",
                "    x:",
                "      metadata: {component: eventbridge}",
                "      settings: {templates: {settings: {env: {FROM_STACK: s, BOTH: stack}}}}",
                `      vars: {name: '{{ env "FROM_ATMOS" }}-{{ env "FROM_STACK" }}-{{ env "BOTH" }}'}`,
            ),
        });
        assert.equal(varsOf(loaded, "x").name, "a-s-stack");
    });

    describe("the deferred merge of YAML functions", () => {
        const table: { title: string; base: string; own: string; want: unknown }[] = [
            {
                title: "a base's function result deep-merges under the instance's map",
                base: "event_rule_pattern: !template '{{ toJson .settings.cfg }}'",
                own: "event_rule_pattern: {enabled: false, extra: x}",
                want: { enabled: false, extra: "x", retries: 3 },
            },
            {
                title: "the instance's function result deep-merges over a base's map",
                base: "event_rule_pattern: {enabled: true, base_only: 'yes'}",
                own: `event_rule_pattern: !template '{{ toJson (dict "new" "v") }}'`,
                want: { enabled: true, base_only: "yes", new: "v" },
            },
            {
                // Atmos never defers !unset: the marker merges like a string, then its key goes, at any depth.
                title: "a nested !unset removes the key the base set (not deferred, as in Atmos)",
                base: "event_rule_pattern: {source: [aws.ec2], detail: {x: [1], y: [2]}}",
                own: "event_rule_pattern: {detail: {y: !unset}}",
                want: { source: ["aws.ec2"], detail: { x: [1] } },
            },
            {
                title: "a base's !exec overridden by the instance does not run without the opt-in",
                base: 'event_rule_pattern: !exec "echo {}"',
                own: "event_rule_pattern: {a: b}",
                want: { a: "b" },
            },
        ];
        for (const c of table) {
            it(c.title, () => {
                const loaded = load({
                    "stacks/deploy/dev.yaml": lines(
                        "vars: {stage: dev, region: us-east-1}",
                        "components:",
                        "  terraform:",
                        "    base:",
                        "      metadata: {type: abstract, component: eventbridge}",
                        "      settings: {cfg: {enabled: true, retries: 3}}",
                        `      vars: {${c.base}}`,
                        "    x:",
                        "      metadata: {inherits: [base]}",
                        `      vars: {${c.own}}`,
                    ),
                });
                assert.deepEqual(varsOf(loaded, "x").event_rule_pattern, c.want);
            });
        }
    });
});
