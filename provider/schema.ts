/**
 * The Pulumi package schema of the component plugin (package `cloudposse`), derived from the component definitions
 * and kits. The provider serves it; tests check it against Pulumi's metaschema.
 */
import {
    positionNode,
    typeNode,
    type ArgDefinition,
    type ComponentDefinition,
    type FieldDefinition,
    type TypeNode,
} from "../components/kit/definition";
import type { ComponentKit } from "../components/kit/kit";
import { COMPONENT_KITS } from "../components/kits";
import { COMPONENT_DEFINITIONS } from "../components/registry";
import { packageKeywords } from "../components/kit/componentLists";

/** The schema's package name: the first part of every component's type token. */
export const PACKAGE_NAME = "cloudposse";

/** The package's source repository, and where it is published from (schema `repository`, `homepage`, `publisher`). */
export const REPOSITORY = "https://github.com/cloudposse-pulumi/pulumi-cloudposse-components";
/** The publisher the schema names (`pulumi package publish` uses it unless given `--publisher`). */
export const PUBLISHER = "cloudposse-pulumi";

/**
 * The oldest `@pulumi/aws` the components work with: the floor of the package's peer range
 * (package.json, checked by tests/provider/provider.test.ts). A program in another language passes
 * its own AWS provider, whose plugin version is the program's SDK's: the generated SDKs require the
 * same major version (7: `region` on every resource, which 6.x lacks).
 */
export const AWS_FLOOR = "7.23.0";

/** The major version after {@link AWS_FLOOR}'s, which no SDK accepts. */
const AWS_NEXT_MAJOR = `${Number(AWS_FLOOR.split(".")[0]) + 1}.0.0`;

/**
 * The names of the generated SDKs, the same from a local folder and from a Git source:
 * `pulumi package add` of a Git source sets the schema's `namespace` to the repository's owner
 * when the schema has none (pkg/cmd/pulumi/packages/packages.go 366-373, tests in packages_test.go
 * 253-296), and each generator derives its default names from it (Python `<namespace>_<name>`,
 * pkg/codegen/python/gen.go 3275-3278; Node.js `@<namespace>/<name>`, nodejs/gen.go 2525-2532; Go
 * `github.com/<namespace>/pulumi-<name>`, go/gen.go 4153-4199; C# `<Namespace>.<Name>`,
 * pulumi-dotnet codegen/importer.go 51-60; Java keeps `com.pulumi`). Pinned here, they are the
 * names the docs state (docs/languages.md).
 */
export const SDK_NAMES = {
    nodejs: "@cloudposse-pulumi/cloudposse",
    python: "pulumi_cloudposse",
    go: "github.com/cloudposse-pulumi/pulumi-cloudposse-components/sdk/go/cloudposse",
    csharpRoot: "Pulumi",
    javaBase: "com.pulumi",
} as const;

/** The module of the types every component shares (the label arguments' enums). */
const SHARED_MODULE = "index";

/** A property of the schema (input or output). */
export interface SchemaProperty {
    readonly type?: string;
    readonly $ref?: string;
    readonly items?: SchemaProperty;
    readonly additionalProperties?: SchemaProperty;
    readonly description?: string;
    readonly default?: string | number | boolean;
    readonly plain?: boolean;
    readonly secret?: boolean;
}

/** An enum type of the schema. */
export interface SchemaEnumType {
    readonly type: "string";
    readonly description: string;
    readonly enum: readonly { readonly name: string; readonly value: string }[];
}

/**
 * An object type of the schema (a declared object, in an argument or an output): its fields by camelCase name, as
 * Pulumi's metaschema describes an `objectTypeSpec` (pkg/codegen/schema/pulumi.json, `$defs.objectTypeSpec`).
 */
export interface SchemaObjectType {
    readonly type: "object";
    readonly description: string;
    readonly properties: Readonly<Record<string, SchemaProperty>>;
    readonly required: readonly string[];
}

/** A named type of the schema. */
export type SchemaType = SchemaEnumType | SchemaObjectType;

/** A component resource of the schema. */
export interface SchemaResource {
    readonly isComponent: true;
    readonly description: string;
    readonly inputProperties: Readonly<Record<string, SchemaProperty>>;
    readonly requiredInputs: readonly string[];
    readonly properties: Readonly<Record<string, SchemaProperty>>;
    readonly required: readonly string[];
}

