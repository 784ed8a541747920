/**
 * The synth command (`npm run synth`, `bin/synth.ts`) as a function: parses its arguments, prints
 * the plan (or what is wrong) to the streams it is given and returns the exit code. `bin/synth.ts`
 * runs it on the process's own streams; tests run it in-process on strings.
 */
import * as path from "node:path";
import { deferSdkArborist, deferSdkCompiler } from "../program/deferCompiler";
import { planToJson, planToText } from "../program/plan";
import type { SynthOptions } from "../program/synth";
import { listStacks, loadStackSource, userDirectory } from "../stack";
import { readFailureText, readTextFileBounded } from "../stack/files";
import { instanceProjectName, pulumiNameProblem } from "../stack/names";
import { parseInstanceList } from "../components/kit/logHistory";
import { optInDeclarations, optInFlag } from "../components/kit/deploymentGuards";
import type { OptInDeclaration } from "../components/kit/definition";
import { COMPONENT_DEFINITIONS } from "../components/registry";
import { protoKeyPath } from "../util/protoKey";
import { escapeJsonText, escapeText } from "../util/terminalText";
import { internalErrorText, isInternalError } from "../util/internalError";
import { commandName, escapedStderr, processIo, wrapWords as wrap, type CommandIo } from "./io";

/** The width the usage text keeps to (its synopsis of opt-in flags, its closing paragraph). */
const USAGE_WIDTH = 99;

/**
 * Synth's flag for each opt-in of a run (the components' declarations, `whenRenamed` and `holdsData`, and the kit's own
 * guards': components/kit/deploymentGuards.ts `optInDeclarations`), by flag, in the flags' alphabetical order.
 */
