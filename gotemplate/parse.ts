/**
 * The parser of Go's `text/template` language (Go 1.23): actions, trimming, comments, pipelines and control
 * structures. An unknown function is an error when parsed, as in Go.
 */
import { TemplateError } from "./errors";
import { isPrintable, quoteGo } from "./fmt";
import { TEMPLATE_LIMITS, TemplateLimitExceeded } from "./limits";

/** One argument of a command (Go's parse node kinds). */
export type Arg = { pos: number } & (
    | { kind: "field"; names: string[]; text: string } // .a.b
    | { kind: "variable"; name: string; names: string[]; text: string } // $x.a.b
    | { kind: "dot"; text: string }
    | { kind: "nil"; text: string }
    | { kind: "bool"; value: boolean; text: string }
    | { kind: "number"; value: number; isFloat: boolean; isChar: boolean; text: string }
    | { kind: "string"; value: string; text: string }
    | { kind: "identifier"; name: string; text: string } // a function
    | { kind: "pipe"; pipe: Pipe; text: string } // ( ... )
    | { kind: "chain"; node: Arg; names: string[]; text: string }
); // (x).a.b, fn.a

export interface Command {
    args: Arg[];
    pos: number;
    text: string;
}

export interface Pipe {
    decl: string[];
    isAssign: boolean;
    cmds: Command[];
    pos: number;
    text: string;
}

export type Node =
    | { kind: "text"; text: string }
    | { kind: "action"; pipe: Pipe; pos: number }
    | { kind: "if" | "with"; pipe: Pipe; list: Node[]; elseList: Node[] | null; pos: number }
    | { kind: "range"; pipe: Pipe; list: Node[]; elseList: Node[] | null; pos: number }
    | { kind: "template"; name: string; pipe: Pipe | null; pos: number }
    | { kind: "break" | "continue"; pos: number };

export interface ParseOptions {
    /** Left and right delimiters. @default ["{{", "}}"] */
    delims?: [string, string];
    /** Whether a function name is known (checked at parse time, as Go does). */
    isFunction: (name: string) => boolean;
}

export interface ParsedTemplate {
    /** The root list. */
    root: Node[];
    /** Templates defined with `define` or `block`, by name. */
    defined: Map<string, Node[]>;
}

type Tok =
    | { t: "space" }
    | { t: "field"; v: string; pos: number }
    | { t: "var"; v: string; pos: number }
    | { t: "dot"; pos: number }
    | { t: "ident"; v: string; pos: number }
    | { t: "string"; v: string; raw: string; pos: number }
    | { t: "number"; v: number; isFloat: boolean; isChar: boolean; raw: string; pos: number }
    | { t: "pipe"; pos: number }
    | { t: "lparen"; pos: number }
    | { t: "rparen"; pos: number }
    | { t: "declare"; pos: number }
    | { t: "assign"; pos: number }
    | { t: "comma"; pos: number }
    | { t: "eof"; pos: number };

const KEYWORDS = new Set(["if", "else", "end", "range", "with", "define", "template", "block", "break", "continue"]);
const SPACE = /[ \t\r\n]/;

function isSpace(c: string | undefined): boolean {
    return c !== undefined && SPACE.test(c);
}

/** Line number (1-based) of an offset. */
export function lineOf(src: string, pos: number): number {
    let n = 1;
    for (let i = 0; i < pos && i < src.length; i++) if (src.charCodeAt(i) === 10) n++;
    return n;
}

/** Column (1-based, in characters) of an offset. */
export function colOf(src: string, pos: number): number {
    const nl = src.lastIndexOf("\n", pos - 1);
    return pos - nl;
}

interface Action {
    toks: Tok[];
    pos: number;
    text: string;
}

type Piece = { kind: "text"; text: string } | { kind: "action"; action: Action } | { kind: "comment" };