/** The package schema (the parts this package uses). */
export interface PackageSchema {
    readonly name: string;
    readonly displayName: string;
    readonly version: string;
    readonly description: string;
    readonly keywords: readonly string[];
    readonly license: string;
    readonly repository: string;
    readonly homepage: string;
    readonly publisher: string;
    readonly meta: { readonly moduleFormat: string };
    readonly language: Readonly<Record<string, unknown>>;
    readonly resources: Readonly<Record<string, SchemaResource>>;
    readonly types: Readonly<Record<string, SchemaType>>;
}

/** Whether a named type of the schema is an enum (else an object type). */
export function isEnumType(type: SchemaType): type is SchemaEnumType {
    return "enum" in type;
}

/** `cloudposse:eventbridge:EventBridge` -> its three parts; refuses a token of another package. */
function tokenParts(token: string): { module: string; member: string } {
    const parts = token.split(":");
    if (parts.length !== 3 || parts[0] !== PACKAGE_NAME || parts[1] === "" || parts[2] === "") {
        throw new Error(`provider/schema: type token ${token} is not ${PACKAGE_NAME}:<module>:<Name>`);
    }
    return { module: parts[1], member: parts[2] };
}

/** `keyRole` -> `KeyRole`; `service-account-token` -> `ServiceAccountToken`; `VIEWER` -> `Viewer`. */
function pascalCase(word: string): string {
    return word
        .split(/[-_\s]+/)
        .filter((part) => part !== "")
        .map((part) =>
            part === part.toUpperCase()
                ? part.charAt(0) + part.slice(1).toLowerCase()
                : part.charAt(0).toUpperCase() + part.slice(1),
        )
        .join("");
}

/**
 * Where a composite type is written: its module, the name its object types start with, whether it is an input's
 * (`plain` marks) or an output's (none: `plain` means "when used as an input, this type does not accept eventual
 * values", pulumi.json `$defs.typeSpec.properties.plain`), and the package's named types so far.
 */
interface TypeSite {
    readonly module: string;
    readonly name: string;
    readonly input: boolean;
    readonly doc: string;
    /** The declaration the types come from, in words (for a collision's message). */
    readonly origin: string;
    readonly types: NamedTypes;
}

/** The package's named types, each with the declaration it comes from (two declarations never share a name). */
class NamedTypes {
    readonly types: Record<string, SchemaType> = {};
    private readonly origins = new Map<string, string>();

    /**
     * Reserves `token` for `origin`, or throws when another declaration has it, in any case (the C# and Java SDKs
     * write a file per type, which a case-insensitive file system would share), or has a name that Pulumi's Go
     * generator derives from it (`<Name>Args`, `<Name>Map`, ...: see {@link GO_DERIVED_SUFFIXES}).
     */
    claim(token: string, origin: string): void {
        const lower = token.toLowerCase();
        for (const [other, otherOrigin] of this.origins) {
            if (otherOrigin === origin) continue;
            const known = other.toLowerCase();
            if (known === lower) throw collision(token, origin, `${otherOrigin} (${other})`);
            const clash = GO_DERIVED_SUFFIXES.find(
                (suffix) => known === lower + suffix.toLowerCase() || lower === known + suffix.toLowerCase(),
            );
            if (clash !== undefined) throw collision(token, origin, `${otherOrigin} (${other}; Go derives ${clash})`);
        }
        this.origins.set(token, origin);
    }

    add(token: string, origin: string, type: SchemaType): void {
        this.claim(token, origin);
        this.types[token] = type;
    }
}

/**
 * The names Pulumi's Go generator derives from a type's or resource's name `X` in the same package: `XArgs` (an input
 * shape, pkg/codegen/go/gen.go `resolveObjectType`; a resource's arguments, `genResource` "type %sArgs struct"),
 * `XInput`/`XOutput`/`XPtr...` (`inputType`, `typeStringImpl`), `XArray`/`XMap` (`argsTypeImpl`); a second type
 * named so would be generated twice.
 */
const GO_DERIVED_SUFFIXES = [
    "Args",
    "Input",
    "Output",
    "Ptr",
    "PtrInput",
    "PtrOutput",
    "Array",
    "Map",
    "ArrayInput",
    "MapInput",
    "ArrayOutput",
    "MapOutput",
    "ArrayMap",
    "MapArray",
];