const OPT_IN_FLAGS: ReadonlyMap<string, OptInDeclaration> = new Map(
    optInDeclarations(COMPONENT_DEFINITIONS)
        .map((declared) => [optInFlag(declared.key), declared] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);

/**
 * The usage's lines for the opt-in flags: the synopsis after `first` (its entries filling lines up to the usage's
 * width), each flag's description, and what the guards refuse without each (in the order the guards run).
 */
function optInUsage(
    first: string,
    pad: string,
): { readonly synopsis: string; readonly options: string; readonly refused: string[] } {
    const column = " ".repeat(25);
    const lines = [`${pad}${first}`];
    for (const flag of OPT_IN_FLAGS.keys()) {
        const entry = `[${flag} INSTANCE[,INSTANCE]]`;
        const last = lines.length - 1;
        if (`${lines[last]} ${entry}`.length <= USAGE_WIDTH) lines[last] += ` ${entry}`;
        else lines.push(`${pad}${entry}`);
    }
    return {
        synopsis: lines.map((line) => `${line}\n`).join(""),
        options: [...OPT_IN_FLAGS]
            .map(
                ([flag, { key, allows }]) =>
                    `  ${flag} INSTANCES\n${column}${wrap(`as the program config ${key}: ${allows} (comma-separated)`, 96 - column.length, column)}`,
            )
            .join("\n"),
        refused: optInDeclarations(COMPONENT_DEFINITIONS).map((declared) => declared.refused),
    };
}

/** The usage text, with the command as the user ran it (`npm run synth --` or `cloudposse-synth`). */
function usage(program: string): string {
    const pad = " ".repeat(program.length + 8);
    const optIns = optInUsage("[--now TIME|now]", pad);
    const refused = ["a rename without an alias", "adopting what the stack already manages", ...optIns.refused];
    return `usage: ${program} <stack-file> [--json] [--stack NAME] [--project NAME]
${pad}[--organization NAME] [--stack-outputs FILE.json] [--allow-exec]
${optIns.synopsis}${pad}[--no-rename-guard]
${pad}[--allow-outside-repository] [--profile NAME] [--config FILE] [--config-path DIR]
       ${program} --atmos-stack NAME [--component INSTANCE] [--atmos-dir DIR] [--json] [...]
       ${program} --list-stacks [--atmos-dir DIR]

Runs the stack program, deployStack(loadStackFile(<stack-file>)) as a Pulumi program of yours
would, on <stack-file> (or on the Atmos stack NAME of the repository in DIR) offline (mocked AWS,
no credentials, no Pulumi CLI) and prints the plan: a readable tree, or with --json one JSON
document. --list-stacks prints "<Atmos stack name><TAB><manifest>" per stack.

  --json                 print {"resources": [...], "outputs": {...}, "skipped": [...]}
  --atmos-stack NAME     plan the stack Atmos calls NAME (atmos ... -s NAME)
  --component INSTANCE   plan only that instance of the stack (atmos ... INSTANCE -s NAME); the
                         Pulumi project defaults to INSTANCE with "/" as "-" (docs/atmos-cli.md)
  --atmos-dir DIR        the Atmos repository (where atmos is run; default: the current directory)
  --list-stacks          list the repository's stacks and their manifests
  --stack NAME           Pulumi stack name (default: the stack's Atmos name, else the file's base name)
  --project NAME         Pulumi project name (default: cloudposse-components)
  --organization NAME    Pulumi organization (default: organization)
  --stack-outputs FILE   JSON object: full stack name -> outputs of that referenced stack
                         (null: the stack does not exist); "*" sets the outputs of any other stack
  --allow-exec           let the !exec YAML function run its command (refused otherwise)
  --now TIME             the clock of the plan (rotation windows, key expiries): RFC 3339, or
                         "now" for this machine's (default: 2026-01-01T00:00:00Z, reproducible)
${optIns.options}
  --no-rename-guard      as the program config renameGuard false: skips the check of renames
                         without an alias only
  --allow-outside-repository
                         let the stack read files outside its repository (imports, !include,
                         atmos.yaml imports and base paths; refused otherwise)
  --profile NAME         Atmos profile(s) merged over atmos.yaml, as atmos --profile (repeatable,
                         or comma-separated; default: ATMOS_PROFILE, else profiles.default)
  --config FILE          the atmos.yaml to read instead of looking for one, as atmos --config
                         (repeatable; default: ATMOS_CONFIG)
  --config-path DIR      a directory whose atmos.yaml is read instead, as atmos --config-path
                         (repeatable; default: ATMOS_CONFIG_PATH)

${wrap(
    "With --stack-outputs holding this stack's own outputs (organization/<project>/<stack>, as the last " +
        `deployment exported them), the plan runs pulumi up's guards: it refuses ${refused.slice(0, -1).join(", ")}, ` +
        `and ${refused[refused.length - 1]}, and ` +
        // the closing clause on one line
        "warns as pulumi up would.".replace(/ /g, "\u00a0"),
    USAGE_WIDTH,
).replace(/\u00a0/g, " ")}
`;
}

/** The command as `npm run synth` names it; {@link synthProgramName} tells which the user ran. */
export const NPM_SYNTH = "npm run synth --";

/**
 * How the user ran synth, for its usage text: `npm run synth --` under npm's script, else
 * `cloudposse-synth` when run through the package's bin (its link's name, or from node_modules).
 */
export function synthProgramName(script: string | undefined, env: NodeJS.ProcessEnv): string {
    return commandName(script, env, { npmScript: "synth", bin: "cloudposse-synth" });
}

/** Exit codes: 0 plan printed, 1 invalid stack file or program failure, 2 bad command line. */
export const EXIT_INVALID = 1;
const EXIT_USAGE = 2;

class UsageError extends Error {}

/** A file the command line names holds what it cannot take: reported with the file, without the usage line. */
class InputFileError extends UsageError {}

/** RFC 3339's `date-time` (section 5.6): a full date, `T`, a full time, and an offset (`Z` or `±hh:mm`). */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * The instant an RFC 3339 date-time names, or why the text is not one: the offset is required (a
 * time without one would be read in this machine's zone), and the date must exist (2026-02-30 is
 * not March 2). A leap second (`:60`) is refused: the clock here cannot name it.
 */
export function parseRfc3339(text: string): number | string {
    const m = RFC3339.exec(text);
    if (m === null) {
        return /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)
            ? "it has no UTC offset (Z or +hh:mm); without one it would be read in this machine's time zone"
            : "it is not of the form YYYY-MM-DDThh:mm:ss[.frac](Z|+hh:mm|-hh:mm)";
    }
    const [, year, month, day, hour, minute, second, , , offsetHour, offsetMinute] = m.map(Number);
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
    if (days === undefined) return `month ${m[2]} does not exist`;
    if (day < 1 || day > days) return `${m[1]}-${m[2]} has no day ${m[3]} (it has ${days} days)`;
    if (hour > 23 || minute > 59) return `${m[4]}:${m[5]} is not a time of day`;
    if (second === 60) return "a leap second (:60) cannot be used as the plan's clock";
    if (second > 59) return `second ${m[6]} does not exist`;
    if (m[8] !== undefined && (offsetHour > 23 || offsetMinute > 59))
        return `the offset ${m[8]}${m[9]}:${m[10]} is not one`;
    return Date.parse(text.toUpperCase());
}

/**
 * Deepest nesting of a `--stack-outputs` file (200 levels; stack outputs are a few levels deep).
 * The Pulumi SDK serializes a referenced stack's outputs by recursion (rpc.ts serializeProperty)
 * and runs out of stack between 1,000 and 1,500 levels on Node's default stack (fewer on a smaller
 * one), printing a trace instead of a message; 200 leaves a wide margin.
 */
const MAX_OUTPUTS_NESTING = 200;

/** Where JSON text first opens more than `limit` lists and objects, if it does (strings skipped; one pass). */
function jsonNestingBeyond(text: string, limit: number): { line: number; column: number } | undefined {
    let depth = 0;
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x22) {
            // A string: to its closing quote (escapes skipped).
            for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
        } else if (c === 0x5b || c === 0x7b) {
            if (++depth > limit) return { line, column: i - lineStart + 1 };
        } else if (c === 0x5d || c === 0x7d) depth--;
        else if (c === 0x0a) {
            line++;
            lineStart = i + 1;
        }
    }
    return undefined;
}

interface Command {
    readonly file?: string;
    readonly atmosStack?: string;
    /** `--component`: one instance of the Atmos stack. */
    readonly component?: string;
    readonly atmosDir?: string;
    readonly listStacks: boolean;
    readonly json: boolean;
    readonly options: SynthOptions;
    /** The `--stack-outputs` file, named in a message about its keys. */
    readonly stackOutputsFile?: string;
    /** `--profile`, `--config`, `--config-path`: Atmos's flags, as the variables they override (ATMOS_PROFILE, ...). */
    readonly atmosFlags: { readonly profile: string[]; readonly config: string[]; readonly configPath: string[] };
}

function parseArgs(argv: readonly string[]): Command | "help" {
    let file: string | undefined;
    let atmosStack: string | undefined;
    let atmosDir: string | undefined;
    let component: string | undefined;
    let list = false;
    let json = false;
    let stackOutputsFile: string | undefined;
    const atmosFlags = { profile: [] as string[], config: [] as string[], configPath: [] as string[] };
    const options: { -readonly [K in keyof SynthOptions]: SynthOptions[K] } = {};
    let optionsEnded = false;
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        if (optionsEnded || (arg !== "--" && !arg.startsWith("-"))) {
            // A stack file (after `--`, even one named like an option).
            if (file !== undefined) throw new UsageError(`one stack file at a time, got ${file} and ${arg}`);
            file = arg;
            continue;
        }
        if (arg === "--") {
            // The end of the options (POSIX utility syntax guideline 10): what follows is a file.
            optionsEnded = true;
            continue;
        }
        const value = () => {
            const next = argv[++i];
            if (next === undefined) {
                throw new UsageError(`${arg} needs a value`);
            }
            return next;
        };
        const pulumiName = (kind: "stack" | "project" | "organization") => {
            const name = value();
            const refused = pulumiNameProblem(kind, name);
            if (refused !== undefined) throw new UsageError(`${arg}: ${refused}`);
            return name;
        };
        switch (arg) {
            case "-h":
            case "--help":
                return "help";
            case "--json":
                json = true;
                break;
            case "--atmos-stack":
                atmosStack = value();
                break;
            case "--atmos-dir":
                atmosDir = value();
                break;
            case "--component":
                component = value();
                break;
            case "--list-stacks":
                list = true;
                break;
            case "--profile":
                atmosFlags.profile.push(value());
                break;
            case "--config":
                atmosFlags.config.push(value());
                break;
            case "--config-path":
                atmosFlags.configPath.push(value());
                break;
            case "--stack":
            case "--project":
            case "--organization": {
                const kind = arg.slice(2) as "stack" | "project" | "organization";
                options[kind] = pulumiName(kind);
                break;
            }
            case "--allow-exec":
            case "--allow-outside-repository":
                options[arg === "--allow-exec" ? "allowExec" : "allowOutsideRepository"] = true;
                break;
            case "--now": {
                // The clock of the plan (rotation windows, expiries): RFC 3339, or "now" for this machine's.
                const text = value();
                const time = text === "now" ? Date.now() : parseRfc3339(text);
                if (typeof time === "string" || Number.isNaN(time)) {
                    const why = typeof time === "string" ? `: ${time}` : "";
                    throw new UsageError(
                        `--now: must be an RFC 3339 time with its offset (e.g. 2026-01-01T00:00:00Z) or "now", got ${text}${why}`,
                    );
                }
                options.now = new Date(time).toISOString();
                break;
            }
            case "--stack-outputs": {
                const outputsFile = value();
                let parsed: unknown;
                try {
                    const text = readTextFileBounded(outputsFile);
                    const tooDeep = jsonNestingBeyond(text, MAX_OUTPUTS_NESTING);
                    if (tooDeep !== undefined) {
                        throw new InputFileError(
                            `--stack-outputs ${outputsFile}:${tooDeep.line}:${tooDeep.column}: lists and objects nested deeper than ${MAX_OUTPUTS_NESTING.toLocaleString("en-US")} levels`,
                        );
                    }
                    parsed = JSON.parse(text);
                } catch (error) {
                    if (error instanceof UsageError) throw error;
                    throw new InputFileError(
                        `--stack-outputs ${outputsFile}: ${readFailureText(error) ?? (error as Error).message}`,
                    );
                }
                const proto = protoKeyPath(parsed);
                if (proto !== undefined) {
                    throw new InputFileError(
                        `--stack-outputs ${outputsFile}: a key named __proto__ at ${proto}; the Pulumi SDK cannot pass such a key (it would become the prototype of the outputs, and every name in it an output)`,
                    );
                }
                if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
                    throw new InputFileError(
                        `--stack-outputs ${outputsFile}: must hold a JSON object of stack name to outputs`,
                    );
                }
                const { "*": fallback, ...byStack } = parsed as Record<string, Record<string, unknown> | null>;
                options.stackOutputs = byStack;
                stackOutputsFile = outputsFile;
                if (fallback !== undefined) {
                    options.defaultStackOutputs = fallback;
                }
                break;
            }
            case "--no-rename-guard":
                options.renameGuard = false;
                break;
            default:
                if (OPT_IN_FLAGS.has(arg)) {
                    const { key } = OPT_IN_FLAGS.get(arg)!;
                    options.optIns = {
                        ...options.optIns,
                        [key]: [...(options.optIns?.[key] ?? []), ...parseInstanceList(value())],
                    };
                    break;
                }
                throw new UsageError(`unknown option ${arg}`);
        }
    }
    if (list) {
        if (file !== undefined || atmosStack !== undefined) {
            throw new UsageError("--list-stacks takes no stack file and no --atmos-stack");
        }
        return { listStacks: true, json, options, atmosFlags, ...(atmosDir !== undefined ? { atmosDir } : {}) };
    }
    if (file !== undefined && atmosStack !== undefined) {
        throw new UsageError(
            `give a stack file or --atmos-stack, not both (got ${file} and --atmos-stack ${atmosStack})`,
        );
    }
    if (file === undefined && atmosStack === undefined) {
        throw new UsageError("no stack file given (or --atmos-stack NAME, or --list-stacks)");
    }
    if (file !== undefined && atmosDir !== undefined) {
        throw new UsageError("--atmos-dir goes with --atmos-stack or --list-stacks");
    }
    if (component !== undefined && atmosStack === undefined) {
        throw new UsageError("--component goes with --atmos-stack (an instance of that Atmos stack)");
    }
    if (component !== undefined && options.project === undefined) {
        // One Pulumi stack per (Atmos stack, instance): the instance's project (docs/atmos-cli.md).
        const project = instanceProjectName(component);
        const refused = pulumiNameProblem("project", project);
        if (refused !== undefined) throw new UsageError(`--component ${component}: ${refused}`);
        options.project = project;
    }
    return {
        listStacks: false,
        json,
        options,
        atmosFlags,
        ...(file !== undefined ? { file } : {}),
        ...(atmosStack !== undefined ? { atmosStack } : {}),
        ...(component !== undefined ? { component } : {}),
        ...(atmosDir !== undefined ? { atmosDir } : {}),
        ...(stackOutputsFile !== undefined ? { stackOutputsFile } : {}),
    };
}

/**
 * The environment with Atmos's `--profile`, `--config` and `--config-path` as the variables they
 * take precedence over (pkg/config/load.go 244-275: a flag given replaces its variable); paths
 * from the user's directory.
 */
function withAtmosFlags(
    env: Readonly<Record<string, string | undefined>>,
    flags: Command["atmosFlags"],
    userDir: string,
): Readonly<Record<string, string | undefined>> {
    const list = (items: readonly string[], paths: boolean) =>
        items
            .flatMap((item) => item.split(","))
            .map((item) => item.trim())
            .filter((item) => item !== "")
            .map((item) => (paths ? path.resolve(userDir, item) : item))
            .join(",");
    return {
        ...env,
        ...(flags.profile.length > 0 ? { ATMOS_PROFILE: list(flags.profile, false) } : {}),
        ...(flags.config.length > 0 ? { ATMOS_CONFIG: list(flags.config, true) } : {}),
        ...(flags.configPath.length > 0 ? { ATMOS_CONFIG_PATH: list(flags.configPath, true) } : {}),
    };
}

type ConsoleMethod = "log" | "info" | "warn" | "error";
const CONSOLE_METHODS: readonly ConsoleMethod[] = ["log", "info", "warn", "error"];

/**
 * The Pulumi SDK logs to the console when no engine is attached: while the command runs, the
 * console writes to `stderr`, so that stdout holds the plan alone. Returns the restoring function.
 */
function consoleTo(stderr: CommandIo["stderr"]): () => void {
    const saved = CONSOLE_METHODS.map((name) => [name, Object.getOwnPropertyDescriptor(console, name)] as const);
    for (const name of CONSOLE_METHODS) {
        console[name] = (...args: unknown[]) => void stderr.write(args.map(String).join(" ") + "\n");
    }
    return () => {
        for (const [name, descriptor] of saved) {
            if (descriptor !== undefined) {
                Object.defineProperty(console, name, descriptor);
            }
        }
    };
}

/** Runs the synth command on `argv` (the arguments after the command's name); returns its exit code. */
export async function runSynthCommand(
    argv: readonly string[],
    given: CommandIo = processIo(),
    program: string = NPM_SYNTH,
): Promise<number> {
    const io = escapedStderr(given);
    let command: Command | "help";
    try {
        command = parseArgs(argv);
    } catch (error) {
        // The reason, then one usage line: the whole text is for --help. A file's content is not
        // a matter of usage: its message alone.
        io.stderr.write(
            error instanceof InputFileError
                ? `synth: ${error.message}\n`
                : `synth: ${(error as Error).message}\n\nusage: ${program} <stack-file> [--json] [options]` +
                      ` (see ${program} --help)\n`,
        );
        return EXIT_USAGE;
    }
    if (command === "help") {
        io.stdout.write(usage(program));
        return 0;
    }
    const restoreConsole = consoleTo(io.stderr);
    try {
        // Everything is resolved from the user's directory (npm's INIT_CWD under `npm run synth`),
        // as Atmos resolves atmos.yaml, the git root and paths from the directory it is run in, and
        // paths are printed relative to it.
        const userDir = userDirectory(io.env);
        const shown = (p: string) => path.relative(userDir, p) || ".";
        const atmosDir = path.resolve(userDir, command.atmosDir ?? ".");
        const env = withAtmosFlags(io.env, command.atmosFlags, userDir);
        if (command.listStacks) {
            const outside = command.options.allowOutsideRepository === true;
            for (const entry of listStacks({ atmosDir, displayDir: userDir, env, allowOutsideRepository: outside })) {
                if (entry.error !== undefined) {
                    io.stderr.write(`warning: ${entry.error}\n`);
                }
                // One row per stack: a name or path holding a tab or a newline cannot forge another.
                io.stdout.write(`${escapeText(entry.name)}	${escapeText(shown(entry.manifest))}
