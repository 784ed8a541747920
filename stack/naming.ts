/**
 * Naming of a stack's components as Atmos names them: the stack name of each component (manifest
 * `name:`, `stacks.name_template`, `stacks.name_pattern`, else the manifest's file) and its
 * Terraform workspace.
 */
import type { AtmosConfig } from "./atmosConfig";
import type { MergedComponent } from "./inheritance";
import { mergeAll } from "./merge";
import { fileStackName, readNamePattern } from "./names";
import { isLimit, processTmpl, templateSettingsFrom } from "./templating";
import { toPlain, type MapNode } from "./tree";
import { isPlainObject } from "../util/objects";
import { rethrowIfInternal } from "../util/internalError";

/** The stack name of one component (Atmos computes names per component). */
export function componentStackName(
    component: MergedComponent | undefined,
    root: MapNode,
    manifest: string,
    config: AtmosConfig,
    env?: Readonly<Record<string, string | undefined>>,
): { name: string; problem?: string; warning?: string; limit?: boolean } {
    const nameNode = root.entries.get("name")?.value;
    if (nameNode?.kind === "scalar" && typeof nameNode.value === "string" && nameNode.value !== "")
        return { name: nameNode.value };
    // The file name only when nothing else names the stack (it is asked for once per component).
    let fileName: string | undefined;
    const fallbackName = () => (fileName ??= fileStackName(manifest, config.stacksBasePath));
    const context = component?.context ?? { vars: toPlain(mergeAll([], root.loc, "replace")) };
    if (config.nameTemplate) {
        // Atmos's ProcessTmpl: Gomplate's, Sprig's and Atmos's functions whatever templates.settings says.
        const settings = templateSettingsFrom(config.raw, config.files.length > 0);
        try {
            return {
                name: processTmpl(
                    "name_template",
                    config.nameTemplate,
                    context,
                    settings.ignoreMissingTemplateValues,
                    env,
                ),
            };
        } catch (error) {
            rethrowIfInternal(error);
            const message = (error as Error).message;
            if (/not supported/.test(message))
                return {
                    name: fallbackName(),
                    warning: `stacks.name_template ${JSON.stringify(config.nameTemplate)}: ${message}; the stack is named ${fallbackName()} after its file`,
                };
            return {
                name: fallbackName(),
                problem: `stacks.name_template ${JSON.stringify(config.nameTemplate)} cannot be rendered: ${message}`,
                // A template limit is never hidden (listing stacks reports it for the stack).
                ...(isLimit(error) ? { limit: true } : {}),
            };
        }
    }
    if (config.namePattern) {
        const read = readNamePattern(
            config.namePattern,
            (component?.nameVars ?? context.vars ?? {}) as Record<string, unknown>,
        );
        if ("name" in read) return { name: read.name };
        return {
            name: fallbackName(),
            warning: `stacks.name_pattern ${JSON.stringify(config.namePattern)} cannot be applied (${read.failure}); the stack is named ${fallbackName()} after its file, as Atmos describe stacks does`,
        };
    }
    return { name: fallbackName() };
}

/** `metadata.terraform_workspace_template` failed to render; Atmos stops there (`reason`: the template's error). */
export class WorkspaceTemplateError extends Error {
    constructor(
        readonly reason: string,
        /** Whether a template limit was reached. */
        readonly limit: boolean,
    ) {
        super(`metadata.terraform_workspace_template cannot be rendered: ${reason}`);
        this.name = "WorkspaceTemplateError";
    }
}

/**
 * The Terraform workspace of a component (Atmos's BuildTerraformWorkspace, `stack_utils.go`):
 * `default` when atmos.yaml disables workspaces; else `metadata.terraform_workspace_template`
 * (rendered), `metadata.terraform_workspace_pattern` (context tokens), `metadata.terraform_workspace`,
 * else the stack name, followed by `-<instance>` when the instance's Terraform component is not its
 * own name. Slashes become dashes.
 * @throws WorkspaceTemplateError when the template of a Terraform component fails, as Atmos stops.
 */
export function terraformWorkspace(
    component: MergedComponent,
    prefix: string,
    config: AtmosConfig,
    env?: Readonly<Record<string, string | undefined>>,
): string {
    const terraformConfig = followRecord(config.raw, ["components", "terraform"]);
    if (terraformConfig?.workspaces_enabled === false) return "default";
    const metadata = (component.context.metadata ?? {}) as Record<string, unknown>;
    const vars = (component.context.vars ?? {}) as Record<string, unknown>;
    const baseComponent = component.component === component.name ? "" : component.component;
    let workspace: string | undefined;
    if (typeof metadata.terraform_workspace_template === "string") {
        try {
            workspace = processTmpl(
                "terraform-workspace-template",
                metadata.terraform_workspace_template,
                component.context,
                false,
                env,
            );
        } catch (error) {
            rethrowIfInternal(error);
            // Atmos builds a workspace for Terraform components only (describe_stacks_component_processor.go
            // 497-503 at 0a1cb44), and a template that fails stops it (stack_utils.go 54-59): a custom type's
            // instance keeps the default.
            if (component.componentType === "pulumi") workspace = undefined;
            else throw new WorkspaceTemplateError((error as Error).message, isLimit(error));
        }
    } else if (typeof metadata.terraform_workspace_pattern === "string") {
        const text = (key: string): string => (typeof vars[key] === "string" ? (vars[key] as string) : "");
        const tokens: Record<string, string> = {
            "{base-component}": baseComponent.slice(baseComponent.lastIndexOf("/") + 1),
            "{component}": component.name,
            "{namespace}": text("namespace"),
            "{environment}": text("environment"),
            "{region}": text("region"),
            "{tenant}": text("tenant"),
            "{stage}": text("stage"),
            "{attributes}": Array.isArray(vars.attributes) ? vars.attributes.map(String).join("-") : "",
        };
        workspace = metadata.terraform_workspace_pattern.replace(
            /\{(?:base-component|component|namespace|environment|region|tenant|stage|attributes)\}/g,
            (token) => tokens[token],
        );
    } else if (typeof metadata.terraform_workspace === "string") {
        workspace = metadata.terraform_workspace;
    }
    workspace ??= baseComponent === "" ? prefix : `${prefix}-${component.name}`;
    return workspace.replace(/\//g, "-");
}

/** The record at `path` under `value`, when every step is a plain object. */
export function followRecord(
    value: Record<string, unknown>,
    path: readonly string[],
): Record<string, unknown> | undefined {
    let v: unknown = value;
    for (const key of path) v = isPlainObject(v) ? v[key] : undefined;
    return isPlainObject(v) ? v : undefined;
}
