/**
 * The audit of Atmos features against Atmos's source (cloudposse/atmos 0a1cb44, v1.226.1+2): each
 * row is a feature Atmos has where this loader used to say nothing and go on; now it does it as
 * Atmos does, or refuses or warns where the feature is written, naming it. Each table row cites
 * the Atmos file and lines it follows.
 */
import { strict as assert } from "node:assert";
import { loadStackFile, StackFileError } from "../../stack";
import { evaluateYamlFunction } from "../../stack/yamlFunctions";
import { lines, memoryFiles, ROOT } from "../helpers/stack";

const TEMPLATES_ON = ["templates:", "  settings:", "    enabled: true", "    sprig: {enabled: true}"];
const ATMOS = lines("stacks:", "  base_path: stacks", "  name_pattern: '{stage}'", ...TEMPLATES_ON);

/** A stack of one eventbridge instance with `own` under it (each line indented into the instance). */
function instance(...own: string[]): string {
    return lines(
        "vars: {region: us-east-2, stage: dev}",
        "terraform:",
        "  backend_type: s3",
        "  backend: {s3: {bucket: tfstate, region: us-east-2}}",
        "components:",
        "  terraform:",
        "    eventbridge:",
        ...own.map((l) => `      ${l}`),
    );
}

function load(stack: string, atmos = ATMOS, more: Record<string, string> = {}) {
    return loadStackFile("stacks/dev.yaml", {
        cwd: ROOT,
        env: {},
        files: memoryFiles({ "atmos.yaml": atmos, "stacks/dev.yaml": stack, ...more }),
    });
}

function failure(f: () => unknown): StackFileError {
    try {
        f();
    } catch (e) {
        assert.ok(e instanceof StackFileError, `expected a StackFileError, got ${String(e)}`);
        return e;
    }
    assert.fail("expected a StackFileError");
}

describe("Atmos audit: the component pass's sections (internal/exec/utils.go 906-1060, stack_processor_merge.go 528-742)", () => {
    // Atmos's template data is the component section (utils.go 1006-1009): the merged sections of
    // stack_processor_merge.go 528-742 and those utils.go 912-958 adds before templates run.
    const computed: readonly { what: string; template: string; want: string }[] = [
        // stack_processor_backend.go 36-93, 130-143: the backend_type's sub-map, s3 defaults
        { what: "backend_type", template: "{{ .backend_type }}", want: "s3" },
        { what: "backend", template: "{{ .backend.bucket }}", want: "tfstate" },
        {
            what: "backend's workspace_key_prefix default",
            template: "{{ .backend.workspace_key_prefix }}",
            want: "eventbridge",
        },
        // stack_processor_backend.go 254-313: remote_state_backend_type falls back to backend_type
        { what: "remote_state_backend", template: "{{ .remote_state_backend.bucket }}", want: "tfstate" },
        // stack_processor_merge.go 553-556: locals only when there are some; Go prints a missing key <no value>
        { what: "locals, when the component has none", template: "{{ .locals }}", want: "<no value>" },
        // utils.go 1221-1262: set after the templates run, so missing while they run
        { what: "component_info", template: "{{ .component_info }}", want: "<no value>" },
        // utils.go 1272-1290: only when settings.spacelift.workspace_enabled / settings.atlantis ask
        { what: "spacelift_stack, not asked for", template: "{{ .spacelift_stack }}", want: "<no value>" },
    ];
    for (const row of computed) {
        it(`${row.what}: ${row.template} is ${row.want}, as in Atmos`, () => {
            const stack = load(instance(`vars: {name: '${row.template}'}`));
            assert.equal(stack.instances[0].vars.name, row.want);
        });
    }

    const refused: readonly { section: string; settings?: string; extra?: string; cites: RegExp }[] = [
        { section: "command", cites: /stack_processor_merge\.go 534/ },
        { section: "inheritance", cites: /stack_processor_merge\.go 535/ },
        { section: "auth", cites: /stack_processor_merge\.go 533/ },
        { section: "generate", cites: /stack_processor_merge\.go 646/ },
        { section: "required_version", cites: /stack_processor_merge\.go 639/ },
        { section: "retry", extra: "retry: {max_attempts: 3}", cites: /when it is set .*559-561/ },
        { section: "imports", cites: /utils\.go 912/ },
        { section: "deps", cites: /utils\.go 934-939/ },
        { section: "deps_all", cites: /utils\.go 934-940/ },
        {
            section: "spacelift_stack",
            settings: "{spacelift: {workspace_enabled: true}}",
            cites: /utils\.go 1272-1290/,
        },
        {
            section: "atlantis_project",
            settings: "{atlantis: {project_template_name: default}}",
            cites: /utils\.go 1272-1290/,
        },
        { section: "version", cites: /Version Tracker.*versions\.lock\.yaml.*context\.go 30-55/ },
    ];
    for (const row of refused) {
        it(`.${row.section}: refused by name where it is read, not printed <no value>`, () => {
            const own = [`vars: {name: 'x-{{ .${row.section} }}'}`];
            if (row.settings !== undefined) own.push(`settings: ${row.settings}`);
            if (row.extra !== undefined) own.push(row.extra);
            // with a Version Tracker lock file: without one, .version is an empty map (atmosPassGaps.test.ts)
            const error = failure(() => load(instance(...own), ATMOS, { "versions.lock.yaml": "tracks: {}" }));
            assert.equal(error.problems.length, 1);
            const [problem] = error.problems;
            assert.equal(problem.code, "TEMPLATE_ERROR");
            assert.match(
                problem.message,
                new RegExp(`^stacks/dev\\.yaml:8:\\d+: .*\\.${row.section} is not given by this port`),
            );
            assert.match(problem.message, row.cites);
        });
    }

    it("a section this port does not compute is refused as a var's whole value, and the data used whole", () => {
        for (const [template, section] of [
            ["{{ .command }}", "command"],
            ["{{ toJson . }}", "auth"],
        ]) {
            const error = failure(() => load(instance(`vars: {name: '${template}'}`)));
            assert.equal(error.problems.length, 1);
            assert.match(error.problems[0].message, new RegExp(`\\.${section} is not given by this port`));
        }
    });
});

