/**
 * Gaps a review found in the Atmos template data (cloudposse/atmos 0a1cb44): sections Atmos adds to
 * the component pass only when set print `<no value>` when unset and are refused by name when set.
 */
import { strict as assert } from "node:assert";
import { loadStackFile } from "../../stack";
import { lines, memoryFiles, ROOT, stackError } from "../helpers/stack";

const ATMOS = lines(
    "stacks:",
    "  base_path: stacks",
    "  name_pattern: '{stage}'",
    "templates:",
    "  settings:",
    "    enabled: true",
);

function load(stack: string, more: Record<string, string> = {}, atmos = ATMOS) {
    return loadStackFile("stacks/dev.yaml", {
        cwd: ROOT,
        env: {},
        files: memoryFiles({ "atmos.yaml": atmos, "stacks/dev.yaml": stack, ...more }),
    });
}

/** A dev stack: `top` lines at the top level, then an `eventbridge` instance with `own` lines. */
function stackOf(top: readonly string[], own: readonly string[]): string {
    return lines(
        "vars: {region: us-east-2, stage: dev}",
        ...top,
        "components:",
        "  terraform:",
        "    base: {metadata: {type: abstract}, retry: {max_attempts: 2}}",
        "    eventbridge:",
        ...own.map((l) => `      ${l}`),
    );
}

const failure = stackError;

describe("Atmos pass gaps: sections Atmos adds only when not empty (stack_processor_merge.go 549-551, 559-566, 640-642)", () => {
    for (const section of ["dependencies", "retry", "secrets", "test"]) {
        it(`.${section} unset prints <no value>, as Go prints a key Atmos left out`, () => {
            const stack = load(stackOf([], [`vars: {name: 'x-{{ .${section} }}'}`]));
            assert.equal(stack.instances[0].vars.name, "x-<no value>");
        });
    }
    // Where each is set: the instance, a base (merged first), the stack (GlobalDependencies and
    // GlobalSecrets, stack_processor_process_stacks.go 972-973; stack_processor_merge.go 318-330, 475-487).
    const set: readonly { section: string; top?: string; own?: string; cites: RegExp }[] = [
        { section: "dependencies", top: "dependencies: {components: [{component: vpc}]}", cites: /549-551/ },
        {
            section: "dependencies",
            top: "terraform: {dependencies: {components: [{component: vpc}]}}",
            cites: /549-551/,
        },
        { section: "retry", own: "metadata: {inherits: [base]}", cites: /559-561/ },
        { section: "retry", own: "overrides: {retry: {max_attempts: 1}}", cites: /559-561/ },
        { section: "secrets", top: "secrets: {DB: {}}", cites: /564-566/ },
        { section: "test", own: "test: {mocks: true}", cites: /640-642/ },
    ];
    for (const row of set) {
        it(`.${row.section} set by ${row.top ?? row.own}: refused naming it`, () => {
            const own = [`vars: {name: 'x-{{ .${row.section} }}'}`, ...(row.own ? [row.own] : [])];
            const error = failure(() => load(stackOf(row.top ? [row.top] : [], own)));
            assert.equal(error.problems.length, 1, error.message);
            assert.match(error.problems[0].message, new RegExp(`\\.${row.section} is not given by this port`));
            assert.match(error.problems[0].message, row.cites);
        });
    }
});

describe("Atmos pass gaps: a non-string edition (pkg/config/edition.go 22-44, 52-57; viper GetString is cast.ToString)", () => {
    // A disabled base: with metadata inherited (no pin, Atmos's default today) the instance is left out.
    const stack = lines(
        "vars: {region: us-east-2, stage: dev}",
        "components:",
        "  terraform:",
        "    base: {metadata: {type: abstract, enabled: false}}",
        "    eventbridge: {metadata: {inherits: [base]}, vars: {name: x}}",
    );
    const atmos = (edition: string) =>
        lines("stacks:", "  base_path: stacks", "  name_pattern: '{stage}'", `edition: ${edition}`);
    // cast.ToString of a map or a list is "": resolveEditionPin returns "" and no pin applies (22-27)
    for (const edition of ["{year: 2024}", "[2024]", "~"]) {
        it(`edition: ${edition} is ignored, as Atmos ignores it`, () => {
            assert.equal(load(stack, {}, atmos(edition)).instances.length, 0);
        });
    }
    // cast.ToString(true) is "true", which edition.ParseAnchor refuses (edition.go 29-32)
    it("edition: true is refused as the text Atmos parses", () => {
        assert.throws(
            () => load(stack, {}, atmos("true")),
            (e: Error) => /^atmos\.yaml:4:10: edition must be a date .*got "true"/.test(e.message),
        );
    });
});

