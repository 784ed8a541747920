/**
 * Never silent, by construction: every key of Atmos's stack manifest JSON schema and every YAML
 * function tag of Atmos (tests/fixtures/atmos/manifest-schema-keys.json, a reviewed snapshot of
 * pkg/datafetcher/schema/atmos/manifest/1.0.json and pkg/function/tag/tag.go All() at
 * cloudposse/atmos 0a1cb44) has an entry in the loader's table (stack/atmosFeatures.ts), and what
 * the table says the loader does is what it does: a refused key is refused naming it, a warned key
 * warned about, a refused function refused naming it. When Atmos adds a key, refreshing the
 * snapshot makes this test name it.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { loadStackFile, StackFileError } from "../../stack";
import { MANIFEST_KEYS, YAML_FUNCTION_HANDLING } from "../../stack/atmosFeatures";
import {
    ATMOS_YAML_FUNCTIONS,
    evaluateYamlFunction,
    isDeployTimeReference,
    UNSET,
    YamlFunctionError,
} from "../../stack/yamlFunctions";
import { lines, memoryFiles, ROOT } from "../helpers/stack";

interface Snapshot {
    readonly source: { readonly commit: string; readonly schema: string; readonly tags: string };
    readonly sections: Readonly<Record<string, readonly string[]>>;
    readonly yamlFunctions: readonly string[];
}

const SNAPSHOT = JSON.parse(
    fs.readFileSync(path.join(__dirname, "..", "fixtures", "atmos", "manifest-schema-keys.json"), "utf8"),
) as Snapshot;

/** A stack with `key: probe` written in `section`, around one eventbridge instance. */
function probeStack(section: string, key: string, probe: string): string {
    const instance = (extra: string[]) => [
        "components:",
        "  terraform:",
        "    eventbridge:",
        "      vars: {name: x}",
        ...extra.map((l) => `      ${l}`),
    ];
    const vars = "vars: {region: us-east-2, stage: dev}";
    switch (section) {
        case "top":
            return lines(vars, `${key}: ${probe}`, ...instance([]));
        case "terraform":
            return lines(vars, "terraform:", `  ${key}: ${probe}`, ...instance([]));
        case "components":
            return lines(vars, ...instance([]), `  ${key}: ${probe}`);
        case "instance":
            return lines(vars, ...instance([`${key}: ${probe}`]));
        case "metadata":
            return lines(vars, ...instance([`metadata: {${key}: ${probe}}`]));
        case "global_metadata":
            return lines(vars, `metadata: {${key}: ${probe}}`, ...instance([]));
        case "overrides":
            return lines(vars, "overrides:", `  ${key}: ${probe}`, ...instance([]));
    }
    throw new Error(`no probe for section ${section}`);
}

function load(text: string, extra: Record<string, string> = {}) {
    return loadStackFile("stacks/dev.yaml", {
        cwd: ROOT,
        env: {},
        files: memoryFiles({
            "atmos.yaml": lines("stacks:", "  base_path: stacks", "  name_pattern: '{stage}'"),
            "stacks/dev.yaml": text,
            ...extra,
        }),
    });
}

