/**
 * Every production file opens with a comment saying what it is, in a few lines (the guide's rule); the reasoning
 * behind a file goes to CONTRIBUTING.md's "Design notes".
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..", "..");

/** The folders of production code, and the root's index.ts. */
const PRODUCTION = [
    "util",
    "label",
    "event-pattern",
    "gotemplate",
    "sdk",
    "components",
    "stack",
    "provider",
    "program",
    "migrate",
    "bin",
    "testing",
    "plugin",
    "scripts",
];

/** Longest opening comment, in lines, its `/**` and `*\/` lines included. */
const MAX_LINES = 5;

/** Files not checked yet, with the reason; remove an entry when its reason is gone. */
const NOT_YET: Readonly<Record<string, string>> = {};

function productionFiles(): string[] {
    const files = ["index.ts"];
    const walk = (dir: string) => {
        for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
            const file = `${dir}/${entry.name}`;
            if (entry.isDirectory()) walk(file);
            else if (/\.(ts|js)$/.test(file) && !file.endsWith(".d.ts")) files.push(file);
        }
    };
    for (const top of PRODUCTION) walk(top);
    return files.sort();
}

/**
 * The number of lines of the comment a text opens with (after a `#!` line), or undefined when it opens with
 * something else: one block comment, or a run of `//` lines.
 */
function openingCommentLines(text: string): number | undefined {
    const lines = text.split("\n");
    const start = lines[0]?.startsWith("#!") ? 1 : 0;
    const first = lines[start]?.trim() ?? "";
    if (first.startsWith("/*")) {
        const end = lines.findIndex((line, i) => i >= start && line.includes("*/"));
        return end < 0 ? undefined : end - start + 1;
    }
    if (first.startsWith("//")) {
        let end = start;
        while (lines[end + 1]?.trim().startsWith("//")) end++;
        return end - start + 1;
    }
    return undefined;
}

describe("production files' opening comments", () => {
    it("measures a block comment, a run of // lines, after a #! line, and nothing else", () => {
        assert.equal(openingCommentLines("/** One line. */\nexport {};\n"), 1);
        assert.equal(openingCommentLines("/**\n * What it is.\n */\n/** Doc of x. */\nconst x = 1;\n"), 3);
        assert.equal(openingCommentLines("#!/usr/bin/env node\n// a\n// b\n\n// c\n"), 2);
        assert.equal(openingCommentLines("import * as fs from 'node:fs';\n/** Late. */\n"), undefined);
        assert.equal(openingCommentLines("\n/** After a blank line. */\n"), undefined);
    });

    it(`each opens with a comment of at most ${MAX_LINES} lines saying what it is`, () => {
        const files = productionFiles();
        assert.ok(files.length > 100, `found only ${files.length} production files`);
        const offenders = files
            .filter((file) => !(file in NOT_YET))
            .map((file) => ({ file, lines: openingCommentLines(fs.readFileSync(path.join(ROOT, file), "utf8")) }))
            .filter(({ lines }) => lines === undefined || lines > MAX_LINES)
            .map(({ file, lines }) => `${file}: ${lines === undefined ? "no opening comment" : `${lines} lines`}`);
        assert.deepEqual(offenders, [], "move the reasoning to CONTRIBUTING.md's Design notes");
    });

    it("skips only files that exist", () => {
        for (const file of Object.keys(NOT_YET)) assert.ok(fs.existsSync(path.join(ROOT, file)), file);
    });
});
