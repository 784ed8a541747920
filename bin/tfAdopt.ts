#!/usr/bin/env node
/**
 * `npm run tf-adopt -- <terraform-state> [<stack-file>] [--json]`: reads a Terraform state (the
 * output of `terraform show -json`, or a `.tfstate` file) of a Cloud Posse `eventbridge` or
 * `managed-grafana/api-key` deployment, and prints the stack-file vars that adopt its resources
 * (with the existing EventBridge target's id) and the `terraform state rm` command. With a stack
 * file, each block names the instance whose resource names match.
 */
import { endQuietlyOnOutputErrors } from "./io";
import { runTfAdoptCommand } from "./tfAdoptCommand";

// `tf-adopt | head -c 10` closes the pipe: end quietly; a full disk ends with one line on stderr.
endQuietlyOnOutputErrors("tf-adopt");
process.exitCode = runTfAdoptCommand(process.argv.slice(2));
