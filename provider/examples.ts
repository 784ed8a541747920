/**
 * The guides' example program in every language the plugin serves (docs/languages.md), written from each component's
 * own `example` and the plugin's schema (names, plain inputs, enums, types). `npm run docs` writes the blocks.
 */
import { stringify } from "yaml";
import type { ComponentDefinition, ComponentExample } from "../components/kit/definition";
import { LANGUAGES_GUIDE } from "../components/kit/reference";
import { COMPONENT_DEFINITIONS } from "../components/registry";
import { isEnumType, packageSchema, type PackageSchema, type SchemaProperty } from "./schema";

/** The languages of the example, as docs/languages.md fences them, in the guide's order. */
export const EXAMPLE_LANGUAGES = ["ts", "python", "go", "csharp", "java", "yaml"] as const;

/** One component of the program: its definition, example and schema names. */
interface Part {
    readonly example: ComponentExample;
    /** The class: the type token's last part. */
    readonly name: string;
    /** The type token's module (`managed-dashboards`). */
    readonly module: string;
    readonly token: string;
    /** Its inputs in the schema. */
    readonly inputs: Readonly<Record<string, SchemaProperty>>;
    readonly required: readonly string[];
}

/** A value's arguments, in the example's order, each with its schema input. */
function argsOf(part: Part): [string, unknown, SchemaProperty][] {
    return Object.entries(part.example.args as Readonly<Record<string, unknown>>).map(([arg, value]) => {
        const input = part.inputs[arg];
        if (input === undefined) throw new Error(`${part.token}: its example sets ${arg}, which is no input`);
        return [arg, value, input];
    });
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const quoted = (text: string) => JSON.stringify(text);
const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null && !Array.isArray(value);

/** An enum input's member name (the schema's `name` of the value). */
function enumMember(schema: PackageSchema, input: SchemaProperty, value: unknown): { type: string; member: string } {
    const token = input.$ref!.slice("#/types/".length);
    const type = schema.types[token];
    const found = isEnumType(type) ? type.enum.find((e) => e.value === value) : undefined;
    if (found === undefined) throw new Error(`${String(value)} is not a value of ${token}`);
    return { type: token.split(":").pop()!, member: found.name ?? String(found.value) };
}

const isEnum = (input: SchemaProperty) => input.$ref !== undefined && input.$ref.startsWith("#/types/");

/** Lines `key<sep>value`, single-line ones aligned in runs as gofmt aligns them (a multi-line entry ends a run). */
function aligned(entries: readonly (readonly [string, string])[], sep: string): string[] {
    const lines: string[] = [];
    let run: (readonly [string, string])[] = [];
    const flush = () => {
        const width = Math.max(0, ...run.map(([key]) => key.length));
        for (const [key, value] of run) lines.push(`${key}${sep}${" ".repeat(width - key.length + 1)}${value}`);
        run = [];
    };
    for (const entry of entries) {
        if (entry[1].includes("\n")) {
            flush();
            lines.push(`${entry[0]}${sep} ${entry[1]}`);
        } else run.push(entry);
    }
    flush();
    return lines;
}

const indent = (text: string, by: string) =>
    text
        .split("\n")
        .map((line) => (line === "" ? line : by + line))
        .join("\n");

// ---------------------------------------------------------------------------------------------
// TypeScript.

function tsValue(value: unknown): string {
    if (Array.isArray(value)) return `[${value.map(tsValue).join(", ")}]`;
    if (isObject(value)) {
        const entries = Object.entries(value).map(
            ([key, item]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : quoted(key)}: ${tsValue(item)}`,
        );
        return `{ ${entries.join(", ")} }`;
    }
    return typeof value === "string" ? quoted(value) : String(value);
}

function typescript(parts: readonly Part[]): string {
    const classes = parts.map((p) => p.name).sort();
    const lines = [
        'import * as pulumi from "@pulumi/pulumi";',
        `import { ${classes.join(", ")} } from "pulumi-cloudposse-components";`,
        "",
    ];
    for (const part of parts) {
        lines.push(`const ${part.example.variable} = new ${part.name}(${quoted(part.example.name)}, {`);
        for (const [arg, value] of argsOf(part)) lines.push(`    ${arg}: ${tsValue(value)},`);
        lines.push("});", "");
    }
    for (const part of parts)
        for (const [name, output] of Object.entries(part.example.exports))
            lines.push(`export const ${name} = ${part.example.variable}.${output};`);
    return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// Python.

function pythonValue(value: unknown): string {
    if (Array.isArray(value)) return `[${value.map(pythonValue).join(", ")}]`;
    if (isObject(value))
        return `{${Object.entries(value)
            .map(([key, item]) => `${quoted(key)}: ${pythonValue(item)}`)
            .join(", ")}}`;
    if (typeof value === "boolean") return value ? "True" : "False";
    return typeof value === "string" ? quoted(value) : String(value);
}

function python(parts: readonly Part[], schema: PackageSchema): string {
    const modules = (schema.language as { python: { moduleNameOverrides: Record<string, string> } }).python
        .moduleNameOverrides;
    const lines = ["import pulumi", `import pulumi_${schema.name} as ${schema.name}`, ""];
    for (const part of parts) {
        lines.push(`${part.example.variable} = ${schema.name}.${modules[part.module]}.${part.name}(`);
        lines.push(`    ${quoted(part.example.name)},`);
        for (const [arg, value] of argsOf(part)) lines.push(`    ${snake(arg)}=${pythonValue(value)},`);
        lines.push(")", "");
    }
    for (const part of parts)
        for (const [name, output] of Object.entries(part.example.exports))
            lines.push(`pulumi.export(${quoted(name)}, ${part.example.variable}.${snake(output)})`);
    return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// Go.

/** A plain Go value of `value` (inside `pulumi.Any`, or for a plain input). */
function goPlain(value: unknown): string {
    if (Array.isArray(value)) {
        const strings = value.every((item) => typeof item === "string");
        return `${strings ? "[]string" : "[]interface{}"}{${value.map(goPlain).join(", ")}}`;
    }
    if (isObject(value)) {
        const entries = aligned(
            Object.entries(value).map(([key, item]) => [quoted(key), goPlain(item)] as const),
            ":",
        );
        return `map[string]interface{}{\n${entries.map((line) => `\t${line},`).join("\n")}\n}`;
    }
    return typeof value === "string" ? quoted(value) : String(value);
}

const GO_SCALAR: Readonly<Record<string, string>> = {
    string: "String",
    integer: "Int",
    number: "Float64",
    boolean: "Bool",
};

function goValue(
    part: Part,
    goPackage: string,
    arg: string,
    value: unknown,
    input: SchemaProperty,
    schema: PackageSchema,
): string {
    if (isEnum(input)) {
        const { type, member } = enumMember(schema, input, value);
        return `${goPackage}.${type}${member}`;
    }
    if (input.$ref !== undefined) return `pulumi.Any(${goPlain(value)})`;
    const scalar = GO_SCALAR[input.type ?? ""];
    if (scalar !== undefined) {
        if (input.plain !== true) return `pulumi.${scalar}(${goPlain(value)})`;
        return part.required.includes(arg) ? goPlain(value) : `pulumi.${scalar}Ref(${goPlain(value)})`;
    }
    if (input.type === "object" && isObject(value)) {
        if (input.plain === true) return goPlain(value);
        const entries = Object.entries(value).map(([key, item]) => `${quoted(key)}: pulumi.String(${goPlain(item)})`);
        return `pulumi.StringMap{${entries.join(", ")}}`;
    }
    if (input.type === "array" && Array.isArray(value)) {
        if (input.plain === true) return goPlain(value);
        return `pulumi.StringArray{${value.map((item) => `pulumi.String(${goPlain(item)})`).join(", ")}}`;
    }
    throw new Error(`${part.token}.${arg}: no Go literal for this input`);
}

function go(parts: readonly Part[], schema: PackageSchema): string {
    const { moduleToPackage: packages, importBasePath } = (
        schema.language as { go: { moduleToPackage: Record<string, string>; importBasePath: string } }
    ).go;
    const imports = [
        ...new Set(parts.map((p) => `"${importBasePath}/${packages[p.module]}"`)),
        '"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ].sort();
    const body: string[] = [];
    for (const part of parts) {
        const goPackage = packages[part.module];
        body.push(
            `${part.example.variable}, err := ${goPackage}.New${part.name}(ctx, ${quoted(part.example.name)}, &${goPackage}.${part.name}Args{`,
        );
        const entries = argsOf(part).map(
            ([arg, value, input]) => [pascal(arg), goValue(part, goPackage, arg, value, input, schema)] as const,
        );
        for (const line of aligned(entries, ":")) body.push(indent(`${line},`, "\t"));
        body.push("})", "if err != nil {", "\treturn err", "}");
    }
    for (const part of parts)
        for (const [name, output] of Object.entries(part.example.exports))
            body.push(`ctx.Export(${quoted(name)}, ${part.example.variable}.${pascal(output)})`);
    body.push("return nil");
    return [
        "package main",
        "",
        "import (",
        ...imports.map((line) => `\t${line}`),
        ")",
        "",
        "func main() {",
        "\tpulumi.Run(func(ctx *pulumi.Context) error {",
        indent(body.join("\n"), "\t\t"),
        "\t})",
        "}",
    ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// C#.

function csharpPlain(value: unknown): string {
    if (Array.isArray(value)) return `new[] { ${value.map(csharpPlain).join(", ")} }`;
    if (isObject(value)) {
        const entries = Object.entries(value).map(([key, item]) => `    [${quoted(key)}] = ${csharpPlain(item)},`);
        return `new Dictionary<string, object>\n{\n${entries.join("\n")}\n}`;
    }
    return typeof value === "string" ? quoted(value) : String(value);
}

function csharpValue(value: unknown, input: SchemaProperty, schema: PackageSchema): string {
    if (isEnum(input)) {
        const { type, member } = enumMember(schema, input, value);
        return `${type}.${member}`;
    }
    if (input.$ref !== undefined) return csharpPlain(value);
    if (input.type === "object" && isObject(value))
        return `{ ${Object.entries(value)
            .map(([key, item]) => `[${quoted(key)}] = ${csharpPlain(item)}`)
            .join(", ")} }`;
    if (input.type === "array" && Array.isArray(value)) return `{ ${value.map(csharpPlain).join(", ")} }`;
    return csharpPlain(value);
}

function csharp(parts: readonly Part[], schema: PackageSchema): string {
    const namespaces = (schema.language as { csharp: { namespaces: Record<string, string> } }).csharp.namespaces;
    const usings = [
        ...new Set(parts.map((p) => `using Pulumi.${namespaces[schema.name]}.${namespaces[p.module]};`)),
    ].sort();
    const body: string[] = [];
    for (const part of parts) {
        body.push(
            `var ${part.example.variable} = new ${part.name}(${quoted(part.example.name)}, new ${part.name}Args`,
            "{",
        );
        for (const [arg, value, input] of argsOf(part))
            body.push(indent(`${pascal(arg)} = ${csharpValue(value, input, schema)},`, "    "));
        body.push("});", "");
    }
    body.push("return new Dictionary<string, object?>", "{");
    for (const part of parts)
        for (const [name, output] of Object.entries(part.example.exports))
            body.push(`    [${quoted(name)}] = ${part.example.variable}.${pascal(output)},`);
    body.push("};");
    return [
        "using System.Collections.Generic;",
        "using Pulumi;",
        ...usings,
        "",
        "return await Deployment.RunAsync(() =>",
        "{",
        indent(body.join("\n"), "    "),
        "});",
    ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Java.

function javaValue(value: unknown, input: SchemaProperty | undefined, schema: PackageSchema): string {
    if (input !== undefined && isEnum(input)) {
        const { type, member } = enumMember(schema, input, value);
        return `${type}.${member}`;
    }
    if (Array.isArray(value)) return `List.of(${value.map((item) => javaValue(item, undefined, schema)).join(", ")})`;
    if (isObject(value)) {
        const entries = Object.entries(value).map(
            ([key, item]) => `${quoted(key)}, ${javaValue(item, undefined, schema)}`,
        );
        return entries.length > 1
            ? `Map.of(\n${entries.map((e) => `    ${e}`).join(",\n")})`
            : `Map.of(${entries.join("")})`;
    }
    return typeof value === "string" ? quoted(value) : String(value);
}

function java(parts: readonly Part[], schema: PackageSchema): string {
    const packages = (schema.language as { java: { packages: Record<string, string> } }).java.packages;
    const imports = new Set<string>(["com.pulumi.Pulumi"]);
    const body: string[] = [];
    for (const part of parts) {
        const javaPackage = `com.pulumi.${schema.name}.${packages[part.module]}`;
        imports.add(`${javaPackage}.${part.name}`).add(`${javaPackage}.${part.name}Args`);
        body.push(
            `var ${part.example.variable} = new ${part.name}(${quoted(part.example.name)}, ${part.name}Args.builder()`,
        );
        for (const [arg, value, input] of argsOf(part)) {
            if (isEnum(input)) imports.add(`${javaPackage}.enums.${enumMember(schema, input, value).type}`);
            const text = javaValue(value, input, schema);
            if (text.includes("List.of(")) imports.add("java.util.List");
            if (text.includes("Map.of(")) imports.add("java.util.Map");
            body.push(indent(`.${arg}(${text})`, "    "));
        }
        body.push("    .build());", "");
    }
    for (const part of parts)
        for (const [name, output] of Object.entries(part.example.exports))
            body.push(`ctx.export(${quoted(name)}, ${part.example.variable}.${output}());`);
    return [
        "package myproject;",
        "",
        ...[...imports].sort().map((name) => `import ${name};`),
        "",
        "public class App {",
        "    public static void main(String[] args) {",
        "        Pulumi.run(ctx -> {",
        indent(body.join("\n"), "            "),
        "        });",
        "    }",
        "}",
    ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// YAML.

const yamlScalar = (value: unknown) => stringify(value).trimEnd();

function yamlValue(value: unknown): string {
    if (Array.isArray(value)) return `[${value.map(yamlScalar).join(", ")}]`;
    if (isObject(value))
        return (
            "\n" +
            Object.entries(value)
                .map(([key, item]) => `  ${yamlScalar(key)}: ${yamlValue(item)}`.replace(/: \n/, ":\n"))
                .join("\n")
        );
    return yamlScalar(value);
}

function yaml(parts: readonly Part[], schema: PackageSchema): string {
    const lines = [
        `name: ${schema.name}-example`,
        "runtime: yaml",
        "packages:",
        `  ${schema.name}: /home/me/pulumi-plugins/${schema.name}/node_modules/pulumi-cloudposse-components/plugin`,
        "resources:",
    ];
    for (const part of parts) {
        lines.push(`  ${part.example.variable}:`, `    type: ${part.token}`, "    properties:");
        for (const [arg, value] of argsOf(part)) {
            const text = yamlValue(value);
            lines.push(text.startsWith("\n") ? `      ${arg}:${indent(text, "      ")}` : `      ${arg}: ${text}`);
        }
    }
    lines.push("outputs:");
    for (const part of parts)
        for (const [name, output] of Object.entries(part.example.exports))
            lines.push(`  ${name}: \${${part.example.variable}.${output}}`);
    return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------

/** The example program in each language, as the fenced block docs/languages.md holds. */
export function examplePrograms(
    definitions: readonly ComponentDefinition[] = COMPONENT_DEFINITIONS,
    schema: PackageSchema = packageSchema("0.0.0"),
): ReadonlyMap<(typeof EXAMPLE_LANGUAGES)[number], string> {
    const parts: Part[] = definitions.map((definition) => {
        const resource = schema.resources[definition.typeToken];
        if (resource === undefined) throw new Error(`${definition.typeToken}: not in the schema`);
        return {
            example: definition.example,
            name: definition.typeToken.split(":").pop()!,
            module: definition.typeToken.split(":")[1],
            token: definition.typeToken,
            inputs: resource.inputProperties,
            required: resource.requiredInputs,
        };
    });
    const programs: Record<(typeof EXAMPLE_LANGUAGES)[number], string> = {
        ts: typescript(parts),
        python: python(parts, schema),
        go: go(parts, schema),
        csharp: csharp(parts, schema),
        java: java(parts, schema),
        yaml: yaml(parts, schema),
    };
    return new Map(
        EXAMPLE_LANGUAGES.map((language) => [language, "```" + language + "\n" + programs[language] + "\n```"]),
    );
}

/** The generated blocks of docs/languages.md's example program (`example:<language>`), by file then marker. */
export function exampleBlocks(
    definitions: readonly ComponentDefinition[] = COMPONENT_DEFINITIONS,
    schema?: PackageSchema,
): ReadonlyMap<string, ReadonlyMap<string, string>> {
    const programs = examplePrograms(definitions, schema);
    return new Map([
        [LANGUAGES_GUIDE, new Map([...programs].map(([language, text]) => [`example:${language}`, text]))],
    ]);
}
