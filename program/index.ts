/**
 * The Pulumi program of `Pulumi.yaml`: deploys every instance of the stack named by the stack's
 * config and exports each instance's outputs under the spec's names.
 *
 *     pulumi config set stackFile stacks/ue2-prod.yaml      # a stack manifest, or
 *     pulumi config set atmosStack plat-ue2-prod            # a stack of an Atmos repository by name
 *     pulumi config set atmosDir ../infrastructure          # (optional) where that repository is
 *     pulumi up
 *
 * Paths are relative to the project directory (where `Pulumi.yaml` is). Instances of components
 * this package does not implement are left to Terraform (logged once). `!exec` in stack files
 * runs its command only with `pulumi config set allowExec true`. The program reads its own stack's
 * last outputs to refuse renames without an alias (`renameGuard`, on by default).
 */
import * as pulumi from "@pulumi/pulumi";
import * as path from "node:path";
import { loadAtmosStack, loadStackFile } from "../stack";
import { deployStack } from "./deploy";
import { deployStackGuardingRenames } from "./renames";

const config = new pulumi.Config();
const atmosStack = config.get("atmosStack") || undefined;
const stackFile = config.get("stackFile") || undefined;
if ((atmosStack === undefined) === (stackFile === undefined)) {
    throw new Error(
        "set exactly one of the config keys stackFile (a stack manifest) and atmosStack (an Atmos stack name, with atmosDir)",
    );
}
const allowExec = config.getBoolean("allowExec") === true;
let stack;
if (atmosStack !== undefined) {
    const atmosDir = path.resolve(config.get("atmosDir") ?? ".");
    stack = loadAtmosStack(atmosStack, { atmosDir, allowExec });
} else {
    stack = loadStackFile(path.resolve(stackFile!), { allowExec });
}
for (const warning of stack.warnings) {
    void pulumi.log.warn(warning);
}
if (stack.skipped.length > 0) {
    void pulumi.log.info(
        `${stack.skipped.length} instance(s) of components this package does not implement left to Terraform: ${stack.skipped.map((s) => s.instance).join(", ")}`,
    );
}

// Stack outputs: `{ "<instance>": { "<spec output name>": ... } }`. Before any instance is registered,
// an instance renamed without an alias is refused (it would take over its old resources' names and
// then delete them); `pulumi config set renameGuard false` skips that check.
export = config.getBoolean("renameGuard") === false ? deployStack(stack) : deployStackGuardingRenames(stack);