describe("Atmos audit: settings.validation (internal/exec/terraform_execute_helpers_exec.go 123, validate_component.go 175-250, 336-356)", () => {
    const policies = [
        "settings:",
        "  validation:",
        "    check-vars:",
        "      schema_type: jsonschema",
        "      schema_path: eventbridge/validate.json",
        "    off:",
        "      schema_type: opa",
        "      disabled: true",
    ];

    it("each policy not disabled is warned about where it is written, naming it", () => {
        const stack = load(instance("vars: {name: x}", ...policies));
        assert.equal(stack.instances.length, 1);
        const named = stack.warnings.filter((w) => w.includes("settings.validation"));
        assert.equal(named.length, 1, stack.warnings.join("\n"));
        assert.match(
            named[0],
            /^stacks\/dev\.yaml:11:11: .*settings\.validation\.check-vars: Atmos checks the component against this jsonschema policy \(eventbridge\/validate\.json\) before each Terraform command/,
        );
        assert.match(named[0], /atmos validate component <instance> -s <stack>/);
    });

    it("a policy of the stack's settings reaches the instance, as every settings layer does", () => {
        const text = instance("vars: {name: x}").replace("terraform:\n", `${policies.join("\n")}\nterraform:\n`);
        const stack = load(text);
        assert.equal(stack.warnings.filter((w) => /settings\.validation\.check-vars/.test(w)).length, 1);
    });

    it("no validation section, no warning", () => {
        assert.deepEqual(
            load(instance("vars: {name: x}")).warnings.filter((w) => w.includes("validation")),
            [],
        );
    });
});

