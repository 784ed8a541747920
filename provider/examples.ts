/**
 * The guides' example program in every language the plugin serves (docs/languages.md), written from each component's
 * own `example` and the plugin's schema (names, plain inputs, enums, types). `npm run docs` writes the blocks.
 */
import { stringify } from "yaml";
import type { ArgDefinition, ComponentDefinition, ComponentExample } from "../components/kit/definition";
import { LANGUAGES_GUIDE } from "../components/kit/reference";
import { COMPONENT_DEFINITIONS } from "../components/registry";
import { isEnumType, packageSchema, type PackageSchema, type SchemaObjectType, type SchemaProperty } from "./schema";

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
    /**
     * The arguments of a declared composite type (a list, set or map written out, an object), written from the
     * schema's types and `plain` marks; the shorthand ones keep the spelling the guide has always had.
     */
    readonly composite: ReadonlySet<string>;
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

/** The named type an input refers to (`#/types/<token>`), if any. */
function namedType(schema: PackageSchema, input: SchemaProperty) {
    if (input.$ref === undefined || !input.$ref.startsWith("#/types/")) return undefined;
    const token = input.$ref.slice("#/types/".length);
    const type = schema.types[token];
    if (type === undefined) throw new Error(`${token}: not a type of the schema`);
    return { token, type };
}

const isEnum = (input: SchemaProperty) => input.$ref !== undefined && input.$ref.startsWith("#/types/");

/** The object type an input refers to, with its token's name and module (undefined for any other input). */
function objectTypeOf(
    schema: PackageSchema,
    input: SchemaProperty,
): { readonly name: string; readonly module: string; readonly type: SchemaObjectType } | undefined {
    const named = namedType(schema, input);
    if (named === undefined || isEnumType(named.type)) return undefined;
    const [, module, name] = named.token.split(":");
    return { name, module, type: named.type };
}

/** Whether an input refers to an enum type. */
const isEnumInput = (schema: PackageSchema, input: SchemaProperty) => {
    const named = namedType(schema, input);
    return named !== undefined && isEnumType(named.type);
};

/** An object value's fields, each with its property in the object type (a field the type lacks is refused). */
function fieldsOf(
    value: unknown,
    object: { readonly name: string; readonly type: SchemaObjectType },
): [string, unknown, SchemaProperty][] {
    if (!isObject(value)) throw new Error(`${object.name}: the example gives ${JSON.stringify(value)}, not an object`);
    return Object.entries(value).map(([key, item]) => {
        const property = object.type.properties[key];
        if (property === undefined) throw new Error(`${object.name}: the example sets ${key}, which is no field`);
        return [key, item, property];
    });
}

/** The items' (or values') property of a list (or map) input; undefined for another input. */
const itemsOf = (input: SchemaProperty) =>
    input.type === "array" ? input.items : input.type === "object" ? input.additionalProperties : undefined;

/**
 * `open`, the `parts` separated by commas, and `close` on one line when they fit in 80 characters on one line; else
 * each part on its own line, indented, with a trailing comma (Python, TypeScript).
 */
function block(open: string, parts: readonly string[], close: string): string {
    const inline = `${open}${parts.join(", ")}${close}`;
    if (!parts.some((part) => part.includes("\n")) && inline.length <= 80) return inline;
    return `${open.trimEnd()}\n${parts.map((part) => indent(`${part},`, "    ")).join("\n")}\n${close.trimStart()}`;
}

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

