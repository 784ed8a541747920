/**
 * `atmos.d/` and `.atmos.d/` read as Atmos reads them (cloudposse/atmos 0a1cb4480b, pkg/config/load.go):
 * - with no atmos.yaml, Atmos's defaults and then the git root's `atmos.d/` and `.atmos.d/`
 *   (LoadConfig: "Also search git root for .atmos.d even with default config", mergeDefaultImports(gitRoot));
 * - under a config file, the git root's first when it is another directory (loadAtmosDFromGitRoot),
 *   then the file's own, then its `import:` list, then the file (processConfigImportsAndReapply);
 * - in each, `atmos.d/` then `.atmos.d/` (loadAtmosDFromDirectory), every `*.yaml`/`*.yml` below,
 *   `x.yaml` over `x.yml` (imports.go detectPriorityFiles), shallower first, then by path (sortFilesByDepth).
 */
import * as assert from "node:assert/strict";
import { loadStackFile } from "../../stack";
import { loadAtmosConfig } from "../../stack/atmosConfig";
import { memoryFiles } from "../helpers/stack";

const STACK = [
    "vars: {region: us-east-2, stage: dev}",
    "components:",
    "  terraform:",
    "    rule:",
    "      metadata: {component: eventbridge}",
    "      vars: {name: r}",
    "",
].join("\n");

describe(".atmos.d at the git root", () => {
    it("is read over Atmos's defaults when there is no atmos.yaml, from any directory of the repository", () => {
        const files = memoryFiles({
            ".git/HEAD": "",
            ".atmos.d/stacks.yaml": "stacks:\n  base_path: infra/stacks\n  name_pattern: '{stage}'\n",
            "infra/stacks/orgs/dev.yaml": STACK,
            "sub/x": "",
        });
        for (const cwd of ["/repo", "/repo/sub"]) {
            const config = loadAtmosConfig({ cwd, env: {}, files });
            assert.equal(config.stacksBasePath, "/repo/infra/stacks");
            assert.equal(config.namePattern, "{stage}");
            // Atmos's other defaults stay (pkg/config/default.go).
            assert.deepEqual(config.includedPaths, ["orgs/**/*"]);
            const loaded = loadStackFile("/repo/infra/stacks/orgs/dev.yaml", { cwd, env: {}, files });
            assert.equal(loaded.stackName, "dev");
        }
    });

    it("reads atmos.d/ before .atmos.d/, shallower files first, x.yaml over x.yml", () => {
        const files = memoryFiles({
            ".git/HEAD": "",
            "atmos.d/z.yaml": "settings: {a: atmos.d, b: atmos.d, c: atmos.d}\n",
            ".atmos.d/deep/a.yaml": "settings: {b: deep, c: deep}\n",
            ".atmos.d/z.yaml": "settings: {b: shallow, c: shallow}\n",
            ".atmos.d/x.yml": "settings: {d: yml}\n",
            ".atmos.d/x.yaml": "settings: {e: yaml}\n",
        });
        const settings = loadAtmosConfig({ cwd: "/repo", env: {}, files }).raw.settings;
        assert.deepEqual(settings, { list_merge_strategy: "replace", a: "atmos.d", b: "deep", c: "deep", e: "yaml" });
    });

    it("comes under a config file's own .atmos.d when the file is in a subdirectory", () => {
        const files = memoryFiles({
            ".git/HEAD": "",
            ".atmos.d/root.yaml": "settings: {from_root: yes, both: root}\n",
            "app/atmos.yaml": "base_path: .\n",
            "app/.atmos.d/own.yaml": "settings: {both: own}\n",
        });
        const settings = loadAtmosConfig({ cwd: "/repo/app", env: {}, files }).raw.settings;
        assert.deepEqual(settings, { from_root: "yes", both: "own" });
    });
});
