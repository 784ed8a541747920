/**
 * Which atmos.yaml governs a load, as Atmos 1.226 chooses it (cloudposse/atmos 0a1cb44):
 * `--config` / `--config-path` (ATMOS_CONFIG / ATMOS_CONFIG_PATH) replace discovery
 * (pkg/config/load.go 455-477, load_config_args.go 47-315), and profiles (`--profile`,
 * ATMOS_PROFILE, `profiles.default`) merge over it (load.go 531-595, profiles.go 56-330).
 */
import { strict as assert } from "node:assert";
import { AtmosConfigError, loadAtmosConfig, loadStackFile } from "../../stack";
import { lines, memoryFiles, ROOT, stackError } from "../helpers/stack";

const STACK = lines(
    "vars: {region: us-east-2, stage: dev, environment: ue2}",
    "components:",
    "  terraform:",
    "    eventbridge: {vars: {name: x}}",
);

function repo(extra: Record<string, string>) {
    return memoryFiles({
        "atmos.yaml": lines("stacks:", "  base_path: stacks", "  name_pattern: '{stage}'"),
        "stacks/dev.yaml": STACK,
        ".git/HEAD": "ref: refs/heads/main\n",
        ...extra,
    });
}

function stackName(files: ReturnType<typeof memoryFiles>, env: Record<string, string>) {
    return loadStackFile("stacks/dev.yaml", { cwd: ROOT, env, files }).stackName;
}

/** The name_pattern the configuration ends with (with `profiles`, as Atmos's --profile). */
function pattern(files: ReturnType<typeof memoryFiles>, env: Record<string, string>, profiles?: string[]) {
    return loadAtmosConfig({ cwd: ROOT, env, files, ...(profiles !== undefined ? { profiles } : {}) }).namePattern;
}

