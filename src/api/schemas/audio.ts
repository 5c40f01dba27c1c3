// Answers of the audio features: the latest-news bulletin, the podcast, the interview and the song.
import { z } from 'zod';
import { EDITABLE_SCRIPT_KINDS } from '../audio-kinds.js';

const writer = z.enum(['model', 'offline']);

/** GET /api/latest-news-audio (public). */
export const latestNewsAudio = z.union([
  z.object({ exists: z.literal(false) }),
  z.object({ exists: z.literal(true), audioUrl: z.string(), generatedAt: z.string() }),
]);

/** POST /api/generate-latest-news-audio. */
export const generateLatestNewsAudioResponse = z.object({
  audioUrl: z.string(),
  generatedAt: z.string(),
  durationSeconds: z.number(),
  /** Stories the summary told. */
  stories: z.number().int(),
  writer,
});

/** POST /api/generate-conversational-audio and /api/generate-interview-audio. */
export const generateAudioResponse = z.object({
  audioUrl: z.string(),
  segmentCount: z.number().int(),
  durationSeconds: z.number(),
});

/** GET /api/last-conversational-audio-script: the newest script (the enhanced one when it exists). */
export const lastConversationalScript = z.object({
  /** Empty when no script was generated yet. */
  scriptText: z.string(),
  generatedAt: z.string().nullable(),
  /** True when scriptText is the enhanced version of the last generated script. */
  enhanced: z.boolean(),
  /** The original script, when scriptText is its enhanced version. */
  originalScriptText: z.string().nullable(),
  /** The last administrator edit of the scripts shown (PUT /api/audio-scripts/{kind}), if any. */
  editedAt: z.string().nullable(),
  /** The last podcast audio made from it since it was last written or edited, if any. */
  audioUrl: z.string().nullable(),
});

/** POST /api/generate-conversational-script. */
export const generateScriptResponse = z.object({
  script: z.string(),
  writer,
  /** Stories the script discusses. */
  stories: z.number(),
});

/** POST /api/enhance-conversational-script {script}. */
export const enhanceScriptResponse = z.object({
  enhancedScript: z.string(),
  /** Source articles whose text the enhancement drew on. */
  sourcesCount: z.number(),
});

/** POST /api/generate-interview-script and /api/refine-interview-script {interview}. */
export const interviewScriptResponse = z.object({ script: z.string(), totalTokens: z.number(), writer });

/** GET /api/last-interview-script (our addition: the console shows the last script after a reload). */
export const lastInterviewScript = z.object({
  scriptText: z.string(),
  generatedAt: z.string().nullable(),
  editedAt: z.string().nullable(),
  refined: z.boolean(),
  audioUrl: z.string().nullable(),
});

/** GET /api/last-generated-lyrics. */
export const lastLyrics = z.object({ lyricsText: z.string().nullable(), generatedAt: z.string().nullable(), editedAt: z.string().nullable() });

/** PUT /api/audio-scripts/{kind}: the stored edit. */
export const savedScript = z.object({ kind: z.enum(EDITABLE_SCRIPT_KINDS), scriptText: z.string(), generatedAt: z.string(), editedAt: z.string() });

/** POST /api/generate-lyrics. */
export const generateLyricsResponse = z.object({ lyrics: z.string(), message: z.string(), writer });

/** POST /api/generate-music. */
export const generateMusicResponse = z.object({ message: z.string(), trackId: z.number() });

/** GET /api/generated-music-tracks, one element. */
export const musicTrack = z.object({
  id: z.number(),
  status: z.enum(['pending', 'generating', 'complete', 'failed']),
  title: z.string().nullable(),
  audioUrl: z.string().nullable(),
  generatedAt: z.string(),
  completedAt: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  /** offline, or the music API's host. */
  provider: z.string(),
  style: z.string(),
  error: z.string().nullable(),
});
