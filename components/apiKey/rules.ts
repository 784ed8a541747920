/**
 * What `tf-adopt` asks of the `managed-dashboards/api-key` component (components/kit/kit.ts `ComponentRules`); no
 * Pulumi SDK.
 */
import type { ComponentRules } from "../kit/kit";
import { format } from "../../label";
import { ORIGINAL_API_KEY_DEFAULTS } from "./definition";
import { resolveDashboardsApiKey } from "./resolve";

/**
 * The `managed-dashboards/api-key` rules: its instances match a state's SSM parameters by path. One that does not set
 * `ssm_path_format_api_key` also answers for the path it would have under the original's format, which a port straight
 * from Atmos keeps.
 */
export const API_KEY_RULES: ComponentRules = {
    adoptionNames: (instance) => {
        // The deployment only names the workspace stack, which plays no part here.
        const deployment = { organization: "organization", project: "migration", stack: "adoption" };
        const { ssmPath, keyName } = resolveDashboardsApiKey(instance.name, instance.args, deployment);
        const legacySsmPath =
            instance.vars.ssm_path_format_api_key === undefined
                ? format(ORIGINAL_API_KEY_DEFAULTS.ssmPathFormatApiKey, keyName)
                : undefined;
        return { ssmPath, legacySsmPath, keyName };
    },
    originalSsmPathFormat: ORIGINAL_API_KEY_DEFAULTS.ssmPathFormatApiKey,
};
