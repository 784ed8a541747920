/**
 * The one list of the package's components: each entry pairs a definition with the loaders of its kit and its rules;
 * everything else derives from it. Importing this loads no Pulumi SDK (a kit loads on first use; the rules, which
 * `tf-adopt` reads, never load it).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- each entry requires its parts: a kit loads the Pulumi SDK, on first use */
import type { ComponentDefinition } from "./kit/definition";
import type { ComponentKit, ComponentRules } from "./kit/kit";

/** One component of the list: its definition, the loader of its kit and that of its rules. */
type Entry = readonly [definition: ComponentDefinition, kit: () => ComponentKit, rules: () => ComponentRules];

/**
 * The components, in the guides' order: adding one is its folder and one entry here (its definition, loaded now; its
 * kit and its rules, loaded on first use).
 */
const COMPONENTS = [
    [
        (require("./apiKey/definition") as typeof import("./apiKey/definition")).API_KEY_DEFINITION,
        () => (require("./apiKey/kit") as typeof import("./apiKey/kit")).API_KEY_KIT,
        () => (require("./apiKey/rules") as typeof import("./apiKey/rules")).API_KEY_RULES,
    ],
    [
        (require("./eventbridge/definition") as typeof import("./eventbridge/definition")).EVENTBRIDGE_DEFINITION,
        () => (require("./eventbridge/kit") as typeof import("./eventbridge/kit")).EVENTBRIDGE_KIT,
        () => (require("./eventbridge/rules") as typeof import("./eventbridge/rules")).EVENTBRIDGE_RULES,
    ],
] as const satisfies readonly Entry[];

function definitionsOf<const T extends readonly Entry[]>(entries: T): { readonly [I in keyof T]: T[I][0] } {
    return entries.map(([definition]) => definition) as { readonly [I in keyof T]: T[I][0] };
}

/** The definitions of every component, in the guides' order. */
export const COMPONENT_DEFINITIONS = definitionsOf(COMPONENTS);

/** A component path of the package (`eventbridge`, `managed-dashboards/api-key`). */
export type ComponentPath = (typeof COMPONENT_DEFINITIONS)[number]["path"];

/** Loads the kit of every component, in the list's order (this loads the Pulumi SDK). */
export function loadComponentKits(): readonly ComponentKit[] {
    return COMPONENTS.map(([, kit]) => kit());
}

/** The rules of every component, by component path, in the list's order (loads no Pulumi SDK). */
export function loadComponentRules(): ReadonlyMap<string, ComponentRules> {
    return new Map(COMPONENTS.map(([definition, , rules]) => [definition.path, rules()]));
}
