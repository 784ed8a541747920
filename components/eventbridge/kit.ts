/** The `eventbridge` component, wired for the stack program and the plugin (components/kit/kit.ts). */
import { argKinds, wireKit } from "../kit/kit";
import { EventBridge } from "./component";
import { EVENTBRIDGE_DEFINITION, type EventBridgeArgs } from "./definition";
import { EVENTBRIDGE_GUARDS } from "./guards";
import { EVENTBRIDGE_MOCKED_TYPES } from "./mocked";
import { eventBridgeClaims, resolveEventBridge } from "./resolve";

/** The `eventbridge` kit. */
export const EVENTBRIDGE_KIT = wireKit({
    definition: EVENTBRIDGE_DEFINITION,
    component: EventBridge,
    args: argKinds<EventBridgeArgs>()([]),
    resolve: resolveEventBridge,
    claims: eventBridgeClaims,
    physicalNames: (resolved) => ({
        eventRuleName: resolved.rule.name,
        logsLogGroupName: resolved.logGroup.name,
    }),
    guards: EVENTBRIDGE_GUARDS,
    mockedTypes: EVENTBRIDGE_MOCKED_TYPES,
});
