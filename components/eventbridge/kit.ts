/** The `eventbridge` component, wired for the stack program and the plugin (components/kit/kit.ts). */
import { argKinds, physicalNamesOf, specOutputsOf, type ComponentKit } from "../kit/kit";
import { FromStackProgram } from "../kit/preamble";
import { EventBridge } from "./component";
import { EVENTBRIDGE_DEFINITION, type EventBridgeArgs } from "./definition";
import { eventBridgeClaims, resolveEventBridge } from "./resolve";

/** The `eventbridge` kit. */
export const EVENTBRIDGE_KIT: ComponentKit = {
    definition: EVENTBRIDGE_DEFINITION,
    component: EventBridge,
    args: argKinds<EventBridgeArgs>()([]),
    prepare: (name, args) => {
        const resolved = resolveEventBridge(name, args);
        return {
            claims: eventBridgeClaims(resolved),
            physicalNames: physicalNamesOf(EVENTBRIDGE_DEFINITION, resolved.enabled, {
                eventRuleName: resolved.rule.name,
                logsLogGroupName: resolved.logGroup.name,
            }),
            aliases: resolved.aliases,
            resolved,
            warnings: resolved.warnings,
            create: (opts) =>
                specOutputsOf(
                    new EventBridge(name, new FromStackProgram(resolved), opts),
                    EVENTBRIDGE_DEFINITION.outputs,
                ),
        };
    },
};
