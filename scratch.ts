import { parseYamlTree } from "./stack/tree";
function t(name: string, text: string) {
  const s = Date.now();
  const r = parseYamlTree(text, "f.yaml");
  console.log(name, Date.now() - s, "ms", r.problems.slice(0, 2).map((p) => p.message));
}
t("aliases", "a: &a x\nb: [" + Array(50000).fill("*a").join(",") + "]\n");
t("aliases-many-anchors", Array.from({length: 25000}, (_, i) => `k${i}: &a${i} v\nr${i}: *a${i}`).join("\n"));
t("keys", Array.from({length: 300000}, (_, i) => `k${i}: ${i}`).join("\n"));
t("dupkey", "a: 1\nb: 2\na: 3\n");
t("nul", "\u0000vars:\n  a: 1\n");
t("esc", "vars:\n  a: x\u001b[31m\n");
t("ts", "a: !!timestamp 2001-12-14\n");
t("big", "a: " + "x".repeat(1100000) + "\n");
