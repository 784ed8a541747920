/**
 * Edge cases of Atmos's file-scoped `locals` (`internal/exec/stack_processor_locals.go`,
 * `pkg/locals/resolver.go`): dependency order through lists and maps, self-reference, missing keys
 * as errors, `terraform.locals` over the global ones, and the file's own sections in the context.
 */
import * as assert from "node:assert/strict";
import { parse } from "yaml";
import { renderManifestText, resolveLocals } from "../../stack/locals";
import { StackTemplateError } from "../../stack/templating";

/** Asserts that `fn` throws a StackTemplateError whose message matches `message`. */
function templateError(fn: () => unknown, message: RegExp): void {
    assert.throws(fn, (e: unknown) => {
        assert.ok(e instanceof StackTemplateError, `expected a StackTemplateError, got ${String(e)}`);
        assert.match(e.message, message);
        return true;
    });
}

describe("locals: resolution", () => {
    it("orders locals by the references inside lists and maps, and keeps other values as they are", () => {
        const locals = resolveLocals(
            {
                zones: ["{{ .locals.region }}a", "{{ .locals.region }}b"],
                tags: { Region: "{{ .locals.region }}", Count: "{{ .locals.count }}" },
                region: "{{ .env.REGION }}",
                count: 3,
                enabled: true,
            },
            { env: { REGION: "us-east-2" } },
            "f.yaml",
        );
        assert.deepEqual(locals, {
            zones: ["us-east-2a", "us-east-2b"],
            tags: { Region: "us-east-2", Count: 3 }, // exactly one field chain: the typed value
            region: "us-east-2",
            count: 3,
            enabled: true,
        });
    });

    it("gives the typed value of a template that is exactly one field chain", () => {
        const locals = resolveLocals(
            { tags: "{{ .settings.tags }}", n: "{{ .vars.n }}", s: "{{ .vars.s }}" },
            { settings: { tags: { Team: "ops" } }, vars: { n: 2, s: "text" } },
            "f.yaml",
        );
        assert.deepEqual(locals, { tags: { Team: "ops" }, n: 2, s: "text" });
    });

    const failures: [string, Record<string, unknown>, Record<string, unknown>, RegExp][] = [
        ["a local that names itself", { a: "{{ .locals.a }}-x" }, {}, /^locals: circular dependency: a -> a$/],
        [
            "a longer cycle",
            { a: "{{ .locals.b }}", b: ["{{ .locals.c }}"], c: { k: "{{ .locals.a }}" } },
            {},
            /^locals: circular dependency: a -> b -> c -> a$/,
        ],
        [
            "a missing local (missingkey=error)",
            { a: "{{ .locals.nope }}" },
            {},
            /^locals: .*map has no entry for key "nope"/,
        ],
        ["a missing var", { a: "x-{{ .vars.nope }}" }, { vars: {} }, /^locals: .*map has no entry for key "nope"/],
        ["a field of a string", { a: "{{ .vars.stage.x }}" }, { vars: { stage: "dev" } }, /^locals: .*stage/],
        ["a function Sprig does not have", { a: '{{ getenv "HOME" }}' }, {}, /^locals: .*getenv/],
    ];
    for (const [name, locals, scope, message] of failures) {
        it(`refuses ${name}`, () => templateError(() => resolveLocals(locals, scope, "f.yaml"), message));
    }
});

describe("locals: manifest text", () => {
    it("lays terraform.locals over the global locals, and the file's settings, vars and env over them", () => {
        const text = [
            "settings: {team: ops}",
            "vars: {stage: dev}",
            "env: {REGION: us-east-2}",
            "locals:",
            "  ns: acme",
            "  kind: global",
            "terraform:",
            "  locals:",
            "    kind: terraform",
            "    label: '{{ .locals.ns }}-{{ .vars.stage }}-{{ .settings.team }}-{{ .env.REGION }}'",
            "components:",
            "  terraform:",
            "    app:",
            "      vars:",
            "        kind: '{{ .locals.kind }}'",
            "        label: '{{ .locals.label }}'",
            "        zones: ['{{ .env.REGION }}a', 2]",
            "",
        ].join("\n");
        const doc = parse(renderManifestText(text, "stacks/dev.yaml"));
        assert.deepEqual(doc.components.terraform.app.vars, {
            kind: "terraform",
            label: "acme-dev-ops-us-east-2",
            zones: ["us-east-2a", 2],
        });
    });

    it("reads locals under terraform alone", () => {
        const text = "terraform:\n  locals: {ns: acme}\nvars:\n  name: '{{ .locals.ns }}'\n";
        assert.equal(parse(renderManifestText(text, "stacks/dev.yaml")).vars.name, "acme");
    });

    it("renders the file's own vars and settings lists with its locals", () => {
        const text = [
            "locals: {r: us-east-2}",
            "settings:",
            "  zones: ['{{ .locals.r }}a', 1]",
            "vars:",
            "  zones: '{{ .settings.zones }}'",
            "",
        ].join("\n");
        const doc = parse(renderManifestText(text, "stacks/dev.yaml"));
        assert.deepEqual(
            [doc.settings.zones, doc.vars.zones],
            [
                ["us-east-2a", 1],
                ["us-east-2a", 1],
            ],
        );
    });

    it("leaves a file without locals, context or .tmpl extension as written", () => {
        const text = "terraform:\n  vars: {a: '{{ .x }}'}\n";
        assert.equal(renderManifestText(text, "stacks/dev.yaml"), text);
    });

    it("names the file when a local's template fails", () =>
        templateError(
            () => renderManifestText("locals:\n  a: '{{ .locals.b }}'\n  b: '{{ .locals.a }}'\n", "stacks/dev.yaml"),
            /circular dependency: a -> b -> a/,
        ));
});
