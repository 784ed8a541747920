/**
 * The package's index (index.ts), loaded in-process: it re-exports each module's public values as
 * those modules export them (a name two `export *` lines both gave would silently vanish).
 * tests/package/tarball.slow.test.ts checks what importing the published index loads and registers.
 */
import * as assert from "node:assert/strict";
import * as pkg from "../../index";
import * as components from "../../components";
import * as eventPattern from "../../event-pattern";
import * as label from "../../label";
import * as deploy from "../../program/deploy";
import * as stack from "../../stack";
import * as problem from "../../util/problem";

const exported = pkg as unknown as Record<string, unknown>;

describe("the package index (index.ts)", () => {
    for (const [name, module] of [
        ["label", label],
        ["event-pattern", eventPattern],
        ["components", components],
    ] as const) {
        it(`re-exports every value ${name}/ exports, as the same value`, () => {
            const values = Object.entries(module as Record<string, unknown>);
            assert.ok(values.length > 0);
            for (const [key, value] of values) {
                assert.equal(exported[key], value, `${name}: ${key}`);
            }
        });
    }

    it("re-exports the stack-file loader, the program's deploy functions and the problem renderers it names", () => {
        const named: [string, Record<string, unknown>][] = [
            ["loadStackFile", stack],
            ["parseStack", stack],
            ["StackFileError", stack],
            ["COMPONENT_SCHEMAS", stack],
            ["deployStack", deploy],
            ["validateStack", deploy],
            ["StackVarsError", deploy],
            ["formatPath", problem],
            ["formatProblem", problem],
            ["problemToJson", problem],
            ["userKey", problem],
        ];
        for (const [key, module] of named) {
            assert.ok(module[key] !== undefined, key);
            assert.equal(exported[key], module[key], key);
        }
    });

    it("exports the two components, the provider helper and the label", () => {
        assert.deepEqual(
            ["EventBridge", "DashboardsApiKey", "createDashboardsProvider", "createLabel"].map(
                (k) => typeof exported[k],
            ),
            ["function", "function", "function", "function"],
        );
    });
});
