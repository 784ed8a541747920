/** The package's Pulumi components, one per component path of the spec. */
export {
    EventBridge,
    EVENT_LOG_RETENTION_DAYS,
    eventBridgeLogsPolicyDocument,
    resolveEventBridgeArgs,
} from "./eventbridge";
export type { EventBridgeArgs, LogsPolicyScope, ResolvedEventBridge } from "./eventbridge";
export {
    createDashboardsProvider,
    DashboardsApiKey,
    DASHBOARDS_API_KEY_DEFAULTS,
    MAX_MINUTES_TO_LIVE,
    resolveDashboardsApiKeyArgs,
    workspaceStackName,
} from "./apiKey";
export type {
    DashboardsApiKeyArgs,
    DashboardsCredentialType,
    DashboardsKeyRole,
    DashboardsProviderArgs,
    PulumiDeployment,
    ResolvedDashboardsApiKey,
} from "./apiKey";
export { ComponentArgsError } from "./errors";
export type { ArgProblem } from "./errors";
