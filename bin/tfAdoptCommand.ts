/**
 * The tf-adopt command (`npm run tf-adopt`, `bin/tfAdopt.ts`) as a function: prints to the streams
 * it is given and returns the exit code.
 */
import * as fs from "node:fs";
import { loadStackFile } from "../stack";
import { adoptionPlan, adoptionPlanText } from "../migrate/adoptionPlan";
import { adoptionReport, readTerraformState } from "../migrate/terraformState";
import { processIo, type CommandIo } from "./io";

const USAGE = `usage: npm run tf-adopt -- <terraform-state.json|.tfstate> [<stack-file>] [--json]

Prints the stack-file vars that adopt the resources of a Terraform state (adopt_existing,
adopt_event_target_id, ...) and the terraform state rm command. See docs/migrating.md in the package.
`;

/** Runs the tf-adopt command on `argv` (the arguments after the command's name); returns its exit code. */
export function runTfAdoptCommand(argv: readonly string[], io: CommandIo = processIo()): number {
    const json = argv.includes("--json");
    const positional = argv.filter((a) => a !== "--json");
    if (positional.length < 1 || positional.length > 2 || positional.some((a) => a.startsWith("-"))) {
        io.stderr.write(USAGE);
        return 2;
    }
    try {
        const report = adoptionReport(readTerraformState(fs.readFileSync(positional[0], "utf8")));
        const instances = positional[1] !== undefined ? loadStackFile(positional[1]).instances : [];
        const plan = adoptionPlan(report, instances);
        io.stdout.write(json ? `${JSON.stringify({ report, plan }, null, 2)}\n` : adoptionPlanText(plan));
        return 0;
    } catch (error) {
        io.stderr.write(`tf-adopt: ${(error as Error).message}\n`);
        return 1;
    }
}
