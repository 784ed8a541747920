/**
 * Where a Terraform component's state is (stack/terraformState.ts), table-tested on merged backend
 * sections. Followed: cloudposse/atmos internal/exec/stack_processor_backend.go (setS3BackendDefaults
 * 130-143: an empty S3 workspace_key_prefix is metadata.name, else the Terraform component when it is
 * not the instance's name, else the instance; prefix separator 386-401: `/` kept when the separator
 * is `/`, else written as it, default `-`); Terraform internal/backend/remote-state/s3/backend_state.go
 * (path 258-264: the default workspace at `key`, another at `<prefix>/<workspace>/<key>`; default
 * prefix `env:` 30); Cloud Posse terraform-yaml-stack-config modules/remote-state/main.tf 19-31
 * (remote_state_backend_type before backend_type, remote_state_backend over backend).
 */
import { strict as assert } from "node:assert";
import type { AtmosConfig } from "../../stack/atmosConfig";
import type { MergedComponent, TerraformBackendSections } from "../../stack/inheritance";
import { remoteStateBackend, terraformStateSource } from "../../stack/terraformState";

/** The fields of a merged component the backend computation reads (the rest is not consulted). */
function component(
    backend: Partial<TerraformBackendSections> | undefined,
    names: { name?: string; component?: string; metadata?: Record<string, unknown> } = {},
): MergedComponent {
    return {
        name: names.name ?? "grafana/workspace",
        component: names.component ?? names.name ?? "grafana/workspace",
        context: names.metadata === undefined ? {} : { metadata: names.metadata },
        ...(backend === undefined
            ? {}
            : {
                  backend: {
                      backendType: "",
                      backend: {},
                      remoteStateBackendType: "",
                      remoteStateBackend: {},
                      ...backend,
                  },
              }),
    } as unknown as MergedComponent;
}

function config(separator?: unknown): AtmosConfig {
    return {
        raw:
            separator === undefined
                ? {}
                : { components: { terraform: { workspace: { prefix_separator: separator } } } },
    } as unknown as AtmosConfig;
}

const S3 = { bucket: "acme-tfstate", key: "terraform.tfstate", region: "us-east-2" };

describe("the S3 workspace_key_prefix Atmos fills in (setS3BackendDefaults)", () => {
    for (const [title, names, separator, expected] of [
        ["the instance's name, `/` as `-` by default", { name: "grafana/workspace" }, undefined, "grafana-workspace"],
        [
            "metadata.name before the component",
            { name: "a/b", component: "c/d", metadata: { name: "n/m" } },
            undefined,
            "n-m",
        ],
        [
            "the Terraform component when it is not the instance's name",
            { name: "a", component: "c/d" },
            undefined,
            "c-d",
        ],
        ["an empty metadata.name is ignored", { name: "a/b", metadata: { name: "" } }, undefined, "a-b"],
        ["`/` kept when prefix_separator is `/`", { name: "grafana/workspace" }, "/", "grafana/workspace"],
        ["`/` written as prefix_separator", { name: "grafana/workspace" }, "_", "grafana_workspace"],
        ["an empty prefix_separator is the default `-`", { name: "grafana/workspace" }, "", "grafana-workspace"],
    ] as const) {
        it(title, () => {
            const found = remoteStateBackend(
                component({ backendType: "s3", backend: { s3: S3 } }, names),
                config(separator),
            );
            assert.equal(found.type, "s3");
            assert.equal(found.settings.workspace_key_prefix, expected);
        });
    }

    it("keeps a workspace_key_prefix that is set; gcs gets a prefix likewise; other types are left alone", () => {
        const set = { backendType: "s3", backend: { s3: { ...S3, workspace_key_prefix: "mine" } } };
        assert.equal(remoteStateBackend(component(set), config()).settings.workspace_key_prefix, "mine");
        // setGCSBackendDefaults (stack_processor_backend.go 147-158): prefix, as S3's workspace_key_prefix
        const gcs = { backendType: "gcs", backend: { gcs: { bucket: "b" } } };
        assert.deepEqual(remoteStateBackend(component(gcs), config()), {
            type: "gcs",
            settings: { bucket: "b", prefix: "grafana-workspace" },
        });
        const gcsSet = { backendType: "gcs", backend: { gcs: { bucket: "b", prefix: "p" } } };
        assert.equal(remoteStateBackend(component(gcsSet), config()).settings.prefix, "p");
        const local = { backendType: "local", backend: { local: { path: "x" } } };
        assert.deepEqual(remoteStateBackend(component(local), config()), { type: "local", settings: { path: "x" } });
    });

    it("reads remote_state_backend_type before backend_type, remote_state_backend over the backend's sub-map", () => {
        const found = remoteStateBackend(
            component({
                backendType: "s3",
                backend: { s3: S3 },
                remoteStateBackendType: "s3",
                remoteStateBackend: { s3: { bucket: "read-only-bucket", role_arn: "arn:aws:iam::1:role/r" } },
            }),
            config(),
        );
        assert.deepEqual(found.settings, {
            ...S3,
            workspace_key_prefix: "grafana-workspace",
            bucket: "read-only-bucket",
            role_arn: "arn:aws:iam::1:role/r",
        });
        const other = remoteStateBackend(
            component({ backendType: "s3", backend: { s3: S3 }, remoteStateBackendType: "remote" }),
            config(),
        );
        // The backend's s3 sub-map is not carried to another type.
        assert.deepEqual(other, { type: "remote", settings: {} });
    });
});

