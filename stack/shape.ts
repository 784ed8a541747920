/**
 * Checks the shape of one stack file (before imports are merged, so every problem points into
 * the file it is in) and keeps only the sections the loader uses:
 *
 * ```yaml
 * import: [catalog/defaults]                  # paths, or {path, skip_if_missing}
 * vars: {...}                                  # stack-level vars, under every instance's vars
 * terraform: {vars: {...}}                     # Terraform-scoped vars, over `vars`
 * components:
 *   terraform:
 *     <instance>:
 *       metadata: {component, inherits, type, enabled}
 *       vars: {...}
 * ```
 *
 * Other Atmos sections (`settings`, `env`, `backend`, ...) have no effect on a Pulumi program
 * and are ignored; `overrides` would change vars, so it is refused rather than ignored. Any other
 * key is reported with a did-you-mean suggestion.
 */
import { makeProblem, type ProblemList } from "./errors";
import { describeValue } from "./convert";
import { didYouMean } from "../util/suggest";
import { emptyMap, type Location, type MapEntry, type MapNode, type TreeNode } from "./tree";

/** One entry of a file's `import` list. */
export interface ImportEntry {
    /** The path as written. */
    readonly path: string;
    /** Where the entry was written. */
    readonly loc: Location;
    /** Atmos' `skip_if_missing`: a missing file is skipped instead of refused. */
    readonly skipIfMissing: boolean;
}

/** A file's imports, and its own content reduced to the sections the loader uses. */
export interface ShapedFile {
    readonly imports: readonly ImportEntry[];
    readonly content: MapNode;
}

const TOP_LEVEL_USED = ["import", "vars", "terraform", "components"];
/** Top-level Atmos sections that configure Atmos itself or other tools. */
const TOP_LEVEL_IGNORED = [
    "name",
    "description",
    "settings",
    "env",
    "locals",
    "hooks",
    "dependencies",
    "helmfile",
    "packer",
    "ansible",
];
const COMPONENT_TYPES_IGNORED = ["helmfile", "packer", "ansible"];
const INSTANCE_USED = ["metadata", "vars"];
/** Instance sections Atmos uses for the Terraform run itself (backend, env, Spacelift settings...). */
const INSTANCE_IGNORED = [
    "settings",
    "env",
    "backend",
    "backend_type",
    "remote_state_backend",
    "remote_state_backend_type",
    "providers",
    "hooks",
    "command",
    "dependencies",
    "locals",
    "source",
    "auth",
    "generate",
    "provision",
];
const METADATA_USED = ["component", "inherits", "type", "enabled"];
const METADATA_IGNORED = [
    "name",
    "description",
    "owner",
    "locked",
    "custom",
    "terraform_workspace",
    "terraform_workspace_pattern",
    "terraform_workspace_template",
];

/** The problems found go into `problems`; the result holds what could be used. */
export function shapeFile(root: TreeNode | null, file: string, problems: ProblemList): ShapedFile | undefined {
    if (root === null) return { imports: [], content: emptyMap({ file, line: 1, column: 1 }) };
    if (root.kind !== "map") {
        problems.add(
            makeProblem(
                "BAD_SHAPE",
                root.loc,
                `a stack file must be a map with components (and optionally import and vars), got ${describeValue(root)}`,
                {},
            ),
        );
        return undefined;
    }
    const imports: ImportEntry[] = [];
    const kept: MapEntry[] = [];
    for (const entry of root.entries.values()) {
        switch (entry.key) {
            case "import":
                imports.push(...shapeImports(entry, problems));
                break;
            case "vars": {
                const vars = asMap(entry, "vars", problems);
                if (vars) kept.push({ ...entry, value: vars });
                break;
            }
            case "terraform": {
                const terraform = shapeTerraformSection(entry, problems);
                if (terraform) kept.push({ ...entry, value: terraform });
                break;
            }
            case "components": {
                const components = shapeComponents(entry, problems);
                if (components) kept.push({ ...entry, value: components });
                break;
            }
            case "overrides":
                problems.add(
                    makeProblem(
                        "UNSUPPORTED",
                        entry.keyLoc,
                        "overrides is not supported; set the vars in the instances (or use metadata.inherits)",
                        { field: "overrides" },
                    ),
                );
                break;
            default:
                if (!TOP_LEVEL_IGNORED.includes(entry.key)) {
                    problems.add(
                        makeProblem(
                            "UNKNOWN_KEY",
                            entry.keyLoc,
                            `unknown top-level key ${entry.key}${didYouMean(entry.key, TOP_LEVEL_USED)}`,
                            { field: entry.key },
                        ),
                    );
                }
        }
    }
    return { imports, content: mapFrom(root.loc, kept) };
}

