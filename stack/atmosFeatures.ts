/**
 * What the loader does with each key of an Atmos stack manifest and each Atmos feature: the table
 * docs/stack-files.md's feature table and the schema-derived test (tests/stack/atmosSchema.test.ts)
 * are checked against, so no Atmos key or YAML function is silently ignored.
 */

/** What the loader does with a key or a feature. */
export type Handling =
    /** Done as Atmos does it. */
    | "done"
    /** Refused by name where it is written (a problem). */
    | "refused"
    /** Not done here; a located warning says so. */
    | "warned"
    /** Configures Terraform or another tool, not what this package deploys: no effect here. */
    | "ignored"
    /** Another component type: left to its tool. */
    | "left alone";

/** How the loader treats one key of the manifest schema. */
export interface KeyHandling {
    readonly handling: Handling;
    /** Why, in a few words. */
    readonly note: string;
    /** A value that makes the loader refuse or warn (YAML flow text), for `refused` and `warned`. */
    readonly probe?: string;
}

const ignored = (note: string): KeyHandling => ({ handling: "ignored", note });
const done = (note: string): KeyHandling => ({ handling: "done", note });

const STORE_HOOK = "{outputs: {kind: store, name: ssm}}";

/** Keys of a Terraform-like section (terraform:, an instance, overrides:) that only configure Terraform. */
const TERRAFORM_ONLY: Readonly<Record<string, KeyHandling>> = {
    command: ignored("the Terraform binary"),
    backend_type: ignored("Terraform's state backend (Pulumi keeps its own state)"),
    backend: ignored("Terraform's state backend (Pulumi keeps its own state)"),
    remote_state_backend_type: ignored("Terraform's remote-state backend"),
    remote_state_backend: ignored("Terraform's remote-state backend"),
    providers: {
        handling: "warned",
        note: "Terraform provider blocks Atmos writes for Terraform (region, assume_role, default_tags): not applied here",
        probe: "{aws: {region: us-west-2}}",
    },
    generate: ignored("files Atmos writes into the Terraform component"),
    dependencies: ignored("the order of Atmos runs (Pulumi orders resources itself)"),
    depends_on: ignored("the order of Atmos runs (deprecated dependencies)"),
    provision: ignored("backend provisioning before Terraform runs"),
    required_version: ignored("the Terraform version constraint"),
    required_providers: ignored("Terraform provider constraints"),
    retry: ignored("retries of Terraform commands"),
};

/**
 * Every key of Atmos's manifest schema, by section (the sections of
 * tests/fixtures/atmos/manifest-schema-keys.json), and what the loader does with it.
 */
