/**
 * createLabel refuses invalid input with an Error naming the field (camelCase, `context.` for a
 * context value), the rule and the value received. Each case marked "Terraform" is refused by
 * null-label 0.25.0 as well (checked with terraform apply; its message is quoted in the comment).
 */
import * as assert from "node:assert/strict";
import { createLabel, LabelContext, LabelError, LabelInput } from "../../label";

const DEFAULT_CONTEXT: LabelContext = createLabel().context;

const ERRORS: ReadonlyArray<readonly [string, LabelInput, string | RegExp]> = [
    // Terraform: "The id_length_limit must be >= 6 if supplied (not null), or 0 for unlimited length."
    [
        "refuses an idLengthLimit below 6",
        { name: "a", idLengthLimit: 3 },
        "idLengthLimit must be 0 (unlimited) or at least 6, got 3",
    ],
    [
        "refuses a negative idLengthLimit",
        { name: "a", idLengthLimit: -1 },
        "idLengthLimit must be 0 (unlimited) or at least 6, got -1",
    ],
    // Terraform: substr() "value must be a whole number"
    [
        "refuses a fractional idLengthLimit",
        { name: "a", idLengthLimit: 6.5 },
        "idLengthLimit must be a whole number, got 6.5",
    ],
    [
        "refuses an idLengthLimit that is not a number",
        { idLengthLimit: "6" as unknown as number },
        'idLengthLimit must be a number, got "6"',
    ],
    // Terraform: "Allowed values: `lower`, `title`, `upper`."
    [
        "refuses an unknown labelKeyCase",
        { name: "a", labelKeyCase: "camel" as never },
        'labelKeyCase must be one of "lower", "title", "upper", got "camel"',
    ],
    [
        "refuses an unknown labelValueCase (case-sensitive)",
        { name: "a", labelValueCase: "Upper" as never },
        'labelValueCase must be one of "lower", "title", "upper", "none", got "Upper"',
    ],
    [
        "refuses an invalid labelKeyCase in the context even when the input sets one",
        { name: "a", labelKeyCase: "lower", context: { ...DEFAULT_CONTEXT, labelKeyCase: "none" as never } },
        'context.labelKeyCase must be one of "lower", "title", "upper", got "none"',
    ],
    [
        "refuses an invalid labelValueCase in the context",
        { name: "a", context: { ...DEFAULT_CONTEXT, labelValueCase: "camel" as never } },
        'context.labelValueCase must be one of "lower", "title", "upper", "none", got "camel"',
    ],
    // Terraform: "Invalid index" on local.id_context[l]
    [
        "refuses an unknown label in labelOrder",
        { name: "a", labelOrder: ["name", "region"] },
        'labelOrder[1] must be one of namespace, tenant, environment, stage, name, attributes, got "region"',
    ],
    [
        "refuses an unknown label in labelOrder when disabled",
        { enabled: false, labelOrder: ["region"] },
        'labelOrder[0] must be one of namespace, tenant, environment, stage, name, attributes, got "region"',
    ],
    [
        "refuses an unknown label in the context's labelOrder",
        { name: "a", context: { ...DEFAULT_CONTEXT, labelOrder: ["nom"] } },
        'context.labelOrder[0] must be one of namespace, tenant, environment, stage, name, attributes, got "nom"',
    ],
    // Terraform: "error parsing regexp: invalid or unsupported Perl syntax: `(?=`."
    [
        "refuses a lookahead, which RE2 does not support",
        { name: "a", regexReplaceChars: "/(?=a)/" },
        'regexReplaceChars must be a valid RE2 regular expression (written /.../), got "/(?=a)/": error parsing regexp: invalid or unsupported Perl syntax: `(?=`',
    ],
    [
        "refuses an inverted class range",
        { name: "a", regexReplaceChars: "/[z-a]/" },
        'regexReplaceChars must be a valid RE2 regular expression (written /.../), got "/[z-a]/": error parsing regexp: invalid character class range: `z-a`',
    ],
    [
        "refuses a Unicode class Terraform's Go regexp does not know (Cn, scripts newer than Unicode 15.0)",
        { name: "a", regexReplaceChars: "/[\\p{Cn}\\p{Garay}]/" },
        'regexReplaceChars must be a valid RE2 regular expression (written /.../), got "/[\\\\p{Cn}\\\\p{Garay}]/": error parsing regexp: invalid character class range: `\\p{Cn}`',
    ],
    [
        "refuses an invalid regex from the context",
        { context: { ...DEFAULT_CONTEXT, regexReplaceChars: "/[/" } },
        /^context\.regexReplaceChars must be a valid RE2 regular expression \(written \/...\/\), got "\/\[\/": error parsing regexp: missing closing \]/,
    ],
    // Terraform: format() "not enough arguments" / "too many arguments"
    [
        "refuses a descriptor format needing more labels than given",
        { name: "a", descriptorFormats: { acct: { format: "%v-%v", labels: ["name"] } } },
        'descriptorFormats["acct"].format must use exactly the 1 value(s) of its labels ["name"], got "%v-%v": not enough arguments for "%v" at 3: need index 2 but have 1 total',
    ],
    [
        "refuses a descriptor format leaving labels unused",
        { name: "a", descriptorFormats: { acct: { format: "%v", labels: ["name", "stage"] } } },
        'descriptorFormats["acct"].format must use exactly the 2 value(s) of its labels ["name","stage"], got "%v": too many arguments; only 1 used by format string',
    ],
    [
        "names a descriptor that came from the context",
        { context: { ...DEFAULT_CONTEXT, descriptorFormats: { x: { format: "%v", labels: [] } } } },
        'context.descriptorFormats["x"].format must use exactly the 0 value(s) of its labels [], got "%v": not enough arguments for "%v" at 0: need index 1 but have 0 total',
    ],
    [
        "refuses an unknown label in a descriptor",
        { name: "a", descriptorFormats: { acct: { format: "%v", labels: ["region"] } } },
        'descriptorFormats["acct"].labels[0] must be one of namespace, tenant, environment, stage, name, attributes, got "region"',
    ],
    // Terraform: "Unsupported attribute" (v.labels)
    [
        "refuses a descriptor without labels",
        { descriptorFormats: { acct: { format: "%v" } as never } },
        'descriptorFormats["acct"].labels must be a list of strings, got undefined',
    ],
    [
        "refuses a descriptor whose format is not a string",
        { descriptorFormats: { x: { format: 1, labels: [] } as never } },
        'descriptorFormats["x"].format must be a string, got 1',
    ],
    // Terraform: "Null condition" on local.enabled
    [
        "refuses a context whose enabled is null when the input does not set it",
        { name: "a", context: { ...DEFAULT_CONTEXT, enabled: null } },
        "enabled must be true or false, in the input or in context.enabled, got null",
    ],
    // Terraform: "Invalid value for input variable" (list of string required)
    [
        "refuses attributes that are not a list",
        { attributes: "x" as never },
        'attributes must be a list of strings, got "x"',
    ],
    ["refuses attributes that are not strings", { attributes: [1] as never }, "attributes[0] must be a string, got 1"],
    ["refuses tags that are not a map", { tags: [] as never }, "tags must be a map of strings, got []"],
    ["refuses tag values that are not strings", { tags: { a: 1 } as never }, 'tags["a"] must be a string, got 1'],
    [
        "refuses context tag values that are not strings",
        { context: { ...DEFAULT_CONTEXT, tags: { a: null } as never } },
        'context.tags["a"] must be a string, got null',
    ],
    ["refuses a label that is not a string", { namespace: 5 as never }, "namespace must be a string, got 5"],
    ["refuses enabled that is not a boolean", { enabled: "yes" as never }, 'enabled must be a boolean, got "yes"'],
    [
        "refuses labelsAsTags that is not a list",
        { labelsAsTags: "default" as never },
        'labelsAsTags must be a list of strings, got "default"',
    ],
    // Terraform: 'An argument named "label_oder" is not expected here.'
    [
        "refuses an unknown input, such as a typo",
        { name: "a", labelOder: ["name"] } as never,
        "labelOder is not a label input (expected one of enabled, namespace, tenant, environment, stage, name, delimiter, attributes, tags, additionalTagMap, labelOrder, regexReplaceChars, idLengthLimit, labelKeyCase, labelValueCase, descriptorFormats, labelsAsTags, context)",
    ],
    [
        "refuses a context that is not an object",
        { context: [] as never },
        "context must be a LabelContext object, got []",
    ],
];

