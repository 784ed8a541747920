/**
 * What the offline mocks (program/mocks.ts) answer for the `eventbridge` component's own resource types, as the AWS
 * provider computes them: the rule's bus, the target's id and bus, the logs policy's scope (components/kit/kit.ts `MockedType`).
 */
import type { MockedType } from "../kit/kit";

/** The `eventbridge` component's mocked types. */
export const EVENTBRIDGE_MOCKED_TYPES: Readonly<Record<string, MockedType>> = {
    // A rule is named (else autonamed), on the default bus.
    "aws:cloudwatch/eventRule:EventRule": { state: () => ({ eventBusName: "default" }) },
    // The target's id is `<rule>-<target id>` on the default bus (terraform-provider-aws
    // internal/service/events/target.go, targetCreateResourceID).
    "aws:cloudwatch/eventTarget:EventTarget": {
        named: false,
        state: (inputs, context) => ({
            targetId: String(inputs.targetId ?? `${context.logicalName}-target`),
            eventBusName: "default",
        }),
        id: (inputs, context) => `${String(inputs.rule)}-${String(context.state.targetId)}`,
    },
    // A policy is identified by its name; it is account-scoped unless it names a resource.
    "aws:cloudwatch/logResourcePolicy:LogResourcePolicy": {
        named: false,
        state: (inputs, context) => ({
            policyName: String(inputs.policyName ?? context.logicalName),
            policyScope: inputs.resourceArn === undefined ? "ACCOUNT" : "RESOURCE",
            revisionId: "1",
        }),
        id: (_inputs, context) => String(context.state.policyName),
    },
};
