/**
 * A load reads only inside its repository (the git repository holding the atmos.yaml
 * found, else the one holding the manifest; outside git, the config's directory or the base path)
 * unless the user opts in, whatever names the file: `!include`/`!include.raw` (absolute, `../`,
 * through symbolic links), imports (relative, globs, links), atmos.yaml's imports, `atmos.d/`,
 * `base_path`, `stacks.base_path`, `included_paths`. A refused read names its location and its
 * path and never the file's content; a loop of links is named as such; a NUL is refused from
 * every included format. On real directories (symbolic links need them), in-process.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { listStacks, loadAtmosStack, loadStackFile, type LoadedStack } from "../../stack";
import { outsideReason } from "../../stack/confine";
import { NODE_FILE_SYSTEM } from "../../stack/files";
import { synthCommand } from "../helpers/commands";
import { lines, memoryFiles, stackError, STACK_VARS } from "../helpers/stack";

const SECRET = "TOPSECRET-c0ffee";

let base: string;
let count = 0;
before(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "confine-")));
});
after(() => fs.rmSync(base, { recursive: true, force: true }));

function write(file: string, text: string | Buffer): string {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
}

/** One instance `rule` of eventbridge with `vars` (flow YAML), and extra lines under it. */
function rule(vars: string, ...extra: string[]): string {
    return lines(
        STACK_VARS,
        "components:",
        "  terraform:",
        "    rule:",
        "      metadata: {component: eventbridge}",
        `      vars: ${vars}`,
        ...extra,
    );
}

interface Layout {
    /** A git repository (it has `.git/`), with `stacks/`. */
    readonly repo: string;
    /** A sibling directory with secrets in every format. */
    readonly out: string;
}

/** A fresh repository and, beside it, a directory it must not read. */
function layout(git = true): Layout {
    const d = path.join(base, `case-${++count}`);
    const repo = path.join(d, "repo");
    fs.mkdirSync(path.join(repo, git ? ".git" : "not-git"), { recursive: true });
    fs.mkdirSync(path.join(repo, "stacks", "orgs"), { recursive: true });
    const out = path.join(d, "outside");
    write(path.join(out, "secret.txt"), `${SECRET}\n`);
    write(path.join(out, "vars.yaml"), `vars: {event_rule_description: ${SECRET}}\n`);
    write(path.join(out, "secret.json"), `{"d": "${SECRET}"}`);
    write(path.join(out, "bad.json"), `${SECRET} is not JSON`);
    write(path.join(out, "secret.tfvars"), `d = "${SECRET}"\n`);
    write(path.join(out, "secret.env"), `D=${SECRET}\n`);
    write(path.join(out, "atmos.yaml"), `stacks: {name_pattern: "${SECRET}"}\n`);
    write(path.join(out, "stacks", "orgs", "evil.yaml"), rule(`{name: ${SECRET}}`));
    return { repo, out };
}

/** The load's error, checked to be one refusal of a read outside the repository that shows no content. */
function refusal(load: () => unknown, message: RegExp): string {
    const error = stackError(load);
    assert.ok(
        error.problems.every((p) => p.code === "OUTSIDE_REPOSITORY"),
        `codes: ${error.problems.map((p) => p.code).join(", ")}: ${error.message}`,
    );
    assert.match(error.message, message);
    assert.doesNotMatch(error.message, new RegExp(`${SECRET}|root:x:0:0`), "a refused file's content is shown");
    return error.message;
}

const OPT_IN = /reading it needs --allow-outside-repository/;

/** Loads `file` of a layout from the repository's directory (the user's), with no ATMOS_* variables. */
function load(file: string, options: Parameters<typeof loadStackFile>[1] = {}): LoadedStack {
    const repo = file.slice(0, file.lastIndexOf("/stacks/"));
    return loadStackFile(file, { cwd: repo, env: {}, ...options });
}

