/**
 * The `eventbridge` component: one EventBridge rule on the default bus that sends the events
 * matching a pattern to a CloudWatch Logs log group.
 *
 * {@link resolveEventBridgeArgs} (in `./resolve`, Pulumi-free) is the pure part (defaults,
 * validation, labels, names, tags); {@link EventBridge} only wires its result to `@pulumi/aws`
 * resources.
 */
import * as cloudwatch from "@pulumi/aws/cloudwatch";
import * as pulumi from "@pulumi/pulumi";
import { warningsReported } from "../common";

import { programRegistry } from "../programRegistry";
import { ComponentArgsError } from "../errors";
import { aliasOptions, requireEngine } from "../engine";
import { MINIMUM_PULUMI_CLI_FOR_ADOPTION } from "../lifecycle";
import { EVENTBRIDGE_DEFINITION, type EventBridgeArgs } from "./definition";
import {
    eventBridgeClaims,
    eventBridgeLogsPolicyDocument,
    isResolvedEventBridge,
    resolveEventBridgeArgs,
    withoutWildcard,
    type ResolvedEventBridge,
} from "./resolve";

/** The component path, as in stack files and errors. */
const COMPONENT_PATH = EVENTBRIDGE_DEFINITION.path;

/**
 * An EventBridge rule sending the events that match a pattern to a new CloudWatch Logs log group,
 * with the logs resource policy that lets EventBridge write there. Component path `eventbridge`.
 *
 * Children (all named like the component, parented to it, in its region): the log group
 * (`aws:cloudwatch/logGroup:LogGroup`), the rule (`aws:cloudwatch/eventRule:EventRule`), the
 * resource policy (`aws:cloudwatch/logResourcePolicy:LogResourcePolicy`) and the target
 * (`aws:cloudwatch/eventTarget:EventTarget`, created after the policy). None when disabled.
 */
export class EventBridge extends pulumi.ComponentResource {
    /** The component path, as stack files name it. */
    static readonly componentPath = COMPONENT_PATH;
    /** The component's declaration: arguments, stack-file vars, defaults, outputs. */
    static readonly definition = EVENTBRIDGE_DEFINITION;

    /** ARN of the event rule; undefined when disabled; mirrors `event_rule_arn`. */
    readonly eventRuleArn?: pulumi.Output<string>;
    /** Name of the event rule; undefined when disabled; mirrors `event_rule_name`. */
    readonly eventRuleName?: pulumi.Output<string>;
    /** ARN of the log group (no `:*` suffix); undefined when disabled; mirrors `logs_log_group_arn`. */
    readonly logsLogGroupArn?: pulumi.Output<string>;
    /** Name of the log group; undefined when disabled; mirrors `logs_log_group_name`. */
    readonly logsLogGroupName?: pulumi.Output<string>;

    /**
     * @param args The arguments, validated here; or the result of {@link resolveEventBridgeArgs}
     *   (already validated, e.g. by the stack program), used as is.
     * @throws ComponentArgsError listing every invalid argument, before anything is registered.
     */
    constructor(name: string, args: EventBridgeArgs | ResolvedEventBridge, opts: pulumi.ComponentResourceOptions = {}) {
        // Validate first: an invalid argument must leave no resource behind, not even this one.
        const resolved = isResolvedEventBridge(args) ? args : resolveEventBridgeArgs(name, args);
        // Names another instance of this program already uses (the same log group, ...).
        const collisions =
            programRegistry()?.claim({ component: COMPONENT_PATH, instance: name }, eventBridgeClaims(resolved)) ?? [];
        if (collisions.length > 0) {
            throw new ComponentArgsError(COMPONENT_PATH, name, collisions);
        }
        super(
            EVENTBRIDGE_DEFINITION.typeToken,
            name,
            {},
            {
                ...opts,
                aliases: aliasOptions(resolved.aliases, opts.aliases),
            },
        );

        for (const warning of warningsReported(resolved) ? [] : resolved.warnings) {
            void pulumi.log.warn(ComponentArgsError.render(COMPONENT_PATH, name, [warning]), this);
        }

        if (resolved.enabled) {
            // Every child has a different type, so each can take the component's name.
            const childOpts: pulumi.CustomResourceOptions = { parent: this };
            const { region, adopt } = resolved;
            // Adoption: each child imports what Terraform created under its name (Pulumi's `import`
            // option), once the engine is known to import safely: the log group and the rule wait for
            // that check, and the policy and the target wait for them.
            const adopted = (id: string | undefined): pulumi.CustomResourceOptions =>
                adopt && id !== undefined ? { ...childOpts, import: id } : childOpts;
            const adoptionReady = adopt
                ? requireEngine(
                      `${COMPONENT_PATH} "${name}"`,
                      MINIMUM_PULUMI_CLI_FOR_ADOPTION,
                      "adopting with the import option is safe from 3.252.0",
                  )
                : undefined;

            const logGroup = new cloudwatch.LogGroup(
                name,
                {
                    region,
                    name: adoptionReady
                        ? pulumi.output(adoptionReady.then(() => resolved.logGroup.name))
                        : resolved.logGroup.name,
                    retentionInDays: resolved.logGroup.retentionInDays,
                    tags: resolved.logGroup.tags,
                },
                {
                    ...adopted(adopt?.logGroup),
                    ...(resolved.logGroup.retainOnDelete ? { retainOnDelete: true } : {}),
                },
            );
            const logGroupArn = logGroup.arn.apply(withoutWildcard);

            const rule = new cloudwatch.EventRule(
                name,
                {
                    region,
                    name: adoptionReady
                        ? pulumi.output(adoptionReady.then(() => resolved.rule.name))
                        : resolved.rule.name,
                    description: resolved.rule.description,
                    eventPattern: resolved.rule.eventPattern,
                    state: "ENABLED",
                    tags: resolved.rule.tags,
                },
                adopted(adopt?.rule),
            );

            const policy = new cloudwatch.LogResourcePolicy(
                name,
                {
                    region,
                    policyDocument: logGroupArn.apply(eventBridgeLogsPolicyDocument),
                    ...(resolved.policy.scope === "account"
                        ? { policyName: resolved.policy.name }
                        : { resourceArn: logGroupArn }),
                },
                adopted(adopt?.policy),
            );

            // Logs targets take no role: the resource policy grants the access, so the target
            // waits for it (events delivered before would be dropped).
            new cloudwatch.EventTarget(
                name,
                {
                    region,
                    rule: rule.name,
                    arn: logGroupArn,
                    ...(resolved.targetId !== undefined ? { targetId: resolved.targetId } : {}),
                },
                { ...adopted(adopt?.target), dependsOn: [policy] },
            );

            this.eventRuleArn = rule.arn;
            this.eventRuleName = rule.name;
            this.logsLogGroupArn = logGroupArn;
            this.logsLogGroupName = logGroup.name;
        }

        this.registerOutputs({
            eventRuleArn: this.eventRuleArn,
            eventRuleName: this.eventRuleName,
            logsLogGroupArn: this.logsLogGroupArn,
            logsLogGroupName: this.logsLogGroupName,
        });
    }
}
