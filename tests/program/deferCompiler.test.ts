/**
 * program/deferCompiler.ts in-process: the module-cache entry that stands in for the Pulumi SDK's
 * `typescript-shim` forwards every read to the real shim, loaded on the first read. The shim (and
 * the compiler, which ts-node loads) are already loaded here, so each test takes the shim's entry
 * out of require.cache and puts it back. tests/bin/commands.e2e.test.ts checks that a real synth never loads
 * the compiler; tests/package/tarball.slow.test.ts that closure serialization still works in a fresh process.
 */
import * as assert from "node:assert/strict";
import * as path from "node:path";
import {
    deferSdkArborist,
    deferSdkCompiler,
    isArboristFile,
    isCompilerFile,
    sdkCompilerLoaded,
} from "../../program/deferCompiler";

const SHIM = require.resolve("@pulumi/pulumi/typescript-shim");

/** Runs `test` with the shim out of require.cache, then restores the cache's entry as it was. */
function withoutShim(test: () => void): void {
    const original = require.cache[SHIM];
    delete require.cache[SHIM];
    try {
        test();
    } finally {
        if (original === undefined) delete require.cache[SHIM];
        else require.cache[SHIM] = original;
    }
}

describe("deferring the SDK's TypeScript compiler (program/deferCompiler.ts)", () => {
    it("installs nothing once the shim is loaded", () => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the SDK's module, by its file
        require(SHIM);
        const before = require.cache[SHIM];
        assert.equal(deferSdkCompiler(), false);
        assert.equal(require.cache[SHIM], before);
    });

    it("stands in for the shim, loading it on the first read and forwarding every read", () =>
        withoutShim(() => {
            assert.equal(deferSdkCompiler(), true);
            const standIn = require.cache[SHIM]!;
            assert.equal(standIn.loaded, true);
            // eslint-disable-next-line @typescript-eslint/no-require-imports -- what the SDK's modules do
            const ts = require(SHIM) as typeof import("typescript");
            assert.equal(ts, standIn.exports);
            assert.equal(require.cache[SHIM], standIn, "a require does not load the shim");

            assert.equal(typeof ts.createSourceFile, "function");
            const real = require.cache[SHIM]!.exports as typeof import("typescript");
            assert.notEqual(real, ts, "the first read put the real shim in the cache");
            // eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiler ts-node loaded
            assert.equal(real, require("typescript"));
            assert.equal(ts.SyntaxKind.ClassDeclaration, real.SyntaxKind.ClassDeclaration);
            assert.equal("isClassDeclaration" in ts, true);
            assert.deepEqual(Object.keys(ts), Object.keys(real));
            // What TypeScript's __importStar helper does with a CommonJS module.
            const copy = { ...ts };
            assert.equal(copy.version, real.version);
            const source = ts.createSourceFile("f.ts", "class A {}", ts.ScriptTarget.Latest);
            assert.equal(ts.isClassDeclaration(source.statements[0]), true);
            // Writes reach the real module too (nothing in the SDK writes; nothing may go astray).
            const written = ts as unknown as Record<string, unknown>;
            written.deferCompilerTest = 1;
            assert.equal((real as unknown as Record<string, unknown>).deferCompilerTest, 1);
            delete written.deferCompilerTest;
            assert.equal("deferCompilerTest" in real, false);
            // A property defined for good stays readable through the stand-in (a proxy invariant).
            Object.defineProperty(ts, "deferCompilerFixed", { value: 2 });
            assert.equal((ts as unknown as Record<string, unknown>).deferCompilerFixed, 2);
            assert.equal(Object.getOwnPropertyDescriptor(ts, "deferCompilerFixed")?.configurable, false);
            assert.equal(Object.getOwnPropertyDescriptor(real, "deferCompilerFixed")?.value, 2);
        }));

    it("recognises the compiler's files, installed or vendored by the SDK", () => {
        assert.equal(sdkCompilerLoaded(), true, "ts-node loaded it in this process");
        for (const [file, expected] of [
            ["/p/node_modules/typescript/lib/typescript.js", true],
            ["C:\\p\\node_modules\\typescript\\lib\\typescript.js", true],
            ["/p/node_modules/@pulumi/pulumi/vendor/typescript@3.8.3/typescript.js", true],
            ["/p/node_modules/@pulumi/pulumi/typescript-shim.js", false],
            ["/p/node_modules/typescript/lib/tsserverlibrary.js", false],
        ] as const) {
            assert.equal(isCompilerFile(file), expected, file);
        }
    });
});

