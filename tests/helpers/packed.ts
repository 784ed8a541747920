/**
 * The package as npm users get it, packed once per test run and shared by the end-to-end files
 * that need it (the package's contents, its documentation, programs that install it).
 *
 * `npm pack` runs in a temporary copy of the project, never in the working tree. When the working
 * tree's dist/ is what tsc builds from the sources now (scripts/staleness.js: no source newer than
 * its compiled file, as after `npm ci` or `npm run build`), the copy takes that dist/ and packs it
 * without lifecycle scripts; otherwise npm's `prepare` script compiles dist/ in the copy first, as
 * for `npm pack` and `npm publish`. The tarball is then unpacked into a temporary project's
 * node_modules, beside links to the project's own dependencies (as a user's project would have
 * them installed), where each file writes its programs in a directory of its own.
 *
 * Both are started by the first file that asks (from its `startBeforeTests`, so the work runs
 * beside the unit tier), and removed when the test process exits.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runProcess } from "./processes";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script shared with scripts/dist.js
const { staleSource } = require("../../scripts/staleness") as { staleSource: (root: string) => string | undefined };

/** The project's root (where package.json is). */
const ROOT = path.join(__dirname, "..", "..");

/** Not copied: installed or built things, and version control. */
const NOT_COPIED = new Set(["node_modules", "dist", ".git", "scratch", "coverage", ".nyc_output"]);

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
            return !NOT_COPIED.has(relative.split(path.sep)[0]) && !relative.endsWith(".tgz");
        },
    });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
    const built = fs.existsSync(path.join(ROOT, "dist", "index.js")) && staleSource(ROOT) === undefined;
    if (built) fs.cpSync(path.join(ROOT, "dist"), path.join(copy, "dist"), { recursive: true });
    // Without a fresh dist/, npm's lifecycle scripts run as for `npm pack`: `prepare` builds dist/ first.
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

// Removed when the test process exits, after every file's children have been stopped.
process.on("exit", () => {
    if (base !== undefined) fs.rmSync(base, { recursive: true, force: true });
});
