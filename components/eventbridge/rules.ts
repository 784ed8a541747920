/** What `tf-adopt` asks of the `eventbridge` component (components/kit/kit.ts `ComponentRules`); no Pulumi SDK. */
import type { ComponentRules } from "../kit/kit";
import { resolveEventBridge } from "./resolve";

/** The `eventbridge` rules: its instances match a state's rules by name. */
export const EVENTBRIDGE_RULES: ComponentRules = {
    adoptionNames: (instance) => ({ rule: resolveEventBridge(instance.name, instance.args).rule.name }),
};
