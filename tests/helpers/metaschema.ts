/** Pulumi's package metaschema (tests/fixtures/pulumi-schema, with its provenance) as a validator. */
import * as fs from "node:fs";
import * as path from "node:path";
import Ajv2020 from "ajv/dist/2020";

/** The metaschema's copy. */
export const METASCHEMA = path.join(__dirname, "..", "fixtures", "pulumi-schema", "pulumi.json");

/** The metaschema validator (formats the metaschema names, checked as Pulumi's Go code reads them). */
export function metaschemaValidator() {
    const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
    ajv.addFormat("regex", (text: string) => {
        try {
            new RegExp(text, "u");
            return true;
        } catch {
            return false;
        }
    });
    ajv.addFormat("uri-reference", (text: string) => {
        try {
            new URL(text, "https://example.com/");
            return true;
        } catch {
            return false;
        }
    });
    return ajv.compile(JSON.parse(fs.readFileSync(METASCHEMA, "utf8")) as object);
}
