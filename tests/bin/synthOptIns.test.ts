/**
 * synth's opt-in flags come from the declarations (bin/synthCommand.ts): every opt-in a component declares
 * (`OutputDefinition.whenRenamed.optIn`, `holdsData.optIn`) and every one the kit's own guards take (the log history's,
 * components/kit/logHistory.ts `LOG_HISTORY_OPT_IN`) has its flag in `--help`, described from the declaration, and the
 * flag is taken; nothing in the usage names an opt-in that is not declared.
 */
import { strict as assert } from "node:assert";
import { ALLOW_LOG_GROUP_DELETION, LOG_HISTORY_OPT_IN } from "../../components/kit/logHistory";
import { declaredOptIns, optInDeclarations, optInFlag } from "../../components/kit/deploymentGuards";
import type { OutputDefinition } from "../../components/kit/definition";
import { COMPONENT_DEFINITIONS } from "../../components/registry";
import { synthCommand } from "../helpers/commands";

describe("synth's opt-in flags, from the components' declarations", () => {
    let help: string;
    before(async () => {
        help = (await synthCommand(["--help"])).stdout;
    });

    const declared = declaredOptIns(COMPONENT_DEFINITIONS);

    it("finds the declared opt-ins", () => {
        assert.ok(declared.length > 0);
    });

    for (const definition of COMPONENT_DEFINITIONS) {
        for (const [property, output] of Object.entries(definition.outputs) as [string, OutputDefinition][]) {
            const renamed = output.whenRenamed;
            if (renamed === undefined) continue;
            it(`describes ${optInFlag(renamed.optIn)} (${definition.path} ${property}) by what it lets change`, () => {
                const flowing = help.replace(/\s+/g, " ");
                assert.ok(flowing.includes(`[${optInFlag(renamed.optIn)} INSTANCE[,INSTANCE]]`), help);
                assert.ok(
                    flowing.includes(
                        `${optInFlag(renamed.optIn)} INSTANCES as the program config ${renamed.optIn}: these ` +
                            `instances may change their ${renamed.what} (comma-separated)`,
                    ),
                    help,
                );
                assert.ok(flowing.includes(`changes of the ${renamed.what},`), help);
            });
        }
    }

    it("describes the log-history guard's flag from the kit's one declaration, as the program config of that name", () => {
        const flowing = help.replace(/\s+/g, " ");
        const flag = optInFlag(LOG_HISTORY_OPT_IN.key);
        assert.equal(flag, "--allow-log-group-deletion");
        assert.ok(flowing.includes(`[${flag} INSTANCE[,INSTANCE]]`), help);
        assert.ok(
            flowing.includes(
                `${flag} INSTANCES as the program config allowLogGroupDeletion: ${LOG_HISTORY_OPT_IN.allows} (comma-separated)`,
            ),
            help,
        );
        assert.ok(flowing.includes(`and ${LOG_HISTORY_OPT_IN.refused}, and warns as pulumi up would.`), help);
    });

    it("lists every opt-in's flag once, alphabetically, and what each refuses in the order the guards run", () => {
        const declarations = optInDeclarations(COMPONENT_DEFINITIONS);
        const flags = declarations.map((declared) => optInFlag(declared.key));
        const described = [...help.matchAll(/^ {2}(--allow-[a-z-]+) INSTANCES$/gm)].map((m) => m[1]);
        assert.deepEqual(described, [...flags].sort());
        const flowing = help.replace(/\s+/g, " ");
        const at = declarations.map((declared) => flowing.indexOf(declared.refused));
        assert.ok(
            at.every((position, i) => position > 0 && (i === 0 || position > at[i - 1])),
            `${at.join(", ")}\n${help}`,
        );
    });

    it("names in the usage no --allow- flag that is neither declared nor the kit's", () => {
        const flags = new Set([...help.matchAll(/--allow-[a-z-]+/g)].map((m) => m[0]));
        const known = new Set([
            "--allow-exec",
            "--allow-outside-repository",
            optInFlag(ALLOW_LOG_GROUP_DELETION),
            ...declared.map(optInFlag),
        ]);
        assert.deepEqual(
            [...flags].filter((flag) => !known.has(flag)),
            [],
        );
    });

    it("takes each declared flag with its instances", async () => {
        for (const key of declared) {
            const run = await synthCommand(["no-such-file.yaml", optInFlag(key), "a,b"]);
            assert.doesNotMatch(run.stderr, /unknown option/);
            assert.doesNotMatch(run.stderr, /^usage/m);
        }
    });
});
