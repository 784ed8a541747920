/**
 * Every component, wired (components/kit/kit.ts), as the list in registry.ts gives them: the stack
 * program, the plugin's schema and its `Construct` take their components from here.
 */
import type { ComponentKit } from "./kit/kit";
import { loadComponentKits } from "./registry";

/** The kits, in the order of `COMPONENT_DEFINITIONS`. */
export const COMPONENT_KITS: readonly ComponentKit[] = loadComponentKits();

/** The kit of a component path among `kits` (every component's by default), or undefined. */
export function kitOf(path: string, kits: readonly ComponentKit[] = COMPONENT_KITS): ComponentKit | undefined {
    return kits.find((kit) => kit.definition.path === path);
}
