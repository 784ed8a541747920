/**
 * Synth's start-up, before the Pulumi SDK loads: keeps the TypeScript compiler the SDK loads for closure
 * serialization unloaded until something reads from it (about 0.4 s). Why and how: the contributors' Design notes.
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
        defineProperty: (target, key, descriptor) => {
            const defined = Reflect.defineProperty(load(), key, descriptor);
            const actual = Reflect.getOwnPropertyDescriptor(load(), key);
            // A proxy may report a non-configurable property only when its target has it as well.
            if (defined && actual?.configurable === false) {
                Reflect.defineProperty(target, key, actual);
            }
            return defined;
        },
        getOwnPropertyDescriptor: (target, key) => {
            const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
            if (descriptor === undefined || descriptor.configurable || Reflect.has(target, key)) {
                return descriptor;
            }
            // The real module's own non-configurable properties, which the (empty) target lacks.
            return { ...descriptor, configurable: true };
        },
    };
    const entry = new nodeModule.Module(file);
    entry.filename = file;
    entry.exports = new Proxy({}, forward);
    entry.loaded = true;
    require.cache[file] = entry;
    return true;
}

/**
 * Whether a module file is TypeScript's compiler (installed, or the copy the SDK vendors). Exported
 * with {@link sdkCompilerLoaded} for the checks (the tests, and check-floors on the compiled file).
 */
export function isCompilerFile(file: string): boolean {
    return /[\\/]typescript(@[^\\/]+)?[\\/](lib[\\/])?typescript\.js$/.test(file);
}

/** Whether the compiler has been loaded (by the SDK's shim or anything else). */
export function sdkCompilerLoaded(): boolean {
    return Object.keys(require.cache).some(isCompilerFile);
}
