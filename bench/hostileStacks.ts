/**
 * Hostile stack files, as cases for bench/bigInputs.ts (each in a fresh process of the built
 * package): 100,000 dotted keys of one prefix under `settings.yaml.key_delimiter` (merged by a copy
 * each, 10,000 took 5 s and 100,000 would take minutes), chains of 1,000 abstract instances each
 * inheriting the one before, of Terraform and of `components.pulumi` (cubic: 12 s each), and a
 * diamond chain of 30 instances each inheriting the one before twice (2^30 bases met: refused by
 * MAX_INHERITED_BASES).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { GlobCase } from "./glob";

const ATMOS = "base_path: .\nstacks:\n  base_path: stacks\n  name_pattern: '{stage}'\n";
const VARS = "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: dev}\n";

/** A repository `dir` with atmos.yaml (plus `atmosExtra`) and stacks/dev.yaml holding `stack`. */
function writeRepo(dir: string, stack: string, atmosExtra = ""): string {
    fs.mkdirSync(path.join(dir, "stacks"), { recursive: true });
    fs.mkdirSync(path.join(dir, ".git"), { recursive: true });
    fs.writeFileSync(path.join(dir, ".git", "HEAD"), "");
    fs.writeFileSync(path.join(dir, "atmos.yaml"), ATMOS + atmosExtra);
    fs.writeFileSync(path.join(dir, "stacks", "dev.yaml"), stack);
    return dir;
}

/** The child loads stacks/dev.yaml of `dir`; `check` (JavaScript on `loaded`) or `refusal` (text of the error) must hold. */
function loadScript(dir: string, outcome: { check: string } | { refusal: string }): string {
    const load = `stack.loadStackFile("stacks/dev.yaml", { cwd: ${JSON.stringify(dir)}, env: {} })`;
    return "refusal" in outcome
        ? `const stack = require(dist + "/stack");
try { ${load}; throw new Error("loaded"); }
catch (e) { if (!String(e.message).includes(${JSON.stringify(outcome.refusal)})) throw e; }`
        : `const stack = require(dist + "/stack");
const loaded = ${load};
if (!(${outcome.check})) throw new Error("wrong result: " + JSON.stringify(loaded.instances.map((i) => i.vars)).slice(0, 500));`;
}

/** `count` abstract instances under `type`, each inheriting `inherits(i)`, and eventbridge inheriting the last. */
function chainStack(type: string, count: number, inherits: (i: number) => string): string {
    const lines = [VARS.trimEnd(), "components:", `  ${type}:`];
    for (let i = 0; i < count; i++) {
        lines.push(
            `    c${i}: {metadata: {type: abstract, inherits: [${i === 0 ? "" : inherits(i)}]}, vars: {tags: {t${i}: x}}}`,
        );
    }
    lines.push(`    eventbridge: {metadata: {inherits: [c${count - 1}]}, vars: {name: x}}`);
    return `${lines.join("\n")}\n`;
}

/** The cases, their repositories written under `dir`. */
export function hostileStackCases(dir: string): GlobCase[] {
    // 100,000 keys `z.<4 base-36 digits>: 1` at the top level (Atmos ignores the unknown section `z`):
    // 1,000,000 characters, under the 1 MiB a stack file may hold.
    const keys: string[] = [];
    for (let i = 0; i < 100_000; i++) keys.push(`z.${i.toString(36).padStart(4, "0")}: 1`);
    const dotted = writeRepo(
        path.join(dir, "hostile-dotted"),
        `${VARS}${keys.join("\n")}\ncomponents:\n  terraform:\n    eventbridge: {vars: {name: x}}\n`,
        "settings:\n  yaml: {key_delimiter: '.'}\n",
    );
    const previous = (i: number) => `c${i - 1}`;
    const terraformChain = writeRepo(path.join(dir, "hostile-chain"), chainStack("terraform", 1000, previous));
    const pulumiChain = writeRepo(path.join(dir, "hostile-pulumi-chain"), chainStack("pulumi", 1000, previous));
    const diamond = writeRepo(
        path.join(dir, "hostile-diamond"),
        chainStack("terraform", 30, (i) => `c${i - 1}, c${i - 1}`),
    );
    const thousandTags = "Object.keys(loaded.instances[0].vars.tags).length === 1000";
    return [
        [
            "key_delimiter: 100,000 dotted keys of one prefix (1 MB)",
            loadScript(dotted, { check: 'loaded.instances.length === 1 && loaded.instances[0].vars.name === "x"' }),
            4_000,
            400,
        ],
        [
            "metadata.inherits: a chain of 1,000 abstract instances",
            loadScript(terraformChain, { check: thousandTags }),
            5_000,
            400,
        ],
        [
            "components.pulumi: a chain of 1,000 abstract instances",
            loadScript(pulumiChain, { check: thousandTags }),
            5_000,
            400,
        ],
        [
            "metadata.inherits: a diamond chain of 30 (2^30 bases, refused by MAX_INHERITED_BASES)",
            loadScript(diamond, { refusal: "leads to more than 1,000 bases" }),
            1_000,
            200,
        ],
    ];
}