/** Go's strconv.Unquote for a double-quoted string literal (without the quotes). */
export function unquoteGo(body: string, fail: (msg: string) => never): string {
    let out = "";
    const bytes: number[] = [];
    const flush = () => {
        if (bytes.length) {
            out += Buffer.from(bytes).toString("utf8");
            bytes.length = 0;
        }
    };
    for (let i = 0; i < body.length; i++) {
        const c = body[i];
        if (c !== "\\") {
            flush();
            out += c;
            continue;
        }
        const e = body[++i];
        const simple: Record<string, string> = {
            a: "\x07",
            b: "\b",
            f: "\f",
            n: "\n",
            r: "\r",
            t: "\t",
            v: "\v",
            "\\": "\\",
            '"': '"',
            "'": "'",
        };
        if (e in simple) {
            if (e === "'") fail("invalid syntax");
            flush();
            out += simple[e];
        } else if (e === "x") {
            const h = body.slice(i + 1, i + 3);
            if (!/^[0-9a-fA-F]{2}$/.test(h)) fail("invalid syntax");
            bytes.push(parseInt(h, 16));
            i += 2;
        } else if (e >= "0" && e <= "7") {
            const o = body.slice(i, i + 3);
            if (!/^[0-7]{3}$/.test(o) || parseInt(o, 8) > 255) fail("invalid syntax");
            bytes.push(parseInt(o, 8));
            i += 2;
        } else if (e === "u" || e === "U") {
            const n = e === "u" ? 4 : 8;
            const h = body.slice(i + 1, i + 1 + n);
            if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(h)) fail("invalid syntax");
            const cp = parseInt(h, 16);
            if (cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) fail("invalid syntax");
            flush();
            out += String.fromCodePoint(cp);
            i += n;
        } else {
            fail("invalid syntax");
        }
    }
    flush();
    return out;
}

/** Parses a Go number literal (ints in any base, floats, with `_` separators). */
function parseNumber(raw: string): { v: number; isFloat: boolean } | null {
    let s = raw.replace(/_/g, "");
    let sign = 1;
    if (s.startsWith("+")) s = s.slice(1);
    else if (s.startsWith("-")) {
        sign = -1;
        s = s.slice(1);
    }
    if (/^0[xX][0-9a-fA-F]+$/.test(s)) return { v: sign * parseInt(s.slice(2), 16), isFloat: false };
    if (/^0[oO][0-7]+$/.test(s)) return { v: sign * parseInt(s.slice(2), 8), isFloat: false };
    if (/^0[bB][01]+$/.test(s)) return { v: sign * parseInt(s.slice(2), 2), isFloat: false };
    if (/^0[0-7]+$/.test(s)) return { v: sign * parseInt(s, 8), isFloat: false };
    if (/^(0|[1-9][0-9]*)$/.test(s)) return { v: sign * Number(s), isFloat: false };
    if (/^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(s)) return { v: sign * Number(s), isFloat: true };
    if (/^0[xX][0-9a-fA-F]*\.?[0-9a-fA-F]*[pP][+-]?[0-9]+$/.test(s)) {
        const m = /^0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?[0-9]+)$/.exec(s)!;
        const mant = parseInt(m[1] + m[2] || "0", 16) / Math.pow(16, m[2].length);
        return { v: sign * mant * Math.pow(2, Number(m[3])), isFloat: true };
    }
    return null;
}

class Parser {
    private readonly src: string;
    private readonly name: string;
    private readonly left: string;
    private readonly right: string;
    private readonly isFunction: (name: string) => boolean;
    private pieces: Piece[] = [];
    private idx = 0;
    private vars: string[][] = [];
    private actionToks: Tok[] = [];
    private tokIdx = 0;
    private currentAction: Action | null = null;
    private breakDepth = 0;
    private nesting = 0;
    readonly defined = new Map<string, Node[]>();

    constructor(name: string, src: string, options: ParseOptions) {
        this.name = name;
        this.src = src;
        this.left = options.delims?.[0] || "{{";
        this.right = options.delims?.[1] || "}}";
        this.isFunction = options.isFunction;
    }

    /** Runs `f` one level deeper, refusing nesting past `maxParseDepth` (before the stack runs out). */
    private nested<T>(pos: number, what: string, f: () => T): T {
        if (++this.nesting > TEMPLATE_LIMITS.maxParseDepth) {
            throw new TemplateLimitExceeded(
                `template: ${this.name}:${lineOf(this.src, pos)}: ${what} nested more than ${TEMPLATE_LIMITS.maxParseDepth.toLocaleString("en-US")} levels deep (template limit maxParseDepth)`,
                { template: this.name, line: lineOf(this.src, pos) },
            );
        }
        try {
            return f();
        } finally {
            this.nesting--;
        }
    }

