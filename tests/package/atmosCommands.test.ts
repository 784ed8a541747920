/**
 * atmos.d/pulumi.yaml, the Atmos command set the package ships (issue 42, item 1): its shape checked
 * against Atmos's own command structs, and its steps rendered as Atmos renders them into the exact
 * command lines that run; the ones that run without the Pulumi CLI are run.
 *
 * Atmos at 0a1cb44 (cloudposse/atmos):
 * - pkg/schema/command.go 51-121: Command (51-79) (name, description, default, working_directory,
 *   dependencies, env, arguments, flags, component, component_config, steps, commands, verbose,
 *   identity, aliases, internal), CommandArgument (name, description, required, default, type
 *   "component"|"stack", values), CommandFlag (name, shorthand, type, description, usage, required,
 *   default, semantic_type "component"|"stack", values), CommandEnv (key, value, valueCommand).
 *   atmos.yaml is decoded with mapstructure, which ignores an unknown key silently: hence this check.
 * - pkg/schema/task.go 98-312: a step is a string (a shell command) or a Task; the file uses strings.
 * - cmd/cmd_utils.go 975-1060: `.Arguments` holds the declared arguments by name, `.Flags` (and
 *   `.flags`) the command's own flags (a string flag as its text), `.Cwd` (and `.cwd`) the working
 *   directory (where atmos was run, 892), `.TrailingArgs` what follows `--`, shell-quoted (778);
 *   1250 renders a step with `stepVars.Resolve`, whose renderer is `e.ProcessTmpl(..., false)`
 *   (958-959): Go templates with Sprig and Gomplate, a missing key an error.
 * - cmd/cmd_utils.go 1139-1178: the command-level `env` is set for every step; `valueCommand`
 *   is run in the working directory and its output, less trailing newlines, is the value.
 *
 * Pulumi (pulumi/pulumi HEAD): `--cwd`/`-C` is a global flag (pkg/cmd/pulumi/pulumi.go 451);
 * `stack select` takes `--stack` and `--create` (pkg/cmd/pulumi/stack/stack_select.go 137-140);
 * `up`, `preview` and `destroy` take `--stack` and `--config` (operations/up.go 766-775,
 * operations/preview.go 692-699, operations/destroy.go 431-438); a stack's project must be the one
 * in Pulumi.yaml (pkg/backend/backend.go 81); a relative `main` is joined to the project's
 * directory and may be a file anywhere (pkg/engine/project.go getPwdMain).
 */
import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import { processTmpl } from "../../stack/templating";
import { instanceProjectName } from "../../components/kit/deployTime";
import { instanceProjectProblem } from "../../program/run";
import { isPlainObject } from "../../util/objects";
import { compiledRoot, ROOT } from "../helpers/compiled";
import { awaitedLater, runProcess, startBeforeTests } from "../helpers/processes";

const FILE = path.join(ROOT, "atmos.d", "pulumi.yaml");

/** The fields of Atmos's structs, by their mapstructure tags (pkg/schema/command.go). */
const COMMAND_FIELDS = [
    "name",
    "description",
    "default",
    "working_directory",
    "dependencies",
    "env",
    "arguments",
    "flags",
    "component",
    "component_config",
    "steps",
    "commands",
    "verbose",
    "identity",
    "aliases",
    "internal",
];
const ARGUMENT_FIELDS = ["name", "description", "required", "default", "type", "values"];
const FLAG_FIELDS = [
    "name",
    "shorthand",
    "type",
    "description",
    "usage",
    "required",
    "default",
    "semantic_type",
    "values",
];
const ENV_FIELDS = ["key", "value", "valueCommand"];

interface Command {
    name: string;
    description?: string;
    identity?: string;
    arguments?: { name: string; type?: string; required?: boolean }[];
    flags?: { name: string; shorthand?: string; semantic_type?: string; required?: boolean; type?: string }[];
    env?: { key: string; value?: string; valueCommand?: string }[];
    steps?: (string | { command?: string })[];
    commands?: Command[];
}

const config = parse(fs.readFileSync(FILE, "utf8")) as { commands: Command[] };

/** Keys of `value` its struct does not have, as `where.key`. */
function unknownKeys(value: unknown, fields: readonly string[], where: string): string[] {
    if (!isPlainObject(value)) return [`${where}: not a map`];
    return Object.keys(value)
        .filter((key) => !fields.includes(key))
        .map((key) => `${where}.${key}`);
}

