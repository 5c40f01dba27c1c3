// Wire types of the settings calls (GET /api/settings, GET/POST /api/{setting-key}).
import type { z } from 'zod';
import type * as schemas from './schemas/operations.js';

export type SettingFieldDescription = z.infer<typeof schemas.settingFieldDescription>;

export type SettingsDescriptions = z.infer<typeof schemas.settingsDescriptions>;

export type SettingDescription = SettingsDescriptions['settings'][number];
