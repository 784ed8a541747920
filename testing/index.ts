/**
 * Testing support for programs that use the components: Pulumi mocks that know every resource,
 * stack reference and provider function the components use (the workspace stack's outputs, the
 * `aws:grafana/getWorkspace` lookup, computed ARNs in each resource's region or its provider's), and
 * give the program's own resources their inputs back (an `aws.grafana.Workspace` an id shaped as
 * AWS's, `g-` and ten hex digits, so that its `id` can be a `workspaceId`).
 *
 * ```ts
 * import { installMocks } from "pulumi-cloudposse-components/testing";
 * const mocks = await installMocks(); // before the program creates any resource
 * ```
 *
 * With `preview: true` every resource is new, as in a first `pulumi preview`: its computed outputs
 * are unknown, and unknown values stay unknown. The default provider's region is the `region`
 * option, else the `aws:region` config. The components' name registry (two instances wanting one log
 * group name) lives per program: each `installMocks`, and each `reset()`, starts a fresh one.
 *
 * @packageDocumentation
 */
import { installMocks as installPackageMocks, type InstalledMocks, type MockOptions } from "../program/mocks";

export {
    AwsMocks,
    EXAMPLE_ACCOUNT_ID,
    EXAMPLE_DEFAULT_REGION,
    EXAMPLE_GRAFANA_VERSION,
    EXAMPLE_NOW,
    EXAMPLE_WORKSPACE_OUTPUTS,
    SECRET_PLACEHOLDER,
} from "../program/mocks";
export type { InstalledMocks, MockOptions, RecordedReplacement, RecordedResource } from "../program/mocks";

/**
 * Installs the package's mocks as Pulumi's runtime mocks (`pulumi.runtime.setMocks`) and records
 * every registration. Await it before the program creates resources. Unlike the package's own
 * tests, resources of other types get their inputs back (`otherResources: "echo"`) unless told.
 * @param options Account, stack outputs, preview mode, clock... (see {@link MockOptions}).
 * @returns the registrations so far, `settle()` to wait for them, `reset()` between tests.
 */
export function installMocks(options: MockOptions = {}): Promise<InstalledMocks> {
    return installPackageMocks({ otherResources: "echo", ...options });
}
