/**
 * The `eventbridge` component: one EventBridge rule on the default bus sending the events that match a pattern to a
 * CloudWatch Logs log group. {@link EventBridge} wires the result of the pure resolver (./resolve) to resources.
 */
import * as cloudwatch from "@pulumi/aws/cloudwatch";
import * as pulumi from "@pulumi/pulumi";
import { requireEngine } from "../kit/engine";
import { MINIMUM_PULUMI_CLI_FOR_ADOPTION } from "../kit/lifecycle";
import { EVENTBRIDGE_DEFINITION, type EventBridgeArgs } from "./definition";
import { DeclaredComponent } from "../kit/component";
import { startComponent, type FromStackProgram } from "../kit/preamble";
import {
    eventBridgeClaims,
    eventBridgeLogsPolicyDocument,
    resolveEventBridge,
    withoutWildcard,
    type ResolvedEventBridge,
} from "./resolve";

/** The component path, as in stack files and errors. */
const COMPONENT_PATH = EVENTBRIDGE_DEFINITION.path;

/**
 * An {@link EventBridge} known to be enabled (see {@link DeclaredComponent.isEnabled}). Every output is typed
 * defined on any instance (reading one on a disabled instance throws), so this is the class itself; kept
 * for the programs that name it.
 */
export type EnabledEventBridge = EventBridge;

/**
 * An EventBridge rule sending the events that match a pattern to a new CloudWatch Logs log group,
 * with the logs resource policy that lets EventBridge write there. Component path `eventbridge`.
 *
 * Arguments may be Pulumi Inputs (see {@link EventBridgeArgs}): what is known at construction is
 * checked there (every problem at once, nothing registered); what is known later is checked as soon
 * as it is, with the same message, and fails the children before any AWS call. In a preview, a value
 * not known yet skips only the checks that need it.
 *
 * Children (all named like the component, parented to it, in `region` or else their AWS provider's): the log group
 * (`aws:cloudwatch/logGroup:LogGroup`), the rule (`aws:cloudwatch/eventRule:EventRule`), the
 * resource policy (`aws:cloudwatch/logResourcePolicy:LogResourcePolicy`) and the target
 * (`aws:cloudwatch/eventTarget:EventTarget`, created after the policy). None when disabled.
 *
 * The log group is kept in AWS with its events when Pulumi deletes it (`retainLogGroupOnDelete`,
 * default true). Resource options: `protect` reaches every child (Pulumi passes it on); the
 * component's `retainOnDelete` is passed by the component to every child (Pulumi passes it to none).
 */
export class EventBridge extends DeclaredComponent {
    /** The component path, as stack files name it. */
    static readonly componentPath = COMPONENT_PATH;
    /** The component's declaration: arguments, stack-file vars, defaults, outputs. */
    static readonly definition = EVENTBRIDGE_DEFINITION;

    /** ARN of the event rule; mirrors `event_rule_arn`. Throws when read on a disabled instance. */
    declare readonly eventRuleArn: pulumi.Output<string>;
    /** Name of the event rule; mirrors `event_rule_name`. Throws when read on a disabled instance. */
    declare readonly eventRuleName: pulumi.Output<string>;
    /** ARN of the log group (no `:*` suffix); mirrors `logs_log_group_arn`. Throws when read on a disabled instance. */
    declare readonly logsLogGroupArn: pulumi.Output<string>;
    /** Name of the log group; mirrors `logs_log_group_name`. Throws when read on a disabled instance. */
    declare readonly logsLogGroupName: pulumi.Output<string>;
    /**
     * Whether the log group is registered to be kept in AWS when Pulumi deletes it
     * (`retainLogGroupOnDelete`, or the component's `retainOnDelete` option). Throws when read on a
     * disabled instance. The stack program exports it as `logs_log_group_retained` for the next run's guard.
     */
    declare readonly logsLogGroupRetained: pulumi.Output<boolean>;

