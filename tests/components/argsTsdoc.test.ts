/**
 * The TSDoc of each `Args` interface (what a TypeScript user reads in an editor and in the API
 * report) restates what the component definition declares: the stack-file var it mirrors, Cloud
 * Posse's original name, the allowed values and limits, and the default. The definition is the
 * source; this reads the interfaces with the TypeScript compiler and fails where a doc drifts.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import type { ArgDefinition, ComponentDefinition } from "../../components/kit/definition";
import { INSTANCE_ARGS } from "../../components/kit/instanceArgs";
import { LABEL_ARGS } from "../../components/kit/labelArgs";
import { COMPONENT_DEFINITIONS } from "../../components/registry";

const ROOT = path.join(__dirname, "..", "..");

interface PropertyDoc {
    readonly text: string;
    readonly defaultTag?: string;
}

/** The TSDoc of each property of `name` in `file`: its text, and its `@default` tag. */
function propertyDocs(file: string, name: string): Map<string, PropertyDoc> {
    const source = ts.createSourceFile(
        file,
        fs.readFileSync(path.join(ROOT, file), "utf8"),
        ts.ScriptTarget.Latest,
        true,
    );
    const found = source.statements.find(
        (statement): statement is ts.InterfaceDeclaration =>
            ts.isInterfaceDeclaration(statement) && statement.name.text === name,
    );
    assert.ok(found, `${file}: interface ${name}`);
    const docs = new Map<string, PropertyDoc>();
    for (const member of found.members) {
        if (!ts.isPropertySignature(member) || !ts.isIdentifier(member.name)) continue;
        const jsDoc = ts.getJSDocCommentsAndTags(member).find(ts.isJSDoc);
        const text = ts.getTextOfJSDocComment(jsDoc?.comment) ?? "";
        const tag = jsDoc?.tags?.find((t) => t.tagName.text === "default");
        const defaultTag = tag === undefined ? undefined : ts.getTextOfJSDocComment(tag.comment);
        docs.set(member.name.text, { text, ...(defaultTag !== undefined ? { defaultTag } : {}) });
    }
    return docs;
}

/** The value of a literal written in a doc (`3`, `"resource"`, `{ source: ["aws.ec2"] }`), or `undefined` when it is words. */
function literal(text: string): { value: unknown } | undefined {
    const source = ts.createSourceFile("default.ts", `(${text})`, ts.ScriptTarget.Latest);
    const statement = source.statements[0];
    if (source.statements.length !== 1 || !ts.isExpressionStatement(statement)) return undefined;
    const evaluate = (node: ts.Expression): { value: unknown } | undefined => {
        if (ts.isParenthesizedExpression(node)) return evaluate(node.expression);
        if (ts.isNumericLiteral(node)) return { value: Number(node.text) };
        if (ts.isStringLiteral(node)) return { value: node.text };
        if (node.kind === ts.SyntaxKind.TrueKeyword) return { value: true };
        if (node.kind === ts.SyntaxKind.FalseKeyword) return { value: false };
        if (node.kind === ts.SyntaxKind.NullKeyword) return { value: null };
        if (ts.isArrayLiteralExpression(node)) {
            const items = node.elements.map(evaluate);
            return items.every((item) => item !== undefined) ? { value: items.map((item) => item!.value) } : undefined;
        }
        if (ts.isObjectLiteralExpression(node)) {
            const out: Record<string, unknown> = {};
            for (const property of node.properties) {
                if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) return undefined;
                const item = evaluate(property.initializer);
                if (item === undefined) return undefined;
                out[property.name.text] = item.value;
            }
            return { value: out };
        }
        return undefined;
    };
    // Words parse as something else, or not as one whole expression.
    return statement.expression.getText(source) === `(${text})` ? evaluate(statement.expression) : undefined;
}