describe("Atmos audit: templates.settings of atmos.yaml (internal/exec/template_utils.go 252-263, 323-345)", () => {
    const atmos = (...settings: string[]) =>
        lines(
            "stacks:",
            "  base_path: stacks",
            "  name_pattern: '{stage}'",
            ...TEMPLATES_ON,
            ...settings.map((l) => `    ${l}`),
        );
    const stack = instance("vars: {name: '{{ .vars.stage }}-x'}");

    const delimiters: readonly { written: string; refused: boolean }[] = [
        { written: "delimiters: ['{{']", refused: true },
        { written: "delimiters: ['{{', '']", refused: true },
        { written: "delimiters: ['{{', '}}', '%%']", refused: true },
        { written: "delimiters: '{{'", refused: true },
        { written: "delimiters: []", refused: false },
        { written: "delimiters: ['{{', '}}']", refused: false },
    ];
    for (const row of delimiters) {
        it(`${row.written}: ${row.refused ? "refused where it is written, as Atmos refuses it" : "taken"}`, () => {
            if (!row.refused) {
                assert.equal(load(stack, atmos(row.written)).instances[0].vars.name, "dev-x");
                return;
            }
            assert.throws(
                () => load(stack, atmos(row.written)),
                (e: Error) =>
                    /^atmos\.yaml:8:17: templates\.settings\.delimiters must be a list of two non-empty strings/.test(
                        e.message,
                    ),
            );
        });
    }

    it("bad delimiters with templates off are not read, as in Atmos (template_utils.go 203-206)", () => {
        const off = lines(
            "stacks:",
            "  base_path: stacks",
            "  name_pattern: '{stage}'",
            "templates:",
            "  settings:",
            "    delimiters: ['{{']",
        );
        assert.equal(load(instance("vars: {name: x}"), off).instances[0].vars.name, "x");
    });

    // lo.Coalesce(evaluations, 1): 0 is one pass; a negative number runs the loop no time.
    const evaluations: readonly { evaluations: string; want: string }[] = [
        { evaluations: "0", want: "dev-x" },
        { evaluations: "1", want: "dev-x" },
        { evaluations: "-1", want: "{{ .vars.stage }}-x" },
    ];
    for (const row of evaluations) {
        it(`evaluations: ${row.evaluations} renders ${JSON.stringify(row.want)}`, () => {
            assert.equal(load(stack, atmos(`evaluations: ${row.evaluations}`)).instances[0].vars.name, row.want);
        });
    }
});

describe("Atmos audit: YAML tags Atmos clears or keeps (pkg/utils/yaml_utils.go 793-857, 875-879; yaml.v3 resolve.go)", () => {
    // Atmos walks each node's Content (794), keys included; `!literal` (801-806) and `!append` on
    // anything but a list (875-879) only clear the node's tag, so a plain scalar then resolves as
    // untagged and a collection's insides keep their tags, which yaml.v3 decodes as their text; a
    // YAML function's node becomes the text `!tag args` (828-835), a key too.
    const rows: readonly { what: string; tags: string; want: Record<string, string> }[] = [
        { what: "!literal on a plain number resolves it as untagged", tags: "{a: !literal 010}", want: { a: "8" } },
        { what: "!literal on a quoted value keeps the text", tags: "{a: !literal '010'}", want: { a: "010" } },
        {
            what: "!literal on a map leaves its insides' tags unevaluated, as their text",
            tags: "!literal {a: !env HOME, b: !nosuch 010}",
            want: { a: "HOME", b: "010" },
        },
        { what: "!append on a map is the map", tags: "!append {a: !env HOME}", want: { a: "HOME" } },
        { what: "a YAML function's key is its text", tags: "{!env HOME: v}", want: { "!env HOME": "v" } },
        { what: "a !literal key resolves as untagged", tags: "{!literal 010: v}", want: { "8": "v" } },
    ];
    for (const row of rows) {
        it(`${row.what}: tags: ${row.tags}`, () => {
            const stack = load(instance(`vars: {name: x, tags: ${row.tags}}`));
            assert.deepEqual(stack.instances[0].vars.tags, row.want);
        });
    }

    it("!append on a scalar is the scalar", () => {
        assert.equal(load(instance("vars: {name: !append ecs-faults}")).instances[0].vars.name, "ecs-faults");
    });

    const refused: readonly { what: string; tags: string; message: RegExp }[] = [
        { what: "an unknown tag on a key (810-814)", tags: "{!nosuch k: v}", message: /unknown YAML tag !nosuch/ },
        { what: "!include on a key (838-851)", tags: "{!include a.yaml: v}", message: /map key written !include/ },
    ];
    for (const row of refused) {
        it(`${row.what} is refused where it is written`, () => {
            const error = failure(() => load(instance(`vars: {name: x, tags: ${row.tags}}`)));
            assert.equal(error.problems[0].code, "UNSUPPORTED_TAG");
            assert.match(error.problems[0].message, /^stacks\/dev\.yaml:8:\d+: /);
            assert.match(error.problems[0].message, row.message);
        });
    }
});

