// Speech from an OpenAI-compatible /audio/speech endpoint (OpenAI, or a self-hosted neural speech
// server speaking the same API). Each line is one request with its speaker's voice; WAV is asked
// for, and any other format the server answers with is decoded by ffmpeg.
import { openAiConnection } from '../openai-client.js';
import type { ProviderEndpoint } from '../../config.js';
import { trimSilence, type Pcm } from '../../shared/pcm.js';
import { decodeWav } from './wav.js';
import { SpeechError, type SpeechProvider, type SpeechSession, type SpeechVoice } from './types.js';

const TIMEOUT_MS = 120_000;
/** The API's limit on one request's input. */
export const OPENAI_SPEECH_MAX_CHARACTERS = 4096;

export interface OpenAiSpeechOptions extends ProviderEndpoint {
  model: string;
  /** Decodes audio that is not 16-bit WAV (an MP3 from a server that ignores response_format). */
  decode(bytes: Buffer, signal?: AbortSignal): Promise<Pcm>;
}

export function createOpenAiSpeechProvider(options: OpenAiSpeechOptions): SpeechProvider {
  const connect = openAiConnection({ baseUrl: options.baseUrl, apiKey: options.apiKey, timeoutMs: TIMEOUT_MS, maxRetries: 2 });
  const session: SpeechSession = {
    async synthesize(text: string, voice: SpeechVoice, signal?: AbortSignal): Promise<Pcm> {
      const { client, sdk } = await connect();
      let bytes: Buffer;
      try {
        const response = await client.audio.speech.create(
          { model: options.model, voice: voice.providerVoice, input: text.slice(0, OPENAI_SPEECH_MAX_CHARACTERS), response_format: 'wav' },
          { signal },
        );
        bytes = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('stopped');
        const detail = error instanceof sdk.APIError ? `HTTP ${error.status ?? '?'}: ${error.message}` : (error as Error).message;
        throw new SpeechError(`speech model ${options.model} (voice ${voice.providerVoice}): ${detail}`.slice(0, 500), 'openai');
      }
      if (bytes.length === 0) throw new SpeechError(`speech model ${options.model}: empty answer`, 'openai');
      const pcm = decodeWav(bytes) ?? (await options.decode(bytes, signal));
      return trimSilence(pcm);
    },
    async close() {},
  };
  return { name: 'openai', model: options.model, open: () => session };
}
