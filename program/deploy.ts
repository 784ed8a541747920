/**
 * The program behind `pulumi up` and `npm run synth`: creates every instance of a loaded stack file
 * and returns each instance's outputs under the spec's snake_case names.
 *
 * Every instance is validated before the first resource is registered, so a bad var in the last
 * instance cannot leave the first half of a stack deployed.
 */
import * as pulumi from "@pulumi/pulumi";
import {
    currentDeployment,
    DashboardsApiKey,
    dashboardsApiKeyClaims,
    resolveDashboardsApiKeyArgs,
    type DashboardsApiKeyArgs,
} from "../components/apiKey";
import { NameRegistry, type NameClaim } from "../components/collisions";
import { ComponentArgsError, type FieldNamer } from "../components/errors";
import {
    EventBridge,
    eventBridgeClaims,
    resolveEventBridgeArgs,
    type EventBridgeArgs,
} from "../components/eventbridge";
import type { LoadedStack, StackInstance } from "../stack";
import { formatLocation } from "../stack/errors";
import type { ComponentSchema } from "../stack/schema";

/** How the program creates one kind of component. */
interface ComponentKind {
    /**
     * Validates the args without registering anything (throws ComponentArgsError); returns the
     * names the instance needs to itself.
     */
    resolve(name: string, args: Record<string, unknown>): NameClaim[];
    /** Creates the component. */
    create(
        name: string,
        args: Record<string, unknown>,
        opts: pulumi.ComponentResourceOptions,
    ): pulumi.ComponentResource;
}

const KINDS: Readonly<Record<string, ComponentKind>> = {
    [EventBridge.componentPath]: {
        resolve: (name, args) => eventBridgeClaims(resolveEventBridgeArgs(name, args as unknown as EventBridgeArgs)),
        create: (name, args, opts) => new EventBridge(name, args as unknown as EventBridgeArgs, opts),
    },
    [DashboardsApiKey.componentPath]: {
        resolve: (name, args) =>
            dashboardsApiKeyClaims(
                resolveDashboardsApiKeyArgs(name, args as unknown as DashboardsApiKeyArgs, currentDeployment()),
            ),
        create: (name, args, opts) => new DashboardsApiKey(name, args as unknown as DashboardsApiKeyArgs, opts),
    },
};

/** The outputs of every instance: instance name, then the spec's output name. */
export type StackOutputs = Record<string, Record<string, pulumi.Output<unknown> | undefined>>;

/** Invalid vars in a stack file, every instance's problems at once, named as stack-file vars. */
export class StackVarsError extends Error {
    constructor(
        /** The stack file. */
        readonly file: string,
        /** One error per invalid instance, its fields named as the stack file's vars. */
        readonly errors: readonly ComponentArgsError[],
        message: string,
    ) {
        super(message);
        this.name = "StackVarsError";
    }
}

const camelToSnake = (text: string) => text.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Names a component arg (`eventLogRetentionInDays`, `context.labelKeyCase`) as the stack file's var. */
export function stackVarNamer(schema: ComponentSchema): FieldNamer {
    const varOfArg = new Map(Object.entries(schema.vars).map(([name, spec]) => [spec.arg, name]));
    return (field) => {
        const match = /^([A-Za-z0-9]+)(.*)$/s.exec(field);
        if (!match) {
            return field;
        }
        const head = varOfArg.get(match[1]) ?? camelToSnake(match[1]);
        // Sub-paths into the context name its snake_case keys; other sub-paths are the user's data.
        const rest = match[1] === "context" ? camelToSnake(match[2]) : match[2];
        return head + rest;
    };
}

function kindOf(instance: StackInstance): ComponentKind {
    const kind = KINDS[instance.component];
    if (!kind) {
        throw new Error(`"${instance.name}": component "${instance.component}" has no implementation`);
    }
    return kind;
}

/**
 * Validates every instance of a stack, reporting all problems in stack-file vocabulary.
 * Registers nothing.
 */
export function validateStack(stack: LoadedStack): void {
    const errors: ComponentArgsError[] = [];
    const lines: string[] = [];
    // Names two instances would both use (same log group, rule, SSM parameter, ...), checked once
    // every instance is valid on its own.
    const registry = new NameRegistry();
    for (const instance of stack.instances) {
        try {
            const claims = kindOf(instance).resolve(instance.name, { ...instance.args });
            const collisions = registry.claim(
                { component: instance.component, instance: instance.name, where: formatLocation(instance.location) },
                claims,
            );
            if (collisions.length > 0) {
                throw new ComponentArgsError(instance.component, instance.name, collisions);
            }
        } catch (error) {
            if (!(error instanceof ComponentArgsError)) {
                throw error;
            }
            const namer = stackVarNamer(instance.schema);
            errors.push(error.withFieldNames(namer));
            // Each problem where its var is written (the instance's key for a var left unset).
            for (const problem of error.problems) {
                const varName = namer(problem.field).split(/[.[]/)[0];
                const where = instance.varLocations[varName] ?? instance.location;
                lines.push(
                    `${formatLocation(where)}: ${ComponentArgsError.render(error.component, error.instance, [problem], namer)}`,
                );
            }
        }
    }
    if (errors.length > 0) {
        throw new StackVarsError(stack.file, errors, lines.join("\n"));
    }
}

/**
 * Creates every instance of the stack (after validating them all) and returns their outputs under
 * the spec's output names. A disabled instance's outputs are undefined.
 */
export function deployStack(stack: LoadedStack, opts: pulumi.ComponentResourceOptions = {}): StackOutputs {
    validateStack(stack);
    const outputs: StackOutputs = {};
    for (const instance of stack.instances) {
        const component = kindOf(instance).create(instance.name, { ...instance.args }, opts) as unknown as Record<
            string,
            pulumi.Output<unknown> | undefined
        >;
        const named: Record<string, pulumi.Output<unknown> | undefined> = {};
        for (const [output, property] of Object.entries(instance.schema.outputs)) {
            named[output] = component[property];
        }
        outputs[instance.name] = named;
    }
    return outputs;
}
