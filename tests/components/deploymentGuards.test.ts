/**
 * The declared guards against the last deployment (components/kit/deploymentGuards.ts), as tables of
 * cases, and the clock's heal (credentialGuard.ts stableWindow). The engine rules they follow are read
 * from pulumi/pulumi 1b59498 and pulumi-terraform-bridge 59de6c6 (cited per case).
 */
import { strict as assert } from "node:assert";
import { API_KEY_DEFINITION } from "../../components/apiKey/definition";
import { EVENTBRIDGE_DEFINITION } from "../../components/eventbridge/definition";
import {
    declaredOptIns,
    optInDeclarations,
    deploymentVerdicts,
    droppedDataVerdicts,
    optInFlag,
    physicalNamesByOutput,
    readoptionRefusals,
    renamedNameVerdicts,
    type RunInstance,
} from "../../components/kit/deploymentGuards";
import { stableWindow } from "../../components/kit/credentialGuard";
import { LOG_HISTORY_OPT_IN } from "../../components/kit/logHistory";
import type { ComponentDefinition } from "../../components/kit/definition";
import { childUrn, ssmOwnerConflict } from "../../components/kit/ssmOwner";

const DEFINITIONS: readonly ComponentDefinition[] = [API_KEY_DEFINITION, EVENTBRIDGE_DEFINITION];
const NONE = new Map<string, ReadonlySet<string>>();

function key(overrides: Partial<RunInstance> = {}): RunInstance {
    return {
        instance: "grafana-key",
        definition: API_KEY_DEFINITION,
        aliases: [],
        enabled: true,
        physicalNames: { ssmPathDashboardsApiKey: "/dashboards/eg-ue2-prod/api_key" },
        args: {},
        ...overrides,
    };
}

function events(overrides: Partial<RunInstance> = {}): RunInstance {
    return {
        instance: "events",
        definition: EVENTBRIDGE_DEFINITION,
        aliases: [],
        enabled: true,
        physicalNames: { eventRuleName: "eg-ue2-prod-events", logsLogGroupName: "/aws/events/eg-ue2-prod-events" },
        args: {},
        ...overrides,
    };
}

const KEY_DEPLOYED = { "grafana-key": { ssm_path_dashboards_api_key: "/dashboards/eg-ue2-prod/api_key" } };
const EVENTS_DEPLOYED = (retained?: boolean) => ({
    events: {
        event_rule_name: "eg-ue2-prod-events",
        logs_log_group_name: "/aws/events/eg-ue2-prod-events",
        ...(retained !== undefined ? { logs_log_group_retained: retained } : {}),
    },
});

describe("deployment guards: declared by each component", () => {
    it("each adopting switch names the physical-name outputs it imports; the opt-ins and their synth flags", () => {
        assert.deepEqual(API_KEY_DEFINITION.args.adoptExisting.adopts, ["ssmPathDashboardsApiKey"]);
        assert.deepEqual(EVENTBRIDGE_DEFINITION.args.adoptExisting.adopts, ["eventRuleName", "logsLogGroupName"]);
        assert.deepEqual(EVENTBRIDGE_DEFINITION.args.adoptLogGroup.adopts, ["logsLogGroupName"]);
        for (const definition of DEFINITIONS) {
            for (const [arg, spec] of Object.entries(definition.args as Record<string, { adopts?: string[] }>)) {
                for (const output of spec.adopts ?? []) {
                    assert.equal(
                        definition.outputs[output]?.physicalName,
                        true,
                        `${definition.path} ${arg}: ${output}`,
                    );
                }
            }
        }
        assert.deepEqual([...declaredOptIns(DEFINITIONS)].sort(), ["allowLogGroupDeletion", "allowSsmPathChange"]);
        // The kit's log-history guard takes its opt-in whichever components use it; its declaration describes it.
        assert.deepEqual(optInDeclarations([]), [LOG_HISTORY_OPT_IN]);
        assert.deepEqual(
            optInDeclarations(DEFINITIONS).map((declared) => declared.key),
            ["allowSsmPathChange", "allowLogGroupDeletion"],
        );
        assert.equal(
            optInDeclarations(DEFINITIONS).find((declared) => declared.key === "allowLogGroupDeletion"),
            LOG_HISTORY_OPT_IN,
        );
        assert.deepEqual(optInDeclarations([API_KEY_DEFINITION])[0], {
            key: "allowSsmPathChange",
            allows: "these instances may change their SSM parameter's path",
            refused: "changes of the SSM parameter's path",
        });
        assert.equal(optInFlag("allowSsmPathChange"), "--allow-ssm-path-change");
        assert.deepEqual(physicalNamesByOutput(EVENTBRIDGE_DEFINITION, ["r", "g"]), {
            eventRuleName: "r",
            logsLogGroupName: "g",
        });
        assert.deepEqual(physicalNamesByOutput(EVENTBRIDGE_DEFINITION, []), {});
    });
});

