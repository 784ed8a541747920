/**
 * A TypeScript port of Cloud Posse's Terraform module `cloudposse/label/null` 0.25.0
 * (terraform-null-label): the same outputs for the same inputs, field for field.
 * Pure and synchronous; no Pulumi dependency.
 */
export { createLabel } from "./label";
export { fromTerraformContext, toTerraformContext } from "./context";
export { format } from "./format";
export { LabelError } from "./validate";
export { CloudposseError } from "../util/errors";
export type {
    DescriptorFormat,
    Label,
    LabelContext,
    LabelContextOutput,
    LabelInput,
    LabelKeyCase,
    LabelName,
    LabelValueCase,
    NormalizedLabelContext,
    TagMap,
} from "./types";
export type { PathSegment, Problem, ProblemPath, ReportedProblem, UserKey } from "../util/problem";