function collision(token: string, origin: string, taken: string): TypeError {
    return new TypeError(`provider/schema: ${origin} would name the type ${token}, which ${taken} names`);
}

/**
 * The schema type of a declared composite type, with `plain` at each position as Pulumi binds it: a position is an
 * Input (an eventual value) unless its own type spec says `plain` (pkg/codegen/schema/bind.go `bindTypeSpec`,
 * "if inputShape && !spec.Plain", 1207-1211: the array's `items` and the map's `additionalProperties` are bound the
 * same way, 1227-1262; an object type's properties each by their own spec, `bindProperties` 1418, called from
 * `bindObjectTypeDetails` 1484). So an item is plain unless the list declares `inputItems`, a map value unless
 * `inputValues`, a set's item always (a set is deduplicated when known), and an object field unless the field declares
 * `input`. Each object is a named type of the site's module, named `<site name>` (fields' objects:
 * `<site name><Field>`), referenced by `$ref`.
 */
function compositeType(node: TypeNode, site: TypeSite): SchemaProperty {
    switch (node.kind) {
        case "string":
            return { type: "string" };
        case "number":
            return { type: "integer" };
        case "bool":
            return { type: "boolean" };
        case "any":
            return { $ref: "pulumi.json#/Any" };
        case "list":
        case "set":
            return { type: "array", items: atPosition(node.items, site, node.kind === "list" && node.inputItems) };
        case "map":
            return { type: "object", additionalProperties: atPosition(node.values, site, node.inputValues) };
        case "object":
            return { $ref: `#/types/${objectType(node.fields, site)}` };
    }
}

/** The type at a position inside a composite: `plain` unless an Input may be given there (input sites only). */
function atPosition(node: TypeNode, site: TypeSite, input: boolean): SchemaProperty {
    return { ...compositeType(node, site), ...(site.input && !input ? { plain: true } : {}) };
}

/** Registers the object type of `fields` at `site` (and its fields' named types); returns its token. */
function objectType(fields: Readonly<Record<string, FieldDefinition>>, site: TypeSite): string {
    const token = `${PACKAGE_NAME}:${site.module}:${site.name}`;
    site.types.claim(token, site.origin);
    const properties: Record<string, SchemaProperty> = {};
    for (const [key, field] of Object.entries(fields)) {
        const name = site.name + pascalCase(key);
        const fieldSite: TypeSite = { ...site, name, doc: field.doc, origin: `${site.origin}.${key}` };
        let type: SchemaProperty;
        if (field.allowed !== undefined && field.type === "string") {
            const enumToken = `${PACKAGE_NAME}:${site.module}:${name}`;
            site.types.add(enumToken, fieldSite.origin, enumType(field.doc, field.allowed.map(String)));
            type = { $ref: `#/types/${enumToken}` };
        } else {
            type = compositeType(positionNode(field), fieldSite);
        }
        properties[key] = {
            ...type,
            description: describedField(field),
            ...(site.input && field.input !== true ? { plain: true } : {}),
        };
    }
    const required = Object.keys(fields).filter((key) => fields[key].required === true);
    site.types.add(token, site.origin, { type: "object", description: site.doc, properties, required });
    return token;
}

/**
 * A field's description: its line, the allowed numbers of a closed numeric set, and its default as JSON. A field's
 * default is described, never a schema `default`: the generators would send it as if written (see
 * {@link UNSENT_DEFAULTS}), and Go applies an object type's defaults only when the program calls `Defaults()`.
 */
function describedField(field: FieldDefinition): string {
    const parts = [field.doc];
    if (field.allowed !== undefined && field.type === "number") parts.push(`One of ${field.allowed.join(", ")}.`);
    if (field.default !== undefined) parts.push(`Default: \`${JSON.stringify(field.default)}\`.`);
    return parts.join(" ");
}

/**
 * The enum type of an argument with a closed set of strings. A closed set of numbers is no enum:
 * pulumi-yaml compares enum values as float64 (analyser.go `hasValidEnumValue`), so an integer
 * enum fails its type check internally, and Go would name the members `<Type><Type><value>`; such
 * an argument is an integer whose description lists the values (see {@link describedInput}), and
 * the component refuses any other.
 */
function enumType(doc: string, allowed: readonly string[]): SchemaEnumType {
    return {
        type: "string",
        description: doc,
        enum: allowed.map((value) => ({ name: pascalCase(value), value })),
    };
}

