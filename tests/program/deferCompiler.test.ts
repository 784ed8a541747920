/**
 * program/deferCompiler.ts in-process: the module-cache entry that stands in for the Pulumi SDK's
 * `typescript-shim` forwards every read to the real shim, loaded on the first read. The shim (and
 * the compiler, which ts-node loads) are already loaded here, so each test takes the shim's entry
 * out of require.cache and puts it back. tests/bin/commands.e2e.test.ts checks that a real synth never loads
 * the compiler; tests/package/tarball.slow.test.ts that closure serialization still works in a fresh process.
 */
import * as assert from "node:assert/strict";
import { deferSdkCompiler, isCompilerFile, sdkCompilerLoaded } from "../../program/deferCompiler";

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
