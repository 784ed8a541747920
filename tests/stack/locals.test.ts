import { strict as assert } from "node:assert";
import { parse } from "yaml";
import { renderManifestText, resolveLocals } from "../../stack/locals";
import { StackTemplateError } from "../../stack/templating";

describe("locals and manifest text templates", () => {
    it("resolves locals in dependency order, with the file's settings and vars", () => {
        const locals = resolveLocals(
            {
                full: "{{ .locals.prefix }}-{{ .vars.stage }}",
                prefix: "{{ .locals.ns }}-x",
                ns: "acme",
                up: "{{ .locals.ns | upper }}",
            },
            { vars: { stage: "dev" } },
            "f.yaml",
        );
        assert.deepEqual(locals, { full: "acme-x-dev", prefix: "acme-x", ns: "acme", up: "ACME" });
    });

    it("names a cycle", () => {
        assert.throws(
            () => resolveLocals({ a: "{{ .locals.b }}", b: "{{ .locals.a }}" }, {}, "f.yaml"),
            (e: unknown) => e instanceof StackTemplateError && /circular dependency: a -> b -> a/.test(e.message),
        );
    });

    // Atmos renders the whole file with its locals; when a template needs the component
    // (`.atmos_component`), the file is kept as written (stack_processor_utils.go 1196-1210), with
    // the scalars that are exactly one known field replaced (processStructuredTemplateRefs 360-385),
    // and its top-level settings/vars/env rendered (1240-1256): `name` is left for the component
    // pass, where `.locals` holds only the component's own locals.
    it("renders a file with locals, typed values staying typed, component templates left for later", () => {
        const text = [
            "settings:",
            "  team: ops",
            "  from_local: '{{ .locals.ns }}'",
            "vars:",
            "  stage: dev",
            "  s: '{{ .settings.from_local }}'",
            "locals:",
            "  ns: acme",
            "  tags:",
            "    Team: '{{ .settings.team }}'",
            "components:",
            "  terraform:",
            "    app:",
            "      vars:",
            "        name: '{{ .locals.ns }}-{{ .vars.stage }}'",
            "        tags: '{{ .locals.tags }}'",
            "        who: '{{ .atmos_component }}'",
            "",
        ].join("\n");
        const doc = parse(renderManifestText(text, "stacks/dev.yaml"));
        assert.deepEqual(doc.components.terraform.app.vars, {
            name: "{{ .locals.ns }}-{{ .vars.stage }}",
            tags: { Team: "ops" },
            who: "{{ .atmos_component }}",
        });
        assert.equal(doc.vars.s, "acme");
    });

    it("renders .tmpl files and files with an import context; plain files are left alone", () => {
        assert.equal(renderManifestText("a: {{ .x }}\n", "c.yaml", { context: { x: 1 } }), "a: 1\n");
        assert.equal(renderManifestText("a: '{{ .x }}'\n", "c.yaml"), "a: '{{ .x }}'\n");
        assert.equal(renderManifestText("a: '{{ .x }}'\n", "c.yaml.tmpl"), "a: '{{ .x }}'\n");
        assert.throws(
            () => renderManifestText("a: {{ .y }}\n", "c.yaml", { context: { x: 1 } }),
            /map has no entry for key "y"/,
        );
    });
});
