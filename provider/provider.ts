/**
 * The component plugin's provider: serves the schema derived from the definitions (./schema) and constructs the
 * components for programs in any Pulumi language. Loaded only by the plugin's entry point, never by the index.
 */
import * as pulumi from "@pulumi/pulumi";
import * as provider from "@pulumi/pulumi/provider";
import { ComponentArgsError } from "../components/kit/errors";
import { knownNow } from "../components/kit/inputs";
import type { ComponentClass } from "../components/kit/kit";
import { outputValues } from "../components/kit/declaredOutputs";
import { COMPONENT_KITS } from "../components/kits";
import { problem } from "../util/problem";
import { packageSchema, type PackageSchema } from "./schema";

/** The components, by type token. */
const COMPONENTS: ReadonlyMap<string, ComponentClass> = new Map(
    COMPONENT_KITS.map((kit) => [kit.definition.typeToken, kit.component]),
);

/** The provider of the package's components (`GetSchema`, `Construct`). */
export class ComponentsProvider implements provider.Provider {
    private packageSchemaValue: PackageSchema | undefined;
    private schemaText: string | undefined;

    /** @param version The package's version (the schema's and the plugin's). */
    constructor(readonly version: string) {}

    /** The package schema, as JSON text (built once). */
    getSchema(): Promise<string> {
        this.schemaText ??= JSON.stringify(this.packageSchema());
        return Promise.resolve(this.schemaText);
    }

    private packageSchema(): PackageSchema {
        this.packageSchemaValue ??= packageSchema(this.version);
        return this.packageSchemaValue;
    }

    /** The inputs of `type` the schema marks `plain` that hold an Output (at any depth). */
    private outputsForPlainInputs(type: string, inputs: pulumi.Inputs): string[] {
        const properties = this.packageSchema().resources[type].inputProperties;
        return knownNow(inputs).deferred.filter(
            (arg) => Object.prototype.hasOwnProperty.call(properties, arg) && properties[arg].plain === true,
        );
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
        const notPlain = this.outputsForPlainInputs(type, inputs);
        if (notPlain.length > 0) {
            const rule = "must be a plain value known when the component is created, got an Output";
            return Promise.reject(
                new ComponentArgsError(
                    component.definition.path,
                    name,
                    notPlain.map((arg) => problem("NOT_PLAIN", [arg], rule)),
                ),
            );
        }
        const instance = new component(name, inputs as never, options);
        // The declared outputs (components/declaredOutputs.ts); none when the instance is disabled.
        const values = outputValues(instance);
        const state: Record<string, pulumi.Input<unknown>> = {};
        for (const property of Object.keys(component.definition.outputs)) {
            if (values[property] !== undefined) state[property] = values[property];
        }
        return Promise.resolve({ urn: instance.urn, state });
    }
}

/**
 * Starts the provider's gRPC server (printing its port, as Pulumi expects of a plugin) for the
 * engine whose address is in `args`; called by `plugin/index.js` under `run-plugin`.
 */
export function serve(version: string, args: readonly string[]): Promise<void> {
    return provider.main(new ComponentsProvider(version), [...args]);
}
