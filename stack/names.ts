/**
 * Atmos stack names: the manifest's `name:`, else `stacks.name_template`, else `stacks.name_pattern`, else the path
 * under the stacks base path (cloudposse/atmos `internal/exec/describe_stacks_component_processor.go`).
 */
import * as nodePath from "node:path";
import { escapeText, hasUnsafeText } from "../util/terminalText";
import { climbsOut } from "./confine";

export { instanceProjectName } from "../components/kit/deployTime";

/** The tokens of a `name_pattern` that count (each the var of that name). */
export const PATTERN_TOKENS: readonly string[] = ["namespace", "tenant", "environment", "stage"];

const tokenCache = new Map<string, readonly string[]>();

/** The tokens of a `name_pattern` that count, in order (a pattern is split once per process). */
function patternTokens(pattern: string): readonly string[] {
    let tokens = tokenCache.get(pattern);
    if (tokens === undefined) {
        tokens = pattern
            .split("-")
            .map((part) => /^\{(\w+)\}$/.exec(part)?.[1])
            .filter((token): token is string => token !== undefined && PATTERN_TOKENS.includes(token));
        if (tokenCache.size < 100) tokenCache.set(pattern, tokens);
    }
    return tokens;
}

/**
 * A `name_pattern` applied to vars, as Atmos's GetContextPrefix: `{tenant}-{environment}-{stage}`
 * split on `-`; only the four context tokens count (string vars only), other parts are dropped.
 * Gives the name, or why there is none (Atmos then falls back to the file name): the first token
 * whose var is missing, empty or not a string, or no token at all.
 */
export function readNamePattern(
    pattern: string,
    vars: Readonly<Record<string, unknown>>,
): { readonly name: string } | { readonly failure: string } {
    const parts: string[] = [];
    for (const token of patternTokens(pattern)) {
        const value = vars[token];
        if (value === undefined || value === null || value === "") {
            return { failure: `it names {${token}}, but the stack has no ${token} var` };
        }
        if (typeof value !== "string")
            return { failure: `it names {${token}}, but the stack's ${token} var is not a string` };
        parts.push(value);
    }
    return parts.length > 0
        ? { name: parts.join("-") }
        : { failure: `it names none of ${PATTERN_TOKENS.map((token) => `{${token}}`).join(", ")}` };
}

/** The default stack name: the manifest's path under the stacks base path, without `.yaml`/`.yml`. */
export function fileStackName(manifest: string, stacksBasePath: string): string {
    const relative = nodePath.relative(stacksBasePath, manifest).split(nodePath.sep).join("/");
    const name = climbsOut(relative) ? nodePath.basename(manifest) : relative;
    return name.replace(/\.ya?ml$/, "");
}

/** What Pulumi allows in a project, stack or organization name: letters, digits, `-`, `_`, `.`; 1 to 100 characters. */
const PULUMI_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Why `value` cannot be a Pulumi `kind` name (`stack`, `project`, `organization`), or undefined
 * when it can: letters, digits, `-`, `_` and `.` only, at most 100 characters, and not `.` or
 * `..`. A `/` (which would make `a/b/c` another organization's stack), a newline or an escape
 * character is refused rather than passed on to a stack reference.
 */
export function pulumiNameProblem(kind: "stack" | "project" | "organization", value: string): string | undefined {
    if (PULUMI_NAME.test(value) && value !== "." && value !== "..") return undefined;
    return `${kind} name ${JSON.stringify(value)} is not a Pulumi ${kind} name: use 1 to 100 letters, digits, "-", "_" or "." (no "/", spaces or control characters)`;
}

/**
 * Why a stack name the plan derives (the stack's Atmos name, from `name_template`, `name_pattern`
 * or the manifest's path) cannot stand for the Pulumi stack, or undefined when it can: a control,
 * bidi or line-separator character, or a `.`/`..` path segment, is refused (Atmos's path names,
 * `orgs/acme/ue2-prod`, are kept).
 */
export function derivedStackNameProblem(name: string): string | undefined {
    const badSegment = name.split("/").some((segment) => segment === "." || segment === "..");
    if (!hasUnsafeText(name) && !badSegment && name.length <= 1000) return undefined;
    return `the stack's name ${escapeText(JSON.stringify(name))} cannot name a Pulumi stack (no control characters, newlines or "." and ".." segments); give one with --stack NAME`;
}
