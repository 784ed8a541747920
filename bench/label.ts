/**
 * Benchmark of createLabel: a three-label context chain (label -> label from its context ->
 * third label), as components build them. Run directly:
 *
 *   node -r ts-node/register/transpile-only bench/label.ts
 */
import { createLabel } from "../label";

/** Builds one three-label chain; returns a value so the work cannot be optimised away. */
function chain(i: number): number {
    const base = createLabel({
        namespace: "eg",
        environment: "ue2",
        stage: "prod",
        name: "dashboards",
        attributes: ["api", "key"],
        tags: { Team: "platform", CostCenter: "1234" },
        idLengthLimit: 32,
    });
    const child = createLabel({ context: base.context, name: `service-${i % 16}`, attributes: ["logs"] });
    const third = createLabel({
        context: child.normalizedContext,
        attributes: ["rule"],
        tags: { Component: "eventbridge" },
    });
    return third.id.length;
}

/** Labels created per second (each chain creates three), measured for about one second after a warm-up. */
export function benchLabel(): { labelsPerSecond: number } {
    let sink = 0;
    for (let i = 0; i < 2000; i++) sink += chain(i);
    let chains = 0;
    const start = process.hrtime.bigint();
    let elapsedNs = 0n;
    while (elapsedNs < 1_000_000_000n) {
        for (let i = 0; i < 500; i++) sink += chain(chains + i);
        chains += 500;
        elapsedNs = process.hrtime.bigint() - start;
    }
    if (sink < 0) throw new Error("unreachable");
    return { labelsPerSecond: Math.round((chains * 3) / (Number(elapsedNs) / 1e9)) };
}

if (require.main === module) {
    const { labelsPerSecond } = benchLabel();
    console.log(`label: ${labelsPerSecond.toLocaleString("en-US")} labels/second (three-label context chain)`);
}
