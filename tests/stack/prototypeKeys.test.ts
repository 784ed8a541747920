/**
 * A stack file's templates, locals, YAML functions and tag maps never reach
 * `Object.prototype`; `__proto__`, `constructor` and `prototype` are ordinary keys, kept.
 */
import * as assert from "node:assert/strict";

import { resolveEventBridgeArgs } from "../../components/eventbridge";
import { renderTemplate } from "../../gotemplate";
import { createLabel } from "../../label";
import { parseStack } from "../../stack";
import { gomplateFunctions, processTmpl } from "../../stack/templating";
import { evaluateYamlFunction } from "../../stack/yamlFunctions";
import * as path from "node:path";
import { loadAtmosConfig } from "../../stack/atmosConfig";
import { lines, memoryFiles, ROOT, STACK_VARS } from "../helpers/stack";

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

/** Fails when anything was added to `Object.prototype` (and cleans up, so one failure does not spread). */
function assertUnpolluted(what: string): void {
    const added = Object.getOwnPropertyNames(Object.prototype).filter((k) => !PROTOTYPE_KEYS.includes(k));
    const polluted = ({} as Record<string, unknown>).polluted;
    for (const k of added) delete (Object.prototype as Record<string, unknown>)[k];
    assert.deepEqual(added, [], `${what} added ${added.join(", ")} to Object.prototype`);
    assert.equal(polluted, undefined, what);
}

/** A stack file whose eventbridge instance has `name` set to `value` (YAML single-quoted). */
function stackWithName(value: string, extra: string[] = []): string {
    return lines(
        STACK_VARS,
        ...extra,
        "components:",
        "  terraform:",
        "    r:",
        "      metadata: {component: eventbridge}",
        "      vars:",
        `        name: '${value.replace(/'/g, "''")}'`,
        "        event_rule_pattern: {source: [x]}",
    );
}

/** Loads `text`; a refusal is as good as a result here, as long as the prototype is untouched. */
function load(text: string): void {
    try {
        parseStack(text, "stacks/hostile.yaml");
    } catch {
        // refused: fine
    }
}

const PROTO_JSON = '{"__proto__":{"polluted":"yes"}}';
const ROUTES: Record<string, string> = {
    "get then set": '{{ $p := get (dict) "__proto__" }}{{ $_ := set $p "polluted" "yes" }}',
    "merge of fromJson": `{{ $_ := merge (dict) (fromJson ${JSON.stringify(PROTO_JSON)}) }}`,
    "mergeOverwrite of fromJson": `{{ $_ := mergeOverwrite (dict) (fromJson ${JSON.stringify(PROTO_JSON)}) }}`,
    "mustMerge of a dict": '{{ $_ := mustMerge (dict) (dict "__proto__" (dict "polluted" "yes")) }}',
    "dig then set": '{{ $p := dig "__proto__" "x" (dict) }}{{ $_ := set $p "polluted" "yes" }}',
    "pluck then set": '{{ $p := first (pluck "__proto__" (dict)) }}{{ $_ := set $p "polluted" "yes" }}',
    "index then set": '{{ $p := index (dict) "__proto__" }}{{ $_ := set $p "polluted" "yes" }}',
    "field then set": '{{ $p := (dict).__proto__ }}{{ $_ := set $p "polluted" "yes" }}',
    "pick then set": '{{ $p := pick (dict) "__proto__" }}{{ $_ := set (get $p "__proto__") "polluted" "yes" }}',
    "omit of a __proto__ map": `{{ $_ := omit (fromJson ${JSON.stringify(PROTO_JSON)}) "x" }}`,
    "deepCopy of a __proto__ map": `{{ $_ := deepCopy (fromJson ${JSON.stringify(PROTO_JSON)}) }}`,
    "constructor.prototype":
        '{{ $p := get (get (dict) "constructor") "prototype" }}{{ $_ := set $p "polluted" "yes" }}',
    "set __proto__ on the data": '{{ $_ := set .vars "__proto__" (dict "polluted" "yes") }}',
    "coll.Dict and coll.Has":
        '{{ $d := coll.Dict "__proto__" (dict "polluted" "yes") }}{{ coll.Has $d "constructor" }}',
    "hasKey and keys": '{{ hasKey (dict) "constructor" }}{{ keys (dict "__proto__" 1) }}',
    "unset __proto__": '{{ $_ := unset (dict) "__proto__" }}',
};

