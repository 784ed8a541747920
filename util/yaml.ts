/**
 * The `yaml` package, loaded when a stack file, atmos.yaml or template first needs it rather than
 * when the package is imported: a program that only creates components never loads it (about 70
 * modules; see the import cost in `npm run bench`).
 */
import type * as Yaml from "yaml";

let loaded: typeof Yaml | undefined;

/** The `yaml` module, required on first use. */
export function yaml(): typeof Yaml {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred on purpose (see above)
    loaded ??= require("yaml") as typeof Yaml;
    return loaded;
}