describe("confinement to the repository (issue 30)", () => {
    describe("!include and !include.raw", () => {
        // [name, the tag's argument, the path the message names (relative to the layout's directory)]
        const cases: [string, (l: Layout) => string, RegExp][] = [
            [
                "an absolute path",
                (l) => `!include.raw ${l.out}/secret.txt`,
                /outside\/secret\.txt is outside the repository/,
            ],
            ["/etc/passwd", () => "!include.raw /etc/passwd", /\/etc\/passwd is outside the repository/],
            ["/proc/self/environ", () => "!include.raw /proc/self/environ", /\/proc\/self\/environ is outside/],
            ["a JSON file with a query", (l) => `!include ${l.out}/secret.json .d`, /secret\.json is outside/],
            ["a JSON file that does not parse", (l) => `!include ${l.out}/bad.json`, /bad\.json is outside/],
            ["a .tfvars file", (l) => `!include ${l.out}/secret.tfvars .d`, /secret\.tfvars is outside/],
            ["a .env file", (l) => `!include ${l.out}/secret.env .D`, /secret\.env is outside/],
            ["../ from the manifest", () => "!include.raw ../../outside/secret.txt", /outside\/secret\.txt is outside/],
            ["./ then ../", () => "!include.raw ./orgs/../../../outside/secret.txt", /outside\/secret\.txt is outside/],
            [
                "a bare path that climbs",
                () => "!include.raw orgs/../../../outside/secret.txt",
                /secret\.txt is outside/,
            ],
            [
                "a sibling whose name starts with the repository's",
                (l) => (write(`${l.repo}-evil/s.txt`, SECRET), "!include.raw ../../repo-evil/s.txt"),
                /repo-evil\/s\.txt is outside the repository/,
            ],
            [
                "a link to a file outside",
                (l) => (fs.symlinkSync(`${l.out}/secret.txt`, `${l.repo}/stacks/link.txt`), "!include.raw ./link.txt"),
                /stacks\/link\.txt leads to .*outside\/secret\.txt through a symbolic link, outside the repository/,
            ],
            [
                "a relative link to a file outside",
                (l) => (
                    fs.symlinkSync("../../outside/secret.txt", `${l.repo}/stacks/rel.txt`),
                    "!include.raw ./rel.txt"
                ),
                /rel\.txt leads to .*outside\/secret\.txt through a symbolic link/,
            ],
            [
                "a file under a link to a directory outside",
                (l) => (fs.symlinkSync(l.out, `${l.repo}/stacks/dir`), "!include ./dir/secret.json"),
                /dir\/secret\.json leads to .*outside\/secret\.json through a symbolic link/,
            ],
            [
                // Issue 40: `ssl/..` is the link target's parent for the kernel, not `stacks/`; the
                // path is resolved as the system opens it (realpath(3)), not after removing `..`.
                "an absolute path that climbs back out of a link (link/../file)",
                (l) => (
                    fs.mkdirSync(`${l.out}/sub`),
                    fs.symlinkSync(`${l.out}/sub`, `${l.repo}/stacks/ssl`),
                    `!include.raw ${l.repo}/stacks/ssl/../secret.txt`
                ),
                /stacks\/ssl\/\.\.\/secret\.txt leads to .*outside\/secret\.txt through a symbolic link/,
            ],
            [
                "a chain of links that ends outside",
                (l) => (
                    fs.symlinkSync(`${l.out}/secret.txt`, `${l.repo}/a1`),
                    fs.symlinkSync(`${l.repo}/a1`, `${l.repo}/stacks/a2`),
                    "!include.raw ./a2"
                ),
                /a2 leads to .*outside\/secret\.txt through a symbolic link/,
            ],
        ];
        for (const [name, target, message] of cases) {
            it(`refuses ${name}, at the tag, naming the path`, () => {
                const l = layout();
                const tag = target(l);
                const file = write(`${l.repo}/stacks/s.yaml`, rule(`{name: ecs, event_rule_description: ${tag}}`));
                const text = refusal(() => load(file), message);
                assert.match(text, /s\.yaml:6:\d+: !include/);
                assert.match(text, OPT_IN);
            });
        }

        it("refuses an included value in a var whose type is wrong without quoting the file (event_log_retention_in_days)", () => {
            const l = layout();
            const file = write(
                `${l.repo}/stacks/s.yaml`,
                rule("{name: ecs, event_log_retention_in_days: !include.raw /etc/passwd}"),
            );
            refusal(() => load(file), /s\.yaml:6:\d+: !include\.raw \/etc\/passwd: \/etc\/passwd is outside/);
        });

        it("names a loop of symbolic links as a loop", () => {
            const l = layout();
            fs.symlinkSync(`${l.repo}/stacks/b`, `${l.repo}/stacks/a`);
            fs.symlinkSync(`${l.repo}/stacks/a`, `${l.repo}/stacks/b`);
            const file = write(
                `${l.repo}/stacks/s.yaml`,
                rule("{name: ecs, event_rule_description: !include.raw ./a}"),
            );
            refusal(() => load(file), /stacks\/a is a loop of symbolic links$/);
        });

        it("reads inside the repository as before: a file, a link to a file inside, a path through a link to the repository", () => {
            const l = layout();
            write(`${l.repo}/stacks/d.txt`, "hello\n");
            write(`${l.repo}/data/e.txt`, "world\n");
            fs.symlinkSync(`${l.repo}/data/e.txt`, `${l.repo}/stacks/e.txt`);
            write(
                `${l.repo}/stacks/s.yaml`,
                rule("{name: ecs, event_rule_description: !include.raw ./d.txt, tags: {T: !include.raw ./e.txt}}"),
            );
            const viaLink = path.join(path.dirname(l.repo), "repo-link");
            fs.symlinkSync(l.repo, viaLink);
            for (const file of [`${l.repo}/stacks/s.yaml`, `${viaLink}/stacks/s.yaml`]) {
                const vars = load(file).instances[0].vars;
                assert.equal(vars.event_rule_description, "hello\n");
                assert.deepEqual(vars.tags, { T: "world\n" });
            }
        });

        it("reads a file whose name starts with two dots (..notes.txt is a name, not a climb; issue 40)", () => {
            const l = layout();
            write(`${l.repo}/..notes.txt`, "notes\n");
            write(`${l.repo}/stacks/s.yaml`, rule("{name: ecs, event_rule_description: !include.raw ../..notes.txt}"));
            assert.equal(load(`${l.repo}/stacks/s.yaml`).instances[0].vars.event_rule_description, "notes\n");
        });

        it("reads outside with the opt-in (allowOutsideRepository)", () => {
            const l = layout();
            const file = write(
                `${l.repo}/stacks/s.yaml`,
                rule(`{name: ecs, event_rule_description: !include.raw ${l.out}/secret.txt}`),
            );
            const loaded = load(file, { allowOutsideRepository: true });
            assert.equal(loaded.instances[0].vars.event_rule_description, `${SECRET}\n`);
        });

        it("outside git, confines to the base path (the manifest's directory when it is elsewhere)", () => {
            const l = layout(false);
            write(`${l.repo}/stacks/d.txt`, "hello\n");
            const ok = write(
                `${l.repo}/stacks/ok.yaml`,
                rule("{name: ecs, event_rule_description: !include.raw ./d.txt}"),
            );
            assert.equal(load(ok).instances[0].vars.event_rule_description, "hello\n");
            const file = write(
                `${l.repo}/stacks/s.yaml`,
                rule("{name: ecs, event_rule_description: !include.raw ../../outside/secret.txt}"),
            );
            refusal(() => load(file), /outside\/secret\.txt is outside the repository .*repo;/);
        });
    });

    describe("imports", () => {
        const cases: [string, (l: Layout) => unknown, RegExp][] = [
            ["../ out of the repository", () => "../../../outside/vars", /outside\/vars is outside the repository/],
            ["../ to /etc/passwd", () => "../../../../../../../../../etc/passwd", /\/etc\/passwd is outside/],
            [
                "a path under the stacks base that climbs",
                () => "orgs/../../../outside/vars",
                /outside\/vars is outside/,
            ],
            ["a glob outside", () => "../../../outside/*", /outside is outside the repository/],
            [
                "a map entry with ../",
                () => ({ path: "../../../outside/vars", skip_if_missing: true }),
                /outside\/vars is outside/,
            ],
            [
                "a link to a file outside",
                (l) => (fs.symlinkSync(`${l.out}/vars.yaml`, `${l.repo}/stacks/lv.yaml`), "lv"),
                /stacks\/lv\.yaml leads to .*outside\/vars\.yaml through a symbolic link/,
            ],
            [
                "a glob through a link to a directory outside",
                (l) => (fs.symlinkSync(l.out, `${l.repo}/stacks/catalog`), "catalog/*"),
                /stacks\/catalog leads to .*outside through a symbolic link/,
            ],
            [
                "a file under a link to a directory outside",
                (l) => (fs.symlinkSync(l.out, `${l.repo}/stacks/cat`), "cat/vars"),
                /cat\/vars\.yaml leads to .*outside\/vars\.yaml through a symbolic link/,
            ],
        ];
        for (const [name, entry, message] of cases) {
            it(`refuses ${name}, at the import entry`, () => {
                const l = layout();
                const file = write(
                    `${l.repo}/stacks/orgs/s.yaml`,
                    `import: [${JSON.stringify(entry(l))}]\n${rule("{name: ecs}")}`,
                );
                const text = refusal(() => load(file), message);
                assert.match(text, /^stacks\/orgs\/s\.yaml:1:\d+: import /);
            });
        }

        it("refuses a nested import of an imported file, at its line in that file", () => {
            const l = layout();
            write(`${l.repo}/stacks/catalog/a.yaml`, 'import: ["../../../outside/vars"]\n');
            const file = write(`${l.repo}/stacks/orgs/s.yaml`, `import: [catalog/a]\n${rule("{name: ecs}")}`);
            refusal(() => load(file), /catalog\/a\.yaml:1:\d+: import \.\.\/\.\.\/\.\.\/outside\/vars: /);
        });

        it("names an import that is a loop of links as a loop, not as a missing file", () => {
            const l = layout();
            fs.symlinkSync(`${l.repo}/stacks/lb.yaml`, `${l.repo}/stacks/la.yaml`);
            fs.symlinkSync(`${l.repo}/stacks/la.yaml`, `${l.repo}/stacks/lb.yaml`);
            fs.symlinkSync(`${l.repo}/stacks/self.yaml`, `${l.repo}/stacks/self.yaml`);
            for (const name of ["la", "self"]) {
                const file = write(`${l.repo}/stacks/orgs/s.yaml`, `import: [${name}]\n${rule("{name: ecs}")}`);
                const text = refusal(
                    () => load(file),
                    new RegExp(`stacks/${name}\\.yaml is a loop of symbolic links$`),
                );
                assert.doesNotMatch(text, /no file/);
            }
        });

        it("leaves an absolute import under the stacks base path, as Atmos does (ATMOS.md §2): not found, not read", () => {
            const l = layout();
            const file = write(
                `${l.repo}/stacks/orgs/s.yaml`,
                `import: [${JSON.stringify(`${l.out}/vars`)}]\n${rule("{name: ecs}")}`,
            );
            const error = stackError(() => load(file));
            assert.equal(error.problems[0].code, "FILE_NOT_FOUND");
            assert.doesNotMatch(error.message, new RegExp(SECRET));
        });

        it("imports inside the repository as before, and outside with the opt-in", () => {
            const l = layout();
            write(`${l.repo}/stacks/catalog/a.yaml`, "vars: {stage: dev}\n");
            const inside = write(
                `${l.repo}/stacks/orgs/in.yaml`,
                `import: [catalog/a, ../catalog/a]\n${rule("{name: ecs}")}`,
            );
            assert.equal(load(inside).instances[0].vars.stage, "prod");
            const outside = write(
                `${l.repo}/stacks/orgs/out.yaml`,
                `import: [../../../outside/vars]\n${rule("{name: ecs}")}`,
            );
            const loaded = load(outside, { allowOutsideRepository: true });
            assert.equal(loaded.instances[0].vars.event_rule_description, SECRET);
        });
    });

    describe("atmos.yaml", () => {
        const rest = 'stacks: {base_path: stacks, included_paths: ["orgs/**/*"]}';
        const cases: [string, (l: Layout) => string, RegExp][] = [
            [
                "an import by absolute path",
                (l) => `import: [${JSON.stringify(`${l.out}/atmos.yaml`)}]\n${rest}`,
                /atmos\.yaml:1:\d+: import .*outside\/atmos\.yaml is outside/,
            ],
            [
                "an import climbing to /etc/passwd",
                () => `import: ["../../../../../../../../etc/passwd"]\n${rest}`,
                /atmos\.yaml:1:\d+: import .*: \/etc\/passwd is outside/,
            ],
            [
                "an import glob outside",
                () => `import: ["../outside/*.yaml"]\n${rest}`,
                /atmos\.yaml:1:\d+: import \.\.\/outside\/\*\.yaml: .*outside is outside/,
            ],
            [
                "an import through a link",
                (l) => (
                    fs.symlinkSync(`${l.out}/atmos.yaml`, `${l.repo}/shared.yaml`),
                    `import: [shared.yaml]\n${rest}`
                ),
                /atmos\.yaml:1:\d+: import shared\.yaml: .*shared\.yaml leads to .*outside\/atmos\.yaml through a symbolic link/,
            ],
            [
                "an atmos.d file that is a link outside",
                (l) => (
                    fs.mkdirSync(`${l.repo}/atmos.d`),
                    fs.symlinkSync(`${l.out}/atmos.yaml`, `${l.repo}/atmos.d/x.yaml`),
                    rest
                ),
                /atmos\.yaml: atmos\.d\/ file .*x\.yaml leads to .*outside\/atmos\.yaml through a symbolic link/,
            ],
            [
                "stacks.base_path ../",
                () => 'stacks: {base_path: ../outside/stacks, included_paths: ["orgs/**/*"]}',
                /atmos\.yaml:1:\d+: stacks\.base_path: .*outside\/stacks is outside/,
            ],
            [
                "base_path ../",
                () => `base_path: ../outside\n${rest}`,
                /atmos\.yaml:1:12: base_path: .*outside is outside/,
            ],
            ["base_path /", () => `base_path: /\n${rest}`, /atmos\.yaml:1:12: base_path: \/ is outside/],
            [
                "stacks.base_path through a link",
                (l) => (
                    fs.symlinkSync(`${l.out}/stacks`, `${l.repo}/evil`),
                    'stacks: {base_path: evil, included_paths: ["orgs/**/*"]}'
                ),
                /stacks\.base_path: .*repo\/evil leads to .*outside\/stacks through a symbolic link/,
            ],
        ];
        for (const [name, atmos, message] of cases) {
            it(`refuses ${name}, listing stacks and loading a manifest`, () => {
                const l = layout();
                write(`${l.repo}/atmos.yaml`, `${atmos(l)}\n`);
                const manifest = write(`${l.repo}/stacks/orgs/dev.yaml`, rule("{name: ecs}"));
                refusal(() => listStacks({ atmosDir: l.repo, env: {} }), message);
                refusal(() => loadStackFile(manifest, { cwd: l.repo, env: {} }), message);
            });
        }

        it("refuses an atmos.yaml that is itself a link outside", () => {
            const l = layout();
            fs.symlinkSync(`${l.out}/atmos.yaml`, `${l.repo}/atmos.yaml`);
            write(`${l.repo}/stacks/orgs/dev.yaml`, rule("{name: ecs}"));
            refusal(
                () => listStacks({ atmosDir: l.repo, env: {} }),
                /the Atmos config .*atmos\.yaml leads to .*outside\/atmos\.yaml/,
            );
        });

        it("refuses included_paths (atmos.yaml or ATMOS_STACKS_INCLUDED_PATHS) and manifests that lead outside", () => {
            const l = layout();
            write(
                `${l.repo}/atmos.yaml`,
                'stacks: {base_path: stacks, included_paths: ["../../outside/stacks/orgs/*"]}\n',
            );
            refusal(
                () => listStacks({ atmosDir: l.repo, env: {} }),
                /stacks\.included_paths \.\.\/\.\.\/outside\/stacks\/orgs\/\*: .*outside\/stacks\/orgs is outside/,
            );
            write(`${l.repo}/atmos.yaml`, 'stacks: {base_path: stacks, included_paths: ["orgs/**/*"]}\n');
            refusal(
                () =>
                    listStacks({
                        atmosDir: l.repo,
                        env: { ATMOS_STACKS_INCLUDED_PATHS: "../../outside/stacks/orgs/*" },
                    }),
                /outside\/stacks\/orgs is outside/,
            );
            write(`${l.repo}/stacks/orgs/dev.yaml`, rule("{name: ecs}"));
            fs.symlinkSync(`${l.out}/stacks/orgs`, `${l.repo}/stacks/orgs/sub`);
            refusal(
                () => listStacks({ atmosDir: l.repo, env: {} }),
                /orgs\/sub leads to .*outside\/stacks\/orgs through a symbolic link/,
            );
        });

        it("lists a manifest that is a link outside with its refusal, and does not read it", () => {
            const l = layout();
            write(`${l.repo}/atmos.yaml`, 'stacks: {base_path: stacks, included_paths: ["orgs/**/*"]}\n');
            write(`${l.repo}/stacks/orgs/dev.yaml`, rule("{name: ecs}"));
            fs.symlinkSync(`${l.out}/stacks/orgs/evil.yaml`, `${l.repo}/stacks/orgs/evil.yaml`);
            const entries = listStacks({ atmosDir: l.repo, env: {} });
            const evil = entries.find((e) => e.manifest.endsWith("evil.yaml"));
            assert.match(
                evil?.error ?? "",
                /evil\.yaml leads to .*outside\/stacks\/orgs\/evil\.yaml through a symbolic link/,
            );
            assert.doesNotMatch(JSON.stringify(entries), new RegExp(SECRET));
        });

        it("takes the base paths the user's environment sets (ATMOS_BASE_PATH, as Geodesic sets it) as the user's choice", () => {
            const l = layout();
            write(
                `${l.repo}/config/atmos.yaml`,
                'stacks: {base_path: stacks, included_paths: ["orgs/**/*"], name_pattern: "{stage}"}\n',
            );
            write(`${l.repo}/stacks/orgs/dev.yaml`, rule("{name: ecs}"));
            const other = path.join(path.dirname(l.repo), "other");
            write(`${other}/stacks/orgs/dev.yaml`, rule("{name: other}"));
            const env = { ATMOS_CLI_CONFIG_PATH: `${l.repo}/config`, ATMOS_BASE_PATH: other };
            const loaded: LoadedStack = loadAtmosStack("prod", { atmosDir: l.repo, env });
            assert.equal(loaded.instances[0].vars.name, "other");
        });

        // Issue 37 item 4: a source tarball or a Docker build context has no `.git`. Atmos has no
        // repository rule (pkg/config/config.go 466-473 resolves base paths as written); the tree
        // run from its root must load as it does with `.git`, and still not read beside it.
        for (const git of [true, false]) {
            it(`loads a tree ${git ? "with" : "without"} .git whose atmos.yaml sits in a subfolder (stacks.base_path ../../../stacks), run from its root`, () => {
                const l = layout(git);
                write(
                    `${l.repo}/deploy/atmos/conf/atmos.yaml`,
                    'base_path: ./\nstacks: {base_path: ../../../stacks, included_paths: ["orgs/**/*"], name_pattern: "{stage}"}\n',
                );
                write(
                    `${l.repo}/stacks/orgs/dev.yaml`,
                    rule("{name: ecs, event_rule_description: !include.raw ./d.txt}"),
                );
                write(`${l.repo}/stacks/orgs/d.txt`, "inside");
                write(
                    `${l.repo}/stacks/orgs/evil.yaml`,
                    rule(`{name: ecs, event_rule_description: !include.raw ../../../outside/secret.txt}`),
                );
                const env = { ATMOS_CLI_CONFIG_PATH: "deploy/atmos/conf" };
                const loaded = loadAtmosStack("prod", { atmosDir: l.repo, env, files: undefined });
                assert.equal(loaded.instances[0].vars.event_rule_description, "inside");
                refusal(
                    () => loadStackFile(`${l.repo}/stacks/orgs/evil.yaml`, { cwd: l.repo, env }),
                    new RegExp(`outside/secret\\.txt is outside the repository ${l.repo}[;]`),
                );
            });
        }

        it("outside git, does not widen the repository to the current directory when it is not above the atmos.yaml", () => {
            const l = layout(false);
            write(`${l.repo}/conf/atmos.yaml`, 'stacks: {base_path: ../stacks, included_paths: ["orgs/**/*"]}\n');
            write(`${l.repo}/stacks/orgs/dev.yaml`, rule("{name: ecs}"));
            // Run from a sibling of the tree, naming its atmos.yaml: the tree is the atmos.yaml's directory.
            const elsewhere = path.join(path.dirname(l.repo), "elsewhere");
            fs.mkdirSync(elsewhere, { recursive: true });
            refusal(
                () => listStacks({ atmosDir: elsewhere, env: { ATMOS_CLI_CONFIG_PATH: `${l.repo}/conf` } }),
                /stacks\.base_path: .*repo\/stacks is outside the repository .*repo\/conf/,
            );
        });

        it("says why a stack asked for by name could not be found when its manifest's import was refused", () => {
            const l = layout();
            write(
                `${l.repo}/atmos.yaml`,
                'stacks: {base_path: stacks, included_paths: ["orgs/**/*"], name_pattern: "{stage}"}\n',
            );
            fs.symlinkSync(`${l.out}/vars.yaml`, `${l.repo}/stacks/v.yaml`);
            write(`${l.repo}/stacks/orgs/dev.yaml`, `import: [v]\n${rule("{name: ecs}")}`);
            const error = stackError(() => loadAtmosStack("prod", { atmosDir: l.repo, env: {} }));
            assert.match(error.message, /no Atmos stack named prod/);
            assert.match(
                error.message,
                /dev\.yaml: not read, so not named: .*import v: .*stacks\/v\.yaml leads to .*outside\/vars\.yaml through a symbolic link/,
            );
            assert.doesNotMatch(error.message, new RegExp(SECRET));
        });

        it("reads atmos.yaml imports inside, and outside with the opt-in", () => {
            const l = layout();
            write(`${l.repo}/config/more.yaml`, 'stacks: {name_pattern: "{stage}"}\n');
            write(`${l.repo}/atmos.yaml`, `import: [config/more.yaml]\n${rest}\n`);
            write(`${l.repo}/stacks/orgs/dev.yaml`, rule("{name: ecs}"));
            assert.deepEqual(
                listStacks({ atmosDir: l.repo, env: {} }).map((e) => e.name),
                ["prod"],
            );
            write(`${l.out}/more.yaml`, 'stacks: {name_pattern: "{environment}"}\n');
            write(`${l.repo}/atmos.yaml`, `import: [../outside/more.yaml]\n${rest}\n`);
            assert.deepEqual(
                listStacks({ atmosDir: l.repo, env: {}, allowOutsideRepository: true }).map((e) => e.name),
                ["ue2"],
            );
        });
    });

    describe("the check itself", () => {
        it("checks the path as written without looking at the file system, and the real path when there is one", () => {
            const files = memoryFiles({ "stacks/a.yaml": "" });
            const confinement = { root: "/repo", allowOutside: false };
            assert.equal(outsideReason("/repo/stacks/a.yaml", confinement, files), undefined);
            assert.match(
                outsideReason("/repository/x", confinement, files) ?? "",
                /^\/repository\/x is outside the repository \/repo;/,
            );
            assert.match(outsideReason("/repo/../etc/x", confinement, files) ?? "", /^\/etc\/x is outside/);
            assert.equal(outsideReason("/etc/x", { ...confinement, allowOutside: true }, files), undefined);
            assert.equal(outsideReason("/base/x", { ...confinement, also: ["/base"] }, files), undefined);
            assert.match(
                outsideReason("/etc/passwd", { root: base, allowOutside: false }, NODE_FILE_SYSTEM) ?? "",
                /is outside/,
            );
        });
    });

    describe("synth", () => {
        it("refuses with exit code 1 and reads with --allow-outside-repository", async () => {
            const l = layout();
            const file = write(
                `${l.repo}/stacks/s.yaml`,
                rule(`{name: ecs, event_rule_description: !include.raw ${l.out}/secret.txt}`),
            );
            const refused = await synthCommand([file, "--json"]);
            assert.equal(refused.status, 1);
            assert.equal(refused.stdout, "");
            assert.match(refused.stderr, /secret\.txt is outside the repository .*--allow-outside-repository/);
            assert.doesNotMatch(refused.stderr, new RegExp(SECRET));
            const allowed = await synthCommand([file, "--json", "--allow-outside-repository"]);
            assert.equal(allowed.status, 0, allowed.stderr);
            assert.match(allowed.stdout, new RegExp(SECRET));
        });
    });
});