describe("deployment guards: re-adoption", () => {
    // pulumi/pulumi pkg/resource/deploy/step_generator.go 1104-1113: an import happens when there is no
    // old resource or its import id (its id when none is stored) differs from the goal's; 1192-1197: with
    // an old resource it is an import-replacement, and step.go 2221 marks the old one for deletion at
    // the end of the run. A created parameter's id is its name; the import id is `<name>@<region>`.
    const cases: { name: string; instance: RunInstance; outputs: Record<string, unknown>; refused: RegExp[] }[] = [
        {
            name: "api-key adopt_existing on the deployed path",
            instance: key({ args: { adoptExisting: true } }),
            outputs: KEY_DEPLOYED,
            refused: [
                /^"grafana-key": adopt_existing is set, but this stack's last deployment already manages "\/dashboards\/eg-ue2-prod\/api_key"; .*Remove adopt_existing/,
            ],
        },
        {
            name: "found under an alias",
            instance: key({ instance: "key", aliases: ["grafana-key"], args: { adoptExisting: true } }),
            outputs: KEY_DEPLOYED,
            refused: [/\(as instance "grafana-key"\)/],
        },
        {
            name: "the first deployment (nothing deployed): adoption is what it is for",
            instance: key({ args: { adoptExisting: true } }),
            outputs: {},
            refused: [],
        },
        {
            name: "adoption off",
            instance: key({ args: { adoptExisting: false } }),
            outputs: KEY_DEPLOYED,
            refused: [],
        },
        {
            name: "a disabled instance imports nothing",
            instance: key({ enabled: false, physicalNames: {}, args: { adoptExisting: true } }),
            outputs: KEY_DEPLOYED,
            refused: [],
        },
        {
            name: "another path: not the deployed resource (a new one adopted; its move is guarded apart)",
            instance: key({
                physicalNames: { ssmPathDashboardsApiKey: "/grafana/eg-ue2-prod/api_key" },
                args: { adoptExisting: true },
            }),
            outputs: KEY_DEPLOYED,
            refused: [],
        },
        {
            name: "eventbridge adopt_existing: rule and log group",
            instance: events({ args: { adoptExisting: true } }),
            outputs: EVENTS_DEPLOYED(true),
            refused: [/"eg-ue2-prod-events" and "\/aws\/events\/eg-ue2-prod-events"/],
        },
        {
            name: "eventbridge adopt_log_group on the deployed group",
            instance: events({ args: { adoptLogGroup: true } }),
            outputs: EVENTS_DEPLOYED(true),
            refused: [/^"events": adopt_log_group is set/],
        },
        {
            name: "adopt_log_group taking back a kept group under a new name (a label change)",
            instance: events({
                physicalNames: {
                    eventRuleName: "eg-ue2-dev-events",
                    logsLogGroupName: "/aws/events/eg-ue2-dev-events",
                },
                args: { adoptLogGroup: true },
            }),
            outputs: EVENTS_DEPLOYED(true),
            refused: [],
        },
    ];
    for (const c of cases) {
        it(c.name, () => {
            const refusals = readoptionRefusals(c.instance, c.outputs);
            assert.equal(refusals.length, c.refused.length, refusals.join("\n"));
            c.refused.forEach((pattern, i) => assert.match(refusals[i], pattern));
        });
    }
});

