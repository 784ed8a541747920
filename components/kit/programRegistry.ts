/**
 * The name registry of the running Pulumi program (see `./collisions`), kept apart from the pure
 * collision checks so that the resolvers load no Pulumi SDK.
 */
import * as pulumi from "@pulumi/pulumi";
import { NameRegistry } from "./collisions";

const registries = new WeakMap<object, NameRegistry>();

/**
 * The registry of the running Pulumi program (one per resource monitor, so one per `pulumi up`
 * and one per `setMocks`), or undefined outside a Pulumi program.
 */
export function programRegistry(): NameRegistry | undefined {
    let monitor: object | undefined;
    try {
        monitor = pulumi.runtime.getMonitor() as object | undefined;
    } catch {
        monitor = undefined;
    }
    if (monitor === undefined) return undefined;
    let registry = registries.get(monitor);
    if (registry === undefined) {
        registry = new NameRegistry();
        registries.set(monitor, registry);
    }
    return registry;
}