/** A TypeScript value of a composite input: the example's own JSON (camelCase fields, the user's map keys), laid out. */
function tsComposite(value: unknown): string {
    if (Array.isArray(value)) return block("[", value.map(tsComposite), "]");
    if (isObject(value)) {
        const entries = Object.entries(value).map(
            ([key, item]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : quoted(key)}: ${tsComposite(item)}`,
        );
        return block("{ ", entries, " }");
    }
    return tsValue(value);
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
        for (const [arg, value] of argsOf(part))
            lines.push(indent(`${arg}: ${part.composite.has(arg) ? tsComposite(value) : tsValue(value)},`, "    "));
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

/**
 * A Python value of a composite input: an object is its input class, `<module>.<Type>Args(field=...)` with the
 * fields' Python names (pkg/codegen/python/gen.go `unqualifiedObjectTypeName`: "Args" for an input shape, and
 * `PyName` for the keywords); a map a dict of the user's keys, a list a list; an enum its value (a `str` enum).
 */
function pythonComposite(value: unknown, input: SchemaProperty, schema: PackageSchema, modules: ModuleNames): string {
    if (value === null) return "None";
    const object = objectTypeOf(schema, input);
    if (object !== undefined) {
        const fields = fieldsOf(value, object).map(
            ([key, item, property]) => `${snake(key)}=${pythonComposite(item, property, schema, modules)}`,
        );
        return block(`${schema.name}.${modules[object.module]}.${object.name}Args(`, fields, ")");
    }
    const items = itemsOf(input);
    if (items !== undefined && Array.isArray(value))
        return block(
            "[",
            value.map((item) => pythonComposite(item, items, schema, modules)),
            "]",
        );
    if (items !== undefined && isObject(value)) {
        const entries = Object.entries(value).map(
            ([key, item]) => `${quoted(key)}: ${pythonComposite(item, items, schema, modules)}`,
        );
        return block("{", entries, "}");
    }
    return pythonValue(value);
}

/** Each schema module's name in an SDK. */
type ModuleNames = Readonly<Record<string, string>>;

function python(parts: readonly Part[], schema: PackageSchema): string {
    const modules = (schema.language as { python: { moduleNameOverrides: Record<string, string> } }).python
        .moduleNameOverrides;
    const lines = ["import pulumi", `import pulumi_${schema.name} as ${schema.name}`, ""];
    for (const part of parts) {
        lines.push(`${part.example.variable} = ${schema.name}.${modules[part.module]}.${part.name}(`);
        lines.push(`    ${quoted(part.example.name)},`);
        for (const [arg, value, input] of argsOf(part)) {
            const text = part.composite.has(arg) ? pythonComposite(value, input, schema, modules) : pythonValue(value);
            lines.push(indent(`${snake(arg)}=${text},`, "    "));
        }
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

/** Where a Go value goes: a property or field (optional or not), or a list item or map value. */
type GoPlace = "required" | "optional" | "item";

/** A Go package's name for a schema module. */
type GoPackages = Readonly<Record<string, string>>;

/**
 * The Go type of an item of a plain list or map (`[]T`, `map[string]T`): the plain type, or its Input interface when
 * the item is unmarked (pkg/codegen/go/gen.go `typeStringImpl`: an InputType item is `inputType(...)`, e.g.
 * `[]FooInput`, tests/testdata/codegen/simple-plain-schema-with-root-package/go/component.go 58-68; a plain object is
 * its input shape `FooArgs`, `resolveObjectType`).
 */
function goItemType(item: SchemaProperty, schema: PackageSchema, packages: GoPackages): string {
    const input = item.plain !== true;
    const object = objectTypeOf(schema, item);
    const named = namedType(schema, item);
    if (object !== undefined) return `${packages[object.module]}.${object.name}${input ? "Input" : "Args"}`;
    if (named !== undefined && named.token.startsWith(`${schema.name}:`)) {
        const [, module, name] = named.token.split(":");
        return `${packages[module]}.${name}${input ? "Input" : ""}`;
    }
    if (item.$ref !== undefined) return input ? "pulumi.Input" : "interface{}";
    const inner = itemsOf(item);
    if (inner !== undefined) {
        const kind = item.type === "array" ? "Array" : "Map";
        if (input) return `${goCollectionType(inner, schema, packages, kind)}Input`;
        return `${kind === "Array" ? "[]" : "map[string]"}${goItemType(inner, schema, packages)}`;
    }
    const scalar = GO_SCALAR[item.type ?? ""];
    if (scalar === undefined) throw new Error(`no Go item type for ${JSON.stringify(item)}`);
    return input
        ? `pulumi.${scalar}Input`
        : { String: "string", Int: "int", Float64: "float64", Bool: "bool" }[scalar]!;
}

/**
 * The Go collection type of an Input list or map: `pulumi.StringArray`, `<pkg>.<Type>Map`, ... (gen.go `argsTypeImpl`:
 * the element's args type with `Args` trimmed, then `Array` or `Map`; its items are Inputs whatever their mark, since
 * `inputType` of an array is its element's Input type plus `ArrayInput`).
 */
function goCollectionType(items: SchemaProperty, schema: PackageSchema, packages: GoPackages, kind: string): string {
    const named = namedType(schema, items);
    if (named !== undefined) {
        const [, module, name] = named.token.split(":");
        return `${packages[module]}.${name}${kind}`;
    }
    if (items.$ref !== undefined) return `pulumi.${kind}`;
    const inner = itemsOf(items);
    if (inner !== undefined)
        return goCollectionType(inner, schema, packages, items.type === "array" ? "Array" : "Map") + kind;
    const scalar = GO_SCALAR[items.type ?? ""];
    if (scalar === undefined) throw new Error(`no Go ${kind} type for ${JSON.stringify(items)}`);
    return `pulumi.${scalar}${kind}`;
}

/**
 * A Go value of a composite input at `place`, as the Go SDK generated from the schema types it: an object its input
 * struct `<pkg>.<Type>Args{...}` (a pointer where optional, gen.go `typeStringImpl`: `FooPtrInput` or `*FooArgs`); an
 * Input list or map its collection type; a plain one a Go slice or map of {@link goItemType}; an Input scalar
 * `pulumi.String(...)`; a plain optional scalar `pulumi.StringRef(...)`; an enum its member constant.
 */
function goComposite(
    value: unknown,
    input: SchemaProperty,
    place: GoPlace,
    schema: PackageSchema,
    packages: GoPackages,
): string {
    const plain = input.plain === true;
    const object = objectTypeOf(schema, input);
    if (object !== undefined) {
        const fields = fieldsOf(value, object).map(([key, item, property]) => {
            const fieldPlace = object.type.required.includes(key) ? "required" : "optional";
            return [pascal(key), goComposite(item, property, fieldPlace, schema, packages)] as const;
        });
        const body = aligned(fields, ":").map((line) => indent(`${line},`, "\t"));
        const literal = `${packages[object.module]}.${object.name}Args{\n${body.join("\n")}\n}`;
        return place === "optional" ? `&${literal}` : literal;
    }
    if (isEnumInput(schema, input)) {
        const { type, member } = enumMember(schema, input, value);
        const [, module] = input.$ref!.slice("#/types/".length).split(":");
        // A plain optional enum is a pointer to the enum's type, whose underlying type is string: no constant has an
        // address, so the value's `*string` converted (gen.go typeStringImpl: "*" + the enum type).
        if (plain && place === "optional")
            return `(*${packages[module]}.${type})(pulumi.StringRef(${quoted(String(value))}))`;
        return `${packages[module]}.${type}${member}`;
    }
    if (input.$ref !== undefined) return plain ? goPlain(value) : `pulumi.Any(${goPlain(value)})`;
    const items = itemsOf(input);
    if (items !== undefined && (Array.isArray(value) || isObject(value))) {
        const kind = Array.isArray(value) ? "Array" : "Map";
        // The items of an Input collection are Inputs in Go whatever their own mark.
        const itemInput = plain ? items : { ...items, plain: undefined };
        const type = plain
            ? `${kind === "Array" ? "[]" : "map[string]"}${goItemType(items, schema, packages)}`
            : goCollectionType(items, schema, packages, kind);
        const write = (item: unknown) => goComposite(item, itemInput, "item", schema, packages);
        if (Array.isArray(value)) {
            const entries = value.map(write);
            if (!entries.some((entry) => entry.includes("\n"))) return `${type}{${entries.join(", ")}}`;
            return `${type}{\n${entries.map((entry) => indent(`${entry},`, "\t")).join("\n")}\n}`;
        }
        const entries = Object.entries(value).map(([key, item]) => [quoted(key), write(item)] as const);
        if (!entries.some(([, entry]) => entry.includes("\n")))
            return `${type}{${entries.map(([key, entry]) => `${key}: ${entry}`).join(", ")}}`;
        return `${type}{\n${aligned(entries, ":")
            .map((line) => indent(`${line},`, "\t"))
            .join("\n")}\n}`;
    }
    const scalar = GO_SCALAR[input.type ?? ""];
    if (scalar === undefined) throw new Error(`no Go literal for ${JSON.stringify(input)}`);
    if (!plain) return `pulumi.${scalar}(${goPlain(value)})`;
    return place === "optional" ? `pulumi.${scalar}Ref(${goPlain(value)})` : goPlain(value);
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
        const entries = argsOf(part).map(([arg, value, input]) => {
            const place = part.required.includes(arg) ? "required" : "optional";
            const text = part.composite.has(arg)
                ? goComposite(value, input, place, schema, packages)
                : goValue(part, goPackage, arg, value, input, schema);
            return [pascal(arg), text] as const;
        });
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

/**
 * A C# value of a composite input, as the .NET SDK generated from the schema takes it: an object its input class
 * `new <Type>Args { Field = ... }` (pulumi-dotnet codegen/gen.go `typeName`: "Args" for an input shape, in the
 * module's `Inputs` namespace, imported with its own `using`: a `using` of the module's namespace imports its types,
 * not its nested namespaces, so `Inputs.<Type>Args` would not resolve); a list or map a collection initializer (`InputList`,
 * `InputMap`, or `List`/`Dictionary` for a plain one, each initialised by its property: gen.go `typeString`); an enum
 * `<Enum>.<Member>`. A list or map directly inside another has no initializer to use: refused.
 */
function csharpComposite(
    value: unknown,
    input: SchemaProperty,
    schema: PackageSchema,
    inputsUsed: Set<string>,
): string {
    if (value === null) return "null";
    const object = objectTypeOf(schema, input);
    if (object !== undefined) {
        inputsUsed.add(object.module);
        const fields = fieldsOf(value, object).map(
            ([key, item, property]) => `${pascal(key)} = ${csharpComposite(item, property, schema, inputsUsed)},`,
        );
        return `new ${object.name}Args\n{\n${fields.map((field) => indent(field, "    ")).join("\n")}\n}`;
    }
    if (isEnumInput(schema, input)) {
        const { type, member } = enumMember(schema, input, value);
        return `${type}.${member}`;
    }
    if (input.$ref !== undefined) return csharpPlain(value);
    const items = itemsOf(input);
    if (items !== undefined && (Array.isArray(value) || isObject(value))) {
        if (itemsOf(items) !== undefined) throw new Error(`no C# initializer for a list or map inside another`);
        const entries = Array.isArray(value)
            ? value.map((item) => csharpComposite(item, items, schema, inputsUsed))
            : Object.entries(value).map(
                  ([key, item]) => `[${quoted(key)}] = ${csharpComposite(item, items, schema, inputsUsed)}`,
              );
        if (!entries.some((entry) => entry.includes("\n"))) return `{ ${entries.join(", ")} }`;
        return `\n{\n${entries.map((entry) => indent(`${entry},`, "    ")).join("\n")}\n}`;
    }
    return csharpPlain(value);
}

function csharp(parts: readonly Part[], schema: PackageSchema): string {
    const namespaces = (schema.language as { csharp: { namespaces: Record<string, string> } }).csharp.namespaces;
    const inputsUsed = new Set<string>();
    const body: string[] = [];
    for (const part of parts) {
        body.push(
            `var ${part.example.variable} = new ${part.name}(${quoted(part.example.name)}, new ${part.name}Args`,
            "{",
        );
        for (const [arg, value, input] of argsOf(part)) {
            const text = part.composite.has(arg)
                ? csharpComposite(value, input, schema, inputsUsed)
                : csharpValue(value, input, schema);
            // A multi-line collection initializer starts on its own line.
            body.push(indent(`${pascal(arg)} =${text.startsWith("\n") ? "" : " "}${text},`, "    "));
        }
        body.push("});", "");
    }
    body.push("return new Dictionary<string, object?>", "{");
    for (const part of parts)
        for (const [name, output] of Object.entries(part.example.exports))
            body.push(`    [${quoted(name)}] = ${part.example.variable}.${pascal(output)},`);
    body.push("};");
    const namespace = (module: string) => `Pulumi.${namespaces[schema.name]}.${namespaces[module]}`;
    const usings = [
        ...new Set([...parts.map((p) => namespace(p.module)), ...[...inputsUsed].map((m) => `${namespace(m)}.Inputs`)]),
    ]
        .sort()
        .map((name) => `using ${name};`);
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

/**
 * A Java value of a composite input, as the Java SDK generated from the schema takes it: an object its input class's
 * builder, `<Type>Args.builder().field(...).build()` (pulumi-java pkg/codegen/java/gen.go `typeName`: "Args" for an
 * input shape, in the module's `inputs` package, `typeStringForObjectType`); a list `List.of(...)` and a map
 * `Map.of(...)` (`typeStringRecHelper`: `List<T>`/`Map<String, T>` of the plain item type); an enum `<Enum>.<Member>`
 * from the `enums` package. `imports` gathers what it names.
 */
function javaComposite(
    value: unknown,
    input: SchemaProperty,
    schema: PackageSchema,
    packageOf: (module: string) => string,
    imports: Set<string>,
): string {
    if (value === null) return "null";
    const write = (item: unknown, property: SchemaProperty) =>
        javaComposite(item, property, schema, packageOf, imports);
    const object = objectTypeOf(schema, input);
    if (object !== undefined) {
        imports.add(`${packageOf(object.module)}.inputs.${object.name}Args`);
        const fields = fieldsOf(value, object).map(([key, item, property]) => `.${key}(${write(item, property)})`);
        return [`${object.name}Args.builder()`, ...fields.map((f) => indent(f, "    ")), "    .build()"].join("\n");
    }
    if (isEnumInput(schema, input)) {
        const { type, member } = enumMember(schema, input, value);
        const [, module] = input.$ref!.slice("#/types/".length).split(":");
        imports.add(`${packageOf(module)}.enums.${type}`);
        return `${type}.${member}`;
    }
    const items = itemsOf(input);
    if (input.$ref === undefined && items !== undefined && (Array.isArray(value) || isObject(value))) {
        const list = Array.isArray(value);
        imports.add(list ? "java.util.List" : "java.util.Map");
        const entries = list
            ? value.map((item) => write(item, items))
            : Object.entries(value).map(([key, item]) => `${quoted(key)}, ${write(item, items)}`);
        const open = list ? "List.of(" : "Map.of(";
        if (!entries.some((entry) => entry.includes("\n")) && entries.length <= 1) return `${open}${entries.join("")})`;
        if (!entries.some((entry) => entry.includes("\n")) && list) return `${open}${entries.join(", ")})`;
        return `${open}\n${entries.map((entry) => indent(entry, "    ")).join(",\n")})`;
    }
    const text = javaValue(value, undefined, schema);
    if (text.includes("List.of(")) imports.add("java.util.List");
    if (text.includes("Map.of(")) imports.add("java.util.Map");
    return text;
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
            if (part.composite.has(arg)) {
                const packageOf = (module: string) => `com.pulumi.${schema.name}.${packages[module]}`;
                body.push(indent(`.${arg}(${javaComposite(value, input, schema, packageOf, imports)})`, "    "));
                continue;
            }
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

/**
 * A YAML value of a composite input: objects and maps as block mappings (fields by their schema names), a list of
 * scalars in flow style, a list holding objects or lists as a block sequence. Starts with a newline when a block.
 */
function yamlComposite(value: unknown): string {
    if (Array.isArray(value) && value.some((item) => isObject(item) || Array.isArray(item))) {
        const items = value.map((item) => {
            const text = yamlComposite(item);
            if (!text.startsWith("\n")) return `- ${text}`;
            const [first, ...rest] = text.slice(1).split("\n");
            return [`- ${first}`, ...rest.map((line) => `  ${line}`)].join("\n");
        });
        return `\n${items.join("\n")}`;
    }
    if (isObject(value)) {
        const entries = Object.entries(value).map(([key, item]) => {
            const text = yamlComposite(item);
            return text.startsWith("\n") ? `${yamlScalar(key)}:${indent(text, "  ")}` : `${yamlScalar(key)}: ${text}`;
        });
        return `\n${entries.join("\n")}`;
    }
    if (Array.isArray(value)) return `[${value.map(yamlScalar).join(", ")}]`;
    return yamlScalar(value);
}

/** A composite's YAML under its argument's key: a block indented (as yamlValue's entries are), a flow value as it is. */
const yamlBlockUnder = (text: string) => (text.startsWith("\n") ? indent(text, "  ") : text);

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
            // A composite's block is indented under its argument's key, as yamlValue's entries are.
            const text = part.composite.has(arg) ? yamlBlockUnder(yamlComposite(value)) : yamlValue(value);
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
            composite: new Set(
                Object.entries(definition.args as Readonly<Record<string, ArgDefinition>>)
                    .filter(([, spec]) => typeof spec.type !== "string")
                    .map(([arg]) => arg),
            ),
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