describe("Atmos audit: Gomplate's top-level functions (gomplate v3.11.8 funcs/*.go, internal/exec/template_utils.go 280-305)", () => {
    const atmos = (sprig: boolean) =>
        lines(
            "stacks:",
            "  base_path: stacks",
            "  name_pattern: '{stage}'",
            "templates:",
            "  settings:",
            "    enabled: true",
            `    sprig: {enabled: ${sprig}}`,
            "    gomplate: {enabled: true}",
        );
    const rows: readonly { template: string; sprig: boolean; want: string }[] = [
        // funcs/strings.go: toUpper is strings.ToUpper, title strings.Title
        { template: '{{ toUpper "ab" }}', sprig: false, want: "AB" },
        { template: '{{ "a-b" | title }}', sprig: false, want: "A-B" },
        // funcs/strings.go 28: contains is Go's strings.Contains(s, substr)
        { template: '{{ contains "abc" "b" }}', sprig: false, want: "true" },
        // Sprig's functions are assigned after Gomplate's (template_utils.go 298-301): its contains(substr, s) wins
        { template: '{{ contains "abc" "b" }}', sprig: true, want: "false" },
        // funcs/math.go: add is math.Add
        { template: "{{ add 1 2 }}", sprig: false, want: "3" },
    ];
    for (const row of rows) {
        it(`${row.template} with Sprig ${row.sprig ? "on" : "off"} is ${row.want}`, () => {
            const stack = load(instance(`vars: {name: '${row.template}'}`), atmos(row.sprig));
            assert.equal(stack.instances[0].vars.name, row.want);
        });
    }

    it("a Gomplate function this port lacks is refused naming it as Gomplate's, not as undefined", () => {
        const error = failure(() => load(instance("vars: {name: '{{ ec2region }}'}"), atmos(false)));
        assert.match(
            error.problems[0].message,
            /function "ec2region" \(a Gomplate function\) is not supported by this port/,
        );
    });
});