    /**
     * @param args The arguments, validated here: plain values at once, Inputs as soon as they are known.
     * @throws ComponentArgsError listing every invalid argument known at construction, before anything is registered.
     */
    constructor(name: string, args: EventBridgeArgs, opts?: pulumi.ComponentResourceOptions);
    /** @internal The stack program's path (kit.ts): arguments it resolved, taken as is. */
    constructor(name: string, args: FromStackProgram<ResolvedEventBridge>, opts?: pulumi.ComponentResourceOptions);
    constructor(
        name: string,
        given: EventBridgeArgs | FromStackProgram<ResolvedEventBridge>,
        opts: pulumi.ComponentResourceOptions = {},
    ) {
        const start = startComponent(name, given, opts, {
            definition: EVENTBRIDGE_DEFINITION,
            resolve: (known) => resolveEventBridge(name, known, { regionFromProvider: true }),
            claims: eventBridgeClaims,
        });
        super(name, start);
        const { resolved, value, args } = start;

        let outputs: Record<string, pulumi.Output<unknown>> | undefined;
        if (resolved.enabled) {
            // Every child has a different type, so each can take the component's name. The component's
            // own retainOnDelete option keeps every child (Pulumi passes it to none); protect reaches
            // each child through the parent (the SDK's inheritance).
            const childOpts: pulumi.CustomResourceOptions = {
                parent: this,
                ...(opts.retainOnDelete === true ? { retainOnDelete: true } : {}),
            };
            const { adopt } = resolved;
            // Every child in the region given, or its provider's.
            const region = start.region();
            const regional = <A extends object>(inputs: A) => ({ region, ...inputs });
            // The log group and the rule each carry their own label's tags.
            const logGroupTags = value((r) => r.logGroup.tags, args.tags);
            const ruleTags = value((r) => r.rule.tags, args.tags);
            // Adoption: each child imports what Terraform created under its name (Pulumi's `import`
            // option), once the engine is known to import safely: the log group and the rule wait for
            // that check, and the policy and the target wait for them.
            const adopted = (id: string | undefined): pulumi.CustomResourceOptions =>
                adopt && id !== undefined ? { ...childOpts, import: id } : childOpts;
            const adoptionReady =
                adopt || resolved.logGroup.adopt !== undefined
                    ? requireEngine(
                          `${COMPONENT_PATH} "${name}"`,
                          MINIMUM_PULUMI_CLI_FOR_ADOPTION,
                          "adopting with the import option is safe from 3.252.0",
                      )
                    : undefined;
            const afterAdoptionCheck = (childName: pulumi.Input<string>): pulumi.Input<string> =>
                adoptionReady ? pulumi.all([adoptionReady, childName]).apply(([, n]) => n) : childName;

            const logGroup = new cloudwatch.LogGroup(
                name,
                regional({
                    name: afterAdoptionCheck(value((r) => r.logGroup.name)),
                    retentionInDays: value((r) => r.logGroup.retentionInDays, args.eventLogRetentionInDays),
                    tags: logGroupTags,
                }),
                {
                    ...adopted(adopt?.logGroup),
                    // A log group kept by an earlier destroy or rename, taken back with its events.
                    ...(resolved.logGroup.adopt !== undefined ? { import: resolved.logGroup.adopt } : {}),
                    // Read by the engine from the deployed state when it deletes the group (step.go ~661).
                    retainOnDelete: resolved.logGroup.retainOnDelete || opts.retainOnDelete === true,
                },
            );
            const logGroupArn = logGroup.arn.apply(withoutWildcard);

            const rule = new cloudwatch.EventRule(
                name,
                regional({
                    name: afterAdoptionCheck(value((r) => r.rule.name)),
                    description: value((r) => r.rule.description, args.eventRuleDescription),
                    eventPattern: value((r) => r.rule.eventPattern, args.eventRulePattern),
                    state: "ENABLED",
                    tags: ruleTags,
                }),
                adopted(adopt?.rule),
            );

            const policy = new cloudwatch.LogResourcePolicy(
                name,
                regional({
                    policyDocument: logGroupArn.apply(eventBridgeLogsPolicyDocument),
                    ...(resolved.policy.scope === "account"
                        ? { policyName: value((r) => r.policy.name as string) }
                        : { resourceArn: logGroupArn }),
                }),
                adopted(adopt?.policy),
            );

            // Logs targets take no role: the resource policy grants the access, so the target
            // waits for it (events delivered before would be dropped).
            new cloudwatch.EventTarget(
                name,
                regional({
                    rule: rule.name,
                    arn: logGroupArn,
                    ...(resolved.targetId !== undefined ? { targetId: resolved.targetId } : {}),
                }),
                { ...adopted(adopt?.target), dependsOn: [policy] },
            );

            outputs = {
                eventRuleArn: rule.arn,
                eventRuleName: rule.name,
                logsLogGroupArn: logGroupArn,
                logsLogGroupName: logGroup.name,
                logsLogGroupRetained: pulumi.output(resolved.logGroup.retainOnDelete || opts.retainOnDelete === true),
            };
        }
        this.registerDeclaredOutputs(outputs);
    }
}
