/**
 * Offline Pulumi mocks for `npm run synth` and the component tests: realistic state for every resource the components
 * create, function they call and stack they reference (the generic ones here, a component's from its kit's `mocked*`),
 * unknown computed outputs in a preview, anything else refused. {@link installMocks} also records each registration.
 */
import * as pulumi from "@pulumi/pulumi";
import type { MockCallArgs, MockResourceArgs } from "@pulumi/pulumi/runtime";
import { setClock } from "../components/kit/lifecycle";
import { SSM_OWNER_TAG } from "../components/kit/ssmOwner";
import { partitionOf } from "../components/kit/awsLimits";
import type { ComponentKit, MockContext, MockedInvoke, MockedType, MockRun } from "../components/kit/kit";
import { arnOf } from "./awsArns";
import { protoKeyPath } from "../util/protoKey";
import { holdsUnknown } from "../util/unknown";
import {
    captureUnhandledRejections,
    currentMonitor,
    failureProgram,
    observeMockMonitor,
    recordProgramFailure,
    waitForRegistrations,
    type MonitorRequest,
} from "../sdk/adapter";

/** The AWS account id every mocked ARN uses. */
export const EXAMPLE_ACCOUNT_ID = "111111111111";
/** The default provider's region when neither the `region` option nor the `aws:region` config gives one. */
export const EXAMPLE_DEFAULT_REGION = "us-east-1";
/** The fixed clock of the mocks (unless `now` is given): the components' clock, and every `time` resource starts here. */
export const EXAMPLE_NOW = "2026-01-01T00:00:00Z";

/** The string every secret value is replaced by in recorded inputs. */
export const SECRET_PLACEHOLDER = "[secret]";

/** Options of the mocks. */
export interface MockOptions {
    /** Account id of every ARN. @default {@link EXAMPLE_ACCOUNT_ID} */
    readonly accountId?: string;
    /**
     * The region of the default AWS provider: the region of every resource that names none and has
     * no explicit provider. `installMocks` also sets the `aws:region` config to it, as
     * `pulumi config set aws:region` would, so that the program and the components read the same.
     * @default the `aws:region` config when set, else {@link EXAMPLE_DEFAULT_REGION}
     */
    readonly region?: string;
    /**
     * Outputs of referenced stacks, by full stack name; a stack not listed gets `defaultStackOutputs`.
     * `null` for a stack name makes the reference fail as for a stack that does not exist.
     */
    readonly stackOutputs?: Readonly<Record<string, Readonly<Record<string, unknown>> | null>>;
    /**
     * Outputs of any referenced stack not in `stackOutputs`; `null`: no other stack exists.
     * @default the outputs the components declare for the stacks they reference (their kits' `mockedStackOutputs`:
     * `EXAMPLE_WORKSPACE_OUTPUTS`, the api-key's workspace stack)
     */
    readonly defaultStackOutputs?: Readonly<Record<string, unknown>> | null;
    /** Pulumi project name. @default "project" */
    readonly project?: string;
    /** Pulumi stack name. @default "stack" */
    readonly stack?: string;
    /** Pulumi organization name. @default "organization" */
    readonly organization?: string;
    /**
     * Run as a preview, as `pulumi preview` does for a stack with nothing deployed yet: every resource
     * is new, so it gets its inputs back and its computed outputs (ARNs, ids, keys, expiry times) are
     * unknown; unknown values stay unknown. @default false
     */
    readonly preview?: boolean;
    /** The time of this simulated run (RFC 3339): the components' clock. @default {@link EXAMPLE_NOW} */
    readonly now?: string;
    /**
     * The time `time` resources (`Static`, `Rotating`) report, as if created by an earlier run and
     * kept in the state (RFC 3339). @default `now`
     */
    readonly resourceTime?: string;
    /**
     * `grafanaVersion` of the workspaces the AWS provider looks up (read by the api-key's declared mocks).
     * @default `EXAMPLE_GRAFANA_VERSION`
     */
    readonly grafanaVersion?: string;
    /**
     * Log groups that exist, by name, with their retention in days (0: never expire), for the AWS
     * provider's `getLogGroup` and `getLogGroups`; any other name is not found. @default none
     */
    readonly logGroups?: Readonly<Record<string, number>>;
    /**
     * SSM parameters that exist with an owner tag (`pulumi:stack`), by path: the owning stack's full
     * name, as the Resource Groups Tagging API reports it; a component whose parameter another stack
     * owns fails naming it. @default none
     */
    readonly ssmParameterOwners?: Readonly<Record<string, string>>;
    /**
     * Terraform state objects the AWS provider's `s3.getObject` reads, by `s3://<bucket>/<key>`: the
     * state document's text (what Terraform's S3 backend stores). An object not listed has no body:
     * a value read from it stays unknown, as in a plan that cannot see AWS. @default none
     */
    readonly terraformStates?: Readonly<Record<string, string>>;
    /**
     * SSM parameters the AWS provider's `ssm.getParameter` reads (`!store`), by name: their value. A
     * parameter not listed has no value: a value read from it stays unknown. @default none
     */
    readonly ssmParameters?: Readonly<Record<string, string>>;
    /**
     * What a resource of a type these mocks do not know (nor `resourceTypes`, nor a component's kit) gets: `"refuse"`
     * fails its registration ("Mock not implemented"), `"echo"` gives it its inputs as state, the id `<name>_id`, and
     * for an AWS resource an `arn` (shaped as AWS's, from the type token: `cluster/<name>` for an ECS cluster, the name
     * alone for an SNS topic, ...) and its `name` (the logical name when none is given); in a preview none of those, as
     * they are computed. `installMocks` of `pulumi-cloudposse-components/testing` defaults to `"echo"`.
     * @default "refuse" (`"echo"` through `pulumi-cloudposse-components/testing`)
     */
    readonly otherResources?: "refuse" | "echo";
    /**
     * Resource types to answer beyond the mocks' own and those the components declare (their kits' `mockedTypes`), by
     * type token: an `aws:` resource gets its name (the provider's autoname `<logical name>-0000000` when none is
     * given), region, ARN (from the type token) and tags, with `id: "arn"` for a type the provider identifies by its
     * ARN, and what `state` adds; also under `otherResources: "refuse"`. @default none
     */
    readonly resourceTypes?: Readonly<Record<string, MockedType>>;
}

