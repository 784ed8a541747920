/**
 * Atmos's `!include` and `!include.raw`: a local file inlined where the tag is written, parsed by its extension,
 * optionally narrowed by a yq path. Path rules: the contributors' Design notes.
 */
import * as fs from "node:fs";
import * as nodePath from "node:path";
import { makeProblem, type StackFileProblem } from "./errors";
import { readProblemText, readTextFileBounded } from "./files";
import { MAX_NESTING, MAX_STRING_LENGTH } from "./limits";
import { parseYamlTree, plainToNode, toPlain, type IncludeTag, type Location, type TreeNode } from "./tree";
import { argumentTokens, followPath, parseYqPath, unquoteArgument, YamlFunctionError } from "./yamlFunctions";
import { setOwn } from "../util/objects";

/** Where `!include` looks for files. */
export interface IncludeContext {
    /** The manifest holding the tag. */
    readonly file: string;
    /** The working directory. @default process.cwd() */
    readonly cwd?: string;
    /** The Atmos base path. @default cwd */
    readonly basePath?: string;
    /** Reads a file. @default a regular file of at most 1 MiB, as UTF-8 (`readTextFileBounded`) */
    readonly readFile?: (path: string) => string;
    /** Whether a file exists. @default fs.existsSync */
    readonly exists?: (path: string) => boolean;
    /**
     * Why the file at a path may not be read (outside the repository, a loop of symbolic links),
     * or undefined when it may. @default every file may be read
     */
    readonly refusal?: (path: string) => string | undefined;
}

const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|[a-z0-9]+::)/i;

/** An `!include` of a file the load may not read (outside the repository, a loop of links). */
export class IncludeRefusedError extends YamlFunctionError {}

/** Resolves the file an `!include` names. */
export function resolveIncludePath(target: string, context: IncludeContext): string {
    if (REMOTE.test(target)) {
        throw new YamlFunctionError(
            "!include",
            `!include ${target}: remote sources are not supported by this port; copy the file into the repository`,
        );
    }
    if (nodePath.isAbsolute(target)) return target;
    if (target.startsWith("./") || target.startsWith("../"))
        return nodePath.join(nodePath.dirname(context.file), target);
    const cwd = context.cwd ?? process.cwd();
    const fromCwd = nodePath.resolve(cwd, target);
    if ((context.exists ?? fs.existsSync)(fromCwd)) return fromCwd;
    return nodePath.resolve(context.basePath ?? cwd, target);
}

/**
 * Evaluates `!include` (or `!include.raw` when `raw`) with its argument text (`path [query]`).
 * Throws a {@link YamlFunctionError}.
 */
export function evaluateInclude(args: string, raw: boolean, context: IncludeContext): unknown {
    const tag = raw ? "!include.raw" : "!include";
    const parts = includeArguments(args, tag);
    if (parts === undefined) {
        throw new YamlFunctionError(tag, `${tag} takes a file and an optional yq query, got ${JSON.stringify(args)}`);
    }
    const file = resolveIncludePath(parts[0], context);
    const refused = context.refusal?.(file);
    if (refused !== undefined) throw new IncludeRefusedError(tag, `${tag} ${parts[0]}: ${refused}`);
    let text: string;
    try {
        text = (context.readFile ?? ((p: string) => readTextFileBounded(p)))(file);
    } catch (e) {
        throw new YamlFunctionError(tag, `${tag} ${parts[0]}: ${readProblemText(e, file)}`);
    }
    if (raw) {
        if (parts.length === 2) throw new YamlFunctionError(tag, `!include.raw takes no query`);
        if (text.includes("\0")) throw new YamlFunctionError(tag, `${tag} ${file}: ${NUL_REFUSED}`);
        if (text.length > MAX_STRING_LENGTH) {
            throw new YamlFunctionError(
                tag,
                `${tag} ${file}: ${text.length.toLocaleString("en-US")} characters, more than the ${MAX_STRING_LENGTH.toLocaleString("en-US")} a stack-file value may hold`,
            );
        }
        return text;
    }
    const value = parseByExtension(text, file, tag);
    return parts.length === 2 ? (followPath(value, parseYqPath(parts[1], tag)) ?? null) : value;
}

/**
 * `!include`'s file and yq query as Atmos's parser.ParseInclude splits them (pkg/function/parser/
 * parser.go 278-291, its lexer 79-84, unquote 149-162): the first token is the file, everything from
 * the second token on is the query (`.a | keys` whole), each unquoted. Undefined when empty.
 */
