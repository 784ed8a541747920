/**
 * Every component, wired (components/kit.ts): the stack program, the plugin's schema and its
 * `Construct` take their components from here. One entry per path of `registry.ts` (the compiler
 * refuses a missing or an unknown one).
 */
import { API_KEY_KIT } from "./apiKey/kit";
import { EVENTBRIDGE_KIT } from "./eventbridge/kit";
import type { ComponentKit } from "./kit";
import { COMPONENT_DEFINITIONS, type ComponentPath } from "./registry";
import { hasOwn } from "../util/objects";

const KITS: { readonly [P in ComponentPath]: ComponentKit } = {
    "managed-dashboards/api-key": API_KEY_KIT,
    eventbridge: EVENTBRIDGE_KIT,
};

/** The kits, in the order of `COMPONENT_DEFINITIONS`. */
export const COMPONENT_KITS: readonly ComponentKit[] = COMPONENT_DEFINITIONS.map((d) => KITS[d.path]);

/** The kit of a component path, or undefined. */
export function kitOf(path: string): ComponentKit | undefined {
    return hasOwn(KITS, path) ? (KITS as Readonly<Record<string, ComponentKit>>)[path] : undefined;
}
