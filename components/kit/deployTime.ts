/**
 * Values a stack file gives that are known only at deploy time (`!terraform.output`, `!store`): what
 * the stack loader produces and a component's wiring reads. Pure data.
 */
import { hasOwn, isPlainObject } from "../../util/objects";

/**
 * The value is the JSON text of what the reference reads, as Go's json.Marshal writes it (Sprig's
 * `toJson`, HTML escaped; `toRawJson`, not): a var written `{{ (atmos.Component ...).outputs.x | toJson }}`.
 */
export interface JsonText {
    readonly escapeHtml: boolean;
}

/** A value known only at deploy time: an output of another instance's Pulumi stack. */
export interface StackOutputReference {
    readonly kind: "stack-output";
    /** `!terraform.output` or `!terraform.state` (both read the referenced stack's outputs). */
    readonly function: "!terraform.output" | "!terraform.state";
    /** The Atmos component instance whose outputs are read. */
    readonly component: string;
    /** The Atmos stack; undefined: the current one. */
    readonly stack?: string;
    /** The output name. */
    readonly output: string;
    /** A path into the output's value (`.a.b[0]` after the name). */
    readonly path: readonly (string | number)[];
    /** The function as written. */
    readonly text: string;
    /**
     * Where the outputs are read from when the component is still Terraform's (under
     * `components.terraform` and not one of this package's): its state object in the backend.
     * Absent: the instance's Pulumi stack, by StackReference (`instanceStackName`).
     */
    readonly source?: TerraformStateSource;
    /** The value is the JSON text of the output read. */
    readonly jsonText?: JsonText;
}

/**
 * A Terraform component's state in an S3 backend, located as Cloud Posse's remote-state module
 * and Atmos's `!terraform.state` locate it: the object `<workspace_key_prefix>/<workspace>/<key>`,
 * or `<key>` for the `default` workspace.
 */
export interface TerraformStateSource {
    readonly backend: "s3";
    readonly bucket: string;
    /** The object's key. */
    readonly key: string;
    /** The bucket's region, when the backend names one. */
    readonly region?: string;
    /** A role to assume to read it (the backend's `assume_role.role_arn` or `role_arn`). */
    readonly roleArn?: string;
    /** The Terraform workspace. */
    readonly workspace: string;
    /** The Atmos stack the component belongs to. */
    readonly stack: string;
}

/** A value known only at deploy time: an SSM Parameter Store parameter. */
export interface SsmParameterReference {
    readonly kind: "ssm-parameter";
    readonly function: "!store" | "!store.get";
    /** The store's name in atmos.yaml `stores`. */
    readonly store: string;
    /** The parameter name, built as Atmos's SSM store does. */
    readonly parameter: string;
    /** The store's region, when atmos.yaml sets one. */
    readonly region?: string;
    /** `| default v`: the value when the parameter does not exist. */
    readonly default?: unknown;
    /** `| query .a.b`: a path into the (JSON-decoded) value. */
    readonly path: readonly (string | number)[];
    readonly text: string;
    /** The value is the JSON text of the value read. */
    readonly jsonText?: JsonText;
}

/** A value the program resolves at deploy time. */
export type DeployTimeReference = StackOutputReference | SsmParameterReference;

/** Whether a value is a {@link DeployTimeReference}. */
export function isDeployTimeReference(value: unknown): value is DeployTimeReference {
    return (
        isPlainObject(value) &&
        (value.kind === "stack-output" || value.kind === "ssm-parameter") &&
        typeof (value as { text?: unknown }).text === "string" &&
        hasOwn(value, DEPLOY_TIME)
    );
}

const DEPLOY_TIME = "__deployTime";

/** Marks `r` as a deploy-time reference (what {@link isDeployTimeReference} recognises). */
export function deployTimeReference<T extends DeployTimeReference>(r: T): T {
    Object.defineProperty(r, DEPLOY_TIME, { value: true, enumerable: false });
    return r;
}

/**
 * The Pulumi project of an Atmos component instance: its name with every `/` as `-`
 * (`managed-dashboards/workspace` -> `managed-dashboards-workspace`). One Pulumi stack per (Atmos
 * stack, instance): `<organization>/<this project>/<Atmos stack>`, the stack `atmos pulumi up
 * <instance> -s <stack>` deploys and a `!terraform.output <instance> [<stack>] ...` of a Pulumi
 * instance reads (docs/atmos-cli.md).
 */
export function instanceProjectName(instance: string): string {
    return instance.replace(/\//g, "-");
}

/** The full name of the Pulumi stack of `instance` in the Atmos stack `atmosStack` (see {@link instanceProjectName}). */
export function instanceStackName(organization: string, instance: string, atmosStack: string): string {
    return `${organization}/${instanceProjectName(instance)}/${atmosStack}`;
}

/**
 * Whether the component reads `reference` itself (an arg's `deployTimeOutput`, e.g. the api-key's
 * `workspace_id` read with its own StackReference): a Pulumi stack's output of that name, whole.
 * Every other deploy-time value of an arg that takes an Output is read by the program.
 */
export function readByComponent(
    accepted: { readonly output: string } | undefined,
    reference: DeployTimeReference,
): boolean {
    return (
        accepted !== undefined &&
        reference.kind === "stack-output" &&
        reference.source === undefined &&
        reference.output === accepted.output &&
        reference.path.length === 0 &&
        reference.jsonText === undefined
    );
}
