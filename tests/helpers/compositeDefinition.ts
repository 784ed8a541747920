/**
 * A synthetic component declaration with composite types (a map of objects whose fields may be Inputs, a list whose
 * items may be, a set, an object with a nested map, and list, map and object outputs), for the plugin's schema,
 * examples and outputs tests, and a class of it that keeps its arguments. Not a real component: the shipped ones
 * declare no composite argument.
 */
import * as pulumi from "@pulumi/pulumi";
import { declareOutputs, setOutputs } from "../../components/kit/declaredOutputs";
import type { ComponentDefinition } from "../../components/kit/definition";
import { REGION_ARG } from "../../components/kit/instanceArgs";

/** The widget's arguments, as a TypeScript program gives them. */
export interface WidgetArgs {
    readonly region?: unknown;
    readonly subscribers?: unknown;
    readonly ports?: unknown;
    readonly zones?: unknown;
    readonly limits?: unknown;
}

/** `fixture/widget`: composite arguments and outputs. */
export const WIDGET_DEFINITION: ComponentDefinition<WidgetArgs, "fixture/widget"> = {
    path: "fixture/widget",
    typeToken: "cloudposse:widget:Widget",
    doc: "A synthetic component with composite types.",
    args: {
        region: REGION_ARG,
        subscribers: {
            var: "subscribers",
            type: {
                map: {
                    object: {
                        protocol: {
                            var: "protocol",
                            type: "string",
                            required: true,
                            allowed: ["sqs", "lambda"],
                            doc: "How messages are delivered.",
                        },
                        endpoint: {
                            var: "endpoint",
                            type: "string",
                            required: true,
                            input: true,
                            doc: "Where messages go.",
                        },
                        rawMessageDelivery: {
                            var: "raw_message_delivery",
                            type: "bool",
                            default: false,
                            doc: "Whether messages go unwrapped.",
                        },
                        filter: {
                            var: "filter_policy",
                            type: { object: { scope: { var: "scope", type: "string", doc: "What is filtered." } } },
                            doc: "Which messages go.",
                        },
                    },
                },
                inputValues: true,
            },
            defaultText: "`{}`",
            doc: "Subscribers by name.",
        },
        ports: {
            var: "ports",
            type: { list: "number", inputItems: true },
            input: true,
            defaultText: "`[]`",
            doc: "Ports to open.",
        },
        zones: { var: "zones", type: { set: "string" }, defaultText: "`[]`", doc: "Zones to use." },
        limits: {
            var: "limits",
            type: {
                object: {
                    burst: { var: "burst", type: "number", allowed: [1, 2], input: true, doc: "Burst size." },
                    labels: { var: "label_map", type: "map(string)", doc: "Labels of the limits." },
                },
            },
            input: true,
            defaultText: "none",
            doc: "Rate limits.",
        },
    },
    outputs: {
        endpoints: { spec: "endpoints", type: { map: "string" }, doc: "Endpoints by subscriber." },
        summary: {
            spec: "widget_summary",
            type: {
                object: {
                    topicArn: { var: "topic_arn", type: "string", doc: "The topic's ARN." },
                    subscriberCount: { var: "subscriber_count", type: "number", doc: "How many subscribers." },
                    byName: {
                        var: "by_name",
                        type: { map: { object: { queueUrl: { var: "queue_url", type: "string", doc: "URL." } } } },
                        doc: "Per subscriber.",
                    },
                },
            },
            doc: "What the widget made.",
        },
        arns: { type: { list: "string" }, doc: "ARNs." },
    },
    example: {
        variable: "widget",
        name: "ops-widget",
        args: {
            region: "us-east-2",
            subscribers: {
                ops: {
                    protocol: "sqs",
                    endpoint: "arn:aws:sqs:us-east-2:111111111111:ops",
                    rawMessageDelivery: true,
                    filter: { scope: "MessageBody" },
                },
            },
            ports: [80, 443],
            zones: ["a", "b"],
            limits: { burst: 2, labels: { Team: "ops" } },
        },
        exports: { widgetSummary: "summary" },
    },
};

/** The args each widget was constructed with, in order. */
export const received: Record<string, unknown>[] = [];

/** A component of the widget's declaration: keeps its args, and makes its outputs from them. */
export class Widget extends pulumi.ComponentResource {
    static readonly definition = WIDGET_DEFINITION as ComponentDefinition;
    static {
        declareOutputs(Widget);
    }

    constructor(name: string, args: Record<string, unknown>, opts: pulumi.ComponentResourceOptions) {
        super(WIDGET_DEFINITION.typeToken, name, {}, opts);
        received.push(args);
        const subscribers = pulumi.output(args.subscribers as Record<string, { endpoint: string }>);
        setOutputs(this, {
            component: WIDGET_DEFINITION.path,
            instance: name,
            enabled: true,
            values: {
                summary: subscribers.apply((all) => ({
                    topicArn: `arn:aws:sns:us-east-2:111111111111:${name}`,
                    subscriberCount: Object.keys(all).length,
                    byName: Object.fromEntries(Object.entries(all).map(([key, s]) => [key, { queueUrl: s.endpoint }])),
                })),
                endpoints: subscribers.apply((all) =>
                    Object.fromEntries(Object.entries(all).map(([key, s]) => [key, s.endpoint])),
                ),
                arns: pulumi.output([`arn:${name}`]),
            },
        });
    }
}
