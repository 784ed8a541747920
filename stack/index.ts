/**
 * The stack-file loader: Atmos-shaped YAML stack files in, typed component instances (or a
 * `StackFileError` listing every problem with its file, line and column) out. Pure: no Pulumi
 * import; files are read through an injectable reader.
 */
export { loadStackFile, parseStack, importTarget } from "./loader";
export type { LoadedStack, LoadOptions, StackInstance } from "./loader";
export { StackFileError } from "./errors";
export type { StackFileProblem, StackProblemCode, SourceLocation } from "./errors";
export { COMPONENT_SCHEMAS, API_KEY_SCHEMA, EVENTBRIDGE_SCHEMA, CONTEXT_VARS } from "./schema";
export type { ComponentSchema, VarSpec, VarType } from "./schema";
