/**
 * The arguments every component takes about the instance itself rather than its resources,
 * declared once. Pure data.
 */
import type { ArgDefinition, ArgTable } from "./definition";

/** Arguments every component takes about the instance itself. */
export interface InstanceArgs {
    /**
     * Previous names of this instance: the component (and, through it, its children) keeps its
     * resources when renamed (Pulumi `aliases`); mirrors `aliases`.
     * @default []
     */
    readonly aliases?: readonly string[] | null;
}

/** The instance arguments, listed after each component's own. */
export const INSTANCE_ARGS: ArgTable<InstanceArgs> = {
    aliases: {
        var: "aliases",
        type: "list(string)",
        defaultText: "`[]`",
        defaultTs: "`[]`",
        rule: "previous names of the instance (Pulumi aliases)",
        origin: "added by this port",
        doc: "Previous names of this instance; a rename keeps its resources.",
    },
};

/** Every component's `region` argument: required in stack files, the AWS provider's in TypeScript. */
export const REGION_ARG: ArgDefinition = {
    input: true,
    var: "region",
    type: "string",
    required: true,
    defaultText: "none (required)",
    defaultTs: "the AWS provider's region",
    rule: "an AWS region name, e.g. `us-east-2`; in TypeScript, unset means the AWS provider's region",
    doc: "AWS region of every resource.",
};
