// The one place an OpenAI SDK client is made, for chat, speech and images alike. The SDK (about 150
// modules) loads with a provider's first call, not with every command and daemon start: a fresh
// install runs the offline providers and never needs it.
import type OpenAI from 'openai';

type OpenAiSdk = typeof import('openai');

export interface OpenAiClientOptions {
  baseUrl: string | null;
  apiKey: string | null;
  timeoutMs: number;
  maxRetries: number;
}

/** The SDK (its error classes) and a client made with the options. */
export interface OpenAiConnection {
  sdk: OpenAiSdk;
  client: OpenAI;
}

/** Loads the SDK and makes the client on the first call; later calls get the same connection. */
export function openAiConnection(options: OpenAiClientOptions): () => Promise<OpenAiConnection> {
  let connection: Promise<OpenAiConnection> | null = null;
  return () => (connection ??= import('openai').then((sdk) => ({ sdk, client: createClient(sdk, options) })));
}

function createClient(sdk: OpenAiSdk, options: OpenAiClientOptions): OpenAI {
  return new sdk.default({
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
