/**
 * Loader edge cases against Atmos: the manifest's own `name:` (read after the imports are merged)
 * over name_template and name_pattern (`describe_stacks_component_processor.go` resolveStackName),
 * a deprecated `component:` that is not a string, and a manifest that exists but cannot be read.
 * In-memory repositories only.
 */
import * as assert from "node:assert/strict";
import { loadStackFile, type FileSystem } from "../../stack";
import { lines, memoryFiles, stackError } from "../helpers/stack";

const ATMOS_YAML = lines(
    "base_path: .",
    "stacks:",
    "  base_path: stacks",
    "  included_paths: ['orgs/**/*']",
    "  name_pattern: '{environment}-{stage}'",
);
const COMPONENT = lines("components:", "  terraform:", "    eventbridge:", "      vars: {region: us-east-2}");

describe("stack names: the manifest's own name", () => {
    const cases: [string, Record<string, string>, string][] = [
        [
            "the manifest's name: beats name_pattern",
            { "stacks/orgs/dev.yaml": lines("name: custom", "vars: {environment: ue2, stage: dev}", COMPONENT) },
            "custom",
        ],
        [
            "an imported name: counts (read after the imports are merged)",
            {
                "stacks/catalog/named.yaml": lines("name: from-import"),
                "stacks/orgs/dev.yaml": lines(
                    "import: [catalog/named]",
                    "vars: {environment: ue2, stage: dev}",
                    COMPONENT,
                ),
            },
            "from-import",
        ],
        [
            "an empty name: is no name",
            { "stacks/orgs/dev.yaml": lines("name: ''", "vars: {environment: ue2, stage: dev}", COMPONENT) },
            "ue2-dev",
        ],
    ];
    for (const [name, files, stackName] of cases) {
        it(`${name}: ${stackName}`, () => {
            const stack = loadStackFile("stacks/orgs/dev.yaml", {
                files: memoryFiles({ "atmos.yaml": ATMOS_YAML, ...files }),
                cwd: "/repo",
                env: {},
            });
            assert.equal(stack.stackName, stackName);
        });
    }
});

describe("stack names: a name_pattern that cannot be applied", () => {
    const cases: [string, string, string][] = [
        ["{environment}-{stage}", "vars: {environment: ue2}", "it names {stage}, but the stack has no stage var"],
        [
            "{environment}-{stage}",
            "vars: {environment: ue2, stage: 1}",
            "it names {stage}, but the stack's stage var is not a string",
        ],
        [
            "{region}",
            "vars: {environment: ue2, stage: dev}",
            "it names none of {namespace}, {tenant}, {environment}, {stage}",
        ],
    ];
    for (const [pattern, vars, why] of cases) {
        it(`${pattern} over ${vars}: the file's name, and the warning says ${why}`, () => {
            const stack = loadStackFile("stacks/orgs/dev.yaml", {
                files: memoryFiles({
                    "atmos.yaml": ATMOS_YAML.replace("{environment}-{stage}", pattern),
                    "stacks/orgs/dev.yaml": lines(vars, COMPONENT),
                }),
                cwd: "/repo",
                env: {},
            });
            assert.equal(stack.stackName, "orgs/dev");
            assert.ok(
                stack.warnings.some((w) =>
                    w.includes(
                        `stacks.name_pattern ${JSON.stringify(pattern)} cannot be applied (${why}); the stack is named orgs/dev after its file`,
                    ),
                ),
                stack.warnings.join("\n"),
            );
        });
    }
});

describe("loader refusals", () => {
    it("refuses a deprecated component: that is not a string, naming the instance", () => {
        const files = memoryFiles({
            "atmos.yaml": ATMOS_YAML,
            "stacks/orgs/dev.yaml": lines(
                "vars: {environment: ue2, stage: dev}",
                "components:",
                "  terraform:",
                "    alerts:",
                "      component: [eventbridge]",
            ),
        });
        const error = stackError(() => loadStackFile("stacks/orgs/dev.yaml", { files, cwd: "/repo", env: {} }));
        assert.deepEqual([error.code, error.instance, error.field], ["BAD_SHAPE", "alerts", "component"]);
        assert.match(
            error.message,
            /^stacks\/orgs\/dev\.yaml:5:18: instance "alerts": component must be a string, got \["eventbridge"\]$/,
        );
    });

    it("names a manifest that exists but cannot be read, and the cause", () => {
        const base = memoryFiles({ "atmos.yaml": ATMOS_YAML });
        const files: FileSystem = {
            ...base,
            isFile: (p) => base.isFile(p),
            readFile: (p) => {
                if (p === "/repo/stacks/orgs/dev.yaml")
                    throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
                return base.readFile(p);
            },
        };
        const error = stackError(() => loadStackFile("stacks/orgs/dev.yaml", { files, cwd: "/repo", env: {} }));
        assert.equal(error.code, "FILE_UNREADABLE");
        assert.equal(error.message, "stacks/orgs/dev.yaml: cannot read the file: EACCES: permission denied");
    });

    it("says file not found for a manifest that does not exist", () => {
        const error = stackError(() =>
            loadStackFile("stacks/orgs/none.yaml", {
                files: memoryFiles({ "atmos.yaml": ATMOS_YAML }),
                cwd: "/repo",
                env: {},
            }),
        );
        assert.deepEqual([error.code, error.message], ["FILE_NOT_FOUND", "stacks/orgs/none.yaml: file not found"]);
    });
});