/** What a property's doc says that disagrees with its declaration (empty when none). */
function docDrift(arg: string, spec: ArgDefinition, doc: PropertyDoc | undefined): string[] {
    if (doc === undefined || doc.text.trim() === "") return [`${arg}: no TSDoc`];
    const drift: string[] = [];
    const mirrors = /mirrors\s+`(?:context\.)?([a-z0-9_]+)`/.exec(doc.text);
    if (mirrors?.[1] !== spec.var)
        drift.push(`${arg}: says it mirrors ${mirrors?.[1] ?? "nothing"}, declared ${spec.var}`);
    for (const [, original] of doc.text.matchAll(/Cloud Posse: `([a-z0-9_]+)`/g)) {
        if (!(spec.aliases ?? []).includes(original)) drift.push(`${arg}: names ${original}, not an alias`);
    }
    if (spec.allowed !== undefined) {
        if (spec.allowed.every((value) => typeof value === "number")) {
            const listed = /one of ([\d,\s]+)/.exec(doc.text)?.[1];
            const numbers = listed?.match(/\d+/g)?.map(Number);
            assert.ok(numbers, `${arg}: the doc lists the allowed numbers after "one of"`);
            if (JSON.stringify(numbers) !== JSON.stringify(spec.allowed)) {
                drift.push(`${arg}: lists ${numbers.join(", ")}, declared ${spec.allowed.join(", ")}`);
            }
        } else {
            const quoted = new Set([...doc.text.matchAll(/`"?([A-Za-z_-]+)"?`/g)].map((m) => m[1]));
            const missing = spec.allowed.filter((value) => !quoted.has(String(value)));
            if (missing.length > 0) drift.push(`${arg}: does not name the allowed ${missing.join(", ")}`);
        }
    }
    const range = /from ([\d,]+) to ([\d,]+)/.exec(doc.text);
    if (range !== null) {
        const [min, max] = [range[1], range[2]].map((n) => Number(n.replace(/,/g, "")));
        if (min !== spec.min || max !== spec.max) {
            drift.push(`${arg}: says from ${min} to ${max}, declared ${spec.min} to ${spec.max}`);
        }
    }
    if (spec.default !== undefined) {
        // A literal, optionally followed by a remark: `10080 (weekly)`.
        const stated = doc.defaultTag === undefined ? undefined : literal(doc.defaultTag.replace(/\s+\([^()]*\)$/, ""));
        if (stated === undefined) drift.push(`${arg}: @default ${doc.defaultTag ?? "missing"}, declared a constant`);
        else if (JSON.stringify(stated.value) !== JSON.stringify(spec.default)) {
            drift.push(`${arg}: @default ${doc.defaultTag}, declared ${JSON.stringify(spec.default)}`);
        }
    }
    return drift;
}

/** What every component inherits (and is checked where it is declared). */
const SHARED = [...Object.keys(INSTANCE_ARGS), ...Object.keys(LABEL_ARGS)];

/**
 * Each component of the list with its Args interface: `<class>Args` (the class is its type
 * token's last part), declared in its folder's definition.ts.
 */
const COMPONENT_ARGS: readonly [string, string, ComponentDefinition][] = COMPONENT_DEFINITIONS.map((definition) => {
    const name = `${definition.typeToken.split(":").pop()}Args`;
    const declares = new RegExp(`^export interface ${name}\\b`, "m");
    const file = fs
        .readdirSync(path.join(ROOT, "components"), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `components/${entry.name}/definition.ts`)
        .find((candidate) => {
            const full = path.join(ROOT, candidate);
            return fs.existsSync(full) && declares.test(fs.readFileSync(full, "utf8"));
        });
    assert.ok(file !== undefined, `${definition.path}: no components/*/definition.ts declares ${name}`);
    return [file, name, definition];
});

const INTERFACES: readonly [string, string, ComponentDefinition["args"], readonly string[]][] = [
    ...COMPONENT_ARGS.map(
        ([file, name, definition]): [string, string, ComponentDefinition["args"], readonly string[]] => [
            file,
            name,
            definition.args,
            SHARED,
        ],
    ),
    ["components/kit/instanceArgs.ts", "InstanceArgs", INSTANCE_ARGS, []],
    ["label/types.ts", "LabelInput", LABEL_ARGS, []],
];

