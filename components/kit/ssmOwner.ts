/**
 * One SSM parameter, one owner: the tag naming the Pulumi stack that owns a key's parameter, and the check that no
 * other stack owns the path before it is written. Pure; the api-key component reads the tags and applies it.
 */
import { describeValue } from "../../util/describeValue";

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
 * and its owner tag names another stack. `tagged`: the SSM parameters carrying the owner tag; `pathField`: the
 * field that sets the path, in the user's vocabulary (`ssmPathFormatApiKey` in TypeScript, the var in a stack file).
 */
export function ssmOwnerConflict(
    tagged: readonly TaggedResource[],
    path: string,
    owner: string,
    pathField: string,
    /** The URN this stack gives the parameter (see {@link childUrn}), for the way out of a shared one. */
    parameterUrn?: string,
): string | undefined {
    const suffix = arnSuffix(path);
    const found = tagged.find((resource) => resource.resourceArn.endsWith(suffix));
    const other = found?.tags[SSM_OWNER_TAG];
    if (other === undefined || other === owner) return undefined;
    return (
        `the SSM parameter ${describeValue(path)} belongs to the stack ${describeValue(other)} (its ${SSM_OWNER_TAG} ` +
        `tag), and one parameter has one owner: this stack (${owner}) would neither take it over nor delete it; ` +
        `give this instance another path (its label or ${pathField}), or, if ` +
        `${other} is this stack's former name (pulumi stack rename), retag the parameter: aws ssm ` +
        `add-tags-to-resource --resource-type Parameter --resource-id ${path} --tags Key=${SSM_OWNER_TAG},Value=${owner}` +
        `. If this stack's state still holds the parameter (releases that wrote it with overwrite: true let ` +
        `two stacks share it), this stack's pulumi destroy, or removing the instance, would still delete it ` +
        `from under ${other}: drop it from this stack's state first with pulumi state delete ` +
        (parameterUrn === undefined
            ? `<its URN> (pulumi stack --show-urns lists it, ending ::<instance>-parameter)`
            : `'${parameterUrn}'`) +
        ` (the parameter stays in AWS)`
    );
}

/**
 * The URN of a child resource: its parent's qualified type, `$`, its own type, and its name
 * (pulumi/pulumi sdk/go/common/resource/urn/urn.go 80-93, `New`). `parentUrn` is
 * `urn:pulumi:<stack>::<project>::<qualified type>::<name>`; undefined when it is not of that form.
 */
export function childUrn(parentUrn: string, type: string, name: string): string | undefined {
    const parts = parentUrn.split("::");
    if (parts.length < 4 || !parts[0].startsWith("urn:pulumi:")) return undefined;
    return `${parts[0]}::${parts[1]}::${parts[2]}$${type}::${name}`;
}
