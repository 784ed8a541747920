/**
 * `npm run schema:update`: writes the plugin's schema (provider/schema.ts) to api/cloudposse.schema.json, the reviewed
 * snapshot tests/provider/provider.test.ts compares with. Its version is a placeholder: the plugin serves the package's own.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";
import { SNAPSHOT_VERSION, SCHEMA_SNAPSHOT } from "../tests/helpers/schemaSnapshot";
import { packageSchema } from "../provider/schema";

async function main(): Promise<void> {
    const file = path.join(__dirname, "..", SCHEMA_SNAPSHOT);
    const options = (await prettier.resolveConfig(file)) ?? {};
    const text = await prettier.format(JSON.stringify(packageSchema(SNAPSHOT_VERSION)), { ...options, filepath: file });
    const before = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
    if (text !== before) {
        fs.writeFileSync(file, text);
        process.stdout.write(`${SCHEMA_SNAPSHOT}: updated; review the change and commit it\n`);
    } else {
        process.stdout.write(`${SCHEMA_SNAPSHOT}: up to date\n`);
    }
}

main().catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exitCode = 1;
});
