/**
 * A generated Atmos repository shaped like Cloud Posse's reference architecture, for
 * `npm run bench`: tenants x stages x regions top-level stacks under `stacks/orgs/acme/`, each
 * importing the organization's and the tenant's `_defaults.yaml`, a stage mixin, a region mixin
 * and every catalog component (each an abstract base with the instance that inherits it). Two of
 * the catalog components are this package's (an eventbridge rule and a Grafana API key); the
 * others are left to Terraform, as in a real repository. Stacks are named by
 * `name_pattern: {tenant}-{environment}-{stage}`.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** The shape of a generated repository. */
export interface RepoShape {
    readonly tenants: number;
    readonly stages: number;
    readonly regions: number;
    /** Catalog components imported by every stack (two of them this package's). */
    readonly components: number;
}

/** The reference shape: 10 x 10 x 4 = 400 stacks of 60 components. */
export const REFERENCE_SHAPE: RepoShape = { tenants: 10, stages: 10, regions: 4, components: 60 };

const REGIONS = [
    ["us-east-1", "ue1"],
    ["us-east-2", "ue2"],
    ["us-west-2", "uw2"],
    ["eu-west-1", "ew1"],
    ["eu-central-1", "ec1"],
    ["ap-southeast-1", "as1"],
] as const;

/** The files of a repository of `shape`, by path relative to its root. */
export function repoFiles(shape: RepoShape): Map<string, string> {
    const files = new Map<string, string>();
    files.set(
        "atmos.yaml",
        [
            'base_path: ""',
            "components:",
            "  terraform:",
            "    base_path: components/terraform",
            "stacks:",
            "  base_path: stacks",
            "  included_paths:",
            '    - "orgs/**/*"',
            "  excluded_paths:",
            '    - "**/_defaults.yaml"',
            '  name_pattern: "{tenant}-{environment}-{stage}"',
            "",
        ].join("\n"),
    );
    files.set(
        "stacks/orgs/acme/_defaults.yaml",
        "vars:\n  namespace: acme\n  label_order: [namespace, tenant, environment, stage, name, attributes]\n" +
            "terraform:\n  backend_type: s3\n  backend:\n    s3:\n      bucket: acme-tfstate\n      encrypt: true\n",
    );
    const componentImports: string[] = [];
    for (let c = 0; c < shape.components; c++) {
        const name = c === 0 ? "eventbridge" : c === 1 ? "grafana-api-key" : `component-${c}`;
        componentImports.push(`catalog/${name}`);
        files.set(`stacks/catalog/${name}.yaml`, catalogFile(c, name));
    }
    for (let s = 0; s < shape.stages; s++) {
        files.set(`stacks/mixins/stage/stage${s}.yaml`, `vars:\n  stage: stage${s}\n`);
    }
    for (let r = 0; r < shape.regions; r++) {
        const [region, short] = REGIONS[r % REGIONS.length];
        const suffix = r < REGIONS.length ? "" : `${Math.floor(r / REGIONS.length)}`;
        files.set(
            `stacks/mixins/region/${region}${suffix}.yaml`,
            `vars:\n  region: ${region}\n  environment: ${short}${suffix}\n`,
        );
    }
    for (let t = 0; t < shape.tenants; t++) {
        const tenant = `tenant${t}`;
        files.set(
            `stacks/orgs/acme/${tenant}/_defaults.yaml`,
            `import:\n  - orgs/acme/_defaults\nvars:\n  tenant: ${tenant}\n`,
        );
        for (let s = 0; s < shape.stages; s++) {
            for (let r = 0; r < shape.regions; r++) {
                const [region] = REGIONS[r % REGIONS.length];
                const suffix = r < REGIONS.length ? "" : `${Math.floor(r / REGIONS.length)}`;
                const imports = [
                    `orgs/acme/${tenant}/_defaults`,
                    `mixins/stage/stage${s}`,
                    `mixins/region/${region}${suffix}`,
                    ...componentImports,
                ];
                files.set(
                    `stacks/orgs/acme/${tenant}/stage${s}/${region}${suffix}.yaml`,
                    `import:\n${imports.map((i) => `  - ${i}\n`).join("")}`,
                );
            }
        }
    }
    return files;
}

function catalogFile(index: number, name: string): string {
    if (index === 0) {
        return [
            "components:",
            "  terraform:",
            "    eventbridge/defaults:",
            "      metadata: {type: abstract, component: eventbridge}",
            "      vars:",
            "        enabled: true",
            "        event_log_retention_in_days: 30",
            "        event_rule_pattern: {source: [aws.ecs], detail: {eventType: [WARN, ERROR]}}",
            "    eventbridge/ecs-alerts:",
            "      metadata: {component: eventbridge, inherits: [eventbridge/defaults]}",
            "      vars: {name: ecs-alerts, event_rule_description: ECS failures}",
            "",
        ].join("\n");
    }
    if (index === 1) {
        return [
            "components:",
            "  terraform:",
            "    grafana/api-key/defaults:",
            "      metadata: {type: abstract, component: managed-dashboards/api-key}",
            "      vars: {enabled: true, dashboards_component_name: grafana}",
            "    grafana/api-key:",
            "      metadata: {component: managed-dashboards/api-key, inherits: [grafana/api-key/defaults]}",
            "      vars: {name: grafana-api-key}",
            "",
        ].join("\n");
    }
    const lines = [
        "components:",
        "  terraform:",
        `    ${name}/defaults:`,
        `      metadata: {type: abstract, component: ${name}}`,
        "      settings:",
        "        spacelift: {workspace_enabled: true}",
        "      vars:",
        "        enabled: true",
        `        name: ${name}`,
        "        tags:",
        `          Component: ${name}`,
        "          ManagedBy: atmos",
        "        allowed_cidrs: [10.0.0.0/8, 172.16.0.0/12]",
    ];
    for (let v = 0; v < 8; v++) lines.push(`        setting_${v}: value-${index}-${v}`);
    lines.push(
        `    ${name}:`,
        `      metadata: {component: ${name}, inherits: [${name}/defaults]}`,
        "      vars:",
        `        description: the ${name} component`,
        "",
    );
    return lines.join("\n");
}

/** Writes a repository of `shape` into `dir` (with a `.git` directory, as a checkout has). */
export function writeRepo(dir: string, shape: RepoShape): void {
    fs.mkdirSync(path.join(dir, ".git"), { recursive: true });
    for (const [file, text] of repoFiles(shape)) {
        const target = path.join(dir, file);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, text);
    }
}

/** The number of top-level stacks of `shape`. */
export function stackCount(shape: RepoShape): number {
    return shape.tenants * shape.stages * shape.regions;
}
