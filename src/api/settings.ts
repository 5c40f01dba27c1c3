// Wire types of the settings calls (GET /api/settings, GET/POST /api/{setting-key}).

export interface SettingFieldDescription {
  name: string;
  label: string;
  /**
   * `text` is one line, `multiline` a text area; numbers carry their bounds; `boolean` a switch;
   * `select` one of `options`; `table` a list of rows whose fields are `columns` (voice, speaker and
   * replacement tables), `minimum`/`maximum` bounding the number of rows.
   */
  kind: 'text' | 'multiline' | 'integer' | 'number' | 'boolean' | 'select' | 'table';
  /** `select` only. */
  options?: string[];
  /** `table` only. */
  columns?: SettingFieldDescription[];
  /** Returned masked ("*…"); an empty value written back keeps the stored one. */
  secret: boolean;
  minimum: number | null;
  maximum: number | null;
  maxLength: number | null;
  /** What an empty field means, shown in it (the default model for model names). */
  placeholder: string | null;
}

export interface SettingDescription {
  key: string;
  label: string;
  publicRead: boolean;
  /** POST may carry any non-empty subset of the fields. */
  partial: boolean;
  fields: SettingFieldDescription[];
}

export interface SettingsDescriptions {
  settings: SettingDescription[];
  /** The model an empty model name means (NEWSCTL_LLM_MODEL). */
  defaultModel: string;
  /** False: no model is configured and every feature takes its offline path. */
  modelConfigured: boolean;
}