`);
            }
            return 0;
        }
        const loaded = loadStackSource(
            command.atmosStack !== undefined
                ? {
                      atmosStack: command.atmosStack,
                      atmosDir,
                      ...(command.component !== undefined ? { component: command.component } : {}),
                  }
                : { stackFile: command.file! },
            {
                userDir,
                env,
                allowExec: command.options.allowExec === true,
                allowOutsideRepository: command.options.allowOutsideRepository === true,
            },
        );
        const file = loaded.file;
        if (loaded.skipped.length > 0) {
            const names = loaded.skipped.map((s) =>
                escapeText(s.instance === s.component ? s.instance : `${s.instance} (${s.component})`),
            );
            io.stderr.write(
                `note: ${names.length} instance${names.length === 1 ? "" : "s"} of components this package does not implement left to Terraform: ${names.join(", ")}\n`,
            );
        }
        // The Pulumi SDK (about a second to load) only once the stack file has loaded: --help,
        // --list-stacks and a stack file that does not load answer without it. The TypeScript
        // compiler and npm Arborist it would load with it wait until something reads from them (never, in a plan).
        deferSdkCompiler();
        deferSdkArborist();
        const { synth } = await import("../program/synth");
        const plan = await synth(file!, {
            ...command.options,
            loaded,
            onWarning: (message) => io.stderr.write(`warning: ${message}\n`),
        });
        io.stdout.write(
            command.json
                ? escapeJsonText(planToJson(plan))
                : planToText(plan, {
                      color: io.stdout.isTTY === true && !io.env.NO_COLOR,
                      title: `Plan of ${command.atmosStack !== undefined ? `${command.component !== undefined ? `instance ${command.component} of ` : ""}Atmos stack ${command.atmosStack} (${shown(file!)})` : command.file}`,
                  }),
        );
        return 0;
    } catch (error) {
        // A message about the --stack-outputs file's keys names the file.
        const where =
            (error as { code?: unknown }).code === "STACK_OUTPUTS_KEY" && command.stackOutputsFile !== undefined
                ? `--stack-outputs ${command.stackOutputsFile}: `
                : "";
        io.stderr.write(
            `${isInternalError(error) ? internalErrorText("synth", error) : error instanceof Error ? where + error.message : String(error)}\n`,
        );
        return EXIT_INVALID;
    } finally {
        restoreConsole();
    }
}