/**
 * Defaults kept out of the schema (each argument's `unsentDefault`), by type token, each with why. Pulumi's Python, Go, .NET and Java
 * code generators fill a missing input with its schema `default` on the client and send it (pulumi
 * pkg/codegen/python/gen.go 1555-1562 and 3114-3120, pkg/codegen/go/gen.go 2407-2425,
 * pulumi-dotnet codegen/gen.go 697-709, pulumi-java pkg/codegen/java/gen_defaults.go `.def(...)`):
 * Construct then sees the default as a value the user wrote. A default whose presence changes what
 * the component does is therefore described in words instead, and applied by the component as in
 * TypeScript. tests/provider/schemaDefaults.test.ts checks both sides: every default left in the schema
 * changes nothing when sent, and each one listed here does.
 */
export const UNSENT_DEFAULTS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.fromEntries(
    COMPONENT_DEFINITIONS.flatMap((definition) => {
        const unsent = Object.entries(definition.args as Readonly<Record<string, ArgDefinition>>).flatMap(
            ([arg, spec]) => (spec.unsentDefault !== undefined ? [[arg, spec.unsentDefault] as const] : []),
        );
        return unsent.length > 0 ? [[definition.typeToken, Object.fromEntries(unsent)] as const] : [];
    }),
);

/** Whether the schema holds `arg`'s default: a string, number or boolean constant that may be sent. */
function sendsDefault(token: string, arg: string, spec: ArgDefinition): boolean {
    const value = spec.default;
    const constant = typeof value === "string" || typeof value === "number" || typeof value === "boolean";
    return constant && !Object.prototype.hasOwnProperty.call(UNSENT_DEFAULTS[token] ?? {}, arg);
}

/**
 * An argument's description: the definition's line, the allowed numbers of a closed numeric set,
 * and, when the schema does not hold the default, the default as JSON (every language reads it).
 */
function describedInput(token: string, arg: string, spec: ArgDefinition): string {
    const parts = [spec.doc];
    if (spec.allowed !== undefined && spec.type === "number") parts.push(`One of ${spec.allowed.join(", ")}.`);
    if (spec.default !== undefined && !sendsDefault(token, arg, spec)) {
        parts.push(`Default: \`${JSON.stringify(spec.default)}\`.`);
    }
    return parts.join(" ");
}

/**
 * The schema of every component of the package, at `version`. Enum types of arguments every
 * component shares (the same declaration, e.g. `labelKeyCase`) go to the `index` module; the
 * others to their component's module.
 */
