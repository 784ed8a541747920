/**
 * Messages: a problem is blamed on the input that causes it, with the real rule. An SSM
 * path format whose verb adds quotes (`%q`, `%#v`) or padding (`%40s`) is the format's fault, not
 * the label's `regex_replace_chars`; a log group name 1,000 characters long is reported once, as
 * too long, not as characters (none) the regex "must not bring".
 */
import * as assert from "node:assert/strict";
import { resolveDashboardsApiKey } from "../../components/apiKey/resolve";
import { resolveEventBridge } from "../../components/eventbridge/resolve";

const DEPLOYMENT = { organization: "o", project: "p", stack: "s" };

function apiKeyError(ssmPathFormatApiKey: string): string {
    try {
        resolveDashboardsApiKey(
            "k",
            { region: "us-east-2", namespace: "eg", name: "k", workspaceId: "g-1234567890", ssmPathFormatApiKey },
            DEPLOYMENT,
        );
    } catch (error) {
        return (error as Error).message;
    }
    return assert.fail("resolved");
}

describe("problems blamed on their cause (issue 30)", () => {
    for (const [format, path, found] of [
        ["/x/%q/key", '"/x/\\"eg-k\\"/key"', '"\\""'],
        ["/x/%#v/key", '"/x/\\"eg-k\\"/key"', '"\\""'],
        ["/x/%40s/key", `"/x/${" ".repeat(36)}eg-k/key"`, '" "'],
    ] as const) {
        it(`ssm_path_format_api_key ${format}: the format's verb brought the character, not regex_replace_chars`, () => {
            assert.equal(
                apiKeyError(format),
                `managed-dashboards/api-key "k": ssmPathFormatApiKey must give an SSM parameter name SSM accepts, ` +
                    `got ${JSON.stringify(format)}: the name ${path} may only contain a-z, A-Z, 0-9, "_", ".", "-" and "/" (found ${found})`,
            );
        });
    }

    it("a character the id brings is still the label's (the delimiter)", () => {
        let message = "";
        try {
            resolveDashboardsApiKey(
                "k",
                { region: "us-east-2", namespace: "eg", name: "k", delimiter: "!", workspaceId: "g-1234567890" },
                DEPLOYMENT,
            );
        } catch (error) {
            message = (error as Error).message;
        }
        assert.match(message, /delimiter must not bring "!" into the SSM parameter name/);
    });

    it("a 1,003-character log group name of a tagged log group is reported as too long, not as characters", () => {
        let message = "";
        try {
            resolveEventBridge("r", {
                region: "us-east-2",
                namespace: "eg",
                name: "n".repeat(1000),
                tags: { a: "b" },
                eventRulePattern: { source: ["x"] },
            });
        } catch (error) {
            message = (error as Error).message;
        }
        // One message for the one cause (the id's length), blamed on the label that makes it, naming the
        // log group name among what the id is too long for.
        assert.equal(message.split("\n").length, 1);
        assert.match(message, /name makes the id 1003 characters long, too long for the log group name \(at most 512;/);
        assert.doesNotMatch(message, /must not bring {2}into/);
        assert.doesNotMatch(message, /regexReplaceChars/);
    });

    // Issue 40: the message names the real cause of a long id or of a long clean-up.
    it("blames a label order naming a label again and again, not the label it repeats", () => {
        let message = "";
        try {
            resolveEventBridge("r", {
                region: "us-east-2",
                namespace: "eg",
                name: "abc",
                labelOrder: Array.from({ length: 200 }, () => "name"),
                eventRulePattern: { source: ["x"] },
            });
        } catch (error) {
            message = (error as Error).message;
        }
        assert.equal(message.split("\n").length, 1);
        assert.match(
            message,
            /^eventbridge "r": labelOrder makes the id 799 characters long by naming labels more than once \(name 200 times\), too long for the log group name/,
        );
    });

    it("blames a value too long to clean with the log group's pattern, not regexReplaceChars (nobody set it)", () => {
        let message = "";
        try {
            resolveEventBridge("r", { region: "us-east-2", namespace: "eg", name: "n".repeat(8_000_000) });
        } catch (error) {
            message = (error as Error).message;
        }
        assert.match(
            message,
            /^eventbridge "r": name is too long \(8,000,000 characters\) for the pattern \/\[\^a-zA-Z0-9-_\\\/\]\/ to be removed from it in bounded time, got "n+\.\.\.: removing it would take more than 20,000,000 steps/,
        );
        assert.doesNotMatch(message, /regexReplaceChars must/);
    });
});
