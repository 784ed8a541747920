/**
 * What `tf-adopt` adopts of a Cloud Posse `managed-grafana/api-key` deployment (components/kit/adoption.ts): its SSM
 * parameter, matched to an instance by path (this package's, or the original's format for an instance that sets none),
 * and the Grafana API keys, which cannot be imported (a new credential is created) but tell the workspace. Pure.
 */
import { format } from "../../label";
import { sectionOf, stateString as str, type ComponentAdoption } from "../kit/adoption";
import { ORIGINAL_API_KEY_DEFAULTS } from "./definition";
import { resolveDashboardsApiKey } from "./resolve";

/** What adopting one `managed-grafana/api-key` deployment takes (an item of the report's `parameters`). */
export type AdoptableParameter = {
    /** The SSM parameter's name: `ssm_path_format_api_key` must give this path. */
    readonly name: string;
    /** Its Terraform address: to remove from the Terraform state. */
    readonly address: string;
};

/** A Grafana API key Terraform manages (an item of the report's `apiKeys`): it cannot be imported, and is recreated. */
export type ExistingApiKey = {
    readonly keyName: string;
    readonly workspaceId: string;
    readonly address: string;
};

/** The original component's SSM path format (`/grafana/%s/api_key`): its parameters are found under it, and kept. */
const LEGACY_FORMAT = ORIGINAL_API_KEY_DEFAULTS.ssmPathFormatApiKey;

/** `format`'s `%s` as a pattern: the original's parameter path (`/grafana/%s/api_key`) with the key name captured. */
function formatPattern(pathFormat: string): RegExp {
    const [before, after] = pathFormat.split("%s").map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
    return new RegExp(`^${before}([^/]+)${after}$`);
}

const LEGACY_PATH = formatPattern(LEGACY_FORMAT);

/**
 * The `managed-dashboards/api-key` adoption: its instances match a state's SSM parameters by path. One that does not
 * set `ssm_path_format_api_key` also answers for the path it would have under the original's format, which a port
 * straight from Atmos keeps.
 */
export const API_KEY_ADOPTION: ComponentAdoption = {
    adopts: [
        { what: "SSM parameter", type: "aws_ssm_parameter" },
        { what: "Grafana API key", type: "aws_grafana_workspace_api_key" },
    ],
    adoptionArgs: ["adoptExisting"],
    names: (instance) => {
        // The deployment only names the workspace stack, which plays no part here.
        const deployment = { organization: "organization", project: "migration", stack: "adoption" };
        const { ssmPath, keyName } = resolveDashboardsApiKey(instance.name, instance.args, deployment);
        const legacySsmPath =
            instance.vars.ssm_path_format_api_key === undefined ? format(LEGACY_FORMAT, keyName) : undefined;
        return { ssmPath, legacySsmPath, keyName };
    },
    read: (ofType) => {
        const used: string[] = [];
        const parameters: AdoptableParameter[] = [];
        for (const parameter of ofType("aws_ssm_parameter")) {
            const name = str(parameter.attributes.name);
            if (name === undefined) continue;
            parameters.push({ name, address: parameter.address });
            used.push(parameter.address);
        }
        const apiKeys: ExistingApiKey[] = [];
        for (const key of ofType("aws_grafana_workspace_api_key")) {
            apiKeys.push({
                keyName: str(key.attributes.key_name) ?? "",
                workspaceId: str(key.attributes.workspace_id) ?? "",
                address: key.address,
            });
            used.push(key.address);
        }
        return { sections: { parameters, apiKeys }, used, problems: [] };
    },
    steps: (sections) => {
        const apiKeys = sectionOf<ExistingApiKey>(sections, "apiKeys");
        // The first key with a workspace per key name (a map: a state may hold hundreds of thousands).
        const workspaceOfKey = new Map<string, string>();
        for (const key of apiKeys)
            if (key.workspaceId !== "" && !workspaceOfKey.has(key.keyName))
                workspaceOfKey.set(key.keyName, key.workspaceId);
        return {
            adoptables: sectionOf<AdoptableParameter>(sections, "parameters").map((parameter) => {
                const legacy = LEGACY_PATH.exec(parameter.name);
                return {
                    what: `SSM parameter "${parameter.name}"`,
                    matchBy: [
                        ["ssmPath", parameter.name],
                        ["legacySsmPath", parameter.name],
                    ],
                    addresses: [parameter.address],
                    vars: (match) => {
                        const vars = match?.instance.vars;
                        // The workspace of the key stored there, from the key's own state (same name as the parameter's id).
                        const keyName = match?.names.keyName ?? legacy?.[1];
                        const workspaceId =
                            vars?.workspace_id === undefined && vars?.dashboards_stack_name === undefined
                                ? keyName !== undefined
                                    ? workspaceOfKey.get(keyName)
                                    : undefined
                                : undefined;
                        return {
                            adopt_existing: true,
                            // The original's default path: keep it, so that consumers reading it keep working.
                            ...(legacy && vars?.ssm_path_format_api_key === undefined
                                ? { ssm_path_format_api_key: LEGACY_FORMAT }
                                : {}),
                            // While Terraform still manages the workspace there is no Pulumi stack to read it from.
                            ...(workspaceId !== undefined ? { workspace_id: workspaceId } : {}),
                        };
                    },
                };
            }),
            // Left in the Terraform state: `terraform destroy` deletes it once the new credential is live,
            // for either credential type (the new one is created beside it, under another name).
            notes: apiKeys.map(
                (key) =>
                    `Grafana API key "${key.keyName}" in workspace ${key.workspaceId} (${key.address}) cannot be imported: ` +
                    "the component creates a new credential; it stays in the Terraform state for terraform destroy " +
                    "(docs/migrating.md says when)",
            ),
        };
    },
};
