/**
 * Every case of tests/fixtures/label/terraform-cases.ts: inputs run through the real Terraform module
 * (null-label 0.25.0) and the outputs it printed. Each label must equal Terraform's field for
 * field, with map keys in Terraform's order.
 */
import * as assert from "node:assert/strict";
import { createLabel, Label, LabelInput } from "../../label";
import { TERRAFORM_CASES, TerraformCase } from "../fixtures/label/terraform-cases";

/** Asserts that every object inside `actual` lists its keys in the same order as `expected`. */
function assertKeyOrder(actual: unknown, expected: unknown, where: string): void {
    if (Array.isArray(expected) && Array.isArray(actual)) {
        expected.forEach((e, i) => assertKeyOrder(actual[i], e, `${where}[${i}]`));
    } else if (expected !== null && typeof expected === "object" && actual !== null && typeof actual === "object") {
        assert.deepEqual(Object.keys(actual), Object.keys(expected), `key order of ${where}`);
        for (const k of Object.keys(expected)) {
            assertKeyOrder(
                (actual as Record<string, unknown>)[k],
                (expected as Record<string, unknown>)[k],
                `${where}.${k}`,
            );
        }
    }
}

const built = new Map<string, Label>();

function resolveInput(c: TerraformCase): LabelInput {
    const ctx = c.input.context;
    if (ctx && "$ref" in ctx) {
        const parent = built.get(ctx.$ref as string);
        if (!parent) throw new Error(`case ${c.id} refers to ${ctx.$ref}, which was not built before it`);
        return {
            ...c.input,
            context: ctx.output === "context" ? parent.context : parent.normalizedContext,
        } as LabelInput;
    }
    return c.input as LabelInput;
}

function labelFor(c: TerraformCase): Label {
    let label = built.get(c.id);
    if (!label) {
        label = createLabel(resolveInput(c));
        built.set(c.id, label);
    }
    return label;
}

describe("createLabel against Terraform null-label 0.25.0", () => {
    const groups = [...new Set(TERRAFORM_CASES.map((c) => c.group))];
    for (const group of groups) {
        describe(group, () => {
            for (const c of TERRAFORM_CASES.filter((x) => x.group === group)) {
                it(c.it, () => {
                    // Build the chain of parents in fixture order first.
                    for (const p of TERRAFORM_CASES) {
                        if (p === c) break;
                        labelFor(p);
                    }
                    const label = labelFor(c);
                    assert.deepEqual({ ...label }, c.expected);
                    assertKeyOrder(label, c.expected, c.id);
                });
            }
        });
    }
});
