/**
 * The package as npm users get it, packed once per test run and shared by the slow tier's files
 * that need it (the package's contents, its documentation, programs that install it).
 *
 * `npm pack` runs in a temporary copy of the project, never in the working tree. When the working
 * tree's dist/ is what tsc builds from the sources now (scripts/staleness.js: no source newer than
 * its compiled file, as after `npm ci` or `npm run build`), the copy takes that dist/ and packs it
 * without lifecycle scripts; otherwise npm's `prepack` script compiles dist/ in the copy first, as
 * for `npm pack` and `npm publish`. The tarball is then unpacked into a temporary project's
 * node_modules, beside links to the project's own dependencies (as a user's project would have
 * them installed), where each file writes its programs in a directory of its own.
 *
 * TypeScript written there is compiled by one `tsc` run for every file that asks
 * ({@link compiledInProject}): each run loads the declarations of `@pulumi/aws` (thousands of
 * files, seconds of CPU), once for all.
 *
 * All this is started by the first file that asks (from its `startBeforeTests`, so the work runs
 * beside the unit tier), and removed when the test process exits.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runNode, runProcess } from "./processes";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script shared with scripts/dist.js
const { staleSource } = require("../../scripts/staleness") as { staleSource: (root: string) => string | undefined };

/** The project's root (where package.json is). */
const ROOT = path.join(__dirname, "..", "..");

/** Not copied: installed or built things, and version control. */
const NOT_COPIED = new Set(["node_modules", "dist", ".git", "scratch", "coverage", ".nyc_output"]);

/** Generated when packing, never copied from the working tree (where it may be a stale preview). */
const GENERATED = path.join("docs", "api");

/** The packed package. */
export interface Packed {
    /** The temporary copy of the project that was packed; its dist/ is the one in the tarball. */
    readonly copy: string;
    /** The tarball's path. */
    readonly tarball: string;
    /** The paths of the files in the tarball (from the package's root). */
    readonly files: readonly string[];
}

let base: string | undefined;
let packed: Promise<Packed> | undefined;
let installed: Promise<string> | undefined;

/** Packs the package (once per test run). */
export function packedPackage(): Promise<Packed> {
    packed ??= pack();
    // Observed by the files that use it; never an unhandled rejection of its own.
    packed.catch(() => undefined);
    return packed;
}

async function pack(): Promise<Packed> {
    base = fs.mkdtempSync(path.join(os.tmpdir(), "packed-"));
    const copy = path.join(base, "copy");
    fs.cpSync(ROOT, copy, {
        recursive: true,
        filter: (source) => {
            const relative = path.relative(ROOT, source);
            return !NOT_COPIED.has(relative.split(path.sep)[0]) && relative !== GENERATED && !relative.endsWith(".tgz");
        },
    });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
    const built = fs.existsSync(path.join(ROOT, "dist", "index.js")) && staleSource(ROOT) === undefined;
    if (built) fs.cpSync(path.join(ROOT, "dist"), path.join(copy, "dist"), { recursive: true });
    // Without a fresh dist/, npm's lifecycle scripts run as for `npm pack`: `prepack` builds dist/.
    const run = await runProcess(
        "npm",
        ["pack", "--json", `--ignore-scripts=${String(built)}`, "--pack-destination", base],
        { cwd: copy, timeoutMs: 180_000 },
    );
    if (run.status !== 0) throw new Error(`npm pack exited with ${String(run.status)}: ${run.stderr}`);
    const [report] = JSON.parse(run.stdout.slice(run.stdout.indexOf("["))) as {
        filename: string;
        files: { path: string }[];
    }[];
    return { copy, tarball: path.join(base, report.filename), files: report.files.map((f) => f.path) };
}

/**
 * A project with the packed package installed (unpacked into `node_modules/pulumi-cloudposse-components`)
 * beside links to the project's dependencies; returns its directory. Write programs in a directory
 * of their own inside it.
 */
export function installedProject(): Promise<string> {
    installed ??= packedPackage().then(async ({ tarball }) => {
        const project = path.join(path.dirname(tarball), "project");
        const target = path.join(project, "node_modules", "pulumi-cloudposse-components");
        fs.mkdirSync(target, { recursive: true });
        const untar = await runProcess("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"], {
            cwd: project,
        });
        if (untar.status !== 0) throw new Error(`tar exited with ${String(untar.status)}: ${untar.stderr}`);
        for (const entry of fs.readdirSync(path.join(ROOT, "node_modules"))) {
            if (entry === "pulumi-cloudposse-components" || entry.startsWith(".")) continue;
            fs.symlinkSync(path.join(ROOT, "node_modules", entry), path.join(project, "node_modules", entry), "dir");
        }
        return project;
    });
    installed.catch(() => undefined);
    return installed;
}

/** The TypeScript releases installed from the npm registry, by package spec (once per test run). */
const typescripts = new Map<string, Promise<string>>();

