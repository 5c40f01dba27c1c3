// Answers whose shape is declared as a schema: fastify serialises them from it (fields the service
// keeps for itself, such as an audio asset's row id, never reach the wire), and their TypeScript
// types are inferred from the same declaration (src/api/audio.ts). Only the server imports this
// module at run time; the web app and the client import the inferred types, so zod stays out of
// the site's JavaScript.
import { z } from 'zod';

/** POST /api/generate-conversational-audio and /api/generate-interview-audio. */
export const generateAudioResponse = z.object({
  audioUrl: z.string(),
  segmentCount: z.number().int(),
  durationSeconds: z.number(),
});

/** POST /api/generate-latest-news-audio. */
export const generateLatestNewsAudioResponse = z.object({
  audioUrl: z.string(),
  generatedAt: z.string(),
  durationSeconds: z.number(),
  /** Stories the summary told. */
  stories: z.number().int(),
  writer: z.enum(['model', 'offline']),
});

/** The route option that makes fastify serialise a 200 answer from a schema. */
export function answerSchema(schema: z.ZodType): { 200: Record<string, unknown> } {
  const json = z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown>;
  delete json.$schema;
  return { 200: json };
}