/** One resource as the mock monitor saw it registered. */
export interface RecordedResource {
    /** Pulumi type token, e.g. `aws:cloudwatch/logGroup:LogGroup`. */
    readonly type: string;
    /** Logical name. */
    readonly name: string;
    /** The resource's URN, as the mock monitor answered it ("" when the mocks refused the resource). */
    readonly urn: string;
    /** `type::name` of the parent, or null at the top level. */
    readonly parent: string | null;
    /** True for a custom (provider) resource, false for a component. */
    readonly custom: boolean;
    /** Inputs as registered, every secret value replaced by {@link SECRET_PLACEHOLDER}. */
    readonly inputs: Record<string, unknown>;
    /** The explicit provider reference, if any. */
    readonly provider?: string;
    /**
     * The replacement options sent to the engine, present only when one is set (the mock interface
     * itself never sees options): `deleteBeforeReplace`, `replaceOnChanges`, and `replacementTrigger`
     * as serialized (secrets replaced by {@link SECRET_PLACEHOLDER}).
     */
    readonly replacement?: RecordedReplacement;
    /** The `import` option: the id of the existing resource to adopt, when set. */
    readonly importId?: string;
    /** The aliases sent to the engine (alias specs: `name`, ...), when any. */
    readonly aliases?: readonly Record<string, unknown>[];
    /**
     * Every resource option the registration carried, present only when at least one is set
     * (what `synth --json` prints as `options`).
     */
    readonly options?: RecordedOptions;
}

/**
 * The options of a registration, each present only when set: as the engine receives them, secrets
 * in the trigger as {@link SECRET_PLACEHOLDER}, resources named `type::name`.
 */
export interface RecordedOptions {
    /** The value of `replacementTrigger`: a change replaces the resource. */
    readonly replacementTrigger?: unknown;
    readonly deleteBeforeReplace?: boolean;
    /** The id of the existing resource adopted (`import`). */
    readonly import?: string;
    /** Alias specs (`name`, `parentUrn`, ...). */
    readonly aliases?: readonly Record<string, unknown>[];
    readonly protect?: boolean;
    readonly retainOnDelete?: boolean;
    /** `type::name` of each explicit dependency (`dependsOn`). */
    readonly dependsOn?: readonly string[];
    readonly ignoreChanges?: readonly string[];
    readonly replaceOnChanges?: readonly string[];
    /** `type::name` of the explicit provider. */
    readonly provider?: string;
}

