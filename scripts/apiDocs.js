/**
 * `node scripts/apiDocs.js [out]`: writes the API reference (default docs/api/, never committed) from api-extractor's
 * doc model with @microsoft/api-documenter, rebuilding dist/ first when stale. `npm pack` runs it (`prepack`).
 */
"use strict";
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { ensureBuilt } = require("./staleness");

const root = path.resolve(__dirname, "..");

/**
 * Writes the doc model of the package's main entry into `dir`, without comparing or writing the API
 * report (`npm run api` checks that). The TSDoc here writes defaults as `@default` (the JSDoc tag
 * IDEs show); api-documenter knows TSDoc's `@defaultValue` only, so the model says that instead.
 */
function writeModel(dir) {
    const { Extractor, ExtractorConfig } = require("@microsoft/api-extractor");
    const configFile = path.join(root, "api-extractor.json");
    const configObject = ExtractorConfig.loadFile(configFile);
    configObject.apiReport = { ...configObject.apiReport, enabled: false };
    const model = path.join(dir, "pulumi-cloudposse-components.api.json");
    configObject.docModel = { enabled: true, apiJsonFilePath: model };
    const config = ExtractorConfig.prepare({
        configObject,
        configObjectFullPath: configFile,
        packageJsonFullPath: path.join(root, "package.json"),
    });
    const result = Extractor.invoke(config, { localBuild: false, messageCallback: (m) => (m.handled = true) });
    // Warnings (an unresolved {@link}) are the API report's concern (npm run api); errors stop here.
    if (result.errorCount > 0 || !fs.existsSync(model)) throw new Error("api-extractor could not write the doc model");
    fs.writeFileSync(model, fs.readFileSync(model, "utf8").replace(/@default(?![A-Za-z])/g, "@defaultValue"));
}

function main() {
    const out = path.resolve(root, process.argv[2] ?? path.join("docs", "api"));
    ensureBuilt(root);
    const input = fs.mkdtempSync(path.join(os.tmpdir(), "api-model-"));
    try {
        writeModel(input);
        const bin = path.join(root, "node_modules", "@microsoft", "api-documenter", "bin", "api-documenter");
        execFileSync(process.execPath, [bin, "markdown", "-i", input, "-o", out], { stdio: "ignore" });
    } finally {
        fs.rmSync(input, { recursive: true, force: true });
    }
    const pages = fs.readdirSync(out).filter((f) => f.endsWith(".md")).length;
    process.stdout.write(`${path.relative(root, out) || "."}: ${pages} pages of API reference written\n`);
}

main();
