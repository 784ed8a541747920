#!/usr/bin/env bash
# Proves the peer ranges: type-checks the package (sources, not tests) against the OLDEST versions
# its peerDependencies allow, installed into a temporary copy of the project, then synthesizes the
# example stack with them, checks that synth still defers the TypeScript compiler the SDK loads
# (program/deferCompiler.ts) and runs the contract test of sdk/adapter.ts (the SDK behaviour
# it relies on outside the public API) on them. A peer range whose floor lacks an input or option the code uses (e.g.
# LogResourcePolicy.resourceArn, new in @pulumi/aws 7.23) fails here.
#
#   npm run check-floors
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

floor() { # the lowest version of a caret/tilde/>= range: "^7.23.0" -> "7.23.0", ">=0.14.0 <3.0.0" -> "0.14.0"
    node -e 'const r = require("./package.json").peerDependencies[process.argv[1]];
             const m = /^(?:\^|~|>=)?\s*(\d+\.\d+\.\d+)(?:\s+<\s*\d+\.\d+\.\d+)?$/.exec(r);
             if (!m) { console.error(`peerDependencies["${process.argv[1]}"] = ${r}: not a simple range`); process.exit(2); }
             console.log(m[1]);' "$1"
}
aws=$(floor @pulumi/aws)
pulumi=$(floor @pulumi/pulumi)
grafana=$(floor @pulumiverse/grafana)

work=$(mktemp -d "${TMPDIR:-/tmp}/peer-floors-XXXXXX")
trap 'rm -rf "$work"' EXIT
# The files npm would publish from (sources and configuration), not tests or benchmarks.
git ls-files -z --cached --others --exclude-standard |
    grep -zvE '^(tests|bench|scratch)/' |
    xargs -0 -I{} cp --parents {} "$work/"
cd "$work"
echo "peer floors: @pulumi/aws@$aws @pulumi/pulumi@$pulumi @pulumiverse/grafana@$grafana (optional)"
npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null
npm install --no-save --no-audit --no-fund --ignore-scripts --loglevel=error \
    "@pulumi/aws@$aws" "@pulumi/pulumi@$pulumi" "@pulumiverse/grafana@$grafana" >/dev/null
node -e 'for (const p of ["@pulumi/aws", "@pulumi/pulumi", "@pulumiverse/grafana"]) console.log(`installed: ${p}@${require(`${p}/package.json`).version}`)'
npx tsc -p tsconfig.json --noEmit
npm run --silent synth -- examples/stack.yaml --json >/dev/null
# The optional Grafana SDK: createDashboardsProvider registers its provider under mocks.
node -r ts-node/register/transpile-only -e '
const { installMocks } = require("./program/mocks");
const { DashboardsApiKey, createDashboardsProvider } = require("./components/apiKey");
(async () => {
    const mocks = await installMocks({ stack: "ue2-prod", project: "floors" });
    const key = new DashboardsApiKey("key", { region: "us-east-2", namespace: "eg", name: "grafana", workspaceId: "g-0123456789" });
    createDashboardsProvider("grafana", key);
    await mocks.settle();
    const types = mocks.resources.map((r) => r.type);
    if (!types.includes("pulumi:providers:grafana")) throw new Error(`no Grafana provider registered: ${types}`);
})().catch((e) => { console.error(e); process.exit(1); });'
# Synth's deferral of the compiler (program/deferCompiler.ts) holds on the floor too: the SDK loads
# without reading the compiler, and closure serialization loads it and works.
node -e '
const compiler = require("./dist/program/deferCompiler"); // built by the synth above; ts-node would load the compiler itself
if (!compiler.deferSdkCompiler()) throw new Error("synth cannot defer the TypeScript compiler: no typescript-shim in this @pulumi/pulumi");
const pulumi = require("@pulumi/pulumi");
if (compiler.sdkCompilerLoaded()) throw new Error("the TypeScript compiler loaded with the SDK: something read the deferred shim, or loaded the compiler another way");
pulumi.runtime.serializeFunction(function add(a, b) { return a + b; }).then((closure) => {
    if (!closure.text.includes("return a + b;") || !compiler.sdkCompilerLoaded()) throw new Error("closure serialization failed through the deferred compiler");
}).catch((e) => { console.error(e); process.exit(1); });' 2> >(grep -v -e DeprecationWarning -e ExperimentalWarning -e trace-deprecation >&2)
# The SDK behaviour sdk/adapter.ts relies on outside the public API holds on the floor too.
mkdir -p tests/sdk tests/helpers
cp "$root/tests/sdk/adapter.test.ts" tests/sdk/
cp "$root/tests/helpers/outputs.ts" "$root/tests/helpers/sdkStacks.ts" "$root/tests/helpers/transpileCache.ts" tests/helpers/
npx mocha --reporter dot tests/sdk/adapter.test.ts
echo "peer floors OK: the sources type-check, the example synthesizes, the SDK adapter's contract holds, synth's deferral of the TypeScript compiler works and the Grafana provider registers with @pulumi/aws@$aws, @pulumi/pulumi@$pulumi and @pulumiverse/grafana@$grafana"
