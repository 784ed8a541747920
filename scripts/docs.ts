/**
 * `npm run docs`: writes what derives from the component list into the README and the guides (the tables between
 * their `<!-- generated:NAME -->` markers, docs/languages.md's example program in every language) and package.json's
 * keywords. `npm test` fails while they differ.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { generatedBlocks, withGeneratedBlocks } from "../components/kit/reference";
import { exampleBlocks } from "../provider/examples";
import { packageKeywords } from "../components/kit/componentLists";

const root = path.join(__dirname, "..");
for (const [file, blocks] of [...generatedBlocks(), ...exampleBlocks()]) {
    const full = path.join(root, file);
    const before = fs.readFileSync(full, "utf8");
    const after = withGeneratedBlocks(file, before, blocks);
    if (after !== before) {
        fs.writeFileSync(full, after);
        process.stdout.write(`${file}: reference tables updated\n`);
    } else {
        process.stdout.write(`${file}: reference tables up to date\n`);
    }
}

// package.json's keywords: the package's own, then the components' (as npm and prettier write package.json).
const manifestFile = path.join(root, "package.json");
const manifest = fs.readFileSync(manifestFile, "utf8");
const parsed = JSON.parse(manifest) as { keywords?: string[] };
parsed.keywords = packageKeywords();
const written = `${JSON.stringify(parsed, null, 2)}\n`;
if (written !== manifest) fs.writeFileSync(manifestFile, written);
process.stdout.write(`package.json: keywords ${written !== manifest ? "updated" : "up to date"}\n`);
