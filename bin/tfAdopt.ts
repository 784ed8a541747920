#!/usr/bin/env node
/**
 * `npm run tf-adopt -- <terraform-state> [<stack-file>] [--json]`: reads a Terraform state (the
 * output of `terraform show -json`, or a `.tfstate` file) of a Cloud Posse `eventbridge` or
 * `managed-grafana/api-key` deployment, and prints the stack-file vars that adopt its resources
 * (with the existing EventBridge target's id) and the `terraform state rm` command. With a stack
 * file, each block names the instance whose resource names match.
 */
import * as fs from "node:fs";
import { loadStackFile } from "../stack";
import { adoptionPlan, adoptionPlanText } from "../migrate/adoptionPlan";
import { adoptionReport, readTerraformState } from "../migrate/terraformState";

const USAGE = `usage: npm run tf-adopt -- <terraform-state.json|.tfstate> [<stack-file>] [--json]

Prints the stack-file vars that adopt the resources of a Terraform state (adopt_existing,
adopt_event_target_id, ...) and the terraform state rm command. See MIGRATING.md.
`;

function main(argv: string[]): number {
    const json = argv.includes("--json");
    const positional = argv.filter((a) => a !== "--json");
    if (positional.length < 1 || positional.length > 2 || positional.some((a) => a.startsWith("-"))) {
        process.stderr.write(USAGE);
        return 2;
    }
    try {
        const report = adoptionReport(readTerraformState(fs.readFileSync(positional[0], "utf8")));
        const instances = positional[1] !== undefined ? loadStackFile(positional[1]).instances : [];
        const plan = adoptionPlan(report, instances);
        process.stdout.write(json ? `${JSON.stringify({ report, plan }, null, 2)}\n` : adoptionPlanText(plan));
        return 0;
    } catch (error) {
        process.stderr.write(`tf-adopt: ${(error as Error).message}\n`);
        return 1;
    }
}

process.exitCode = main(process.argv.slice(2));
