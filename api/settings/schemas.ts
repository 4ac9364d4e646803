// The portal still imports the payload's type from here; the schema is core/contract/settings.ts.
export type { SettingsPayload, ValidSettings } from "../../core/contract/settings";
