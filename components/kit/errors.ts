/**
 * Validation errors of the components: every problem names the instance and the field, states the
 * rule and shows the value received. Problems are collected and reported together. A problem is the
 * package's one model (`util/problem.ts`): a code, a path of segments, the rule, the value.
 */
import { LabelError } from "../../label";
import { rethrowIfInternal } from "../../util/internalError";
import {
    formatPath,
    formatProblem,
    problem,
    problemToJson,
    TYPESCRIPT_NAMING,
    type PathNaming,
    type Problem,
    type ProblemJson,
    type ReportedProblem,
} from "../../util/problem";
import { CloudposseError } from "../../util/errors";

/** One invalid argument: the problem, with its path and message in the TypeScript API's words. */
export interface ArgProblem extends ReportedProblem {
    /** The camelCase argument, possibly with a sub-path (`eventRulePattern`, `context.labelKeyCase`, `tags["OwnerTeam"]`). */
    readonly field: string;
    /** The field, the rule broken and the value received, e.g. `eventLogRetentionInDays must be one of 1, 3, 5, got 4`. */
    readonly message: string;
}

/**
 * What a check records: a problem of the model (`problem(code, path, rule, value)`). Checks never
 * write a field name into a message; the path names it, and the renderers word it.
 */
export type ArgProblemInput = Problem;

/** Names the fields of a problem's path for a reader: the TypeScript API's, or a stack file's vars. */
export type FieldNamer = PathNaming;

/** The TypeScript API's names: camelCase, as declared. */
export const camelCaseField: FieldNamer = TYPESCRIPT_NAMING;

/** A problem of the model, with its TypeScript wording. */
export function argProblem(input: ArgProblemInput): ArgProblem {
    return { ...input, field: formatPath(input.path), message: formatProblem(input) };
}

/** Invalid arguments of one component instance, all of them at once. */
export class ComponentArgsError extends CloudposseError<ArgProblem> {
    /** The first problem's code. */
    readonly code: string;

    constructor(
        /** The component path, e.g. `eventbridge` or `managed-dashboards/api-key`. */
        readonly component: string,
        /** The instance (the Pulumi resource name). */
        readonly instance: string,
        problems: readonly ArgProblemInput[],
        /** How the message names the fields (the program passes the stack file's var names). */
        readonly naming: FieldNamer = camelCaseField,
    ) {
        const normalized = problems.map(argProblem);
        super(ComponentArgsError.render(component, instance, normalized, naming), normalized);
        this.name = "ComponentArgsError";
        this.code = normalized[0]?.code ?? "INVALID_ARGS";
    }

    /** The message of `problems`, their fields named by `naming`, one line per problem. */
    static render(
        component: string,
        instance: string,
        problems: readonly ArgProblemInput[],
        naming: FieldNamer = camelCaseField,
        /** Where the instance is, after its name: `stack acme-ue2-dev` gives `eventbridge "x" (stack acme-ue2-dev): ...`. */
        within?: string,
    ): string {
        const heading = `${component} "${instance}"${within === undefined ? "" : ` (${within})`}`;
        return problems
            .map(argProblem)
            .map((p) => `${heading}: ${formatProblem(p, naming)}`)
            .join("\n");
    }

    /** The same error, its fields named by `naming` (e.g. as a stack file's snake_case vars). */
    withFieldNames(naming: FieldNamer): ComponentArgsError {
        return new ComponentArgsError(this.component, this.instance, this.problems, naming);
    }

    /** The problems as JSON-safe data, named by this error's naming. */
    toJSON(): { component: string; instance: string; problems: ProblemJson[] } {
        return {
            component: this.component,
            instance: this.instance,
            problems: this.problems.map((p) => problemToJson(p, this.naming)),
        };
    }
}

/**
 * The problems of a label error as problems of the component: the label's paths are the
 * component's arguments (its label arguments), the user's keys kept as given.
 */
export function labelProblems(error: unknown, knownFields: ReadonlySet<string>): Problem[] {
    // a fault of this package's code is never reported as the user's label
    rethrowIfInternal(error);
    if (!(error instanceof LabelError)) {
        const message = error instanceof Error ? error.message : String(error);
        return [problem("INVALID_LABEL", ["context"], `is not a valid label: ${message}`)];
    }
    return error.details.map((p) => {
        const head = p.path[0];
        if (typeof head === "string" && knownFields.has(head)) return p;
        return problem("INVALID_LABEL", ["context"], `is not a valid label: ${formatProblem(p)}`);
    });
}
