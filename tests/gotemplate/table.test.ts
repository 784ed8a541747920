/**
 * Go text/template + Sprig: table cases. Each expected output or error was checked against Go's
 * own text/template (Go 1.19) with Sprig v3.2.3; the cases themselves are written for this project.
 */
import { strict as assert } from "node:assert";
import { renderTemplate, TemplateError } from "../../gotemplate";

const data = (): unknown =>
    JSON.parse(
        `{"a":1,"m":{"b":"x","c":[1,2]},"l":[1,2,3,4],"empty":[],"n":null,"f":1.5,"t":true,"s":"str","nested":{"k":{"j":"deep"}},"l2":[[1,2],[3]]}`,
    );

describe("gotemplate: Go text/template and Sprig, output as Go prints it", () => {
    const cases: [string, string][] = [
        [
            '{{ .a }} {{ .m }} {{ .x.y }} {{ index .m "zz" }} {{ printf "%v" (index .m "zz") }}',
            "1 map[b:x c:[1 2]] <no value> <no value> <nil>",
        ],
        [
            '{{ printf "%d" "x" }} {{ printf "%s" 1 }} {{ printf "%d" }} {{ printf "a" 1 "b" }}',
            "%!d(string=x) %!s(int=1) %!d(MISSING) a%!(EXTRA int=1, string=b)",
        ],
        [
            '{{ printf "%v %T %T %T %T" .m .m .a .l nil }}',
            "map[b:x c:[1 2]] map[string]interface {} int []interface {} <nil>",
        ],
        [
            '{{ printf "%e %g %G %.3g %8.3e" 1234.5678 1234.5678 1e-7 1234.5678 0.000123 }}',
            "1.234568e+03 1234.5678 1E-07 1.23e+03 1.230e-04",
        ],
        [
            '{{ printf "%#v" .m }} {{ printf "%q" 65 }} {{ printf "%c" 65 }} {{ printf "%U" 0x1F600 }}',
            'map[string]interface {}{"b":"x", "c":[]interface {}{1, 2}} \'A\' A U+1F600',
        ],
        ['{{ print 1 2 "a" 3 "b" "c" nil }} {{ println 1 "a" }}', "1 2a3bc<nil> 1 a\n"],
        ["{{ if .a }}yes{{ else }}no{{ end }} {{ if .zz }}yes{{ else if .a }}elif{{ end }}", "yes elif"],
        ["{{ range $i, $v := .l }}{{ $i }}={{ $v }},{{ end }}", "0=1,1=2,2=3,3=4,"],
        ["{{ range $k, $v := .m }}{{ $k }}={{ $v }};{{ end }}", "b=x;c=[1 2];"],
        ["{{ range .empty }}x{{ else }}empty{{ end }}", "empty"],
        [
            "{{ range $v := .l }}{{ if eq $v 2 }}{{ continue }}{{ end }}{{ if eq $v 4 }}{{ break }}{{ end }}{{ $v }}{{ end }}",
            "13",
        ],
        ["{{ with .m }}{{ .b }}{{ end }} {{ with .nope }}x{{ else }}none{{ end }}", "x none"],
        ['{{- /* comment */ -}} trimmed {{- " x " -}} end', "trimmed x end"],
        ["{{ $x := 1 }}{{ if true }}{{ $x = 2 }}{{ end }}{{ $x }}", "2"],
        ['{{ define "T" }}[{{ . }}]{{ end }}{{ template "T" .a }}{{ block "B" "z" }}<{{ . }}>{{ end }}', "[1]<z>"],
        ['{{ len "héllo" }} {{ len .l }} {{ len .m }}', "6 4 2"],
        [
            '{{ html "<a href=\'x\'>&</a>" }} {{ js "it\'s \\"q\\" <b>" }} {{ urlquery "a b&c=d/é" }}',
            '&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt; it\\\'s \\"q\\" \\u003Cb\\u003E a+b%26c%3Dd%2F%C3%A9',
        ],
        [
            '{{ upper "abc" }} {{ lower "ABC" }} {{ title "hello wORLD foo-bar" }} {{ trim "  x  " }} {{ trimAll "$" "$$5.00$" }} {{ trimPrefix "-" "-x-" }} {{ trimSuffix "-" "-x-" }}',
            "ABC abc Hello WORLD Foo-Bar x 5.00 x- -x",
        ],
        [
            '{{ replace "a" "b" "banana" }} {{ contains "an" "banana" }} {{ hasPrefix "ba" "banana" }} {{ hasSuffix "na" "banana" }}',
            "bbnbnb true true true",
        ],
        [
            '{{ split "," "a,b,c" }} {{ splitList "," "a,b,c" }} {{ join "-" .l }} {{ join "," (list 1 nil "x") }}',
            "map[_0:a _1:b _2:c] [a b c] 1-2-3-4 1,x",
        ],
        [
            '{{ list 1 "a" nil }} {{ dict "a" 1 "b" "x" }} {{ get .m "b" }} {{ get .m "zz" }} {{ hasKey .m "b" }} {{ keys .m }}',
            "[1 a <nil>] map[a:1 b:x] x  true [b c]",
        ],
        ['{{ $d := dict "a" 1 }}{{ $_ := set $d "b" 2 }}{{ $d }}', "map[a:1 b:2]"],
        [
            '{{ merge (dict "a" 1 "n" (dict "x" 1)) (dict "a" 2 "b" 3 "n" (dict "y" 2)) }}',
            "map[a:1 b:3 n:map[x:1 y:2]]",
        ],
        ["{{ toPrettyJson .m }}", '{\n  "b": "x",\n  "c": [\n    1,\n    2\n  ]\n}'],
        [
            '{{ sha256sum "abc" }} {{ regexReplaceAll "a(x*)b" "-ab-axxb-" "${1}W" }} {{ regexMatch "^[a-z]+$" "abc" }} {{ regexReplaceAll "a*" "baaac" "X" }}',
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad -W-xxW- true XbXcX",
        ],
        [
            '{{ regexFindAll "[0-9]+" "a1b22c333" -1 }} {{ regexFind "[0-9]+" "a1b22" }} {{ regexSplit "," "a,b,c" 2 }} {{ regexReplaceAllLiteral "a" "aa" "$1" }}',
            "[1 22 333] 1 [a b,c] $1$1",
        ],
        [
            '{{ add 1 2 3 }} {{ sub 5 7 }} {{ mul 2 3 4 }} {{ div 7 2 }} {{ div -7 2 }} {{ mod 7 3 }} {{ atoi "42" }} {{ atoi "x" }} {{ int "0x10" }} {{ int "010" }} {{ int 3.9 }} {{ add 1 1.9 }} {{ int64 "12" }} {{ float64 "1.5" }}',
            "6 -2 24 3 -3 1 42 0 16 8 3 2 12 1.5",
        ],
        [
            '{{ until 3 }} {{ until -2 }} {{ first .l }} {{ last .l }} {{ uniq (list 1 2 1 "a" "a") }} {{ has 2 .l }} {{ compact (list 0 1 "" "a" nil) }} {{ rest .l }} {{ initial .l }} {{ first .empty }}',
            "[0 1 2] [0 -1] 1 4 [1 2 a] true [1 a] [2 3 4] [1 2 3] <no value>",
        ],
        [
            '{{ default "d" .nope }} {{ default "d" "" }} {{ default "d" "v" }} {{ .nope | default "p" }} {{ empty "" }} {{ empty 0 }} {{ empty .m }} {{ coalesce "" 0 "c" }} {{ ternary "y" "n" true }}',
            "d d v p true true false c y",
        ],
        [
            '{{ concat (list 1) (list 2 3) }} {{ reverse .l }} {{ without .l 2 }} {{ append .l 9 }} {{ prepend .l 0 }} {{ sortAlpha (list "b" "a" 3) }} {{ max 1 5 3 }} {{ min 4 2 }}',
            "[1 2 3] [4 3 2 1] [1 3 4] [1 2 3 4 9] [0 1 2 3 4] [3 a b] 5 2",
        ],
        [
            '{{ substr 1 3 "hello" }} {{ trunc 3 "hello" }} {{ trunc -2 "hello" }} {{ repeat 3 "ab" }} {{ cat "a" 1 nil "b" }} {{ plural "one" "many" 2 }} {{ snakecase "FooBar" }} {{ kebabcase "FooBar" }} {{ camelcase "foo_bar" }}',
            "el hel lo ababab a 1 b many foo_bar foo-bar FooBar",
        ],
        [
            '{{ dig "a" "b" "def" (dict "a" (dict "b" 1)) }} {{ dig "a" "c" "def" (dict "a" (dict "b" 1)) }} {{ pick .m "b" }} {{ omit .m "b" }} {{ values (dict "a" 1 "b" 2) }} {{ typeOf 1 }} {{ typeOf .l }} {{ kindOf .m }} {{ kindIs "map" .m }}',
            "1 def map[b:x] map[c:[1 2]] [1 2] int []interface {} map true",
        ],
        [
            '{{ seq 3 }} {{ seq 2 5 }} {{ seq 5 2 }} {{ untilStep 0 10 3 }} {{ splitn "," 2 "a,b,c" }} {{ ext "a/b.txt" }} {{ base "a/b.txt" }} {{ dir "a/b.txt" }} {{ clean "a//b/../c/" }}',
            "1 2 3 2 3 4 5 5 4 3 2 [0 3 6 9] map[_0:a _1:b,c] .txt b.txt a a/c",
        ],
        ["{{ .m.b }} {{ .l }} {{ .f }} {{ .t }} {{ .n }} {{ .s }}", "x [1 2 3 4] 1.5 true <no value> str"],
        [
            '{{ printf "%v|%s|%d" .l .l .l }} {{ printf "%6.2f|%-8s|%8s|%x" 3.14159 "ab" "cd" 255 }} {{ printf "%t %v" true .n }} {{ printf "%5t|%q" false .l }}',
            "[1 2 3 4]|[%!s(int=1) %!s(int=2) %!s(int=3) %!s(int=4)]|[1 2 3 4]   3.14|ab      |      cd|ff true <nil> false|['\\x01' '\\x02' '\\x03' '\\x04']",
        ],
        ['{{ "a" | printf "%s-%s" "b" }} {{ 3 | add 1 | mul 2 }} {{ (len .l) }} {{ $ := 1 }}', "b-a 8 4 "],
        ["{{ $.a }} {{ range .l }}{{ $.a }}{{ end }}", "1 1111"],
        ["{{ with $x := .m }}{{ $x.b }}{{ end }}", "x"],
        ["{{ if and .a (eq .a 1) }}ok{{ end }} {{ if or .zz (gt .a 0) }}ok2{{ end }}", "ok ok2"],
        ['{{ index .nested "k" "j" }} {{ .nested.k.j }} {{ index .l2 0 1 }}', "deep deep 2"],
        ['{{ "abc" | upper | printf "%q" }}', '"ABC"'],
        [
            "{{ 'a' }} {{ 0x1F }} {{ 1_000 }} {{ -3 }} {{ +4 }} {{ 0o17 }} {{ 017 }} {{ 1.5e3 }}",
            "97 31 1000 -3 4 15 15 1500",
        ],
        [
            '{{ printf "%08.3f|% d|%+.1e|%x|%X|%o|%#x|%#o|%b" 3.14159 5 12345.678 "Hi" 255 8 255 8 5 }}',
            "0003.142| 5|+1.2e+04|4869|FF|10|0xff|010|101",
        ],
        [
            '{{ printf "%[2]s %[1]s" "a" "b" }} {{ printf "%*d|%-*d|" 5 1 4 2 }} {{ printf "%.2s" "abcdef" }} {{ printf "%10.4v|" "abcdefgh" }}',
            "b a     1|2   | ab       abcd|",
        ],
        [
            '{{ printf "%d %d" 1 }} {{ printf "%z" 1 }} {{ printf "%" }} {{ printf "%!" }}',
            "1 %!d(MISSING) %!z(int=1) %!(NOVERB) %!!(MISSING)",
        ],
        [
            '{{ printf "%v" .empty }} {{ printf "%s" nil }} {{ printf "%d" nil }} {{ printf "%s" .nope }}',
            "[] %!s(<nil>) %!d(<nil>) %!s(<nil>)",
        ],
        [
            "{{ toJson 1.5 }} {{ toJson .f }} {{ toJson nil }} {{ toJson .l }} {{ toJson (list) }}",
            "1.5 1.5 null [1,2,3,4] []",
        ],
        [
            '{{ regexReplaceAll "(?P<first>\\\\w+) (?P<last>\\\\w+)" "John Smith" "${last}, $first" }} {{ regexReplaceAll "(a)(b)" "ab" "$1x$2" }}',
            "Smith, John b",
        ],
        ['{{ eq nil nil }} {{ eq .nope nil }} {{ eq "a" nil }} {{ ne .n 0 }}', "true true false true"],
        ["{{ .t | not }} {{ not .l }} {{ not .nope }}", "false false true"],
        ['{{ title "ébc dEF_ghi x.y" }} {{ upper "straße" }}', "Ébc DEF_ghi X.Y STRAßE"],
        ['{{ coalesce .nope .n "" }} {{ all 1 "a" }} {{ all 1 "" }} {{ any 0 "" "x" }}', "<no value> true false true"],
        ["{{ quote .nope }} {{ quote .l }} {{ squote .m }}", " \"[1 2 3 4]\" 'map[b:x c:[1 2]]'"],
        ['{{ list }} {{ dict }} {{ printf "%v" (list) }} {{ len (dict) }}', "[] map[] [] 0"],
        ["{{- .a -}}  {{- .a}} {{.a -}} x {{ .a }}", "11 1x 1"],
        ["a  {{- 1 }}  b {{ 2 -}}  c {{ 3 -}}\n\n d", "a1  b 2c 3d"],
        ['{{ "x" }}{{/* c */}}{{ "y" }} {{- /* c2 */}} z', "xy z"],
        ['{{ printf "%d" 1.5 }}', "%!d(float64=1.5)"],
        [
            '{{ title "hello world-foo bar_baz" }} {{ untitle "Hello World" }} {{ swapcase "aBc" }} {{ initials "first last" }}',
            "Hello World-Foo Bar_baz hello world AbC fl",
        ],
        [
            '{{ abbrev 5 "hello world" }} {{ wrap 5 "hello world foo" }} {{ wrapWith 5 "\\t" "hello world" }}',
            "he... hello\nworld\nfoo hello\tworld",
        ],
        [
            '{{ b32enc "hello" }} {{ adler32sum "hello" }} {{ sha1sum "x" }}',
            "NBSWY3DP 103547413 11f6ad8ec52a2984abaafd7c3b516503785c2072",
        ],
        [
            '{{ regexQuoteMeta "a.b*c" }} {{ mustRegexMatch "a" "abc" }} {{ regexMatch "[" "a" }}',
            "a\\.b\\*c true false",
        ],
        [
            '{{ toStrings (list 1 "a" nil) }} {{ splitn "-" 3 "a-b-c-d" }} {{ sortAlpha (list "b" "B" "a") }}',
            "[1 a] map[_0:a _1:b _2:c-d] [B a b]",
        ],
        [
            "{{ add1 5 }} {{ floor 1.5 }} {{ ceil 1.2 }} {{ round 1.2345 2 }} {{ addf 1.5 2 }} {{ subf 5 1.5 }} {{ mulf 1.5 2 }} {{ divf 1 4 }} {{ maxf 1 2.5 }}",
            "6 1 2 1.23 3.5 3.5 3 0.25 2.5",
        ],
        [
            '{{ int "12abc" }} {{ int "-5" }} {{ int true }} {{ int nil }} {{ float64 "abc" }} {{ toDecimal "0777" }} {{ atoi " 5" }}',
            "0 -5 1 0 0 511 0",
        ],
        [
            "{{ chunk 2 (list 1 2 3 4 5) }} {{ mustFirst (list 1) }} {{ slice (list 1 2 3) 1 2 }}",
            "[[1 2] [3 4] [5]] 1 [2]",
        ],
        [
            '{{ deepEqual (list 1 2) (list 1 2) }} {{ typeIs "string" "x" }} {{ kindIs "slice" (list) }} {{ typeOf (dict) }} {{ kindOf 1.5 }}',
            "true true true map[string]interface {} float64",
        ],
        ['{{ mergeOverwrite (dict "a" 1 "b" (dict "x" 1)) (dict "a" 2 "b" (dict "y" 2)) }}', "map[a:2 b:map[x:1 y:2]]"],
        ['{{ merge (dict "a" "" "b" 0) (dict "a" "x" "b" 5) }}', "map[a:x b:5]"],
        ['{{ $d := dict "a" 1 }}{{ $c := deepCopy $d }}{{ $_ := set $c "a" 2 }}{{ $d.a }}{{ $c.a }}', "12"],
        [
            '{{ unset (dict "a" 1 "b" 2) "a" }} {{ hasKey (dict) "x" }} {{ get (dict) "x" | printf "%q" }}',
            'map[b:2] false ""',
        ],
        [
            '{{ ternary 1 2 false }} {{ empty (list) }} {{ empty (dict "a" 1) }} {{ empty false }} {{ empty nil }}',
            "2 true false true true",
        ],
        [
            '{{ cat "a" nil "b" }} {{ nospace "a b" }} {{ trunc 0 "abc" }} {{ substr 0 -1 "hello" }} {{ substr 2 99 "hello" }}',
            "a b ab  hello llo",
        ],
        ['{{ squote nil "a" }} {{ quote "é\\u0007" }}', "'a' \"é\\a\""],
        ['{{ "héllo" | upper | len }} {{ printf "%5.1f|%-6.2e|" 3.14159 1234.5 }}', "6   3.1|1.23e+03|"],
        [
            '{{ printf "%x %X %o %b %c" 255 255 8 5 9731 }} {{ printf "%08b" 5 }} {{ printf "%+q" "é" }} {{ printf "%#q" "abc" }}',
            'ff FF 10 101 ☃ 00000101 "\\u00e9" `abc`',
        ],
        [
            '{{ printf "%v %v" (list) (dict) }} {{ printf "%s" (list "a" "b") }} {{ printf "%d" (list 1 2) }} {{ printf "%q" (list "a" 1) }}',
            "[] map[] [a b] [1 2] [\"a\" '\\x01']",
        ],
        [
            '{{ printf "%t" 1 }} {{ printf "%.3s|%5s|%-5s|" "abcdef" "ab" "ab" }} {{ printf "%%d %d" 5 }}',
            "%!t(int=1) abc|   ab|ab   | %d 5",
        ],
        [
            '{{ printf "%6.2f" -3.14159 }} {{ printf "% d|%+d" 5 -5 }} {{ printf "%x" -255 }} {{ printf "%.0f %.0f %.0f" 0.5 1.5 2.5 }}',
            " -3.14  5|-5 -ff 0 2 2",
        ],
        ['{{ printf "%T %T" (list 1) 1.5 }} {{ printf "%5v|%-5v|" 1 true }}', "[]interface {} float64     1|true |"],
        [
            '{{ urlParse "https://u:p@h.com:8080/p/a?q=1#f" }}',
            "map[fragment:f host:h.com:8080 hostname:h.com opaque: path:/p/a query:q=1 scheme:https userinfo:u:p]",
        ],
        ['{{ base "/" }} {{ dir "a" }} {{ ext "a" }} {{ clean "" }} {{ clean "/a/../.." }}', "/ .  . /"],
        ["{{ seq 0 }} {{ seq 1 2 10 }} {{ until 0 }}", "1 0 1 3 5 7 9 []"],
        [
            "{{ reverse (list) }} {{ uniq (list) }} {{ compact (list) }} {{ without (list 1 2 1) 1 }} {{ initial (list) }} {{ rest (list) }} {{ last (list) }}",
            "[] [] [] [2] [] [] <no value>",
        ],
        [
            '{{ join "," "abc" }} {{ join "," 5 }} {{ join "," nil }} {{ splitList "" "abc" }} {{ split "" "ab" }}',
            "abc 5  [a b c] map[_0:a _1:b]",
        ],
        ['{{ indent 2 "" }} {{ nindent 0 "x" }} {{ replace "" "-" "abc" }} {{ repeat 0 "x" }}', "   \nx -a-b-c- "],
    ];
    for (const [text, expected] of cases) {
        it(`renders ${JSON.stringify(text)}`, () => {
            assert.equal(renderTemplate("t", text, data()), expected);
        });
    }
});

