/**
 * What EventBridge accepts of the `eventbridge` component's rule (from its API model, `PutRule` and `TagResource`),
 * beside the kit's shared limits (components/kit/awsLimits.ts: tags, CloudWatch Logs). Pure.
 */
import type { AwsLimitTable, StringLimit } from "../kit/awsLimits";

/** The EventBridge members the component sends, by service. */
export const EVENTBRIDGE_LIMITS = {
    events: {
        ruleName: {
            source: "EventBridge PutRule.Name",
            min: 1,
            max: 64,
            pattern: /^[.\-_A-Za-z0-9]+$/u,
            patternText: "[.\\-_A-Za-z0-9]+",
        },
        ruleDescription: { source: "EventBridge PutRule.Description", max: 512 },
        eventPattern: { source: "EventBridge PutRule.EventPattern", max: 4096 },
        tagKey: {
            source: "EventBridge Tag.Key",
            min: 1,
            max: 128,
            forbiddenPrefixes: ["aws:"],
            prefixIgnoreCase: true,
        },
        tagValue: { source: "EventBridge Tag.Value", max: 256 },
    },
} as const satisfies Record<string, AwsLimitTable & Record<string, StringLimit>>;
