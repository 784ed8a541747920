/**
 * A model of what `pulumi up` and `pulumi destroy` do to CloudWatch log groups and their stored
 * events, from the registrations a program makes, written from the engine's and the bridge's sources
 * (pulumi/pulumi 3.260.0 at 1b59498, pulumi-terraform-bridge at its newest stored snapshot). Each rule
 * names where it was read:
 *
 * - R1 A delete reads `retainOnDelete` from the OLD (deployed) state: `else if s.old.RetainOnDelete`
 *   makes it a no-op (pkg/resource/deploy/step.go 661); so does a delete-before-replace, which is built
 *   from the stored old resource (`NewDeleteReplacementStep(sg.deployment, sg.deletes, old, true, ...)`,
 *   step_generator.go 2147).
 * - R2 A replacement is refused only when the resource is protected in both the old state and the new
 *   goal (`if new.Protect && old.Protect`, step_generator.go 1954-1960: "we do allow unprotecting and
 *   replacing to happen in a single update cycle"); a plain delete of a protected resource is refused
 *   (`!s.replacing && s.old.Protect`, step.go 647-649).
 * - R3 The bridge asks for delete-before-replace when a field the provider would auto-name (`name`) was
 *   set by hand (pkg/tfbridge/provider.go 1275-1276, `nameRequiresDeleteBeforeReplace`, schema.go 195):
 *   a log group with an explicit name is deleted before its successor is created. Otherwise the new one
 *   is created first and the old one deleted at the end.
 * - R4 Deletes of resources the program no longer registers run only after the program finished
 *   (deployment_executor.go 326-331: `performPostSteps` once the source is exhausted).
 * - R5 A resource whose inputs and options are otherwise the same keeps the NEW goal's options in the
 *   state: the same step records `s.new`, taking only the id and outputs from the old state
 *   (step.go 173-179). So a run that only turns `retainOnDelete` on records it for the next run.
 * - R6 The `import` option imports only when there is no old resource or its import id differs
 *   (`isImport := goal.Custom && goal.ID != "" && (old == nil || old.External || oldImportID != goal.ID)`,
 *   step_generator.go 1104-1113); the import id is kept in the state (`ImportID: goal.ID`, 827).
 * - R7 AWS: CreateLogGroup refuses a name that exists (ResourceAlreadyExistsException); importing a
 *   group that does not exist fails; a group keeps its events until it is deleted.
 */
import type { RecordedResource } from "../../program/mocks";

export const LOG_GROUP = "aws:cloudwatch/logGroup:LogGroup";

/** A log group as the model keeps it in the state. */
export interface StateGroup {
    /** Logical name (the URN's last part). */
    readonly urn: string;
    /** Physical name. */
    readonly name: string;
    readonly retainOnDelete: boolean;
    readonly protect: boolean;
    /** The import id recorded when it was adopted. */
    readonly importId?: string;
}

/** A log group as a run registers it. */
export interface Goal {
    readonly urn: string;
    readonly name: string;
    readonly retainOnDelete: boolean;
    readonly protect: boolean;
    readonly import?: string;
}

/** The world outside the state: every log group in AWS, with how many events it holds. */
export type Aws = Map<string, number>;

/** What a run did. */
export interface ModelOutcome {
    readonly steps: string[];
    /** Events deleted with their group, by group name. */
    readonly lost: Record<string, number>;
    /** The failure that stopped the run, if any. */
    readonly failure?: string;
    readonly state: Map<string, StateGroup>;
}

/** The log groups of a run's registrations (the mocks' records). */
export function goalsOf(recorded: readonly RecordedResource[]): Goal[] {
    return recorded
        .filter((r) => r.type === LOG_GROUP)
        .map((r) => ({
            urn: r.name,
            name: String(r.inputs.name),
            retainOnDelete: r.options?.retainOnDelete === true,
            protect: r.options?.protect === true,
            ...(r.importId !== undefined ? { import: r.importId } : {}),
        }));
}

/** The physical name an import id names (`<name>@<region>` or `<name>`). */
const importedName = (id: string) => id.replace(/@[^@]*$/, "");

/** Models one `pulumi up` from `state` to `goals`, changing `aws`. */
export function up(state: ReadonlyMap<string, StateGroup>, goals: readonly Goal[], aws: Aws): ModelOutcome {
    const after = new Map(state);
    const steps: string[] = [];
    const lost: Record<string, number> = {};
    const remove = (old: StateGroup, why: string) => {
        // R1: the old state's retainOnDelete decides.
        if (old.retainOnDelete) {
            steps.push(`${why} ${old.name}: retained (left in AWS, dropped from the state)`);
        } else {
            lost[old.name] = aws.get(old.name) ?? 0;
            aws.delete(old.name);
            steps.push(`${why} ${old.name}: deleted with ${lost[old.name]} events`);
        }
    };
    const create = (goal: Goal) => {
        if (aws.has(goal.name)) throw new Error(`create ${goal.name}: ResourceAlreadyExistsException`); // R7
        aws.set(goal.name, 0);
        steps.push(`create ${goal.name}`);
    };
    const record = (goal: Goal, importId?: string) =>
        after.set(goal.urn, {
            urn: goal.urn,
            name: goal.name,
            retainOnDelete: goal.retainOnDelete,
            protect: goal.protect,
            ...(importId !== undefined ? { importId } : {}),
        });
    try {
        for (const goal of goals) {
            const old = state.get(goal.urn);
            // R6: an import only without an old resource or with another import id.
            const oldImportId = old === undefined ? undefined : (old.importId ?? old.name);
            if (goal.import !== undefined && (old === undefined || oldImportId !== goal.import)) {
                if (old !== undefined) throw new Error(`import ${goal.import} over ${old.name}: not modelled`);
                if (!aws.has(importedName(goal.import))) throw new Error(`import ${goal.import}: not found`); // R7
                steps.push(`import ${goal.name}`);
                record(goal, goal.import);
                continue;
            }
            if (old === undefined) {
                create(goal);
                record(goal);
                continue;
            }
            if (old.name !== goal.name) {
                // R2: refused only when protected before and after.
                if (goal.protect && old.protect) throw new Error(`replace ${old.name}: protected`);
                // R3: an explicit name: delete before replace.
                remove(old, "delete-before-replace");
                after.delete(goal.urn);
                create(goal);
                record(goal);
                continue;
            }
            // R5: the new goal's options are recorded.
            record(goal, old.importId);
        }
        // R4: what the program no longer registers is deleted once it has finished.
        const registered = new Set(goals.map((goal) => goal.urn));
        for (const old of [...state.values()].reverse()) {
            if (registered.has(old.urn)) continue;
            if (old.protect) throw new Error(`delete ${old.name}: protected`); // R2 (step.go 647-649)
            remove(old, "delete");
            after.delete(old.urn);
        }
    } catch (error) {
        return { steps, lost, failure: (error as Error).message, state: after };
    }
    return { steps, lost, state: after };
}

/** Models `pulumi destroy`: every resource deleted (R1, R2). */
export function destroy(state: ReadonlyMap<string, StateGroup>, aws: Aws): ModelOutcome {
    return up(state, [], aws);
}
