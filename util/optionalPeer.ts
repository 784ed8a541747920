/**
 * Loading an optional peer dependency on first use, with an error that says how to install it.
 */

/** Loads a module by name (Node's `require`, or a stand-in in tests). */
export type ModuleLoader = (name: string) => unknown;

/**
 * Loads `name`, an optional peer dependency. When the package itself is not installed, throws an
 * error naming `who` (the caller), the package, the supported `range` and the command to install it;
 * any other failure (a broken install, an error inside the package) is rethrown as it is.
 */
export function loadOptionalPeer<T>(name: string, range: string, who: string, load: ModuleLoader): T {
    try {
        return load(name) as T;
    } catch (error) {
        const e = error as NodeJS.ErrnoException;
        // Node says MODULE_NOT_FOUND for a missing dependency of the package too: only the package's
        // own absence is the case this error explains.
        if (e?.code === "MODULE_NOT_FOUND" && String(e.message).includes(`'${name}'`)) {
            throw new Error(
                `${who}: needs the optional peer dependency ${name} (${range}), which is not installed; ` +
                    `install it beside this package: npm install '${name}@${range}'`,
                { cause: error },
            );
        }
        throw error;
    }
}
