/**
 * Custom component types (`components.<type>.<instance>`, Atmos 1.221): `components.pulumi`
 * instances of this package's components are loaded, merged as Atmos merges a custom type
 * (cloudposse/atmos 0a1cb44, internal/exec/stack_processor_process_stacks.go 1237-1340 and
 * resolveCustomComponentInheritance 1347-1440): the stack's top-level vars/settings/env under the
 * instance's at the top level only, bases deep-merged whole through metadata.inherits (a base's
 * metadata.type/inherits/component dropped, an unknown base skipped), no `<type>.vars`, no
 * `terraform.vars`, no overrides. Other custom types are left alone with a located note.
 */
import { strict as assert } from "node:assert";
import { listStacks, loadAtmosStack, loadStackFile } from "../../stack";
import { lines, memoryFiles, ROOT, stackError } from "../helpers/stack";

const ATMOS = lines("base_path: .", "stacks:", "  base_path: stacks", "  name_pattern: '{stage}'");

function load(stack: string, extra: Record<string, string> = {}) {
    return loadStackFile("stacks/dev.yaml", {
        cwd: ROOT,
        env: {},
        files: memoryFiles({ "atmos.yaml": ATMOS, "stacks/dev.yaml": stack, ...extra }),
    });
}

describe("components.pulumi (Atmos custom component type)", () => {
    it("plans an instance of this package's component, with the stack's vars at the top level only", () => {
        const stack = load(
            lines(
                "vars: {region: us-east-2, namespace: eg, stage: dev, tags: {Team: a, Cost: x}}",
                "terraform:",
                "  vars: {environment: from-terraform-vars}", // not for custom types (no <type>.vars either)
                "pulumi:",
                "  vars: {environment: from-pulumi-vars}",
                "overrides:",
                "  vars: {name: from-overrides}", // overrides do not reach custom types
                "components:",
                "  pulumi:",
                "    alerts:",
                "      metadata: {component: eventbridge}",
                "      vars: {name: alerts, tags: {Team: b}}",
            ),
        );
        assert.equal(stack.instances.length, 1);
        const [instance] = stack.instances;
        assert.equal(instance.name, "alerts");
        assert.equal(instance.component, "eventbridge");
        assert.equal(instance.componentType, "pulumi");
        assert.equal(instance.vars.name, "alerts");
        assert.equal(instance.vars.environment, undefined);
        // componentVars[k] = v (1287-1298): the instance's tags replace the stack's whole.
        assert.deepEqual(instance.vars.tags, { Team: "b" });
        assert.equal(stack.stackName, "dev");
    });

    it("deep-merges bases through metadata.inherits; a base's type, inherits and component are not inherited", () => {
        const stack = load(
            lines(
                "vars: {region: us-east-2, stage: dev}",
                "components:",
                "  pulumi:",
                "    defaults:",
                "      metadata: {type: abstract, component: not-inherited}",
                "      vars: {event_log_retention_in_days: 14, tags: {A: '1'}}",
                "    mid:",
                "      metadata: {type: abstract, inherits: [defaults]}",
                "      vars: {tags: {B: '2'}}",
                "    eventbridge:",
                "      metadata: {inherits: [mid, nowhere]}",
                "      vars: {name: x, tags: {C: '3'}}",
            ),
        );
        assert.deepEqual(
            stack.instances.map((i) => i.name),
            ["eventbridge"],
        );
        const [instance] = stack.instances;
        // The base's metadata.component is dropped: the component is the instance's name.
        assert.equal(instance.component, "eventbridge");
        assert.equal(instance.vars.event_log_retention_in_days, 14);
        assert.deepEqual(instance.vars.tags, { A: "1", B: "2", C: "3" });
        // An unknown base is skipped as Atmos skips it (1367-1370), with a located warning.
        assert.ok(
            stack.warnings.some((w) => /stacks\/dev\.yaml:11:\d+: .*nowhere.*skipped/.test(w)),
            stack.warnings.join("\n"),
        );
    });

    it("checks vars written under the instance and its bases strictly, naming the base", () => {
        const error = stackError(() =>
            load(
                lines(
                    "vars: {region: us-east-2, stage: dev, vpc_id: for-others}",
                    "components:",
                    "  pulumi:",
                    "    base: {metadata: {type: abstract}, vars: {regoin: x}}",
                    "    eventbridge: {metadata: {inherits: [base]}}",
                ),
            ),
        );
        assert.match(
            error.message,
            /stacks\/dev\.yaml:4:\d+: .*unknown var regoin \(inherited from "base"\); did you mean region\?/,
        );
    });

    it("leaves alone a pulumi instance of another component and other custom types, with located notes", () => {
        const stack = load(
            lines(
                "vars: {region: us-east-2, stage: dev}",
                "components:",
                "  pulumi:",
                "    web: {vars: {name: web}}",
                "  container:",
                "    api: {image: x}",
                "  terraform:",
                "    vpc: {vars: {cidr: 10.0.0.0/16}}",
            ),
        );
        assert.equal(stack.instances.length, 0);
        assert.deepEqual(
            stack.skipped.map((s) => s.instance),
            ["vpc"],
        );
        assert.ok(
            stack.warnings.some((w) =>
                /^stacks\/dev\.yaml:4:5: components\.pulumi instance "web": component web is not one of this package's/.test(
                    w,
                ),
            ),
        );
        assert.ok(
            stack.warnings.some((w) =>
                /^stacks\/dev\.yaml:5:3: components\.container: custom component type \(1 instance\) left alone/.test(
                    w,
                ),
            ),
        );
    });

    it("keeps components.terraform as it is, beside components.pulumi", () => {
        const stack = load(
            lines(
                "vars: {region: us-east-2, stage: dev}",
                "terraform: {vars: {namespace: tf}}",
                "components:",
                "  terraform:",
                "    a: {metadata: {component: eventbridge}, vars: {name: a}}",
                "  pulumi:",
                "    b: {metadata: {component: eventbridge}, vars: {name: b}}",
            ),
        );
        assert.deepEqual(
            stack.instances.map((i) => [i.name, i.componentType, i.vars.namespace]),
            [
                ["a", "terraform", "tf"],
                ["b", "pulumi", undefined],
            ],
        );
    });

    it("refuses one instance under both types, and an instance that is not a map", () => {
        const twice = stackError(() =>
            load(
                lines(
                    "vars: {region: us-east-2, stage: dev}",
                    "components:",
                    "  terraform: {eventbridge: {vars: {name: a}}}",
                    "  pulumi:",
                    "    eventbridge: {vars: {name: b}}",
                ),
            ),
        );
        assert.match(
            twice.message,
            /stacks\/dev\.yaml:5:5: instance "eventbridge" is declared under components\.pulumi and under components\.terraform \(stacks\/dev\.yaml:3:15\)/,
        );
        const notMap = stackError(() =>
            load(lines("vars: {region: us-east-2, stage: dev}", "components:", "  pulumi:", "    eventbridge:")),
        );
        assert.match(notMap.message, /instance "eventbridge" under components\.pulumi must be a map, got null/);
    });

    it("leaves out abstract and disabled pulumi instances", () => {
        const stack = load(
            lines(
                "vars: {region: us-east-2, stage: dev}",
                "components:",
                "  pulumi:",
                "    a: {metadata: {component: eventbridge, type: abstract}}",
                "    b: {metadata: {component: eventbridge, enabled: false}}",
                "    c: {metadata: {component: eventbridge, inherits: [b]}}",
            ),
        );
        // metadata.enabled is not stripped from a base (sanitizeBaseForInheritance drops type, inherits, component only).
        assert.deepEqual(stack.instances, []);
    });
});

