/**
 * Deploy-time values (`!terraform.output`, `!terraform.state`, `!store`) read when the program deploys:
 * a Terraform component's output from its S3 state object, an instance's from its Pulumi stack, an SSM
 * parameter. Each an Output: unknown while it cannot be known, secret when sensitive (SSM: always).
 */
import * as pulumi from "@pulumi/pulumi";
import { Provider as AwsProvider } from "@pulumi/aws/provider";
import { getObjectOutput } from "@pulumi/aws/s3";
import { getParameterOutput } from "@pulumi/aws/ssm";
import { argOf, type ComponentDefinition } from "../components/kit/definition";
import {
    instanceStackName,
    isDeployTimeReference,
    readByComponent,
    type DeployTimeReference,
    type StackOutputReference,
    type TerraformStateSource,
} from "../components/kit/deployTime";
import { stateOutput, valueAtPath } from "../components/kit/terraformStateOutputs";
import { goJson } from "../gotemplate";
import { hasOwn, isPlainObject } from "../util/objects";
import { CloudposseError } from "../util/errors";
import type { StackInstance } from "../stack";

/** Where a deploy-time value is given: the instance, its component and the var (snake_case). */
export interface DeployTimeSite {
    readonly component: string;
    readonly instance: string;
    readonly var: string;
}

/** A deploy-time value that could not be read: names the instance, the var, what it read and why. */
export class DeployTimeValueError extends CloudposseError {
    readonly code = "DEPLOY_TIME_VALUE";
    constructor(message: string) {
        super(message);
        this.name = "DeployTimeValueError";
    }
}

/** `s3://<bucket>/<key>`, how the plan and the messages name a state object. */
export function stateObjectUrl(source: TerraformStateSource): string {
    return `s3://${source.bucket}/${source.key}`;
}

/**
 * The arguments of `instance` (camelCase) whose deploy-time value the program reads: every one
 * but those the component reads itself (an argument's `deployTimeOutput`).
 */
export function programReadArgs(instance: StackInstance, definition: ComponentDefinition): string[] {
    return Object.entries(instance.args).flatMap(([arg, value]) =>
        isDeployTimeReference(value) && !readByComponent(argOf(definition, arg)?.deployTimeOutput, value) ? [arg] : [],
    );
}

/** The Output that reads `reference` at deploy time, for the var of `site`. */
export function deployTimeValue(reference: DeployTimeReference, site: DeployTimeSite): pulumi.Output<unknown> {
    const who = `${site.component} "${site.instance}": ${site.var} ${reference.text}`;
    if (reference.kind === "ssm-parameter") {
        // Not read in a preview either: unknown until the update.
        if (pulumi.runtime.isDryRun()) return pulumi.output(undefined).apply(() => pulumi.unknown as unknown);
        const parameter = getParameterOutput({
            name: reference.parameter,
            withDecryption: true,
            ...(reference.region !== undefined ? { region: reference.region } : {}),
        });
        return parameter.value.apply((text) => {
            if (text === undefined) return pulumi.unknown;
            return pulumi.secret(
                asWritten(
                    reference,
                    pathInto(jsonOrText(text), reference.path, who, `SSM parameter ${reference.parameter}`),
                    who,
                ),
            );
        });
    }
    return reference.source !== undefined
        ? terraformOutput(reference, reference.source, who, site)
        : pulumiOutput(reference, who, site);
}

/** A Terraform component's output, from its state object (application/json: Terraform's S3 client writes it so). */
function terraformOutput(
    reference: StackOutputReference,
    source: TerraformStateSource,
    who: string,
    site: DeployTimeSite,
): pulumi.Output<unknown> {
    // In a preview the state is not read: the value is unknown until the update (the state may not
    // exist yet, and a preview needs no access to it).
    if (pulumi.runtime.isDryRun()) return pulumi.output(undefined).apply(() => pulumi.unknown as unknown);
    const where = `the Terraform state ${stateObjectUrl(source)} (component ${reference.component}, stack ${source.stack}, workspace ${source.workspace})`;
    const provider =
        source.roleArn !== undefined
            ? new AwsProvider(`${site.instance}-${site.var}-state`, {
                  ...(source.region !== undefined ? { region: source.region } : {}),
                  assumeRoles: [{ roleArn: source.roleArn }],
              })
            : undefined;
    const object = getObjectOutput(
        {
            bucket: source.bucket,
            key: source.key,
            ...(source.region !== undefined && provider === undefined ? { region: source.region } : {}),
        },
        provider !== undefined ? { provider } : {},
    );
    return object.body.apply((body) => {
        // Nothing to read (a plan offline): unknown, as in a preview.
        if (body === undefined || body === null) return pulumi.unknown;
        let read;
        try {
            read = stateOutput(body, reference.output, reference.path);
        } catch (error) {
            // stateOutput throws only StateOutputError (its parse errors included).
            throw new DeployTimeValueError(`${who}: reads ${where}, but ${(error as Error).message}`);
        }
        const value = asWritten(reference, read.value, who);
        return read.sensitive ? pulumi.secret(value) : value;
    });
}

/** An instance's output, from its Pulumi stack (`<organization>/<instance project>/<stack>`). */
function pulumiOutput(reference: StackOutputReference, who: string, site: DeployTimeSite): pulumi.Output<unknown> {
    let organization = "organization";
    try {
        organization = pulumi.getOrganization();
    } catch {
        // No organization configured (mocks without one): the self-managed backends' name.
    }
    const name = instanceStackName(organization, reference.component, reference.stack ?? pulumi.getStack());
    const stack = new pulumi.StackReference(`${site.instance}-${site.var}`, { name });
    // Own outputs only (an output named __proto__ would otherwise be found through the prototype).
    const has = stack.outputs.apply((outputs: unknown) => isPlainObject(outputs) && hasOwn(outputs, reference.output));
    return pulumi.all([pulumi.unsecret(has)]).apply(([present]) => {
        if (!present)
            throw new DeployTimeValueError(
                `${who}: the Pulumi stack ${name} has no output ${JSON.stringify(reference.output)}; deploy ${reference.component} in that stack first (atmos pulumi up ${reference.component} -s ${reference.stack ?? pulumi.getStack()})`,
            );
        return stack
            .getOutputDetails(reference.output)
            .then((details) =>
                details.secretValue !== undefined
                    ? pulumi.secret(
                          asWritten(
                              reference,
                              pathInto(details.secretValue, reference.path, who, `stack ${name}`),
                              who,
                          ),
                      )
                    : asWritten(reference, pathInto(details.value, reference.path, who, `stack ${name}`), who),
            );
    });
}

/**
 * The value read, as the var takes it: itself, or its JSON text when the var piped it to a JSON
 * function (`| toJson`: Go's json.Marshal, as the template would have written it while loading).
 */
function asWritten(reference: DeployTimeReference, value: unknown, who: string): unknown {
    if (reference.jsonText === undefined) return value;
    try {
        return goJson(value, "", !reference.jsonText.escapeHtml);
    } catch (error) {
        throw new DeployTimeValueError(`${who}: the value read cannot be written as JSON: ${(error as Error).message}`);
    }
}

function jsonOrText(text: string): unknown {
    try {
        return JSON.parse(text) as unknown;
    } catch {
        return text;
    }
}

/** `value` at `path` (the yq path after the output's name), or an error naming what was read. */
function pathInto(value: unknown, path: readonly (string | number)[], who: string, what: string): unknown {
    const at = valueAtPath(value, path);
    if ("missing" in at) throw new DeployTimeValueError(`${who}: ${what} has nothing at ${at.missing}`);
    return at.value;
}
