/**
 * atmos.yaml and the stacks of a repository, edge cases against Atmos (`pkg/config/load.go`,
 * `pkg/config/config.go` resolveAbsolutePath, `pkg/config/default.go`, `pkg/config/imports.go`):
 * discovery order with a git root, base paths, the built-in defaults, config imports, unreadable
 * or invalid files, and included_paths. In-memory repositories only.
 */
import * as assert from "node:assert/strict";
import {
    AtmosConfigError,
    findStackManifests,
    listStacks,
    loadAtmosConfig,
    loadStackFile,
    type FileSystem,
} from "../../stack";
import { lines, memoryFiles, stackError } from "../helpers/stack";

function config(
    files: Record<string, string>,
    cwd = "/repo",
    env: Record<string, string> = {},
    allowOutsideRepository = false,
) {
    return loadAtmosConfig({ cwd, env, files: memoryFiles(files), allowOutsideRepository });
}

/** Asserts that `fn` throws an AtmosConfigError whose message matches `message`. */
function configError(fn: () => unknown, message: RegExp): void {
    assert.throws(fn, (e: unknown) => {
        assert.ok(e instanceof AtmosConfigError, `expected an AtmosConfigError, got ${String(e)}`);
        assert.match(e.message, message);
        return true;
    });
}

describe("atmos.yaml: discovery and base paths", () => {
    it("uses Atmos's built-in defaults when there is no atmos.yaml (pkg/config/default.go)", () => {
        const c = config({ "stacks/orgs/a/dev.yaml": "" });
        assert.deepEqual(
            [c.files, c.basePath, c.stacksBasePath, c.includedPaths, c.excludedPaths, c.namePattern],
            [[], "/repo", "/repo/stacks", ["orgs/**/*"], ["**/_defaults.yaml"], "{tenant}-{environment}-{stage}"],
        );
        assert.deepEqual([c.templatesEnabled, c.sprigEnabled, c.gomplateEnabled], [true, true, true]);
        assert.equal(c.listMergeStrategy, "replace");
    });

    it("merges the nearest parent's atmos.yaml, then the git root's over it (the git root's wins)", () => {
        const c = config(
            {
                ".git/HEAD": "",
                "atmos.yaml": lines("stacks: {base_path: root-stacks, name_pattern: '{stage}'}"),
                "team/atmos.yaml": lines("stacks: {base_path: team-stacks, name_template: '{{ .vars.x }}'}"),
                "team/app/readme.txt": "",
            },
            "/repo/team/app",
        );
        assert.deepEqual(c.files, ["/repo/team/atmos.yaml", "/repo/atmos.yaml"]);
        assert.equal(c.gitRoot, "/repo");
        assert.deepEqual([c.namePattern, c.nameTemplate], ["{stage}", "{{ .vars.x }}"]);
        assert.equal(c.stacksBasePath, "/repo/root-stacks");
        assert.equal(c.basePath, "/repo");
    });

    const basePaths: [string, Record<string, string>, string, string][] = [
        // [base_path, other files, cwd, resolved]
        ["/abs/base", {}, "/repo", "/abs/base"],
        ["", { ".git/HEAD": "" }, "/repo", "/repo"], // empty: the git root
        ["", {}, "/repo", "/repo"], // empty, no git: the config's directory
        ["infra", { ".git/HEAD": "", "infra/x": "" }, "/repo", "/repo/infra"], // bare: the git root's, if it exists
        [
            "sub",
            { ".git/HEAD": "", "app/sub/x": "", "app/atmos.yaml": "base_path: sub\n" },
            "/repo/app",
            "/repo/app/sub",
        ], // else the cwd's
        ["none", { ".git/HEAD": "" }, "/repo", "/repo/none"], // neither exists: the git root's
        ["infra", { "infra/x": "" }, "/repo", "/repo/infra"], // no git: the config directory's
        ["none", {}, "/repo", "/repo/none"],
    ];
    for (const [basePath, extra, cwd, resolved] of basePaths) {
        it(`resolves base_path ${JSON.stringify(basePath)} (${Object.keys(extra).join(", ") || "nothing else"}, cwd ${cwd}) to ${resolved}`, () => {
            const files = { "atmos.yaml": `base_path: ${JSON.stringify(basePath)}\n`, ...extra };
            // An absolute base path outside the repository is read only with the user's opt-in.
            const outside = !resolved.startsWith("/repo");
            assert.equal(config(files, cwd, {}, outside).basePath, resolved);
        });
    }

    // ATMOS_BASE_PATH is a runtime source (pkg/config/config.go: resolveDotPrefixPath, tryResolveWithGitRoot,
    // tryResolveWithConfigPath with basePathSourceRuntime).
    const envBasePaths: [string, Record<string, string>, string, string][] = [
        // [ATMOS_BASE_PATH, files besides app/atmos.yaml, cwd, resolved]
        ["./infra", { ".git/HEAD": "" }, "/repo/work", "/repo/work/infra"], // ./x: the cwd's, not the config's
        ["..", {}, "/repo/work/sub", "/repo/work"],
        ["infra", { ".git/HEAD": "", "infra/x": "", "work/infra/x": "" }, "/repo/work", "/repo/infra"], // the git root's first
        ["infra", { ".git/HEAD": "", "work/infra/x": "" }, "/repo/work", "/repo/work/infra"], // else the cwd's
        ["infra", { ".git/HEAD": "" }, "/repo/work", "/repo/infra"], // neither: the git root's
        ["infra", { "app/infra/x": "", "work/infra/x": "" }, "/repo/work", "/repo/work/infra"], // no git: the cwd's first
        ["infra", { "app/infra/x": "" }, "/repo/work", "/repo/app/infra"], // then the config directory's
        ["infra", {}, "/repo/work", "/repo/app/infra"], // neither: the config directory's
        ["/abs", {}, "/repo/work", "/abs"],
    ];
    for (const [basePath, extra, cwd, resolved] of envBasePaths) {
        it(`resolves ATMOS_BASE_PATH ${JSON.stringify(basePath)} (${Object.keys(extra).join(", ") || "nothing else"}, cwd ${cwd}) to ${resolved}`, () => {
            const files = { "app/atmos.yaml": "base_path: elsewhere\n", ...extra };
            const env = { ATMOS_CLI_CONFIG_PATH: "/repo/app", ATMOS_BASE_PATH: basePath };
            assert.equal(config(files, cwd, env).basePath, resolved);
        });
    }

    it("takes an absolute stacks.base_path as it is, and atmos.yaml's env section", () => {
        const c = config(
            { "atmos.yaml": lines("stacks: {base_path: /elsewhere/stacks}", "env: {TF_IN_AUTOMATION: 'true'}") },
            "/repo",
            {},
            true, // outside the repository: read with the user's opt-in only
        );
        assert.equal(c.stacksBasePath, "/elsewhere/stacks");
        assert.deepEqual(c.env, { TF_IN_AUTOMATION: "true" });
    });

    it("ignores the git root with ATMOS_GIT_ROOT_BASEPATH=false", () => {
        const c = config({ ".git/HEAD": "", "app/atmos.yaml": "base_path: ''\n" }, "/repo/app", {
            ATMOS_GIT_ROOT_BASEPATH: "false",
        });
        assert.deepEqual([c.gitRoot, c.basePath], [undefined, "/repo/app"]);
    });
});

