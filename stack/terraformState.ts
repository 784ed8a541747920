/**
 * Where a Terraform component's state is: its backend as Atmos computes it (type, merged section,
 * defaults), and the object an S3 backend keeps the component's workspace in. Pure.
 */
import * as nodePath from "node:path";
import type { TerraformStateSource } from "../components/kit/deployTime";
import { getOwn, hasOwn, isPlainObject } from "../util/objects";
import { mergePlain, type AtmosConfig } from "./atmosConfig";
import type { MergedComponent } from "./inheritance";
import { followRecord } from "./naming";

// Followed: Atmos internal/exec/stack_processor_backend.go (processTerraformBackend 36-93,
// setS3BackendDefaults 130-143, processTerraformRemoteStateBackend 254-313, prefix separator
// 386-401); Terraform internal/backend/remote-state/s3/backend_state.go (path 258-264, default
// prefix `env:` 30); Cloud Posse terraform-yaml-stack-config//modules/remote-state (main.tf 19-31:
// remote_state_backend_type before backend_type, remote_state_backend before backend;
// data-source.tf 45-54: terraform_remote_state with that backend and the component's workspace).

/** Terraform's name of the workspace kept at the backend's `key` itself (internal/backend/backend.go 22). */
export const DEFAULT_WORKSPACE = "default";

/** Terraform's S3 `workspace_key_prefix` when none is set (backend_state.go 30). */
export const DEFAULT_WORKSPACE_KEY_PREFIX = "env:";

/** The object an S3 backend keeps `workspace`'s state in (Terraform's Backend.path). */
export function s3StateKey(key: string, workspaceKeyPrefix: string, workspace: string): string {
    return workspace === DEFAULT_WORKSPACE ? key : nodePath.posix.join(workspaceKeyPrefix, workspace, key);
}

/** The backend the remote-state module reads for a component: its type and settings. */
export interface RemoteStateBackend {
    readonly type: string;
    readonly settings: Readonly<Record<string, unknown>>;
}

/**
 * A component's `backend_type` and `backend` sections as Atmos's describe gives them: the sub-map
 * of the backend type; an S3 `workspace_key_prefix` left empty is the component's `metadata.name`,
 * else its Terraform component when it is not the instance's name, else the instance, with `/`
 * written as atmos.yaml's `components.terraform.workspace.prefix_separator` (default `-`).
 */
