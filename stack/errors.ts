/**
 * Stack-file errors, modelled on the `yaml` package's `YAMLParseError`: a stable `code`, file, 1-based line, column,
 * one line per problem (`<file>:<line>:<column>: eventbridge "x": <var> must be ...`), all in one `StackFileError`.
 */

import type { ProblemPath, ReportedProblem } from "../util/problem";
import { escapeText } from "../util/terminalText";
import { CloudposseError } from "../util/errors";

/** A position in a stack file: 1-based line and column. */
export interface SourceLocation {
    readonly file: string;
    readonly line?: number;
    readonly column?: number;
}

/** What went wrong, as a stable code a program can switch on. */
export type StackProblemCode =
    /** The file is not valid YAML (or holds more than one document). */
    | "YAML_SYNTAX"
    /** A YAML tag the loader does not evaluate (`!env`, `!terraform.output`, ...). */
    | "UNSUPPORTED_TAG"
    /** The stack file or an imported file does not exist. */
    | "FILE_NOT_FOUND"
    /** The stack file or an imported file exists but could not be read. */
    | "FILE_UNREADABLE"
    /**
     * A file outside the repository (an import, an `!include` target, an atmos.yaml import or base
     * path, as written or through a symbolic link), refused without the user's opt-in.
     */
    | "OUTSIDE_REPOSITORY"
    /** A file imports itself, directly or through other files. */
    | "IMPORT_CYCLE"
    /** An import chain deeper than the loader follows, or too many files imported for one manifest. */
    | "IMPORT_TOO_DEEP"
    /** An atmos.yaml that cannot be read or holds an invalid setting. */
    | "BAD_ATMOS_CONFIG"
    /** The stack's Atmos name cannot be computed (`stacks.name_template` refers to a missing value). */
    | "STACK_NAME"
    /** An `import` entry is not a path (or uses a form the loader does not support). */
    | "BAD_IMPORT"
    /** A section has the wrong shape (e.g. `vars` is not a map). */
    | "BAD_SHAPE"
    /** A key the stack-file format, or an object var's type, does not have (with a did-you-mean suggestion). */
    | "UNKNOWN_KEY"
    /** An Atmos feature the loader does not support yet (named in the message). */
    | "UNSUPPORTED"
    /** `metadata.component` (or the instance name) is not a known component path. */
    | "UNKNOWN_COMPONENT"
    /** `metadata.inherits` names an instance the merged stack does not have. */
    | "UNKNOWN_BASE"
    /** `metadata.inherits` leads back to the instance itself, or to more bases than the loader follows. */
    | "INHERITS_CYCLE"
    /** An instance's own (or inherited) vars hold a variable its component does not take. */
    | "UNKNOWN_VAR"
    /** An original Cloud Posse name and its new name are both set. */
    | "ALIAS_CONFLICT"
    /** A value, or a part of it, cannot be converted to the variable's type. */
    | "TYPE_MISMATCH"
    /** A required variable, or a required field of an object in one, is not set (or is null) after merging. */
    | "MISSING_REQUIRED"
    /** The `context` var is refused by the label module. */
    | "BAD_CONTEXT"
    /** A Go template in a value could not be parsed or executed (unknown function, missing key...). */
    | "TEMPLATE_ERROR"
    /** A YAML function failed or is refused (`!exec` without opt-in, `!git.sha`, a bad `!store`...). */
    | "YAML_FUNCTION"
    /** A value known only at deploy time (`!terraform.output`, `!store`) where it must be known before. */
    | "DEPLOY_TIME_VALUE";

/** One problem of a stack file. */
export interface StackFileProblem extends ReportedProblem {
    readonly code: StackProblemCode;
    /** The file the problem is in (an imported file when the problem is there). */
    readonly file: string;
    /** 1-based line, when known. */
    readonly line?: number;
    /** 1-based column, when known. */
    readonly column?: number;
    /** The component instance (the key under `components.terraform`), when the problem is in one. */
    readonly instance?: string;
    /** The snake_case var, or the stack-file key path, the problem is about. */
    readonly field?: string;
    /**
     * The var and the path into it as segments (a map key as written, never renamed): `[field]`
     * when only the field is known, `[]` when the problem is about no field.
     */
    readonly path: ProblemPath;
    /** The rule broken, without the location, instance and value (`reason` when not known apart). */
    readonly rule: string;
    /** The value received, when one applies. */
    readonly value?: unknown;
    /** The problem without its location prefix. */
    readonly reason: string;
    /** One line: `<file>:<line>:<column>: <reason>` (`<file>: <reason>` when no position is known). */
    readonly message: string;
}