function includeArguments(args: string, tag: string): [string] | [string, string] | undefined {
    const tokens = argumentTokens(args, tag);
    if (tokens.length === 0) return undefined;
    const file = unquoteArgument(tokens[0].value);
    return tokens.length === 1 ? [file] : [file, unquoteArgument(args.slice(tokens[1].start))];
}

/**
 * The extension a file is parsed by, as Atmos's `filetype.GetFileExtension` finds it: lower-cased,
 * `.env` for `.env`, `.env.<name>` and `<name>.env` files, and a known extension written as the
 * whole name (`.json`) counts as that extension.
 */
export function includeExtension(file: string): string {
    const name = nodePath.basename(file).toLowerCase();
    if (name.startsWith(".env.")) return ".env";
    const known = [".json", ".yaml", ".yml", ".hcl", ".tf", ".tfvars", ".env", ".txt", ".md"];
    if (known.includes(name)) return name;
    return nodePath.extname(name);
}

/** The refusal of a NUL in an included value, in the words the stack file's own NUL gets. */
const NUL_REFUSED = "a NUL character (U+0000) in a value is refused";

/**
 * Deepest nesting of lists and maps an included value may have (1,000 levels): deeper JSON, YAML
 * or HCL is refused with the file's name rather than exhausting the stack later.
 */
export const MAX_INCLUDE_NESTING = MAX_NESTING;

/**
 * What makes an included value too large to use, if anything: lists and maps nested deeper than
 * {@link MAX_INCLUDE_NESTING} levels, or a string (or key) longer than {@link MAX_STRING_LENGTH}.
 * Walked without recursion.
 */
export function includedValueProblem(value: unknown): string | undefined {
    // A NUL is refused from an included file as from the stack file's own YAML (tree.ts).
    const stack: [unknown, number][] = [[value, 0]];
    const tooLong = (text: string) =>
        `a string of ${text.length.toLocaleString("en-US")} characters, more than the ${MAX_STRING_LENGTH.toLocaleString("en-US")} a stack-file value may hold`;
    while (stack.length > 0) {
        const [current, depth] = stack.pop()!;
        if (typeof current === "string" && current.length > MAX_STRING_LENGTH) return tooLong(current);
        if (typeof current === "string" && current.includes("\0")) return NUL_REFUSED;
        if (typeof current !== "object" || current === null) continue;
        if (depth >= MAX_INCLUDE_NESTING) {
            return `lists and maps nested deeper than ${MAX_INCLUDE_NESTING.toLocaleString("en-US")} levels`;
        }
        for (const [key, child] of Object.entries(current)) {
            if (key.length > MAX_STRING_LENGTH) return tooLong(key);
            if (key.includes("\0")) return NUL_REFUSED;
            stack.push([child, depth + 1]);
        }
    }
    return undefined;
}

function parseByExtension(text: string, file: string, tag: string): unknown {
    const value = parseText(text, file, tag);
    const problem = includedValueProblem(value);
    if (problem !== undefined) throw new YamlFunctionError(tag, `${tag} ${file}: ${problem}`);
    return value;
}

function parseText(text: string, file: string, tag: string): unknown {
    const ext = includeExtension(file);
    try {
        switch (ext) {
            case ".yaml":
            case ".yml": {
                // The stack files' own parser: the same limits (aliases, keys, characters, string
                // sizes), problems at their line in the included file.
                const parsed = parseYamlTree(text, file);
                if (parsed.problems.length > 0) throw new Error(parsed.problems[0].message);
                return parsed.root === null ? null : toPlain(parsed.root);
            }
            case ".json":
                return parseJson(text);
            case ".hcl":
            case ".tf":
            case ".tfvars":
                return parseHclAttributes(text);
            case ".env":
                return parseDotenv(text);
            default:
                return text;
        }
    } catch (e) {
        if (e instanceof RangeError) {
            // The engine's stack, exhausted by nesting the limits above did not catch first.
            throw new YamlFunctionError(tag, `${tag} ${file}: nested too deeply to read`);
        }
        throw new YamlFunctionError(tag, `${tag} ${file}: ${(e as Error).message}`);
    }
}

/**
 * JSON as `JSON.parse` reads it; a syntax error says where (line and column) but never quotes the
 * file's text (Node's own message holds an excerpt of it).
 */
function parseJson(text: string): unknown {
    try {
        return JSON.parse(text);
    } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
        const at = /at position (\d+)/.exec(error.message);
        const offset = at === null ? jsonErrorOffset(text) : Number(at[1]);
        const before = text.slice(0, offset);
        const line = before.split("\n").length;
        const column = offset - before.lastIndexOf("\n");
        // No cause: Node's message quotes the file's text, which must not reach a message.
        // eslint-disable-next-line preserve-caught-error
        throw new Error(
            offset >= text.length
                ? "invalid JSON: the text ends early"
                : `invalid JSON at line ${line}, column ${column}`,
        );
    }
}

