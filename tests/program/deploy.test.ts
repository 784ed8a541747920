/**
 * program/deploy.ts: `stackVarNamer`, how a problem's field is named in a stack file (the snake_case
 * var and the path under it, the user's own keys never renamed).
 */
import { strict as assert } from "node:assert";
import { stackVarNamer } from "../../program/deploy";
import { COMPONENT_SCHEMAS } from "../../stack/schema";
import { formatPath, userKey, type ProblemPath } from "../../util/problem";

const EVENTBRIDGE_SCHEMA = COMPONENT_SCHEMAS["eventbridge"];
const API_KEY_SCHEMA = COMPONENT_SCHEMAS["managed-dashboards/api-key"];

describe("stackVarNamer", () => {
    const cases: [typeof EVENTBRIDGE_SCHEMA, ProblemPath, string][] = [
        [EVENTBRIDGE_SCHEMA, ["eventLogRetentionInDays"], "event_log_retention_in_days"],
        [EVENTBRIDGE_SCHEMA, ["eventRulePattern"], "event_rule_pattern"],
        [
            EVENTBRIDGE_SCHEMA,
            ["eventRulePattern", userKey("detail"), userKey("$or"), 0],
            'event_rule_pattern["detail"]["$or"][0]',
        ],
        [EVENTBRIDGE_SCHEMA, ["idLengthLimit"], "id_length_limit"],
        [EVENTBRIDGE_SCHEMA, ["additionalTagMap"], "additional_tag_map"],
        [EVENTBRIDGE_SCHEMA, ["context", "labelKeyCase"], "context.label_key_case"],
        [
            EVENTBRIDGE_SCHEMA,
            ["context", "additionalTagMap", userKey("OwnerTeam")],
            'context.additional_tag_map["OwnerTeam"]',
        ],
        // The user's own keys are never renamed.
        [EVENTBRIDGE_SCHEMA, ["tags", userKey("OwnerTeam")], 'tags["OwnerTeam"]'],
        [EVENTBRIDGE_SCHEMA, ["context", "tags", userKey("OwnerTeam")], 'context.tags["OwnerTeam"]'],
        [
            EVENTBRIDGE_SCHEMA,
            ["descriptorFormats", userKey("myDesc"), "labels", 1],
            'descriptor_formats["myDesc"].labels[1]',
        ],
        [
            EVENTBRIDGE_SCHEMA,
            ["context", "descriptorFormats", userKey("myDesc"), "format"],
            'context.descriptor_formats["myDesc"].format',
        ],
        [EVENTBRIDGE_SCHEMA, ["region"], "region"],
        [API_KEY_SCHEMA, ["dashboardsComponentName"], "dashboards_component_name"],
        [API_KEY_SCHEMA, ["ssmPathFormatApiKey"], "ssm_path_format_api_key"],
        [API_KEY_SCHEMA, ["minutesToLive"], "minutes_to_live"],
    ];
    for (const [schema, field, expected] of cases) {
        it(`names ${schema.path} ${formatPath(field)} as ${expected}`, () => {
            assert.equal(formatPath(field, stackVarNamer(schema)), expected);
        });
    }
});
