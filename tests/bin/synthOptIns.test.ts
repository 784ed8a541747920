/**
 * synth's opt-in flags come from the declarations (bin/synthCommand.ts): every opt-in a component declares
 * (`OutputDefinition.whenRenamed.optIn`, `holdsData.optIn`) has its flag in `--help`, described from the declaration,
 * and the flag is taken; nothing in the usage names an opt-in that no component declares.
 */
import { strict as assert } from "node:assert";
import { ALLOW_LOG_GROUP_DELETION } from "../../components/kit/logHistory";
import { declaredOptIns, optInFlag } from "../../components/kit/deploymentGuards";
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
