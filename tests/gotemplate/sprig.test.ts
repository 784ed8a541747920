/**
 * Sprig v3 functions on their edges, as Sprig's sources define them (strings.go, numeric.go,
 * list.go, dict.go, regex.go, defaults.go) over spf13/cast's conversions and Go's regexp and
 * strings packages; `required` is Helm's. The cases are this project's.
 */
import { strict as assert } from "node:assert";
import { renderTemplate, TemplateError } from "../../gotemplate";

const data = (): unknown => ({ l: [1, 2, 3], m: { a: 1 }, n: null });
const render = (text: string): string => renderTemplate("t", text, data());

describe("gotemplate sprig: results", () => {
    const cases: [text: string, expected: string][] = [
        // cast.ToInt64 and ToFloat64: strconv with base prefixes, a zero decimal trimmed, errors as 0
        [
            '{{ int64 "0b101" }} {{ int64 "0o17" }} {{ int64 "1_000" }} {{ int64 "12.0" }} {{ int64 "12.5" }} {{ int64 false }} {{ int "-0x10" }}',
            "5 15 1000 12 0 0 -16",
        ],
        [
            '{{ float64 "Inf" }} {{ float64 "-inf" }} {{ float64 " 1" }} {{ float64 true }} {{ float64 "1e3" }} {{ float64 .n }}',
            "+Inf -Inf 0 1 1000 0",
        ],
        ['{{ toDecimal 777 }} {{ toDecimal "8" }} {{ round 1.24 1 0.3 }} {{ round -1.5 0 }}', "511 0 1.3 -2"],
        // regexp: Expand's $$, missing groups and names; Split's edge cases; empty matches by rune
        ['{{ regexReplaceAll "(a)" "xa" "$$-$2-${x}-$1" }}', "x$---a"],
        [
            '{{ len (regexSplit "x" "" -1) }} {{ regexSplit "" "abc" -1 }} {{ len (regexSplit "," "a,b" 0) }} {{ regexSplit "," "a,b,c" 2 }} {{ len (regexSplit "," "a,b," -1) }}',
            "1 [a b c] 0 [a b,c] 3",
        ],
        ['{{ regexFindAll "a" "aaa" 2 }} {{ len (regexFindAll "" "a😀" -1) }} {{ regexFind "z" "abc" }}|', "[a a] 3 |"],
        // lists
        [
            "{{ slice .l }} {{ slice .l 1 }} {{ slice .l 1 2 }} {{ has 1 .n }} {{ chunk 2 (list) }}",
            "[1 2 3] [2 3] [2] false []",
        ],
        // strings
        [
            '{{ substr -1 2 "hello" }} {{ trunc -9 "abc" }} {{ trunc 5 "abc" }} {{ abbrev 3 "hello" }} {{ abbrev 5 "hi" }}',
            "he abc abc hello hi",
        ],
        [
            '{{ trimSuffix "" "ab" }} {{ plural "one" "many" 1 }} {{ replace "" "-" "" }} {{ base "" }} {{ base "//" }}',
            "ab one - . /",
        ],
        ['{{ splitn "" 2 "abc" }} {{ splitn "," 0 "a,b" }} {{ b32enc "a" }}', "map[_0:a _1:bc] map[] ME======"],
        ["{{ seq 1 2 3 4 }}|{{ seq 5 -1 1 }}|{{ seq 1 0 3 }}", "|5 4 3 2 1|"],
        // dictionaries
        ['{{ dict "a" 1 "b" }} {{ dig "a" "b" "d" (dict "a" 1) }} {{ values .n }}', "map[a:1 b:] d []"],
        [
            '{{ deepEqual (dict "a" 1) (dict "a" 1) }} {{ deepEqual (dict "a" 1) (dict "b" 1) }} {{ deepEqual (list 1) (dict) }} {{ deepEqual 1 2 }}',
            "true false false false",
        ],
        [
            '{{ merge (dict "a" (dict "x" 1)) (dict "a" 2) }} {{ empty (dict) }} {{ empty .m }}',
            "map[a:map[x:1]] true false",
        ],
        // strings.Title: separators are ASCII non-alphanumerics and Unicode spaces; digraphs in title case
        ['{{ title "a–b c\u00a0d é_f" }}', "A–b C\u00a0D É_f"],
        ['{{ title "ǆemal ßa" }} {{ lower "İI" }} {{ upper "ǆ" }}', "ǅemal ßa ii Ǆ"],
        ['{{ deepCopy (list 1 (list 2)) }} {{ regexReplaceAll "(?P<n>a)|b" "ab" "[${n}]" }}', "[1 [2]] [a][]"],
        ['{{ untilStep 0 10 0 }} {{ untilStep 5 0 -2 }} {{ trimPrefix "x" "abc" }}', "[] [5 3 1] abc"],
        // reflection, urls, defaults
        [
            '{{ kindOf .n }} {{ kindOf true }} {{ kindOf "a" }} {{ kindOf 1 }} {{ kindOf .l }} {{ kindOf .m }}',
            "invalid bool string int slice map",
        ],
        [
            '{{ urlParse "https://u@h/" }}',
            "map[fragment: host:h hostname:h opaque: path:/ query: scheme:https userinfo:u]",
        ],
        ['{{ required "need" 0 }} {{ toJson (float64 "NaN") }}|', "0 |"],
    ];
    for (const [text, expected] of cases) {
        it(`renders ${JSON.stringify(text)}`, () => {
            assert.equal(render(text), expected);
        });
    }
});

describe("gotemplate sprig: errors", () => {
    const at = (node: string, fn: string, msg: string): string =>
        `template: t:1:3: executing "t" at <${node}>: error calling ${fn}: ${msg}`;
    const cases: [text: string, expected: string][] = [
        ["{{ first 1 }}", at("first 1", "first", "Cannot find first on type int")],
        ["{{ mustLast .m }}", at("mustLast .m", "mustLast", "Cannot find last on type map")],
        ['{{ rest "abc" }}', at('rest "abc"', "rest", "Cannot find rest on type string")],
        ["{{ mod 7 0 }}", at("mod 7 0", "mod", "runtime error: integer divide by zero")],
        ['{{ repeat -1 "x" }}', at('repeat -1 "x"', "repeat", "strings: negative Repeat count")],
        ['{{ dig "a" (dict) }}', at('dig "a" (dict)', "dig", "dig needs at least three arguments")],
        ['{{ required "need" "" }}', at('required "need" ""', "required", "need")],
        ['{{ required "need" .n }}', at('required "need" .n', "required", "need")],
        [
            '{{ mustToJson (float64 "Inf") }}',
            at('mustToJson (float64 "Inf")', "mustToJson", "json: unsupported value: +Inf"),
        ],
    ];
    for (const [text, expected] of cases) {
        it(`fails on ${JSON.stringify(text)}`, () => {
            assert.throws(
                () => render(text),
                (e: unknown) => e instanceof TemplateError && e.message === expected,
            );
        });
    }
});