    /** The error for nesting that ran out of stack before `maxParseDepth`, at the action being parsed. */
    tooDeep(): never {
        const pos = this.currentAction?.pos ?? 0;
        throw new TemplateLimitExceeded(
            `template: ${this.name}:${lineOf(this.src, pos)}: blocks or parentheses nested too deeply for the JavaScript stack (template limit maxParseDepth = ${TEMPLATE_LIMITS.maxParseDepth.toLocaleString("en-US")})`,
            { template: this.name, line: lineOf(this.src, pos) },
        );
    }

    fail(pos: number, message: string): never {
        throw new TemplateError(`template: ${this.name}:${lineOf(this.src, pos)}: ${message}`, {
            template: this.name,
            line: lineOf(this.src, pos),
        });
    }

    // ---- lexing --------------------------------------------------------------------------

    private split(): void {
        const { src, left, right } = this;
        let i = 0;
        let pendingText = "";
        let trimNext = false;
        const pushText = (text: string) => {
            if (text) this.pieces.push({ kind: "text", text });
        };
        while (i <= src.length) {
            const at = src.indexOf(left, i);
            let text = at < 0 ? src.slice(i) : src.slice(i, at);
            if (trimNext) text = text.replace(/^[ \t\r\n]+/, "");
            if (at < 0) {
                pushText(pendingText + text);
                break;
            }
            let p = at + left.length;
            // left trim marker: "-" followed by a space
            if (src[p] === "-" && isSpace(src[p + 1])) {
                text = text.replace(/[ \t\r\n]+$/, "");
                p += 2;
            }
            pushText(pendingText + text);
            pendingText = "";
            // comment
            if (src.startsWith("/*", p)) {
                const end = src.indexOf("*/", p + 2);
                if (end < 0) this.fail(at, "unclosed comment");
                let r = end + 2;
                let trim = false;
                if (src[r] === " " || src[r] === "\t" || src[r] === "\r" || src[r] === "\n") {
                    let s = r;
                    while (isSpace(src[s])) s++;
                    if (src[s] === "-" && src.startsWith(right, s + 1)) {
                        trim = true;
                        r = s + 1;
                    }
                }
                if (!src.startsWith(right, r)) this.fail(at, "comment ends before closing delimiter");
                this.pieces.push({ kind: "comment" });
                i = r + right.length;
                trimNext = trim;
                continue;
            }
            const { toks, end, trim } = this.lexAction(p, at);
            this.pieces.push({ kind: "action", action: { toks, pos: at, text: src.slice(p, end).trim() } });
            i = end + right.length;
            trimNext = trim;
        }
    }

    private atRight(p: number): { trim: boolean; end: number } | null {
        const { src, right } = this;
        if (isSpace(src[p]) && src[p + 1] === "-" && src.startsWith(right, p + 2)) return { trim: true, end: p + 2 };
        if (src.startsWith(right, p)) return { trim: false, end: p };
        return null;
    }