describe("atmos.yaml: imports and refusals", () => {
    it("merges a config import (no extension: .yaml) under the importing file", () => {
        const c = config({
            "atmos.yaml": lines("base_path: .", "import: [config/common, '']", "stacks: {name_pattern: '{stage}'}"),
            "config/common.yaml": lines("stacks: {name_pattern: '{tenant}', name_template: '{{ .vars.n }}'}"),
        });
        assert.deepEqual([c.namePattern, c.nameTemplate], ["{stage}", "{{ .vars.n }}"]);
    });

    it("reads an empty atmos.yaml as no settings (and not Atmos's no-file defaults)", () => {
        const c = config({ "atmos.yaml": "" });
        assert.deepEqual(
            [c.files, c.namePattern, c.templatesEnabled, c.includedPaths],
            [["/repo/atmos.yaml"], undefined, false, []],
        );
    });

    const refusals: [string, RegExp][] = [
        ["stacks: [a\n", /^\/repo\/atmos\.yaml: invalid YAML: /],
        ["- a\n- b\n", /^\/repo\/atmos\.yaml: atmos\.yaml must be a map$/],
    ];
    for (const [text, message] of refusals) {
        it(`refuses atmos.yaml ${JSON.stringify(text)}, naming the file`, () =>
            configError(() => config({ "atmos.yaml": text }), message));
    }

    it("names an atmos.yaml that exists but cannot be read", () => {
        const files = memoryFiles({ "atmos.yaml": "" });
        const unreadable: FileSystem = {
            ...files,
            readFile: () => {
                throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
            },
        };
        configError(
            () => loadAtmosConfig({ cwd: "/repo", env: {}, files: unreadable }),
            /^\/repo\/atmos\.yaml: cannot read: EACCES: permission denied$/,
        );
    });

    it("names ATMOS_SETTINGS_LIST_MERGE_STRATEGY when no file set the invalid strategy", () =>
        configError(
            () => config({}, "/repo", { ATMOS_SETTINGS_LIST_MERGE_STRATEGY: "concat" }),
            /^ATMOS_SETTINGS_LIST_MERGE_STRATEGY: settings\.list_merge_strategy must be replace, append or merge, got "concat"$/,
        ));
});

