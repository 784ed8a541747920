/**
 * The commands' streams (bin/io.ts): stderr escaped for the terminal, the usage's command name as
 * the user typed it, and a stdout that cannot be written ending the process with one line.
 */
import * as assert from "node:assert/strict";
import {
    commandName,
    endQuietlyOnOutputErrors,
    escapedStderr,
    EXIT_OUTPUT_FAILED,
    processIo,
    type CommandIo,
} from "../../bin/io";

function restore(object: object, key: string, descriptor: PropertyDescriptor | undefined): void {
    if (descriptor === undefined) Reflect.deleteProperty(object, key);
    else Object.defineProperty(object, key, descriptor);
}

const EXITED = new Error("process.exit");
const NAMES = { npmScript: "synth", bin: "cloudposse-synth" };

describe("bin/io.ts", () => {
    it("names the command as it was run: npm's script, the package's bin, or npm run by default", () => {
        const cases: [string | undefined, NodeJS.ProcessEnv, string][] = [
            ["/repo/bin/synth.ts", { npm_lifecycle_event: "synth" }, "npm run synth --"],
            ["/usr/local/bin/cloudposse-synth", {}, "cloudposse-synth"],
            ["/app/node_modules/pkg/dist/bin/synth.js", {}, "cloudposse-synth"],
            ["C:\\app\\node_modules\\pkg\\dist\\bin\\synth.js", {}, "cloudposse-synth"],
            ["/repo/bin/synth.ts", {}, "npm run synth --"],
            [undefined, {}, "npm run synth --"],
            // Another npm script running the bin is not `npm run synth`.
            ["/usr/local/bin/cloudposse-synth", { npm_lifecycle_event: "test" }, "cloudposse-synth"],
        ];
        for (const [script, env, expected] of cases) assert.equal(commandName(script, env, NAMES), expected, script);
    });

    it("uses the process's own streams and environment", () => {
        assert.deepEqual(processIo(), { stdout: process.stdout, stderr: process.stderr, env: process.env });
    });

    it("escapes what goes to stderr, and leaves stdout and the environment as given", () => {
        const written: string[] = [];
        const io: CommandIo = {
            stdout: { write: () => true },
            stderr: { write: (t) => written.push(t) },
            env: { A: "1" },
        };
        const escaped = escapedStderr(io);
        assert.equal(escaped.stdout, io.stdout);
        assert.equal(escaped.env, io.env);
        escaped.stderr.write("name \u001b[2Jx\n");
        assert.equal(written.length, 1);
        assert.ok(!written[0].includes("\u001b"), JSON.stringify(written[0]));
        assert.match(written[0], /^name .*x\n$/);
    });

    describe("a stdout that cannot be written", () => {
        // Own properties (or none) to put back as they were.
        const exit = Object.getOwnPropertyDescriptor(process, "exit");
        const write = Object.getOwnPropertyDescriptor(process.stderr, "write");
        const exitCode = process.exitCode;
        let before: unknown[];
        let exits: (number | undefined)[];
        let lines: string[];

        beforeEach(() => {
            before = process.stdout.listeners("error");
            exits = [];
            lines = [];
            // Like the real one, the stand-in does not return.
            process.exit = ((code?: number) => {
                exits.push(code);
                throw EXITED;
            }) as typeof process.exit;
            process.stderr.write = ((text: string) => lines.push(text) > 0) as typeof process.stderr.write;
            endQuietlyOnOutputErrors("synth");
        });
        afterEach(() => {
            restore(process, "exit", exit);
            restore(process.stderr, "write", write);
            process.exitCode = exitCode;
            for (const listener of process.stdout.listeners("error"))
                if (!before.includes(listener)) process.stdout.off("error", listener as () => void);
        });

        const fail = (code: string | undefined, message: string) =>
            assert.throws(
                () =>
                    process.stdout.emit("error", Object.assign(new Error(message), code === undefined ? {} : { code })),
                (thrown) => thrown === EXITED,
            );

        it("ends quietly with the exit code so far when the reader has gone (EPIPE)", () => {
            process.exitCode = 2;
            fail("EPIPE", "write EPIPE");
            assert.deepEqual(lines, []);
            process.exitCode = undefined;
            fail("EPIPE", "write EPIPE");
            assert.deepEqual(lines, []);
            assert.deepEqual(exits, [2, 0]);
        });

        it("says why in one line and exits with EXIT_OUTPUT_FAILED on a full disk or another error", () => {
            fail("ENOSPC", "write ENOSPC");
            fail("EIO", "i/o error");
            fail(undefined, "broken");
            assert.deepEqual(lines, [
                "synth: cannot write the output: no space left on the device (ENOSPC)\n",
                "synth: cannot write the output: i/o error (EIO)\n",
                "synth: cannot write the output: broken (error)\n",
            ]);
            assert.deepEqual(exits, [EXIT_OUTPUT_FAILED, EXIT_OUTPUT_FAILED, EXIT_OUTPUT_FAILED]);
        });
    });
});