/** Where JSON's syntax first breaks, by a scan of its tokens (for Node's messages that give no position). */
function jsonErrorOffset(text: string): number {
    let i = 0;
    const ws = () => {
        while (i < text.length && " \t\r\n".includes(text[i])) i++;
    };
    const value = (depth: number): boolean => {
        ws();
        if (depth > 10_000) return false;
        const c = text[i];
        if (c === "{" || c === "[") {
            const close = c === "{" ? "}" : "]";
            i++;
            ws();
            if (text[i] === close) return (i++, true);
            for (;;) {
                if (c === "{") {
                    ws();
                    if (text[i] !== '"' || !string()) return false;
                    ws();
                    if (text[i] !== ":") return false;
                    i++;
                }
                if (!value(depth + 1)) return false;
                ws();
                if (text[i] === ",") i++;
                else if (text[i] === close) return (i++, true);
                else return false;
            }
        }
        if (c === '"') return string();
        const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
        if (m === null) return false;
        i += m[0].length;
        return true;
    };
    const string = (): boolean => {
        i++;
        while (i < text.length && text[i] !== '"') {
            if (text[i] === "\\") i++;
            else if (text.charCodeAt(i) < 0x20) return false;
            i++;
        }
        if (i >= text.length) return false;
        i++;
        return true;
    };
    if (value(0)) ws();
    return Math.min(i, text.length);
}

/** A dotenv file as a map (`KEY=value`, `export KEY=value`, quotes removed, `#` comments). */
export function parseDotenv(text: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const line of text.split(/\r?\n/)) {
        const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*?)\s*$/.exec(line);
        if (!m) continue;
        let v = m[2];
        if (/^".*"$/.test(v)) v = v.slice(1, -1).replace(/\\n/g, "\n").replace(/\\"/g, '"');
        else if (/^'.*'$/.test(v)) v = v.slice(1, -1);
        else v = v.replace(/\s+#.*$/, "");
        setOwn(out, m[1], v);
    }
    return out;
}

/**
 * The attributes of an HCL body (a `.tfvars` file) as plain values: strings (no interpolation),
 * heredocs, numbers, bools, null, lists and objects. Blocks and expressions are refused.
 */
export function parseHclAttributes(text: string): Record<string, unknown> {
    const p = new HclParser(text);
    return p.body();
}

class HclParser {
    private i = 0;
    /** Lists and objects open at the current position (refused past MAX_INCLUDE_NESTING). */
    private depth = 0;
    constructor(private readonly s: string) {}

    private fail(msg: string): never {
        const line = this.s.slice(0, this.i).split("\n").length;
        throw new Error(`HCL line ${line}: ${msg}`);
    }

    private skip(newlines: boolean): void {
        for (;;) {
            const c = this.s[this.i];
            if (c === " " || c === "\t" || c === "\r" || (newlines && c === "\n")) this.i++;
            else if (c === "#" || (c === "/" && this.s[this.i + 1] === "/")) {
                while (this.i < this.s.length && this.s[this.i] !== "\n") this.i++;
            } else if (c === "/" && this.s[this.i + 1] === "*") {
                const end = this.s.indexOf("*/", this.i + 2);
                if (end < 0) this.fail("unterminated comment");
                this.i = end + 2;
            } else return;
        }
    }

    body(): Record<string, unknown> {
        const out: Record<string, unknown> = {};
        for (;;) {
            this.skip(true);
            if (this.i >= this.s.length) return out;
            const key = this.identifier();
            this.skip(false);
            if (this.s[this.i] !== "=") this.fail(`${key}: blocks are not supported, only attributes (name = value)`);
            this.i++;
            this.skip(false);
            setOwn(out, key, this.value());
        }
    }

    private identifier(): string {
        const m = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(this.s.slice(this.i));
        if (!m) this.fail(`expected an attribute name`);
        this.i += m![0].length;
        return m![0];
    }

    private value(): unknown {
        if (++this.depth > MAX_INCLUDE_NESTING) {
            this.fail(`lists and objects nested deeper than ${MAX_INCLUDE_NESTING.toLocaleString("en-US")} levels`);
        }
        try {
            return this.literal();
        } finally {
            this.depth--;
        }
    }

