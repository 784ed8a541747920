/**
 * The base class of every component's class: what each shares around the wiring of its own children. Its
 * declared outputs as properties of the class (`declaredOutputs.ts`), `isEnabled()`, the registration of the
 * instance that `startComponent` (preamble.ts) validated, and its outputs set and registered at the end.
 */
import * as pulumi from "@pulumi/pulumi";
import { hasOwn } from "../../util/objects";
import type { ComponentDefinition } from "./definition";
import { declareOutputs, hasOutputs, setOutputs } from "./declaredOutputs";
import type { ResolvedBase, Started } from "./preamble";

/** A component class as the base sees it: its declaration is a static member. */
interface DeclaringClass {
    readonly prototype: object;
    readonly definition: ComponentDefinition;
}

/** The classes whose declared outputs are defined on their prototype. */
const DECLARED = new WeakSet<object>();

/**
 * The class that declares `target`'s outputs (the nearest that has `definition` as its own static member),
 * its outputs defined on its prototype the first time one of its instances is made.
 */
function declaringClass(target: object): DeclaringClass {
    let owner: object | null = target;
    while (owner !== null && !hasOwn(owner, "definition")) {
        owner = Object.getPrototypeOf(owner) as object | null;
    }
    if (owner === null) throw new TypeError("a component class must declare its definition (static definition)");
    const declaring = owner as DeclaringClass;
    if (!DECLARED.has(declaring)) {
        declareOutputs(declaring);
        DECLARED.add(declaring);
    }
    return declaring;
}

/** What an instance keeps between its registration and its outputs. */
interface Registered {
    readonly component: string;
    readonly instance: string;
    readonly start: Started<ResolvedBase, object>;
}

/** Each instance's start, until its outputs are registered. */
const REGISTERED = new WeakMap<object, Registered>();

/**
 * A component of this package: a `pulumi.ComponentResource` whose arguments, outputs and stack-file vars come
 * from its declaration (the class's static `definition`). Reading an output of a disabled instance
 * (`enabled: false`, which has no resources and no outputs) throws the component's error naming it.
 */
export abstract class DeclaredComponent extends pulumi.ComponentResource {
    /**
     * Whether the instance has its resources (it was not created with `enabled: false`). The outputs of a
     * disabled instance throw when read: `if (events.isEnabled()) use(events.eventRuleArn)`.
     */
    isEnabled(): boolean {
        return hasOutputs(this);
    }

    /**
     * For this package's component classes only: `start` is what the kit's `startComponent` gives, which a
     * program cannot make.
     */
    protected constructor(name: string, start: never);
    /**
     * @internal Registers the instance `start` validated (`startComponent` runs before, so that invalid
     * arguments register nothing, not even the component), with the type token of the class's declaration.
     */
    protected constructor(name: string, start: Started<ResolvedBase, object>);
    protected constructor(name: string, start: Started<ResolvedBase, object>) {
        const definition = declaringClass(new.target).definition;
        super(definition.typeToken, name, {}, start.options);
        start.attach(this);
        REGISTERED.set(this, { component: definition.path, instance: name, start });
    }

    /**
     * @internal The constructor's last step: sets the instance's outputs (every declared one when it is enabled,
     * none when it is disabled) and registers them.
     */
    protected registerDeclaredOutputs(outputs?: Readonly<Record<string, pulumi.Output<unknown>>>): void {
        const registered = REGISTERED.get(this);
        if (registered === undefined) throw new TypeError("the outputs of a component are registered once");
        REGISTERED.delete(this);
        const { component, instance, start } = registered;
        setOutputs(this, { component, instance, enabled: start.resolved.enabled, values: outputs });
        // A disabled instance's Inputs known later are still checked once known: a failure fails the program.
        this.registerOutputs(start.outputs({ ...outputs }));
    }
}
