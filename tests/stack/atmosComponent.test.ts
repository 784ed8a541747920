/**
 * Atmos's `atmos.Component "<component>" "<stack>"` template function, against cloudposse/atmos
 * 0a1cb44: what is known while loading is given as Atmos's describe component gives it; `outputs`
 * is known only at deploy time, taken as a var's whole value (the `!terraform.output` reference)
 * and refused anywhere else; unknown names, cycles and depth refused where the template is written.
 */
import { strict as assert } from "node:assert";
import { isDeployTimeReference } from "../../components/kit/deployTime";
import { loadAtmosStack, loadStackFile, type LoadedStack } from "../../stack";
import { lines, memoryFiles, ROOT, stackError } from "../helpers/stack";

const ATMOS = [
    "base_path: .",
    "stacks:",
    "  base_path: stacks",
    "  name_pattern: '{stage}'",
    "  included_paths: ['*.yaml']",
    "templates:",
    "  settings: {enabled: true, sprig: {enabled: true}}",
];

type Env = Readonly<Record<string, string | undefined>>;

function load(stack: string, env: Env = {}, extra: Record<string, string> = {}): LoadedStack {
    return loadStackFile("stacks/dev.yaml", {
        cwd: ROOT,
        env,
        files: memoryFiles({ "atmos.yaml": lines(...ATMOS), "stacks/dev.yaml": stack, ...extra }),
    });
}

/** Stack-level vars, and `vpc`: a Terraform component (not this package's) with an S3 backend. */
const HEAD = [
    "vars: {region: us-east-2, stage: dev}",
    "terraform: {backend_type: s3, backend: {s3: {bucket: tfstate, key: terraform.tfstate}}}",
    "components:",
    "  terraform:",
    "    vpc-defaults: {metadata: {type: abstract}, vars: {cidr: 10.0.0.0/16}}",
    "    vpc:",
    "      metadata: {inherits: [vpc-defaults], component: vpc-tf}",
    "      vars: {azs: 3, label: '{{ .atmos_component }}-{{ .vars.stage }}', home: !env HOME_DIR, kms: !terraform.output kms key_id, gone: !unset}",
    "      settings: {team: core, depends_on: {a: {component: kms}}}",
    "      env: {TF_LOG: debug}",
    "      locals: {suffix: x}",
];

/** An eventbridge instance whose `name` (line 12, the value at column 32) is `value`, plus more vars. */
function eventbridge(value: string, more = ""): string {
    return lines(...HEAD, `    eventbridge: {vars: {name: ${value}${more}}}`);
}

/** An environment with HOME_DIR=/h that counts the reads of HOME_DIR (each run of `!env HOME_DIR` reads it once). */
function countingEnv(): { env: Env; reads: string[] } {
    const reads: string[] = [];
    const env = new Proxy({ HOME_DIR: "/h" } as Record<string, string>, {
        get: (target, key) => {
            if (key === "HOME_DIR") reads.push(key);
            return Reflect.get(target, key) as unknown;
        },
    });
    return { env, reads };
}

/** The stack dev of a repository whose stack prod has a vpc, loaded by its name; eventbridge's name is `value`. */
function loadDev(value: string): LoadedStack {
    const files = memoryFiles({
        "atmos.yaml": lines(...ATMOS),
        "stacks/dev.yaml": eventbridge(value),
        "stacks/prod.yaml": lines(
            "vars: {region: us-east-2, stage: prod}",
            "components: {terraform: {vpc: {vars: {cidr: 10.9.0.0/16}}}}",
        ),
    });
    return loadAtmosStack("dev", { atmosDir: ROOT, env: {}, files });
}

/** The loaded eventbridge instance's var. */
function varOf(stack: LoadedStack, name: string): unknown {
    return stack.instances.find((i) => i.name === "eventbridge")!.vars[name];
}

