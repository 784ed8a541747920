/**
 * Issue 40's glob patterns from files, as cases for bench/bigInputs.ts (each in a fresh process of
 * the built package): an import of 17 brace groups over a directory of 21 files and the same
 * pattern in `stacks.excluded_paths` (refused at once by MAX_BRACE_ALTERNATIVES, where they took
 * 20 s and 50 s with a gigabyte), 512 alternatives against 2,000 names (compiled once), a `*a*a...*b` segment
 * that makes a backtracking regular expression run for minutes, and a star before 300 characters
 * against long names (ended by MAX_GLOB_STEPS).
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** A case: its name, the script (with `dist` bound), and its goal in CPU ms and peak MB. */
export type GlobCase = readonly [name: string, script: string, goalMs: number, goalMb: number];

const STACK_VARS = "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: prod}";

function write(file: string, text: string): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
}

/** The loader's outcome in the child: the problem code and message must hold `expect`. */
const expectRefusal = (call: string, expect: string) => `const stack = require(dist + "/stack");
try { ${call}; throw new Error("loaded"); }
catch (e) { if (!String(e.message).includes(${JSON.stringify(expect)})) throw e; }`;

/** The cases, their repositories written under `dir`. */
export function globCases(dir: string): GlobCase[] {
    const brace17 = "{a,b}".repeat(17);
    // 21 files beside the manifest, as in the issue.
    const imports = path.join(dir, "glob-imports");
    write(path.join(imports, ".git", "HEAD"), "");
    for (let i = 0; i < 20; i++) write(path.join(imports, "stacks", `f${i}.yaml`), "");
    write(path.join(imports, "stacks", "s.yaml"), `import:\n  - "${brace17}*"\n${STACK_VARS}\n`);
    const excluded = path.join(dir, "glob-excluded");
    write(path.join(excluded, ".git", "HEAD"), "");
    write(
        path.join(excluded, "atmos.yaml"),
        `stacks:\n  base_path: stacks\n  included_paths: ["**/*"]\n  excluded_paths: ["${brace17}*"]\n  name_pattern: "{stage}"\n`,
    );
    for (let i = 0; i < 21; i++) write(path.join(excluded, "stacks", `s${i}.yaml`), `${STACK_VARS}\n`);
    // 2,000 names of 200 characters.
    const many = path.join(dir, "glob-many");
    write(path.join(many, ".git", "HEAD"), "");
    for (let i = 0; i < 2000; i++) write(path.join(many, "stacks", "d", `${"a".repeat(190)}${i}.yaml`), "");
    const manyImport = (pattern: string) => {
        const file = path.join(many, "stacks", `m${Math.abs(hash(pattern))}.yaml`);
        write(file, `import:\n  - ${JSON.stringify(pattern)}\n${STACK_VARS}\n`);
        return file;
    };
    const load = (file: string, cwd: string) =>
        `stack.loadStackFile(${JSON.stringify(file)}, { cwd: ${JSON.stringify(cwd)}, env: {} })`;
    const nine = manyImport(`d/${"{a,b}".repeat(9)}*x`);
    const stars = manyImport(`d/${"*a".repeat(40)}b`);
    const long = manyImport(`d/*${"a".repeat(300)}b`);
    return [
        [
            "glob: import of 17 brace groups, 21 files (refused by MAX_BRACE_ALTERNATIVES)",
            expectRefusal(load(path.join(imports, "stacks", "s.yaml"), imports), "MAX_BRACE_ALTERNATIVES"),
            1_000,
            200,
        ],
        [
            "glob: excluded_paths of 17 brace groups, --list-stacks (refused by MAX_BRACE_ALTERNATIVES)",
            expectRefusal(
                `stack.listStacks({ atmosDir: ${JSON.stringify(excluded)}, env: {} })`,
                "MAX_BRACE_ALTERNATIVES",
            ),
            1_000,
            200,
        ],
        [
            "glob: 512 brace alternatives against 2,000 names (matched once each, none found)",
            expectRefusal(load(nine, many), "no file"),
            3_000,
            250,
        ],
        [
            "glob: *a*a...*b (40 stars) against 2,000 names of 200 a's",
            expectRefusal(load(stars, many), "no file"),
            3_000,
            250,
        ],
        [
            "glob: a star then 300 characters against 2,000 names (ended by MAX_GLOB_STEPS)",
            expectRefusal(load(long, many), "MAX_GLOB_STEPS"),
            3_000,
            250,
        ],
    ];
}

function hash(text: string): number {
    let h = 0;
    for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
    return h;
}
