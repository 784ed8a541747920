/**
 * Atmos's `!include` and `!include.raw` (`pkg/utils/yaml_include_by_extension.go`): a local
 * file inlined where the tag is written, parsed by its extension (`.yaml`/`.yml`, `.json`,
 * `.hcl`/`.tf`/`.tfvars` as HCL attributes, `.env` as dotenv; anything else is text), or as text
 * with `.raw`. An optional yq path (`!include file.yaml .a.b`) selects part of it.
 *
 * Paths: `./` or `../` relative to the manifest that includes; otherwise relative to the working
 * directory if the file exists there, else to the Atmos base path. Remote sources (`https://`,
 * `git::`, `s3::`...) are refused by name.
 */
import * as fs from "node:fs";
import * as nodePath from "node:path";
import { yaml } from "../util/yaml";
import { makeProblem, type StackFileProblem } from "./errors";
import { plainToNode } from "./evaluate";
import type { Location, TreeNode } from "./tree";
import { followPath, parseYqPath, splitArguments, YamlFunctionError } from "./yamlFunctions";

/** Where `!include` looks for files. */
export interface IncludeContext {
    /** The manifest holding the tag. */
    readonly file: string;
    /** The working directory. @default process.cwd() */
    readonly cwd?: string;
    /** The Atmos base path. @default cwd */
    readonly basePath?: string;
    /** Reads a file. @default fs.readFileSync(path, "utf8") */
    readonly readFile?: (path: string) => string;
    /** Whether a file exists. @default fs.existsSync */
    readonly exists?: (path: string) => boolean;
}

const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|[a-z0-9]+::)/i;

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
    const parts = splitArguments(args);
    if (parts.length < 1 || parts.length > 2) {
        throw new YamlFunctionError(tag, `${tag} takes a file and an optional yq query, got ${JSON.stringify(args)}`);
    }
    const file = resolveIncludePath(parts[0], context);
    let text: string;
    try {
        text = (context.readFile ?? ((p: string) => fs.readFileSync(p, "utf8")))(file);
    } catch (e) {
        const code = (e as { code?: string }).code;
        throw new YamlFunctionError(
            tag,
            `${tag} ${parts[0]}: ${code === "ENOENT" ? `file ${file} not found` : `cannot read ${file}: ${(e as Error).message}`}`,
        );
    }
    if (raw) {
        if (parts.length === 2) throw new YamlFunctionError(tag, `!include.raw takes no query`);
        return text;
    }
    const value = parseByExtension(text, file, tag);
    return parts.length === 2 ? (followPath(value, parseYqPath(parts[1], tag)) ?? null) : value;
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

function parseByExtension(text: string, file: string, tag: string): unknown {
    const ext = includeExtension(file);
    try {
        switch (ext) {
            case ".yaml":
            case ".yml":
                return yaml().parse(text) ?? null;
            case ".json":
                return JSON.parse(text);
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
        throw new YamlFunctionError(tag, `${tag} ${file}: ${(e as Error).message}`);
    }
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
        out[m[1]] = v;
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
            out[key] = this.value();
        }
    }

    private identifier(): string {
        const m = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(this.s.slice(this.i));
        if (!m) this.fail(`expected an attribute name`);
        this.i += m![0].length;
        return m![0];
    }

    private value(): unknown {
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
                out[key] = this.value();
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
            const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length));
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
        if (e instanceof YamlFunctionError) return { problem: makeProblem("YAML_FUNCTION", loc, e.message) };
        throw e;
    }
}
