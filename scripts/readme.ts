/**
 * `npm run readme`: writes the reference tables generated from the component definitions into
 * README.md (between its `<!-- generated:NAME -->` markers). `npm test` fails while they differ.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { readmeBlocks, withReadmeBlocks } from "../components/reference";

const file = path.join(__dirname, "..", "README.md");
const before = fs.readFileSync(file, "utf8");
const after = withReadmeBlocks(before, readmeBlocks());
if (after !== before) {
    fs.writeFileSync(file, after);
    process.stdout.write("README.md: reference tables updated\n");
} else {
    process.stdout.write("README.md: reference tables up to date\n");
}
