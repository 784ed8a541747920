/**
 * What `tf-adopt` asks of the `managed-dashboards/api-key` component (components/kit/kit.ts `ComponentRules`); no
 * Pulumi SDK.
 */
import type { ComponentRules } from "../kit/kit";
import { API_KEY_ADOPTION } from "./adoption";

/** The `managed-dashboards/api-key` rules: its instances adopt a state's SSM parameters, matched by path (adoption.ts). */
export const API_KEY_RULES: ComponentRules = { adoption: API_KEY_ADOPTION };
