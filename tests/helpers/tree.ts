/** A copy of this repository's working tree (the files git tracks and the new ones it does not ignore), for slow tests. */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runProcess } from "./processes";

const ROOT = path.join(__dirname, "..", "..");

/** A fresh copy of the tree in a temporary folder named `<prefix>...`, without node_modules or dist. */
export async function copyOfTree(prefix: string): Promise<string> {
    const files = await runProcess("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
        cwd: ROOT,
    });
    assert.equal(files.status, 0, files.stderr);
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    for (const file of files.stdout.split("\0").filter((f) => f !== "")) {
        if (!fs.existsSync(path.join(ROOT, file))) continue; // deleted in the working tree
        fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
        fs.copyFileSync(path.join(ROOT, file), path.join(copy, file));
    }
    return copy;
}
