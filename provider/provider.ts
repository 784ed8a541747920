/**
 * The component plugin's provider: serves the schema derived from the component definitions
 * (`./schema`) and constructs the components for programs in any Pulumi language. Loaded only by
 * the plugin's entry point (`plugin/index.js`, which `@pulumi/pulumi/cmd/run-plugin` runs), never
 * by the package's index.
 *
 * A `Construct` request's inputs arrive as the SDK's `deserializeInputs` makes them: plain values,
 * or Outputs where they carry dependencies, secrets or unknown values (a preview). They are given
 * to the component's constructor as they are, so that it validates them as it does for a
 * TypeScript program, with the same messages.
 */
import * as pulumi from "@pulumi/pulumi";
import * as provider from "@pulumi/pulumi/provider";
import type { ComponentClass } from "../components/kit";
import { COMPONENT_KITS } from "../components/kits";
import { packageSchema } from "./schema";

/** The components, by type token. */
const COMPONENTS: ReadonlyMap<string, ComponentClass> = new Map(
    COMPONENT_KITS.map((kit) => [kit.definition.typeToken, kit.component]),
);

/** The provider of the package's components (`GetSchema`, `Construct`). */
export class ComponentsProvider implements provider.Provider {
    private schemaText: string | undefined;

    /** @param version The package's version (the schema's and the plugin's). */
    constructor(readonly version: string) {}

    /** The package schema, as JSON text (built once). */
    getSchema(): Promise<string> {
        this.schemaText ??= JSON.stringify(packageSchema(this.version));
        return Promise.resolve(this.schemaText);
    }

    /**
     * Constructs the component of type token `type`: its constructor validates `inputs` (refusing
     * with its own message) and registers its children; the state is its declared outputs.
     */
    construct(
        name: string,
        type: string,
        inputs: pulumi.Inputs,
        options: pulumi.ComponentResourceOptions,
    ): Promise<provider.ConstructResult> {
        const component = COMPONENTS.get(type);
        if (component === undefined) {
            return Promise.reject(
                new Error(
                    `unknown resource type ${type}; this plugin constructs ${[...COMPONENTS.keys()].sort().join(", ")}`,
                ),
            );
        }
        const instance = new component(name, inputs as never, options) as unknown as Record<string, unknown>;
        const state: Record<string, pulumi.Input<unknown>> = {};
        for (const property of Object.keys(component.definition.outputs)) {
            // Undefined (no such property in the state) when the instance is disabled.
            state[property] = instance[property];
        }
        return Promise.resolve({ urn: (instance as unknown as pulumi.ComponentResource).urn, state });
    }
}

/**
 * Starts the provider's gRPC server (printing its port, as Pulumi expects of a plugin) for the
 * engine whose address is in `args`; called by `plugin/index.js` under `run-plugin`.
 */
export function serve(version: string, args: readonly string[]): Promise<void> {
    return provider.main(new ComponentsProvider(version), [...args]);
}