function shapeImports(entry: MapEntry, problems: ProblemList): ImportEntry[] {
    const node = entry.value;
    if (node.kind === "scalar" && node.value === null) return [];
    if (node.kind !== "seq") {
        problems.add(
            makeProblem("BAD_IMPORT", node.loc, `import must be a list of paths, got ${describeValue(node)}`, {
                field: "import",
            }),
        );
        return [];
    }
    const imports: ImportEntry[] = [];
    for (const item of node.items) {
        if (item.kind === "scalar" && typeof item.value === "string" && item.value !== "") {
            imports.push(...checkImportPath(item.value, item.loc, false, problems));
            continue;
        }
        if (item.kind === "map") {
            const path = item.entries.get("path")?.value;
            const skip = item.entries.get("skip_if_missing")?.value;
            const unsupported = [...item.entries.keys()].filter((k) => k !== "path" && k !== "skip_if_missing");
            if (unsupported.length > 0) {
                problems.add(
                    makeProblem(
                        "BAD_IMPORT",
                        item.loc,
                        `import entry key ${unsupported[0]} is not supported (templates are not evaluated); an entry is a path or {path, skip_if_missing}`,
                        { field: "import" },
                    ),
                );
                continue;
            }
            if (path?.kind !== "scalar" || typeof path.value !== "string" || path.value === "") {
                problems.add(
                    makeProblem(
                        "BAD_IMPORT",
                        item.loc,
                        `import entry must have a path (a string), got ${describeValue(item)}`,
                        { field: "import" },
                    ),
                );
                continue;
            }
            if (skip !== undefined && (skip.kind !== "scalar" || typeof skip.value !== "boolean")) {
                problems.add(
                    makeProblem(
                        "BAD_IMPORT",
                        skip.loc,
                        `import skip_if_missing must be a bool, got ${describeValue(skip)}`,
                        { field: "import" },
                    ),
                );
                continue;
            }
            imports.push(
                ...checkImportPath(path.value, path.loc, skip?.kind === "scalar" && skip.value === true, problems),
            );
            continue;
        }
        problems.add(
            makeProblem("BAD_IMPORT", item.loc, `import entry must be a path (a string), got ${describeValue(item)}`, {
                field: "import",
            }),
        );
    }
    return imports;
}

/** The entry, or nothing (and a problem) for a glob pattern. */
function checkImportPath(path: string, loc: Location, skipIfMissing: boolean, problems: ProblemList): ImportEntry[] {
    if (/[*?[\]{}]/.test(path)) {
        problems.add(
            makeProblem("BAD_IMPORT", loc, `import ${path}: glob patterns are not supported; list the files`, {
                field: "import",
            }),
        );
        return [];
    }
    return [{ path, loc, skipIfMissing }];
}

function shapeTerraformSection(entry: MapEntry, problems: ProblemList): MapNode | undefined {
    const section = asMap(entry, "terraform", problems);
    if (!section) return undefined;
    const kept: MapEntry[] = [];
    for (const inner of section.entries.values()) {
        if (inner.key === "vars") {
            const vars = asMap(inner, "terraform.vars", problems);
            if (vars) kept.push({ ...inner, value: vars });
        } else if (inner.key === "overrides") {
            problems.add(
                makeProblem(
                    "UNSUPPORTED",
                    inner.keyLoc,
                    "terraform.overrides is not supported; set the vars in the instances (or use metadata.inherits)",
                    { field: "terraform.overrides" },
                ),
            );
        }
        // Other keys (backend, providers, settings, ...) configure the Terraform run: ignored.
    }
    return mapFrom(section.loc, kept);
}

function shapeComponents(entry: MapEntry, problems: ProblemList): MapNode | undefined {
    const components = asMap(entry, "components", problems);
    if (!components) return undefined;
    const kept: MapEntry[] = [];
    for (const inner of components.entries.values()) {
        if (inner.key === "terraform") {
            const terraform = asMap(inner, "components.terraform", problems);
            if (!terraform) continue;
            const instances: MapEntry[] = [];
            for (const instance of terraform.entries.values()) {
                const shaped = shapeInstance(instance, problems);
                if (shaped) instances.push({ ...instance, value: shaped });
            }
            kept.push({ ...inner, value: mapFrom(terraform.loc, instances) });
        } else if (!COMPONENT_TYPES_IGNORED.includes(inner.key)) {
            problems.add(
                makeProblem(
                    "UNKNOWN_KEY",
                    inner.keyLoc,
                    `unknown key components.${inner.key}${didYouMean(inner.key, ["terraform"])}`,
                    { field: `components.${inner.key}` },
                ),
            );
        }
    }
    return mapFrom(components.loc, kept);
}