describe("--config, --config-path and profiles", () => {
    it("ATMOS_CONFIG names the file read instead of ./atmos.yaml", () => {
        const files = repo({
            "ci/atmos-ci.yaml": lines(
                "base_path: ..",
                "stacks:",
                "  base_path: stacks",
                "  name_pattern: '{environment}'",
            ),
        });
        assert.equal(stackName(files, {}), "dev");
        assert.equal(stackName(files, { ATMOS_CONFIG: "ci/atmos-ci.yaml" }), "ue2");
    });

    it("ATMOS_CONFIG_PATH names a directory whose atmos.yaml is read, with its atmos.d", () => {
        const files = repo({
            "ci/atmos.yaml": lines("base_path: ..", "stacks:", "  base_path: stacks"),
            "ci/atmos.d/naming.yaml": lines("stacks:", "  name_pattern: '{environment}-{stage}'"),
        });
        assert.equal(stackName(files, { ATMOS_CONFIG_PATH: "ci" }), "ue2-dev");
    });

    // load_config_args.go mergeFiles 169-207: the file, then its imports over it; no atmos.d.
    it("a --config file's imports merge over it, and its atmos.d is not read", () => {
        const files = repo({
            "ci/main.yaml": lines(
                "import: [naming.yaml]",
                "base_path: ..",
                "stacks:",
                "  base_path: stacks",
                "  name_pattern: '{stage}'",
            ),
            "ci/naming.yaml": lines("stacks:", "  name_pattern: '{environment}'"),
            "ci/atmos.d/x.yaml": lines("stacks:", "  name_pattern: '{stage}-{environment}'"),
        });
        assert.equal(stackName(files, { ATMOS_CONFIG: "ci/main.yaml" }), "ue2");
    });

    it("refuses a --config file or --config-path directory that does not exist, naming the variable", () => {
        const files = repo({});
        const missing = stackError(() => stackName(files, { ATMOS_CONFIG: "nope.yaml" }));
        assert.match(missing.message, /^nope\.yaml: --config \(ATMOS_CONFIG\) file does not exist/);
        const dir = stackError(() => stackName(files, { ATMOS_CONFIG_PATH: "nowhere" }));
        assert.match(dir.message, /--config-path \(ATMOS_CONFIG_PATH\) directory does not exist/);
    });

    describe("profiles (profiles.go discoverProfileLocations 56-124)", () => {
        const files = repo({
            "profiles/ci/stacks.yaml": lines("stacks:", "  name_pattern: '{environment}'"),
            "profiles/ci/more/deeper.yaml": lines("stacks:", "  name_pattern: '{environment}-deep'"),
            "profiles/local/a.yaml": lines("stacks:", "  name_pattern: '{stage}-local'"),
            ".atmos/profiles/local/a.yaml": lines("stacks:", "  name_pattern: '{stage}-hidden'"),
        });

        it("ATMOS_PROFILE merges the profile's files over atmos.yaml, shallower files first", () => {
            assert.equal(pattern(files, { ATMOS_PROFILE: "ci" }), "{environment}-deep");
            assert.equal(stackName(files, { ATMOS_PROFILE: "ci" }), "ue2");
        });

        it("the project's .atmos/profiles/ wins over profiles/", () => {
            assert.equal(pattern(files, { ATMOS_PROFILE: "local" }), "{stage}-hidden");
        });

        it("several profiles merge left to right; the --profile names win over ATMOS_PROFILE", () => {
            assert.equal(pattern(files, { ATMOS_PROFILE: "local,ci" }), "{environment}-deep");
            assert.equal(pattern(files, { ATMOS_PROFILE: "ci" }, ["local"]), "{stage}-hidden");
        });

        // discoverProfileLocations 76-93: profiles.base_path, from the config that sets it, comes first;
        // XDG's (here $XDG_CONFIG_HOME) before the project's profiles/.
        it("profiles.base_path comes first, then .atmos/profiles, XDG, profiles/", () => {
            const located = repo({
                "atmos.yaml": lines("profiles: {base_path: config/profiles}", "stacks:", "  base_path: stacks"),
                "config/profiles/ci/a.yaml": lines("stacks:", "  name_pattern: '{environment}-base-path'"),
                "profiles/ci/a.yaml": lines("stacks:", "  name_pattern: '{environment}-project'"),
                "xdg/atmos/profiles/qa/a.yaml": lines("stacks:", "  name_pattern: '{stage}-xdg'"),
                "profiles/qa/a.yaml": lines("stacks:", "  name_pattern: '{stage}-project'"),
            });
            assert.equal(pattern(located, { ATMOS_PROFILE: "ci" }), "{environment}-base-path");
            assert.equal(pattern(located, { ATMOS_PROFILE: "qa", XDG_CONFIG_HOME: `${ROOT}/xdg` }), "{stage}-xdg");
            assert.equal(pattern(located, { ATMOS_PROFILE: "qa" }), "{stage}-project");
        });

        it("profiles.default applies when none is named", () => {
            const withDefault = repo({
                "atmos.yaml": lines(
                    "profiles: {default: ci}",
                    "stacks:",
                    "  base_path: stacks",
                    "  name_pattern: '{stage}'",
                ),
                "profiles/ci/a.yaml": lines("stacks:", "  name_pattern: '{environment}'"),
            });
            assert.equal(stackName(withDefault, {}), "ue2");
        });

        it("a profile found nowhere is refused by name, where profiles.default is written", () => {
            const withDefault = repo({
                "atmos.yaml": lines("stacks:", "  base_path: stacks", "profiles: {default: prod}"),
                "profiles/ci/a.yaml": "{}\n",
            });
            const error = stackError(() => stackName(withDefault, {}));
            assert.match(
                error.message,
                /^atmos\.yaml:3:21: profile "prod" \(from profiles\.default\) not found; looked in \/repo\/\.atmos\/profiles\/prod, \/repo\/profiles\/prod; available profiles: ci$/,
            );
            assert.match(
                stackError(() => stackName(files, { ATMOS_PROFILE: "qa" })).message,
                /^--profile or ATMOS_PROFILE: profile "qa"/,
            );
        });
    });
});

/** The message of the AtmosConfigError `fn` throws. */
function configMessage(fn: () => unknown): string {
    try {
        fn();
    } catch (error) {
        assert.ok(error instanceof AtmosConfigError, `expected an AtmosConfigError, got ${String(error)}`);
        return error.message;
    }
    assert.fail("no error was thrown");
}

