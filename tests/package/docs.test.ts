/**
 * The documentation stays true to the code and findable: the README is a landing page, the guides
 * under docs/ hold the reference tables generated from the component definitions, and every link
 * between them resolves. tests/package/docs.slow.test.ts checks the same links in the packed tarball (with
 * the declarations' TSDoc) and compiles the TypeScript snippets against it.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import {
    generatedBlocks,
    guideOf,
    labelArgList,
    STACK_FILES_GUIDE,
    withGeneratedBlocks,
} from "../../components/kit/reference";
import { COMPONENT_DEFINITIONS } from "../../components/registry";
import { exampleBlocks } from "../../provider/examples";
import { COMPONENT_SCHEMAS } from "../../stack/schema";
import { anchorsOf, brokenLinks, declarationTargets, headingAnchor } from "../helpers/links";

const ROOT = path.join(__dirname, "..", "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const readme = read("README.md");
const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;

/**
 * The API reference, generated (scripts/apiDocs.js), in neither git nor the tarball: the release
 * workflow publishes it to GitHub Pages. `npm run docs:api` may have left a preview here.
 */
const API_REFERENCE = "docs/api";

/** README.md and every guide under docs/ (but the generated API reference), by path from the root. */
function docFiles(): Map<string, string> {
    const files = new Map<string, string>([["README.md", readme]]);
    const walk = (dir: string) => {
        for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
            const file = `${dir}/${entry.name}`;
            if (file === API_REFERENCE) continue;
            if (entry.isDirectory()) walk(file);
            else if (entry.name.endsWith(".md")) files.set(file, read(file));
        }
    };
    walk("docs");
    return files;
}

