/**
 * One SSM parameter, one owner: the tag that names the Pulumi stack owning a key's parameter, and the
 * check, before the parameter is created or updated, that no other stack owns the path. Pure (no
 * Pulumi import); the api-key component reads the tags (Resource Groups Tagging API) and applies it.
 *
 * Without `overwrite`, SSM's PutParameter refuses a path that exists, so a second stack can neither
 * take the parameter over nor, never holding it in its state, delete it (terraform-provider-aws
 * internal/service/ssm/parameter.go: `shouldUpdateParameter` overwrites only what the resource
 * created, or when `overwrite` is set). The tag turns AWS's refusal into a message naming the owner.
 */
import { describeValue } from "./errors";

/** The tag key that names the owning stack (`<organization>/<project>/<stack>`). */
export const SSM_OWNER_TAG = "pulumi:stack";

/** The owner value of a stack. */
export function ssmOwner(deployment: { organization: string; project: string; stack: string }): string {
    return `${deployment.organization}/${deployment.project}/${deployment.stack}`;
}

/** The end of a parameter's ARN (`arn:...:parameter/a/b` for `/a/b`, `parameter/x` for `x`). */
function arnSuffix(path: string): string {
    return `:parameter${path.startsWith("/") ? path : `/${path}`}`;
}

/** A resource and its tags, as the Resource Groups Tagging API lists it. */
export interface TaggedResource {
    readonly resourceArn: string;
    readonly tags: Readonly<Record<string, string>>;
}

/**
 * Why this stack (`owner`) may not write the parameter at `path`, or undefined: the parameter exists
 * and its owner tag names another stack. `tagged`: the SSM parameters carrying the owner tag.
 */
export function ssmOwnerConflict(tagged: readonly TaggedResource[], path: string, owner: string): string | undefined {
    const suffix = arnSuffix(path);
    const found = tagged.find((resource) => resource.resourceArn.endsWith(suffix));
    const other = found?.tags[SSM_OWNER_TAG];
    if (other === undefined || other === owner) return undefined;
    return (
        `the SSM parameter ${describeValue(path)} belongs to the stack ${describeValue(other)} (its ${SSM_OWNER_TAG} ` +
        `tag), and one parameter has one owner: this stack (${owner}) would neither take it over nor delete it; ` +
        `give this instance another path (its label or ssm_path_format_api_key / ssmPathFormatApiKey), or, if ` +
        `${other} is this stack's former name (pulumi stack rename), retag the parameter: aws ssm ` +
        `add-tags-to-resource --resource-type Parameter --resource-id ${path} --tags Key=${SSM_OWNER_TAG},Value=${owner}`
    );
}
