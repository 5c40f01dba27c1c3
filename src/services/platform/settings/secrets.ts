// Credentials inside settings: where they are in a value, so that every read masks them, a masked
// value written back keeps the stored credential, and a dump leaves them out unless asked. A
// setting declares them with `secrets` (a codec); plain fields use `secretFieldsCodec`.

/** One credential of a value: where it is (for messages), what people call it, and its text. */
export interface SecretEntry {
  path: string;
  label: string;
  value: string;
}

export interface SecretCodec<V = Record<string, unknown>> {
  list(value: V): SecretEntry[];
  /** A copy with each credential replaced by what `replace` returns for it. */
  map(value: V, replace: (entry: SecretEntry) => string): V;
}

export function maskSecret(secret: string): string {
  if (!secret) return '';
  // Enough of the key to recognise it, never enough to use it.
  return secret.length > 8 ? `********${secret.slice(-4)}` : '********';
}

export function isMaskedSecret(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith('********');
}

/** Credentials held in top-level string fields (an API key). */
export function secretFieldsCodec(fields: readonly string[], labels: Readonly<Record<string, string>> = {}): SecretCodec {
  return {
    list: (value) => fields.map((field) => ({ path: field, label: labels[field] ?? field, value: String(value[field] ?? '') })),
    map: (value, replace) => {
      const copy = { ...value };
      for (const field of fields) copy[field] = replace({ path: field, label: labels[field] ?? field, value: String(value[field] ?? '') });
      return copy;
    },
  };
}

// Request headers that carry no credential; every other header of a user-described HTTP call
// (Authorization, X-Api-Key, Cookie, a vendor's own) is treated as one.
const PLAIN_HEADERS = new Set(['content-type', 'accept', 'accept-language', 'user-agent', 'cache-control']);

/** The credential headers of a `{ …, headers: {name: value} }` object, keyed by header name. */
function credentialHeaders(headers: unknown): [string, string][] {
  if (!headers || typeof headers !== 'object' || Array.isArray(headers)) return [];
  return Object.entries(headers as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && !PLAIN_HEADERS.has(entry[0].toLowerCase()),
  );
}

/**
 * Keeps the stored credential wherever the incoming value holds a masked (or emptied) one at the
 * same path: what an editor sends back after showing the masked value.
 */
export function restoreMaskedSecrets<V>(codec: SecretCodec<V>, incoming: V, stored: V): V {
  const kept = new Map(codec.list(stored).map((entry) => [entry.path, entry.value]));
  return codec.map(incoming, (entry) => (isMaskedSecret(entry.value) && kept.has(entry.path) ? kept.get(entry.path)! : entry.value));
}

/**
 * The credential headers of a music configuration's API call, where the configuration is JSON text
 * (the music generator prompt). A value without such headers is returned as it is, formatting kept.
 */
export const musicConfigTextCodec: SecretCodec = {
  list: (value) => headerEntries(parseConfigText(value.promptText)),
  map: (value, replace) => {
    const config = parseConfigText(value.promptText);
    const entries = headerEntries(config);
    if (entries.length === 0) return value;
    const headers = (config!.provider as { headers: Record<string, string> }).headers;
    for (const entry of entries) headers[entry.path.slice('provider.headers.'.length)] = replace(entry);
    return { ...value, promptText: JSON.stringify(config, null, 2) };
  },
};

function parseConfigText(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string' || !text.trim().startsWith('{')) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The credential headers of a parsed music configuration (`provider.headers`). */
export function headerEntries(config: Record<string, unknown> | null): SecretEntry[] {
  const provider = config?.provider as { headers?: unknown } | undefined;
  return credentialHeaders(provider?.headers).map(([name, value]) => ({ path: `provider.headers.${name}`, label: `music API header ${name}`, value }));
}
