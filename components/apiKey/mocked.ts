/**
 * What the offline mocks (program/mocks.ts) answer for the `managed-dashboards/api-key` component, as AWS computes it:
 * its resource types (the Grafana credentials' ids, keys and expiry), its workspace (a program's own, the
 * `getWorkspace` lookup) and the workspace stack's outputs. `pulumi-cloudposse-components/testing` re-exports the constants.
 */
import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import type { MockedInvoke, MockedType } from "../kit/kit";

/** The Grafana version of every workspace the mocked AWS provider looks up, unless overridden. */
export const EXAMPLE_GRAFANA_VERSION = "10.4";
/** The outputs every mocked workspace stack has, unless overridden. */
export const EXAMPLE_WORKSPACE_OUTPUTS: Readonly<Record<string, unknown>> = {
    workspace_id: "g-0123456789",
    workspace_endpoint: "g-0123456789.grafana-workspace.us-east-1.amazonaws.com",
};

/** The workspace resource type, as a program declares its own. */
const WORKSPACE = "aws:grafana/workspace:Workspace";

/** The option of the mocks (`MockOptions`) that sets the Grafana version of the workspaces. */
const GRAFANA_VERSION_OPTION = "grafanaVersion";

/** A program's own workspace's id, shaped as AWS gives it (`g-` and ten hex digits), from its logical name. */
function workspaceIdOf(logicalName: string): string {
    return `g-${createHash("sha256").update(logicalName).digest("hex").slice(0, 10)}`;
}

/** A deterministic fake secret, shaped like the real thing, derived from a name. */
function fakeKey(seed: string): string {
    return "eyJrIjoi" + Buffer.from(seed).toString("base64url").slice(0, 24) + "In0=";
}

/** An RFC 3339 time `minutes` later. */
function minutesAfter(rfc3339: string, minutes: number): string {
    return new Date(Date.parse(rfc3339) + minutes * 60_000).toISOString().replace(/\.000Z$/, "Z");
}

/** The `managed-dashboards/api-key` component's mocked types. */
export const API_KEY_MOCKED_TYPES: Readonly<Record<string, MockedType>> = {
    // A program's own workspace: an id shaped as AWS gives it, so that its `id` can be a component's `workspaceId`.
    [WORKSPACE]: {
        named: false,
        state: (inputs, context) => {
            const id = workspaceIdOf(context.logicalName);
            return {
                arn: context.arn("grafana", `/workspaces/${id}`),
                endpoint: `${id}.grafana-workspace.${String(context.state.region)}.amazonaws.com`,
                grafanaVersion:
                    inputs.grafanaVersion ?? context.option(GRAFANA_VERSION_OPTION) ?? EXAMPLE_GRAFANA_VERSION,
            };
        },
        id: (_inputs, context) => workspaceIdOf(context.logicalName),
    },
    "aws:grafana/workspaceApiKey:WorkspaceApiKey": {
        named: false,
        state: (inputs, context) => ({
            key: pulumi.secret(fakeKey(`${String(context.plain(inputs.workspaceId))}/${String(inputs.keyName)}`)),
        }),
        id: (inputs, context) => `${String(context.plain(inputs.workspaceId))}/${String(inputs.keyName)}`,
    },
    "aws:grafana/workspaceServiceAccount:WorkspaceServiceAccount": {
        named: false,
        state: () => ({ serviceAccountId: "1" }),
        id: (inputs, context) => `${String(context.plain(inputs.workspaceId))},1`,
    },
    "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken": {
        named: false,
        state: (inputs, context) => ({
            serviceAccountTokenId: "1",
            createdAt: context.createdAt,
            expiresAt: minutesAfter(context.createdAt, Number(inputs.secondsToLive) / 60),
            key: pulumi.secret(fakeKey(`${String(context.plain(inputs.workspaceId))}/${String(inputs.name)}`)),
        }),
        id: (inputs, context) => `${String(context.plain(inputs.workspaceId))},${String(inputs.serviceAccountId)},1`,
    },
};

/**
 * The `managed-dashboards/api-key` component's mocked invokes: the workspace lookup. A workspace the program declared
 * (`aws.grafana.Workspace`) is answered as it was created (its Grafana version and endpoint); any other as the
 * `grafanaVersion` option says.
 */
export const API_KEY_MOCKED_INVOKES: Readonly<Record<string, MockedInvoke>> = {
    "aws:grafana/getWorkspace:getWorkspace": (inputs, context) => {
        const workspaceId = String(context.plain(inputs.workspaceId));
        const declared = context.answered(WORKSPACE, workspaceId);
        return {
            id: workspaceId,
            workspaceId,
            region: context.region,
            grafanaVersion:
                declared?.grafanaVersion ?? context.option(GRAFANA_VERSION_OPTION) ?? EXAMPLE_GRAFANA_VERSION,
            endpoint: declared?.endpoint ?? `${workspaceId}.grafana-workspace.${context.region}.amazonaws.com`,
            status: "ACTIVE",
        };
    },
};
