/**
 * Review of the Atmos audit against Atmos's source (cloudposse/atmos 0a1cb44): warnings about an
 * entry shared by many instances come once per entry, every warning is escaped for the terminal,
 * backend sections keep `__proto__` as a key, and YAML functions' arguments are Atmos's tokens.
 */
import { strict as assert } from "node:assert";
import { loadStackFile } from "../../stack";
import { mergePlain } from "../../stack/atmosConfig";
import { evaluateYamlFunction } from "../../stack/yamlFunctions";
import { hasUnsafeText } from "../../util/terminalText";
import { lines, memoryFiles, ROOT } from "../helpers/stack";

/** An atmos.yaml naming stacks by stage, with `more` lines after. */
const atmosWith = (...more: string[]) => lines("stacks:", "  base_path: stacks", "  name_pattern: '{stage}'", ...more);
const ATMOS = atmosWith("templates:", "  settings:", "    enabled: true");

function load(stack: string, more: Record<string, string> = {}, atmos = ATMOS, env: Record<string, string> = {}) {
    return loadStackFile("stacks/dev.yaml", {
        cwd: ROOT,
        env,
        files: memoryFiles({ "atmos.yaml": atmos, "stacks/dev.yaml": stack, ...more }),
    });
}

/** A dev stack: `top` lines at the top level, then one `eventbridge` instance of `type` with `own` lines. */
function oneInstance(top: readonly string[], own: readonly string[], type = "terraform"): string {
    return lines(
        "vars: {region: us-east-2, stage: dev}",
        ...top,
        "components:",
        `  ${type}:`,
        "    eventbridge:",
        ...own.map((l) => `      ${l}`),
    );
}

/** Four eventbridge instances under stack-level `sections` (one item a line, at the top level). */
function fourInstances(...sections: string[]): string {
    return lines(
        "vars: {region: us-east-2, stage: dev}",
        ...sections,
        "components:",
        "  terraform:",
        ...["a", "b", "c", "d"].flatMap((n) => [
            `    eb-${n}:`,
            "      metadata: {component: eventbridge}",
            `      vars: {name: ${n}}`,
        ]),
    );
}

describe("Atmos audit review: a stack-level entry every instance merges is one warning (loader.ts EntryWarnings)", () => {
    // Atmos merges the stack's sections into each component (stack_processor_merge.go 529-651); a
    // repository's one `terraform.providers.aws` or `env.AWS_PROFILE` reaches every instance.
    const rows: readonly { section: string; field: RegExp }[] = [
        { section: "terraform: {providers: {aws: {region: us-west-2}}}", field: /: providers\.aws: / },
        { section: "env: {AWS_PROFILE: prod}", field: /: env\.AWS_PROFILE: / },
        {
            section: "settings: {validation: {check: {schema_type: jsonschema, schema_path: x.json}}}",
            field: /: settings\.validation\.check: /,
        },
        { section: "hooks: {notify: {events: [after-terraform-apply], command: echo}}", field: /: hooks\.notify / },
    ];
    for (const row of rows) {
        it(`${row.section}: one warning, naming three instances and counting the fourth`, () => {
            const stack = load(fourInstances(row.section));
            assert.equal(stack.instances.length, 4);
            const named = stack.warnings.filter((w) => row.field.test(w));
            assert.equal(named.length, 1, stack.warnings.join("\n"));
            assert.match(
                named[0],
                /^stacks\/dev\.yaml:2:\d+: eventbridge "eb-a" \(stack dev\), eventbridge "eb-b" \(stack dev\), eventbridge "eb-c" \(stack dev\) and 1 more instance: /,
            );
        });
    }

    it("an instance's own provider is its own warning, naming it alone", () => {
        const text = fourInstances("terraform: {providers: {aws: {region: us-west-2}}}").replace(
            "      vars: {name: d}",
            "      vars: {name: d}\n      providers: {random: {}}",
        );
        const named = load(text).warnings.filter((w) => /providers\.random/.test(w));
        assert.equal(named.length, 1);
        assert.match(named[0], /^stacks\/dev\.yaml:\d+:\d+: eventbridge "eb-d" \(stack dev\): providers\.random: /);
    });
});

