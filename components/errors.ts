/**
 * Validation errors of the components: every problem names the instance and the field, states the
 * rule and shows the value received. Problems are collected and reported together.
 */
import { LabelError } from "../label";
import { describeValue as describePlain } from "../util/describeValue";

/** One invalid argument. */
export interface ArgProblem {
    /** The camelCase argument, possibly with a sub-path (`eventRulePattern`, `context.labelKeyCase`). */
    readonly field: string;
    /** The rule broken and the value received, e.g. `must be one of 1, 3, 5, got 4`. */
    readonly message: string;
}

/** Renders a field name for the reader: camelCase for the TypeScript API, or a stack file's var. */
export type FieldNamer = (field: string) => string;

/** An argument name as written: the TypeScript API's camelCase. */
export const camelCaseField: FieldNamer = (field) => field;

/** Formats a value for an error message: strings quoted, the rest as JSON. */
export function describeValue(value: unknown): string {
    if (value === undefined) {
        return "undefined";
    }
    if (
        typeof value === "object" &&
        value !== null &&
        (value as { __pulumiOutput?: unknown }).__pulumiOutput === true
    ) {
        return "a pulumi Output (arguments are plain values, validated before anything is registered)";
    }
    return describePlain(value, { maxLength: 200, ellipsis: "..." });
}

/** Invalid arguments of one component instance, all of them at once. */
export class ComponentArgsError extends Error {
    constructor(
        /** The component path, e.g. `eventbridge` or `managed-dashboards/api-key`. */
        readonly component: string,
        /** The instance (the Pulumi resource name). */
        readonly instance: string,
        /** Every problem found. */
        readonly problems: readonly ArgProblem[],
        namer: FieldNamer = camelCaseField,
    ) {
        super(ComponentArgsError.render(component, instance, problems, namer));
        this.name = "ComponentArgsError";
    }

    /** The message with fields named by `namer` (the program passes the stack file's var names). */
    static render(component: string, instance: string, problems: readonly ArgProblem[], namer: FieldNamer): string {
        return problems.map((p) => `${component} "${instance}": ${namer(p.field)} ${p.message}`).join("\n");
    }

    /** The same error, its fields renamed (e.g. to snake_case stack-file vars). */
    withFieldNames(namer: FieldNamer): ComponentArgsError {
        return new ComponentArgsError(this.component, this.instance, this.problems, namer);
    }
}

/**
 * Turns the problems of a label error (each starting with the camelCase field it names, e.g.
 * `idLengthLimit must be ...`) into problems of the component.
 */
export function labelProblems(error: unknown, knownFields: ReadonlySet<string>): ArgProblem[] {
    const messages =
        error instanceof LabelError ? error.problems : [error instanceof Error ? error.message : String(error)];
    return messages.map((message) => {
        const match = /^([A-Za-z]+)((?:[.[]\S*)?) (.*)$/s.exec(message);
        if (match && knownFields.has(match[1])) {
            return { field: match[1] + match[2], message: match[3] };
        }
        return { field: "context", message: `is not a valid label: ${message}` };
    });
}
