/**
 * The guides other engineers' branches write (docs/DOCS-LAYOUT of this session): the README and the
 * guides link to them already, and the link checks count them as present until they exist. The
 * lead empties this list after merging those branches (a test fails once one of them exists).
 */
export const OTHER_BRANCH_GUIDES: ReadonlySet<string> = new Set(["docs/atmos-cli.md"]);
