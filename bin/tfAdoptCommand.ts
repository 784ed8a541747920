/**
 * The tf-adopt command (`npm run tf-adopt`, `bin/tfAdopt.ts`) as a function: prints to the streams
 * it is given and returns the exit code.
 */
import { loadStackFile, type StackInstance } from "../stack";
import { readFailureText, readFileBounded } from "../stack/files";
import { adoptionPlan, adoptionPlanText, type AdoptionPlan } from "../migrate/adoptionPlan";
import { adoptionReport, decodeStateText, MAX_STATE_BYTES, readTerraformState } from "../migrate/terraformState";
import { escapeJsonText } from "../util/terminalText";
import { internalErrorText, isInternalError } from "../util/internalError";
import { escapedStderr, processIo, type CommandIo } from "./io";

const USAGE = `usage: npm run tf-adopt -- <terraform-state.json|.tfstate> [<stack-file>] [--json]

Prints the stack-file vars that adopt the resources of a Terraform state (adopt_existing,
adopt_event_target_id, ...) and the terraform state rm command. See docs/migrating.md in the package.
`;

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
        "and no EventBridge rule on the default bus with its target (aws_cloudwatch_event_rule), SSM parameter " +
        "(aws_ssm_parameter) or Grafana API key (aws_grafana_workspace_api_key)" +
        (shown !== "" ? `: ${shown}${more}` : "")
    );
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
export function runTfAdoptCommand(argv: readonly string[], given: CommandIo = processIo()): number {
    const io = escapedStderr(given);
    const json = argv.includes("--json");
    const positional = argv.filter((a) => a !== "--json");
    if (positional.length < 1 || positional.length > 2 || positional.some((a) => a.startsWith("-"))) {
        io.stderr.write(USAGE);
        return 2;
    }
    try {
        const resources = readStateResources(positional[0]);
        const report = adoptionReport(resources);
        const instances = positional[1] !== undefined ? loadStackFile(positional[1]).instances : undefined;
        if (report.rules.length + report.parameters.length + report.apiKeys.length === 0)
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
