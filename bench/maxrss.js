"use strict";
/**
 * Preloaded by `npm run bench` (node --require bench/maxrss.js) into the process it measures:
 * writes the process's peak resident memory in KiB to the file named by BENCH_MAXRSS_FILE on exit.
 */
const fs = require("node:fs");

const file = process.env.BENCH_MAXRSS_FILE;
if (file) {
    process.on("exit", () => fs.writeFileSync(file, String(process.resourceUsage().maxRSS)));
}
