// A music API reached by one HTTP call that the music configuration describes: endpoint, method,
// headers, a JSON body whose strings may hold {lyrics} and {style}, and where the answer holds the
// audio (the body itself, a URL in a JSON field, or base64 in a JSON field). Any API of that shape
// works without code; README "Music" has an example. The endpoint is an administrator's setting and
// the audio URL a remote answer, so both go through the guarded client, and a failure is reported
// as its status and host only.
import { describeOutboundFailure, type GuardedClient } from '../../net/index.js';
import { MusicProviderError, type MusicProviderConfig } from './types.js';

export const MAX_AUDIO_BYTES = 100 * 1024 * 1024;
/** An answer that only names the audio's address is small; anything larger is not what we asked for. */
const MAX_JSON_ANSWER_BYTES = 20 * 1024 * 1024;

/** The body template with {lyrics} and {style} filled in every string (JSON escaping comes for free). */
export function fillTemplate(template: unknown, values: { lyrics: string; style: string }): unknown {
  if (typeof template === 'string') return template.replace(/\{(lyrics|style)\}/g, (_, name: 'lyrics' | 'style') => values[name]);
  if (Array.isArray(template)) return template.map((item) => fillTemplate(item, values));
  if (template && typeof template === 'object') return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillTemplate(value, values)]));
  return template;
}

export function valueAt(json: unknown, path: string): unknown {
  let value: unknown = json;
  for (const part of path.split('.').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * Calls the API and returns the audio's bytes (any format ffmpeg reads). `client` is a guarded
 * client (createOutboundClient) allowing MAX_AUDIO_BYTES.
 */
export async function generateWithMusicApi(
  client: GuardedClient,
  config: MusicProviderConfig,
  values: { lyrics: string; style: string },
  signal: AbortSignal,
): Promise<Buffer> {
  const host = new URL(config.endpoint).host;
  const call = async (url: string, options: Parameters<GuardedClient['fetch']>[1], what: string) => {
    try {
      return await client.fetch(url, { ...options, signal, totalTimeoutMs: config.timeoutSeconds * 1000 });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new MusicProviderError(`music API ${what}: ${describeOutboundFailure(error, url)}`);
    }
  };
  const headers: Record<string, string> = { ...config.headers };
  const hasBody = config.method !== 'GET' && config.body !== undefined;
  if (hasBody && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  const answer = await call(
    config.endpoint,
    {
      method: config.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(fillTemplate(config.body, values)) } : {}),
      // base64 makes the audio a third larger.
      maxBodyBytes: config.audio.type === 'url' ? MAX_JSON_ANSWER_BYTES : Math.ceil(MAX_AUDIO_BYTES * 1.4),
    },
    'call',
  );
  if (config.audio.type === 'bytes') return answer.body;
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new MusicProviderError(`music API ${host}: the answer is not JSON, but the configuration says the audio is in a JSON field`);
  }
  const field = valueAt(json, config.audio.path ?? '');
  if (typeof field !== 'string' || !field) throw new MusicProviderError(`music API ${host}: no audio at "${config.audio.path ?? ''}" in the answer`);
  if (config.audio.type === 'base64') {
    const bytes = Buffer.from(field.replace(/^data:[^,]*,/, ''), 'base64');
    if (bytes.length > MAX_AUDIO_BYTES) throw new MusicProviderError(`music API ${host}: the audio is larger than 100 MB`);
    return bytes;
  }
  if (!/^https?:\/\//i.test(field)) throw new MusicProviderError(`music API ${host}: the audio address is not an http(s) URL`);
  return (await call(field, { maxBodyBytes: MAX_AUDIO_BYTES }, 'audio download')).body;
}