describe("the stacks of a repository: included paths and listing", () => {
    const VPC = "components: {terraform: {vpc: {vars: {}}}}";
    const ATMOS = lines(
        "base_path: .",
        "stacks:",
        "  base_path: stacks",
        "  included_paths: ['', 'orgs/**/*.yml', 'deploy/*']",
        "  name_template: '{{ .vars.stage }}'",
    );

    it("skips an empty included path, expands only the extension-less ones (.tmpl too), and names each stack", () => {
        const files = memoryFiles({
            "atmos.yaml": ATMOS,
            "stacks/orgs/a/one.yml": lines("vars: {stage: one}", VPC),
            "stacks/orgs/a/skipped.yaml": lines("vars: {stage: skipped}", VPC), // not .yml: not included
            "stacks/deploy/two.yaml.tmpl": lines("vars: {stage: two}", VPC),
            "stacks/deploy/three.yaml": lines("vars: {stage: three}", VPC),
        });
        assert.deepEqual(
            listStacks({ atmosDir: "/repo", env: {}, files }).map((s) => [s.name, s.manifest]),
            [
                ["three", "/repo/stacks/deploy/three.yaml"],
                ["two", "/repo/stacks/deploy/two.yaml.tmpl"],
                ["one", "/repo/stacks/orgs/a/one.yml"],
            ],
        );
    });

    it("lists a manifest that cannot be loaded under its file name, with the problem at its line and column", () => {
        const files = memoryFiles({
            "atmos.yaml": ATMOS,
            "stacks/deploy/broken.yaml": lines("vars: {stage: b}", "import: [catalog/missing]"),
        });
        const [entry] = listStacks({ atmosDir: "/repo", env: {}, files });
        assert.equal(entry.name, "deploy/broken");
        assert.match(entry.error ?? "", /^stacks\/deploy\/broken\.yaml:2:10: .*catalog\/missing/);
    });

    it("says there are no stacks at all when none is found, and lists at most 20 names", () => {
        const none = stackError(() =>
            findStackManifests("dev", {
                atmosDir: "/repo",
                env: {},
                files: memoryFiles({ "atmos.yaml": ATMOS, "stacks/README.md": "no manifest here" }),
            }),
        );
        assert.match(none.message, /no Atmos stack named dev$/);
        const many: Record<string, string> = { "atmos.yaml": ATMOS };
        for (let i = 10; i < 31; i++) many[`stacks/deploy/s${i}.yaml`] = lines(`vars: {stage: s${i}}`, VPC);
        const error = stackError(() =>
            findStackManifests("s99", { atmosDir: "/repo", env: {}, files: memoryFiles(many) }),
        );
        assert.doesNotMatch(error.message, /\(stacks: /);
    });
});

describe("loadStackFile on a manifest whose components name two Atmos stacks", () => {
    const ATMOS_BY_STAGE = lines(
        "base_path: .",
        "stacks:",
        "  base_path: stacks",
        "  name_template: '{{ .vars.stage }}'",
    );
    const MANIFEST = lines(
        "vars: {stage: dev, namespace: eg}",
        "components:",
        "  terraform:",
        "    alerts: {metadata: {component: eventbridge}, vars: {name: alerts, region: us-east-2}}",
        "    prod-alerts: {metadata: {component: eventbridge}, vars: {name: alerts, region: us-east-2, stage: prod}}",
    );

    it("loads both, under the first one's name, and says so, naming each stack's components", () => {
        const files = memoryFiles({ "atmos.yaml": ATMOS_BY_STAGE, "stacks/mixed.yaml": MANIFEST });
        const loaded = loadStackFile("/repo/stacks/mixed.yaml", { cwd: "/repo", env: {}, files });
        assert.equal(loaded.stackName, "dev");
        assert.deepEqual(
            loaded.instances.map((i) => i.name),
            ["alerts", "prod-alerts"],
        );
        assert.deepEqual(loaded.warnings, [
            "stacks/mixed.yaml: holds the components of 2 Atmos stacks (dev: alerts; prod: prod-alerts); all are loaded, under the first one's name, dev: load one stack by its name (loadAtmosStack, synth --atmos-stack NAME)",
        ]);
    });

    it("says nothing when every component is in the one stack", () => {
        const files = memoryFiles({
            "atmos.yaml": ATMOS_BY_STAGE,
            "stacks/dev.yaml": lines(
                "vars: {stage: dev, namespace: eg}",
                "components: {terraform: {alerts: {metadata: {component: eventbridge}, vars: {name: alerts, region: us-east-2}}}}",
            ),
        });
        assert.deepEqual(loadStackFile("/repo/stacks/dev.yaml", { cwd: "/repo", env: {}, files }).warnings, []);
    });
});