describe("Atmos audit: backend sections (internal/exec/stack_processor_backend.go)", () => {
    /** A stack whose terraform: section is `terraform` (one item a line). */
    const backends = (terraform: readonly string[], name = "x") =>
        lines(
            "vars: {region: us-east-2, stage: dev}",
            "terraform:",
            ...terraform.map((l) => `  ${l}`),
            "components:",
            "  terraform:",
            "    eventbridge:",
            `      vars: {name: '${name}'}`,
        );

    const refused: readonly { what: string; terraform: readonly string[]; message: RegExp }[] = [
        {
            // checkTerraformBackendTypeMatch 109-128
            what: "a backend that configures other types only",
            terraform: ["backend_type: s3", "backend: {gcs: {bucket: b}}"],
            message: /its backend_type is "s3" and its backend configures only gcs, which Atmos refuses/,
        },
        {
            // checkRemoteStateBackendTypeMatch 353-382
            what: "a remote state backend that configures other types only",
            terraform: [
                "backend_type: s3",
                "backend: {s3: {bucket: b}}",
                "remote_state_backend_type: gcs",
                "remote_state_backend: {s3: {bucket: c}}",
            ],
            message: /its remote_state_backend_type is "gcs" and its remote_state_backend configures only s3/,
        },
        {
            // 63-75: the backend type's entry must be a map
            what: "a backend type's entry that is not a map",
            terraform: ["backend_type: s3", "backend: {s3: bucket}"],
            message: /its backend\.s3 is not a map, which Atmos refuses/,
        },
    ];
    for (const row of refused) {
        it(`${row.what}: refused, as Atmos refuses the component`, () => {
            const error = failure(() => load(backends(row.terraform)));
            assert.equal(error.problems.length, 1);
            assert.match(
                error.problems[0].message,
                /^stacks\/dev\.yaml:\d+:5: eventbridge "eventbridge" \(stack dev\): /,
            );
            assert.match(error.problems[0].message, row.message);
        });
    }

    it("a component whose state is read, with such a backend: the read is refused naming why", () => {
        const text = lines(
            "vars: {region: us-east-2, stage: dev}",
            "components:",
            "  terraform:",
            "    vpc:",
            "      backend_type: s3",
            "      backend: {gcs: {bucket: b}}",
            "    eventbridge:",
            "      vars: {name: x, event_rule_description: !terraform.state vpc name}",
        );
        const error = failure(() => load(text));
        assert.equal(error.problems.length, 1);
        assert.match(
            error.problems[0].message,
            /^stacks\/dev\.yaml:7:5: .*event_rule_description !terraform\.state vpc name reads the Terraform state of component "vpc"/,
        );
        assert.match(
            error.problems[0].message,
            /its backend_type is "s3" and its backend configures only gcs, which Atmos refuses/,
        );
    });

    it("gcs's prefix defaults to the component (setGCSBackendDefaults 147-158)", () => {
        const stack = load(backends(["backend_type: gcs", "backend: {gcs: {bucket: b}}"], "{{ .backend.prefix }}"));
        assert.equal(stack.instances[0].vars.name, "eventbridge");
    });

    it("remote_state_backend is deep-merged over the backend's (304-310)", () => {
        const stack = load(
            backends(
                [
                    "backend_type: s3",
                    "backend: {s3: {bucket: b, assume_role: {role_arn: r}}}",
                    "remote_state_backend: {s3: {assume_role: {external_id: e}}}",
                ],
                "{{ .remote_state_backend.assume_role.role_arn }}-{{ .remote_state_backend.assume_role.external_id }}",
            ),
        );
        assert.equal(stack.instances[0].vars.name, "r-e");
    });
});

describe("Atmos audit: an edition pin (pkg/config/edition.go 22-44, pkg/edition/anchor.go 50-81, journal.go 113-120)", () => {
    // A disabled base: with metadata inherited the instance is disabled too (left out).
    const stack = lines(
        "vars: {region: us-east-2, stage: dev}",
        "components:",
        "  terraform:",
        "    base:",
        "      metadata: {type: abstract, enabled: false}",
        "    eventbridge:",
        "      metadata: {inherits: [base]}",
        "      vars: {name: x}",
    );
    const atmos = (...more: string[]) => lines("stacks:", "  base_path: stacks", "  name_pattern: '{stage}'", ...more);
    const loadWith = (text: string, env: Record<string, string> = {}) =>
        loadStackFile("stacks/dev.yaml", {
            cwd: ROOT,
            env,
            files: memoryFiles({ "atmos.yaml": text, "stacks/dev.yaml": stack }),
        });

    // stacks.inherit.metadata became true on 2025-12-06: a pin before that day keeps false.
    const rows: readonly { pin: string; inherits: boolean }[] = [
        { pin: "(none)", inherits: true },
        { pin: "'2025-11'", inherits: false },
        { pin: "'2025-12-05'", inherits: false },
        { pin: "'2025-12-06'", inherits: true },
        { pin: "2025", inherits: true },
        { pin: "2024", inherits: false },
    ];
    for (const row of rows) {
        it(`edition ${row.pin}: metadata ${row.inherits ? "inherited" : "not inherited"}`, () => {
            const text = row.pin === "(none)" ? atmos() : atmos(`edition: ${row.pin}`);
            assert.equal(loadWith(text).instances.length, row.inherits ? 0 : 1);
        });
    }

    it("ATMOS_EDITION wins over atmos.yaml; a stacks.inherit.metadata written wins over the pin", () => {
        assert.equal(loadWith(atmos("edition: '2026'"), { ATMOS_EDITION: "2025-01" }).instances.length, 1);
        const written = lines(
            "stacks:",
            "  base_path: stacks",
            "  name_pattern: '{stage}'",
            "  inherit: {metadata: true}",
            "edition: '2025-01'",
        );
        assert.equal(loadWith(written).instances.length, 0);
    });

    for (const pin of ["'2025-13'", "'2025-02-30'", "'25'"]) {
        it(`edition ${pin} is refused where it is written, as Atmos refuses it`, () => {
            assert.throws(
                () => loadWith(atmos(`edition: ${pin}`)),
                (e: Error) =>
                    /^atmos\.yaml:4:10: edition must be a date written YYYY, YYYY-MM or YYYY-MM-DD/.test(e.message),
            );
        });
    }
});

