/**
 * Synth's start-up, before the Pulumi SDK loads: keeps two modules the SDK loads only for closure
 * serialization unloaded until something reads from them: TypeScript's compiler (about 0.4 s) and
 * npm's Arborist (about 0.2 s). Why and how: the contributors' Design notes.
 */
import * as nodeModule from "node:module";
import * as path from "node:path";

/** The SDK module that loads TypeScript's compiler (`module.exports = require("typescript")`). */
const SHIM = "@pulumi/pulumi/typescript-shim";
/** The SDK module that loads Arborist (`__importStar(require("@npmcli/arborist"))`, line 29). */
const CODE_PATHS = "@pulumi/pulumi/runtime/closure/codePaths";
const ARBORIST = "@npmcli/arborist";

/** What a stand-in must know of the real module before loading it. */
interface Shape {
    /** The real module's exports are a function (a class), callable and constructible. */
    readonly callable: boolean;
    /**
     * Answer `__esModule` as true before loading, so that TypeScript's `__importStar` returns the
     * stand-in itself rather than copying every key (which would load the module) at once.
     */
    readonly esModule: boolean;
}

/**
 * Puts a stand-in for `file` in require.cache whose exports forward every operation to the real
 * module, loaded on the first one. Returns false, installing nothing, when `file` is already loaded.
 */
function deferModule(file: string, shape: Shape): boolean {
    if (require.cache[file] !== undefined) {
        return false;
    }
    let real: object | undefined;
    const load = (): object => {
        if (real === undefined) {
            delete require.cache[file];
            // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module's own file, as its reader requires it
            real = require(file) as object;
        }
        return real;
    };
    // The target's own non-configurable properties (a function's `prototype`) must match what is reported.
    const sync = (target: object, key: string | symbol, actual: PropertyDescriptor | undefined): void => {
        if (actual?.configurable === false) {
            Reflect.defineProperty(target, key, actual);
        }
    };
    const forward: ProxyHandler<object> = {
        get: (target, key): unknown => {
            if (key === "__esModule" && shape.esModule && real === undefined) {
                return true;
            }
            const value: unknown = Reflect.get(load(), key);
            sync(target, key, Reflect.getOwnPropertyDescriptor(load(), key));
            return value;
        },
        has: (_target, key) => Reflect.has(load(), key),
        set: (_target, key, value) => Reflect.set(load(), key, value),
        deleteProperty: (_target, key) => Reflect.deleteProperty(load(), key),
        ownKeys: () => Reflect.ownKeys(load()),
        defineProperty: (target, key, descriptor) => {
            const defined = Reflect.defineProperty(load(), key, descriptor);
            // A proxy may report a non-configurable property only when its target has it as well.
            if (defined) sync(target, key, Reflect.getOwnPropertyDescriptor(load(), key));
            return defined;
        },
        getOwnPropertyDescriptor: (target, key) => {
            const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
            if (descriptor === undefined || descriptor.configurable) {
                return descriptor;
            }
            if (Reflect.getOwnPropertyDescriptor(target, key)?.configurable === false) {
                sync(target, key, descriptor);
                return descriptor;
            }
            // The real module's own non-configurable properties, which the (empty) target lacks.
            return { ...descriptor, configurable: true };
        },
        getPrototypeOf: () => Reflect.getPrototypeOf(load()),
        apply: (_target, self, args: unknown[]) => Reflect.apply(load() as (...a: unknown[]) => unknown, self, args),
        construct: (_target, args: unknown[], newTarget) =>
            Reflect.construct(load() as new (...a: unknown[]) => object, args, newTarget) as object,
    };
    const entry = new nodeModule.Module(file);
    entry.filename = file;
    // An inert target: every operation goes to the real module.
    entry.exports = new Proxy(shape.callable ? function standIn() {} : {}, forward);
    entry.loaded = true;
    require.cache[file] = entry;
    return true;
}

/** The file of `specifier` as the SDK resolves it from `from` (an SDK module), or undefined. */
function resolved(specifier: string, from?: string): string | undefined {
    try {
        return from === undefined
            ? require.resolve(specifier)
            : require.resolve(specifier, { paths: [path.dirname(require.resolve(from))] });
    } catch {
        return undefined;
    }
}

/**
 * Defers the TypeScript compiler the Pulumi SDK loads until something reads from it. Call before
 * the SDK first loads; returns whether the deferral was installed (false when the SDK, or its
 * shim, is already loaded, or when this SDK has no such shim).
 */
export function deferSdkCompiler(): boolean {
    const file = resolved(SHIM);
    return file !== undefined && deferModule(file, { callable: false, esModule: false });
}

/**
 * Defers npm's Arborist, which the Pulumi SDK loads for closure serialization, until something
 * reads from it. Call before the SDK first loads; returns whether the deferral was installed
 * (false when the SDK's module that loads it, or Arborist, is already loaded, or either is gone).
 */
export function deferSdkArborist(): boolean {
    const codePaths = resolved(CODE_PATHS);
    if (codePaths === undefined || require.cache[codePaths] !== undefined) {
        return false;
    }
    const file = resolved(ARBORIST, CODE_PATHS);
    return file !== undefined && deferModule(file, { callable: true, esModule: true });
}

/**
 * Whether a module file is TypeScript's compiler (installed, or the copy the SDK vendors). Exported
 * with {@link sdkCompilerLoaded} for the checks (the tests, and check-floors on the compiled file).
 */
export function isCompilerFile(file: string): boolean {
    return /[\\/]typescript(@[^\\/]+)?[\\/](lib[\\/])?typescript\.js$/.test(file);
}

/** Whether a module file is Arborist's (its entry point or any of its own modules). */
export function isArboristFile(file: string): boolean {
    return /[\\/]@npmcli[\\/]arborist[\\/]/.test(file);
}

/** Whether the compiler has been loaded (by the SDK's shim or anything else). */
export function sdkCompilerLoaded(): boolean {
    return Object.keys(require.cache).some(isCompilerFile);
}
