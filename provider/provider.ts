/**
 * The component plugin's provider: serves the schema derived from the component definitions
 * (`./schema`) and constructs the components for programs in any Pulumi language. Loaded only by
 * the plugin's entry point (`plugin/index.js`, which `@pulumi/pulumi/cmd/run-plugin` runs), never
 * by the package's index.
 *
 * A `Construct` request's inputs arrive as the SDK's `deserializeInputs` makes them: plain values,
 * or Outputs where they carry dependencies, secrets or unknown values (a preview). They are given
 * to the component's constructor as they are, so that it validates them as it does for a
 * TypeScript program, with the same messages. An input the schema marks `plain` (a name, the
 * identity of the instance) must come as a plain value: given an Output (a secret, a value with
 * dependencies, or one a preview does not know), it is refused here, naming the argument.
 */
import * as pulumi from "@pulumi/pulumi";
import * as provider from "@pulumi/pulumi/provider";
import { DashboardsApiKey } from "../components/apiKey/component";
import type { ComponentDefinition } from "../components/definition";
import { ComponentArgsError } from "../components/errors";
import { EventBridge } from "../components/eventbridge/component";
import { knownNow } from "../components/inputs";
import { problem } from "../util/problem";
import { packageSchema, type PackageSchema } from "./schema";

/** A component class the provider constructs, with its declaration. */
interface Constructible {
    readonly definition: ComponentDefinition;
    new (name: string, args: never, opts: pulumi.ComponentResourceOptions): pulumi.ComponentResource;
}

/** The components, by type token. */
const COMPONENTS: ReadonlyMap<string, Constructible> = new Map(
    ([EventBridge, DashboardsApiKey] as readonly Constructible[]).map((c) => [c.definition.typeToken, c]),
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
                new Error(`unknown resource type ${type}; this plugin constructs ${[...COMPONENTS.keys()].join(", ")}`),
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
