import { SettingsEditor } from '../../components/SettingsEditor';

/** The JSON configuration block (spec 001 §2 API tab): three text areas saved together. */
export function ApiTab() {
  return (
    <SettingsEditor
      settingKey="get-json-config"
      title="JSON Configuration"
      description="The JSON the API serves, in three parts: the top, the body and the bottom."
      rows={8}
      testId="json-config"
    />
  );
}
