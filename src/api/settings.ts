// Wire types of the settings calls (GET /api/settings, GET/POST /api/{setting-key}).
export type { SettingDescription, SettingFieldDescription, SettingsDescriptions } from '../services/settings/describe.js';
