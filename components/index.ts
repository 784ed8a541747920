/** The package's Pulumi components, one per component path of the spec. */
export {
    EventBridge,
    EVENT_LOG_RETENTION_DAYS,
    EVENTBRIDGE_DEFINITION,
    eventBridgeLogsPolicyDocument,
    isResolvedEventBridge,
    resolveEventBridgeArgs,
} from "./eventbridge";
export type {
    EnabledEventBridge,
    EventBridgeArgs,
    EventLogRetentionInDays,
    EventPatternItem,
    EventPatternMatcher,
    EventPatternObject,
    EventPatternValue,
    LogsPolicyScope,
    ResolvedEventBridge,
    Tags,
} from "./eventbridge";
export type { ComponentLabelArgs } from "./kit/labelArgs";
export {
    createDashboardsProvider,
    API_KEY_DEFINITION,
    DashboardsApiKey,
    DASHBOARDS_API_KEY_DEFAULTS,
    isResolvedDashboardsApiKey,
    MAX_MINUTES_TO_LIVE,
    resolveDashboardsApiKeyArgs,
    workspaceStackName,
} from "./apiKey";
export type {
    DashboardsApiKeyArgs,
    EnabledDashboardsApiKey,
    DashboardsCredentialType,
    DashboardsKeyRole,
    DashboardsProviderArgs,
    DashboardsWorkspaceSource,
    PulumiDeployment,
    ResolvedDashboardsApiKey,
} from "./apiKey";
export { DeclaredComponent } from "./kit/component";
export { ComponentArgsError } from "./kit/errors";
export type { ArgProblem, ArgProblemInput, FieldNamer } from "./kit/errors";
export { COMPONENT_DEFINITIONS } from "./registry";
export type { ComponentPath } from "./registry";
export type {
    ArgDefinition,
    ArgTable,
    ComponentDefinition,
    ComponentExample,
    FieldDefinition,
    HoldsData,
    ListType,
    MapType,
    ObjectType,
    OutputDefinition,
    ScalarType,
    SetType,
    TextPattern,
    TypeNode,
    WhenRenamed,
} from "./kit/definition";
export { typeNode, typeText } from "./kit/definition";
export type { DeployedCredential } from "./kit/credentialGuard";
export { INSTANCE_ARGS } from "./kit/instanceArgs";
export type { InstanceArgs } from "./kit/instanceArgs";