describe(`Atmos's manifest schema and YAML functions, each handled or refused by name (atmos ${SNAPSHOT.source.commit.slice(0, 7)})`, () => {
    it("the snapshot is the one the table was written against", () => {
        assert.equal(SNAPSHOT.source.commit, "0a1cb4480b3dfef2d15c5f2476329edb64f77edf");
        assert.equal(SNAPSHOT.source.schema, "pkg/datafetcher/schema/atmos/manifest/1.0.json");
        assert.ok(Object.values(SNAPSHOT.sections).every((keys) => keys.length > 0));
    });

    for (const [section, keys] of Object.entries(SNAPSHOT.sections)) {
        it(`every key of ${section} has an entry, and every entry is a key of the schema`, () => {
            const table = MANIFEST_KEYS[section] ?? {};
            const missing = keys.filter((k) => !Object.prototype.hasOwnProperty.call(table, k));
            assert.deepEqual(missing, [], `Atmos's schema has ${section} keys the loader's table does not name`);
            const stale = Object.keys(table).filter((k) => !keys.includes(k));
            assert.deepEqual(stale, [], `the loader's table names ${section} keys Atmos's schema does not have`);
        });

        for (const key of keys) {
            const entry = MANIFEST_KEYS[section]?.[key];
            if (entry === undefined || (entry.handling !== "refused" && entry.handling !== "warned")) continue;
            it(`${section} ${key}: ${entry.handling} by name, where it is written`, () => {
                assert.ok(entry.probe !== undefined, "a refused or warned key has a probe");
                const text = probeStack(section, key, entry.probe);
                const named = new RegExp(`^stacks/dev\\.yaml:\\d+:\\d+: .*\\b${key.replace(/[.]/g, "\\.")}\\b`);
                if (entry.handling === "refused") {
                    let error: unknown;
                    try {
                        load(text);
                    } catch (e) {
                        error = e;
                    }
                    assert.ok(error instanceof StackFileError, `${section} ${key} was not refused`);
                    assert.equal(error.code, "UNSUPPORTED");
                    assert.match(error.message, named);
                } else {
                    const stack = load(text);
                    assert.ok(
                        stack.warnings.some((w) => named.test(w)),
                        `no warning names ${key}: ${stack.warnings.join("\n")}`,
                    );
                }
            });
        }
    }

    it("the YAML functions are Atmos's, each with a handling", () => {
        assert.deepEqual([...ATMOS_YAML_FUNCTIONS].sort(), [...SNAPSHOT.yamlFunctions].sort());
        assert.deepEqual(Object.keys(YAML_FUNCTION_HANDLING).sort(), [...SNAPSHOT.yamlFunctions].sort());
    });

    /** Arguments that make each function do its work. */
    const CALLS: Readonly<Record<string, string>> = {
        "!exec": "!exec echo 1",
        "!store": "!store ssm vpc id",
        "!store.get": "!store.get ssm key",
        "!template": '!template {"a": 1}',
        "!terraform.output": "!terraform.output vpc id",
        "!terraform.state": "!terraform.state vpc id",
        "!env": "!env HOME",
        "!repo-root": "!repo-root /default",
        "!git.root": "!git.root /default",
        "!secret": "!secret name",
        "!version": "!version x",
        "!emulator": "!emulator x",
    };

    for (const [tag, handling] of Object.entries(YAML_FUNCTION_HANDLING)) {
        if (handling === "parse-time") continue;
        it(`${tag}: ${handling}`, () => {
            const warnings: string[] = [];
            const call = () =>
                evaluateYamlFunction(CALLS[tag] ?? tag, {
                    allowExec: true,
                    runCommand: () => "1",
                    stores: { ssm: { type: "aws-ssm-parameter-store" } },
                    stack: "dev",
                    cwd: "/",
                    metadata: { tags: ["a"], labels: { k: "v" } },
                    processEnv: { HOME: "/home/u" },
                    warn: (m) => warnings.push(m),
                });
            if (handling === "refused") {
                assert.throws(call, (e: unknown) => e instanceof YamlFunctionError && e.message.startsWith(`${tag} `));
                return;
            }
            const value = call();
            if (handling === "text") {
                assert.equal(value, CALLS[tag] ?? tag);
                assert.equal(warnings.length, 1);
            } else if (handling === "deploy-time") {
                assert.ok(isDeployTimeReference(value));
            } else {
                assert.ok(value !== undefined && value !== (CALLS[tag] ?? tag), `${tag} gave ${String(value)}`);
                if (tag === "!unset") assert.equal(value, UNSET);
                assert.deepEqual(warnings, []);
            }
        });
    }

    it("the parse-time functions act while parsing", () => {
        const stack = load(
            lines(
                "vars: {region: us-east-2, stage: dev, attributes: [a]}",
                "components:",
                "  terraform:",
                "    eventbridge:",
                "      vars:",
                "        name: !literal x",
                "        attributes: !append [b]",
                "        tags: !include ./tags.yaml",
            ),
            { "stacks/tags.yaml": "T: '1'\n" },
        );
        assert.deepEqual(stack.instances[0].vars.attributes, ["a", "b"]);
        assert.equal(stack.instances[0].vars.name, "x");
        assert.deepEqual(stack.instances[0].vars.tags, { T: "1" });
    });
});
