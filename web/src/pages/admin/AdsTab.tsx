import { SettingsEditor } from '../../components/SettingsEditor';

/** Audio ad plugs: both saved together. */
export function AdsTab() {
  return (
    <SettingsEditor
      settingKey="audio-ads"
      title="Audio Ads"
      description="Read in every generated bulletin: after the greeting, the pre-plug; after the summary, the ending plug."
      rows={4}
      testId="audio-ads"
    />
  );
}
