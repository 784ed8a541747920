/**
 * The lists of components outside the generated tables derive from the component list (components/kit/componentLists.ts):
 * package.json's keywords (written by npm run docs), the plugin schema's keywords and description, and docs/migrating.md's
 * table of what tf-adopt adopts; and the prose that used to name the components one by one names none.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { adoptionTable, declaredChecksTable, packageKeywords } from "../../components/kit/componentLists";
import { declaredOptIns, optInFlag } from "../../components/kit/deploymentGuards";
import type { ComponentDefinition } from "../../components/kit/definition";
import { COMPONENT_DEFINITIONS } from "../../components/registry";
import { packageSchema } from "../../provider/schema";

const ROOT = path.join(__dirname, "..", "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

describe("the lists of components, from the component list", () => {
    it("gives package.json the keywords npm run docs writes: the package's, then each component path's segments", () => {
        const manifest = JSON.parse(read("package.json")) as { keywords: string[]; description: string };
        assert.deepEqual(manifest.keywords, packageKeywords(), "run npm run docs");
        for (const definition of COMPONENT_DEFINITIONS) {
            for (const segment of definition.path.split("/")) assert.ok(manifest.keywords.includes(segment), segment);
        }
    });

    it("takes a new component into the keywords, the schema and the adoption table without a hand edit", () => {
        const widget = { ...COMPONENT_DEFINITIONS[0], path: "fixture/widget" } as ComponentDefinition;
        assert.deepEqual(packageKeywords([widget]).slice(-2), ["fixture", "widget"]);
        const schema = packageSchema("1.0.0", [widget], []);
        assert.ok(schema.keywords.includes("widget"));
        assert.match(schema.description, /\(fixture\/widget\)/);
        // A component without adoption rules has no row; one with them has its vars by their stack-file names.
        assert.doesNotMatch(adoptionTable([widget]), /fixture\/widget/);
        const adopting = adoptionTable(
            [widget],
            new Map([
                [
                    "fixture/widget",
                    {
                        adoption: {
                            adopts: [{ what: "SNS topic", type: "aws_sns_topic" }],
                            adoptionArgs: ["enabled"],
                            names: () => ({}),
                            read: () => ({ sections: {}, used: [], problems: [] }),
                            steps: () => ({ adoptables: [], notes: [] }),
                        },
                    },
                ],
            ]),
        );
        assert.match(adopting, /\| `fixture\/widget` \| SNS topic \(`aws_sns_topic`\) \| `enabled` \|/);
    });

    it("lists in docs/lifecycle.md each check a component declares, with its opt-in and synth flag", () => {
        const table = declaredChecksTable();
        assert.ok(read("docs/lifecycle.md").includes(table), "run npm run docs");
        const keys = declaredOptIns(COMPONENT_DEFINITIONS);
        assert.ok(keys.length > 0);
        for (const key of keys) {
            assert.ok(table.includes(`pulumi config set ${key} '<instance>'`), key);
            assert.ok(table.includes(`(synth: \`${optInFlag(key)}\`)`), key);
        }
    });

    it("names no component in the prose that lists them for the reader (README, validation.md, testing.md)", () => {
        const names = COMPONENT_DEFINITIONS.map((d) => guideOfPath(d.path));
        const readmeIntro = read("README.md").split("<!-- generated:components -->")[0];
        const documentation = /## Documentation\n([\s\S]*?)\n## /.exec(read("README.md"))?.[1] ?? "";
        const validation = read("docs/validation.md");
        for (const guide of names) {
            assert.doesNotMatch(readmeIntro, new RegExp(guide), "README's opening");
            assert.ok(!documentation.includes(`(docs/${guide})`), `README's Documentation lists ${guide}`);
            assert.ok(!validation.includes(`](${guide}`), `validation.md links ${guide}`);
        }
        assert.doesNotMatch(JSON.parse(read("package.json")).description as string, /EventBridge|Grafana/);
    });
});

/** A component's guide file name (`eventbridge.md`). */
function guideOfPath(componentPath: string): string {
    return `${componentPath.split("/").pop()}.md`;
}
