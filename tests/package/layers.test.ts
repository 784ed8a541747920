/**
 * The production files' imports (read with the TypeScript compiler's `preProcessFile`): no import
 * runs from a lower layer to a higher one, no files and no top-level folders import each other in
 * a circle, the pure libraries are used through their index, and the kit (components/kit/) and
 * the components' shared files reach a component's folder only through the component lists
 * (registry.ts, kits.ts).
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const ROOT = path.join(__dirname, "..", "..");

/** Each top-level folder's layer, lowest first (`.` is the root's index.ts). */
const LAYERS: Readonly<Record<string, number>> = {
    util: 0,
    label: 1,
    "event-pattern": 1,
    gotemplate: 1,
    sdk: 2,
    components: 3,
    stack: 4,
    provider: 4,
    program: 5,
    migrate: 5,
    bin: 6,
    testing: 6,
    ".": 6,
};

/** Libraries used from outside only through their index.ts. */
const THROUGH_INDEX = ["gotemplate", "label", "event-pattern"];

/**
 * Imports of a library module that its index does not export because the index is a public entry
 * point (`./label`, the root's event-pattern exports) and these names are not part of its API.
 */
const INTERNAL_IMPORTS = new Set([
    "components/kit/labelArgs.ts -> label/context.ts",
    "components/eventbridge/resolve.ts -> label/id.ts",
    "components/eventbridge/resolve.ts -> event-pattern/errors.ts",
]);

/** Every production .ts file (tsconfig.json's include roots), by path from the root with `/`. */
function productionFiles(): string[] {
    const files: string[] = ["index.ts"];
    const walk = (dir: string) => {
        for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
            const file = `${dir}/${entry.name}`;
            if (entry.isDirectory()) walk(file);
            else if (file.endsWith(".ts") && !file.endsWith(".d.ts")) files.push(file);
        }
    };
    for (const top of Object.keys(LAYERS)) if (top !== ".") walk(top);
    return files;
}

/** The project files each file imports (relative imports, resolved as `x.ts` or `x/index.ts`). */
function importGraph(files: readonly string[]): Map<string, string[]> {
    const known = new Set(files);
    const graph = new Map<string, string[]>();
    for (const file of files) {
        const info = ts.preProcessFile(fs.readFileSync(path.join(ROOT, file), "utf8"), true, true);
        const targets: string[] = [];
        for (const { fileName } of info.importedFiles) {
            if (!fileName.startsWith(".")) continue;
            const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), fileName));
            const target = [`${base}.ts`, `${base}/index.ts`].find((candidate) => known.has(candidate));
            assert.ok(target !== undefined, `${file}: cannot resolve ${fileName}`);
            targets.push(target);
        }
        graph.set(file, targets);
    }
    return graph;
}

const topOf = (file: string) => (file.includes("/") ? file.split("/")[0] : ".");