describe("atmos.Component (internal/exec/template_funcs_component.go at 0a1cb44)", () => {
    describe("the sections known while loading, as describe component gives them", () => {
        // template_funcs_component.go 98-105: ExecuteDescribeComponent with ProcessTemplates and
        // ProcessYamlFunctions; the sections are stack_processor_merge.go 528-556 and 636-651,
        // utils.go 912-949 (atmos_*, stack, workspace), describe_component.go 477 (component_type).
        const cases: [string, string, unknown][] = [
            ["a var, merged from the bases", ".vars.cidr", "10.0.0.0/16"],
            ["a var that is a number, printed as Go prints it", ".vars.azs", "3"],
            ["a var's template, rendered with the described component's own data", ".vars.label", "vpc-dev"],
            ["a YAML function, evaluated (!env)", ".vars.home", "/home/me"],
            ["settings", ".settings.team", "core"],
            ["settings, deeper", ".settings.depends_on.a.component", "kms"],
            ["env", ".env.TF_LOG", "debug"],
            ["metadata (its own, as merged)", ".metadata.component", "vpc-tf"],
            ["locals", ".locals.suffix", "x"],
            ["component (the Terraform component)", ".component", "vpc-tf"],
            ["atmos_component", ".atmos_component", "vpc"],
            ["atmos_stack", ".atmos_stack", "dev"],
            ["stack", ".stack", "dev"],
            ["atmos_stack_file", ".atmos_stack_file", "dev"],
            ["atmos_manifest", ".atmos_manifest", "dev"],
            ["workspace (instance and Terraform component differ: <stack>-<instance>)", ".workspace", "dev-vpc"],
            ["component_type", ".component_type", "terraform"],
            ["backend_type", ".backend_type", "s3"],
            ["backend (the backend type's section)", ".backend.bucket", "tfstate"],
            [
                "backend's workspace_key_prefix default (the Terraform component)",
                ".backend.workspace_key_prefix",
                "vpc-tf",
            ],
            ["remote_state_backend_type (backend_type's when unset)", ".remote_state_backend_type", "s3"],
            ["a key the component lacks: Go's <no value>", ".vars.nosuch", "<no value>"],
            ["a var removed by !unset", ".vars.gone", "<no value>"],
        ];
        for (const [what, path, expected] of cases) {
            it(`${what}: ${path}`, () => {
                const stack = load(eventbridge(`'{{ (atmos.Component "vpc" .stack)${path} }}'`), {
                    HOME_DIR: "/home/me",
                });
                assert.equal(varOf(stack, "name"), expected);
            });
        }

        it("leaves a YAML function this port does not evaluate to fail only where it is used", () => {
            const head = [...HEAD.slice(0, 4), "    vpc: {vars: {cidr: 10.0.0.0/16, account: !aws.account_id}}"];
            const known = load(
                lines(...head, `    eventbridge: {vars: {name: '{{ (atmos.Component "vpc" .stack).vars.cidr }}'}}`),
            );
            assert.equal(varOf(known, "name"), "10.0.0.0/16");
            for (const value of [
                `'{{ (atmos.Component "vpc" .stack).vars.account }}'`,
                `'a-{{ (atmos.Component "vpc" .stack).vars.account }}'`,
            ]) {
                const error = stackError(() => load(lines(...head, `    eventbridge: {vars: {name: ${value}}}`)));
                assert.equal(error.code, value.includes("a-") ? "TEMPLATE_ERROR" : "YAML_FUNCTION");
                assert.match(
                    error.message,
                    /\(atmos\.Component "vpc" "dev"\)\.vars\.account cannot be evaluated here: stacks\/dev\.yaml:5:61: vpc "vpc" \(stack dev\): vars\.account: !aws\.account_id is not supported by this port/,
                );
            }
        });

        it("runs no command of the described component without the !exec opt-in (docs/security.md)", () => {
            const head = [...HEAD.slice(0, 4), "    vpc: {vars: {cidr: 10.0.0.0/16, out: !exec touch /tmp/never}}"];
            const known = load(
                lines(...head, `    eventbridge: {vars: {name: '{{ (atmos.Component "vpc" .stack).vars.cidr }}'}}`),
            );
            assert.equal(varOf(known, "name"), "10.0.0.0/16");
            const error = stackError(() =>
                load(
                    lines(...head, `    eventbridge: {vars: {name: '{{ (atmos.Component "vpc" .stack).vars.out }}'}}`),
                ),
            );
            assert.match(
                error.message,
                /vars\.out: !exec runs a command \("touch \/tmp\/never"\); it is refused unless you opt in/,
            );
        });

        // The other sections Atmos's describe gives (stack_processor_merge.go 528-745, utils.go
        // 912-1286) are not computed here: read, each is refused by name, never `<no value>`.
        for (const [section, where] of [
            ["inheritance", "stack_processor_merge.go 535"],
            ["command", "stack_processor_merge.go 534"],
            ["imports", "utils.go 912"],
            ["deps", "utils.go 934-939"],
            ["atmos_cli_config", "utils.go 1262"],
        ]) {
            it(`refuses the section ${section}, which this port does not compute`, () => {
                for (const value of [
                    `'{{ (atmos.Component "vpc" .stack).${section} }}'`,
                    `'{{ if (atmos.Component "vpc" .stack).${section} }}a{{ end }}'`,
                ]) {
                    const error = stackError(() => load(eventbridge(value)));
                    assert.equal(error.code, value.includes("if") ? "TEMPLATE_ERROR" : "UNSUPPORTED");
                    assert.ok(
                        error.message.includes(
                            `(atmos.Component "vpc" "dev").${section} is not given by this port: Atmos's describe computes it (internal/exec/${where}); this port does not (it gives vars, settings,`,
                        ),
                        error.message,
                    );
                }
            });
        }

        it("is usable anywhere in text, conditions and functions when it is known", () => {
            const stack = load(
                eventbridge(
                    `'{{ $c := atmos.Component "vpc" .stack }}{{ if eq $c.vars.cidr "10.0.0.0/16" }}{{ $c.vars.cidr | replace "/" "-" }}{{ end }}'`,
                ),
            );
            assert.equal(varOf(stack, "name"), "10.0.0.0-16");
        });

        it("gives the outputs of a static remote state backend, known while loading (terraform_remote_state_backend_utils.go 9-26)", () => {
            const stack = load(
                lines(
                    ...HEAD.slice(0, 4),
                    "    vpc: {remote_state_backend_type: static, remote_state_backend: {static: {vpc_id: vpc-123}}}",
                    "    eventbridge: {vars: {name: 'rules-{{ (atmos.Component \"vpc\" .stack).outputs.vpc_id }}'}}",
                ),
            );
            assert.equal(varOf(stack, "name"), "rules-vpc-123");
        });

        it("describes a component of another stack in a repository load", () => {
            const stack = loadDev(`'{{ (atmos.Component "vpc" "prod").vars.cidr }}'`);
            assert.equal(varOf(stack, "name"), "10.9.0.0/16");
        });

        it("describes each component of a stack once per load (the cache of template_funcs_component.go 74-89, 144-145)", () => {
            const { env, reads } = countingEnv();
            const stack = load(
                lines(
                    ...HEAD,
                    "    eventbridge:",
                    "      vars:",
                    "        name: '{{ (atmos.Component \"vpc\" .stack).vars.home }}'",
                    "        event_rule_description: '{{ (atmos.Component \"vpc\" .stack).vars.cidr }}'",
                    "    eventbridge/b: {metadata: {component: eventbridge}, vars: {name: '{{ (atmos.Component \"vpc\" .stack).vars.home }}'}}",
                ),
                env,
            );
            assert.deepEqual(
                stack.instances.map((i) => i.vars.name),
                ["/h", "/h"],
            );
            // the !env of vpc's vars ran once: three calls, one description
            assert.equal(reads.length, 1);
        });
    });

    describe("outputs: known only at deploy time, taken as a var's whole value", () => {
        it("gives the reference !terraform.output <component> <stack> <output> gives, state source included", () => {
            const template = load(
                eventbridge("x", `, event_rule_description: '{{ (atmos.Component "vpc" .stack).outputs.rules.a }}'`),
            );
            const tagged = load(eventbridge("x", ", event_rule_description: !terraform.output vpc dev rules.a"));
            const a = varOf(template, "event_rule_description");
            const b = varOf(tagged, "event_rule_description");
            assert.ok(isDeployTimeReference(a) && isDeployTimeReference(b));
            assert.equal(a.text, `{{ (atmos.Component "vpc" .stack).outputs.rules.a }}`);
            assert.deepEqual({ ...a, text: "" }, { ...b, text: "" });
            assert.deepEqual(a.kind === "stack-output" && a.source, {
                backend: "s3",
                bucket: "tfstate",
                key: "vpc-tf/dev-vpc/terraform.tfstate",
                workspace: "dev-vpc",
                stack: "dev",
            });
        });

        it("passes on a deploy-time YAML function of the described component, read in its stack", () => {
            const stack = load(
                eventbridge("x", `, event_rule_description: '{{ (atmos.Component "vpc" .stack).vars.kms }}'`),
            );
            const r = varOf(stack, "event_rule_description");
            assert.ok(isDeployTimeReference(r) && r.kind === "stack-output");
            assert.deepEqual([r.component, r.stack, r.output], ["kms", "dev", "key_id"]);
        });

        it("passes on a !store of the described component, with the path read after it", () => {
            const stores = ["stores:", "  ssm: {type: aws-ssm-parameter-store, options: {prefix: /p}}"];
            const stack = loadStackFile("stacks/dev.yaml", {
                cwd: ROOT,
                env: {},
                files: memoryFiles({
                    "atmos.yaml": lines(...ATMOS, ...stores),
                    "stacks/dev.yaml": lines(
                        ...HEAD.slice(0, 4),
                        "    vpc: {vars: {settings: !store ssm dev kms config}}",
                        "    eventbridge: {vars: {name: x, event_rule_description: '{{ (atmos.Component \"vpc\" .stack).vars.settings.description }}'}}",
                    ),
                }),
            });
            const r = varOf(stack, "event_rule_description");
            assert.ok(isDeployTimeReference(r) && r.kind === "ssm-parameter");
            assert.deepEqual([r.parameter, r.path], ["/p/dev/kms/config", ["description"]]);
        });

        it("refuses a var that needs its value before deploying, as !terraform.output is refused", () => {
            const viaTemplate = stackError(() =>
                load(eventbridge(`'{{ (atmos.Component "vpc" .stack).outputs.id }}'`)),
            );
            const viaTag = stackError(() => load(eventbridge("!terraform.output vpc dev id")));
            assert.equal(viaTemplate.code, "DEPLOY_TIME_VALUE");
            assert.equal(
                viaTemplate.problems[0].reason.replace(`{{ (atmos.Component "vpc" .stack).outputs.id }}`, "X"),
                viaTag.problems[0].reason.replace("!terraform.output vpc dev id", "X"),
            );
            assert.match(viaTemplate.message, /^stacks\/dev\.yaml:12:32: /);
        });

        it("refuses the whole outputs map as a var", () => {
            const error = stackError(() =>
                load(eventbridge("x", `, event_rule_description: '{{ (atmos.Component "vpc" .stack).outputs }}'`)),
            );
            assert.match(error.message, /is the whole outputs map, known only at deploy time; a var takes one output/);
        });

        // Anywhere else the value would have to be known while loading: refused, located, saying
        // why and what to write instead; never a known value built from the unknown one.
        const refused: [string, string][] = [
            ["inside text", `'vpc-{{ (atmos.Component "vpc" .stack).outputs.id }}'`],
            ["piped to a function", `'{{ (atmos.Component "vpc" .stack).outputs.id | upper }}'`],
            ["passed to a function", `'{{ printf "%s" (atmos.Component "vpc" .stack).outputs.id }}'`],
            ["compared", `'{{ eq (atmos.Component "vpc" .stack).outputs.id "a" }}'`],
            ["defaulted", `'{{ (atmos.Component "vpc" .stack).outputs.id | default "a" }}'`],
            ["in a condition", `'{{ if (atmos.Component "vpc" .stack).outputs.id }}a{{ end }}'`],
            ["in with", `'{{ with (atmos.Component "vpc" .stack).outputs.id }}a{{ end }}'`],
            ["in and", `'{{ and true (atmos.Component "vpc" .stack).outputs.id }}'`],
            ["ranged over", `'{{ range (atmos.Component "vpc" .stack).outputs.id }}a{{ end }}'`],
            ["held in a variable, then printed", `'{{ $o := (atmos.Component "vpc" .stack).outputs.id }}{{ $o }}'`],
            ["its index taken", `'{{ index (atmos.Component "vpc" .stack).outputs "id" }}'`],
        ];
        for (const [where, value] of refused) {
            it(`refuses it ${where}`, () => {
                const error = stackError(() => load(eventbridge(value)));
                assert.equal(error.problems.length, 1);
                assert.match(
                    error.message,
                    /^stacks\/dev\.yaml:12:32: eventbridge "eventbridge" \(stack dev\): name: template: stacks\/dev\.yaml:12:\d+: executing .*\(atmos\.Component "vpc" "dev"\)\.outputs(\.id)? is known only at deploy time .*it is taken only as a var's whole value/,
                );
                assert.match(error.message, /; or write the var as !terraform\.output vpc dev (id|<output>)$/);
            });
        }

        it("refuses the sections whole, naming the first value known only at deploy time", () => {
            const error = stackError(() => load(eventbridge(`'{{ (atmos.Component "vpc" .stack) | toJson }}'`)));
            assert.match(
                error.message,
                /at <toJson>: \(atmos\.Component "vpc" "dev"\)\.vars\.kms is !terraform\.output kms key_id in stack dev, known only at deploy time: it is taken only as a var's whole value/,
            );
        });

        it("refuses it inside a map, as a deploy-time value inside a map is", () => {
            const error = stackError(() =>
                load(eventbridge("x", `, tags: {a: '{{ (atmos.Component "vpc" .stack).outputs.id }}'}`)),
            );
            assert.match(
                error.message,
                /tags: .* is known only at deploy time, and this port takes deploy-time values only as a whole var/,
            );
        });
    });

    describe("errors, located where the template is written", () => {
        const cases: [string, string, RegExp][] = [
            [
                "an unknown component, with a did-you-mean",
                `'{{ (atmos.Component "vcp" .stack).vars.cidr }}'`,
                /atmos\.Component\("vcp", "dev"\): stack dev has no component "vcp"; did you mean vpc\?/,
            ],
            [
                "an abstract component (a base, not described)",
                `'{{ (atmos.Component "vpc-defaults" .stack).vars.cidr }}'`,
                /stack dev has no component "vpc-defaults"/,
            ],
            [
                "an unknown stack, saying a one-manifest load reads no other",
                `'{{ (atmos.Component "vpc" "prod").vars.cidr }}'`,
                /no stack named "prod" \(this manifest's stacks: dev\); a load of one manifest reads no other stack/,
            ],
            [
                "a component describing itself",
                `'{{ (atmos.Component "eventbridge" .stack).vars.region }}'`,
                /a cycle: eventbridge \(stack dev\) -> eventbridge \(stack dev\)/,
            ],
            [
                "arguments that are not strings (func (f AtmosFuncs) Component(component string, stack string))",
                `'{{ (atmos.Component "vpc" 3).vars.cidr }}'`,
                /at <3>: expected string; found 3/,
            ],
        ];
        for (const [what, value, expected] of cases) {
            it(what, () => {
                const error = stackError(() => load(eventbridge(value)));
                assert.equal(error.problems.length, 1);
                assert.match(
                    error.message,
                    /^stacks\/dev\.yaml:12:32: eventbridge "eventbridge" \(stack dev\): name: /,
                );
                assert.match(error.message, expected);
            });
        }

        it("an unknown stack in a repository load, which knows every stack", () => {
            const error = stackError(() => loadDev(`'{{ (atmos.Component "vpc" "prd").vars.cidr }}'`));
            assert.match(
                error.message,
                /atmos\.Component\("vpc", "prd"\): no stack named "prd" \(this manifest's stacks: dev\)'?$/,
            );
        });

        it("a described component whose workspace template fails (Atmos's describe stops there)", () => {
            const error = stackError(() =>
                load(
                    lines(
                        ...HEAD.slice(0, 4),
                        "    vpc: {metadata: {terraform_workspace_template: '{{ nosuch }}'}}",
                        "    eventbridge: {vars: {name: '{{ (atmos.Component \"vpc\" .stack).vars.x }}'}}",
                    ),
                ),
            );
            assert.match(error.message, /atmos\.Component\("vpc", "dev"\): vpc "vpc" \(stack dev\): .*nosuch/);
        });

        it("refuses a cycle through another component, naming the chain", () => {
            const error = stackError(() =>
                load(
                    lines(
                        ...HEAD.slice(0, 4),
                        "    vpc: {vars: {x: '{{ (atmos.Component \"eventbridge\" .stack).vars.name }}'}}",
                        "    eventbridge: {vars: {name: '{{ (atmos.Component \"vpc\" .stack).vars.x }}'}}",
                    ),
                ),
            );
            assert.match(
                error.message,
                /a cycle: eventbridge \(stack dev\) -> vpc \(stack dev\) -> eventbridge \(stack dev\)/,
            );
            // the inner failure names where it is written in the described component
            assert.match(error.message, /stacks\/dev\.yaml:5:21: vpc "vpc" \(stack dev\): vars\.x: /);
        });

        it("bounds the depth of descriptions (Atmos's MaxResolutionDepth, yaml_func_resolution_context.go 46-50)", () => {
            const chain = Array.from(
                { length: 70 },
                (_, i) => `    c${i}: {vars: {x: '{{ (atmos.Component "c${i + 1}" .stack).vars.x }}'}}`,
            );
            const error = stackError(() =>
                load(
                    lines(
                        ...HEAD.slice(0, 4),
                        ...chain,
                        "    c70: {vars: {x: end}}",
                        "    eventbridge: {vars: {name: '{{ (atmos.Component \"c0\" .stack).vars.x }}'}}",
                        // from nearer the end the chain is within the bound: the failure above is not kept for it
                        "    eventbridge/b: {metadata: {component: eventbridge}, vars: {name: '{{ (atmos.Component \"c20\" .stack).vars.x }}'}}",
                    ),
                ),
            );
            assert.equal(error.problems.length, 1);
            assert.equal(error.problems[0].instance, "eventbridge");
            assert.match(error.message, /descriptions nested more than 64 deep/);
        });

        it("fails a failed description again without redoing it", () => {
            const { env, reads } = countingEnv();
            const error = stackError(() =>
                load(
                    lines(
                        ...HEAD.slice(0, 4),
                        "    vpc: {vars: {home: !env HOME_DIR, bad: '{{ nosuch }}'}}",
                        "    eventbridge: {vars: {name: '{{ (atmos.Component \"vpc\" .stack).vars.home }}'}}",
                        "    eventbridge/b: {metadata: {component: eventbridge}, vars: {name: '{{ (atmos.Component \"vpc\" .stack).vars.home }}'}}",
                    ),
                    env,
                ),
            );
            assert.equal(error.problems.length, 2);
            for (const p of error.problems)
                assert.match(
                    p.message,
                    /atmos\.Component\("vpc", "dev"\): stacks\/dev\.yaml:5:44: vpc "vpc" \(stack dev\): vars\.bad: .*function "nosuch" not defined/,
                );
            assert.equal(reads.length, 1);
        });

        it("refuses a components.pulumi instance, which Atmos's describe does not search (describe_component.go 507-516)", () => {
            const error = stackError(() =>
                load(
                    lines(
                        ...HEAD,
                        "    eventbridge: {vars: {name: '{{ (atmos.Component \"other\" .stack).vars.name }}'}}",
                        "  pulumi:",
                        "    other: {metadata: {component: eventbridge}, vars: {name: o}}",
                    ),
                ),
            );
            assert.match(
                error.message,
                /other is a components\.pulumi instance .*; read its outputs with !terraform\.output other dev <output>/,
            );
        });

        it("refuses it in an import template, where no component is described", () => {
            const error = stackError(() =>
                load(
                    lines("import: [{path: catalog/x, context: {c: vpc}}]", ...HEAD),
                    {},
                    {
                        "stacks/catalog/x.yaml": lines("vars: {a: '{{ (atmos.Component .c \"dev\").vars.cidr }}'}"),
                    },
                ),
            );
            assert.match(
                error.message,
                /"atmos\.Component" is not supported here by this port: it describes a component only in the values of components/,
            );
        });
    });
});
