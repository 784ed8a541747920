/**
 * What a generated SDK sends is what the user meant. Pulumi's Python, Go, .NET and Java code
 * generators fill every input the program leaves out with its schema `default` and send it (pulumi
 * pkg/codegen/python/gen.go 1555-1562 (the resource) and 3114-3120 (its Args class), go/gen.go
 * 2407-2425 (`New<Resource>`), pulumi-dotnet pulumi-language-dotnet/codegen/gen.go 697-709 (the
 * Args constructor), pulumi-java pkg/codegen/java/gen_defaults.go `builderExprWithSimpleType`
 * (`.def(...)`)); YAML sends only what the program writes. So:
 *
 * - every default the schema holds gives, sent, exactly what leaving it out gives: the resolvers
 *   compared over generated combinations of every argument (valid and invalid values), and each
 *   default the schema keeps out (provider/schema.ts UNSENT_DEFAULTS) shown to change something;
 * - the documented example (docs/languages.md) and each component with only its required inputs,
 *   constructed by the plugin's provider from inputs as an SDK sends them, give the resources,
 *   inputs, outputs and warnings of the same component constructed in TypeScript.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as fc from "fast-check";
import { parse } from "yaml";

import { typeText, type ArgDefinition, type ComponentDefinition } from "../../components/kit/definition";
import { COMPONENT_DEFINITIONS } from "../../components/registry";
import { API_KEY_DEFINITION } from "../../components/apiKey/definition";
import { EVENTBRIDGE_DEFINITION } from "../../components/eventbridge/definition";
import { COMPONENT_KITS } from "../../components/kits";
import { installMocks } from "../../program/mocks";
import { packageSchema, UNSENT_DEFAULTS } from "../../provider/schema";
import { readOutput } from "../../program/outputs";
import { wireInputs } from "../helpers/wireInputs";

const schema = packageSchema("1.2.3");
const EVENTBRIDGE = EVENTBRIDGE_DEFINITION.typeToken;
const API_KEY = API_KEY_DEFINITION.typeToken;

/**
 * The inputs a generated SDK sends for `given`: every input the schema gives a default, when the
 * program leaves it out (Python `if x is None`, Go `if args.X == nil`, .NET and Java before the
 * program's own assignment), filled with that default; derived from the schema itself.
 */
function asSdkSends(token: string, given: Readonly<Record<string, unknown>>): Record<string, unknown> {
    const sent: Record<string, unknown> = { ...given };
    for (const [arg, input] of Object.entries(schema.resources[token].inputProperties)) {
        if (input.default !== undefined && (sent[arg] === undefined || sent[arg] === null)) sent[arg] = input.default;
    }
    return sent;
}

/** What resolving gives: the settled arguments, or the message of the refusal. */
function outcome(resolve: () => unknown): unknown {
    try {
        return { resolved: resolve() };
    } catch (error) {
        return { refused: (error as Error).message };
    }
}

/** Each component's resolver, as its constructor calls it (its kit's), by type token. */
const RESOLVERS: Record<string, (args: Record<string, unknown>) => unknown> = Object.fromEntries(
    COMPONENT_KITS.map((kit) => [
        kit.definition.typeToken,
        (args: Record<string, unknown>) => kit.resolve(kit.definition.example.name, args, { regionFromProvider: true }),
    ]),
);