describe("prototype pollution (issue 20, class 1)", () => {
    afterEach(function () {
        assertUnpolluted(this.currentTest?.title ?? "a test");
    });

    describe("templates in a var", () => {
        for (const [route, template] of Object.entries(ROUTES)) {
            it(`leaves Object.prototype alone: ${route}`, () => load(stackWithName(`ok${template}`)));
        }
    });

    it("leaves Object.prototype alone from a local nothing uses", () => {
        for (const template of Object.values(ROUTES)) {
            load(lines("locals:", `  unused: '${template.replace(/'/g, "''")}'`, ...stackWithName("ok").split("\n")));
            assertUnpolluted(template);
        }
    });

    it("leaves Object.prototype alone from a YAML __proto__ key merged by a template", () => {
        load(
            stackWithName("{{ $_ := merge (dict) .settings.m }}{{ $_ := mergeOverwrite (dict) .settings.m }}ok", [
                'settings: {m: {"__proto__": {polluted: "yes"}}}',
            ]),
        );
    });

    describe("keeps __proto__, constructor and prototype as ordinary keys", () => {
        const cases: [string, string][] = [
            ['{{ toJson (dict "__proto__" "p" "constructor" "c") }}', '{"__proto__":"p","constructor":"c"}'],
            ['{{ keys (dict "__proto__" 1 "prototype" 2) }}', "[__proto__ prototype]"],
            ['{{ get (dict "__proto__" "p") "__proto__" }}', "p"],
            ['{{ get (dict) "constructor" }}|{{ hasKey (dict) "constructor" }}', "|false"],
            ['{{ $d := dict }}{{ $_ := set $d "__proto__" "v" }}{{ toJson $d }}', '{"__proto__":"v"}'],
            ['{{ toJson (merge (dict) (dict "__proto__" (dict "a" 1))) }}', '{"__proto__":{"a":1}}'],
            ['{{ toJson (deepCopy (dict "__proto__" "p")) }}', '{"__proto__":"p"}'],
            ['{{ toJson (pick (dict "__proto__" "p" "x" 1) "__proto__") }}', '{"__proto__":"p"}'],
            ['{{ toJson (omit (dict "__proto__" "p" "x" 1) "x") }}', '{"__proto__":"p"}'],
            ['{{ dig "constructor" "none" (dict) }}', "none"],
            ['{{ pluck "constructor" (dict) }}', "[]"],
            ['{{ index (dict) "constructor" }}', "<no value>"],
            ['{{ (dict "__proto__" "p").__proto__ }}', "p"],
            ['{{ toJson (fromJson (print `{"__proto__":1}`)) }}', '{"__proto__":1}'],
        ];
        for (const [template, expected] of cases) {
            it(`${template} gives ${expected}`, () => {
                assert.equal(renderTemplate("t", template, {}), expected);
            });
        }
        it("coll.Dict and coll.Has of Gomplate", () => {
            const funcs = gomplateFunctions({});
            assert.equal(
                renderTemplate(
                    "t",
                    '{{ coll.Has (coll.Dict "__proto__" 1) "__proto__" }}{{ coll.Has (coll.Dict) "constructor" }}',
                    {},
                    { funcs },
                ),
                "truefalse",
            );
        });
    });

    describe("environment variables named after Object.prototype's members", () => {
        it("!env constructor gives its default, not function Object()", () => {
            assert.equal(evaluateYamlFunction("!env constructor fallback", { processEnv: {} }), "fallback");
            assert.equal(evaluateYamlFunction("!env constructor", { processEnv: {}, componentEnv: {} }), "");
            assert.equal(evaluateYamlFunction("!env toString", { processEnv: process.env }), "");
        });
        it("env, getenv, expandenv and Gomplate's env.Getenv read only variables that are set", () => {
            const template = '{{ env "constructor" }}|{{ getenv "constructor" "d" }}|{{ expandenv "$constructor" }}';
            assert.equal(processTmpl("t", template, {}, false, {}), "|d|");
            const gomplate = '{{ env.Getenv "hasOwnProperty" }}|{{ env.Getenv "constructor" "d" }}';
            assert.equal(renderTemplate("t", gomplate, {}, { sprig: false, funcs: gomplateFunctions({}) }), "|d");
        });
        it("the template engine's own env and expandenv read the process's variables that are set", () => {
            assert.equal(renderTemplate("t", '{{ env "constructor" }}|{{ expandenv "$toString${valueOf}" }}', {}), "|");
        });
        it("!env in atmos.yaml reads only variables that are set", () => {
            const files = memoryFiles({
                "atmos.yaml": "base_path: !env constructor\nstacks: {base_path: !env toString s}",
            });
            const config = loadAtmosConfig({ cwd: path.join(ROOT, "sub"), env: {}, files });
            assert.equal(config.stacksBasePath, path.join(ROOT, "s"));
        });
    });

    // Issue 30: a tag key __proto__ was kept here but dropped by the Pulumi SDK on its way to AWS
    // (sdk/nodejs/runtime/rpc.ts serializeAllKeys, `obj[k] = v` at pulumi/pulumi 1b5949891b, lines
    // 638-647: assigning a string to `__proto__` does nothing); a component now refuses it naming
    // the tag, and keeps constructor and prototype.
    describe("tag keys __proto__, constructor and prototype are kept by the label; a component refuses __proto__", () => {
        const tags = JSON.parse('{"__proto__":"p","constructor":"c","prototype":"q"}') as Record<string, string>;

        it("in the TypeScript API: label tags and additionalTagMap", () => {
            const label = createLabel({
                namespace: "eg",
                name: "x",
                tags,
                additionalTagMap: JSON.parse('{"__proto__":"a"}') as Record<string, string>,
            });
            assert.deepEqual(Object.keys(label.tags), ["Name", "Namespace", "__proto__", "constructor", "prototype"]);
            assert.equal(Object.getOwnPropertyDescriptor(label.tags, "__proto__")?.value, "p");
            assert.equal(Object.getPrototypeOf(label.tags), Object.prototype);
            assert.equal(Object.getOwnPropertyDescriptor(label.tagsAsListOfMaps[0], "__proto__")?.value, "a");
        });

        it("in the TypeScript API: a component's tags", () => {
            const args = { namespace: "eg", name: "x", region: "us-east-1", eventRulePattern: { source: ["x"] } };
            const kept = JSON.parse('{"constructor":"c","prototype":"q"}') as Record<string, string>;
            const resolved = resolveEventBridgeArgs("n", { ...args, tags: kept });
            assert.deepEqual(Object.keys(resolved.rule.tags).sort(), ["Name", "Namespace", "constructor", "prototype"]);
            assert.throws(
                () => resolveEventBridgeArgs("n", { ...args, tags }),
                /^ComponentArgsError: eventbridge "n": tags\["__proto__"\] gives the log group and the event rule the tag key "__proto__", which the Pulumi SDK cannot send/,
            );
        });

        it("in a stack file", () => {
            const stack = parseStack(
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    r:",
                    "      metadata: {component: eventbridge}",
                    "      vars:",
                    "        name: ok",
                    "        event_rule_pattern: {source: [x]}",
                    '        tags: {"__proto__": p, constructor: c, prototype: q}',
                    '        additional_tag_map: {"__proto__": a}',
                ),
                "stacks/tags.yaml",
            );
            const args = stack.instances[0].args as { tags: Record<string, string> };
            assert.deepEqual(Object.keys(args.tags), ["__proto__", "constructor", "prototype"]);
            assert.throws(
                () => resolveEventBridgeArgs("r", args as never),
                /tags\["__proto__"\] gives .* the tag key "__proto__"/,
            );
        });
    });
});