/** Every key of `command` and its subcommands that Atmos's structs do not have. */
function shapeProblems(command: Command, where: string): string[] {
    const problems = unknownKeys(command, COMMAND_FIELDS, where);
    if (typeof command.name !== "string" || command.name === "") problems.push(`${where}.name: missing`);
    if (command.identity !== undefined && typeof command.identity !== "string")
        problems.push(`${where}.identity: not a string`);
    command.arguments?.forEach((a, i) => {
        problems.push(...unknownKeys(a, ARGUMENT_FIELDS, `${where}.arguments[${i}]`));
        if (a.type !== undefined && !["component", "stack"].includes(a.type))
            problems.push(`${where}.arguments[${i}].type: ${a.type}`);
    });
    command.flags?.forEach((f, i) => {
        problems.push(...unknownKeys(f, FLAG_FIELDS, `${where}.flags[${i}]`));
        // cmd/cmd_utils.go 988-998: a flag's data type is "", "string" or "bool".
        if (f.type !== undefined && !["", "string", "bool"].includes(f.type))
            problems.push(`${where}.flags[${i}].type: ${f.type}`);
        if (f.semantic_type !== undefined && !["component", "stack"].includes(f.semantic_type))
            problems.push(`${where}.flags[${i}].semantic_type: ${f.semantic_type}`);
    });
    command.env?.forEach((e, i) => problems.push(...unknownKeys(e, ENV_FIELDS, `${where}.env[${i}]`)));
    command.steps?.forEach((s, i) => {
        if (typeof s !== "string") problems.push(`${where}.steps[${i}]: not a shell command (a string)`);
    });
    command.commands?.forEach((c, i) => problems.push(...shapeProblems(c, `${where}.commands[${i}]`)));
    return problems;
}

const pulumiCommand = config.commands.find((c) => c.name === "pulumi")!;
const sub = (name: string) => pulumiCommand.commands!.find((c) => c.name === name)!;

/** The data Atmos renders a step with (cmd_utils.go 1054-1061), for `component` in `stack`. */
function stepData(component: string, stack: string, cwd: string, trailing = "") {
    const flags = { stack };
    return { Arguments: { component }, Cwd: cwd, cwd, Flags: flags, flags, TrailingArgs: trailing };
}

/** The command lines a subcommand runs, rendered as Atmos's ProcessTmpl renders them. */
function rendered(name: string, data: unknown): string[] {
    return sub(name).steps!.map((step, i) =>
        processTmpl(`pulumi-${name}-step-${i}`, typeof step === "string" ? step : step.command!, data, false),
    );
}

/** The environment Atmos gives the steps: the package's directory as the env valueCommand finds it. */
const stepEnv = (dir: string) => ({ ...process.env, CLOUDPOSSE_COMPONENTS_DIR: dir, NO_COLOR: "1" });

/**
 * The plan step of one instance of the fixture repository, run by a shell (a synth in a child
 * process, about half a second): started before the tests (../helpers/processes), so it runs beside
 * the unit tier, and awaited by its test below.
 */
const planStep = startBeforeTests(() => {
    // The compiled package in the layout of dist/, as CLOUDPOSSE_COMPONENTS_DIR/dist.
    const pkg = fs.mkdtempSync(path.join(os.tmpdir(), "atmos-pulumi-pkg-"));
    fs.symlinkSync(compiledRoot(), path.join(pkg, "dist"), "dir");
    const repo = path.join(ROOT, "tests", "fixtures", "atmos", "repo");
    const [step] = rendered("plan", stepData("eventbridge/alerts", "acme-ue2-dev", repo, "--json"));
    return awaitedLater(runProcess("sh", ["-c", step], { cwd: repo, env: stepEnv(pkg) }));
});

const PROJECT_STEP =
    "mkdir -p .atmos-pulumi/'managed-dashboards-api-key' && " +
    "printf 'name: %s\\nruntime:\\n  name: nodejs\\n  options:\\n    typescript: false\\nmain: %s\\n' " +
    "'managed-dashboards-api-key' \"$CLOUDPOSSE_COMPONENTS_DIR/dist/program/index.js\" " +
    "> .atmos-pulumi/'managed-dashboards-api-key'/Pulumi.yaml";
const PULUMI_ARGS =
    "--cwd .atmos-pulumi/'managed-dashboards-api-key' --stack 'acme-ue2-prod' --config atmosStack='acme-ue2-prod' " +
    "--config atmosComponent='managed-dashboards/api-key' --config atmosDir='/src/infra' --yes";