/** Values worth trying per argument, by name, else by type: `[valid, invalid]` (each default is added). */
const BY_NAME: Record<string, readonly [readonly unknown[], readonly unknown[]]> = {
    region: [["us-east-2", "eu-west-1"], ["mars-1"]],
    name: [["alerts", "grafana"], [""]],
    namespace: [["eg"], ["Bad Space"]],
    stage: [["prod"], []],
    workspaceId: [["g-0123456789"], ["g-12"]],
    dashboardsStackName: [["acme/managed-dashboards-workspace/dev", "org/proj/dev"], ["no-slashes"]],
    dashboardsComponentName: [["managed-dashboards/workspace", "grafana/ws"], ["bad name!"]],
    keyRole: [["VIEWER", "ADMIN"], ["owner"]],
    minutesToLive: [
        [1, 60, 1440, 20000, 43200],
        [50000, 7.5],
    ],
    rotationMinutes: [[1, 720, 30000, 43200], [0]],
    runCadenceMinutes: [[1, 60, 1440, 10080, 30000, 43200], [-1]],
    ssmPathFormatApiKey: [
        ["/dashboards/%s/api_key", "/keys/%s"],
        ["%s/%s", "aws/%s"],
    ],
    credentialType: [["api-key", "service-account-token"], ["token"]],
    kmsKeyId: [["", "alias/dashboards"], ["bad key"]],
    eventRuleDescription: [["", "ECS tasks that stopped"], ["x".repeat(600)]],
    eventRulePattern: [[{ source: ["aws.ecs"] }, '{"source":["aws.ec2"]}'], ["{not json"]],
    eventLogRetentionInDays: [[1, 3, 14], [2]],
    logsPolicyScope: [["resource", "account"], ["region"]],
    adoptEventTargetId: [["target-1"], ["bad target"]],
    aliases: [[["old-name"], []], [[""]]],
    idLengthLimit: [[0, 6, 10], [3]],
    labelKeyCase: [["lower", "title", "upper"], ["none"]],
    labelValueCase: [["lower", "title", "upper", "none"], ["camel"]],
    delimiter: [["-", ""], ["/"]],
    regexReplaceChars: [["/[^a-zA-Z0-9-]/"], ["["]],
    context: [[{}, { namespace: "ctx", stage: "qa" }], [[]]],
    descriptorFormats: [[{}, { short: { format: "%v", labels: ["name"] } }], [{ short: 1 }]],
};
const BY_TYPE: Record<Extract<ArgDefinition["type"], string>, readonly [readonly unknown[], readonly unknown[]]> = {
    string: [["x"], [7]],
    number: [[1], ["1"]],
    bool: [[true, false], ["yes"]],
    "list(string)": [[[], ["a", "b"]], ["a"]],
    "set(string)": [[[], ["a"]], [1]],
    "map(string)": [[{}, { Team: "ops" }], [[]]],
    any: [[{}], []],
};

/**
 * Values worth trying for an argument of a declared list, set, map or object type (none of the shipped components has
 * one): its component example's value, if any, and a number (never a list, map or object).
 */
function compositeValues(
    definition: ComponentDefinition,
    arg: string,
): readonly [readonly unknown[], readonly unknown[]] {
    const example = (definition.example.args as Readonly<Record<string, unknown>>)[arg];
    return [example !== undefined ? [example] : [], [42]];
}

/**
 * Arguments of `definition` as a program might give them: each left out, one of its valid values
 * (its default among them), or, rarely, null or an invalid value (so that most combinations get past
 * the checks, and the refusals are compared too).
 */
function argsArbitrary(definition: ComponentDefinition): fc.Arbitrary<Record<string, unknown>> {
    const args = Object.entries(definition.args as Readonly<Record<string, ArgDefinition>>);
    return fc
        .record(
            Object.fromEntries(
                args.map(([arg, spec]) => {
                    const [valid, invalid] =
                        BY_NAME[arg] ??
                        // A composite type written as a shorthand is (`{ map: "string", inputValues: true }`: tags).
                        (BY_TYPE as Partial<Record<string, (typeof BY_TYPE)["any"]>>)[typeText(spec.type)] ??
                        compositeValues(definition, arg);
                    const values = spec.default !== undefined ? [...valid, spec.default] : [...valid];
                    return [
                        arg,
                        fc.oneof(
                            { arbitrary: fc.constant(undefined), weight: 20 },
                            { arbitrary: fc.constantFrom(...values), weight: 20 },
                            { arbitrary: fc.constantFrom(null, ...invalid), weight: 1 },
                        ),
                    ];
                }),
            ),
        )
        .map((args) => Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined)));
}