/** The replacement options of a registration. */
export interface RecordedReplacement {
    readonly deleteBeforeReplace?: boolean;
    readonly replaceOnChanges?: readonly string[];
    readonly replacementTrigger?: unknown;
}

/** Live mocks: the registrations so far, in order. */
export interface InstalledMocks {
    /** Every registered resource, in registration order. */
    readonly resources: RecordedResource[];
    /**
     * The token of every invoke made, in order. The mocks answer `aws:index/getRegion` (the
     * provider's region), `aws:cloudwatch/getLogGroup` and `getLogGroups` (`logGroups`),
     * `aws:resourcegroupstaggingapi/getResources` (`ssmParameterOwners`), `aws:s3/getObject`
     * (`terraformStates`), `aws:ssm/getParameter` (`ssmParameters`) and the invokes the components
     * declare (their kits' `mockedInvokes`: `aws:grafana/getWorkspace`, from `grafanaVersion`), and
     * refuse every other one.
     */
    readonly calls: string[];
    /** What the mocks refused (an unmocked type or invoke), in order. */
    readonly errors: Error[];
    /**
     * Waits until every pending registration of the program has been answered or has failed; rejects
     * with the first failure: a refusal of the mocks, or a registration that failed before reaching
     * them (a component's argument given as an Output that it refused once known, with the
     * component's one message naming the instance and the argument, or an Output given to one of the
     * program's own resources that rejected). Await it at the end of every test (or in `afterEach`):
     * a failure is then reported in the test whose program had it.
     */
    settle(): Promise<void>;
    /**
     * Starts a new program with the same options, as a new `installMocks` would: forgets what was
     * recorded and the names the components registered (two instances wanting one name), so a name
     * may be used again. A failure of the program before it arriving later is not reported here.
     */
    reset(): void;
}

/** Replaces every secret in a deserialized property value with {@link SECRET_PLACEHOLDER}. */
export function redactSecrets(value: unknown): unknown {
    if (pulumi.runtime.isRpcSecret(value)) {
        return SECRET_PLACEHOLDER;
    }
    if (Array.isArray(value)) {
        return value.map(redactSecrets);
    }
    if (typeof value === "object" && value !== null) {
        const out: Record<string, unknown> = {};
        for (const [key, item] of Object.entries(value)) {
            out[key] = redactSecrets(item);
        }
        return out;
    }
    return value;
}

/** The plain value behind a possibly secret input. */
function reveal(value: unknown): unknown {
    return pulumi.runtime.unwrapRpcSecret(value) as unknown;
}

function addMinutes(rfc3339: string, minutes: number): string {
    return new Date(Date.parse(rfc3339) + minutes * 60_000).toISOString().replace(/\.000Z$/, "Z");
}

const SQS_QUEUE = "aws:sqs/queue:Queue";

/** What the components declare for the mocks (their kits' `mockedTypes`, `mockedInvokes`, `mockedStackOutputs`). */
interface DeclaredMocks {
    /** The resource types, by type token. */
    readonly types: ReadonlyMap<string, MockedType>;
    /** The provider functions, by token. */
    readonly invokes: ReadonlyMap<string, MockedInvoke>;
    /** The outputs of a referenced stack, merged. */
    readonly stackOutputs: Readonly<Record<string, unknown>>;
}

/**
 * Each kit's declarations of one kind, by key, merged: a key two components declare differently is refused.
 * `what` names the kind in that error.
 */
function mergedDeclarations<T>(
    kits: readonly ComponentKit[],
    declared: (kit: ComponentKit) => Readonly<Record<string, T>> | undefined,
    what: string,
): Map<string, T> {
    const merged = new Map<string, T>();
    for (const kit of kits) {
        for (const [key, value] of Object.entries(declared(kit) ?? {})) {
            const other = merged.get(key);
            if (other !== undefined && other !== value) {
                throw new TypeError(
                    `${kit.definition.path}: ${what} ${key} is declared for the mocks by another component too`,
                );
            }
            merged.set(key, value);
        }
    }
    return merged;
}

/**
 * What the components declare for the mocks, loaded on first use: the components' kits load the component classes,
 * which the mocks need only for a type, an invoke or a stack they do not know.
 */