export const MANIFEST_KEYS: Readonly<Record<string, Readonly<Record<string, KeyHandling>>>> = {
    top: {
        name: done("the stack's name"),
        import: done("imports, with Atmos's paths, globs, context and templates; remote imports refused"),
        terraform: done("terraform.vars, settings, env, hooks, overrides, locals"),
        helmfile: { handling: "left alone", note: "helmfile components' section" },
        kubernetes: { handling: "left alone", note: "kubernetes components' section" },
        helm: { handling: "left alone", note: "helm components' section" },
        packer: { handling: "left alone", note: "packer components' section" },
        vars: done("under every instance's vars"),
        hooks: { handling: "refused", note: "store hooks refused, other hooks warned", probe: STORE_HOOK },
        env: done("the instances' env (!env)"),
        settings: done("the instances' settings (templates, list_merge_strategy)"),
        locals: done("file-scoped locals, resolved in dependency order"),
        metadata: done("stack-wide metadata (global_metadata keys)"),
        components: done("components.terraform and components.pulumi; other types left alone"),
        compositions: ignored("Atmos's service groupings"),
        secrets: ignored("declarations for !secret, which is refused by name"),
        overrides: done("overrides with Atmos's scope"),
        workflows: ignored("Atmos workflows"),
        dependencies: ignored("the order of Atmos runs"),
        generate: ignored("files Atmos writes into Terraform components"),
        version: ignored("the version track of !version, which is refused by name"),
    },
    terraform: {
        ...TERRAFORM_ONLY,
        vars: done("under every Terraform instance's vars"),
        hooks: { handling: "refused", note: "store hooks refused, other hooks warned", probe: STORE_HOOK },
        env: done("the instances' env"),
        settings: done("the instances' settings"),
        locals: done("overlaid on the file's locals"),
        overrides: done("overrides of Terraform instances"),
    },
    components: {
        terraform: done("Terraform instances: this package's planned, others left to Terraform"),
        helmfile: { handling: "left alone", note: "another tool's components" },
        kubernetes: { handling: "left alone", note: "another tool's components" },
        helm: { handling: "left alone", note: "another tool's components" },
        packer: { handling: "left alone", note: "another tool's components" },
        container: {
            handling: "warned",
            note: "a custom component type, left alone with a warning",
            probe: "{api: {}}",
        },
        emulator: { handling: "warned", note: "a custom component type, left alone with a warning", probe: "{db: {}}" },
    },
    instance: {
        ...TERRAFORM_ONLY,
        metadata: done("inheritance, type, enabled, component, locked, tags and labels"),
        component: done("the deprecated base and component path"),
        vars: done("checked, merged and converted"),
        test: ignored("vars of terraform test"),
        mocks: ignored("outputs for Atmos's --use-mocks"),
        env: done("read by !env; an AWS_* variable, which Atmos sets for Terraform's AWS provider, warned"),
        settings: done("templates settings and list_merge_strategy"),
        locals: done("component-level locals in the component pass"),
        hooks: { handling: "refused", note: "store hooks refused, other hooks warned", probe: STORE_HOOK },
        auth: {
            handling: "warned",
            note: "the identity Atmos logs in with; here the environment's AWS credentials are used",
            probe: "{identities: {admin: {default: true}}}",
        },
        source: ignored("where Atmos fetches the Terraform component from"),
        secrets: ignored("declarations for !secret, which is refused by name"),
    },
    metadata: {
        name: ignored("the workspace key prefix of Terraform's S3 backend"),
        type: done("abstract instances are bases only"),
        enabled: done("false leaves the instance out"),
        component: done("the component path"),
        description: ignored("a description for people"),
        inherits: done("bases, in Atmos's order"),
        terraform_workspace: done("the .workspace of templates"),
        terraform_workspace_pattern: done("the .workspace of templates"),
        custom: ignored("free-form data, kept in .metadata"),
        locked: { handling: "refused", note: "Atmos refuses to change a locked component", probe: "true" },
        tags: done("read by !tags"),
        labels: done("read by !labels"),
    },
    global_metadata: {
        labels: done("under every instance's metadata"),
        tags: done("under every instance's metadata"),
        custom: ignored("free-form data"),
        enabled: done("under every instance's metadata"),
        locked: { handling: "refused", note: "Atmos refuses to change a locked component", probe: "true" },
        terraform_workspace_pattern: done("the .workspace of templates"),
    },
    overrides: {
        command: ignored("the Terraform binary"),
        vars: done("over every layer"),
        env: done("over every layer"),
        settings: done("over every layer"),
        providers: {
            handling: "warned",
            note: "Terraform provider blocks Atmos writes for Terraform: not applied here",
            probe: "{aws: {region: us-west-2}}",
        },
        hooks: { handling: "refused", note: "store hooks refused, other hooks warned", probe: STORE_HOOK },
        generate: ignored("files Atmos writes into Terraform components"),
        secrets: ignored("declarations for !secret, which is refused by name"),
        auth: ignored("auth of Terraform runs"),
        retry: ignored("retries of Terraform commands"),
        required_providers: ignored("Terraform provider constraints"),
        required_version: ignored("the Terraform version constraint"),
    },
};

/** What the loader does with a YAML function. */
export type FunctionHandling =
    /** Acts while the file is parsed, as in Atmos. */
    | "parse-time"
    /** Evaluated while loading, as Atmos evaluates it. */
    | "evaluated"
    /** Known at deploy time: a reference the program resolves. */
    | "deploy-time"
    /** Kept as its text, as Atmos keeps it in a stack manifest, with a warning. */
    | "text"
    /** Refused by name. */
    | "refused";

/** Every YAML function of Atmos (pkg/function/tag/tag.go All at 0a1cb44) and what the loader does with it. */
export const YAML_FUNCTION_HANDLING: Readonly<Record<string, FunctionHandling>> = {
    "!exec": "evaluated",
    "!secret": "refused",
    "!store": "deploy-time",
    "!store.get": "deploy-time",
    "!template": "evaluated",
    "!terraform.output": "deploy-time",
    "!terraform.state": "deploy-time",
    "!env": "evaluated",
    "!cel": "text",
    "!include": "parse-time",
    "!include.raw": "parse-time",
    "!repo-root": "evaluated",
    "!git.root": "evaluated",
    "!git.sha": "refused",
    "!git.branch": "refused",
    "!git.ref": "refused",
    "!git.repository": "refused",
    "!git.owner": "refused",
    "!git.name": "refused",
    "!git.host": "refused",
    "!git.url": "refused",
    "!append": "parse-time",
    "!cwd": "text",
    "!unset": "evaluated",
    "!random": "text",
    "!literal": "parse-time",
    "!aws.account_id": "refused",
    "!aws.caller_identity_arn": "refused",
    "!aws.caller_identity_user_id": "refused",
    "!aws.region": "refused",
    "!aws.organization_id": "refused",
    "!emulator": "refused",
    "!version": "refused",
    "!tags": "evaluated",
    "!labels": "evaluated",
    "!labels.keys": "evaluated",
    "!labels.values": "evaluated",
};

