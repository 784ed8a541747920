/**
 * The program of `Pulumi.yaml` as a function of its config (program/index.ts runs it on the
 * stack's config): loads the stack its config names and deploys every instance of it.
 */
import * as pulumi from "@pulumi/pulumi";
import { loadStackSource, userDirectory } from "../stack";
import type { StackOutputs } from "./deploy";
import { declaredOptIns } from "../components/kit/deploymentGuards";
import { COMPONENT_DEFINITIONS } from "../components/registry";
import { deployStackGuardingRenames } from "./renames";
import { parseInstanceList } from "../components/kit/logHistory";
import { instanceProjectName } from "../components/kit/deployTime";

/** The config keys the program reads (a `pulumi.Config` of the project). */
export interface ProgramConfig {
    get(key: string): string | undefined;
    getBoolean(key: string): boolean | undefined;
}

/**
 * Why the Pulumi project `project` cannot hold the instance `instance` alone, or undefined when it
 * can: one Pulumi stack per (Atmos stack, instance) means the project is the instance's name with
 * `/` as `-` (components/deployTime.ts). Two instances deployed in one stack by turns would each
 * delete the other's resources.
 */
export function instanceProjectProblem(instance: string, project: string): string | undefined {
    const expected = instanceProjectName(instance);
    if (project === expected) return undefined;
    return (
        `atmosComponent ${JSON.stringify(instance)} deploys one instance, in the Pulumi project named after it ` +
        `(${JSON.stringify(expected)}), but this is project ${JSON.stringify(project)}: run it through ` +
        `\`atmos pulumi up ${instance} -s <stack>\` (atmos.d/pulumi.yaml), or name the project ${expected} ` +
        `in Pulumi.yaml (docs/atmos-cli.md, "From atmos terraform to atmos pulumi")`
    );
}

/**
 * Deploys the stack named by `config`: `stackFile` (a stack manifest) or `atmosStack` (an Atmos
 * stack name, in the repository at `atmosDir`; with `atmosComponent`, only that instance of it),
 * paths relative to the current directory (the project's). Returns the stack outputs: `{ "<instance>": { "<spec output name>": ... } }`.
 * Throws before registering anything when the config names no stack or two, or the stack does not
 * load.
 */
export function runProgram(config: ProgramConfig): StackOutputs | Promise<StackOutputs> {
    const atmosStack = config.get("atmosStack") || undefined;
    const stackFile = config.get("stackFile") || undefined;
    if ((atmosStack === undefined) === (stackFile === undefined)) {
        throw new Error(
            "set exactly one of the config keys stackFile (a stack manifest) and atmosStack (an Atmos stack name, with atmosDir)",
        );
    }
    const atmosDir = config.get("atmosDir");
    const atmosComponent = config.get("atmosComponent") || undefined;
    if (atmosComponent !== undefined) {
        if (atmosStack === undefined) {
            throw new Error(
                "the config key atmosComponent (one instance) goes with atmosStack (the Atmos stack it is an instance of)",
            );
        }
        const refused = instanceProjectProblem(atmosComponent, pulumi.getProject());
        if (refused !== undefined) throw new Error(refused);
    }
    // Paths, atmos.yaml and the git root from the user's directory, as Atmos finds them: the
    // project's (where Pulumi runs the program), or where an npm script was typed.
    const stack = loadStackSource(
        atmosStack !== undefined
            ? {
                  atmosStack,
                  ...(atmosDir !== undefined ? { atmosDir } : {}),
                  ...(atmosComponent !== undefined ? { component: atmosComponent } : {}),
              }
            : { stackFile: stackFile! },
        {
            userDir: userDirectory(),
            allowExec: config.getBoolean("allowExec") === true,
            // Files outside the stack's repository are read only with `pulumi config set allowOutsideRepository true`.
            allowOutsideRepository: config.getBoolean("allowOutsideRepository") === true,
        },
    );
    for (const warning of stack.warnings) {
        void pulumi.log.warn(warning);
    }
    if (stack.skipped.length > 0) {
        void pulumi.log.info(
            `${stack.skipped.length} instance(s) of components this package does not implement left to Terraform: ${stack.skipped.map((s) => s.instance).join(", ")}`,
        );
    }
    // Before any instance is registered, an instance renamed without an alias is refused (it would
    // take over its old resources' names and then delete them); `pulumi config set renameGuard
    // false` skips that check.
    // The same guard refuses a run that would delete a log group's stored events the user did not
    // say to delete; `pulumi config set allowLogGroupDeletion <instance>[,<instance>]` says so.
    // `renameGuard false` turns off that check only: the other guards (adoption, moves, dropped data,
    // log history) and the last deployment's reading (the token's name, the clock) stay. Every opt-in
    // (the kit's guards' `allowLogGroupDeletion`, each component's declared `allowSsmPathChange`, ...)
    // is a config key of that name.
    return deployStackGuardingRenames(stack, {
        renameGuard: config.getBoolean("renameGuard") !== false,
        optIns: new Map(
            declaredOptIns(COMPONENT_DEFINITIONS).map((key) => [key, parseInstanceList(config.get(key))] as const),
        ),
    });
}
