/**
 * Pulumi components ported from Cloud Posse's Terraform components, and what they stand on:
 *
 * - `EventBridge` (component path `eventbridge`) and `DashboardsApiKey`
 *   (`managed-dashboards/api-key`), with `createDashboardsProvider`;
 * - `createLabel`, a port of the Terraform module `cloudposse/label/null` 0.25.0;
 * - `validateEventPattern` and `matchesEventPattern`, EventBridge's pattern semantics offline;
 * - `loadStackFile` and `deployStack`, for Atmos-shaped stack files.
 *
 * Importing this module creates no resource and has no side effect: it only re-exports.
 */
export * from "./label";
export * from "./event-pattern";
export * from "./components";
export { loadStackFile, parseStack, StackFileError, COMPONENT_SCHEMAS } from "./stack";
export type {
    LoadedStack,
    LoadOptions,
    StackInstance,
    StackFileProblem,
    StackProblemCode,
    SourceLocation,
    SkippedInstance,
    FileSystem,
    AtmosConfig,
    ListMergeStrategy,
    RenderFile,
    ComponentSchema,
    VarSpec,
    VarType,
} from "./stack";
export { deployStack, validateStack, StackVarsError } from "./program/deploy";
export type { StackOutputs, StackVarProblem } from "./program/deploy";
export { formatPath, formatProblem, problemToJson, userKey } from "./util/problem";
export type {
    PathNaming,
    PathSegment,
    Problem,
    ProblemJson,
    ProblemPath,
    ReportedProblem,
    UserKey,
} from "./util/problem";