describe("Atmos audit: settings.experimental with key_delimiter (cmd/root.go 632, 1094-1142; pkg/config/load.go 765)", () => {
    const atmos = (experimental?: string) =>
        lines(
            "stacks:",
            "  base_path: stacks",
            "  name_pattern: '{stage}'",
            "settings:",
            "  yaml: {key_delimiter: '.'}",
            ...(experimental === undefined ? [] : [`  experimental: ${experimental}`]),
        );
    const loadWith = (text: string, env: Record<string, string> = {}) =>
        loadStackFile("stacks/dev.yaml", {
            cwd: ROOT,
            env,
            files: memoryFiles({ "atmos.yaml": text, "stacks/dev.yaml": instance("vars: {name: x}") }),
        });

    for (const mode of ["disable", "error"]) {
        it(`experimental: ${mode} stops Atmos when key_delimiter is set: refused where key_delimiter is written`, () => {
            assert.throws(
                () => loadWith(atmos(mode)),
                (e: Error) =>
                    /^atmos\.yaml:5:25: settings\.yaml\.key_delimiter is an experimental setting, and settings\.experimental is "(disable|error)"/.test(
                        e.message,
                    ),
            );
        });
    }

    it("ATMOS_EXPERIMENTAL counts as the setting; warn, silence or none load", () => {
        assert.throws(() => loadWith(atmos(), { ATMOS_EXPERIMENTAL: "error" }), /ATMOS_EXPERIMENTAL is "error"/);
        for (const mode of [undefined, "warn", "silence"]) assert.equal(loadWith(atmos(mode)).instances.length, 1);
    });
});

describe("Atmos audit: .version in import templates (stack_processor_utils.go 455-466, pkg/version/manager/context.go 30-55)", () => {
    for (const ignore of [false, true]) {
        it(`an import with a context reading .version is refused naming it${ignore ? ", with ignore_missing_template_values too" : ""}`, () => {
            const stack = lines(
                "import:",
                "  - path: catalog/eb",
                "    context: {n: x}",
                ...(ignore ? ["    ignore_missing_template_values: true"] : []),
                "vars: {region: us-east-2, stage: dev}",
            );
            const catalog = lines(
                "components:",
                "  terraform:",
                "    eventbridge:",
                "      vars: {name: '{{ .n }}-{{ .version.v }}'}",
            );
            const error = failure(() =>
                loadStackFile("stacks/dev.yaml", {
                    cwd: ROOT,
                    env: {},
                    files: memoryFiles({
                        "atmos.yaml": ATMOS,
                        "stacks/dev.yaml": stack,
                        "stacks/catalog/eb.yaml": catalog,
                        "versions.lock.yaml": "tracks: {}",
                    }),
                }),
            );
            assert.match(
                error.message,
                /catalog\/eb\.yaml:4:\d+: .*\.version\.v is not given by this port: .*Version Tracker/,
            );
        });
    }
});

describe("Atmos audit: a custom type's component pass has no backends (stack_processor_process_stacks.go 1244-1459)", () => {
    it(".backend_type of a components.pulumi instance prints <no value>, as in Atmos", () => {
        const stack = lines(
            "vars: {region: us-east-2, stage: dev}",
            "components:",
            "  pulumi:",
            "    eventbridge:",
            "      vars: {name: 'a{{ .backend_type }}'}",
        );
        assert.equal(load(stack).instances[0].vars.name, "a<no value>");
    });
});