describe("components.pulumi in a repository", () => {
    it("names and selects a stack whose only instances are under components.pulumi", () => {
        const files = memoryFiles({
            "atmos.yaml": lines(
                "base_path: .",
                "stacks:",
                "  base_path: stacks",
                "  included_paths: ['deploy/*']",
                "  name_pattern: '{stage}'",
            ),
            "stacks/deploy/a.yaml": lines(
                "vars: {region: us-east-2, stage: blue}",
                "components:",
                "  pulumi:",
                "    eventbridge: {vars: {name: x}}",
            ),
        });
        assert.deepEqual(
            listStacks({ atmosDir: ROOT, env: {}, files }).map((e) => e.name),
            ["blue"],
        );
        const loaded = loadAtmosStack("blue", { atmosDir: ROOT, env: {}, files });
        assert.deepEqual(
            loaded.instances.map((i) => [i.name, i.componentType]),
            [["eventbridge", "pulumi"]],
        );
    });
});

describe("components.pulumi refusals (located, naming the instance and the field)", () => {
    const header = ["vars: {region: us-east-2, stage: dev}", "components:", "  pulumi:"];
    for (const [title, body, expected] of [
        [
            "components.pulumi that is not a map",
            ["vars: {region: us-east-2, stage: dev}", "components:", "  pulumi: [eventbridge]"],
            /stacks\/dev\.yaml:3:11: components\.pulumi must be a map, got \["eventbridge"\]$/,
        ],
        [
            // customComponentInheritsBases (~1397-1420): not a list of strings is an error.
            "metadata.inherits that is not a list",
            [...header, "    eventbridge: {metadata: {inherits: base}, vars: {name: x}}"],
            /stacks\/dev\.yaml:4:\d+: instance "eventbridge": metadata\.inherits must be a list of component names, got/,
        ],
        [
            "a metadata.inherits item that is not a string",
            [...header, "    eventbridge: {metadata: {inherits: [{a: 1}]}, vars: {name: x}}"],
            /instance "eventbridge": metadata\.inherits must be a list of component names/,
        ],
        [
            "vars that are not a map",
            [...header, "    eventbridge:", "      vars: [name]"],
            /stacks\/dev\.yaml:5:13: instance "eventbridge": vars must be a map, got \["name"\]$/,
        ],
        [
            "settings inherited from a base that are not a map",
            [
                ...header,
                "    base: {metadata: {type: abstract}, settings: x}",
                "    eventbridge: {metadata: {inherits: [base]}}",
            ],
            /stacks\/dev\.yaml:4:\d+: instance "eventbridge": settings must be a map, got/,
        ],
        [
            "metadata.enabled that is not a bool",
            [...header, "    eventbridge: {metadata: {enabled: 'no'}, vars: {name: x}}"],
            /stacks\/dev\.yaml:4:\d+: instance "eventbridge": metadata\.enabled must be a bool, got/,
        ],
    ] as const) {
        it(`refuses ${title}`, () => {
            assert.match(stackError(() => load(lines(...body))).message, expected);
        });
    }
});

