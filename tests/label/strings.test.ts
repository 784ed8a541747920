/**
 * String primitives with Terraform's semantics (label/strings.ts). Every row of the table was
 * printed by Terraform v1.11.4: [input, title(x), upper(x), lower(x), length(x)].
 * Non-ASCII characters are written as escapes so that the table shows exactly what is tested.
 */
import * as assert from "node:assert/strict";
import { length, lower, nfc, sortedKeys, substr, title, upper } from "../../label/strings";

const TERRAFORM_ROWS: ReadonlyArray<readonly [string, string, string, string, number]> = [
    ["o'neil mc.donald", "O'Neil Mc.Donald", "O'NEIL MC.DONALD", "o'neil mc.donald", 16],
    ["hello_world-foo", "Hello_world-Foo", "HELLO_WORLD-FOO", "hello_world-foo", 15],
    ["x1y 2nd", "X1y 2nd", "X1Y 2ND", "x1y 2nd", 7],
    ["\u00e9lan vital", "\u00c9lan Vital", "\u00c9LAN VITAL", "\u00e9lan vital", 10],
    [
        "\u01c6emal \u01c8ubljana",
        "\u01c5emal \u01c8ubljana",
        "\u01c4EMAL \u01c7UBLJANA",
        "\u01c6emal \u01c9ubljana",
        14,
    ],
    [
        "\u00f1and\u00fa \u00fcber",
        "\u00d1and\u00fa \u00dcber",
        "\u00d1AND\u00da \u00dcBER",
        "\u00f1and\u00fa \u00fcber",
        10,
    ],
    ["hello\u00a0world", "Hello\u00a0World", "HELLO\u00a0WORLD", "hello\u00a0world", 11],
    ["a\u2003b", "A\u2003B", "A\u2003B", "a\u2003b", 3],
    ["a\u00b7b", "A\u00b7b", "A\u00b7B", "a\u00b7b", 3],
    ["a\u200bb", "A\u200bb", "A\u200bB", "a\u200bb", 3],
    ["\ufeffab", "\ufeffab", "\ufeffAB", "\ufeffab", 3],
    ["a\u0085b", "A\u0085B", "A\u0085B", "a\u0085b", 3],
    ["a\u0663b", "A\u0663b", "A\u0663B", "a\u0663b", 3],
    ["a\u00b2b", "A\u00b2b", "A\u00b2B", "a\u00b2b", 3],
    ["stra\u00dfe", "Stra\u00dfe", "STRA\u00dfE", "stra\u00dfe", 6],
    ["\u1fb3 \u1f80 \u1fc3", "\u1fbc \u1f88 \u1fcc", "\u1fbc \u1f88 \u1fcc", "\u1fb3 \u1f80 \u1fc3", 5],
    ["\u0130stanbul", "\u0130stanbul", "\u0130STANBUL", "istanbul", 8],
    [
        "\u03a3\u039f\u03a6\u039f\u03a3",
        "\u03a3\u039f\u03a6\u039f\u03a3",
        "\u03a3\u039f\u03a6\u039f\u03a3",
        "\u03c3\u03bf\u03c6\u03bf\u03c3",
        5,
    ],
    ["\u0149 \ufb00 \u01f0", "\u0149 \ufb00 \u01f0", "\u0149 \ufb00 \u01f0", "\u0149 \ufb00 \u01f0", 5],
    ["\u212a", "K", "K", "k", 1],
    ["\u01c5", "\u01c5", "\u01c4", "\u01c6", 1],
    ["e\u0301cole", "\u00c9cole", "\u00c9COLE", "\u00e9cole", 5],
    ["\ud83d\ude42x y", "\ud83d\ude42x Y", "\ud83d\ude42X Y", "\ud83d\ude42x y", 4],
    ["a\r\nb", "A\r\nB", "A\r\nB", "a\r\nb", 3],
    ["\u00c0B-\u00e7D", "\u00c0B-\u00c7D", "\u00c0B-\u00c7D", "\u00e0b-\u00e7d", 5],
    ["\u00df\u1e9e", "\u00df\u1e9e", "\u00df\u1e9e", "\u00df\u00df", 2],
    ["\u0131 i", "I I", "I I", "\u0131 i", 3],
    // Found by differential fuzzing: Terraform's Unicode 15.0 tables (no Indic conjunct clusters, no
    // case pairs or marks added since, Georgian Mkhedruli is its own title case).
    [
        "\u0915\u094d\u0937\u0924\u094d\u0930\u093f\u092f \u0930\u093e\u091c",
        "\u0915\u094d\u0937\u0924\u094d\u0930\u093f\u092f \u0930\u093e\u091c",
        "\u0915\u094d\u0937\u0924\u094d\u0930\u093f\u092f \u0930\u093e\u091c",
        "\u0915\u094d\u0937\u0924\u094d\u0930\u093f\u092f \u0930\u093e\u091c",
        8,
    ],
    [
        "\u09a8\u09cd\u09a4\u09cd\u09b0",
        "\u09a8\u09cd\u09a4\u09cd\u09b0",
        "\u09a8\u09cd\u09a4\u09cd\u09b0",
        "\u09a8\u09cd\u09a4\u09cd\u09b0",
        3,
    ],
    [
        "\u0d15\u0d4d\u0d37\u0d4d\u0d2e",
        "\u0d15\u0d4d\u0d37\u0d4d\u0d2e",
        "\u0d15\u0d4d\u0d37\u0d4d\u0d2e",
        "\u0d15\u0d4d\u0d37\u0d4d\u0d2e",
        3,
    ],
    [
        "\u10e5\u10d0\u10e0\u10d7\u10e3\u10da\u10d8 \u10d4\u10dc\u10d0",
        "\u10e5\u10d0\u10e0\u10d7\u10e3\u10da\u10d8 \u10d4\u10dc\u10d0",
        "\u1ca5\u1c90\u1ca0\u1c97\u1ca3\u1c9a\u1c98 \u1c94\u1c9c\u1c90",
        "\u10e5\u10d0\u10e0\u10d7\u10e3\u10da\u10d8 \u10d4\u10dc\u10d0",
        11,
    ],
    [
        "\u1ca1\u1c90\u1ca5\u1c90\u1ca0\u1c97\u1c95\u1c94\u1c9a\u1c9d",
        "\u1ca1\u1c90\u1ca5\u1c90\u1ca0\u1c97\u1c95\u1c94\u1c9a\u1c9d",
        "\u1ca1\u1c90\u1ca5\u1c90\u1ca0\u1c97\u1c95\u1c94\u1c9a\u1c9d",
        "\u10e1\u10d0\u10e5\u10d0\u10e0\u10d7\u10d5\u10d4\u10da\u10dd",
        10,
    ],
    [
        "\u019b\u0264 \u1c89 \u1c8a \ua7cd",
        "\u019b\u0264 \u1c89 \u1c8a \ua7cd",
        "\u019b\u0264 \u1c89 \u1c8a \ua7cd",
        "\u019b\u0264 \u1c89 \u1c8a \ua7cd",
        8,
    ],
    ["a\u0897b", "A\u0897b", "A\u0897B", "a\u0897b", 3],
    [
        "\u{11a3a}a \u{11a3a}\u{113b8}",
        "\u{11a3a}a \u{11a3a}\u{113b8}",
        "\u{11a3a}A \u{11a3a}\u{113b8}",
        "\u{11a3a}a \u{11a3a}\u{113b8}",
        3,
    ],
    [
        "a\u{113d1}b \u{113d1}\u094d",
        "A\u{113d1}b \u{113d1}\u094d",
        "A\u{113d1}B \u{113d1}\u094d",
        "a\u{113d1}b \u{113d1}\u094d",
        5,
    ],
];

