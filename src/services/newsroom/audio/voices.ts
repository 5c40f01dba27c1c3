// Which voice speaks each line: the speaker table names a voice for each speaker, the voice table
// says what that voice is for each provider.
import type { AppContext } from '../../../context.js';
import { Invalid } from '../../../errors.js';
import type { SpeechVoice } from '../../../providers/speech/index.js';
import { getSetting } from '../../platform/settings/index.js';
import { voiceNamed, type SpeakerRow, type VoiceRow } from './voice-table.js';

export type SpeakerTableKey = 'conversational-audio-speakers' | 'interview-speakers';

export function toSpeechVoice(row: VoiceRow): SpeechVoice {
  return {
    name: row.name,
    providerVoice: row.providerVoice,
    offlineVoice: row.offlineVoice,
    offlinePitch: row.offlinePitch,
    offlineSpeed: row.offlineSpeed,
  };
}

async function voiceTable(ctx: Pick<AppContext, 'sql'>): Promise<VoiceRow[]> {
  return (await getSetting<{ voices: VoiceRow[] }>(ctx, 'voice-table')).voices;
}

/** A voice of the table by name (any case); a clear 400 when the table has no such voice. */
function findVoice(voices: readonly VoiceRow[], name: string, usedBy: string): VoiceRow {
  const row = voiceNamed(voices, name);
  if (!row) throw Invalid(`${usedBy} uses the voice "${name}", which is not in the voice table (${voices.map((v) => v.name).join(', ')})`);
  return row;
}

export async function narratorVoice(ctx: Pick<AppContext, 'sql'>, name: string, usedBy: string): Promise<SpeechVoice> {
  return toSpeechVoice(findVoice(await voiceTable(ctx), name, usedBy));
}

export interface Cast {
  speakers: SpeakerRow[];
  /** The voice of a script's speaker label. */
  voiceOf(speaker: string): SpeechVoice;
}

/**
 * The speakers of a table with their voices. A label the table does not know (a model that wrote
 * "Host:" and "Guest:") takes the voice of the table's speaker in the same order of appearance,
 * so two unknown labels still get two different voices.
 */
export async function castOf(ctx: Pick<AppContext, 'sql'>, key: SpeakerTableKey): Promise<Cast> {
  const [{ speakers }, voices] = await Promise.all([getSetting<{ speakers: SpeakerRow[] }>(ctx, key), voiceTable(ctx)]);
  const known = new Map(speakers.map((speaker) => [speaker.name.toLowerCase(), toSpeechVoice(findVoice(voices, speaker.voice, `Speaker ${speaker.name}`))]));
  const strangers = new Map<string, SpeechVoice>();
  const ordered = [...known.values()];
  return {
    speakers,
    voiceOf(label: string) {
      const key = label.trim().toLowerCase();
      const voice = known.get(key) ?? strangers.get(key);
      if (voice) return voice;
      const next = ordered[strangers.size % ordered.length]!;
      strangers.set(key, next);
      return next;
    },
  };
}