describe("deployment guards: an SSM path moves", () => {
    // The bridge asks delete-before-replace for an SDKv2 resource whose auto-named field was set by hand
    // (pulumi-terraform-bridge pkg/tfbridge/provider.go 1275-1276), and the engine follows the provider when
    // the goal does not set it (pulumi/pulumi step_generator.go 2043-2046): the old path is deleted first.
    const moved = key({ physicalNames: { ssmPathDashboardsApiKey: "/grafana/eg-ue2-prod/api_key" } });
    it("refused, naming both paths, the var, the way to keep it and the opt-in", () => {
        const { refusals, warnings } = renamedNameVerdicts(moved, KEY_DEPLOYED, NONE);
        assert.deepEqual(warnings, []);
        assert.equal(refusals.length, 1);
        assert.match(
            refusals[0],
            /^"grafana-key": the SSM parameter's path moves from "\/dashboards\/eg-ue2-prod\/api_key" to "\/grafana\/eg-ue2-prod\/api_key" \(ssm_path_format_api_key or the label changed\): .*deletes \/dashboards\/eg-ue2-prod\/api_key before \/grafana\/eg-ue2-prod\/api_key exists/,
        );
        assert.match(refusals[0], /aws ssm get-parameter --name \/grafana\/eg-ue2-prod\/api_key/);
        assert.match(
            refusals[0],
            /pulumi config set allowSsmPathChange 'grafana-key' .*synth: --allow-ssm-path-change grafana-key/,
        );
    });
    it("opted in: a warning; the same path, the first deployment, a disabled instance: nothing", () => {
        const optIns = new Map([["allowSsmPathChange", new Set(["grafana-key"])]]);
        const allowed = renamedNameVerdicts(moved, KEY_DEPLOYED, optIns);
        assert.deepEqual(allowed.refusals, []);
        assert.match(allowed.warnings[0], /as the config allowSsmPathChange allows for this instance$/);
        assert.deepEqual(renamedNameVerdicts(key(), KEY_DEPLOYED, NONE), { refusals: [], warnings: [] });
        assert.deepEqual(renamedNameVerdicts(moved, {}, NONE), { refusals: [], warnings: [] });
        const off = key({ enabled: false, physicalNames: {} });
        assert.deepEqual(renamedNameVerdicts(off, KEY_DEPLOYED, NONE), { refusals: [], warnings: [] });
        // Another instance's opt-in does not count.
        const other = new Map([["allowSsmPathChange", new Set(["other"])]]);
        assert.equal(renamedNameVerdicts(moved, KEY_DEPLOYED, other).refusals.length, 1);
    });
});

describe("deployment guards: an instance dropped with its data", () => {
    // Deletes of what the program no longer registers run once it has finished (pulumi/pulumi
    // deployment_executor.go 326-331), each reading retainOnDelete from the deployed state (step.go 661).
    const cases: {
        name: string;
        instances: RunInstance[];
        outputs: Record<string, unknown>;
        optIns?: Map<string, ReadonlySet<string>>;
        refused: RegExp[];
        warned: RegExp[];
    }[] = [
        {
            name: "disabled, deployed by an older version (retention not recorded): refused",
            instances: [events({ enabled: false, physicalNames: {} })],
            outputs: EVENTS_DEPLOYED(),
            refused: [
                /^"events": the instance is disabled \(enabled: false\), so this run deletes its log group "\/aws\/events\/eg-ue2-prod-events" and every event stored in it: .*then disable it\. To delete it: pulumi config set allowLogGroupDeletion 'events'/,
            ],
            warned: [],
        },
        {
            name: "removed from the stack, older version: refused",
            instances: [],
            outputs: EVENTS_DEPLOYED(),
            refused: [/^"events": the instance is no longer in the stack, .*then remove it\./],
            warned: [],
        },
        {
            name: "removed, kept on delete: a warning that it stays in AWS",
            instances: [],
            outputs: EVENTS_DEPLOYED(true),
            refused: [],
            warned: [/stays in AWS .*aws logs delete-log-group --log-group-name \/aws\/events\/eg-ue2-prod-events/],
        },
        {
            name: "disabled, deployed with retain_log_group_on_delete false: deleted as said",
            instances: [events({ enabled: false, physicalNames: {} })],
            outputs: EVENTS_DEPLOYED(false),
            refused: [],
            warned: [/as the deployed retain_log_group_on_delete false says$/],
        },
        {
            name: "removed, opted in",
            instances: [],
            outputs: EVENTS_DEPLOYED(),
            optIns: new Map([["allowLogGroupDeletion", new Set(["events"])]]),
            refused: [],
            warned: [/as the config allowLogGroupDeletion allows for this instance$/],
        },
        {
            name: "renamed with an alias: not dropped",
            instances: [events({ instance: "rules", aliases: ["events"] })],
            outputs: EVENTS_DEPLOYED(),
            refused: [],
            warned: [],
        },
        {
            name: "an api-key instance removed: no data declared",
            instances: [],
            outputs: KEY_DEPLOYED,
            refused: [],
            warned: [],
        },
    ];
    for (const c of cases) {
        it(c.name, () => {
            const { refusals, warnings } = droppedDataVerdicts(c.instances, c.outputs, DEFINITIONS, c.optIns ?? NONE);
            assert.equal(refusals.length, c.refused.length, refusals.join("\n"));
            assert.equal(warnings.length, c.warned.length, warnings.join("\n"));
            c.refused.forEach((pattern, i) => assert.match(refusals[i], pattern));
            c.warned.forEach((pattern, i) => assert.match(warnings[i], pattern));
        });
    }
    it("deploymentVerdicts gathers every guard's findings", () => {
        const { refusals } = deploymentVerdicts(
            [key({ args: { adoptExisting: true } })],
            { ...KEY_DEPLOYED, ...EVENTS_DEPLOYED() },
            DEFINITIONS,
            NONE,
        );
        assert.equal(refusals.length, 2);
        assert.match(refusals[0], /adopt_existing/);
        assert.match(refusals[1], /no longer in the stack/);
    });
});

