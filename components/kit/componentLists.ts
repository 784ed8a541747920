/**
 * The lists of components the package's prose would otherwise name by hand, from the component list: what `tf-adopt`
 * adopts (docs/migrating.md), and the package's keywords (package.json, the plugin's schema). Pure.
 */
import type { ComponentDefinition } from "./definition";
import type { ComponentRules } from "./kit";
import { COMPONENT_DEFINITIONS, loadComponentRules } from "../registry";

/** docs/migrating.md, whose table of what `tf-adopt` adopts is generated. */
export const MIGRATING_GUIDE = "docs/migrating.md";

/** The table of what each adopting component takes from a Terraform state, and the vars that adopt it. */
export function adoptionTable(
    definitions: readonly ComponentDefinition[] = COMPONENT_DEFINITIONS,
    rules: ReadonlyMap<string, ComponentRules> = loadComponentRules(),
): string {
    const code = (text: string) => `\`${text}\``;
    const rows = definitions.flatMap((definition) => {
        const adoption = rules.get(definition.path)?.adoption;
        if (adoption === undefined) return [];
        const vars = adoption.adoptionArgs.map(
            (arg) => (definition.args as Readonly<Record<string, { var?: string }>>)[arg]?.var ?? arg,
        );
        return [
            `| ${code(definition.path)} | ${adoption.adopts.map((a) => `${a.what} (${code(a.type)})`).join(", ")} | ${vars.map(code).join(", ")} |`,
        ];
    });
    return [
        "| Component | What it takes from a state (Terraform resource type) | Vars that adopt |",
        "|---|---|---|",
        ...rows,
    ].join("\n");
}

/** The keywords every release has, before the components' own. */
const PACKAGE_KEYWORDS = ["pulumi", "aws", "cloudposse", "null-label", "atmos", "component"];

/** The package's keywords: its own, then each segment of each component's path (`managed-dashboards`, `api-key`). */
export function packageKeywords(definitions: readonly ComponentDefinition[] = COMPONENT_DEFINITIONS): string[] {
    return [...new Set([...PACKAGE_KEYWORDS, ...definitions.flatMap((definition) => definition.path.split("/"))])];
}