function shapeInstance(entry: MapEntry, problems: ProblemList): MapNode | undefined {
    const name = entry.key;
    const who = `instance ${JSON.stringify(name)}`;
    const instance = asMap(entry, "", problems, `${who} must be a map with metadata and vars`, name);
    if (!instance) return undefined;
    const kept: MapEntry[] = [];
    for (const inner of instance.entries.values()) {
        const details = { instance: name, field: inner.key };
        if (inner.key === "vars") {
            const vars = asMap(inner, "vars", problems, undefined, name);
            if (vars) kept.push({ ...inner, value: vars });
        } else if (inner.key === "metadata") {
            const metadata = shapeMetadata(inner, name, problems);
            if (metadata) kept.push({ ...inner, value: metadata });
        } else if (inner.key === "component") {
            problems.add(
                makeProblem(
                    "UNSUPPORTED",
                    inner.keyLoc,
                    `${who}: a top-level component key is Atmos' deprecated form; use metadata.component (and metadata.inherits)`,
                    details,
                ),
            );
        } else if (!INSTANCE_IGNORED.includes(inner.key)) {
            problems.add(
                makeProblem(
                    "UNKNOWN_KEY",
                    inner.keyLoc,
                    `${who}: unknown key ${inner.key}${didYouMean(inner.key, INSTANCE_USED)}`,
                    details,
                ),
            );
        }
    }
    return mapFrom(instance.loc, kept);
}

function shapeMetadata(entry: MapEntry, name: string, problems: ProblemList): MapNode | undefined {
    const who = `instance ${JSON.stringify(name)}`;
    const metadata = asMap(entry, "metadata", problems, undefined, name);
    if (!metadata) return undefined;
    const kept: MapEntry[] = [];
    for (const inner of metadata.entries.values()) {
        const field = `metadata.${inner.key}`;
        const details = { instance: name, field };
        const value = inner.value;
        if (value.kind === "scalar" && value.value === null) continue; // not set
        const bad = (expected: string): void =>
            problems.add(
                makeProblem(
                    "BAD_SHAPE",
                    value.loc,
                    `${who}: ${field} must be ${expected}, got ${describeValue(value)}`,
                    details,
                ),
            );
        switch (inner.key) {
            case "component":
                if (value.kind === "scalar" && typeof value.value === "string" && value.value !== "") kept.push(inner);
                else bad("a component path (a string)");
                break;
            case "inherits":
                if (
                    value.kind === "seq" &&
                    value.items.every((i) => i.kind === "scalar" && typeof i.value === "string" && i.value !== "")
                )
                    kept.push(inner);
                else bad("a list of instance names");
                break;
            case "type":
                if (value.kind === "scalar" && (value.value === "abstract" || value.value === "real")) kept.push(inner);
                else bad("abstract or real");
                break;
            case "enabled":
                if (value.kind === "scalar" && typeof value.value === "boolean") kept.push(inner);
                else bad("a bool");
                break;
            default:
                if (!METADATA_IGNORED.includes(inner.key)) {
                    problems.add(
                        makeProblem(
                            "UNKNOWN_KEY",
                            inner.keyLoc,
                            `${who}: unknown key ${field}${didYouMean(inner.key, METADATA_USED)}`,
                            details,
                        ),
                    );
                }
        }
    }
    return mapFrom(metadata.loc, kept);
}

/** The entry's value as a map (null counts as an empty map), or a BAD_SHAPE problem. */
function asMap(
    entry: MapEntry,
    field: string,
    problems: ProblemList,
    reason?: string,
    instance?: string,
): MapNode | undefined {
    const node = entry.value;
    if (node.kind === "map") return node;
    if (node.kind === "scalar" && node.value === null) return emptyMap(node.loc);
    const prefix = instance === undefined ? "" : `instance ${JSON.stringify(instance)}: `;
    const text = reason ?? `${prefix}${field} must be a map`;
    problems.add(
        makeProblem("BAD_SHAPE", node.loc, `${text}, got ${describeValue(node)}`, {
            ...(instance !== undefined ? { instance } : {}),
            ...(field !== "" ? { field } : {}),
        }),
    );
    return undefined;
}

function mapFrom(loc: Location, entries: readonly MapEntry[]): MapNode {
    return { kind: "map", loc, entries: new Map(entries.map((e) => [e.key, e])) };
}