describe("gotemplate: errors read as Go's", () => {
    const cases: [string, string][] = [
        [
            '{{ printf "%d %s %q %x %5.2f|%-5d|%05d|%+d" 3 "s" "q\n" "hi" 3.14159 42 42 42 }}',
            "template: t:1: unterminated quoted string",
        ],
        [
            '{{ and 1 0 "x" }} {{ or 0 "" "y" }} {{ not 0 }} {{ and }}',
            'template: t:1:51: executing "t" at <and>: wrong number of args for and: want at least 1 got 0',
        ],
        [
            '{{ eq 1 1 }} {{ eq "a" "b" "a" }} {{ ne 1 2 }} {{ lt 1 2 }} {{ le "a" "b" }} {{ gt 2.5 1 }} {{ ge 1 1 }}',
            'template: t:1:80: executing "t" at <gt 2.5 1>: error calling gt: incompatible types for comparison',
        ],
        [
            '{{ eq 1 "1" }}',
            'template: t:1:3: executing "t" at <eq 1 "1">: error calling eq: incompatible types for comparison',
        ],
        [
            "{{ lt true false }}",
            'template: t:1:3: executing "t" at <lt true false>: error calling lt: invalid type for comparison',
        ],
        ["{{ len 3 }}", 'template: t:1:3: executing "t" at <len 3>: error calling len: len of type int'],
        [
            "{{ index .l 1 }} {{ index .l 9 }}",
            'template: t:1:20: executing "t" at <index .l 9>: error calling index: index out of range: 9',
        ],
        ["{{ nosuch 1 }}", 'template: t:1: function "nosuch" not defined'],
        ["{{ .a.b }}", 'template: t:1:5: executing "t" at <.a.b>: can\'t evaluate field b in type interface {}'],
        ["{{ .n.b }}", 'template: t:1:5: executing "t" at <.n.b>: nil pointer evaluating interface {}.b'],
        ['{{ "unterminated }}', "template: t:1: unterminated quoted string"],
        ["{{ if }}{{ end }}", "template: t:1: missing value for if"],
        ["{{ end }}", "template: t:1: unexpected {{end}}"],
        ["{{ range .l }}{{ break }}{{ end }}{{ break }}", "template: t:1: {{break}} outside {{range}}"],
        ["{{ $u }}", 'template: t:1: undefined variable "$u"'],
        [
            '{{ toString 12 }} {{ toString .m }} {{ nospace " a b\\tc " }} {{ indent 2 "a\nb" }} {{ nindent 2 "a" }}',
            "template: t:1: unterminated quoted string",
        ],
        ['{{ ternary "y" "n" "true" }}', 'template: t:1:19: executing "t" at <"true">: expected bool; found "true"'],
        ['{{ fail "boom" }}', 'template: t:1:3: executing "t" at <fail "boom">: error calling fail: boom'],
        [
            "{{ div 1 0 }}",
            'template: t:1:3: executing "t" at <div 1 0>: error calling div: runtime error: integer divide by zero',
        ],
        ["{{ upper 5 }}", 'template: t:1:9: executing "t" at <5>: expected string; found 5'],
        ["{{ upper .nope }}", 'template: t:1:9: executing "t" at <.nope>: invalid value; expected string'],
        ["{{ lower }}", 'template: t:1:3: executing "t" at <lower>: wrong number of args for lower: want 1 got 0'],
        ["{{ nosuch 1 }}", 'template: t:1: function "nosuch" not defined'],
        ["{{ .a.b }}", 'template: t:1:5: executing "t" at <.a.b>: can\'t evaluate field b in type interface {}'],
        ["{{ .n.b }}", 'template: t:1:5: executing "t" at <.n.b>: nil pointer evaluating interface {}.b'],
        ['{{ "unterminated }}', "template: t:1: unterminated quoted string"],
        ["{{ if }}{{ end }}", "template: t:1: missing value for if"],
        ["{{ end }}", "template: t:1: unexpected {{end}}"],
        ["{{ $u }}", 'template: t:1: undefined variable "$u"'],
        ["{{ upper 5 }}", 'template: t:1:9: executing "t" at <5>: expected string; found 5'],
        ["{{ upper .nope }}", 'template: t:1:9: executing "t" at <.nope>: invalid value; expected string'],
        ["{{ lower }}", 'template: t:1:3: executing "t" at <lower>: wrong number of args for lower: want 1 got 0'],
        ['{{ fail "boom" }}', 'template: t:1:3: executing "t" at <fail "boom">: error calling fail: boom'],
        [
            "{{ div 1 0 }}",
            'template: t:1:3: executing "t" at <div 1 0>: error calling div: runtime error: integer divide by zero',
        ],
        [
            '{{ eq 1 "1" }}',
            'template: t:1:3: executing "t" at <eq 1 "1">: error calling eq: incompatible types for comparison',
        ],
        ["{{ len 3 }}", 'template: t:1:3: executing "t" at <len 3>: error calling len: len of type int'],
        [
            "{{ index .l 9 }}",
            'template: t:1:3: executing "t" at <index .l 9>: error calling index: index out of range: 9',
        ],
        ['{{ ternary "y" "n" "true" }}', 'template: t:1:19: executing "t" at <"true">: expected bool; found "true"'],
        ["{{ .m.b 1 }}", 'template: t:1:5: executing "t" at <.m.b>: b is not a method but has arguments'],
        ["{{ 1 2 }}", 'template: t:1:3: executing "t" at <1>: can\'t give argument to non-function 1'],
        ["line1\n{{ .a }}\n{{ nosuch }}", 'template: t:3: function "nosuch" not defined'],
        ['line1\n{{ .a }}\n  {{ fail "x" }}', 'template: t:3:5: executing "t" at <fail "x">: error calling fail: x'],
        ["{{ if .a }}x", "template: t:1: unexpected EOF"],
        ["{{ .a | 3 }}", "template: t:1: non executable command in pipeline stage 2"],
        [
            "{{ index .m 1 }}",
            'template: t:1:3: executing "t" at <index .m 1>: error calling index: value has type int; should be string',
        ],
        ["{{ .l.x }}", 'template: t:1:5: executing "t" at <.l.x>: can\'t evaluate field x in type interface {}'],
        [
            "{{ coalesce }} {{ default }}",
            'template: t:1:18: executing "t" at <default>: wrong number of args for default: want at least 1 got 0',
        ],
        [
            '{{ trimAll "" "  x " }} {{ trim "\\t x \n" }} {{ trimPrefix "" "x" }}',
            "template: t:1: unterminated quoted string",
        ],
    ];
    for (const [text, expected] of cases) {
        it(`fails on ${JSON.stringify(text)}`, () => {
            assert.throws(
                () => renderTemplate("t", text, data()),
                (e: unknown) => {
                    assert.ok(e instanceof TemplateError);
                    assert.equal(e.message, expected);
                    return true;
                },
            );
        });
    }
});
