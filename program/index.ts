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
 * runs its command only with `pulumi config set allowExec true`, and files outside the repository
 * are read only with `pulumi config set allowOutsideRepository true`. The program reads its own stack's
 * last outputs to refuse renames without an alias (`renameGuard`, on by default).
 */
import * as pulumi from "@pulumi/pulumi";
import { runProgram } from "./run";

// Stack outputs: `{ "<instance>": { "<spec output name>": ... } }`.
export = runProgram(new pulumi.Config());
