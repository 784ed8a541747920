/**
 * Limits on what a stack file may hold, so that any input ends in bounded time and memory with a
 * located message (docs/security.md lists every limit and its message). A leaf module: the
 * parser (tree.ts) and `!include` (include.ts), which import each other, both read it.
 */

/**
 * Longest string (a scalar, a key, an included text) a stack file may hold: 262,144 characters.
 * No AWS name, description or pattern comes near it (an event pattern is at most 4,096 bytes).
 */
export const MAX_STRING_LENGTH = 256 * 1024;

/**
 * Longest text parsed as one file, in characters: 1,048,576, as the size cap of a file read
 * (stack/files.ts); it also bounds text given directly (`parseStack`, a `readFile` option).
 */
export const MAX_TEXT_LENGTH = 1024 * 1024;

/**
 * Deepest nesting of lists and maps in a stack file or an included file (1,000 levels; an alias
 * counts as what it stands for). Real stack files nest about ten deep.
 */
export const MAX_NESTING = 1000;

/**
 * Most bases one instance's `metadata.inherits` (and deprecated `component:`) may lead to, each
 * counted as often as Atmos merges it (ProcessBaseComponentConfig keeps repeats): 1,000. Real
 * chains are a few deep; a base inherited twice by each of 30 bases would be met a billion times.
 */
export const MAX_INHERITED_BASES = 1000;
