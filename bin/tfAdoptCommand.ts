/**
 * The tf-adopt command (`npm run tf-adopt`, `bin/tfAdopt.ts`) as a function: prints to the streams
 * it is given and returns the exit code.
 */
import { loadStackFile, type StackInstance } from "../stack";
import { readFailureText, readFileBounded } from "../stack/files";
import { adoptionPlan, adoptionPlanText, type AdoptionPlan } from "../migrate/adoptionPlan";
import {
    adoptingComponents,
    adoptionReport,
    decodeStateText,
    MAX_STATE_BYTES,
    readTerraformState,
    reportSections,
} from "../migrate/terraformState";
import { escapeJsonText } from "../util/terminalText";
import { internalErrorText, isInternalError } from "../util/internalError";
import { commandName, escapedStderr, processIo, wrapWords, type CommandIo } from "./io";

/** The vars the components declare that adopt (`adopt_existing`, ...), each once, in the components' order. */
function adoptionVars(): string[] {
    const vars = adoptingComponents().flatMap(({ definition, adoption }) =>
        adoption.adoptionArgs.map((arg) => (definition.args as Record<string, { var: string }>)[arg]?.var ?? arg),
    );
    return [...new Set(vars)];
}

/** The usage text, naming the command as the user ran it ({@link tfAdoptProgramName}). */
function usage(program: string): string {
    return `usage: ${program} <terraform-state.json|.tfstate> [<stack-file>] [--json]

${wrapWords(
    `Prints the stack-file vars that adopt the resources of a Terraform state (${adoptionVars().join(", ")}, ...) ` +
        "and the terraform state rm command. See docs/migrating.md in the package.",
    100,
)}
`;
}

/** How the user ran tf-adopt: `npm run tf-adopt --` under npm's script, else `cloudposse-tf-adopt` (the bin). */
export function tfAdoptProgramName(script: string | undefined, env: NodeJS.ProcessEnv): string {
    return commandName(script, env, { npmScript: "tf-adopt", bin: "cloudposse-tf-adopt" });
}

/** The bytes of the state file; a missing or unreadable one is said in words, not as Node's `ENOENT: ..., open`. */
function readState(path: string): Buffer {
    try {
        return readFileBounded(path, MAX_STATE_BYTES);
    } catch (error) {
        const words = readFailureText(error);
        if (words !== undefined) throw new Error(`${path}: ${words}`, { cause: error });
        throw error;
    }
}

/** The resources of the state file `path`; every message about its content names the file. */
function readStateResources(path: string): ReturnType<typeof readTerraformState> {
    try {
        return readTerraformState(decodeStateText(readState(path)));
    } catch (error) {
        if (isInternalError(error) || !(error instanceof Error) || error.message.startsWith(`${path}: `)) throw error;
        throw new Error(`${path}: ${error.message}`, { cause: error });
    }
}

/**
 * Why a state holds nothing to adopt: how many managed resources it has, none of the types tf-adopt
 * adopts, and the first problems found (a rule on another bus is one).
 */
function nothingToAdopt(managed: number, problems: readonly string[]): string {
    const shown = problems.slice(0, 3).join("; ");
    const more = problems.length > 3 ? ` (and ${(problems.length - 3).toLocaleString("en-US")} more)` : "";
    return (
        `nothing to adopt: the state holds ${managed.toLocaleString("en-US")} managed resource${managed === 1 ? "" : "s"}, ` +
        `and no ${orList(adoptingComponents().flatMap(({ adoption }) => adoption.adopts.map((a) => `${a.what} (${a.type})`)))}` +
        (shown !== "" ? `: ${shown}${more}` : "")
    );
}

/** `a, b or c`. */
function orList(items: readonly string[]): string {
    return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/**
 * Why a stack file adopts nothing of the state: the names the state holds, and the stack file's
 * instances of the components tf-adopt adopts (a state of another stack, or another stage's file).
 */
function noInstanceMatches(plan: AdoptionPlan, instances: readonly StackInstance[]): string {
    const whats = plan.instances.map((i) => i.what);
    const shown = whats.slice(0, 3).join(", ") + (whats.length > 3 ? ` (and ${whats.length - 3} more)` : "");
    const names = instances.map((i) => `"${i.name}"`);
    return (
        `no instance gives a name the state holds (${shown}), so nothing would be adopted and no terraform ` +
        `state rm is printed; the stack file's instances (${names.length > 0 ? names.join(", ") : "none"}) give ` +
        "other names: give the stack file of the state's stack (its namespace, environment, stage and name), " +
        "or leave the stack file out to print the vars for an instance you name"
    );
}

/** Runs the tf-adopt command on `argv` (the arguments after the command's name); returns its exit code. */
export function runTfAdoptCommand(
    argv: readonly string[],
    given: CommandIo = processIo(),
    program = "npm run tf-adopt --",
): number {
    const io = escapedStderr(given);
    const json = argv.includes("--json");
    const positional = argv.filter((a) => a !== "--json");
    if (positional.length < 1 || positional.length > 2 || positional.some((a) => a.startsWith("-"))) {
        io.stderr.write(usage(program));
        return 2;
    }
    try {
        const resources = readStateResources(positional[0]);
        const report = adoptionReport(resources);
        const instances = positional[1] !== undefined ? loadStackFile(positional[1]).instances : undefined;
        if (Object.values(reportSections(report)).every((items) => items.length === 0))
            throw new Error(`${positional[0]}: ${nothingToAdopt(resources.length, report.problems)}`);
        const plan = adoptionPlan(report, instances);
        if (
            instances !== undefined &&
            plan.instances.length > 0 &&
            plan.instances.every((i) => i.instance === undefined)
        )
            throw new Error(`${positional[1]}: ${noInstanceMatches(plan, instances)}`);
        io.stdout.write(
            json ? `${escapeJsonText(JSON.stringify({ report, plan }, null, 2))}\n` : adoptionPlanText(plan),
        );
        return 0;
    } catch (error) {
        io.stderr.write(
            isInternalError(error)
                ? `${internalErrorText("tf-adopt", error)}\n`
                : `tf-adopt: ${(error as Error).message}\n`,
        );
        return 1;
    }
}
