/**
 * docs/languages.md: its Python and YAML programs, checked against the plugin's schema (no Pulumi
 * CLI runs here): every resource type exists, every property it sets is an input of that component
 * with a value of the input's type, and an expression (an Output) only where the input is not plain.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { isEnumType, packageSchema, type SchemaProperty } from "../../provider/schema";

const GUIDE = fs.readFileSync(path.join(__dirname, "..", "..", "docs", "languages.md"), "utf8");
const schema = packageSchema("0.0.0");

/** The fenced blocks of `language` in the guide. */
function blocks(language: string): string[] {
    return [...GUIDE.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]);
}

/** The kind of a value as the schema types it: string, integer, boolean, array, object, or an expression. */
type Kind = "string" | "integer" | "number" | "boolean" | "array" | "object" | "expression";

/** Why `kind` (with `value`, when literal) does not fit `input`, or undefined when it does. */
function misfit(input: SchemaProperty, kind: Kind, value: unknown): string | undefined {
    if (kind === "expression") return input.plain === true ? "an expression for a plain input" : undefined;
    if (input.$ref === "pulumi.json#/Any") return undefined;
    if (input.$ref !== undefined) {
        const type = schema.types[input.$ref.slice("#/types/".length)];
        // An object type (a declared object) takes a literal object; an enum one of its values.
        if (!isEnumType(type)) return kind === "object" ? undefined : `a ${kind} where the schema has an object`;
        return type.enum.some((e) => e.value === value)
            ? undefined
            : `${String(value)} is not one of the enum's values`;
    }
    const expected = input.type === "number" && kind === "integer" ? "integer" : input.type;
    return kind === expected ? undefined : `a ${kind} where the schema has ${String(input.type)}`;
}

/** A YAML value's kind (`${...}` interpolations are expressions). */
function yamlKind(value: unknown): Kind {
    if (typeof value === "string") return /^\$\{.*\}$/.test(value) ? "expression" : "string";
    if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
    if (typeof value === "boolean") return "boolean";
    if (Array.isArray(value)) return "array";
    return "object";
}