function declaredMocks(): DeclaredMocks {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the kits, on first use (see above)
    const { COMPONENT_KITS } = require("../components/kits") as typeof import("../components/kits");
    return {
        types: mergedDeclarations(COMPONENT_KITS, (kit) => kit.mockedTypes, "the type"),
        invokes: mergedDeclarations(COMPONENT_KITS, (kit) => kit.mockedInvokes, "the invoke"),
        stackOutputs: Object.fromEntries(
            mergedDeclarations(COMPONENT_KITS, (kit) => kit.mockedStackOutputs, "the stack output"),
        ),
    };
}

/**
 * The Pulumi mocks object: computed state per type token, refusing unknown types and every invoke.
 * Use {@link installMocks} to install it and record registrations.
 */
export class AwsMocks implements pulumi.runtime.Mocks {
    private readonly accountId: string;
    /** The region of each explicit AWS provider, by its id. */
    private readonly providerRegions = new Map<string, string>();

    /** The region of the explicit provider a reference (`<urn>::<id>`) names, if it has one. */
    private regionOfProvider(reference: string | undefined): string | undefined {
        if (reference === undefined) return undefined;
        return this.providerRegions.get(reference.slice(reference.lastIndexOf("::") + 2));
    }

    /** The default provider's region. */
    private readonly region: string;

    constructor(private readonly options: MockOptions = {}) {
        this.accountId = options.accountId ?? EXAMPLE_ACCOUNT_ID;
        this.region = options.region ?? EXAMPLE_DEFAULT_REGION;
    }

    /** As the AWS provider: the region given, else the explicit provider's, else the default provider's. */
    private regionFor(given: unknown, provider: string | undefined): string {
        const region = reveal(given);
        return typeof region === "string" && region !== "" ? region : (this.regionOfProvider(provider) ?? this.region);
    }

    /** An ARN in `region`'s partition and the mocks' account. */
    private arnIn(region: string, service: string, resource: string): string {
        return `arn:${partitionOf(region)}:${service}:${region}:${this.accountId}:${resource}`;
    }

    /** What the components declare (their kits' `mockedTypes`, ...), read once. */
    private declaredOnce: DeclaredMocks | undefined;

    private get declared(): DeclaredMocks {
        return (this.declaredOnce ??= declaredMocks());
    }

    /** The state answered for each resource of a declared type this run, by `<type>\0<id>`. */
    private readonly answered = new Map<string, Readonly<Record<string, unknown>>>();

    /** Forgets the resources answered so far (a new program run: `reset()`). */
    forgetAnswered(): void {
        this.answered.clear();
    }

    /** What a declared answer is told of this run, for an answer in `region`. */
    private runIn(region: string): MockRun {
        return {
            plain: reveal,
            answered: (type, id) => this.answered.get(`${type}\0${id}`),
            arn: (service, resource) => this.arnIn(region, service, resource),
            option: (name) =>
                Object.prototype.hasOwnProperty.call(this.options, name)
                    ? (this.options as Readonly<Record<string, unknown>>)[name]
                    : undefined,
        };
    }

