/**
 * Reads a Terraform state (`terraform show -json` or a `.tfstate` file) and works out what adopting a Cloud Posse
 * `eventbridge` or `managed-grafana/api-key` deployment needs: target ids, import ids, addresses to remove. Pure.
 */
import { isPlainObject } from "../util/objects";
import { CloudposseError } from "../util/errors";
/** One managed resource instance of a Terraform state. */
export interface TerraformResource {
    /** Full address, e.g. `module.cloudwatch_event.aws_cloudwatch_event_target.this["x"]`. */
    readonly address: string;
    /** Resource type, e.g. `aws_cloudwatch_event_target`. */
    readonly type: string;
    /** The instance's attributes (`values` in `show -json`, `attributes` in a state file). */
    readonly attributes: Readonly<Record<string, unknown>>;
}

/** A Terraform state that cannot be read, with the reason. */
export class TerraformStateError extends CloudposseError {
    readonly code = "TERRAFORM_STATE";
    constructor(message: string) {
        super(message);
        this.name = "TerraformStateError";
    }
}

type Json = Record<string, unknown>;

/**
 * A string as an HCL quoted string, as Terraform writes a string instance key in an address
 * (hashicorp/terraform internal/addrs/instance_key.go:176-220, toHCLQuotedString): `\n`, `\r`,
 * `\t`, `\"`, `\\`; a `$` or `%` before `{` doubled, since `${` and `%{` open a template
 * sequence (https://github.com/hashicorp/hcl/blob/main/hclsyntax/spec.md lines 786-788, "Template Literals": "The `${` sequence is escaped
 * as `$${` and the `%{` sequence is escaped as `%%{`"; parser.go:1844-1866 refuses an unescaped
 * one in the index of a traversal, parser.go:2046-2057 reads the doubled one back); a character
 * that is not printable as `\uNNNN` or `\UNNNNNNNN`.
 */
export function hclQuoted(text: string): string {
    let out = '"';
    const chars = [...text];
    chars.forEach((ch, i) => {
        switch (ch) {
            case "\n":
                out += "\\n";
                return;
            case "\r":
                out += "\\r";
                return;
            case "\t":
                out += "\\t";
                return;
            case '"':
                out += '\\"';
                return;
            case "\\":
                out += "\\\\";
                return;
            case "$":
            case "%":
                out += chars[i + 1] === "{" ? ch + ch : ch;
                return;
        }
        const cp = ch.codePointAt(0)!;
        if (ch === " " || PRINTABLE.test(ch)) out += ch;
        else if (cp < 0x10000) out += "\\u" + cp.toString(16).padStart(4, "0");
        else out += "\\U" + cp.toString(16).padStart(8, "0");
    });
    return out + '"';
}

/** Go's unicode.IsPrint but for the ASCII space: letters, marks, numbers, punctuation and symbols. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/**
 * The address suffix of an instance key, as Terraform reads `index_key`
 * (hashicorp/terraform internal/states/statefile/version4.go:112-136, prepareStateV4): a number
 * is an integer key (`[0]`, a fraction dropped as Go's `int()` does), a string a quoted one
 * (`["name"]`), null or absent no key; anything else (an object, a list, a boolean) Terraform
 * refuses as "an invalid instance key", and so does this.
 * @throws TerraformStateError
 */
function indexSuffix(key: unknown, resource: string): string {
    if (key === undefined || key === null) return "";
    if (typeof key === "number" && Number.isFinite(key) && Math.abs(key) <= Number.MAX_SAFE_INTEGER)
        return `[${Math.trunc(key)}]`;
    if (typeof key === "string") return `[${hclQuoted(key)}]`;
    const shown = JSON.stringify(key) ?? String(key);
    throw new TerraformStateError(
        `resource ${resource} has an instance with the invalid instance key ${shown.length > 80 ? shown.slice(0, 77) + "..." : shown}: ` +
            "an instance key is a number or a string (Terraform refuses this state too)",
    );
}