describe("components.pulumi merging, edge cases", () => {
    it("skips a base already being resolved (a cycle), as resolveCustomComponentInheritance does (~1360-1366)", () => {
        const stack = load(
            lines(
                "vars: {region: us-east-2, stage: dev}",
                "components:",
                "  pulumi:",
                "    a: {metadata: {component: eventbridge, inherits: [b, '', c]}, vars: {name: a}}",
                "    c: {vars: {tags: {Team: c}}}", // a base without metadata
                "    b: {metadata: {type: abstract, inherits: [a]}, vars: {event_log_retention_in_days: 7}}",
            ),
        );
        assert.deepEqual(
            stack.instances.map((i) => [i.name, i.vars.name, i.vars.event_log_retention_in_days, i.vars.tags]),
            [["a", "a", 7, { Team: "c" }]],
        );
    });

    it("takes only the global keys of the stack's metadata (validateGlobalMetadataSection)", () => {
        const stack = load(
            lines(
                "vars: {region: us-east-2, stage: dev}",
                "metadata: {enabled: false, component: not-a-global-key}",
                "components:",
                "  pulumi:",
                "    eventbridge: {vars: {name: x}}",
            ),
        );
        // metadata.enabled: false from the stack disables the instance ...
        assert.deepEqual(stack.instances, []);
        const kept = load(
            lines(
                "vars: {region: us-east-2, stage: dev}",
                "metadata: {component: not-a-global-key, labels: {team: a}}",
                "components:",
                "  pulumi:",
                "    eventbridge: {vars: {name: x}}",
            ),
        );
        // ... while metadata.component is not global: the component stays the instance's name.
        assert.deepEqual(
            kept.instances.map((i) => i.component),
            ["eventbridge"],
        );
    });

    it("a null components.pulumi, or a stack without components, has no instances", () => {
        assert.deepEqual(
            load(lines("vars: {region: us-east-2, stage: dev}", "components:", "  pulumi:")).instances,
            [],
        );
        assert.deepEqual(load(lines("vars: {region: us-east-2, stage: dev}")).instances, []);
    });
});

describe("components.pulumi locals and auth", () => {
    it("renders an instance's locals in its vars; notes that its auth is not used", () => {
        const stack = load(
            lines(
                "vars: {region: us-east-2, stage: dev}",
                "components:",
                "  pulumi:",
                "    eventbridge:",
                "      locals: {base: alerts}",
                "      auth: {identities: {admin: {kind: aws/permission-set}}}",
                "      vars: {name: '{{ .locals.base }}-x'}",
            ),
            { "atmos.yaml": lines(ATMOS, "templates: {settings: {enabled: true}}") },
        );
        assert.equal(stack.instances[0]?.vars.name, "alerts-x");
        assert.ok(
            stack.warnings.some((w) =>
                /stacks\/dev\.yaml:6:\d+: .*auth: Atmos logs in with this component's identity/.test(w),
            ),
            stack.warnings.join("\n"),
        );
    });
});