    newResource(args: MockResourceArgs): { id: string | undefined; state: Record<string, unknown> } {
        const inputs = args.inputs as Record<string, unknown>;
        if (!args.custom) {
            // A component resource: no provider, no state of its own.
            return { id: undefined, state: {} };
        }
        if (args.type.startsWith("pulumi:providers:")) {
            const id = `${args.name}_id`;
            if (args.type === "pulumi:providers:aws" && typeof reveal(inputs.region) === "string") {
                this.providerRegions.set(id, reveal(inputs.region) as string);
            }
            return { id, state: { ...inputs } };
        }
        // A preview of a resource that does not exist yet (the mocks keep no state: every resource is
        // new, unless adopted with `import`): its inputs, unknown ones unknown, and nothing computed.
        // (A stack reference is read, in a preview too.)
        const adopted = typeof args.id === "string" && args.id !== "";
        const read = args.type === "pulumi:pulumi:StackReference";
        if (holdsUnknown(inputs) || (this.options.preview && !adopted && !read)) {
            return { id: undefined, state: { ...inputs } };
        }
        const region = this.regionFor(inputs.region, args.provider);
        // A `time` resource: the time given, else the mocks' clock, and its parts (UTC).
        const timeResource = (more: (rfc3339: string) => object = () => ({})) => {
            const rfc3339 = String(inputs.rfc3339 ?? this.options.resourceTime ?? this.options.now ?? EXAMPLE_NOW);
            const date = new Date(Date.parse(rfc3339));
            return {
                id: rfc3339,
                state: {
                    ...inputs,
                    rfc3339,
                    ...more(rfc3339),
                    unix: Math.floor(date.getTime() / 1000),
                    year: date.getUTCFullYear(),
                    month: date.getUTCMonth() + 1,
                    day: date.getUTCDate(),
                    hour: date.getUTCHours(),
                    minute: date.getUTCMinutes(),
                    second: date.getUTCSeconds(),
                },
            };
        };
        // A resource named by its `name` (else `unnamed`: by default as the provider names it, a prefix
        // and a suffix), its id, with its ARN (program/awsArns.ts), `more` and its tags.
        const named = (more: object = {}, unnamed = `${args.name}-0000000`) => {
            const name = String(inputs.name ?? unnamed);
            return {
                id: name,
                state: {
                    ...inputs,
                    name,
                    region,
                    arn: arnOf(args.type, name, region, this.accountId),
                    ...more,
                    tagsAll: inputs.tags ?? {},
                },
            };
        };
        switch (args.type) {
            case "pulumi:pulumi:StackReference": {
                const stackName = String(inputs.name);
                // Own keys only: a stack named like an Object property is no configured stack.
                const byStack = this.options.stackOutputs;
                const configured =
                    byStack !== undefined && Object.prototype.hasOwnProperty.call(byStack, stackName)
                        ? byStack[stackName]
                        : undefined;
                const outputs =
                    configured !== undefined
                        ? configured
                        : this.options.defaultStackOutputs !== undefined
                          ? this.options.defaultStackOutputs
                          : this.declared.stackOutputs;
                if (outputs === null) {
                    throw new Error(`unknown stack "${stackName}"`);
                }
                const proto = protoKeyPath(outputs);
                if (proto !== undefined) {
                    throw new Error(
                        `the outputs of stack "${stackName}" hold a key named __proto__ (at ${proto}): the Pulumi SDK cannot pass it (it would become the prototype of the outputs object, and every name in it an output)`,
                    );
                }
                return { id: stackName, state: { name: stackName, outputs: { ...outputs }, secretOutputNames: [] } };
            }
            case "aws:cloudwatch/logGroup:LogGroup":
                return named();
            case "aws:ssm/parameter:Parameter":
                return named(
                    {
                        version: 1,
                        tier: inputs.tier ?? "Standard",
                        dataType: inputs.dataType ?? "text",
                        keyId: inputs.keyId ?? (inputs.type === "SecureString" ? "alias/aws/ssm" : undefined),
                    },
                    args.name,
                );
            case "time:index/static:Static":
                return timeResource();
            case "time:index/rotating:Rotating": {
                const minutes =
                    Number(inputs.rotationMinutes ?? 0) +
                    60 * Number(inputs.rotationHours ?? 0) +
                    1440 * Number(inputs.rotationDays ?? 0);
                return timeResource((rfc3339) => ({ rotationRfc3339: addMinutes(rfc3339, minutes) }));
            }
            default: {
                // A type the options or a component declare (its kit's `mockedTypes`): named as the provider
                // names it, with its ARN, and what the declaration adds (own keys only: no type is named
                // like an Object property).
                const given = this.options.resourceTypes ?? {};
                const declared = Object.prototype.hasOwnProperty.call(given, args.type)
                    ? given[args.type]
                    : this.declared.types.get(args.type);
                if (declared !== undefined) {
                    const context = (state: Readonly<Record<string, unknown>>): MockContext => ({
                        ...this.runIn(region),
                        state,
                        logicalName: args.name,
                        createdAt: this.options.resourceTime ?? this.options.now ?? EXAMPLE_NOW,
                    });
                    const generic: Readonly<Record<string, unknown>> =
                        declared.named === false ? { ...inputs, region } : named().state;
                    const state = { ...generic, ...declared.state?.(inputs, context(generic)) };
                    const id =
                        typeof declared.id === "function"
                            ? declared.id(inputs, context(state))
                            : String(declared.id === "arn" ? state.arn : state.name);
                    this.answered.set(`${args.type}\0${id}`, state);
                    return { id, state };
                }
                if (this.options.otherResources === "echo") {
                    // An AWS resource has an ARN, and a name (the logical one, when the program gives
                    // none, as autonaming would), known once created (never in a preview).
                    const name = typeof inputs.name === "string" ? inputs.name : args.name;
                    const arn = arnOf(args.type, name, region, this.accountId);
                    const computed =
                        arn !== undefined
                            ? {
                                  ...(inputs.arn === undefined ? { arn } : {}),
                                  ...(inputs.name === undefined ? { name } : {}),
                                  ...(args.type === SQS_QUEUE && inputs.url === undefined
                                      ? { url: `https://sqs.${region}.amazonaws.com/${this.accountId}/${name}` }
                                      : {}),
                              }
                            : {};
                    return { id: `${args.name}_id`, state: { ...inputs, ...computed } };
                }
                throw new Error(`Mock not implemented: ${args.type} (${args.name})`);
            }
        }
    }

