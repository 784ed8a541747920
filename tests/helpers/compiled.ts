/**
 * The package as JavaScript, for the tests that run it in child processes (the end-to-end tier):
 * every source file that tsconfig.json compiles, and the tests' shared helpers (tests/helpers/),
 * transpiled with swc (through ./transpileCache) into a temporary directory
 * (never into the working tree), with node_modules linked to the project's. Built once per test
 * process, on first use (about 0.2 s), and removed when the process exits.
 *
 * tests/package/tarball.slow.test.ts checks the other compilation, tsc's dist/ as `npm pack` ships it.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { cachedTransformSync } from "./transpileCache";

/** The project's root (where package.json is). */
export const ROOT = path.join(__dirname, "..", "..");

let compiled: string | undefined;

/** The source files tsconfig.json compiles: its `include` patterns are top-level files and `dir/**\/*.ts`. */
function sources(): string[] {
    const { include } = JSON.parse(fs.readFileSync(path.join(ROOT, "tsconfig.json"), "utf8")) as {
        include: string[];
    };
    const files: string[] = [];
    const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) {
                walk(full);
            } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) {
                files.push(full);
            }
        }
    };
    for (const pattern of [...include, "tests/helpers/**/*.ts"]) {
        const match = /^([^*]+)\/\*\*\/\*\.ts$/.exec(pattern);
        if (match !== null) {
            walk(path.join(ROOT, match[1]));
        } else if (!pattern.includes("*")) {
            files.push(path.join(ROOT, pattern));
        } else {
            throw new Error(`tests/helpers/compiled.ts: tsconfig.json include pattern ${pattern} is not handled`);
        }
    }
    return files;
}

/**
 * The directory holding the compiled package: `<dir>/index.js`, `<dir>/bin/synth.js`, ... (the
 * layout of dist/). `require` from there finds the project's node_modules, so a child process that
 * loads both `@pulumi/pulumi` and the compiled package shares one SDK instance.
 */
export function compiledRoot(): string {
    if (compiled !== undefined) {
        return compiled;
    }
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "compiled-package-"));
    process.on("exit", () => fs.rmSync(out, { recursive: true, force: true }));
    for (const file of sources()) {
        const { code } = cachedTransformSync(fs.readFileSync(file, "utf8"), {
            filename: file,
            jsc: {
                parser: { syntax: "typescript" },
                target: "es2022",
                keepClassNames: true,
                transform: { useDefineForClassFields: true },
            },
            module: { type: "commonjs" },
            // Inline maps to the sources, so that coverage (c8) counts these runs against them.
            sourceMaps: "inline",
            sourceFileName: file,
            swcrc: false,
            configFile: false,
        });
        const target = path.join(out, path.relative(ROOT, file)).replace(/\.ts$/, ".js");
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, code);
    }
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(out, "node_modules"), "dir");
    compiled = out;
    return out;
}
