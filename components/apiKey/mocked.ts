/**
 * What the offline mocks (program/mocks.ts) answer for the `managed-dashboards/api-key` component's own resource
 * types, as the AWS provider computes them: the Grafana credentials' ids, keys (secret) and expiry
 * (components/kit/kit.ts `MockedType`).
 */
import * as pulumi from "@pulumi/pulumi";
import type { MockedType } from "../kit/kit";

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
