// The music configuration (the music generator prompt's JSON, or the musicConfig of a request):
// the style, the offline arrangement's tempo and key, and optionally one HTTP call to a music API.
import { z } from 'zod';

/** Where the API's answer holds the audio. */
const musicAnswerSchema = z
  .object({
    /** `bytes`: the body is the audio; `url`: a JSON field holds its address; `base64`: a JSON field holds it encoded. */
    type: z.enum(['bytes', 'url', 'base64']),
    /** Dotted path of that field in the JSON answer (url and base64), e.g. "data.0.audio_url". */
    path: z.string().max(200).optional(),
  })
  .strict();

const musicProviderSchema = z
  .object({
    endpoint: z
      .string()
      .url()
      .max(2000)
      .refine((url) => /^https?:\/\//i.test(url), 'must be an http(s) URL'),
    method: z.enum(['POST', 'PUT', 'GET']).default('POST'),
    headers: z.record(z.string(), z.string().max(4000)).default({}),
    /** JSON body; every string in it may hold {lyrics} and {style}. */
    body: z.unknown().optional(),
    audio: musicAnswerSchema,
    timeoutSeconds: z.number().int().min(5).max(1800).default(600),
  })
  .strict();

export const musicConfigSchema = z
  .object({
    style: z.string().max(2000).default(''),
    tempo: z.number().min(60).max(180).default(100),
    key: z
      .string()
      .regex(/^[A-G][#b]?$/)
      .default('C'),
    provider: musicProviderSchema.optional(),
  })
  .strict();

export type MusicConfig = z.infer<typeof musicConfigSchema>;
export type MusicProviderConfig = z.infer<typeof musicProviderSchema>;

export class MusicProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MusicProviderError';
  }
}