describe("the TSDoc of the Args interfaces agrees with the component definitions", () => {
    for (const [file, name, args, inherited] of INTERFACES) {
        it(`${name} (${file})`, () => {
            const docs = propertyDocs(file, name);
            const drift = Object.entries(args as Readonly<Record<string, ArgDefinition>>)
                .filter(([arg]) => !inherited.includes(arg))
                .flatMap(([arg, spec]) => docDrift(arg, spec, docs.get(arg)));
            assert.deepEqual(drift, []);
        });
    }

    it("covers every component's Args interface", () => {
        const covered = new Set(INTERFACES.map(([, , args]) => args));
        const missing = COMPONENT_DEFINITIONS.filter((definition) => !covered.has(definition.args)).map((d) => d.path);
        assert.deepEqual(missing, [], "add the component's Args interface to INTERFACES here");
    });

    it("finds the drift it is there for", () => {
        const spec: ArgDefinition = {
            var: "event_log_retention_in_days",
            type: "number",
            default: 3,
            defaultText: "`3`",
            allowed: [1, 3, 5],
            aliases: ["retention"],
            doc: "",
        };
        const doc = (text: string, defaultTag?: string) => ({ text, ...(defaultTag ? { defaultTag } : {}) });
        assert.deepEqual(
            docDrift(
                "days",
                spec,
                doc("one of 1, 3, 5; mirrors `event_log_retention_in_days` (Cloud Posse: `retention`)", "3"),
            ),
            [],
        );
        assert.deepEqual(docDrift("days", spec, doc("one of 1, 3, 7; mirrors `log_retention`", "5")), [
            "days: says it mirrors log_retention, declared event_log_retention_in_days",
            "days: lists 1, 3, 7, declared 1, 3, 5",
            "days: @default 5, declared 3",
        ]);
        assert.deepEqual(
            docDrift("days", spec, doc("one of 1, 3, 5; mirrors `event_log_retention_in_days`", "three days")),
            ["days: @default three days, declared a constant"],
        );
        assert.deepEqual(
            docDrift("days", spec, doc("one of 1, 3, 5; mirrors\n`event_log_retention_in_days`", "3 (days)")),
            [],
        );
        assert.deepEqual(
            docDrift("days", spec, doc("one of 1, 3, 5; mirrors `event_log_retention_in_days`", "3 days")),
            ["days: @default 3 days, declared a constant"],
        );
        assert.deepEqual(docDrift("days", spec, undefined), ["days: no TSDoc"]);
        const role: ArgDefinition = {
            var: "key_role",
            type: "string",
            defaultText: "",
            allowed: ["VIEWER", "ADMIN"],
            doc: "",
        };
        assert.deepEqual(docDrift("keyRole", role, doc("`VIEWER` or `EDITOR`; mirrors `key_role`")), [
            "keyRole: does not name the allowed ADMIN",
        ]);
        const minutes: ArgDefinition = {
            var: "minutes_to_live",
            type: "number",
            defaultText: "",
            min: 1,
            max: 43200,
            doc: "",
        };
        assert.deepEqual(
            docDrift("minutesToLive", minutes, doc("an integer from 1 to 4,320; mirrors `minutes_to_live`")),
            ["minutesToLive: says from 1 to 4320, declared 1 to 43200"],
        );
    });
});

/** The type of each property of interface `name` in `file`, as written. */
function propertyTypes(file: string, name: string): Map<string, string> {
    const source = ts.createSourceFile(
        file,
        fs.readFileSync(path.join(ROOT, file), "utf8"),
        ts.ScriptTarget.Latest,
        true,
    );
    const found = source.statements.find(
        (statement): statement is ts.InterfaceDeclaration =>
            ts.isInterfaceDeclaration(statement) && statement.name.text === name,
    );
    assert.ok(found, `${file}: interface ${name}`);
    const types = new Map<string, string>();
    for (const member of found.members) {
        if (ts.isPropertySignature(member) && ts.isIdentifier(member.name) && member.type !== undefined) {
            types.set(member.name.text, member.type.getText(source));
        }
    }
    return types;
}

describe("the definitions' `input` flag agrees with the Args interfaces' types", () => {
    // An argument typed `pulumi.Input<...>` is checked once known; every other one is plain-only, and
    // the constructors refuse an Output there (components/kit/inputs.ts knownNow).
    const label = propertyTypes("components/kit/labelArgs.ts", "ComponentLabelArgs");
    const labelInput = propertyTypes("label/types.ts", "LabelInput");
    for (const [file, name, definition] of COMPONENT_ARGS) {
        it(name, () => {
            const own = propertyTypes(file, name);
            const instance = propertyTypes("components/kit/instanceArgs.ts", "InstanceArgs");
            const drift = Object.entries(definition.args as Readonly<Record<string, ArgDefinition>>).flatMap(
                ([arg, spec]) => {
                    const type = own.get(arg) ?? label.get(arg) ?? instance.get(arg) ?? labelInput.get(arg);
                    assert.ok(type !== undefined, `${name}.${arg}: no declared type`);
                    const takesInput = /^pulumi\.Input</.test(type);
                    return takesInput === (spec.input === true) ? [] : [`${arg}: typed ${type}, input ${spec.input}`];
                },
            );
            assert.deepEqual(drift, []);
        });
    }
});
