import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, settingEndpoints } from '../api/client';
import * as keys from '../api/keys';
import type { SettingsDescriptions, SettingValue } from '../api/types';

/** The settings schema table as the server describes it (fixed while the daemon runs). */
export function useSettingsDefinitionsQuery() {
  return useQuery<SettingsDescriptions>({ queryKey: keys.settings.definitions() });
}

/** One setting's stored value (secrets masked); refreshed by the settings_updated live message. */
export function useSettingQuery<T extends SettingValue = SettingValue>(key: string) {
  return useQuery<T>({ queryKey: keys.settings.one(key) });
}

/** Several settings' stored values, in the order of `settingKeys`. */
export function useSettingQueries(settingKeys: readonly string[]) {
  return useQueries({ queries: settingKeys.map((key) => ({ queryKey: keys.settings.one(key) })) });
}

/** Saves one or more settings (POST /api/{key} each); the stored values replace the cached ones. */
export function useSaveSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: { key: string; body: SettingValue }[]) =>
      Promise.all(settings.map(({ key, body }) => callApi(settingEndpoints<SettingValue>(key).write, { body }).then((stored) => ({ key, stored })))),
    onSuccess: (saved) => {
      for (const { key, stored } of saved) queryClient.setQueryData(keys.settings.one(key), stored);
    },
  });
}
