/**
 * The generated per-language example programs (provider/examples.ts) for examples beyond the
 * shipped ones: each kind of input written as that language's SDK generated from the schema takes
 * it, and an example that does not match the schema refused by name, not generated wrong.
 */
import * as assert from "node:assert/strict";
import type { ComponentDefinition } from "../../components/kit/definition";
import { COMPONENT_DEFINITIONS } from "../../components/registry";
import { examplePrograms } from "../../provider/examples";
import { packageSchema } from "../../provider/schema";

const EVENTBRIDGE = COMPONENT_DEFINITIONS.find((d) => d.typeToken === "cloudposse:eventbridge:EventBridge")!;

/** The EventBridge definition with its example's args extended by `args`. */
function withArgs(args: Record<string, unknown>): ComponentDefinition[] {
    return [{ ...EVENTBRIDGE, example: { ...EVENTBRIDGE.example, args: { ...EVENTBRIDGE.example.args, ...args } } }];
}

describe("provider/examples.ts", () => {
    it("writes plain booleans, lists, maps and Any values as each language takes them", () => {
        const programs = examplePrograms(
            withArgs({
                adoptExisting: true,
                retainLogGroupOnDelete: false,
                attributes: ["blue", "green"],
                context: { enabled: true, attributes: ["x", 1] },
            }),
        );
        const python = programs.get("python")!;
        assert.match(python, /adopt_existing=True/);
        assert.match(python, /retain_log_group_on_delete=False/);
        assert.match(python, /context=\{"enabled": True, "attributes": \["x", 1\]\}/);
        const go = programs.get("go")!;
        // An optional plain input is a pointer in Go (pulumi.BoolRef); a plain list a Go slice.
        assert.match(go, /AdoptExisting: +pulumi\.BoolRef\(true\)/);
        assert.match(go, /Attributes: +\[\]string\{"blue", "green"\}/);
        assert.match(
            go,
            /Context: pulumi\.Any\(map\[string\]interface\{\}\{\n\s+"enabled": +true,\n\s+"attributes": \[\]interface\{\}\{"x", 1\},/,
        );
    });

    it("refuses an example that sets no input, a definition not in the schema, an enum value not in its enum", () => {
        assert.throws(() => examplePrograms(withArgs({ colour: "blue" })), {
            message: "cloudposse:eventbridge:EventBridge: its example sets colour, which is no input",
        });
        const schema = packageSchema("0.0.0");
        assert.throws(() => examplePrograms([{ ...EVENTBRIDGE, typeToken: "cloudposse:x:Nothing" }], schema), {
            message: "cloudposse:x:Nothing: not in the schema",
        });
        assert.throws(() => examplePrograms(withArgs({ logsPolicyScope: "galaxy" })), {
            message: /^galaxy is not a value of cloudposse:eventbridge:LogsPolicyScope$/,
        });
    });
});
