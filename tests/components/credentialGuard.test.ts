/**
 * The stored key across runs (issue 32): the plan and pulumi up say when the key in SSM has expired or
 * will before the next run, or belongs to a workspace that is gone, reading the last deployment's
 * outputs (synth's --stack-outputs for its own stack); a runner whose clock is behind the last
 * deployment's never rotates the key back to an earlier window.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
    deployedCredential,
    stableWindow,
    storedKeyWarning,
    workspaceChangedWarning,
} from "../../components/kit/credentialGuard";
import { synthCommand } from "../helpers/commands";
import { lines, STACK_VARS } from "../helpers/stack";

const SELF = "organization/cloudposse-components/ue2-prod";
/** The default schedule (30-day keys, a weekly run) rotates every 21600 minutes; 2026-01-01 is in this window. */
const WINDOW = "2025-12-23T00:00:00Z";
const PREVIOUS_WINDOW = "2025-12-08T00:00:00Z";
const NEXT_WINDOW = "2026-01-07T00:00:00Z";
const TOKEN = "aws:grafana/workspaceServiceAccountToken:WorkspaceServiceAccountToken";

describe("the stored key across runs (issue 32)", () => {
    describe("the rules", () => {
        it("reads an instance's stored key from the outputs, under its name or an alias; ignores what is not a time", () => {
            const outputs = {
                old: {
                    expires_at: "2026-01-02T00:00:00Z",
                    workspace_id: "g-0123456789",
                    rotation_window_start: WINDOW,
                    credential_name: "eg-ue2-prod-grafana-20260101T000000Z-6e68",
                },
                bad: { expires_at: "soon", rotation_window_start: 3, credential_name: 7 },
            };
            assert.deepEqual(deployedCredential(outputs, ["new", "old"]), {
                expiresAt: "2026-01-02T00:00:00Z",
                workspaceId: "g-0123456789",
                windowStart: WINDOW,
                credentialName: "eg-ue2-prod-grafana-20260101T000000Z-6e68",
            });
            assert.deepEqual(deployedCredential(outputs, ["bad"]), {});
            assert.equal(deployedCredential(outputs, ["constructor"]), undefined);
        });

        it("keeps a later deployed window of the same width (a clock behind), never an earlier one", () => {
            assert.deepEqual(stableWindow(WINDOW, undefined, 21600), { windowStart: WINDOW });
            assert.deepEqual(stableWindow(WINDOW, PREVIOUS_WINDOW, 21600), { windowStart: WINDOW });
            const behind = stableWindow(WINDOW, NEXT_WINDOW, 21600);
            assert.equal(behind.windowStart, NEXT_WINDOW);
            assert.match(behind.note ?? "", /before the last deployment's \(2026-01-07T00:00:00Z\)/);
            // Another width (rotationMinutes changed): the clock's window.
            assert.deepEqual(stableWindow(WINDOW, "2026-01-07T00:07:00Z", 21600), { windowStart: WINDOW });
        });

        it("says when the stored key has expired, or expires before the next run while this run keeps it", () => {
            const time = Date.parse("2026-01-01T00:00:00Z");
            const warn = (expiresAt: string, rotates: boolean) =>
                storedKeyWarning({ expiresAt }, rotates, time, 10080, "/p", NEXT_WINDOW);
            assert.match(
                warn("2025-12-31T23:00:00Z", true) ?? "",
                /expired at .* \(60 minutes ago; runs were missed\).*this run replaces it/,
            );
            assert.match(
                warn("2025-12-31T23:00:00Z", false) ?? "",
                /this run does not replace it.*at or after 2026-01-07T00:00:00Z/,
            );
            assert.match(
                warn("2026-01-02T00:00:00Z", false) ?? "",
                /expires at 2026-01-02T00:00:00Z, in 1440 minutes, before the next scheduled run/,
            );
            assert.equal(warn("2026-01-02T00:00:00Z", true), undefined);
            assert.equal(warn("2026-02-01T00:00:00Z", false), undefined);
            assert.equal(storedKeyWarning({}, false, time, 10080, "/p", NEXT_WINDOW), undefined);
        });

        it("says when the stored key belongs to another workspace", () => {
            assert.match(
                workspaceChangedWarning({ workspaceId: "g-aaaaaaaaaa" }, "g-0123456789", "/p") ?? "",
                /belongs to the workspace g-aaaaaaaaaa, which is no longer this instance's workspace \(now g-0123456789/,
            );
            assert.equal(workspaceChangedWarning({ workspaceId: "g-0123456789" }, "g-0123456789", "/p"), undefined);
            assert.equal(workspaceChangedWarning({}, "g-0123456789", "/p"), undefined);
        });
    });

    describe("synth --stack-outputs says it, as pulumi up does (today: nothing)", function () {
        this.timeout(60_000);
        let dir: string;
        let stackFile: string;
        before(() => {
            dir = fs.mkdtempSync(path.join(os.tmpdir(), "stored-key-"));
            stackFile = path.join(dir, "prod.yaml");
            fs.writeFileSync(
                stackFile,
                lines(
                    STACK_VARS,
                    "components:",
                    "  terraform:",
                    "    grafana/key:",
                    "      metadata: {component: managed-dashboards/api-key}",
                    "      vars: {name: grafana, workspace_id: g-0123456789}",
                ),
            );
        });
        after(() => fs.rmSync(dir, { recursive: true, force: true }));
        const plan = async (stored: Record<string, unknown>, extra: string[] = []) => {
            const outputs = path.join(dir, `outputs-${Math.random()}.json`);
            fs.writeFileSync(
                outputs,
                JSON.stringify({
                    [SELF]: {
                        "grafana/key": {
                            ssm_path_dashboards_api_key: "/dashboards/eg-ue2-prod-grafana/api_key",
                            ...stored,
                        },
                    },
                }),
            );
            const run = await synthCommand([
                stackFile,
                "--stack",
                "ue2-prod",
                "--stack-outputs",
                outputs,
                "--json",
                ...extra,
            ]);
            assert.equal(run.status, 0, run.stderr);
            return run;
        };

        it("an expired stored key (missed runs), which this run replaces", async () => {
            const run = await plan({
                expires_at: "2025-12-30T00:00:00Z",
                rotation_window_start: PREVIOUS_WINDOW,
                workspace_id: "g-0123456789",
            });
            assert.match(
                run.stderr,
                /"grafana\/key": the key stored at "\/dashboards\/eg-ue2-prod-grafana\/api_key" expired at 2025-12-30T00:00:00Z \(2880 minutes ago; runs were missed\).*this run replaces it/,
            );
        });

        it("a stored key that expires before the next run, which this run keeps; checked at --now", async () => {
            const stored = {
                expires_at: "2026-01-02T00:00:00Z",
                rotation_window_start: WINDOW,
                workspace_id: "g-0123456789",
            };
            assert.match(
                (await plan(stored)).stderr,
                /expires at 2026-01-02T00:00:00Z, in 1440 minutes, before the next scheduled run/,
            );
            const later = await plan(stored, ["--now", "2026-01-01T12:00:00Z"]);
            assert.match(later.stderr, /in 720 minutes/);
        });

        it("a stored key of a workspace that is gone", async () => {
            const run = await plan({
                expires_at: "2026-01-20T00:00:00Z",
                rotation_window_start: WINDOW,
                workspace_id: "g-aaaaaaaaaa",
            });
            assert.match(
                run.stderr,
                /belongs to the workspace g-aaaaaaaaaa, which is no longer this instance's workspace \(now g-0123456789/,
            );
        });

        it("a runner whose clock is behind the last deployment's window keeps that window (no rotation back)", async () => {
            const run = await plan({
                expires_at: "2026-02-06T00:00:00Z",
                rotation_window_start: NEXT_WINDOW,
                workspace_id: "g-0123456789",
            });
            assert.match(run.stderr, /this runner's clock .* before the last deployment's \(2026-01-07T00:00:00Z\)/);
            const token = (
                JSON.parse(run.stdout) as { resources: { type: string; inputs: { name: string } }[] }
            ).resources.find((r) => r.type === TOKEN);
            assert.match(token?.inputs.name ?? "", /-20260107T000000Z-/);
        });

        it("nothing when the stored key is fine", async () => {
            const run = await plan({
                expires_at: "2026-01-22T00:00:00Z",
                rotation_window_start: WINDOW,
                workspace_id: "g-0123456789",
            });
            assert.doesNotMatch(run.stderr, /stored at|runner's clock/);
        });
    });
});