/** The strongly connected components of more than one node (Tarjan), each sorted. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const found: string[][] = [];
    const visit = (node: string) => {
        index.set(node, next);
        low.set(node, next++);
        stack.push(node);
        onStack.add(node);
        for (const to of graph.get(node) ?? []) {
            if (!index.has(to)) {
                visit(to);
                low.set(node, Math.min(low.get(node)!, low.get(to)!));
            } else if (onStack.has(to)) {
                low.set(node, Math.min(low.get(node)!, index.get(to)!));
            }
        }
        if (low.get(node) === index.get(node)) {
            const component: string[] = [];
            let member: string;
            do {
                member = stack.pop()!;
                onStack.delete(member);
                component.push(member);
            } while (member !== node);
            if (component.length > 1) found.push(component.sort());
        }
    };
    for (const node of graph.keys()) if (!index.has(node)) visit(node);
    return found;
}

describe("the layers of the production code", () => {
    const graph = importGraph(productionFiles());
    const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => [from, to] as const));

    it("reads every top-level folder's files", () => {
        assert.deepEqual(
            [...new Set([...graph.keys()].map(topOf))].sort(),
            Object.keys(LAYERS).sort(),
            "a folder without a layer, or a layer without files",
        );
        assert.ok(edges.length > 300, `only ${edges.length} imports read`);
    });

    it("never import from a higher layer", () => {
        const upward = edges
            .filter(([from, to]) => LAYERS[topOf(to)] > LAYERS[topOf(from)])
            .map(([from, to]) => `${from} -> ${to}`);
        assert.deepEqual(upward, []);
    });

    it("have no import cycle between files", () => {
        assert.deepEqual(cycles(graph), []);
    });

    it("have no import cycle between top-level folders", () => {
        const folders = new Map<string, string[]>();
        for (const [from, to] of edges) {
            if (topOf(from) === topOf(to)) continue;
            folders.set(topOf(from), [...new Set([...(folders.get(topOf(from)) ?? []), topOf(to)])]);
        }
        assert.deepEqual(cycles(folders), []);
    });

    it("use the pure libraries through their index", () => {
        const deep = edges
            .filter(
                ([from, to]) =>
                    THROUGH_INDEX.includes(topOf(to)) && topOf(from) !== topOf(to) && !to.endsWith("/index.ts"),
            )
            .map(([from, to]) => `${from} -> ${to}`)
            .filter((edge) => !INTERNAL_IMPORTS.has(edge));
        assert.deepEqual(deep, []);
    });

    it("reach a component's folder from the kit and the shared component files only through the component list", () => {
        const isShared = (file: string) => /^components\/(kit\/)?[^/]+\.ts$/.test(file);
        const folderOf = (file: string) => /^components\/(?!kit\/)([^/]+)\//.exec(file)?.[1];
        const wrong = edges
            .filter(([from, to]) => {
                const target = folderOf(to);
                if (target === undefined) return false;
                if (isShared(from))
                    return !["components/registry.ts", "components/kits.ts", "components/index.ts"].includes(from);
                const source = folderOf(from);
                return source !== undefined && source !== target;
            })
            .map(([from, to]) => `${from} -> ${to}`);
        assert.deepEqual(wrong, []);
    });

    it("leave component behaviour to each component's kit: program/ and migrate/ import no component folder", () => {
        // The program, synth and migration reach a component through the list (registry.ts, kits.ts) and its kit:
        // guards, plan lines, rotation, adoption names and defaults (components/kit/kit.ts).
        const named = edges
            .filter(([from, to]) => /^(program|migrate)\//.test(from) && /^components\/(?!kit\/)[^/]+\//.test(to))
            .map(([from, to]) => `${from} -> ${to}`);
        assert.deepEqual(named, []);
    });

    it("keep the stack loader's steps below its entry points, and its components the list's", () => {
        // stack/loader.ts runs the steps (environment, inheritance, naming, instance, ...);
        // repository.ts and source.ts build on it; no step imports any of them back.
        const entryPoints = ["stack/loader.ts", "stack/repository.ts", "stack/source.ts", "stack/index.ts"];
        const back = edges
            .filter(
                ([from, to]) => from.startsWith("stack/") && !entryPoints.includes(from) && entryPoints.includes(to),
            )
            .map(([from, to]) => `${from} -> ${to}`);
        assert.deepEqual(back, []);
        const componentFolders = edges
            .filter(([from, to]) => from.startsWith("stack/") && /^components\/(?!kit\/)[^/]+\//.test(to))
            .map(([from, to]) => `${from} -> ${to}`);
        assert.deepEqual(componentFolders, []);
    });

    it("finds what it looks for (a cycle, an upward import)", () => {
        const made = new Map([
            ["a.ts", ["b.ts"]],
            ["b.ts", ["c.ts"]],
            ["c.ts", ["a.ts"]],
            ["d.ts", ["a.ts"]],
        ]);
        assert.deepEqual(cycles(made), [["a.ts", "b.ts", "c.ts"]]);
        assert.ok(LAYERS[topOf("components/x.ts")] > LAYERS[topOf("util/x.ts")]);
    });
});
