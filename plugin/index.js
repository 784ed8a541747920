// The component plugin's entry point. `@pulumi/pulumi/cmd/run-plugin` requires this folder: it finds
// no component class here (so the SDK's schema analyzer does not run) and calls the exported
// function, which starts the provider of ../dist/provider (its schema derived from the component
// definitions) and prints its port. ../dist is the installed package's, or the one install.js
// built in a clone of the repository.
"use strict";
const path = require("node:path");

module.exports = function startPlugin() {
    const { version } = require(path.join(__dirname, "..", "package.json"));
    return require(path.join(__dirname, "..", "dist", "provider", "provider.js")).serve(version, process.argv.slice(2));
};
