/**
 * The Pulumi program of `Pulumi.yaml`: deploys every instance of the stack file or Atmos stack named by the stack's
 * config and exports each instance's outputs under the spec's names (config keys: docs/stack-files.md).
 */
import * as pulumi from "@pulumi/pulumi";
import { runProgram } from "./run";

// Stack outputs: `{ "<instance>": { "<spec output name>": ... } }`.
export = runProgram(new pulumi.Config());
