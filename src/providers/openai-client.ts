// The one place an OpenAI SDK client is made, for chat, speech and images alike.
import OpenAI from 'openai';

export interface OpenAiClientOptions {
  baseUrl: string | null;
  apiKey: string | null;
  timeoutMs: number;
  maxRetries: number;
}

export function createOpenAiClient(options: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    // Every option is explicit: the SDK would otherwise read OPENAI_* variables, and Config is the
    // only reader of the environment.
    baseURL: options.baseUrl ?? 'https://api.openai.com/v1',
    // Servers without keys (Ollama, local speech servers) ignore the header; the SDK insists on some value.
    apiKey: options.apiKey ?? 'no-key',
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    logLevel: 'off',
  });
}