describe("the plugin's schema defaults, as generated SDKs send them", () => {
    it("gives, for every default the schema holds, sent, exactly what leaving it out gives", () => {
        for (const definition of COMPONENT_DEFINITIONS) {
            const token = definition.typeToken;
            const defaulted = Object.entries(schema.resources[token].inputProperties).filter(
                ([, input]) => input.default !== undefined,
            );
            // (At least 3 for each shipped component; any other component's are tried as well.)
            const least = [EVENTBRIDGE, API_KEY].includes(token) ? 3 : 1;
            assert.ok(defaulted.length >= least, `${token}: only ${defaulted.length} defaults in the schema`);
            let resolvedRuns = 0;
            fc.assert(
                fc.property(argsArbitrary(definition), (args) => {
                    const left = outcome(() => RESOLVERS[token](args));
                    if ((left as { resolved?: unknown }).resolved !== undefined) resolvedRuns++;
                    assert.deepEqual(
                        outcome(() => RESOLVERS[token](asSdkSends(token, args))),
                        left,
                    );
                }),
                { numRuns: 400, seed: 28 },
            );
            // The combinations reach past the checks, not only refusals.
            assert.ok(resolvedRuns >= 20, `${token}: only ${resolvedRuns} combinations resolved`);
        }
    });

    it("keeps out of the schema only defaults that change something when sent, each shown here", () => {
        // One program per default kept out, whose result changes when an SDK sends that default.
        const changedBy: Record<string, Record<string, unknown>> = {
            // Reported as ignored beside a workspace id.
            dashboardsComponentName: { region: "us-east-2", name: "grafana", workspaceId: "g-0123456789" },
            // A cadence longer than the key's life: blamed on the cadence, or on minutesToLive once sent.
            minutesToLive: {
                region: "us-east-2",
                name: "grafana",
                workspaceId: "g-0123456789",
                runCadenceMinutes: 43200,
            },
            // A day-long key: a warning under the assumed weekly cadence, refused under a stated one.
            runCadenceMinutes: {
                region: "us-east-2",
                name: "grafana",
                workspaceId: "g-0123456789",
                minutesToLive: 1440,
            },
        };
        const spec = API_KEY_DEFINITION.args as Readonly<Record<string, ArgDefinition>>;
        assert.deepEqual(Object.keys(UNSENT_DEFAULTS[API_KEY]).sort(), Object.keys(changedBy).sort());
        for (const [arg, args] of Object.entries(changedBy)) {
            const sent = { ...args, [arg]: spec[arg].default };
            assert.notDeepEqual(
                outcome(() => RESOLVERS[API_KEY](sent)),
                outcome(() => RESOLVERS[API_KEY](args)),
                `sending ${arg}'s default changes nothing: it may go back in the schema`,
            );
        }
        // What leaving the cadence out keeps, as in TypeScript: the assumed weekly cadence only warns
        // (asking for the real one), where the cadence an SDK would send is refused.
        const key = API_KEY_DEFINITION.args.runCadenceMinutes.default;
        const left = outcome(() => RESOLVERS[API_KEY](changedBy.runCadenceMinutes)) as {
            resolved?: { warnings: readonly { message: string }[] };
        };
        assert.match(left.resolved?.warnings.map((w) => w.message).join("\n") ?? "", /set runCadenceMinutes/);
        const sent = outcome(() => RESOLVERS[API_KEY]({ ...changedBy.runCadenceMinutes, runCadenceMinutes: key }));
        assert.match(
            (sent as { refused?: string }).refused ?? "",
            /minutesToLive 1440 must be more than runCadenceMinutes 10080/,
        );
    });
});

/** The components as a TypeScript program constructs them. */
const CLASSES: Record<string, new (name: string, args: never) => pulumi.ComponentResource> = {};

/** One run: what was registered, the outputs (value and secrecy) and the warnings logged. */
interface Run {
    readonly refused?: string;
    readonly resources: readonly unknown[];
    readonly outputs: Record<string, unknown>;
    readonly warnings: readonly string[];
}

