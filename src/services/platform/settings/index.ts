// One generic settings store: key → JSON value, typed and validated by the schema table.
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { readSettingValue, writeSettingValue } from '../../../db/settings.js';
import { Invalid, NotFound } from '../../../errors.js';
import { SETTINGS, settingDefinition, type SettingDefinition } from './definitions.js';
import { isMaskedSecret, maskSecret, restoreMaskedSecrets, secretFieldsCodec, type SecretCodec, type SecretEntry } from './secrets.js';

export { SETTINGS, checkMusicEndpoint, type SettingDefinition } from './definitions.js';

type SettingValue = Record<string, unknown>;
type Ctx = Pick<AppContext, 'sql' | 'events' | 'config'>;

export function requireSetting(key: string): SettingDefinition {
  const definition = settingDefinition(key);
  if (!definition) throw NotFound(`Unknown setting "${key}". Known settings: ${SETTINGS.map((s) => s.key).join(', ')}`);
  return definition;
}

/** Stored fields over the defaults; fields that no longer validate (an older version's) fall back to the default. */
function withDefaults(definition: SettingDefinition, stored: unknown): SettingValue {
  const value: SettingValue = { ...(definition.defaults as SettingValue) };
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    const shape = definition.schema.shape as Record<string, z.ZodType>;
    for (const [field, fieldSchema] of Object.entries(shape)) {
      const candidate = (stored as SettingValue)[field];
      if (candidate !== undefined && fieldSchema.safeParse(candidate).success) value[field] = candidate;
    }
  }
  return value;
}

/** Where a setting's credentials are, or null when it holds none. */
function secretCodecOf(definition: SettingDefinition): SecretCodec | null {
  if (definition.secrets) return definition.secrets;
  if (definition.secretFields?.length) return secretFieldsCodec(definition.secretFields, definition.fieldLabels);
  return null;
}

function masked(definition: SettingDefinition, value: SettingValue): SettingValue {
  const codec = secretCodecOf(definition);
  return codec ? codec.map(value, (entry) => maskSecret(entry.value)) : value;
}

/**
 * A stored value without its credentials (for a dump made without --include-secrets), and which
 * credentials were left out. Unknown keys and values that are not objects pass unchanged.
 */
export function withoutSecrets(key: string, value: unknown): { value: unknown; omitted: SecretEntry[] } {
  const definition = settingDefinition(key);
  const codec = definition ? secretCodecOf(definition) : null;
  if (!codec || !value || typeof value !== 'object' || Array.isArray(value)) return { value, omitted: [] };
  const omitted = codec.list(value as SettingValue).filter((entry) => entry.value !== '');
  if (omitted.length === 0) return { value, omitted };
  return { value: codec.map(value as SettingValue, () => ''), omitted };
}

/** The real value, secrets included: for services, never for responses. */
export async function getSetting<T extends SettingValue = SettingValue>(ctx: Pick<AppContext, 'sql'>, key: string): Promise<T> {
  const definition = requireSetting(key);
  return withDefaults(definition, await readSettingValue(ctx.sql, key)) as T;
}

/** The value as shown to clients: secrets masked. */
export async function readSetting(ctx: Pick<AppContext, 'sql'>, key: string): Promise<SettingValue> {
  const definition = requireSetting(key);
  return masked(definition, await getSetting(ctx, key));
}

function formatIssues(definition: SettingDefinition, error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'value';
  return `Invalid ${definition.label}: ${where} ${issue?.message ?? 'is invalid'}`;
}

/** Validates and stores; returns the stored value as clients see it. */
export async function updateSetting(ctx: Ctx, key: string, input: unknown): Promise<SettingValue> {
  const definition = requireSetting(key);
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw Invalid(`Invalid ${definition.label}: expected a JSON object`);
  const current = await getSetting(ctx, key);
  const incoming = { ...(input as SettingValue) };

  if (definition.partial) {
    const parsed = definition.schema.partial().strict().safeParse(incoming);
    if (!parsed.success) throw Invalid(formatIssues(definition, parsed.error));
    if (Object.keys(parsed.data).length === 0) {
      throw Invalid(`Invalid ${definition.label}: send at least one of ${Object.keys(definition.schema.shape).join(', ')}`);
    }
  }
  for (const field of definition.secretFields ?? []) {
    const value = incoming[field];
    if (value === undefined || value === '' || isMaskedSecret(value)) {
      if (!current[field]) throw Invalid(`Invalid ${definition.label}: please enter ${field === 'apiKey' ? 'an API key' : field}.`);
      incoming[field] = current[field];
    }
  }
  let merged = definition.partial ? { ...current, ...incoming } : incoming;
  // Credentials deeper in the value: a masked one sent back is the stored one.
  if (definition.secrets) merged = restoreMaskedSecrets(definition.secrets, merged, current);
  const parsed = definition.schema.safeParse(merged);
  if (!parsed.success) throw Invalid(formatIssues(definition, parsed.error));
  definition.refine?.(parsed.data);
  await definition.check?.(parsed.data, { read: (other) => getSetting(ctx, other), config: ctx.config });
  await writeSettingValue(ctx.sql, key, parsed.data);
  ctx.events.emit('settings_updated', { key });
  return masked(definition, parsed.data as SettingValue);
}
