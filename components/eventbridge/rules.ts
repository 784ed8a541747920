/** What `tf-adopt` asks of the `eventbridge` component (components/kit/kit.ts `ComponentRules`); no Pulumi SDK. */
import type { ComponentRules } from "../kit/kit";
import { EVENTBRIDGE_ADOPTION } from "./adoption";

/** The `eventbridge` rules: its instances adopt a state's rules, matched by name (adoption.ts). */
export const EVENTBRIDGE_RULES: ComponentRules = { adoption: EVENTBRIDGE_ADOPTION };