/** Runs `construct` under fresh mocks, recording what it registered and the warnings it logged. */
async function recorded(
    outputsOf: (token: string) => Promise<Record<string, unknown> | undefined>,
    token: string,
): Promise<Run> {
    const mocks = await installMocks();
    const warnings: string[] = [];
    const log = pulumi.log as { warn: (message: string) => Promise<void> };
    const warn = log.warn;
    log.warn = (message: string) => {
        warnings.push(message);
        return Promise.resolve();
    };
    try {
        let state: Record<string, unknown> | undefined;
        let refused: string | undefined;
        try {
            state = await outputsOf(token);
        } catch (error) {
            refused = (error as Error).message;
        }
        await mocks.settle();
        const outputs: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(state ?? {})) {
            if (value === undefined) continue;
            const read = await readOutput(pulumi.output(value));
            outputs[key] = {
                value: read.known ? read.value : "<unknown>",
                secret: await pulumi.isSecret(pulumi.output(value)),
            };
        }
        return {
            ...(refused !== undefined ? { refused } : {}),
            resources: mocks.resources.map((r) => ({ ...r, urn: undefined })),
            outputs,
            warnings,
        };
    } finally {
        log.warn = warn;
    }
}

/** The inputs of each component in the example of docs/languages.md (its YAML program, the same in every language). */
function documentedExamples(): { token: string; name: string; inputs: Record<string, unknown> }[] {
    const guide = fs.readFileSync(path.join(__dirname, "..", "..", "docs", "languages.md"), "utf8");
    const [yaml] = [...guide.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]);
    const program = parse(yaml) as { resources: Record<string, { type: string; properties: Record<string, unknown> }> };
    return Object.entries(program.resources).map(([name, resource]) => ({
        token: resource.type,
        name,
        inputs: resource.properties,
    }));
}

describe("the plugin's provider given inputs as generated SDKs send them (construct, in process)", () => {
    let provider: import("../../provider/provider").ComponentsProvider;

    before(async () => {
        await installMocks();
        const { ComponentsProvider } = await import("../../provider/provider");
        provider = new ComponentsProvider("1.2.3");
        for (const kit of COMPONENT_KITS) CLASSES[kit.definition.typeToken] = kit.component as never;
    });

    after(async () => {
        await installMocks();
    });

    /** The TypeScript twin's run and the SDK's run of the same program, compared. */
    async function compare(token: string, name: string, inputs: Record<string, unknown>): Promise<Run> {
        const definition = COMPONENT_DEFINITIONS.find((d) => d.typeToken === token)!;
        const typescript = await recorded(async () => {
            const instance = new CLASSES[token](name, inputs as never) as unknown as Record<string, unknown>;
            return Object.fromEntries(Object.keys(definition.outputs).map((key) => [key, instance[key]]));
        }, token);
        const sdk = await recorded(async () => {
            const result = await provider.construct(name, token, await wireInputs(asSdkSends(token, inputs)), {});
            return result.state as Record<string, unknown>;
        }, token);
        assert.deepEqual(sdk, typescript, `${token} ${name} ${JSON.stringify(inputs)}`);
        return typescript;
    }

    it("constructs the documented example as its TypeScript twin: resources, inputs, outputs, no other warning", async () => {
        const examples = documentedExamples();
        assert.deepEqual(examples.map((e) => e.token).sort(), COMPONENT_DEFINITIONS.map((d) => d.typeToken).sort());
        for (const token of [EVENTBRIDGE, API_KEY])
            assert.ok(
                examples.some((e) => e.token === token),
                token,
            );
        for (const { token, name, inputs } of examples) {
            const run = await compare(token, name, inputs);
            assert.equal(run.refused, undefined, run.refused);
            assert.deepEqual(run.warnings, [], `${name}: ${run.warnings.join("\n")}`);
            // (The shipped components create at least 3 resources and 4 outputs; any other at least 1 of each.)
            const [resources, outputs] = [EVENTBRIDGE, API_KEY].includes(token) ? [3, 4] : [2, 1];
            assert.ok(run.resources.length >= resources, `${name}: ${run.resources.length} resources`);
            assert.ok(Object.keys(run.outputs).length >= outputs, `${name}: ${Object.keys(run.outputs).join(", ")}`);
        }
    });

    it("constructs each component from only its required inputs (and with a name) as its TypeScript twin", async () => {
        for (const token of COMPONENT_DEFINITIONS.map((d) => d.typeToken)) {
            const required = Object.fromEntries(
                schema.resources[token].requiredInputs.map((arg) => [arg, BY_NAME[arg]?.[0][0] ?? "x"]),
            );
            await compare(token, "required-only", required);
            const named = await compare(token, "named", { ...required, name: "named" });
            assert.equal(named.refused, undefined, named.refused);
        }
    });
});
