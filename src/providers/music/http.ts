// A music API reached by one HTTP call that the music configuration describes: endpoint, method,
// headers, a JSON body whose strings may hold {lyrics} and {style}, and where the answer holds the
// audio (the body itself, a URL in a JSON field, or base64 in a JSON field). Any API of that shape
// works without code; README "Music" has an example.
import { MusicProviderError, type MusicProviderConfig } from './types.js';

const MAX_AUDIO_BYTES = 100 * 1024 * 1024;

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

async function readLimited(response: Response): Promise<Buffer> {
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_AUDIO_BYTES) throw new MusicProviderError('the music API answered with more than 100 MB');
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_AUDIO_BYTES) throw new MusicProviderError('the music API answered with more than 100 MB');
  return bytes;
}

/** Calls the API and returns the audio's bytes (any format ffmpeg reads). */
export async function generateWithMusicApi(config: MusicProviderConfig, values: { lyrics: string; style: string }, signal: AbortSignal): Promise<Buffer> {
  const timeout = AbortSignal.timeout(config.timeoutSeconds * 1000);
  const both = AbortSignal.any([signal, timeout]);
  const host = new URL(config.endpoint).host;
  let response: Response;
  try {
    const headers: Record<string, string> = { ...config.headers };
    const hasBody = config.method !== 'GET' && config.body !== undefined;
    if (hasBody && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    response = await fetch(config.endpoint, {
      method: config.method,
      headers,
      body: hasBody ? JSON.stringify(fillTemplate(config.body, values)) : undefined,
      signal: both,
      redirect: 'follow',
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new MusicProviderError(`music API ${host}: ${timeout.aborted ? `no answer within ${config.timeoutSeconds} s` : (error as Error).message}`);
  }
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    throw new MusicProviderError(`music API ${host}: HTTP ${response.status}${text ? ` ${text}` : ''}`);
  }
  if (config.audio.type === 'bytes') return readLimited(response);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new MusicProviderError(`music API ${host}: the answer is not JSON, but the configuration says the audio is in a JSON field`);
  }
  const field = valueAt(json, config.audio.path ?? '');
  if (typeof field !== 'string' || !field) throw new MusicProviderError(`music API ${host}: no audio at "${config.audio.path ?? ''}" in the answer`);
  if (config.audio.type === 'base64') return Buffer.from(field.replace(/^data:[^,]*,/, ''), 'base64');
  if (!/^https?:\/\//i.test(field)) throw new MusicProviderError(`music API ${host}: the audio address is not an http(s) URL`);
  const download = await fetch(field, { signal: both });
  if (!download.ok) throw new MusicProviderError(`music API ${host}: the audio URL answered HTTP ${download.status}`);
  return readLimited(download);
}