describe("Atmos audit: atmos.yaml's auth (stack_processor_merge.go 610-617, 651; pkg/auth/hooks.go 36-82)", () => {
    const atmos = (...auth: string[]) => lines("stacks:", "  base_path: stacks", "  name_pattern: '{stage}'", ...auth);

    it("identities in atmos.yaml: one warning where auth is written", () => {
        const stack = load(
            instance("vars: {name: x}"),
            atmos("auth:", "  identities:", "    admin: {kind: aws/permission-set, default: true}"),
        );
        const named = stack.warnings.filter((w) => w.includes("auth:"));
        assert.equal(named.length, 1, stack.warnings.join("\n"));
        assert.match(named[0], /^atmos\.yaml:5:3: auth: Atmos logs in through atmos\.yaml's auth/);
    });

    it("no providers and no identities: no warning", () => {
        const stack = load(instance("vars: {name: x}"), atmos("auth:", "  logs: {level: Debug}"));
        assert.deepEqual(
            stack.warnings.filter((w) => w.includes("auth")),
            [],
        );
    });
});

describe("Atmos audit: what Atmos hands Terraform's AWS provider (terraform_utils.go 160-183, utils.go 1090)", () => {
    it("each provider of the merged providers section is warned about where it is written", () => {
        const text = lines(
            "vars: {region: us-east-2, stage: dev}",
            "terraform:",
            "  providers:",
            "    aws: {default_tags: {tags: {team: ops}}}",
            "components:",
            "  terraform:",
            "    eventbridge:",
            "      vars: {name: x}",
            "      providers: {aws: {region: us-west-2}, random: {}}",
        );
        const named = load(text).warnings.filter((w) => /: providers\./.test(w));
        assert.deepEqual(
            named.map((w) => /^([^ ]+) .*(providers\.\w+)/.exec(w)?.slice(1)),
            [
                ["stacks/dev.yaml:9:19:", "providers.aws"],
                ["stacks/dev.yaml:9:45:", "providers.random"],
            ],
        );
        assert.match(named[0], /region, assume_role, default_tags/);
    });

    it("an AWS_* variable of env is warned about; others are not", () => {
        const stack = load(instance("vars: {name: x}", "env: {AWS_PROFILE: prod, TF_LOG: DEBUG}"));
        const named = stack.warnings.filter((w) => w.includes(": env."));
        assert.equal(named.length, 1, stack.warnings.join("\n"));
        assert.match(named[0], /^stacks\/dev\.yaml:9:13: .*env\.AWS_PROFILE: Atmos sets this variable for Terraform/);
    });
});

describe("Atmos audit: a component path Atmos evaluates (internal/exec/utils.go 1006-1093, 1461-1463)", () => {
    for (const written of ["'{{ .vars.c }}'", "!env C"]) {
        it(`metadata.component: ${written} is warned about where it is written, not skipped silently`, () => {
            const text = lines(
                "vars: {region: us-east-2, stage: dev, c: eventbridge}",
                "components:",
                "  terraform:",
                "    alerts:",
                `      metadata: {component: ${written}}`,
                "      vars: {name: x}",
            );
            const stack = load(text);
            assert.equal(stack.instances.length, 0);
            const named = stack.warnings.filter((w) => w.includes("component path"));
            assert.equal(named.length, 1, stack.warnings.join("\n"));
            assert.match(
                named[0],
                /^stacks\/dev\.yaml:5:\d+: instance "alerts": the component path .* is a Go template or YAML function/,
            );
        });
    }
});

describe("Atmos audit: !include's arguments (pkg/function/parser/parser.go 278-291, 79-84, 149-162)", () => {
    const files = { "stacks/x.yaml": "a: {b: {T: '1'}}\n", "stacks/my file.yaml": "T: '2'\n" };
    const loadWith = (text: string) =>
        loadStackFile("stacks/dev.yaml", {
            cwd: ROOT,
            env: {},
            files: memoryFiles({ "atmos.yaml": ATMOS, "stacks/dev.yaml": text, ...files }),
        });
    const rows: readonly { include: string; want: Record<string, string> }[] = [
        { include: "./x.yaml .a.b", want: { T: "1" } },
        // everything after the file is the query, unquoted whole
        { include: "./x.yaml '.a.b'", want: { T: "1" } },
        // the quotes are the argument's (YAML's own are taken by the YAML reader first)
        { include: `"'./my file.yaml'"`, want: { T: "2" } },
    ];
    for (const row of rows) {
        it(`!include ${row.include}`, () => {
            const stack = loadWith(instance(`vars: {name: x, tags: !include ${row.include}}`));
            assert.deepEqual(stack.instances[0].vars.tags, row.want);
        });
    }

    it("a query of several tokens is the query: refused naming the yq expression, not as bad arguments", () => {
        const error = failure(() => loadWith(instance("vars: {name: x, tags: !include ./x.yaml .a | keys}")));
        assert.match(error.problems[0].message, /the yq expression "\.a \| keys" is not supported by this port/);
    });
});

describe("Atmos audit: !terraform.output's arguments (pkg/function/parser/parser.go 192-218, 164-170)", () => {
    const rows: readonly {
        call: string;
        want: { component: string; stack?: string; output: string; path: string[] };
    }[] = [
        { call: "!terraform.output vpc .vpc_id", want: { component: "vpc", output: "vpc_id", path: [] } },
        {
            call: "!terraform.output vpc dev vpc_id",
            want: { component: "vpc", stack: "dev", output: "vpc_id", path: [] },
        },
        // a quoted second token starts the expression
        { call: "!terraform.output vpc '.a.b'", want: { component: "vpc", output: "a", path: ["b"] } },
    ];
    for (const row of rows) {
        it(row.call, () => {
            const found = evaluateYamlFunction(row.call, { stack: "dev" }) as Record<string, unknown>;
            assert.deepEqual(
                { component: found.component, stack: found.stack, output: found.output, path: found.path },
                { stack: undefined, ...row.want },
            );
        });
    }

    it("an expression of several tokens is the expression: refused naming the yq expression", () => {
        assert.throws(
            () => evaluateYamlFunction("!terraform.output vpc dev .a | keys", { stack: "dev" }),
            /the yq expression "\.a \| keys" is not supported by this port/,
        );
    });
});

describe("Atmos audit: !env's arguments (pkg/function/parser/parser.go 243-259, lexer 79-84)", () => {
    const env = (call: string) => evaluateYamlFunction(call, { stack: "dev", processEnv: {} });
    it("a default of one quoted token, quotes taken off", () => {
        assert.equal(env("!env NOPE 'x y'"), "x y");
    });
    it("`|` is a token of its own: A|B is three tokens, refused as Atmos refuses them", () => {
        assert.throws(() => env("!env A|B"), /!env takes a variable name and an optional default/);
    });
});

describe("Atmos audit: Sprig's functions (Masterminds/sprig v3.3.0 functions.go genericMap; template_utils.go 45-50)", () => {
    const sprigOnly = lines(
        "stacks:",
        "  base_path: stacks",
        "  name_pattern: '{stage}'",
        "templates:",
        "  settings:",
        "    enabled: true",
        "    sprig: {enabled: true}",
    );
    const rows: readonly { template: string; message: RegExp }[] = [
        // a Sprig function this port lacks: named as Sprig's, not as undefined
        { template: "{{ now }}", message: /function "now" \(a Sprig function\) is not supported by this port/ },
        // Helm's additions are no function of Atmos's
        { template: "{{ toYaml .vars }}", message: /function "toYaml" is Helm's, not Sprig's/ },
        { template: '{{ required "x" .vars.stage }}', message: /function "required" is Helm's, not Sprig's/ },
    ];
    for (const row of rows) {
        it(`${row.template} is refused naming the function`, () => {
            const error = failure(() => load(instance(`vars: {name: '${row.template}'}`), sprigOnly));
            assert.match(error.problems[0].message, row.message);
        });
    }
});
