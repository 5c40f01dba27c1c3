// Wire types of the audio features: the latest-news bulletin,
// the podcast, the interview and the song.
import type { z } from 'zod';
import type { generateAudioResponse, generateLatestNewsAudioResponse, musicTrack } from './response-schemas.js';

/** GET /api/latest-news-audio (public). */
export type LatestNewsAudio = { exists: false } | { exists: true; audioUrl: string; generatedAt: string };

/** POST /api/generate-latest-news-audio. */
export type GenerateLatestNewsAudioResponse = z.infer<typeof generateLatestNewsAudioResponse>;

/** GET /api/last-conversational-audio-script: the newest script (the enhanced one when it exists). */
export interface LastConversationalScript {
  /** Empty when no script was generated yet. */
  scriptText: string;
  generatedAt: string | null;
  /** True when scriptText is the enhanced version of the last generated script. */
  enhanced: boolean;
  /** The original script, when scriptText is its enhanced version. */
  originalScriptText: string | null;
  /** The last administrator edit of the scripts shown (PUT /api/audio-scripts/{kind}), if any. */
  editedAt: string | null;
  /** The last podcast audio made from it since it was last written or edited, if any. */
  audioUrl: string | null;
}

/** POST /api/generate-conversational-script. */
export interface GenerateScriptResponse {
  script: string;
  writer: 'model' | 'offline';
  /** Stories the script discusses. */
  stories: number;
}

/** POST /api/enhance-conversational-script {script}. */
export interface EnhanceScriptRequest {
  script?: string;
}
export interface EnhanceScriptResponse {
  enhancedScript: string;
  /** Source articles whose text the enhancement drew on. */
  sourcesCount: number;
}

/** POST /api/generate-conversational-audio and /api/generate-interview-audio {script}. */
export interface GenerateAudioRequest {
  script?: string;
}
export type GenerateAudioResponse = z.infer<typeof generateAudioResponse>;

/** Live: conversational-audio-progress and interview-audio-progress. */
export interface AudioProgressMessage {
  current: number;
  total: number;
}

/** POST /api/generate-interview-script and /api/refine-interview-script {interview}. */
export interface InterviewScriptResponse {
  script: string;
  totalTokens: number;
  writer: 'model' | 'offline';
}
export interface RefineInterviewRequest {
  interview?: string;
}

/** GET /api/last-interview-script (our addition: the console shows the last script after a reload). */
export interface LastInterviewScript {
  scriptText: string;
  generatedAt: string | null;
  editedAt: string | null;
  refined: boolean;
  audioUrl: string | null;
}

/** GET /api/last-generated-lyrics. */
export interface LastLyrics {
  lyricsText: string | null;
  generatedAt: string | null;
  editedAt: string | null;
}

/**
 * PUT /api/audio-scripts/{kind} {scriptText} (our addition): the administrator's edit of the
 * newest script of a kind, stored in its place (the next step and a reload use it). A podcast or
 * interview script is stored cleaned by the clean-up rules.
 */
export const EDITABLE_SCRIPT_KINDS = ['conversational', 'conversational-enhanced', 'interview', 'interview-refined', 'lyrics'] as const;
export type EditableScriptKind = (typeof EDITABLE_SCRIPT_KINDS)[number];
export interface SaveScriptRequest {
  scriptText: string;
}
export interface SavedScript {
  kind: EditableScriptKind;
  scriptText: string;
  generatedAt: string;
  editedAt: string;
}

/** POST /api/generate-lyrics. */
export interface GenerateLyricsResponse {
  lyrics: string;
  message: string;
  writer: 'model' | 'offline';
}

/** POST /api/generate-music. `musicConfig`: the JSON music configuration (text or object). */
export interface GenerateMusicRequest {
  lyrics?: string;
  musicConfig?: string | Record<string, unknown>;
}
export interface GenerateMusicResponse {
  message: string;
  trackId: number;
}

export type MusicTrackStatus = MusicTrack['status'];

/** GET /api/generated-music-tracks, one element. */
export type MusicTrack = z.infer<typeof musicTrack>;
