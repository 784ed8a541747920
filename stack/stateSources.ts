/**
 * Mixed estates: a `!terraform.output`/`!terraform.state` naming a component still Terraform's is
 * given where that component's state is (its S3 object); one naming an instance of this package
 * stays a read of the instance's Pulumi stack. Pure.
 */
import { deployTimeReference, isDeployTimeReference, type StackOutputReference } from "../components/kit/deployTime";
import type { AtmosConfig } from "./atmosConfig";
import { canonicalPath } from "./componentPaths";
import { formatLocation, makeProblem, type ProblemList } from "./errors";
import type { MergedComponent } from "./inheritance";
import type { StackComponent, StackInstance } from "./loadTypes";
import { terraformWorkspace, WorkspaceTemplateError } from "./naming";
import { terraformStateSource } from "./terraformState";

/** Where the components of a stack come from. */
export interface ComponentLookup {
    readonly config: AtmosConfig;
    readonly env?: Readonly<Record<string, string | undefined>>;
    /** The components of the stack named so (this one's, or another the repository has), or undefined. */
    readonly componentsOf: (stack: string) => readonly StackComponent[] | undefined;
}

/**
 * Whether a merged component is deployed by Terraform: under `components.terraform` and not one of
 * this package's components (`components.pulumi` instances are read by StackReference).
 */
function isTerraforms(component: MergedComponent): boolean {
    const type = component.componentType ?? "terraform";
    return type === "terraform" && canonicalPath(component.component) === undefined;
}

/**
 * `instances` with each `!terraform.output`/`!terraform.state` of a Terraform component given its
 * state's location (the stack's own, or the one it names). A component that cannot be read (its
 * backend is not s3, or has no bucket or key) is a problem at the var, naming the component, the
 * stack and the backend type. A reference to a component neither stack has is left to the
 * Pulumi StackReference it was.
 */
export function withStateSources(
    instances: readonly StackInstance[],
    stackName: string,
    lookup: ComponentLookup,
    problems: ProblemList,
): StackInstance[] {
    return instances.map((instance) => {
        let vars: Record<string, unknown> | undefined;
        let args: Record<string, unknown> | undefined;
        for (const [varName, value] of Object.entries(instance.vars)) {
            if (!isDeployTimeReference(value) || value.kind !== "stack-output") continue;
            const sourced = sourceOf(value, instance, varName, stackName, lookup, problems);
            if (sourced === value) continue;
            vars ??= { ...instance.vars };
            args ??= { ...instance.args };
            vars[varName] = sourced;
            args[instance.schema.vars[varName].arg] = sourced;
        }
        return vars === undefined ? instance : { ...instance, vars, args: args! };
    });
}

function sourceOf(
    reference: StackOutputReference,
    instance: StackInstance,
    varName: string,
    stackName: string,
    lookup: ComponentLookup,
    problems: ProblemList,
): StackOutputReference {
    const stack = reference.stack ?? stackName;
    const found = lookup.componentsOf(stack)?.find((c) => c.component.name === reference.component);
    if (found === undefined || !isTerraforms(found.component)) return reference;
    let located: ReturnType<typeof terraformStateSource>;
    try {
        const workspace = terraformWorkspace(found.component, found.stack, lookup.config, lookup.env);
        located = terraformStateSource(found.component, workspace, stack, lookup.config);
    } catch (error) {
        if (!(error instanceof WorkspaceTemplateError)) throw error;
        // Atmos's describe of the read component stops there (stack_utils.go 54-59 at 0a1cb44).
        located = { refused: `its ${error.message}` };
    }
    if ("refused" in located) {
        const at = instance.varLocations[varName] ?? instance.location;
        problems.add(
            makeProblem(
                "DEPLOY_TIME_VALUE",
                at,
                `${instance.component} ${JSON.stringify(instance.name)} (stack ${stackName}): ${varName} ${reference.text} reads the Terraform state of component ${JSON.stringify(reference.component)} in stack ${stack} (${formatLocation(found.component.keyLoc)}), but ${located.refused}`,
                {
                    instance: instance.name,
                    field: varName,
                    rule: "a Terraform component read at deploy time has an s3 backend",
                },
            ),
        );
        return reference;
    }
    return deployTimeReference({ ...reference, source: located.source });
}
