/**
 * One bad Output, one message, under the package's mocks (`pulumi-cloudposse-components/testing`),
 * in a deployment and in a preview: in a fresh process whose test runner's `unhandledRejection`
 * listener was there before the mocks (a listener added in-process here would come after the mocks
 * the other tests installed). The SDK rejects every output built from the failed check, one
 * unhandled rejection each (five for an api-key); the runner hears the failure once, as Pulumi's
 * runtime reports it once (pulumi/pulumi sdk/nodejs/cmd/run/run.ts 408-415, `uncaughtHandler`:
 * `if (isErrorReported(err)) return;`), and `settle()` rejects with it.
 */
import { strict as assert } from "node:assert";
import * as path from "node:path";
import { compiledRoot } from "../helpers/compiled";
import { awaitedLater, runNode, startBeforeTests } from "../helpers/processes";

/** What the process printed. */
interface Heard {
    readonly settled: string;
    /** The messages the runner's listener heard, in order. */
    readonly heard: string[];
    /** The types of the api-key's children that reached the mocks: only the stack reference, which needs no checked argument. */
    readonly children: string[];
}

/** The user's run, in `preview` or not. */
function run(preview: boolean): Promise<Heard> {
    const root = compiledRoot();
    const script = `
        const heard = [];
        process.on("unhandledRejection", (reason) => heard.push(String(reason && reason.message)));
        (async () => {
            const pulumi = require("@pulumi/pulumi");
            const { installMocks } = require(${JSON.stringify(path.join(root, "testing"))});
            const mocks = await installMocks({ preview: ${String(preview)} });
            const { DashboardsApiKey } = require(${JSON.stringify(root)});
            new DashboardsApiKey("key", { region: "us-east-2", name: "k", keyRole: pulumi.output("admin") });
            let settled = "resolved";
            await mocks.settle().catch((error) => { settled = error.message; });
            await new Promise((resolve) => setTimeout(resolve, 200));
            const children = mocks.resources.filter((r) => r.parent !== null).map((r) => r.type);
            process.stdout.write(JSON.stringify({ settled, heard, children }));
        })().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exitCode = 1; });`;
    return runNode(["-e", script], { cwd: root }).then((ran) => {
        if (ran.status !== 0) throw new Error(`the user's process exited with ${String(ran.status)}: ${ran.stderr}`);
        return JSON.parse(ran.stdout) as Heard;
    });
}

const started = startBeforeTests(() => ({
    up: awaitedLater(run(false)),
    preview: awaitedLater(run(true)),
}));

const MESSAGE =
    'managed-dashboards/api-key "key": keyRole must be one of "VIEWER", "EDITOR", "ADMIN" (upper case), got "admin"';

describe("one bad Output under the package's mocks", function () {
    this.timeout(120_000);

    for (const mode of ["up", "preview"] as const) {
        it(`is one message to the test runner, and settle()'s, ${mode === "up" ? "in a deployment" : "in a preview"}`, async () => {
            const heard = await (await started())[mode];
            assert.deepEqual(heard, {
                settled: MESSAGE,
                heard: [MESSAGE],
                children: ["pulumi:pulumi:StackReference"],
            });
        });
    }
});
