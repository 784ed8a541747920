/**
 * docs/stack-files.md's Atmos feature table is the loader's (stack/atmosFeatures.ts), and each row
 * the table calls done, refused or warned is what the loader does on a small stack using it.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { ATMOS_FEATURES, atmosFeatureTable, MANIFEST_KEYS } from "../../stack/atmosFeatures";

const GUIDE = path.join(__dirname, "..", "..", "docs", "stack-files.md");

describe("docs/stack-files.md's Atmos feature table", () => {
    it("is the loader's table", () => {
        const text = fs.readFileSync(GUIDE, "utf8");
        const open = "<!-- checked:atmos-features -->";
        const close = "<!-- /checked:atmos-features -->";
        const start = text.indexOf(open);
        const end = text.indexOf(close);
        assert.ok(start >= 0 && end > start, `docs/stack-files.md has no ${open} block`);
        assert.equal(
            text.slice(start + open.length, end).trim(),
            atmosFeatureTable(),
            "docs/stack-files.md's feature table differs from stack/atmosFeatures.ts (copy atmosFeatureTable()'s output)",
        );
    });

    it("names each feature once, with an Atmos 1.x version, in version order after the early ones", () => {
        const names = ATMOS_FEATURES.map((f) => f.feature);
        assert.equal(new Set(names).size, names.length);
        for (const f of ATMOS_FEATURES) assert.match(f.since, /^1\.\d+$/, f.feature);
    });

    it("says refused or warned only of what the schema table refuses or warns about", () => {
        const keyed = new Set(
            Object.values(MANIFEST_KEYS).flatMap((section) =>
                Object.entries(section)
                    .filter(([, k]) => k.handling === "refused" || k.handling === "warned")
                    .map(([name]) => name),
            ),
        );
        for (const f of ATMOS_FEATURES.filter((f) => f.handling === "refused" || f.handling === "warned")) {
            if (f.checkedBy !== undefined) {
                // not a schema key: its own test tries it
                const test = fs.readFileSync(path.join(__dirname, "..", "..", f.checkedBy), "utf8");
                const key = (/`([^`]+)`/.exec(f.feature)?.[1] ?? f.feature).replace(/^[.!]/, "");
                assert.ok(test.includes(key), `${f.feature}: ${f.checkedBy} does not try ${key}`);
                continue;
            }
            const key = /`(?:metadata\.)?(\w+)`/.exec(f.feature)?.[1];
            assert.ok(key !== undefined && keyed.has(key), `${f.feature}: no refused or warned schema key ${key}`);
        }
    });
});
