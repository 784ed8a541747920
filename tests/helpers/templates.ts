/** Helpers shared by the template tests: render a template that must stop at one of its limits. */
import * as assert from "node:assert/strict";
import { renderTemplate, TemplateLimitExceeded } from "../../gotemplate";

/** Renders `text` (template name `t`) over `data`, which must fail with a limit error; returns the message. */
export function limitError(text: string, data: unknown = {}): string {
    try {
        renderTemplate("t", text, data);
    } catch (e) {
        assert.ok(e instanceof TemplateLimitExceeded, `expected a TemplateLimitExceeded, got ${String(e)}`);
        return e.message;
    }
    return assert.fail(`${text} rendered`);
}

/** `n` nested `{{ if true }}` blocks around "x". */
export const nestedIfs = (n: number) => "{{ if true }}".repeat(n) + "x" + "{{ end }}".repeat(n);

/** An action whose argument is `1` in `n` nested parentheses. */
export const nestedParens = (n: number) => "{{ " + "(".repeat(n) + "1" + ")".repeat(n) + " }}";
