/**
 * The git-root rule for `base_path` applies to the repository that holds the atmos.yaml found, so
 * a manifest in another repository loads the same from any current directory.
 *
 * Atmos (cloudposse/atmos 0a1cb4480b, pkg/config/git_root.go:31-80 applyGitRootBasePath) replaces a
 * `base_path` of "" or "." by the git root of the directory it runs in, unless that directory has
 * an Atmos config of its own (hasLocalAtmosConfig, git_root.go:91-110). Its own fixture
 * tests/fixtures/scenarios/provenance (atmos.yaml `base_path: "."`, in a subdirectory of the atmos
 * repository) is run with `workdir: fixtures/scenarios/provenance` (tests/test-cases/
 * provenance-snapshots.yaml:12), where it has a local config: "." is the fixture directory. The
 * layout below is written after it.
 */
import * as assert from "node:assert/strict";
import { loadStackFile } from "../../stack";
import { loadAtmosConfig } from "../../stack/atmosConfig";
import { memoryFiles } from "../helpers/stack";

const FIXTURE = "/atmos/tests/fixtures/scenarios/provenance";

/** The program's repository (/repo) and another one (/atmos) holding an Atmos fixture. */
const files = memoryFiles({
    ".git/HEAD": "",
    "app/index.ts": "",
    "../atmos/.git/HEAD": "",
    "../atmos/stacks/orgs/acme/_defaults.yaml": "vars: {stage: wrong-repository}\n",
    "../atmos/tests/fixtures/scenarios/provenance/atmos.yaml": [
        'base_path: "."',
        "stacks:",
        '  base_path: "stacks"',
        '  included_paths: ["orgs/**/*"]',
        '  excluded_paths: ["**/_defaults.yaml"]',
        '  name_template: "{{ .vars.tenant }}-{{ .vars.stage }}-{{ .vars.region }}"',
        "",
    ].join("\n"),
    "../atmos/tests/fixtures/scenarios/provenance/stacks/orgs/acme/_defaults.yaml":
        "vars: {tenant: acme, stage: dev, namespace: eg}\n",
    "../atmos/tests/fixtures/scenarios/provenance/stacks/orgs/acme/dev/us-east-1.yaml": [
        "import:",
        "  - orgs/acme/_defaults",
        "vars:",
        "  region: us-east-1",
        "components:",
        "  terraform:",
        "    rule:",
        "      metadata: {component: eventbridge}",
        "      vars: {name: faults}",
        "",
    ].join("\n"),
});

const MANIFEST = `${FIXTURE}/stacks/orgs/acme/dev/us-east-1.yaml`;

describe("the git-root rule applies to the repository that holds the atmos.yaml found", () => {
    for (const cwd of ["/repo", "/repo/app", "/", FIXTURE]) {
        it(`loads the provenance-like manifest of another repository the same from ${cwd}`, () => {
            const loaded = loadStackFile(MANIFEST, { cwd, env: {}, files });
            assert.equal(loaded.stackName, "acme-dev-us-east-1");
            assert.deepEqual(
                { ...loaded.instances[0].vars },
                { region: "us-east-1", tenant: "acme", stage: "dev", namespace: "eg", name: "faults" },
            );
        });
    }

    it("takes the atmos.yaml's repository as the git root, and its directory as base_path '.'", () => {
        const config = loadAtmosConfig({ cwd: "/repo/app", env: {}, files, manifest: MANIFEST });
        assert.equal(config.gitRoot, "/atmos");
        assert.equal(config.basePath, FIXTURE);
        assert.equal(config.stacksBasePath, `${FIXTURE}/stacks`);
    });

    it("still follows Atmos from inside the repository when the atmos.yaml is found from there", () => {
        // Run from /atmos/x (no config of its own), Atmos finds /atmos/atmos.yaml (its git root's)
        // and replaces base_path "." by the git root (git_root.go:53-74).
        const repo = memoryFiles({
            "../atmos/.git/HEAD": "",
            "../atmos/atmos.yaml": 'base_path: "."\n',
            "../atmos/x/y": "",
        });
        const config = loadAtmosConfig({ cwd: "/atmos/x", env: {}, files: repo });
        assert.deepEqual([config.gitRoot, config.basePath], ["/atmos", "/atmos"]);
        // So does the fixture's stacks directory: Atmos finds the fixture's atmos.yaml in a parent
        // directory, and "." is the atmos repository's root, as Atmos run there makes it.
        const fromStacks = loadAtmosConfig({ cwd: `${FIXTURE}/stacks`, env: {}, files, manifest: MANIFEST });
        assert.deepEqual([fromStacks.gitRoot, fromStacks.basePath], ["/atmos", "/atmos"]);
    });
});