describe("README", () => {
    it("is a landing page of at most 400 lines", () => {
        assert.ok(readme.split("\n").length <= 400, `README.md has ${readme.split("\n").length} lines`);
    });

    it("names every component, with its class and a link to its guide, in the table that opens it", () => {
        const missing = COMPONENT_DEFINITIONS.filter((d) => {
            const row = readme
                .split("\n")
                .find((line) => line.startsWith(`| \`${d.path}\` | \`${d.typeToken.split(":")[2]}\` |`));
            return row === undefined || !row.includes(`](${guideOf(d)})`);
        }).map((d) => d.path);
        assert.deepEqual(missing, []);
    });

    it("gives the development quick start: install and run the main job, then the tests and the slow tier", () => {
        const block = /## Development\n[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme);
        assert.ok(block, "a sh block under Development");
        const commands = block[1]
            .split("\n")
            .map((line) => line.replace(/#.*/, "").trim())
            .filter((line) => line !== "");
        assert.deepEqual(commands, ["npm ci && npm start", "npm test", "npm run test:slow"]);
        assert.match(scripts.start, /synth.*examples\/stack\.yaml/);
        assert.ok(fs.existsSync(path.join(ROOT, "examples", "stack.yaml")));
    });
});

describe("the guides", () => {
    it("hold the reference tables generated from the component definitions (npm run docs)", () => {
        const stale = [...generatedBlocks()]
            .filter(([file, blocks]) => withGeneratedBlocks(file, read(file), blocks) !== read(file))
            .map(([file]) => file);
        assert.deepEqual(stale, [], "the generated tables differ from the definitions: run npm run docs");
        // docs/languages.md's example program, in every language, from each component's own example.
        const examples = [...exampleBlocks()]
            .filter(([file, blocks]) => withGeneratedBlocks(file, read(file), blocks) !== read(file))
            .map(([file]) => file);
        assert.deepEqual(examples, [], "the example programs differ from the components' examples: run npm run docs");
    });

    it("list every label argument, in order, once in each component's guide", () => {
        for (const definition of COMPONENT_DEFINITIONS) {
            const flowing = read(guideOf(definition)).replace(/\s+/g, " ");
            assert.equal(
                flowing.split(`null-label context argument: ${labelArgList()}.`).length - 1,
                1,
                `${guideOf(definition)}: one sentence listing the label arguments, as npm run docs's tables leave them out`,
            );
        }
    });

    for (const schema of Object.values(COMPONENT_SCHEMAS)) {
        it(`document every var of ${schema.path} with its argument (${STACK_FILES_GUIDE})`, () => {
            const guide = read(STACK_FILES_GUIDE);
            const missing = Object.entries(schema.vars)
                .filter(([name, spec]) => !guide.includes(`| \`${name}\` | \`${spec.arg}\` |`))
                .map(([name]) => name);
            assert.deepEqual(missing, []);
        });

        it(`document every output of ${schema.path} in its guide`, () => {
            const definition = COMPONENT_DEFINITIONS.find((d) => d.path === schema.path);
            assert.ok(definition);
            const guide = read(guideOf(definition));
            const missing = Object.keys(schema.outputs).filter((output) => !guide.includes(`| \`${output}\` |`));
            assert.deepEqual(missing, []);
        });

        it(`name the original var each alias of ${schema.path} replaces`, () => {
            const guide = read(STACK_FILES_GUIDE);
            for (const [original, replacement] of Object.entries(schema.aliases)) {
                assert.ok(guide.includes(`| \`${original}\` | \`${replacement}\` |`), original);
            }
        });
    }

    it("only mention npm scripts that exist (README, guides, CONTRIBUTING.md)", () => {
        const texts = [...docFiles().values(), read("CONTRIBUTING.md")];
        const mentioned = texts.flatMap((text) => [...text.matchAll(/npm run ([a-z0-9:-]+)/g)].map((m) => m[1]));
        assert.ok(mentioned.length > 0);
        assert.deepEqual([...new Set(mentioned.filter((name) => !(name in scripts)))], []);
    });

    it("link only to files and headings that exist", () => {
        assert.deepEqual(
            brokenLinks(new Map([...docFiles(), ["CHANGELOG.md", read("CHANGELOG.md")]])).map(
                (b) => `${b.file} -> ${b.target}: ${b.reason}`,
            ),
            [],
        );
    });
});

describe("the link checker", () => {
    const files = (entries: Record<string, string>) => new Map(Object.entries(entries));
    const targets = (entries: Record<string, string>) =>
        brokenLinks(files(entries)).map((b) => `${b.file} -> ${b.target}: ${b.reason}`);

    it("takes GitHub's anchors of headings, repeats numbered", () => {
        assert.equal(headingAnchor("The Pulumi CLI: 3.226.0 or later"), "the-pulumi-cli-32260-or-later");
        assert.equal(headingAnchor("Label (`label/`): null-label 0.25.0"), "label-label-null-label-0250");
        assert.equal(headingAnchor("`EventBridge`: an EventBridge rule"), "eventbridge-an-eventbridge-rule");
        assert.deepEqual([...anchorsOf('# A\n## A\n```\n# Not a heading\n```\n<a id="x"></a>')], ["a", "a-1", "x"]);
    });

    it("refuses a missing file, a missing heading, an http: link and a path leaving the package", () => {
        assert.deepEqual(
            targets({
                "README.md": "[a](docs/a.md) [b](docs/b.md) [c](docs/a.md#nope) [d](http://example.com) [e](../x.md)",
                "docs/a.md": "# Title\n[back](../README.md) [self](#title) [top](#nope) [ok](https://example.com/x)",
            }),
            [
                "README.md -> docs/b.md: no file docs/b.md in the package",
                'README.md -> docs/a.md#nope: no heading or id "nope" in docs/a.md',
                "README.md -> http://example.com: an absolute link must be an https: URL of a public page",
                "README.md -> ../x.md: leaves the package",
                'docs/a.md -> #nope: no heading or id "nope" in docs/a.md',
            ],
        );
    });

    it("ignores links inside code", () => {
        assert.deepEqual(targets({ "README.md": "`[a](x.md)`\n```md\n[b](y.md)\n```\n" }), []);
    });

    it("reads the mentions of Markdown files in declarations' comments from the package's root", () => {
        const dts =
            '/** See docs/migrating.md and MIGRATING.md; {@link LogsPolicyScope}, {@link https://a.b/c}. */\nexport declare const x = "docs/no.md";';
        assert.deepEqual(declarationTargets(dts), ["https://a.b/c", "docs/migrating.md", "MIGRATING.md"]);
        assert.deepEqual(
            brokenLinks(files({ "dist/a.d.ts": dts, "docs/migrating.md": "# M" })).map((b) => b.target),
            ["MIGRATING.md"],
        );
    });
});

describe("install commands in the docs (trial findings 5 and 9)", () => {
    it("docs/testing.md pins typescript and ts-node inside @pulumi/pulumi's peer ranges (unpinned, npm took typescript 7)", () => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the installed SDK's own peer ranges
        const peers = (require("@pulumi/pulumi/package.json") as { peerDependencies: Record<string, string> })
            .peerDependencies;
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- npm's range arithmetic
        const semver = require("semver") as { subset(a: string, b: string): boolean };
        const line = /^npm install --save-dev (.*)$/m.exec(read("docs/testing.md"))?.[1];
        assert.ok(line !== undefined, "docs/testing.md has no npm install --save-dev line");
        const specs = new Map(
            [...line.matchAll(/"([^"]+)"|(\S+)/g)].map((m) => {
                const spec = m[1] ?? m[2];
                const at = spec.lastIndexOf("@");
                return [spec.slice(0, at), spec.slice(at + 1)] as const;
            }),
        );
        for (const name of ["typescript", "ts-node"]) {
            const range = specs.get(name);
            assert.ok(range !== undefined && range !== "", `${name} is not pinned in: ${line}`);
            assert.ok(semver.subset(range, peers[name]), `${name}@${range} is not within ${peers[name]}`);
        }
    });

    it("README names the package for npx, never a bare npx cloudposse-synth fetch", () => {
        assert.match(readme, /npx -p pulumi-cloudposse-components cloudposse-synth/);
        // `--` ends npm's own options: without it npm 11 reads synth's flags (`--atmos-stack`) as its config.
        assert.match(readme, /npx --no -- cloudposse-synth/);
    });
});