/** What the tests read of Arborist's exports (it ships no types): a class with its parts attached. */
interface ArboristModule {
    new (options: { path: string }): { path: string };
    readonly Arborist: ArboristModule;
    readonly Node: unknown;
    readonly prototype: object;
}

/** Runs `test` with the SDK's codePaths.js and Arborist's entry out of require.cache, then restores them. */
function withoutArborist(test: (file: string) => void): void {
    const codePaths = require.resolve("@pulumi/pulumi/runtime/closure/codePaths");
    const file = require.resolve("@npmcli/arborist", { paths: [path.dirname(codePaths)] });
    const originals = [codePaths, file].map((f) => [f, require.cache[f]] as const);
    for (const [f] of originals) delete require.cache[f];
    try {
        test(file);
    } finally {
        for (const [f, original] of originals) {
            if (original === undefined) delete require.cache[f];
            else require.cache[f] = original;
        }
    }
}

// node_modules/@pulumi/pulumi/runtime/closure/codePaths.js (3.248.0): line 29 requires Arborist
// through TypeScript's __importStar (lines 14-20), which copies every key of a module whose
// `__esModule` is not set; line 193 reads `arborist.Arborist` only inside computeCodePaths.
describe("deferring the SDK's npm Arborist (program/deferCompiler.ts)", () => {
    it("installs nothing once the SDK's codePaths.js is loaded", () => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the SDK's module, by its file
        require("@pulumi/pulumi/runtime/closure/codePaths");
        assert.equal(deferSdkArborist(), false);
    });

    it("stands in for Arborist through __importStar, loading it on the first read", () =>
        withoutArborist((file) => {
            assert.equal(deferSdkArborist(), true);
            const standIn = require.cache[file]!;
            // eslint-disable-next-line @typescript-eslint/no-require-imports -- what codePaths.js does
            const required = require(file) as ArboristModule;
            assert.equal(required, standIn.exports);
            // TypeScript's helper, as codePaths.js defines it, keeps the stand-in without loading.
            const mod = required as ArboristModule & { __esModule?: boolean };
            const namespace = mod && mod.__esModule ? mod : { ...mod, default: mod };
            assert.equal(namespace, required);
            assert.equal(require.cache[file], standIn, "neither require nor __importStar loaded Arborist");
            assert.equal(typeof required, "function");

            const Arborist = namespace.Arborist;
            const real = require.cache[file]!.exports as ArboristModule;
            assert.notEqual(real, required, "the first read put the real module in the cache");
            assert.equal(Arborist, real);
            assert.equal(required.Node, real.Node);
            assert.deepEqual(Object.keys(required), Object.keys(real));
            assert.equal(mod.__esModule, undefined, "once loaded, every read is the real module's");
            assert.equal(required.prototype, real.prototype);
            assert.deepEqual(
                Object.getOwnPropertyDescriptor(required, "prototype"),
                Object.getOwnPropertyDescriptor(real, "prototype"),
            );
            assert.equal(Object.getPrototypeOf(required), Object.getPrototypeOf(real));
            const tree = new required({ path: __dirname });
            assert.ok(tree instanceof real);
            assert.equal(tree.path, __dirname);
        }));

    it("recognises Arborist's files", () => {
        for (const [file, expected] of [
            ["/p/node_modules/@npmcli/arborist/lib/index.js", true],
            ["C:\\p\\node_modules\\@npmcli\\arborist\\lib\\arborist\\index.js", true],
            ["/p/node_modules/@npmcli/fs/lib/index.js", false],
        ] as const) {
            assert.equal(isArboristFile(file), expected, file);
        }
    });
});