export function terraformBackend(component: MergedComponent, config: AtmosConfig): RemoteStateBackend {
    const sections = component.backend;
    const backendType = sections?.backendType ?? "";
    const backend = { ...subMap(sections?.backend, backendType) };
    // stack_processor_backend.go setS3BackendDefaults 132-143 (workspace_key_prefix), setGCSBackendDefaults 147-158 (prefix)
    const defaulted = backendType === "s3" ? "workspace_key_prefix" : backendType === "gcs" ? "prefix" : undefined;
    if (defaulted !== undefined && !(typeof backend[defaulted] === "string" && backend[defaulted])) {
        const metadata = (component.context.metadata ?? {}) as Record<string, unknown>;
        const separator = followRecord(config.raw, ["components", "terraform", "workspace"])?.prefix_separator;
        const name =
            typeof metadata.name === "string" && metadata.name !== ""
                ? metadata.name
                : component.component !== component.name
                  ? component.component
                  : component.name;
        backend[defaulted] =
            separator === "/"
                ? name
                : name.replace(/\//g, typeof separator === "string" && separator ? separator : "-");
    }
    return { type: backendType, settings: backend };
}

/**
 * Why Atmos refuses a component's backend sections, if it does: a `backend` (or
 * `remote_state_backend`) that configures backend types but not the one in use, or whose entry
 * for it is not a map (stack_processor_backend.go 63-75 and checkTerraformBackendTypeMatch
 * 109-128; checkRemoteStateBackendTypeMatch 353-382 and extractBackendTypeMap 324-337). Atmos's
 * stack processing stops there, for every command.
 */
export function backendProblem(component: MergedComponent): string | undefined {
    const sections = component.backend;
    if (sections === undefined) return undefined;
    const remoteType = sections.remoteStateBackendType || sections.backendType;
    for (const [key, type, section] of [
        ["backend", sections.backendType, sections.backend],
        ["remote_state_backend", remoteType, sections.remoteStateBackend],
    ] as const) {
        const configured = Object.keys(section);
        if (type === "" || configured.length === 0) continue;
        if (!hasOwn(section, type)) {
            return `its ${key === "backend" ? "backend_type" : "remote_state_backend_type"} is ${JSON.stringify(type)} and its ${key} configures only ${configured.sort().join(", ")}, which Atmos refuses (add ${key}.${type}, or change the type)`;
        }
        if (!isPlainObject(section[type])) return `its ${key}.${type} is not a map, which Atmos refuses`;
    }
    return undefined;
}

/**
 * The backend a component's remote state is read from, as Atmos hands it to Cloud Posse's
 * remote-state module: `remote_state_backend_type` (else `backend_type`), and the backend's
 * sub-map for that type ({@link terraformBackend}) with `remote_state_backend`'s over it.
 */
export function remoteStateBackend(component: MergedComponent, config: AtmosConfig): RemoteStateBackend {
    const sections = component.backend;
    const { type: backendType, settings: backend } = terraformBackend(component, config);
    const type = sections?.remoteStateBackendType || backendType;
    // deep-merged, the backend's under the remote state backend's (stack_processor_backend.go 304-310)
    const settings = mergePlain(subMap({ [backendType]: backend }, type), subMap(sections?.remoteStateBackend, type));
    return { type, settings };
}

function subMap(section: Readonly<Record<string, unknown>> | undefined, type: string): Record<string, unknown> {
    const value = section === undefined ? undefined : getOwn(section, type);
    return isPlainObject(value) ? value : {};
}

/**
 * Where `component`'s state is read from, for its Terraform `workspace` in `stack`, or why it
 * cannot be: a backend type other than `s3` (named), or an S3 backend without a bucket or key.
 */
export function terraformStateSource(
    component: MergedComponent,
    workspace: string,
    stack: string,
    config: AtmosConfig,
): { readonly source: TerraformStateSource } | { readonly refused: string } {
    const { type, settings } = remoteStateBackend(component, config);
    if (type === "") {
        return {
            refused: `the Terraform component has no backend_type (set terraform.backend_type, e.g. s3), so its state cannot be found`,
        };
    }
    if (type !== "s3") {
        return {
            refused: `its state is in a backend of type ${JSON.stringify(type)}, which this package does not read (only s3)`,
        };
    }
    const problem = backendProblem(component);
    if (problem !== undefined) return { refused: problem };
    const bucket = settings.bucket;
    const key = settings.key;
    if (typeof bucket !== "string" || bucket === "" || typeof key !== "string" || key === "") {
        return {
            refused: `its s3 backend has no ${typeof bucket !== "string" || bucket === "" ? "bucket" : "key"} (backend.s3.${typeof bucket !== "string" || bucket === "" ? "bucket" : "key"})`,
        };
    }
    const prefix =
        typeof settings.workspace_key_prefix === "string"
            ? settings.workspace_key_prefix
            : DEFAULT_WORKSPACE_KEY_PREFIX;
    // Atmos renders templates in the backend section; this package does not: refused, not misread.
    const templated = Object.entries({ bucket, key, workspace_key_prefix: prefix, region: settings.region }).find(
        ([, v]) => typeof v === "string" && v.includes("{{"),
    );
    if (templated !== undefined) {
        return {
            refused: `its s3 backend's ${templated[0]} holds a Go template (${JSON.stringify(templated[1])}), which this package does not render in backend sections; write the value out`,
        };
    }
    const assumeRole = isPlainObject(settings.assume_role) ? settings.assume_role.role_arn : undefined;
    const roleArn = typeof assumeRole === "string" && assumeRole ? assumeRole : settings.role_arn;
    return {
        source: {
            backend: "s3",
            bucket,
            key: s3StateKey(key, prefix, workspace),
            ...(typeof settings.region === "string" && settings.region ? { region: settings.region } : {}),
            ...(typeof roleArn === "string" && roleArn ? { roleArn } : {}),
            workspace,
            stack,
        },
    };
}
