/**
 * The links of the package's documentation, and which of them do not resolve. Pure: it reads the
 * files it is given (path from the package's root -> text) and nothing else.
 *
 * - Markdown (README.md, docs/**\/*.md): every `[text](target)` outside code. A relative target
 *   resolves from the file's directory and must be one of the files; a `#fragment` must name a
 *   heading of the target (GitHub's anchors) or an `id`/`name` written in it. An absolute URL must
 *   be `https:` (a public page).
 * - Declarations (`.d.ts`): inside comments, Markdown links, `{@link ...}` and `@see` targets that
 *   are URLs or paths, and every mention of a Markdown file (`docs/migrating.md`). TSDoc is read
 *   by people holding the installed package, so these paths are read from the package's root.
 */

/** A link that does not resolve. */
export interface BrokenLink {
    /** The file the link is written in. */
    readonly file: string;
    /** The target as written. */
    readonly target: string;
    /** Why it does not resolve. */
    readonly reason: string;
}

/** The text with fenced code blocks and inline code blanked (lengths kept). */
function withoutCode(markdown: string): string {
    const blank = (text: string) => text.replace(/[^\n]/g, " ");
    return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, blank).replace(/(`+)[^`\n][\s\S]*?\1/g, blank);
}

/** GitHub's anchor of a heading's text: lower case, punctuation dropped, spaces as `-`. */
export function headingAnchor(text: string): string {
    return text
        .replace(/<[^>]*>/g, "")
        .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
        .replace(/\s/g, "-");
}

/** Every anchor a Markdown file defines: its headings' (with GitHub's `-1`, `-2` for repeats) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
    const anchors = new Set<string>();
    const seen = new Map<string, number>();
    const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
    for (const match of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
        const base = headingAnchor(match[1]);
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of text.matchAll(/<[a-z]+[^>]*\s(?:id|name)="([^"]+)"/gi)) anchors.add(match[1]);
    return anchors;
}

/** `target` resolved from `directory` ("" for the root), or undefined when it leaves the package. */
function resolvePath(directory: string, target: string): string | undefined {
    const parts = directory === "" ? [] : directory.split("/");
    for (const segment of target.split("/")) {
        if (segment === "" || segment === ".") continue;
        if (segment === "..") {
            if (parts.length === 0) return undefined;
            parts.pop();
        } else {
            parts.push(segment);
        }
    }
    return parts.join("/");
}

function directoryOf(file: string): string {
    const slash = file.lastIndexOf("/");
    return slash < 0 ? "" : file.slice(0, slash);
}

function checkTarget(
    files: ReadonlyMap<string, string>,
    file: string,
    base: string,
    target: string,
    anchorCache: Map<string, Set<string>>,
): string | undefined {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
        return /^https:\/\/[^/\s]+\.[^/\s]+/i.test(target) || /^mailto:/i.test(target)
            ? undefined
            : "an absolute link must be an https: URL of a public page";
    }
    const hash = target.indexOf("#");
    const pathPart = decodeURI(hash < 0 ? target : target.slice(0, hash));
    const fragment = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const resolved = pathPart === "" ? file : resolvePath(base, pathPart);
    if (resolved === undefined) return "leaves the package";
    const isDirectory = [...files.keys()].some((f) => f.startsWith(`${resolved}/`));
    if (!files.has(resolved)) {
        return isDirectory ? undefined : `no file ${resolved} in the package`;
    }
    if (fragment !== undefined && resolved.endsWith(".md")) {
        let anchors = anchorCache.get(resolved);
        if (anchors === undefined) {
            anchors = anchorsOf(files.get(resolved) ?? "");
            anchorCache.set(resolved, anchors);
        }
        if (!anchors.has(fragment)) return `no heading or id "${fragment}" in ${resolved}`;
    }
    return undefined;
}

/** The link targets written in a Markdown text, outside code. */
export function markdownTargets(markdown: string): string[] {
    const text = withoutCode(markdown);
    const targets: string[] = [];
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]);
    for (const match of text.matchAll(/<a\s[^>]*href="([^"]+)"/gi)) targets.push(match[1]);
    return targets;
}

/** The link targets and file mentions written in the comments of a declaration file. */
export function declarationTargets(declarations: string): string[] {
    const comments = [...declarations.matchAll(/\/\*\*?[\s\S]*?\*\/|\/\/[^\n]*/g)].map((m) => m[0]).join("\n");
    const targets: string[] = [];
    for (const match of comments.matchAll(/\]\(([^)\s]+)\)/g)) targets.push(match[1]);
    for (const match of comments.matchAll(/\{@link\s+([^}\s|]+)/g)) {
        if (/[/:]|\.md\b/.test(match[1])) targets.push(match[1]);
    }
    for (const match of comments.matchAll(/@see\s+(\S+)/g)) {
        if (/[/:]|\.md\b/.test(match[1])) targets.push(match[1]);
    }
    for (const match of comments.matchAll(/(?<![\w/:.-])((?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.md)(#[\w-]+)?\b/g)) {
        targets.push(match[1] + (match[2] ?? ""));
    }
    return [...new Set(targets.map((t) => t.replace(/[.,;:]+$/, "")))];
}

/** Every link of `files` (Markdown and `.d.ts`) that does not resolve within `files`. */
export function brokenLinks(files: ReadonlyMap<string, string>): BrokenLink[] {
    const broken: BrokenLink[] = [];
    const anchorCache = new Map<string, Set<string>>();
    for (const [file, text] of files) {
        let targets: string[];
        let base: string;
        if (file.endsWith(".md")) {
            targets = markdownTargets(text);
            base = directoryOf(file);
        } else if (file.endsWith(".d.ts")) {
            targets = declarationTargets(text);
            base = "";
        } else {
            continue;
        }
        for (const target of targets) {
            const reason = checkTarget(files, file, base, target, anchorCache);
            if (reason !== undefined) broken.push({ file, target, reason });
        }
    }
    return broken;
}
