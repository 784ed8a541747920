/**
 * The Pulumi program of `Pulumi.yaml`: deploys every instance of the stack file named by the
 * stack's config and exports each instance's outputs under the spec's names.
 *
 *     pulumi config set stackFile stacks/ue2-prod.yaml
 *     pulumi up
 *
 * The path is relative to the project directory (where `Pulumi.yaml` is). `!exec` in stack files
 * runs its command only with `pulumi config set allowExec true`. The program reads its own stack's
 * last outputs to refuse renames without an alias (`renameGuard`, on by default).
 */
import * as pulumi from "@pulumi/pulumi";
import * as path from "node:path";
import { loadStackFile } from "../stack";
import { deployStack } from "./deploy";
import { deployStackGuardingRenames } from "./renames";

const config = new pulumi.Config();
const stackFile = path.resolve(config.require("stackFile"));
const stack = loadStackFile(stackFile, { allowExec: config.getBoolean("allowExec") === true });
for (const warning of stack.warnings) {
    pulumi.log.warn(warning);
}

// Stack outputs: `{ "<instance>": { "<spec output name>": ... } }`. Before any instance is registered,
// an instance renamed without an alias is refused (it would take over its old resources' names and
// then delete them); `pulumi config set renameGuard false` skips that check.
export = config.getBoolean("renameGuard") === false ? deployStack(stack) : deployStackGuardingRenames(stack);
