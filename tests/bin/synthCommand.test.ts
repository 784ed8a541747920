/**
 * The synth command's command line, as its usage text specifies it (bin/synthCommand.ts): every
 * refusal exits 2 with the reason and the usage on stderr and nothing on stdout; --help prints the
 * usage; the options reach the plan. In-process (tests/helpers/commands.ts); temporary files go under the
 * system's temporary directory.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { synthCommand } from "../helpers/commands";
import { runSynthCommand, synthProgramName } from "../../bin/synthCommand";
import { withUnhandledRejections } from "../helpers/outputs";

const EXAMPLE = path.join(__dirname, "..", "..", "examples", "stack.yaml");

let dir: string;
before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "synth-command-test-"));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function tempFile(name: string, text: string): string {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
}

describe("synth command line", () => {
    for (const flag of ["-h", "--help"]) {
        it(`${flag} prints the usage on stdout and exits 0`, async () => {
            const run = await synthCommand([flag]);
            assert.equal(run.status, 0);
            assert.match(run.stdout, /^usage: npm run synth -- <stack-file> \[--json\]/);
            assert.equal(run.stderr, "");
        });
    }

    const refusals: [args: () => string[], reason: string | RegExp][] = [
        [() => [], "no stack file given (or --atmos-stack NAME, or --list-stacks)"],
        [() => ["--json"], "no stack file given (or --atmos-stack NAME, or --list-stacks)"],
        [() => ["a.yaml", "--stack"], "--stack needs a value"],
        [() => ["a.yaml", "--project"], "--project needs a value"],
        [() => ["a.yaml", "--organization"], "--organization needs a value"],
        [() => ["--atmos-stack"], "--atmos-stack needs a value"],
        [() => ["a.yaml", "b.yaml"], "one stack file at a time, got a.yaml and b.yaml"],
        [() => ["--list-stacks", "a.yaml"], "--list-stacks takes no stack file and no --atmos-stack"],
        [() => ["--list-stacks", "--atmos-stack", "x"], "--list-stacks takes no stack file and no --atmos-stack"],
        [
            () => ["a.yaml", "--atmos-stack", "x"],
            "give a stack file or --atmos-stack, not both (got a.yaml and --atmos-stack x)",
        ],
        [() => ["a.yaml", "--atmos-dir", "d"], "--atmos-dir goes with --atmos-stack or --list-stacks"],
        // `--now`: RFC 3339 (section 5.6) with its offset, and a date that exists.
        [
            () => ["a.yaml", "--now", "2026-01-01T00:00:00"],
            '--now: must be an RFC 3339 time with its offset (e.g. 2026-01-01T00:00:00Z) or "now", got 2026-01-01T00:00:00: it has no UTC offset (Z or +hh:mm); without one it would be read in this machine\'s time zone',
        ],
        [
            () => ["a.yaml", "--now", "2026-02-30T00:00:00Z"],
            /got 2026-02-30T00:00:00Z: 2026-02 has no day 30 \(it has 28 days\)$/,
        ],
        [() => ["a.yaml", "--now", "2024-02-30T00:00:00Z"], /2024-02 has no day 30 \(it has 29 days\)$/],
        [() => ["a.yaml", "--now", "2026-13-01T00:00:00Z"], /month 13 does not exist$/],
        [() => ["a.yaml", "--now", "2026-01-01T24:00:00Z"], /24:00 is not a time of day$/],
        [() => ["a.yaml", "--now", "2026-01-01T00:00:00+25:00"], /the offset \+25:00 is not one$/],
        [() => ["a.yaml", "--now", "2026-01-01"], /it is not of the form YYYY-MM-DDThh:mm:ss/],
        [() => ["a.yaml", "--now", "tomorrow"], /it is not of the form/],
        // `--` ends the options: what follows is a file, even named like an option.
        [() => ["--", "a.yaml", "b.yaml"], "one stack file at a time, got a.yaml and b.yaml"],
        [() => ["a.yaml", "--", "--json"], "one stack file at a time, got a.yaml and --json"],
    ];
    for (const [args, reason] of refusals) {
        it(`refuses ${String(args).replace(/^\(\) => /, "")} with exit 2`, async () => {
            const run = await synthCommand(args());
            assert.equal(run.status, 2);
            assert.equal(run.stdout, "");
            const [first, rest] = run.stderr.split("\n\n", 2);
            assert.match(first, /^synth: /);
            const text = first.slice("synth: ".length).trimEnd();
            if (typeof reason === "string") assert.equal(text, reason);
            else assert.match(text, reason);
            assert.match(rest, /^usage: npm run synth/);
        });
    }

    // Issue 40: the content of a file is no matter of usage: its message, and no usage line.
    const contents: [args: () => string[], reason: RegExp][] = [
        [
            () => ["a.yaml", "--stack-outputs", path.join(dir, "none.json")],
            /^--stack-outputs .*none\.json: file not found$/,
        ],
        [
            () => ["a.yaml", "--stack-outputs", tempFile("list.json", "[1]")],
            /^--stack-outputs .*list\.json: must hold a JSON object of stack name to outputs$/,
        ],
        [
            () => ["a.yaml", "--stack-outputs", tempFile("null.json", "null")],
            /^--stack-outputs .*null\.json: must hold a JSON object of stack name to outputs$/,
        ],
        [() => ["a.yaml", "--stack-outputs", tempFile("bad.json", "{")], /^--stack-outputs .*bad\.json: .*JSON/],
        [
            () => ["a.yaml", "--stack-outputs", tempFile("proto.json", '{"__proto__": {}}')],
            /^--stack-outputs .*proto\.json: a key named __proto__/,
        ],
    ];
    for (const [args, reason] of contents) {
        it(`refuses the content of ${String(args).replace(/^\(\) => /, "")} with exit 2 and no usage line`, async () => {
            const run = await synthCommand(args());
            assert.equal(run.status, 2);
            assert.equal(run.stdout, "");
            assert.match(run.stderr, /^synth: [^\n]*\n$/);
            assert.match(run.stderr.slice("synth: ".length).trimEnd(), reason);
        });
    }

    it("takes --now with an offset as the instant it names", async () => {
        const file = tempFile("now.yaml", "components: {terraform: {}}\n");
        for (const now of ["2026-03-01T12:00:00+02:00", "2024-02-29T00:00:00.5z", "now"]) {
            const run = await synthCommand([file, "--now", now, "--json"]);
            assert.equal(run.status, 0, run.stderr);
        }
    });

    it("reads a stack file named like an option after --", async () => {
        tempFile("-dash.yaml", "components: {terraform: {}}\n");
        const npm = {
            npm_lifecycle_event: "synth",
            INIT_CWD: dir,
            npm_package_json: path.join(process.cwd(), "package.json"),
        };
        assert.equal((await synthCommand(["--json", "-dash.yaml"], npm)).status, 2);
        const run = await synthCommand(["--json", "--", "-dash.yaml"], npm);
        assert.equal(run.status, 0, run.stderr);
    });

    it("reads a relative stack file from where `npm run synth` was typed (INIT_CWD), and names it from there", async () => {
        const elsewhere = path.join(dir, "elsewhere");
        fs.mkdirSync(elsewhere, { recursive: true });
        fs.writeFileSync(
            path.join(elsewhere, "typed.yaml"),
            "components:\n  terraform:\n    eventbridge/x:\n      metadata: {component: eventbridge}\n      vars: {nme: x}\n",
        );
        const npm = {
            npm_lifecycle_event: "synth",
            INIT_CWD: elsewhere,
            npm_package_json: path.join(process.cwd(), "package.json"),
        };
        const run = await synthCommand(["typed.yaml"], npm);
        assert.equal(run.status, 1);
        assert.equal(run.stdout, "");
        assert.match(
            run.stderr,
            /^typed\.yaml:5:14: eventbridge "eventbridge\/x": unknown var nme; did you mean name\?$/m,
        );
    });

    it("reads a relative stack file from the current directory outside npm, or when a script changed directory", async () => {
        const outside = await synthCommand(["nofile.yaml"], { npm_lifecycle_event: undefined, INIT_CWD: dir });
        assert.equal(outside.status, 1);
        assert.equal(outside.stderr, "nofile.yaml: file not found\n");
        const changed = await synthCommand(["nofile.yaml"], {
            npm_lifecycle_event: "plan",
            INIT_CWD: dir,
            npm_package_json: path.join(dir, "package.json"),
        });
        assert.equal(changed.stderr, "nofile.yaml: file not found\n");
    });

    it("--list-stacks warns about a manifest that does not load and still lists the others", async () => {
        const repo = path.join(dir, "repo");
        fs.mkdirSync(path.join(repo, "stacks"), { recursive: true });
        fs.writeFileSync(
            path.join(repo, "atmos.yaml"),
            'stacks:\n  base_path: stacks\n  included_paths: ["*.yaml"]\n  name_pattern: "{stage}"\n',
        );
        fs.writeFileSync(path.join(repo, "stacks", "good.yaml"), "vars:\n  stage: dev\n");
        fs.writeFileSync(path.join(repo, "stacks", "bad.yaml"), "import:\n  - missing\nvars:\n  stage: prod\n");
        const run = await synthCommand(["--list-stacks", "--atmos-dir", repo]);
        assert.equal(run.status, 0, run.stderr);
        const manifests = run.stdout
            .trimEnd()
            .split("\n")
            .map((line) => line.split("\t")[1]);
        assert.deepEqual(
            manifests.sort(),
            ["bad.yaml", "good.yaml"].map((f) => path.relative(process.cwd(), path.join(repo, "stacks", f))),
        );
        assert.match(run.stderr, /^warning: .*missing/m);
    });

    it("notes the one instance of a component it does not implement, with its component when named otherwise", async () => {
        const one = tempFile("one.yaml", "components:\n  terraform:\n    vpc:\n      vars: {}\n");
        const run = await synthCommand([one]);
        assert.equal(run.status, 0, run.stderr);
        assert.match(
            run.stderr,
            /^note: 1 instance of components this package does not implement left to Terraform: vpc$/m,
        );
        const two = tempFile(
            "two.yaml",
            "components:\n  terraform:\n    vpc:\n      vars: {}\n    net/x:\n      metadata:\n        component: net\n",
        );
        const both = await synthCommand([two]);
        assert.match(
            both.stderr,
            /^note: 2 instances of components this package does not implement left to Terraform: vpc, net\/x \(net\)$/m,
        );
    });

    it("exits 1 with nothing on stdout when the program fails while running (a workspace stack without workspace_id)", async () => {
        const outputs = tempFile("empty-outputs.json", JSON.stringify({ "*": {} }));
        const { result: run } = await withUnhandledRejections(() =>
            synthCommand([EXAMPLE, "--stack-outputs", outputs]),
        );
        assert.equal(run.status, 1);
        assert.equal(run.stdout, "");
        assert.match(
            run.stderr,
            /the workspace stack "organization\/managed-dashboards-workspace\/stack" has no output "workspace_id" \(got undefined\)[^\n]*\n$/,
        );
    });

    it("names the referenced stacks with --stack and --organization, and takes '*' of --stack-outputs for any stack", async () => {
        const outputs = tempFile("outputs.json", JSON.stringify({ "*": { workspace_id: "g-0000000fa5" } }));
        const run = await synthCommand([
            EXAMPLE,
            "--json",
            "--stack",
            "mystack",
            "--project",
            "myproject",
            "--organization",
            "myorg",
            "--allow-exec",
            "--stack-outputs",
            outputs,
        ]);
        assert.equal(run.status, 0, run.stderr);
        const plan = JSON.parse(run.stdout) as { resources: { type: string; inputs: Record<string, unknown> }[] };
        const reference = plan.resources.find((r) => r.type === "pulumi:pulumi:StackReference");
        assert.deepEqual(reference?.inputs, { name: "myorg/managed-dashboards-workspace/mystack" });
        assert.match(run.stdout, /g-0000000fa5/);
    });

    it("takes --stack-outputs without this stack's key when a reference reads every key (a first deployment)", async () => {
        const outputs = tempFile(
            "workspace-only.json",
            JSON.stringify({ "organization/managed-dashboards-workspace/stack": { workspace_id: "g-0000000fa6" } }),
        );
        const run = await synthCommand([EXAMPLE, "--json", "--allow-exec", "--stack-outputs", outputs]);
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stdout, /g-0000000fa6/);
    });

    it("a bad option prints the reason and one usage line, not the whole text (that is --help's)", async () => {
        const run = await synthCommand(["a.yaml", "--bogus"]);
        assert.equal(run.status, 2);
        assert.equal(
            run.stderr,
            "synth: unknown option --bogus\n\nusage: npm run synth -- <stack-file> [--json] [options] (see npm run synth -- --help)\n",
        );
    });

    it("names itself as the user ran it, and lists every option before the closing paragraph", async () => {
        const out: string[] = [];
        const io = { stdout: { write: (t: string) => out.push(t) }, stderr: { write: () => true }, env: {} };
        assert.equal(await runSynthCommand(["--help"], io, "cloudposse-synth"), 0);
        const help = out.join("");
        assert.match(help, /^usage: cloudposse-synth <stack-file> \[--json\]/);
        assert.doesNotMatch(help, /npm run synth/);
        const options = [...help.matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1]);
        assert.ok(options.includes("--allow-outside-repository"), options.join(" "));
        assert.ok(help.indexOf("  --allow-outside-repository") < help.indexOf("With --stack-outputs"));
        assert.match(help, /warns as pulumi up would\.\n$/);
    });

    for (const [script, env, expected] of [
        ["/p/node_modules/.bin/cloudposse-synth", {}, "cloudposse-synth"],
        ["/p/node_modules/pulumi-cloudposse-components/dist/bin/synth.js", {}, "cloudposse-synth"],
        ["/repo/dist/bin/synth.js", { npm_lifecycle_event: "synth" }, "npm run synth --"],
        ["/repo/dist/bin/synth.js", {}, "npm run synth --"],
    ] as const) {
        it(`calls itself ${expected} when run as ${script} ${JSON.stringify(env)}`, () => {
            assert.equal(synthProgramName(script, env), expected);
        });
    }

    // The engine reads a stack reference through the backend, which answers `unknown stack "<name>"` for a stack
    // that does not exist (pulumi/pulumi pkg/backend/backend.go 398-418 GetStackOutputs, reached from
    // pkg/resource/deploy/builtins.go 371-400 readStackReference); the mocks keep that text (tests/program/mocks.test.ts).
    it("names the instance, the var with file:line:column and the stack when the workspace stack does not exist", async () => {
        const file = tempFile(
            "key-only.yaml",
            "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: prod}\n" +
                "components:\n  terraform:\n    managed-dashboards/api-key:\n" +
                "      metadata: {component: managed-dashboards/api-key}\n      vars: {name: grafana}\n",
        );
        const outputs = tempFile(
            "nostack.json",
            JSON.stringify({ "organization/managed-dashboards-workspace/key-only": null }),
        );
        const { result: run } = await withUnhandledRejections(() => synthCommand([file, "--stack-outputs", outputs]));
        assert.equal(run.status, 1);
        assert.equal(run.stdout, "");
        assert.equal(
            run.stderr,
            `${file}:4:5: managed-dashboards/api-key "managed-dashboards/api-key": workspace_id is read from the workspace ` +
                `stack "organization/managed-dashboards-workspace/key-only", which does not exist (unknown stack); it is ` +
                `named after dashboards_component_name "managed-dashboards/workspace" and this stack. Deploy the workspace ` +
                "component in that stack first, or set workspace_id (or dashboards_stack_name)\n",
        );
        // Named by a var the user wrote: that var's place.
        const named = tempFile(
            "key-named.yaml",
            "vars: {region: us-east-2, namespace: eg, environment: ue2, stage: prod}\n" +
                "components:\n  terraform:\n    k:\n      metadata: {component: managed-dashboards/api-key}\n" +
                "      vars: {name: grafana, dashboards_stack_name: acme/ws/prod}\n",
        );
        const gone = tempFile("gone.json", JSON.stringify({ "acme/ws/prod": null }));
        const { result: second } = await withUnhandledRejections(() => synthCommand([named, "--stack-outputs", gone]));
        assert.match(
            second.stderr,
            /^.*key-named\.yaml:6:\d+: managed-dashboards\/api-key "k": workspace_id is read from the workspace stack "acme\/ws\/prod", which does not exist \(unknown stack\); dashboards_stack_name names it\./,
        );
    });

    it("names paths from the user's directory when no Atmos stack has the name (it printed absolute ones)", async () => {
        const repo = path.join(dir, "named-repo");
        fs.mkdirSync(path.join(repo, "stacks"), { recursive: true });
        fs.writeFileSync(
            path.join(repo, "atmos.yaml"),
            'stacks:\n  base_path: stacks\n  included_paths: ["*.yaml"]\n  name_pattern: "{stage}"\n',
        );
        fs.writeFileSync(path.join(repo, "stacks", "good.yaml"), "vars:\n  stage: dev\n");
        fs.writeFileSync(path.join(repo, "stacks", "bad.yaml"), "import:\n  - missing\nvars:\n  stage: prod\n");
        const npm = {
            npm_lifecycle_event: "synth",
            INIT_CWD: dir,
            npm_package_json: path.join(process.cwd(), "package.json"),
        };
        const run = await synthCommand(["--atmos-stack", "nope", "--atmos-dir", "named-repo"], npm);
        assert.equal(run.status, 1);
        const lines = run.stderr.trimEnd().split("\n");
        assert.match(lines[0], /^named-repo: no Atmos stack named nope/);
        assert.match(lines[1], /^named-repo\/stacks\/bad\.yaml: not read, so not named: /);
        assert.doesNotMatch(run.stderr, new RegExp(dir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    });
});
