/**
 * The errors of Go templates: a template that cannot be parsed or executed (in Go's words), and a failed function.
 */
import { CloudposseError } from "../util/errors";
/** The error of a template that cannot be parsed or executed, in Go's words. */
export class TemplateError extends CloudposseError {
    readonly code: string = "TEMPLATE_ERROR";
    /** The template's name (for stack files, the file it comes from). */
    readonly template: string;
    /** The 1-based line in the template text, when known. */
    readonly line?: number;
    /** The function whose absence or failure caused the error, when there is one. */
    readonly functionName?: string;

    constructor(message: string, where: { template: string; line?: number; functionName?: string }) {
        super(message);
        this.name = "TemplateError";
        this.template = where.template;
        this.line = where.line;
        this.functionName = where.functionName;
    }
}

/** Thrown by a template function: the executor prefixes it with "error calling NAME: ". */
export class FunctionError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "FunctionError";
    }
}