describe("Atmos audit review: env handed to Terraform (pkg/env/env.go ConvertEnvVars)", () => {
    // Atmos sets no variable whose value is null or the text "null": nothing reaches Terraform.
    for (const value of ["null", "'null'", "~"]) {
        it(`AWS_PROFILE: ${value} is not warned about`, () => {
            const stack = load(fourInstances(`env: {AWS_PROFILE: ${value}}`));
            assert.deepEqual(
                stack.warnings.filter((w) => w.includes("AWS_PROFILE")),
                [],
            );
        });
    }
});

describe("Atmos audit review: warnings quote the user's file escaped, one line each (util/terminalText.ts)", () => {
    const rows: readonly { what: string; section: string; shown: RegExp }[] = [
        {
            what: "an env key",
            section: 'env: {"AWS_X\\e[2J\\nwarning: forged": v}',
            shown: /env\.AWS_X\\u001b\[2J\\nwarning/,
        },
        {
            what: "a provider key",
            section: 'terraform: {providers: {"p\\e]0;t\\a": {}}}',
            shown: /providers\.p\\u001b\]0;t\\u0007/,
        },
        {
            what: "a validation policy's path",
            section: 'settings: {validation: {v: {schema_path: "x\\ny\\u202e"}}}',
            shown: /\(x\\ny\\u202e\)/,
        },
        { what: "a hook's kind", section: 'hooks: {h: {kind: "k\\e[1m"}}', shown: /\(kind k\\u001b\[1m\)/ },
    ];
    for (const row of rows) {
        it(`${row.what}: no control character reaches the warning`, () => {
            const stack = load(fourInstances(row.section));
            assert.ok(
                stack.warnings.every((w) => !hasUnsafeText(w)),
                JSON.stringify(stack.warnings),
            );
            assert.equal(stack.warnings.filter((w) => row.shown.test(w)).length, 1, JSON.stringify(stack.warnings));
        });
    }
});

describe("Atmos audit review: backend keys named __proto__ are keys (stack_processor_backend.go 304-310, Go maps)", () => {
    it("mergePlain keeps __proto__ an own key and reaches no prototype", () => {
        const merged = mergePlain(
            { key: "k" },
            JSON.parse('{"__proto__": {"bucket": "evil"}}') as Record<string, unknown>,
        );
        assert.equal(Object.getPrototypeOf(merged), Object.prototype);
        assert.equal(merged.bucket, undefined);
        assert.deepEqual(Object.keys(merged), ["key", "__proto__"]);
    });

    it("remote_state_backend.s3.__proto__ gives no bucket to the remote state backend", () => {
        const stack = load(
            oneInstance(
                [
                    "terraform:",
                    "  backend_type: s3",
                    "  backend: {s3: {bucket: b}}",
                    "  remote_state_backend: {s3: {__proto__: {bucket: evil, key: k}}}",
                ],
                ["vars: {name: '{{ .remote_state_backend.bucket }}-{{ .remote_state_backend.key }}'}"],
            ),
        );
        assert.equal(stack.instances[0].vars.name, "b-<no value>");
    });
});

describe("Atmos audit review: YAML functions' tokens (pkg/function/parser/parser.go 79-84, 92-122)", () => {
    const env = (call: string, processEnv: Record<string, string> = {}) =>
        evaluateYamlFunction(call, { stack: "dev", processEnv });
    // Go's regexp `\s` is [\t\n\f\r ] (regexp/syntax perl_groups.go): a no-break space or a vertical
    // tab is text, so `A<NBSP>B` is one name.
    const names: readonly { call: string; env: Record<string, string>; want: string }[] = [
        { call: "!env A\u00a0B", env: { "A\u00a0B": "one" }, want: "one" },
        { call: "!env A\u000bB", env: { "A\u000bB": "one" }, want: "one" },
        { call: "!env A\tdef", env: {}, want: "def" },
        { call: `!env NOPE "a ""b"""`, env: {}, want: 'a "b"' },
    ];
    for (const row of names) {
        it(`${JSON.stringify(row.call)} is ${JSON.stringify(row.want)}`, () => {
            assert.equal(env(row.call, row.env), row.want);
        });
    }

    // parser.go 117-119: a text token starting with a quote is an unterminated quoted value.
    const refused: readonly string[] = ["!env 'HOME", '!env HOME "x y', "!terraform.output vpc 'a.b", '!env "A""'];
    for (const call of refused) {
        it(`${call}: an unterminated quote is refused, as Atmos refuses it`, () => {
            assert.throws(() => env(call), /is not closed \(Atmos refuses an unterminated quoted value\)/);
        });
    }

    it("!include with an unterminated quote is refused where it is written", () => {
        assert.throws(
            () =>
                load(lines("vars:", "  region: us-east-2", "  stage: dev", `  tags: !include "'./x.yaml"`), {
                    "stacks/x.yaml": "a: 1\n",
                }),
            /stacks\/dev\.yaml:4:\d+: .*is not closed \(Atmos refuses an unterminated quoted value\)/,
        );
    });
});

describe("Atmos audit review: an edition pin is experimental too (cmd/root.go checkExperimentalSettings 1100-1106, 1117-1140)", () => {
    const loadWith = (atmos: string, env: Record<string, string> = {}) =>
        load(oneInstance([], ["vars: {name: x}"]), {}, atmos, env);

    for (const mode of ["disable", "error"]) {
        it(`edition with settings.experimental: ${mode}: refused where edition is written, as Atmos stops`, () => {
            assert.throws(
                () => loadWith(atmosWith("edition: '2026'", "settings:", `  experimental: ${mode}`)),
                (e: Error) =>
                    /^atmos\.yaml:4:10: edition \(an edition pin\) is an experimental setting, and settings\.experimental is "(disable|error)": Atmos stops/.test(
                        e.message,
                    ),
            );
        });
    }

    it("ATMOS_EDITION with ATMOS_EXPERIMENTAL=error: refused naming ATMOS_EDITION", () => {
        assert.throws(
            () => loadWith(atmosWith(), { ATMOS_EDITION: "2026", ATMOS_EXPERIMENTAL: "error" }),
            /ATMOS_EDITION.*an edition pin is an experimental setting, and ATMOS_EXPERIMENTAL is "error"/,
        );
    });

    it("warn, silence or no mode: the pin loads (Atmos warns or says nothing)", () => {
        for (const more of [[], ["settings:", "  experimental: warn"], ["settings:", "  experimental: silence"]]) {
            assert.equal(loadWith(atmosWith("edition: '2026'", ...more)).instances.length, 1);
        }
    });
});

describe("Atmos audit review: Gomplate's top-level default is conv.Default (gomplate v3.11.8 funcs/conv.go 148-153)", () => {
    const gomplateOnly = atmosWith("templates:", "  settings:", "    enabled: true", "    gomplate: {enabled: true}");
    // template.IsTrue: an empty list, map, string, 0 and false are not true, so the default is given
    const rows: readonly { value: string; want: string }[] = [
        { value: "{}", want: "d" },
        { value: "[]", want: "d" },
        { value: "''", want: "d" },
        { value: "0", want: "d" },
        { value: "[a]", want: "[a]" },
        { value: "{a: 1}", want: "map[a:1]" },
        { value: "v", want: "v" },
    ];
    for (const row of rows) {
        it(`{{ default "d" .settings.x }} with x: ${row.value} is ${row.want}`, () => {
            const text = oneInstance(
                [`settings: {x: ${row.value}}`],
                ["vars: {name: '{{ default \"d\" .settings.x }}'}"],
            );
            assert.equal(load(text, {}, gomplateOnly).instances[0].vars.name, row.want);
        });
    }
});

describe("Atmos audit review: a custom type's pass has no Terraform sections (stack_processor_process_stacks.go 1244-1340)", () => {
    // Atmos builds a custom type's component from its own merged map: vars, settings, env,
    // metadata, component, component_type; stack_processor_merge.go's command, inheritance, auth,
    // generate, required_version... are never set, so a template reading one prints <no value>.
    for (const section of ["command", "inheritance", "auth", "generate", "required_version", "required_providers"]) {
        it(`.${section} of a components.pulumi instance prints <no value>, as in Atmos`, () => {
            const stack = oneInstance([], [`vars: {name: 'a{{ .${section} }}'}`], "pulumi");
            assert.equal(load(stack).instances[0].vars.name, "a<no value>");
        });
    }

    for (const template of ["{{ .imports }}", "{{ . }}"]) {
        it(`${template} of a components.pulumi instance is still refused, naming .imports (internal/exec/utils.go 912)`, () => {
            const stack = oneInstance([], [`vars: {name: 'a${template}'}`], "pulumi");
            assert.throws(() => load(stack), /\.imports is not given by this port/);
        });
    }
});
