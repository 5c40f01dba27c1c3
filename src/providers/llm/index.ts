// The chat-model provider: the OpenAI-compatible model and its types. A model is configured when
// NEWSCTL_LLM_API_KEY or NEWSCTL_LLM_BASE_URL is set (a local Ollama needs no key); otherwise there is
// none, and each feature takes its own statistical path — offline features never go through a fake
// chat model. Which model a feature uses, and how its calls are recorded, is src/services/platform/models.ts.
import type { LlmConfig } from '../../config.js';

export { createOpenAiChatModel, type OpenAiChatModelOptions } from './openai.js';
export { isLlmError } from './types.js';
export type { ChatModel, LlmCallRecorder } from './types.js';

export function isModelConfigured(llm: LlmConfig): boolean {
  return Boolean(llm.apiKey || llm.baseUrl);
}
