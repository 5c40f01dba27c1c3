// The voice table: each voice the product names — Achird, Aoede, Orus,
// Iapetus — and the narrators maps to a voice of the OpenAI-compatible speech server and to an
// offline espeak-ng voice. Offline, speakers of different sex differ in measured pitch by at least
// 30 %, and same-sex voices by accent or variant and at least 10 % (test/services/audio measures it):
//   Orus 81 Hz, Iapetus 98 Hz, Achird 115 Hz; Leda 172 Hz, Kore 195 Hz, Aoede 232 Hz.
// Pure data and schemas: the settings table imports it.
import { z } from 'zod';

export const voiceRowSchema = z
  .object({
    /** The name speakers and settings refer to (the product's voice names). */
    name: z.string().trim().min(1).max(60),
    sex: z.enum(['male', 'female']),
    /** What it sounds like, for the console ("US", "British"). */
    accent: z.string().trim().max(60),
    /** The voice asked of the OpenAI-compatible speech server (alloy, onyx…, or the server's own name). */
    providerVoice: z.string().trim().min(1).max(100),
    /** espeak-ng voice and variant: language[-region][+variant]. */
    offlineVoice: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(-[a-z0-9]{1,8})*(\+[a-z0-9]{1,12})?$/i, 'must look like en-us+m3'),
    offlinePitch: z.number().int().min(0).max(99),
    offlineSpeed: z.number().int().min(80).max(300),
  })
  .strict();

export type VoiceRow = z.infer<typeof voiceRowSchema>;

/** A voice of the table by name, in any case. */
export function voiceNamed(voices: readonly VoiceRow[], name: string): VoiceRow | undefined {
  const wanted = name.trim().toLowerCase();
  return voices.find((voice) => voice.name.toLowerCase() === wanted);
}

// Speech is expected near 150 words a minute: espeak-ng's rate 160 lands there once its clause
// pauses and the longer spoken form of figures ("1,200", "4.25 percent") and site names are counted.
const SPEED = 160;

export const DEFAULT_VOICES: readonly VoiceRow[] = [
  { name: 'Orus', sex: 'male', accent: 'US', providerVoice: 'onyx', offlineVoice: 'en-us+m3', offlinePitch: 20, offlineSpeed: SPEED },
  { name: 'Iapetus', sex: 'male', accent: 'US (New York)', providerVoice: 'echo', offlineVoice: 'en-us-nyc+m7', offlinePitch: 40, offlineSpeed: SPEED },
  { name: 'Achird', sex: 'male', accent: 'British', providerVoice: 'fable', offlineVoice: 'en-gb+m1', offlinePitch: 62, offlineSpeed: SPEED },
  { name: 'Aoede', sex: 'female', accent: 'US', providerVoice: 'nova', offlineVoice: 'en-us+f3', offlinePitch: 60, offlineSpeed: SPEED },
  {
    name: 'Kore',
    sex: 'female',
    accent: 'British (RP), narrator',
    providerVoice: 'shimmer',
    offlineVoice: 'en-gb-x-rp+f2',
    offlinePitch: 50,
    offlineSpeed: SPEED,
  },
  { name: 'Leda', sex: 'female', accent: 'US, narrator', providerVoice: 'coral', offlineVoice: 'en-us+f4', offlinePitch: 45, offlineSpeed: SPEED },
];

export const speakerRowSchema = z
  .object({
    /** The label the script's lines start with ("Alex"). */
    name: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[\p{L}][\p{L}\p{N} .'’-]*$/u, "must be a name (letters, digits, spaces, . ' -)"),
    /** A name of the voice table. */
    voice: z.string().trim().min(1).max(60),
  })
  .strict();

export type SpeakerRow = z.infer<typeof speakerRowSchema>;

// Podcast Achird (male) and Aoede (female); interview Orus (male US) and Achird (male British).
export const DEFAULT_PODCAST_SPEAKERS: readonly SpeakerRow[] = [
  { name: 'Alex', voice: 'Achird' },
  { name: 'Jordan', voice: 'Aoede' },
];
export const DEFAULT_INTERVIEW_SPEAKERS: readonly SpeakerRow[] = [
  { name: 'Sam', voice: 'Orus' },
  { name: 'Dr. Morgan', voice: 'Achird' },
];

export const replacementRowSchema = z.object({ find: z.string().max(200), replace: z.string().max(200) }).strict();

/** The product's one built-in replacement, as a row the administrator may remove. */
export const DEFAULT_REPLACEMENTS = [{ find: 'climate change', replace: 'climate engineering' }] as const;