describe("the clock: a deployed window far ahead is healed", () => {
    const W = "2025-12-23T00:00:00Z"; // the clock's window at 2026-01-01 (21600-minute windows)
    const NEXT = "2026-01-07T00:00:00Z";
    const FAR = "2026-11-03T00:00:00Z"; // set by a runner ten months ahead
    const time = Date.parse("2026-01-01T00:00:00Z");
    const check = { time, minutesToLive: 43200, cadenceMinutes: 1440 };
    it("a slightly slow runner keeps the next window (the key outlives it)", () => {
        const kept = stableWindow(W, NEXT, 21600, { ...check, time: Date.parse("2026-01-06T23:55:00Z") });
        assert.equal(kept.windowStart, NEXT);
        assert.equal(kept.healed, undefined);
        assert.match(kept.note ?? "", /kept in the later window/);
    });
    it("a window the key cannot outlive is replaced by the clock's, with what to check", () => {
        const healed = stableWindow(W, FAR, 21600, check);
        assert.equal(healed.windowStart, W);
        assert.equal(healed.healed, true);
        assert.match(
            healed.note ?? "",
            /^the last deployment's rotation window starts at 2026-11-03T00:00:00Z, 440640 minutes after this runner's clock; .*expires by 2026-01-31T00:00:00Z .*This run rotates the key in this runner's window \(2025-12-23T00:00:00Z\), created first/,
        );
    });
    it("the bound: lead beyond minutesToLive - rotationMinutes - cadence heals; the stored expiry tightens it", () => {
        // Next window in 20160 minutes from now: 21600 + 1440 + 20160 = 43200: exactly at the bound, kept.
        const at = Date.parse(NEXT) - 20160 * 60_000;
        assert.equal(stableWindow(W, NEXT, 21600, { ...check, time: at }).healed, undefined);
        assert.equal(stableWindow(W, NEXT, 21600, { ...check, time: at - 60_000 }).healed, true);
        // A token made long ago, expiring before the next window ends plus a cadence.
        const soon = { ...check, time: Date.parse("2026-01-06T23:55:00Z"), expiresAt: "2026-01-20T00:00:00Z" };
        assert.equal(stableWindow(W, NEXT, 21600, soon).healed, true);
    });
    it("without the check (the TypeScript API's old call), the later window is kept as before", () => {
        assert.equal(stableWindow(W, FAR, 21600).windowStart, FAR);
    });
});

describe("one parameter, one owner: a legacy shared parameter", () => {
    it("the refusal names pulumi state delete with the parameter's URN", () => {
        // The URN of a child: parent's qualified type, `$`, own type, name (pulumi/pulumi
        // sdk/go/common/resource/urn/urn.go 80-93).
        const urn = childUrn(
            "urn:pulumi:ue2-prod::dashboards::cloudposse:managed-dashboards:DashboardsApiKey::grafana-key",
            "aws:ssm/parameter:Parameter",
            "grafana-key-parameter",
        );
        assert.equal(
            urn,
            "urn:pulumi:ue2-prod::dashboards::cloudposse:managed-dashboards:DashboardsApiKey$aws:ssm/parameter:Parameter::grafana-key-parameter",
        );
        assert.equal(childUrn("not a urn", "t", "n"), undefined);
        const message = ssmOwnerConflict(
            [{ resourceArn: "arn:aws:ssm:us-east-2:1:parameter/p", tags: { "pulumi:stack": "acme/other/prod" } }],
            "/p",
            "acme/dashboards/ue2-prod",
            "ssm_path_format_api_key",
            urn,
        );
        assert.match(
            message ?? "",
            /pulumi state delete 'urn:pulumi:ue2-prod::dashboards::[^']*::grafana-key-parameter' \(the parameter stays in AWS\)$/,
        );
    });
});
