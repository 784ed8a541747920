/**
 * The component paths a stack file may name: this package's (each definition's `path`), the
 * original Cloud Posse names accepted with a warning, and the near misses worth a hint.
 */
import type { ComponentDefinition } from "../components/kit/definition";
import { COMPONENT_DEFINITIONS } from "../components/registry";
import { editDistance } from "../util/suggest";
import { hasOwn } from "../util/objects";
import { COMPONENT_SCHEMAS } from "./schema";

/** The component paths accepted for another, with a warning (each definition's `pathAliases`). */
export const COMPONENT_ALIASES: Readonly<Record<string, string>> = Object.freeze(
    Object.fromEntries(
        COMPONENT_DEFINITIONS.flatMap((definition: ComponentDefinition) =>
            (definition.pathAliases ?? []).map((alias) => [alias, definition.path] as const),
        ),
    ),
);

/** The canonical path of a component this package implements, or undefined. */
export function canonicalPath(component: string): string | undefined {
    if (hasOwn(COMPONENT_SCHEMAS, component)) return component;
    if (hasOwn(COMPONENT_ALIASES, component)) return COMPONENT_ALIASES[component];
    return undefined;
}

/** The implemented component path `component` is a typo of, if any (compared case-insensitively). */
export function nearMiss(component: string, known: readonly string[]): string | undefined {
    let best: string | undefined;
    let bestDistance = Math.max(1, Math.floor(component.length / 5)) + 1;
    for (const candidate of known) {
        // The distance is at least the difference in length: most paths are too far to compare.
        if (Math.abs(candidate.length - component.length) >= bestDistance) continue;
        const distance = editDistance(component.toLowerCase(), candidate.toLowerCase());
        if (distance > 0 && distance < bestDistance) {
            best = canonicalPath(candidate);
            bestDistance = distance;
        }
    }
    return best;
}