/** camelCase -> snake_case, as Pulumi's Python SDKs name properties. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe("docs/languages.md", () => {
    it("has a Python, a YAML, a TypeScript, a Go, a C# and a Java program", () => {
        for (const language of ["python", "yaml", "ts", "go", "csharp", "java"]) {
            assert.ok(blocks(language).length > 0, `no ${language} program`);
        }
    });

    it("sets only inputs that exist, with values of their types, in its YAML program", () => {
        const programs = blocks("yaml").map((text) => parse(text) as { resources?: Record<string, unknown> });
        const checked: string[] = [];
        for (const program of programs) {
            for (const [name, resource] of Object.entries(program.resources ?? {})) {
                const { type, properties } = resource as { type: string; properties: Record<string, unknown> };
                const component = schema.resources[type];
                assert.ok(component !== undefined, `${name}: no component ${type}`);
                for (const [property, value] of Object.entries(properties)) {
                    const input = component.inputProperties[property];
                    assert.ok(input !== undefined, `${name}: ${type} has no input ${property}`);
                    const why = misfit(input, yamlKind(value), value);
                    assert.equal(why, undefined, `${name}.${property}: ${why}`);
                    checked.push(property);
                }
            }
            for (const output of Object.values((program as { outputs?: Record<string, string> }).outputs ?? {})) {
                const [, resource, property] = /^\$\{(\w+)\.(\w+)\}$/.exec(output) ?? [];
                const type = ((program.resources ?? {})[resource] as { type: string }).type;
                assert.ok(property in schema.resources[type].properties, `${output}: no such output`);
            }
        }
        assert.ok(checked.length >= 15, `only ${checked.length} properties checked`);
    });

    it("passes only inputs that exist, with values of their types, in its Python program", () => {
        // `<python module>.<class>` of each component, as moduleNameOverrides names its module
        // (e.g. managed_dashboards.DashboardsApiKey for cloudposse:managed-dashboards:DashboardsApiKey).
        const python = (schema.language as { python: { moduleNameOverrides: Record<string, string> } }).python;
        const modules: Record<string, string> = Object.fromEntries(
            Object.keys(schema.resources).map((token) => {
                const [, module, name] = token.split(":");
                return [`${python.moduleNameOverrides[module]}.${name}`, token];
            }),
        );
        assert.equal(modules["managed_dashboards.DashboardsApiKey"], "cloudposse:managed-dashboards:DashboardsApiKey");
        let checked = 0;
        for (const program of blocks("python")) {
            for (const call of program.matchAll(/cloudposse\.(\w+\.\w+)\(\n\s+"[^"]+",\n([\s\S]*?)\n\)/g)) {
                const type = modules[call[1]];
                assert.ok(type !== undefined, `no component ${call[1]}`);
                const inputs = schema.resources[type].inputProperties;
                const bySnake = new Map(Object.keys(inputs).map((k) => [snake(k), k]));
                // Each keyword argument starts at the call's indentation; a composite's value goes on, deeper.
                const keywords: [string, string][] = [];
                for (const line of call[2].split("\n")) {
                    const [, arg, text] = /^ {4}(\w+)=(.*)$/.exec(line) ?? [];
                    if (arg !== undefined) keywords.push([arg, text]);
                    else {
                        assert.ok(keywords.length > 0 && /^ {4}[ \])}]/.test(line), `not a keyword argument: ${line}`);
                        keywords[keywords.length - 1][1] += `\n${line}`;
                    }
                }
                for (const [arg, written] of keywords) {
                    assert.ok(written.endsWith(","), `${arg}: ${written}`);
                    const text = written.slice(0, -1);
                    const property = bySnake.get(arg);
                    assert.ok(property !== undefined, `${type} has no input ${arg}`);
                    // Python literals in JSON's syntax (strings in double quotes, True/False) parse as JSON; a
                    // declared object is its input class (`<module>.<Type>Args(...)`), a composite a list or dict.
                    let value: unknown;
                    let kind: Kind;
                    try {
                        value = JSON.parse(text.replace(/\bTrue\b/g, "true").replace(/\bFalse\b/g, "false"));
                        kind = yamlKind(value);
                    } catch {
                        const [, typeName] = /^cloudposse\.\w+\.(\w+)Args\(/.exec(text) ?? [];
                        if (typeName !== undefined) {
                            assert.equal(inputs[property].$ref?.split(":").pop(), typeName, `${arg}: ${text}`);
                            kind = "object";
                        } else kind = text.startsWith("[") ? "array" : text.startsWith("{") ? "object" : "expression";
                    }
                    const why = misfit(inputs[property], kind, value);
                    assert.equal(why, undefined, `${arg}: ${why}`);
                    checked++;
                }
            }
            for (const [, attribute] of program.matchAll(/\.(\w+)\)$/gm)) {
                const outputs = Object.values(schema.resources).flatMap((r) => Object.keys(r.properties).map(snake));
                assert.ok(outputs.includes(attribute), `no output ${attribute}`);
            }
        }
        assert.ok(checked >= 15, `only ${checked} arguments checked`);
    });

    it("imports each component from the module its language's code generator derives from the schema", () => {
        const language = schema.language as {
            python: { moduleNameOverrides: Record<string, string> };
            go: { importBasePath: string; moduleToPackage: Record<string, string> };
            csharp: { namespaces: Record<string, string> };
            java: { packages: Record<string, string> };
        };
        const [python] = blocks("python");
        const [go] = blocks("go");
        const [csharp] = blocks("csharp");
        const [java] = blocks("java");
        for (const token of Object.keys(schema.resources)) {
            const [pkg, module, name] = token.split(":");
            // Python: pulumi_<package>, the module as moduleNameOverrides names it (pkg/codegen/python
            // gen.go, moduleNameOverrides; a hyphen is no Python identifier).
            assert.ok(python.includes(`import pulumi_${pkg} as ${pkg}`));
            assert.ok(python.includes(`${pkg}.${language.python.moduleNameOverrides[module]}.${name}(`), token);
            // Go: the schema's importBasePath (pinned: tests/provider/sdkNames.test.ts), then moduleToPackage.
            const goPackage = language.go.moduleToPackage[module];
            assert.ok(go.includes(`"${language.go.importBasePath}/${goPackage}"`), token);
            assert.ok(go.includes(`${goPackage}.New${name}(ctx, `), token);
            // C#: Pulumi.<namespaces[package]>.<namespaces[module]> (pulumi-dotnet codegen, namespaces).
            const namespace = `Pulumi.${language.csharp.namespaces[pkg]}.${language.csharp.namespaces[module]}`;
            assert.ok(csharp.includes(`using ${namespace};`), token);
            assert.ok(csharp.includes(`new ${name}(`), token);
            // Java: com.pulumi.<package>.<packages[module]> (pulumi-java basePackage default "com.pulumi").
            const javaPackage = `com.pulumi.${pkg}.${language.java.packages[module]}`;
            assert.ok(java.includes(`import ${javaPackage}.${name};`), token);
            assert.ok(java.includes(`import ${javaPackage}.${name}Args;`), token);
        }
        // No integer enum, so no enum member for a number in any program.
        assert.doesNotMatch(go + csharp + java, /EventLogRetentionInDays\./);
    });

    it("adds the package by a path Pulumi reads as a local path, and by a Git source at a tag", () => {
        const sources = [...GUIDE.matchAll(/pulumi package add ("?)(\S+)\1/g)].map((m) => m[2]);
        assert.ok(sources.length >= 2, sources.join(", "));
        for (const source of sources) {
            // pkg/resource/plugin/host.go IsLocalPluginPath: "./", ".." or "/" (a shell expands $HOME).
            const local = /^(\.\/|\.\.|\/|\$HOME\/)/.test(source);
            const git = /^github\.com\/[^/]+\/[^/]+\/plugin@v\d+\.\d+\.\d+$/.test(source);
            assert.ok(local || git, source);
        }
        for (const program of blocks("yaml").map((text) => parse(text) as { packages?: Record<string, string> })) {
            for (const source of Object.values(program.packages ?? {})) {
                // In Pulumi.yaml no shell expands "~": a local path starts with "/", "./" or "../".
                assert.match(source, /^(\/|\.\/|\.\.\/)/);
            }
        }
    });

    it("gives the same values in every language's program (the YAML one's, which the plugin's tests construct)", () => {
        const [yaml] = blocks("yaml").map(
            (text) => parse(text) as { resources: Record<string, { properties: Record<string, unknown> }> },
        );
        const scalars: string[] = [];
        // Enum members are spelled by each SDK (KeyRole.Viewer, manageddashboards.KeyRoleViewer): the schema's names.
        const members = new Map(
            Object.values(schema.types).flatMap((type) =>
                (isEnumType(type) ? type.enum : []).map((e) => [String(e.value), e.name] as const),
            ),
        );
        const collect = (value: unknown): void => {
            if (Array.isArray(value)) value.forEach(collect);
            else if (typeof value === "object" && value !== null) Object.values(value).forEach(collect);
            else scalars.push(String(value));
        };
        for (const resource of Object.values(yaml.resources)) collect(resource.properties);
        assert.equal(members.get("VIEWER"), "Viewer");
        assert.ok(scalars.includes("10080") && scalars.includes("1440") && scalars.includes("g-0123456789"));
        for (const language of ["ts", "python", "go", "csharp", "java"]) {
            const [program] = blocks(language);
            for (const scalar of scalars) {
                const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
                const member = members.get(scalar);
                // Python spells the booleans True and False.
                if (language === "python" && (scalar === "true" || scalar === "false")) {
                    assert.match(program, scalar === "true" ? /\bTrue\b/ : /\bFalse\b/, `${language}: no ${scalar}`);
                    continue;
                }
                const spelled = new RegExp(
                    `\\b${escape(scalar)}\\b` + (member !== undefined ? `|${escape(member)}\\b` : ""),
                );
                assert.match(program, spelled, `${language}: no ${scalar}`);
            }
        }
    });

    it("names the plugin's package and the components' type tokens as the schema does", () => {
        assert.ok(GUIDE.includes(`| Pulumi package name | \`${schema.name}\` |`));
        for (const token of Object.keys(schema.resources)) assert.ok(GUIDE.includes(`type: ${token}`), token);
    });
});
