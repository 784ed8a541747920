/**
 * The package's entry point: the Pulumi components ported from Cloud Posse (listed in components/registry.ts) and
 * what they stand on: `createLabel`, event patterns offline, Atmos-shaped stack files. It only re-exports.
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
export type { PathNaming, PathSegment, Problem, ProblemJson, ProblemPath, UserKey } from "./util/problem";
