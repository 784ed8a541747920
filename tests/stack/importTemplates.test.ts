import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { loadStackFile, StackFileError } from "../../stack";

/** Writes a small Atmos repository (path -> text) and returns its root. */
function repo(files: Record<string, string>): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "import-templates-"));
    for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        fs.writeFileSync(path.join(root, name), text);
    }
    return root;
}

const ATMOS_YAML =
    'base_path: "."\nstacks:\n  base_path: stacks\n  included_paths: ["deploy/**/*"]\n  name_pattern: "{stage}"\n';
const roots: string[] = [];
after(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));
const load = (files: Record<string, string>, manifest: string) => {
    const root = repo({ "atmos.yaml": ATMOS_YAML, ...files });
    roots.push(root);
    return loadStackFile(path.join(root, manifest), { cwd: root });
};

describe("Go templates in imports and !include, while manifests are read", () => {
    it("renders an imported file with the entry's context, inherited by nested imports", () => {
        const stack = load(
            {
                "stacks/deploy/dev.yaml":
                    "vars:\n  stage: dev\nimport:\n  - path: catalog/svc\n    context:\n      name: svc-a\n      retention: 7\n",
                "stacks/catalog/svc.yaml":
                    "import:\n  - catalog/nested\ncomponents:\n  terraform:\n    '{{ .name }}':\n      metadata:\n        component: eventbridge\n      vars:\n        region: us-east-2\n        event_log_retention_in_days: {{ .retention }}\n",
                "stacks/catalog/nested.yaml": "vars:\n  name: '{{ .name }}-nested'\n",
            },
            "stacks/deploy/dev.yaml",
        );
        assert.deepEqual(
            stack.instances.map((i) => [i.name, i.vars.event_log_retention_in_days, i.vars.name]),
            [["svc-a", 7, "svc-a-nested"]],
        );
    });

    it("renders a templated import path from an earlier import's settings", () => {
        const stack = load(
            {
                "atmos.yaml": `${ATMOS_YAML}templates:\n  settings:\n    enabled: true\n`,
                "stacks/deploy/dev.yaml":
                    "import:\n  - _defaults\n  - 'catalog/{{ .settings.ref }}/svc'\nvars:\n  stage: dev\n",
                "stacks/_defaults.yaml": "settings:\n  ref: v2\n",
                "stacks/catalog/v2/svc.yaml":
                    "components:\n  terraform:\n    svc:\n      metadata:\n        component: eventbridge\n      vars:\n        region: us-east-2\n        name: from-v2\n",
            },
            "stacks/deploy/dev.yaml",
        );
        assert.equal(stack.instances[0].vars.name, "from-v2");
    });

    it("skips a templated import path when templates are disabled (it is still a template), as Atmos does", () => {
        const stack = load(
            {
                "stacks/deploy/dev.yaml":
                    "import:\n  - 'catalog/{{ .settings.nope }}/svc'\nvars:\n  stage: dev\ncomponents:\n  terraform:\n    a:\n      metadata:\n        component: eventbridge\n      vars:\n        region: us-east-2\n",
            },
            "stacks/deploy/dev.yaml",
        );
        assert.deepEqual(
            stack.instances.map((i) => i.name),
            ["a"],
        );
    });

    it("fails on a missing key in an import context template, naming the file", () => {
        assert.throws(
            () =>
                load(
                    {
                        "stacks/deploy/dev.yaml":
                            "vars:\n  stage: dev\nimport:\n  - path: catalog/svc\n    context:\n      a: 1\n",
                        "stacks/catalog/svc.yaml": "vars:\n  name: '{{ .missing }}'\n",
                    },
                    "stacks/deploy/dev.yaml",
                ),
            (e: unknown) =>
                e instanceof StackFileError &&
                e.problems.some(
                    (p) => p.code === "TEMPLATE_ERROR" && /map has no entry for key "missing"/.test(p.message),
                ),
        );
    });

    it("inlines !include files while parsing, so they merge like written values", () => {
        const stack = load(
            {
                "stacks/deploy/dev.yaml":
                    "vars:\n  stage: dev\ncomponents:\n  terraform:\n    alerts:\n      metadata:\n        component: eventbridge\n      vars: !include ./alerts.tfvars\n",
                "stacks/deploy/alerts.tfvars": 'region = "us-east-2"\nname = "from-tfvars"\n',
            },
            "stacks/deploy/dev.yaml",
        );
        assert.deepEqual([stack.instances[0].vars.region, stack.instances[0].vars.name], ["us-east-2", "from-tfvars"]);
    });

    it("resolves a file's locals before parsing it", () => {
        const stack = load(
            {
                "stacks/deploy/dev.yaml":
                    "locals:\n  ns: acme\n  full: '{{ .locals.ns }}-{{ .vars.stage }}'\nvars:\n  stage: dev\ncomponents:\n  terraform:\n    alerts:\n      metadata:\n        component: eventbridge\n      vars:\n        region: us-east-2\n        name: '{{ .locals.full }}'\n",
            },
            "stacks/deploy/dev.yaml",
        );
        assert.equal(stack.instances[0].vars.name, "acme-dev");
    });

    it("reads atmos.yaml stores for !store, and refuses the deploy-time value where a var must be known", () => {
        const root = repo({
            "atmos.yaml": `${ATMOS_YAML}stores:\n  ssm:\n    type: aws-ssm-parameter-store\n    options:\n      region: us-east-2\n      prefix: /atmos\n`,
            "stacks/deploy/dev.yaml":
                "vars:\n  stage: dev\ncomponents:\n  terraform:\n    alerts:\n      metadata:\n        component: eventbridge\n      vars:\n        region: us-east-2\n        name: !store ssm vpc name\n",
        });
        roots.push(root);
        assert.throws(
            () => loadStackFile(path.join(root, "stacks/deploy/dev.yaml"), { cwd: root }),
            (e: unknown) =>
                e instanceof StackFileError &&
                e.problems.some(
                    (p) =>
                        p.code === "DEPLOY_TIME_VALUE" &&
                        /name: !store ssm vpc name reads an SSM parameter, known only at deploy time/.test(p.message),
                ),
        );
    });
});