/**
 * The TypeScript of `spec` (e.g. `typescript@6.0.3`), installed from the npm registry into a folder
 * of the installed project (`typescript-<version>/`), once per test run; resolves with the path of
 * its package (its `bin/tsc`, or what `TS_NODE_COMPILER` takes).
 */
export function installedTypeScript(spec: string): Promise<string> {
    let installing = typescripts.get(spec);
    if (installing === undefined) {
        installing = installedProject().then(async (project) => {
            const prefix = path.join(project, spec.replace(/^typescript@/, "typescript-"));
            const install = await runProcess(
                "npm",
                ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--prefix", prefix, spec],
                { cwd: project, timeoutMs: 170_000 },
            );
            if (install.status !== 0) throw new Error(`npm install ${spec} failed: ${install.stderr}`);
            return path.join(prefix, "node_modules", "typescript");
        });
        installing.catch(() => undefined);
        typescripts.set(spec, installing);
    }
    return installing;
}

/** What one `tsc` run said of some files, and where it wrote their JavaScript. */
export interface Compiled {
    /** tsc's errors, by file (as given), each `line <n>: error TS...: ...`. */
    readonly errors: ReadonlyMap<string, readonly string[]>;
    /** Where the files were written (`<installed project>/<dir>`). */
    readonly dir: string;
    /** Where the JavaScript of `<dir>/<file>.ts` is: `<out>/<file>.js`. */
    readonly out: string;
}

/** The compiler options of the installed project: a user's strict program, the package's exports map deciding what can be imported. */
const COMPILER_OPTIONS = {
    target: "ES2022",
    module: "node16",
    moduleResolution: "node16",
    strict: true,
    skipLibCheck: true,
    esModuleInterop: true,
    types: ["node", "mocha"],
};

interface Request {
    readonly dir: string;
    readonly files: Readonly<Record<string, string>>;
    readonly done: (compiled: Compiled) => void;
    readonly failed: (error: unknown) => void;
}

/** The requests waiting for the next tsc run. */
let waiting: Request[] = [];

/**
 * Writes `files` (name -> TypeScript) into `<installed project>/<dir>/` and compiles them, under
 * {@link COMPILER_OPTIONS}, in one `tsc` run with every other file asked for before the project was
 * installed (ask from `startBeforeTests`). Resolves with tsc's errors of these files and where their
 * JavaScript is (emitted even when there are errors).
 */
export function compiledInProject(dir: string, files: Readonly<Record<string, string>>): Promise<Compiled> {
    const compiled = new Promise<Compiled>((done, failed) => {
        waiting.push({ dir, files, done, failed });
        if (waiting.length === 1) {
            void installedProject().then(
                (project) => compileWaiting(project),
                (error: unknown) => failWaiting(error),
            );
        }
    });
    compiled.catch(() => undefined);
    return compiled;
}

function failWaiting(error: unknown): void {
    const requests = waiting;
    waiting = [];
    for (const request of requests) request.failed(error);
}

async function compileWaiting(project: string): Promise<void> {
    const requests = waiting;
    waiting = [];
    const run = `tsc-${String(++compileRuns)}`;
    try {
        const names: string[] = [];
        for (const { dir, files } of requests) {
            for (const [name, text] of Object.entries(files)) {
                // A name may hold folders (`test/index.test.ts`).
                fs.mkdirSync(path.dirname(path.join(project, dir, name)), { recursive: true });
                fs.writeFileSync(path.join(project, dir, name), text);
                names.push(path.posix.join(dir, name));
            }
        }
        const config = `${run}.json`;
        fs.writeFileSync(
            path.join(project, config),
            JSON.stringify({ compilerOptions: { ...COMPILER_OPTIONS, rootDir: ".", outDir: run }, files: names }),
        );
        const tsc = await runNode([path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", config], {
            cwd: project,
            timeoutMs: 180_000,
        });
        const errors = new Map<string, string[]>();
        for (const line of tsc.stdout.split("\n")) {
            const match = /^(\S+\.ts)\((\d+),\d+\): (error .*)$/.exec(line);
            if (match === null) continue;
            errors.set(match[1], [...(errors.get(match[1]) ?? []), `line ${match[2]}: ${match[3]}`]);
        }
        if (tsc.status !== 0 && errors.size === 0) {
            throw new Error(`tsc exited with ${String(tsc.status)}: ${tsc.stdout}${tsc.stderr}`);
        }
        for (const { dir, files, done } of requests) {
            done({
                errors: new Map(
                    Object.keys(files).flatMap((name) => {
                        const found = errors.get(path.posix.join(dir, name));
                        return found === undefined ? [] : [[name, found] as const];
                    }),
                ),
                dir: path.join(project, dir),
                out: path.join(project, run, dir),
            });
        }
    } catch (error) {
        for (const request of requests) request.failed(error);
    }
}

let compileRuns = 0;

// Removed when the test process exits, after every file's children have been stopped.
process.on("exit", () => {
    if (base !== undefined) fs.rmSync(base, { recursive: true, force: true });
});
