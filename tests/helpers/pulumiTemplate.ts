/**
 * The project `pulumi new typescript` makes, for the tests that install the package in one: its
 * tsconfig.json verbatim and its package.json's shape (pulumi/templates, typescript/).
 */

/**
 * pulumi/templates, typescript/tsconfig.json (commit 65db26bfbdb2fef067d2a10dcadef7b553b36d60,
 * lines 1-18), verbatim: target es2020, strict, module and moduleResolution nodenext, no skipLibCheck.
 */
export const TEMPLATE_TSCONFIG = `{
    "compilerOptions": {
        "strict": true,
        "outDir": "bin",
        "target": "es2020",
        "module": "nodenext",
        "moduleResolution": "nodenext",
        "sourceMap": true,
        "experimentalDecorators": true,
        "pretty": true,
        "noFallthroughCasesInSwitch": true,
        "noImplicitReturns": true,
        "forceConsistentCasingInFileNames": true
    },
    "files": [
        "index.ts"
    ]
}
`;

/**
 * The template's package.json (typescript/package.json there) without its dependencies, which the
 * installed project provides: no `type`, so index.ts and the tests are CommonJS.
 */
export const TEMPLATE_PACKAGE = JSON.stringify({ name: "default-project", main: "index.ts" });