describe("synth --stack-outputs (issue 30)", () => {
    it("refuses nesting past 200 levels at its line and column, before the SDK recurses into it", async () => {
        const l = layout();
        const stack = write(`${l.repo}/stacks/s.yaml`, rule("{name: ecs}"));
        const deep = write(`${l.repo}/deep.json`, `{\n "*": {"a": ${"[".repeat(300)}${"]".repeat(300)}}}`);
        const run = await synthCommand([stack, "--stack-outputs", deep]);
        assert.equal(run.status, 2);
        assert.match(
            run.stderr,
            /^synth: --stack-outputs .*deep\.json:2:\d+: lists and objects nested deeper than 200 levels\n/,
        );
        const ok = write(`${l.repo}/ok.json`, `{"*": {"a": ${"[".repeat(150)}${"]".repeat(150)}}}`);
        assert.equal((await synthCommand([stack, "--stack-outputs", ok])).status, 0);
    });

    it("refuses a key named __proto__, which would supply outputs through the prototype", async () => {
        const l = layout();
        const stack = write(`${l.repo}/stacks/s.yaml`, rule("{name: ecs}"));
        const outputs = write(`${l.repo}/o.json`, '{"*": {"__proto__": {"workspace_id": "g-1111111111"}}}');
        const run = await synthCommand([stack, "--stack-outputs", outputs]);
        assert.equal(run.status, 2);
        assert.match(run.stderr, /^synth: --stack-outputs .*o\.json: a key named __proto__ at \["\*"\]\["__proto__"\]/);
    });
});

