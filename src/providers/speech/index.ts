// Chooses the speech provider: the OpenAI-compatible /audio/speech endpoint when a speech model is
// configured (NEWSCTL_SPEECH_MODEL; base URL and key default to the LLM's), else espeak-ng offline.
import type { Config } from '../../config.js';
import type { Pcm } from '../../shared/pcm.js';
import { createOfflineSpeechProvider } from './offline.js';
import { createOpenAiSpeechProvider } from './openai.js';
import type { SpeechProvider } from './types.js';

export { createOfflineSpeechProvider } from './offline.js';
export { OPENAI_SPEECH_MAX_CHARACTERS } from './openai.js';
export type { SpeechProvider, SpeechSession, SpeechVoice } from './types.js';

export function speechProviderFor(config: Pick<Config, 'speech'>, decode: (bytes: Buffer, signal?: AbortSignal) => Promise<Pcm>): SpeechProvider {
  if (config.speech.model) return createOpenAiSpeechProvider({ ...config.speech, model: config.speech.model, decode });
  return createOfflineSpeechProvider();
}
