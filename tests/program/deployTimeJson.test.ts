/**
 * A deploy-time value read as JSON text (`{{ (atmos.Component "vpc" .stack).outputs.x | toJson }}`
 * without `!template`): the output read at deploy time, written as the template would have written
 * it while loading in Atmos: Sprig's toJson is Go's json.Marshal (sorted keys, `<`, `>`, `&` as
 * \u003c, \u003e, \u0026), toRawJson the same without those escapes (Masterminds/sprig v3.3.0
 * defaults.go 108-153). Secret stays secret, under the SDK's own mocks.
 */
import * as assert from "node:assert/strict";
import * as pulumi from "@pulumi/pulumi";
import type { StackOutputReference } from "../../components/kit/deployTime";
import { deployTimeValue } from "../../program/deployTimeValues";

const STATE = JSON.stringify({
    version: 4,
    outputs: {
        pattern: { value: { source: ["a<b&c>"], "detail-type": ["x"] } },
        token: { value: ["s&t"], sensitive: true },
    },
});

const valueOf = (o: pulumi.Output<unknown>) => new Promise((resolve) => o.apply(resolve));

describe("deployTimeValue written as JSON text (the SDK's own mocks)", () => {
    before(async () => {
        await pulumi.runtime.setMocks(
            {
                newResource: (args) => ({
                    id: String(args.inputs.name),
                    state: {
                        name: args.inputs.name,
                        outputs: { ids: { b: 2, a: [1.5, "<"] }, secret: "k&y" },
                        secretOutputNames: ["secret"],
                    },
                }),
                call: (args) => {
                    if (args.token !== "aws:s3/getObject:getObject") throw new Error(`unexpected ${args.token}`);
                    return { ...args.inputs, body: STATE };
                },
            },
            "project",
            "dev",
            false,
        );
    });

    const site = { component: "eventbridge", instance: "eventbridge", var: "event_rule_pattern" };
    const source = { backend: "s3", bucket: "b", key: "k", workspace: "dev", stack: "dev" } as const;
    function reference(output: string, escapeHtml: boolean | undefined, state: boolean): StackOutputReference {
        return {
            kind: "stack-output",
            function: "!terraform.output",
            component: "vpc",
            stack: "dev",
            output,
            path: [],
            text: `{{ (atmos.Component "vpc" .stack).outputs.${output} | toJson }}`,
            ...(escapeHtml === undefined ? {} : { jsonText: { escapeHtml } }),
            ...(state ? { source } : {}),
        };
    }

    // output, jsonText's escapeHtml (undefined: none), from a Terraform state, the value, secret
    const cases: [string, boolean | undefined, boolean, unknown, boolean][] = [
        ["pattern", true, true, '{"detail-type":["x"],"source":["a\\u003cb\\u0026c\\u003e"]}', false],
        ["pattern", false, true, '{"detail-type":["x"],"source":["a<b&c>"]}', false],
        ["pattern", undefined, true, { source: ["a<b&c>"], "detail-type": ["x"] }, false],
        ["token", true, true, '["s\\u0026t"]', true],
        ["ids", true, false, '{"a":[1.5,"\\u003c"],"b":2}', false],
        ["ids", false, false, '{"a":[1.5,"<"],"b":2}', false],
        ["secret", false, false, '"k&y"', true],
    ];
    for (const [output, escapeHtml, state, expected, secret] of cases) {
        it(`${output} from ${state ? "a Terraform state" : "a Pulumi stack"}, ${escapeHtml === undefined ? "as read" : escapeHtml ? "as toJson writes it" : "as toRawJson writes it"}`, async () => {
            const value = deployTimeValue(reference(output, escapeHtml, state), { ...site, var: output });
            assert.deepEqual(await valueOf(value), expected);
            assert.equal(await pulumi.isSecret(value), secret);
        });
    }
});