/** Formats the `<file>:<line>:<column>` prefix of a message. */
export function formatLocation(location: SourceLocation): string {
    if (location.line === undefined) return location.file;
    if (location.column === undefined) return `${location.file}:${location.line}`;
    return `${location.file}:${location.line}:${location.column}`;
}

/** Builds a problem and its one-line message. */
export function makeProblem(
    code: StackProblemCode,
    location: SourceLocation,
    reason: string,
    details: {
        readonly instance?: string;
        readonly field?: string;
        readonly path?: ProblemPath;
        readonly rule?: string;
        readonly value?: unknown;
    } = {},
): StackFileProblem {
    return {
        code,
        file: location.file,
        ...(location.line !== undefined ? { line: location.line } : {}),
        ...(location.column !== undefined ? { column: location.column } : {}),
        ...(details.instance !== undefined ? { instance: details.instance } : {}),
        ...(details.field !== undefined ? { field: details.field } : {}),
        path: details.path ?? (details.field !== undefined ? [details.field] : []),
        rule: details.rule ?? escapeText(reason),
        ...(Object.prototype.hasOwnProperty.call(details, "value") ? { value: details.value } : {}),
        reason: escapeText(reason),
        // One line, whatever the file names and values hold (terminal escapes, newlines, bidi).
        message: escapeText(`${formatLocation(location)}: ${reason}`),
    };
}

/**
 * A stack file that cannot be loaded. `message` lists every problem, one per line; `problems`
 * holds them as data. `code`, `file`, `line`, `column`, `instance` and `field` are the first
 * problem's.
 */
export class StackFileError extends CloudposseError<StackFileProblem> {
    override readonly name = "StackFileError";
    readonly code: StackProblemCode;

    constructor(problems: readonly StackFileProblem[]) {
        if (problems.length === 0) throw new TypeError("StackFileError needs at least one problem");
        super(problems.map((p) => p.message).join("\n"), problems);
        this.code = problems[0].code;
    }

    /** The first problem's file. */
    get file(): string {
        return this.problems[0].file;
    }

    /** The first problem's line. */
    get line(): number | undefined {
        return this.problems[0].line;
    }

    /** The first problem's column. */
    get column(): number | undefined {
        return this.problems[0].column;
    }

    /** The first problem's instance. */
    get instance(): string | undefined {
        return this.problems[0].instance;
    }

    /** The first problem's field. */
    get field(): string | undefined {
        return this.problems[0].field;
    }
}

/** Collects problems, dropping exact repeats (a base or an import shared by several instances). */
export class ProblemList {
    private readonly seen = new Set<string>();
    readonly items: StackFileProblem[] = [];

    add(problem: StackFileProblem): void {
        if (this.seen.has(problem.message)) return;
        this.seen.add(problem.message);
        this.items.push(problem);
    }

    get size(): number {
        return this.items.length;
    }

    /**
     * Throws a `StackFileError` holding every problem collected, if any, in reading order: by
     * file (in the order files were first named in a problem), then line, then column.
     */
    throwIfAny(): void {
        if (this.items.length === 0) return;
        const fileOrder = new Map<string, number>();
        for (const p of this.items) if (!fileOrder.has(p.file)) fileOrder.set(p.file, fileOrder.size);
        const sorted = [...this.items].sort(
            (a, b) =>
                fileOrder.get(a.file)! - fileOrder.get(b.file)! ||
                (a.line ?? 0) - (b.line ?? 0) ||
                (a.column ?? 0) - (b.column ?? 0),
        );
        throw new StackFileError(sorted);
    }
}
