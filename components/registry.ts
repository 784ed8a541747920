/**
 * Every component of the package, by its definition. Pure: importing this loads no Pulumi SDK.
 * The stack-file schema (`stack/schema.ts`) and the program's registry (`program/deploy.ts`) are
 * derived from this list (the program's registry also needs an entry per component path, which the compiler
 * enforces); CONTRIBUTING.md lists every step of adding a component.
 */
import { API_KEY_DEFINITION } from "./apiKey/definition";
import { EVENTBRIDGE_DEFINITION } from "./eventbridge/definition";

/** The definitions of every component, in the guides' order. */
export const COMPONENT_DEFINITIONS = [API_KEY_DEFINITION, EVENTBRIDGE_DEFINITION] as const;

/** A component path of the package (`eventbridge`, `managed-dashboards/api-key`). */
export type ComponentPath = (typeof COMPONENT_DEFINITIONS)[number]["path"];
