// ESLint flat config: typescript-eslint's type-aware recommended rules over every TypeScript file that
// tsconfig.test.json type-checks (sources, tests, bench, scripts). Formatting is prettier's job.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
    { ignores: ["dist/", ".dist-*/", "coverage/", "node_modules/", "**/*.js", "**/*.mjs", "**/*.cjs"] },
    js.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
        languageOptions: {
            parserOptions: {
                project: "./tsconfig.test.json",
                tsconfigRootDir: import.meta.dirname,
            },
        },
        linterOptions: { reportUnusedDisableDirectives: "error" },
        rules: {
            "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
            // Messages quote the user's values on purpose (`String(value)` of unknown input, paths with toString()).
            "@typescript-eslint/no-base-to-string": "off",
            "@typescript-eslint/restrict-template-expressions": "off",
            // False positives on generic defaults (e.g. ComponentDefinition<unknown>.args needs its cast).
            "@typescript-eslint/no-unnecessary-type-assertion": "off",
            // Control characters are matched on purpose (escaping them in plans and messages).
            "no-control-regex": "off",
            "prefer-const": ["error", { destructuring: "all" }],
        },
    },
    {
        // The Go template engine evaluates untyped data (Go's `any`): its values are `unknown`/`any` by design,
        // narrowed at run time with reflection-like checks, so the no-unsafe-* family would flag every step.
        files: ["gotemplate/**/*.ts"],
        rules: {
            "@typescript-eslint/no-unsafe-argument": "off",
            "@typescript-eslint/no-unsafe-member-access": "off",
            "@typescript-eslint/no-unsafe-call": "off",
            "@typescript-eslint/no-unsafe-return": "off",
            "@typescript-eslint/no-unsafe-assignment": "off",
            "@typescript-eslint/no-explicit-any": "off",
        },
    },
    {
        // Tests inspect JSON documents (plans, policies) whose shape is what they assert, and stub
        // async SDK hooks with functions that have nothing to await.
        files: ["tests/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts"],
        rules: {
            "@typescript-eslint/require-await": "off",
            "@typescript-eslint/no-unsafe-argument": "off",
            "@typescript-eslint/no-unsafe-member-access": "off",
            "@typescript-eslint/no-unsafe-return": "off",
            "@typescript-eslint/no-unsafe-assignment": "off",
        },
    },
);
