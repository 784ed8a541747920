/**
 * Text from a user's file or a Terraform state, made safe to print: every character that could move the cursor,
 * recolour or clear the terminal, reorder what is shown or start a new line is written as an escape. One rule for
 * every message, warning, `--list-stacks` row and tf-adopt line. Pure.
 */

/**
 * The characters {@link escapeText} rewrites: C0 controls (newline, tab, ESC, NUL, ...), DEL, C1
 * controls (U+0080-U+009F, CSI among them), the bidirectional overrides, embeddings and isolates
 * (U+202A-U+202E, U+2066-U+2069), the directional marks (U+200E, U+200F, U+061C), the line and
 * paragraph separators (U+2028, U+2029) and the invisible byte-order mark (U+FEFF).
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** The escape written for one unsafe character: `\n`, `\r`, `\t`, else `\u001b`. */
function escapeChar(char: string): string {
    return NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * `text` with every unsafe character escaped (`\n`, `\t`, `\u001b`, `\u202e`): the result is one
 * line that shows what the file holds and changes nothing on the terminal.
 */
export function escapeText(text: string): string {
    return text.replace(UNSAFE, escapeChar);
}

/**
 * A message that may span lines (one problem per line) made safe to print: unsafe characters
 * escaped as by {@link escapeText}, except the newlines between lines.
 */
export function escapeLines(text: string): string {
    return text
        .split("\n")
        .map((line) => escapeText(line))
        .join("\n");
}

/** True when `text` holds a character {@link escapeText} would rewrite. */
export function hasUnsafeText(text: string): boolean {
    UNSAFE.lastIndex = 0;
    const found = UNSAFE.test(text);
    UNSAFE.lastIndex = 0;
    return found;
}

const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * JSON text (as `JSON.stringify` writes it, which escapes C0 controls already) with the other
 * unsafe characters written as `\uXXXX` escapes: the same JSON value, safe to print.
 */
export function escapeJsonText(json: string): string {
    return json.replace(UNSAFE_IN_JSON, escapeChar);
}
