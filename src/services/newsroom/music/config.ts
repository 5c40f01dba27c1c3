// The music configuration (the Music tab's "music generator configuration
// as JSON"): read when a track is made, and checked when the setting is saved, so a
// broken configuration is refused at Save rather than at Generate Music.
import { Invalid } from '../../../errors.js';
import { musicConfigSchema, type MusicConfig } from '../../../providers/music/types.js';

/** The music configuration: JSON (text or object), or plain text taken as the style. */
export function parseMusicConfig(input: unknown): MusicConfig {
  let value: unknown = input;
  if (typeof input === 'string') {
    const text = input.trim();
    if (!text.startsWith('{')) return musicConfigSchema.parse({ style: text.slice(0, 2000) });
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw Invalid(`The music configuration is not valid JSON: ${(error as Error).message}`);
    }
  }
  const parsed = musicConfigSchema.safeParse(value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw Invalid(`Invalid music configuration: ${issue?.path.join('.') || 'value'} ${issue?.message ?? 'is invalid'}`);
  }
  return parsed.data;
}
