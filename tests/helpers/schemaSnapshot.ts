/** Where the component plugin's reviewed schema snapshot lives (written by `npm run schema:update`). */

/** The snapshot, relative to the project's root. */
export const SCHEMA_SNAPSHOT = "api/cloudposse.schema.json";

/** The version the snapshot is generated at (the plugin serves the package's own). */
export const SNAPSHOT_VERSION = "0.0.0";
