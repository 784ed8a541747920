/**
 * The file-system helpers of stack/files.ts read directly: how a failed read is worded for the
 * user, the kind of a non-regular file named in a refusal, and byte counts in words.
 */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { execFileSync } from "node:child_process";
import {
    formatBytes,
    globBase,
    globMatches,
    NODE_FILE_SYSTEM,
    readFailureText,
    readFileBounded,
    readProblemText,
} from "../../stack/files";
import { memoryFiles, ROOT } from "../helpers/stack";

const failure = (code: string, message = `${code}: failed`) => Object.assign(new Error(message), { code });

describe("stack/files: read failures in words", () => {
    it("words EPERM as a refusal and ENAMETOOLONG as a name too long", () => {
        assert.equal(readFailureText(failure("EPERM")), "cannot read the file: permission denied");
        assert.equal(
            readFailureText(failure("ENAMETOOLONG")),
            "cannot read the file: its name is too long for the file system",
        );
        assert.equal(readFailureText(undefined), undefined);
    });

    it("names the file when given, and words an error that is not an Error", () => {
        assert.equal(readProblemText(failure("ENOENT")), "file not found");
        assert.equal(readProblemText(failure("ENOTDIR"), "stacks/a.yaml"), "file stacks/a.yaml not found");
        assert.equal(
            readProblemText(failure("EACCES", "EACCES: permission denied"), "stacks/a.yaml"),
            "cannot read stacks/a.yaml: EACCES: permission denied",
        );
        assert.equal(readProblemText("a string thrown"), "cannot read the file: a string thrown");
    });

    it("writes whole mebibytes as MiB and anything else as grouped bytes", () => {
        assert.equal(formatBytes(1024 * 1024), "1 MiB");
        assert.equal(formatBytes(64 * 1024 * 1024), "64 MiB");
        assert.equal(formatBytes(1500), "1,500 bytes");
        assert.equal(formatBytes(0), "0 MiB");
    });
});

describe("stack/files: a non-regular file is refused, naming its kind", () => {
    const refusal = (file: string) => {
        try {
            readFileBounded(file);
        } catch (error) {
            return error as Error & { code?: string };
        }
        assert.fail(`${file} was read`);
    };

    it("refuses a character device before reading it", function () {
        if (!fs.existsSync("/dev/null")) this.skip();
        const error = refusal("/dev/null");
        assert.equal(error.code, "ENOTREG");
        assert.equal(error.message, "/dev/null is a character device, not a regular file");
    });

    it("refuses a named pipe without waiting for a writer", function () {
        if (process.platform === "win32") this.skip();
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "files-fifo-"));
        try {
            const fifo = path.join(dir, "pipe");
            execFileSync("mkfifo", [fifo]);
            const error = refusal(fifo);
            assert.equal(error.code, "ENOTREG");
            assert.equal(error.message, `${fifo} is a named pipe (FIFO), not a regular file`);
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});

describe("stack/files: glob bases and literal patterns", () => {
    it("takes the segments before the first with glob syntax as the base", () => {
        assert.equal(globBase("/repo/stacks/*.yaml"), "/repo/stacks");
        assert.equal(globBase("/repo/stacks/{a,b}/x.yaml"), "/repo/stacks");
        assert.equal(globBase("/*/x.yaml"), "/"); // nothing before the glob: the root
        assert.equal(globBase("/repo/stacks/a.yaml"), "/repo/stacks/a.yaml"); // no glob: the path itself
    });

    it("matches a pattern without glob syntax to itself when a file or directory is there", () => {
        const files = memoryFiles({ "stacks/a.yaml": "" });
        assert.deepEqual(globMatches(`${ROOT}/stacks/a.yaml`, files), [`${ROOT}/stacks/a.yaml`]);
        assert.deepEqual(globMatches(`${ROOT}/stacks`, files), [`${ROOT}/stacks`]);
        assert.deepEqual(globMatches(`${ROOT}/stacks/b.yaml`, files), []);
    });
});

describe("stack/files: listing a directory on the real file system", () => {
    it("lists nothing where the system cannot list, but passes a refusal on", () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "files-list-"));
        try {
            fs.writeFileSync(path.join(dir, "b.yaml"), "");
            fs.mkdirSync(path.join(dir, "a"));
            assert.deepEqual(NODE_FILE_SYSTEM.readDir(path.join(dir, "missing")), []);
            assert.deepEqual(NODE_FILE_SYSTEM.readDir(path.join(dir, "b.yaml")), []); // not a directory
            assert.deepEqual(NODE_FILE_SYSTEM.readDir(dir), [
                { name: "a", dir: true },
                { name: "b.yaml", dir: false },
            ]);
            const refusal = new Error("outside the repository");
            assert.throws(
                () =>
                    NODE_FILE_SYSTEM.readDirChecked?.(dir, () => {
                        throw refusal;
                    }),
                (error: unknown) => error === refusal,
            );
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