export function packageSchema(
    version: string,
    definitions: readonly ComponentDefinition[] = COMPONENT_DEFINITIONS,
    kits: readonly Pick<ComponentKit, "definition" | "args">[] = COMPONENT_KITS,
): PackageSchema {
    const argsOf = (definition: ComponentDefinition) =>
        Object.entries(definition.args as Readonly<Record<string, ArgDefinition>>);
    // A declaration shared by every component is a shared type (declared once, e.g. LABEL_ARGS).
    const shared = (spec: ArgDefinition) =>
        definitions.length > 1 && definitions.every((d) => argsOf(d).some(([, other]) => other === spec));

    const named = new NamedTypes();
    const resources: Record<string, SchemaResource> = {};
    const modules = new Set<string>();
    // A component's class and its arguments' struct are names in its module's SDK too (Go `<Class>Args`).
    for (const definition of definitions) named.claim(definition.typeToken, `the component ${definition.path}`);
    for (const definition of definitions) {
        const { module, member } = tokenParts(definition.typeToken);
        modules.add(module);
        // What the `Args` interface says beyond the declaration (the kit's `args`, checked by the compiler).
        const required = kits.find((kit) => kit.definition.typeToken === definition.typeToken)?.args.required ?? [];
        const inputProperties: Record<string, SchemaProperty> = {};
        const requiredInputs: string[] = [];
        const site = (key: string, input: boolean, doc: string, what: string): TypeSite => ({
            module,
            name: member + pascalCase(key),
            input,
            doc,
            origin: `${definition.path} ${what} ${key}`,
            types: named,
        });
        for (const [arg, spec] of argsOf(definition)) {
            // A shorthand (`list(string)`) is the composite it stands for, its items Inputs only when the argument is.
            let type = compositeType(positionNode(spec), site(arg, true, spec.doc, "argument"));
            if (spec.allowed !== undefined && spec.type === "string") {
                const enumToken = `${PACKAGE_NAME}:${shared(spec) ? SHARED_MODULE : module}:${pascalCase(arg)}`;
                const origin = shared(spec) ? `the shared argument ${arg}` : `${definition.path} argument ${arg}`;
                named.add(enumToken, origin, enumType(spec.doc, spec.allowed.map(String)));
                type = { $ref: `#/types/${enumToken}` };
            }
            const token = definition.typeToken;
            inputProperties[arg] = {
                ...type,
                description: describedInput(token, arg, spec),
                ...(sendsDefault(token, arg, spec) ? { default: spec.default as string | number | boolean } : {}),
                // Composable (a Pulumi Input) only when declared so; the others make names or identity.
                ...(spec.input === true ? {} : { plain: true }),
            };
            if (required.includes(arg)) requiredInputs.push(arg);
        }
        const properties: Record<string, SchemaProperty> = {};
        for (const [property, output] of Object.entries(definition.outputs)) {
            const type = output.type ?? "string";
            properties[property] = {
                // An object output's fields are camelCase here as in TypeScript (its stack exports use their vars).
                ...(typeof type === "string"
                    ? { type }
                    : compositeType(typeNode(type), site(property, false, output.doc, "output"))),
                description: output.doc,
                ...(output.secret === true ? { secret: true } : {}),
            };
        }
        resources[definition.typeToken] = {
            isComponent: true,
            description: definition.doc,
            inputProperties,
            requiredInputs,
            properties,
            // Every output is absent when the instance is disabled (`enabled: false`).
            required: [],
        };
    }
    // The `index` module is each SDK's root: only the components' modules are named per language.
    const moduleNames = [...modules];
    return {
        name: PACKAGE_NAME,
        displayName: "Cloud Posse components",
        version,
        description:
            `Cloud Posse's components ported to Pulumi (${definitions.map((d) => d.path).join(", ")}), ` +
            "named and tagged by a null-label port.",
        keywords: [...packageKeywords(definitions), "category/cloud", "kind/component"],
        license: "Apache-2.0",
        repository: REPOSITORY,
        homepage: `${REPOSITORY}#readme`,
        publisher: PUBLISHER,
        meta: { moduleFormat: "(.*)" },
        // Each SDK's names pinned (SDK_NAMES), and the AWS SDK of the same major version as the
        // components' required (as awsx does: pulumi-awsx provider/cmd/pulumi-resource-awsx/schema.json).
        language: {
            nodejs: {
                respectSchemaVersion: true,
                packageName: SDK_NAMES.nodejs,
                dependencies: { "@pulumi/aws": `^${AWS_FLOOR}` },
            },
            python: {
                respectSchemaVersion: true,
                packageName: SDK_NAMES.python,
                moduleNameOverrides: Object.fromEntries(moduleNames.map((m) => [m, m.replace(/-/g, "_")])),
                requires: { "pulumi-aws": `>=${AWS_FLOOR},<${AWS_NEXT_MAJOR}` },
            },
            go: {
                respectSchemaVersion: true,
                importBasePath: SDK_NAMES.go,
                moduleToPackage: Object.fromEntries(moduleNames.map((m) => [m, m.replace(/-/g, "")])),
                // A blank import keeps the AWS SDK's major version in the SDK's go.mod (go/importer.go 97-99).
                internalDependencies: [`github.com/pulumi/pulumi-aws/sdk/v${AWS_FLOOR.split(".")[0]}/go/aws`],
            },
            csharp: {
                respectSchemaVersion: true,
                rootNamespace: SDK_NAMES.csharpRoot,
                namespaces: Object.fromEntries([
                    [PACKAGE_NAME, "Cloudposse"] as const,
                    ...moduleNames.map((m) => [m, pascalCase(m)] as const),
                ]),
                packageReferences: { "Pulumi.Aws": `[${AWS_FLOOR},${AWS_NEXT_MAJOR})` },
            },
            java: {
                basePackage: SDK_NAMES.javaBase,
                packages: Object.fromEntries(moduleNames.map((m) => [m, m.replace(/-/g, "")])),
                dependencies: { "com.pulumi:aws": `[${AWS_FLOOR},${AWS_NEXT_MAJOR})` },
            },
        },
        resources,
        types: named.types,
    };
}
