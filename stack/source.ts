/**
 * The one way a command or the program loads the stack it is given: a stack file, or an Atmos
 * stack by name in a repository, with paths relative to the user's directory.
 */
import * as nodePath from "node:path";
import { loadStackFile } from "./loader";
import type { LoadedStack } from "./loadTypes";
import { loadAtmosStack } from "./repository";

/** The stack to load: a stack manifest, or an Atmos stack name (in the repository at `atmosDir`). */
export type StackSource =
    | { readonly stackFile: string }
    | {
          readonly atmosStack: string;
          /** @default the user's directory */
          readonly atmosDir?: string;
          /** Only this instance of the stack (`--component`, config `atmosComponent`). */
          readonly component?: string;
      };

/** How to load a {@link StackSource}. */
export interface StackSourceOptions {
    /** The directory the user's paths are relative to, and printed paths too (`userDirectory()`). */
    readonly userDir: string;
    /** The environment `!env` and templates read. @default process.env */
    readonly env?: Readonly<Record<string, string | undefined>>;
    /** Whether `!exec` may run commands. @default false */
    readonly allowExec?: boolean;
    /** Whether files outside the stack's repository may be read. @default false */
    readonly allowOutsideRepository?: boolean;
}

/** Loads the stack `source` names; throws a `StackFileError` when it does not load. */
export function loadStackSource(source: StackSource, options: StackSourceOptions): LoadedStack {
    const { userDir } = options;
    const shared = {
        ...(options.env !== undefined ? { env: options.env } : {}),
        allowExec: options.allowExec === true,
        allowOutsideRepository: options.allowOutsideRepository === true,
    };
    if ("atmosStack" in source) {
        return loadAtmosStack(source.atmosStack, {
            atmosDir: nodePath.resolve(userDir, source.atmosDir ?? "."),
            displayDir: userDir,
            ...(source.component !== undefined ? { component: source.component } : {}),
            ...shared,
        });
    }
    return loadStackFile(nodePath.resolve(userDir, source.stackFile), { cwd: userDir, ...shared });
}
