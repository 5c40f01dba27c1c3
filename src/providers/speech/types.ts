// The speech interface: one session per job (the offline synthesizer keeps one child process for
// the whole job), text and a resolved voice in, 16-bit mono PCM out.
import type { Pcm } from '../../shared/pcm.js';

/** A voice as the providers need it: the table row of the voice chosen for a speaker. */
export interface SpeechVoice {
  /** The product's name (Achird, Aoede…), for logs and errors. */
  name: string;
  /** The voice the OpenAI-compatible server is asked for (alloy, onyx…, or a server's own names). */
  providerVoice: string;
  /** espeak-ng voice and variant, e.g. en-us+m3. */
  offlineVoice: string;
  /** espeak-ng base pitch, 0–99 (50 is the voice's own). */
  offlinePitch: number;
  /** espeak-ng speaking rate in words per minute. */
  offlineSpeed: number;
}

export interface SpeechSession {
  synthesize(text: string, voice: SpeechVoice, signal?: AbortSignal): Promise<Pcm>;
  close(): Promise<void>;
}

export interface SpeechProvider {
  readonly name: 'openai' | 'offline';
  /** The model (OpenAI-compatible) or synthesizer (offline) named in logs and ID3 comments. */
  readonly model: string;
  open(): SpeechSession;
}

export class SpeechError extends Error {
  constructor(
    message: string,
    readonly provider: SpeechProvider['name'],
  ) {
    super(message);
    this.name = 'SpeechError';
  }
}
