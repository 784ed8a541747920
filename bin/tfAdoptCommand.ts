/**
 * The tf-adopt command (`npm run tf-adopt`, `bin/tfAdopt.ts`) as a function: prints to the streams
 * it is given and returns the exit code.
 */
import { loadStackFile } from "../stack";
import { readFailureText, readFileBounded } from "../stack/files";
import { adoptionPlan, adoptionPlanText } from "../migrate/adoptionPlan";
import { adoptionReport, decodeStateText, MAX_STATE_BYTES, readTerraformState } from "../migrate/terraformState";
import { escapeJsonText } from "../util/terminalText";
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
        const state = decodeStateText(readState(positional[0]));
        const report = adoptionReport(readTerraformState(state));
        const instances = positional[1] !== undefined ? loadStackFile(positional[1]).instances : [];
        const plan = adoptionPlan(report, instances);
        io.stdout.write(
            json ? `${escapeJsonText(JSON.stringify({ report, plan }, null, 2))}\n` : adoptionPlanText(plan),
        );
        return 0;
    } catch (error) {
        io.stderr.write(`tf-adopt: ${(error as Error).message}\n`);
        return 1;
    }
}