describe("Atmos pass gaps: Gomplate's split, splitN, trim with Sprig off (gomplate v3.11.8 funcs/strings.go 58-63)", () => {
    // "legacy aliases with non-pipelinable arg order": Go's strings.Split(s, sep), SplitN(s, sep, n),
    // Trim(s, cutset) (Go's strings.go genSplit, Trim), the string first.
    const gomplateOnly = lines(ATMOS, "    gomplate: {enabled: true}");
    const rows: readonly { template: string; want: string }[] = [
        { template: '{{ split "a,b,c" "," }}', want: "[a b c]" },
        { template: '{{ index (split "a,b,c" ",") 2 }}', want: "c" },
        { template: '{{ split "," "a,b" }}', want: "[,]" }, // the string first: "," split at "a,b"
        { template: '{{ "a-b" | split "-" }}', want: "[-]" }, // piped in last, so it is the separator
        { template: '{{ split "hé" "" }}', want: "[h é]" }, // an empty separator: each UTF-8 character
        { template: '{{ split "" "," }}', want: "[]" }, // Go prints [""] as []
        { template: '{{ splitN "a,b,c" "," 2 }}', want: "[a b,c]" },
        { template: '{{ splitN "a,b,c" "," -1 }}', want: "[a b c]" },
        { template: '{{ len (splitN "a,b,c" "," 0) }}', want: "0" }, // n == 0: nil
        { template: '{{ trim "xxhixyx" "xy" }}', want: "hi" },
        { template: '{{ trim "  hi " " " }}', want: "hi" },
        { template: '{{ trim "x" "abc" }}', want: "x" },
    ];
    for (const row of rows) {
        it(`${row.template} is ${row.want}`, () => {
            const stack = stackOf([], [`vars: {name: 'x-${row.template.replace(/'/g, "''")}'}`]);
            assert.equal(load(stack, {}, gomplateOnly).instances[0].vars.name, `x-${row.want}`);
        });
    }
    it("a non-string argument is refused, as Go's call is", () => {
        const stack = stackOf([], ["vars: {name: 'x-{{ trim 1 \"x\" }}'}"]);
        assert.match(failure(() => load(stack, {}, gomplateOnly)).message, /expected string; found 1/);
    });
});

describe("Atmos pass gaps: .version without a Version Tracker lock file (pkg/version/manager/lock.go 46-80, 145-170; manager.go 97-111)", () => {
    const atmosWith = (...more: string[]) => lines(ATMOS, ...more);
    // LoadLock: a missing lock file is an empty lock, so VersionMap is an empty map
    const rows: readonly { what: string; atmos?: string[]; files?: Record<string, string>; want?: string }[] = [
        { what: "no lock file", want: "x-map[]-0" },
        {
            what: "versions.lock.yaml, but lock_file names another file, which is missing",
            atmos: ["version: {lock_file: locks/v.yaml}"],
            files: { "versions.lock.yaml": "tracks: {}" },
            want: "x-map[]-0",
        },
        { what: "versions.lock.yaml under the base path", files: { "versions.lock.yaml": "tracks: {}" } },
        {
            what: "the lock_file written",
            atmos: ["version: {lock_file: locks/v.yaml}"],
            files: { "locks/v.yaml": "tracks: {}" },
        },
        // a configured track or dependency: EffectiveEntries may fail (manager.go 103-115), not known here
        { what: "version.tracks configured", atmos: ["version: {tracks: {stable: {}}}"] },
        { what: "version.dependencies configured", atmos: ["version: {dependencies: {tf: {}}}"] },
    ];
    for (const row of rows) {
        it(`${row.what}: .version is ${row.want ?? "refused by name"}`, () => {
            const stack = stackOf([], ["vars: {name: 'x-{{ .version }}-{{ len .version }}'}"]);
            const run = () => load(stack, row.files ?? {}, atmosWith(...(row.atmos ?? [])));
            if (row.want !== undefined) assert.equal(run().instances[0].vars.name, row.want);
            else assert.match(failure(run).message, /\.version is not given by this port: .*Version Tracker/);
        });
    }

    it("an import with a context reads .version as an empty map too (stack_processor_utils.go 455-466)", () => {
        const stack = lines("import: [{path: catalog/eb, context: {n: x}}]", "vars: {region: us-east-2, stage: dev}");
        const catalog = lines(
            "components:",
            "  terraform:",
            "    eventbridge:",
            "      vars: {name: '{{ .n }}-{{ len .version }}'}",
        );
        const loaded = load(stack, { "stacks/catalog/eb.yaml": catalog });
        assert.equal(loaded.instances[0].vars.name, "x-0");
    });
});

describe("Atmos pass gaps: the stack's auth reaches every instance (stack_processor_merge.go 167-176, 610-651)", () => {
    // GlobalAuth is the stack's auth then terraform.auth (stack_processor_process_stacks.go 282-287,
    // 393-399, 971), merged under each instance's; processAuthConfig keeps it in the component's auth.
    const rows: readonly { what: string; top: string; line: number }[] = [
        { what: "auth at the top level", top: "auth: {identities: {admin: {default: true}}}", line: 2 },
        { what: "terraform.auth", top: "terraform: {auth: {identities: {admin: {default: true}}}}", line: 2 },
    ];
    for (const row of rows) {
        it(`${row.what}: one warning, where it is written, naming the instance`, () => {
            const stack = load(stackOf([row.top], ["vars: {name: x}"]));
            const named = stack.warnings.filter((w) => /: auth: Atmos logs in/.test(w));
            assert.equal(named.length, 1, stack.warnings.join("\n"));
            assert.match(named[0], new RegExp(`^stacks/dev\\.yaml:${row.line}:\\d+: eventbridge "eventbridge"`));
        });
    }
    it("not a map: refused, as Atmos refuses it (ErrInvalidAuthSection)", () => {
        assert.ok(failure(() => load(stackOf(["auth: [x]"], ["vars: {name: x}"]))).problems.length > 0);
    });
});
