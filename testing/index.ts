/**
 * Testing support for programs that use the components: Pulumi mocks that know every resource, stack reference and
 * provider function the components use (docs/testing.md).
 * @packageDocumentation
 */
import { installMocks as installPackageMocks, type InstalledMocks, type MockOptions } from "../program/mocks";

export {
    AwsMocks,
    EXAMPLE_ACCOUNT_ID,
    EXAMPLE_DEFAULT_REGION,
    EXAMPLE_NOW,
    SECRET_PLACEHOLDER,
} from "../program/mocks";
// The api-key's workspace, as its kit declares it for the mocks (`mockedTypes`, `mockedInvokes`, `mockedStackOutputs`).
export { EXAMPLE_GRAFANA_VERSION, EXAMPLE_WORKSPACE_OUTPUTS } from "../components/apiKey/mocked";
export type { InstalledMocks, MockOptions, RecordedReplacement, RecordedResource } from "../program/mocks";
export type { MockedType } from "../components/kit/kit";

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
