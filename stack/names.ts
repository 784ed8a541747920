/**
 * Atmos stack names (cloudposse/atmos `internal/exec/describe_stacks_component_processor.go`):
 * the manifest's own `name:` (after imports), else `stacks.name_template` (a Go template over the
 * component's sections), else `stacks.name_pattern` (`{namespace}-{tenant}-{environment}-{stage}`
 * tokens from vars), else the manifest's path under the stacks base path without `.yaml`/`.yml`.
 * (`name_template` is rendered by the loader with the Go template engine of `gotemplate/`.)
 */
import * as nodePath from "node:path";

const PATTERN_TOKENS = ["namespace", "tenant", "environment", "stage"];

/**
 * A `name_pattern` applied to vars: `{tenant}-{environment}-{stage}` split on `-`; only the four
 * context tokens count (string vars only), other parts are dropped. Undefined when a token's var
 * is missing (Atmos then falls back to the file name).
 */
export function applyNamePattern(pattern: string, vars: Readonly<Record<string, unknown>>): string | undefined {
    const parts: string[] = [];
    for (const part of pattern.split("-")) {
        const match = /^\{(\w+)\}$/.exec(part);
        if (!match || !PATTERN_TOKENS.includes(match[1])) continue;
        const value = vars[match[1]];
        if (typeof value !== "string" || value === "") return undefined;
        parts.push(value);
    }
    return parts.length === 0 ? undefined : parts.join("-");
}

/**
 * Why {@link applyNamePattern} gives no name, in words for a warning: the first token whose var is
 * missing, empty or not a string (as Atmos's GetContextPrefix reports it), or no token at all.
 */
export function namePatternFailure(pattern: string, vars: Readonly<Record<string, unknown>>): string {
    for (const part of pattern.split("-")) {
        const match = /^\{(\w+)\}$/.exec(part);
        if (!match || !PATTERN_TOKENS.includes(match[1])) continue;
        const value = vars[match[1]];
        if (value === undefined || value === null || value === "") {
            return `it names {${match[1]}}, but the stack has no ${match[1]} var`;
        }
        if (typeof value !== "string") return `it names {${match[1]}}, but the stack's ${match[1]} var is not a string`;
    }
    return `it names none of ${PATTERN_TOKENS.map((token) => `{${token}}`).join(", ")}`;
}

/** The default stack name: the manifest's path under the stacks base path, without `.yaml`/`.yml`. */
export function fileStackName(manifest: string, stacksBasePath: string): string {
    const relative = nodePath.relative(stacksBasePath, manifest).split(nodePath.sep).join("/");
    const name = relative.startsWith("..") ? nodePath.basename(manifest) : relative;
    return name.replace(/\.ya?ml$/, "");
}
