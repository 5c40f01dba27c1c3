// Wire types of the audio features: the latest-news bulletin,
// the podcast, the interview and the song.
import type { z } from 'zod';
import type * as schemas from './schemas/audio.js';
import type * as requests from './request-schemas.js';
import type { EDITABLE_SCRIPT_KINDS } from './audio-kinds.js';

export { EDITABLE_SCRIPT_KINDS } from './audio-kinds.js';

/** GET /api/latest-news-audio (public). */
export type LatestNewsAudio = z.infer<typeof schemas.latestNewsAudio>;

/** POST /api/generate-latest-news-audio. */
export type GenerateLatestNewsAudioResponse = z.infer<typeof schemas.generateLatestNewsAudioResponse>;

/** GET /api/last-conversational-audio-script: the newest script (the enhanced one when it exists). */
export type LastConversationalScript = z.infer<typeof schemas.lastConversationalScript>;

/** POST /api/generate-conversational-script. */
export type GenerateScriptResponse = z.infer<typeof schemas.generateScriptResponse>;

/** POST /api/enhance-conversational-script {script}. */
export type EnhanceScriptResponse = z.infer<typeof schemas.enhanceScriptResponse>;

/** POST /api/generate-conversational-audio and /api/generate-interview-audio {script}. */
export type GenerateAudioResponse = z.infer<typeof schemas.generateAudioResponse>;

/** POST /api/generate-interview-script and /api/refine-interview-script {interview}. */
export type InterviewScriptResponse = z.infer<typeof schemas.interviewScriptResponse>;

/** GET /api/last-interview-script (our addition: the console shows the last script after a reload). */
export type LastInterviewScript = z.infer<typeof schemas.lastInterviewScript>;

/** GET /api/last-generated-lyrics. */
export type LastLyrics = z.infer<typeof schemas.lastLyrics>;

/**
 * PUT /api/audio-scripts/{kind} {scriptText} (our addition): the administrator's edit of the
 * newest script of a kind, stored in its place (the next step and a reload use it). A podcast or
 * interview script is stored cleaned by the clean-up rules.
 */
export type EditableScriptKind = (typeof EDITABLE_SCRIPT_KINDS)[number];
export type SaveScriptRequest = z.input<typeof requests.saveScriptRequest>;
export type SavedScript = z.infer<typeof schemas.savedScript>;

/** POST /api/generate-lyrics. */
export type GenerateLyricsResponse = z.infer<typeof schemas.generateLyricsResponse>;

/** POST /api/generate-music. `musicConfig`: the JSON music configuration (text or object). */
export type GenerateMusicRequest = z.input<typeof requests.generateMusicRequest>;
export type GenerateMusicResponse = z.infer<typeof schemas.generateMusicResponse>;

/** GET /api/generated-music-tracks, one element. */
export type MusicTrack = z.infer<typeof schemas.musicTrack>;