describe("title, upper, lower and length", () => {
    for (const [input, t, u, l, n] of TERRAFORM_ROWS) {
        it(`match Terraform for ${JSON.stringify(input)}`, () => {
            const x = nfc(input); // cty holds strings in NFC
            assert.deepEqual([title(x), upper(x), lower(x), length(x)], [t, u, l, n]);
        });
    }
});

describe("title", () => {
    it("continues a word only over letters, digits and _", () => {
        assert.equal(title("a-b c.d_e f1g h'i"), "A-B C.D_e F1g H'I");
    });

    it("does not lower the rest of a word", () => {
        assert.equal(title("mIxEd cASE"), "MIxEd CASE");
    });
});

describe("substr", () => {
    it("takes the rest of the string for any negative length, like Terraform", () => {
        assert.equal(substr("abcdef", 0, -3), "abcdef");
        assert.equal(substr("abcdef", 0, -1), "abcdef");
    });

    it("counts grapheme clusters", () => {
        assert.equal(substr("e\u0301e\u0301e\u0301", 0, 2), "e\u0301e\u0301");
        assert.equal(substr("a\r\nb", 0, 2), "a\r\n");
    });
});

describe("sortedKeys", () => {
    it("orders keys as Terraform iterates a map (UTF-8 bytes)", () => {
        const keys = ["_u", "Name", "9", "10", "a", "\uffff", "\u{1f642}", "\u00e9"];
        assert.deepEqual(sortedKeys(Object.fromEntries(keys.map((key) => [key, key]))), [
            "10",
            "9",
            "Name",
            "_u",
            "a",
            "\u00e9",
            "\uffff",
            "\u{1f642}",
        ]);
    });
});