    call(args: MockCallArgs): Record<string, unknown> {
        if (args.token === "aws:index/getRegion:getRegion") {
            // The region the provider asked works in: the one given, else its own (how a component
            // learns the region of a provider it was given only as a reference).
            const region = this.regionFor((args.inputs as Record<string, unknown>).region, args.provider);
            return {
                id: region,
                region,
                name: region,
                endpoint: `ec2.${region}.amazonaws.com`,
                description: region,
            };
        }
        if (args.token === "aws:cloudwatch/getLogGroup:getLogGroup") {
            const inputs = args.inputs as Record<string, unknown>;
            const name = String(reveal(inputs.name));
            const region = this.regionFor(inputs.region, args.provider);
            const groups = this.options.logGroups ?? {};
            if (!Object.prototype.hasOwnProperty.call(groups, name)) {
                throw new Error(`reading CloudWatch Logs Log Group (${name}): empty result`);
            }
            return {
                id: name,
                name,
                region,
                arn: this.arnIn(region, "logs", `log-group:${name}`),
                retentionInDays: groups[name],
                tags: {},
            };
        }
        if (args.token === "aws:resourcegroupstaggingapi/getResources:getResources") {
            // The SSM parameters other stacks own (`ssmParameterOwners`), with their owner tag, in the
            // region asked; nothing else is tagged.
            const inputs = args.inputs as Record<string, unknown>;
            const region = String(
                reveal(inputs.region) ?? this.regionOfProvider(args.provider) ?? EXAMPLE_DEFAULT_REGION,
            );
            const owners = this.options.ssmParameterOwners ?? {};
            return {
                id: region,
                region,
                resourceTagMappingLists: Object.keys(owners).map((path) => ({
                    resourceArn: `arn:aws:ssm:${region}:${this.accountId}:parameter${path.startsWith("/") ? path : `/${path}`}`,
                    tags: { [SSM_OWNER_TAG]: owners[path] },
                    complianceDetails: [],
                })),
            };
        }
        if (args.token === "aws:cloudwatch/getLogGroups:getLogGroups") {
            // The groups whose name starts with the prefix (none unless `logGroups` lists them).
            const inputs = args.inputs as Record<string, unknown>;
            const prefix = String(reveal(inputs.logGroupNamePrefix) ?? "");
            const region = String(
                reveal(inputs.region) ?? this.regionOfProvider(args.provider) ?? EXAMPLE_DEFAULT_REGION,
            );
            const names = Object.keys(this.options.logGroups ?? {})
                .filter((name) => name.startsWith(prefix))
                .sort();
            return {
                id: region,
                region,
                logGroupNamePrefix: prefix,
                logGroupNames: names,
                arns: names.map((name) => `arn:aws:logs:${region}:${this.accountId}:log-group:${name}`),
            };
        }
        if (args.token === "aws:s3/getObject:getObject") {
            // A Terraform state object (`terraformStates`), else one without a body (unknown).
            const inputs = args.inputs as Record<string, unknown>;
            const bucket = String(reveal(inputs.bucket));
            const key = String(reveal(inputs.key));
            const states = this.options.terraformStates ?? {};
            const url = `s3://${bucket}/${key}`;
            const body = Object.prototype.hasOwnProperty.call(states, url) ? states[url] : undefined;
            return {
                id: url,
                bucket,
                key,
                ...(body !== undefined ? { body, contentType: "application/json" } : {}),
            };
        }
        if (args.token === "aws:ssm/getParameter:getParameter") {
            const inputs = args.inputs as Record<string, unknown>;
            const name = String(reveal(inputs.name));
            const parameters = this.options.ssmParameters ?? {};
            const value = Object.prototype.hasOwnProperty.call(parameters, name) ? parameters[name] : undefined;
            return {
                id: name,
                name,
                type: "SecureString",
                ...(value !== undefined ? { value, insecureValue: value } : {}),
            };
        }
        // An invoke a component declares (its kit's `mockedInvokes`), in the region it works in.
        const declared = this.declared.invokes.get(args.token);
        if (declared !== undefined) {
            const inputs = args.inputs as Record<string, unknown>;
            const region = this.regionFor(inputs.region, args.provider);
            return { ...declared(inputs, { ...this.runIn(region), region }) };
        }
        throw new Error(`Mock not implemented: ${args.token}`);
    }
}