describe("atmos.d/pulumi.yaml: atmos pulumi plan|preview|up|destroy <component> -s <stack>", () => {
    it("has only fields of Atmos's Command, CommandArgument, CommandFlag and CommandEnv structs (steps: shell commands)", () => {
        assert.deepEqual(
            config.commands.flatMap((c, i) => shapeProblems(c, `commands[${i}]`)),
            [],
        );
    });

    it("the field check finds a misspelt key, a wrong semantic type and a wrong argument type", () => {
        const bad = {
            name: "x",
            semantic_type: "stack",
            arguments: [{ name: "c", type: "string" }],
            flags: [{ name: "s", semanticType: "stack" }],
            commands: [{ name: "y", steps: [{ commnd: "echo" }] }],
        } as unknown as Command;
        assert.deepEqual(shapeProblems(bad, "c"), [
            "c.semantic_type",
            "c.arguments[0].type: string",
            "c.flags[0].semanticType",
            "c.commands[0].steps[0]: not a shell command (a string)",
        ]);
    });

    it("is a pulumi command with plan, preview, up and destroy, each taking a component and -s/--stack", () => {
        assert.deepEqual(
            pulumiCommand.commands!.map((c) => c.name),
            ["plan", "preview", "up", "destroy"],
        );
        for (const command of pulumiCommand.commands!) {
            assert.deepEqual(
                command.arguments,
                [
                    {
                        name: "component",
                        description: "The component instance (its key under components.pulumi or components.terraform)",
                        type: "component",
                        required: true,
                    },
                ],
                command.name,
            );
            assert.deepEqual(
                command.flags,
                [
                    {
                        name: "stack",
                        shorthand: "s",
                        description: "The Atmos stack",
                        semantic_type: "stack",
                        required: true,
                    },
                ],
                command.name,
            );
            // Any identity is the user's to add (Atmos auth): a string when present.
            assert.ok(command.identity === undefined || typeof command.identity === "string");
        }
    });

    it("renders plan into the offline synth of that instance", () => {
        assert.deepEqual(
            rendered("plan", stepData("managed-dashboards/api-key", "acme-ue2-prod", "/src/infra", "--json")),
            [
                "node \"$CLOUDPOSSE_COMPONENTS_DIR/dist/bin/synth.js\" --atmos-stack 'acme-ue2-prod' --component 'managed-dashboards/api-key' --json",
            ],
        );
    });

    for (const name of ["preview", "up"]) {
        it(`renders ${name} into the project's Pulumi.yaml, the stack's selection and pulumi ${name}`, () => {
            assert.deepEqual(
                rendered(name, stepData("managed-dashboards/api-key", "acme-ue2-prod", "/src/infra", "--yes")),
                [
                    PROJECT_STEP,
                    "pulumi stack select --create --stack 'acme-ue2-prod' --cwd .atmos-pulumi/'managed-dashboards-api-key'",
                    `pulumi ${name} ${PULUMI_ARGS}`,
                ],
            );
        });
    }

    it("renders destroy without creating the stack", () => {
        assert.deepEqual(
            rendered("destroy", stepData("managed-dashboards/api-key", "acme-ue2-prod", "/src/infra", "--yes")),
            [PROJECT_STEP, `pulumi destroy ${PULUMI_ARGS}`],
        );
    });

    it("names the Pulumi project as the program requires it: the instance, every / as - (instanceProjectName)", () => {
        for (const component of ["eventbridge/alerts", "managed-dashboards/api-key", "a/b/c", "vpc"]) {
            const [, select, up] = rendered("up", stepData(component, "s", "/r"));
            const project = /--cwd \.atmos-pulumi\/'([^']*)'/.exec(up)?.[1];
            assert.equal(project, instanceProjectName(component), up);
            assert.match(select, new RegExp(`--cwd \\.atmos-pulumi/'${project}'$`));
            assert.equal(instanceProjectProblem(component, project!), undefined);
        }
    });

    it("fails to render, as Atmos does, when a step reads a key Atmos does not give (missingkey=error)", () => {
        assert.throws(() => rendered("up", { Arguments: { component: "x" }, Flags: {}, TrailingArgs: "" }), /stack/);
    });

    describe("the rendered steps, run by a shell", function () {
        this.timeout(60_000);

        it("the env valueCommand finds the installed package's directory", () => {
            const valueCommand = sub("up").env!.find((e) => e.key === "CLOUDPOSSE_COMPONENTS_DIR")!.valueCommand!;
            // Run in the package itself: Node resolves a package's own name through its exports.
            const out = execFileSync("sh", ["-c", valueCommand], { cwd: ROOT, encoding: "utf8" });
            assert.equal(fs.realpathSync(out.replace(/\n+$/, "")), fs.realpathSync(ROOT));
        });

        it("up's first step writes a Pulumi.yaml naming the instance's project and the package's program", () => {
            const work = fs.mkdtempSync(path.join(os.tmpdir(), "atmos-pulumi-"));
            const [project] = rendered("up", stepData("managed-dashboards/api-key", "acme-ue2-prod", work));
            execFileSync("sh", ["-c", project], { cwd: work, env: stepEnv("/opt/pkg") });
            const written = parse(
                fs.readFileSync(path.join(work, ".atmos-pulumi", "managed-dashboards-api-key", "Pulumi.yaml"), "utf8"),
            ) as unknown;
            assert.deepEqual(written, {
                name: "managed-dashboards-api-key",
                runtime: { name: "nodejs", options: { typescript: false } },
                main: "/opt/pkg/dist/program/index.js",
            });
        });

        it("plan's step plans exactly that instance of the fixture repository", async () => {
            const run = await planStep();
            assert.equal(run.status, 0, run.stderr);
            const plan = JSON.parse(run.stdout) as { outputs: Record<string, unknown> };
            assert.deepEqual(Object.keys(plan.outputs), ["eventbridge/alerts"]);
        });
    });
});
