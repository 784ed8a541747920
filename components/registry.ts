/**
 * The one list of the package's components: each entry pairs a definition with the loader of its kit; everything else
 * derives from it. Importing this loads no Pulumi SDK (a kit loads on first use).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a kit loads the Pulumi SDK: loaded on first use */
import { API_KEY_DEFINITION } from "./apiKey/definition";
import type { ComponentDefinition } from "./kit/definition";
import { EVENTBRIDGE_DEFINITION } from "./eventbridge/definition";
import type { ComponentKit } from "./kit/kit";

/** One component of the list: its definition and the loader of its kit. */
type Entry = readonly [definition: ComponentDefinition, kit: () => ComponentKit];

/** The components, in the guides' order: adding one is its folder and one line here. */
const COMPONENTS = [
    [API_KEY_DEFINITION, () => (require("./apiKey/kit") as typeof import("./apiKey/kit")).API_KEY_KIT],
    [
        EVENTBRIDGE_DEFINITION,
        () => (require("./eventbridge/kit") as typeof import("./eventbridge/kit")).EVENTBRIDGE_KIT,
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
