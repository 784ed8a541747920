/**
 * The Pulumi package schema of the component plugin (package `cloudposse`), derived from the component definitions
 * and kits. The provider serves it; tests check it against Pulumi's metaschema.
 */
import { typeText, type ArgDefinition, type ComponentDefinition, type VarType } from "../components/kit/definition";
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
    readonly types: Readonly<Record<string, SchemaEnumType>>;
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

/** The schema type of a stack-file var type (every number of these components is a whole number). */
function typeOf(type: VarType): SchemaProperty {
    // TODO(issue 36): lists, sets, maps and objects of declared types.
    if (typeof type !== "string") throw new TypeError(`provider/schema: ${typeText(type)} is not in the schema yet`);
    switch (type) {
        case "string":
            return { type: "string" };
        case "number":
            return { type: "integer" };
        case "bool":
            return { type: "boolean" };
        case "list(string)":
        case "set(string)":
            return { type: "array", items: { type: "string" } };
        case "map(string)":
            return { type: "object", additionalProperties: { type: "string" } };
        case "any":
            return { $ref: "pulumi.json#/Any" };
    }
}

/**
 * The enum type of an argument with a closed set of strings. A closed set of numbers is no enum:
 * pulumi-yaml compares enum values as float64 (analyser.go `hasValidEnumValue`), so an integer
 * enum fails its type check internally, and Go would name the members `<Type><Type><value>`; such
 * an argument is an integer whose description lists the values (see {@link describedInput}), and
 * the component refuses any other.
 */
function enumType(spec: ArgDefinition, allowed: readonly string[]): SchemaEnumType {
    return {
        type: "string",
        description: spec.doc,
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
    kits: readonly ComponentKit[] = COMPONENT_KITS,
): PackageSchema {
    const argsOf = (definition: ComponentDefinition) =>
        Object.entries(definition.args as Readonly<Record<string, ArgDefinition>>);
    // A declaration shared by every component is a shared type (declared once, e.g. LABEL_ARGS).
    const shared = (spec: ArgDefinition) =>
        definitions.length > 1 && definitions.every((d) => argsOf(d).some(([, other]) => other === spec));

    const types: Record<string, SchemaEnumType> = {};
    const resources: Record<string, SchemaResource> = {};
    const modules = new Set<string>();
    for (const definition of definitions) {
        const { module } = tokenParts(definition.typeToken);
        modules.add(module);
        // What the `Args` interface says beyond the declaration (the kit's `args`, checked by the compiler).
        const required = kits.find((kit) => kit.definition.typeToken === definition.typeToken)?.args.required ?? [];
        const inputProperties: Record<string, SchemaProperty> = {};
        const requiredInputs: string[] = [];
        for (const [arg, spec] of argsOf(definition)) {
            let type = typeOf(spec.type);
            if (spec.allowed !== undefined && spec.type === "string") {
                const enumToken = `${PACKAGE_NAME}:${shared(spec) ? SHARED_MODULE : module}:${pascalCase(arg)}`;
                types[enumToken] = enumType(spec, spec.allowed.map(String));
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
            properties[property] = {
                type: typeof output.type === "object" ? typeOf(output.type).type : (output.type ?? "string"),
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
        types,
    };
}
