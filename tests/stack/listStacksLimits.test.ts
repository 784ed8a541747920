/**
 * `--list-stacks` never hides a template limit (issue 40): a `stacks.name_template` that cannot be
 * rendered, a limit among the reasons, is said for the stack, which is still listed under its file
 * name (as Atmos's describe stacks falls back), and a stack asked for by name says why.
 */
import * as assert from "node:assert/strict";
import { listStacks } from "../../stack";
import { lines, memoryFiles, ROOT, STACK_VARS } from "../helpers/stack";

describe("--list-stacks and a name_template past a template limit (issue 40)", () => {
    it("lists the stack under its file name with the limit as its error", () => {
        const files = memoryFiles({
            "atmos.yaml": lines(
                "stacks:",
                "  base_path: stacks",
                '  included_paths: ["**/*"]',
                "  name_template: '{{ range until 2000000 }}{{ end }}{{ .vars.stage }}'",
            ),
            "stacks/prod.yaml": STACK_VARS,
        });
        const entries = listStacks({ atmosDir: ROOT, env: {}, files });
        assert.equal(entries.length, 1);
        assert.equal(entries[0].name, "prod");
        assert.match(
            entries[0].error ?? "",
            /^atmos\.yaml: stacks\.name_template .* cannot be rendered: .*maxListItems/,
        );
    });

    it("names the stack after its file, saying nothing, when the template misses a value (no component: no vars)", () => {
        const files = memoryFiles({
            "atmos.yaml": lines(
                "stacks:",
                "  base_path: stacks",
                '  included_paths: ["**/*"]',
                "  name_template: '{{ .vars.stage }}-x'",
            ),
            "stacks/prod.yaml": STACK_VARS,
        });
        assert.deepEqual(listStacks({ atmosDir: ROOT, env: {}, files }), [
            { name: "prod", manifest: `${ROOT}/stacks/prod.yaml` },
        ]);
    });
});
