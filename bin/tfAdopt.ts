#!/usr/bin/env node
/**
 * `npm run tf-adopt -- <terraform-state> [<stack-file>] [--json]`: prints the stack-file vars that adopt a Cloud Posse
 * deployment's resources, and the `terraform state rm` command (docs/migrating.md).
 */
import { endQuietlyOnOutputErrors } from "./io";
import { runTfAdoptCommand, tfAdoptProgramName } from "./tfAdoptCommand";
import { processIo } from "./io";

// `tf-adopt | head -c 10` closes the pipe: end quietly; a full disk ends with one line on stderr.
endQuietlyOnOutputErrors("tf-adopt");
process.exitCode = runTfAdoptCommand(
    process.argv.slice(2),
    processIo(),
    tfAdoptProgramName(process.argv[1], process.env),
);
