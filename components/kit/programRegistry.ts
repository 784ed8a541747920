/**
 * The name registry of the running Pulumi program (see `./collisions`), kept apart from the pure
 * collision checks so that the resolvers load no Pulumi SDK.
 */
import { NameRegistry } from "./collisions";
import { currentMonitor, deploymentOf } from "../../sdk/adapter";

const byMonitor = new WeakMap<object, NameRegistry>();
const byDeployment = new Map<string, NameRegistry>();

/**
 * The registry of the running Pulumi program: one per deployment (`pulumi up`, a preview), shared by
 * every instance the program creates, also when each comes from its own Construct of the component
 * plugin; one per `setMocks` under the mocks. Undefined outside a Pulumi program.
 */
export function programRegistry(): NameRegistry | undefined {
    const monitor = currentMonitor();
    if (monitor === undefined) return undefined;
    const deployment = deploymentOf(monitor);
    if (deployment !== undefined) {
        let registry = byDeployment.get(deployment);
        if (registry === undefined) {
            registry = new NameRegistry();
            byDeployment.set(deployment, registry);
        }
        return registry;
    }
    let registry = byMonitor.get(monitor);
    if (registry === undefined) {
        registry = new NameRegistry();
        byMonitor.set(monitor, registry);
    }
    return registry;
}
