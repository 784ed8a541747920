/**
 * Amazon EventBridge event patterns: validate them, match them against events in unit tests, and
 * get the JSON to send to AWS. Pure TypeScript (no AWS call, no Pulumi import) reproducing
 * EventBridge's semantics (its engine Event Ruler, and the EventBridge user guide).
 */
export {
    EVENT_PATTERN_DEFAULT_MAX_LENGTH,
    EVENT_PATTERN_PROVIDER_MAX_LENGTH,
    inspectEventPattern,
    matchesEventPattern,
    validateEventPattern,
} from "./eventPattern";
export type { EventPatternInspection } from "./eventPattern";
export { EventPatternError, PatternPath } from "./errors";
export type { EventPatternProblem, EventPatternProblemCode } from "./errors";