describe("--config / --config-path as options, refusals, and profile locations", () => {
    const ci = () =>
        repo({
            "ci/atmos-ci.yaml": lines(
                "base_path: ..",
                "stacks:",
                "  base_path: stacks",
                "  name_pattern: '{environment}'",
            ),
            "ci/dir/atmos.yaml": lines(
                "base_path: ../..",
                "stacks:",
                "  base_path: stacks",
                "  name_pattern: '{stage}-dir'",
            ),
            "ci/empty/readme.md": "",
            "ci/bad.yaml": "stacks: [\n",
        });
    const load = (files: ReturnType<typeof memoryFiles>, options: Record<string, unknown>, env = {}) =>
        loadAtmosConfig({ cwd: ROOT, env, files, ...options });

    it("the configFiles/configDirs options (--config, --config-path) win over ATMOS_CONFIG(_PATH)", () => {
        const files = ci();
        const env = { ATMOS_CONFIG: "nope.yaml", ATMOS_CONFIG_PATH: "nowhere" };
        assert.equal(
            load(files, { configFiles: ["ci/atmos-ci.yaml"], configDirs: ["ci/dir"] }, env).namePattern,
            "{stage}-dir",
        );
        assert.equal(load(files, { configFiles: ["ci/atmos-ci.yaml"] }).namePattern, "{environment}");
        // An empty list is no flag: the variable applies (load_config_args.go 47-60).
        assert.match(
            configMessage(() => load(files, { configFiles: [] }, { ATMOS_CONFIG: "nope.yaml" })),
            /nope\.yaml: --config \(ATMOS_CONFIG\) file does not exist/,
        );
    });

    it("refuses a --config directory, a --config-path file, and a --config-path without atmos.yaml", () => {
        const files = ci();
        assert.match(
            configMessage(() => load(files, { configFiles: ["ci/dir"] })),
            /^\/repo\/ci\/dir: --config \(ATMOS_CONFIG\) names a directory; --config takes a file \(--config-path takes a directory\)/,
        );
        assert.match(
            configMessage(() => load(files, {}, { ATMOS_CONFIG_PATH: "ci/atmos-ci.yaml" })),
            /^\/repo\/ci\/atmos-ci\.yaml: --config-path \(ATMOS_CONFIG_PATH\) names a file; --config-path takes a directory/,
        );
        assert.match(
            configMessage(() => load(files, { configDirs: ["ci/empty"] })),
            /^\/repo\/ci\/empty: --config-path \(ATMOS_CONFIG_PATH\) directory holds no atmos\.yaml or \.atmos\.yaml/,
        );
    });

    it("a --config file that is not YAML is refused by name, as invalid YAML", () => {
        const error = configMessage(() => load(ci(), { configFiles: ["ci/bad.yaml"] }));
        assert.match(error, /\/repo\/ci\/bad\.yaml.*invalid YAML/);
    });

    // profiles.go discoverProfileLocations 76-93: an absolute profiles.base_path as written; the
    // XDG directory is $XDG_CONFIG_HOME, else $HOME/.config.
    it("reads an absolute profiles.base_path and $HOME/.config/atmos/profiles", () => {
        const files = repo({
            "atmos.yaml": lines("profiles: {base_path: /repo/elsewhere}", "stacks:", "  base_path: stacks"),
            "elsewhere/ci/a.yaml": lines("stacks:", "  name_pattern: '{environment}-abs'"),
            "home/.config/atmos/profiles/qa/a.yaml": lines("stacks:", "  name_pattern: '{stage}-home'"),
        });
        assert.equal(pattern(files, { ATMOS_PROFILE: "ci" }), "{environment}-abs");
        assert.equal(pattern(files, { ATMOS_PROFILE: "qa", HOME: `${ROOT}/home` }), "{stage}-home");
    });

    it("says `available profiles: none` when no location holds a profile", () => {
        const error = configMessage(() => pattern(repo({}), {}, ["prod"]));
        assert.match(error, /^--profile: profile "prod" \(from --profile\) not found; .*available profiles: none$/);
    });

    it("refuses templates.settings.evaluations past the template limit, naming the file", () => {
        const files = repo({
            "atmos.yaml": lines("stacks:", "  base_path: stacks", "templates: {settings: {evaluations: 1000}}"),
        });
        assert.match(
            configMessage(() => pattern(files, {})),
            /atmos\.yaml: templates\.settings\.evaluations is 1,000, more than the 100 passes a value may be rendered \(template limit maxEvaluations = 100\)/,
        );
    });

    it("reads a number where a string setting is written as its text", () => {
        const files = repo({ "atmos.yaml": lines("stacks:", "  base_path: stacks", "  name_pattern: 42") });
        assert.equal(pattern(files, {}), "42");
    });
});

describe("atmos.yaml values from !env and single strings", () => {
    it("!env reads own variables only, else its fallback, else empty", () => {
        const withEnv = (value: string) =>
            repo({ "atmos.yaml": lines("stacks:", "  base_path: stacks", `  name_pattern: ${value}`) });
        assert.equal(pattern(withEnv("!env NAMING"), { NAMING: "{environment}" }), "{environment}");
        assert.equal(pattern(withEnv("!env NAMING {stage}-fallback"), {}), "{stage}-fallback");
        // `constructor` is no variable here, not Object's constructor.
        assert.equal(pattern(withEnv("!env constructor {stage}"), {}), "{stage}");
    });

    it("a single string where a list of paths is expected is a list of one", () => {
        const files = repo({
            "atmos.yaml": lines(
                "stacks:",
                "  base_path: stacks",
                "  included_paths: 'orgs/**/*'",
                "  excluded_paths: '**/_*'",
            ),
        });
        const config = loadAtmosConfig({ cwd: ROOT, env: {}, files });
        assert.deepEqual([config.includedPaths, config.excludedPaths], [["orgs/**/*"], ["**/_*"]]);
    });
});