describe("a NUL from every included format is refused as in YAML (issue 30)", () => {
    const cases: [string, string, string | Buffer, string][] = [
        ["a JSON string", "n.json", '{"d": "a\\u0000b"}', "!include ./n.json .d"],
        ["a JSON key", "k.json", '{"a\\u0000b": "x"}', "!include ./k.json"],
        ["a .tfvars string", "n.tfvars", 'd = "a\\u0000b"\n', "!include ./n.tfvars .d"],
        ["an .env value", "n.env", Buffer.from('D="a\u0000b"\n'), "!include ./n.env .D"],
        ["!include.raw text", "n.txt", Buffer.from("a\u0000b"), "!include.raw ./n.txt"],
    ];
    for (const [name, fileName, text, tag] of cases) {
        it(`refuses ${name}, at the tag`, () => {
            const l = layout();
            write(`${l.repo}/stacks/${fileName}`, text);
            const file = write(`${l.repo}/stacks/s.yaml`, rule(`{name: ecs, event_rule_description: ${tag}}`));
            const error = stackError(() => load(file));
            assert.match(
                error.message,
                /^stacks\/s\.yaml:6:\d+: !include(\.raw)? .*: a NUL character \(U\+0000\) in a value is refused$/,
            );
        });
    }

    it("says where an included JSON file breaks without quoting it", () => {
        const l = layout();
        write(`${l.repo}/stacks/bad.json`, `{\n  "a": ${SECRET}\n}`);
        const file = write(`${l.repo}/stacks/s.yaml`, rule("{name: ecs, event_rule_description: !include ./bad.json}"));
        const error = stackError(() => load(file));
        assert.match(error.message, /bad\.json: invalid JSON at line 2, column 8$/);
        assert.doesNotMatch(error.message, new RegExp(SECRET));
    });
});
