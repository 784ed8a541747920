/**
 * The stack loader: stack manifests of Atmos repositories in, typed component instances (or a
 * `StackFileError` listing every problem with its file, line and column) out. Pure: no Pulumi
 * import; files are read through an injectable file system.
 */
export { loadStackFile, parseStack, importTarget } from "./loader";
export { canonicalPath, COMPONENT_ALIASES } from "./componentPaths";
export type { LoadedStack, LoadOptions, StackInstance, SkippedInstance } from "./loadTypes";
export { listStacks, findStack, findStackManifests, loadAtmosStack, stackManifests, userDirectory } from "./repository";
export type { AtmosStackEntry, RepositoryOptions } from "./repository";
export { loadStackSource } from "./source";
export type { StackSource, StackSourceOptions } from "./source";
export { loadAtmosConfig, AtmosConfigError } from "./atmosConfig";
export type { AtmosConfig, ListMergeStrategy } from "./atmosConfig";
export type { FileSystem } from "./files";
export type { RenderFile } from "./manifest";
export { StackFileError } from "./errors";
export type { StackFileProblem, StackProblemCode, SourceLocation } from "./errors";
export { COMPONENT_SCHEMAS, CONTEXT_VARS } from "./schema";
export type { ComponentSchema, VarSpec, VarType } from "./schema";
