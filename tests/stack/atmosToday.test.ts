/**
 * Atmos features added since 1.145, each done as Atmos's code does it or refused by name where it
 * is written (issue 37), against cloudposse/atmos 0a1cb44 (v1.226.1+2): metadata.locked, store
 * hooks, !tags/!labels, !literal/!cwd in stack manifests, settings.yaml.key_delimiter,
 * templates.settings.ignore_missing_template_values.
 */
import { strict as assert } from "node:assert";
import { loadStackFile } from "../../stack";
import { lines, memoryFiles, ROOT, stackError } from "../helpers/stack";

const ATMOS = ["base_path: .", "stacks:", "  base_path: stacks", "  name_pattern: '{stage}'"];

function load(stack: string, atmos: readonly string[] = [], extra: Record<string, string> = {}) {
    return loadStackFile("stacks/dev.yaml", {
        cwd: ROOT,
        env: {},
        files: memoryFiles({ "atmos.yaml": lines(...ATMOS, ...atmos), "stacks/dev.yaml": stack, ...extra }),
    });
}

const HEAD = ["vars: {region: us-east-2, stage: dev}", "components:", "  terraform:"];

describe("Atmos 1.145-1.226 features", () => {
    describe("metadata.locked (internal/exec/terraform_execute_helpers.go 303-325)", () => {
        it("refuses a locked instance where locked is written, also when inherited", () => {
            const error = stackError(() =>
                load(
                    lines(
                        ...HEAD,
                        "    base: {metadata: {type: abstract, locked: true}}",
                        "    eventbridge: {metadata: {inherits: [base]}, vars: {name: x}}",
                    ),
                ),
            );
            assert.equal(error.problems.length, 1);
            assert.equal(error.code, "UNSUPPORTED");
            assert.match(
                error.message,
                /^stacks\/dev\.yaml:4:47: eventbridge "eventbridge" \(stack dev\): locked \(metadata\.locked: true\): Atmos refuses/,
            );
        });

        it("takes the stack-level metadata.locked, and only a bool true (isComponentLocked)", () => {
            const stack = lines("metadata: {locked: true}", ...HEAD, "    eventbridge: {vars: {name: x}}");
            assert.match(stackError(() => load(stack)).message, /stacks\/dev\.yaml:1:20: .*locked/);
            const text = lines("metadata: {locked: 'true'}", ...HEAD, "    eventbridge: {vars: {name: x}}");
            assert.equal(load(text).instances.length, 1);
        });

        it("leaves a locked instance of another component to Terraform", () => {
            const stack = load(lines(...HEAD, "    vpc: {metadata: {locked: true}}"));
            assert.deepEqual(
                stack.skipped.map((s) => s.instance),
                ["vpc"],
            );
        });
    });

    describe("hooks (pkg/hooks/hook.go: kind store, or the legacy command: store)", () => {
        it("refuses a store hook of an instance, from the stack-level hooks too", () => {
            const error = stackError(() =>
                load(
                    lines(
                        "hooks:",
                        "  store-outputs: {events: [after-terraform-apply], command: store, name: ssm, outputs: {a: .a}}",
                        ...HEAD,
                        "    eventbridge: {vars: {name: x}}",
                    ),
                ),
            );
            assert.match(
                error.message,
                /^stacks\/dev\.yaml:2:3: eventbridge "eventbridge" \(stack dev\): hooks\.store-outputs: a store hook writes the instance's outputs to store "ssm"/,
            );
        });

        it("warns about other hooks, which run around Atmos's Terraform commands", () => {
            const stack = load(
                lines(...HEAD, "    eventbridge:", "      vars: {name: x}", "      hooks: {cost: {kind: infracost}}"),
            );
            assert.equal(stack.instances.length, 1);
            assert.ok(
                stack.warnings.some((w) =>
                    /stacks\/dev\.yaml:6:15: .*hooks\.cost \(kind infracost\) runs around/.test(w),
                ),
                stack.warnings.join("\n"),
            );
        });
    });

    describe("!tags and !labels (internal/exec/yaml_func_utils.go 449-470, yaml_func_tags.go)", () => {
        it("give the component's own merged metadata.tags and labels", () => {
            const stack = load(
                lines(
                    ...HEAD,
                    "    base: {metadata: {type: abstract, labels: {team: core, cost: a1}}}",
                    "    eventbridge:",
                    "      metadata: {inherits: [base], tags: [x, y]}",
                    "      vars:",
                    "        name: x",
                    "        attributes: !labels.keys",
                    "        labels_as_tags: !tags",
                    "        tags: !labels",
                ),
            );
            const [instance] = stack.instances;
            assert.deepEqual(instance.vars.tags, { cost: "a1", team: "core" });
            assert.deepEqual(instance.vars.attributes, ["cost", "team"]);
            assert.deepEqual(instance.vars.labels_as_tags, ["x", "y"]);
        });
    });

    describe("!literal and !cwd in a stack manifest", () => {
        // pkg/utils/yaml_utils.go 798-806: !literal only clears its tag; nothing shields the value
        // from the component pass, which renders every string of the section.
        it("!literal keeps the value, which the component pass still renders", () => {
            const stack = load(
                lines(...HEAD, "    eventbridge:", "      vars:", "        name: !literal '{{ .vars.stage }}-x'"),
                ["templates:", "  settings: {enabled: true}"],
            );
            assert.equal(stack.instances[0].vars.name, "dev-x");
        });

        // !cwd is evaluated in atmos.yaml only (pkg/config/process_yaml.go 473, 643); in a stack
        // manifest Atmos keeps the text "!cwd" (yaml_utils.go 826-833; no case in processSimpleTags).
        it("!cwd stays the text !cwd, as Atmos leaves it, with a located warning", () => {
            const stack = load(
                lines(
                    ...HEAD,
                    "    eventbridge:",
                    "      vars:",
                    "        name: x",
                    "        event_rule_description: !cwd",
                ),
            );
            assert.equal(stack.instances[0].vars.event_rule_description, "!cwd");
            assert.ok(
                stack.warnings.some((w) =>
                    /^stacks\/dev\.yaml:7:37: .*event_rule_description: !cwd is left as the text "!cwd"/.test(w),
                ),
                stack.warnings.join("\n"),
            );
        });
    });

    describe("settings.yaml.key_delimiter (pkg/yaml/expand/expand.go)", () => {
        const atmos = ["settings:", "  yaml: {key_delimiter: '.'}"];
        it("expands unquoted delimited keys into maps, merging with written ones", () => {
            const stack = load(
                lines(
                    "vars.region: us-east-2",
                    "vars: {stage: dev}",
                    "components:",
                    "  terraform:",
                    "    alerts:",
                    "      metadata.component: eventbridge",
                    "      vars.name: x",
                    "      vars.tags.Team: a",
                    "      vars: {tags: {Cost: b}}",
                ),
                atmos,
            );
            assert.equal(stack.instances.length, 1, stack.warnings.join("\n"));
            const [instance] = stack.instances;
            assert.equal(instance.component, "eventbridge");
            assert.equal(instance.vars.region, "us-east-2");
            assert.deepEqual(instance.vars.tags, { Team: "a", Cost: "b" });
        });

        it("keeps quoted keys and keys with empty parts whole", () => {
            const error = stackError(() =>
                load(lines(...HEAD, "    eventbridge:", "      vars: {name: x, 'a.b': 1, c..d: 2}"), atmos),
            );
            assert.match(error.message, /unknown var a\.b/);
            assert.match(error.message, /unknown var c\.\.d/);
        });

        it("merges a key written twice, as Atmos's expansion does before decoding (expand.go 158-179)", () => {
            const text = lines(
                ...HEAD,
                "    eventbridge:",
                "      vars: {name: x, tags: {A: '1'}}",
                "      vars: {tags: {B: '2'}, name: y}",
            );
            const stack = load(text, atmos);
            assert.equal(stack.instances[0].vars.name, "y");
            assert.deepEqual(stack.instances[0].vars.tags, { A: "1", B: "2" });
            // Without the setting, yaml.v3's decode refuses the repeated key.
            assert.match(
                stackError(() => load(text)).message,
                /stacks\/dev\.yaml:6:7: invalid YAML: Map keys must be unique/,
            );
        });

        it("is off without the setting: the key is a key", () => {
            const stack = load(lines(...HEAD, "    alerts:", "      metadata.component: eventbridge"));
            assert.deepEqual(
                stack.skipped.map((s) => s.component),
                ["alerts"],
            );
        });
    });

    describe("templates.settings.ignore_missing_template_values (stack_processor_utils.go 626, 1624)", () => {
        const files = {
            "stacks/catalog/ev.yaml": lines(
                "components:",
                "  terraform:",
                "    eventbridge:",
                "      vars: {name: '{{ .name }}', event_rule_description: 'd{{ .missing }}'}",
            ),
        };
        const stack = lines(
            "vars: {region: us-east-2, stage: dev}",
            "import:",
            "  - path: catalog/ev",
            "    context: {name: a}",
        );
        it("prints <no value> for a missing key in an import template when set in atmos.yaml", () => {
            const loaded = load(stack, ["templates:", "  settings: {ignore_missing_template_values: true}"], files);
            assert.equal(loaded.instances[0].vars.event_rule_description, "d<no value>");
        });

        it("without it, the error names the setting", () => {
            const error = stackError(() => load(stack, [], files));
            assert.match(
                error.message,
                /map has no entry for key "missing".*templates\.settings\.ignore_missing_template_values: true in atmos\.yaml/,
            );
        });
    });

    describe("component-level locals (Atmos 1.204)", () => {
        const atmos = ["templates:", "  settings: {enabled: true, sprig: {enabled: true}}"];
        // tests/fixtures/scenarios/locals-component-level/stacks/deploy/dev.yaml and
        // tests/cli_locals_test.go TestComponentLevelLocals (904-1000), vars mapped onto eventbridge's.
        it("Atmos's locals-component-level fixture: file locals in vars, component locals merged base -> component", () => {
            const stack = load(
                lines(
                    "locals:",
                    "  namespace: acme",
                    "  environment: dev",
                    "  name_prefix: '{{ .locals.namespace }}-{{ .locals.environment }}'",
                    "vars: {region: us-east-2, stage: dev}",
                    "terraform:",
                    "  locals:",
                    "    backend_bucket: '{{ .locals.namespace }}-{{ .locals.environment }}-tfstate'",
                    "components:",
                    "  terraform:",
                    "    vpc/base:",
                    "      metadata: {type: abstract, component: eventbridge}",
                    "      locals: {vpc_type: standard, cidr_prefix: '10.0'}",
                    "      vars:",
                    "        name: '{{ .locals.name_prefix }}-vpc'",
                    "        tags: {bucket: '{{ .locals.backend_bucket }}'}",
                    "    vpc/dev:",
                    "      metadata: {inherits: [vpc/base]}",
                    "      locals: {vpc_type: development, extra_tag: dev-only}",
                    "      vars:",
                    "        event_rule_description: '{{ .locals.name_prefix }}-vpc-dev'",
                    "    standalone:",
                    "      metadata: {component: eventbridge}",
                    "      locals: {standalone_value: standalone-only, computed_ref: '{{ .locals.name_prefix }}'}",
                    "      vars:",
                    "        name: '{{ .locals.name_prefix }}-standalone'",
                    "        tags: {bucket: '{{ .locals.backend_bucket }}'}",
                ),
                atmos,
            );
            const vars = Object.fromEntries(stack.instances.map((i) => [i.name, i.vars]));
            assert.equal(vars["vpc/dev"].name, "acme-dev-vpc");
            assert.deepEqual(vars["vpc/dev"].tags, { bucket: "acme-dev-tfstate" });
            assert.equal(vars["vpc/dev"].event_rule_description, "acme-dev-vpc-dev");
            assert.equal(vars.standalone.name, "acme-dev-standalone");
            assert.deepEqual(stack.warnings, []);
        });

        it("a component's own locals are .locals in the component pass, the bases' under its own", () => {
            const stack = load(
                lines(
                    ...HEAD,
                    "    base: {metadata: {type: abstract}, locals: {kind: base, team: core}}",
                    "    eventbridge:",
                    "      metadata: {inherits: [base]}",
                    "      locals: {kind: own}",
                    "      vars: {name: '{{ .locals.kind }}-{{ .locals.team }}'}",
                ),
                atmos,
            );
            assert.equal(stack.instances[0].vars.name, "own-core");
        });

        // A template needing a component local fails the file-level render (missingkey=error), so
        // Atmos keeps the file as written (stack_processor_utils.go 1196-1210); the file's own
        // locals are then missing in the component pass: <no value>, as Atmos prints, with a warning.
        it("a file local beside a component local renders <no value>, as in Atmos, with a warning", () => {
            const stack = load(
                lines(
                    "locals: {a: A}",
                    ...HEAD,
                    "    eventbridge:",
                    "      locals: {x: X}",
                    "      vars:",
                    "        name: '{{ .locals.a }}-n'",
                    "        event_rule_description: '{{ .locals.x }}'",
                ),
                atmos,
            );
            assert.equal(stack.instances[0].vars.event_rule_description, "X");
            assert.equal(stack.instances[0].vars.name, "<no value>-n");
            assert.ok(
                stack.warnings.some((w) =>
                    /^stacks\/dev\.yaml:8:15: .*name: the template renders <no value> .*a file's own locals reach a template only when the whole file renders at load time, which it does not when any template in it needs the component, such as \.atmos_stack/.test(
                        w,
                    ),
                ),
            );
        });
    });
    describe("metadata.terraform_workspace_template that fails (internal/exec/stack_utils.go 54-59 at 0a1cb44)", () => {
        const failing = '{{ fail "no workspace" }}';
        it("refuses the Terraform instance where the template is written, as Atmos stops", () => {
            const error = stackError(() =>
                load(
                    lines(
                        ...HEAD,
                        `    eventbridge: {metadata: {terraform_workspace_template: '${failing}'}, vars: {name: x}}`,
                    ),
                ),
            );
            assert.equal(error.problems.length, 1);
            assert.equal(error.code, "TEMPLATE_ERROR");
            assert.equal(error.problems[0].field, "metadata.terraform_workspace_template");
            assert.match(
                error.message,
                /^stacks\/dev\.yaml:4:60: eventbridge "eventbridge" \(stack dev\): metadata\.terraform_workspace_template cannot be rendered: .*no workspace/,
            );
        });

        it("leaves a components.pulumi instance alone: Atmos builds a workspace for Terraform components only", () => {
            // describe_stacks_component_processor.go 497-503: `opts.buildWorkspace` is Terraform's.
            const stack = load(
                lines(
                    "vars: {region: us-east-2, stage: dev}",
                    "components:",
                    "  pulumi:",
                    `    eventbridge: {metadata: {terraform_workspace_template: '${failing}'}, vars: {name: x}}`,
                ),
                ["components:", "  pulumi:", "    base_path: components/pulumi"],
            );
            assert.equal(stack.instances.length, 1);
        });

        it("refuses reading the outputs of a Terraform component whose workspace template fails", () => {
            const error = stackError(() =>
                load(
                    lines(
                        ...HEAD,
                        `    vpc: {metadata: {terraform_workspace_template: '${failing}'}, backend_type: s3, backend: {s3: {bucket: b, region: us-east-2}}}`,
                        "    eventbridge: {vars: {name: x, event_rule_description: !terraform.output vpc vpc_id}}",
                    ),
                ),
            );
            assert.equal(error.code, "DEPLOY_TIME_VALUE");
            assert.match(
                error.message,
                /reads the Terraform state of component "vpc".*metadata\.terraform_workspace_template cannot be rendered/,
            );
        });
    });
});
