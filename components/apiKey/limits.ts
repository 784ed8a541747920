/**
 * What Managed Grafana accepts of the `managed-dashboards/api-key` component's credentials (from its API model),
 * beside the kit's shared limits (components/kit/awsLimits.ts: tags, SSM parameters). Pure.
 */
import type { AwsLimitTable, StringLimit } from "../kit/awsLimits";

/** The Managed Grafana members the component sends, by service. */
export const API_KEY_LIMITS = {
    grafana: {
        apiKeyName: { source: "Managed Grafana CreateWorkspaceApiKey.keyName", min: 1, max: 100 },
        serviceAccountName: { source: "Managed Grafana CreateWorkspaceServiceAccount.name", min: 1, max: 128 },
        serviceAccountTokenName: {
            source: "Managed Grafana CreateWorkspaceServiceAccountToken.name",
            min: 1,
            max: 128,
        },
        workspaceId: {
            source: "Managed Grafana workspaceId",
            pattern: /^g-[0-9a-f]{10}$/u,
            patternText: "g-[0-9a-f]{10}",
        },
    },
} as const satisfies Record<string, AwsLimitTable & Record<string, StringLimit>>;
