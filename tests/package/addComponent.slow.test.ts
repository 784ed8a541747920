/**
 * CONTRIBUTING.md "Adding a component", re-checked by doing it: a copy of the repository gets the fixture component of
 * tests/fixtures/component/ (its folder, its guide, its test) and one entry in the component list, then the generators
 * the guide names; the type check, the lint and the whole test suite (npm test's files) then pass with it.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { runProcess } from "../helpers/processes";
import { copyOfTree } from "../helpers/tree";

const ROOT = path.join(__dirname, "..", "..");
const FIXTURE = path.join(ROOT, "tests", "fixtures", "component");

/** The component list's entry of the fixture, as the guide says to write it. */
const ENTRY = `    [
        (require("./gizmo/definition") as typeof import("./gizmo/definition")).GIZMO_DEFINITION,
        () => (require("./gizmo/kit") as typeof import("./gizmo/kit")).GIZMO_KIT,
        () => (require("./gizmo/rules") as typeof import("./gizmo/rules")).GIZMO_RULES,
    ],
`;

/** What the copy's files are, by path, to compare with the repository's. */
function filesOf(dir: string): Map<string, string> {
    const files = new Map<string, string>();
    const walk = (sub: string) => {
        for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
            const file = path.posix.join(sub, entry.name);
            if (["node_modules", "dist", ".git"].includes(entry.name)) continue;
            if (entry.isDirectory()) walk(file);
            else files.set(file, fs.readFileSync(path.join(dir, file), "utf8"));
        }
    };
    walk("");
    return files;
}

describe("adding a component as CONTRIBUTING.md says (tests/fixtures/component/)", function () {
    this.timeout(1_200_000);
    let copy: string;
    const run = (command: string, args: readonly string[]) =>
        runProcess(command, args, { cwd: copy, timeoutMs: 1_000_000 });

    before(async () => {
        copy = await copyOfTree("add-component-");
        fs.symlinkSync(fs.realpathSync(path.join(ROOT, "node_modules")), path.join(copy, "node_modules"), "dir");
        // Its folder, its guide and its test.
        fs.mkdirSync(path.join(copy, "components", "gizmo"));
        for (const file of fs.readdirSync(path.join(FIXTURE, "gizmo"))) {
            fs.copyFileSync(
                path.join(FIXTURE, "gizmo", file),
                path.join(copy, "components", "gizmo", file.replace(/\.txt$/, "")),
            );
        }
        fs.copyFileSync(path.join(FIXTURE, "gizmo.md"), path.join(copy, "docs", "gizmo.md"));
        fs.copyFileSync(
            path.join(FIXTURE, "gizmo.test.ts.txt"),
            path.join(copy, "tests", "components", "gizmo.test.ts"),
        );
        // One entry in the list.
        const registry = path.join(copy, "components", "registry.ts");
        const list = fs.readFileSync(registry, "utf8");
        const end = list.indexOf("] as const satisfies readonly Entry[];");
        assert.ok(end > 0, "the component list's end");
        fs.writeFileSync(registry, list.slice(0, end) + ENTRY + list.slice(end));
        // The generated reference tables, example programs, keywords and schema snapshot.
        for (const script of ["docs", "schema:update"]) {
            const generated = await run("npm", ["run", "--silent", script]);
            assert.equal(generated.status, 0, generated.stderr);
        }
    });

    after(() => {
        if (copy !== undefined) fs.rmSync(copy, { recursive: true, force: true });
    });

    it("changes nothing else by hand: the generators wrote the rest", () => {
        const before = filesOf(ROOT);
        const changed = [...filesOf(copy)].filter(([file, text]) => before.get(file) !== text).map(([file]) => file);
        assert.deepEqual(changed.sort(), [
            "README.md",
            "api/cloudposse.schema.json",
            "components/gizmo/component.ts",
            "components/gizmo/definition.ts",
            "components/gizmo/index.ts",
            "components/gizmo/kit.ts",
            "components/gizmo/resolve.ts",
            "components/gizmo/rules.ts",
            "components/registry.ts",
            "docs/gizmo.md",
            "docs/languages.md",
            "docs/stack-files.md",
            "package.json",
            "tests/components/gizmo.test.ts",
        ]);
        // The generators put it in every table and in the example program of every language.
        const languages = fs.readFileSync(path.join(copy, "docs", "languages.md"), "utf8");
        assert.match(languages, /type: cloudposse:fixture:Gizmo/);
        assert.match(languages, /fixture\.NewGizmo\(ctx, "audit-gizmo"/);
        assert.match(fs.readFileSync(path.join(copy, "README.md"), "utf8"), /\| `fixture\/gizmo` \| `Gizmo` \|/);
    });

    it("type-checks and lints", async () => {
        const typecheck = await run("npx", ["tsc", "-p", "tsconfig.test.json"]);
        assert.equal(typecheck.status, 0, typecheck.stdout + typecheck.stderr);
        const format = await run("npx", ["prettier", "--write", "components/registry.ts", "components/gizmo"]);
        assert.equal(format.status, 0, format.stderr);
        const lint = await run("npx", ["eslint", "components/gizmo", "components/registry.ts", "tests/components"]);
        assert.equal(lint.status, 0, lint.stdout + lint.stderr);
    });

    it("passes the whole suite (npm test's files) with it", async () => {
        const suite = await run("npx", [
            "mocha",
            "--reporter",
            "spec",
            "tests/**/!(*.e2e|*.slow).test.ts",
            "tests/**/*.e2e.test.ts",
        ]);
        const summary = suite.stdout.split("\n").filter((line) => /^\s+\d+ (passing|failing|pending)/.test(line));
        assert.equal(
            suite.status,
            0,
            `${summary.join("\n")}\n${suite.stdout.slice(-4000)}\n${suite.stderr.slice(-2000)}`,
        );
        // Its own test ran, and the ones that iterate the component list took it in.
        assert.match(suite.stdout, /fixture\/gizmo\n\s+✔ names its log group by the label/);
        assert.match(suite.stdout, /GizmoArgs \(components\/gizmo\/definition\.ts\)/);
        assert.ok(summary.some((line) => / passing/.test(line)) && !summary.some((line) => /failing/.test(line)));
    });
});
