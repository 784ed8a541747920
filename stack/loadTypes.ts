/**
 * The stack loader's types: what a load takes (`LoadOptions`) and gives (`LoadedStack`, its
 * instances and skipped ones), and what the repository functions add to a load.
 */
import type { AtmosConfig } from "./atmosConfig";
import type { SourceLocation } from "./errors";
import type { FileSystem } from "./files";
import type { RenderFile } from "./manifest";
import type { LoadRun } from "./run";
import type { ComponentSchema } from "./schema";
import type { MergedComponent } from "./inheritance";

/** One deployable component instance of a stack. */
export interface StackInstance {
    /** The instance name: its key under `components.terraform` (or `components.pulumi`). */
    readonly name: string;
    /**
     * The component type it is declared under: `terraform` (`components.terraform`, merged as Atmos
     * merges Terraform components) or `pulumi` (`components.pulumi`, merged as Atmos merges a
     * custom component type, and so out of Atmos's Terraform runs).
     */
    readonly componentType?: "terraform" | "pulumi";
    /** The canonical component path (`eventbridge`, `managed-dashboards/api-key`). */
    readonly component: string;
    /** The component's variable registry. */
    readonly schema: ComponentSchema;
    /** The merged vars by snake_case name, converted to their types; unset (null) vars are left out. */
    readonly vars: Readonly<Record<string, unknown>>;
    /** The same values by camelCase arg, ready for the component's constructor (`context` as a `LabelContext`). */
    readonly args: Readonly<Record<string, unknown>>;
    /** Where the instance is declared (its key under `components.terraform`). */
    readonly location: SourceLocation;
    /** Where each var's value is written (the layer that won the merge), by snake_case name. */
    readonly varLocations: Readonly<Record<string, SourceLocation>>;
}

/** An instance of a component this package does not implement: left to Terraform. */
export interface SkippedInstance {
    /** The instance name. */
    readonly instance: string;
    /** Its component path (the Terraform component directory). */
    readonly component: string;
    /** Where the instance is declared. */
    readonly location: SourceLocation;
}

/** A loaded stack. */
export interface LoadedStack {
    /** The stack manifest, as given. */
    readonly file: string;
    /**
     * The stack's Atmos name (manifest `name:`, `name_template`, `name_pattern`, or the manifest's
     * path under the stacks base path).
     */
    readonly stackName: string;
    /** The Atmos stack name when an atmos.yaml governs the stack: instance problems name it. */
    readonly atmosStack?: string;
    /** The deployable instances in merge order; abstract and disabled ones are left out. */
    readonly instances: readonly StackInstance[];
    /** Instances of components this package does not implement (not errors), in merge order. */
    readonly skipped: readonly SkippedInstance[];
    /** Warnings (deprecated names, near-miss component paths, ...), one line each, for the caller to print. */
    readonly warnings: readonly string[];
}

/** Options of `loadStackFile` and `parseStack`. */
export interface LoadOptions {
    /**
     * Reads a file (the manifest and its imports), by its path relative to `cwd` when it is
     * under it. A missing file is signalled by throwing an error whose `code` is `ENOENT`, as
     * `fs.readFileSync` does. Without directory listings, glob imports match nothing; give
     * `files` for those.
     */
    readonly readFile?: (path: string) => string;
    /** The file system (absolute paths). @default the real one */
    readonly files?: FileSystem;
    /** The current directory, where atmos.yaml is looked for first. @default process.cwd() */
    readonly cwd?: string;
    /** The environment (`ATMOS_CLI_CONFIG_PATH`, `ATMOS_BASE_PATH`, ...). @default process.env */
    readonly env?: Readonly<Record<string, string | undefined>>;
    /** An already loaded Atmos configuration (skips discovery). */
    readonly atmosConfig?: AtmosConfig;
    /** Go-template step per file, before YAML parsing. */
    readonly renderFile?: RenderFile;
    /** Whether the `!exec` YAML function may run commands (`allowExec` config, `--allow-exec`). @default false */
    readonly allowExec?: boolean;
    /**
     * Whether files outside the repository may be read (`allowOutsideRepository` config,
     * `--allow-outside-repository`): imports, `!include` targets, atmos.yaml imports and base
     * paths. The repository is the git repository holding the atmos.yaml found (else the one
     * holding the manifest), else outside git the base path. The manifest named here is always read.
     * @default false
     */
    readonly allowOutsideRepository?: boolean;
    /**
     * Only this instance (`synth --component`, the program's `atmosComponent`): the stack's other
     * components are neither resolved, planned nor skipped. An instance the stack does not have
     * (or one left to Terraform, abstract or disabled) is refused, naming the stack, with a
     * did-you-mean.
     */
    readonly component?: string;
}

/** What the repository functions add to a load (not public). */
export interface InternalLoad {
    /** The run this load belongs to (its caches). */
    readonly run?: LoadRun;
    /** Where printed paths are relative to. @default the load's `cwd` */
    readonly displayDir?: string;
    /**
     * Only the instances whose own Atmos stack name is this (Atmos computes a name per component,
     * from that component's vars); the other components of the manifest are neither planned nor skipped.
     */
    readonly onlyStack?: string;
    /**
     * With `LoadOptions.component`: where the load records the instances it passed over; the
     * caller refuses a missing instance once every manifest of the stack is loaded.
     */
    readonly search?: InstanceSearch;
    /**
     * The components of another stack of the repository, for a `!terraform.output`/`!terraform.state`
     * naming a stack other than the one loaded (stack/stateSources.ts).
     */
    readonly componentsOf?: (stack: string) => readonly StackComponent[] | undefined;
}

/** The components of a stack the loader passed over while looking for one instance. */
export interface InstanceSearch {
    /** The instance asked for. */
    readonly name: string;
    /** Every other deployable instance of the stack (its own or Terraform's), for the did-you-mean. */
    readonly others: Set<string>;
    /** Abstract or disabled instances of that name, or a `components.pulumi` one of another component: named, so the refusal says why. */
    readonly notDeployable: Map<string, "abstract" | "disabled" | "foreign">;
}

/** A component of a stack, with the stack name Atmos gives it (its own, from its vars). */
export interface StackComponent {
    readonly component: MergedComponent;
    /** The component's own Atmos stack name (also its Terraform workspace's prefix). */
    readonly stack: string;
    /** The top-level manifest it is found in (absolute), when known (`atmos.Component`'s `atmos_stack_file`). */
    readonly manifest?: string;
}