/** The `aws:region` config the mocks set, and what it was before, to tell a user's setting from theirs. */
let regionSet: { readonly region: string; readonly before: string | undefined } | undefined;

/** The `aws:region` config as the user set it (not as the mocks last set it). */
function configuredRegion(): string | undefined {
    const now = pulumi.runtime.getConfig("aws:region");
    return regionSet !== undefined && now === regionSet.region ? regionSet.before : now;
}

/** One program run under the mocks: what it registered and how it failed. */
interface Session {
    /** The resource monitor `setMocks` installed for it. */
    readonly monitor: object | undefined;
    /** Its failures, each once, in the order they arrived. */
    readonly failures: unknown[];
    /** Wakes a `settle()` waiting on it. */
    wake?: () => void;
}

/** The current program, and the one before it while its pending work drains. */
let current: Session | undefined;
const earlier = new WeakMap<object, Session>();
let releaseFailureListener: (() => void) | undefined;

/**
 * The session a failure belongs to: the program a component marked it with (an earlier one's, whose
 * test has ended, is kept there; another program's, from a `setMocks` of the user's own, is not the
 * mocks' to report), else the current one.
 */
function sessionOf(reason: unknown): Session | undefined {
    const program = failureProgram(reason);
    if (program === undefined || program === current?.monitor) return current;
    return earlier.get(program);
}

function onFailure(reason: unknown): void {
    const session = sessionOf(reason);
    if (session === undefined) return;
    // The SDK reports one failure once per output it rejects: keep each failure once.
    if (!session.failures.includes(reason)) session.failures.push(reason);
    session.wake?.();
}