describe("createLabel validation", () => {
    for (const [behaviour, input, message] of ERRORS) {
        it(behaviour, () => {
            assert.throws(
                () => createLabel(input),
                (e: unknown) => {
                    assert.ok(e instanceof Error);
                    if (typeof message === "string") assert.equal(e.message, message);
                    else assert.match(e.message, message);
                    return true;
                },
            );
        });
    }

    it("lists every problem at once", () => {
        assert.throws(
            () =>
                createLabel({
                    idLengthLimit: 3,
                    labelKeyCase: "x" as never,
                    attributes: "a" as never,
                    labelOrder: ["nom"],
                }),
            {
                message:
                    'invalid label input: labelKeyCase must be one of "lower", "title", "upper", got "x"; ' +
                    "idLengthLimit must be 0 (unlimited) or at least 6, got 3; " +
                    'attributes must be a list of strings, got "a"; ' +
                    'labelOrder[0] must be one of namespace, tenant, environment, stage, name, attributes, got "nom"',
            },
        );
    });

    it("throws a LabelError whose problems list each problem with its field first", () => {
        try {
            createLabel({ idLengthLimit: 3, namespace: 5 as never });
            assert.fail("expected a LabelError");
        } catch (e) {
            assert.ok(e instanceof LabelError);
            assert.deepEqual(
                e.problems.map((p) => p.message),
                ["idLengthLimit must be 0 (unlimited) or at least 6, got 3", "namespace must be a string, got 5"],
            );
        }
    });

    it("does not validate an idLengthLimit below 6 that comes from the context", () => {
        const label = createLabel({ name: "application", context: { ...DEFAULT_CONTEXT, idLengthLimit: 3 } });
        assert.equal(label.id.length, 3);
    });

    it("accepts null and undefined alike as not set", () => {
        const a = createLabel({ namespace: null, name: "x", tags: null, attributes: undefined, labelsAsTags: null });
        const b = createLabel({ name: "x" });
        assert.deepEqual(a, b);
    });

    it("accepts no input at all", () => {
        assert.equal(createLabel().id, "");
        assert.equal(createLabel(undefined).enabled, true);
    });
});
