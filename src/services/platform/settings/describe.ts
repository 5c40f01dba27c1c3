// The settings schema table as editors read it (GET /api/settings): each setting's fields with
// their kind, limits and labels, so the console's one SettingsEditor (and any other front end)
// renders every prompt, model name and config from the server's definitions, not from a copy.
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { isModelConfigured } from '../../../providers/llm/index.js';
import { SETTINGS, type SettingDefinition } from './definitions.js';
import type { SettingFieldDescription, SettingsDescriptions } from '../../../api/settings.js';

/** Strings at least this long get a multi-line editor (prompts, plugs, narration), shorter ones one line. */
const MULTILINE_MIN_LENGTH = 2_000;

const ACRONYMS = new Set(['api', 'json', 'url', 'ai']);

/** "targetWordCount" → "Target word count", "spiderMinuteA" → "Spider minute A". */
function humanizeFieldName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.length === 1 ? word : word.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface JsonSchemaProperty {
  type?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  enum?: unknown[];
  minItems?: number;
  maxItems?: number;
  items?: { properties?: Record<string, JsonSchemaProperty> };
}

function describeProperties(
  properties: Record<string, JsonSchemaProperty>,
  definition: SettingDefinition | null,
  defaultModel: string,
): SettingFieldDescription[] {
  return Object.entries(properties).map(([name, property]) => {
    const kind: SettingFieldDescription['kind'] = property.enum
      ? 'select'
      : property.type === 'array'
        ? 'table'
        : property.type === 'boolean'
          ? 'boolean'
          : property.type === 'integer'
            ? 'integer'
            : property.type === 'number'
              ? 'number'
              : (property.maxLength ?? 0) >= MULTILINE_MIN_LENGTH
                ? 'multiline'
                : 'text';
    const field: SettingFieldDescription = {
      name,
      label: definition?.fieldLabels?.[name] ?? (definition && name === 'promptText' ? capitalise(definition.label) : humanizeFieldName(name)),
      kind,
      secret: definition?.secretFields?.includes(name) ?? false,
      minimum: (kind === 'table' ? property.minItems : property.minimum) ?? null,
      maximum: (kind === 'table' ? property.maxItems : property.maximum) ?? null,
      maxLength: property.maxLength ?? null,
      placeholder: name === 'modelName' ? defaultModel : null,
    };
    if (kind === 'select') field.options = (property.enum ?? []).map(String);
    if (kind === 'table') field.columns = describeProperties(property.items?.properties ?? {}, null, defaultModel);
    return field;
  });
}

function describeFields(definition: SettingDefinition, defaultModel: string): SettingFieldDescription[] {
  const schema = z.toJSONSchema(definition.schema, { target: 'draft-7' }) as { properties?: Record<string, JsonSchemaProperty> };
  return describeProperties(schema.properties ?? {}, definition, defaultModel);
}

export function describeSettings(ctx: Pick<AppContext, 'config'>): SettingsDescriptions {
  const defaultModel = ctx.config.llm.model;
  return {
    settings: SETTINGS.map((definition) => ({
      key: definition.key,
      label: definition.label,
      publicRead: Boolean(definition.publicRead),
      partial: Boolean(definition.partial),
      fields: describeFields(definition, defaultModel),
    })),
    defaultModel,
    modelConfigured: isModelConfigured(ctx.config.llm),
  };
}
