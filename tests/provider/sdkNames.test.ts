/**
 * The names of the SDKs `pulumi package add` generates from the plugin's schema, from a local
 * folder and from a Git source, as the CLI and the code generators derive them (pulumi/pulumi
 * 1b59498, pulumi-dotnet 5e61d9a, pulumi-java), and the AWS SDK each requires. No generator runs
 * here: each rule below is a few lines of theirs, cited, applied to the served schema.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { AWS_FLOOR, packageSchema, REPOSITORY, type PackageSchema } from "../../provider/schema";

const ROOT = path.join(__dirname, "..", "..");
const GUIDE = fs.readFileSync(path.join(ROOT, "docs", "languages.md"), "utf8");
const schema = packageSchema("0.0.0");

/**
 * The namespace `pulumi package add` gives a schema that has none, from the plugin's download URL:
 * the owner of a Git source (pkg/cmd/pulumi/packages/packages.go 366-373 `setSpecNamespace`, the
 * cases of packages_test.go 253-296), none for a local folder.
 */
function namespaceFromSource(source: string): string {
    const match = /^git:\/\/[^/]+\/([^/]+)\//.exec(source);
    return match === null ? "" : match[1].toLowerCase();
}

/** What each generator names the SDK of `spec` with namespace `namespace`. */
function sdkNames(spec: PackageSchema, namespace: string) {
    const language = spec.language as Record<string, Record<string, unknown> | undefined>;
    const name = spec.name;
    const pick = (lang: string, field: string) => language[lang]?.[field] as string | undefined;
    // Go: ExtractModulePath / ExtractImportBasePath (pkg/codegen/go/gen.go 4153-4199), support-pack layout.
    const goRoot = spec.repository
        ? new URL(spec.repository).host + new URL(spec.repository).pathname
        : namespace !== ""
          ? `github.com/${namespace}/pulumi-${name}`
          : `example.com/pulumi-${name}`;
    // C#: normalizePackageInfo, GetRootNamespace (pulumi-dotnet codegen/importer.go 51-62), namespaceName (gen.go 110-124).
    const pascal = (text: string) =>
        text
            .split("-")
            .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
            .join("");
    const csharpRoot = pick("csharp", "rootNamespace") ?? (namespace !== "" ? pascal(namespace) : "Pulumi");
    const csharpNamespaces = (language.csharp?.namespaces ?? {}) as Record<string, string>;
    return {
        // packages.go 133-136: sdks/<namespace>-<name>, else sdks/<name>.
        folder: namespace !== "" ? `${namespace}-${name}` : name,
        // python/gen.go 3275-3278, PyPack 2957-2964.
        python:
            pick("python", "packageName") ??
            `${namespace !== "" ? namespace.replace(/-/g, "_") : "pulumi"}_${name.replace(/-/g, "_")}`,
        // nodejs/gen.go 2525-2532.
        nodejs: pick("nodejs", "packageName") ?? (namespace !== "" ? `@${namespace}/${name}` : `@pulumi/${name}`),
        go: pick("go", "importBasePath") ?? `${goRoot}/sdk/go/${name}`,
        csharp: `${csharpRoot}.${csharpNamespaces[name] ?? pascal(name)}`,
        // pulumi-java PackageInfo.BasePackageOrDefault: basePackage, else "com.pulumi" (no namespace).
        java: `${pick("java", "basePackage") ?? "com.pulumi"}.${name}`,
    };
}

/** The schema without the names it pins (what the CLI would generate from before they were pinned). */
function unpinned(spec: PackageSchema): PackageSchema {
    const language = JSON.parse(JSON.stringify(spec.language)) as Record<string, Record<string, unknown>>;
    delete language.python.packageName;
    delete language.nodejs.packageName;
    delete language.go.importBasePath;
    delete language.csharp.rootNamespace;
    return { ...spec, language, repository: "" } as PackageSchema;
}

