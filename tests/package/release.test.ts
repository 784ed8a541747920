/**
 * What releasing the package needs, read from the files that do it: package.json's repository
 * fields (npm resolves the README's relative links against `repository`, and `npm publish
 * --provenance` checks it against the workflow's repository), the release workflow of
 * .github/workflows/ (a `v*` tag publishes with provenance), `engines` against the Pulumi SDK, and
 * the README's install line against the packages its first program imports. What the tarball holds
 * is checked on the packed package (tests/package/tarball.slow.test.ts, docs.slow.test.ts).
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";

const ROOT = path.join(__dirname, "..", "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

interface Manifest {
    readonly repository?: { type?: string; url?: string };
    readonly homepage?: string;
    readonly bugs?: { url?: string };
    readonly files: readonly string[];
    readonly engines: { node: string };
    readonly peerDependencies: Record<string, string>;
    readonly publishConfig?: { access?: string; provenance?: boolean };
}
const manifest = JSON.parse(read("package.json")) as Manifest;

/** The GitHub repository every field names. */
const REPOSITORY = "https://github.com/cloudposse-pulumi/pulumi-cloudposse-components";

interface Step {
    readonly run?: string;
    readonly uses?: string;
    readonly env?: Record<string, string>;
}
interface Job {
    readonly needs?: string | readonly string[];
    readonly permissions?: Record<string, string>;
    readonly steps: readonly Step[];
}
interface Workflow {
    readonly on: { push?: { tags?: readonly string[] } };
    readonly jobs: Record<string, Job>;
}

describe("releasing the package", () => {
    it("names one GitHub repository in repository, homepage and bugs", () => {
        assert.deepEqual(
            {
                repository: manifest.repository,
                homepage: manifest.homepage,
                bugs: manifest.bugs,
            },
            {
                repository: { type: "git", url: `git+${REPOSITORY}.git` },
                homepage: `${REPOSITORY}#readme`,
                bugs: { url: `${REPOSITORY}/issues` },
            },
        );
    });

    it("ships the CHANGELOG and leaves the generated API reference out", () => {
        assert.ok(manifest.files.includes("CHANGELOG.md"));
        assert.ok(manifest.files.includes("!docs/api/"));
        assert.deepEqual(manifest.publishConfig, { access: "public", provenance: true });
    });

    it("publishes from a v* tag, after CI, with provenance, once the tag names package.json's version", () => {
        const workflow = parse(read(".github/workflows/release.yml")) as Workflow;
        assert.deepEqual(workflow.on.push?.tags, ["v*"]);
        const publishing = Object.entries(workflow.jobs).filter(([, job]) =>
            job.steps.some((step) => step.run?.startsWith("npm publish") === true),
        );
        assert.equal(publishing.length, 1, "one job publishes");
        const [[, publish]] = publishing;
        const step = publish.steps.find((s) => s.run?.startsWith("npm publish") === true);
        assert.equal(step?.run, "npm publish --provenance --access public");
        assert.equal(step?.env?.NODE_AUTH_TOKEN, "${{ secrets.NPM_TOKEN }}");
        // npm signs the provenance statement with the job's OIDC token.
        assert.equal(publish.permissions?.["id-token"], "write");
        assert.equal(publish.needs, "ci");
        const ci = workflow.jobs.ci.steps.map((s) => s.run).filter((run) => run !== undefined);
        assert.deepEqual(ci, [
            `test "$GITHUB_REF_NAME" = "v$(node -p 'require("./package.json").version')"`,
            "bash .ci/run",
        ]);
    });

    it("runs the same CI on every push and pull request as before a release", () => {
        const workflow = parse(read(".github/workflows/ci.yml")) as { jobs: Record<string, Job> };
        assert.deepEqual(
            Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((s) => (s.run ? [s.run] : []))),
            ["bash .ci/run"],
        );
    });

    it("asks in engines for a Node that an @pulumi/pulumi of the peer range supports (the installed one)", () => {
        // @pulumi/pulumi 3.249 and later say `"node": ">=22"`; 3.217 to 3.248 `">=20"` (their
        // package.json `engines`, as npm's registry gives them); the lock file's 3.248 is the newest for 20.
        const ours = /^>=(\d+)$/.exec(manifest.engines.node);
        assert.ok(ours, `engines.node is ${manifest.engines.node}`);
        const sdk = JSON.parse(
            fs.readFileSync(path.join(ROOT, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8"),
        ) as { version: string; engines: { node: string } };
        const theirs = /^>=(\d+)/.exec(sdk.engines.node);
        assert.ok(theirs, `@pulumi/pulumi's engines.node is ${sdk.engines.node}`);
        assert.ok(Number(theirs[1]) <= Number(ours[1]), `@pulumi/pulumi ${sdk.version} needs Node ${sdk.engines.node}`);
        const [floor] = /\d+\.\d+\.\d+/.exec(manifest.peerDependencies["@pulumi/pulumi"]) ?? [];
        assert.ok(
            floor !== undefined && compareVersions(sdk.version, floor) >= 0,
            "the installed SDK is in the peer range",
        );
        // The README says which SDK each Node gets.
        assert.match(read("README.md"), /On Node 20, install\s+`"@pulumi\/pulumi@>=3\.217 <3\.249"`/);
    });

    it("installs, in the README's install line, every package the README's first program imports", () => {
        const readme = read("README.md");
        const install = /```sh\nnpm install ([^\n]*)\n```/.exec(readme);
        assert.ok(install, "the README has an npm install line");
        const installed = install[1].split(/\s+/);
        const program = /```ts\n([\s\S]*?)```/.exec(readme);
        assert.ok(program, "the README has a program");
        const imported = [...program[1].matchAll(/from "([^".][^"]*)"/g)].map((m) =>
            m[1].startsWith("@") ? m[1].split("/").slice(0, 2).join("/") : m[1].split("/")[0],
        );
        assert.ok(imported.length >= 3);
        assert.deepEqual(
            [...new Set(imported)].filter((name) => !installed.includes(name)),
            [],
        );
    });
});

/** -1, 0 or 1 as `a` is below, equal to or above `b` (x.y.z). */
function compareVersions(a: string, b: string): number {
    const [x, y] = [a, b].map((v) => v.split(".").map(Number));
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
}