    private lexAction(start: number, actionPos: number): { toks: Tok[]; end: number; trim: boolean } {
        const src = this.src;
        const toks: Tok[] = [];
        let p = start;
        let parens = 0;
        for (;;) {
            const r = this.atRight(p);
            if (r && parens > 0) this.fail(actionPos, "unclosed left paren");
            if (r) {
                toks.push({ t: "eof", pos: p });
                return { toks, end: r.end, trim: r.trim };
            }
            if (p >= src.length) this.fail(actionPos, "unclosed action");
            const c = src[p];
            if (isSpace(c)) {
                let q = p;
                while (isSpace(src[q]) && !(parens === 0 && this.atRight(q)?.trim)) q++;
                if (q === p) {
                    // a space that starts a right trim marker
                    const r = this.atRight(p)!;
                    toks.push({ t: "eof", pos: p });
                    return { toks, end: r.end, trim: r.trim };
                }
                toks.push({ t: "space" });
                p = q;
                continue;
            }
            if (c === "|") {
                toks.push({ t: "pipe", pos: p++ });
                continue;
            }
            if (c === "(") {
                parens++;
                toks.push({ t: "lparen", pos: p++ });
                continue;
            }
            if (c === ")") {
                parens--;
                if (parens < 0) this.fail(p, "unexpected right paren");
                toks.push({ t: "rparen", pos: p++ });
                continue;
            }
            if (c === ":" && src[p + 1] === "=") {
                toks.push({ t: "declare", pos: p });
                p += 2;
                continue;
            }
            if (c === "=") {
                toks.push({ t: "assign", pos: p++ });
                continue;
            }
            if (c === ",") {
                toks.push({ t: "comma", pos: p++ });
                continue;
            }
            if (c === '"') {
                let q = p + 1;
                while (q < src.length && src[q] !== '"') {
                    if (src[q] === "\\") q++;
                    if (src[q] === "\n") this.fail(p, "unterminated quoted string");
                    q++;
                }
                if (q >= src.length) this.fail(p, "unterminated quoted string");
                const raw = src.slice(p, q + 1);
                const v = unquoteGo(raw.slice(1, -1), () => this.fail(p, "invalid syntax"));
                toks.push({ t: "string", v, raw, pos: p });
                p = q + 1;
                continue;
            }
            if (c === "`") {
                const q = src.indexOf("`", p + 1);
                if (q < 0) this.fail(p, "unterminated raw quoted string");
                const raw = src.slice(p, q + 1);
                toks.push({ t: "string", v: raw.slice(1, -1).replace(/\r/g, ""), raw, pos: p });
                p = q + 1;
                continue;
            }
            if (c === "'") {
                let q = p + 1;
                while (q < src.length && src[q] !== "'") {
                    if (src[q] === "\\") q++;
                    q++;
                }
                const raw = src.slice(p, q + 1);
                const body = raw.slice(1, -1);
                // as parse's newNumber: strconv.UnquoteChar reads one character (an error is its own),
                // and anything left before the closing quote is malformed
                const v = body.startsWith("\\")
                    ? unquoteGo(body.replace(/^\\'$/, "'"), () => this.fail(p, "invalid syntax"))
                    : body;
                if (!v) this.fail(p, "invalid syntax");
                if ([...v].length !== 1) this.fail(p, `malformed character constant: ${raw}`);
                toks.push({ t: "number", v: v.codePointAt(0)!, isFloat: false, isChar: true, raw, pos: p });
                p = q + 1;
                continue;
            }
            if (c === "$") {
                const m = /^\$[\p{L}_0-9]*/u.exec(src.slice(p))!;
                toks.push({ t: "var", v: m[0], pos: p });
                p += m[0].length;
                continue;
            }
            if (c === ".") {
                if (/[0-9]/.test(src[p + 1] ?? "")) {
                    // a number like .5
                } else {
                    const m = /^\.[\p{L}_][\p{L}_0-9]*/u.exec(src.slice(p));
                    if (m) {
                        toks.push({ t: "field", v: m[0].slice(1), pos: p });
                        p += m[0].length;
                    } else {
                        toks.push({ t: "dot", pos: p++ });
                    }
                    continue;
                }
            }
            if (/[0-9+\-.]/.test(c)) {
                const m =
                    /^[+-]?(0[oObB][0-9_]+|0[xX][0-9a-fA-F_]*\.?[0-9a-fA-F_]*([pP][+-]?[0-9_]+)?|[0-9_]*\.?[0-9_]*([eE][+-]?[0-9_]+)?)(i)?/.exec(
                        src.slice(p),
                    )!;
                const raw = m[0];
                const parsed = raw && !m[m.length - 1] ? parseNumber(raw) : null;
                if (!parsed || /[\p{L}_0-9.]/u.test(src[p + raw.length] ?? "")) {
                    const bad = /^[^ \t\r\n|()]*/.exec(src.slice(p))![0];
                    this.fail(p, `bad number syntax: "${bad}"`);
                }
                toks.push({ t: "number", v: parsed.v, isFloat: parsed.isFloat, isChar: false, raw, pos: p });
                p += raw.length;
                continue;
            }
            const m = /^[\p{L}_][\p{L}_0-9]*/u.exec(src.slice(p));
            if (m) {
                toks.push({ t: "ident", v: m[0], pos: p });
                p += m[0].length;
                continue;
            }
            // Go's lexer passes on printable ASCII as a character the parser does not expect, and
            // refuses anything else, named as %#U prints it
            const ch = String.fromCodePoint(src.codePointAt(p)!);
            if (/^[\x21-\x7e]$/.test(ch)) this.fail(p, `unexpected ${JSON.stringify(ch)} in operand`);
            const code = "U+" + ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
            this.fail(p, `unrecognized character in action: ${code}${isPrintable(ch) ? ` '${ch}'` : ""}`);
        }
    }

    // ---- parsing -------------------------------------------------------------------------

    parse(): ParsedTemplate {
        this.split();
        this.vars = [["$"]];
        const { list, end } = this.itemList(false);
        if (end) this.fail(end.pos, `unexpected {{${end.word}}}`);
        return { root: list, defined: this.defined };
    }

    private itemList(inBlock: boolean): { list: Node[]; end: { word: string; pos: number; action: Action } | null } {
        const list: Node[] = [];
        while (this.idx < this.pieces.length) {
            const piece = this.pieces[this.idx++];
            if (piece.kind === "text") {
                list.push({ kind: "text", text: piece.text });
                continue;
            }
            if (piece.kind === "comment") continue;
            const action = piece.action;
            this.startAction(action);
            const first = this.peekNonSpace();
            if (first.t === "ident" && KEYWORDS.has(first.v)) {
                const word = first.v;
                if (word === "end" || word === "else") {
                    if (!inBlock) this.fail(action.pos, `unexpected {{${word}}}`);
                    return { list, end: { word, pos: action.pos, action } };
                }
                this.nextNonSpace();
                list.push(this.nested(action.pos, "blocks", () => this.control(word, action)));
                continue;
            }
            const pipe = this.pipeline("command", true);
            list.push({ kind: "action", pipe, pos: action.pos });
        }
        if (inBlock) this.fail(this.src.length, "unexpected EOF");
        return { list, end: null };
    }

    private startAction(action: Action): void {
        this.currentAction = action;
        this.actionToks = action.toks;
        this.tokIdx = 0;
    }

    private peek(): Tok {
        return this.actionToks[this.tokIdx];
    }
    private next(): Tok {
        return this.actionToks[this.tokIdx++];
    }
    private peekNonSpace(): Tok {
        while (this.peek().t === "space") this.tokIdx++;
        return this.peek();
    }
    private nextNonSpace(): Tok {
        this.peekNonSpace();
        return this.next();
    }
    private expectEnd(context: string): void {
        const t = this.nextNonSpace();
        if (t.t !== "eof") this.fail(this.posOf(t), `unexpected ${this.describe(t)} in ${context}`);
    }
    private posOf(t: Tok): number {
        return "pos" in t ? t.pos : this.currentAction!.pos;
    }
    private describe(t: Tok): string {
        switch (t.t) {
            case "eof":
                return "right delimiter";
            case "ident":
            case "field":
            case "var":
                return `<${t.t === "field" ? "." : ""}${t.v}>`;
            case "string":
                return `quoted string`;
            case "number":
                return `number`;
            default:
                return `"${t.t}"`;
        }
    }

    private control(word: string, action: Action): Node {
        const pos = action.pos;
        switch (word) {
            case "if":
            case "with":
            case "range":
                return this.branch(word, pos);
            case "template": {
                const t = this.nextNonSpace();
                if (t.t !== "string") this.fail(pos, `unexpected ${this.describe(t)} in template clause`);
                let pipe: Pipe | null = null;
                if (this.peekNonSpace().t !== "eof") pipe = this.pipeline("template", false);
                else this.next();
                return { kind: "template", name: t.v, pipe, pos: t.pos };
            }
            case "block": {
                const t = this.nextNonSpace();
                if (t.t !== "string") this.fail(pos, `unexpected ${this.describe(t)} in block clause`);
                const pipe = this.pipeline("block", false);
                const { list, end } = this.withScope(() => this.itemList(true));
                if (end!.word !== "end") this.fail(end!.pos, "unexpected {{else}}");
                this.startAction(end!.action);
                this.nextNonSpace();
                this.expectEnd("end");
                this.addDefined(t.v, list, pos);
                return { kind: "template", name: t.v, pipe, pos };
            }
            case "define": {
                const t = this.nextNonSpace();
                if (t.t !== "string") this.fail(pos, `unexpected ${this.describe(t)} in define clause`);
                this.expectEnd("define clause");
                const saved = this.vars;
                this.vars = [["$"]];
                const { list, end } = this.itemList(true);
                this.vars = saved;
                if (end!.word !== "end") this.fail(end!.pos, "unexpected {{else}}");
                this.startAction(end!.action);
                this.nextNonSpace();
                this.expectEnd("end");
                this.addDefined(t.v, list, pos);
                return { kind: "text", text: "" };
            }
            case "break":
            case "continue":
                if (this.breakDepth === 0) this.fail(pos, `{{${word}}} outside {{range}}`);
                this.expectEnd(word);
                return { kind: word, pos };
        }
        this.fail(pos, `unexpected ${word}`);
    }

    private addDefined(name: string, list: Node[], pos: number): void {
        const existing = this.defined.get(name);
        const isEmpty = (l: Node[]) => l.every((n) => n.kind === "text" && n.text.trim() === "");
        if (existing && !isEmpty(existing) && !isEmpty(list)) {
            this.fail(pos, `template: multiple definition of template "${name}"`);
        }
        if (!existing || !isEmpty(list)) this.defined.set(name, list);
    }

    private withScope<T>(f: () => T): T {
        this.vars.push([]);
        try {
            return f();
        } finally {
            this.vars.pop();
        }
    }

    private branch(word: "if" | "with" | "range", pos: number): Node {
        return this.withScope(() => {
            const pipe = this.pipeline(word, word === "range" ? "range" : true);
            if (word === "range") this.breakDepth++;
            let { list, end } = this.itemList(true);
            if (word === "range") this.breakDepth--;
            let elseList: Node[] | null = null;
            if (end!.word === "else") {
                this.startAction(end!.action);
                this.nextNonSpace();
                const nt = this.peekNonSpace();
                if (
                    (word === "if" && nt.t === "ident" && nt.v === "if") ||
                    (word === "with" && nt.t === "ident" && nt.v === "with")
                ) {
                    // "else if" / "else with": a nested branch that consumes the final {{end}}
                    this.nextNonSpace();
                    elseList = [this.nested(end!.pos, "blocks", () => this.branch(word, end!.pos))];
                    return { kind: word, pipe, list, elseList, pos };
                }
                this.expectEnd("else");
                const r = this.withScope(() => this.itemList(true));
                if (r.end!.word !== "end") this.fail(r.end!.pos, "expected end; found {{else}}");
                elseList = r.list;
                end = r.end;
            }
            this.startAction(end!.action);
            this.nextNonSpace();
            this.expectEnd("end");
            return { kind: word, pipe, list, elseList, pos };
        });
    }

    private lookupVar(name: string, pos: number): void {
        for (const scope of this.vars) if (scope.includes(name)) return;
        this.fail(pos, `undefined variable "${name}"`);
    }

    /** A pipeline, up to the end of the action (or the closing paren when `context` is "paren"). */
    private pipeline(context: string, allowDecl: boolean | "range"): Pipe {
        const startTok = this.peekNonSpace();
        const pos = this.posOf(startTok);
        const decl: string[] = [];
        let isAssign = false;
        if (allowDecl && startTok.t === "var") {
            const save = this.tokIdx;
            this.next();
            const t2 = this.peekNonSpace();
            if (t2.t === "declare" || t2.t === "assign") {
                this.next();
                decl.push(startTok.v);
                isAssign = t2.t === "assign";
            } else if (t2.t === "comma" && allowDecl === "range") {
                this.next();
                const v2 = this.nextNonSpace();
                if (v2.t !== "var") this.fail(pos, `range can only initialize variables`);
                const t3 = this.nextNonSpace();
                if (t3.t !== "declare" && t3.t !== "assign") this.fail(pos, `range can only initialize variables`);
                decl.push(startTok.v, v2.v);
                isAssign = t3.t === "assign";
            } else {
                this.tokIdx = save;
            }
            if (decl.length) {
                if (isAssign) for (const d of decl) this.lookupVar(d, pos);
                else this.vars[this.vars.length - 1].push(...decl);
            }
        }
        const cmds: Command[] = [];
        for (;;) {
            const t = this.peekNonSpace();
            if (t.t === "eof" || (context === "paren" && t.t === "rparen")) {
                if (context !== "paren") this.next();
                if (!cmds.length) {
                    this.fail(pos, `missing value for ${context === "paren" ? "parenthesized pipeline" : context}`);
                }
                break;
            }
            cmds.push(this.command(context));
            const n = this.peekNonSpace();
            if (n.t === "pipe") this.next();
            else if (n.t === "eof" || (context === "paren" && n.t === "rparen")) continue;
            else this.fail(this.posOf(n), `unexpected ${this.describe(n)} in operand`);
        }
        for (let i = 1; i < cmds.length; i++) {
            const a = cmds[i].args[0];
            if (["bool", "dot", "nil", "number", "string"].includes(a.kind)) {
                this.fail(pos, `non executable command in pipeline stage ${i + 1}`);
            }
        }
        const text =
            (decl.length ? decl.join(", ") + (isAssign ? " = " : " := ") : "") + cmds.map((c) => c.text).join(" | ");
        return { decl, isAssign, cmds, pos, text };
    }

    private command(context: string): Command {
        const args: Arg[] = [];
        const first = this.peekNonSpace();
        const pos = this.posOf(first);
        for (;;) {
            const t = this.peekNonSpace();
            if (t.t === "eof" || t.t === "pipe" || (context === "paren" && t.t === "rparen")) break;
            const before = this.tokIdx;
            args.push(this.operand());
            // operands must be separated by spaces
            const after = this.peek();
            if (after.t !== "space" && after.t !== "eof" && after.t !== "pipe" && after.t !== "rparen") {
                this.fail(this.posOf(after), `unexpected ${this.describe(after)} in operand`);
            }
            if (this.tokIdx === before) break;
        }
        if (!args.length) this.fail(pos, "empty command");
        const text = args.map((a) => a.text).join(" ");
        return { args, pos, text };
    }

    private operand(): Arg {
        const term = this.term();
        const names: string[] = [];
        let pos = term.pos;
        while (this.peek().t === "field") {
            const f = this.next() as { v: string; pos: number };
            names.push(f.v);
            pos = f.pos;
        }
        if (!names.length) return term;
        const text = term.text + names.map((n) => "." + n).join("");
        switch (term.kind) {
            case "field":
                return { kind: "field", names: [...term.names, ...names], text, pos };
            case "variable":
                return { kind: "variable", name: term.name, names: [...term.names, ...names], text, pos };
            case "bool":
            case "string":
            case "number":
            case "nil":
            case "dot":
                return this.fail(this.currentAction!.pos, `unexpected . after term ${quoteGo(term.text)}`);
            default:
                return { kind: "chain", node: term, names, text, pos };
        }
    }

    private term(): Arg {
        const t = this.nextNonSpace();
        const pos = this.posOf(t);
        switch (t.t) {
            case "ident":
                if (t.v === "true" || t.v === "false") return { kind: "bool", value: t.v === "true", text: t.v, pos };
                if (t.v === "nil") return { kind: "nil", text: "nil", pos };
                if (KEYWORDS.has(t.v)) this.fail(t.pos, `unexpected <${t.v}> in operand`);
                if (!this.isFunction(t.v)) this.fail(t.pos, `function "${t.v}" not defined`);
                return { kind: "identifier", name: t.v, text: t.v, pos };
            case "dot":
                return { kind: "dot", text: ".", pos };
            case "field":
                return { kind: "field", names: [t.v], text: "." + t.v, pos };
            case "var": {
                this.lookupVar(t.v, t.pos);
                return { kind: "variable", name: t.v, names: [], text: t.v, pos };
            }
            case "string":
                return { kind: "string", value: t.v, text: t.raw, pos };
            case "number":
                return { kind: "number", value: t.v, isFloat: t.isFloat, isChar: t.isChar, text: t.raw, pos };
            case "lparen": {
                // Go refuses parentheses past 10,000 levels ("max expression depth exceeded")
                const pipe = this.nested(pos, "parentheses", () => this.pipeline("paren", false));
                const close = this.next();
                if (close.t !== "rparen") this.fail(this.posOf(close), "unclosed left paren");
                return { kind: "pipe", pipe, text: `(${pipe.text})`, pos };
            }
        }
        this.fail(this.posOf(t), `unexpected ${this.describe(t)} in operand`);
    }
}

/** Parses template text into a tree. Throws a {@link TemplateError} for a syntax error. */
export function parseTemplate(name: string, text: string, options: ParseOptions): ParsedTemplate {
    const parser = new Parser(name, text, options);
    try {
        return parser.parse();
    } catch (e) {
        // the stack left by the caller may end before maxParseDepth: the same limit, where it was
        if (e instanceof RangeError) parser.tooDeep();
        throw e;
    }
}