describe("the SDKs generated from the plugin's schema", () => {
    const local = namespaceFromSource("");
    const git = namespaceFromSource(`git://github.com/${new URL(REPOSITORY).pathname.split("/")[1]}/x`);
    const fork = namespaceFromSource("git://github.com/Acme/pulumi-cloudposse-components");

    it("reads the namespace of each source as the CLI does (its own test cases)", () => {
        assert.deepEqual(
            [
                "https://pulumi.com/terraform/v1.0.0",
                "git://github.com/pulumi/pulumi-terraform",
                "git://",
                "git://example.com",
                "git://example.com/pulumi",
                "git://example.com/pulumi/a/long/path",
            ].map(namespaceFromSource),
            ["", "pulumi", "", "", "", "pulumi"],
        );
        assert.deepEqual([local, git, fork], ["", "cloudposse-pulumi", "acme"]);
    });

    it("has the same language names from a local folder, the repository and a fork, as the docs state", () => {
        const names = [local, git, fork].map((namespace) => {
            const { folder: _folder, ...languages } = sdkNames(schema, namespace);
            return languages;
        });
        assert.deepEqual(names[1], names[0]);
        assert.deepEqual(names[2], names[0]);
        const [{ python, go, csharp, java }] = names;
        assert.deepEqual(
            { python, go, csharp, java },
            {
                python: "pulumi_cloudposse",
                go: "github.com/cloudposse-pulumi/pulumi-cloudposse-components/sdk/go/cloudposse",
                csharp: "Pulumi.Cloudposse",
                java: "com.pulumi.cloudposse",
            },
        );
        assert.ok(GUIDE.includes(`import ${python} as cloudposse`), python);
        assert.ok(GUIDE.includes(`"${go}/eventbridge"`), go);
        assert.ok(GUIDE.includes(`using ${csharp}.Eventbridge;`), csharp);
        assert.ok(GUIDE.includes(`import ${java}.eventbridge.EventBridge;`), java);
        // The folder differs (the CLI's, not the schema's): the docs name both.
        assert.deepEqual(
            [local, git].map((namespace) => sdkNames(schema, namespace).folder),
            ["cloudposse", "cloudposse-pulumi-cloudposse"],
        );
        assert.ok(GUIDE.includes("`sdks/cloudposse`") && GUIDE.includes("`sdks/<owner>-cloudposse`"));
    });

    it("would differ by install path without the names the schema pins (the rule this guards)", () => {
        const bare = unpinned(schema);
        const [fromFolder, fromGit] = [local, git].map((namespace) => sdkNames(bare, namespace));
        assert.deepEqual(
            [fromFolder.python, fromGit.python, fromFolder.csharp, fromGit.csharp, fromFolder.go, fromGit.go],
            [
                "pulumi_cloudposse",
                "cloudposse_pulumi_cloudposse",
                "Pulumi.Cloudposse",
                "CloudpossePulumi.Cloudposse",
                "example.com/pulumi-cloudposse/sdk/go/cloudposse",
                "github.com/cloudposse-pulumi/pulumi-cloudposse/sdk/go/cloudposse",
            ],
        );
    });

    it("requires the AWS SDK of the components' major version in every language, from the package's peer floor", () => {
        const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
            peerDependencies: Record<string, string>;
            repository?: { url: string } | string;
            homepage?: string;
        };
        assert.equal(manifest.peerDependencies["@pulumi/aws"], `^${AWS_FLOOR}`);
        const language = schema.language as Record<string, Record<string, unknown>>;
        assert.deepEqual(
            {
                nodejs: language.nodejs.dependencies,
                python: language.python.requires,
                go: language.go.internalDependencies,
                csharp: language.csharp.packageReferences,
                java: language.java.dependencies,
            },
            {
                nodejs: { "@pulumi/aws": "^7.23.0" },
                python: { "pulumi-aws": ">=7.23.0,<8.0.0" },
                go: ["github.com/pulumi/pulumi-aws/sdk/v7/go/aws"],
                csharp: { "Pulumi.Aws": "[7.23.0,8.0.0)" },
                java: { "com.pulumi:aws": "[7.23.0,8.0.0)" },
            },
        );
    });

    it("names the repository, homepage and publisher the registry shows (and package.json, when it names them)", () => {
        assert.equal(schema.repository, "https://github.com/cloudposse-pulumi/pulumi-cloudposse-components");
        assert.equal(schema.homepage, `${schema.repository}#readme`);
        assert.equal(schema.publisher, "cloudposse-pulumi");
        const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
            repository?: { url: string } | string;
            homepage?: string;
        };
        const url = typeof manifest.repository === "string" ? manifest.repository : manifest.repository?.url;
        if (url !== undefined) assert.equal(url.replace(/^git\+/, "").replace(/\.git$/, ""), schema.repository);
        if (manifest.homepage !== undefined) assert.equal(manifest.homepage, schema.homepage);
    });
});
