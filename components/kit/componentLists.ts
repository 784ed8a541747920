/**
 * The lists of components the package's prose would otherwise name by hand, from the component list: what `tf-adopt`
 * adopts (docs/migrating.md), the checks they declare (docs/lifecycle.md), the package's keywords. Pure.
 */
import type { ComponentDefinition, OutputDefinition } from "./definition";
import { optInFlag } from "./deploymentGuards";
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

/** docs/lifecycle.md, whose table of the checks the components declare is generated. */
export const LIFECYCLE_GUIDE = "docs/lifecycle.md";

/**
 * The checks against the last deployment that the components declare (their outputs' `whenRenamed` and `holdsData`,
 * components/kit/deploymentGuards.ts): what the run would do, what it loses, and what lets it through.
 */
export function declaredChecksTable(definitions: readonly ComponentDefinition[] = COMPONENT_DEFINITIONS): string {
    const code = (text: string) => `\`${text}\``;
    const optIn = (key: string) => `${code(`pulumi config set ${key} '<instance>'`)} (synth: ${code(optInFlag(key))})`;
    const rows = definitions.flatMap((definition) =>
        Object.values(definition.outputs as Readonly<Record<string, OutputDefinition>>).flatMap((output) => {
            const path = code(definition.path);
            const rows: string[] = [];
            const renamed = output.whenRenamed;
            if (renamed !== undefined) {
                const vars = renamed.args.map((arg) => code(argVar(definition, arg)));
                rows.push(
                    `| ${path} | change its ${renamed.what} (${[...vars, "the label"].join(" or ")}) | ` +
                        `${renamed.consequence(code("<old>"), code("<new>"))} | ${code("DeploymentGuardError")} naming both | ` +
                        `set it back; or ${renamed.move(code("<new>"))}, then ${optIn(renamed.optIn)} |`,
                );
            }
            const holds = output.holdsData;
            if (holds !== undefined) {
                rows.push(
                    `| ${path} | disable or remove an instance whose ${holds.what} the last deployment did not keep on ` +
                        `delete (deployed by an older version) | the ${holds.what} and ${holds.data} are deleted at the end ` +
                        `of the run | ${code("DeploymentGuardError")} | run ${code("pulumi up")} once with the instance as ` +
                        `deployed (this records ${code(holds.keepVar)}, true by default), then disable or remove it; or ` +
                        `${optIn(holds.optIn)} |`,
                );
            }
            return rows;
        }),
    );
    return [
        "| Component | The run would | Why it loses something | Refused with | Let it through with |",
        "|---|---|---|---|---|",
        ...rows,
    ].join("\n");
}

/** The stack-file var of an argument (its name when it declares none). */
function argVar(definition: ComponentDefinition, arg: string): string {
    return (definition.args as Readonly<Record<string, { var?: string }>>)[arg]?.var ?? arg;
}