    private literal(): unknown {
        this.skip(false);
        const c = this.s[this.i];
        if (c === '"') return this.string();
        if (c === "<" && this.s[this.i + 1] === "<") return this.heredoc();
        if (c === "[") {
            this.i++;
            const out: unknown[] = [];
            for (;;) {
                this.skip(true);
                if (this.s[this.i] === "]") {
                    this.i++;
                    return out;
                }
                out.push(this.value());
                this.skip(true);
                if (this.s[this.i] === ",") this.i++;
                else if (this.s[this.i] !== "]") this.fail("expected , or ] in a list");
            }
        }
        if (c === "{") {
            this.i++;
            const out: Record<string, unknown> = {};
            for (;;) {
                this.skip(true);
                if (this.s[this.i] === "}") {
                    this.i++;
                    return out;
                }
                const key = this.s[this.i] === '"' ? this.string() : this.identifier();
                this.skip(false);
                if (this.s[this.i] !== "=" && this.s[this.i] !== ":") this.fail(`expected = or : after ${key}`);
                this.i++;
                setOwn(out, key, this.value());
                this.skip(false);
                if (this.s[this.i] === ",") this.i++;
            }
        }
        const m = /^(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)\b/.exec(this.s.slice(this.i));
        if (m) {
            this.i += m[0].length;
            return m[0] === "true" ? true : m[0] === "false" ? false : m[0] === "null" ? null : Number(m[0]);
        }
        return this.fail(`expressions are not supported, only literal values`);
    }

    private string(): string {
        let out = "";
        this.i++;
        while (this.i < this.s.length && this.s[this.i] !== '"') {
            const c = this.s[this.i];
            if (c === "\\") {
                const e = this.s[this.i + 1];
                const map: Record<string, string> = { n: "\n", t: "\t", r: "\r", '"': '"', "\\": "\\" };
                if (e === "u") {
                    out += String.fromCharCode(parseInt(this.s.slice(this.i + 2, this.i + 6), 16));
                    this.i += 6;
                    continue;
                }
                out += map[e] ?? e;
                this.i += 2;
                continue;
            }
            if ((c === "$" || c === "%") && this.s[this.i + 1] === c && this.s[this.i + 2] === "{") {
                // `$${` is a literal `${`, `%%{` a literal `%{`
                out += `${c}{`;
                this.i += 3;
                continue;
            }
            if ((c === "$" || c === "%") && this.s[this.i + 1] === "{")
                this.fail("string interpolation is not supported");
            if (c === "\n") this.fail("unterminated string");
            out += c;
            this.i++;
        }
        this.i++;
        return out;
    }

    private heredoc(): string {
        const m = /^<<(-?)([A-Za-z_][A-Za-z0-9_]*)\r?\n/.exec(this.s.slice(this.i));
        if (!m) this.fail("bad heredoc");
        this.i += m![0].length;
        const lines: string[] = [];
        for (;;) {
            if (this.i >= this.s.length) this.fail("unterminated heredoc");
            const end = this.s.indexOf("\n", this.i);
            const line = this.s.slice(this.i, end < 0 ? this.s.length : end);
            this.i = end < 0 ? this.s.length : end + 1;
            if (line.trim() === m![2]) break;
            lines.push(line);
        }
        if (m![1] === "-") {
            // A loop, not Math.min(...lines): a spread of 300,000 lines exhausts the stack.
            let indent = Infinity;
            for (const l of lines) if (l.trim()) indent = Math.min(indent, /^[ \t]*/.exec(l)![0].length);
            return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join("\n") + "\n";
        }
        return lines.join("\n") + "\n";
    }
}

/**
 * The tree an `!include` tag stands for, at the tag's location (for a parser that meets the tag):
 * the included value as nodes, or a problem naming the tag, the file and the line.
 * `context.file` is the manifest's path on disk (`loc.file` may be a display name).
 */
export function includeNode(
    args: string,
    raw: boolean,
    loc: Location,
    context: IncludeContext,
): { readonly node: TreeNode } | { readonly problem: StackFileProblem } {
    try {
        return { node: plainToNode(evaluateInclude(args, raw, context), loc) };
    } catch (e) {
        if (e instanceof YamlFunctionError) {
            return {
                problem: makeProblem(
                    e instanceof IncludeRefusedError ? "OUTSIDE_REPOSITORY" : "YAML_FUNCTION",
                    loc,
                    e.message,
                ),
            };
        }
        throw e;
    }
}

/** The `!include` tags of a manifest, for {@link parseYamlTree}: each read through `context`. */
export function includeTags(context: IncludeContext): IncludeTag {
    return (args, raw, loc) => includeNode(args, raw, loc, context);
}
