/**
 * The documentation as npm users get it: the package packed once per test run and installed into a
 * temporary project (tests/helpers/packed.ts, shared with the other files of the slow tier). There,
 * every relative link of the README, the guides and the declarations' TSDoc must resolve inside
 * the tarball, and the README's and the guides' TypeScript snippets must compile against the
 * installed package, as a user's program would (tsc, strict, Node 16 module resolution, so the
 * package's `exports` map decides what can be imported).
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { ROOT } from "../helpers/compiled";
import { brokenLinks } from "../helpers/links";
import { compiledInProject, installedProject } from "../helpers/packed";
import { awaitedLater, startBeforeTests } from "../helpers/processes";

/**
 * The marker written on the line before a snippet that needs the `inputs` branch (issue 24:
 * Inputs, the optional region, the `/testing` subpath). Such a snippet must still fail to compile
 * here; once it compiles, the marker goes (the lead removes it after merging that branch).
 */
const PENDING_MARKER = "<!-- snippet: needs the inputs branch (issue 24) -->";

/** One TypeScript snippet of the packed documentation. */
interface Snippet {
    /** `<guide>#<n>`: the file it is in (from the package's root) and its rank there, from 1. */
    readonly id: string;
    readonly code: string;
    readonly pending: boolean;
    /**
     * The file of a project it is, when the line before names it (ending in `` `test/index.test.ts`: ``):
     * a file of docs/testing.md's project, compiled and run there under its own tsconfig.json by
     * tests/package/testingGuide.slow.test.ts, not here.
     */
    readonly file?: string;
}

/** The ```ts blocks of a Markdown text. */
function snippetsOf(file: string, markdown: string): Snippet[] {
    const snippets: Snippet[] = [];
    for (const match of markdown.matchAll(/^```(?:ts|typescript)\n([\s\S]*?)^```$/gm)) {
        const before = markdown.slice(0, match.index).trimEnd().split("\n").pop() ?? "";
        const named = /`([\w./-]+\.ts)`:$/.exec(before.trim());
        snippets.push({
            id: `${file}#${snippets.length + 1}`,
            code: match[1],
            pending: before.trim() === PENDING_MARKER,
            ...(named !== null ? { file: named[1] } : {}),
        });
    }
    return snippets;
}

/** Every file under `dir`, by path relative to it with `/` separators. */
function filesUnder(dir: string): string[] {
    return fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/** What the tarball holds and what tsc said of its snippets. */
interface PackedDocs {
    /** README.md, docs/**\/*.md and every .d.ts, by path in the tarball. */
    readonly files: Map<string, string>;
    readonly snippets: Snippet[];
    /** tsc's errors, by snippet id. */
    readonly errors: Map<string, string[]>;
}

const started = startBeforeTests((): Promise<PackedDocs> => {
    // The snippets are the packed ones, but the working tree's are the same files: they are asked
    // for compilation now, to share the one tsc run (tests/helpers/packed.ts).
    const snippets = [README, ...guides()].flatMap((file) =>
        snippetsOf(file, fs.readFileSync(path.join(ROOT, file), "utf8")),
    );
    const names = new Map<string, Snippet>(
        snippets.flatMap((snippet, i) => (snippet.file === undefined ? [[`s${i}.ts`, snippet] as const] : [])),
    );
    const compiled = compiledInProject(
        "docs-snippets",
        Object.fromEntries([...names].map(([name, snippet]) => [name, snippet.code])),
    );
    const shape = (list: readonly Snippet[]) =>
        list
            .map((s) => [s.id, s.code, s.pending, s.file ?? ""])
            .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    return awaitedLater(
        installedProject().then(async (project) => {
            const packed = readPacked(path.join(project, "node_modules", "pulumi-cloudposse-components"));
            assert.deepEqual(
                shape(packed.snippets),
                shape(snippets),
                "the packed README's and guides' snippets are the working tree's",
            );
            const { errors } = await compiled;
            const byId = new Map([...errors].map(([name, found]) => [names.get(name)?.id ?? name, [...found]]));
            return { files: packed.files, snippets: packed.snippets, errors: byId };
        }),
    );
});

/** The README and the guides (docs/**\/*.md but the API reference), as the package ships them. */
const README = "README.md";
function guides(): string[] {
    return filesUnder(path.join(ROOT, "docs"))
        .filter((file) => file.endsWith(".md") && !file.startsWith("api/"))
        .map((file) => `docs/${file}`);
}

/** The documentation files of the unpacked package, and the snippets of its Markdown files. */
function readPacked(installed: string): { files: Map<string, string>; snippets: Snippet[] } {
    const files = new Map<string, string>();
    for (const file of filesUnder(installed)) {
        if (/^(README\.md|CHANGELOG\.md|docs\/.*\.md)$/.test(file) || file.endsWith(".d.ts")) {
            files.set(file, fs.readFileSync(path.join(installed, file), "utf8"));
        }
    }
    const snippets = [...files]
        .filter(([file]) => file.endsWith(".md") && !file.startsWith("docs/api/"))
        .flatMap(([file, text]) => snippetsOf(file, text));
    return { files, snippets };
}

describe("the packed documentation", function () {
    this.timeout(180_000);

    it("ships the README, the CHANGELOG and the guides, and not the API reference (GitHub Pages serves it)", async () => {
        const { files } = await started();
        for (const expected of [
            "README.md",
            "CHANGELOG.md",
            "docs/eventbridge.md",
            "docs/api-key.md",
            "docs/migrating.md",
        ]) {
            assert.ok(files.has(expected), `${expected} missing from the tarball`);
        }
        assert.deepEqual(
            [...files.keys()].filter((file) => file.startsWith("docs/api/")),
            [],
        );
    });

    it("has no relative link, in the README, the CHANGELOG, the guides or the declarations, that leaves the tarball or misses", async () => {
        const { files } = await started();
        assert.deepEqual(
            brokenLinks(files).map((b) => `${b.file} -> ${b.target}: ${b.reason}`),
            [],
        );
    });

    it("has TypeScript snippets that compile against the installed package", async () => {
        const { snippets, errors } = await started();
        assert.ok(snippets.filter((s) => !s.pending).length >= 5, "the README's and the guides' snippets");
        // The files of a project are those of docs/testing.md, which its own test runs.
        assert.deepEqual(
            snippets.filter((s) => s.file !== undefined && !s.id.startsWith("docs/testing.md#")).map((s) => s.id),
            [],
        );
        assert.deepEqual(
            snippets
                .filter((s) => !s.pending && s.file === undefined && errors.has(s.id))
                .map((s) => [s.id, errors.get(s.id)]),
            [],
        );
    });

    it("marks as needing the inputs branch only snippets that do not compile yet (remove the marker once they do)", async () => {
        const { snippets, errors } = await started();
        assert.deepEqual(
            snippets.filter((s) => s.pending && !errors.has(s.id)).map((s) => s.id),
            [],
        );
    });
});