/** The managed resources of `terraform show -json` output (`values.root_module` and its child modules). */
function fromShowJson(values: Json): TerraformResource[] {
    const out: TerraformResource[] = [];
    // Modules in pre-order (a module's resources, then each child module's), walked without
    // recursion: child_modules nested thousands deep cannot exhaust the stack.
    const pending: unknown[] = [values.root_module];
    while (pending.length > 0) {
        const module = pending.pop();
        if (!isPlainObject(module)) continue;
        for (const resource of Array.isArray(module.resources) ? module.resources : []) {
            if (!isPlainObject(resource) || resource.mode !== "managed") continue;
            out.push({
                address: String(resource.address),
                type: String(resource.type),
                attributes: isPlainObject(resource.values) ? resource.values : {},
            });
        }
        const children: unknown[] = Array.isArray(module.child_modules) ? module.child_modules : [];
        for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]);
    }
    return out;
}

/** The managed resources of a version 4 state file. */
function fromStateFile(state: Json): TerraformResource[] {
    const out: TerraformResource[] = [];
    for (const resource of Array.isArray(state.resources) ? state.resources : []) {
        if (!isPlainObject(resource) || resource.mode !== "managed") continue;
        const prefix = typeof resource.module === "string" && resource.module !== "" ? `${resource.module}.` : "";
        for (const instance of Array.isArray(resource.instances) ? resource.instances : []) {
            if (!isPlainObject(instance)) continue;
            out.push({
                address: `${prefix}${String(resource.type)}.${String(resource.name)}${indexSuffix(instance.index_key, `${prefix}${String(resource.type)}.${String(resource.name)}`)}`,
                type: String(resource.type),
                attributes: isPlainObject(instance.attributes) ? instance.attributes : {},
            });
        }
    }
    return out;
}

/** Largest Terraform state tf-adopt reads (64 MiB). */
export const MAX_STATE_BYTES = 64 * 1024 * 1024;

/**
 * The text of a state file's bytes: UTF-8 (a byte-order mark dropped), or UTF-16 with its
 * byte-order mark (what Windows PowerShell's `>` writes). Anything else is refused.
 * @throws TerraformStateError
 */
export function decodeStateText(bytes: Uint8Array): string {
    const decode = (encoding: "utf-8" | "utf-16le" | "utf-16be", from: number) => {
        try {
            return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(from));
        } catch {
            throw new TerraformStateError(
                `not ${encoding === "utf-8" ? "UTF-8" : encoding.toUpperCase()} text; save it as UTF-8 (terraform show -json > state.json)`,
            );
        }
    };
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode("utf-16le", 2);
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode("utf-16be", 2);
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode("utf-8", 3);
    return decode("utf-8", 0);
}

/**
 * The managed resources of a Terraform state given as JSON text: `terraform show -json` output, or
 * a state file (format version 4).
 * @throws TerraformStateError when the text is neither.
 */
export function readTerraformState(text: string): TerraformResource[] {
    let parsed: unknown;
    try {
        parsed = JSON.parse(text);
    } catch (error) {
        throw new TerraformStateError(`not JSON: ${(error as Error).message}`);
    }
    if (!isPlainObject(parsed)) {
        throw new TerraformStateError("not a Terraform state: the JSON is not an object");
    }
    if (typeof parsed.format_version === "string") {
        // `terraform show -json` of an empty state has no `values`.
        return isPlainObject(parsed.values) ? fromShowJson(parsed.values) : [];
    }
    if (parsed.version === 4 && Array.isArray(parsed.resources)) {
        return fromStateFile(parsed);
    }
    if (typeof parsed.version === "number" && parsed.version !== 4) {
        throw new TerraformStateError(
            `state format version ${parsed.version} is not supported (4 is, as Terraform 0.12 and later write it); ` +
                "give the output of terraform show -json instead",
        );
    }
    throw new TerraformStateError(
        'not a Terraform state: expected the output of "terraform show -json" (with "format_version") or a ' +
            'state file (with "version": 4 and "resources")',
    );
}

