/**
 * The components' base class (components/kit/component.ts) and what resolvers share (components/kit/resolved.ts):
 * the class registers what `startComponent` validated under its declaration's type token, declares its outputs on
 * the class that declares `definition` (a program's subclass of a component included), and registers its outputs
 * once; a resolver's brand freezes its results and knows no copy.
 */
import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import * as eventbridge from "../../components/eventbridge";
import { DeclaredComponent } from "../../components/kit/component";
import { startComponent } from "../../components/kit/preamble";
import { isSet, isUnset, resolvedBrand } from "../../components/kit/resolved";
import { installMocks, type InstalledMocks } from "../../program/mocks";
import { ECS_PATTERN } from "../fixtures/spec";
import { disabledOutputMessage, readingDisabled, unwrap } from "../helpers/outputs";

/** An eventbridge instance's arguments: the rule and log group `eg-faults`. */
const ARGS = { region: "us-east-2", namespace: "eg", name: "faults", eventRulePattern: ECS_PATTERN } as const;

describe("DeclaredComponent (components/kit/component.ts)", () => {
    let mocks: InstalledMocks;
    before(async () => void (mocks = await installMocks()));
    beforeEach(() => mocks.reset());

    it("is the base of every component class, a ComponentResource with isEnabled()", () => {
        const component = new eventbridge.EventBridge("a", ARGS);
        assert.ok(component instanceof DeclaredComponent);
        assert.ok(component instanceof pulumi.ComponentResource);
        assert.equal(component.isEnabled(), true);
    });

    it("registers the instance under its declaration's type token", async () => {
        new eventbridge.EventBridge("a", ARGS);
        await mocks.settle();
        const component = mocks.resources.find((r) => !r.custom);
        assert.equal(component?.type, eventbridge.EVENTBRIDGE_DEFINITION.typeToken);
        assert.equal(component?.name, "a");
    });

    it("defines the outputs on the class that declares them, also for a program's subclass", async () => {
        class MyEvents extends eventbridge.EventBridge {}
        const mine = new MyEvents("mine", ARGS);
        assert.equal(await unwrap(mine.eventRuleName), "eg-faults");
        const declared = Object.keys(eventbridge.EVENTBRIDGE_DEFINITION.outputs);
        for (const output of declared) {
            assert.equal(
                typeof Object.getOwnPropertyDescriptor(eventbridge.EventBridge.prototype, output)?.get,
                "function",
            );
            assert.equal(Object.getOwnPropertyDescriptor(MyEvents.prototype, output), undefined, output);
        }
        const off = new MyEvents("off", { ...ARGS, enabled: false });
        assert.equal(off.isEnabled(), false);
        assert.deepEqual(
            readingDisabled(off, declared),
            declared.map((output) => disabledOutputMessage("eventbridge", "off", output)),
        );
    });

    it("refuses a class that declares no definition, and outputs registered twice", () => {
        const definition = eventbridge.EVENTBRIDGE_DEFINITION;
        const spec = {
            definition,
            resolve: (known: Readonly<Record<string, unknown>>) =>
                eventbridge.resolveEventBridge("x", known, { regionFromProvider: true }),
            claims: () => [],
        };
        class Undeclared extends DeclaredComponent {
            constructor() {
                super("undeclared", startComponent("undeclared", ARGS, {}, spec));
            }
        }
        assert.throws(() => new Undeclared(), /a component class must declare its definition \(static definition\)/);

        class Twice extends DeclaredComponent {
            static readonly definition = definition;
            constructor() {
                super("twice", startComponent("twice", { ...ARGS, enabled: false }, {}, spec));
                this.registerDeclaredOutputs();
                this.registerDeclaredOutputs();
            }
        }
        assert.throws(() => new Twice(), /the outputs of a component are registered once/);
    });
});

describe("what resolvers share (components/kit/resolved.ts)", () => {
    it("isUnset: undefined and null only; isSet: the rest", () => {
        const cases: [unknown, boolean][] = [
            [undefined, true],
            [null, true],
            ["", false],
            [0, false],
            [false, false],
            [Number.NaN, false],
            [{}, false],
            [[], false],
        ];
        for (const [value, unset] of cases) {
            assert.equal(isUnset(value), unset, String(value));
            assert.equal(isSet(value), !unset, String(value));
        }
    });

    it("a brand freezes a result and its parts, and knows only what it marked", () => {
        interface Result {
            readonly list: string[];
            readonly inner: { n: number };
            readonly absent?: { n: number };
        }
        const brand = resolvedBrand<Result>((r) => [r.list, r.inner, r.absent]);
        const other = resolvedBrand<Result>((r) => [r.list]);
        const result = brand.mark({ list: ["a"], inner: { n: 1 } });
        assert.ok(Object.isFrozen(result) && Object.isFrozen(result.list) && Object.isFrozen(result.inner));
        assert.equal(brand.has(result), true);
        assert.equal(brand.has({ ...result }), false, "a copy is not a result");
        assert.equal(other.has(result), false, "another resolver's brand");
        for (const value of [undefined, null, "x", 1]) assert.equal(brand.has(value), false);
        const withPart = brand.mark({ list: [], inner: { n: 1 }, absent: { n: 2 } });
        assert.ok(Object.isFrozen(withPart.absent));
    });
});