/** Lets the rejections queued by work that just ended reach the listener. */
function drained(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Installs {@link AwsMocks} as Pulumi's runtime mocks and records every registration with its
 * parent, in order. Must be awaited before the modules that create resources are loaded.
 */
export async function installMocks(options: MockOptions = {}): Promise<InstalledMocks> {
    // The failures the program before this one has already had (a test that did not await
    // settle()) reach it, not this one; a component's failure arriving later is still told apart by
    // the program it marks (see sessionOf).
    if (current !== undefined) await drained();
    const region = options.region ?? configuredRegion() ?? EXAMPLE_DEFAULT_REGION;
    if (pulumi.runtime.getConfig("aws:region") !== region) {
        regionSet = { region, before: configuredRegion() };
        pulumi.runtime.setConfig("aws:region", region);
    }
    const mocks = new AwsMocks({ ...options, region });
    const resources: RecordedResource[] = [];
    const calls: string[] = [];
    const errors: Error[] = [];
    const byUrn = new Map<string, string>();
    const record = (request: MonitorRequest): { -readonly [K in keyof RecordedResource]: RecordedResource[K] } => {
        const replacement: RecordedReplacement = {
            ...(request.deleteBeforeReplace !== undefined ? { deleteBeforeReplace: request.deleteBeforeReplace } : {}),
            ...(request.replaceOnChanges.length > 0 ? { replaceOnChanges: [...request.replaceOnChanges] } : {}),
            ...(request.replacementTrigger !== undefined
                ? { replacementTrigger: redactSecrets(request.replacementTrigger) }
                : {}),
        };
        const named = (urn: string) => byUrn.get(urn) ?? urn;
        const providerUrn = request.provider.replace(/::[^:]*$/, "");
        const recordedOptions: RecordedOptions = {
            ...(request.replacementTrigger !== undefined
                ? { replacementTrigger: redactSecrets(request.replacementTrigger) }
                : {}),
            ...(request.deleteBeforeReplace !== undefined ? { deleteBeforeReplace: request.deleteBeforeReplace } : {}),
            ...(request.importId ? { import: request.importId } : {}),
            ...(request.aliases.length > 0 ? { aliases: request.aliases.map((alias) => ({ ...alias })) } : {}),
            ...(request.protect !== undefined ? { protect: request.protect } : {}),
            ...(request.retainOnDelete !== undefined ? { retainOnDelete: request.retainOnDelete } : {}),
            ...(request.dependsOn.length > 0 ? { dependsOn: request.dependsOn.map(named) } : {}),
            ...(request.ignoreChanges.length > 0 ? { ignoreChanges: [...request.ignoreChanges] } : {}),
            ...(request.replaceOnChanges.length > 0 ? { replaceOnChanges: [...request.replaceOnChanges] } : {}),
            ...(request.provider ? { provider: named(providerUrn) } : {}),
        };
        // The inputs are read once the mocks have been asked for the resource, which gives them
        // (see sdk/adapter.ts), not deserialized again.
        let inputs: Record<string, unknown> | undefined;
        return {
            type: request.type,
            name: request.name,
            urn: "",
            parent: request.parentUrn ? (byUrn.get(request.parentUrn) ?? request.parentUrn) : null,
            custom: request.custom,
            get inputs() {
                return (inputs ??= redactSecrets(request.inputs) as Record<string, unknown>);
            },
            ...(request.provider ? { provider: request.provider } : {}),
            ...(Object.keys(replacement).length > 0 ? { replacement } : {}),
            ...(request.importId ? { importId: request.importId } : {}),
            ...(request.aliases.length > 0 ? { aliases: request.aliases.map((alias) => ({ ...alias })) } : {}),
            ...(Object.keys(recordedOptions).length > 0 ? { options: recordedOptions } : {}),
        };
    };
    const refused = <T>(fn: () => T): T => {
        try {
            return fn();
        } catch (error) {
            errors.push(error as Error);
            throw error;
        }
    };
    const recordingMocks: pulumi.runtime.Mocks = {
        newResource: (args) => refused(() => mocks.newResource(args)),
        call(args) {
            calls.push(args.token);
            return refused(() => mocks.call(args));
        },
    };
    // A registration that fails (an input Output rejected by a component's check) never reaches
    // the mocks: the SDK reports it as an unhandled rejection and its RPC stays pending, so settle()
    // watches those rather than waiting for ever. The process has one listener of the mocks at a time.
    // The process's other listeners (a test runner's) hear each failure once, not once per output
    // the SDK rejects with it (five for one bad Output of an api-key).
    releaseFailureListener ??= captureUnhandledRejections(onFailure, { forwardOnce: true });
    const time = Date.parse(options.now ?? EXAMPLE_NOW);

    /** Installs a new program (a new mock monitor, so a new name registry), recording into the lists above. */
    const start = (): Session => {
        setClock(() => time);
        // setMocks does all its work before it returns its promise.
        void pulumi.runtime.setMocks(
            recordingMocks,
            options.project ?? "project",
            options.stack ?? "stack",
            options.preview ?? false,
            options.organization ?? "organization",
        );
        // Each registration as the SDK sends it, in order; its URN once the mocks have answered.
        observeMockMonitor((request: MonitorRequest) => {
            const recorded = record(request);
            resources.push(recorded);
            return (urn) => {
                recorded.urn = urn;
                byUrn.set(urn, `${request.type}::${request.name}`);
            };
        });
        const session: Session = { monitor: currentMonitor(), failures: [] };
        if (current?.monitor !== undefined) earlier.set(current.monitor, current);
        current = session;
        return session;
    };
    let session = start();

    return {
        resources,
        calls,
        errors,
        async settle() {
            const mine = session;
            if (mine.failures.length === 0) {
                const failed = new Promise<void>((resolve) => (mine.wake = resolve));
                await Promise.race([waitForRegistrations(), failed]);
                // The failures of the last registrations arrive as rejections after they end.
                await drained();
                mine.wake = undefined;
            }
            if (errors.length > 0 || mine.failures.length > 0) {
                const failure: unknown = errors.length > 0 ? errors[0] : mine.failures[0];
                // The program failed, as `pulumi up` would say (the outputs of registrations that failed
                // stay unresolved, which the SDK reports as leaks only of a run that logged no error).
                if (current === mine) recordProgramFailure();
                throw failure;
            }
        },
        reset() {
            mocks.forgetAnswered();
            resources.length = 0;
            calls.length = 0;
            errors.length = 0;
            byUrn.clear();
            session = start();
        },
    };
}
