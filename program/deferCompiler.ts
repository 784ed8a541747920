/**
 * Synth's start-up, before the Pulumi SDK loads. Loading `@pulumi/pulumi` loads TypeScript's
 * compiler (about 9 MB of JavaScript, about 0.4 s, close to half of the SDK's load) through the
 * SDK's `typescript-shim` module, which only closure serialization (`pulumi.runtime.serializeFunction`,
 * for function-valued resources such as callback Lambdas) uses, inside its functions. A plan never
 * serializes a closure, so synth leaves the compiler unloaded until something reads from it.
 *
 * The mechanism is Node's documented module cache: `require.cache` receives an entry for the shim
 * whose exports forward every read to the real shim, loaded (with the compiler) on the first read.
 * This relies on how the SDK loads the compiler, outside its public API, so it lives here with the
 * SDK adapter's other reliances (program/sdkAdapter.ts); tests/package.e2e.test.ts checks, in a
 * fresh process, that the compiler stays unloaded through the SDK's load and that closure
 * serialization still works. Should the SDK stop loading the compiler this way, nothing breaks: the
 * entry is simply never read, or not installed when the shim is gone.
 */
import * as nodeModule from "node:module";

/** The SDK module that loads TypeScript's compiler (`module.exports = require("typescript")`). */
const SHIM = "@pulumi/pulumi/typescript-shim";

/**
 * Defers the TypeScript compiler the Pulumi SDK loads until something reads from it. Call before
 * the SDK first loads; returns whether the deferral was installed (false when the SDK, or its
 * shim, is already loaded, or when this SDK has no such shim).
 */
export function deferSdkCompiler(): boolean {
    let file: string;
    try {
        file = require.resolve(SHIM);
    } catch {
        return false;
    }
    if (require.cache[file] !== undefined) {
        return false;
    }
    let real: object | undefined;
    const load = (): object => {
        if (real === undefined) {
            delete require.cache[file];
            // eslint-disable-next-line @typescript-eslint/no-require-imports -- the shim's own file, as the SDK requires it
            real = require(file) as object;
        }
        return real;
    };
    const forward: ProxyHandler<object> = {
        get: (_target, key): unknown => Reflect.get(load(), key),
        has: (_target, key) => Reflect.has(load(), key),
        set: (_target, key, value) => Reflect.set(load(), key, value),
        deleteProperty: (_target, key) => Reflect.deleteProperty(load(), key),
        ownKeys: () => Reflect.ownKeys(load()),
        getOwnPropertyDescriptor: (_target, key) => {
            const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
            // A proxy may not report a non-configurable property its (empty) target lacks.
            return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
        },
    };
    const entry = new nodeModule.Module(file);
    entry.filename = file;
    entry.exports = new Proxy({}, forward);
    entry.loaded = true;
    require.cache[file] = entry;
    return true;
}

/** Whether a module file is TypeScript's compiler (installed, or the copy the SDK vendors). */
export function isCompilerFile(file: string): boolean {
    return /[\\/]typescript(@[^\\/]+)?[\\/](lib[\\/])?typescript\.js$/.test(file);
}

/** Whether the compiler has been loaded (by the SDK's shim or anything else). */
export function sdkCompilerLoaded(): boolean {
    return Object.keys(require.cache).some(isCompilerFile);
}
