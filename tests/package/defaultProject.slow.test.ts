/**
 * The project `pulumi new typescript` makes, with the package installed from the packed tarball
 * (tests/helpers/packed.ts): its tsconfig.json verbatim (target es2020, strict, no `skipLibCheck`),
 * and the README's first program as its index.ts, exactly as written (it composes one component's
 * outputs into another's Inputs). `tsc` must find nothing, in the package's declarations or the
 * program, under the project's TypeScript 5 and under TypeScript 6 and 7 installed from the npm
 * registry, with the tsconfig as the template writes it and with `skipLibCheck` added.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { installedProject, installedTypeScript } from "../helpers/packed";
import { TEMPLATE_PACKAGE, TEMPLATE_TSCONFIG } from "../helpers/pulumiTemplate";
import { awaitedLater, runNode, startBeforeTests, type ProcessRun } from "../helpers/processes";

const ROOT = path.join(__dirname, "..", "..");

/** The TypeScript releases tried besides the project's own (5.x). */
const RELEASES = { ts6: "typescript@6.0.3", ts7: "typescript@7.0.2" } as const;

/** The README's first TypeScript program, as written. */
function readmeProgram(): string {
    const program = /```ts\n([\s\S]*?)```/.exec(fs.readFileSync(path.join(ROOT, "README.md"), "utf8"));
    assert.ok(program, "the README has a TypeScript program");
    return program[1];
}

type Variant = `${"ts5" | keyof typeof RELEASES}-${"verbatim" | "skipLibCheck"}`;

/** tsc run with `compiler` (a TypeScript package's path) in a new default project. */
async function typeCheck(variant: Variant, compiler: string): Promise<ProcessRun> {
    const dir = path.join(await installedProject(), `default-project-${variant}`);
    fs.mkdirSync(dir, { recursive: true });
    const tsconfig = variant.endsWith("verbatim")
        ? TEMPLATE_TSCONFIG
        : JSON.stringify(
              (() => {
                  const parsed = JSON.parse(TEMPLATE_TSCONFIG) as { compilerOptions: Record<string, unknown> };
                  return { ...parsed, compilerOptions: { ...parsed.compilerOptions, skipLibCheck: true } };
              })(),
          );
    fs.writeFileSync(path.join(dir, "tsconfig.json"), tsconfig);
    fs.writeFileSync(path.join(dir, "package.json"), TEMPLATE_PACKAGE);
    fs.writeFileSync(path.join(dir, "index.ts"), readmeProgram());
    return runNode([path.join(compiler, "bin", "tsc"), "--noEmit", "--pretty", "false", "-p", "tsconfig.json"], {
        cwd: dir,
        timeoutMs: 170_000,
    });
}

const started = startBeforeTests(() => {
    const runs = new Map<Variant, Promise<ProcessRun>>();
    const own = path.join(ROOT, "node_modules", "typescript");
    for (const check of ["verbatim", "skipLibCheck"] as const) {
        runs.set(`ts5-${check}`, awaitedLater(typeCheck(`ts5-${check}`, own)));
        for (const [version, spec] of Object.entries(RELEASES) as [keyof typeof RELEASES, string][]) {
            runs.set(
                `${version}-${check}`,
                awaitedLater(installedTypeScript(spec).then((compiler) => typeCheck(`${version}-${check}`, compiler))),
            );
        }
    }
    return runs;
});

describe("a `pulumi new typescript` project with the package installed, the README's program as index.ts", function () {
    this.timeout(180_000);

    for (const version of ["ts5", "ts6", "ts7"] as const) {
        for (const check of ["verbatim", "skipLibCheck"] as const) {
            it(`type-checks under TypeScript ${version.slice(2)}, ${check === "verbatim" ? "the template's tsconfig as written" : "with skipLibCheck added"}`, async () => {
                const run = await (await started()).get(`${version}-${check}`);
                assert.ok(run);
                assert.equal(`${run.stdout}${run.stderr}`.trim(), "");
                assert.equal(run.status, 0);
            });
        }
    }
});