/** One row of docs/stack-files.md's feature table: an Atmos feature, the release that added it, what the loader does. */
export interface AtmosFeature {
    readonly feature: string;
    /** The Atmos release that added it (`1.x`), or `1.0` for what Atmos always had. */
    readonly since: string;
    readonly handling: Handling;
    readonly here: string;
    /** For a refused or warned feature that is no key of the manifest schema: the test that tries it. */
    readonly checkedBy?: string;
}

/** Atmos's stack features, as docs/stack-files.md lists them (a test keeps the two equal). */
export const ATMOS_FEATURES: readonly AtmosFeature[] = [
    {
        feature: "imports, globs, `skip_if_missing`",
        since: "1.0",
        handling: "done",
        here: "as Atmos; remote imports refused",
    },
    {
        feature: "import `context` and `.tmpl` files",
        since: "1.0",
        handling: "done",
        here: "rendered before parsing, as Atmos",
    },
    {
        feature: "`metadata.inherits`, abstract components",
        since: "1.0",
        handling: "done",
        here: "Atmos's merge order",
    },
    { feature: "`overrides`", since: "1.0", handling: "done", here: "with Atmos's scope" },
    {
        feature: "Go templates in components",
        since: "1.0",
        handling: "done",
        here: "the vars this package's instances take; `atmos.Component` as Atmos, its `outputs` at deploy time",
    },
    {
        feature: "YAML functions",
        since: "1.0",
        handling: "done",
        here: "see the function table; the others refused by name",
    },
    {
        feature: "`metadata.locked`",
        since: "1.145",
        handling: "refused",
        here: "a locked instance is refused where `locked` is written",
    },
    {
        feature: "`--config`, `--config-path`, `ATMOS_CONFIG`, `ATMOS_CONFIG_PATH`",
        since: "1.171",
        handling: "done",
        here: "replace discovery; synth's flags of the same names",
    },
    {
        feature: "profiles (`--profile`, `ATMOS_PROFILE`, `profiles.default`)",
        since: "1.199",
        handling: "done",
        here: "merged over atmos.yaml; an unknown profile refused",
    },
    { feature: "file-scoped `locals`", since: "1.202", handling: "done", here: "resolved in dependency order" },
    {
        feature: "component-level `locals`",
        since: "1.204",
        handling: "done",
        here: "`.locals` of the component pass, bases first",
    },
    {
        feature: "`templates.settings.ignore_missing_template_values`",
        since: "1.210",
        handling: "done",
        here: "import templates print `<no value>`",
    },
    {
        feature: "custom component types (`components.<type>`)",
        since: "1.221",
        handling: "done",
        here: "`components.pulumi` deployed; other types left alone with a warning",
    },
    {
        feature: "`settings.yaml.key_delimiter`",
        since: "1.223",
        handling: "done",
        here: "unquoted delimited keys expanded",
    },
    {
        feature: "`!tags`, `!labels`, `!labels.keys`, `!labels.values`",
        since: "1.223",
        handling: "done",
        here: "the instance's own metadata",
    },
    {
        feature: "`hooks` of kind `store`",
        since: "1.131",
        handling: "refused",
        here: "outputs are not written to stores; other hooks warned",
    },
    {
        feature: "`auth` identities of a component",
        since: "1.194",
        handling: "warned",
        here: "the environment's AWS credentials are used; also for atmos.yaml's `auth`",
    },
    {
        feature: "`providers` and `AWS_*` `env` handed to Terraform",
        since: "1.0",
        handling: "warned",
        here: "not applied to the deployment; each named where it is written",
    },
    {
        feature: "edition pins (`edition`, `ATMOS_EDITION`)",
        since: "1.225",
        handling: "done",
        here: "a pin before 2025-12-06 keeps `stacks.inherit.metadata` false; a bad pin refused",
    },
    {
        feature: "`settings.validation` policies (JSON Schema, OPA, CUE)",
        since: "1.9",
        handling: "warned",
        here: "not run; each policy not `disabled` named where it is written",
        checkedBy: "tests/stack/atmosAudit.test.ts",
    },
    {
        feature: "the component pass's other sections (`.command`, `.inheritance`, `.imports`, `.deps`, ...)",
        since: "1.0",
        handling: "refused",
        here: "by name where a template reads one; `.backend*` as Atmos",
        checkedBy: "tests/stack/atmosAudit.test.ts",
    },
    {
        feature: "Version Tracker (`.version` in templates, `!version`)",
        since: "1.223",
        handling: "refused",
        here: "by name where a template or value uses it; `.version` is an empty map without a lock file, as in Atmos",
        checkedBy: "tests/stack/atmosPassGaps.test.ts",
    },
];

/** docs/stack-files.md's feature table, as the rows of {@link ATMOS_FEATURES} give it. */
export function atmosFeatureTable(features: readonly AtmosFeature[] = ATMOS_FEATURES): string {
    return [
        "| Atmos feature | Atmos version | here |",
        "|---|---|---|",
        ...features.map((f) => `| ${f.feature} | ${f.since} | ${f.handling}: ${f.here} |`),
    ].join("\n");
}