describe("terraformStateSource", () => {
    const source = (backend: Partial<TerraformBackendSections> | undefined, workspace = "acme-ue2-prod") =>
        terraformStateSource(component(backend), workspace, "acme-ue2-prod", config());

    it("the object of a workspace, and the key itself for the default workspace", () => {
        assert.deepEqual(source({ backendType: "s3", backend: { s3: S3 } }), {
            source: {
                backend: "s3",
                bucket: "acme-tfstate",
                key: "grafana-workspace/acme-ue2-prod/terraform.tfstate",
                region: "us-east-2",
                workspace: "acme-ue2-prod",
                stack: "acme-ue2-prod",
            },
        });
        const def = source({ backendType: "s3", backend: { s3: S3 } }, "default");
        assert.ok("source" in def);
        assert.equal(def.source.key, "terraform.tfstate");
    });

    it("Terraform's default prefix `env:` when the merged workspace_key_prefix is not a string", () => {
        // remote_state_backend replaces the filled-in prefix with a non-string.
        const found = source({
            backendType: "s3",
            backend: { s3: { bucket: "b", key: "k" } },
            remoteStateBackend: { s3: { workspace_key_prefix: 7 } },
        });
        assert.ok("source" in found);
        assert.equal(found.source.key, "env:/acme-ue2-prod/k");
        // No region: none given.
        assert.equal("region" in found.source, false);
    });

    it("assume_role.role_arn before role_arn; an empty one falls back to role_arn", () => {
        const roleOf = (s3: Record<string, unknown>) => {
            const found = source({ backendType: "s3", backend: { s3: { ...S3, ...s3 } } });
            assert.ok("source" in found);
            return found.source.roleArn;
        };
        assert.equal(roleOf({ assume_role: { role_arn: "arn:a" }, role_arn: "arn:b" }), "arn:a");
        assert.equal(roleOf({ assume_role: { role_arn: "" }, role_arn: "arn:b" }), "arn:b");
        assert.equal(roleOf({ assume_role: "not-a-map", role_arn: "arn:b" }), "arn:b");
        assert.equal(roleOf({ role_arn: "" }), undefined);
    });

    for (const [title, backend, expected] of [
        ["no backend sections at all", undefined, /has no backend_type \(set terraform\.backend_type, e\.g\. s3\)/],
        ["an empty backend_type", { backendType: "" }, /has no backend_type/],
        [
            "a backend type other than s3, by name",
            { backendType: "gcs", backend: { gcs: { bucket: "b" } } },
            /in a backend of type "gcs", which this package does not read \(only s3\)/,
        ],
        [
            "an s3 backend without a bucket",
            { backendType: "s3", backend: { s3: { key: "k" } } },
            /has no bucket \(backend\.s3\.bucket\)$/,
        ],
        [
            "an s3 backend with an empty bucket",
            { backendType: "s3", backend: { s3: { bucket: "", key: "k" } } },
            /has no bucket/,
        ],
        [
            "an s3 backend without a key",
            { backendType: "s3", backend: { s3: { bucket: "b" } } },
            /has no key \(backend\.s3\.key\)$/,
        ],
        [
            "an s3 backend with a key not a string",
            { backendType: "s3", backend: { s3: { bucket: "b", key: 1 } } },
            /has no key/,
        ],
        [
            "a Go template in the region",
            { backendType: "s3", backend: { s3: { ...S3, region: "{{ .vars.region }}" } } },
            /backend's region holds a Go template \("\{\{ \.vars\.region \}\}"\).*write the value out/,
        ],
    ] as const) {
        it(`refuses ${title}`, () => {
            const found = source(backend as Partial<TerraformBackendSections> | undefined);
            assert.ok("refused" in found, JSON.stringify(found));
            assert.match(found.refused, expected);
        });
    }
});
