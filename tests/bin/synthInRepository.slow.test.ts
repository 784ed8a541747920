/**
 * The synth command as installed (the compiled `bin/synth.js`, tests/helpers/compiled.ts) typed in
 * temporary git repositories, at their root and in a subdirectory: with an atmos.yaml whose
 * base_path is "", "." or a bare name, and without one; and as `npm --prefix <package> run synth`
 * starts it (in the package's directory, with npm's INIT_CWD). Paths, atmos.yaml and the git root
 * are the user's directory's, as Atmos resolves them, and printed paths are relative to it.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { compiledRoot, ROOT } from "../helpers/compiled";
import { awaitedLater, runNode, startBeforeTests, type ProcessRun } from "../helpers/processes";
import { lines } from "../helpers/stack";

/** The environment of a command typed in a shell (not under npm). */
function shellEnv(): NodeJS.ProcessEnv {
    return Object.fromEntries(
        Object.entries(process.env).filter(([k]) => k !== "INIT_CWD" && !k.startsWith("npm_")),
    ) as NodeJS.ProcessEnv;
}

function synth(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = shellEnv()): Promise<ProcessRun> {
    return runNode([path.join(compiledRoot(), "bin", "synth.js"), ...args], { cwd, env: { ...env, NO_COLOR: "1" } });
}

/** A repository: `.git`, a subdirectory `sub/dir`, and under `<base>/stacks` a catalog and one manifest. */
function writeRepo(dir: string, atmosYaml: string | undefined, base = ""): void {
    const stacks = path.join(dir, base, "stacks");
    fs.mkdirSync(path.join(dir, ".git"), { recursive: true });
    fs.mkdirSync(path.join(dir, "sub", "dir"), { recursive: true });
    fs.mkdirSync(path.join(stacks, "catalog"), { recursive: true });
    fs.mkdirSync(path.join(stacks, "orgs", "acme"), { recursive: true });
    if (atmosYaml !== undefined) fs.writeFileSync(path.join(dir, "atmos.yaml"), atmosYaml);
    // Two instances; the second names another stack (its own environment), as Atmos names stacks per component.
    fs.writeFileSync(
        path.join(stacks, "catalog", "eventbridge.yaml"),
        lines(
            "components:",
            "  terraform:",
            "    eventbridge/main:",
            "      metadata: {component: eventbridge}",
            "      vars: {name: main, event_rule_pattern: {source: [aws.ecs]}}",
            "    eventbridge/dr:",
            "      metadata: {component: eventbridge}",
            "      vars: {name: dr, environment: uw2, region: us-west-2, event_rule_pattern: {source: [aws.ecs]}}",
            "    vpc: {}",
        ),
    );
    fs.writeFileSync(
        path.join(stacks, "orgs", "acme", "dev.yaml"),
        lines("import: [catalog/eventbridge]", "vars: {tenant: acme, environment: ue2, stage: dev, region: us-east-2}"),
    );
}

const NAMED = (basePath: string) =>
    lines(
        `base_path: ${basePath}`,
        "stacks:",
        "  base_path: stacks",
        "  included_paths: ['orgs/**/*']",
        "  name_pattern: '{tenant}-{environment}-{stage}'",
    );

let dir: string | undefined;

const started = startBeforeTests(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "atmos-cli-e2e-"));
    const repo = (name: string) => path.join(dir!, name);
    writeRepo(repo("empty"), NAMED('""'));
    writeRepo(repo("dot"), NAMED("."));
    writeRepo(repo("bare"), NAMED("infra"), "infra");
    writeRepo(repo("none"), undefined);
    const sub = (name: string) => path.join(repo(name), "sub", "dir");
    return {
        repo,
        list: Object.fromEntries(
            ["empty", "dot", "bare", "none"].map((name) => [name, awaitedLater(synth(["--list-stacks"], sub(name)))]),
        ) as Record<string, Promise<ProcessRun>>,
        // No atmos.yaml, a manifest path typed in a subdirectory: Atmos's defaults at the git root.
        manifest: awaitedLater(
            synth([path.join("..", "..", "stacks", "orgs", "acme", "dev.yaml"), "--json"], sub("none")),
        ),
        // `npm --prefix <package> run synth -- --atmos-stack NAME` typed in a subdirectory.
        npm: awaitedLater(
            synth(["--atmos-stack", "acme-uw2-dev", "--json"], ROOT, {
                ...shellEnv(),
                npm_lifecycle_event: "synth",
                npm_package_json: path.join(ROOT, "package.json"),
                INIT_CWD: sub("bare"),
            }),
        ),
    };
});

after(async () => {
    const runs = await started().catch(() => undefined);
    if (runs !== undefined) {
        await Promise.allSettled([...Object.values(runs.list), runs.manifest, runs.npm]);
    }
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
});

interface Plan {
    resources: { type: string; name: string; parent: string | null }[];
    skipped: { instance: string }[];
}

describe("the installed synth command in an Atmos repository", function () {
    this.timeout(60_000);

    for (const [name, title] of [
        ["empty", 'base_path: ""'],
        ["dot", "base_path: ."],
        ["bare", "a bare base_path (infra)"],
        ["none", "no atmos.yaml"],
    ] as const) {
        it(`--list-stacks typed in a subdirectory, ${title}: both names, manifests named from there`, async () => {
            const child = await (await started()).list[name];
            assert.equal(child.stderr, "");
            const manifest = path.join("..", "..", ...(name === "bare" ? ["infra"] : []), "stacks", "orgs", "acme");
            assert.equal(
                child.stdout,
                `acme-ue2-dev\t${path.join(manifest, "dev.yaml")}\nacme-uw2-dev\t${path.join(manifest, "dev.yaml")}\n`,
            );
        });
    }

    it("plans a manifest path typed in a subdirectory of a repository without atmos.yaml", async () => {
        const child = await (await started()).manifest;
        assert.equal(child.status, 0, child.stderr);
        const plan = JSON.parse(child.stdout) as Plan;
        assert.deepEqual(
            plan.resources.filter((r) => r.parent === null).map((r) => r.name),
            ["eventbridge/main", "eventbridge/dr"],
        );
        assert.deepEqual(
            plan.skipped.map((s) => s.instance),
            ["vpc"],
        );
    });

    it("npm --prefix <package> run synth -- --atmos-stack NAME: the repository around where it was typed, that stack's instances only", async () => {
        const child = await (await started()).npm;
        assert.equal(child.status, 0, child.stderr);
        const plan = JSON.parse(child.stdout) as Plan;
        assert.deepEqual(
            plan.resources.filter((r) => r.parent === null).map((r) => r.name),
            ["eventbridge/dr"],
        );
        assert.deepEqual(plan.skipped, []);
    });
});