/** What adopting one EventBridge rule of the `eventbridge` component takes. */
export interface AdoptableRule {
    /** The rule's name (its import id on the default bus). */
    readonly ruleName: string;
    /** The id of the target sending the rule's events to its log group: `adopt_event_target_id`. */
    readonly eventTargetId: string;
    /** The log group the target delivers to, when the state has it. */
    readonly logGroupName?: string;
    /** The name of the account-scoped logs policy, when the state has one (adopt it with `logs_policy_scope: account`). */
    readonly logsPolicyName?: string;
    /** Terraform addresses of the rule, target, log group and policy: to remove from the Terraform state. */
    readonly addresses: readonly string[];
}

/** What adopting one `managed-grafana/api-key` deployment takes. */
export interface AdoptableParameter {
    /** The SSM parameter's name: `ssm_path_format_api_key` must give this path. */
    readonly name: string;
    /** Its Terraform address: to remove from the Terraform state. */
    readonly address: string;
}

/** A Grafana API key Terraform manages: it cannot be imported, and is recreated. */
export interface ExistingApiKey {
    readonly keyName: string;
    readonly workspaceId: string;
    readonly address: string;
}

/** Everything in a state that adoption concerns. */
export interface AdoptionReport {
    readonly rules: readonly AdoptableRule[];
    readonly parameters: readonly AdoptableParameter[];
    readonly apiKeys: readonly ExistingApiKey[];
    /**
     * The other resources of the state (IAM roles of cloudwatch-logs, `time_*`, ...): not adopted;
     * `terraform destroy` removes them once the adopted ones are out of the state.
     */
    readonly notAdopted: readonly string[];
    /** Rules with more than one target, or targets whose rule is not in the state: to check by hand. */
    readonly problems: readonly string[];
}

const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** A log group ARN without the `:*` Terraform's `arn` attribute may end with. */
function withoutWildcard(arn: string): string {
    return arn.endsWith(":*") ? arn.slice(0, -2) : arn;
}

/** The log group name of a log group ARN (`arn:...:log-group:<name>`). */
function logGroupNameOfArn(arn: string): string | undefined {
    const match = /:log-group:(.+)$/.exec(withoutWildcard(arn));
    return match ? match[1] : undefined;
}

/** The characters of a CloudWatch Logs log group name (CreateLogGroup's `logGroupName` pattern `[\.\-_/#A-Za-z0-9]+`). */
const LOG_GROUP_NAME_CHARACTER = /[.\-_/#A-Za-z0-9]/;

/**
 * The log group names a policy document grants (the names after each `:log-group:`, up to the
 * first character a log group name cannot hold: `:*`, a quote, ...), read in one pass.
 */
function grantedLogGroups(document: string): string[] {
    const names: string[] = [];
    const mark = ":log-group:";
    for (let at = document.indexOf(mark); at >= 0; at = document.indexOf(mark, at + 1)) {
        let end = at + mark.length;
        while (end < document.length && LOG_GROUP_NAME_CHARACTER.test(document[end])) end++;
        if (end > at + mark.length) names.push(document.slice(at + mark.length, end));
    }
    return names;
}

/** Items grouped by a key, each group in the items' order (a key of undefined is a group too). */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
    const groups = new Map<K, T[]>();
    for (const item of items) {
        const k = key(item);
        const group = groups.get(k);
        if (group === undefined) groups.set(k, [item]);
        else group.push(item);
    }
    return groups;
}

/**
 * Works out, from the resources of a Terraform state, what adopting them takes: per rule on the
 * default bus, its target's id, log group and policy; the SSM parameters; the API keys (recreated,
 * not adopted); and the rest. Linear in the state: each look-up goes through a map built once
 * (a state under the 64 MiB cap holds hundreds of thousands of resources).
 */
