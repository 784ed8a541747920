/**
 * Values a stack file gives that are known only at deploy time (`!terraform.output`, `!store`): what
 * the stack loader produces and a component's wiring reads. Pure data.
 */
import { hasOwn, isPlainObject } from "../../util/objects";

/** A value known only at deploy time: an output of another instance's Pulumi stack. */
export interface StackOutputReference {
    readonly kind: "stack-output";
    /** `!terraform.output` or `!terraform.state` (both read the referenced stack's outputs). */
    readonly function: "!terraform.output" | "!terraform.state";
    /** The Atmos component instance whose outputs are read. */
    readonly component: string;
    /** The Atmos stack; undefined: the current one. */
    readonly stack?: string;
    /** The output name. */
    readonly output: string;
    /** A path into the output's value (`.a.b[0]` after the name). */
    readonly path: readonly (string | number)[];
    /** The function as written. */
    readonly text: string;
}

/** A value known only at deploy time: an SSM Parameter Store parameter. */
export interface SsmParameterReference {
    readonly kind: "ssm-parameter";
    readonly function: "!store" | "!store.get";
    /** The store's name in atmos.yaml `stores`. */
    readonly store: string;
    /** The parameter name, built as Atmos's SSM store does. */
    readonly parameter: string;
    /** The store's region, when atmos.yaml sets one. */
    readonly region?: string;
    /** `| default v`: the value when the parameter does not exist. */
    readonly default?: unknown;
    /** `| query .a.b`: a path into the (JSON-decoded) value. */
    readonly path: readonly (string | number)[];
    readonly text: string;
}

/** A value the program resolves at deploy time. */
export type DeployTimeReference = StackOutputReference | SsmParameterReference;

/** Whether a value is a {@link DeployTimeReference}. */
export function isDeployTimeReference(value: unknown): value is DeployTimeReference {
    return (
        isPlainObject(value) &&
        (value.kind === "stack-output" || value.kind === "ssm-parameter") &&
        typeof (value as { text?: unknown }).text === "string" &&
        hasOwn(value, DEPLOY_TIME)
    );
}

const DEPLOY_TIME = "__deployTime";

/** Marks `r` as a deploy-time reference (what {@link isDeployTimeReference} recognises). */
export function deployTimeReference<T extends DeployTimeReference>(r: T): T {
    Object.defineProperty(r, DEPLOY_TIME, { value: true, enumerable: false });
    return r;
}