export function adoptionReport(resources: readonly TerraformResource[]): AdoptionReport {
    const byTypes = groupBy(resources, (r) => r.type);
    const byType = (type: string) => byTypes.get(type) ?? [];
    const used = new Set<string>();
    const problems: string[] = [];

    const targetsByRule = groupBy(byType("aws_cloudwatch_event_target"), (t) => str(t.attributes.rule));
    const logGroupsByName = new Map<string, TerraformResource>();
    for (const group of byType("aws_cloudwatch_log_group")) {
        const name = str(group.attributes.name);
        if (name !== undefined && !logGroupsByName.has(name)) logGroupsByName.set(name, group);
    }
    // The original's account-scoped policy is named like the rule's label id (not the rule's
    // 64-character-limited name): match it by the log group its document grants (the first policy
    // of the state that grants it).
    const policiesByLogGroup = new Map<string, TerraformResource>();
    for (const policy of byType("aws_cloudwatch_log_resource_policy")) {
        for (const name of grantedLogGroups(str(policy.attributes.policy_document) ?? "")) {
            if (!policiesByLogGroup.has(name)) policiesByLogGroup.set(name, policy);
        }
    }
    const rules: AdoptableRule[] = [];
    for (const rule of byType("aws_cloudwatch_event_rule")) {
        const ruleName = str(rule.attributes.name);
        const bus = str(rule.attributes.event_bus_name) ?? "default";
        if (ruleName === undefined) continue;
        if (bus !== "default") {
            problems.push(
                `${rule.address}: rule "${ruleName}" is on event bus "${bus}"; only the default bus is adopted`,
            );
            continue;
        }
        const ruleTargets = targetsByRule.get(ruleName) ?? [];
        if (ruleTargets.length !== 1) {
            problems.push(
                `${rule.address}: rule "${ruleName}" has ${ruleTargets.length} targets in the state; the component ` +
                    "creates exactly one (set adopt_event_target_id to the one sending to its log group)",
            );
            if (ruleTargets.length === 0) continue;
        }
        const target = ruleTargets[0];
        const eventTargetId = str(target.attributes.target_id);
        if (eventTargetId === undefined) {
            problems.push(`${target.address}: the target has no target_id in the state`);
            continue;
        }
        const targetArn = str(target.attributes.arn);
        const logGroupName = targetArn !== undefined ? logGroupNameOfArn(targetArn) : undefined;
        const logGroup = logGroupName !== undefined ? logGroupsByName.get(logGroupName) : undefined;
        const policy = logGroupName !== undefined ? policiesByLogGroup.get(logGroupName) : undefined;
        const addresses = [rule.address, target.address, logGroup?.address, policy?.address].filter(
            (a): a is string => a !== undefined,
        );
        addresses.forEach((a) => used.add(a));
        rules.push({
            ruleName,
            eventTargetId,
            ...(logGroupName !== undefined ? { logGroupName } : {}),
            ...(str(policy?.attributes.policy_name) !== undefined
                ? { logsPolicyName: str(policy?.attributes.policy_name) }
                : {}),
            addresses,
        });
    }
    // every address a rule adopts is in `used`
    const ruleNames = new Set(byType("aws_cloudwatch_event_rule").map((r) => str(r.attributes.name)));
    for (const target of byType("aws_cloudwatch_event_target")) {
        if (!used.has(target.address)) {
            const ruleName = str(target.attributes.rule);
            if (!ruleNames.has(ruleName)) {
                problems.push(`${target.address}: the target's rule "${ruleName}" is not in this state`);
            }
        }
    }

    const parameters: AdoptableParameter[] = [];
    for (const parameter of byType("aws_ssm_parameter")) {
        const name = str(parameter.attributes.name);
        if (name === undefined) continue;
        parameters.push({ name, address: parameter.address });
        used.add(parameter.address);
    }
    const apiKeys: ExistingApiKey[] = [];
    for (const key of byType("aws_grafana_workspace_api_key")) {
        apiKeys.push({
            keyName: str(key.attributes.key_name) ?? "",
            workspaceId: str(key.attributes.workspace_id) ?? "",
            address: key.address,
        });
        used.add(key.address);
    }
    return {
        rules,
        parameters,
        apiKeys,
        notAdopted: resources.map((r) => r.address).filter((a) => !used.has(a)),
        problems,
    };
}

/** Quotes a Terraform address for a POSIX shell. */
export function shellQuote(text: string): string {
    return /^[A-Za-z0-9_.\-/]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
